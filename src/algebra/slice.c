/*
 * slice.c: slicing, Axe paper Appendix E.
 *
 * L is grouped by S (Appendix B, which normalizes first: the chain
 * elimination E assumes).  Dimension d's block is then a mixed-radix
 * counter f, and its range is the window [b, b + n) of that counter; the
 * slice is the concatenation of the windows' layouts, with offset
 * O + sum_d f_d(b_d), replica and swizzle unchanged.  A window is built from
 * its fastest iter (e, s) outwards, c being the window's start digit on it:
 * - peel (E, "greedy peeling"): c = 0 and e divides n: the window covers
 *   the iter in whole cycles; keep (e, s) and go one iter out with b / e and
 *   n / e;
 * - no wrap (Lemma E.1): c + n <= e: the iter (n, s);
 * - one wrap (Lemma E.2): n = 2L with L = e - c: (2, J), (L, s) with
 *   J = f(b + L) - f(b).  We compute J exactly, carries included, so the
 *   paper's capacity condition on the next digit is not needed;
 * - repeated midpoint wrap (an extension): c = L = e/2 and n = N e, when the
 *   next iter (e', s') moves from its start digit c' to c' + N without a
 *   carry: (N, s'), (2, s' - c s), (c, s).
 * J must lie on one axis, as every iter does.  Anything else is refused.
 *
 * Sound always (the property tests check every slice pointwise).  The
 * refusals are exact when no carry step of the block equals a digit step
 * (true when the strides on each axis are nonzero and no carry lands exactly
 * one stride on): the result's innermost iter, fused, must be the window's
 * first run of L values, so L divides n; runs of L that repeat with wraps
 * between them need e = 2L and chunk steps that do not change, i.e. no carry
 * in the next iter.  With coinciding steps a refused region may still have a
 * layout, and a shape that does not group the layout has no blocks at all:
 * before refusing, the region's values are read point by point and a shard
 * with that map is searched for (fit.c), so a region is refused only when no
 * layout with the original replica, offsets and swizzle expresses it (or the
 * region is too large to read: AXE_FIT_MAX_VALUES).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "canon.h"
#include "fit.h"
#include "group.h"
#include "slice.h"

/* One dimension's window being sliced. */
typedef struct window {
	const axe_layout *g; /* the grouped layout */
	size_t first;        /* the block is shard iters [first, last) */
	axe_iter *out;       /* the window's iters, innermost first */
	size_t nout;
} window;

static void push(window *w, int64_t extent, int64_t stride, int axis)
{
	w->out[w->nout++] = (axe_iter){ extent, stride, axis };
}

/* Add to "vec" the value of iters [w->first, last) at position "pos" (digits by division). */
static void block_value(const window *w, size_t last, int64_t pos, int64_t *vec)
{
	for (size_t i = last; i-- > w->first;) {
		const axe_iter *it = &w->g->shard[i];
		vec[it->axis] += pos % it->extent * it->stride;
		pos /= it->extent;
	}
}

/*
 * The axis on which "vec" ("n" values) is nonzero into "*axis" (keeps
 * "*axis" when all are zero); false when two axes are nonzero, with their
 * indices in "two".
 */
static bool one_axis(const int64_t *vec, size_t n, int *axis, int two[2])
{
	int found = -1;

	for (size_t a = 0; a < n; a++) {
		if (vec[a] == 0)
			continue;
		if (found >= 0) {
			two[0] = found;
			two[1] = (int)a;
			return false;
		}
		found = (int)a;
	}
	if (found >= 0)
		*axis = found;
	return true;
}

/* Refuse a wrap of "it" whose jump moves the two axes "two"; returns 0. */
static int two_axes(const window *w, const axe_iter *it, const int *two, axe_reason *why)
{
	char text[96];

	return axe_reason_set(why, "where it wraps iter %s the coordinates jump on axes '%s' "
			      "and '%s' at once, which no single iter can do",
			      axe_iter_text(w->g, it, text, sizeof(text)), w->g->axis[two[0]],
			      w->g->axis[two[1]]);
}

/* The one-wrap form (2, J), (L, s) for the window at "pos" of iters [first, k). */
static int one_wrap(window *w, size_t k, int64_t pos, int64_t L, axe_reason *why)
{
	const axe_iter *it = &w->g->shard[k - 1];
	int64_t jump[AXE_MAX_AXES] = { 0 }, start[AXE_MAX_AXES] = { 0 };
	int axis = it->axis, two[2];

	block_value(w, k, pos + L, jump);
	block_value(w, k, pos, start);
	/* Both are partial sums of reachable points: the difference is within the span. */
	for (size_t a = 0; a < w->g->naxes; a++)
		jump[a] -= start[a];
	if (!one_axis(jump, w->g->naxes, &axis, two))
		return two_axes(w, it, two, why);
	push(w, L, it->stride, it->axis);
	push(w, 2, jump[axis], axis);
	return 1;
}

