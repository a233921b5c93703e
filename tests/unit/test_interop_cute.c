/*
 * test_interop_cute.c: the CuTe, CuTe TV and TileAS readers and writers
 * (src/interop/cute.c, cute_tv.c, tileas.c): text in, the Axe form out, the
 * writers' text, the reasons no form exists, malformed input, and planted
 * converter bugs that translation validation must catch.
 *
 * Provenance of the expected values (CUTLASS = github.com/NVIDIA/cutlass at
 * 7107b05535f8977f5ecb9d01ee203205b1fd9bc4):
 *  - (2,(2,2)):(4,(2,1)) and its table: media/docs/cpp/cute/01_layout.md,
 *    print2D(s2xh4) / print_layout(s2xh4) = [[0,2,1,3],[4,6,5,7]];
 *  - the mma.m16n8k16 TV layouts: include/cute/atom/mma_traits_sm80.hpp,
 *    MMA_Traits<SM80_16x8x16_F16F16F16F16_TN> ALayout, BLayout and
 *    CLayout = SM80_16x8_Row, "(T32,V4) -> (M16,N8)"; the Axe forms they
 *    must equal are the PTX ISA fragment maps of specs/mma_m16n8k16.yaml
 *    with laneid as tid and the register index as reg;
 *  - the GMMA atoms: include/cute/atom/mma_traits_sm90_gmma.hpp,
 *    Layout_K_SW128_Atom_Bits = ComposedLayout<Swizzle<3,4,3>,
 *    smem_ptr_flag, (8,1024):(1024,1)>, upcast to 16-bit elements as
 *    Layout_K_SW128_Atom<half_t>; printed through layout_composed.hpp and
 *    pointer_flagged.hpp; they must equal the 128B/64B f16 atoms of
 *    specs/smem_atoms.yaml;
 *  - the TileAS descriptors: the six examples of the TileAS compiler's
 *    "Layout Descriptor Grammar" table, and the tiled_load example above it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/dtype.h"
#include "core/eval.h"
#include "interop/cute_private.h"
#include "interop/interop.h"

/* "text" read with "fn": the Axe compact text (or "expr:" when only that form exists). */
static char *import_text(axe_import_fn *fn, const char *text, const axe_import_opts *opts,
			 axe_import *imp, axe_error *err)
{
	if (fn(text, NULL, opts, imp, err) < 0)
		return NULL;
	return imp->layout ? axe_layout_to_string(imp->layout) : strdup("expr:");
}

static const struct {
	const char *text, *axe;
	size_t rank;
	int64_t dim[2];
} cute_rows[] = {
	/* docs/interop.md's example: sub-modes reversed into outermost-first iters. */
	{ "((8,4),(2,2)):((1,8),(32,64))", "S[(4,8,2,2):(8,1,64,32)]", 2, { 32, 4 } },
	{ "(2,(2,2)):(4,(2,1))", "S[(2,2,2):(4,1,2)]", 2, { 2, 4 } },
	{ "(2, (2, 2)):(4, (2, 1))", "S[(2,2,2):(4,1,2)]", 2, { 2, 4 } },
	{ "8:2", "S[8:2]", 1, { 8 } },
	{ "_8", "S[8:1]", 1, { 8 } },
	{ "(8,):(1,)", "S[8:1]", 1, { 8 } },
	{ "((4,2)):((2,1))", "S[(2,4):(1,2)]", 1, { 8 } },
	{ "(4,2):(0,1)", "S[(4,2):(0,1)]", 2, { 4, 2 } },
	{ "(4,2):(-1,4)", "S[(4,2):(-1,4)]", 2, { 4, 2 } },
	{ "Sw<3,4,3> o _0 o (8,64):(64,1)", "Swizzle(4,3,3) o S[(8,64):(64,1)]", 2, { 8, 64 } },
	{ "Swizzle<2,3,3> o (16,64):(64,1)", "Swizzle(3,2,3) o S[(16,64):(64,1)]", 2, { 16, 64 } },
	{ "Sw<0,4,3> o 5 o 8:1", "S[8:1] + 5", 1, { 8 } },
	/* GMMA K-major atoms, 16-bit: the byte swizzle on elements is Swizzle(3,B,3). */
	{ "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
	  "Swizzle(3,3,3) o S[(8,64):(64,1)]", 2, { 8, 64 } },
	{ "Sw<2,4,3> o smem_ptr[16b](unset) o (_8,_32):(_32,_1)",
	  "Swizzle(3,2,3) o S[(8,32):(32,1)]", 2, { 8, 32 } },
	/* The MN-major atom, Layout_MN_SW128_Atom<half_t>: (1024,8):(1,1024) upcast by 16. */
	{ "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)",
	  "Swizzle(3,3,3) o S[(64,8):(1,64)]", 2, { 64, 8 } },
	/* The same atom before upcast: one-bit "elements". */
	{ "Sw<3,4,3> o smem_ptr[1b](unset) o (_8,_1024):(_1024,_1)",
	  "Swizzle(7,3,3) o S[(8,1024):(1024,1)]", 2, { 8, 1024 } },
	/* A negative shift: lower bits into higher, no Axe swizzle. */
	{ "Sw<1,2,-2> o 8:1", "expr:", 1, { 8 } },
};

