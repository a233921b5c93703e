/*
 * test_atoms.c: the copy atoms and their ranking (src/analyze/atoms*).
 *
 * The scorer is checked on the TileAS layout assigner's worked example (its
 * table of terms for LDSM_M88, LDSM_M816 and the bulk-tensor copy of a
 * 128x64 f16 tile, weights (1, 4, 0.25): costs 12, 18 and 1).  The table's
 * fragments are checked against the PTX ISA formulas written out here
 * independently of atoms.def (ldmatrix: lane 4r + c/2, half c%2; .trans:
 * lane 4c + r/2, half r%2; tcgen05 .32x32b: lane l register r holds (l, r);
 * .16x256b: (l/4 + 8((r/2)%2), r%2 + 2(l%4) + 8(r/4)), as the TIRx
 * documentation tabulates it), and the ldmatrix fragments against CuTe's
 * copy traits (CUTLASS include/cute/atom/copy_traits_sm75.hpp, commit
 * 474c1fd4: the DstLayout of SM75_U32x1_LDSM_N, (32,32):(32,1), and of
 * SM75_U16x2_LDSM_T, ((4,8),(16,2)):((256,16),(1,128)), maps from (thread,
 * value bit) to the bit of the row-major 8x8 matrix of 16-bit elements,
 * copied here as data).  Rankings of real pairs: the mma.m16n8k16 A
 * fragment from a 128B-swizzled tile (conflict-free), from plain 128-byte
 * rows (8-way), from a column-major tile (.trans), a tile no atom reads, and
 * tensor memory by warp slab.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analyze/atoms.h"
#include "core/dtype.h"
#include "core/eval.h"
#include "parse/parse.h"

/* The TileAS example's rows: SMEM transactions, TMEM cycles, live registers. */
static const struct {
	const char *atom;
	axe_atom_terms terms;
	double cost;
} tileas[] = {
	{ "LDSM_M88", { 4, 0, 32, 1 }, 12 },
	{ "LDSM_M816", { 2, 0, 64, 1 }, 18 },
	{ "CP_ASYNC_BULK_TENSOR", { 1, 0, 0, 1 }, 1 },
};

static void test_tileas_scores(void **state)
{
	axe_atom_tie by;

	(void)state;
	for (size_t i = 0; i < 3; i++)
		assert_true(axe_atom_cost(&tileas[i].terms) == tileas[i].cost);
	/* Memory-resident consumer: the bulk-tensor copy beats both. */
	assert_true(axe_atom_compare(&tileas[2].terms, 2, &tileas[0].terms, 0, &by) < 0);
	assert_int_equal(by, AXE_ATOM_BY_COST);
	/* Register consumer: bulk-tensor gone, M88 beats M816, by the register term. */
	assert_true(axe_atom_compare(&tileas[0].terms, 0, &tileas[1].terms, 1, &by) < 0);
	assert_int_equal(by, AXE_ATOM_BY_COST);
}

static void test_ties(void **state)
{
	axe_atom_terms a = { 8, 0, 4, 2 }, b = { 9, 0, 0, 1 }, c = { 8, 0, 4, 1 };
	axe_atom_tie by;

	(void)state;
	/* 8 + 1 = 9 + 0: equal cost, fewer registers first. */
	assert_true(axe_atom_compare(&b, 5, &a, 0, &by) < 0);
	assert_int_equal(by, AXE_ATOM_BY_REGISTERS);
	assert_true(axe_atom_compare(&c, 3, &a, 0, &by) < 0);
	assert_int_equal(by, AXE_ATOM_BY_INSTRUCTIONS);
	assert_true(axe_atom_compare(&a, 0, &a, 1, &by) < 0);
	assert_int_equal(by, AXE_ATOM_BY_ORDER);
	assert_string_equal(axe_atom_tie_name(AXE_ATOM_BY_WAVEFRONTS), "smem wavefronts");
}

/* (lane, register) of cell (r, c) under each fragment, from the PTX formulas. */
static void ptx_cell(const char *name, int r, int c, int64_t *lane, int64_t *reg)
{
	if (strstr(name, "matrix") && strstr(name, ".trans"))
		*lane = 4 * c + r / 2, *reg = r % 2;
	else if (strstr(name, "matrix"))
		*lane = 4 * r + c / 2, *reg = c % 2;
	else if (strstr(name, "32x32b"))
		*lane = r, *reg = c;
	else {
		/* 16x256b: invert (l/4 + 8((q/2)%2), q%2 + 2(l%4) + 8(q/4)) over l < 32, q < 4. */
		for (int l = 0; l < 32; l++)
			for (int q = 0; q < 4; q++)
				if (l / 4 + 8 * ((q / 2) % 2) == r && q % 2 + 2 * (l % 4) + 8 * (q / 4) == c)
					*lane = l, *reg = q;
	}
}

