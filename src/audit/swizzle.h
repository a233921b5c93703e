/*
 * swizzle.h: pieces of swizzle.c that tests reach directly.  Triton's own
 * unit tests (unittest/Dialect/TritonGPU/SwizzleTest.cpp at
 * e3b5495253313e42ad074906ea8e2063b70dcc69) call optimalSwizzlingLdSt and
 * bankConflictsLdSt alone, apart from the choice among ldmatrix/stmatrix
 * tiles that axe_audit_convert_shared makes, some of them with other bank
 * counts and lane tiles than NVIDIA's.
 */
#ifndef AXE_AUDIT_SWIZZLE_H
#define AXE_AUDIT_SWIZZLE_H

#include "audit.h"

/*
 * The banks and lane tiles optimalSwizzlingLdSt is given: "banks" 32-bit
 * banks; for each side, the lane bases one wavefront serves
 * (LocalMemOpTile::laneAddr), or none (naddr 0): the lanes in order, as
 * many as one phase holds.
 */
typedef struct audit_ldst_tiles {
	int banks;
	int src_naddr, src_addr[5];
	int dst_naddr, dst_addr[5];
} audit_ldst_tiles;

/*
 * optimalSwizzlingLdSt for "src" and "dst" (elements of "elem_bits" bits;
 * "tiles" NULL for NVIDIA's: 32 banks, lanes in order), then
 * bankConflictsLdSt of the result: the extra wavefronts of the stores
 * ("write") and the loads ("read"), and the scratch bytes one round needs.
 * The width is taken as given (the 8-bit floor of a convert_layout is the
 * caller's).  0, or -1 with "err" set.
 */
int audit_swizzle_ldst(const axe_linear *src, const axe_linear *dst, int elem_bits,
		       const audit_ldst_tiles *tiles, int64_t *read, int64_t *write,
		       int64_t *scratch_bytes, axe_error *err);

#endif
