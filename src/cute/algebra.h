/*
 * algebra.h: CuTe's layout algebra on int-tuple layouts (CUTLASS,
 * media/docs/cpp/cute/02_layout_algebra.md; include/cute/layout.hpp and
 * python/pycute/layout.py are the reference): coalesce, filter,
 * composition, complement, the divides, the products and the inverses,
 * each followed by a proof of its defining property by evaluation
 * (verify.c) before the caller sees the result.
 *
 * Level 2 with the int-tuple model (uses core and inttuple.h only).  Results
 * are plain values (axe_cute_layout,
 * axe_cute_composed) owned by the caller.  Every operation returns 1 with
 * the result written, 0 when CuTe has no such layout for these operands
 * (an answer: "why" names the failing condition and the modes, the command
 * exits 1), or -1 with "err" set (a malformed request such as a tiler or
 * profile with more modes than the layout, overflow, a limit, no memory:
 * exit 2).
 *
 * Where pycute and the C++ library differ, the C++ library is followed and
 * the difference is said at the function.  Size-1 modes are treated as
 * CuTe treats static ones (dropped where CuTe drops `_1`), which is what
 * pycute does for every integer.
 */
#ifndef AXE_CUTE_ALGEBRA_H
#define AXE_CUTE_ALGEBRA_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "inttuple.h"

#define AXE_CUTE_REASON_MAX 512

/* Why an operation has no result, in words for the user. */
typedef struct axe_cute_reason {
	char text[AXE_CUTE_REASON_MAX];
} axe_cute_reason;