static void test_fragments(void **state)
{
	size_t n;
	const axe_atom *t = axe_atoms(&n);
	axe_error err;

	(void)state;
	axe_error_init(&err);
	for (size_t i = 0; i < n; i++) {
		axe_shape shape = { 2, { t[i].tv_rows, t[i].tv_cols } };
		axe_layout *L;
		axe_evaluator ev;
		axe_cursor cur;
		int64_t img[4], lane, reg;
		if (!t[i].tv[0])
			continue;
		L = axe_layout_parse(t[i].tv, &err);
		assert_non_null(L);
		assert_int_equal(axe_evaluator_init(&ev, L, &shape, &err), 0);
		assert_int_equal(axe_cursor_init(&cur, &ev, &err), 0);
		for (; !cur.done; axe_cursor_next(&cur)) {
			int r = (int)cur.coord[0], c = (int)cur.coord[1];
			axe_evaluator_images(&ev, cur.base, false, img);
			ptx_cell(t[i].name, r, c, &lane, &reg);
			if (img[axe_layout_axis_index(L, "laneid")] != lane ||
			    img[axe_layout_axis_index(L, "m")] != reg)
				fail_msg("%s: cell (%d, %d)", t[i].name, r, c);
		}
		axe_cursor_release(&cur);
		axe_evaluator_release(&ev);
		axe_layout_free(L);
	}
}

/* A CuTe layout of two modes, each flat (extents, strides), thread then value. */
typedef struct cute_tv {
	const char *atom;
	int tn, vn;
	int64_t tshape[2], tstride[2], vshape[2], vstride[2];
} cute_tv;

static const cute_tv cutlass_ldsm[] = {
	{ "ldmatrix.x1", 1, 1, { 32 }, { 32 }, { 32 }, { 1 } },
	{ "ldmatrix.x1.trans", 2, 2, { 4, 8 }, { 256, 16 }, { 16, 2 }, { 1, 128 } },
};

/* CuTe's index of coordinate "c" in a flat mode: colexicographic digits times strides. */
static int64_t cute_mode(int64_t c, int n, const int64_t *shape, const int64_t *stride)
{
	int64_t at = 0;

	for (int k = 0; k < n; k++) {
		at += (c % shape[k]) * stride[k];
		c /= shape[k];
	}
	return at;
}

static void test_cutlass_ldsm(void **state)
{
	axe_error err;

	(void)state;
	axe_error_init(&err);
	for (size_t i = 0; i < sizeof(cutlass_ldsm) / sizeof(cutlass_ldsm[0]); i++) {
		const cute_tv *c = &cutlass_ldsm[i];
		axe_atom_fragment f;
		assert_int_equal(axe_atom_fragment_load(axe_atom_lookup(c->atom), &f, &err), 0);
		for (int lane = 0; lane < 32; lane++)
			for (int h = 0; h < 2; h++) {
				/* the first bit of 16-bit half h of the thread's 32-bit value */
				int64_t bit = cute_mode(lane, c->tn, c->tshape, c->tstride) +
					      cute_mode(16 * h, c->vn, c->vshape, c->vstride);
				assert_int_equal(f.at[lane * 2 + h], bit / 16);
			}
		axe_atom_fragment_release(&f);
	}
}

/* Rank SRC -> DST (literals on "shape", "dtype", SRC swizzled by "swizzle" or NULL). */
static void rank(const char *src, const char *dst, int64_t rows, int64_t cols, const char *dtype,
		 const char *swizzle, axe_atom_ranking *r)
{
	axe_error err;
	axe_atom_request req = { .arch = 100 };
	axe_layout *S, *D;
	int dt = axe_dtype_lookup(dtype);

	axe_error_init(&err);
	S = axe_layout_parse(src, &err);
	D = axe_layout_parse(dst, &err);
	assert_non_null(S);
	assert_non_null(D);
	if (swizzle)
		assert_int_equal(axe_swizzle_preset(swizzle, dt, &S->swizzle), 0);
	req.src = (axe_atom_operand){ S, { 2, { rows, cols } }, dt, { NULL, 0, 0, NULL, 0 }, 0, NULL };
	req.dst = (axe_atom_operand){ D, { 2, { rows, cols } }, dt, { NULL, 0, 0, NULL, 0 }, 0, NULL };
	if (axe_atoms_rank(&req, r, &err) < 0)
		fail_msg("%s -> %s: %s", src, dst, err.message);
	axe_layout_free(S);
	axe_layout_free(D);
}

