/*
 * test_audit_shared.c: the shared-memory side of the kernel audit
 * (src/audit/swizzle.c, local.c, flat.c).
 *
 * Expected values are Triton's own (github.com/triton-lang/triton):
 *  - gluon_rows: every case of test_bank_conflicts in
 *    python/test/gluon/test_frontend.py at commits
 *    00327161946ce1a1428338d62ff5521aa25fa6ff and
 *    e3b5495253313e42ad074906ea8e2063b70dcc69 (the same 11 cases and
 *    numbers at both; the Gluon layouts written as
 *    the TTGIR attributes they build; ttgl.bank_conflicts is
 *    bankConflictsMemDesc on toLinearLayout of both on the tensor's shape);
 *    the 4x64 nvmma_shared swizzlingByteWidth = 0 row is the issue's
 *    "3 conflicts per wavefront";
 *  - swizzle_rows: every SwizzleTest case of
 *    unittest/Dialect/TritonGPU/SwizzleTest.cpp at commit
 *    e3b5495253313e42ad074906ea8e2063b70dcc69 (optimalSwizzlingLdSt, then
 *    bankConflictsLdSt gives 0 read and 0 write conflicts), with the bank
 *    count and lane tiles each passes (the two AMD-shaped ones: 32 banks
 *    with lanes 0, 1, 4 per wavefront, 64 banks with lanes 0, 1, 3, 4);
 *  - BankConflictTest there asserts bankConflictsMemDesc equals a brute
 *    force count of wavefronts (bruteforceBankConflictsPerWavefront):
 *    test_local_brute_force counts the wavefronts the same way, from the
 *    layouts' values alone, for the Gluon rows and more.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "audit/audit.h"
#include "audit/flat.h"
#include "audit/swizzle.h"
#include "interop/triton.h"

#define BLOCKED1 "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], " \
		 "warpsPerCTA = [4], order = [0]}>"
#define SWIZZLED1 "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>"
#define MMA(major, warps, instr) "#ttg.nvidia_mma<{versionMajor = " major ", versionMinor = 0, " \
				 "warpsPerCTA = [" warps "], instrShape = [" instr "]}>"
#define DOT(idx, parent, k) "#ttg.dot_op<{opIdx = " idx ", parent = " parent ", kWidth = " k "}>"
#define NVMMA(w, t, bits) "#ttg.nvmma_shared<{swizzlingByteWidth = " w ", transposed = " t \
			  ", elementBitWidth = " bits "}>"
#define MMA2_14 MMA("2", "1, 4", "16, 8")

typedef struct gluon_row {
	const char *reg, *shared, *shape;
	int bits;
	int64_t conflicts;
} gluon_row;

static const gluon_row gluon_rows[] = {
	{ BLOCKED1, SWIZZLED1, "32", 32, 0 },
	{ BLOCKED1, SWIZZLED1, "32", 16, 0 },
	{ MMA("3", "4, 1", "16, 32, 16"), NVMMA("128", "false", "16"), "128,128", 16, 0 },
	{ DOT("1", MMA2_14, "2"), NVMMA("64", "false", "16"), "64,32", 16, 0 },
	{ DOT("0", MMA2_14, "2"), NVMMA("64", "true", "16"), "32,64", 16, 0 },
	{ DOT("1", MMA2_14, "1"), NVMMA("32", "false", "8"), "8,32", 8, 0 },
	{ MMA("2", "4, 1", "16, 8"), NVMMA("64", "true", "16"), "64,64", 16, 0 },
	{ MMA("3", "2, 2", "16, 32, 16"), NVMMA("64", "false", "16"), "64,32", 16, 0 },
	{ MMA("2", "4, 1", "16, 8"), NVMMA("32", "false", "8"), "32,32", 8, 0 },
	{ MMA("2", "2, 4", "16, 8"), NVMMA("0", "false", "16"), "4,64", 16, 3 },
	{ MMA("3", "4, 1", "16, 32, 16"), NVMMA("128", "false", "32"), "128,64", 32, 1 },
};

static axe_shape shape_of(const char *text)
{
	axe_shape s = { 0 };

	for (const char *p = text; *p;) {
		char *end;

		s.dim[s.rank++] = strtoll(p, &end, 10);
		p = *end == ',' ? end + 1 : end;
	}
	return s;
}

static void linear_of(const char *text, const char *shape, axe_linear *L)
{
	axe_shape s = shape_of(shape);
	axe_error err;

	axe_error_init(&err);
	if (tt_linear_of_text(text, &s, L, &err) < 0)
		fail_msg("%s on %s: %s", text, shape, err.message);
}

/* ttg.bank_conflicts of every Gluon case, through a local_load on sm_80 as Gluon's target. */
static void test_gluon_bank_conflicts(void **state)
{
	(void)state;
	for (size_t r = 0; r < sizeof(gluon_rows) / sizeof(gluon_rows[0]); r++) {
		const gluon_row *row = &gluon_rows[r];
		axe_linear R, S;
		axe_audit_smem out;
		axe_error err;

		linear_of(row->reg, row->shape, &R);
		linear_of(row->shared, row->shape, &S);
		axe_error_init(&err);
		if (axe_audit_local(&R, &S, row->bits, false, 80, &out, &err) < 0)
			fail_msg("row %zu: %s", r, err.message);
		if (out.conflicts != row->conflicts)
			fail_msg("row %zu (%s on %s, %d bits): %lld conflicts, Triton %lld", r,
				 row->shared, row->shape, row->bits, (long long)out.conflicts,
				 (long long)row->conflicts);
	}
}

