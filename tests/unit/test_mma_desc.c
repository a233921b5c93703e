/*
 * test_mma_desc.c: MMA shared-memory matrix descriptors (src/codegen/mma_desc.c)
 * against the values CUTLASS computes, and refusals of layouts that are not
 * canonical.
 *
 * Provenance of the expected descriptors: CUTLASS (github.com/NVIDIA/cutlass,
 * commit 7107b05535f8977f5ecb9d01ee203205b1fd9bc4), SM90::GMMA::make_gmma_desc
 * (include/cute/atom/mma_traits_sm90_gmma.hpp) and UMMA::make_umma_desc
 * (include/cute/arch/mma_sm100_desc.hpp), applied to K block 0
 * (local_tile of 32 bytes of K) of tile_to_shape(Layout_{K,MN}_{INTER,SW32,
 * SW64,SW128}_Atom<T>, (MN, K)) for T = half_t and float_e4m3_t, printed by a
 * host harness built with nvcc 13.0 (-arch=sm_90a) and kept outside the
 * repository.  On the host the harness's shared pointer is 0, so the start
 * address field is 0, as it is here for a tile at the buffer base.  The
 * layouts below are those tiles, as CuTe printed them, in the tool's syntax
 * (iters outermost first).  The fields are those of the PTX ISA's matrix
 * descriptors: wgmma (section 9.7.15.5.1, "Matrix Descriptor Format":
 * start address bits 0-13, LBO 16-29, SBO 32-45, base offset 49-51, layout
 * type 62-63 with 128B = 1, 64B = 2, 32B = 3) and tcgen05 (section 9.7.16,
 * "Shared Memory Descriptor": version 1 at bits 46-47, layout type 61-63
 * with 128B = 2, 64B = 4, 32B = 6).
 *
 * The same harness (CUTLASS commit 7107b055, nvcc 13.0) printed the rows
 * below "issue 26" in each table:
 *  - SWIZZLE_128B_BASE32B: UMMA::make_umma_desc<UMMA::Major::MN> of
 *    tile_to_shape(UMMA::Layout_MN_SW128_32B_Atom<tfloat32_t>{}, Shape<_64,_8>)
 *    and of the K blocks local_tile(.., Shape<_128,_8>, (0, b)) of the
 *    Shape<_128,_16> tile (include/cute/atom/mma_traits_sm100.hpp,
 *    include/cute/arch/mma_sm100_desc.hpp), block 1 as
 *    *(UMMA::DescriptorIterator{desc} + 256) (its 4096 bytes in 16-byte
 *    units); CuTe printed the tiles as
 *    Sw<2,5,2> o smem_ptr[32b](unset) o ((_32,_2),(_4,_2)):((_1,_128),(_32,_256))
 *    and ((_32,_4),(_4,_4)):((_1,_128),(_32,_512)).
 *  - Triton's B memdesc, 64 (K) x 256 (N) under
 *    #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false,
 *    elementBitWidth = 16}>, which the triton: reader gives as
 *    (64,(64,4)):(64,(1,4096)) under the 128B swizzle, written for CuTe as
 *    the (N, K) tensor Sw<3,4,3> o smem_ptr[16b] o ((_64,_4),_64):((_1,_4096),_64):
 *    SM90::GMMA::make_gmma_desc<GMMA::Major::MN> and make_umma_desc of its
 *    K block local_tile(.., Shape<_256,_16>, (0, 0)); block 1 as
 *    *(GMMA::DescriptorIterator{desc} + 128).
 *  - A K block 128 bytes into a 128B swizzle repeat: the K-major f16 tile
 *    tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_64,_64>),
 *    its K block 0's make_gmma_desc<GMMA::Major::K> advanced by
 *    *(GMMA::DescriptorIterator{desc} + 8): start address 8, base_offset_ 0
 *    (make_gmma_desc sets base_offset_ = 0, include/cute/atom/
 *    mma_traits_sm90_gmma.hpp; the iterator adds to the start address only,
 *    include/cute/arch/mma_sm90_desc.hpp).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "codegen/mma_desc.h"
#include "core/dtype.h"
#include "parse/parse.h"

typedef struct desc_case {
	const char *layout, *shape, *dtype, *swizzle, *major; /* swizzle: a preset or M,B,S */
	uint64_t wgmma, tcgen05;
	bool k_first;
} desc_case;