static void test_cute_import(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cute_rows) / sizeof(cute_rows[0]); i++) {
		axe_import imp;
		axe_error err = { 0 };
		char *text = import_text(axe_cute_import, cute_rows[i].text, NULL, &imp, &err);

		if (!text)
			fail_msg("%s: %s", cute_rows[i].text, err.message);
		if (strcmp(text, cute_rows[i].axe) != 0)
			fail_msg("%s: got %s", cute_rows[i].text, text);
		assert_int_equal(imp.shape.rank, cute_rows[i].rank);
		for (size_t d = 0; d < imp.shape.rank; d++)
			assert_int_equal(imp.shape.dim[d], cute_rows[i].dim[d]);
		assert_true(imp.layout ? imp.why_expr[0] == '\0' : imp.why_expr[0] != '\0');
		free(text);
		axe_import_release(&imp);
	}
}

/* 01_layout.md print2D(s2xh4), through the imported Axe layout. */
static void test_cute_table(void **state)
{
	static const int64_t table[2][4] = { { 0, 2, 1, 3 }, { 4, 6, 5, 7 } };
	axe_import imp;
	axe_error err = { 0 };

	(void)state;
	assert_int_equal(axe_cute_import("(2,(2,2)):(4,(2,1))", NULL, NULL, &imp, &err), 0);
	for (int64_t m = 0; m < 2; m++)
		for (int64_t n = 0; n < 4; n++) {
			int64_t crd[2] = { m, n }, image;
			assert_int_equal(axe_layout_eval(imp.layout, &imp.shape, crd, &image, 1, &err), 1);
			assert_int_equal(image, table[m][n]);
		}
	axe_import_release(&imp);
}

static const struct {
	const char *text;
	int64_t tile[2];
	const char *axe;
} tv_rows[] = {
	/* SM80_16x8_Row, the C (and m16n8k8 A) fragment: PTX c_i at (groupID + 8*(i/2), 2*tig + i%2). */
	{ "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", { 16, 8 },
	  "S[(2,8,4,2):(2@reg,4@tid,1@tid,1@reg)]" },
	/* m16n8k16 A: PTX a_i at (groupID + 8*((i/2)%2), 2*tig + i%2 + 8*(i/4)). */
	{ "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))", { 16, 16 },
	  "S[(2,8,2,4,2):(2@reg,4@tid,4@reg,1@tid,1@reg)]" },
	/* m16n8k16 B on its (N8,K16) tile: PTX b_i at k = 2*tig + i%2 + 8*(i/2), n = groupID. */
	{ "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))", { 8, 16 },
	  "S[(8,2,4,2):(4@tid,2@reg,1@tid,1@reg)]" },
	/* SM80_8x4: one value, a stride-0 value mode of extent 1. */
	{ "((_4,_8),_1):((_8,_1),_0)", { 8, 4 }, "S[(8,4):(4@tid,1@tid)]" },
	/* A broadcast: two threads hold each element (replicas on tid). */
	{ "((_2,_4),_2):((_0,_1),_4)", { 8, 1 }, "S[(2,4):(1@reg,2@tid)] + R[2:1@tid]" },
	/* A 1-D tile (--tile 32): SM80_8x4's thread mode alone, 32 threads in a row. */
	{ "((_4,_8),_1):((_8,_1),_0)", { 32, 0 }, "S[(4,8):(1@tid,4@tid)]" },
	/* A digit across the tile's column height: exact, but only as an expr: layout. */
	{ "(_3,_2):(_2,_1)", { 3, 2 }, "expr:" },
	/* A digit split at the column height: still compact. */
	{ "(_4,_2):(_1,_4)", { 2, 4 }, "S[(2,2,2):(1@tid,1@reg,2@tid)]" },
};

