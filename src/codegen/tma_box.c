/*
 * tma_box.c: step 3 of a TMA plan (Axe paper section 3.4): given the modes
 * one copy covers (the box) and the modes it loops over, cut the global
 * tensor's iters into the tensor map's dimensions and derive the copies.
 *
 * A global iter (extent E, stride s) holding box modes is cut at each box
 * mode's multiplier q: the piece from q up to the next cut (or to E) is one
 * tensor-map dimension whose coordinate counts steps of q, so the box mode
 * is that dimension's box.  A piece below the lowest cut, and an iter with
 * no box mode, is a dimension of box 1.  A loop mode steps the coordinate of
 * the piece it falls in.  The cuts must divide the region's first digit,
 * or coordinates would carry across them; the top piece has E / cut steps,
 * rounded down when the region stays clear of the overhang (the elements
 * past the last whole step are outside the map), and a region that runs
 * past E (a ragged tile) needs the cut to divide E, so that the map's bound
 * is the tensor's.  The map's dimensions follow the shared tile: the box's
 * pieces in shared order, then the others by stride (the driver asks
 * nothing of the strides' order; FlashAttention-3's maps decrease).  The
 * map keeps every piece, so one map serves the whole tensor and each copy
 * says where by its coordinates (CUTLASS's make_tma_copy_desc encodes the
 * whole global tensor, gmem_prob_shape from every mode of it, and each copy
 * passes the tile's coordinates: include/cute/atom/copy_traits_sm90_tma.hpp
 * at 64e1b9b1).  A piece
 * joins the base address only when no copy moves it and either the request
 * asks (fold_unmoved), its stride is no legal map stride (0 or off 16
 * bytes: a broadcast batch of extent 1), or the map would pass rank 5; then
 * varying pieces fold too, as loops of maps, except a ragged one, whose
 * bound the map must keep.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "tma_private.h"

/* One dimension of the tensor map: a piece of a global iter. */
typedef struct tma_part {
	int gi;         /* the global iter */
	int64_t b;      /* its coordinate counts steps of b of the iter's digit */
	int64_t extent; /* globalDim */
	int64_t stride; /* elements */
	int box_mode;   /* the box mode it holds, or -1 (box 1) */
	bool ragged;    /* the region runs past its iter's end: the map must bound it */
	bool varies;    /* a loop steps its coordinate */
	bool folded;    /* beyond the map's rank: part of the base address */
	int dim;        /* its tensor-map dimension, or -1 */
} tma_part;

typedef struct tma_parts {
	tma_part part[TMA_MAX_MODES + TMA_MAX_ITERS + AXE_MAX_RANK];
	size_t n;
} tma_parts;

/*
 * The cuts of global iter "gi": 1 and the multiplier of each box mode of
 * it, ascending, with the box mode at each cut (-1 for none) in "mode".
 */
static size_t iter_cuts(const tma_work *w, int gi, int64_t *cut, int *mode)
{
	size_t n = 1;

	cut[0] = 1;
	mode[0] = -1;
	for (size_t k = 0; k < w->nmodes; k++) {
		const tma_mode *m = &w->mode[k];
		size_t i;
		if (!m->box || m->gi != gi)
			continue;
		if (m->q == 1) {
			mode[0] = (int)k;
			continue;
		}
		for (i = n; i > 0 && cut[i - 1] > m->q; i--) {
			cut[i] = cut[i - 1];
			mode[i] = mode[i - 1];
		}
		cut[i] = m->q;
		mode[i] = (int)k;
		n++;
	}
	return n;
}

/*
 * The steps of the top piece of iter "it" cut at "top": E / top, rounded
 * down when the region stays clear of the overhang; 0 (with "why") when the
 * cut does not fit.
 */
static int64_t top_extent(const tma_iter *it, int64_t top, axe_tma_refusal *why)
{
	int64_t end = it->start + it->count, whole = it->extent / top * top;

	if (it->start % top != 0) {
		axe_tma_refuse(why, "box dimensions of the global tensor", "the box cuts global "
			       "iter %lld:%lld every %lld steps, which does not divide the region's "
			       "start %lld", (long long)it->extent, (long long)it->stride,
			       (long long)top, (long long)it->start);
		axe_tma_fix(why, "align the region to %lld elements", (long long)top);
		return 0;
	}
	if (whole != it->extent && end > whole) {
		axe_tma_refuse(why, "box dimensions of the global tensor", "the box cuts global "
			       "iter %lld:%lld every %lld steps, which does not divide its extent, "
			       "and the region reaches the overhang past %lld", (long long)it->extent,
			       (long long)it->stride, (long long)top, (long long)whole);
		axe_tma_fix(why, "copy a region that ends by %lld, or give the tensor an extent "
			    "that is a multiple of %lld", (long long)whole, (long long)top);
		return 0;
	}
	return it->extent / top;
}

