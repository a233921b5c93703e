/*
 * cuda_index.c: the forward index functions of a layout and their proof
 * (cuda.h: "every emitted index expression is proved equal to the
 * layout before it is printed").
 *
 * The expressions are the layout's per-axis expressions (expr/from_layout.c,
 * the TIRx layout page, "Forward mapping") simplified with the ranges of
 * the coordinates and replica digits (LEGO paper, section IV.A), with Z3 deciding
 * the side conditions interval analysis cannot.
 *
 * The proof goes through prove/ (enumeration for small domains, Z3 above).
 * It is per digit, stronger than the set equality of check-equal: the
 * replica iters are made the outermost shard iters of a layout over the
 * shape (R..., S...), so its value at (r, i) is D(i) + O + sum r_t*s_t, the
 * exact value the function returns for those arguments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../expr/expr_layout.h"
#include "../expr/from_layout.h"
#include "../expr/simplify.h"
#include "../prove/prove.h"
#include "../prove/z3.h"
#include "cuda.h"
#include "cuda_private.h"

void axe_cuda_index_release(axe_cuda_index *ix)
{
	axe_layout_free(ix->layout);
	free(ix->replica_extent);
	axe_expr_ctx_free(ix->ctx);
	free(ix->forward);
	free(ix->inverse);
	free(ix->lo);
	free(ix->hi);
	memset(ix, 0, sizeof(*ix));
}

/*
 * The values axis "a" of "L" takes, into "*lo" and "*hi", swizzle applied
 * (axe_layout_image_range).  -1 when a swizzled range left 64 bits.
 */
static int physical_range(const axe_layout *L, size_t a, int64_t *lo, int64_t *hi)
{
	if (axe_layout_image_range(L, (int)a, lo, hi) || !L->swizzle.present)
		return 0;
	return *lo == INT64_MIN || *hi == INT64_MAX ? -1 : 0;
}

int axe_cuda_index_add_variables(axe_cuda_index *ix)
{
	char name[32];
	bool failed = false;

	for (size_t t = 0; t < ix->nreplica; t++) {
		snprintf(name, sizeof(name), "r%zu", t);
		failed |= axe_expr_ctx_add_var(ix->ctx, name, 0, ix->replica_extent[t] - 1) < 0;
	}
	for (size_t d = 0; d < ix->rank; d++) {
		snprintf(name, sizeof(name), "i%zu", d);
		failed |= axe_expr_ctx_add_var(ix->ctx, name, 0, ix->shape.dim[d] - 1) < 0;
	}
	for (size_t a = 0; a < ix->naxes; a++) {
		if (ix->layout && physical_range(ix->layout, a, &ix->lo[a], &ix->hi[a]) < 0)
			return -2;
		char *param = axe_cuda_param_name(ix->axis[a]);
		failed |= !param || axe_expr_ctx_add_var(ix->ctx, param, ix->lo[a], ix->hi[a]) < 0;
		free(param);
	}
	return failed ? -1 : 0;
}

/* Simplified forward expressions into ix->forward; -1 on no memory. */
static int build_forward(axe_cuda_index *ix, const axe_expr_prover *prover)
{
	const axe_expr **coord = calloc(ix->rank + 1, sizeof(*coord));
	const axe_expr **rep = calloc(ix->nreplica + 1, sizeof(*rep));
	int r = -1;

	if (!coord || !rep)
		goto out;
	for (size_t d = 0; d < ix->rank; d++)
		coord[d] = axe_expr_var(ix->ctx, axe_cuda_var_coord(ix, d));
	for (size_t t = 0; t < ix->nreplica; t++)
		rep[t] = axe_expr_var(ix->ctx, axe_cuda_var_replica(ix, t));
	if (axe_expr_from_layout(ix->ctx, ix->layout, &ix->shape, coord, rep, ix->forward) < 0)
		goto out;
	r = 0;
	for (size_t a = 0; a < ix->naxes; a++)
		if (!(ix->forward[a] = axe_expr_simplify(ix->ctx, ix->forward[a], prover, NULL)))
			r = -1;
out:
	free(coord);
	free(rep);
	return r;
}

