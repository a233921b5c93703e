/*
 * test_banks.c: the bank-conflict model of semantics.md (src/analyze/banks*).
 * Every expected number was derived by hand from the model and checked
 * against an independent script: seed 001's (8,64) f16 column (8 wavefronts
 * for an ideal of 1; 1 with the 128B swizzle; banks 0, 4, ..., 28),
 * conflict-free 8- and 16-byte vectors, shared words, the 32x32 f32 column
 * read and its padding, ldmatrix.x4 on a 64x64 f16 tile under each swizzle
 * mode, vector inference and its refusals, spec accesses with their error
 * positions, and --suggest.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analyze/banks.h"
#include "core/parallel.h"
#include "core/dtype.h"
#include "parse/parse.h"

/* A tile, a plan on it and the analysis of the two. */
typedef struct fixture {
	axe_layout *smem, *threads;
	axe_bank_tile tile;
	axe_bank_plan plan;
	axe_bank_result r;
	axe_bank_access access;
	axe_error err;
} fixture;

static const axe_loc here = { "<test>", 1, 1, NULL, 0 };

/* Tile "smem" (its shard extents are the shape) of "dtype" with preset "swizzle" (or NULL). */
static void tile(fixture *f, const char *smem, const char *dtype, const char *swizzle)
{
	axe_shape shape;
	int dt = axe_dtype_lookup(dtype);

	memset(f, 0, sizeof(*f));
	axe_error_init(&f->err);
	f->smem = axe_layout_parse(smem, &f->err);
	if (!f->smem)
		fail_msg("%s: %s", smem, f->err.message);
	if (swizzle)
		assert_int_equal(axe_swizzle_preset(swizzle, dt, &f->smem->swizzle), 0);
	axe_layout_default_shape(f->smem, &shape);
	if (axe_bank_tile_init(&f->tile, f->smem, &shape, dt, &here, 1, &f->err) < 0)
		fail_msg("%s: %s", smem, f->err.message);
}

/* Plan the thread layout "T" with "vector" bytes (0: inferred) and analyse; 0 or -1. */
static int by_threads(fixture *f, const char *T, int vector)
{
	f->threads = axe_layout_parse(T, &f->err);
	if (!f->threads)
		fail_msg("%s: %s", T, f->err.message);
	if (axe_bank_plan_threads(&f->plan, f->threads, &f->tile.shape, &here, 1, &f->err) < 0 ||
	    (vector && axe_bank_plan_force_vector(&f->plan, vector, &here, 1, &f->err) < 0))
		return -1;
	return axe_bank_analyze(&f->plan, &f->tile, NULL, &f->r, &f->err);
}

static int by_preset(fixture *f, const char *name)
{
	if (axe_bank_plan_preset(&f->plan, name, &f->tile.shape, f->tile.dtype, &here, &f->err) < 0)
		return -1;
	return axe_bank_analyze(&f->plan, &f->tile, NULL, &f->r, &f->err);
}

static void done(fixture *f)
{
	axe_bank_result_release(&f->r);
	axe_bank_plan_release(&f->plan);
	axe_bank_tile_release(&f->tile);
	axe_bank_access_close(&f->access);
	axe_layout_free(f->smem);
	axe_layout_free(f->threads);
}

static void assert_total(const axe_bank_total *t, int64_t instructions, int64_t wavefronts,
			 int64_t ideal, int64_t max_way)
{
	assert_int_equal(t->instructions, instructions);
	assert_int_equal(t->wavefronts, wavefronts);
	assert_int_equal(t->ideal, ideal);
	assert_int_equal(t->conflicts, wavefronts - ideal);
	assert_int_equal(t->max_way, max_way);
}

/* ---- the cost of one instruction from its byte addresses ---- */

typedef struct cost_row {
	const char *name;
	axe_bank_op op;
	int num, lane_bytes;
	int lanes;               /* lanes 0..lanes-1 are active */
	int64_t stride;          /* lane l at byte l * stride */
	int64_t wavefronts, ideal, max_way;
} cost_row;

static const cost_row cost_rows[] = {
	/* Seed 001: column 0 of the row-major (8,64) f16 tile, rows 128 bytes apart. */
	{ "f16 column, no swizzle", AXE_BANK_LDS, 0, 2, 8, 128, 8, 1, 8 },
	{ "32 f16 in 16 words", AXE_BANK_LDS, 0, 2, 32, 2, 1, 1, 1 },
	{ "all lanes on one word", AXE_BANK_LDS, 0, 4, 32, 0, 1, 1, 1 },
	{ "8-byte vectors, contiguous", AXE_BANK_LDS, 0, 8, 32, 8, 2, 2, 1 },
	{ "16-byte vectors, contiguous", AXE_BANK_LDS, 0, 16, 32, 16, 4, 4, 1 },
	{ "8-byte vectors, 16 bytes apart", AXE_BANK_LDS, 0, 8, 32, 16, 4, 2, 2 },
	{ "32x32 f32 column", AXE_BANK_LDS, 0, 4, 32, 128, 32, 1, 32 },
	{ "32x33 f32 column (padded)", AXE_BANK_LDS, 0, 4, 32, 132, 1, 1, 1 },
	{ "16-byte vectors, one phase active", AXE_BANK_LDS, 0, 16, 8, 16, 1, 1, 1 },
	{ "1-byte, 4 lanes per word", AXE_BANK_LDS, 0, 1, 32, 1, 1, 1, 1 },
	{ "ldmatrix.x4 rows 128 bytes apart", AXE_BANK_LDMATRIX, 4, 16, 32, 128, 32, 4, 8 },
	{ "ldmatrix.x1 rows in one line", AXE_BANK_LDMATRIX, 1, 16, 8, 16, 1, 1, 1 },
	{ "stmatrix.x2 rows 64 bytes apart", AXE_BANK_STMATRIX, 2, 16, 16, 64, 8, 2, 4 },
};