static const axe_atom_candidate *find(const axe_atom_ranking *r, const char *name)
{
	const axe_atom_candidate *c = axe_atom_ranking_find(r, name);

	assert_non_null(c);
	return c;
}

#define A_K64 "S[(2,8,4,2,4,2):(2,4@laneid,8,4,1@laneid,1)]"

static void test_mma_a_fragment(void **state)
{
	axe_atom_ranking sw, rows, t;
	const axe_atom_candidate *c;

	(void)state;
	rank("S[(16,64):(64,1)]", A_K64, 16, 64, "f16", "128B", &sw);
	c = find(&sw, "ldmatrix.x4");
	assert_true(c->legal);
	/* 4 instructions of 4 phases each, all conflict-free. */
	assert_int_equal(c->terms.instructions, 4);
	assert_int_equal(c->terms.smem_wavefronts, 16);
	assert_int_equal(c->max_way, 1);
	/* The fragment per lane: 16 x 64 f16 over 32 lanes, 2048 bytes / 32 / 4. */
	assert_int_equal(c->terms.registers, 16 * 64 * 2 / 32 / 4);
	rank("S[(16,64):(64,1)]", A_K64, 16, 64, "f16", NULL, &rows);
	c = find(&rows, "ldmatrix.x4");
	assert_true(c->legal);
	assert_int_equal(c->terms.smem_wavefronts, 128);
	assert_int_equal(c->max_way, 8);
	assert_true(c->cost > find(&sw, "ldmatrix.x4")->cost);
	assert_string_equal(find(&rows, "ldmatrix.x4.trans")->rule, "fragment");
	rank("S[(16,64):(1,16)]", A_K64, 16, 64, "f16", NULL, &t);
	assert_string_equal(t.c[0].atom->name, "ldmatrix.x4.trans");
	assert_true(find(&t, "ldmatrix.x4.trans")->legal);
	assert_string_equal(find(&t, "ldmatrix.x4")->rule, "fragment");
	assert_string_equal(find(&t, "ld.shared.b32")->rule, "alignment");
	axe_atom_ranking_release(&sw);
	axe_atom_ranking_release(&rows);
	axe_atom_ranking_release(&t);
}

/*
 * The worked example's live registers from a real tile: the 128x64 f16 A
 * operand of a wgmma over 128 threads (specs/copy_atoms.yaml wgmma_a) is
 * 8192 elements x 2 bytes / 128 threads / 4 bytes = 32 registers per
 * thread, the LDSM_M88 row.  Counted per tile, ldmatrix x1, x2 and x4 tie on
 * registers and wavefronts, and x4 leads by instructions (CUTLASS's
 * SM75_U32x4_LDSM_N, cute/atom/copy_traits_sm75.hpp).
 */
#define WGMMA_A "S[(2,4,2,8,4,2,4,2):(32,1@warpid,2,4@laneid,8,4,1@laneid,1)]"

static void test_tileas_registers(void **state)
{
	axe_atom_ranking r;
	axe_atom_tie by;

	(void)state;
	rank("S[(128,64):(64,1)]", WGMMA_A, 128, 64, "f16", "128B", &r);
	assert_int_equal(find(&r, "ldmatrix.x1")->terms.registers, tileas[0].terms.registers);
	assert_int_equal(find(&r, "ldmatrix.x2")->terms.registers, tileas[0].terms.registers);
	assert_int_equal(find(&r, "ldmatrix.x4")->terms.registers, tileas[0].terms.registers);
	assert_int_equal(find(&r, "ldmatrix.x4")->terms.smem_wavefronts,
			 find(&r, "ldmatrix.x1")->terms.smem_wavefronts);
	assert_string_equal(r.c[0].atom->name, "ldmatrix.x4");
	assert_string_equal(r.c[1].atom->name, "ldmatrix.x2");
	axe_atom_compare(&r.c[0].terms, r.c[0].index, &r.c[1].terms, r.c[1].index, &by);
	assert_int_equal(by, AXE_ATOM_BY_INSTRUCTIONS);
	axe_atom_ranking_release(&r);
}

/*
 * Every width a lane moves in shared memory has an atom (PTX ISA 9.7.9.8
 * ld, .b8 and .b16): rows padded to 18 bytes are read element by element,
 * and an i8 tile into the mma A fragment pattern (two consecutive bytes per
 * register pair) two bytes per lane, the width banks infers for it.
 */
