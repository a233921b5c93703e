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
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../core/dtype.h"
#include "../core/eval.h"
#include "mma_desc.h"

#define FIELD_MAX 0x3fff /* 14-bit fields, in 16-byte units */

/* log2 of "v", a power of two. */
static int exact_log2(int64_t v)
{
	int n = 0;

	while ((INT64_C(1) << n) < v)
		n++;
	return n;
}

/* The layout types of the two descriptor formats, by swizzle log2(W): none, 32B, 64B, 128B. */
static const uint32_t wgmma_layout_type[] = { 0, 3, 2, 1 };   /* PTX ISA, wgmma descriptor */
static const uint32_t tcgen05_layout_type[] = { 0, 6, 4, 2 }; /* PTX ISA, tcgen05 descriptor */
#define TCGEN05_BASE32B 1 /* 128-byte swizzle with 32-byte atoms: tcgen05 only */

/* What one derivation works on. */
typedef struct desc_work {
	const axe_mma_desc_request *req;
	axe_evaluator ev;
	int64_t elem, T, W, mn, k, kb;
	int64_t R;        /* rows of K per swizzle atom: 8, or 4 under BASE32B */
	int swz;          /* log2(W): 0 none, 1 32B, 2 64B, 3 128B */
	bool base32b;     /* the 128B swizzle of 32-byte atoms (tcgen05) */
	bool no_mode;     /* the layout's swizzle is no MMA mode (refused as not canonical) */
	int64_t lbo, sbo; /* the form's parameters, in 16-byte units */
} desc_work;

/* One mode of a layout printed in the tool's syntax. */
typedef struct mode_text {
	int64_t extent, stride;
} mode_text;

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

/* The unswizzled offset of element (mn, k), in elements, whichever dimension of the tile is K. */
static int64_t off(const desc_work *w, int64_t mn, int64_t k)
{
	int64_t base[AXE_MAX_AXES];

	axe_evaluator_base(&w->ev, w->req->k_first ? k * w->mn + mn : mn * w->k + k, base);
	return base[w->ev.m_axis] + w->req->smem->offset[w->ev.m_axis];
}

/* The canonical offset of (mn, k) within a K block, from its start (mma_desc.h). */
static int64_t canonical(const desc_work *w, axe_mma_major major, int64_t mn, int64_t k)
{
	int64_t T = w->T, W = w->W, WT = w->W * w->T;

	if (major == AXE_MMA_MAJOR_K)
		return mn % 8 * WT + mn / 8 * w->sbo * T + k % T + k / T * (W > 1 ? T : w->lbo * T);
	if (W > 1)
		return mn % WT + mn / WT * w->lbo * T + k % w->R * WT + k / w->R * w->sbo * T;
	return mn % T + mn / T * w->sbo * T + k % 8 * T + k / 8 * w->lbo * T;
}

/* The swizzle's name in the tool's syntax: a preset, or M,B,S for BASE32B. */
static const char *swizzle_name(const desc_work *w, char *buf, size_t size)
{
	if (w->base32b) {
		snprintf(buf, size, "%d,2,2", w->req->smem->swizzle.per_element);
		return buf;
	}
	return w->swz ? (const char *[]){ "", "32B", "64B", "128B" }[w->swz] : "none";
}

/* The dimension name of the tile's MN: M for operand A, N for B. */
static char mn_name(const desc_work *w)
{
	return w->req->operand == 'b' ? 'N' : 'M';
}

/*
 * "S[(...):(...)] with swizzle SW" of the MN modes "mn" and the K modes
 * "k" (outermost first), in the tile's dimension order.
 */