static void test_cost(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cost_rows) / sizeof(cost_rows[0]); i++) {
		const cost_row *row = &cost_rows[i];
		axe_bank_phasing ph = axe_bank_phasing_of(row->op, row->num, row->lane_bytes);
		axe_bank_instr in = { 0 };

		for (int l = 0; l < AXE_BANK_LANES; l++)
			in.byte[l] = l < row->lanes ? l * row->stride : -1;
		axe_bank_cost(&in, &ph);
		if (in.wavefronts != row->wavefronts || in.ideal != row->ideal ||
		    in.max_way != row->max_way || in.conflicts != row->wavefronts - row->ideal)
			fail_msg("%s: wavefronts %lld ideal %lld max_way %lld", row->name,
				 (long long)in.wavefronts, (long long)in.ideal, (long long)in.max_way);
	}
}

static void test_phasing(void **state)
{
	static const struct { axe_bank_op op; int num, bytes, phases, lanes; } rows[] = {
		{ AXE_BANK_LDS, 0, 1, 1, 32 }, { AXE_BANK_LDS, 0, 2, 1, 32 },
		{ AXE_BANK_STS, 0, 4, 1, 32 }, { AXE_BANK_LDS, 0, 8, 2, 16 },
		{ AXE_BANK_LDS, 0, 16, 4, 8 }, { AXE_BANK_LDMATRIX, 1, 16, 1, 8 },
		{ AXE_BANK_LDMATRIX, 2, 16, 2, 8 }, { AXE_BANK_STMATRIX, 4, 16, 4, 8 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		axe_bank_phasing ph = axe_bank_phasing_of(rows[i].op, rows[i].num, rows[i].bytes);
		assert_int_equal(ph.nphases, rows[i].phases);
		assert_int_equal(ph.lanes_per_phase, rows[i].lanes);
	}
}

static void test_base_alignment(void **state)
{
	static const struct { const char *dtype, *mode; int64_t bytes; } rows[] = {
		{ "f16", "none", 0 }, { "f16", "32B", 256 }, { "f16", "64B", 512 },
		{ "f16", "128B", 1024 }, { "f32", "128B", 1024 }, { "f8", "64B", 512 },
		{ "f64", "128B", 1024 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		int dt = axe_dtype_lookup(rows[i].dtype);
		axe_swizzle sw;
		assert_int_equal(axe_swizzle_preset(rows[i].mode, dt, &sw), 0);
		assert_int_equal(axe_bank_base_alignment(&sw, axe_dtype_get(dt)->bits / 8),
				 rows[i].bytes);
	}
}

/* ---- seed 001 ---- */

static void test_seed_column(void **state)
{
	static const char *const modes[] = { "none", "128B" };
	fixture f;

	(void)state;
	for (int k = 0; k < 2; k++) {
		tile(&f, "S[(8,64):(64,1)]", "f16", modes[k]);
		assert_int_equal(by_threads(&f, "S[(8,64):(1@laneid,1)]", 2), 0);
		/* One instruction per column; step 0 reads column 0 with lanes 0-7. */
		assert_total(&f.r.total, 64, k ? 64 : 512, 64, k ? 1 : 8);
		assert_int_equal(f.r.instr[0].wavefronts, k ? 1 : 8);
		assert_int_equal(f.r.instr[0].ideal, 1);
		assert_int_equal(f.r.instr[0].lanes, 8);
		for (int l = 0; l < 8; l++) {
			int64_t bank = f.r.instr[0].byte[l] / 4 % 32;
			assert_int_equal(bank, k ? 4 * l : 0);
		}
		done(&f);
	}
}

/* ---- thread layouts ---- */

typedef struct thread_row {
	const char *smem, *dtype, *swizzle, *threads;
	int vector;              /* forced bytes, 0: inferred */
	int lane_bytes;          /* the width used */
	axe_bank_limit limit;
	int64_t instructions, wavefronts, ideal, max_way;
} thread_row;

static const thread_row thread_rows[] = {
	{ "S[(32,2):(2,1)]", "f32", NULL, "S[(32,2):(1@laneid,1)]", 0, 8, AXE_BANK_LIMIT_NONE,
	  1, 2, 2, 1 },
	{ "S[(32,4):(4,1)]", "f32", NULL, "S[(32,4):(1@laneid,1)]", 0, 16, AXE_BANK_LIMIT_NONE,
	  1, 4, 4, 1 },
	{ "S[(32,8):(8,1)]", "f16", NULL, "S[(32,8):(1@laneid,1)]", 0, 16, AXE_BANK_LIMIT_NONE,
	  1, 4, 4, 1 },
	{ "S[32:1]", "f16", NULL, "S[32:1@laneid]", 0, 2, AXE_BANK_LIMIT_NONE, 1, 1, 1, 1 },
	{ "S[32:1]", "f32", NULL, "S[32:1] + R[32:1@laneid]", 4, 4, AXE_BANK_LIMIT_NONE,
	  32, 32, 32, 1 },
	/* 32x32 f32 read by columns: lane i holds row i, one instruction per column. */
	{ "S[(32,32):(32,1)]", "f32", NULL, "S[(32,32):(1@laneid,1)]", 4, 4,
	  AXE_BANK_LIMIT_NONE, 32, 1024, 32, 32 },
	{ "S[(32,32):(33,1)]", "f32", NULL, "S[(32,32):(1@laneid,1)]", 4, 4,
	  AXE_BANK_LIMIT_NONE, 32, 32, 32, 1 },
	/* Inferred: padded rows are not 8-byte aligned, so scalar loads. */
	{ "S[(32,32):(33,1)]", "f32", NULL, "S[(32,32):(1@laneid,1)]", 0, 4,
	  AXE_BANK_LIMIT_MISALIGNED, 32, 32, 32, 1 },
	/* Unpadded, the same layout reads 16-byte row pieces: 8 rows per phase on 4 banks. */
	{ "S[(32,32):(32,1)]", "f32", NULL, "S[(32,32):(1@laneid,1)]", 0, 16,
	  AXE_BANK_LIMIT_NONE, 8, 256, 32, 8 },
	/* Swizzle(2,3,3) keeps 4 f16 together: 8-byte vectors, not 16. */
	{ "S[(8,64):(64,1)]", "f16", "2,3,3", "S[(8,64):(1@laneid,1)]", 0, 8,
	  AXE_BANK_LIMIT_SPLIT, 16, 32, 16, 2 },
	/* Column-major storage: a lane's registers are not contiguous. */
	{ "S[(8,64):(1,8)]", "f16", NULL, "S[(8,64):(1@laneid,1)]", 0, 2, AXE_BANK_LIMIT_NONE,
	  64, 64, 64, 1 },
	/* spec-format.md's reader: lane 4i + j/16, two 16-byte vectors per lane. */
	{ "S[(8,64):(64,1)]", "f16", NULL, "S[(8,4,2,8):(4@laneid,1@laneid,8,1)]", 0, 16,
	  AXE_BANK_LIMIT_NONE, 2, 16, 8, 2 },
	{ "S[(8,64):(64,1)]", "f16", "128B", "S[(8,4,2,8):(4@laneid,1@laneid,8,1)]", 0, 16,
	  AXE_BANK_LIMIT_NONE, 2, 8, 8, 1 },
	/* 128 threads on tx: 4 warps x 16 steps of 16-byte vectors. */
	{ "S[(128,128):(128,1)]", "f16", "128B", "S[(16,8,16,8):(8,16@tx,1@tx,1)]", 0, 16,
	  AXE_BANK_LIMIT_NONE, 64, 256, 256, 1 },
	/* warpid + laneid: each lane reads a 128-byte row, 8 rows per phase on 4 banks. */
	{ "S[(64,32):(32,1)]", "f32", NULL, "S[(2,32,32):(1@warpid,1@laneid,1)]", 0, 16,
	  AXE_BANK_LIMIT_NONE, 16, 512, 64, 8 },
	/* wgid + tid_in_wg: 8 warps, rows of 32 bytes: lanes l and l+4 share banks. */
	{ "S[(256,8):(8,1)]", "f32", NULL, "S[(2,128,8):(1@wgid,1@tid_in_wg,1)]", 0, 16,
	  AXE_BANK_LIMIT_NONE, 16, 128, 64, 2 },
};

/* Parse "M,B,S" or a preset into the tile's swizzle after tile() ran without one. */
static void set_swizzle(fixture *f, const char *text)
{
	int m, b, s;
	axe_shape shape = f->tile.shape;

	if (!text || sscanf(text, "%d,%d,%d", &m, &b, &s) != 3)
		return;
	axe_bank_tile_release(&f->tile);
	f->smem->swizzle = (axe_swizzle){ true, m, b, s };
	if (axe_bank_tile_init(&f->tile, f->smem, &shape, f->tile.dtype, &here, 1, &f->err) < 0)
		fail_msg("%s", f->err.message);
}

static void test_threads(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(thread_rows) / sizeof(thread_rows[0]); i++) {
		const thread_row *row = &thread_rows[i];
		bool custom = row->swizzle && strchr(row->swizzle, ',');
		fixture f;

		tile(&f, row->smem, row->dtype, custom ? NULL : row->swizzle);
		if (custom)
			set_swizzle(&f, row->swizzle);
		if (by_threads(&f, row->threads, row->vector) < 0)
			fail_msg("row %zu: %s", i, f.err.message);
		if (f.r.phasing.lane_bytes != row->lane_bytes || f.r.limit != row->limit ||
		    f.r.total.instructions != row->instructions ||
		    f.r.total.wavefronts != row->wavefronts || f.r.total.ideal != row->ideal ||
		    f.r.total.max_way != row->max_way)
			fail_msg("row %zu: %d bytes, limit %d, %lld instructions, wavefronts %lld, "
				 "ideal %lld, max_way %lld", i, f.r.phasing.lane_bytes, f.r.limit,
				 (long long)f.r.total.instructions, (long long)f.r.total.wavefronts,
				 (long long)f.r.total.ideal, (long long)f.r.total.max_way);
		assert_int_equal(f.r.inferred, row->vector == 0);
		done(&f);
	}
}

/*
 * The costs on several threads (one instruction per task, so the tasks
 * interleave) are the same, instruction by instruction, as on one.
 */
static void test_threads_any_jobs(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(thread_rows) / sizeof(thread_rows[0]); i++) {
		const thread_row *row = &thread_rows[i];
		bool custom = row->swizzle && strchr(row->swizzle, ',');
		axe_walk_options walk = { 3, NULL, 1 };
		axe_bank_result many;
		fixture f;

		tile(&f, row->smem, row->dtype, custom ? NULL : row->swizzle);
		if (custom)
			set_swizzle(&f, row->swizzle);
		if (by_threads(&f, row->threads, row->vector) < 0)
			fail_msg("row %zu: %s", i, f.err.message);
		assert_int_equal(axe_bank_analyze_walk(&f.plan, &f.tile, NULL, &walk, &many, &f.err),
				 0);
		assert_int_equal(many.ninstr, f.r.ninstr);
		for (int64_t k = 0; k < many.ninstr; k++) {
			const axe_bank_instr *x = &many.instr[k], *y = &f.r.instr[k];
			if (x->wavefronts != y->wavefronts || x->ideal != y->ideal ||
			    x->conflicts != y->conflicts || x->max_way != y->max_way ||
			    x->lanes != y->lanes ||
			    memcmp(x->phase_cost, y->phase_cost, sizeof(x->phase_cost)) != 0)
				fail_msg("row %zu: instruction %lld differs on 3 threads", i,
					 (long long)k);
		}
		assert_int_equal(many.total.wavefronts, f.r.total.wavefronts);
		assert_int_equal(many.total.ideal, f.r.total.ideal);
		assert_int_equal(many.total.max_way, f.r.total.max_way);
		assert_int_equal(many.total.instructions, f.r.total.instructions);
		axe_bank_result_release(&many);
		done(&f);
	}
}

