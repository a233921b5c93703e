/*
 * algebra.c: the library API's canonical form and layout algebra (axe.h):
 * canon, group, tile, tile-of, slice and the direct sum (Axe paper,
 * Appendices A-F), each a call into algebra/ on the maps' layouts and
 * shapes, as the commands of the same names make it: a new map, or the
 * command's report (what it prints, and its exit status).
 */
#include <stdlib.h>
#include <string.h>

#include "../algebra/canon.h"
#include "../algebra/dsum.h"
#include "../algebra/group.h"
#include "../algebra/slice.h"
#include "../algebra/tile.h"
#include "../algebra/tile_of.h"
#include "../expr/expr_source.h"
#include "../output/algebra_out.h"
#include "../output/canon_out.h"
#include "../parse/parse.h"
#include "../core/sro_reasons.h"
#include "api.h"

/*
 * Why the `expr:` layout of "map" has no compact form, into "why": an
 * import's own reason, or what an `expr:` layout is.
 */
static void why_no_compact(const axe_map *map, char *why, size_t size)
{
	if (map->op.why_expr[0])
		snprintf(why, size, "%s", map->op.why_expr);
	else
		snprintf(why, size, "'%s' is an expr: layout, index expressions that were not "
			 "read from S/R/O terms, and canonical forms rewrite those terms",
			 map->op.name);
}

/* `canon` of an `expr:` layout: that there is no compact form, and why (status 1). */
static axe_report *canon_none(const axe_map *map, enum axe_output form, FILE *out,
			      axe_error *err)
{
	char why[sizeof(map->op.why_expr) + 256], *text = axe_expr_layout_to_string(map->op.expr);
	axe_report *r = text ? axe_report_open(out, err) : NULL;

	if (!text)
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	why_no_compact(map, why, sizeof(why));
	if (r) {
		axe_print_canon_none(r->w, text, &map->op.shape, why, axe_api_format(form));
		r = axe_report_close(r, AXE_EXIT_FALSE, why, err);
	}
	free(text);
	return r;
}

/* `canon` of a layout in S/R/O form. */
static axe_report *canon_layout(const axe_map *map, enum axe_output form, FILE *out,
				axe_error *err)
{
	const axe_layout *L = axe_map_need_layout(map, NULL, err);
	axe_canon_trace trace;
	axe_layout *canonical = L ? axe_layout_canon(L, &trace, err) : NULL;
	axe_report *r = canonical ? axe_report_open(out, err) : NULL;

	if (r) {
		axe_print_canon(r->w, canonical, &map->op.shape, &trace, axe_api_format(form));
		r = axe_report_close(r, AXE_EXIT_OK, NULL, err);
	}
	axe_layout_free(canonical);
	return r;
}

axe_report *axe_canon_report(const axe_map *map, enum axe_output form, FILE *out,
			     axe_error *err)
{
	if (map->op.expr)
		return canon_none(map, form, out, err);
	return canon_layout(map, form, out, err);
}

/*
 * An operation's answer, as algebra.h returns it: "r" (1 a result, 0 none
 * with "reason", -1 an error), the result, and what the command prints
 * with it.
 */
typedef struct algebra_run {
	int r;
	axe_algebra_result res;
	axe_reason reason;
	int dtype;                /* the result's: the first operand's */
	const axe_layout *span_of; /* tile, tile-of: the inner layout, whose span is printed */
} algebra_run;

/* The map of "run": the result, NULL with "why" filled when none, NULL on an error. */
static axe_map *run_map(algebra_run *run, char *why, size_t why_size, axe_error *err)
{
	axe_layout *layout = run->res.layout;

	run->res.layout = NULL;
	if (run->r <= 0) {
		axe_layout_free(layout);
		if (run->r == 0)
			axe_why_copy(why, why_size, run->reason.text);
		return NULL;
	}
	axe_why_copy(why, why_size, "");
	return axe_map_wrap(layout, &run->res.shape, run->dtype, err);
}

/*
 * The report of "run" as the command prints it: the result, or "refusal:
 * REASON" (status FALSE, the reason alone); NULL on an error.
 */
static axe_report *run_report(algebra_run *run, const char *refusal, enum axe_output form,
			      FILE *out, axe_error *err)
{
	axe_report *r = run->r < 0 ? NULL : axe_report_open(out, err);

	if (r && run->r > 0)
		axe_print_algebra(r->w, &run->res, run->span_of, axe_api_format(form));
	else if (r)
		axe_print_refusal(r->w, refusal, &run->reason, axe_api_format(form));
	r = axe_report_close(r, run->r > 0 ? AXE_EXIT_OK : AXE_EXIT_FALSE, run->reason.text, err);
	axe_algebra_result_release(&run->res);
	return r;
}

/* "text" ("4,8"), a shape of positive extents; "what" names it in errors. */
static int read_shape(const char *text, const char *what, axe_shape *shape, axe_error *err)
{
	axe_loc loc = { what, 1, 1, text, text ? strlen(text) : 0 };
	long n;

	if (!text)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "no %s given", what);
	n = axe_parse_int_list(text, &loc, shape->dim, AXE_MAX_RANK, "extent", err);
	if (n < 0)
		return -1;
	shape->rank = (size_t)n;
	for (long d = 0; d < n; d++)
		if (shape->dim[d] <= 0)
			return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(text),
					     "%s extents must be positive", what);
	return 0;
}

