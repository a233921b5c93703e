/*
 * tma.c: TMA copy plans (tma.h): the request's defaults, the CUDA enum
 * names, a forced box, the report of filled elements, and the copies of a
 * plan.
 *
 * The plan follows the Axe paper's section 3.4 ("TMA asynchronous copy"):
 * tma_modes.c slices both layouts to the region and refines them into
 * modes; tma_search.c chooses the shared-memory atom (the box) among every
 * arrangement of those modes, or a forced box (--box) cuts them here; and
 * tma_box.c turns the box into a tensor map and loops of copies, which the
 * rules of tma_rules.c accept or refuse.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "../core/dtype.h"
#include "tma_private.h"

static const char *const interleave_name[] = {
	"CU_TENSOR_MAP_INTERLEAVE_NONE", "CU_TENSOR_MAP_INTERLEAVE_16B",
	"CU_TENSOR_MAP_INTERLEAVE_32B",
};
static const char *const interleave_short[] = { "none", "16B", "32B", NULL };

static const char *const swizzle_name[] = {
	"CU_TENSOR_MAP_SWIZZLE_NONE", "CU_TENSOR_MAP_SWIZZLE_32B", "CU_TENSOR_MAP_SWIZZLE_64B",
	"CU_TENSOR_MAP_SWIZZLE_128B",
};

static const char *const l2_name[] = {
	"CU_TENSOR_MAP_L2_PROMOTION_NONE", "CU_TENSOR_MAP_L2_PROMOTION_L2_64B",
	"CU_TENSOR_MAP_L2_PROMOTION_L2_128B", "CU_TENSOR_MAP_L2_PROMOTION_L2_256B",
};
static const char *const l2_short[] = { "none", "64B", "128B", "256B", NULL };

static const char *const oob_name[] = {
	"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE", "CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA",
};
static const char *const oob_short[] = { "zero", "nan", NULL };

static const char *const direction_short[] = { "g2s", "s2g", NULL };

/* The tensor-map data type of each dtype, from dtype.def's cuda column ("0": none). */
static const char *const data_type_name[] = {
#define DTYPE(name, bits, is_float, cuda) "CU_TENSOR_MAP_DATA_TYPE_" #cuda,
#include "../core/dtype.def"
#undef DTYPE
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

void axe_tma_request_init(axe_tma_request *req)
{
	memset(req, 0, sizeof(*req));
	req->dtype = -1;
	req->direction = AXE_TMA_G2S;
	req->interleave = AXE_TMA_INTERLEAVE_NONE;
	/*
	 * CUTLASS encodes every tensor map it makes with 128-byte L2 promotion
	 * (make_tma_copy_desc, include/cute/atom/copy_traits_sm90_tma.hpp at
	 * 64e1b9b1: tma_l2Promotion = CU_TENSOR_MAP_L2_PROMOTION_L2_128B): a box
	 * row is at least 16 bytes and usually a 128-byte line, which L2 then
	 * fetches whole.  emit-tma and emit-cuda --kind tma both start here.
	 */
	req->l2_promotion = AXE_TMA_L2_128B;
	req->oob_fill = AXE_TMA_OOB_ZERO;
}

const char *axe_tma_data_type_name(int dtype)
{
	const char *name;

	if (dtype < 0 || (size_t)dtype >= COUNT(data_type_name))
		return NULL;
	name = data_type_name[dtype];
	return strcmp(name, "CU_TENSOR_MAP_DATA_TYPE_0") == 0 ? NULL : name;
}

const char *axe_tma_interleave_name(axe_tma_interleave v)
{
	return (size_t)v < COUNT(interleave_name) ? interleave_name[v] : "?";
}

const char *axe_tma_swizzle_name(axe_tma_swizzle v)
{
	return (size_t)v < COUNT(swizzle_name) ? swizzle_name[v] : "?";
}

const char *axe_tma_l2_name(axe_tma_l2 v)
{
	return (size_t)v < COUNT(l2_name) ? l2_name[v] : "?";
}

const char *axe_tma_oob_name(axe_tma_oob v)
{
	return (size_t)v < COUNT(oob_name) ? oob_name[v] : "?";
}

/* The index of "text" in the NULL-terminated "names", or -1. */
static int lookup(const char *const *names, const char *text)
{
	for (int i = 0; names[i]; i++)
		if (strcmp(names[i], text) == 0)
			return i;
	return -1;
}

int axe_tma_interleave_parse(const char *text)
{
	return lookup(interleave_short, text);
}

int axe_tma_l2_parse(const char *text)
{
	return lookup(l2_short, text);
}

int axe_tma_oob_parse(const char *text)
{
	return lookup(oob_short, text);
}

int axe_tma_direction_parse(const char *text)
{
	return lookup(direction_short, text);
}

int axe_tma_swizzle_span(axe_tma_swizzle v)
{
	return v == AXE_TMA_SWIZZLE_NONE ? 0 : 16 << v; /* 32, 64, 128 */
}

int axe_tma_swizzle_repeat(axe_tma_swizzle v)
{
	return 8 * axe_tma_swizzle_span(v); /* the pattern repeats every 8 rows of 128 bytes */
}

bool axe_tma_plan_moves_base(const axe_tma_plan *plan)
{
	for (size_t k = 0; k < plan->nloops; k++)
		if (plan->loop[k].global_step_bytes != 0)
			return true;
	return false;
}

void axe_tma_plan_copy(const axe_tma_plan *plan, int64_t index, axe_tma_copy *copy)
{
	*copy = plan->first;
	for (size_t k = plan->nloops; k-- > 0;) {
		const axe_tma_loop *l = &plan->loop[k];
		int64_t digit = index % l->extent;
		index /= l->extent;
		for (int d = 0; d < plan->params.rank; d++)
			copy->coords[d] += digit * l->coord_step[d];
		copy->smem_offset_bytes += digit * l->smem_step_bytes;
		copy->global_offset_bytes += digit * l->global_step_bytes;
	}
}

static void mark_box(tma_work *w, size_t n)
{
	for (size_t k = 0; k < w->nmodes; k++)
		w->mode[k].box = k < n;
}

/* Accept "plan" if every rule holds: 1, or 0 with "why". */
static int accept(const axe_tma_plan *plan, axe_tma_refusal *why)
{
	return axe_tma_params_check(&plan->params, why) && axe_tma_plan_check(plan, why);
}

/* An input error on the forced box; returns -1. */
static int box_error(const tma_work *w, axe_error *err, const char *msg)
{
	const axe_tma_origin *at = &w->req->box_at;

	return axe_error_set(err, AXE_ERR_VALUE, at->loc.source ? &at->loc : NULL, at->span,
			     "%s", msg);
}

/*
 * Cut the modes along the forced box "req->box" (outermost first) and mark
 * its modes: each extent, innermost first, takes the current mode or a
 * divisor of it.  The rest of a cut mode takes the next extent when that
 * divides it (one more box dimension, {32, 2, rows}), else it becomes a loop
 * and the next extent goes to the next mode.  Extents of 1 take nothing:
 * every tensor dimension outside the box has a box of 1.  Returns the box's
 * dimensions other than 1, or -1 on an input error.
 */
static long cut_forced(tma_work *w, axe_error *err)
{
	const axe_tma_request *req = w->req;
	size_t k = 0;
	long n = 0;
	bool rest = false; /* mode k is the rest of a cut mode */
	char msg[200];

	mark_box(w, 0);
	for (size_t i = req->box_rank; i-- > 0;) {
		int64_t b = req->box[i];
		if (b == 1)
			continue;
		if (rest && w->mode[k].n % b != 0)
			k++; /* the rest stays a loop */
		rest = false;
		if (k == w->nmodes) {
			snprintf(msg, sizeof(msg), "the box has more dimensions than the region: "
				 "extent %lld (number %zu) is left over", (long long)b, i + 1);
			return box_error(w, err, msg);
		}
		if (b < w->mode[k].n && w->mode[k].n % b == 0) {
			if (axe_tma_split_mode(w, k, b, err) < 0)
				return -1;
			rest = true;
		}
		if (b != w->mode[k].n) {
			snprintf(msg, sizeof(msg), "box extent %lld (number %zu) does not divide the "
				 "region's run of %lld elements it falls on", (long long)b, i + 1,
				 (long long)w->mode[k].n);
			return box_error(w, err, msg);
		}
		w->mode[k++].box = true;
		n++;
	}
	return n;
}

/*
 * The plan for a forced box: refused with the rule it breaks, if any.  The
 * box's modes must lie densely in shared memory, box rows a pitch apart;
 * loops may fall between them (into the span of a swizzled row).
 */
static int forced_box(tma_work *w, axe_tma_plan *plan, axe_tma_refusal *why, axe_error *err)
{
	long n = cut_forced(w, err), dim = 0;
	int64_t footprint;
	int r;

	if (n < 0)
		return -1;
	if (n > AXE_TMA_MAX_RANK) {
		axe_tma_refuse(why, "tensorRank 1..5", "the box has %ld dimensions; a tensor map "
			       "has 1 to %d", n, AXE_TMA_MAX_RANK);
		return axe_tma_fix(why, "give --box at most %d extents", AXE_TMA_MAX_RANK);
	}
	footprint = w->span > w->mode[0].n ? w->span : w->mode[0].n; /* the box row pitch */
	for (size_t k = 1; k < w->nmodes; k++) {
		if (!w->mode[k].box)
			continue;
		if (w->mode[k].sstride != footprint) {
			axe_tma_refuse(why, "shared layout a compact chain on m", "box dimension %ld "
				       "would step by %lld bytes in shared memory, but the shared "
				       "layout steps by %lld bytes there", dim + 1,
				       (long long)(footprint * w->elem),
				       (long long)(w->mode[k].sstride * w->elem));
			return axe_tma_fix(why, "leave out --box, or give a box that lies densely "
					   "in the shared layout");
		}
		footprint *= w->mode[k].n;
		dim++;
	}
	r = axe_tma_box_plan(w, plan, why);
	if (r < 0)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	return r == 1 ? accept(plan, why) : 0;
}

/*
 * The global dimensions whose range runs past the tensor's end, and how
 * many region elements lie outside it: a load fills them (zero or NaN, the
 * map's oobFill), a store leaves them unwritten.
 */
static void report_fill(const axe_tma_request *req, const axe_tma_region *r, axe_tma_plan *plan)
{
	int64_t all = 1, inside = 1;

	plan->nfilled = 0;
	for (size_t d = 0; d < r->rank; d++) {
		int64_t extent = req->global_shape.dim[d];
		int64_t end = r->end[d] < extent ? r->end[d] : extent;
		all *= r->end[d] - r->begin[d];
		inside *= end - r->begin[d];
		if (r->end[d] > extent)
			plan->filled[plan->nfilled++] = (struct axe_tma_fill){ (int)d, extent,
									       r->end[d] };
	}
	plan->filled_elements = all - inside;
}

/* Byte offsets of "L" must fit in 64 bits. */
static int check_bytes(const axe_layout *L, int64_t elem, const char *what,
		       const axe_tma_origin *at, axe_error *err)
{
	int m = axe_layout_axis_index(L, "m");
	int64_t lo, hi, span, bytes;

	if (m < 0)
		return 0;
	axe_layout_image_range(L, m, &lo, &hi); /* the swizzled addresses */
	if (axe_mul_ovf(lo, elem, &bytes) || axe_mul_ovf(hi, elem, &bytes) ||
	    axe_sub_ovf(hi, lo, &span) || axe_mul_ovf(span, elem, &bytes))
		return axe_error_set(err, AXE_ERR_OVERFLOW, at->loc.source ? &at->loc : NULL,
				     at->span, "the %s layout's byte offsets do not fit in 64 "
				     "bits", what);
	return 0;
}

/* The request's own checks: a dtype with a tensor-map type, positive box extents. */
static int check_request(const axe_tma_request *req, int64_t elem, axe_error *err)
{
	const axe_tma_origin *g = &req->global_at, *b = &req->box_at;

	if (!axe_dtype_get(req->dtype))
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "the copy needs an element type");
	if (!axe_tma_data_type_name(req->dtype))
		return axe_error_set(err, AXE_ERR_VALUE, g->loc.source ? &g->loc : NULL, g->span,
				     "element type %s has no tensor-map data type",
				     axe_dtype_get(req->dtype)->name);
	for (size_t i = 0; i < req->box_rank; i++)
		if (req->box[i] < 1)
			return axe_error_set(err, AXE_ERR_VALUE, b->loc.source ? &b->loc : NULL,
					     b->span, "box extents must be positive, not %lld",
					     (long long)req->box[i]);
	if (check_bytes(req->global, elem, "global", g, err) < 0 ||
	    check_bytes(req->smem, elem, "shared", &req->smem_at, err) < 0)
		return -1;
	return 0;
}

int axe_tma_plan_build(const axe_tma_request *req, axe_tma_plan *plan, axe_tma_refusal *why,
		       axe_error *err)
{
	axe_tma_refusal scratch;
	tma_work *w;
	int r;

	memset(plan, 0, sizeof(*plan));
	if (!why)
		why = &scratch;
	memset(why, 0, sizeof(*why));
	if (check_request(req, axe_tma_elem_bytes(req->dtype), err) < 0)
		return -1;
	if (req->interleave != AXE_TMA_INTERLEAVE_NONE) {
		axe_tma_refuse(why, "interleave none", "%s describes an NC/8HWC8-style interleaved "
			       "tensor, which a layout does not describe", axe_tma_interleave_name(
			       req->interleave));
		return axe_tma_fix(why, "use interleave none");
	}
	w = calloc(1, sizeof(*w));
	if (!w)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	w->req = req;
	w->elem = axe_tma_elem_bytes(req->dtype);
	r = axe_tma_modes(w, why, err);
	if (r == 1)
		r = req->box_rank ? forced_box(w, plan, why, err) : axe_tma_search(w, plan, why, err);
	if (r == 1)
		report_fill(req, &w->region, plan);
	free(w);
	return r;
}
