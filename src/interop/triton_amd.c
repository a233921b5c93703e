/*
 * triton_amd.c: AMD's matrix-core register layouts as LinearLayouts, as
 * lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp of triton-lang/triton
 * (commit e3b5495253313e42ad074906ea8e2063b70dcc69) defines them:
 * AMDMfmaEncodingAttr::toLinearLayout (#ttg.amd_mfma) and
 * mfmaDotToLinearLayout (#ttg.dot_op with an amd_mfma parent).  Parameters
 * as AMDMfmaEncodingAttr::parse and ::verify (Dialect.cpp) take them:
 * tilesPerWarp defaults to ones, elementBitWidth to 32.  A wavefront has
 * 64 lanes.
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
