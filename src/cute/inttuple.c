/*
 * inttuple.c: CuTe's int-tuples and layouts (CUTLASS,
 * media/docs/cpp/cute/01_layout.md): construction, the size, rank and
 * depth queries, LayoutLeft strides, the validity check, and the reference
 * evaluators crd2idx and cosize written from CuTe's definitions.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "inttuple.h"

int axe_cute_tuple_init(axe_cute_tuple *t, size_t n, axe_error *err)
{
	size_t i;

	memset(t, 0, sizeof(*t));
	if (n > 0) {
		t->child = calloc(n, sizeof(*t->child));
		if (!t->child)
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	t->n = n;
	for (i = 0; i < n; i++)
		t->child[i] = axe_cute_tuple_leaf(0);
	return 0;
}

void axe_cute_tuple_release(axe_cute_tuple *t)
{
	size_t i;

	if (!t)
		return;
	if (!t->is_leaf) {
		for (i = 0; i < t->n; i++)
			axe_cute_tuple_release(&t->child[i]);
		free(t->child);
	}
	*t = axe_cute_tuple_leaf(0);
}

int axe_cute_tuple_dup(axe_cute_tuple *dst, const axe_cute_tuple *src, axe_error *err)
{
	size_t i;

	if (src->is_leaf) {
		*dst = *src;
		dst->child = NULL;
		dst->n = 0;
		return 0;
	}
	if (axe_cute_tuple_init(dst, src->n, err) < 0)
		return -1;
	for (i = 0; i < src->n; i++) {
		if (axe_cute_tuple_dup(&dst->child[i], &src->child[i], err) < 0) {
			axe_cute_tuple_release(dst);
			return -1;
		}
	}
	return 0;
}

size_t axe_cute_tuple_rank(const axe_cute_tuple *t)
{
	return t->is_leaf ? 1 : t->n;
}

size_t axe_cute_tuple_depth(const axe_cute_tuple *t)
{
	size_t i, d, best = 0;

	if (t->is_leaf)
		return 0;
	for (i = 0; i < t->n; i++) {
		d = axe_cute_tuple_depth(&t->child[i]);
		if (d > best)
			best = d;
	}
	return best + 1;
}

size_t axe_cute_tuple_leaves(const axe_cute_tuple *t)
{
	size_t i, n = 0;

	if (t->is_leaf)
		return 1;
	for (i = 0; i < t->n; i++)
		n += axe_cute_tuple_leaves(&t->child[i]);
	return n;
}

/* Append the leaves of "t" at out[*at...], counting past "max". */
static void flatten_into(const axe_cute_tuple *t, int64_t *out, size_t max, size_t *at)
{
	size_t i;

	if (t->is_leaf) {
		if (*at < max)
			out[*at] = t->value;
		(*at)++;
		return;
	}
	for (i = 0; i < t->n; i++)
		flatten_into(&t->child[i], out, max, at);
}

size_t axe_cute_tuple_flatten(const axe_cute_tuple *t, int64_t *out, size_t max)
{
	size_t at = 0;

	flatten_into(t, out, max, &at);
	return at;
}

int axe_cute_tuple_product(const axe_cute_tuple *t, int64_t *size, axe_error *err)
{
	int64_t p = 1, sub;
	size_t i;

	if (t->is_leaf) {
		*size = t->value;
		return 0;
	}
	for (i = 0; i < t->n; i++) {
		if (axe_cute_tuple_product(&t->child[i], &sub, err) < 0)
			return -1;
		if (axe_mul_ovf(p, sub, &p))
			return axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
					     "the size of the shape overflows 64 bits");
	}
	*size = p;
	return 0;
}

bool axe_cute_tuple_congruent(const axe_cute_tuple *a, const axe_cute_tuple *b)
{
	size_t i;

	if (a->is_leaf || b->is_leaf)
		return a->is_leaf == b->is_leaf;
	if (a->n != b->n)
		return false;
	for (i = 0; i < a->n; i++)
		if (!axe_cute_tuple_congruent(&a->child[i], &b->child[i]))
			return false;
	return true;
}

