/*
 * enumerate.h: equality by walking every point (semantics.md "Equality":
 * exact, and the first differing point is the counterexample).
 */
#ifndef AXE_PROVE_ENUMERATE_H
#define AXE_PROVE_ENUMERATE_H

#include "side.h"

/*
 * Compare the image sets of "a" and "b" at every point of "shape" in
 * row-major order.  "*verdict": TRUE when all agree; FALSE with the first
 * differing point's row-major index in "*flat"; UNKNOWN when the clock
 * passes "deadline" (seconds on axe_clock(); 0: none), with the points
 * checked in "*flat".  0, or -1 on an error.
 */
int axe_enumerate_equal(const axe_equal_side *a, const axe_equal_side *b,
			const axe_shape *shape, const axe_axis_union *u, double deadline,
			enum axe_verdict *verdict, int64_t *flat, axe_error *err);

/* Seconds on a monotonic clock. */
double axe_clock(void);

#endif
