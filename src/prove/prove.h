/*
 * prove.h: deciding whether two layouts induce the same map (semantics.md
 * "Equality"): L_A(x) = L_B(x) as sets for every point x, axes a layout
 * does not name counting as 0, after checking that both have the same
 * number of points.  Points are compared by row-major position, so the two
 * layouts may be given on different admitted shapes.
 *
 * The route: identical canonical forms (Axe paper, Theorem A.2: canonical
 * forms are a sufficient witness of equality) -> enumeration of every point
 * -> a Z3 query over the symbolic index expressions.  A counterexample is
 * always re-checked by direct evaluation before it is reported, and
 * different canonical forms alone never make an answer "not equal".
 */
#ifndef AXE_PROVE_PROVE_H
#define AXE_PROVE_PROVE_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/layout.h"
#include "../core/parallel.h"
#include "../expr/expr_layout.h"

/* METHOD(name, text): the routes `--method` may force. */
#define AXE_EQUAL_METHODS(METHOD) \
	METHOD(AUTO, "auto")      \
	METHOD(CANON, "canon")    \
	METHOD(ENUM, "enum")      \
	METHOD(SMT, "smt")

enum axe_equal_method {
#define METHOD(name, text) AXE_METHOD_##name,
	AXE_EQUAL_METHODS(METHOD)
#undef METHOD
};

const char *axe_equal_method_name(enum axe_equal_method method);

/* The method called "name", or -1. */
int axe_equal_method_lookup(const char *name);

/*
 * The automatic route enumerates domains of at most AXE_ENUM_AUTO_LIMIT
 * points (below it enumeration beats starting Z3).  Above, it asks Z3 over
 * bit-vectors, unless the index expressions divide by numbers that are not
 * powers of two (bit-vector division is slow there): then Z3 gets a short
 * try with integers.  When Z3 gives up, the domain is enumerated if that
 * fits in the time left: always up to AXE_ENUM_HARD_LIMIT points; above,
 * when the speed measured on the first AXE_ENUM_PROBE_POINTS points (times
 * the threads) finishes the domain in half of the time left, or in
 * AXE_ENUM_UNTIMED_SECONDS without a time limit.
 */
#define AXE_ENUM_AUTO_LIMIT ((int64_t)1 << 16)
#define AXE_ENUM_HARD_LIMIT ((int64_t)1 << 24)
#define AXE_ENUM_PROBE_POINTS ((int64_t)1 << 18)
#define AXE_ENUM_UNTIMED_SECONDS 60.0

/* Replica combinations Z3 instantiates on one side (each copies the expressions). */
#define AXE_SMT_MAX_INSTANCES 256

/* One operand: a layout in S/R/O form, or an `expr:` layout. */
typedef struct axe_equal_side {
	const axe_layout *layout;     /* or NULL */
	const axe_expr_layout *expr;  /* or NULL */
	axe_shape shape;              /* its logical shape */
	bool shape_given;             /* given by the user or the spec, not defaulted */
} axe_equal_side;

typedef struct axe_equal_options {
	enum axe_equal_method method;
	double timeout;               /* seconds for the whole check; 0: no limit */
	axe_walk_options walk;        /* enumeration: threads, progress */
} axe_equal_options;

typedef struct axe_equal_result {
	enum axe_verdict verdict;
	enum axe_equal_method method; /* the route that answered (or gave up) */
	const char *encoding;         /* for SMT: "bit-vector" or "integer" */
	int64_t points;               /* A's points */
	double seconds;               /* the answering route's time (Z3: context included) */
	char reason[320];             /* UNKNOWN: why; FALSE without a counterexample: why */
	char note[320];               /* how the answer was reached, when worth saying, or "" */
	bool has_counterexample;
	axe_shape shape;              /* the shape the coordinate is in: A's, or B's */
	int64_t coord[AXE_MAX_RANK];
	size_t naxes;                 /* both layouts' axes: A's order, then B's others */
	char **axis;
	size_t na, nb;                /* images of A and of B at "coord" */
	int64_t *a_images, *b_images; /* rows of naxes values */
} axe_equal_result;

void axe_equal_result_release(axe_equal_result *res);

/*
 * Decide whether "a" and "b" induce the same map, by "opt->method".  0 with
 * "res" filled (its verdict: TRUE equal, FALSE not equal, UNKNOWN
 * undecided), or -1 on an error (no memory, an overflow).
 */
int axe_prove_equal(const axe_equal_side *a, const axe_equal_side *b,
		    const axe_equal_options *opt, axe_equal_result *res, axe_error *err);

#endif