static void print_tile(const desc_work *w, const mode_text *mn, size_t nmn, const mode_text *k,
		       size_t nk, char *buf, size_t size)
{
	const mode_text *first = w->req->k_first ? k : mn, *second = w->req->k_first ? mn : k;
	size_t n1 = w->req->k_first ? nk : nmn, n2 = w->req->k_first ? nmn : nk, len;
	char sw[32];

	len = (size_t)snprintf(buf, size, "S[(");
	for (size_t i = 0; i < n1 + n2 && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%lld", i ? "," : "",
					(long long)(i < n1 ? first[i] : second[i - n1]).extent);
	for (size_t i = 0; i < n1 + n2 && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%lld", i ? "," : "):(",
					(long long)(i < n1 ? first[i] : second[i - n1]).stride);
	if (len < size)
		snprintf(buf + len, size - len, ")] with swizzle %s",
			 swizzle_name(w, sw, sizeof(sw)));
}

/* "64 x 256 (K x N)": the tile's extents in its own order, into "buf". */
static const char *dims_text(const desc_work *w, int64_t mn, int64_t k, char *buf, size_t size)
{
	if (w->req->k_first)
		snprintf(buf, size, "%lld x %lld (K x %c)", (long long)k, (long long)mn,
			 mn_name(w));
	else
		snprintf(buf, size, "%lld x %lld (%c x K)", (long long)mn, (long long)k,
			 mn_name(w));
	return buf;
}

/* The nearest canonical layout: the tile in swizzle atoms, atoms MN first. */
static void nearest(const desc_work *w, axe_mma_major major, char *buf, size_t size)
{
	int64_t WT = w->W * w->T, atom_rows = major == AXE_MMA_MAJOR_K ? 8 : WT;
	int64_t atom_cols = major == AXE_MMA_MAJOR_K ? WT : w->R;
	char sw[32], dims[64];

	if (major == AXE_MMA_MAJOR_K && w->k < WT && WT % w->k == 0 && w->mn % 8 == 0) {
		/* a K slice of one atom */
		mode_text mn[] = { { w->mn / 8, 8 * WT }, { 8, WT } }, k[] = { { w->k, 1 } };
		print_tile(w, mn, 2, k, 1, buf, size);
		return;
	}
	if (w->mn % atom_rows != 0 || w->k % atom_cols != 0) {
		snprintf(buf, size, "none of shape %s: a %s-major tile under swizzle %s is "
			 "made of %lld x %lld (%c x K) atoms",
			 dims_text(w, w->mn, w->k, dims, sizeof(dims)),
			 major == AXE_MMA_MAJOR_K ? "K" : "MN", swizzle_name(w, sw, sizeof(sw)),
			 (long long)atom_rows, (long long)atom_cols, mn_name(w));
		return;
	}
	if (major == AXE_MMA_MAJOR_K) {
		mode_text mn[] = { { w->mn / 8, 8 * WT }, { 8, WT } };
		mode_text k[] = { { w->k / WT, w->mn * WT }, { WT, 1 } };
		print_tile(w, mn, 2, k, 2, buf, size);
	} else {
		mode_text mn[] = { { w->mn / WT, w->R * WT }, { WT, 1 } };
		mode_text k[] = { { w->k / w->R, w->mn * w->R }, { w->R, WT } };
		print_tile(w, mn, 2, k, 2, buf, size);
	}
}

