/*
 * enumerate.h: equality by walking every point (semantics.md "Equality":
 * exact, and the first differing point is the counterexample).
 */
#ifndef AXE_PROVE_ENUMERATE_H
#define AXE_PROVE_ENUMERATE_H

#include "../core/parallel.h"
#include "side.h"

typedef struct axe_enumerate_options {
	double deadline;                /* seconds on axe_clock(); 0: none */
	axe_walk_options walk;          /* threads, progress */
	int64_t limit;                  /* compare the first "limit" points only; 0: all */
} axe_enumerate_options;

/*
 * Compare the image sets of "a" and "b" at every point of "shape" in
 * row-major order, on "opt->walk.jobs" threads.  "*verdict": TRUE when all agree;
 * FALSE with the first differing point's row-major index in "*flat" (the
 * same for any number of threads); UNKNOWN when the clock passes the
 * deadline first, with the points checked in "*flat".  0, or -1 on an error.
 */
int axe_enumerate_equal(const axe_equal_side *a, const axe_equal_side *b,
			const axe_shape *shape, const axe_axis_union *u,
			const axe_enumerate_options *opt, enum axe_verdict *verdict,
			int64_t *flat, axe_error *err);

/* Seconds on a monotonic clock. */
double axe_clock(void);

#endif
