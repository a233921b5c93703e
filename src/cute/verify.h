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

/* qsort/bsearch order of int64_t. */
int axe_cute_cmp_i64(const void *x, const void *y);

#endif
