/*
 * info_out.h: text and JSON for `info`.
 */
#ifndef AXE_OUTPUT_INFO_OUT_H
#define AXE_OUTPUT_INFO_OUT_H

#include "../analyze/info.h"
#include "../spec/spec.h"
#include "eval_out.h"

/*
 * Where a layout came from: "notation" is the other tool's notation it was
 * read from (NULL when written in Axe's syntax); "why_expr" says why an
 * import has no compact form.
 */
typedef struct axe_info_origin {
	const char *notation;
	const char *why_expr;
} axe_info_origin;

/*
 * Print "info" for the layout of "ev"; "dtype" is a dtype index or -1 (it
 * names the swizzle preset and the bytes of the m range).  JSON says
 * "form":"compact"; text names the notation of an imported layout.
 */
void axe_print_info(axe_writer *w, const axe_evaluator *ev, const axe_info *info, int dtype,
		    const axe_info_origin *origin, axe_format format);

/*
 * Print the layouts "spec" holds, in file order: name, layout (or "expr:")
 * and shape, so that the user can name one as FILE:NAME.
 */
void axe_print_spec_layouts(axe_writer *w, const axe_spec *spec, axe_format format);

#endif