bool axe_cute_tuple_equal(const axe_cute_tuple *a, const axe_cute_tuple *b)
{
	size_t i;

	if (a->is_leaf || b->is_leaf)
		return a->is_leaf && b->is_leaf && a->value == b->value;
	if (a->n != b->n)
		return false;
	for (i = 0; i < a->n; i++)
		if (!axe_cute_tuple_equal(&a->child[i], &b->child[i]))
			return false;
	return true;
}

/*
 * Fill "stride" (congruent to "shape", already allocated) with the running
 * product "*run"; "*all_static" stays true while every leaf so far was.
 */
static int left_fill(axe_cute_tuple *stride, const axe_cute_tuple *shape, int64_t *run,
		     bool *all_static, axe_error *err)
{
	size_t i;

	if (shape->is_leaf) {
		*stride = axe_cute_tuple_leaf(*run);
		stride->is_static = *all_static;
		*all_static = *all_static && shape->is_static;
		if (axe_mul_ovf(*run, shape->value, run))
			return axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
					     "the size of the shape overflows 64 bits");
		return 0;
	}
	if (axe_cute_tuple_init(stride, shape->n, err) < 0)
		return -1;
	for (i = 0; i < shape->n; i++)
		if (left_fill(&stride->child[i], &shape->child[i], run, all_static, err) < 0)
			return -1;
	return 0;
}

int axe_cute_tuple_left_strides(axe_cute_tuple *stride, const axe_cute_tuple *shape,
				axe_error *err)
{
	int64_t run = 1;
	bool all_static = true;

	*stride = axe_cute_tuple_leaf(0);
	if (left_fill(stride, shape, &run, &all_static, err) < 0) {
		axe_cute_tuple_release(stride);
		return -1;
	}
	return 0;
}

void axe_cute_layout_release(axe_cute_layout *layout)
{
	if (!layout)
		return;
	axe_cute_tuple_release(&layout->shape);
	axe_cute_tuple_release(&layout->stride);
}

int axe_cute_layout_dup(axe_cute_layout *dst, const axe_cute_layout *src, axe_error *err)
{
	if (axe_cute_tuple_dup(&dst->shape, &src->shape, err) < 0)
		return -1;
	if (axe_cute_tuple_dup(&dst->stride, &src->stride, err) < 0) {
		axe_cute_tuple_release(&dst->shape);
		return -1;
	}
	return 0;
}

/*
 * Walk the leaves of a congruent (shape, stride) pair: extents positive,
 * and the lowest and highest index reachable ("*lo", "*hi") inside int64.
 */
static int check_leaves(const axe_cute_tuple *shape, const axe_cute_tuple *stride,
			int64_t *lo, int64_t *hi, const axe_loc *loc, int span, axe_error *err)
{
	int64_t reach;
	size_t i;

	if (!shape->is_leaf) {
		for (i = 0; i < shape->n; i++)
			if (check_leaves(&shape->child[i], &stride->child[i], lo, hi, loc, span,
					 err) < 0)
				return -1;
		return 0;
	}
	if (shape->value <= 0)
		return axe_error_set(err, AXE_ERR_VALUE, loc, span,
				     "CuTe shape extent %lld is not positive",
				     (long long)shape->value);
	if (axe_mul_ovf(shape->value - 1, stride->value, &reach) ||
	    axe_add_ovf(reach < 0 ? *lo : *hi, reach, reach < 0 ? lo : hi))
		return axe_error_set(err, AXE_ERR_OVERFLOW, loc, span,
				     "the indices of the CuTe layout overflow 64 bits");
	return 0;
}

int axe_cute_layout_check(const axe_cute_layout *layout, const axe_loc *loc, int span,
			  axe_error *err)
{
	int64_t size, lo = 0, hi = 0;

	if (!axe_cute_tuple_congruent(&layout->shape, &layout->stride))
		return axe_error_set(err, AXE_ERR_VALUE, loc, span,
				     "the CuTe stride is not congruent with the shape "
				     "(the same nesting of parentheses)");
	if (axe_cute_tuple_leaves(&layout->shape) > AXE_CUTE_MAX_LEAVES)
		return axe_error_set(err, AXE_ERR_LIMIT, loc, span,
				     "the CuTe shape has more than %d integers",
				     AXE_CUTE_MAX_LEAVES);
	if (check_leaves(&layout->shape, &layout->stride, &lo, &hi, loc, span, err) < 0)
		return -1;
	return axe_cute_tuple_product(&layout->shape, &size, err) < 0 ? -1 : 0;
}