static void test_tv_import(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(tv_rows) / sizeof(tv_rows[0]); i++) {
		axe_shape tile = { tv_rows[i].tile[1] ? 2 : 1,
				   { tv_rows[i].tile[0], tv_rows[i].tile[1] } };
		axe_import_opts opts = { .tile = &tile };
		axe_import imp;
		axe_error err = { 0 };
		char *text = import_text(axe_cute_tv_import, tv_rows[i].text, &opts, &imp, &err);

		if (!text)
			fail_msg("%s: %s", tv_rows[i].text, err.message);
		if (strcmp(text, tv_rows[i].axe) != 0)
			fail_msg("%s: got %s", tv_rows[i].text, text);
		free(text);
		axe_import_release(&imp);
	}
}

/* TileAS descriptors; "bits" is the element width of the context (0: none). */
static const struct {
	const char *text;
	int bits;
	const char *axe;
} tileas_rows[] = {
	{ "<(1,1),(0,0)>", 0, "S[(1,1):(0,0)]" },
	{ "<(16,16),(1,16)>", 0, "S[(16,16):(1,16)]" },
	/* Swizzle<2,5,2> on bytes of 16-bit elements: element bits from 4. */
	{ "<(16,16),(1,16),swizzle<2,5,2>>", 16, "Swizzle(4,2,2) o S[(16,16):(1,16)]" },
	{ "<(16,(8,2)),(1,(16,8))>", 0, "S[(16,2,8):(1,8,16)]" },
	/* NVFP4: two elements a byte, so byte bit 4 is element bit 5. */
	{ "<(128,64),(64,1),swizzle<3,4,3>,elem=nvfp4>", 0, "Swizzle(5,3,3) o S[(128,64):(64,1)]" },
	{ "<((4,32),64),((1,512),16),elem=mxf4>", 0, "S[(32,4,64):(512,1,16)]" },
	/* The tiled_load example, on the f16 tensor it annotates. */
	{ "<(128, 64), (64, 1), swizzle<3, 4, 3>>", 16, "Swizzle(3,3,3) o S[(128,64):(64,1)]" },
	{ "<(128,64),(64,1),swizzle<3,4,3>,elem=bf16>", 0, "Swizzle(3,3,3) o S[(128,64):(64,1)]" },
};

static void test_tileas_import(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(tileas_rows) / sizeof(tileas_rows[0]); i++) {
		axe_import_opts opts = { .elem_bits = tileas_rows[i].bits };
		axe_import imp;
		axe_error err = { 0 };
		char *text = import_text(axe_tileas_import, tileas_rows[i].text, &opts, &imp, &err);

		if (!text)
			fail_msg("%s: %s", tileas_rows[i].text, err.message);
		if (strcmp(text, tileas_rows[i].axe) != 0)
			fail_msg("%s: got %s", tileas_rows[i].text, text);
		free(text);
		axe_import_release(&imp);
	}
}

