/*
 * linear.h (interop): Triton's LinearLayouts (linear/linear.h) as Axe
 * layouts: linear_axe.c.
 */
#ifndef AXE_INTEROP_LINEAR_H
#define AXE_INTEROP_LINEAR_H

#include "../linear/linear.h"
#include "interop.h"

/*
 * Convert L on "shape" into an Axe layout in "out": the compact form when L
 * is a bit permutation (or a shared layout that is a Swizzle over one), else
 * an `expr:` layout from the GF(2) inverse; why_expr says why.  Not yet
 * validated.  0 or -1.
 */
int axe_linear_to_import(const axe_linear *L, const axe_shape *shape, axe_import *out,
			 axe_error *err);

/* Test-only hook: when set, the compact conversion swaps two rules (a deliberately broken converter). */
extern bool axe_linear_break_for_test;

#endif
