/*
 * tile.c: tiling, Axe paper Appendix C (Algorithm 2), and the blockwise
 * interleaving it shares with the direct sum of Appendix F.
 *
 * Group A by S_A and B by S_B (Appendix B); sigma is B's axis-wise span
 * (Lemma C.1; 1 on axes B does not name).  For each dimension d append A's
 * block d with every stride multiplied by sigma on its axis, then B's block
 * d unchanged; R = sigma * R_A joined with R_B; O = sigma * O_A + O_B.  The
 * direct sum is the same with sigma = 1.  The result is canonicalized
 * (Appendix A): D1 may fuse iters across the interleaved boundaries, which
 * changes no map, and the interleaved shape still groups the result.
 *
 * Swizzles go beyond the paper, whose layouts are unswizzled.  Swizzle(M,B,S)
 * rewrites bits [M, M+B) of m from bits [M+S, M+S+B) and passes every other
 * bit through, so with P = 2^(M+B+S):
 * - inner swizzled: T = sigma*A + swz(B_lin).  Adding a multiple of P to m
 *   changes no bit below bit M+B+S, which are all the swizzle reads or
 *   writes, so when every m contribution of sigma*A is a multiple of P,
 *   T = swz(sigma*A + B_lin): the result keeps B's swizzle.
 * - outer swizzled: for sigma_m = 2^k, sigma*swz_M(X) = swz_{M+k}(sigma*X)
 *   (shifting left by k moves every bit the swizzle touches by k).  When
 *   every m contribution of A is a multiple of 2^M, sigma*X is a multiple of
 *   2^(M+k), and B's m values in [0, 2^(M+k)) only fill the low bits that
 *   swz_{M+k} keeps: T = Swizzle(M+k,B,S) o T_lin.
 * A swizzled result must place data on m only, and one layout carries one
 * swizzle; everything else is refused with the condition that failed.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "canon.h"
#include "group.h"
#include "tile.h"

/* One operand: a grouped copy of the layout and its blocks. */
typedef struct operand {
	const char *name;
	axe_layout *L;
	size_t block[AXE_MAX_RANK + 1];
} operand;

/* Group a copy of "layout" by "shape" into "op"; 1, 0 ("why"), -1. */
static int prepare(operand *op, const char *name, const axe_layout *layout,
		   const axe_shape *shape, axe_reason *why, axe_error *err)
{
	char what[48];
	axe_reason detail;
	size_t bad = 0;
	int r;

	op->name = name;
	snprintf(what, sizeof(what), "the %s shape", name);
	if (axe_layout_check_shape(layout, shape, what, err) < 0)
		return -1;
	op->L = axe_layout_dup(layout);
	if (!op->L)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	r = axe_layout_refine(op->L, shape->dim, shape->rank, op->block, &bad, &detail, err);
	if (r == 0)
		axe_reason_set(why, "the %s shape does not group the %s layout: dimension %zu "
			       "(extent %lld) cannot be formed: %s", name, name, bad,
			       (long long)shape->dim[bad], detail.text);
	return r;
}

/* The span of "L" on the axis called "name": 1 when "L" does not name it. */
static int64_t span_on(const axe_layout *L, const char *name)
{
	int a = axe_layout_axis_index(L, name);

	return a < 0 ? 1 : axe_layout_axis_span(L, a);
}

static const char *non_m_axis(const axe_layout *L)
{
	for (size_t a = 0; a < L->naxes; a++)
		if (strcmp(L->axis[a], "m") != 0)
			return L->axis[a];
	return NULL;
}

/*
 * Look for an m contribution of "L" (a shard or replica iter on m, or the
 * offset on m) that, times "factor", is not a multiple of "unit".  Returns 1
 * with its description in "what" and the scaled value in "*moved", 0 when
 * there is none, -1 when a product overflows.
 */
static int find_off_grid(const axe_layout *L, int64_t factor, int64_t unit, char *what,
			 size_t size, int64_t *moved, axe_error *err)
{
	int m = axe_layout_axis_index(L, "m");
	char text[96];

	if (m < 0)
		return 0;
	for (int part = 0; part < 2; part++) {
		const axe_iter *list = part ? L->replica : L->shard;
		size_t n = part ? L->nreplica : L->nshard;
		for (size_t i = 0; i < n; i++) {
			if (list[i].axis != m)
				continue;
			if (axe_mul_ovf(list[i].stride, factor, moved))
				return axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
						     "a scaled stride overflows 64 bits");
			if (*moved % unit != 0) {
				snprintf(what, size, "%s iter %s", part ? "replica" : "shard",
					 axe_iter_text(L, &list[i], text, sizeof(text)));
				return 1;
			}
		}
	}
	if (axe_mul_ovf(L->offset[m], factor, moved))
		return axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
				     "a scaled offset overflows 64 bits");
	snprintf(what, size, "offset %lld", (long long)L->offset[m]);
	return *moved % unit != 0;
}

