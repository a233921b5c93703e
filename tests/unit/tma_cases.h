/*
 * tma_cases.h: the TMA planner's test cases (tests/unit/test_tma.c): the
 * plans with their expected cuTensorMapEncodeTiled arguments, the refusals by
 * rule, and CUTLASS's GEMM operand tiles (provenance below).
 */
#ifndef AXE_TESTS_UNIT_TMA_CASES_H
#define AXE_TESTS_UNIT_TMA_CASES_H

#include <stdint.h>

typedef struct tma_case {
	const char *global, *gshape;     /* layout, shape (NULL: shard extents) */
	const char *smem, *sshape;
	const char *dtype, *swizzle;     /* preset for SMEM, or NULL */
	const char *region, *smem_region, *box;
	const char *option;              /* "s2g", "nan", "32B" (interleave), "fold" or NULL */
	int rank;                        /* expected; 0 for a refusal */
	uint64_t gdim[5], strides[4];
	uint32_t boxdim[5];
	int64_t ncopies, bytes;
	const char *rule;                /* the refusal's rule */
} tma_case;

/* semantics.md's request classes, then the other shapes of plans. */
static const tma_case plans[] = {
	/* 4096x4096 f16 row-major, 64x64 box, 128B swizzle */
	{ "S[(4096,4096)]", NULL, "S[(64,64)]", NULL, "f16", "128B", NULL, NULL, NULL, NULL,
	  2, { 4096, 4096 }, { 8192 }, { 64, 64 }, 1, 8192, NULL },
	/* a bf16 tile 64 wide and 128 rows, 128B swizzle, away from the origin */
	{ "S[(4096,4096)]", NULL, "S[(128,64)]", NULL, "bf16", "128B", "128:256,64:128", NULL, NULL,
	  NULL, 2, { 4096, 4096 }, { 8192 }, { 64, 128 }, 1, 16384, NULL },
	/* 128 wide bf16, row-major shared tile: one rank-3 box */
	{ "S[(4096,4096)]", NULL, "S[(64,128)]", NULL, "bf16", "128B", NULL, NULL, NULL, NULL,
	  3, { 64, 64, 4096 }, { 128, 8192 }, { 64, 2, 64 }, 1, 16384, NULL },
	/* 128 wide bf16 as two 64-wide swizzle atoms: one rank-3 box whose map follows the
	   shared order, global strides decreasing */
	{ "S[(4096,4096)]", NULL, "S[(64,2,64):(64,4096,1)]", "64,128", "bf16", "128B", NULL,
	  NULL, NULL, NULL, 3, { 64, 4096, 64 }, { 8192, 128 }, { 64, 64, 2 }, 1, 16384, NULL },
	/* f32 128 wide as two 64-wide atoms: one rank-4 box, the atoms its outer dimension */
	{ "S[(4096,4096)]", NULL, "S[(64,2,64):(64,4096,1)]", "64,128", "f32", "128B", NULL,
	  NULL, NULL, NULL, 4, { 32, 2, 4096, 64 }, { 128, 16384, 256 }, { 32, 2, 64, 2 }, 1,
	  32768, NULL },
	/* f32 64 wide, 128B: the rank-3 box {32, 2, rows} */
	{ "S[(4096,4096)]", NULL, "S[(128,64)]", NULL, "f32", "128B", NULL, NULL, NULL, NULL,
	  3, { 32, 128, 4096 }, { 128, 16384 }, { 32, 2, 128 }, 1, 32768, NULL },
	/* rank 6: a loop of rank-5 maps moving the global address */
	{ "S[(4,4,4,4,4,128)]", NULL, "S[(2,2,2,2,2,64)]", NULL, "f16", NULL,
	  "0:2,0:2,0:2,0:2,0:2,0:64", NULL, NULL, NULL, 5, { 128, 4, 4, 4, 4 },
	  { 256, 1024, 4096, 16384 }, { 64, 2, 2, 2, 2 }, 2, 2048, NULL },
	/* 512 rows: a third dimension of 2 x 256 rows */
	{ "S[(4096,64)]", NULL, "S[(512,64)]", NULL, "f16", "128B", NULL, NULL, NULL, NULL,
	  3, { 64, 256, 16 }, { 128, 32768 }, { 64, 256, 2 }, 1, 65536, NULL },
	/* forced boxes that keep the rules */
	{ "S[(4096,4096)]", NULL, "S[(64,64)]", NULL, "f16", "128B", NULL, NULL, "32,64", NULL,
	  2, { 4096, 4096 }, { 8192 }, { 64, 32 }, 2, 4096, NULL },
	{ "S[(4096,4096)]", NULL, "S[(128,64)]", NULL, "f32", "128B", NULL, NULL, "128,2,32",
	  NULL, 3, { 32, 128, 4096 }, { 128, 16384 }, { 32, 2, 128 }, 1, 32768, NULL },
	/* no swizzle: 64 f32 per row in one box; 64B and 32B swizzles */
	{ "S[(256,256)]", NULL, "S[(32,64)]", NULL, "f32", NULL, NULL, NULL, NULL, NULL,
	  2, { 256, 256 }, { 1024 }, { 64, 32 }, 1, 8192, NULL },
	{ "S[(256,256)]", NULL, "S[(32,32)]", NULL, "bf16", "64B", "32:64,64:96", NULL, NULL, NULL,
	  2, { 256, 256 }, { 512 }, { 32, 32 }, 1, 2048, NULL },
	{ "S[(256,256)]", NULL, "S[(16,16)]", NULL, "f16", "32B", NULL, NULL, NULL, NULL,
	  2, { 256, 256 }, { 512 }, { 16, 16 }, 1, 512, NULL },
	{ "S[(64,64)]", NULL, "S[(32,16)]", NULL, "f64", "128B", NULL, NULL, NULL, NULL,
	  2, { 64, 64 }, { 512 }, { 16, 32 }, 1, 4096, NULL },
	/*
	 * one batch of a rank-3 tensor: the map keeps the batch (dims innermost
	 * first 512, 256, 8; strides 512 x 2 and 256 x 512 x 2 bytes) and the
	 * copy's coordinate is 3, as one map per tensor serves every batch
	 * (CUTLASS's make_tma_copy); "fold" folds it into the base instead
	 */
	{ "S[(8,256,512)]", NULL, "S[(64,64)]", NULL, "f16", "128B", "3:4,64:128,128:192", NULL,
	  NULL, NULL, 3, { 512, 256, 8 }, { 1024, 262144 }, { 64, 64, 1 }, 1, 8192, NULL },
	{ "S[(8,256,512)]", NULL, "S[(64,64)]", NULL, "f16", "128B", "3:4,64:128,128:192", NULL,
	  "1,64,64", NULL, 3, { 512, 256, 8 }, { 1024, 262144 }, { 64, 64, 1 }, 1, 8192, NULL },
	{ "S[(8,256,512)]", NULL, "S[(64,64)]", NULL, "f16", "128B", "3:4,64:128,128:192", NULL,
	  "1,64,64", "fold", 2, { 512, 256 }, { 1024 }, { 64, 64 }, 1, 8192, NULL },
	/* a store, and a shared sub-tile */
	{ "S[(4096,4096)]", NULL, "S[(64,64)]", NULL, "f16", "128B", NULL, NULL, NULL, "s2g",
	  2, { 4096, 4096 }, { 8192 }, { 64, 64 }, 1, 8192, NULL },
	{ "S[(4096,4096)]", NULL, "S[(128,64)]", NULL, "f16", "128B", NULL, "64:128,0:64", NULL,
	  NULL, 2, { 4096, 4096 }, { 8192 }, { 64, 64 }, 1, 8192, NULL },
	/* rows padded to the swizzle span; rows padded without a swizzle: one copy per row */
	{ "S[(256,256)]", NULL, "S[(64,32):(64,1)]", "64,32", "bf16", "128B", NULL, NULL, NULL,
	  NULL, 2, { 256, 256 }, { 512 }, { 32, 64 }, 1, 4096, NULL },
	{ "S[(256,256)]", NULL, "S[(8,64):(128,1)]", "8,64", "f16", NULL, NULL, NULL, NULL, NULL,
	  2, { 256, 256 }, { 512 }, { 64, 1 }, 8, 128, NULL },
	/* a global dimension of two iters, and a column block of a wider global tensor */
	{ "S[(64,2,64):(64,8192,1)]", "64,128", "S[(64,2,64):(64,4096,1)]", "64,128", "f16",
	  "128B", NULL, NULL, NULL, NULL, 3, { 64, 64, 2 }, { 128, 16384 }, { 64, 64, 2 }, 1,
	  16384, NULL },
	{ "S[(1024,1024)]", NULL, "S[(64,4,64):(64,4096,1)]", "64,256", "f16", "128B",
	  "256:320,512:768", NULL, NULL, NULL, 3, { 64, 1024, 16 }, { 2048, 128 }, { 64, 64, 4 },
	  1, 32768, NULL },
	/* a swizzled tile 128 bytes into its buffer: the copy starts mid-pattern */
	{ "S[(256,256)]", NULL, "S[(64,64)] + 64", NULL, "f16", "128B", NULL, NULL, NULL, NULL,
	  2, { 256, 256 }, { 512 }, { 64, 64 }, 1, 8192, NULL },
	/* The request classes production kernels make (semantics.md, "TMA tensor maps"). */
	/* the last tile of a GEMM whose M is not a multiple of 128: rows 4096.. are filled */
	{ "S[(4096,4096)]", NULL, "S[(128,64)]", NULL, "f16", "128B", "4090:4218,0:64", NULL,
	  NULL, NULL, 2, { 4096, 4096 }, { 8192 }, { 64, 128 }, 1, 16384, NULL },
	/* ragged in both dimensions, and M = 200 filled with NaN */
	{ "S[(4096,4096)]", NULL, "S[(128,64)]", NULL, "f16", "128B", "4090:4218,4064:4128",
	  NULL, NULL, NULL, 2, { 4096, 4096 }, { 8192 }, { 64, 128 }, 1, 16384, NULL },
	{ "S[(200,4096)]", NULL, "S[(128,64)]", NULL, "f16", "128B", "128:256,0:64", NULL, NULL,
	  "nan", 2, { 4096, 200 }, { 8192 }, { 64, 128 }, 1, 16384, NULL },
	/* FlashAttention-3: [batch, seq, heads, dim] into a shared (seq, heads, dim) tile
	   whose heads are outermost: the map follows the shared order, strides decrease;
	   the batch stays a dimension of the map (batch 1: its coordinate) */
	{ "S[(2,256,4,64)]", NULL, "S[(64,4,64):(64,4096,1)]", "64,4,64", "f16", "128B",
	  "1:2,0:64,0:4,0:64", NULL, NULL, NULL, 4, { 64, 256, 4, 2 }, { 512, 128, 131072 },
	  { 64, 64, 4, 1 }, 1, 32768, NULL },
	/* a broadcast (stride-0) batch, and a coordinate whose stride makes the tensor alias */
	{ "S[(16,256,64):(0,64,1)]", "16,256,64", "S[(64,64)]", NULL, "f16", NULL,
	  "5:6,0:64,0:64", NULL, NULL, NULL, 2, { 256, 64 }, { 512 }, { 256, 16 }, 1, 8192, NULL },
	{ "S[(16,16,128,128):(131072,128,1024,1)]", NULL, "S[(128,128)]", NULL, "f16", "128B",
	  "3:4,4:5,0:128,0:128", NULL, NULL, NULL, 5, { 64, 2, 128, 16, 16 },
	  { 128, 2048, 256, 262144 }, { 64, 2, 128, 1, 1 }, 1, 32768, NULL },
	/* FlashAttention-4's Q: global (1, 32, 4, 128) into a shared (128, 128) tile */
	{ "S[(1,32,4,128)]", NULL, "S[(128,128)]", NULL, "bf16", "128B", "0:1,0:32,0:4,0:128",
	  NULL, NULL, NULL, 2, { 64, 256 }, { 128 }, { 64, 256 }, 1, 32768, NULL },
	/* an extent-1 dimension of stride 4100 folded into the base (+16400 bytes) */
	{ "S[(3,64,64):(4100,64,1)]", NULL, "S[(64,64):(64,1)]", NULL, "f16", NULL,
	  "2:3,0:64,0:64", NULL, NULL, NULL, 2, { 256, 16 }, { 512 }, { 256, 16 }, 1, 8192, NULL },
	/* 136 columns cut in 16s: the 8-column overhang stays outside the map */
	{ "S[(128,136):(136,1)]", NULL, "S[(128,32):(32,1)]", NULL, "f16", "32B", "0:128,96:128",
	  NULL, NULL, NULL, 3, { 16, 8, 128 }, { 32, 272 }, { 16, 2, 128 }, 1, 8192, NULL },
	/* a 300-row e4m3 tile: boxes of 150 rows in a third dimension, one copy; a forced
	   box of 100 rows makes three */
	{ "S[(3865,256):(256,1)]", NULL, "S[(300,32)]", NULL, "e4m3", "32B", NULL, NULL, NULL,
	  NULL, 3, { 256, 150, 25 }, { 256, 38400 }, { 32, 150, 2 }, 1, 9600, NULL },
	{ "S[(3865,256):(256,1)]", NULL, "S[(300,32)]", NULL, "e4m3", "32B", NULL, NULL, "100,32",
	  NULL, 2, { 256, 3865 }, { 256 }, { 32, 100 }, 3, 3200, NULL },
	/* two logical dimensions that are one 512-byte run in global memory */
	{ "S[(64,4):(4,1)]", NULL, "S[(64,4):(4,1)]", NULL, "f16", NULL, NULL, NULL, NULL, NULL,
	  1, { 256 }, { 0 }, { 256 }, 1, 512, NULL },
	/* f32 64 wide under 128B from 1000-wide rows: one rank-3 box, not 128 copies */
	{ "S[(64,1000)]", NULL, "S[(64,64)]", NULL, "f32", "128B", NULL, NULL, NULL, NULL,
	  3, { 32, 31, 64 }, { 128, 4000 }, { 32, 2, 64 }, 1, 16384, NULL },
	/* a global layout whose rows overlap: the driver does not ask strides to nest */
	{ "S[(64,64):(32,1)]", NULL, "S[(64,64)]", NULL, "f16", NULL, NULL, NULL, NULL, NULL,
	  2, { 64, 64 }, { 64 }, { 64, 64 }, 1, 8192, NULL },
	/* a tile whose rows are not the span: both sides one run of 6400 elements */
	{ "S[(64,100)]", NULL, "S[(64,100)]", NULL, "f16", "128B", NULL, NULL, NULL, NULL,
	  2, { 64, 100 }, { 128 }, { 64, 100 }, 1, 12800, NULL },
	/* a global base 32 bytes in under a swizzle: the driver asks 16-byte alignment only */
	{ "S[(256,256)] + 16", NULL, "S[(64,64)]", NULL, "f16", "128B", NULL, NULL, NULL, NULL,
	  2, { 256, 256 }, { 512 }, { 64, 64 }, 1, 8192, NULL },
	/* an offset on both layouts (128 bytes each) */
	{ "S[(256,256)] + 64", NULL, "S[(64,64)] + 64", NULL, "f16", NULL, NULL, NULL, NULL,
	  NULL, 2, { 256, 256 }, { 512 }, { 64, 64 }, 1, 8192, NULL },
};

