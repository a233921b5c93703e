/*
 * tma_modes.c: steps 1 and 2 of a TMA plan (Axe paper section 3.4, "TMA
 * asynchronous copy"): restrict the global and the shared layout to their
 * regions, and refine the two lists of iters into common modes.
 *
 * Each layout is grouped by its logical shape (Appendix B), so that every
 * logical dimension is a block of iters.  A range of a dimension is a box
 * of those iters when the iters inside it are whole and it stays within one
 * iter: the slice of Appendix E, done per iter here because the global
 * iters keep their full extents, which become globalDim.  The region's
 * elements in row-major order are then a mixed-radix number on either side;
 * splitting iters where the two sides' digits end differently gives the
 * common modes that the shared-memory atom and the tensor map are cut from.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../algebra/group.h"
#include "../core/dtype.h"
#include "tma_private.h"

static const axe_loc *origin_loc(const axe_tma_origin *at)
{
	return at->loc.source ? &at->loc : NULL;
}

/* An input error placed on "at"; returns -1. */
static int input_error(axe_error *err, const axe_tma_origin *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int input_error(axe_error *err, const axe_tma_origin *at, const char *fmt, ...)
{
	char msg[sizeof(err->message)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return axe_error_set(err, AXE_ERR_VALUE, origin_loc(at), at->span, "%s", msg);
}

/* "(64, 64)": the extents of "r" other than 1, into "buf". */
static const char *region_text(const axe_tma_region *r, char *buf, size_t size)
{
	size_t n = 0;

	n += (size_t)snprintf(buf + n, size - n, "(");
	for (size_t d = 0; d < r->rank && n < size; d++)
		if (r->end[d] - r->begin[d] > 1)
			n += (size_t)snprintf(buf + n, size - n, "%s%lld", n > 1 ? ", " : "",
					      (long long)(r->end[d] - r->begin[d]));
	if (n < size)
		snprintf(buf + n, size - n, ")");
	return buf;
}

/*
 * Check that "r" is a region of "shape": same rank, 0 <= begin < end <=
 * extent, or end past the extent when "past_end" (a ragged global tile).
 */
static int check_region(const axe_tma_region *r, const axe_shape *shape, const char *what,
			bool past_end, const axe_tma_origin *at, axe_error *err)
{
	if (r->rank != shape->rank)
		return input_error(err, at, "the %s region gives %zu range%s for the %zu dimensions "
				   "of the %s shape", what, r->rank, r->rank == 1 ? "" : "s",
				   shape->rank, what);
	for (size_t d = 0; d < r->rank; d++) {
		if (r->begin[d] < 0 || r->begin[d] >= r->end[d] || r->begin[d] >= shape->dim[d])
			return input_error(err, at, "range %lld:%lld of the %s region is empty or "
					   "starts outside dimension %zu, which has extent %lld",
					   (long long)r->begin[d], (long long)r->end[d], what, d,
					   (long long)shape->dim[d]);
		if (r->end[d] > shape->dim[d] && !past_end)
			return input_error(err, at, "range %lld:%lld of the %s region leaves "
					   "dimension %zu, which has extent %lld", (long long)r->begin[d],
					   (long long)r->end[d], what, d, (long long)shape->dim[d]);
	}
	return 0;
}

/* The number of elements of "r" (the regions are checked: no overflow past 2^63 here). */
static int64_t region_count(const axe_tma_region *r, bool *overflow)
{
	int64_t n = 1;

	for (size_t d = 0; d < r->rank; d++)
		if (__builtin_mul_overflow(n, r->end[d] - r->begin[d], &n))
			*overflow = true;
	return n;
}

/*
 * The default global region: the shared region's extents at the origin,
 * aligned to the innermost global dimensions, the outer ones [0, 1).
 */
static int default_region(tma_work *w, axe_error *err)
{
	const axe_shape *g = &w->req->global_shape;
	const axe_tma_region *s = &w->smem_region;
	size_t skip = 0, rank;

	while (skip < s->rank && s->end[skip] - s->begin[skip] == 1 && s->rank - skip > g->rank)
		skip++;
	rank = s->rank - skip;
	if (rank > g->rank)
		return input_error(err, &w->req->global_at, "the shared region has more dimensions "
				   "than the global tensor; give the global region (--region)");
	w->region.rank = g->rank;
	for (size_t d = 0; d < g->rank; d++) {
		w->region.begin[d] = 0;
		w->region.end[d] = 1;
		if (d + rank >= g->rank) {
			size_t k = skip + d + rank - g->rank; /* the shared dimension aligned with d */
			w->region.end[d] = s->end[k] - s->begin[k];
		}
		if (w->region.end[d] > g->dim[d])
			return input_error(err, &w->req->global_at, "the shared region does not fit "
					   "in the global tensor at its origin (dimension %zu: %lld "
					   "> %lld); give the global region (--region)", d,
					   (long long)w->region.end[d], (long long)g->dim[d]);
	}
	return 0;
}

/*
 * Fill in the default regions, check both, and check that they hold the
 * same number of elements: element i of one pairs with element i of the
 * other in row-major order, whatever their extents.
 */
static int resolve_regions(tma_work *w, axe_error *err)
{
	const axe_tma_request *req = w->req;
	char a[160], b[160];
	bool overflow = false;
	int64_t ng, ns;

	w->smem_region = req->smem_region;
	if (w->smem_region.rank == 0) {
		w->smem_region.rank = req->smem_shape.rank;
		for (size_t d = 0; d < req->smem_shape.rank; d++) {
			w->smem_region.begin[d] = 0;
			w->smem_region.end[d] = req->smem_shape.dim[d];
		}
	}
	if (check_region(&w->smem_region, &req->smem_shape, "shared", false,
			 &req->smem_region_at, err) < 0)
		return -1;
	w->region = req->region;
	if (w->region.rank == 0 && default_region(w, err) < 0)
		return -1;
	if (check_region(&w->region, &req->global_shape, "global", true, &req->region_at, err) < 0)
		return -1;
	ng = region_count(&w->region, &overflow);
	ns = region_count(&w->smem_region, &overflow);
	if (overflow)
		return input_error(err, &req->region_at, "the region holds more than 2^63 elements");
	if (ng == ns)
		return 0;
	return input_error(err, req->region.rank ? &req->region_at : &req->smem_region_at,
			   "the global region %s and the shared region %s do not hold the same "
			   "number of elements (%lld and %lld)",
			   region_text(&w->region, a, sizeof(a)),
			   region_text(&w->smem_region, b, sizeof(b)), (long long)ng, (long long)ns);
}

int axe_tma_regions(const axe_tma_request *req, axe_tma_region *global, axe_tma_region *smem,
		    axe_error *err)
{
	tma_work w = { .req = req };

	if (resolve_regions(&w, err) < 0)
		return -1;
	*global = w.region;
	*smem = w.smem_region;
	return 0;
}

/* Check that "L" places data on m only; -1 (input error at "at") otherwise. */
static int check_on_m(const axe_layout *L, const char *what, const axe_tma_origin *at,
		      axe_error *err)
{
	for (size_t a = 0; a < L->naxes; a++)
		if (strcmp(L->axis[a], "m") != 0)
			return input_error(err, at, "the %s layout uses axis '%s'; a TMA copy moves "
					   "memory offsets on 'm' only", what, L->axis[a]);
	return 0;
}

/*
 * Record the iters of dimension "dim" (shard iters [k0, k1) of "L", outermost
 * first) restricted to the range [lo, hi) of that dimension.  Walking from
 * the innermost iter: whole iters while the range covers them, then the range
 * must stay inside one iter; the outer iters keep one digit.  1, or 0 with
 * "why" when the range is not a box of the iters.
 */
static int slice_dim(tma_side *side, const axe_layout *L, size_t k0, size_t k1, int dim,
		     int64_t lo, int64_t hi, const char *what, axe_tma_refusal *why)
{
	int64_t at = lo, count = hi - lo;

	if (k0 == k1 && count > 1) {
		/* a dimension of extent 1 run past its end: one iter whose only digit is 0 */
		side->iter[side->niters++] = (tma_iter){ 1, 0, 0, count, dim };
		return 1;
	}
	for (size_t k = k1; k-- > k0;) {
		const axe_iter *it = &L->shard[k];
		tma_iter *t = &side->iter[side->niters + (k - k0)];
		*t = (tma_iter){ it->extent, it->stride, at % it->extent, 1, dim };
		if (count > 1 && k == k0) {
			/* the outermost iter takes the rest, past its end for a ragged tile */
			t->start = at;
			t->count = count;
			count = 1;
		} else if (count > 1 && t->start == 0 && count % it->extent == 0) {
			t->count = it->extent;
			count /= it->extent;
		} else if (count > 1) {
			if (t->start + count > it->extent) {
				axe_tma_refuse(why, "region a box of the layout's iters", "range "
					       "%lld:%lld of %s dimension %d crosses a boundary of its "
					       "iter %lld:%lld", (long long)lo, (long long)hi, what, dim,
					       (long long)it->extent, (long long)it->stride);
				return axe_tma_fix(why, "choose a range that stays inside one step of "
						   "that iter (a multiple of %lld elements), or copy the "
						   "range in pieces", (long long)(hi - lo) / count);
			}
			t->count = count;
			count = 1;
		}
		at /= it->extent;
	}
	side->niters += k1 - k0;
	return 1;
}

/*
 * Group "L" by "shape" and record its iters restricted to "region" in
 * "side".  1, 0 ("why"), or -1.
 */
static int side_init(tma_side *side, const axe_layout *L, const axe_shape *shape,
		     const axe_tma_region *region, const char *what, axe_tma_refusal *why,
		     axe_error *err)
{
	axe_algebra_result g;
	axe_reason reason;
	int m, r = axe_layout_group(L, shape, &g, &reason, err);

	if (r <= 0) {
		if (r == 0)
			axe_tma_refuse(why, "region a box of the layout's iters", "the %s shape does "
				       "not group its layout: %s", what, reason.text);
		return r;
	}
	memset(side, 0, sizeof(*side));
	m = axe_layout_axis_index(g.layout, "m");
	side->offset = m >= 0 ? g.layout->offset[m] : 0;
	if (g.layout->nshard > TMA_MAX_ITERS) {
		axe_algebra_result_release(&g);
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0, "the %s layout has more than %d "
				     "iters", what, TMA_MAX_ITERS);
	}
	for (size_t d = 0; r == 1 && d < shape->rank; d++)
		r = slice_dim(side, g.layout, g.block[d], g.block[d + 1], (int)d,
			      region->begin[d], region->end[d], what, why);
	side->base = side->offset;
	for (size_t k = 0; k < side->niters; k++)
		side->base += side->iter[k].start * side->iter[k].stride;
	axe_algebra_result_release(&g);
	return r;
}

/*
 * Fuse neighbouring global iters that are one run of memory (the outer's
 * stride is the inner's times its extent) where the region covers the inner
 * whole: (64, 4):(4, 1) is a run of 256.  The fused iter can be cut
 * anywhere, the old boundary included, so no plan is lost.
 */
static void fuse_iters(tma_side *side)
{
	size_t n = 0;

	for (size_t k = 0; k < side->niters; k++) {
		tma_iter *outer = n > 0 ? &side->iter[n - 1] : NULL, *inner = &side->iter[k];
		bool whole = inner->start == 0 && inner->count == inner->extent && inner->extent > 1;
		int64_t stride, extent;
		if (inner->extent == 1 && inner->count == 1)
			continue; /* one digit, 0: nothing to address */
		if (outer && outer->extent > 1 && whole &&
		    !__builtin_mul_overflow(inner->stride, inner->extent, &stride) &&
		    stride == outer->stride &&
		    !__builtin_mul_overflow(outer->extent, inner->extent, &extent)) {
			outer->extent = extent;
			outer->start *= inner->extent;
			outer->count *= inner->extent;
			outer->stride = inner->stride;
			outer->dim = inner->dim;
			continue;
		}
		side->iter[n++] = *inner;
	}
	side->niters = n;
}

/*
 * An iter of extent 1 that a ragged region spans has one digit in the
 * tensor, 0, and the rest filled: its stride never addresses memory.  It
 * takes stride 1, so that it may be the map's dimension 0, when no other
 * spanned iter is contiguous, else 16 bytes, which every stride rule
 * accepts.
 */
static void pad_single_iters(tma_side *side, int64_t elem)
{
	bool unit = false;

	for (size_t k = 0; k < side->niters; k++)
		unit |= side->iter[k].extent > 1 && side->iter[k].count > 1 &&
			side->iter[k].stride == 1;
	for (size_t k = 0; k < side->niters; k++)
		if (side->iter[k].extent == 1 && side->iter[k].count > 1) {
			side->iter[k].stride = unit ? (elem < 16 ? 16 / elem : 1) : 1;
			unit = true;
		}
}

/* The index of the last iter before "k" that the region spans (count > 1), or -1. */
static long prev_spanned(const tma_side *side, long k)
{
	while (--k >= 0 && side->iter[k].count == 1)
		;
	return k;
}

/*
 * Refine the two sides' spanned iters into common modes, innermost first:
 * take the smaller of the two remaining digit ranges; it must divide the
 * other, or the two layouts order the region's elements in ways no product
 * of boxes can follow.  1 or 0.
 */
static int refine(tma_work *w, axe_tma_refusal *why)
{
	const tma_side *g = &w->global, *s = &w->smem;
	long i = prev_spanned(g, (long)g->niters), j = prev_spanned(s, (long)s->niters);
	int64_t gq = 1, sq = 1;

	w->nmodes = 0;
	while (i >= 0 && j >= 0) {
		const tma_iter *gt = &g->iter[i], *st = &s->iter[j];
		int64_t grem = gt->count / gq, srem = st->count / sq;
		int64_t n = grem % srem == 0 ? srem : srem % grem == 0 ? grem : 0;
		if (n == 0) {
			axe_tma_refuse(why, "layouts with common iters", "the global layout takes "
				       "the region's elements in runs of %lld where the shared "
				       "layout takes runs of %lld, and neither divides the other",
				       (long long)grem, (long long)srem);
			return axe_tma_fix(why, "give the two layouts the same factorization of the "
					   "copied region");
		}
		w->mode[w->nmodes++] = (tma_mode){ n, gt->stride * gq, st->stride * sq, (int)i, gq,
						   gt->dim, st->dim, false };
		gq *= n;
		sq *= n;
		if (gq == gt->count)
			i = prev_spanned(g, i), gq = 1;
		if (sq == st->count)
			j = prev_spanned(s, j), sq = 1;
	}
	return 1;
}

/*
 * Fuse neighbouring modes (by shared stride) that are one run on both
 * sides: the same global iter, the outer's steps the inner's times its
 * extent.  The box search cuts the fused mode at any divisor, so nothing is
 * lost, and a run split only by the two layouts' shapes becomes one.  A
 * forced box fuses only within a logical dimension, so that its extents
 * stay the user's dimensions.
 */
static void fuse_modes(tma_mode *mode, size_t *nmodes, bool within_dims)
{
	size_t n = 0;

	for (size_t k = 0; k < *nmodes; k++) {
		tma_mode *in = n > 0 ? &mode[n - 1] : NULL, *m = &mode[k];
		if (in && in->gi == m->gi && m->q == in->q * in->n &&
		    m->sstride == in->sstride * in->n &&
		    (!within_dims || (in->gdim == m->gdim && in->sdim == m->sdim))) {
			in->n *= m->n;
			continue;
		}
		mode[n++] = *m;
	}
	*nmodes = n;
}

static int by_smem_stride(const void *a, const void *b)
{
	const tma_mode *x = a, *y = b;

	return (x->sstride > y->sstride) - (x->sstride < y->sstride);
}

/* The global dimension that is contiguous (an iter of stride 1 the region spans), or -1. */
static int contiguous_global_dim(const tma_side *g)
{
	for (size_t k = 0; k < g->niters; k++)
		if (g->iter[k].stride == 1 && g->iter[k].count > 1)
			return g->iter[k].dim;
	return -1;
}

/*
 * The innermost mode (by shared stride) must be contiguous on both sides:
 * TMA writes a box densely, dimension 0 first, and dimension 0 is the global
 * tensor's contiguous one.  1 or 0.
 */
static int check_innermost(const tma_work *w, axe_tma_refusal *why)
{
	const tma_mode *m0 = &w->mode[0];
	int gdim = contiguous_global_dim(&w->global);

	for (size_t k = 0; k < w->nmodes; k++)
		if (w->mode[k].sstride <= 0) {
			axe_tma_refuse(why, "shared layout a compact chain on m", "the shared layout "
				       "steps by %lld elements along dimension %d of the region",
				       (long long)w->mode[k].sstride, w->mode[k].sdim);
			return axe_tma_fix(why, "use a shared layout with positive strides that "
					   "places every element of the region once");
		}
	if (m0->sstride != 1) {
		axe_tma_refuse(why, "shared layout a compact chain on m", "the region's elements "
			       "are at least %lld elements apart in shared memory, but TMA writes "
			       "each box densely", (long long)m0->sstride);
		return axe_tma_fix(why, "make the shared layout contiguous (stride 1) along a "
				   "dimension of the region");
	}
	if (m0->gstride == 1)
		return 1;
	if (gdim < 0) {
		axe_tma_refuse(why, "dimension 0 contiguous in global memory", "no dimension of "
			       "the global region is contiguous (stride 1), but a tensor map's "
			       "dimension 0 steps by one element");
		return axe_tma_fix(why, "copy a region that spans a contiguous run of the "
				   "global tensor");
	}
	axe_tma_refuse(why, "shared contiguous dimension contiguous in global memory", "the "
		       "shared layout is contiguous along dimension %d of its region, which steps "
		       "by %lld elements in global memory; a TMA box keeps the global tensor's "
		       "contiguous dimension (%d) innermost, so a copy cannot transpose",
		       m0->sdim, (long long)m0->gstride, gdim);
	return axe_tma_fix(why, "make the shared layout contiguous along the region's "
			   "dimension that is global dimension %d, and transpose when reading "
			   "shared memory (for example ldmatrix .trans)", gdim);
}

/*
 * Refusals that no box can avoid: replicas, a swizzled global side, a
 * spanned global dimension that does not step forward (one of region
 * extent 1 is a coordinate, whatever its stride: a broadcast batch).
 */
static int check_layouts(tma_work *w, axe_tma_refusal *why)
{
	const axe_tma_request *req = w->req;

	if (req->global->nreplica > 0 || req->smem->nreplica > 0) {
		axe_tma_refuse(why, "one place per element", "the %s layout has a replica: each "
			       "element lives in several places", req->global->nreplica ? "global" :
			       "shared");
		return axe_tma_fix(why, "copy from (or to) one of the replicas: drop R from the "
				   "layout");
	}
	if (req->global->swizzle.present) {
		axe_tma_refuse(why, "global tensor strided", "the global layout has a swizzle; a "
			       "tensor map describes global memory by strides only");
		return axe_tma_fix(why, "drop the swizzle from the global layout");
	}
	for (size_t k = 0; k < w->global.niters; k++)
		if (w->global.iter[k].stride <= 0 && w->global.iter[k].count > 1) {
			axe_tma_refuse(why, "globalStrides positive", "global dimension %d steps by "
				       "%lld elements; tensor-map strides are positive byte counts",
				       w->global.iter[k].dim, (long long)w->global.iter[k].stride);
			return axe_tma_fix(why, "describe the global tensor with positive strides "
					   "(copy a broadcast dimension once)");
		}
	return 1;
}

/* The TMA swizzle mode of the shared layout's swizzle, or 0 with "why". */
static int read_swizzle(tma_work *w, axe_tma_refusal *why)
{
	const axe_swizzle *sw = &w->req->smem->swizzle;
	const char *name = axe_swizzle_preset_name(sw, w->req->dtype);
	axe_swizzle want;

	w->swizzle = AXE_TMA_SWIZZLE_NONE;
	if (name && strcmp(name, "none") != 0)
		w->swizzle = (axe_tma_swizzle)sw->len; /* B = 1, 2, 3: 32B, 64B, 128B */
	w->span = axe_tma_swizzle_span(w->swizzle) / w->elem;
	if (name)
		return 1;
	axe_swizzle_preset("128B", w->req->dtype, &want);
	axe_tma_refuse(why, "swizzle a TMA mode", "the shared layout's Swizzle(%d,%d,%d) is not "
		       "one of the hardware modes, which permute 16-byte chunks: for %s they are "
		       "Swizzle(%d,B,3) with B = 1, 2, 3 (32B, 64B, 128B)", sw->per_element,
		       sw->len, sw->atom, axe_dtype_get(w->req->dtype)->name, want.per_element);
	return axe_tma_fix(why, "use --swizzle 32B, 64B or 128B (presets for the element type)");
}

int axe_tma_modes(tma_work *w, axe_tma_refusal *why, axe_error *err)
{
	const axe_tma_request *req = w->req;
	int r;

	if (check_on_m(req->global, "global", &req->global_at, err) < 0 ||
	    check_on_m(req->smem, "shared", &req->smem_at, err) < 0 ||
	    resolve_regions(w, err) < 0)
		return -1;
	r = side_init(&w->global, req->global, &req->global_shape, &w->region, "global", why,
		      err);
	if (r == 1)
		r = side_init(&w->smem, req->smem, &req->smem_shape, &w->smem_region, "shared",
			      why, err);
	if (r == 1) {
		fuse_iters(&w->global);
		pad_single_iters(&w->global, w->elem);
	}
	if (r == 1)
		r = check_layouts(w, why) && read_swizzle(w, why) && refine(w, why);
	if (r != 1)
		return r;
	if (w->nmodes == 0) {
		axe_tma_refuse(why, "inner box bytes multiple of 16", "the region is one element "
			       "of %lld bytes; a box's dimension 0 holds a multiple of 16 bytes",
			       (long long)w->elem);
		return axe_tma_fix(why, "copy at least 16 contiguous bytes");
	}
	qsort(w->mode, w->nmodes, sizeof(w->mode[0]), by_smem_stride);
	/* the search starts from fused modes; a forced box is cut along the shapes' own */
	memcpy(w->base, w->mode, w->nmodes * sizeof(w->mode[0]));
	w->nbase = w->nmodes;
	fuse_modes(w->base, &w->nbase, false);
	fuse_modes(w->mode, &w->nmodes, true);
	return check_innermost(w, why);
}