/* The inner operand is swizzled: keep its swizzle (see the header). */
static int keep_inner_swizzle(const operand *a, const operand *b, int64_t sigma_m,
			      axe_swizzle *sw, axe_reason *why, axe_error *err)
{
	const axe_swizzle *s = &b->L->swizzle;
	int64_t block = (int64_t)1 << (s->per_element + s->len + s->atom), moved;
	char what[128], scaled[64] = "";
	int r = find_off_grid(a->L, sigma_m, block, what, sizeof(what), &moved, err);

	if (r < 0)
		return -1;
	if (r > 0) {
		if (sigma_m != 1)
			snprintf(scaled, sizeof(scaled), ", scaled by the %s span %lld,", b->name,
				 (long long)sigma_m);
		return axe_reason_set(why, "the %s layout's Swizzle(%d,%d,%d) permutes m inside "
				      "aligned blocks of %lld, so the %s layout must move m by "
				      "whole blocks, but its %s%s moves it by %lld", b->name,
				      s->per_element, s->len, s->atom, (long long)block, a->name,
				      what, scaled, (long long)moved);
	}
	*sw = *s;
	return 1;
}

/* The outer operand is swizzled: scale its swizzle by sigma_m (see the header). */
static int keep_outer_swizzle(const operand *a, const operand *b, int64_t sigma_m,
			      axe_swizzle *sw, axe_reason *why, axe_error *err)
{
	const axe_swizzle *s = &a->L->swizzle;
	int k = 0, r, m = axe_layout_axis_index(b->L, "m");
	int64_t moved, lo = 0, hi = 0, low;
	char what[128];

	if ((sigma_m & (sigma_m - 1)) != 0)
		return axe_reason_set(why, "the %s layout's Swizzle(%d,%d,%d) can be kept only "
				      "when the %s span on m is a power of two, but it is %lld",
				      a->name, s->per_element, s->len, s->atom, b->name,
				      (long long)sigma_m);
	k = __builtin_ctzll((unsigned long long)sigma_m); /* sigma_m = 2^k, k <= 62 */
	if (s->per_element + k + s->len + s->atom > AXE_SWIZZLE_MAX_BITS)
		return axe_reason_set(why, "the scaled swizzle Swizzle(%d,%d,%d) would reach past "
				      "bit %d", s->per_element + k, s->len, s->atom,
				      AXE_SWIZZLE_MAX_BITS);
	r = find_off_grid(a->L, 1, (int64_t)1 << s->per_element, what, sizeof(what), &moved, err);
	if (r != 0)
		return r < 0 ? -1 : axe_reason_set(why, "the %s layout's Swizzle(%d,%d,%d) keeps "
						   "the low %d bits of m, so its m strides and "
						   "offset must be multiples of %lld to scale with "
						   "it, but its %s is not", a->name,
						   s->per_element, s->len, s->atom,
						   s->per_element,
						   (long long)1 << s->per_element, what);
	if (m >= 0)
		axe_layout_axis_range(b->L, m, &lo, &hi);
	low = (int64_t)1 << (s->per_element + k);
	if (lo < 0 || hi >= low)
		return axe_reason_set(why, "the %s layout's m values [%lld, %lld] must lie in "
				      "[0, %lld), below the bits that the scaled swizzle "
				      "Swizzle(%d,%d,%d) permutes", b->name, (long long)lo,
				      (long long)hi, (long long)low, s->per_element + k, s->len,
				      s->atom);
	*sw = (axe_swizzle){ true, s->per_element + k, s->len, s->atom };
	return 1;
}

/* The swizzle of the result in "*sw"; 1, 0 ("why"), -1. */
static int result_swizzle(const operand *a, const operand *b, int64_t sigma_m,
			  axe_swizzle *sw, axe_reason *why, axe_error *err)
{
	const bool sa = a->L->swizzle.present, sb = b->L->swizzle.present;

	*sw = (axe_swizzle){ false, 0, 0, 0 };
	if (!sa && !sb)
		return 1;
	if (sa && sb)
		return axe_reason_set(why, "both layouts are swizzled, and one layout carries "
				      "one swizzle");
	for (int i = 0; i < 2; i++) {
		const operand *op = i ? b : a;
		const char *axis = non_m_axis(op->L);
		if (axis)
			return axe_reason_set(why, "the %s layout is swizzled, so the result must "
					      "place data on 'm' only, but the %s layout names "
					      "axis '%s'", sa ? a->name : b->name, op->name, axis);
	}
	return sb ? keep_inner_swizzle(a, b, sigma_m, sw, why, err)
		  : keep_outer_swizzle(a, b, sigma_m, sw, why, err);
}

/* Append "list" ("n" iters of "from") to "T", strides times "scale" per axis of "from". */
static int append_iters(axe_layout *T, bool replica, const axe_layout *from,
			const axe_iter *list, size_t n, const int64_t *scale, axe_error *err)
{
	for (size_t i = 0; i < n; i++) {
		int a = axe_layout_intern_axis(T, from->axis[list[i].axis]);
		int64_t s;
		if (a < 0)
			return axe_intern_error(a, err);
		if (axe_mul_ovf(list[i].stride, scale ? scale[list[i].axis] : 1, &s))
			return axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
					     "a scaled stride overflows 64 bits");
		if ((replica ? axe_layout_push_replica(T, list[i].extent, s, a)
			     : axe_layout_push_shard(T, list[i].extent, s, a)) < 0)
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	return 0;
}

