/*
 * mma_desc.c: MMA shared-memory matrix descriptors (mma_desc.h).
 *
 * The layout is evaluated without its swizzle (the descriptor's addresses
 * are before the swizzle, which the hardware applies to the final address
 * bits): off(mn, k), in elements.  The canonical form's free parameters
 * (LBO, SBO) are read off at one probe each, then every element of every K
 * block is compared with the form; the first mode whose step differs is the
 * refusal, and the nearest canonical layout is the tile laid out in swizzle
 * atoms, MN first (CUTLASS's tile_to_shape of its Layout_*_Atom).
 */
#include <stdio.h>
#include <string.h>

#include "../core/dtype.h"
#include "../core/eval.h"
#include "mma_desc.h"

#define FIELD_MAX 0x3fff /* 14-bit fields, in 16-byte units */

/* The layout types of the two descriptor formats, by swizzle log2(W): none, 32B, 64B, 128B. */
static const uint32_t wgmma_layout_type[] = { 0, 3, 2, 1 };   /* PTX ISA, wgmma descriptor */
static const uint32_t tcgen05_layout_type[] = { 0, 6, 4, 2 }; /* PTX ISA, tcgen05 descriptor */

/* What one derivation works on. */
typedef struct desc_work {
	const axe_mma_desc_request *req;
	axe_evaluator ev;
	int64_t elem, T, W, mn, k, kb;
	int swz;        /* log2(W): 0 none, 1 32B, 2 64B, 3 128B */
	int64_t lbo, sbo; /* the form's parameters, in 16-byte units */
} desc_work;

int axe_mma_kind_parse(const char *text)
{
	return strcmp(text, "wgmma") == 0 ? AXE_MMA_WGMMA :
	       strcmp(text, "tcgen05") == 0 ? AXE_MMA_TCGEN05 : -1;
}

int axe_mma_major_parse(const char *text)
{
	return strcmp(text, "k") == 0 ? AXE_MMA_MAJOR_K :
	       strcmp(text, "mn") == 0 ? AXE_MMA_MAJOR_MN : -1;
}

/* The unswizzled offset of element (mn, k), in elements. */
static int64_t off(const desc_work *w, int64_t mn, int64_t k)
{
	int64_t base[AXE_MAX_AXES];

	axe_evaluator_base(&w->ev, mn * w->k + k, base);
	return base[w->ev.m_axis] + w->req->smem->offset[w->ev.m_axis];
}

/* The canonical offset of (mn, k) within a K block, from its start (mma_desc.h). */
static int64_t canonical(const desc_work *w, axe_mma_major major, int64_t mn, int64_t k)
{
	int64_t T = w->T, W = w->W, WT = w->W * w->T;

	if (major == AXE_MMA_MAJOR_K)
		return mn % 8 * WT + mn / 8 * w->sbo * T + k % T + k / T * (W > 1 ? T : w->lbo * T);
	if (W > 1)
		return mn % WT + mn / WT * w->lbo * T + k % 8 * WT + k / 8 * w->sbo * T;
	return mn % T + mn / T * w->sbo * T + k % 8 * T + k / 8 * w->lbo * T;
}

/* The nearest canonical layout: the tile in swizzle atoms, atoms MN first. */
static void nearest(const desc_work *w, axe_mma_major major, char *buf, size_t size)
{
	int64_t WT = w->W * w->T, atom_rows = major == AXE_MMA_MAJOR_K ? 8 : WT;
	int64_t atom_cols = major == AXE_MMA_MAJOR_K ? WT : 8;
	const char *sw = w->swz ? (const char *[]){ "", "32B", "64B", "128B" }[w->swz] : "none";

	if (major == AXE_MMA_MAJOR_K && w->k < WT && WT % w->k == 0 && w->mn % 8 == 0) {
		/* a K slice of one atom */
		snprintf(buf, size, "S[(%lld,8,%lld):(%lld,%lld,1)] with swizzle %s",
			 (long long)(w->mn / 8), (long long)w->k, (long long)(8 * WT), (long long)WT,
			 sw);
		return;
	}
	if (w->mn % atom_rows != 0 || w->k % atom_cols != 0) {
		snprintf(buf, size, "none of shape (%lld, %lld): a %s-major tile under swizzle %s "
			 "is made of %lld x %lld atoms", (long long)w->mn, (long long)w->k,
			 major == AXE_MMA_MAJOR_K ? "K" : "MN", sw, (long long)atom_rows,
			 (long long)atom_cols);
		return;
	}
	if (major == AXE_MMA_MAJOR_K)
		snprintf(buf, size, "S[(%lld,8,%lld,%lld):(%lld,%lld,%lld,1)] with swizzle %s",
			 (long long)(w->mn / 8), (long long)(w->k / WT), (long long)WT,
			 (long long)(8 * WT), (long long)WT, (long long)(w->mn * WT), sw);
	else
		snprintf(buf, size, "S[(%lld,%lld,%lld,8):(%lld,1,%lld,%lld)] with swizzle %s",
			 (long long)(w->mn / WT), (long long)WT, (long long)(w->k / 8),
			 (long long)(8 * WT), (long long)(w->mn * 8), (long long)WT, sw);
}

