/*
 * verify.c: the library API's verification commands as reports (axe.h,
 * "[verify]"): check-equal over two operands (the comparison itself is
 * equal.c's), the `checks:` of spec files (check/) and a layout's info
 * (analyze/info.c), each printed by the output/ code the commands used.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../analyze/info.h"
#include "../check/check.h"
#include "../core/relate.h"
#include "../output/check_out.h"
#include "../output/equal_out.h"
#include "../output/info_out.h"
#include "../output/module_out.h"
#include "equal.h"

/* ---- check-equal ---- */

/* The axis names of side "s". */
static char *const *axes_of(const axe_equal_side *s, size_t *n)
{
	*n = s->layout ? s->layout->naxes : s->expr->naxes;
	return s->layout ? s->layout->axis : s->expr->axis;
}

/* A NOT equal whose sides name differently spelt axes: say which. */
static void warn_typo(axe_report *r, const axe_equal_run *run)
{
	char note[256];
	size_t na, nb;
	char *const *a = axes_of(&run->side[0], &na), *const *b = axes_of(&run->side[1], &nb);

	if (run->res.verdict == AXE_VERDICT_FALSE &&
	    axe_axes_typo(a, na, "A", b, nb, "B", note, sizeof(note)))
		axe_report_note(r, "axe-layout: warning: %s", note);
}

/* The first line of the text answer (the report's reason); NULL on no memory. */
static char *answer_line(const axe_equal_result *res, axe_error *err)
{
	axe_buffer b;
	char *text;

	if (axe_buffer_open(&b, err) < 0)
		return NULL;
	axe_print_equal(b.w, res, AXE_FORMAT_TEXT);
	if ((text = axe_buffer_close(&b, err)))
		text[strcspn(text, "\n")] = '\0';
	return text;
}

/* Write the answer of "run" into "r" as "form" asks; 0 or -1. */
static int print_answer(axe_report *r, const axe_equal_run *run, enum axe_output form,
			axe_error *err)
{
	if (axe_api_is_picture(form))
		return axe_equal_picture(r->w, &run->side[0], &run->side[1], &run->res,
					 axe_api_format(form), err);
	axe_print_equal(r->w, &run->res, axe_api_format(form));
	return 0;
}

axe_report *axe_check_equal_maps_report(const axe_map *a, const axe_map *b,
				 const axe_equal_request *req, enum axe_output form, FILE *out,
					axe_error *err)
{
	axe_report *r = axe_report_open(out, err);
	axe_equal_run run;
	char *reason = NULL;
	bool ok;

	if (!r)
		return NULL;
	ok = axe_equal_run_start(&run, a, b, req, r, err) == 0 &&
	     (reason = answer_line(&run.res, err)) != NULL;
	if (ok) {
		warn_typo(r, &run);
		ok = print_answer(r, &run, form, err) == 0;
	}
	if (ok) {
		r = axe_report_close(r, axe_equal_status(&run.res), reason, err);
	} else {
		axe_report_free(r);
		r = NULL;
	}
	free(reason);
	axe_equal_run_release(&run);
	return r;
}

/* Operand "text" (or --expr's when NULL) into "map", read as check-equal reads it. */
static int read_side(const char *text, const axe_operand_opts *o, axe_map *map, axe_error *err)
{
	const axe_operand *op = &map->op;
	int rc = text ? axe_operand_resolve(text, o, &map->op, err)
		      : axe_operand_resolve_expr(o, &map->op, err);

	map->shape_given = o->shape || op->expr || (op->entry && op->entry->has_shape);
	return rc;
}

int axe_check_equal_operands_check(const axe_equal_request *req, size_t noperands,
				   axe_error *err)
{
	size_t n = noperands + (req && req->expr);

	if (n != 2)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "expected two layouts (A and B, "
				     "or A and --expr), got %zu", n);
	return 0;
}

axe_report *axe_check_equal_report(const char *a, const char *b, const axe_equal_request *req,
				   enum axe_output form, FILE *out, axe_error *err)
{
	axe_equal_request none = { 0 };
	const axe_map_options *m;
	axe_operand_opts o;
	axe_map side[2];
	axe_report *r = NULL;