int axe_cuda_index_build(axe_cuda_index *ix, const axe_layout *layout, const axe_shape *shape,
			 const char *name, double timeout, axe_error *err)
{
	axe_z3 *z = NULL;
	axe_expr_prover prover;
	int r = -1;

	memset(ix, 0, sizeof(*ix));
	snprintf(ix->name, sizeof(ix->name), "%s", name);
	ix->shape = *shape;
	ix->rank = shape->rank;
	if (layout->nreplica + shape->rank > AXE_MAX_RANK)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0, "the layout has %zu replica iters "
				     "and %zu dimensions; index functions take at most %d arguments",
				     layout->nreplica, shape->rank, AXE_MAX_RANK);
	ix->layout = axe_layout_dup(layout);
	ix->ctx = axe_expr_ctx_new();
	if (!ix->layout || !ix->ctx)
		goto nomem;
	ix->nreplica = layout->nreplica;
	ix->naxes = layout->naxes;
	ix->axis = (const char *const *)ix->layout->axis;
	ix->forward = calloc(ix->naxes + 1, sizeof(*ix->forward));
	ix->lo = calloc(ix->naxes + 1, sizeof(*ix->lo));
	ix->hi = calloc(ix->naxes + 1, sizeof(*ix->hi));
	ix->replica_extent = calloc(ix->nreplica + 1, sizeof(int64_t));
	if (!ix->forward || !ix->lo || !ix->hi || !ix->replica_extent)
		goto nomem;
	for (size_t t = 0; t < ix->nreplica; t++)
		ix->replica_extent[t] = layout->replica[t].extent;
	switch (axe_cuda_index_add_variables(ix)) {
	case -2:
		axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0, "swizzled addresses of the layout "
			      "leave the signed 64-bit range");
		goto out;
	case -1:
		goto nomem;
	}
	if (!(z = axe_z3_new()))
		goto nomem;
	prover = axe_z3_prover(z);
	if (build_forward(ix, &prover) < 0 || ix->ctx->nomem)
		goto nomem;
	if (axe_cuda_prove_forward(ix, timeout, &ix->forward_proof, err) < 0)
		goto out;
	if (ix->forward_proof.verdict == AXE_VERDICT_TRUE &&
	    axe_cuda_inverse_build(ix, &prover, timeout, err) < 0)
		goto out;
	r = 0;
	goto out;
nomem:
	axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
out:
	axe_z3_free(z);
	return r;
}

/* "L" with its replica iters made the outermost shard iters (one digit each). */
static axe_layout *digit_layout(const axe_layout *L)
{
	axe_layout *P = axe_layout_dup(L);

	if (!P)
		return NULL;
	P->nshard = 0;
	P->nreplica = 0;
	for (size_t t = 0; t < L->nreplica; t++)
		if (axe_layout_push_shard(P, L->replica[t].extent, L->replica[t].stride,
					  L->replica[t].axis) < 0)
			goto error;
	for (size_t k = 0; k < L->nshard; k++)
		if (axe_layout_push_shard(P, L->shard[k].extent, L->shard[k].stride,
					  L->shard[k].axis) < 0)
			goto error;
	return P;
error:
	axe_layout_free(P);
	return NULL;
}

axe_shape axe_cuda_digit_shape(const axe_cuda_index *ix)
{
	axe_shape s = { 0 };

	for (size_t t = 0; t < ix->nreplica; t++)
		s.dim[s.rank++] = ix->replica_extent[t];
	for (size_t d = 0; d < ix->rank; d++)
		s.dim[s.rank++] = ix->shape.dim[d];
	return s;
}

int axe_cuda_prove_forward(const axe_cuda_index *ix, double timeout, axe_cuda_proof *out,
			   axe_error *err)
{
	axe_shape shape = axe_cuda_digit_shape(ix);
	axe_layout *P = digit_layout(ix->layout);
	axe_expr_layout *E = NULL;
	const char **names = calloc(ix->naxes + 1, sizeof(*names));
	int r = -1;

	if (!P || !names) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (size_t a = 0; a < ix->naxes; a++)
		names[a] = ix->axis[a];
	E = axe_cuda_proof_layout(ix, &shape, names, ix->forward, ix->naxes, NULL, err);
	if (E)
		r = axe_cuda_prove(P, E, &shape, timeout, ix->nreplica ? "combinations of "
				   "coordinates and replica digits" : "points", out, err);
out:
	axe_expr_layout_free(E);
	axe_layout_free(P);
	free(names);
	return r;
}

/* Copy tree "e" of another context into "to", variable k becoming "by[k]". */
const axe_expr *axe_cuda_import(axe_expr_ctx *to, const axe_expr *e, const axe_expr *const *by)
{
	if (e->op == AXE_EXPR_CONST)
		return axe_expr_const(to, e->value);
	if (e->op == AXE_EXPR_VAR)
		return by[e->value];
	return axe_expr_binary(to, e->op, axe_cuda_import(to, e->a, by),
			       axe_cuda_import(to, e->b, by));
}