/* Group "map" by "shape" (NULL: its own) into "run"; 0 or -1. */
static int run_group(const axe_map *map, const char *shape, algebra_run *run, axe_error *err)
{
	const axe_layout *L = axe_map_need_layout(map, AXE_SRO_FOR_ALGEBRA, err);
	axe_shape by = map->op.shape;

	*run = (algebra_run){ .r = -1, .dtype = map->op.dtype };
	if (!L || (shape && read_shape(shape, "--shape", &by, err) < 0))
		return -1;
	run->r = axe_layout_group(L, &by, &run->res, &run->reason, err);
	return run->r < 0 ? -1 : 0;
}

int axe_slice_request_check(const axe_slice_request *req, axe_error *err)
{
	if (req && req->region)
		return 0;
	return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--region is required");
}

/*
 * Slice "map" to the --region "region" into "run"; 0 or -1.  An empty
 * region ("" or "()") is the one point of shape ().
 */
static int run_slice(const axe_map *map, const char *region, algebra_run *run, axe_error *err)
{
	const axe_layout *L = axe_map_need_layout(map, AXE_SRO_FOR_ALGEBRA, err);
	axe_loc loc = { "--region", 1, 1, region, region ? strlen(region) : 0 };
	int64_t begin[AXE_MAX_RANK], end[AXE_MAX_RANK];
	long n = 0;

	*run = (algebra_run){ .r = -1, .dtype = map->op.dtype };
	if (!L || axe_slice_request_check(&(axe_slice_request){ region }, err) < 0)
		return -1;
	if (!axe_int_list_is_empty(region) &&
	    (n = axe_parse_region(region, &loc, begin, end, AXE_MAX_RANK, err)) < 0)
		return -1;
	run->r = axe_layout_slice(L, &map->op.shape, begin, end, (size_t)n, &run->res,
				  &run->reason, err);
	if (run->r < 0)
		axe_error_locate_option(err, "--region", region);
	return run->r < 0 ? -1 : 0;
}

typedef int (*pair_op)(const axe_layout *left, const axe_shape *left_shape,
		       const axe_layout *right, const axe_shape *right_shape,
		       axe_algebra_result *res, axe_reason *why, axe_error *err);

/* "op" on "left" and "right", each on its own shape, into "run"; 0 or -1. */
static int run_pair(pair_op op, const axe_map *left, const axe_map *right, bool show_span,
		    algebra_run *run, axe_error *err)
{
	const axe_layout *A = axe_map_need_layout(left, AXE_SRO_FOR_ALGEBRA, err);
	const axe_layout *B = A ? axe_map_need_layout(right, AXE_SRO_FOR_ALGEBRA, err) : NULL;
	axe_shape sa = left->op.shape, sb = right->op.shape;

	*run = (algebra_run){ .r = -1, .dtype = left->op.dtype, .span_of = show_span ? B : NULL };
	if (!B)
		return -1;
	axe_shape_match_ranks(&sa, &sb);
	run->r = op(A, &sa, B, &sb, &run->res, &run->reason, err);
	return run->r < 0 ? -1 : 0;
}

axe_map *axe_map_group(const axe_map *map, const char *shape, char *why, size_t why_size,
		       axe_error *err)
{
	algebra_run run;

	run_group(map, shape, &run, err);
	return run_map(&run, why, why_size, err);
}

axe_map *axe_map_slice(const axe_map *map, const char *region, char *why, size_t why_size,
		       axe_error *err)
{
	algebra_run run;

	run_slice(map, region, &run, err);
	return run_map(&run, why, why_size, err);
}

axe_map *axe_map_tile(const axe_map *outer, const axe_map *inner, char *why, size_t why_size,
		      axe_error *err)
{
	algebra_run run;

	run_pair(axe_layout_tile, outer, inner, false, &run, err);
	return run_map(&run, why, why_size, err);
}

axe_map *axe_map_tile_of(const axe_map *tile, const axe_map *inner, char *why,
			 size_t why_size, axe_error *err)
{
	algebra_run run;

	run_pair(axe_layout_tile_of, tile, inner, false, &run, err);
	return run_map(&run, why, why_size, err);
}

axe_map *axe_map_dsum(const axe_map *left, const axe_map *right, char *why, size_t why_size,
		      axe_error *err)
{
	algebra_run run;

	run_pair(axe_layout_dsum, left, right, false, &run, err);
	return run_map(&run, why, why_size, err);
}

axe_report *axe_group_report(const axe_map *map, enum axe_output form, FILE *out,
			     axe_error *err)
{
	algebra_run run;

	run_group(map, NULL, &run, err);
	return run_report(&run, "cannot group", form, out, err);
}

axe_report *axe_slice_report(const axe_map *map, const axe_slice_request *req,
			     enum axe_output form, FILE *out, axe_error *err)
{
	algebra_run run;

	run_slice(map, req ? req->region : NULL, &run, err);
	return run_report(&run, "cannot slice", form, out, err);
}

axe_report *axe_tile_report(const axe_map *outer, const axe_map *inner,
			    enum axe_output form, FILE *out, axe_error *err)
{
	algebra_run run;

	run_pair(axe_layout_tile, outer, inner, true, &run, err);
	return run_report(&run, "cannot tile", form, out, err);
}

axe_report *axe_tile_of_report(const axe_map *tile, const axe_map *inner,
			       enum axe_output form, FILE *out, axe_error *err)
{
	algebra_run run;

	run_pair(axe_layout_tile_of, tile, inner, true, &run, err);
	return run_report(&run, "not a tile", form, out, err);
}

axe_report *axe_dsum_report(const axe_map *left, const axe_map *right,
			    enum axe_output form, FILE *out, axe_error *err)
{
	algebra_run run;

	run_pair(axe_layout_dsum, left, right, false, &run, err);
	return run_report(&run, "cannot form the direct sum", form, out, err);
}
