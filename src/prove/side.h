/*
 * side.h: what the routes of equal.c share about the two operands: the
 * union of their axes (A's in order, then those only B names; an axis a
 * layout does not name is 0 there) and direct evaluation of one operand at
 * a point into rows over that union (semantics.md "Layout, domain, forward
 * map"; spec-format.md for `expr:` layouts).
 */
#ifndef AXE_PROVE_SIDE_H
#define AXE_PROVE_SIDE_H

#include "../core/eval.h"
#include "prove.h"

typedef struct axe_axis_union {
	size_t n;
	char **name;  /* borrowed from the operands */
	int *map[2];  /* per operand: its axis index -> union index */
} axe_axis_union;

int axe_axis_union_init(axe_axis_union *u, const axe_equal_side *a, const axe_equal_side *b,
			axe_error *err);
void axe_axis_union_release(axe_axis_union *u);

/* Number of axes of an operand, and the name of one. */
size_t axe_side_naxes(const axe_equal_side *s);
const char *axe_side_axis(const axe_equal_side *s, size_t axis);

/* The number of points of an operand (0 after an error). */
int64_t axe_side_size(const axe_equal_side *s, axe_error *err);

/* An operand prepared for direct evaluation at any point of "shape". */
typedef struct axe_side_eval {
	const axe_equal_side *side;
	const int *map;       /* its axis -> union index */
	size_t nunion;
	axe_evaluator ev;     /* S/R/O layouts, on "shape" */
	bool has_ev;
	size_t max_images;    /* rows one point can have */
	int64_t *native;      /* scratch: images in the operand's own axes */
	int64_t *scratch;     /* scratch: coordinates and variable values */
} axe_side_eval;

int axe_side_eval_init(axe_side_eval *se, const axe_equal_side *side, const axe_shape *shape,
		       const int *map, size_t nunion, axe_error *err);
void axe_side_eval_release(axe_side_eval *se);

/*
 * The images of the point with row-major index "flat", as sorted distinct
 * rows of "nunion" values into "out" (room for max_images rows); the count.
 */
size_t axe_side_eval_point(axe_side_eval *se, int64_t flat, int64_t *out);

/* Sort "n" rows of "width" values and drop repeats; the count kept. */
size_t axe_rows_normalize(int64_t *rows, size_t n, size_t width);

#endif