/* ---- refusals: the message says which lane and which addresses ---- */

typedef struct error_row {
	const char *smem, *dtype, *swizzle, *threads;
	int vector;
	const char *message;
} error_row;

static const error_row error_rows[] = {
	{ "S[(8,64):(65,1)]", "f16", NULL, "S[(8,64):(1@laneid,1)]", 16,
	  "the 16-byte access of lane 1 (warp 0, step 0) starts at byte 130, which is not a "
	  "multiple of 16" },
	{ "S[(8,64):(64,1)]", "f16", "2,3,3", "S[(8,64):(1@laneid,1)]", 16,
	  "the swizzle splits the 16-byte access of lane 0 (warp 0, step 4): (0, 32)..(0, 39) "
	  "are contiguous before Swizzle(2,3,3), but after it (0, 32) is at byte 72 and "
	  "(0, 36) at byte 64" },
	{ "S[(8,64):(1,8)]", "f16", NULL, "S[(8,64):(1@laneid,1)]", 4,
	  "the 4-byte access of lane 0 (warp 0, step 0) is not contiguous in shared memory: "
	  "(0, 0) is at byte 0 but (0, 1) at byte 16" },
	{ "S[(8,64):(64,1)]", "f16", NULL, "S[(8,64):(1@laneid,2)]", 4,
	  "the 4-byte access of lane 0 (warp 0, step 0) covers registers 0-1, but the lane "
	  "holds nothing in register 1" },
	{ "S[(8,64):(64,1)]", "f32", NULL, "S[(8,64):(1@laneid,1)]", 2,
	  "2-byte vectors cannot hold whole 4-byte f32 elements" },
	{ "S[(8,64):(64,1)]", "f16", NULL, "S[(8,64):(1@laneid,1)]", 12,
	  "a vector is 1, 2, 4, 8 or 16 bytes, not 12" },
	{ "S[(8,64):(64,1)]", "f16", NULL, "S[(8,64):(1@laneid,0)]", 0,
	  "lane 0 of warp 0 holds two elements in register 0: (0, 0) and (0, 1)" },
	{ "S[(8,64):(64,1)]", "f16", NULL, "S[(8,64):(8@laneid,1)]", 0,
	  "thread axis 'laneid' reaches 56, outside [0, 32)" },
	{ "S[(8,64):(64,1)]", "f16", NULL, "S[(8,64):(1@ty,1)]", 0,
	  "thread axis 'ty' needs blockDim.x to tell which warp a thread is in" },
	{ "S[(8,64):(64,1)]", "f16", NULL, "S[(8,64):(1@bx,1)]", 0,
	  "axis 'bx' numbers thread blocks, but shared memory belongs to one block: give the "
	  "layout of one block's threads" },
	{ "S[(8,64):(64,1)]", "f16", NULL, "S[(8,64):(1@pid,1)]", 0,
	  "device axis 'pid' has no place in a warp's shared-memory access" },
	{ "S[(8,64):(64,1)]", "f16", NULL, "S[(8,64):(1@laneid,1@reg)] + 1", 0,
	  "the thread layout names two memory axes, 'reg' and 'm'; the register index must be "
	  "on one" },
	{ "S[(8,64):(64,1)]", "f16", NULL, "S[(8,64):(1,8)]", 0,
	  "the thread layout names no thread axis (laneid, warpid, tx, tid, ...)" },
	{ "S[(8,64):(64,1)]", "f16", NULL, "S[(8,32):(1@laneid,1)]", 0,
	  "the thread layout has 256 points but the tile has 512" },
	{ "S[(8,64):(64,1)]", "f16", NULL, "S[(8,64):(1@tid,-1@laneid)]", 0,
	  "thread axis 'laneid' reaches -63; thread indices start at 0" },
};

