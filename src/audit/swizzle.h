/*
 * swizzle.h: pieces of swizzle.c that tests reach directly.  Triton's own
 * unit tests (unittest/Dialect/TritonGPU/SwizzleTest.cpp) call
 * optimalSwizzlingLdSt and bankConflictsLdSt alone, apart from the choice
 * among ldmatrix/stmatrix tiles that axe_audit_convert_shared makes.
 */
#ifndef AXE_AUDIT_SWIZZLE_H
#define AXE_AUDIT_SWIZZLE_H

#include "audit.h"

/*
 * optimalSwizzlingLdSt for "src" and "dst" (elements of "elem_bits" bits),
 * then bankConflictsLdSt of the result: the extra wavefronts of the
 * stores ("write") and the loads ("read"), and the scratch bytes one round
 * needs.  The width is taken as given (the 8-bit floor of a convert_layout
 * is the caller's).  0, or -1 with "err" set.
 */
int audit_swizzle_ldst(const axe_linear *src, const axe_linear *dst, int elem_bits,
		       int64_t *read, int64_t *write, int64_t *scratch_bytes, axe_error *err);

#endif