/* The form matched, one K block: the canonical layout with the tile's own LBO and SBO. */
static void form(const desc_work *w, axe_mma_major major, char *buf, size_t size)
{
	int64_t T = w->T, WT = w->W * w->T;
	const char *sw = w->swz ? (const char *[]){ "", "32B", "64B", "128B" }[w->swz] : "none";

	if (major == AXE_MMA_MAJOR_K)
		snprintf(buf, size, "S[(%lld,8,2,%lld):(%lld,%lld,%lld,1)] with swizzle %s, shape "
			 "(%lld, %lld), at each K block's start", (long long)(w->mn / 8),
			 (long long)T, (long long)(w->sbo * T), (long long)WT,
			 (long long)(w->W > 1 ? T : w->lbo * T), sw, (long long)w->mn,
			 (long long)w->kb);
	else
		snprintf(buf, size, "S[(%lld,%lld,%lld,8):(%lld,1,%lld,%lld)] with swizzle %s, shape "
			 "(%lld, %lld), at each K block's start",
			 (long long)(w->mn / (w->W > 1 ? WT : T)), (long long)(w->W > 1 ? WT : T),
			 (long long)(w->kb / 8), (long long)((w->W > 1 ? w->lbo : w->sbo) * T),
			 (long long)((w->W > 1 ? w->sbo : w->lbo) * T), (long long)(w->W > 1 ? WT : T),
			 sw, (long long)w->mn, (long long)w->kb);
}

/* Refuse: "mode" steps by "got" elements where the canonical form steps by "want". */
static int refuse(const desc_work *w, axe_mma_major major, axe_mma_refusal *why,
		  const char *mode, int64_t got, int64_t want)
{
	snprintf(why->mode, sizeof(why->mode), "%s", mode);
	snprintf(why->reason, sizeof(why->reason), "mode '%s' steps by %lld elements (%lld bytes); "
		 "a canonical %s-major operand steps by %lld (%lld bytes)", mode, (long long)got,
		 (long long)(got * w->elem), major == AXE_MMA_MAJOR_K ? "K" : "MN",
		 (long long)want, (long long)(want * w->elem));
	nearest(w, major, why->nearest, sizeof(why->nearest));
	return 0;
}

/*
 * Read LBO and SBO off their probes: the step of the mode they stand for,
 * in 16-byte units; a mode of extent 1 (one atom) has none, and CUTLASS
 * encodes 0.  1, or 0 with "why" when a step is not a whole number of units.
 */
static int read_offsets(desc_work *w, axe_mma_major major, axe_mma_refusal *why)
{
	int64_t s0 = off(w, 0, 0), lbo_step = 0, sbo_step = 0, WT = w->W * w->T;
	const char *lbo_mode = NULL, *sbo_mode;

	if (major == AXE_MMA_MAJOR_K) {
		sbo_mode = "the 8-row group (MN / 8)";
		sbo_step = w->mn > 8 ? off(w, 8, 0) - s0 : 0;
		if (w->W == 1) {
			lbo_mode = "the 16-byte chunk of K (K / T)";
			lbo_step = off(w, 0, w->T) - s0;
		}
	} else if (w->W > 1) {
		lbo_mode = "the swizzle atom along MN (MN / (W*T))";
		lbo_step = w->mn > WT ? off(w, WT, 0) - s0 : 0;
		sbo_mode = "the 8-row group of K (K / 8)";
		sbo_step = w->kb > 8 ? off(w, 0, 8) - s0 : 0;
	} else {
		sbo_mode = "the 16-byte chunk of MN (MN / T)";
		sbo_step = w->mn > w->T ? off(w, w->T, 0) - s0 : 0;
		lbo_mode = "the 8-row group of K (K / 8)";
		lbo_step = w->kb > 8 ? off(w, 0, 8) - s0 : 0;
	}
	if (sbo_step < 0 || sbo_step % w->T != 0)
		return refuse(w, major, why, sbo_mode, sbo_step, (sbo_step / w->T + 1) * w->T);
	if (lbo_mode && (lbo_step < 0 || lbo_step % w->T != 0))
		return refuse(w, major, why, lbo_mode, lbo_step, (lbo_step / w->T + 1) * w->T);
	w->sbo = sbo_step / w->T;
	w->lbo = major == AXE_MMA_MAJOR_K && w->W > 1 ? 1 : lbo_step / w->T;
	return 1;
}

