/*
 * map.c: the library API's layouts (axe.h, axe_map_*): reading one from any
 * operand text the CLI takes (api/operand.c), what it is, and its map
 * forwards (eval) and backwards (inverse).
 */
#include <stdlib.h>
#include <string.h>

#include "../core/dtype.h"
#include "../core/eval.h"
#include "../expr/expr_source.h"
#include "../parse/parse.h"
#include "api.h"

static axe_map *map_alloc(axe_error *err)
{
	axe_map *map = calloc(1, sizeof(*map));

	if (!map)
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	else
		map->op.dtype = -1;
	return map;
}

axe_operand_opts axe_api_operand_opts(const axe_map_options *opts)
{
	if (!opts)
		return (axe_operand_opts){ 0 };
	return (axe_operand_opts){ .shape = opts->shape, .dtype = opts->dtype,
				   .swizzle = opts->swizzle, .tile = opts->tile,
				   .bind = opts->bind, .shape_option = opts->shape_option,
				   .shared_notation_opts = opts->shared != 0 };
}

axe_map *axe_map_read(const char *text, const axe_map_options *opts, axe_error *err)
{
	axe_operand_opts o = axe_api_operand_opts(opts);
	axe_map *map;

	if (!text)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "no layout text given"), NULL;
	o.allow_expr = true;
	if (!(map = map_alloc(err)))
		return NULL;
	if (axe_operand_resolve(text, &o, &map->op, err) < 0) {
		axe_map_free(map);
		return NULL;
	}
	map->shape_given = o.shape || map->op.expr || (map->op.entry && map->op.entry->has_shape);
	return map;
}

axe_map *axe_map_read_expr(const char *expr, const char *vars, const char *replica_vars,
			   const char *shape, axe_error *err)
{
	axe_operand_opts o = { .expr = expr, .vars = vars, .replica_vars = replica_vars,
			       .shape = shape, .allow_expr = true };
	axe_map *map;

	if (!expr)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "no expressions given"), NULL;
	if (!(map = map_alloc(err)))
		return NULL;
	if (axe_operand_resolve_expr(&o, &map->op, err) < 0) {
		axe_map_free(map);
		return NULL;
	}
	map->shape_given = true;
	return map;
}

axe_map *axe_map_wrap(axe_layout *layout, const axe_shape *shape, int dtype, axe_error *err)
{
	axe_map *map = map_alloc(err);

	if (!map) {
		axe_layout_free(layout);
		return NULL;
	}
	map->op.layout = layout;
	map->op.shape = *shape;
	map->op.dtype = dtype;
	map->shape_given = true;
	snprintf(map->op.name, sizeof(map->op.name), "%s", "layout");
	return map;
}

void axe_map_free(axe_map *map)
{
	if (!map)
		return;
	axe_operand_release(&map->op);
	free(map);
}

const axe_layout *axe_map_need_layout(const axe_map *map, const char *needs, axe_error *err)
{
	if (map->op.layout)
		return map->op.layout;
	axe_operand_refuse_expr(&map->op, needs, err);
	return NULL;
}

const axe_layout *axe_map_layout(const axe_map *map)
{
	return map->op.layout;
}

char *axe_map_to_string(const axe_map *map)
{
	if (map->op.layout)
		return axe_layout_to_string(map->op.layout);
	return axe_expr_layout_to_string(map->op.expr);
}

void axe_map_shape(const axe_map *map, axe_shape *shape)
{
	*shape = map->op.shape;
}

const char *axe_map_dtype(const axe_map *map)
{
	return map->op.dtype >= 0 ? axe_dtype_get(map->op.dtype)->name : NULL;
}

const char *axe_map_notation(const axe_map *map)
{
	return map->op.format;
}

size_t axe_map_axis_count(const axe_map *map)
{
	return map->op.layout ? map->op.layout->naxes : map->op.expr->naxes;
}

const char *axe_map_axis_name(const axe_map *map, size_t axis)
{
	if (axis >= axe_map_axis_count(map))
		return NULL;
	return map->op.layout ? map->op.layout->axis[axis] : map->op.expr->axis[axis];
}

/* L(x) of an `expr:` layout: its distinct images (at most "max" written). */
static long eval_expr(const axe_expr_layout *e, const int64_t *coord, int64_t *images,
		      size_t max, axe_error *err)
{
	int64_t *rows = malloc((size_t)e->nimages * (e->naxes + 1) * sizeof(int64_t));
	int64_t *scratch = malloc((e->ctx->nvars + 1) * sizeof(int64_t));
	size_t n = 0;

	for (size_t d = 0; d < e->shape.rank; d++)
		if (coord[d] < 0 || coord[d] >= e->shape.dim[d]) {
			free(rows);
			free(scratch);
			return axe_error_set(err, AXE_ERR_RANGE, NULL, 0, "coordinate %lld of "
					     "dimension %zu is outside [0, %lld)",
					     (long long)coord[d], d, (long long)e->shape.dim[d]);
		}
	if (rows && scratch) {
		n = axe_expr_layout_eval(e, coord, rows, scratch);
		memcpy(images, rows, (n < max ? n : max) * e->naxes * sizeof(int64_t));
	}
	free(scratch);
	if (!rows || !scratch) {
		free(rows);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	free(rows);
	return (long)n;
}

long axe_map_eval(const axe_map *map, const int64_t *coord, int64_t *images, size_t max_images,
		  axe_error *err)
{
	if (map->op.layout)
		return axe_layout_eval(map->op.layout, &map->op.shape, coord, images, max_images,
				       err);
	return eval_expr(map->op.expr, coord, images, max_images, err);
}

long axe_map_inverse(const axe_map *map, const char *point, int64_t *coords, size_t max_coords,
		     size_t limit, axe_error *err)
{
	axe_evaluator ev;
	int64_t *target = NULL, *flats = NULL;
	bool *given = NULL;
	size_t n = 0;
	long r = -1;

	if (!point)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "no physical point given");
	if (axe_operand_evaluator_init(&map->op, &ev, err) < 0)
		return -1;
	target = calloc(ev.naxes + 1, sizeof(int64_t));
	given = calloc(ev.naxes + 1, sizeof(bool));
	if (!target || !given)
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	else if (axe_operand_read_target(&ev, point, target, given, err) == 0 &&
		 axe_evaluator_inverse(&ev, target, given, &flats, &n,
				       limit ? limit : AXE_API_INVERSE_LIMIT, err) == 0) {
		for (size_t i = 0; i < n && i < max_coords; i++)
			axe_evaluator_unflatten(&ev, flats[i], coords + i * ev.shape.rank);
		r = (long)n;
	}
	free(target);
	free(given);
	free(flats);
	axe_evaluator_release(&ev);
	return r;
}
