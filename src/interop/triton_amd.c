/*
 * triton_amd.c: AMD's matrix-core register layouts as LinearLayouts, as
 * lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp of triton-lang/triton
 * (commit e3b5495253313e42ad074906ea8e2063b70dcc69) defines them:
 * AMDMfmaEncodingAttr::toLinearLayout (#ttg.amd_mfma), mfmaDotToLinearLayout
 * (#ttg.dot_op with an amd_mfma parent), AMDWmmaEncodingAttr::getTileLayout
 * and ::toLinearLayout (#ttg.amd_wmma) and wmmaDotOperandToLinearLayout.
 * Parameters as the attributes' parse and verify (Dialect.cpp) take them:
 * mfma's tilesPerWarp defaults to ones, elementBitWidth to 32; wmma's
 * instrShape to [16, 16, 16], its ctaLayout's registers to none.  An MFMA
 * wavefront has 64 lanes, a WMMA one 32.
 */
#include <string.h>

#include "triton_enc.h"

#define WAVE 64

/* An amd_mfma attribute's parameters. */
typedef struct mfma_params {
	int64_t warps[AXE_LINEAR_MAX_RANK], instr[AXE_LINEAR_MAX_RANK], tiles[AXE_LINEAR_MAX_RANK];
	int64_t bits;
	bool transposed;
	axe_linear cga;
} mfma_params;

static int get_mfma(tt_ctx *c, const tt_attr *a, size_t rank, mfma_params *m, axe_error *err)
{
	const tt_value *ver = tt_param(c, a, "version", true, err);
	const tt_value *wpc = tt_param(c, a, "warpsPerCTA", true, err);
	const tt_value *instr = tt_param(c, a, "instrShape", true, err);
	const tt_value *trans = tt_param(c, a, "isTransposed", true, err);
	const tt_value *tpw = tt_param(c, a, "tilesPerWarp", false, err);
	const tt_value *ebw = tt_param(c, a, "elementBitWidth", false, err);
	int64_t version = 0;
	size_t ninstr = 0;

	m->bits = 32;
	for (size_t d = 0; d < rank; d++)
		m->tiles[d] = 1;
	if (!ver || !wpc || !instr || !trans ||
	    tt_get_int(c, ver, 0, 4, "version", &version, err) < 0 ||
	    tt_get_list(c, wpc, rank, true, "warpsPerCTA", m->warps, NULL, err) < 0 ||
	    tt_get_list(c, instr, 0, true, "instrShape", m->instr, &ninstr, err) < 0 ||
	    (tpw && tt_get_list(c, tpw, rank, true, "tilesPerWarp", m->tiles, NULL, err) < 0) ||
	    (ebw && tt_get_int(c, ebw, 32, 64, "elementBitWidth", &m->bits, err) < 0) ||
	    tt_get_cga(c, a, rank, &m->cga, err) < 0)
		return -1;
	if (trans->kind != TT_BOOL)
		return tt_fail(c, trans->pos, trans->len, err, "isTransposed is true or false");
	m->transposed = trans->num;
	if (rank != 2 && rank != 3)
		return tt_fail(c, a->pos, 1, err, "#ttg.amd_mfma lays out 2-d or 3-d tensors");
	if (ninstr < 2 || !((m->instr[0] == 32 && m->instr[1] == 32) ||
			    (m->instr[0] == 16 && m->instr[1] == 16) ||
			    (m->instr[0] == 64 && m->instr[1] == 4) ||
			    (m->instr[0] == 4 && m->instr[1] == 64)))
		return tt_fail(c, instr->pos, instr->len, err, "instrShape (M, N, ...) must be 32x32, "
			       "16x16, 64x4 or 4x64");
	if (m->bits != 32 && m->bits != 64)
		return tt_fail(c, ebw->pos, ebw->len, err, "elementBitWidth must be 32 or 64");
	if (m->instr[0] == 64 && m->instr[1] == 4 && !m->transposed)
		return tt_fail(c, trans->pos, trans->len, err, "a 64x4 mfma must be transposed");
	return 0;
}

/* *L *= identity1D(size, in, dim), nothing when size < 1 (Triton's empty identity). */
static int times(axe_linear *L, int64_t size, int in, int dim, axe_error *err)
{
	return size < 1 ? 0 : axe_linear_mul_identity(L, size, in, dim, err);
}

