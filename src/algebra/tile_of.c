/*
 * tile_of.c: is T a tile of B, and which outer C gives tile(C, B) = T?  Axe
 * paper Appendix D (Algorithm TileOf_AndRecoverC, D.4 for replicas).
 *
 * T and B are canonicalized (Appendix A) and B is grouped by S_B.  S_B must
 * divide S_T per dimension (D.1), S_C = S_T / S_B.  T is grouped by the
 * interleaved shape (S_C[0], S_B[0], S_C[1], S_B[1], ...): in tile(C, B) the
 * scaled outer block d comes right before the inner block d, canonicalization
 * can only fuse iters across those boundaries, and grouping splits such an
 * iter back at the boundary (Lemma B.1).  Per dimension, T's inner part must
 * then be B's block d (compared after D0/D1), and every iter of T's outer
 * part must have a stride divisible by sigma, B's span on its axis
 * (DivSpanScale); the quotients form C's block d.  Replica (D.4): each of
 * B's canonical replica iters must occur among T's, and the rest, divided by
 * sigma, is C's replica.  Offset: O_C = (O_T - O_B) / sigma per axis.
 *
 * Deviation: the paper matches B's block as a subsequence interleaved with
 * the outer iters; we require it to follow them, as Algorithm 2 (tile.c)
 * emits it, because any other order induces a different map.
 *
 * Swizzles, mirroring tile.c: when T and B carry the same swizzle, C is
 * recovered from the unswizzled parts and must keep the inner swizzle; when
 * only T is swizzled, its Swizzle(M,B,S) must be an outer swizzle scaled by
 * the inner span 2^k on m, so C gets Swizzle(M-k,B,S).  Either way C is
 * accepted only when tile(C, B) keeps the swizzle, which is then T's.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "canon.h"
#include "group.h"
#include "tile.h"
#include "tile_of.h"

typedef struct recovery {
	axe_layout *t, *b; /* canonical copies of T and B, swizzles removed */
	axe_layout *C;     /* the outer layout being recovered */
	size_t rank;
	size_t tblock[2 * AXE_MAX_RANK + 1], bblock[AXE_MAX_RANK + 1];
} recovery;

/* B's span on the axis called "name" (1 when B does not name it). */
static int64_t sigma(const recovery *rc, const char *name)
{
	int a = axe_layout_axis_index(rc->b, name);

	return a < 0 ? 1 : axe_layout_axis_span(rc->b, a);
}

/* Canonical copy of "layout" without its swizzle; NULL on error. */
static axe_layout *canonical_linear(const axe_layout *layout, axe_error *err)
{
	axe_layout *L = axe_layout_canon(layout, NULL, err);

	if (L)
		L->swizzle.present = false;
	return L;
}

/* Group rc->b by S_B and rc->t by the interleaved shape; 1, 0 ("why"), -1. */
static int group_both(recovery *rc, const axe_shape *st, const axe_shape *sb, axe_reason *why,
		      axe_error *err)
{
	int64_t dims[2 * AXE_MAX_RANK];
	axe_reason detail;
	size_t bad = 0;
	int r;

	r = axe_layout_refine(rc->b, sb->dim, sb->rank, rc->bblock, &bad, &detail, err);
	if (r == 0)
		return axe_reason_set(why, "the inner shape does not group the inner layout: "
				      "dimension %zu (extent %lld) cannot be formed: %s", bad,
				      (long long)sb->dim[bad], detail.text);
	for (size_t d = 0; r > 0 && d < rc->rank; d++) {
		dims[2 * d] = st->dim[d] / sb->dim[d];
		dims[2 * d + 1] = sb->dim[d];
	}
	if (r > 0)
		r = axe_layout_refine(rc->t, dims, 2 * rc->rank, rc->tblock, &bad, &detail, err);
	if (r == 0)
		axe_reason_set(why, "dimension %zu of T does not split into %lld outer by %lld "
			       "inner points: %s", bad / 2, (long long)dims[bad & ~(size_t)1],
			       (long long)dims[bad | 1], detail.text);
	return r;
}

/*
 * Shard iters [from, to) of "L" as a normalized layout of their own, without
 * extent-1 iters (they contribute nothing); NULL when out of memory.
 */