/* Add the offsets of "from", times "scale" per axis, to those of "T". */
static int add_offsets(axe_layout *T, const axe_layout *from, const int64_t *scale,
		       axe_error *err)
{
	for (size_t i = 0; i < from->naxes; i++) {
		int a;
		int64_t v;
		if (!from->offset_written[i])
			continue;
		a = axe_layout_intern_axis(T, from->axis[i]);
		if (a < 0)
			return axe_intern_error(a, err);
		if (axe_mul_ovf(from->offset[i], scale ? scale[i] : 1, &v) ||
		    axe_layout_add_offset(T, a, v) < 0)
			return axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
					     "a scaled offset overflows 64 bits");
	}
	return 0;
}

/*
 * The shard iters of block "d" of "o": NULL for an empty block of a layout
 * without a shard (an offset alone), where NULL + 0 would be undefined.
 */
static const axe_iter *block_iters(const operand *o, size_t d)
{
	return o->L->nshard ? o->L->shard + o->block[d] : NULL;
}

/* The interleaved shard, replica and offset of "a" and "b" (see the header). */
static axe_layout *build(const operand *a, const operand *b, size_t rank, const int64_t *scale,
			 axe_error *err)
{
	axe_layout *T = axe_layout_new();
	int r = T ? 0 : axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");

	for (size_t d = 0; r == 0 && d < rank; d++) {
		r = append_iters(T, false, a->L, block_iters(a, d), a->block[d + 1] - a->block[d],
				 scale, err);
		if (r == 0)
			r = append_iters(T, false, b->L, block_iters(b, d),
					 b->block[d + 1] - b->block[d], NULL, err);
	}
	if (r == 0)
		r = append_iters(T, true, a->L, a->L->replica, a->L->nreplica, scale, err);
	if (r == 0)
		r = append_iters(T, true, b->L, b->L->replica, b->L->nreplica, NULL, err);
	if (r == 0)
		r = add_offsets(T, a->L, scale, err);
	if (r == 0)
		r = add_offsets(T, b->L, NULL, err);
	if (r == 0) {
		axe_layout_order_axes(T);
		r = axe_layout_validate(T, NULL, 0, err);
	}
	if (r < 0) {
		axe_layout_free(T);
		return NULL;
	}
	return T;
}

/* The result's shape and interleaved shape; the products divide the result's size. */
static void result_shapes(const axe_shape *sa, const axe_shape *sb, axe_algebra_result *out)
{
	out->shape.rank = sa->rank;
	out->ninterleaved = 2 * sa->rank;
	for (size_t d = 0; d < sa->rank; d++) {
		out->shape.dim[d] = sa->dim[d] * sb->dim[d];
		out->interleaved[2 * d] = sa->dim[d];
		out->interleaved[2 * d + 1] = sb->dim[d];
	}
}

int axe_layout_interleave(const axe_layout *outer, const axe_shape *outer_shape,
			  const axe_layout *inner, const axe_shape *inner_shape, bool scaled,
			  const char *const names[2], axe_algebra_result *out, axe_reason *why,
			  axe_error *err)
{
	operand a = { 0 }, b = { 0 };
	int64_t scale[AXE_MAX_AXES];
	axe_swizzle sw;
	axe_layout *T = NULL;
	int r;

	memset(out, 0, sizeof(*out));
	if (outer_shape->rank != inner_shape->rank)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "the %s shape has rank %zu but the %s shape has rank %zu",
				     names[0], outer_shape->rank, names[1], inner_shape->rank);
	r = prepare(&a, names[0], outer, outer_shape, why, err);
	if (r > 0)
		r = prepare(&b, names[1], inner, inner_shape, why, err);
	for (size_t i = 0; r > 0 && i < a.L->naxes; i++)
		scale[i] = scaled ? span_on(b.L, a.L->axis[i]) : 1;
	if (r > 0)
		r = result_swizzle(&a, &b, scaled ? span_on(b.L, "m") : 1, &sw, why, err);
	if (r > 0 && !(T = build(&a, &b, outer_shape->rank, scale, err)))
		r = -1;
	if (r > 0) {
		T->swizzle = sw;
		out->layout = axe_layout_canon(T, NULL, err);
		r = out->layout ? 1 : -1;
		result_shapes(outer_shape, inner_shape, out);
	}
	axe_layout_free(T);
	axe_layout_free(a.L);
	axe_layout_free(b.L);
	return r;
}

int axe_layout_tile(const axe_layout *outer, const axe_shape *outer_shape,
		    const axe_layout *inner, const axe_shape *inner_shape,
		    axe_algebra_result *out, axe_reason *why, axe_error *err)
{
	static const char *const names[2] = { "outer", "inner" };

	return axe_layout_interleave(outer, outer_shape, inner, inner_shape, true, names, out,
				     why, err);
}
