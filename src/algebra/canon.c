/*
 * canon.c: canonicalization, Axe paper Appendix A.1.
 *
 * Shard: D0 drops extent-1 iters (keeping one (1,1,a) when all are unit) and
 * D1 fuses an adjacent same-axis pair with s_outer = e_inner * s_inner.
 * Offsets: O0 drops zeros.  Replica: C0 drops iters of extent 1 or stride 0
 * (their digits add nothing to the set); C1 turns a negative stride positive
 * by moving its far end into the offset (o += (e-1)*s, s = -s); C2 absorbs,
 * on one axis, an iter of stride k * s_i into one of stride s_i when
 * k <= e_i: the sum set is then the progression 0, s_i, ...,
 * (e_i - 1 + k(e_j - 1)) s_i (Appendix A.2.2).
 * Since the image is a set, C2 may merge iters whose sums repeat points.
 * Replicas are then sorted by (axis name, stride, extent).
 */
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "canon.h"

static const char *const rule_names[] = {
#define RULE(name, text) #name,
#include "canon_rules.def"
#undef RULE
};

static const char *const rule_texts[] = {
#define RULE(name, text) text,
#include "canon_rules.def"
#undef RULE
};

const char *axe_canon_rule_name(enum axe_canon_rule rule)
{
	return rule_names[rule];
}

const char *axe_canon_rule_text(enum axe_canon_rule rule)
{
	return rule_texts[rule];
}

static void count(unsigned *fired, enum axe_canon_rule rule)
{
	if (fired)
		fired[rule]++;
}

/* Remove element "i" of an iter array of "*n". */
static void remove_iter(axe_iter *list, size_t *n, size_t i)
{
	memmove(list + i, list + i + 1, (*n - i - 1) * sizeof(axe_iter));
	(*n)--;
}

void axe_layout_normalize_shard(axe_layout *L, unsigned *fired)
{
	/* D0, keeping the last unit iter when every iter is a unit. */
	for (size_t i = L->nshard; i-- > 0;)
		if (L->shard[i].extent == 1 && L->nshard > 1) {
			remove_iter(L->shard, &L->nshard, i);
			count(fired, AXE_RULE_D0);
		}
	if (L->nshard == 1 && L->shard[0].extent == 1 && L->shard[0].stride != 1) {
		L->shard[0].stride = 1; /* a unit iter contributes nothing: canonical (1,1,a) */
		count(fired, AXE_RULE_D0);
	}
	/*
	 * D1, scanning once from the right: a fused iter can fuse again with
	 * its left neighbour, so stay at the same position after a merge.
	 * e_outer * e_inner cannot overflow (it divides the validated size).
	 */
	for (size_t i = L->nshard; i-- > 1;) {
		axe_iter *outer = &L->shard[i - 1], *inner = &L->shard[i];
		int64_t s;
		if (outer->axis != inner->axis || inner->extent == 1 ||
		    axe_mul_ovf(inner->extent, inner->stride, &s) || outer->stride != s)
			continue;
		outer->extent *= inner->extent;
		outer->stride = inner->stride;
		remove_iter(L->shard, &L->nshard, i);
		count(fired, AXE_RULE_D1);
	}
}

/* C0 and C1 on every replica iter; false when the offset overflows. */
static bool normalize_replica_signs(axe_layout *L, unsigned *fired)
{
	for (size_t i = L->nreplica; i-- > 0;) {
		axe_iter *it = &L->replica[i];
		if (it->extent == 1 || it->stride == 0) {
			/* Extent 1, or stride 0 (every digit lands on one point). */
			remove_iter(L->replica, &L->nreplica, i);
			count(fired, AXE_RULE_C0);
			continue;
		}
		if (it->stride < 0) {
			/* (e-1)*s was bounded by validate(); the new offset is a reached point. */
			if (axe_add_ovf(L->offset[it->axis], (it->extent - 1) * it->stride,
					&L->offset[it->axis]))
				return false;
			L->offset_written[it->axis] = true;
			it->stride = -it->stride;
			count(fired, AXE_RULE_C1);
		}
	}
	return true;
}

