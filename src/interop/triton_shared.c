/*
 * triton_shared.c: Triton's shared-memory layouts as LinearLayouts over the
 * in-dim offset (LinearLayoutConversions.cpp:
 * sharedToLinearLayoutNoLeadingOffset and ...LeadingOffset):
 * #ttg.swizzled_shared (and the old #triton_gpu.shared) and
 * #ttg.nvmma_shared, fp4Padded included.
 */
#include <string.h>

#include "triton_enc.h"

static int tile_basis(axe_linear *L, int row_dim, int col_dim, int64_t row, int64_t col,
		      axe_error *err)
{
	int n = L->nbits[AXE_LINEAR_OFFSET];

	if (n >= AXE_LINEAR_MAX_BITS)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0, "too many offset bases");
	memset(L->basis[AXE_LINEAR_OFFSET][n], 0, sizeof(L->basis[0][0]));
	L->basis[AXE_LINEAR_OFFSET][n][row_dim] = (int32_t)row;
	L->basis[AXE_LINEAR_OFFSET][n][col_dim] = (int32_t)col;
	L->nbits[AXE_LINEAR_OFFSET]++;
	return 0;
}

/* A 2-d tile layout on (row dim, col dim) with "rows" x "cols", out-dims in that order. */
static void tile_start(axe_linear *L, size_t rank, int row_dim, int col_dim, int64_t rows,
		       int64_t cols)
{
	axe_linear_init(L, rank);
	L->has_in[AXE_LINEAR_OFFSET] = true;
	L->out_order[0] = row_dim;
	L->out_order[1] = col_dim;
	L->nout = 2;
	L->out_log2[row_dim] = tt_log2i(rows);
	L->out_log2[col_dim] = tt_log2i(cols);
}

int tt_enc_swizzled(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
			axe_linear *out, axe_error *err)
{
	const tt_value *vec = tt_param(c, a, "vec", true, err);
	const tt_value *per = tt_param(c, a, "perPhase", true, err);
	const tt_value *maxp = tt_param(c, a, "maxPhase", true, err);
	const tt_value *ord = tt_param(c, a, "order", true, err);
	const tt_value *lead = tt_param(c, a, "hasLeadingOffset", false, err);
	int64_t v = 1, pp = 1, mp = 1, cols, rows;
	int order[AXE_LINEAR_MAX_RANK];
	axe_linear cta;
	tt_cta_params p;

	if (!vec || !per || !maxp || !ord || tt_get_int(c, vec, 1, 1 << 20, "vec", &v, err) < 0 ||
	    tt_get_int(c, per, 1, 1 << 20, "perPhase", &pp, err) < 0 ||
	    tt_get_int(c, maxp, 1, 1 << 20, "maxPhase", &mp, err) < 0 ||
	    tt_get_order(c, ord, rank, "order", order, err) < 0 || tt_get_cta(c, a, rank, &p, err) < 0 ||
	    tt_shape_pow2(c, a, shape, rank, err) < 0)
		return -1;
	if (lead && (lead->kind != TT_BOOL || lead->num))
		return tt_fail(c, lead->pos, lead->len, err,
			    "hasLeadingOffset = true is the old spelling of #ttg.nvmma_shared, "
			    "which needs the element width: write #ttg.nvmma_shared");
	axe_linear_init(&cta, rank);
	if (rank == 1) {
		if (axe_linear_identity1d(&cta, shape[0], AXE_LINEAR_OFFSET, 0, err) < 0)
			return -1;
		return tt_combine(&cta, &p, AXE_LINEAR_OFFSET, shape, out, err);
	}
	cols = shape[order[0]];
	rows = shape[order[1]];
	tile_start(&cta, rank, order[1], order[0], rows, cols);
	for (int64_t col = 1; col < cols; col *= 2)
		if (tile_basis(&cta, order[1], order[0], 0, col, err) < 0)
			return -1;
	for (int64_t row = 1; row < rows; row *= 2)
		if (tile_basis(&cta, order[1], order[0], row, (v * ((row / pp) % mp)) % cols, err) < 0)
			return -1;
	for (size_t i = 2; i < rank; i++)
		if (axe_linear_mul_identity(&cta, shape[order[i]], AXE_LINEAR_OFFSET, order[i], err) < 0)
			return -1;
	return tt_combine(&cta, &p, AXE_LINEAR_OFFSET, shape, out, err);
}