/* Record the reason in "why" (may be NULL); returns 0, the "no such layout" answer. */
int axe_cute_refuse(axe_cute_reason *why, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define AXE_CUTE_MAX_TILER 8 /* modes of a by-mode tiler <B0,B1,...> */

/*
 * A tiler: one layout applied to the whole of A (n == 0, in mode[0]), or
 * a by-mode tiler <B0,...,Bn-1> whose mode i acts on A's mode i; a mode
 * written `_` ("skip") leaves A's mode as it is.  An integer N is the
 * layout N:1.
 */
typedef struct axe_cute_tiler {
	size_t n;
	axe_cute_layout mode[AXE_CUTE_MAX_TILER];
	bool skip[AXE_CUTE_MAX_TILER];
} axe_cute_tiler;

void axe_cute_tiler_release(axe_cute_tiler *t);

/*
 * Parse "text" as a tiler: `<B0,B1,...>` (each mode a CuTe layout, an
 * integer or `_`) or one CuTe layout.  "where" places errors (NULL: <arg>).
 * 0 or -1 (malformed: exit 2).
 */
int axe_cute_tiler_parse(const char *text, const axe_loc *where, axe_cute_tiler *out,
			 axe_error *err);

/* The operations the commands name, for the proofs and the messages. */
typedef enum axe_cute_divide_kind {
	AXE_CUTE_LOGICAL,
	AXE_CUTE_ZIPPED,
	AXE_CUTE_TILED,
	AXE_CUTE_FLAT,
	AXE_CUTE_BLOCKED, /* products only */
	AXE_CUTE_RAKED,   /* products only */
} axe_cute_kind;

/* --- coalesce.c ----------------------------------------------------------- */

/*
 * coalesce(A): the flattest layout with A's size and A's map on [0, size):
 * size-1 modes dropped, a mode whose stride is the previous shape*stride
 * merged into it; a leaf when one mode is left (1:0 when none).  With
 * "profile" (may be NULL), by mode: a tuple profile applies coalesce to A's
 * mode i at profile's mode i (recursively) and keeps A's other modes.
 */
int axe_cute_coalesce(const axe_cute_layout *a, const axe_cute_tuple *profile,
		      axe_cute_layout *out, axe_cute_reason *why, axe_error *err);

/* filter(A): coalesce after dropping the stride-0 and size-1 modes (1:0 when none). */
int axe_cute_filter(const axe_cute_layout *a, axe_cute_layout *out, axe_error *err);

/* --- compose.c ------------------------------------------------------------ */

/*
 * composition(A, B) = A o B, congruent with B and R(c) = A(B(c)) for every
 * c in B's domain, A running on past its size as C++'s coalesce_x makes it
 * (its last stride kept).  0 when the stride or shape divisibility
 * condition fails (the composition is then not a layout).
 */
int axe_cute_compose(const axe_cute_layout *a, const axe_cute_layout *b, axe_cute_layout *out,
		     axe_cute_reason *why, axe_error *err);

/*
 * composition(A, TILER): a whole-layout tiler as above; a by-mode tiler
 * composes A's mode i with B_i and, as CuTe's C++ does (pycute keeps them),
 * drops A's modes past the tiler's rank.
 */
int axe_cute_compose_tiler(const axe_cute_layout *a, const axe_cute_tiler *t,
			   axe_cute_layout *out, axe_cute_reason *why, axe_error *err);

/* --- complement.c --------------------------------------------------------- */

/*
 * complement(A, cotarget): the ordered layout R (increasing, positive
 * strides) whose image is disjoint from A's except at 0 and such that
 * cosize((A, R)) >= "cotarget" (CuTe's postconditions).  When every
 * stride of A is a multiple of the reach of the smaller modes, (A, R)
 * hits every index below its cosize exactly once.  0 when a filtered
 * stride of A is negative or inside the reach of the smaller modes (CuTe's
 * "non-injective layout" assertion).
 */
int axe_cute_complement(const axe_cute_layout *a, int64_t cotarget, axe_cute_layout *out,
			axe_cute_reason *why, axe_error *err);

/* --- divide.c and product.c ----------------------------------------------- */

/*
 * logical_divide(A, T) = A o (T, T*) with T* = complement(T, size(A)),
 * applied by mode for a by-mode tiler; zipped ((tiles), (rests)), tiled
 * ((tiles), rests...) and flat (tiles..., rests...) regroup its modes.
 * A tile whose size does not divide its mode's gives C++'s result, whose
 * last tile reaches past A's domain.  0 when a complement or a
 * composition condition fails.
 */
int axe_cute_divide(const axe_cute_layout *a, const axe_cute_tiler *t, axe_cute_kind kind,
		    axe_cute_layout *out, axe_cute_reason *why, axe_error *err);

/*
 * logical_product(A, B) = (A, A* o B) with A* = complement(A, size(A) *
 * cosize(B)), by mode for a by-mode tiler; zipped, tiled and flat regroup
 * as for the divides; blocked and raked pad A and B to the same rank with
 * 1:0 modes (a leaf being rank 1) and pair A's mode i with (A* o B)'s mode
 * i, A's first (blocked) or second (raked): a tuple of that rank.
 */
int axe_cute_product(const axe_cute_layout *a, const axe_cute_tiler *b, axe_cute_kind kind,
		     axe_cute_layout *out, axe_cute_reason *why, axe_error *err);

/*
 * From a logical divide or product "ld" by the tiler "t" (t->n == 0: one
 * layout, "ld" is then (tile, rest)): zipped ((tiles), (rests, others)),
 * tiled ((tiles), rests..., others...) or flat (tiles..., rests...,
 * others...).  A skipped mode contributes the tile 1:0.  0 or -1.
 */
int axe_cute_regroup(const axe_cute_layout *ld, const axe_cute_tiler *t, axe_cute_kind kind,
		     axe_cute_layout *out, axe_error *err);

/* --- inverse.c ------------------------------------------------------------ */

/*
 * right_inverse(A): the largest R of the form CuTe builds (A's modes in
 * stride order while each stride is the reach of the ones before) with
 * A(R(i)) = i for every i < size(R).  Stride-0 and negative modes are
 * skipped, as the C++ fold does (pycute stops at them).
 */
int axe_cute_right_inverse(const axe_cute_layout *a, axe_cute_layout *out, axe_error *err);

/*
 * left_inverse(A) by the C++ formula of CUTLASS 3.9 (commit 62750a2b;
 * pycute and earlier C++: right_inverse((A, complement(A)))): R(A(i)) = i
 * for every i when A is injective, and A(R(A(i))) = A(i) in general.  0
 * when a stride is negative or fails C++'s left inverse divisibility
 * condition.
 */
int axe_cute_left_inverse(const axe_cute_layout *a, axe_cute_layout *out, axe_cute_reason *why,
			  axe_error *err);

/* --- verify.c: the defining properties, by evaluation ---------------------- */

#define AXE_CUTE_PROOF_MAX_POINTS ((int64_t)1 << 24)

/*
 * Each returns 1 when the property holds for every point, 0 with "why"
 * holding the first counterexample, -1 when the domain is too large to
 * enumerate (AXE_ERR_LIMIT).  "what" (may be NULL) receives one line
 * saying what was proved ("R(c) = A(B(c)) for all 96 c").
 */
int axe_cute_prove_compose(const axe_cute_layout *a, const axe_cute_tiler *t,
			   const axe_cute_layout *r, char *what, size_t what_size,
			   axe_cute_reason *why, axe_error *err);
int axe_cute_prove_same_map(const axe_cute_layout *a, const axe_cute_layout *r,
			    char *what, size_t what_size, axe_cute_reason *why, axe_error *err);
int axe_cute_prove_filter(const axe_cute_layout *a, const axe_cute_layout *r, char *what,
			  size_t what_size, axe_cute_reason *why, axe_error *err);
int axe_cute_prove_complement(const axe_cute_layout *a, int64_t cotarget,
			      const axe_cute_layout *r, char *what, size_t what_size,
			      axe_cute_reason *why, axe_error *err);
int axe_cute_prove_right_inverse(const axe_cute_layout *a, const axe_cute_layout *r,
				 char *what, size_t what_size, axe_cute_reason *why,
				 axe_error *err);
int axe_cute_prove_left_inverse(const axe_cute_layout *a, const axe_cute_layout *r,
				char *what, size_t what_size, axe_cute_reason *why,
				axe_error *err);
int axe_cute_prove_divide(const axe_cute_layout *a, const axe_cute_tiler *t, axe_cute_kind kind,
			  const axe_cute_layout *r, char *what, size_t what_size,
			  axe_cute_reason *why, axe_error *err);
int axe_cute_prove_product(const axe_cute_layout *a, const axe_cute_tiler *b,
			   axe_cute_kind kind, const axe_cute_layout *r, char *what,
			   size_t what_size, axe_cute_reason *why, axe_error *err);

/*
 * "r" is the zipped, tiled or flat ("kind") regrouping of "ld", a logical
 * divide or product by "t" whose property is proved: 1 ("what" gets the
 * sentence appended), or 0 with "why".  The proofs of those kinds above
 * are the logical one and this.
 */
int axe_cute_prove_regroup(const axe_cute_layout *ld, const axe_cute_tiler *t, axe_cute_kind kind,
			   const axe_cute_layout *r, char *what, size_t what_size,
			   axe_cute_reason *why);

#endif