/* The mode of element (mn, k) that first differs from the form, and its steps: for the refusal. */
static int first_mode(const desc_work *w, axe_mma_major major, int64_t kbase, int64_t bad_mn,
		      int64_t bad_k, axe_mma_refusal *why)
{
	int64_t start = off(w, 0, kbase);
	static const char *const kmodes[] = { "K within 16 bytes", "MN within the swizzle atom",
					       "16-byte chunk of K", "8-row group (MN / 8)" };
	static const char *const mnmodes[] = { "MN within the swizzle atom", "K within the atom",
					       "swizzle atom along MN", "8-row group of K" };
	int64_t probes[4][2], WT = w->W * w->T;
	bool kmaj = major == AXE_MMA_MAJOR_K;

	if (kmaj) {
		int64_t p[4][2] = { { 0, 1 }, { 1, 0 }, { 0, w->T }, { 8, 0 } };
		memcpy(probes, p, sizeof(p));
	} else {
		int64_t p[4][2] = { { 1, 0 }, { 0, 1 }, { WT, 0 }, { 0, 8 } };
		memcpy(probes, p, sizeof(p));
	}
	for (int i = 0; i < 4; i++) {
		int64_t mn = probes[i][0], k = probes[i][1], got, want;
		if (mn >= w->mn || k >= w->kb)
			continue;
		got = off(w, mn, kbase + k) - start;
		want = canonical(w, major, mn, k);
		if (got != want)
			return refuse(w, major, why, kmaj ? kmodes[i] : mnmodes[i], got, want);
	}
	refuse(w, major, why, "tile", 0, 0);
	snprintf(why->reason, sizeof(why->reason), "element (%lld, %lld) of the K block lies %lld "
		 "elements from its start; the canonical form puts it at %lld", (long long)bad_mn,
		 (long long)bad_k, (long long)(off(w, bad_mn, kbase + bad_k) - start),
		 (long long)canonical(w, major, bad_mn, bad_k));
	return 0;
}

/* Check K block "b" against the form: 1, or 0 with "why". */
static int check_block(const desc_work *w, axe_mma_major major, int64_t b, axe_mma_refusal *why)
{
	int64_t start = off(w, 0, b * w->kb);

	for (int64_t mn = 0; mn < w->mn; mn++)
		for (int64_t k = 0; k < w->kb; k++)
			if (off(w, mn, b * w->kb + k) - start != canonical(w, major, mn, k)) {
				int r = first_mode(w, major, b * w->kb, mn, k, why);
				if (b > 0) {
					size_t n = strlen(why->reason);
					snprintf(why->reason + n, sizeof(why->reason) - n, " (in K block "
						 "%lld)", (long long)b);
				}
				return r;
			}
	return 1;
}

/* The major-ness: as asked, else the one whose contiguous mode has stride 1. */
static axe_mma_major pick_major(const desc_work *w)
{
	int64_t s0 = off(w, 0, 0);

	if (w->req->major != AXE_MMA_MAJOR_INFER)
		return w->req->major;
	if (w->k > 1 && off(w, 0, 1) - s0 == 1)
		return AXE_MMA_MAJOR_K;
	return w->mn > 1 && off(w, 1, 0) - s0 == 1 ? AXE_MMA_MAJOR_MN : AXE_MMA_MAJOR_K;
}

/* The request's own checks: the shape, the axis, the swizzle, the element type. */
static int check_request(desc_work *w, axe_error *err)
{
	const axe_mma_desc_request *req = w->req;
	const axe_dtype_info *info = axe_dtype_get(req->dtype);
	const char *name;

	if (!info || info->bits % 8 != 0 || 16 % (info->bits / 8) != 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "the operand needs an element "
				     "type of 1, 2 or 4 bytes (--dtype)");
	if (req->shape.rank != 2)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "the operand tile has %zu "
				     "dimensions; give its shape as (%s, K) (--shape)",
				     req->shape.rank, req->operand == 'b' ? "N" : "M");
	if (req->smem->naxes != 1 || axe_layout_axis_index(req->smem, "m") != 0 ||
	    req->smem->nreplica > 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "the operand layout must place "
				     "each element once on 'm' (shared memory offsets)");
	name = axe_swizzle_preset_name(&req->smem->swizzle, req->dtype);
	if (!name)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "the layout's swizzle is not one "
				     "of the MMA swizzle modes (none, 32B, 64B, 128B for %s)",
				     info->name);
	w->elem = info->bits / 8;
	w->T = 16 / w->elem;
	w->swz = strcmp(name, "none") == 0 ? 0 : req->smem->swizzle.len;
	w->W = INT64_C(1) << w->swz;
	w->mn = req->shape.dim[0];
	w->k = req->shape.dim[1];
	w->kb = 2 * w->T; /* 32 bytes of K per descriptor */
	return 0;
}