static void test_narrow_widths(void **state)
{
	axe_atom_ranking r;

	(void)state;
	rank("S[(32,8):(9,1)]", "S[(32,8):(1@laneid,1)]", 32, 8, "f16", NULL, &r);
	assert_int_equal(r.nlegal, 1);
	assert_string_equal(r.c[0].atom->name, "ld.shared.b16");
	assert_string_equal(find(&r, "ldmatrix.x1")->rule, "fragment");
	assert_string_equal(find(&r, "ld.shared.b32")->rule, "alignment");
	assert_string_equal(find(&r, "cp.async.16")->rule, "space");
	axe_atom_ranking_release(&r);
	rank("S[(16,64):(64,1)]", A_K64, 16, 64, "i8", NULL, &r);
	assert_int_equal(r.nlegal, 2);
	assert_string_equal(r.c[0].atom->name, "ld.shared.b16");
	assert_string_equal(r.c[1].atom->name, "ld.shared.b8");
	assert_string_equal(find(&r, "ldmatrix.x4")->rule, "dtype");
	axe_atom_ranking_release(&r);
}

/* No atom: tensor memory before sm_100; every candidate says why. */
static void test_no_atom(void **state)
{
	axe_error err;
	axe_atom_request req = { .arch = 90 };
	axe_layout *S, *D;
	axe_atom_ranking r;
	int f32 = axe_dtype_lookup("f32");

	(void)state;
	axe_error_init(&err);
	S = axe_layout_parse("S[(128,64):(1@TLane,1@TCol)]", &err);
	D = axe_layout_parse("S[(4,32,64):(1@warpid,1@laneid,1)]", &err);
	assert_non_null(S);
	assert_non_null(D);
	req.src = (axe_atom_operand){ S, { 2, { 128, 64 } }, f32, { NULL, 0, 0, NULL, 0 }, 0, NULL };
	req.dst = (axe_atom_operand){ D, { 2, { 128, 64 } }, f32, { NULL, 0, 0, NULL, 0 }, 0, NULL };
	assert_int_equal(axe_atoms_rank(&req, &r, &err), 0);
	assert_int_equal(r.nlegal, 0);
	for (size_t i = 0; i < r.n; i++)
		assert_true(r.c[i].reason[0] != '\0' && !r.c[i].legal);
	assert_string_equal(find(&r, "tcgen05.ld.32x32b.x1")->rule, "arch");
	assert_string_equal(find(&r, "ld.shared.b8")->rule, "space");
	axe_atom_ranking_release(&r);
	axe_layout_free(S);
	axe_layout_free(D);
}

static void test_tmem(void **state)
{
	axe_atom_ranking r, slab;
	const axe_atom_candidate *c;

	(void)state;
	rank("S[(128,64):(1@TLane,1@TCol)]", "S[(4,32,64):(1@warpid,1@laneid,1)]", 128, 64, "f32",
	     NULL, &r);
	/* 64 words per lane whatever the width: the fewest instructions (x64) lead. */
	assert_string_equal(r.c[0].atom->name, "tcgen05.ld.32x32b.x64");
	assert_int_equal(find(&r, "tcgen05.ld.32x32b.x1")->terms.registers, 64);
	c = find(&r, "tcgen05.ld.32x32b.x64");
	assert_true(c->legal);
	/* 4 warps x 1 instruction of 32 lanes x 64 words: 256 cycles at 32 words each. */
	assert_int_equal(c->terms.instructions, 4);
	assert_int_equal(c->terms.tmem_cycles, 256);
	assert_int_equal(c->terms.registers, 64);
	assert_string_equal(find(&r, "tcgen05.ld.16x256b.x1")->rule, "fragment");
	assert_string_equal(find(&r, "ldmatrix.x1")->rule, "space");
	/* Warp 0 holding TMEM lanes 32-63 is outside its slab. */
	rank("S[(32,64):(1@TLane,1@TCol)] + 32@TLane", "S[(32,64):(1@laneid,1)]", 32, 64, "f32",
	     NULL, &slab);
	assert_int_equal(slab.nlegal, 0);
	assert_string_equal(find(&slab, "tcgen05.ld.32x32b.x1")->rule, "fragment");
	axe_atom_ranking_release(&r);
	axe_atom_ranking_release(&slab);
}