axe_expr_layout *axe_cuda_proof_layout(const axe_cuda_index *ix, const axe_shape *shape,
				       const char *const *axis, const axe_expr *const *expr,
				       size_t naxes, const axe_expr *const *by_axis,
				       axe_error *err)
{
	axe_expr_layout *E = calloc(1, sizeof(*E));
	const axe_expr **by = calloc(ix->ctx->nvars + 1, sizeof(*by));
	size_t nfree = ix->nreplica + ix->rank;

	if (!E || !by || !(E->ctx = axe_expr_ctx_new()))
		goto nomem;
	E->shape = *shape;
	E->rank = shape->rank;
	E->nimages = 1;
	E->naxes = naxes;
	E->axis = calloc(naxes + 1, sizeof(*E->axis));
	E->expr = calloc(naxes + 1, sizeof(*E->expr));
	if (!E->axis || !E->expr)
		goto nomem;
	/* The coordinates of "shape" are ix's first variables, in the same order. */
	for (size_t v = 0; v < nfree; v++)
		by[v] = axe_expr_var(E->ctx, axe_expr_ctx_add_var(E->ctx, ix->ctx->var[v].name,
								 ix->ctx->var[v].lo,
								 ix->ctx->var[v].hi));
	for (size_t a = 0; by_axis && a < ix->naxes; a++)
		by[nfree + a] = axe_cuda_import(E->ctx, by_axis[a], by);
	for (size_t a = 0; a < naxes; a++) {
		E->axis[a] = strdup(axis[a]);
		E->expr[a] = axe_cuda_import(E->ctx, expr[a], by);
		if (!E->axis[a] || !E->expr[a])
			goto nomem;
	}
	if (E->ctx->nomem)
		goto nomem;
	free(by);
	return E;
nomem:
	axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	free(by);
	axe_expr_layout_free(E);
	return NULL;
}

/* "r0 = 1, i0 = 2, i1 = 9": the point of a counterexample, named by "E"'s variables. */
static void format_point(const axe_equal_result *res, const axe_expr_layout *E, char *buf,
			 size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t d = 0; d < res->shape.rank && n < size; d++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s = %lld", d ? ", " : "",
				      E->ctx->var[d].name, (long long)res->coord[d]);
}

/* axe_cuda_prove() of "E" against side "a" (a layout or an `expr:` layout). */
static int prove_side(const axe_equal_side *side, const axe_expr_layout *E,
		      const axe_shape *shape, double timeout, const char *what,
		      axe_cuda_proof *out, axe_error *err)
{
	axe_equal_side a = *side, b = { NULL, E, *shape, true };
	axe_equal_options opt = { .method = AXE_METHOD_AUTO, .timeout = timeout };
	axe_equal_result res;
	char point[256];

	if (axe_prove_equal(&a, &b, &opt, &res, err) < 0)
		return -1;
	out->verdict = res.verdict;
	if (res.verdict == AXE_VERDICT_TRUE && res.method == AXE_METHOD_ENUM && res.points == 1)
		snprintf(out->how, sizeof(out->how), "its one point enumerated");
	else if (res.verdict == AXE_VERDICT_TRUE && res.method == AXE_METHOD_ENUM)
		snprintf(out->how, sizeof(out->how), "all %lld %s enumerated",
			 (long long)res.points, what);
	else if (res.verdict == AXE_VERDICT_TRUE)
		snprintf(out->how, sizeof(out->how), "Z3 (%s encoding) over all %lld %s",
			 res.encoding ? res.encoding : "bit-vector", (long long)res.points, what);
	else if (res.verdict == AXE_VERDICT_FALSE && res.has_counterexample) {
		format_point(&res, E, point, sizeof(point));
		snprintf(out->how, sizeof(out->how), "they differ at %s", point);
	} else
		snprintf(out->how, sizeof(out->how), "%s", res.reason);
	axe_equal_result_release(&res);
	return 0;
}

int axe_cuda_prove(const axe_layout *P, const axe_expr_layout *E, const axe_shape *shape,
		   double timeout, const char *what, axe_cuda_proof *out, axe_error *err)
{
	axe_equal_side a = { P, NULL, *shape, true };

	return prove_side(&a, E, shape, timeout, what, out, err);
}

int axe_cuda_prove_exprs(const axe_expr_layout *D, const axe_expr_layout *E,
			 const axe_shape *shape, double timeout, const char *what,
			 axe_cuda_proof *out, axe_error *err)
{
	axe_equal_side a = { NULL, D, *shape, true };

	return prove_side(&a, E, shape, timeout, what, out, err);
}