/* Malformed or meaningless text: the message, column and span. */
static const struct {
	axe_import_fn *fn;
	const char *text;
	int64_t tile[2];
	int col, span;
	const char *message;
} error_rows[] = {
	{ axe_cute_import, "(2,(2,2):(4,(2,1))", { 0 }, 9, 1, "expected ',' or ')', found ':'" },
	{ axe_cute_import, "Sw<1,2,-2> o smem_ptr[6b](unset) o 8:1", { 0 }, 1, 38,
	  "do not start on byte boundaries" },
	{ axe_cute_import, "Sw<1,0,1> o smem_ptr[32b](unset) o 8:1", { 0 }, 1, 38,
	  "moves bytes inside one 32-bit element" },
	{ axe_cute_import, "():()", { 0 }, 1, 5, "a CuTe layout of rank 0 has no logical shape" },
	{ axe_cute_tv_import, "(_4,_2):(_1,_4)", { 0, 0 }, 1, 15, "a TV layout indexes a tile" },
	{ axe_cute_tv_import, "_8:_1", { 8, 1 }, 1, 5, "a TV layout has two modes" },
	{ axe_cute_tv_import, "Sw<1,2,2> o (_4,_2):(_1,_4)", { 8, 1 }, 1, 27, "no swizzle" },
	{ axe_cute_tv_import, "(_4,_2):(_1,_8)", { 8, 1 }, 1, 15, "outside the 8 elements" },
	{ axe_cute_tv_import, "(_4,_2):(_1,_8)", { 32, 1 }, 1, 15, "stride 8 leaves a gap" },
	{ axe_cute_tv_import, "(_4,_2):(_1,_2)", { 8, 1 }, 1, 15, "stride 2 overlaps them" },
	{ axe_cute_tv_import, "(_4,_2):(_1,_4)", { 16, 1 }, 1, 15, "covers 8 tile elements" },
	{ axe_cute_tv_import, "(_4,(_2,1048576,64)):(_1,(_4,0,0))", { 8, 1 }, 1, 34,
	  "more than the 67108864 its validation can enumerate" },
	{ axe_tileas_import, "<(16,16),(1,16),swizzle<2,5,2>>", { 0 }, 1, 31,
	  "the element width is not known" },
	{ axe_tileas_import, "<(16,16),(1,16),elem=nvfp5>", { 0 }, 22, 5,
	  "unknown TileAS element type 'nvfp5'" },
	{ axe_tileas_import, "<(16,16),(1,16),swizzle<3,4,2>,elem=f16>", { 0 }, 17, 14,
	  "|S| must be at least B" },
	{ axe_tileas_import, "<(16,16),(1,-16)>", { 0 }, 13, 1, "unsigned decimal" },
	{ axe_tileas_import, "<(16,16),(1,16,2)>", { 0 }, 10, 8, "not congruent" },
	{ axe_tileas_import, "<(16,16),(1,16),elem=f16,swizzle<3,4,3>>", { 0 }, 26, 7,
	  "expected '>'" },
	{ axe_tileas_import, "<(16,16),(1,16)> x", { 0 }, 18, 1, "text after" },
	{ axe_tileas_import, "(16,16):(1,16)", { 0 }, 1, 1, "expected '<'" },
	{ axe_tileas_import, "<(16,0),(1,16)>", { 0 }, 1, 15, "extent 0 is not positive" },
	{ axe_tileas_import, "<(120,64),(62222222222222222,211),swizzle<3,4,3>,elem=nvfp4>", { 0 },
	  1, 60, "the bit addresses of the 4-bit elements overflow 64 bits" },
};

static void test_errors(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(error_rows) / sizeof(error_rows[0]); i++) {
		axe_shape tile = { error_rows[i].tile[1] ? 2 : 1,
				   { error_rows[i].tile[0], error_rows[i].tile[1] } };
		axe_import_opts opts = { .tile = error_rows[i].tile[0] ? &tile : NULL };
		axe_import imp;
		axe_error err = { 0 };

		if (error_rows[i].fn(error_rows[i].text, NULL, &opts, &imp, &err) == 0)
			fail_msg("'%s' was read", error_rows[i].text);
		if (!strstr(err.message, error_rows[i].message) || err.col != error_rows[i].col ||
		    err.span != error_rows[i].span)
			fail_msg("'%s': got %d+%d '%s'", error_rows[i].text, err.col, err.span,
				 err.message);
	}
}