/* A field in 16-byte units that must fit 14 bits: 0, or -1 ("err"). */
static int fits(int64_t v, const char *what, axe_error *err)
{
	if (v >= 0 && v <= FIELD_MAX)
		return 0;
	return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0, "the %s is %lld bytes; the descriptor's "
			     "14-bit field holds 0 to %d bytes", what, (long long)(v * 16),
			     FIELD_MAX * 16);
}

/* Encode the fields of "d" into d->value. */
static void encode(const desc_work *w, axe_mma_desc *d)
{
	int repeat = 256 << (w->swz > 0 ? w->swz - 1 : 0);
	int64_t start = d->kblock_bytes[0];

	d->start_address = (uint32_t)(start >> 4);
	d->base_offset = w->swz ? (uint32_t)((start % repeat) >> 7) : 0;
	d->version = w->req->mma == AXE_MMA_TCGEN05 ? 1 : 0;
	d->lbo_mode = 0;
	d->value = (uint64_t)d->start_address | (uint64_t)d->lbo << 16 | (uint64_t)d->sbo << 32 |
		   (uint64_t)d->base_offset << 49;
	if (w->req->mma == AXE_MMA_TCGEN05) {
		d->layout_type = tcgen05_layout_type[w->swz];
		d->value |= (uint64_t)d->version << 46 | (uint64_t)d->layout_type << 61;
	} else {
		d->layout_type = wgmma_layout_type[w->swz];
		d->value |= (uint64_t)d->layout_type << 62;
	}
}

uint64_t axe_mma_desc_kblock(const axe_mma_desc *desc, int64_t b)
{
	uint64_t start = (uint64_t)(desc->kblock_bytes[b] >> 4) & FIELD_MAX;

	return (desc->value & ~(uint64_t)FIELD_MAX) | start;
}

/* The checks on a request whose layout evaluates: canonical, fields that fit. */
static int derive(desc_work *w, axe_mma_desc *d, axe_mma_refusal *why, axe_error *err)
{
	axe_mma_major major = pick_major(w);
	int64_t nblocks = w->k / w->kb;

	if (w->k % w->kb != 0 || w->mn % 8 != 0) {
		snprintf(why->mode, sizeof(why->mode), "tile");
		snprintf(why->reason, sizeof(why->reason), "the tile is %lld x %lld; a descriptor "
			 "covers 8-row groups of MN and K blocks of %lld elements (32 bytes)",
			 (long long)w->mn, (long long)w->k, (long long)w->kb);
		nearest(w, major, why->nearest, sizeof(why->nearest));
		return 0;
	}
	if (nblocks > AXE_MMA_MAX_KBLOCKS)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0, "the tile has %lld K blocks; at "
				     "most %d", (long long)nblocks, AXE_MMA_MAX_KBLOCKS);
	if (!read_offsets(w, major, why))
		return 0;
	for (int64_t b = 0; b < nblocks; b++) {
		if (!check_block(w, major, b, why))
			return 0;
		d->kblock_bytes[b] = off(w, 0, b * w->kb) * w->elem;
		if (d->kblock_bytes[b] % 16 != 0 || d->kblock_bytes[b] < 0)
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "K block %lld starts %lld "
					     "bytes into the buffer, not a multiple of 16",
					     (long long)b, (long long)d->kblock_bytes[b]);
		if (fits(d->kblock_bytes[b] / 16, "start address", err) < 0)
			return -1;
	}
	if (fits(w->lbo, "leading byte offset", err) < 0 ||
	    fits(w->sbo, "stride byte offset", err) < 0)
		return -1;
	d->major = major;
	d->swizzle_bytes = w->swz ? 16 << w->swz : 0;
	d->mn = w->mn;
	d->k = w->k;
	d->k_block = w->kb;
	d->nkblocks = nblocks;
	d->lbo = (uint32_t)w->lbo;
	d->sbo = (uint32_t)w->sbo;
	form(w, major, d->canonical, sizeof(d->canonical));
	encode(w, d);
	return 1;
}

int axe_mma_desc_build(const axe_mma_desc_request *req, axe_mma_desc *desc,
		       axe_mma_refusal *why, axe_error *err)
{
	desc_work w = { .req = req };
	axe_mma_refusal scratch;
	int r;

	memset(desc, 0, sizeof(*desc));
	if (!why)
		why = &scratch;
	memset(why, 0, sizeof(*why));
	if (check_request(&w, err) < 0 || axe_evaluator_init(&w.ev, req->smem, &req->shape, err) < 0)
		return -1;
	r = derive(&w, desc, why, err);
	axe_evaluator_release(&w.ev);
	return r;
}