/* Try C2 on the pair (i, j): j's stride a multiple k <= e_i of i's. */
static bool absorb(axe_iter *small, const axe_iter *big)
{
	int64_t k, ext;

	if (small->axis != big->axis || big->stride % small->stride != 0)
		return false;
	k = big->stride / small->stride;
	if (k > small->extent || axe_mul_ovf(k, big->extent - 1, &ext) ||
	    axe_add_ovf(ext, small->extent, &ext))
		return false;
	small->extent = ext;
	return true;
}

static void fuse_replicas(axe_layout *L, unsigned *fired)
{
	bool changed = true;

	while (changed) {
		changed = false;
		for (size_t i = 0; i < L->nreplica && !changed; i++)
			for (size_t j = 0; j < L->nreplica && !changed; j++) {
				if (i == j || L->replica[j].stride < L->replica[i].stride ||
				    (L->replica[j].stride == L->replica[i].stride && j < i))
					continue;
				if (absorb(&L->replica[i], &L->replica[j])) {
					remove_iter(L->replica, &L->nreplica, j);
					count(fired, AXE_RULE_C2);
					changed = true;
				}
			}
	}
}

static int by_axis_stride_extent(const void *pa, const void *pb, void *ctx)
{
	const axe_layout *L = ctx;
	const axe_iter *a = pa, *b = pb;
	int c = strcmp(L->axis[a->axis], L->axis[b->axis]);

	if (c != 0)
		return c;
	if (a->stride != b->stride)
		return a->stride < b->stride ? -1 : 1;
	return a->extent < b->extent ? -1 : a->extent > b->extent;
}

/*
 * O0: drop the zero offsets, except one when it is the layout's only term
 * (a layout of one point at 0, "0"): like D0's one unit iter, it keeps the
 * canonical form printable as text that parses back to it.  (A layout built
 * with no term at all keeps none: canon never names a new axis.)
 */
static void drop_zero_offsets(axe_layout *L, unsigned *fired)
{
	bool lone = L->nshard == 0 && L->nreplica == 0;

	for (size_t a = 0; lone && a < L->naxes; a++)
		lone = !(L->offset_written[a] && L->offset[a] != 0);
	for (size_t a = 0; a < L->naxes; a++) {
		if (!L->offset_written[a] || L->offset[a] != 0)
			continue;
		if (lone) {
			lone = false; /* keep this one */
			continue;
		}
		L->offset_written[a] = false;
		count(fired, AXE_RULE_O0);
	}
}

/* GC: per axis, each distinct stride exceeds the reach of the smaller ones. */
static bool gap_condition(const axe_layout *L)
{
	for (size_t i = 0; i < L->nreplica; i++) {
		int64_t reach = 0;
		for (size_t j = 0; j < L->nreplica; j++) {
			const axe_iter *o = &L->replica[j];
			if (o->axis == L->replica[i].axis && o->stride < L->replica[i].stride)
				reach += (o->extent - 1) * o->stride;
		}
		if (reach >= L->replica[i].stride)
			return false;
	}
	return true;
}

axe_layout *axe_layout_canon(const axe_layout *layout, axe_canon_trace *report,
			     axe_error *err)
{
	axe_canon_trace local;
	axe_layout *L = axe_layout_dup(layout);

	if (!report)
		report = &local;
	memset(report, 0, sizeof(*report));
	if (!L) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	axe_layout_normalize_shard(L, report->fired);
	if (!normalize_replica_signs(L, report->fired)) {
		axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
			      "canonicalizing the replica overflows an offset");
		axe_layout_free(L);
		return NULL;
	}
	fuse_replicas(L, report->fired);
	if (L->nreplica > 1) /* an empty replica may have no array at all */
		qsort_r(L->replica, L->nreplica, sizeof(axe_iter), by_axis_stride_extent, L);
	drop_zero_offsets(L, report->fired);
	report->gap_condition = gap_condition(L);
	axe_layout_order_axes(L);
	return L;
}