static void test_global_to_shared(void **state)
{
	axe_atom_ranking r;
	const axe_atom_candidate *c;

	(void)state;
	rank("S[(128,64):(64,1)]", "S[(128,64):(64,1)]", 128, 64, "f16", NULL, &r);
	/* No TMA planner given: the bulk-tensor copy is out; cp.async.16 leads. */
	assert_string_equal(find(&r, "cp.async.bulk.tensor")->rule, "tma");
	assert_string_equal(r.c[0].atom->name, "cp.async.16");
	c = find(&r, "cp.async.16");
	assert_int_equal(c->terms.registers, 0);
	assert_int_equal(c->terms.instructions, 32);
	assert_int_equal(c->terms.smem_wavefronts, 128);
	axe_atom_ranking_release(&r);
	/* A 6-element row breaks 16-byte chunks: 8-byte ones remain. */
	rank("S[(8,6):(6,1)]", "S[(8,6):(8,1)]", 8, 6, "f32", NULL, &r);
	assert_string_equal(find(&r, "cp.async.16")->rule, "alignment");
	assert_string_equal(r.c[0].atom->name, "cp.async.8");
	axe_atom_ranking_release(&r);
}

static void test_memory_sizes(void **state)
{
	axe_atom_ranking r;

	(void)state;
	/* 2 MiB of shared memory: more than a block has (227 KB). */
	rank("S[(1024,1024):(1024,1)]", "S[(1024,1024):(1024,1)]", 1024, 1024, "f16", NULL, &r);
	assert_int_equal(r.nlegal, 0);
	assert_string_equal(find(&r, "cp.async.bulk.tensor")->rule, "shape");
	axe_atom_ranking_release(&r);
	/* 600 columns: tensor memory has 512. */
	rank("S[(4,600):(1@TLane,1@TCol)]", "S[(4,600):(1@laneid,1)]", 4, 600, "f32", NULL, &r);
	assert_string_equal(find(&r, "tcgen05.ld.32x32b.x1")->rule, "shape");
	axe_atom_ranking_release(&r);
}

static void test_inputs(void **state)
{
	axe_error err;
	axe_atom_ranking r;
	axe_layout *S, *D;
	axe_atom_request req = { .arch = 90 };

	(void)state;
	axe_error_init(&err);
	S = axe_layout_parse("S[(8,8):(8,1)]", &err);
	D = axe_layout_parse("S[(32,8):(1@laneid,1)]", &err);
	req.src = (axe_atom_operand){ S, { 2, { 8, 8 } }, -1, { NULL, 0, 0, NULL, 0 }, 0, NULL };
	req.dst = req.src;
	assert_int_equal(axe_atoms_rank(&req, &r, &err), -1);
	assert_non_null(strstr(err.message, "element type"));
	axe_error_init(&err);
	req.src.dtype = axe_dtype_lookup("f16");
	req.direction = "x2y";
	assert_int_equal(axe_atoms_rank(&req, &r, &err), -1);
	assert_non_null(strstr(err.message, "unknown direction"));
	axe_error_init(&err);
	req.direction = "s2r";
	assert_int_equal(axe_atoms_rank(&req, &r, &err), -1);
	assert_non_null(strstr(err.message, "registers"));
	axe_layout_free(S);
	/* Tensor memory is TLane and TCol alone. */
	axe_error_init(&err);
	S = axe_layout_parse("S[(32,8):(1@TLane,1@TCol)] + 1@m", &err);
	req.src = (axe_atom_operand){ S, { 2, { 32, 8 } }, axe_dtype_lookup("f32"),
				      { NULL, 0, 0, NULL, 0 }, 0, NULL };
	req.direction = NULL;
	req.dst.layout = D;
	req.dst.shape = (axe_shape){ 2, { 32, 8 } };
	assert_int_equal(axe_atoms_rank(&req, &r, &err), -1);
	assert_non_null(strstr(err.message, "TLane and TCol alone"));
	assert_int_equal(axe_atom_arch_parse("sm_90a"), 90);
	assert_int_equal(axe_atom_arch_parse("sm_70"), -1);
	axe_layout_free(S);
	axe_layout_free(D);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tileas_scores),
		cmocka_unit_test(test_tileas_registers),
		cmocka_unit_test(test_ties),
		cmocka_unit_test(test_fragments),
		cmocka_unit_test(test_cutlass_ldsm),
		cmocka_unit_test(test_mma_a_fragment),
		cmocka_unit_test(test_narrow_widths),
		cmocka_unit_test(test_no_atom),
		cmocka_unit_test(test_tmem),
		cmocka_unit_test(test_global_to_shared),
		cmocka_unit_test(test_memory_sizes),
		cmocka_unit_test(test_inputs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
