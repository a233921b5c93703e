/*
 * from_layout.c: a layout's per-axis index expressions (from_layout.h),
 * following the four steps of the TIRx layout page's "Forward mapping"
 * literally (flatten, split into digits, accumulate with strides and the offset, add
 * the replica), then the swizzle of semantics.md.  The simplifier removes
 * what the ranges make redundant (a shape that matches the shard makes every
 * digit a coordinate again).
 */
#include <stdlib.h>

#include "from_layout.h"

static const axe_expr *c(axe_expr_ctx *ctx, int64_t v)
{
	return axe_expr_const(ctx, v);
}

const axe_expr *axe_expr_swizzle(axe_expr_ctx *ctx, const axe_swizzle *sw, const axe_expr *m)
{
	const axe_expr *x, *moved, *f;

	if (!sw->present)
		return m;
	x = axe_expr_binary(ctx, AXE_EXPR_SHR, m, c(ctx, sw->per_element));
	moved = axe_expr_binary(ctx, AXE_EXPR_AND,
				axe_expr_binary(ctx, AXE_EXPR_SHR, x, c(ctx, sw->atom)),
				c(ctx, ((int64_t)1 << sw->len) - 1));
	f = axe_expr_binary(ctx, AXE_EXPR_XOR, x, moved);
	return axe_expr_binary(ctx, AXE_EXPR_OR,
			       axe_expr_binary(ctx, AXE_EXPR_SHL, f, c(ctx, sw->per_element)),
			       axe_expr_binary(ctx, AXE_EXPR_AND, m,
					       c(ctx, ((int64_t)1 << sw->per_element) - 1)));
}

/* The row-major flat index of "coord" in "shape". */
static const axe_expr *flat_index(axe_expr_ctx *ctx, const axe_shape *shape,
				  const axe_expr *const *coord)
{
	const axe_expr *flat = c(ctx, 0);
	int64_t stride = 1;

	/* The products are suffixes of the shape's size, which fits in 64 bits. */
	for (size_t d = shape->rank; d-- > 0;) {
		flat = axe_expr_add(ctx, flat, axe_expr_mul(ctx, c(ctx, stride), coord[d]));
		stride *= shape->dim[d];
	}
	return flat;
}

int axe_expr_from_layout(axe_expr_ctx *ctx, const axe_layout *L, const axe_shape *shape,
			 const axe_expr *const *coord, const axe_expr *const *replica,
			 const axe_expr **out)
{
	const axe_expr *flat = flat_index(ctx, shape, coord);
	int64_t suffix = 1;

	for (size_t a = 0; a < L->naxes; a++)
		out[a] = c(ctx, L->offset[a]);
	/* Innermost iter first, so "suffix" is the product of the later extents. */
	for (size_t k = L->nshard; k-- > 0;) {
		const axe_iter *it = &L->shard[k];
		const axe_expr *digit = axe_expr_binary(
			ctx, AXE_EXPR_MOD, axe_expr_binary(ctx, AXE_EXPR_DIV, flat, c(ctx, suffix)),
			c(ctx, it->extent));
		out[it->axis] = axe_expr_add(ctx, out[it->axis],
					     axe_expr_mul(ctx, digit, c(ctx, it->stride)));
		suffix *= it->extent; /* divides the validated shard size */
	}
	for (size_t t = 0; t < L->nreplica; t++) {
		const axe_iter *it = &L->replica[t];
		out[it->axis] = axe_expr_add(ctx, out[it->axis],
					     axe_expr_mul(ctx, replica[t], c(ctx, it->stride)));
	}
	for (size_t a = 0; a < L->naxes; a++) {
		if (L->swizzle.present && L->axis[a][0] == 'm' && L->axis[a][1] == '\0')
			out[a] = axe_expr_swizzle(ctx, &L->swizzle, out[a]);
		if (!out[a])
			return -1;
	}
	return 0;
}
