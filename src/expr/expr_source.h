/*
 * expr_source.h: an `expr:` layout as a map source of the evaluator
 * (core/eval.h): every command that only needs the map (eval, show, info,
 * banks, atoms, emit-cuda --kind index, check) walks it as it walks a
 * layout in S/R/O form.
 */
#ifndef AXE_EXPR_EXPR_SOURCE_H
#define AXE_EXPR_EXPR_SOURCE_H

#include "../core/eval.h"
#include "expr_layout.h"

/*
 * The source of "layout" (borrowed: it must outlive every evaluator made
 * from the source).  Its walkers run a compiled program (program.h) over
 * the layout's shape followed by one dimension per replica variable, so a
 * point's replica combinations are consecutive points of the program.
 * 0, or -1 with "err" set when that shape has more than AXE_MAX_RANK
 * dimensions or more points than 64 bits count.
 */
int axe_expr_layout_source(const axe_expr_layout *layout, axe_map_source *source,
			   axe_error *err);

/* "axis=EXPR; axis=EXPR" of "layout" (malloc'd; NULL on no memory). */
char *axe_expr_layout_to_string(const axe_expr_layout *layout);

/*
 * The text of the map "ev" evaluates: a layout's compact form, a source's
 * own text (malloc'd; NULL on no memory).
 */
char *axe_evaluator_text(const axe_evaluator *ev);

/* axe_evaluator_init_source() of "layout" on its own shape; 0 or -1. */
int axe_expr_evaluator_init(axe_evaluator *ev, const axe_expr_layout *layout, axe_error *err);

#endif