/*
 * One instruction's tile: "height" registers along the register dim, then
 * lanes along the lane dim and the rest of the wavefront along the register
 * dim, then the remaining tiles in registers; out-dims (N, M).
 */
static int mfma_tile(const mfma_params *m, int dim_m, int dim_n, size_t rank, axe_linear *t,
		     axe_error *err)
{
	int64_t height = m->bits == 64 ? 1 : 4, tiles = m->instr[0] * m->instr[1] / (WAVE * height);
	int reg_dim = m->transposed ? dim_n : dim_m, lane_dim = m->transposed ? dim_m : dim_n;
	int64_t lanes = m->transposed ? m->instr[0] : m->instr[1];
	int order[2] = { dim_n, dim_m };

	axe_linear_init(t, rank);
	if (times(t, height, AXE_LINEAR_REGISTER, reg_dim, err) < 0 ||
	    times(t, lanes, AXE_LINEAR_LANE, lane_dim, err) < 0 ||
	    times(t, WAVE / lanes, AXE_LINEAR_LANE, reg_dim, err) < 0 ||
	    times(t, tiles, AXE_LINEAR_REGISTER, reg_dim, err) < 0)
		return -1;
	axe_linear_transpose_outs(t, order, 2);
	return 0;
}

int tt_enc_mfma(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
		axe_linear *out, axe_error *err)
{
	int batch = rank == 3, mi = batch, ni = 1 + batch;
	axe_linear t;
	mfma_params m;

	if (get_mfma(c, a, rank, &m, err) < 0 || mfma_tile(&m, mi, ni, rank, &t, err) < 0)
		return -1;
	/*
	 * N first (tiles per warp, warps, then register repeats over the whole
	 * N), then M (tiles per warp, warps): the N-contiguous tile order
	 * Triton's MFMA dot lowering assumes.
	 */
	if (times(&t, m.tiles[ni], AXE_LINEAR_REGISTER, ni, err) < 0 ||
	    times(&t, m.warps[ni], AXE_LINEAR_WARP, ni, err) < 0 ||
	    times(&t, shape[ni] / (m.instr[1] * m.warps[ni] * m.tiles[ni]), AXE_LINEAR_REGISTER, ni,
		  err) < 0 ||
	    times(&t, m.tiles[mi], AXE_LINEAR_REGISTER, mi, err) < 0 ||
	    times(&t, m.warps[mi], AXE_LINEAR_WARP, mi, err) < 0)
		return -1;
	if (batch && (times(&t, 1, AXE_LINEAR_REGISTER, 0, err) < 0 ||
		      times(&t, 1, AXE_LINEAR_LANE, 0, err) < 0 ||
		      times(&t, m.warps[0], AXE_LINEAR_WARP, 0, err) < 0))
		return -1;
	t.has_in[AXE_LINEAR_WARP] = true;
	return tt_combine(&t, &m.cga, AXE_LINEAR_REGISTER, shape, out, err);
}

/*
 * mfmaDotToLinearLayout: kWidth registers along K, the non-K dim of the
 * instruction in lanes, the rest of the wavefront along K; K repeated to
 * the shape, tiles per warp along the non-K dim; warps as the parent's
 * (row-major, not broadcast), then the parent's CGA layout.
 */