static const desc_case cutlass[] = {
	/* f16: K-major, then MN-major; 128B, 64B, 32B, no swizzle (INTER) */
	{ "S[(64,64):(64,1)]", "64,64", "f16", "128B", "k", 0x4000004000010000, 0x4000404000010000, false },
	{ "S[(64,32):(32,1)]", "64,32", "f16", "64B", "k", 0x8000002000010000, 0x8000402000010000, false },
	{ "S[(64,16):(16,1)]", "64,16", "f16", "32B", "k", 0xc000001000010000, 0xc000401000010000, false },
	{ "S[(8,8,2,8):(64,8,512,1)]", "64,16", "f16", NULL, "k", 0x0000000800400000,
	  0x0000400800400000, false },
	{ "S[(64,4,8):(1,512,64)]", "64,32", "f16", "128B", "mn", 0x4000004000000000,
	  0x4000404000000000, false },
	{ "S[(2,32,4,8):(256,1,512,32)]", "64,32", "f16", "64B", "mn", 0x8000004000200000,
	  0x8000404000200000, false },
	{ "S[(4,16,4,8):(128,1,512,16)]", "64,32", "f16", "32B", "mn", 0xc000004000100000,
	  0xc000404000100000, false },
	{ "S[(8,8,4,8):(64,1,512,8)]", "64,32", "f16", NULL, "mn", 0x0000000800400000,
	  0x0000400800400000, false },
	/* e4m3 */
	{ "S[(64,128):(128,1)]", "64,128", "e4m3", "128B", "k", 0x4000004000010000,
	  0x4000404000010000, false },
	{ "S[(64,64):(64,1)]", "64,64", "e4m3", "64B", "k", 0x8000002000010000, 0x8000402000010000, false },
	{ "S[(8,8,2,32):(256,32,2048,1)]", "64,64", "e4m3", "32B", "k", 0xc000001000010000,
	  0xc000401000010000, false },
	{ "S[(8,8,4,16):(128,16,1024,1)]", "64,64", "e4m3", NULL, "k", 0x0000000800400000,
	  0x0000400800400000, false },
	{ "S[(128,8,8):(1,1024,128)]", "128,64", "e4m3", "128B", "mn", 0x4000004000000000,
	  0x4000404000000000, false },
	{ "S[(2,64,8,8):(512,1,1024,64)]", "128,64", "e4m3", "64B", "mn", 0x8000004000200000,
	  0x8000404000200000, false },
	{ "S[(4,32,8,8):(256,1,1024,32)]", "128,64", "e4m3", "32B", "mn", 0xc000004000100000,
	  0xc000404000100000, false },
	{ "S[(8,16,8,8):(128,1,1024,16)]", "128,64", "e4m3", NULL, "mn", 0x0000000800400000,
	  0x0000400800400000, false },
};

/*
 * Issue 26 (provenance above): tcgen05's SWIZZLE_128B_BASE32B (wgmma has no
 * such mode: refused), and Triton's K x N B memdesc read with k_first.
 * "wgmma" 0: refused.
 */
static const desc_case issue26[] = {
	{ "S[(2,32,2,4):(128,1,256,32)]", "64,8", "tf32", "3,2,2", "mn", 0, 0x2000404000200000, false },
	{ "S[(4,32,2,4):(128,1,512,32)]", "128,8", "tf32", "3,2,2", "mn", 0, 0x2000408000200000, false },
	{ "S[(64,4,64):(64,4096,1)]", "64,256", "f16", "128B", "mn", 0x4000004002000000,
	  0x4000404002000000, true },
};

static const axe_loc here = { "<test>", 1, 1, NULL, 0 };

/* Build and run the request of "c" for "mma"; the builder's answer. */
static int run(const desc_case *c, axe_mma_kind mma, const char *major, axe_mma_desc *d,
	       axe_mma_refusal *why)
{
	axe_mma_desc_request req = { 0 };
	axe_error err;
	axe_layout *L;
	long n;
	int r;

	axe_error_init(&err);
	L = axe_layout_parse(c->layout, &err);
	assert_non_null(L);
	req.dtype = axe_dtype_lookup(c->dtype);
	if (c->swizzle && strchr(c->swizzle, ',')) {
		int64_t v[3];
		assert_int_equal(axe_parse_int_list(c->swizzle, &here, v, 3, "swizzle", &err), 3);
		L->swizzle = (axe_swizzle){ true, (int)v[0], (int)v[1], (int)v[2] };
	} else if (c->swizzle) {
		assert_int_equal(axe_swizzle_preset(c->swizzle, req.dtype, &L->swizzle), 0);
	}
	n = axe_parse_int_list(c->shape, &here, req.shape.dim, AXE_MAX_RANK, "extent", &err);
	assert_int_equal(n, 2);
	req.shape.rank = 2;
	req.smem = L;
	req.mma = mma;
	req.operand = c->k_first ? 'b' : 'a';
	req.k_first = c->k_first;
	req.major = major ? (axe_mma_major)axe_mma_major_parse(major) : AXE_MMA_MAJOR_INFER;
	r = axe_mma_desc_build(&req, d, why, &err);
	if (r < 0)
		fail_msg("%s: %s", c->layout, err.message);
	axe_layout_free(L);
	return r;
}