/* Cut every global iter into parts; 1, or 0 when a cut does not fit. */
static int cut_iters(const tma_work *w, tma_parts *P, axe_tma_refusal *why)
{
	int64_t cut[TMA_MAX_MODES + 1];
	int mode[TMA_MAX_MODES + 1];

	P->n = 0;
	for (size_t gi = 0; gi < w->global.niters; gi++) {
		const tma_iter *it = &w->global.iter[gi];
		bool ragged = it->start + it->count > it->extent;
		int64_t top;
		size_t n;
		if (it->extent == 1 && it->count == 1)
			continue;
		n = iter_cuts(w, (int)gi, cut, mode);
		top = top_extent(it, cut[n - 1], why);
		if (top == 0)
			return 0;
		for (size_t i = 0; i < n; i++) {
			int64_t extent = i + 1 < n ? cut[i + 1] / cut[i] : top;
			P->part[P->n++] = (tma_part){ (int)gi, cut[i], extent, it->stride * cut[i],
						      mode[i], ragged && i + 1 == n, false, false,
						      -1 };
		}
	}
	return 1;
}

/*
 * The part of global iter "gi" that a mode with multiplier "q" falls in.  A
 * mode's iter spans the region, so its extent exceeds 1 and cut_iters gave
 * it a part from 1 on: there always is one.
 */
static tma_part *part_of(tma_parts *P, int gi, int64_t q)
{
	tma_part *best = NULL;

	for (size_t i = 0; i < P->n; i++)
		if (P->part[i].gi == gi && P->part[i].b <= q && (!best || P->part[i].b > best->b))
			best = &P->part[i];
	assert(best);
	return best;
}

/* The map's order: the box's pieces in shared order, then the others by stride. */
static int by_map_order(const void *a, const void *b)
{
	const tma_part *x = a, *y = b;
	bool xb = x->box_mode >= 0, yb = y->box_mode >= 0;

	if (xb != yb)
		return xb ? -1 : 1;
	if (xb)
		return (x->box_mode > y->box_mode) - (x->box_mode < y->box_mode);
	if (x->stride != y->stride)
		return (x->stride > y->stride) - (x->stride < y->stride);
	return (x->gi > y->gi) - (x->gi < y->gi) + 2 * ((x->b > y->b) - (x->b < y->b));
}

/* A piece no copy moves, no box holds and the map need not bound. */
static bool unmoved(const tma_part *p)
{
	return p->box_mode < 0 && !p->varies && !p->ragged;
}

/*
 * The next piece to fold above rank 5: an unmoved one before one a loop
 * steps (its coordinate is then the same in every copy), each the largest
 * stride first; NULL when only box and ragged pieces are left.
 */
static tma_part *fold_pick(tma_parts *P)
{
	tma_part *pick = NULL;

	for (size_t i = 0; i < P->n; i++) {
		tma_part *p = &P->part[i];
		if (p->box_mode >= 0 || p->folded || p->ragged)
			continue;
		if (!pick || (unmoved(p) && !unmoved(pick)) ||
		    (unmoved(p) == unmoved(pick) && p->stride > pick->stride))
			pick = p;
	}
	return pick;
}

/*
 * Mark the parts that loops step; fold what the file comment says, down to
 * rank 5.  1, or 0 when ragged parts keep the map above rank 5.
 */
static int fold_parts(const tma_work *w, tma_parts *P, axe_tma_refusal *why)
{
	size_t kept = 0;

	for (size_t k = 0; k < w->nmodes; k++)
		if (!w->mode[k].box)
			part_of(P, w->mode[k].gi, w->mode[k].q)->varies = true;
	for (size_t i = 0; i < P->n; i++) {
		tma_part *p = &P->part[i];
		/* Bounded: strides were validated against the tensor's span. */
		int64_t bytes = p->stride * w->elem;
		p->folded = unmoved(p) && (w->req->fold_unmoved || bytes <= 0 || bytes % 16);
		kept += !p->folded;
	}
	while (kept > AXE_TMA_MAX_RANK) {
		tma_part *pick = fold_pick(P);
		if (!pick) {
			axe_tma_refuse(why, "tensorRank 1..5", "the box and the ragged dimensions "
				       "that the map must bound need %zu dimensions; a tensor map has "
				       "1 to %d", kept, AXE_TMA_MAX_RANK);
			return axe_tma_fix(why, "copy fewer dimensions per box, or a region that "
					   "stays inside the tensor");
		}
		pick->folded = true;
		kept--;
	}
	qsort(P->part, P->n, sizeof(P->part[0]), by_map_order);
	return 1;
}

/* Saturating bytes of "elements" elements of "elem" bytes (the rules refuse huge values). */
static uint64_t bytes_of(int64_t elements, int64_t elem)
{
	uint64_t r;

	return __builtin_mul_overflow((uint64_t)elements, (uint64_t)elem, &r) ? UINT64_MAX : r;
}