/* Axe text on a shape, written in a notation: the text, or "why:" + the reason's start. */
static const struct {
	axe_export_fn *fn;
	const char *axe;
	size_t rank;
	int64_t dim[2];
	const char *dtype;
	const char *out;
} export_rows[] = {
	{ axe_cute_export, "S[(4,8,2,2):(8,1,64,32)]", 2, { 32, 4 }, NULL,
	  "((8,4),(2,2)):((1,8),(32,64))" },
	{ axe_cute_export, "S[(2,2,2):(4,1,2)]", 2, { 2, 4 }, NULL, "(2,(2,2)):(4,(2,1))" },
	{ axe_cute_export, "S[32:1]", 2, { 4, 8 }, NULL, "(4,8):(8,1)" },
	{ axe_cute_export, "S[(2,4):(1,2)]", 1, { 8 }, NULL, "((4,2)):((2,1))" },
	{ axe_cute_export, "Swizzle(3,3,3) o S[(8,64):(64,1)] + 4", 2, { 8, 64 }, NULL,
	  "Sw<3,3,3> o 4 o (8,64):(64,1)" },
	{ axe_cute_export_cpp, "S[(2,2,2):(4,1,2)]", 2, { 2, 4 }, NULL,
	  "make_layout(make_shape(2, make_shape(2, 2)), make_stride(4, make_stride(2, 1)))" },
	{ axe_cute_export, "S[4:1@laneid]", 1, { 4 }, NULL, "why:the layout names axis 'laneid'" },
	{ axe_cute_export, "S[4:1] + R[2:4]", 1, { 4 }, NULL, "why:the layout has replicas" },
	{ axe_cute_export, "S[(2,3):(3,1)]", 2, { 3, 2 }, NULL, "why:an iter of extent 3 straddles" },
	{ axe_cute_tv_export, "S[(2,8,4,2):(2@reg,4@tid,1@tid,1@reg)]", 2, { 16, 8 }, NULL,
	  "((4,8),(2,2)):((32,1),(16,8))" },
	{ axe_cute_tv_export, "S[(2,4):(1@reg,2@tid)] + R[2:1@tid]", 2, { 8, 1 }, NULL,
	  "((2,4),2):((0,1),4)" },
	{ axe_cute_tv_export, "S[8:2@tid]", 1, { 8 }, NULL, "why:the tid values the layout uses" },
	{ axe_cute_tv_export, "S[8:1@m]", 1, { 8 }, NULL, "why:the layout names axis 'm'" },
	{ axe_tileas_export, "Swizzle(3,3,3) o S[(128,64):(64,1)]", 2, { 128, 64 }, "f16",
	  "<(128,64),(64,1),swizzle<3,4,3>,elem=f16>" },
	{ axe_tileas_export, "S[(16,2,8):(1,8,16)]", 2, { 16, 16 }, NULL, "<(16,(8,2)),(1,(16,8))>" },
	{ axe_tileas_export, "Swizzle(3,3,3) o S[(128,64):(64,1)]", 2, { 128, 64 }, NULL,
	  "why:a TileAS swizzle acts on byte addresses" },
	{ axe_tileas_export, "S[(4,2):(-1,4)]", 2, { 4, 2 }, NULL, "why:a stride is negative" },
	{ axe_tileas_export, "Swizzle(5,3,3) o S[(120,64):(6222222222222222,211)]", 2, { 120, 64 },
	  "f16", "why:the bit addresses of 16-bit elements overflow 64 bits" },
};

static void test_export(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(export_rows) / sizeof(export_rows[0]); i++) {
		axe_error err = { 0 };
		axe_layout *L = axe_layout_parse(export_rows[i].axe, &err);
		axe_shape shape = { export_rows[i].rank, { export_rows[i].dim[0], export_rows[i].dim[1] } };
		int dtype = export_rows[i].dtype ? axe_dtype_lookup(export_rows[i].dtype) : -1;
		char why[256] = "", *text;

		assert_non_null(L);
		text = export_rows[i].fn(L, &shape, dtype, why, sizeof(why), &err);
		if (strncmp(export_rows[i].out, "why:", 4) == 0) {
			if (text || strncmp(why, export_rows[i].out + 4, strlen(export_rows[i].out + 4)))
				fail_msg("%s: got '%s' / '%s'", export_rows[i].axe, text ? text : "",
					 why);
		} else if (!text || strcmp(text, export_rows[i].out) != 0) {
			fail_msg("%s: got '%s' (%s)", export_rows[i].axe, text ? text : "", why);
		}
		free(text);
		axe_layout_free(L);
	}
}

/*
 * A planted bug in each converter rule (cute_private.h test flags) is
 * caught by translation validation, which names the format and the first
 * point where the import and the source's own meaning differ.
 */