/* Requests the hardware cannot do, by the rule they break. */
static const tma_case refusals[] = {
	{ "S[(64,1001)]", NULL, "S[(64,64)]", NULL, "f16", "128B", "0:64,0:64", NULL, NULL, NULL,
	  .rule = "globalStrides multiple of 16" },
	{ "S[(4096,4096)]", NULL, "S[(64,64):(1,64)]", NULL, "f16", NULL, NULL, NULL, NULL, NULL,
	  .rule = "shared contiguous dimension contiguous in global memory" },
	{ "S[(4096,4096)]", NULL, "S[(64,64)]", NULL, "i32", NULL, NULL, NULL, NULL, "nan",
	  .rule = "NaN fill only for floating-point types" },
	{ "S[(4096,64)]", NULL, "S[(512,64)]", NULL, "f16", "128B", NULL, NULL, "512,64", NULL,
	  .rule = "boxDim 1..256" },
	{ "S[(4096,4096)]", NULL, "S[(64,64)]", NULL, "f32", "128B", NULL, NULL, "64,64", NULL,
	  .rule = "inner box bytes within the swizzle span" },
	{ "S[(4096,4096)]", NULL, "S[(64,64)]", NULL, "f16", "32B", NULL, NULL, NULL, "32B",
	  .rule = "interleave none" },
	{ "S[(64,64)]", NULL, "S[(64,4)]", NULL, "f16", NULL, "0:64,0:4", NULL, NULL, NULL,
	  .rule = "inner box bytes multiple of 16" },
	{ "S[(2,64):(1099511627776,1)]", NULL, "S[(2,64)]", NULL, "f16", NULL, NULL, NULL, NULL,
	  NULL, .rule = "globalStrides below 2^40" },
	{ "S[8589934592]", NULL, "S[64]", NULL, "f16", NULL, "8589934590:8589934654", NULL, NULL,
	  NULL, .rule = "globalDim 1..2^32" },
	{ "S[(256,256)] + 4", NULL, "S[(64,64)]", NULL, "f16", NULL, NULL, NULL, NULL, NULL,
	  .rule = "global address 16-byte aligned" },
	{ "S[(256,256)]", NULL, "S[(64,64)] + 32", NULL, "f16", NULL, NULL, NULL, NULL, NULL,
	  .rule = "shared address 128-byte aligned" },
	{ "S[(256,256)]", NULL, "S[(8,64):(96,1)]", "8,64", "f16", NULL, NULL, NULL, NULL, NULL,
	  .rule = "shared address 128-byte aligned" },
	{ "S[(256,256)]", NULL, "S[(64,64)] - 64", NULL, "f16", NULL, NULL, NULL, NULL, NULL,
	  .rule = "shared address inside the buffer" },
	{ "S[(256,256)]", NULL, "S[(64,32)]", NULL, "bf16", "128B", NULL, NULL, NULL, NULL,
	  .rule = "inner box bytes within the swizzle span" },
	{ "S[(4096,4096)]", NULL, "S[(64,64)]", NULL, "f16", "128B", NULL, NULL, "64,32", NULL,
	  .rule = "shared address 128-byte aligned" },
	{ "S[(64,2,64):(64,8192,1)]", "64,128", "S[(64,64)]", NULL, "f16", NULL, "0:64,32:96",
	  NULL, NULL, NULL, .rule = "region a box of the layout's iters" },
	{ "S[(256,256)]", NULL, "S[(64,64)] + R[2:4096]", NULL, "f16", NULL, NULL, NULL, NULL,
	  NULL, .rule = "one place per element" },
	{ "S[(256,256):(-256,1)] + 65280", NULL, "S[(64,64)]", NULL, "f16", NULL, NULL, NULL, NULL,
	  NULL, .rule = "globalStrides positive" },
	{ "S[(256,256)]", NULL, "S[(64,64):(64,2)]", NULL, "f16", NULL, NULL, NULL, NULL, NULL,
	  .rule = "shared layout a compact chain on m" },
	{ "S[(16,16)]", NULL, "S[(4,4)]", NULL, "f16", NULL, NULL, NULL, NULL, NULL,
	  .rule = "inner box bytes multiple of 16" },
	{ "S[(4,6):(100,1)]", "24", "S[(6,4):(100,1)]", "24", "f16", NULL, NULL, NULL, NULL, NULL,
	  .rule = "layouts with common iters" },
	/* contiguous runs that no box dimension 0 can hold, whole or cut */
	{ "S[(64,100)]", NULL, "S[(64,100):(128,1)]", NULL, "f16", "128B", NULL, NULL, NULL, NULL,
	  .rule = "inner box bytes within the swizzle span" },
	/* one run of 64 x 257 bytes: boxes of 64 bytes at most (257 is prime), 64 bytes apart */
	{ "S[(64,257)]", NULL, "S[(64,257)]", NULL, "i8", NULL, NULL, NULL, NULL, NULL,
	  .rule = "shared address 128-byte aligned" },
	{ "S[(64,257)]", NULL, "S[(64,257):(272,1)]", NULL, "i8", NULL, "0:64,0:257", NULL, NULL,
	  NULL, .rule = "boxDim 1..256" },
};

