/*
 * z3.h: the Z3 SMT solver behind an interface that speaks index
 * expressions (prove/z3.c is the only file that includes <z3.h>).
 *
 * A query asks whether two lists of per-axis expressions can differ for some
 * values of the variables in their ranges (semantics.md "Equality" and "What
 * was measured here about Z3").  Bit-vector encoding: one width for every
 * term, wide enough for the largest intermediate value that interval
 * analysis finds, so nothing wraps; integer encoding: floor division and
 * modulo built from Z3's Euclidean ones.  A fresh solver per query.
 */
#ifndef AXE_PROVE_Z3_H
#define AXE_PROVE_Z3_H

#include <stdbool.h>
#include <stddef.h>

#include "../axe.h"
#include "../expr/simplify.h"

typedef struct axe_z3 axe_z3; /* one Z3 context, created on the first query */

axe_z3 *axe_z3_new(void);
void axe_z3_free(axe_z3 *z);

enum axe_z3_encoding {
	AXE_Z3_BITVECTOR,
	AXE_Z3_INTEGER,
};

/*
 * One side of the query: "lhs" (naxes expressions) differs from every row of
 * "rhs" (ninst rows of naxes expressions).  With replica variables, lhs holds
 * one layout's symbolic replica and rhs the other's replica instantiated at
 * each combination: lhs's image is missing from the other set.
 */
typedef struct axe_z3_side {
	const axe_expr *const *lhs;
	const axe_expr *const *rhs;
	size_t ninst;
} axe_z3_side;

typedef struct axe_z3_query {
	const axe_expr_ctx *ctx;  /* the variables and their ranges */
	size_t naxes;
	const axe_z3_side *side;  /* the query holds when some side holds */
	size_t nsides;
	enum axe_z3_encoding encoding;
	double timeout;           /* seconds; 0: none */
} axe_z3_query;

/*
 * Whether the query is unsatisfiable: TRUE (no values make a side hold:
 * the maps agree), FALSE with a model (every variable's value into "model",
 * ctx->nvars entries), or UNKNOWN with the reason in "reason" (timeout,
 * an operator the encoding lacks, a Z3 error).
 */
enum axe_verdict axe_z3_check(axe_z3 *z, const axe_z3_query *q, int64_t *model,
			      char *reason, size_t size);

/* True when the integer encoding can express "e" (no bitwise operators). */
bool axe_z3_integer_ok(const axe_expr *e);

/* A prover for the simplifier (simplify.h), backed by "z" with a 2 s limit per condition. */
axe_expr_prover axe_z3_prover(axe_z3 *z);

#endif
