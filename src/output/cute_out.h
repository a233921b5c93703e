/*
 * cute_out.h: text and JSON for the commands of CuTe's layout algebra
 * (compose, complement, divide, product, inverse, coalesce, filter;
 * JSON as the man page gives it).
 *
 * Text: "cute:   LAYOUT" (CuTe's print form, hierarchy kept), "axe:    S[...]"
 * (or the reason there is none), "shape:  (..)" and "proved: ..." (the
 * defining property checked by evaluation).  JSON: one object
 * {"layout":"<axe form>","cute":"<shape:stride>","shape":[...],"proved":"..."}
 * with "layout" null and "axe_reason" when no Axe form exists.  A refusal
 * prints "no such layout: REASON" or {"layout":null,"cute":null,"reason":...}.
 */
#ifndef AXE_OUTPUT_CUTE_OUT_H
#define AXE_OUTPUT_CUTE_OUT_H

#include <stdbool.h>

#include "../axe.h"
#include "../cute/algebra.h"

/*
 * Print a result: its CuTe text "cute", its Axe compact form "axe" on
 * "shape" (NULL when there is none, "axe_why" saying why) and the proof
 * line "proved" on stdout.  Returns AXE_EXIT_OK, or -1 on no memory.
 */
int axe_cute_emit(const char *cute, const char *axe, const axe_shape *shape,
		  const char *axe_why, const char *proved, bool json, axe_error *err);

/* Print the refusal "why" on stdout; returns AXE_EXIT_FALSE, or -1 on no memory. */
int axe_cute_emit_refusal(const axe_cute_reason *why, bool json, axe_error *err);

#endif