static void test_refusals(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(error_rows) / sizeof(error_rows[0]); i++) {
		const error_row *row = &error_rows[i];
		bool custom = row->swizzle && strchr(row->swizzle, ',');
		fixture f;

		tile(&f, row->smem, row->dtype, custom ? NULL : row->swizzle);
		if (custom)
			set_swizzle(&f, row->swizzle);
		if (by_threads(&f, row->threads, row->vector) == 0)
			fail_msg("row %zu: no error", i);
		assert_string_equal(f.err.message, row->message);
		done(&f);
	}
}

static void test_smem_refusals(void **state)
{
	static const struct { const char *smem, *dtype, *message; } rows[] = {
		{ "S[(8,64):(64,1@laneid)]", "f16", "the shared-memory layout places data on axis "
		  "'laneid'; it must use the memory axis 'm' only" },
		{ "S[(8,64):(64,1)] + R[2:512]", "f16", "the shared-memory layout has a replica; "
		  "each element needs exactly one address" },
		{ "S[(8,64):(64,1)] - 1", "f16", "the shared-memory layout reaches address -1; "
		  "addresses are offsets from the buffer base and must not be negative" },
		{ "S[(8,64):(64,1)]", NULL, "bank conflicts need the element type of the "
		  "shared-memory layout" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		axe_error err;
		axe_bank_tile t;
		axe_shape shape;
		axe_layout *L;

		axe_error_init(&err);
		L = axe_layout_parse(rows[i].smem, &err);
		assert_non_null(L);
		axe_layout_default_shape(L, &shape);
		assert_int_equal(axe_bank_tile_init(&t, L, &shape, rows[i].dtype ?
						    axe_dtype_lookup(rows[i].dtype) : -1,
						    &here, 1, &err), -1);
		assert_string_equal(err.message, rows[i].message);
		axe_layout_free(L);
	}
}

/* ---- ldmatrix / stmatrix presets ---- */

typedef struct preset_row {
	const char *name, *swizzle;
	int64_t instructions, per_instruction, ideal, max_way;
} preset_row;

/* A 64x64 f16 tile: 32 / 16 / 8 / 4 wavefronts per ldmatrix.x4 (issue 5). */
static const preset_row preset_rows[] = {
	{ "ldmatrix.x4", "none", 16, 32, 4, 8 }, { "ldmatrix.x4", "32B", 16, 16, 4, 4 },
	{ "ldmatrix.x4", "64B", 16, 8, 4, 2 },   { "ldmatrix.x4", "128B", 16, 4, 4, 1 },
	{ "ldmatrix.x2", "none", 32, 16, 2, 8 }, { "ldmatrix.x2", "128B", 32, 2, 2, 1 },
	{ "ldmatrix.x1", "none", 64, 8, 1, 8 },  { "ldmatrix.x1", "128B", 64, 1, 1, 1 },
	{ "stmatrix.x4", "64B", 16, 8, 4, 2 },
};

static void test_presets(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(preset_rows) / sizeof(preset_rows[0]); i++) {
		const preset_row *row = &preset_rows[i];
		fixture f;

		tile(&f, "S[(64,64):(64,1)]", "f16", row->swizzle);
		if (by_preset(&f, row->name) < 0)
			fail_msg("%s: %s", row->name, f.err.message);
		assert_int_equal(f.r.ninstr, row->instructions);
		for (int64_t k = 0; k < f.r.ninstr; k++) {
			if (f.r.instr[k].wavefronts != row->per_instruction ||
			    f.r.instr[k].ideal != row->ideal)
				fail_msg("%s %s step %lld: wavefronts %lld ideal %lld", row->name,
					 row->swizzle, (long long)k, (long long)f.r.instr[k].wavefronts,
					 (long long)f.r.instr[k].ideal);
		}
		assert_total(&f.r.total, row->instructions, row->instructions * row->per_instruction,
			     row->instructions * row->ideal, row->max_way);
		done(&f);
	}
}

