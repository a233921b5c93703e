/*
 * cuda_index_expr.c: the index functions of an `expr:` layout (cuda.h,
 * axe_cuda_index_build_expr): a layout with no S/R/O form (a Triton layout
 * whose bases mix bits, a LEGO GenP, a spec's index expressions) already
 * is one expression per axis.  Its replica variables become the replica
 * digit arguments r0.., its logical variables the coordinates i0..; the
 * expressions are simplified as a layout's are (LEGO paper, section IV.A,
 * with Z3 for side conditions) and the result is proved equal to the
 * layout's own expressions at every coordinate and digit (prove/).  There
 * are no iters to solve, so no inverse is built.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../expr/simplify.h"
#include "../prove/z3.h"
#include "cuda_private.h"

/* The layout's expressions in ix->ctx's variables, into "raw"; -1 on no memory. */
static int import_expressions(axe_cuda_index *ix, const axe_expr **raw)
{
	const axe_expr_layout *L = ix->expr;
	const axe_expr **by = calloc(L->ctx->nvars + 1, sizeof(*by));

	if (!by)
		return -1;
	/* L's variables: coordinates [0, rank), then replica variables. */
	for (size_t d = 0; d < ix->rank; d++)
		by[d] = axe_expr_var(ix->ctx, axe_cuda_var_coord(ix, d));
	for (size_t t = 0; t < ix->nreplica; t++)
		by[ix->rank + t] = axe_expr_var(ix->ctx, axe_cuda_var_replica(ix, t));
	for (size_t a = 0; a < ix->naxes; a++)
		raw[a] = axe_cuda_import(ix->ctx, L->expr[a], by);
	free(by);
	return ix->ctx->nomem ? -1 : 0;
}

/* Prove ix->forward equal to "raw" at every coordinate and digit, into ix->forward_proof. */
static int prove(axe_cuda_index *ix, const axe_expr **raw, double timeout, axe_error *err)
{
	axe_shape shape = axe_cuda_digit_shape(ix);
	axe_expr_layout *D = axe_cuda_proof_layout(ix, &shape, ix->axis, raw, ix->naxes, NULL, err);
	axe_expr_layout *E = D ? axe_cuda_proof_layout(ix, &shape, ix->axis, ix->forward,
						       ix->naxes, NULL, err) : NULL;
	int r = E ? axe_cuda_prove_exprs(D, E, &shape, timeout, ix->nreplica ? "combinations "
					 "of coordinates and replica digits" : "points",
					 &ix->forward_proof, err) : -1;

	axe_expr_layout_free(D);
	axe_expr_layout_free(E);
	return r;
}

/* Allocate the arrays of "ix" for "L"; -1 on no memory. */
static int prepare(axe_cuda_index *ix, const axe_expr_layout *L)
{
	ix->expr = L;
	ix->shape = L->shape;
	ix->rank = L->rank;
	ix->nreplica = L->nreplica;
	ix->naxes = L->naxes;
	ix->axis = (const char *const *)L->axis;
	ix->ctx = axe_expr_ctx_new();
	ix->forward = calloc(ix->naxes + 1, sizeof(*ix->forward));
	ix->lo = calloc(ix->naxes + 1, sizeof(*ix->lo));
	ix->hi = calloc(ix->naxes + 1, sizeof(*ix->hi));
	ix->replica_extent = calloc(ix->nreplica + 1, sizeof(int64_t));
	if (!ix->ctx || !ix->forward || !ix->lo || !ix->hi || !ix->replica_extent)
		return -1;
	for (size_t t = 0; t < ix->nreplica; t++)
		ix->replica_extent[t] = L->ctx->var[L->rank + t].hi + 1;
	/* The parser bounded every expression: its interval holds every image. */
	for (size_t a = 0; a < ix->naxes; a++) {
		ix->lo[a] = L->expr[a]->lo;
		ix->hi[a] = L->expr[a]->hi;
	}
	return axe_cuda_index_add_variables(ix) < 0 ? -1 : 0;
}

int axe_cuda_index_build_expr(axe_cuda_index *ix, const axe_expr_layout *layout,
			      const char *name, double timeout, axe_error *err)
{
	const axe_expr **raw = NULL;
	axe_expr_prover prover;
	axe_z3 *z = NULL;
	int r = -1;

	memset(ix, 0, sizeof(*ix));
	snprintf(ix->name, sizeof(ix->name), "%s", name);
	if (layout->nreplica + layout->rank > AXE_MAX_RANK)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0, "the layout has %zu replica "
				     "variables and %zu dimensions; index functions take at most "
				     "%d arguments", layout->nreplica, layout->rank, AXE_MAX_RANK);
	if (prepare(ix, layout) < 0 || !(raw = calloc(ix->naxes + 1, sizeof(*raw))) ||
	    import_expressions(ix, raw) < 0 || !(z = axe_z3_new()))
		goto nomem;
	prover = axe_z3_prover(z);
	for (size_t a = 0; a < ix->naxes; a++)
		if (!(ix->forward[a] = axe_expr_simplify(ix->ctx, raw[a], &prover, NULL)))
			goto nomem;
	if (prove(ix, raw, timeout, err) < 0)
		goto out;
	ix->inverse_proof.verdict = AXE_VERDICT_UNKNOWN;
	snprintf(ix->inverse_proof.how, sizeof(ix->inverse_proof.how),
		 "an expr: layout has no iters to solve for a coordinate");
	r = 0;
	goto out;
nomem:
	axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
out:
	axe_z3_free(z);
	free(raw);
	return r;
}
