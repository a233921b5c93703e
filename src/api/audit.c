/*
 * audit.c: `audit` as a library call (axe.h, "[audit]"): the module read by
 * mlir/, audited by audit/report.c, printed by output/audit_out.c.
 */
#include <stdio.h>
#include <string.h>

#include "../audit/report.h"
#include "../output/audit_out.h"
#include "api.h"

int axe_audit_request_check(const axe_audit_request *req, axe_error *err)
{
	unsigned mask;
	char bad[64];

	if (!req)
		return 0;
	if (req->arch && axe_audit_arch_parse(req->arch) < 0) {
		axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "unknown --arch '%s'", req->arch);
		axe_error_hint(err, "sm_80, sm_90 or sm_100");
		return -1;
	}
	if (req->max_conflicts_given && req->max_conflicts < 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--max-conflicts takes a "
				     "non-negative integer");
	if (req->deny && axe_audit_deny_parse(req->deny, &mask, bad, sizeof(bad)) < 0) {
		axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "unknown class '%s' in --deny", bad);
		axe_error_hint(err, "the classes are noop, registers, shuffle and shared");
		return -1;
	}
	return 0;
}

/* The audit's options of "req" (checked). */
static axe_audit_options audit_options(const axe_audit_request *req)
{
	axe_audit_options o = { 0 };
	char bad[64];

	if (!req)
		return o;
	if (req->arch)
		o.arch = axe_audit_arch_parse(req->arch);
	o.max_conflicts_given = req->max_conflicts_given != 0;
	o.max_conflicts = req->max_conflicts;
	if (req->deny)
		axe_audit_deny_parse(req->deny, &o.deny, bad, sizeof(bad));
	return o;
}

/* "gate fails at lines 12, 40" (the first lines that fit) into "buf". */
static void failure_reason(const axe_audit_result *r, char *buf, size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "a gate fails at line%s",
				    r->failed == 1 ? "" : "s");

	for (size_t i = 0, k = 0; i < r->nitems && n < size; i++)
		if (r->item[i].failed)
			n += (size_t)snprintf(buf + n, size - n, "%s %d", k++ ? "," : "",
					      r->item[i].op->line);
}

axe_report *axe_audit_report(const char *path, const axe_audit_request *req,
			     enum axe_output form, FILE *out, axe_error *err)
{
	axe_audit_options o;
	axe_audit_result res;
	axe_mlir_file *file;
	axe_report *r;
	char reason[512] = "";

	if (axe_audit_request_check(req, err) < 0 || !(file = axe_mlir_read(path, err)))
		return NULL;
	o = audit_options(req);
	if (axe_audit_file(file, &o, &res, err) < 0) {
		axe_mlir_free(file);
		return NULL;
	}
	if ((r = axe_report_open(out, err)) &&
	    axe_print_audit(r->w, path, &res, axe_api_format(form), err) < 0) {
		axe_report_free(r);
		r = NULL;
	}
	if (res.failed)
		failure_reason(&res, reason, sizeof(reason));
	if (r)
		r = axe_report_close(r, res.failed ? AXE_EXIT_FALSE : AXE_EXIT_OK, reason, err);
	axe_audit_result_release(&res);
	axe_mlir_free(file);
	return r;
}
