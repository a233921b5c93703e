/*
 * canon_out.h: text and JSON for `canon` (axe-layout(1)): the canonical layout
 * first, then the rules that fired and the gap condition.
 */
#ifndef AXE_OUTPUT_CANON_OUT_H
#define AXE_OUTPUT_CANON_OUT_H

#include "../algebra/canon.h"
#include "eval_out.h"

/* Print "canonical" (on logical "shape") and the report of how it was reached. */
void axe_print_canon(axe_writer *w, const axe_layout *canonical, const axe_shape *shape,
		     const axe_canon_trace *report, axe_format format);

/*
 * Print that the map "text" (an `expr:` layout on "shape") has no canonical
 * form, and "why": text "no compact form: WHY", or JSON with "canonical"
 * null.
 */
void axe_print_canon_none(axe_writer *w, const char *text, const axe_shape *shape,
			  const char *why, axe_format format);

#endif