/* The form matched, one K block: the canonical layout with the tile's own LBO and SBO. */
static void form(const desc_work *w, axe_mma_major major, char *buf, size_t size)
{
	int64_t T = w->T, WT = w->W * w->T, U = w->W > 1 ? WT : T, R = w->W > 1 ? w->R : 8;
	char dims[64];
	size_t len;

	if (major == AXE_MMA_MAJOR_K) {
		mode_text mn[] = { { w->mn / 8, w->sbo * T }, { 8, WT } };
		mode_text k[] = { { 2, w->W > 1 ? T : w->lbo * T }, { T, 1 } };
		print_tile(w, mn, 2, k, 2, buf, size);
	} else {
		mode_text mn[] = { { w->mn / U, (w->W > 1 ? w->lbo : w->sbo) * T }, { U, 1 } };
		mode_text k[] = { { w->kb / R, (w->W > 1 ? w->sbo : w->lbo) * T }, { R, U } };
		print_tile(w, mn, 2, k, 2, buf, size);
	}
	len = strlen(buf);
	snprintf(buf + len, size - len, ", shape %s, at each K block's start",
		 dims_text(w, w->mn, w->kb, dims, sizeof(dims)));
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
		sbo_mode = w->base32b ? "the 4-row group of K (K / 4)"
				      : "the 8-row group of K (K / 8)";
		sbo_step = w->kb > w->R ? off(w, 0, w->R) - s0 : 0;
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
	const char *const mnmodes[] = { "MN within the swizzle atom", "K within the atom",
					"swizzle atom along MN",
					w->base32b ? "4-row group of K" : "8-row group of K" };
	int64_t probes[4][2], WT = w->W * w->T;
	bool kmaj = major == AXE_MMA_MAJOR_K;

	if (kmaj) {
		int64_t p[4][2] = { { 0, 1 }, { 1, 0 }, { 0, w->T }, { 8, 0 } };
		memcpy(probes, p, sizeof(p));
	} else {
		int64_t p[4][2] = { { 1, 0 }, { 0, 1 }, { WT, 0 }, { 0, w->W > 1 ? w->R : 8 } };
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
		 "elements from its start; the canonical form puts it at %lld",
		 (long long)(w->req->k_first ? bad_k : bad_mn),
		 (long long)(w->req->k_first ? bad_mn : bad_k),
		 (long long)(off(w, bad_mn, kbase + bad_k) - start),
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

/*
 * Whether "sw" is SWIZZLE_128B_BASE32B for elements of 16 / "T" bytes:
 * Swizzle<2,5,2> on byte addresses (CUTLASS's Layout_MN_SW128_32B_Atom),
 * on element offsets Swizzle(M, 2, 2) with M the log2 of the elements in
 * 32 bytes.
 */
static bool is_base32b(const axe_swizzle *sw, int64_t T)
{
	return sw->present && sw->len == 2 && sw->atom == 2 &&
	       (INT64_C(1) << sw->per_element) == 2 * T;
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
				     "dimensions; give its shape as %s (--shape)", req->shape.rank,
				     req->k_first ? (req->operand == 'b' ? "(K, N)" : "(K, M)")
						  : (req->operand == 'b' ? "(N, K)" : "(M, K)"));
	if (req->smem->naxes != 1 || axe_layout_axis_index(req->smem, "m") != 0 ||
	    req->smem->nreplica > 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "the operand layout must place "
				     "each element once on 'm' (shared memory offsets)");
	w->elem = info->bits / 8;
	w->T = 16 / w->elem;
	w->R = 8;
	name = axe_swizzle_preset_name(&req->smem->swizzle, req->dtype);
	if (name) {
		w->swz = strcmp(name, "none") == 0 ? 0 : req->smem->swizzle.len;
	} else {
		/* BASE32B, or no mode: refused as not canonical, the nearest under 128B */
		w->base32b = is_base32b(&req->smem->swizzle, w->T);
		w->no_mode = !w->base32b;
		w->swz = 3;
		w->R = w->base32b ? 4 : 8;
	}
	w->W = INT64_C(1) << w->swz;
	w->mn = req->shape.dim[req->k_first ? 1 : 0];
	w->k = req->shape.dim[req->k_first ? 0 : 1];
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
	int64_t start = d->kblock_bytes[0];

	d->start_address = (uint32_t)(start >> 4);
	d->base_offset = 0; /* the swizzle pattern starts at the buffer base (mma_desc.h) */
	d->version = w->req->mma == AXE_MMA_TCGEN05 ? 1 : 0;
	d->lbo_mode = 0;
	d->value = (uint64_t)d->start_address | (uint64_t)d->lbo << 16 | (uint64_t)d->sbo << 32 |
		   (uint64_t)d->base_offset << 49;
	if (w->req->mma == AXE_MMA_TCGEN05) {
		d->layout_type = w->base32b ? TCGEN05_BASE32B : tcgen05_layout_type[w->swz];
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

/* Refuse with "mode" and the message "fmt", the nearest layout of major-ness "near"; 0. */
static int refuse_mode(const desc_work *w, axe_mma_major near, axe_mma_refusal *why,
		       const char *mode, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int refuse_mode(const desc_work *w, axe_mma_major near, axe_mma_refusal *why,
		       const char *mode, const char *fmt, ...)
{
	va_list ap;

	snprintf(why->mode, sizeof(why->mode), "%s", mode);
	va_start(ap, fmt);
	vsnprintf(why->reason, sizeof(why->reason), fmt, ap);
	va_end(ap);
	nearest(w, near, why->nearest, sizeof(why->nearest));
	return 0;
}

/*
 * The operand modes the instruction has (mma_desc.h): a swizzle mode,
 * BASE32B only for tcgen05 MN-major, MN-major wgmma only for 16-bit
 * elements.  1, or 0 with "why".
 */
static int check_modes(const desc_work *w, axe_mma_major major, axe_mma_refusal *why)
{
	const axe_swizzle *sw = &w->req->smem->swizzle;
	bool wgmma = w->req->mma == AXE_MMA_WGMMA;
	int bits = (int)w->elem * 8;

	if (w->no_mode)
		return refuse_mode(w, major, why, "swizzle", "Swizzle(%d,%d,%d) is no MMA swizzle "
				   "mode: for %d-bit elements they are none, 32B, 64B and 128B "
				   "(Swizzle(%d,B,3), B = 1, 2, 3), and for tcgen05 MN-major "
				   "operands 128B with 32-byte atoms (Swizzle(%d,2,2))",
				   sw->per_element, sw->len, sw->atom, bits,
				   exact_log2(w->T), exact_log2(w->T) + 1);
	if (w->base32b && wgmma) {
		desc_work v = *w; /* the nearest under wgmma's 128B swizzle */
		v.base32b = false;
		v.R = 8;
		return refuse_mode(&v, w->elem == 2 ? major : AXE_MMA_MAJOR_K, why, "swizzle",
				   "the 128B swizzle with 32-byte atoms (Swizzle(%d,2,2), "
				   "SWIZZLE_128B_BASE32B) is a tcgen05 layout type; wgmma has "
				   "none",
				   sw->per_element);
	}
	if (w->base32b && major == AXE_MMA_MAJOR_K)
		return refuse_mode(w, AXE_MMA_MAJOR_MN, why, "major-ness", "the 128B swizzle "
				   "with 32-byte atoms (SWIZZLE_128B_BASE32B) describes MN-major "
				   "operands only");
	if (wgmma && major == AXE_MMA_MAJOR_MN && w->elem != 2)
		return refuse_mode(w, AXE_MMA_MAJOR_K, why, "major-ness", "wgmma reads MN-major "
				   "(transposed) operands only for 16-bit types (PTX ISA, "
				   "wgmma.mma_async: imm-trans-a and imm-trans-b only for "
				   ".f16/.bf16 from shared memory); operands of %d-bit elements "
				   "are K-major",
				   bits);
	return 1;
}

/* The checks on a request whose layout evaluates: canonical, fields that fit. */
static int derive(desc_work *w, axe_mma_desc *d, axe_mma_refusal *why, axe_error *err)
{
	axe_mma_major major = pick_major(w);
	int64_t nblocks = w->k / w->kb;
	char dims[64];

	if (!check_modes(w, major, why))
		return 0;
	if (w->k % w->kb != 0 || w->mn % 8 != 0)
		return refuse_mode(w, major, why, "tile", "the tile is %s; a descriptor covers "
				   "8-row groups of %c and K blocks of %lld elements (32 bytes)",
				   dims_text(w, w->mn, w->k, dims, sizeof(dims)), mn_name(w),
				   (long long)w->kb);
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
	d->base32b = w->base32b;
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
