/*
 * regroup.h: what divide.c and product.c share: applying a per-layout
 * operation by mode, and gathering the (tile, rest) modes of a by-mode
 * result into CuTe's zipped, tiled and flat forms (hier_unzip in pycute).
 */
#ifndef AXE_CUTE_REGROUP_H
#define AXE_CUTE_REGROUP_H

#include "algebra_private.h"

typedef int axe_cute_mode_op(const axe_cute_layout *a, const axe_cute_layout *b,
			     axe_cute_layout *out, axe_cute_reason *why, axe_error *err);

/*
 * The layout whose mode i is "op"(A_i, T_i) for i < t->n (A_i itself where
 * T_i is `_`) followed by A's other modes unchanged.  0 names the mode.
 */
int axe_cute_by_mode(const axe_cute_layout *a, const axe_cute_tiler *t, axe_cute_mode_op *op,
		     axe_cute_layout *out, axe_cute_reason *why, axe_error *err);

/* The logical divide and product the regroupings start from. */
int axe_cute_logical_divide(const axe_cute_layout *a, const axe_cute_tiler *t,
			    axe_cute_layout *out, axe_cute_reason *why, axe_error *err);
int axe_cute_logical_product(const axe_cute_layout *a, const axe_cute_tiler *b,
			     axe_cute_layout *out, axe_cute_reason *why, axe_error *err);

#endif
