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

#include "../axe.h"
#include "../cute/algebra.h"
#include "eval_out.h"
#include "writer.h"

/*
 * Print a result: its CuTe text "cute", its Axe compact form "axe" on
 * "shape" (NULL when there is none, "axe_why" saying why) and the proof
 * line "proved".
 */
void axe_print_cute(axe_writer *w, const char *cute, const char *axe, const axe_shape *shape,
		    const char *axe_why, const char *proved, axe_format format);

/* Print the refusal "why". */
void axe_print_cute_refusal(axe_writer *w, const axe_cute_reason *why, axe_format format);

#endif