/* Which rows each lane of ldmatrix.x4 supplies: the A-fragment order. */
static void test_preset_lanes(void **state)
{
	fixture f;

	(void)state;
	tile(&f, "S[(32,32):(32,1)]", "f16", NULL);
	assert_int_equal(by_preset(&f, "ldmatrix.x4"), 0);
	assert_int_equal(f.r.ninstr, 4); /* blocks of 16 rows x 16 columns, row-major */
	for (int l = 0; l < 32; l++) {
		assert_int_equal(f.r.instr[0].flat[l], (l % 16) * 32 + 8 * (l / 16));
		assert_int_equal(f.r.instr[1].flat[l], (l % 16) * 32 + 16 + 8 * (l / 16));
		assert_int_equal(f.r.instr[2].flat[l], (16 + l % 16) * 32 + 8 * (l / 16));
	}
	done(&f);
	tile(&f, "S[(16,32):(32,1)]", "f16", NULL);
	assert_int_equal(by_preset(&f, "ldmatrix.x1"), 0);
	assert_int_equal(f.r.ninstr, 8);
	for (int l = 0; l < 32; l++)
		assert_int_equal(f.r.instr[1].flat[l], l < 8 ? l * 32 + 8 : -1);
	done(&f);
	tile(&f, "S[(10,64):(64,1)]", "f16", NULL);
	assert_int_equal(by_preset(&f, "ldmatrix.x4"), -1);
	assert_string_equal(f.err.message, "ldmatrix.x4 reads blocks of 16 rows by 16 f16 "
			    "elements; the tile has 10 rows of 64 elements");
	done(&f);
	tile(&f, "S[(16,64):(65,1)]", "f16", NULL);
	assert_int_equal(by_preset(&f, "ldmatrix.x2"), -1);
	assert_string_equal(f.err.message, "the 16-byte row of lane 1 (step 0) starts at byte "
			    "130, which is not a multiple of 16");
	done(&f);
	tile(&f, "S[(16,64):(64,1)]", "f16", NULL);
	assert_int_equal(by_preset(&f, "ldmatrix.x3"), -1);
	assert_string_equal(f.err.hint, "did you mean 'ldmatrix.x1'?");
	done(&f);
}

