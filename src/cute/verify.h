/*
 * verify.h: what verify.c and verify_split.c share.
 */
#ifndef AXE_CUTE_VERIFY_H
#define AXE_CUTE_VERIFY_H

#include "algebra_private.h"

/* axe_cute_flat_eval's answer when a value leaves int64 (never a layout value). */
#define AXE_CUTE_NO_VALUE INT64_MIN

/* 0, or -1 (AXE_ERR_LIMIT) when "points" are too many to enumerate. */
int axe_cute_enum_limit(int64_t points, axe_error *err);

/* Write the proof's one line into "what" (may be NULL). */
void axe_cute_said(char *what, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The sorted distinct images of "l" (a new array of "*n"), or NULL on no memory. */
int64_t *axe_cute_image(const axe_cute_layout *l, int64_t *n);

/*
 * Where a divided mode's tiles (B, B*) reach past A's domain [0, size): of
 * "points" coordinates, "outside" have (B, B*)(c) >= size, in [lo, hi].
 */
typedef struct axe_cute_tail {
	int64_t size, points, outside, lo, hi;
} axe_cute_tail;

/* Top-level modes of "r" and "b" have the same sizes (CuTe's compatible, one level). */
bool axe_cute_same_mode_sizes(const axe_cute_layout *r, const axe_cute_layout *b);

/* What a proof at one point per digit found (verify_affine.c). */
enum { AXE_CUTE_DIFFERS = 0, AXE_CUTE_PROVED = 1, AXE_CUTE_NO_ARGUMENT = 2 };

/*
 * R(c) = A(B(c)) for every c in [0, n), A running on past its size, at one
 * point per digit when B's steps land in A's digits without a carry:
 * PROVED with "*outside" the c where B(c) >= size(A); DIFFERS with "*at" a
 * c where they differ (found at those points, argument or not);
 * NO_ARGUMENT when neither (then enumerate).  B and R have n points.
 */
int axe_cute_affine_compose(const axe_cute_flat *a, const axe_cute_flat *b,
			    const axe_cute_flat *r, int64_t n, int64_t *outside, int64_t *at);

/* The leaves of the identity n:1. */
axe_cute_flat axe_cute_flat_identity(int64_t n);

/*
 * True when "f" is a bijection of its domain onto [0, n): sorted by
 * stride, its leaves of size > 1 are a column-major layout of n points.
 */
bool axe_cute_flat_compact(const axe_cute_flat *f, int64_t n);

/* True when "f" is strictly increasing: each stride passes what the faster leaves reach. */
bool axe_cute_flat_increasing(const axe_cute_flat *f);

/* True when "f" is injective by that test on its leaves sorted by stride. */
bool axe_cute_flat_injective(const axe_cute_flat *f);

/* qsort/bsearch order of int64_t. */
int axe_cute_cmp_i64(const void *x, const void *y);

#endif