/* The tensor-map arguments and copy 0. */
static void fill_params(const tma_work *w, tma_parts *P, axe_tma_plan *plan)
{
	const axe_tma_request *req = w->req;
	axe_tma_params *p = &plan->params;
	int rank = 0;

	p->dtype = req->dtype;
	p->interleave = req->interleave;
	p->swizzle = w->swizzle;
	p->l2_promotion = req->l2_promotion;
	p->oob_fill = req->oob_fill;
	plan->first.global_offset_bytes = w->global.offset * w->elem;
	plan->first.smem_offset_bytes = w->smem.base * w->elem;
	for (size_t i = 0; i < P->n; i++) {
		tma_part *t = &P->part[i];
		int64_t coord = w->global.iter[t->gi].start / t->b % t->extent;
		if (t->folded) {
			plan->first.global_offset_bytes += coord * t->stride * w->elem;
			continue;
		}
		t->dim = rank++;
		p->global_dim[t->dim] = (uint64_t)t->extent;
		if (t->dim > 0)
			p->global_strides[t->dim - 1] = bytes_of(t->stride, w->elem);
		p->box_dim[t->dim] = t->box_mode >= 0 ? (uint32_t)w->mode[t->box_mode].n : 1;
		p->element_strides[t->dim] = 1;
		plan->first.coords[t->dim] = coord;
	}
	p->rank = rank;
}

/* Loop "outer" takes in "inner" when its steps are the inner's times its extent. */
static bool loops_chain(const axe_tma_loop *outer, const axe_tma_loop *inner)
{
	int64_t e = inner->extent;

	for (int d = 0; d < AXE_TMA_MAX_RANK; d++)
		if (outer->coord_step[d] != inner->coord_step[d] * e)
			return false;
	return outer->smem_step_bytes == inner->smem_step_bytes * e &&
	       outer->global_step_bytes == inner->global_step_bytes * e;
}

/*
 * One loop per loop mode, outermost (largest shared stride) first, each
 * fused into the loop before it when their steps chain.  1, or 0 when more
 * than AXE_TMA_MAX_LOOPS loops remain.
 */
static int fill_loops(const tma_work *w, tma_parts *P, axe_tma_plan *plan,
		      axe_tma_refusal *why)
{
	plan->nloops = 0;
	plan->ncopies = 1;
	for (size_t k = w->nmodes; k-- > 0;) {
		const tma_mode *m = &w->mode[k];
		tma_part *t = part_of(P, m->gi, m->q);
		axe_tma_loop l = { .extent = m->n, .smem_step_bytes = m->sstride * w->elem };
		if (m->box)
			continue;
		if (t->folded)
			l.global_step_bytes = m->gstride * w->elem;
		else
			l.coord_step[t->dim] = m->q / t->b;
		plan->ncopies *= m->n;
		if (plan->nloops > 0 && loops_chain(&plan->loop[plan->nloops - 1], &l)) {
			l.extent *= plan->loop[plan->nloops - 1].extent;
			plan->loop[plan->nloops - 1] = l;
			continue;
		}
		if (plan->nloops == AXE_TMA_MAX_LOOPS) {
			axe_tma_refuse(why, "at most 64 loops of copies", "the copies need more "
				       "than %d nested loops", AXE_TMA_MAX_LOOPS);
			return axe_tma_fix(why, "copy a region whose layouts have fewer iters");
		}
		plan->loop[plan->nloops++] = l;
	}
	return 1;
}

int axe_tma_box_plan(const tma_work *w, axe_tma_plan *plan, axe_tma_refusal *why)
{
	tma_parts *P = malloc(sizeof(*P));
	int64_t box = 1, repeat = axe_tma_swizzle_repeat(w->swizzle);
	int r;

	if (!P)
		return -1;
	memset(plan, 0, sizeof(*plan));
	r = cut_iters(w, P, why) && fold_parts(w, P, why);
	if (r == 1) {
		fill_params(w, P, plan);
		r = fill_loops(w, P, plan, why);
	}
	if (r == 1) {
		for (int d = 0; d < plan->params.rank; d++)
			box *= plan->params.box_dim[d];
		for (size_t i = 0; i < P->n; i++)
			plan->folded_dims += P->part[i].folded;
		plan->direction = w->req->direction;
		plan->bytes_per_copy = box * w->elem;
		plan->total_bytes = plan->bytes_per_copy * plan->ncopies;
		plan->box_pitch_bytes = w->span ? w->span * w->elem : plan->params.box_dim[0] * w->elem;
		plan->smem_alignment = repeat > 128 ? repeat : 128;
		plan->global_alignment = w->req->interleave == AXE_TMA_INTERLEAVE_32B ? 32 : 16;
	}
	free(P);
	return r;
}