	if (!req)
		req = &none;
	m = &req->operand;
	/* A hole is never two layouts, and no count says it. */
	if (!a && b)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "a second operand needs a "
				     "first"), NULL;
	if (axe_check_equal_operands_check(req, !!a + !!b, err) < 0 ||
	    axe_equal_request_check(req, err) < 0)
		return NULL;
	o = axe_api_operand_opts(m);
	o.allow_expr = o.shared_notation_opts = true;
	o.expr = req->expr;
	o.vars = req->vars;
	o.replica_vars = req->replica_vars;
	memset(side, 0, sizeof(side));
	if (read_side(a, &o, &side[0], err) == 0 && read_side(b, &o, &side[1], err) == 0)
		r = axe_check_equal_maps_report(&side[0], &side[1], req, form, out, err);
	axe_operand_release(&side[0].op);
	axe_operand_release(&side[1].op);
	return r;
}

/* ---- check ---- */

/* Load and run spec "path" into "rep"; 0 or -1 with "err" set. */
static int run_spec(const char *path, axe_check_results *rep, axe_error *err)
{
	axe_spec *spec = axe_spec_load(path, err);
	int r;

	if (!spec)
		return -1;
	r = axe_check_run(spec, rep, err);
	/* The report keeps the path: point it at the caller's, which outlives the spec. */
	rep->path = path;
	axe_spec_free(spec);
	return r;
}

/* Write the JUnit XML of "reps" to "path"; 0, or -1 with "why" (and a note in "r") saying why. */
static int write_junit(axe_report *r, const char *path, const axe_check_results *reps, size_t n,
		       char *why, size_t why_size)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		snprintf(why, why_size, "cannot write '%s': %s", path, strerror(errno));
	} else {
		axe_print_check_junit(f, reps, n);
		if (fclose(f) == 0)
			return 0;
		snprintf(why, why_size, "writing '%s' failed", path);
	}
	axe_report_note(r, "axe-layout check: error: %s", why);
	return -1;
}

/* Run every spec, streaming the text lines into "f"; 0 or -1 on an error. */
static int run_specs(FILE *f, const char *const *paths, size_t npaths,
		     const axe_check_request *req, enum axe_output form, axe_check_results *reps,
		     axe_error *err)
{
	for (size_t i = 0; i < npaths; i++) {
		if (run_spec(paths[i], &reps[i], err) < 0)
			return -1;
		if (form != AXE_OUTPUT_JSON)
			axe_print_check_lines(f, &reps[i], req->verbose);
	}
	return 0;
}

/* Print the totals (or the JSON) of "reps" into "r" and close it with check's status. */
static axe_report *finish_check(axe_report *r, FILE *f, const axe_check_results *reps, size_t n,
				const axe_check_request *req, enum axe_output form,
				axe_error *err)
{
	size_t passed = 0, failed = 0, skipped = 0;
	char reason[1024];
	int status;

	for (size_t i = 0; i < n; i++) {
		passed += reps[i].passed;
		failed += reps[i].failed;
		skipped += reps[i].skipped;
	}
	if (form == AXE_OUTPUT_JSON)
		axe_print_check_json(f, reps, n);
	else
		axe_print_check_summary(f, reps, n, req->strict);
	snprintf(reason, sizeof(reason), "%zu passed, %zu failed, %zu skipped", passed, failed,
		 skipped);
	status = failed || (req->strict && skipped) ? AXE_EXIT_FALSE : AXE_EXIT_OK;
	if (req->junit && write_junit(r, req->junit, reps, n, reason, sizeof(reason)) < 0)
		status = AXE_EXIT_INPUT;
	return axe_report_close(r, status, reason, err);
}

axe_report *axe_check_report(const char *const *paths, size_t npaths, const axe_check_request *req,
			     enum axe_output form, FILE *out, axe_error *err)
{
	axe_check_request none = { 0 };
	axe_check_results *reps;
	axe_report *r;
	FILE *f;

	if (!npaths)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "expected at least one SPEC "
				     "file"), NULL;
	if (!(reps = calloc(npaths, sizeof(*reps))))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory"), NULL;
	if ((r = axe_report_open(out, err))) {
		/* The printers of check/ write through stdio: the report's stream. */
		f = r->stream ? r->stream : r->buf.file;
		if (run_specs(f, paths, npaths, req ? req : &none, form, reps, err) == 0) {
			r = finish_check(r, f, reps, npaths, req ? req : &none, form, err);
		} else {
			axe_report_free(r);
			r = NULL;
		}
	}
	for (size_t i = 0; i < npaths; i++)
		axe_check_report_release(&reps[i]);
	free(reps);
	return r;
}

