/*
 * inverse.c: the backward map of semantics.md.  Every logical point x with
 * "target" in L(x) is found exactly, for any layout: the swizzle is undone
 * (it is an involution on m, since S >= B), then for each distinct replica
 * offset the equation D(x) = target - O - r is solved axis by axis.  The
 * iters on one axis are searched largest |stride| first; bounds on what the
 * remaining iters can still add, and the gcd of their strides, prune every
 * branch that cannot reach the target.  Where the iters are separable (each
 * |stride| beyond the reach of the smaller ones) this visits one digit per
 * iter.  Iters on different axes are independent, so the solutions combine
 * as a Cartesian product; each solution is a flat index, since the flat
 * index is linear in the digits.
 *
 * Extent-1 iters are left out of the search (their digit is always 0), so
 * the recursion is at most 63 deep per axis: more iters of extent 2 or more
 * would overflow the shard size.  Where strides are not separable the search
 * is a subset-sum search and can take exponential time, so it is bounded by
 * a step budget (eval.h) and refused, never left running for hours.
 */
#include <stdlib.h>
#include <string.h>

#include "arith.h"
#include "eval.h"
#include "eval_source.h"

/* A growable array of flat indices, with the preimage limit. */
typedef struct flat_list {
	int64_t *v;
	size_t n, cap, limit;
	bool over;
} flat_list;

static bool list_push(flat_list *l, int64_t x)
{
	if (l->n >= l->limit) {
		l->over = true;
		return false;
	}
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 16;
		int64_t *v = realloc(l->v, cap * sizeof(int64_t));
		if (!v)
			return false;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = x;
	return true;
}

/* The iters of one axis, sorted by |stride| descending, with suffix bounds. */
typedef struct axis_iters {
	size_t n;
	int64_t *extent, *stride, *weight; /* weight: flat-index step of the digit */
	int64_t *min_rest, *max_rest, *gcd_rest; /* over iters i..n-1 */
} axis_iters;

typedef struct search {
	const axis_iters *ax;
	flat_list *out;
	bool any;    /* the axis is free: every digit choice is a solution */
	bool failed; /* out of memory, over the limit or out of steps */
	uint64_t *steps; /* left for the whole inverse call; 0: out of budget */
} search;

/* Smallest c with c*s >= t for s > 0 (ceiling division) and the floor. */
static int64_t ceil_div(int64_t t, int64_t s)
{
	return -axe_floordiv(-t, s);
}

/*
 * All digit choices for iters "i".. of the axis reaching "target", each
 * adding its flat contribution to "flat".
 */
static void solve_axis(search *s, size_t i, int64_t target, int64_t flat)
{
	const axis_iters *ax = s->ax;
	int64_t lo, hi, st;

	if (s->failed)
		return;
	if (*s->steps == 0) {
		s->failed = true;
		return;
	}
	--*s->steps;
	if (i == ax->n) {
		if (!(s->any || target == 0))
			return;
		if (!list_push(s->out, flat))
			s->failed = true;
		/* The steps down to a preimage are paid back: only dead ends count. */
		*s->steps += ax->n + 1;
		return;
	}
	if (!s->any && (target < ax->min_rest[i] || target > ax->max_rest[i]))
		return;
	if (!s->any && (ax->gcd_rest[i] == 0 ? target != 0 : target % ax->gcd_rest[i] != 0))
		return;
	st = ax->stride[i];
	if (st == 0 || s->any) {
		lo = 0;
		hi = ax->extent[i] - 1;
	} else {
		/* rest = target - c*st must lie in [min_rest[i+1], max_rest[i+1]]. */
		int64_t a = target - ax->max_rest[i + 1], b = target - ax->min_rest[i + 1];
		if (st > 0) {
			lo = ceil_div(a, st);
			hi = axe_floordiv(b, st);
		} else {
			lo = ceil_div(b, st);
			hi = axe_floordiv(a, st);
		}
		if (lo < 0)
			lo = 0;
		if (hi > ax->extent[i] - 1)
			hi = ax->extent[i] - 1;
	}
	for (int64_t c = lo; c <= hi && !s->failed; c++)
		solve_axis(s, i + 1, s->any ? 0 : target - c * st, flat + c * ax->weight[i]);
}