/* SwizzleTest's layouts, as #ttg.linear, and the banks and lane tiles it passes. */
typedef struct swizzle_row {
	const char *test, *src, *dst, *shape;
	int bits;
	audit_ldst_tiles tiles;
} swizzle_row;

#define NVIDIA_TILES { 32, 0, { 0 }, 0, { 0 } }

static const swizzle_row swizzle_rows[] = {
	{ "Test128x128Float8Transpose",
	  "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], "
	  "lane = [[0, 16], [0, 32], [0, 64], [4, 0], [8, 0]], "
	  "warp = [[16, 0], [32, 0], [64, 0]], block = []}>",
	  "#ttg.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1], [0, 2]], "
	  "lane = [[16, 0], [32, 0], [64, 0], [0, 4], [0, 8]], "
	  "warp = [[0, 16], [0, 32], [0, 64]], block = []}>",
	  "128,128", 8, NVIDIA_TILES },
	{ "Test16x16Bf16BlockedMma",
	  "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4]], "
	  "lane = [[0, 8], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [], block = []}>",
	  "#ttg.linear<{register = [[0, 1], [8, 0], [0, 8]], "
	  "lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>",
	  "16,16", 16, NVIDIA_TILES },
	{ "Test16x256U4Mma",
	  "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0], [8, 0]], "
	  "lane = [[0, 32], [0, 64], [0, 128], [1, 0], [2, 0]], warp = [], block = []}>",
	  "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [8, 0], [0, 32], [0, 64], [0, 128]], "
	  "lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>",
	  "16,256", 4, NVIDIA_TILES },
	{ "Test32x16F32Transpose",
	  "#ttg.linear<{register = [[4, 0], [8, 0], [16, 0]], "
	  "lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0]], block = []}>",
	  "#ttg.linear<{register = [[0, 2], [0, 4], [0, 8]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 1]], block = []}>",
	  "32,16", 32, NVIDIA_TILES },
	{ "Test128x128F16Transpose",
	  "#ttg.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 32], [0, 64]], "
	  "lane = [[8, 0], [16, 0], [32, 0], [64, 0], [0, 1]], "
	  "warp = [[0, 2], [0, 4], [0, 8], [0, 16]], block = []}>",
	  "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [32, 0], [64, 0]], "
	  "lane = [[0, 8], [0, 16], [0, 32], [0, 64], [1, 0]], "
	  "warp = [[2, 0], [4, 0], [8, 0], [16, 0]], block = []}>",
	  "128,128", 16, NVIDIA_TILES },
	{ "Test64x128F16BlockedLinear32Bank",
	  "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], "
	  "lane = [[0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0]], "
	  "warp = [[4, 0], [8, 0]], block = []}>",
	  "#ttg.linear<{register = [[0, 1], [0, 2], [0, 8], [0, 16], [0, 32], [0, 64], [32, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]], "
	  "warp = [[0, 0], [0, 0]], block = []}>",
	  "64,128", 16, { 32, 0, { 0 }, 3, { 0, 1, 4 } } },
	{ "Test64x128F16BlockedMfma64Bank",
	  "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], "
	  "lane = [[0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0]], "
	  "warp = [[4, 0], [8, 0]], block = []}>",
	  "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 16], [0, 32], [0, 64], [32, 0]], "
	  "lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 8]], "
	  "warp = [[0, 0], [0, 0]], block = []}>",
	  "64,128", 16, { 64, 0, { 0 }, 4, { 0, 1, 3, 4 } } },
};

