/*
 * symbolic.h: the Z3 route of check-equal.  Both operands become simplified
 * index expressions (expr/) over the coordinates of one shape and their own
 * replica variables, and z3.c looks for a point where the image sets differ.
 */
#ifndef AXE_PROVE_SYMBOLIC_H
#define AXE_PROVE_SYMBOLIC_H

#include "side.h"
#include "z3.h"

typedef struct axe_symbolic {
	axe_expr_ctx *ctx;
	size_t rank;                   /* coordinate variables: [0, rank) */
	size_t nunion;                 /* axes: the union of both operands' */
	const axe_expr **expr[2];      /* per operand: nunion expressions, replicas symbolic */
	const axe_expr **inst[2];      /* per operand: ninst rows, replicas instantiated */
	size_t ninst[2];
	bool replicas;                 /* some operand has replica variables */
	bool too_many;                 /* more than AXE_SMT_MAX_INSTANCES combinations */
	bool slow_division;            /* a / or % by something not a power of two */
	bool integer_ok;               /* no replicas and no bitwise operators */
} axe_symbolic;

/* Build the expressions of "a" and "b" over the coordinates of "shape". 0 or -1. */
int axe_symbolic_init(axe_symbolic *s, const axe_equal_side *a, const axe_equal_side *b,
		      const axe_shape *shape, const axe_axis_union *u, axe_error *err);
void axe_symbolic_release(axe_symbolic *s);

/*
 * Ask Z3 in "encoding" (integers: one query per axis) with "timeout"
 * seconds: TRUE equal, FALSE with the coordinates of a differing point in
 * "coord", UNKNOWN with "reason".
 */
enum axe_verdict axe_symbolic_check(const axe_symbolic *s, axe_z3 *z,
				    enum axe_z3_encoding encoding, double timeout,
				    int64_t *coord, char *reason, size_t size);

#endif
