/*
 * convert_out.h: text and JSON for `convert`.
 */
#ifndef AXE_OUTPUT_CONVERT_OUT_H
#define AXE_OUTPUT_CONVERT_OUT_H

#include "../interop/convert.h"
#include "eval_out.h"

/*
 * Print "c" for the layout "layout" (NULL for an `expr:` layout): the text,
 * or the reason no such form exists.  Text: the notation's text on one line;
 * otherwise "no FORMAT form: REASON".  JSON: the man page's `convert` object.
 */
void axe_print_convert(axe_writer *w, const axe_convert *c, const axe_layout *layout,
		       axe_format format);

#endif
