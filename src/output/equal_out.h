/*
 * equal_out.h: text and JSON for `check-equal` (axe-layout(1)): how equality is
 * known, or the counterexample, or why it is undecided.
 */
#ifndef AXE_OUTPUT_EQUAL_OUT_H
#define AXE_OUTPUT_EQUAL_OUT_H

#include "../prove/prove.h"
#include "eval_out.h"

void axe_print_equal(axe_writer *w, const axe_equal_result *res, axe_format format);

/*
 * The picture of `check-equal --format svg|html` (equal_scene.c): A, B and
 * the points where they differ, the counterexample of "res" preselected.
 * 0 or -1.
 */
int axe_equal_picture(axe_writer *w, const axe_equal_side *a, const axe_equal_side *b,
		      const axe_equal_result *res, axe_format format, axe_error *err);

#endif
