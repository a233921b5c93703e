/*
 * algebra.c: the library API's canonical form and layout algebra (axe.h):
 * canon, group, tile, tile-of, slice and the direct sum (Axe paper,
 * Appendices A-F), each a call into algebra/ on the maps' layouts and
 * shapes, as the commands of the same names make it.
 */
#include <stdlib.h>
#include <string.h>

#include "../algebra/canon.h"
#include "../algebra/dsum.h"
#include "../algebra/group.h"
#include "../algebra/slice.h"
#include "../algebra/tile.h"
#include "../algebra/tile_of.h"
#include "../output/canon_out.h"
#include "../parse/parse.h"
#include "api.h"

char *axe_map_canon(const axe_map *map, enum axe_output form, axe_error *err)
{
	const axe_layout *L = axe_map_need_layout(map, err);
	axe_canon_report report;
	axe_layout *canonical = L ? axe_layout_canon(L, &report, err) : NULL;
	axe_buffer b;
	char *text = NULL;

	if (canonical && axe_buffer_open(&b, err) == 0) {
		axe_print_canon(b.w, canonical, &map->op.shape, &report, axe_api_format(form));
		text = axe_buffer_close(&b, err);
	}
	axe_layout_free(canonical);
	return text;
}

/*
 * The map of an operation that returned "r" with "res": the result (its
 * layout taken from "res"), NULL with "why" filled when r is 0, NULL on
 * an error.
 */
static axe_map *result_map(int r, axe_algebra_result *res, const axe_reason *reason,
			   int dtype, char *why, size_t why_size, axe_error *err)
{
	axe_layout *layout = res->layout;

	res->layout = NULL;
	if (r < 0) {
		axe_layout_free(layout);
		return NULL;
	}
	if (r == 0) {
		axe_layout_free(layout);
		axe_why_copy(why, why_size, reason->text);
		return NULL;
	}
	axe_why_copy(why, why_size, "");
	return axe_map_wrap(layout, &res->shape, dtype, err);
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

axe_map *axe_map_group(const axe_map *map, const char *shape, char *why, size_t why_size,
		       axe_error *err)
{
	const axe_layout *L = axe_map_need_layout(map, err);
	axe_algebra_result res = { 0 };
	axe_reason reason = { "" };
	axe_shape by = map->op.shape;
	int r;

	if (!L || (shape && read_shape(shape, "--shape", &by, err) < 0))
		return NULL;
	r = axe_layout_group(L, &by, &res, &reason, err);
	return result_map(r, &res, &reason, map->op.dtype, why, why_size, err);
}

axe_map *axe_map_slice(const axe_map *map, const char *region, char *why, size_t why_size,
		       axe_error *err)
{
	const axe_layout *L = axe_map_need_layout(map, err);
	axe_loc loc = { "--region", 1, 1, region, region ? strlen(region) : 0 };
	int64_t begin[AXE_MAX_RANK], end[AXE_MAX_RANK];
	axe_algebra_result res = { 0 };
	axe_reason reason = { "" };
	long n;
	int r;

	if (!L)
		return NULL;
	if (!region)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "no region given"), NULL;
	if ((n = axe_parse_region(region, &loc, begin, end, AXE_MAX_RANK, err)) < 0)
		return NULL;
	r = axe_layout_slice(L, &map->op.shape, begin, end, (size_t)n, &res, &reason, err);
	if (r < 0)
		axe_error_locate_option(err, "--region", region);
	return result_map(r, &res, &reason, map->op.dtype, why, why_size, err);
}

typedef int (*pair_op)(const axe_layout *left, const axe_shape *left_shape,
		       const axe_layout *right, const axe_shape *right_shape,
		       axe_algebra_result *res, axe_reason *why, axe_error *err);

static axe_map *pair(pair_op op, const axe_map *left, const axe_map *right,
		     char *why, size_t why_size, axe_error *err)
{
	const axe_layout *A = axe_map_need_layout(left, err);
	const axe_layout *B = A ? axe_map_need_layout(right, err) : NULL;
	axe_algebra_result res = { 0 };
	axe_reason reason = { "" };
	int r;

	if (!B)
		return NULL;
	r = op(A, &left->op.shape, B, &right->op.shape, &res, &reason, err);
	return result_map(r, &res, &reason, left->op.dtype, why, why_size, err);
}

axe_map *axe_map_tile(const axe_map *outer, const axe_map *inner, char *why, size_t why_size,
		      axe_error *err)
{
	return pair(axe_layout_tile, outer, inner, why, why_size, err);
}

axe_map *axe_map_tile_of(const axe_map *tile, const axe_map *inner, char *why,
			 size_t why_size, axe_error *err)
{
	return pair(axe_layout_tile_of, tile, inner, why, why_size, err);
}

axe_map *axe_map_dsum(const axe_map *left, const axe_map *right, char *why, size_t why_size,
		      axe_error *err)
{
	return pair(axe_layout_dsum, left, right, why, why_size, err);
}