static axe_layout *sub_shard(const axe_layout *L, size_t from, size_t to)
{
	axe_layout *S = axe_layout_new();

	for (size_t i = from; S && i < to; i++) {
		const axe_iter *it = &L->shard[i];
		int a;
		if (it->extent == 1)
			continue;
		a = axe_layout_intern_axis(S, L->axis[it->axis]);
		if (a < 0 || axe_layout_push_shard(S, it->extent, it->stride, a) < 0) {
			axe_layout_free(S);
			return NULL;
		}
	}
	/* An empty block (a dimension of extent 1) has no axes to order. */
	if (S && S->nshard > 0) {
		axe_layout_normalize_shard(S, NULL);
		axe_layout_order_axes(S);
	}
	return S;
}

/* "e:s@a, e:s@a" for shard iters [from, to) of "L", or "no iters". */
static const char *iters_text(const axe_layout *L, size_t from, size_t to, char *buf,
			      size_t size)
{
	size_t used = 0;
	char one[96];

	snprintf(buf, size, "no iters");
	for (size_t i = from; i < to && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s", i > from ? ", " : "",
					 axe_iter_text(L, &L->shard[i], one, sizeof(one)));
	return buf;
}

/* T's inner part of dimension "d" must be B's block "d"; 1, 0 ("why"), -1. */
static int match_inner(const recovery *rc, size_t d, axe_reason *why, axe_error *err)
{
	size_t t0 = rc->tblock[2 * d + 1], t1 = rc->tblock[2 * d + 2];
	axe_layout *x = sub_shard(rc->t, t0, t1);
	axe_layout *y = sub_shard(rc->b, rc->bblock[d], rc->bblock[d + 1]);
	char tt[200], bt[200];
	int r = 1;

	if (!x || !y)
		r = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	else if (!axe_layout_identical(x, y))
		r = axe_reason_set(why, "the inner part of dimension %zu of T is (%s), but "
				   "dimension %zu of the inner layout is (%s)", d,
				   iters_text(rc->t, t0, t1, tt, sizeof(tt)), d,
				   iters_text(rc->b, rc->bblock[d], rc->bblock[d + 1], bt,
					      sizeof(bt)));
	axe_layout_free(x);
	axe_layout_free(y);
	return r;
}

/*
 * Append "it" of rc->t divided by sigma to C: to its replica when "replica",
 * else to its shard (the outer part of dimension "d").  1, 0 ("why"), -1.
 */
static int push_descaled(recovery *rc, const axe_iter *it, bool replica, size_t d,
			 axe_reason *why, axe_error *err)
{
	const char *name = rc->t->axis[it->axis];
	int64_t s = sigma(rc, name);
	int a = axe_layout_intern_axis(rc->C, name);
	char text[96], where[64] = "";

	if (!replica)
		snprintf(where, sizeof(where), " in the outer part of dimension %zu", d);
	if (it->stride % s != 0)
		return axe_reason_set(why, "%siter %s%s of T is not a multiple of the inner "
				      "layout's span %lld on axis '%s'", replica ? "replica " : "",
				      axe_iter_text(rc->t, it, text, sizeof(text)), where,
				      (long long)s, name);
	if (a < 0)
		return axe_intern_error(a, err);
	if ((replica ? axe_layout_push_replica(rc->C, it->extent, it->stride / s, a)
		     : axe_layout_push_shard(rc->C, it->extent, it->stride / s, a)) < 0)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	return 1;
}