/* Whether wgmma reads "c": MN-major only for 16-bit types (PTX ISA, wgmma.mma_async). */
static bool wgmma_reads(const desc_case *c)
{
	return strcmp(c->major, "k") == 0 || strcmp(c->dtype, "f16") == 0;
}

/*
 * Every canonical tile gives CUTLASS's descriptors, with the major-ness
 * given or inferred; wgmma refuses an MN-major tile of 8-bit elements,
 * whose descriptor make_gmma_desc computes but no wgmma reads.
 */
static void test_cutlass(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cutlass) / sizeof(cutlass[0]); i++) {
		const desc_case *c = &cutlass[i];
		axe_mma_desc d;
		axe_mma_refusal why;
		if (!wgmma_reads(c)) {
			assert_int_equal(run(c, AXE_MMA_WGMMA, c->major, &d, &why), 0);
			assert_string_equal(why.mode, "major-ness");
		} else if (run(c, AXE_MMA_WGMMA, c->major, &d, &why) != 1)
			fail_msg("%s %s: %s: %s", c->layout, c->dtype, why.mode, why.reason);
		if (wgmma_reads(c) && d.value != c->wgmma)
			fail_msg("%s %s: wgmma 0x%016llx, CUTLASS 0x%016llx", c->layout, c->dtype,
				 (unsigned long long)d.value, (unsigned long long)c->wgmma);
		assert_int_equal(run(c, AXE_MMA_TCGEN05, c->major, &d, &why), 1);
		if (d.value != c->tcgen05)
			fail_msg("%s %s: tcgen05 0x%016llx, CUTLASS 0x%016llx", c->layout, c->dtype,
				 (unsigned long long)d.value, (unsigned long long)c->tcgen05);
		assert_int_equal(run(c, AXE_MMA_TCGEN05, NULL, &d, &why), 1);
		assert_int_equal(d.major, strcmp(c->major, "k") == 0 ? AXE_MMA_MAJOR_K :
				 AXE_MMA_MAJOR_MN);
	}
}

/* BASE32B and a K x N tile: CUTLASS's descriptors, or wgmma's refusal of BASE32B. */
static void test_issue26(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(issue26) / sizeof(issue26[0]); i++) {
		const desc_case *c = &issue26[i];
		axe_mma_desc d;
		axe_mma_refusal why;
		if (c->wgmma == 0) {
			assert_int_equal(run(c, AXE_MMA_WGMMA, c->major, &d, &why), 0);
			assert_string_equal(why.mode, "swizzle");
		} else {
			assert_int_equal(run(c, AXE_MMA_WGMMA, c->major, &d, &why), 1);
			assert_int_equal(d.value, c->wgmma);
		}
		if (run(c, AXE_MMA_TCGEN05, NULL, &d, &why) != 1)
			fail_msg("%s: %s: %s", c->layout, why.mode, why.reason);
		if (d.value != c->tcgen05)
			fail_msg("%s: tcgen05 0x%016llx, CUTLASS 0x%016llx", c->layout,
				 (unsigned long long)d.value, (unsigned long long)c->tcgen05);
		assert_int_equal(d.major, AXE_MMA_MAJOR_MN);
	}
	{
		/* the 128 x 16 BASE32B tile's K block 1: 4096 bytes on, CUTLASS's iterator + 256 */
		desc_case c = { "S[(4,32,4,4):(128,1,512,32)]", "128,16", "tf32", "3,2,2", "mn", 0, 0, false };
		axe_mma_desc d;
		axe_mma_refusal why;
		assert_int_equal(run(&c, AXE_MMA_TCGEN05, "mn", &d, &why), 1);
		assert_int_equal(d.kblock_bytes[1], 4096);
		assert_int_equal(axe_mma_desc_kblock(&d, 1), 0x2000408000200100);
		/* BASE32B is MN-major only (CUTLASS: "invalid for Major-K") */
		assert_int_equal(run(&c, AXE_MMA_TCGEN05, "k", &d, &why), 0);
		assert_string_equal(why.mode, "major-ness");
	}
	{
		/* Triton's 64 x 256 B memdesc: K block 1 at 2048 bytes, CUTLASS's iterator + 128 */
		axe_mma_desc d;
		axe_mma_refusal why;
		assert_int_equal(run(&issue26[2], AXE_MMA_WGMMA, NULL, &d, &why), 1);
		assert_int_equal(d.mn, 256);
		assert_int_equal(d.k, 64);
		assert_int_equal(axe_mma_desc_kblock(&d, 1), 0x4000004002000080);
	}
}

/*
 * Two tiles whose K block sits at the same bytes, 128 bytes into the 128B
 * swizzle repeat, have the same descriptor, base offset 0: CUTLASS's
 * DescriptorIterator{make_gmma_desc(..)} + 8 (provenance above).
 */