/* ---- accesses: sections of a spec ---- */

#define SPEC_HEAD                                                          \
	"axe-layout: 1\n"                                                  \
	"layouts:\n"                                                       \
	"  smem: {layout: \"S[(8,64):(64,1)]\", shape: [8, 64], dtype: f16}\n" \
	"accesses:\n"

#define NULLS7 "null, null, null, null, null, null, null"
#define NULLS8 NULLS7 ", null"
#define NULLS23 NULLS7 ", " NULLS8 ", " NULLS8
#define NULLS24 NULLS8 ", " NULLS8 ", " NULLS8
#define NULLS31 NULLS7 ", " NULLS24

static int by_spec(fixture *f, const char *text, const char *name)
{
	axe_spec *spec = axe_spec_parse("t.yaml", text, strlen(text), &f->err);

	if (!spec)
		fail_msg("%s", f->err.message);
	if (axe_bank_access_from(&f->access, spec, name, &f->err) < 0 ||
	    axe_bank_plan_spec(&f->plan, &f->access, &f->tile.shape, f->tile.dtype, &f->err) < 0)
		return -1;
	return axe_bank_analyze(&f->plan, &f->tile, NULL, &f->r, &f->err);
}

static void test_spec_access(void **state)
{
	static const char text[] = SPEC_HEAD
		"  col_read:\n"
		"    tile: smem\n"
		"    op: lds\n"
		"    vector_bytes: 2\n"
		"    instructions:\n"
		"      - [[0,0],[1,0],[2,0],[3,0],[4,0],[5,0],[6,0],[7,0], " NULLS24 "]\n"
		"      - [[0,0],[0,1],[0,2],[0,3],[0,4],[0,5],[0,6],[0,7], " NULLS24 "]\n";
	static const char *const modes[] = { "none", "128B" };
	fixture f;

	(void)state;
	for (int k = 0; k < 2; k++) {
		tile(&f, "S[(8,64):(64,1)]", "f16", modes[k]);
		assert_int_equal(by_spec(&f, text, "col_read"), 0);
		assert_string_equal(f.access.tile, "smem");
		assert_int_equal(f.r.instr[0].wavefronts, k ? 1 : 8);
		assert_int_equal(f.r.instr[0].ideal, 1);
		/* Eight f16 of one row: four words, two lanes on each, no conflict. */
		assert_int_equal(f.r.instr[1].wavefronts, 1);
		assert_total(&f.r.total, 2, k ? 2 : 9, 2, k ? 1 : 8);
		done(&f);
	}
}

typedef struct spec_error_row {
	const char *entry;       /* the access, after "  a:\n    tile: smem\n" */
	const char *name;        /* the access to open */
	int line, col;
	const char *message;
} spec_error_row;

static const spec_error_row spec_error_rows[] = {
	{ "    op: ldz\n    instructions: []\n", "a", 7, 9,
	  "unknown op 'ldz' (lds, sts, ldmatrix or stmatrix)" },
	{ "    instructions:\n      - [[0,0], null]\n", "a", 8, 9,
	  "an instruction lists 32 lanes (a coordinate or null each), not 2" },
	{ "    instructions:\n      - [[9,0], " NULLS31 "]\n", "a", 8, 11,
	  "coordinate 9 in dimension 0 is outside [0, 8)" },
	{ "    instructions:\n      - [[0,0,0], " NULLS31 "]\n", "a", 8, 10,
	  "expected null or a coordinate of 2 integers" },
	{ "    vector_bytes: 3\n    instructions: []\n", "a", 7, 19,
	  "'vector_bytes' must be 1, 2, 4, 8 or 16, not 3" },
	{ "    vector_bytes: 4\n    instructions:\n      - [[0,1], " NULLS31 "]\n",
	  "a", 9, 10, "the 4-byte access of lane 0 (step 0) starts at byte 2, which is not a "
	  "multiple of 4" },
	{ "    vector_bytes: 16\n    instructions:\n      - [[0,60], " NULLS31 "]\n",
	  "a", 9, 10, "the 16-byte access of lane 0 (step 0) runs past the end of its row (the "
	  "last dimension has 64 elements)" },
	{ "    op: ldmatrix\n    num: 1\n    instructions:\n      - [" NULLS8 ", [1,0], "
	  NULLS23 "]\n", "a", 10, 58, "ldmatrix.x1 takes row addresses from lanes 0-7; lane 8 "
	  "must be null" },
	{ "    op: ldmatrix\n    instructions: []\n", "a", 7, 9,
	  "ldmatrix needs 'num: 1', 2 or 4 (the matrices per instruction)" },
	{ "    op: stmatrix\n    num: 3\n    instructions: []\n", "a", 8, 10,
	  "'num' must be 1, 2 or 4, not 3" },
	{ "    vectorbytes: 4\n", "a", 7, 5, "unknown key 'vectorbytes' in an access" },
	{ "    instructions:\n      - [" NULLS8 ", " NULLS24 "]\n", "a", 8, 9,
	  "an instruction with no active lane" },
	{ "    instructions: []\n", "a", 7, 19, "an access needs 'instructions': a non-empty list" },
	{ "    instructions: []\n", "b", 5, 3, "no access 'b' in 'accesses'" },
};