static void test_broken_converter(void **state)
{
	static const char *const big_swizzled = "Sw<3,4,3> o smem_ptr[16b](unset) o "
						"(4096,4096):(4096,1)";
	static const char *const big_tv =
		"((_32,_4),(_8,_16,_16,_64)):((_1,_32),(_128,_1024,_16384,_262144))";
	axe_shape tile = { 2, { 16, 8 } }, big = { 2, { 4096, 4096 } };
	axe_import_opts opts = { .tile = &tile };
	axe_cute_composed tv;
	axe_import imp;
	axe_error err = { 0 };

	(void)state;
	assert_int_equal(axe_cute_import_flags("(2,(2,2)):(4,(2,1))", NULL, NULL,
					       AXE_CUTE_BREAK_MODE_ORDER, &imp, &err), -1);
	assert_non_null(strstr(err.message, "cute"));
	assert_non_null(strstr(err.message, "(0, 1)"));
	memset(&err, 0, sizeof(err));
	assert_int_equal(axe_cute_import_flags("Sw<3,4,3> o _0 o (8,64):(64,1)", NULL, NULL,
					       AXE_CUTE_BREAK_SWIZZLE, &imp, &err), -1);
	assert_non_null(strstr(err.message, "cute"));
	/* 2^24 points, swizzled: seen before the swizzles at a digit's point, no walk. */
	memset(&err, 0, sizeof(err));
	assert_int_equal(axe_cute_import_flags("Sw<3,4,3> o _0 o (4096,(2,2048)):(4096,(2048,1))",
					       NULL, NULL, AXE_CUTE_BREAK_MODE_ORDER, &imp, &err), -1);
	assert_non_null(strstr(err.message, "cute's own meaning at (0, 1): converted {m: 1}, "
				       "reference {m: 2048}"));
	memset(&err, 0, sizeof(err));
	assert_int_equal(axe_cute_tv_import_flags("((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", NULL,
						  &opts, AXE_CUTE_BREAK_TV_TILE, &imp, &err), -1);
	assert_non_null(strstr(err.message, "cute-tv"));
	/*
	 * A 4096x4096 tile of 128 threads (2^24 (thread, value) pairs): the
	 * tile read row-major is caught at one index per bit of (tid, reg).
	 */
	memset(&err, 0, sizeof(err));
	opts.tile = &big;
	assert_int_equal(axe_cute_tv_import_flags(big_tv, NULL, &opts, AXE_CUTE_BREAK_TV_TILE, &imp,
						  &err), -1);
	assert_non_null(strstr(err.message, "the cute-tv import disagrees with cute-tv's own "
				       "meaning at (0, 1): converted {tid: 1, reg: 0}, which "
				       "cute-tv's own meaning holds at (1, 0)"));
	assert_int_equal(axe_cute_tv_import_flags(big_tv, NULL, &opts, 0, &imp, &err), 0);
	axe_import_release(&imp);
	/*
	 * Wrong only at the two top row bits, swapped: row 1024 of that import
	 * holds reg 16, which CuTe places at row 2048.
	 */
	memset(&err, 0, sizeof(err));
	assert_int_equal(axe_cute_parse(big_tv, NULL, &tv, &err), 0);
	imp.shape = big;
	imp.layout = axe_layout_parse("S[(2,2,8,4,32,64,16,4):(8@reg,16@reg,1@reg,32@tid,1@tid,"
				      "2048@reg,128@reg,32@reg)]", &err);
	assert_non_null(imp.layout);
	assert_int_equal(axe_cute_tv_validate(&tv.layout, &big, &imp, &err), -1);
	if (!strstr(err.message, "at (1024, 0): converted {tid: 0, reg: 16}, which "
				 "cute-tv's own meaning holds at (2048, 0)"))
		fail_msg("%s", err.message);
	axe_import_release(&imp);
	axe_cute_composed_release(&tv);
	opts.tile = &tile;
	/*
	 * A swizzle on byte addresses of 16-bit elements (smem_ptr[16b], as
	 * TileAS's elem= gives it) on 2^24 points, its element form M one bit
	 * off: seen at a point of one digit, with both swizzles applied.
	 */
	memset(&err, 0, sizeof(err));
	assert_int_equal(axe_cute_parse(big_swizzled, NULL, &tv, &err), 0);
	assert_int_equal(axe_cute_import_flags(big_swizzled, NULL, NULL, 0, &imp, &err), 0);
	assert_int_equal(axe_cute_validate(&tv, &big, &imp, "cute", &err), 0);
	imp.layout->swizzle.per_element++;
	assert_int_equal(axe_cute_validate(&tv, &big, &imp, "cute", &err), -1);
	if (!strstr(err.message, "cute's own meaning at (0, 64): converted {m: 64}, reference "
				 "{m: 72}"))
		fail_msg("%s", err.message);
	axe_import_release(&imp);
	axe_cute_composed_release(&tv);
	/* The same texts with no planted bug are read. */
	assert_int_equal(axe_cute_tv_import_flags("((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", NULL,
						  &opts, 0, &imp, &err), 0);
	axe_import_release(&imp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cute_import),
		cmocka_unit_test(test_cute_table),
		cmocka_unit_test(test_tv_import),
		cmocka_unit_test(test_tileas_import),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_export),
		cmocka_unit_test(test_broken_converter),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
