/*
 * cute_private.h: what the CuTe-based readers (cute.c, cute_tv.c, tileas.c)
 * share: the conversion of a CuTe layout to the Axe form, the reference
 * evaluators of reference_cute.c, and the test-only switches that break one
 * conversion rule so that tests can watch translation validation catch it.
 */
#ifndef AXE_INTEROP_CUTE_PRIVATE_H
#define AXE_INTEROP_CUTE_PRIVATE_H

#include "../cute/inttuple.h"
#include "interop.h"

/*
 * Test-only: conversion rules a test may flip ("flags" of the _flags
 * readers); the readers of formats.def always pass 0.
 */
#define AXE_CUTE_BREAK_MODE_ORDER 1u /* keep sub-modes in CuTe's order, not reversed */
#define AXE_CUTE_BREAK_SWIZZLE 2u    /* take Swizzle<B,M,S>'s numbers in Axe's order */
#define AXE_CUTE_BREAK_TV_TILE 4u    /* read the TV tile row-major, not column-major */

/* The logical shape of "layout": the sizes of its top-level modes. */
int axe_cute_logical_shape(const axe_cute_layout *layout, axe_shape *shape, const axe_loc *loc,
			   int span, axe_error *err);

/*
 * The swizzle of "c" on element offsets, in CuTe's order, into "*sw":
 * c->swizzle itself, or with c->ptr_bits = N the byte-address swizzle moved
 * to N-bit elements (M' = M + 3 - log2 N).  Not present when none or B = 0.
 * -1 with an error placed at "loc" when no element-offset form exists (N
 * not a power of two, or the swizzle acts inside an element).
 */
int axe_cute_element_swizzle(const axe_cute_composed *c, axe_cute_swizzle *sw,
			     const axe_loc *loc, int span, axe_error *err);

/*
 * "c" as an import on axis "m": the compact form when the element swizzle
 * has a non-negative shift, else an `expr:` layout; "shape" is the logical
 * shape.  Not validated here.  0 or -1.
 */
int axe_cute_convert(const axe_cute_composed *c, const axe_shape *shape, unsigned flags,
		     const axe_loc *loc, int span, axe_import *out, axe_error *err);

/*
 * An Axe shard iter, or the part of one, that falls in one dimension of
 * the logical shape: "extent", its "stride" on "axis", the dimension
 * "dim", and its "weight" there (the product of the extents inside it).
 */
typedef struct axe_cute_piece {
	int64_t extent, stride;
	int axis;
	size_t dim;
	int64_t weight;
} axe_cute_piece;

/*
 * The shard of "L" cut at the dimensions of "shape" (row-major), innermost
 * first: an iter that straddles two dimensions is split when its extent
 * allows.  Into "piece" (room for AXE_CUTE_MAX_LEAVES), "*npieces" of them;
 * extent-1 iters dropped.  0; 1 with "why" filled when the shard does not
 * split at the dimensions; -1 on error.
 */
int axe_cute_split_dims(const axe_layout *L, const axe_shape *shape, axe_cute_piece *piece,
			size_t *npieces, char *why, size_t why_size, axe_error *err);

/*
 * "L" on "shape" as a CuTe layout into "c" (released by the caller in
 * every case): the modes of split_dims, the swizzle Swizzle(M,B,S) as
 * CuTe's Swizzle<B,M,S> on element offsets, the offset on m.  0; 1 with
 * "why" when there is none (replicas, an axis other than m, an iter across
 * dimensions); -1 on error.
 */
int axe_cute_from_axe(const axe_layout *L, const axe_shape *shape, axe_cute_composed *c,
		      char *why, size_t why_size, axe_error *err);

/*
 * A new `expr:` layout on "shape" with variables i0, i1, ... and the
 * "naxes" axes "axis" (their expressions still NULL).  NULL on no memory.
 */
axe_expr_layout *axe_cute_expr_new(const axe_shape *shape, const char *const *axis,
				   size_t naxes, axe_error *err);

/*
 * The readers with test-only "flags", and the validation they run.
 */
int axe_cute_import_flags(const char *text, const axe_loc *where, const axe_import_opts *opts,
			  unsigned flags, axe_import *out, axe_error *err);
int axe_cute_tv_import_flags(const char *text, const axe_loc *where,
			     const axe_import_opts *opts, unsigned flags, axe_import *out,
			     axe_error *err);

/*
 * Reference evaluators (reference_cute.c), written from CuTe's definitions
 * with src/cute's crd2idx and Swizzle::apply, sharing nothing with the
 * converters:
 *  - a CuTe (composed) layout: point -> swizzle(offset + crd2idx(point)) on
 *    axis "m", the swizzle on byte addresses of ptr_bits-bit elements when
 *    c->ptr_bits is set;
 *  - a TV layout on an M x N tile ("tile", rank 1 or 2): tile point
 *    (idx % M, idx / M) -> (tid, reg) for every (tid, reg) with
 *    idx = L(tid, reg).
 */
int axe_cute_reference(const axe_cute_composed *c, const axe_shape *shape, axe_reference *ref,
		       axe_error *err);
/* The same over the box [begin, end) of "shape" only (0 <= begin < end <= shape). */
int axe_cute_reference_box(const axe_cute_composed *c, const axe_shape *shape,
			   const int64_t *begin, const int64_t *end, axe_reference *ref,
			   axe_error *err);
int axe_cute_tv_reference(const axe_cute_layout *tv, const axe_shape *tile, axe_reference *ref,
			  axe_error *err);

/*
 * Validate "imp", read from "c" on "shape", against CuTe's meaning (the
 * "format" names the reader in errors): at one point per digit, and one per
 * bit of the index for a swizzle (axe_import_validate_affine), where that
 * argument holds, else at every point.  0 or -1.
 */
int axe_cute_validate(const axe_cute_composed *c, const axe_shape *shape, const axe_import *imp,
		      const char *format, axe_error *err);

/*
 * Validate "imp", read from the TV layout "tv" on "tile", against CuTe's
 * meaning: at one index per bit of (tid, reg) where the layout is
 * GF(2)-linear (power-of-two digits and tile, strides of disjoint bits:
 * axe_import_validate_gf2), else at every (thread, value).  0 or -1.
 */
int axe_cute_tv_validate(const axe_cute_layout *tv, const axe_shape *tile,
			 const axe_import *imp, axe_error *err);

#endif