int tt_enc_mfma_dot(tt_ctx *c, const tt_attr *pa, int op, int64_t kwidth,
		    const int64_t *shape, size_t rank, axe_linear *out, axe_error *err)
{
	int kdim = op == 0 ? (int)rank - 1 : (int)rank - 2;
	int nonk = op == 0 ? (int)rank - 2 : (int)rank - 1, order[2] = { kdim, nonk };
	int warp_order[AXE_LINEAR_MAX_RANK];
	int64_t nonk_size, ktile;
	axe_linear t, w;
	mfma_params m;

	if (get_mfma(c, pa, rank, &m, err) < 0)
		return -1;
	if (kwidth < 1 || !tt_pow2(kwidth))
		return tt_fail(c, pa->pos, 1, err, "dot_op with an amd_mfma parent needs kWidth, a "
			       "power of two");
	nonk_size = op == 0 ? m.instr[0] : m.instr[1];
	ktile = WAVE / nonk_size * kwidth;
	axe_linear_init(&t, rank);
	if (times(&t, kwidth, AXE_LINEAR_REGISTER, kdim, err) < 0 ||
	    times(&t, nonk_size, AXE_LINEAR_LANE, nonk, err) < 0 ||
	    times(&t, WAVE / nonk_size, AXE_LINEAR_LANE, kdim, err) < 0)
		return -1;
	/* The 64x4 and 4x64 instructions' 64-wide operand repeats 16 times along K. */
	if ((m.instr[0] == 64 && m.instr[1] == 4 && op == 0) ||
	    (m.instr[0] == 4 && m.instr[1] == 64 && op == 1)) {
		if (times(&t, 16, AXE_LINEAR_REGISTER, kdim, err) < 0)
			return -1;
		ktile *= 16;
	}
	if ((shape[kdim] > ktile && times(&t, shape[kdim] / ktile, AXE_LINEAR_REGISTER, kdim,
					  err) < 0) ||
	    times(&t, m.tiles[nonk], AXE_LINEAR_REGISTER, nonk, err) < 0)
		return -1;
	axe_linear_transpose_outs(&t, order, 2);
	if (rank == 3 && (times(&t, 1, AXE_LINEAR_REGISTER, 0, err) < 0 ||
			  times(&t, 1, AXE_LINEAR_LANE, 0, err) < 0))
		return -1;
	tt_reverse_order(warp_order, rank);
	axe_linear_init(&w, rank);
	if (axe_linear_identity_nd(&w, AXE_LINEAR_WARP, m.warps, warp_order, err) < 0 ||
	    axe_linear_mul(&t, &t, &w, err) < 0)
		return -1;
	return tt_combine(&t, &m.cga, AXE_LINEAR_REGISTER, shape, out, err);
}

/* An amd_wmma attribute's parameters; cta: its ctaLayout (register and warp bases). */
typedef struct wmma_params {
	int64_t version, instr[3];
	bool transposed;
	axe_linear cta, cga;
} wmma_params;

/* AMDWmmaEncodingAttr::verify's instruction shapes of each version. */
static bool wmma_shape_valid(int64_t version, const int64_t *s)
{
	static const int64_t shapes[][4] = { { 1, 16, 16, 16 }, { 2, 16, 16, 16 },
					     { 2, 16, 16, 32 }, { 3, 16, 16, 4 },
					     { 3, 16, 16, 32 }, { 3, 16, 16, 64 },
					     { 3, 16, 16, 128 }, { 3, 32, 16, 64 },
					     { 3, 32, 16, 128 } };

	for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
		if (shapes[i][0] == version && shapes[i][1] == s[0] && shapes[i][2] == s[1] &&
		    shapes[i][3] == s[2])
			return true;
	return false;
}

/*
 * The ctaLayout dictionary: warp bases (and register bases, 1 when absent),
 * each "rank" coordinates, sizes the next power of two above the bases
 * (AMDWmmaEncodingAttr::parse).
 */
static int wmma_cta(tt_ctx *c, const tt_attr *a, size_t rank, axe_linear *cta, axe_error *err)
{
	const tt_value *d = tt_param(c, a, "ctaLayout", true, err);
	const tt_entry *warp, *reg;

	axe_linear_init(cta, rank);
	if (!d)
		return -1;
	if (d->kind != TT_ATTR || d->attr->name[0] != '\0')
		return tt_fail(c, d->pos, d->len, err, "ctaLayout must be a dictionary like "
			       "{warp = [[0, 1], [1, 0]]}");
	for (size_t i = 0; i < d->attr->nentry; i++)
		if (strcmp(d->attr->entry[i].key, "warp") != 0 &&
		    strcmp(d->attr->entry[i].key, "register") != 0)
			return tt_fail(c, d->attr->entry[i].pos, strlen(d->attr->entry[i].key), err,
				       "ctaLayout has register and warp bases only");
	if (!(warp = tt_attr_find(d->attr, "warp")))
		return tt_fail(c, d->pos, 1, err, "ctaLayout needs its warp bases");
	reg = tt_attr_find(d->attr, "register");
	if (tt_linear_bases(c, &warp->value, AXE_LINEAR_WARP, rank, cta, err) < 0 ||
	    (reg && tt_linear_bases(c, &reg->value, AXE_LINEAR_REGISTER, rank, cta, err) < 0))
		return -1;
	cta->has_in[AXE_LINEAR_REGISTER] = true;
	tt_fit_out_sizes(cta, NULL);
	return 0;
}

