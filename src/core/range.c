/*
 * range.c: the exact range of the addresses a swizzled layout reaches.
 *
 * A swizzle rewrites only the B address bits from M up (semantics.md), so a
 * swizzled address differs from the unswizzled one by at most the mask
 * (2^B - 1) << M.  The reachable unswizzled values on an axis are the offset
 * plus a sum of independent digits c*s (c < e), one per iter; a depth-first
 * search over those digits, largest stride first, with the bound "partial +
 * what the remaining digits can still add + mask", visits only the values
 * within a mask of the extreme, so the exact range needs no walk of the
 * domain.  A search that exceeds its node budget (many iters reaching the
 * same values) stops; then, when the unswizzled range is short, the set of
 * reachable values is built as a bitmap (one sliding window per iter, so
 * each iter costs one pass over the range) and the swizzle applied to each;
 * otherwise the range widened by the mask, which holds every value reached,
 * is returned and marked inexact.
 */
#include <stdlib.h>
#include <string.h>

#include "arith.h"
#include "layout.h"

#define RANGE_NODE_BUDGET (1 << 20)
#define RANGE_BITMAP_MAX (1 << 24) /* values of an unswizzled range read as a bitmap */

typedef struct digit {
	int64_t extent, stride; /* stride > 0 after normalisation */
} digit;

typedef struct search {
	const axe_swizzle *sw;
	const digit *d;
	const int64_t *reach; /* reach[k]: most the digits from k on can add */
	size_t n;
	int64_t mask;
	int dir;              /* +1 maximise, -1 minimise */
	int64_t best;
	bool found;
	long nodes;
} search;

/* Does "a" beat "b" in the direction of "s"? */
static bool better(const search *s, int64_t a, int64_t b)
{
	return s->dir > 0 ? a > b : a < b;
}

/*
 * Explore digit "k" on with partial sum "p"; false when the node budget ran
 * out.  The values below p stay in [p, p + reach[k]], so their swizzled
 * addresses lie within the mask of that interval: prune when even its far
 * end cannot beat the best found.
 */
static bool explore(search *s, size_t k, int64_t p)
{
	int64_t far = s->dir > 0 ? p + s->reach[k] + s->mask : p - s->mask;

	if (++s->nodes > RANGE_NODE_BUDGET)
		return false;
	if (s->found && !better(s, far, s->best))
		return true;
	if (k == s->n) {
		int64_t v = axe_swizzle_apply(s->sw, p);
		if (!s->found || better(s, v, s->best))
			s->best = v, s->found = true;
		return true;
	}
	for (int64_t i = 0; i < s->d[k].extent; i++) {
		int64_t c = s->dir > 0 ? s->d[k].extent - 1 - i : i;
		if (!explore(s, k + 1, p + c * s->d[k].stride))
			return false;
	}
	return true;
}

static int by_stride_desc(const void *a, const void *b)
{
	const digit *x = a, *y = b;
	return (x->stride < y->stride) - (x->stride > y->stride);
}

/*
 * The digits of axis "axis" with positive strides into "d", largest stride
 * first; "*base" gets the lowest value (offset plus every negative reach).
 * Returns how many.
 */
static size_t collect(const axe_layout *L, int axis, digit *d, int64_t *base)
{
	const axe_iter *lists[2] = { L->shard, L->replica };
	size_t counts[2] = { L->nshard, L->nreplica }, n = 0;

	*base = L->offset[axis];
	for (int l = 0; l < 2; l++)
		for (size_t i = 0; i < counts[l]; i++) {
			const axe_iter *it = &lists[l][i];
			if (it->axis != axis || it->stride == 0 || it->extent < 2)
				continue;
			if (it->stride < 0)
				*base += (it->extent - 1) * it->stride;
			d[n++] = (digit){ it->extent, axe_abs64(it->stride) };
		}
	qsort(d, n, sizeof(*d), by_stride_desc);
	return n;
}

/*
 * The exact swizzled range by the bitmap of reachable values: "n" digits from
 * "base", the unswizzled values in [base, base + width).  False on no memory.
 */
static bool bitmap_range(const axe_swizzle *sw, const digit *d, size_t n, int64_t base,
			 int64_t width, int64_t *lo, int64_t *hi)
{
	unsigned char *have = calloc((size_t)width, 1), *next = calloc((size_t)width, 1);
	bool found = false;

	if (have && next) {
		have[0] = 1;
		for (size_t k = 0; k < n; k++) {
			/* next[v]: some have[v - c*s], c < e; a window per residue mod s. */
			for (int64_t r = 0; r < d[k].stride && r < width; r++) {
				int64_t in = 0;
				for (int64_t v = r, i = 0; v < width; v += d[k].stride, i++) {
					in += have[v];
					if (i >= d[k].extent)
						in -= have[v - d[k].extent * d[k].stride];
					next[v] = in > 0;
				}
			}
			memcpy(have, next, (size_t)width);
		}
		for (int64_t v = 0; v < width; v++) {
			int64_t w;
			if (!have[v])
				continue;
			w = axe_swizzle_apply(sw, base + v);
			*lo = found && *lo < w ? *lo : w;
			*hi = found && *hi > w ? *hi : w;
			found = true;
		}
	}
	free(have);
	free(next);
	return found;
}

bool axe_layout_image_range(const axe_layout *L, int axis, int64_t *lo, int64_t *hi)
{
	const axe_swizzle *sw = &L->swizzle;
	int64_t mask, base, *reach;
	search s;
	digit *d;
	size_t n;
	bool exact = false;

	axe_layout_axis_range(L, axis, lo, hi);
	if (!sw->present || axis != axe_layout_axis_index(L, "m"))
		return true;
	mask = (int64_t)(((UINT64_C(1) << sw->len) - 1) << sw->per_element);
	d = malloc((L->nshard + L->nreplica + 1) * sizeof(*d));
	reach = malloc((L->nshard + L->nreplica + 1) * sizeof(*reach));
	if (d && reach) {
		/* Validation bounds lo and hi, so base and every partial sum fit. */
		n = collect(L, axis, d, &base);
		reach[n] = 0;
		for (size_t k = n; k-- > 0;)
			reach[k] = reach[k + 1] + (d[k].extent - 1) * d[k].stride;
		s = (search){ sw, d, reach, n, mask, +1, 0, false, 0 };
		if (explore(&s, 0, base)) {
			int64_t top = s.best;
			s = (search){ sw, d, reach, n, mask, -1, 0, false, 0 };
			if (explore(&s, 0, base)) {
				*lo = s.best, *hi = top;
				exact = true;
			}
		}
		/* reach[0] = hi - lo of the unswizzled values. */
		if (!exact && reach[0] < RANGE_BITMAP_MAX)
			exact = bitmap_range(sw, d, n, base, reach[0] + 1, lo, hi);
	}
	free(d);
	free(reach);
	if (exact)
		return true;
	/* The XOR keeps the sign, and moves an address by at most the mask. */
	base = *lo;
	*lo = axe_add_ovf(base, -mask, lo) ? INT64_MIN : *lo;
	if (base >= 0 && *lo < 0)
		*lo = 0;
	*hi = axe_add_ovf(*hi, mask, hi) ? INT64_MAX : *hi;
	return false;
}