static void test_base_offset(void **state)
{
	desc_case at_128 = { "S[(64,64):(64,1)] + 64", "64,64", "f16", "128B", "k", 0, 0, false };
	desc_case at_96 = { "S[(64,64):(64,1)] + 48", "64,64", "f16", "128B", "k", 0, 0, false };
	axe_mma_desc d;
	axe_mma_refusal why;

	(void)state;
	assert_int_equal(run(&at_128, AXE_MMA_WGMMA, "k", &d, &why), 1);
	assert_int_equal(d.kblock_bytes[0], 128);
	assert_int_equal(d.base_offset, 0);
	assert_int_equal(axe_mma_desc_kblock(&d, 0), 0x4000004000010008);
	assert_int_equal(run(&at_96, AXE_MMA_WGMMA, "k", &d, &why), 1);
	assert_int_equal(d.kblock_bytes[1], 128);
	assert_int_equal(axe_mma_desc_kblock(&d, 1), 0x4000004000010008);
}

/* K blocks: each descriptor moves the start address to its block (16-byte units). */
static void test_kblocks(void **state)
{
	axe_mma_desc d;
	axe_mma_refusal why;

	(void)state;
	/* 128B K-major f16, 64 wide: four 32-byte blocks inside each 128-byte row */
	assert_int_equal(run(&cutlass[0], AXE_MMA_WGMMA, "k", &d, &why), 1);
	assert_int_equal(d.nkblocks, 4);
	assert_int_equal(d.kblock_bytes[3], 96);
	assert_int_equal(axe_mma_desc_kblock(&d, 3), cutlass[0].wgmma | 6);
	/* MN-major f16 under 128B: the next block is 16 rows of K, 2048 bytes on */
	assert_int_equal(run(&cutlass[4], AXE_MMA_WGMMA, "mn", &d, &why), 1);
	assert_int_equal(d.nkblocks, 2);
	assert_int_equal(d.kblock_bytes[1], 2048);
	assert_int_equal(axe_mma_desc_kblock(&d, 1), cutlass[4].wgmma | 128);
	/* a tile 1024 bytes into a 128B-swizzled buffer: start address 64, base offset 0 */
	{
		desc_case c = { "S[(64,64):(64,1)] + 512", "64,64", "f16", "128B", "k", 0, 0, false };
		assert_int_equal(run(&c, AXE_MMA_WGMMA, "k", &d, &why), 1);
		assert_int_equal(d.start_address, 64);
		assert_int_equal(d.base_offset, 0);
		assert_int_equal(d.value, cutlass[0].wgmma | 64);
	}
}

/* Layouts that are not canonical: the first mode that breaks, and the nearest canonical one. */
static void test_refusals(void **state)
{
	static const struct {
		desc_case c;
		const char *mode, *nearest;
	} rows[] = {
		/* rows padded to 72 elements under the 128B swizzle */
		{ { "S[(64,64):(72,1)]", "64,64", "f16", "128B", "k", 0, 0, false },
		  "MN within the swizzle atom", "S[(8,8,1,64):(512,64,4096,1)] with swizzle 128B" },
		/* a transposed tile asked as K-major */
		{ { "S[(64,64):(1,64)]", "64,64", "f16", "128B", "k", 0, 0, false },
		  "K within 16 bytes", "S[(8,8,1,64):(512,64,4096,1)] with swizzle 128B" },
		/* a K-major tile asked as MN-major */
		{ { "S[(64,64):(64,1)]", "64,64", "f16", "128B", "mn", 0, 0, false },
		  "MN within the swizzle atom", "S[(1,64,8,8):(512,1,512,64)] with swizzle 128B" },
		/* a swizzle that is no MMA mode: Swizzle(3,3,4) on f16 */
		{ { "S[(64,64):(64,1)]", "64,64", "f16", "3,3,4", "k", 0, 0, false },
		  "swizzle", "S[(8,8,1,64):(512,64,4096,1)] with swizzle 128B" },
		/* e4m3 K-major rows of 128 bytes under the 64B swizzle */
		{ { "S[(64,128):(128,1)]", "64,128", "e4m3", "64B", "k", 0, 0, false },
		  "MN within the swizzle atom", "S[(8,8,2,64):(512,64,4096,1)] with swizzle 64B" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		axe_mma_desc d;
		axe_mma_refusal why;
		assert_int_equal(run(&rows[i].c, AXE_MMA_WGMMA, rows[i].c.major, &d, &why), 0);
		assert_string_equal(why.mode, rows[i].mode);
		assert_string_equal(why.nearest, rows[i].nearest);
		assert_true(why.reason[0] != '\0');
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cutlass),
		cmocka_unit_test(test_kblocks),
		cmocka_unit_test(test_issue26),
		cmocka_unit_test(test_base_offset),
		cmocka_unit_test(test_refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