static void test_spec_errors(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(spec_error_rows) / sizeof(spec_error_rows[0]); i++) {
		const spec_error_row *row = &spec_error_rows[i];
		char text[2048];
		fixture f;

		snprintf(text, sizeof(text), SPEC_HEAD "  a:\n    tile: smem\n%s", row->entry);
		tile(&f, "S[(8,64):(64,1)]", "f16", NULL);
		if (by_spec(&f, text, row->name) == 0)
			fail_msg("row %zu: no error", i);
		if (f.err.line != row->line || f.err.col != row->col ||
		    strcmp(f.err.message, row->message) != 0)
			fail_msg("row %zu: %d:%d: %s", i, f.err.line, f.err.col, f.err.message);
		assert_string_equal(f.err.source, "t.yaml");
		done(&f);
	}
}

static void test_spec_tile_errors(void **state)
{
	static const char no_tile[] = SPEC_HEAD "  a:\n    op: lds\n";
	static const char bad_tile[] = SPEC_HEAD "  a:\n    tile: smen\n";
	static const char two[] = SPEC_HEAD "  a: {tile: smem}\n  b: {tile: smem}\n";
	static const char none[] = "axe-layout: 1\nlayouts:\n  smem: \"S[4:1]\"\n";
	fixture f;

	(void)state;
	tile(&f, "S[(8,64):(64,1)]", "f16", NULL);
	assert_int_equal(by_spec(&f, no_tile, "a"), -1);
	assert_string_equal(f.err.message, "missing key 'tile' in access 'a' (the layout its "
			    "coordinates name)");
	done(&f);
	tile(&f, "S[(8,64):(64,1)]", "f16", NULL);
	assert_int_equal(by_spec(&f, bad_tile, "a"), -1);
	assert_string_equal(f.err.message, "'tile' must name a layout of the spec");
	assert_string_equal(f.err.hint, "did you mean 'smem'?");
	assert_int_equal(f.err.line, 6);
	assert_int_equal(f.err.col, 11);
	done(&f);
	tile(&f, "S[(8,64):(64,1)]", "f16", NULL);
	assert_int_equal(by_spec(&f, two, NULL), -1);
	assert_string_equal(f.err.message, "the spec has 2 accesses; name one as FILE.yaml:NAME");
	done(&f);
	tile(&f, "S[(8,64):(64,1)]", "f16", NULL);
	assert_int_equal(by_spec(&f, none, NULL), -1);
	assert_string_equal(f.err.message, "the spec has no 'accesses:' section");
	done(&f);
}

/* ---- selection and --suggest ---- */

static void test_select(void **state)
{
	axe_bank_select sel = { .by_warp = true, .warp = 1, .by_step = true, .step = 3 };
	axe_bank_result r;
	fixture f;

	(void)state;
	tile(&f, "S[(128,128):(128,1)]", "f16", NULL);
	assert_int_equal(by_threads(&f, "S[(16,8,16,8):(8,16@tx,1@tx,1)]", 0), 0);
	assert_int_equal(axe_bank_analyze(&f.plan, &f.tile, &sel, &r, &f.err), 0);
	assert_int_equal(r.ninstr, 1);
	assert_int_equal(r.instr[0].warp, 1);
	assert_int_equal(r.instr[0].step, 3);
	/* Warp 1, lane l is thread 32 + l: row 8*3 + (32 + l)/16, column 8*((32 + l)%16). */
	assert_int_equal(r.instr[0].flat[0], 26 * 128);
	assert_int_equal(r.instr[0].flat[17], 27 * 128 + 8);
	axe_bank_result_release(&r);
	sel.warp = 4;
	assert_int_equal(axe_bank_analyze(&f.plan, &f.tile, &sel, &r, &f.err), 0);
	assert_int_equal(r.ninstr, 0);
	axe_bank_result_release(&r);
	assert_int_equal(axe_bank_worst(&f.r), 0);
	done(&f);
}

typedef struct suggest_row {
	const char *smem, *dtype, *threads, *preset;
	int vector;
	const char *best;
	int64_t wavefronts;
	axe_bank_reason decided_by;
	const char *second;
} suggest_row;

