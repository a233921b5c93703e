/*
 * cute_ops.h: CuTe's algebra as the library does it, on operands already
 * read: each operation runs (cute/), then its defining property is proved
 * (cute/verify*.c) before a result is handed out.  The commands' reports
 * (cute.c) and the in-memory values of axe.h's "[cute values]"
 * (cute_value.c) both call these, so there is one place where an
 * operation is followed by its proof.  Internal.
 *
 * Each returns 1 with "res" written (the caller's to release) and "what"
 * (may be NULL) the proof's line; 0 when CuTe has no such layout, with
 * the reason in "why"; -1 with "err" set.
 */
#ifndef AXE_API_CUTE_OPS_H
#define AXE_API_CUTE_OPS_H

#include "../cute/algebra.h"

/* 1 when "c" has no swizzle or offset; else 0 with "why": operation "op" would lose it. */
int axe_api_cute_plain(const axe_cute_composed *c, const char *op, axe_cute_reason *why);

/*
 * The kind called "name" (NULL: logical) of a divide ("divide") or of a
 * product; 0, or -1 with the error placed on --kind naming the kinds.
 */
int axe_api_cute_kind(const char *name, bool divide, axe_cute_kind *kind, axe_error *err);

/* composition(A, T): A o T. */
int axe_api_cute_compose(const axe_cute_layout *a, const axe_cute_tiler *t,
			 axe_cute_layout *res, char *what, size_t what_size,
			 axe_cute_reason *why, axe_error *err);

/* complement(A, cotarget); cotarget <= 0: cosize(filter(A)), as complement(A) takes. */
int axe_api_cute_complement(const axe_cute_layout *a, int64_t cotarget,
			    axe_cute_layout *res, char *what, size_t what_size,
			    axe_cute_reason *why, axe_error *err);

/* The divide ("divide") or product of A by T of "kind". */
int axe_api_cute_split(const axe_cute_layout *a, const axe_cute_tiler *t, axe_cute_kind kind,
		       bool divide, axe_cute_layout *res, char *what, size_t what_size,
		       axe_cute_reason *why, axe_error *err);

/* left_inverse(A) ("left") or right_inverse(A). */
int axe_api_cute_inverse(const axe_cute_layout *a, bool left, axe_cute_layout *res,
			 char *what, size_t what_size, axe_cute_reason *why, axe_error *err);

/* coalesce(A), by mode at "profile" (may be NULL). */
int axe_api_cute_coalesce(const axe_cute_layout *a, const axe_cute_tuple *profile,
			  axe_cute_layout *res, char *what, size_t what_size,
			  axe_cute_reason *why, axe_error *err);

/* filter(A). */
int axe_api_cute_filter(const axe_cute_layout *a, axe_cute_layout *res, char *what,
			size_t what_size, axe_cute_reason *why, axe_error *err);

#endif