/* The repeated midpoint form (N, s'), (2, s' - c s), (c, s); see the header. */
static int repeated_wrap(window *w, size_t k, int64_t pos, int64_t N, axe_reason *why)
{
	const axe_iter *it = &w->g->shard[k - 1], *next;
	int64_t jump[AXE_MAX_AXES] = { 0 }, c = it->extent / 2, digit;
	int axis = it->axis, two[2];
	char t1[96], t2[96];

	/* A window of the slowest iter cannot wrap it: pos + n <= e there. */
	assert(k - 1 > w->first);
	next = &w->g->shard[k - 2];
	digit = pos / it->extent % next->extent;
	if (digit + N >= next->extent)
		return axe_reason_set(why, "its wraps at the middle of iter %s repeat %lld times "
				      "and carry out of iter %s",
				      axe_iter_text(w->g, it, t1, sizeof(t1)), (long long)N,
				      axe_iter_text(w->g, next, t2, sizeof(t2)));
	/* c*|s| <= (e-1)|s| and |s'| are within the span: no overflow. */
	jump[next->axis] += next->stride;
	jump[it->axis] -= c * it->stride;
	if (!one_axis(jump, w->g->naxes, &axis, two))
		return two_axes(w, it, two, why);
	push(w, c, it->stride, it->axis);
	push(w, 2, jump[axis], axis);
	push(w, N, next->stride, next->axis);
	return 1;
}

/* Refuse the window at digit "c" of "it", "n" values long; returns 0. */
static int uneven(const window *w, const axe_iter *it, int64_t c, int64_t n, axe_reason *why)
{
	char text[96];

	axe_iter_text(w->g, it, text, sizeof(text));
	if (c == 0)
		return axe_reason_set(why, "it runs through %lld values of iter %s, more than one "
				      "cycle of it but not a whole number of cycles",
				      (long long)n, text);
	return axe_reason_set(why, "from value %lld it runs through %lld values of iter %s, "
			      "wrapping after %lld; one layout can follow a wrap only at the "
			      "middle of the range, or at the middle of the iter when it "
			      "repeats every cycle", (long long)c, (long long)n, text,
			      (long long)(it->extent - c));
}

/* The window [pos, pos + n) of the block ending before shard iter "last"; 1 or 0. */
static int slice_block(window *w, size_t last, int64_t pos, int64_t n, axe_reason *why)
{
	size_t k = last;

	/* While n > 1 the iters left, [first, k), hold at least n > 1 values: k > first. */
	while (n > 1) {
		const axe_iter *it = &w->g->shard[k - 1];
		int64_t e = it->extent, c = pos % e, L = e - c;

		if (c == 0 && n % e == 0) {
			push(w, e, it->stride, it->axis);
			pos /= e;
			n /= e;
			k--;
		} else if (c + n <= e) {
			push(w, n, it->stride, it->axis);
			return 1;
		} else if (n == 2 * L) {
			return one_wrap(w, k, pos, L, why);
		} else if (c == L && n % e == 0) {
			return repeated_wrap(w, k, pos, n / e, why);
		} else {
			return uneven(w, it, c, n, why);
		}
	}
	return 1;
}

/* Check the region against the shape (input errors); 0 or -1. */
static int check_region(const axe_shape *shape, const int64_t *begin, const int64_t *end,
			size_t rank, axe_error *err)
{
	if (rank != shape->rank)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "the region has %zu range%s but the shape has rank %zu", rank,
				     rank == 1 ? "" : "s", shape->rank);
	for (size_t d = 0; d < rank; d++)
		if (begin[d] < 0 || end[d] <= begin[d] || end[d] > shape->dim[d])
			return axe_error_set(err, AXE_ERR_RANGE, NULL, 0,
					     "range %lld:%lld of dimension %zu is empty or leaves "
					     "[0, %lld)", (long long)begin[d], (long long)end[d], d,
					     (long long)shape->dim[d]);
	return 0;
}

/*
 * Slice every dimension of the grouped "g" (blocks "block") into "R":
 * shard iters outermost first, f_d(b_d) added to the offsets.  1, 0, -1.
 */
static int slice_all(const axe_layout *g, const size_t *block, const int64_t *begin,
		     const int64_t *end, size_t rank, axe_layout *R, axe_reason *why,
		     axe_error *err)
{
	axe_iter *out = malloc((g->nshard + 3) * sizeof(axe_iter));
	int64_t origin[AXE_MAX_AXES] = { 0 };
	axe_reason detail;
	int r = out ? 1 : axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");

	for (size_t d = 0; r > 0 && d < rank; d++) {
		/* Peeling pushes one iter per block iter, the last step at most three. */
		window w = { g, block[d], out, 0 };
		r = slice_block(&w, block[d + 1], begin[d], end[d] - begin[d], &detail);
		if (r == 0)
			axe_reason_set(why, "region %lld:%lld of dimension %zu is not expressible "
				       "as one layout: %s", (long long)begin[d], (long long)end[d],
				       d, detail.text);
		for (size_t i = w.nout; r > 0 && i-- > 0;)
			if (axe_layout_push_shard(R, out[i].extent, out[i].stride, out[i].axis) < 0)
				r = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		block_value(&w, block[d + 1], begin[d], origin);
	}
	/* origin is D at the region's corner, a reachable point: O + origin fits. */
	for (size_t a = 0; r > 0 && a < g->naxes; a++)
		if (origin[a] != 0 && axe_layout_add_offset(R, (int)a, origin[a]) < 0)
			r = axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
					  "the slice's offset overflows 64 bits");
	/* A box of rank 0 is shape (): no shard; otherwise keep one unit iter. */
	if (r > 0 && rank > 0 && R->nshard == 0 && axe_layout_push_shard(R, 1, 1, 0) < 0)
		r = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	free(out);
	return r;
}