/* Accumulate the range of the leaves of a valid (shape, stride) pair. */
static void range_leaves(const axe_cute_tuple *shape, const axe_cute_tuple *stride,
			 int64_t *lo, int64_t *hi)
{
	int64_t reach;
	size_t i;

	if (!shape->is_leaf) {
		for (i = 0; i < shape->n; i++)
			range_leaves(&shape->child[i], &stride->child[i], lo, hi);
		return;
	}
	reach = (shape->value - 1) * stride->value;
	if (reach < 0)
		*lo += reach;
	else
		*hi += reach;
}

void axe_cute_layout_range(const axe_cute_layout *layout, int64_t *lo, int64_t *hi)
{
	*lo = *hi = 0;
	range_leaves(&layout->shape, &layout->stride, lo, hi);
}

int64_t axe_cute_layout_size(const axe_cute_layout *layout)
{
	int64_t size = 1;

	(void)axe_cute_tuple_product(&layout->shape, &size, NULL);
	return size;
}

size_t axe_cute_layout_rank(const axe_cute_layout *layout)
{
	return axe_cute_tuple_rank(&layout->shape);
}

size_t axe_cute_layout_depth(const axe_cute_layout *layout)
{
	return axe_cute_tuple_depth(&layout->shape);
}

/*
 * Split "*idx" over the leaves of "shape" leftmost fastest, adding each
 * leaf coordinate times its stride to "*sum" ("*idx" is left with the
 * quotient, 0 when it was inside the shape's size).
 */
static void split_colex(const axe_cute_tuple *shape, const axe_cute_tuple *stride,
			int64_t *idx, int64_t *sum)
{
	size_t i;

	if (shape->is_leaf) {
		*sum += (*idx % shape->value) * stride->value;
		*idx /= shape->value;
		return;
	}
	for (i = 0; i < shape->n; i++)
		split_colex(&shape->child[i], &stride->child[i], idx, sum);
}

int64_t axe_cute_layout_eval(const axe_cute_layout *layout, int64_t idx)
{
	int64_t sum = 0;

	split_colex(&layout->shape, &layout->stride, &idx, &sum);
	return sum;
}

int64_t axe_cute_layout_eval_modes(const axe_cute_layout *layout, const int64_t *crd)
{
	int64_t sum = 0, c;
	size_t i;

	if (layout->shape.is_leaf)
		return crd[0] * layout->stride.value;
	for (i = 0; i < layout->shape.n; i++) {
		c = crd[i];
		split_colex(&layout->shape.child[i], &layout->stride.child[i], &c, &sum);
	}
	return sum;
}

int64_t axe_cute_layout_cosize(const axe_cute_layout *layout)
{
	return axe_cute_layout_eval(layout, axe_cute_layout_size(layout) - 1) + 1;
}

const char *axe_cute_swizzle_invalid(const axe_cute_swizzle *sw)
{
	int shift = sw->shift < 0 ? -sw->shift : sw->shift;

	if (sw->bits < 0 || sw->base < 0)
		return "B and M must not be negative";
	if (shift < sw->bits)
		return "|S| must be at least B";
	if (sw->bits + sw->base + shift > AXE_CUTE_SWIZZLE_MAX_BITS)
		return "it reaches past address bit 40";
	return NULL;
}

int64_t axe_cute_swizzle_apply(const axe_cute_swizzle *sw, int64_t offset)
{
	uint64_t bit_msk, yyy, moved, o = (uint64_t)offset;
	int shift;

	if (!sw->present)
		return offset;
	bit_msk = (UINT64_C(1) << sw->bits) - 1;
	shift = sw->shift;
	yyy = bit_msk << (sw->base + (shift > 0 ? shift : 0));
	moved = shift >= 0 ? (o & yyy) >> shift : (o & yyy) << -shift;
	return (int64_t)(o ^ moved);
}

void axe_cute_composed_release(axe_cute_composed *c)
{
	if (!c)
		return;
	axe_cute_layout_release(&c->layout);
	memset(c, 0, sizeof(*c));
	c->layout.shape = axe_cute_tuple_leaf(0);
	c->layout.stride = axe_cute_tuple_leaf(0);
}