/* optimalSwizzlingLdSt is conflict-free on both sides for each of SwizzleTest's cases. */
static void test_swizzle_ldst(void **state)
{
	(void)state;
	for (size_t r = 0; r < sizeof(swizzle_rows) / sizeof(swizzle_rows[0]); r++) {
		const swizzle_row *row = &swizzle_rows[r];
		axe_linear src, dst;
		int64_t read, write, bytes;
		axe_error err;

		linear_of(row->src, row->shape, &src);
		linear_of(row->dst, row->shape, &dst);
		axe_error_init(&err);
		if (audit_swizzle_ldst(&src, &dst, row->bits, &row->tiles, &read, &write, &bytes, &err) < 0)
			fail_msg("%s: %s", row->test, err.message);
		if (read != 0 || write != 0)
			fail_msg("%s: %lld read and %lld write conflicts, Triton 0 and 0", row->test,
				 (long long)read, (long long)write);
	}
}

/* The value of in-dim value "x" of "in" under L, flattened (dim0 the most minor). */
static uint32_t flat_value(const axe_linear *L, int in, uint32_t x)
{
	uint32_t v = 0;

	for (int i = 0; i < L->nbits[in]; i++)
		if (x & (1u << i)) {
			uint32_t f = 0;
			int shift = 0;

			for (size_t d = 0; d < L->rank; d++) {
				f |= (uint32_t)L->basis[in][i][d] << shift;
				shift += L->out_log2[d];
			}
			v ^= f;
		}
	return v;
}

/*
 * Triton's bruteforceBankConflictsPerWavefront: for every instruction
 * (register vector, warp) and every group of lanes one wavefront serves,
 * the most distinct 32-bit words one bank must deliver; extra wavefronts
 * per wavefront.  Offsets come from a table of the shared layout's values.
 */
