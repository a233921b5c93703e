/*
 * mma_desc.h: the 64-bit shared-memory matrix descriptor of a wgmma (sm_90)
 * or tcgen05 (sm_100) operand, derived from a shared layout by checking
 * that it is one of the canonical operand layouts and reading the leading
 * and stride byte offsets off its strides.
 *
 * References: PTX ISA, "Asynchronous Warpgroup Level Matrix Shared Memory
 * Layout" (section 9.7.15.5.1: the swizzle-atom table, "Shared Memory
 * Matrix Layout", and "Matrix Descriptor Format") for wgmma; PTX ISA,
 * tcgen05 "Shared Memory Descriptor" and "Major-ness supported by Strides"
 * (section 9.7.16.3: leading-dimension stride per major-ness) for tcgen05.
 * Cross-checked with CUTLASS's make_gmma_desc
 * (cute/atom/mma_traits_sm90_gmma.hpp), make_umma_desc
 * (cute/arch/mma_sm100_desc.hpp) and the bit fields of
 * cute/arch/mma_sm90_desc.hpp: the tests pin values CUTLASS computes.
 *
 * The operand tile has logical shape (MN, K) (M x K for A, N x K for B,
 * as CuTe's operand tensors) or, with "k_first", (K, MN) (Triton's B
 * memdesc is K x N); the two dimensions are never swapped on a guess.  In
 * 16-byte units (T = 16 / element bytes elements each) and with W = 1, 2,
 * 4, 8 units per swizzle row (none, 32B, 64B, 128B) and R = 8 rows of K
 * per swizzle atom, the canonical layouts of one MMA K block (32 bytes of
 * K) are, in elements:
 *
 *   K-major:  mn % 8 * W*T + mn / 8 * SBO*T + k % T + k / T * (W > 1 ? T : LBO*T)
 *   MN-major, swizzled:    mn % (W*T) + mn / (W*T) * LBO*T + k % R * W*T + k / R * SBO*T
 *   MN-major, no swizzle:  mn % T + mn / T * SBO*T + k % 8 * T + k / 8 * LBO*T
 *
 * plus the block's start; K blocks may start anywhere (one descriptor each,
 * the same offsets).  The swizzle is the layout's own: one of the presets
 * (Swizzle<B,4,3> on byte addresses), none, or for tcgen05 MN-major
 * operands SWIZZLE_128B_BASE32B (Swizzle<2,5,2> on byte addresses: 128-byte
 * rows of 32-byte atoms, R = 4; CUTLASS's UMMA::Layout_MN_SW128_32B_Atom,
 * layout type 1).  Any other swizzle is no MMA mode: not canonical.
 *
 * MN-major wgmma operands exist only for 16-bit types: the PTX ISA's
 * wgmma.mma_async supports the transpose (imm-trans-a, imm-trans-b) only
 * for its .f16/.bf16 variants on matrices read through descriptors; tcgen05
 * has a transpose bit for every kind (instruction descriptor, bits 15-16).
 *
 * The base offset (bits 49-51) is 0: the layout's swizzle acts on offsets
 * from the buffer base, so the swizzle pattern starts at the base, which
 * must be aligned to the pattern's repeat (1024, 512, 256 bytes for 128B,
 * 64B, 32B).  The PTX ISA (tcgen05 "Shared Memory Descriptor") computes the
 * field from where the repeating pattern starts, (pattern start >> 7) & 7,
 * 0 on a repeat boundary, not from where the matrix starts; CUTLASS's
 * make_gmma_desc and make_umma_desc set it to 0 and their
 * DescriptorIterator moves only the start address.  So a tile or K block
 * that starts inside a repeat has the descriptor of any other K block at
 * the same bytes.
 */
#ifndef AXE_CODEGEN_MMA_DESC_H
#define AXE_CODEGEN_MMA_DESC_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/layout.h"

#define AXE_MMA_MAX_KBLOCKS 64 /* K blocks listed in a descriptor answer */

typedef enum axe_mma_kind {
	AXE_MMA_WGMMA = 0, /* sm_90 wgmma.mma_async */
	AXE_MMA_TCGEN05,   /* sm_100 tcgen05.mma */
} axe_mma_kind;

typedef enum axe_mma_major {
	AXE_MMA_MAJOR_K = 0,
	AXE_MMA_MAJOR_MN,
	AXE_MMA_MAJOR_INFER, /* the request's default: contiguous along K, else MN */
} axe_mma_major;

typedef struct axe_mma_desc_request {
	const axe_layout *smem; /* on m, in elements, with its swizzle */
	axe_shape shape;        /* (MN, K) */
	int dtype;              /* axe_dtype index */
	axe_mma_kind mma;
	char operand;           /* 'a' or 'b': names the MN dimension (M or N) */
	axe_mma_major major;
	bool k_first;           /* the tile is (K, MN), else (MN, K) */
} axe_mma_desc_request;

typedef struct axe_mma_desc {
	uint64_t value;            /* the descriptor of K block 0, start address from the buffer base */
	uint32_t start_address;    /* the fields, as encoded: 16-byte units */
	uint32_t lbo, sbo;
	uint32_t base_offset, layout_type, version, lbo_mode;
	axe_mma_major major;
	int swizzle_bytes;         /* 0, 32, 64, 128 */
	bool base32b;              /* tcgen05's 128B swizzle of 32-byte atoms */
	int64_t mn, k;             /* the tile */
	int64_t k_block;           /* K elements per descriptor: 32 bytes */
	int64_t nkblocks;
	int64_t kblock_bytes[AXE_MMA_MAX_KBLOCKS]; /* each K block's start, bytes from the base */
	char canonical[256];       /* the canonical form matched, in the tool's syntax */
} axe_mma_desc;

/* Why a layout is not a canonical operand layout: the first mode that breaks, and the nearest one. */
typedef struct axe_mma_refusal {
	char mode[96];
	char reason[512];
	char nearest[256]; /* a canonical layout of the same tile, swizzle and major-ness */
} axe_mma_refusal;

/*
 * Derive the descriptor of "req" into "desc": 1; 0 when the layout is not
 * canonical ("why": also a swizzle that is no MMA mode, an MN-major wgmma
 * operand of other than 16-bit elements); -1 on an input error ("err": a
 * layout off m, a shape of other than two dimensions, a field overflow).
 */
int axe_mma_desc_build(const axe_mma_desc_request *req, axe_mma_desc *desc,
		       axe_mma_refusal *why, axe_error *err);

/* The descriptor of K block "b" (its start address field moved): 0 <= b < desc->nkblocks. */
uint64_t axe_mma_desc_kblock(const axe_mma_desc *desc, int64_t b);

/* "wgmma" "tcgen05" -> kind, "k" "mn" -> major; -1 when unknown. */
int axe_mma_kind_parse(const char *text);
int axe_mma_major_parse(const char *text);

#endif