static int compare_abs_stride_desc(const void *pa, const void *pb, void *ctx)
{
	const axe_iter *shard = ctx;
	int64_t a = axe_abs64(shard[*(const size_t *)pa].stride);
	int64_t b = axe_abs64(shard[*(const size_t *)pb].stride);
	return a > b ? -1 : a < b;
}

/* Collect the shard iters on axis "a" in search order, with their bounds. */
static int prepare_axis(const axe_evaluator *ev, int a, axis_iters *ax, size_t *order)
{
	const axe_iter *shard = ev->layout->shard;
	size_t n = 0;

	/* An extent-1 iter has digit 0 only: it adds nothing to search. */
	for (size_t k = 0; k < ev->layout->nshard; k++)
		if (shard[k].axis == a && shard[k].extent > 1)
			order[n++] = k;
	qsort_r(order, n, sizeof(size_t), compare_abs_stride_desc, (void *)shard);
	ax->n = n;
	ax->extent = malloc((n + 1) * sizeof(int64_t) * 6);
	if (!ax->extent)
		return -1;
	ax->stride = ax->extent + (n + 1);
	ax->weight = ax->stride + (n + 1);
	ax->min_rest = ax->weight + (n + 1);
	ax->max_rest = ax->min_rest + (n + 1);
	ax->gcd_rest = ax->max_rest + (n + 1);
	ax->min_rest[n] = ax->max_rest[n] = ax->gcd_rest[n] = 0;
	for (size_t i = n; i-- > 0;) {
		const axe_iter *it = &shard[order[i]];
		int64_t reach = ev->wrap[order[i]];
		ax->extent[i] = it->extent;
		ax->stride[i] = it->stride;
		ax->weight[i] = ev->suffix[order[i]];
		/* Partial sums are bounded by validate(): no overflow here. */
		ax->min_rest[i] = ax->min_rest[i + 1] + (reach < 0 ? reach : 0);
		ax->max_rest[i] = ax->max_rest[i + 1] + (reach > 0 ? reach : 0);
		ax->gcd_rest[i] = axe_gcd(ax->gcd_rest[i + 1], it->stride);
	}
	return 0;
}

/* Combine per-axis solution lists into flat indices: their sums. */
static void combine(const flat_list *per_axis, size_t naxes, size_t a, int64_t flat,
		    flat_list *out, bool *failed)
{
	if (*failed)
		return;
	if (a == naxes) {
		if (!list_push(out, flat))
			*failed = true;
		return;
	}
	for (size_t i = 0; i < per_axis[a].n && !*failed; i++)
		combine(per_axis, naxes, a + 1, flat + per_axis[a].v[i], out, failed);
}

static int compare_i64(const void *pa, const void *pb)
{
	int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
	return a < b ? -1 : a > b;
}

/*
 * Solve D(x) = "want" (naxes values) and append the flat indices to "out".
 * An axis with more than "limit" solutions stops early; the answer is then
 * over the limit unless another axis has no solution at all.
 */
static bool solve(const axe_evaluator *ev, const axis_iters *axes, const int64_t *want,
		  const bool *given, flat_list *per_axis, flat_list *out, uint64_t *steps)
{
	bool failed = false, over = false;

	for (size_t a = 0; a < ev->naxes; a++) {
		search s = { &axes[a], &per_axis[a], given && !given[a], false, steps };
		per_axis[a].n = 0;
		per_axis[a].over = false;
		solve_axis(&s, 0, want[a], 0);
		if (s.failed && !per_axis[a].over)
			return false; /* out of memory or out of steps */
		over |= per_axis[a].over;
		if (per_axis[a].n == 0)
			return true; /* no solution on this axis: none at all */
	}
	if (over) {
		out->over = true;
		return false;
	}
	combine(per_axis, ev->naxes, 0, 0, out, &failed);
	return !failed;
}

/* Order of replica offsets by their values on the given axes. */
typedef struct projected {
	const int64_t *row;
	const bool *given;
	size_t naxes, index;
} projected;