static int get_wmma(tt_ctx *c, const tt_attr *a, size_t rank, wmma_params *w, axe_error *err)
{
	const tt_value *ver = tt_param(c, a, "version", true, err);
	const tt_value *r = tt_param(c, a, "rank", false, err);
	const tt_value *trans = tt_param(c, a, "isTranspose", false, err);
	const tt_value *instr = tt_param(c, a, "instrShape", false, err);
	int64_t given = 2;
	size_t n = 3;

	w->instr[0] = w->instr[1] = w->instr[2] = 16;
	if (!ver || tt_get_int(c, ver, 1, 3, "version", &w->version, err) < 0 ||
	    (r && tt_get_int(c, r, 2, 3, "rank", &given, err) < 0) ||
	    (instr && tt_get_list(c, instr, 3, true, "instrShape", w->instr, &n, err) < 0) ||
	    wmma_cta(c, a, rank, &w->cta, err) < 0 || tt_get_cga(c, a, rank, &w->cga, err) < 0)
		return -1;
	if (trans && trans->kind != TT_BOOL)
		return tt_fail(c, trans->pos, trans->len, err, "isTranspose is true or false");
	w->transposed = trans && trans->num;
	if (rank != 2 && rank != 3)
		return tt_fail(c, a->pos, 1, err, "#ttg.amd_wmma lays out 2-d or 3-d tensors");
	if (r && (size_t)given != rank)
		return tt_fail(c, r->pos, r->len, err, "rank = %lld, but the tensor has %zu dims",
			       (long long)given, rank);
	if (!wmma_shape_valid(w->version, w->instr))
		return tt_fail(c, instr ? instr->pos : ver->pos, 1, err, "instrShape [%lld, %lld, "
			       "%lld] is not one of WMMA version %lld's", (long long)w->instr[0],
			       (long long)w->instr[1], (long long)w->instr[2], (long long)w->version);
	return 0;
}

/* Append the basis (x, y) on (dims a, b) to in-dim "in". */
static int push2(axe_linear *t, int in, int a, int b, int32_t x, int32_t y, axe_error *err)
{
	int n = t->nbits[in];

	if (n >= AXE_LINEAR_MAX_BITS)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0, "too many bases");
	memset(t->basis[in][n], 0, sizeof(t->basis[in][n]));
	t->basis[in][n][a] = x;
	t->basis[in][n][b] = y;
	t->nbits[in]++;
	t->has_in[in] = true;
	return 0;
}

/*
 * AMDWmmaEncodingAttr::getTileLayout: one instruction's registers and 32
 * lanes, written on (the thread order's first dim, its second): version 1
 * registers every other row, version 2/3 eight rows (32x16: sixteen, in
 * two halves) and the second 16 lanes 8 rows down.
 */
static int wmma_tile(const wmma_params *w, size_t rank, axe_linear *t, axe_error *err)
{
	static const int32_t v1_reg[3][2] = { { 0, 2 }, { 0, 4 }, { 0, 8 } };
	static const int32_t v2_reg[4][2] = { { 0, 1 }, { 0, 2 }, { 0, 4 }, { 0, 16 } };
	int m = (int)rank - 2, n = (int)rank - 1;
	int a = w->transposed ? m : n, b = w->transposed ? n : m;
	int nreg = w->version == 1 ? 3 : w->instr[0] == 32 && w->instr[1] == 16 ? 4 : 3;

	axe_linear_init(t, rank);
	for (int i = 0; i < nreg; i++) {
		const int32_t *r = w->version == 1 ? v1_reg[i] : v2_reg[i];

		if (push2(t, AXE_LINEAR_REGISTER, a, b, r[0], r[1], err) < 0)
			return -1;
	}
	for (int32_t l = 1; l < 16; l *= 2)
		if (push2(t, AXE_LINEAR_LANE, a, b, l, 0, err) < 0)
			return -1;
	if (push2(t, AXE_LINEAR_LANE, a, b, 0, w->version == 1 ? 1 : 8, err) < 0)
		return -1;
	tt_fit_out_sizes(t, NULL);
	return 0;
}

