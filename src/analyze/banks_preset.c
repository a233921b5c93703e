/*
 * banks_preset.c: the `--access` presets ldmatrix.x1|x2|x4 and
 * stmatrix.x1|x2|x4 over a whole tile.
 *
 * The tile is read as rows (its leading dimensions flattened) by columns
 * (its last dimension).  A matrix is 8 rows of 16 bytes: 16 / element-size
 * columns (8 for f16).  One instruction .xN moves N matrices, lane 8j + i
 * giving the address of row i of matrix j, and the instructions walk the
 * tile in blocks, row-major:
 *
 *   .x1: a block of 8 rows x 16 bytes;  lane l < 8:  row l,      chunk 0
 *   .x2: 16 rows x 16 bytes;            lane l < 16: row l,      chunk 0
 *   .x4: 16 rows x 32 bytes;            lane l < 32: row l % 16, chunk l / 16
 *
 * (chunk: 16-byte column block within the block).  For .x4 the matrices are
 * rows 0-7 and 8-15 of the left chunk, then of the right one: the order of
 * the mma.m16n8k16 A fragment (a0..a3).  Lanes past 8N are inactive, as the
 * hardware ignores their addresses.  stmatrix has the same addresses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/dtype.h"
#include "banks.h"

static const struct {
	const char *name;
	axe_bank_op op;
	int num;
} presets[] = {
	{ "ldmatrix.x1", AXE_BANK_LDMATRIX, 1 }, { "ldmatrix.x2", AXE_BANK_LDMATRIX, 2 },
	{ "ldmatrix.x4", AXE_BANK_LDMATRIX, 4 }, { "stmatrix.x1", AXE_BANK_STMATRIX, 1 },
	{ "stmatrix.x2", AXE_BANK_STMATRIX, 2 }, { "stmatrix.x4", AXE_BANK_STMATRIX, 4 },
};

#define NPRESETS (sizeof(presets) / sizeof(presets[0]))
#define MATRIX_ROWS 8
#define ROW_BYTES 16

static int unknown_preset(const char *name, const axe_loc *where, axe_error *err)
{
	const char *names[NPRESETS], *best;

	for (size_t i = 0; i < NPRESETS; i++)
		names[i] = presets[i].name;
	axe_error_set(err, AXE_ERR_NAME, where, (int)strlen(name),
		      "unknown access '%s' (ldmatrix.x1, .x2, .x4, stmatrix.x1, .x2, .x4, "
		      "or FILE.yaml:NAME)", name);
	best = axe_suggest(name, names, NPRESETS);
	if (best)
		axe_error_hint(err, "did you mean '%s'?", best);
	return -1;
}

/* Fill the lanes of block ("bi", "bj") of "rows_per_block" x "chunks" into "lanes". */
static void fill_block(int64_t *lanes, int num, int64_t bi, int64_t bj, int rows_per_block,
		       int chunks, int64_t cols, int row_elems)
{
	for (int l = 0; l < AXE_BANK_LANES; l++) {
		int64_t row = bi * rows_per_block + l % rows_per_block;
		int64_t chunk = bj * chunks + l / rows_per_block;
		lanes[l] = l < MATRIX_ROWS * num ? row * cols + chunk * row_elems : -1;
	}
}

int axe_bank_plan_preset(axe_bank_plan *p, const char *name, const axe_shape *shape,
			 int dtype, const axe_loc *where, axe_error *err)
{
	const axe_dtype_info *info = axe_dtype_get(dtype);
	/* A tile of shape () is one element: one row of one column. */
	int64_t cols = shape->rank ? shape->dim[shape->rank - 1] : 1, rows = 1;
	int rows_per_block, chunks, row_elems, span = (int)strlen(name);
	size_t k = 0;

	memset(p, 0, sizeof(*p));
	while (k < NPRESETS && strcmp(presets[k].name, name) != 0)
		k++;
	if (k == NPRESETS)
		return unknown_preset(name, where, err);
	if (!info)
		return axe_error_set(err, AXE_ERR_VALUE, where, span,
				     "%s needs the element type of the tile", name);
	for (size_t d = 0; d + 1 < shape->rank; d++)
		rows *= shape->dim[d]; /* the tile's evaluator checked the product */
	row_elems = ROW_BYTES / (info->bits / 8);
	rows_per_block = presets[k].num == 1 ? MATRIX_ROWS : 2 * MATRIX_ROWS;
	chunks = presets[k].num == 4 ? 2 : 1;
	if (rows % rows_per_block || cols % (chunks * row_elems))
		return axe_error_set(err, AXE_ERR_VALUE, where, span,
				     "%s reads blocks of %d rows by %d %s elements; the tile has "
				     "%lld row%s of %lld element%s", name, rows_per_block,
				     chunks * row_elems, info->name, (long long)rows,
				     rows == 1 ? "" : "s", (long long)cols, cols == 1 ? "" : "s");
	p->source = AXE_BANK_FROM_PRESET;
	p->op = presets[k].op;
	p->num = presets[k].num;
	p->vector_bytes = ROW_BYTES;
	p->where = *where;
	p->span = span;
	snprintf(p->label, sizeof(p->label), "%s", name);
	p->ninstr = (rows / rows_per_block) * (cols / (chunks * row_elems));
	p->lane_flat = malloc((size_t)p->ninstr * AXE_BANK_LANES * sizeof(int64_t));
	if (!p->lane_flat)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (int64_t i = 0; i < p->ninstr; i++) {
		int64_t per_row = cols / (chunks * row_elems);
		fill_block(p->lane_flat + i * AXE_BANK_LANES, p->num, i / per_row, i % per_row,
			   rows_per_block, chunks, cols, row_elems);
	}
	return 0;
}