/*
 * GEMM operand tiles: CUTLASS's make_tma_copy arguments for a 128x128 shared tile
 * of a 4096x4096 operand (M x K), K-major (global row-major) or MN-major (global
 * column-major), the shared tile tile_to_shape(GMMA::Layout_{K,MN}_{SW128,SW64,
 * SW32,INTER}_Atom<T>, (128, 128)) written here in the tool's syntax.  Provenance:
 * CUTLASS (github.com/NVIDIA/cutlass, commit 7107b05535f8977f5ecb9d01ee203205b1fd9bc4),
 * cute::make_tma_copy(SM90_TMA_LOAD{}, gmem, smem) (include/cute/atom/
 * copy_traits_sm90_tma.hpp), run on the host by a harness built with nvcc 13.0
 * (-DCUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL) that defines cuTensorMapEncodeTiled to
 * print its arguments; kept outside the repository.  Every map was rank 2 with
 * globalDim {4096, 4096}, elementStrides {1, 1}, no interleave, L2 promotion 128B, no
 * fill; the box and the stride below are CUTLASS's (innermost first), one copy per
 * box.  A forced box of CUTLASS's extents must give CUTLASS's map; the planner's own
 * plan must cover the same footprint in no more copies.
 */
#define K 0
#define MN 1
static const struct cutlass_tile {
	const char *dtype, *swizzle;
	int major;
	const char *smem;
	uint32_t box[2];
	uint64_t stride;
} cutlass_tiles[] = {
	{ "f16", "128B", K, "S[(16,8,2,64):(512,64,8192,1)]", { 64, 128 }, 8192 },
	{ "f16", "64B", K, "S[(16,8,4,32):(256,32,4096,1)]", { 32, 128 }, 8192 },
	{ "f16", "32B", K, "S[(16,8,8,16):(128,16,2048,1)]", { 16, 128 }, 8192 },
	{ "f16", NULL, K, "S[(16,8,16,8):(64,8,1024,1)]", { 8, 128 }, 8192 },
	{ "f16", "128B", MN, "S[(2,64,16,8):(512,1,1024,64)]", { 64, 8 }, 8192 },
	{ "f16", "64B", MN, "S[(4,32,16,8):(256,1,1024,32)]", { 32, 8 }, 8192 },
	{ "f16", "32B", MN, "S[(8,16,16,8):(128,1,1024,16)]", { 16, 8 }, 8192 },
	{ "f16", NULL, MN, "S[(16,8,16,8):(64,1,1024,8)]", { 8, 8 }, 8192 },
	{ "bf16", "128B", K, "S[(16,8,2,64):(512,64,8192,1)]", { 64, 128 }, 8192 },
	{ "bf16", "64B", K, "S[(16,8,4,32):(256,32,4096,1)]", { 32, 128 }, 8192 },
	{ "bf16", "32B", K, "S[(16,8,8,16):(128,16,2048,1)]", { 16, 128 }, 8192 },
	{ "bf16", NULL, K, "S[(16,8,16,8):(64,8,1024,1)]", { 8, 128 }, 8192 },
	{ "bf16", "128B", MN, "S[(2,64,16,8):(512,1,1024,64)]", { 64, 8 }, 8192 },
	{ "bf16", "64B", MN, "S[(4,32,16,8):(256,1,1024,32)]", { 32, 8 }, 8192 },
	{ "bf16", "32B", MN, "S[(8,16,16,8):(128,1,1024,16)]", { 16, 8 }, 8192 },
	{ "bf16", NULL, MN, "S[(16,8,16,8):(64,1,1024,8)]", { 8, 8 }, 8192 },
	{ "e4m3", "128B", K, "S[(16,8,1,128):(1024,128,0,1)]", { 128, 128 }, 4096 },
	{ "e4m3", "64B", K, "S[(16,8,2,64):(512,64,8192,1)]", { 64, 128 }, 4096 },
	{ "e4m3", "32B", K, "S[(16,8,4,32):(256,32,4096,1)]", { 32, 128 }, 4096 },
	{ "e4m3", NULL, K, "S[(16,8,8,16):(128,16,2048,1)]", { 16, 128 }, 4096 },
	{ "e4m3", "128B", MN, "S[(1,128,16,8):(0,1,1024,128)]", { 128, 128 }, 4096 },
	{ "e4m3", "64B", MN, "S[(2,64,16,8):(512,1,1024,64)]", { 64, 8 }, 4096 },
	{ "e4m3", "32B", MN, "S[(4,32,16,8):(256,1,1024,32)]", { 32, 8 }, 4096 },
	{ "e4m3", NULL, MN, "S[(8,16,16,8):(128,1,1024,16)]", { 16, 8 }, 4096 },
	{ "tf32", "128B", K, "S[(16,8,4,32):(256,32,4096,1)]", { 32, 128 }, 16384 },
	{ "tf32", "64B", K, "S[(16,8,8,16):(128,16,2048,1)]", { 16, 128 }, 16384 },
	{ "tf32", "32B", K, "S[(16,8,16,8):(64,8,1024,1)]", { 8, 128 }, 16384 },
	{ "tf32", NULL, K, "S[(16,8,32,4):(32,4,512,1)]", { 4, 128 }, 16384 },
	{ "tf32", "128B", MN, "S[(4,32,16,8):(256,1,1024,32)]", { 32, 8 }, 16384 },
	{ "tf32", "64B", MN, "S[(8,16,16,8):(128,1,1024,16)]", { 16, 8 }, 16384 },
	{ "tf32", "32B", MN, "S[(16,8,16,8):(64,1,1024,8)]", { 8, 8 }, 16384 },
	{ "tf32", NULL, MN, "S[(32,4,16,8):(32,1,1024,4)]", { 4, 8 }, 16384 },
	{ "f32", "128B", K, "S[(16,8,4,32):(256,32,4096,1)]", { 32, 128 }, 16384 },
	{ "f32", "64B", K, "S[(16,8,8,16):(128,16,2048,1)]", { 16, 128 }, 16384 },
	{ "f32", "32B", K, "S[(16,8,16,8):(64,8,1024,1)]", { 8, 128 }, 16384 },
	{ "f32", NULL, K, "S[(16,8,32,4):(32,4,512,1)]", { 4, 128 }, 16384 },
	{ "f32", "128B", MN, "S[(4,32,16,8):(256,1,1024,32)]", { 32, 8 }, 16384 },
	{ "f32", "64B", MN, "S[(8,16,16,8):(128,1,1024,16)]", { 16, 8 }, 16384 },
	{ "f32", "32B", MN, "S[(16,8,16,8):(64,1,1024,8)]", { 8, 8 }, 16384 },
	{ "f32", NULL, MN, "S[(32,4,16,8):(32,1,1024,4)]", { 4, 8 }, 16384 },
};
#undef K
#undef MN

#endif