/* C's shard, dimension by dimension; 1, 0 ("why"), -1. */
static int recover_shard(recovery *rc, axe_reason *why, axe_error *err)
{
	int r = 1;

	for (size_t d = 0; r > 0 && d < rc->rank; d++) {
		r = match_inner(rc, d, why, err);
		for (size_t i = rc->tblock[2 * d]; r > 0 && i < rc->tblock[2 * d + 1]; i++)
			r = push_descaled(rc, &rc->t->shard[i], false, d, why, err);
	}
	/* Every outer extent is 1: C is the one-point layout (1,1) on T's first axis. */
	if (r > 0 && rc->C->nshard == 0) {
		int a = axe_layout_intern_axis(rc->C, rc->t->axis[0]);
		if (a < 0 || axe_layout_push_shard(rc->C, 1, 1, a) < 0)
			r = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	return r;
}

static bool same_iter(const axe_layout *x, const axe_iter *a, const axe_layout *y,
		      const axe_iter *b)
{
	return a->extent == b->extent && a->stride == b->stride &&
	       strcmp(x->axis[a->axis], y->axis[b->axis]) == 0;
}

/* C's replica: T's canonical replica less B's, divided by sigma; 1, 0, -1. */
static int recover_replica(recovery *rc, axe_reason *why, axe_error *err)
{
	const axe_layout *t = rc->t, *b = rc->b;
	bool *used = calloc(t->nreplica + 1, sizeof(bool));
	char text[96];
	int r = used ? 1 : axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");

	for (size_t j = 0; r > 0 && j < b->nreplica; j++) {
		size_t i = 0;
		while (i < t->nreplica && (used[i] || !same_iter(t, &t->replica[i], b, &b->replica[j])))
			i++;
		if (i == t->nreplica)
			r = axe_reason_set(why, "the canonical replica of T lacks the inner "
					   "layout's replica iter %s",
					   axe_iter_text(b, &b->replica[j], text, sizeof(text)));
		else
			used[i] = true;
	}
	for (size_t i = 0; r > 0 && i < t->nreplica; i++)
		if (!used[i])
			r = push_descaled(rc, &t->replica[i], true, 0, why, err);
	free(used);
	return r;
}

/* The offset of "L" on the axis called "name" (0 when it does not name it). */
static int64_t offset_on(const axe_layout *L, const char *name)
{
	int a = axe_layout_axis_index(L, name);

	return a < 0 ? 0 : L->offset[a];
}

/* O_C = (O_T - O_B) / sigma on one axis; 1, 0 ("why"), -1. */
static int recover_offset_on(recovery *rc, const char *name, axe_reason *why, axe_error *err)
{
	int64_t ot = offset_on(rc->t, name), ob = offset_on(rc->b, name), s = sigma(rc, name);
	int64_t diff;
	int a;

	if (axe_sub_ovf(ot, ob, &diff))
		return axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
				     "an offset difference overflows 64 bits");
	if (diff % s != 0)
		return axe_reason_set(why, "T's offset %lld on axis '%s' minus the inner offset "
				      "%lld is not a multiple of the inner span %lld",
				      (long long)ot, name, (long long)ob, (long long)s);
	if (diff == 0)
		return 1;
	a = axe_layout_intern_axis(rc->C, name);
	if (a < 0)
		return axe_intern_error(a, err);
	/* |diff / s| <= |diff|, and the offset starts at 0: no overflow. */
	axe_layout_add_offset(rc->C, a, diff / s);
	return 1;
}

static int recover_offset(recovery *rc, axe_reason *why, axe_error *err)
{
	int r = 1;

	for (size_t i = 0; r > 0 && i < rc->t->naxes; i++)
		r = recover_offset_on(rc, rc->t->axis[i], why, err);
	for (size_t i = 0; r > 0 && i < rc->b->naxes; i++)
		if (axe_layout_axis_index(rc->t, rc->b->axis[i]) < 0)
			r = recover_offset_on(rc, rc->b->axis[i], why, err);
	return r;
}

static bool same_swizzle(const axe_swizzle *x, const axe_swizzle *y)
{
	return x->per_element == y->per_element && x->len == y->len && x->atom == y->atom;
}

/*
 * The swizzle C must carry for T's swizzle "st" and B's "sb", in "*sc"; 1,
 * or 0 with "why" when none can work.
 */
static int outer_swizzle(const recovery *rc, const axe_swizzle *st, const axe_swizzle *sb,
			 axe_swizzle *sc, axe_reason *why)
{
	int64_t span_m = sigma(rc, "m");
	int k;

	*sc = (axe_swizzle){ false, 0, 0, 0 };
	if (!st->present && !sb->present)
		return 1;
	if (!st->present)
		return axe_reason_set(why, "the inner layout is swizzled but T is not");
	if (sb->present && !same_swizzle(st, sb))
		return axe_reason_set(why, "T's Swizzle(%d,%d,%d) differs from the inner layout's "
				      "Swizzle(%d,%d,%d)", st->per_element, st->len, st->atom,
				      sb->per_element, sb->len, sb->atom);
	if (sb->present)
		return 1; /* C stays unswizzled; tile(C, B) keeps B's swizzle */
	k = (span_m & (span_m - 1)) == 0 ? __builtin_ctzll((unsigned long long)span_m) : -1;
	if (k < 0 || k > st->per_element)
		return axe_reason_set(why, "T's Swizzle(%d,%d,%d) is not an outer swizzle scaled "
				      "by the inner span on m (%lld), which would need a power "
				      "of two of at most %lld", st->per_element, st->len, st->atom,
				      (long long)span_m, (long long)1 << st->per_element);
	*sc = (axe_swizzle){ true, st->per_element - k, st->len, st->atom };
	return 1;
}