static int64_t brute_force(const axe_linear *R, const axe_linear *S, int bits)
{
	int total = 0;

	for (size_t d = 0; d < S->rank; d++)
		total += S->out_log2[d];
	uint32_t *offset_of = calloc((size_t)1 << total, sizeof(uint32_t));
	uint32_t regs[AXE_LINEAR_MAX_BITS];
	int nregs = 0;

	assert_non_null(offset_of);
	for (uint32_t o = 0; o < 1u << S->nbits[AXE_LINEAR_OFFSET]; o++)
		offset_of[flat_value(S, AXE_LINEAR_OFFSET, o)] = o;
	for (int i = 0; i < R->nbits[AXE_LINEAR_REGISTER]; i++)
		if (flat_value(R, AXE_LINEAR_REGISTER, 1u << i) != 0)
			regs[nregs++] = offset_of[flat_value(R, AXE_LINEAR_REGISTER, 1u << i)];

	audit_flat cvt = { 0 };
	int perm[AXE_LINEAR_MAX_BITS];

	cvt.out_bits = S->nbits[AXE_LINEAR_OFFSET];
	cvt.has[AXE_LINEAR_REGISTER] = cvt.has[AXE_LINEAR_LANE] = cvt.has[AXE_LINEAR_WARP] = true;
	cvt.n[AXE_LINEAR_REGISTER] = nregs;
	memcpy(cvt.b[AXE_LINEAR_REGISTER], regs, sizeof(regs));
	for (int in = AXE_LINEAR_LANE; in <= AXE_LINEAR_WARP; in++) {
		cvt.n[in] = R->nbits[in];
		for (int i = 0; i < R->nbits[in]; i++)
			cvt.b[in][i] = offset_of[flat_value(R, in, 1u << i)];
	}
	int elems;

	assert_int_equal(audit_largest_vectorisation(&cvt, bits, 0, perm, &elems, NULL), 0);
	int vecwords = (bits * elems + 31) / 32, per_group = 32 / vecwords;
	int64_t wavefronts = 0, minimum = 0;

	for (uint32_t reg = 0; reg < 1u << nregs; reg += (uint32_t)elems)
		for (uint32_t warp = 0; warp < 1u << R->nbits[AXE_LINEAR_WARP]; warp++)
			for (uint32_t l0 = 0; l0 < 1u << R->nbits[AXE_LINEAR_LANE]; l0 += per_group) {
				int64_t banks[32] = { 0 };
				uint32_t seen[128];
				int nseen = 0;

				for (int lane = 0; lane < per_group; lane++)
					for (int v = 0; v < elems; v++) {
						uint32_t off = 0, x = reg + (uint32_t)v, word;

						for (int i = 0; i < nregs; i++)
							if (x & (1u << i))
								off ^= cvt.b[AXE_LINEAR_REGISTER][perm[i]];
						for (int i = 0; i < R->nbits[AXE_LINEAR_LANE]; i++)
							if ((uint32_t)lane & (1u << i))
								off ^= cvt.b[AXE_LINEAR_LANE][i];
						for (int i = 0; i < R->nbits[AXE_LINEAR_WARP]; i++)
							if (warp & (1u << i))
								off ^= cvt.b[AXE_LINEAR_WARP][i];
						word = (uint32_t)((uint64_t)off * (uint64_t)bits / 32);
						if (!audit_gf2_contains(seen, nseen, word)) {
							seen[nseen++] = word;
							banks[word % 32]++;
						}
					}
				int64_t most = 0;

				for (int b = 0; b < 32; b++)
					most = banks[b] > most ? banks[b] : most;
				wavefronts += most;
				minimum++;
			}
	free(offset_of);
	return wavefronts / minimum - 1;
}

typedef struct brute_row {
	const char *reg, *shared, *shape;
	int bits;
} brute_row;

static const brute_row brute_rows[] = {
	{ "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
	  "order = [1, 0]}>",
	  "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>", "64,64", 16 },
	{ "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], "
	  "order = [1, 0]}>",
	  "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>", "32,128", 16 },
	{ "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], "
	  "order = [0, 1]}>",
	  "#ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>", "32,64", 32 },
	{ MMA("2", "2, 2", "16, 8"), NVMMA("128", "false", "16"), "64,64", 16 },
	{ DOT("0", MMA("2", "4, 1", "16, 8"), "2"),
	  "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>", "128,64", 16 },
};