/* NVMMA's 16-byte-column packing of padded fp4 rows (Triton's colPacked). */
static int64_t fp4_pack(int64_t col)
{
	return col / 16 * 8 + col % 8;
}

int tt_enc_nvmma(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
		     axe_linear *out, axe_error *err)
{
	const tt_value *width = tt_param(c, a, "swizzlingByteWidth", true, err);
	const tt_value *trans = tt_param(c, a, "transposed", false, err);
	const tt_value *bits = tt_param(c, a, "elementBitWidth", true, err);
	const tt_value *fp4 = tt_param(c, a, "fp4Padded", false, err);
	int64_t w = 0, e = 1, vec, per, maxp, cols;
	bool t = trans && trans->kind == TT_BOOL && trans->num;
	bool padded = fp4 && fp4->kind == TT_BOOL && fp4->num;
	int row_dim, col_dim;
	axe_linear cta;
	tt_cta_params p;

	if (!width || !bits || tt_get_int(c, width, 0, 128, "swizzlingByteWidth", &w, err) < 0 ||
	    tt_get_int(c, bits, 1, 128, "elementBitWidth", &e, err) < 0 ||
	    tt_get_cta(c, a, rank, &p, err) < 0 || tt_shape_pow2(c, a, shape, rank, err) < 0)
		return -1;
	if ((trans && trans->kind != TT_BOOL) || (fp4 && fp4->kind != TT_BOOL))
		return tt_fail(c, (trans && trans->kind != TT_BOOL ? trans : fp4)->pos, 1, err,
			    "transposed and fp4Padded are true or false");
	if (w != 32 && w != 64 && w != 128)
		return tt_fail(c, width->pos, width->len, err,
			    "swizzlingByteWidth %lld is not read (32, 64 and 128 are)", (long long)w);
	if (!tt_pow2(e) || e > 64)
		return tt_fail(c, bits->pos, bits->len, err,
			    "elementBitWidth must be 1, 2, 4, 8, 16, 32 or 64");
	if (rank != 2)
		return tt_fail(c, a->pos, 1, err, "#ttg.nvmma_shared is read for 2-d tensors");
	vec = 128 / e;
	per = w == 32 ? 4 : w == 64 ? 2 : 1;
	maxp = w == 32 ? 2 : w == 64 ? 4 : 8;
	col_dim = t ? 0 : 1;
	row_dim = t ? 1 : 0;
	cols = 8 * w / e;
	if (shape[col_dim] * (padded ? 2 : 1) < cols || shape[row_dim] < 8)
		return tt_fail(c, a->pos, 1, err, "the tensor must be at least 8 x %lld elements "
			    "(rows x contiguous columns) for this swizzle", (long long)cols);
	tile_start(&cta, rank, row_dim, col_dim, 8, padded ? cols / 2 : cols);
	for (int64_t col = 1; col < cols; col *= 2)
		if (tile_basis(&cta, row_dim, col_dim, 0, padded ? fp4_pack(col) : col, err) < 0)
			return -1;
	for (int64_t row = 1; row < 8; row *= 2) {
		int64_t col = vec * ((row / per) % maxp);

		if (tile_basis(&cta, row_dim, col_dim, row, padded ? fp4_pack(col) : col, err) < 0)
			return -1;
	}
	return tt_combine(&cta, &p, AXE_LINEAR_OFFSET, shape, out, err);
}

/* One in-dim of #ttg.linear: a list of bases, each "rank" numbers. */
