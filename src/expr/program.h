/*
 * program.h: index expressions compiled for whole-domain enumeration.
 *
 * Checking a layout against a kernel's index arithmetic walks every point of
 * the domain in row-major order.  Interpreting the expression trees per
 * point costs a division per `/` and `%` and a tree walk per node; a program
 * instead evaluates blocks of consecutive points: every node that does not
 * depend on the innermost dimensions is computed once per block as a scalar
 * (loop-invariant hoisting), the others as vectors over the block with loops
 * the compiler can vectorize, and divisions by a constant or by a
 * block-invariant divisor become shifts, masks or a multiplication by a
 * reciprocal (Granlund and Montgomery, "Division by invariant integers
 * using multiplication", PLDI 1994, Theorem 4.2) where the dividend's range
 * allows.  Values equal axe_expr_eval() at every point (floor semantics).
 */
#ifndef AXE_EXPR_PROGRAM_H
#define AXE_EXPR_PROGRAM_H

#include <stddef.h>
#include <stdint.h>

#include "expr.h"

#define AXE_EXPR_BATCH 256 /* points of one block */

typedef struct axe_expr_program axe_expr_program;

/*
 * A program computing the "n" expressions "exprs" at the points of "shape", variable d being coordinate d (d < rank,
 * the shape's rank).  The expressions must use no other variable and be
 * bounded (defined on the whole shape), as the `expr:` parser guarantees.
 * Positioned at point 0.  NULL with "err" set on no memory.
 */
axe_expr_program *axe_expr_program_new(const axe_expr *const *exprs, size_t n,
				       const axe_shape *shape, axe_error *err);
void axe_expr_program_free(axe_expr_program *p);

/* Move to the point with row-major index "flat" (a few divisions). */
void axe_expr_program_seek(axe_expr_program *p, int64_t flat);

/*
 * Points from the current one before a block must end: up to the next
 * change of a hoisted coordinate, at most AXE_EXPR_BATCH.
 */
size_t axe_expr_program_room(const axe_expr_program *p);

/*
 * The values of the "count" points from the current one (count at most
 * axe_expr_program_room()): expression k's values are out[k][0, count),
 * pointing into the program's own buffers (valid until the next call).
 * Then moves on by "count" points.
 */
void axe_expr_program_run(axe_expr_program *p, size_t count, const int64_t **out);

#endif
