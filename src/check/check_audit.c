/*
 * check_audit.c: the `audit` check: the audit of a Triton module
 * (audit/report.h, docs/audit.md) with its gates, so that `axe-layout
 * check` keeps a kernel's layout changes cheap in CI.
 *
 *   - audit: {file: kernel.ttgir, max-conflicts: 0, deny: [shared, shuffle]}
 *   - audit: {file: kernel.ttgir, arch: sm_100, expect: {skipped: 0, conflicts: 0}}
 *
 * `file` is relative to the spec's directory (or absolute).  The check
 * fails when an op breaks a gate (the lines are named) or when a count of
 * `expect` (ops, analyzed, skipped, conflicts, and the convert_layout
 * classes noop, registers, shuffle, shared) differs.  A malformed module is
 * an input error at its FILE:LINE:COL.
 */
#include <stdio.h>
#include <string.h>

#include "../audit/report.h"
#include "check.h"

/* "file" of the spec at "spec_path": relative to the spec's directory. */
static void resolve(const char *spec_path, const char *file, char *out, size_t size)
{
	const char *slash = strrchr(spec_path, '/');

	if (file[0] == '/' || !slash)
		snprintf(out, size, "%s", file);
	else
		snprintf(out, size, "%.*s/%s", (int)(slash - spec_path), spec_path, file);
}

/* --deny as a list [shared, shuffle] or a string "shared,shuffle", into "o". */
static int read_deny(const axe_check_ctx *ctx, const axe_node *deny, axe_audit_options *o)
{
	char text[256] = "", bad[64];
	unsigned mask;

	if (!deny)
		return 0;
	if (deny->kind == AXE_NODE_SCALAR)
		snprintf(text, sizeof(text), "%s", deny->scalar);
	else if (deny->kind == AXE_NODE_SEQ)
		for (size_t i = 0; i < deny->nitems; i++) {
			if (deny->items[i]->kind != AXE_NODE_SCALAR)
				return axe_check_error(ctx, deny->items[i], "'deny' lists classes");
			axe_check_append(text, sizeof(text), "%s%s", i ? "," : "",
					 deny->items[i]->scalar);
		}
	if (axe_audit_deny_parse(text, &mask, bad, sizeof(bad)) < 0)
		return axe_check_error(ctx, deny, "unknown class '%s' in 'deny' (noop, registers, "
				       "shuffle, shared)", bad);
	o->deny = mask;
	return 0;
}

static int read_options(const axe_check_ctx *ctx, axe_audit_options *o)
{
	const axe_node *arch = axe_node_get(ctx->value, "arch");
	const axe_node *max = axe_node_get(ctx->value, "max-conflicts");

	memset(o, 0, sizeof(*o));
	if (arch && (arch->kind != AXE_NODE_SCALAR ||
		     (o->arch = axe_audit_arch_parse(arch->scalar)) < 0))
		return axe_check_error(ctx, arch, "'arch' is sm_80, sm_90 or sm_100");
	if (max) {
		if (axe_node_int(ctx->spec, max, "max-conflicts", &o->max_conflicts, ctx->err) < 0)
			return -1;
		if (o->max_conflicts < 0)
			return axe_check_error(ctx, max, "'max-conflicts' is a non-negative integer");
		o->max_conflicts_given = true;
	}
	return read_deny(ctx, axe_node_get(ctx->value, "deny"), o);
}

/* The lines of the ops that break a gate, as a failure message. */
static void fail_gates(axe_check_ctx *ctx, const axe_audit_result *r)
{
	char lines[512] = "";
	const axe_audit_item *first = NULL;

	for (size_t i = 0; i < r->nitems; i++)
		if (r->item[i].failed) {
			axe_check_append(lines, sizeof(lines), "%s%d", first ? ", " : "",
					 r->item[i].op->line);
			first = first ? first : &r->item[i];
		}
	axe_check_fail(ctx, "a gate fails at line%s %s (line %d: %s)", r->failed == 1 ? "" : "s",
		       lines, first->op->line, first->failure);
}

static int judge(axe_check_ctx *ctx, const axe_audit_result *r)
{
	const axe_node *expect = axe_node_get(ctx->value, "expect");
	bool ok = true;

	if (r->failed) {
		fail_gates(ctx, r);
		return 0;
	}
	if (!expect)
		return 0;
	if (expect->kind != AXE_NODE_MAP)
		return axe_check_error(ctx, expect, "'expect' is a mapping of counts");
	if (axe_check_expect_int(ctx, expect, "ops", (int64_t)r->nitems, &ok) < 0 ||
	    axe_check_expect_int(ctx, expect, "analyzed", r->analyzed, &ok) < 0 ||
	    axe_check_expect_int(ctx, expect, "skipped", r->skipped, &ok) < 0 ||
	    axe_check_expect_int(ctx, expect, "conflicts", r->conflicts, &ok) < 0)
		return -1;
	for (int c = 0; c < 4; c++)
		if (axe_check_expect_int(ctx, expect, axe_audit_class_name[c], r->classes[c],
					 &ok) < 0)
			return -1;
	return 0;
}

int axe_check_audit(axe_check_ctx *ctx)
{
	static const char *const keys[] = { "file", "arch", "max-conflicts", "deny", "expect",
					    NULL };
	const axe_node *file;
	axe_audit_options o;
	axe_audit_result r;
	axe_mlir_file *module;
	char path[4096];
	int rc;

	if (axe_check_keys(ctx, keys) < 0 || !(file = axe_check_require(ctx, "file")))
		return -1;
	if (file->kind != AXE_NODE_SCALAR)
		return axe_check_error(ctx, file, "'file' is the path of a Triton module");
	if (read_options(ctx, &o) < 0)
		return -1;
	snprintf(ctx->result->name, sizeof(ctx->result->name), "audit %s", file->scalar);
	resolve(ctx->spec->path, file->scalar, path, sizeof(path));
	if (!(module = axe_mlir_read(path, ctx->err)))
		return -1;
	rc = axe_audit_file(module, &o, &r, ctx->err);
	if (rc == 0) {
		rc = judge(ctx, &r);
		axe_audit_result_release(&r);
	}
	axe_mlir_free(module);
	return rc;
}
