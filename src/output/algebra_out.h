/*
 * algebra_out.h: text and JSON for the layout-valued algebra commands
 * group, tile, tile-of, slice and dsum (axe-layout(1), the --json options).
 *
 * Text: the resulting layout in compact syntax on the first line, then
 * "shape: (..)" and the command's extras.  JSON: one object
 * {"layout":"...","shape":[...]} plus "blocks" (group), "interleaved" (tile,
 * dsum) and "span" (tile, tile-of: the inner layout's span per axis).  An
 * impossible operation prints "PREFIX: REASON", or
 * {"layout":null,"reason":"..."}.
 */
#ifndef AXE_OUTPUT_ALGEBRA_OUT_H
#define AXE_OUTPUT_ALGEBRA_OUT_H

#include "../algebra/algebra.h"
#include "eval_out.h"
#include "writer.h"

/*
 * Print "r".  "span_of" (may be NULL) is the inner layout whose per-axis
 * span (Lemma C.1) the output reports.
 */
void axe_print_algebra(axe_writer *w, const axe_algebra_result *r, const axe_layout *span_of,
		       axe_format format);

/* Print why the operation is impossible; "prefix" starts the text line ("cannot tile"). */
void axe_print_refusal(axe_writer *w, const char *prefix, const axe_reason *why,
		       axe_format format);

/* "values" as "(v0, v1, ...)" in text or "[v0,v1,...]" in JSON. */
void axe_write_int_list(axe_writer *w, const int64_t *values, size_t n, axe_format format);

#endif