/* bankConflictsMemDesc agrees with the counted wavefronts, as BankConflictTest asserts. */
static void test_local_brute_force(void **state)
{
	(void)state;
	for (size_t r = 0; r < sizeof(gluon_rows) / sizeof(gluon_rows[0]) +
				sizeof(brute_rows) / sizeof(brute_rows[0]); r++) {
		size_t ng = sizeof(gluon_rows) / sizeof(gluon_rows[0]);
		brute_row row = r < ng ? (brute_row){ gluon_rows[r].reg, gluon_rows[r].shared,
						      gluon_rows[r].shape, gluon_rows[r].bits }
				       : brute_rows[r - ng];
		axe_linear R, S;
		axe_audit_smem out;
		axe_error err;

		linear_of(row.reg, row.shape, &R);
		linear_of(row.shared, row.shape, &S);
		axe_error_init(&err);
		if (axe_audit_local(&R, &S, row.bits, true, 90, &out, &err) < 0)
			fail_msg("row %zu: %s", r, err.message);
		int64_t want = brute_force(&R, &S, row.bits);

		if (out.conflicts != want)
			fail_msg("row %zu (%s on %s): %lld conflicts, %lld counted", r, row.shared,
				 row.shape, (long long)out.conflicts, (long long)want);
	}
}

/* The scratch layout of each conversion holds every element once, over its rounds. */
static void test_convert_scratch_is_a_layout(void **state)
{
	(void)state;
	for (size_t r = 0; r < sizeof(swizzle_rows) / sizeof(swizzle_rows[0]); r++) {
		const swizzle_row *row = &swizzle_rows[r];
		axe_linear src, dst;
		axe_audit_convert out;
		axe_error err;
		int total = 0;

		linear_of(row->src, row->shape, &src);
		linear_of(row->dst, row->shape, &dst);
		axe_error_init(&err);
		memset(&out, 0, sizeof(out));
		if (axe_audit_convert_shared(&src, &dst, row->bits, 90, &out, &err) < 0)
			fail_msg("%s: %s", row->test, err.message);
		for (size_t d = 0; d < src.rank; d++)
			total += src.out_log2[d];
		int bits = row->bits < 8 ? 8 : row->bits;

		if (out.scratch_bytes * out.rounds != ((int64_t)1 << total) * bits / 8)
			fail_msg("%s: %lld bytes x %d rounds for %d elements", row->test,
				 (long long)out.scratch_bytes, out.rounds, 1 << total);
		axe_ll scratch;
		bool injective = false;

		if (axe_ll_of_linear(&scratch, &out.scratch, &err) < 0 ||
		    axe_ll_is_injective(&scratch, &injective, &err) < 0)
			fail_msg("%s: %s", row->test, err.message);
		if (!injective)
			fail_msg("%s: two offsets of the scratch hold one element", row->test);
		if (out.store.instructions <= 0 || out.load.instructions <= 0)
			fail_msg("%s: no instructions", row->test);
	}
}

/* Bad operands are refused with a reason, never analysed. */
static void test_refusals(void **state)
{
	axe_linear a, b;
	axe_audit_convert cvt;
	axe_audit_smem smem;
	axe_error err;

	(void)state;
	linear_of(swizzle_rows[1].src, swizzle_rows[1].shape, &a);
	linear_of(swizzle_rows[3].src, swizzle_rows[3].shape, &b);
	axe_error_init(&err);
	assert_int_equal(axe_audit_convert_shared(&a, &b, 16, 90, &cvt, &err), -1);
	assert_non_null(strstr(err.message, "different shapes"));
	axe_error_init(&err);
	assert_int_equal(axe_audit_convert_shared(&a, &a, 12, 90, &cvt, &err), -1);
	assert_non_null(strstr(err.message, "12 bits"));
	axe_error_init(&err);
	assert_int_equal(axe_audit_local(&b, &a, 16, false, 90, &smem, &err), -1);
	assert_non_null(strstr(err.message, "leaves the tensor"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gluon_bank_conflicts),
		cmocka_unit_test(test_swizzle_ldst),
		cmocka_unit_test(test_local_brute_force),
		cmocka_unit_test(test_convert_scratch_is_a_layout),
		cmocka_unit_test(test_refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
