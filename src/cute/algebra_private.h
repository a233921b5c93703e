/*
 * algebra_private.h: what the files of CuTe's algebra share and nobody
 * else needs: a layout's leaves as flat arrays, views of a layout's modes,
 * building layouts from modes, and checked arithmetic on user values.
 */
#ifndef AXE_CUTE_ALGEBRA_PRIVATE_H
#define AXE_CUTE_ALGEBRA_PRIVATE_H

#include "algebra.h"

/*
 * A layout's leaves, left to right (CuTe's flatten).  Held on the stack
 * (4 KiB): a malloc of one per step cost a third of a small operation's
 * time, glibc consolidating its fast bins for each large request.
 */
typedef struct axe_cute_flat {
	size_t n;
	int64_t shape[AXE_CUTE_MAX_LEAVES];
	int64_t stride[AXE_CUTE_MAX_LEAVES];
} axe_cute_flat;

/* The leaves of "l" into "f" (a valid layout has at most AXE_CUTE_MAX_LEAVES). */
void axe_cute_flat_of(const axe_cute_layout *l, axe_cute_flat *f);

/*
 * The layout of "f": 1:0 when empty, a leaf s:d for one leaf, else the
 * flat tuple (s0,s1,..):(d0,d1,..).  0 or -1.
 */
int axe_cute_flat_build(const axe_cute_flat *f, axe_cute_layout *out, axe_error *err);

/* A leaf layout s:d into "out" (nothing to release in a leaf, but harmless). */
void axe_cute_leaf(axe_cute_layout *out, int64_t s, int64_t d);

/* rank(l): 1 for a leaf shape, else its number of children. */
size_t axe_cute_rank(const axe_cute_layout *l);

/*
 * Mode "i" of "l" as a view sharing l's storage (never released): the
 * whole layout when l is a leaf and i == 0, as CuTe's layout<0> of a
 * rank-1 layout is itself.
 */
axe_cute_layout axe_cute_mode(const axe_cute_layout *l, size_t i);

/*
 * make_layout(modes[0], ..., modes[n-1]): the layout whose mode i is
 * modes[i] (a tuple even when n is 1).  Takes "modes": each is moved into
 * "out" and left a zeroed leaf.  0 or -1 (modes released then).
 */
int axe_cute_make_layout(axe_cute_layout *out, axe_cute_layout *modes, size_t n, axe_error *err);

/* Deep copy of a mode view into an owned layout.  0 or -1. */
int axe_cute_copy(axe_cute_layout *dst, const axe_cute_layout *src, axe_error *err);

/* Release "n" layouts of "modes". */
void axe_cute_release_all(axe_cute_layout *modes, size_t n);

/* "*r = a * b", or -1 with an overflow error. */
int axe_cute_mul(int64_t a, int64_t b, int64_t *r, axe_error *err);

/* The layout text of "l" for a message (static buffer per call site is the caller's). */
void axe_cute_text(const axe_cute_layout *l, char *buf, size_t size);

/*
 * coalesce_x(A) into "f" (C++'s detail::coalesce_x): the flat leaves of a
 * layout equal to A at every index i >= 0, where A's last leaf runs on
 * past A's size (crd2idx's meaning of an index outside the domain).  The
 * last leaf is kept even when its size is 1 (C++ gives it size 2), unlike
 * coalesce, which drops it and so changes the map outside the domain.
 */
void axe_cute_coalesce_x(const axe_cute_layout *a, axe_cute_flat *f);

/* append<R>(l): "l" padded with 1:0 modes to rank "rank" (a copy when it is there). */
int axe_cute_pad(const axe_cute_layout *l, size_t rank, axe_cute_layout *out, axe_error *err);

/*
 * crd2idx of the integer "idx" on the leaves "f": every leaf but the last
 * takes idx mod its size, the last takes the rest (CuTe's meaning outside
 * the domain too).  The proofs evaluate with it, never with the algorithms.
 */
int64_t axe_cute_flat_eval(const axe_cute_flat *f, int64_t idx);

#endif