/* ---- info ---- */

/*
 * "info FILE" on a spec of several layouts (or none) lists them: 1 when it
 * did, 0 for a spec of one layout, -1 on an error.
 */
static int spec_index(axe_report *r, const char *path, enum axe_output form, axe_error *err)
{
	axe_spec *spec = axe_spec_load(path, err);

	if (!spec)
		return -1;
	if (spec->nlayouts == 1) {
		axe_spec_free(spec);
		return 0;
	}
	axe_print_spec_layouts(r->w, spec, axe_api_format(form));
	axe_spec_free(spec);
	return 1;
}

/* "PATH@N": the length of PATH, and N in *chunk (-1 without a chunk number). */
static size_t chunk_suffix(const char *path, int *chunk)
{
	const char *at = strrchr(path, '@');

	*chunk = -1;
	if (!at || !at[1] || strspn(at + 1, "0123456789") != strlen(at + 1) ||
	    strlen(at + 1) > 6)
		return strlen(path);
	*chunk = atoi(at + 1);
	return (size_t)(at - path);
}

/* "PATH" names a Triton module file (FILE.mlir, FILE.ttgir, perhaps FILE.mlir@N). */
static bool module_path(const char *path)
{
	static const char *const suffix[] = { ".mlir", ".ttgir" };
	int chunk;
	size_t len = chunk_suffix(path, &chunk);

	for (size_t i = 0; i < 2; i++) {
		size_t n = strlen(suffix[i]);

		if (len > n && strncmp(path + len - n, suffix[i], n) == 0)
			return true;
	}
	return false;
}

/*
 * "info FILE.mlir" (or FILE.mlir@N, one chunk): every layout of the module,
 * where it is used, whether it reads; 0 or -1.
 */
static int module_index(axe_report *r, const char *path, enum axe_output form, axe_error *err)
{
	char file[4096];
	int only;
	size_t len = chunk_suffix(path, &only);
	axe_mlir_file *f;
	tt_layout_index ix;

	snprintf(file, sizeof(file), "%.*s", (int)len, path);
	if (!(f = axe_mlir_read(file, err)))
		return -1;
	if (tt_layout_index_build(f, only, &ix, err) < 0) {
		axe_mlir_free(f);
		return -1;
	}
	axe_print_module_layouts(r->w, &ix, axe_api_format(form));
	tt_layout_index_release(&ix);
	axe_mlir_free(f);
	return 0;
}

/* The info of operand "op" into "r"; 0 or -1. */
static int info_of(axe_report *r, const axe_operand *op, enum axe_output form, axe_error *err)
{
	axe_info_origin origin = { op->format, op->why_expr };
	axe_evaluator ev;
	axe_info info;

	if (axe_operand_evaluator_init(op, &ev, err) < 0)
		return -1;
	if (axe_info_compute(&ev, &info, err) == 0) {
		axe_print_info(r->w, &ev, &info, op->dtype, &origin, axe_api_format(form));
		axe_info_release(&info);
	}
	axe_evaluator_release(&ev);
	return axe_error_is_set(err) ? -1 : 0;
}

axe_report *axe_info_report(const char *layout, const axe_map_options *opts,
			    enum axe_output form, FILE *out, axe_error *err)
{
	axe_operand_opts o = axe_api_operand_opts(opts); /* NULL opts: none */
	axe_operand op;
	axe_report *r;
	int rc = 0;

	if (!layout)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "no layout text given"), NULL;
	o.allow_expr = true;
	if (!(r = axe_report_open(out, err)))
		return NULL;
	memset(&op, 0, sizeof(op));
	if (!axe_operand_names_one(layout) && module_path(layout))
		rc = module_index(r, layout, form, err) < 0 ? -1 : 1;
	else if (!axe_operand_names_one(layout))
		rc = spec_index(r, layout, form, err);
	if (rc == 0 && (rc = axe_operand_resolve(layout, &o, &op, err)) == 0)
		rc = info_of(r, &op, form, err);
	axe_operand_release(&op);
	if (rc < 0) {
		axe_report_free(r);
		return NULL;
	}
	return axe_report_close(r, AXE_EXIT_OK, NULL, err);
}