/*
 * The values of D over the region, row-major over its extents, into a new
 * array ("*n" points of layout->naxes values); NULL when the region is too
 * large to read or out of memory ("*too_large" tells which).
 */
static int64_t *region_values(const axe_layout *layout, const axe_shape *shape,
			      const int64_t *begin, const int64_t *end, size_t rank, int64_t *n,
			      bool *too_large)
{
	size_t na = layout->naxes ? layout->naxes : 1;
	int64_t *v;

	*n = 1;
	*too_large = true;
	for (size_t d = 0; d < rank; d++)
		if (axe_mul_ovf(*n, end[d] - begin[d], n) || *n > AXE_FIT_MAX_VALUES / (int64_t)na)
			return NULL;
	*too_large = false;
	v = malloc((size_t)*n * na * sizeof(int64_t));
	for (int64_t y = 0; v && y < *n; y++) {
		int64_t rest = y, flat = 0, step = 1;
		/* Row-major over the region, then the point's flat index in "shape". */
		for (size_t d = rank; d-- > 0;) {
			int64_t e = end[d] - begin[d];
			flat += (begin[d] + rest % e) * step;
			rest /= e;
			step *= shape->dim[d];
		}
		axe_layout_shard_value(layout, flat, v + y * (int64_t)na);
	}
	return v;
}

/*
 * The slice by search (fit.c) into "*result": 1, 0 (no shard has the
 * region's map, or the region is too large to read), -1.  "*searched" tells
 * whether the search covered every shard.
 */
static int slice_by_fit(const axe_layout *layout, const axe_shape *shape, const int64_t *begin,
			const int64_t *end, size_t rank, axe_layout **result, bool *searched,
			axe_error *err)
{
	size_t block[2];
	bool too_large, exhausted = true;
	int64_t n, *v = region_values(layout, shape, begin, end, rank, &n, &too_large);
	axe_layout *R = v ? axe_layout_frame(layout) : NULL;
	int r = too_large ? 0 : 1;

	if (r && !R)
		r = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (r > 0)
		r = axe_layout_fit(v, n, layout->naxes, &n, 1, R, block, &exhausted, err);
	/* The region's corner D(begin) joins the offsets, as in slice_all. */
	for (size_t a = 0; r > 0 && a < layout->naxes; a++)
		if (v[a] != 0 && axe_layout_add_offset(R, (int)a, v[a]) < 0)
			r = axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
					  "the slice's offset overflows 64 bits");
	if (r > 0 && R->nshard == 0 && axe_layout_push_shard(R, 1, 1, 0) < 0)
		r = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	free(v);
	*searched = !too_large && !exhausted;
	if (r > 0)
		*result = R;
	else
		axe_layout_free(R);
	return r;
}

int axe_layout_slice(const axe_layout *layout, const axe_shape *shape, const int64_t *begin,
		     const int64_t *end, size_t rank, axe_algebra_result *out, axe_reason *why,
		     axe_error *err)
{
	axe_algebra_result grouped;
	axe_reason detail;
	axe_layout *R = NULL;
	bool searched = false;
	int r;

	memset(out, 0, sizeof(*out));
	if (check_region(shape, begin, end, rank, err) < 0)
		return -1;
	r = axe_layout_group(layout, shape, &grouped, &detail, err);
	if (r == 0)
		axe_reason_set(why, "the shape does not group the layout, so its dimensions have "
			       "no blocks to slice: %s", detail.text);
	if (r > 0 && !(R = axe_layout_frame(grouped.layout)))
		r = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (r > 0)
		r = slice_all(grouped.layout, grouped.block, begin, end, rank, R, why, err);
	if (r == 0) {
		/* The structural route refused: an equal layout may still express it. */
		axe_layout_free(R);
		R = NULL;
		r = slice_by_fit(layout, shape, begin, end, rank, &R, &searched, err);
		if (r == 0 && searched && why) {
			memcpy(detail.text, why->text, sizeof(detail.text));
			axe_reason_set(why, "no layout has the region's values (checked point by point): "
				       "%s", detail.text);
		}
	}
	if (r > 0) {
		axe_layout_order_axes(R);
		if (axe_layout_validate(R, NULL, 0, err) < 0 ||
		    !(out->layout = axe_layout_canon(R, NULL, err)))
			r = -1;
		out->shape.rank = rank;
		for (size_t d = 0; d < rank; d++)
			out->shape.dim[d] = end[d] - begin[d];
	}
	axe_layout_free(R);
	axe_algebra_result_release(&grouped);
	return r;
}