/*
 * With swizzles, accept C only if tile(C, B) keeps one (tile.c decides
 * when that is sound); 1, 0 ("why"), -1.
 */
static int check_swizzled(const axe_layout *C, const axe_shape *sc, const axe_layout *inner,
			  const axe_shape *sb, axe_reason *why, axe_error *err)
{
	axe_algebra_result again;
	axe_reason detail;
	int r;

	if (!C->swizzle.present && !inner->swizzle.present)
		return 1;
	r = axe_layout_tile(C, sc, inner, sb, &again, &detail, err);
	axe_algebra_result_release(&again);
	if (r == 0)
		axe_reason_set(why, "the outer layout that T's shard gives cannot carry the "
			       "swizzle: %s", detail.text);
	return r;
}

/* Check the shapes and fill "sc" with S_T / S_B; 1, 0 ("why"), -1. */
static int outer_shape(const axe_layout *tile, const axe_shape *st, const axe_layout *inner,
		       const axe_shape *sb, axe_shape *sc, axe_reason *why, axe_error *err)
{
	if (st->rank != sb->rank)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "T's shape has rank %zu but the inner shape has rank %zu",
				     st->rank, sb->rank);
	if (axe_layout_check_shape(tile, st, "T's shape", err) < 0 ||
	    axe_layout_check_shape(inner, sb, "the inner shape", err) < 0)
		return -1;
	sc->rank = st->rank;
	for (size_t d = 0; d < st->rank; d++) {
		if (st->dim[d] % sb->dim[d] != 0)
			return axe_reason_set(why, "dimension %zu: the inner extent %lld does not "
					      "divide T's extent %lld", d, (long long)sb->dim[d],
					      (long long)st->dim[d]);
		sc->dim[d] = st->dim[d] / sb->dim[d];
	}
	return 1;
}

/* Steps after the swizzle decision: the shard, replica and offset of C. */
static int recover(recovery *rc, const axe_shape *st, const axe_shape *sb, axe_reason *why,
		   axe_error *err)
{
	int r = group_both(rc, st, sb, why, err);

	if (r > 0)
		r = recover_shard(rc, why, err);
	if (r > 0)
		r = recover_replica(rc, why, err);
	if (r > 0)
		r = recover_offset(rc, why, err);
	if (r > 0) {
		axe_layout_order_axes(rc->C);
		r = axe_layout_validate(rc->C, NULL, 0, err) < 0 ? -1 : 1;
	}
	return r;
}

int axe_layout_tile_of(const axe_layout *tile, const axe_shape *shape,
		       const axe_layout *inner, const axe_shape *inner_shape,
		       axe_algebra_result *out, axe_reason *why, axe_error *err)
{
	recovery rc = { .rank = shape->rank };
	axe_swizzle sw;
	int r;

	memset(out, 0, sizeof(*out));
	r = outer_shape(tile, shape, inner, inner_shape, &out->shape, why, err);
	if (r <= 0)
		return r;
	rc.t = canonical_linear(tile, err);
	rc.b = rc.t ? canonical_linear(inner, err) : NULL;
	rc.C = rc.b ? axe_layout_new() : NULL;
	if (!rc.C)
		r = axe_error_is_set(err) ? -1
					  : axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (r > 0)
		r = outer_swizzle(&rc, &tile->swizzle, &inner->swizzle, &sw, why);
	if (r > 0)
		r = recover(&rc, shape, inner_shape, why, err);
	if (r > 0) {
		rc.C->swizzle = sw;
		r = check_swizzled(rc.C, &out->shape, inner, inner_shape, why, err);
	}
	if (r > 0)
		r = (out->layout = axe_layout_canon(rc.C, NULL, err)) ? 1 : -1;
	axe_layout_free(rc.t);
	axe_layout_free(rc.b);
	axe_layout_free(rc.C);
	return r;
}