/*
 * AMDWmmaEncodingAttr::toLinearLayout: the tile times the ctaLayout, out-dims
 * from the last to the first (the repetition order legacy tests keep), then
 * combined with the CGA layout.
 */
int tt_enc_wmma(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
		axe_linear *out, axe_error *err)
{
	int order[AXE_LINEAR_MAX_RANK];
	axe_linear t;
	wmma_params w;

	if (get_wmma(c, a, rank, &w, err) < 0 || wmma_tile(&w, rank, &t, err) < 0 ||
	    axe_linear_mul(&t, &t, &w.cta, err) < 0)
		return -1;
	tt_reverse_order(order, rank);
	axe_linear_transpose_outs(&t, order, rank);
	return tt_combine(&t, &w.cga, AXE_LINEAR_REGISTER, shape, out, err);
}

/*
 * wmmaDotOperandToLinearLayout: kWidth registers along K, 16 lanes along
 * the non-K dim, the other 16 lanes along K (version 1: the same K again),
 * K repeated over the instruction's K, a 32-row non-K dim in registers;
 * times the ctaLayout with its K coordinates zeroed and its zeroed
 * registers dropped; out-dims K first; then the dot operand's CGA layout.
 */
int tt_enc_wmma_dot(tt_ctx *c, const tt_attr *pa, int op, int64_t kwidth,
		    const int64_t *shape, size_t rank, axe_linear *out, axe_error *err)
{
	int kdim = op == 0 ? (int)rank - 1 : (int)rank - 2;
	int nonk = op == 0 ? (int)rank - 2 : (int)rank - 1, order[AXE_LINEAR_MAX_RANK];
	int64_t nonk_size;
	axe_linear t;
	wmma_params w;

	if (get_wmma(c, pa, rank, &w, err) < 0)
		return -1;
	if (kwidth < 1 || !tt_pow2(kwidth))
		return tt_fail(c, pa->pos, 1, err, "dot_op with an amd_wmma parent needs kWidth, a "
			       "power of two");
	/* getOperandNonKDim: an asymmetric transposed instruction swaps the operands. */
	nonk_size = w.instr[w.transposed && w.instr[0] != w.instr[1] ? 1 - op : op];
	axe_linear_init(&t, rank);
	if (times(&t, kwidth, AXE_LINEAR_REGISTER, kdim, err) < 0 ||
	    times(&t, 16, AXE_LINEAR_LANE, nonk, err) < 0 ||
	    (w.version == 1 ? axe_linear_mul_zeros(&t, 2, AXE_LINEAR_LANE, kdim, err) :
	     times(&t, 2, AXE_LINEAR_LANE, kdim, err)) < 0 ||
	    times(&t, w.instr[2] / (2 * kwidth), AXE_LINEAR_REGISTER, kdim, err) < 0 ||
	    (nonk_size / 16 > 1 && times(&t, nonk_size / 16, AXE_LINEAR_REGISTER, nonk, err) < 0))
		return -1;
	/* projectAwayOutDim, then actionRemoveBroadcastedRegs, on the ctaLayout. */
	for (int in = 0; in < AXE_LINEAR_NIN; in++) {
		int kept = 0;

		for (int i = 0; i < w.cta.nbits[in]; i++) {
			bool zero = true;

			w.cta.basis[in][i][kdim] = 0;
			for (size_t d = 0; d < rank; d++)
				zero &= w.cta.basis[in][i][d] == 0;
			if (!(zero && in == AXE_LINEAR_REGISTER))
				memmove(w.cta.basis[in][kept++], w.cta.basis[in][i],
					sizeof(w.cta.basis[in][i]));
		}
		w.cta.nbits[in] = kept;
	}
	w.cta.out_log2[kdim] = 0;
	if (axe_linear_mul(&t, &t, &w.cta, err) < 0)
		return -1;
	order[0] = kdim;
	order[1] = nonk;
	for (size_t i = 2; i < rank; i++)
		order[i] = (int)(rank - 1 - i);
	axe_linear_transpose_outs(&t, order, rank);
	for (int i = 0; i < w.cga.nbits[AXE_LINEAR_BLOCK]; i++)
		w.cga.basis[AXE_LINEAR_BLOCK][i][kdim] = 0;
	w.cga.out_log2[kdim] = 0;
	return tt_combine(&t, &w.cga, AXE_LINEAR_REGISTER, shape, out, err);
}