static const suggest_row suggest_rows[] = {
	/* 128B and 8 elements of padding tie on wavefronts; the swizzle costs no memory. */
	{ "S[(64,64):(64,1)]", "f16", NULL, "ldmatrix.x4", 0, "128B", 64, AXE_BANK_BY_MEMORY,
	  "pad 8" },
	/*
	 * Scalar column reads: Swizzle(0,5,5) permutes the 32 words of a row by
	 * the row index, conflict-free at no memory; one element of padding is
	 * conflict-free too but costs 124 bytes.
	 */
	{ "S[(32,32):(32,1)]", "f32", "S[(32,32):(1@laneid,1)]", NULL, 4, "Swizzle(0,5,5)", 32,
	  AXE_BANK_BY_MEMORY, "pad 1" },
	/* Inferred widths: 16-byte row pieces under 128B beat 8-byte units that split them. */
	{ "S[(32,32):(32,1)]", "f32", "S[(32,32):(1@laneid,1)]", NULL, 0, "128B", 32,
	  AXE_BANK_BY_INSTRUCTIONS, "Swizzle(1,4,4)" },
	/* Row reads are conflict-free as given: no swizzle wins on alignment. */
	{ "S[(32,4):(4,1)]", "f32", "S[(32,4):(1@laneid,1)]", NULL, 0, "none", 4,
	  AXE_BANK_BY_ALIGNMENT, "32B" },
	/*
	 * The wgmma m64n128 f32 accumulator stored row-major: 128B leaves 256
	 * conflicts, Swizzle(3,2,4) none (it ties with Swizzle(2,3,4)).
	 */
	{ "S[(64,128):(128,1)]", "f32", "S[(4,2,8,16,4,2):(1@warpid,2,4@laneid,4,1@laneid,1)]",
	  NULL, 0, "Swizzle(3,2,4)", 256, AXE_BANK_BY_ORDER, "Swizzle(2,3,4)" },
};

static void test_suggest(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(suggest_rows) / sizeof(suggest_rows[0]); i++) {
		const suggest_row *row = &suggest_rows[i];
		axe_bank_suggestion s;
		fixture f;

		tile(&f, row->smem, row->dtype, NULL);
		f.threads = row->threads ? axe_layout_parse(row->threads, &f.err) : NULL;
		if (row->threads)
			assert_int_equal(axe_bank_plan_threads(&f.plan, f.threads, &f.tile.shape,
							       &here, 1, &f.err), 0);
		else
			assert_int_equal(axe_bank_plan_preset(&f.plan, row->preset, &f.tile.shape,
							      f.tile.dtype, &here, &f.err), 0);
		if (row->vector)
			assert_int_equal(axe_bank_plan_force_vector(&f.plan, row->vector, &here, 1,
								    &f.err), 0);
		assert_int_equal(axe_bank_suggest(&f.plan, &f.tile, &s, &f.err), 0);
		if (strcmp(s.c[0].name, row->best) || s.c[0].total.wavefronts != row->wavefronts ||
		    s.decided_by != row->decided_by || strcmp(s.c[1].name, row->second))
			fail_msg("row %zu: best %s (%lld wavefronts), decided by %d over %s", i,
				 s.c[0].name, (long long)s.c[0].total.wavefronts, s.decided_by,
				 s.c[1].name);
		assert_true(s.padding_tried);
		axe_bank_suggestion_release(&s);
		done(&f);
	}
}

/* Padding a rank-1 tile is meaningless; impossible candidates say why. */
static void test_suggest_limits(void **state)
{
	axe_bank_suggestion s;
	fixture f;

	(void)state;
	tile(&f, "S[32:1]", "f16", NULL);
	f.threads = axe_layout_parse("S[32:1@laneid]", &f.err);
	assert_int_equal(axe_bank_plan_threads(&f.plan, f.threads, &f.tile.shape, &here, 1,
					       &f.err), 0);
	assert_int_equal(axe_bank_suggest(&f.plan, &f.tile, &s, &f.err), 0);
	assert_false(s.padding_tried);
	assert_string_equal(s.padding_why, "the tile is a single row");
	/* The hardware modes and the swizzles that permute bits below address 32: no pads. */
	assert_int_equal(s.n, 4 + 13);
	for (size_t i = 0; i < s.n; i++)
		assert_int_equal(s.c[i].padding, 0);
	axe_bank_suggestion_release(&s);
	done(&f);
	tile(&f, "S[(64,64):(64,1)]", "f16", NULL);
	assert_int_equal(axe_bank_plan_preset(&f.plan, "ldmatrix.x4", &f.tile.shape, f.tile.dtype,
					      &here, &f.err), 0);
	assert_int_equal(axe_bank_suggest(&f.plan, &f.tile, &s, &f.err), 0);
	for (size_t i = 0; i < s.n; i++) {
		if (strcmp(s.c[i].name, "pad 4") != 0)
			continue;
		assert_false(s.c[i].possible);
		assert_false(s.c[i].hardware);
		assert_string_equal(s.c[i].why_not, "the 16-byte row of lane 1 (step 0) starts at "
				    "byte 136, which is not a multiple of 16");
	}
	assert_false(s.c[s.n - 1].possible); /* the impossible rank last */
	axe_bank_suggestion_release(&s);
	done(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cost),
		cmocka_unit_test(test_phasing),
		cmocka_unit_test(test_base_alignment),
		cmocka_unit_test(test_seed_column),
		cmocka_unit_test(test_threads),
		cmocka_unit_test(test_threads_any_jobs),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_smem_refusals),
		cmocka_unit_test(test_presets),
		cmocka_unit_test(test_preset_lanes),
		cmocka_unit_test(test_spec_access),
		cmocka_unit_test(test_spec_errors),
		cmocka_unit_test(test_spec_tile_errors),
		cmocka_unit_test(test_select),
		cmocka_unit_test(test_suggest),
		cmocka_unit_test(test_suggest_limits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