static int compare_projected(const void *pa, const void *pb)
{
	const projected *a = pa, *b = pb;

	for (size_t i = 0; i < a->naxes; i++)
		if (a->given[i] && a->row[i] != b->row[i])
			return a->row[i] < b->row[i] ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/*
 * Mark in "skip" the replica offsets that agree with an earlier one on every
 * given axis: with the other axes free they would yield the same preimages
 * again.  Offsets that differ on a given axis yield disjoint sets, so the
 * union of the rest has no duplicates.  False on no memory.
 */
static bool mark_duplicate_offsets(const axe_evaluator *ev, const bool *given, bool *skip)
{
	projected *p;

	if (!given || ev->nimages < 2)
		return true; /* offsets are distinct already (see enumerate_replicas) */
	p = malloc(ev->nimages * sizeof(projected));
	if (!p)
		return false;
	for (size_t i = 0; i < ev->nimages; i++)
		p[i] = (projected){ ev->image_offset + i * ev->naxes, given, ev->naxes, i };
	qsort(p, ev->nimages, sizeof(projected), compare_projected);
	for (size_t i = 1; i < ev->nimages; i++) {
		projected q = p[i];
		q.index = p[i - 1].index;
		if (compare_projected(&p[i - 1], &q) == 0)
			skip[p[i].index] = true;
	}
	free(p);
	return true;
}

/* axe_evaluator_inverse() of a layout in S/R/O form. */
static int layout_inverse(const axe_evaluator *ev, const int64_t *target, const bool *given,
			  int64_t **flats, size_t *count, size_t limit, axe_error *err)
{
	size_t na = ev->naxes;
	axis_iters *axes = calloc(na ? na : 1, sizeof(axis_iters));
	flat_list *per_axis = calloc(na ? na : 1, sizeof(flat_list));
	size_t *order = malloc((ev->layout->nshard + 1) * sizeof(size_t));
	int64_t *want = malloc((na ? na : 1) * sizeof(int64_t));
	bool *skip = calloc(ev->nimages, sizeof(bool));
	flat_list out = { .limit = limit };
	bool ok = axes && per_axis && order && want && skip &&
		  mark_duplicate_offsets(ev, given, skip);
	uint64_t steps = AXE_INVERSE_MAX_STEPS; /* for dead ends: see solve_axis */
	int r = -1;

	for (size_t a = 0; ok && a < na; a++) {
		per_axis[a].limit = limit;
		ok = prepare_axis(ev, (int)a, &axes[a], order) == 0;
	}
	for (size_t i = 0; ok && i < ev->nimages; i++) {
		if (skip[i])
			continue;
		for (size_t a = 0; a < na; a++) {
			int64_t t = target[a];
			if (given && !given[a]) {
				want[a] = 0;
				continue;
			}
			if ((int)a == ev->m_axis)
				t = axe_swizzle_apply(&ev->layout->swizzle, t);
			if (axe_sub_ovf(t, ev->image_offset[i * na + a], &want[a]))
				goto next; /* unreachable from this replica */
		}
		ok = solve(ev, axes, want, given, per_axis, &out, &steps);
	next:;
	}
	*count = 0;
	if (!ok) {
		if (out.over) {
			*count = limit + 1;
			axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
				      "more than %zu preimages", limit);
		} else if (steps == 0) {
			axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
				      "the backward map needs more than %llu search steps: the "
				      "strides on an axis are not separable, and the digits "
				      "that reach the point are too many to search",
				      (unsigned long long)AXE_INVERSE_MAX_STEPS);
		} else {
			axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		}
		free(out.v);
		goto out;
	}
	if (out.n > 1)
		qsort(out.v, out.n, sizeof(int64_t), compare_i64);
	for (size_t i = 0; i < out.n; i++)
		if (*count == 0 || out.v[*count - 1] != out.v[i])
			out.v[(*count)++] = out.v[i];
	*flats = out.v;
	r = 0;
out:
	for (size_t a = 0; axes && a < na; a++) {
		free(axes[a].extent);
		free(per_axis[a].v);
	}
	free(axes);
	free(per_axis);
	free(order);
	free(want);
	free(skip);
	return r;
}

int axe_evaluator_inverse(const axe_evaluator *ev, const int64_t *target, const bool *given,
			  int64_t **flats, size_t *count, size_t limit, axe_error *err)
{
	if (axe_evaluator_is_source(ev))
		return axe_source_inverse(ev, target, given, flats, count, limit, err);
	return layout_inverse(ev, target, given, flats, count, limit, err);
}
