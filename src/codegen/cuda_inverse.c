/*
 * cuda_inverse.c: the inverse index function of a layout (cuda.h): from a
 * physical point back to the logical point (and replica digits) whose
 * image it is, as expressions, and the proof that it inverts the forward
 * functions.
 *
 * The digits are solved axis by axis as in semantics.md "Backward map":
 * where an axis' iters are separable (each |stride| exceeds what the
 * smaller ones reach) the value v = sum c_k*|s_k| (after undoing the
 * swizzle, an involution, the offset, and flipping negative strides:
 * c' = e-1-c) determines each digit by mixed-radix division, largest
 * stride first.  Separable axes make the map from (point, replica digits)
 * to the physical point injective, so the inverse is a function.  Without
 * separability no inverse is emitted and the file says why.
 *
 * The printed function also guards its arguments' ranges and confirms the
 * answer with the forward functions, so it returns true exactly for images.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../expr/from_layout.h"
#include "cuda_private.h"

/* Levels of digits recovered by subtraction on one axis (trees double per level). */
#define MAX_GREEDY_LEVELS 8

/* One digit of an axis: an iter of extent > 1. */
typedef struct digit {
	int64_t extent, stride;
	size_t slot; /* shard iter k, or nshard + t for replica iter t */
} digit;

static int by_stride_desc(const void *pa, const void *pb)
{
	const digit *a = pa, *b = pb;
	int64_t sa = a->stride < 0 ? -a->stride : a->stride;
	int64_t sb = b->stride < 0 ? -b->stride : b->stride;

	if (sa != sb)
		return sa > sb ? -1 : 1;
	return a->slot < b->slot ? -1 : a->slot > b->slot;
}

/* The digits of axis "a" of "L", sorted by |stride|, largest first; their count. */
static size_t axis_digits(const axe_layout *L, int a, digit *out)
{
	size_t n = 0;

	for (size_t k = 0; k < L->nshard; k++)
		if (L->shard[k].axis == a && L->shard[k].extent > 1)
			out[n++] = (digit){ L->shard[k].extent, L->shard[k].stride, k };
	for (size_t t = 0; t < L->nreplica; t++)
		if (L->replica[t].axis == a && L->replica[t].extent > 1)
			out[n++] = (digit){ L->replica[t].extent, L->replica[t].stride,
					    L->nshard + t };
	qsort(out, n, sizeof(*out), by_stride_desc);
	return n;
}

/*
 * Whether the "n" sorted digits of axis "name" are separable; if not, why,
 * into "why".  The sums stay below the axis span, which a validated layout
 * keeps inside 64 bits.
 */
static bool separable(const digit *d, size_t n, const char *name, char *why, size_t size)
{
	int64_t reach = 0;

	for (size_t k = n; k-- > 0;) {
		int64_t s = d[k].stride < 0 ? -d[k].stride : d[k].stride;
		if (s == 0) {
			snprintf(why, size, "on axis '%s' an iter of extent %lld has stride 0, so "
				 "points share coordinates", name, (long long)d[k].extent);
			return false;
		}
		if (s <= reach) {
			snprintf(why, size, "on axis '%s' a stride of %lld does not exceed %lld, what "
				 "the smaller strides reach, so its digits cannot be told apart by "
				 "division", name, (long long)s, (long long)reach);
			return false;
		}
		reach += (d[k].extent - 1) * s;
	}
	return true;
}

/* True when each sorted |stride| divides the one before it. */
static bool divisible_chain(const digit *d, size_t n)
{
	for (size_t k = 1; k < n; k++) {
		int64_t big = d[k - 1].stride < 0 ? -d[k - 1].stride : d[k - 1].stride;
		int64_t small = d[k].stride < 0 ? -d[k].stride : d[k].stride;
		if (big % small != 0)
			return false;
	}
	return true;
}

static const axe_expr *c(axe_expr_ctx *ctx, int64_t v)
{
	return axe_expr_const(ctx, v);
}

static const axe_expr *bin(axe_expr_ctx *ctx, enum axe_expr_op op, const axe_expr *a,
			   const axe_expr *b)
{
	return axe_expr_binary(ctx, op, a, b);
}

/*
 * The digits of axis "a" as expressions of its variable, into "out" (by
 * slot).  v = p - (O + sum over negative strides of (e-1)*s) is
 * sum c'_k*|s_k| with c'_k = c_k (positive stride) or e-1-c_k; on a
 * divisible chain c'_k = ((v % |s_(k-1)|) / |s_k|) % e_k, otherwise the
 * larger digits are subtracted first.  -1 when too many subtractions
 * would be needed ("why" says so).
 */
static int solve_axis(axe_cuda_index *ix, int a, const digit *d, size_t n,
		      const axe_expr **out, char *why, size_t size)
{
	axe_expr_ctx *ctx = ix->ctx;
	const axe_layout *L = ix->layout;
	const axe_expr *v = axe_expr_var(ctx, axe_cuda_var_axis(ix, (size_t)a));
	int64_t base = L->offset[a];
	bool chain = divisible_chain(d, n);

	if (!chain && n > MAX_GREEDY_LEVELS) {
		snprintf(why, size, "axis '%s' has %zu digits whose strides do not divide each "
			 "other; the inverse would be too long", L->axis[a], n);
		return -1;
	}
	if (L->swizzle.present && strcmp(L->axis[a], "m") == 0)
		v = axe_expr_swizzle(ctx, &L->swizzle, v); /* swz is its own inverse */
	for (size_t k = 0; k < n; k++)
		if (d[k].stride < 0)
			base += (d[k].extent - 1) * d[k].stride; /* lowest reach: inside 64 bits */
	v = bin(ctx, AXE_EXPR_SUB, v, c(ctx, base));
	for (size_t k = 0; k < n; k++) {
		int64_t s = d[k].stride < 0 ? -d[k].stride : d[k].stride;
		const axe_expr *rem = v, *dk;
		if (chain && k > 0)
			rem = bin(ctx, AXE_EXPR_MOD, v, c(ctx, d[k - 1].stride < 0 ? -d[k - 1].stride
									 : d[k - 1].stride));
		dk = bin(ctx, AXE_EXPR_MOD, bin(ctx, AXE_EXPR_DIV, rem, c(ctx, s)),
			 c(ctx, d[k].extent));
		if (!chain)
			v = bin(ctx, AXE_EXPR_SUB, v, axe_expr_mul(ctx, dk, c(ctx, s)));
		out[d[k].slot] = d[k].stride > 0 ? dk
			       : bin(ctx, AXE_EXPR_SUB, c(ctx, d[k].extent - 1), dk);
	}
	return 0;
}

/*
 * The inverse expressions from the digits ("digits", by slot): the
 * coordinates from the row-major index sum c_k * (product of the later
 * extents), then the replica digits; simplified.
 */
static int coordinates(axe_cuda_index *ix, const axe_expr **digits,
		       const axe_expr_prover *prover)
{
	axe_expr_ctx *ctx = ix->ctx;
	const axe_layout *L = ix->layout;
	const axe_expr *flat = c(ctx, 0);
	int64_t suffix = 1;

	for (size_t k = L->nshard; k-- > 0;) {
		flat = axe_expr_add(ctx, flat, axe_expr_mul(ctx, digits[k], c(ctx, suffix)));
		suffix *= L->shard[k].extent; /* divides the validated size */
	}
	suffix = 1;
	for (size_t dim = ix->rank; dim-- > 0;) {
		ix->inverse[dim] = bin(ctx, AXE_EXPR_MOD, bin(ctx, AXE_EXPR_DIV, flat, c(ctx, suffix)),
				       c(ctx, ix->shape.dim[dim]));
		suffix *= ix->shape.dim[dim];
	}
	for (size_t t = 0; t < ix->nreplica; t++)
		ix->inverse[ix->rank + t] = digits[L->nshard + t];
	for (size_t j = 0; j < ix->rank + ix->nreplica; j++)
		if (!(ix->inverse[j] = axe_expr_simplify(ctx, ix->inverse[j], prover, NULL)))
			return -1;
	return ctx->nomem ? -1 : 0;
}

/*
 * The layout that maps the digit shape (R..., S...) to itself: axis "rT"
 * holds replica digit T and axis "iD" coordinate D.
 */
static axe_layout *identity_layout(const axe_shape *shape, char **names)
{
	axe_layout *I = axe_layout_new();

	if (!I)
		return NULL;
	for (size_t v = 0; v < shape->rank; v++) {
		int a = axe_layout_intern_axis(I, names[v]);
		if (a < 0 || axe_layout_push_shard(I, shape->dim[v], 1, a) < 0) {
			axe_layout_free(I);
			return NULL;
		}
	}
	return I;
}

/* Prove inverse(forward(r, i)) = (i, r) for every point and replica digit. */
static int prove_inverse(axe_cuda_index *ix, double timeout, axe_error *err)
{
	axe_shape shape = axe_cuda_digit_shape(ix);
	size_t n = shape.rank;
	char **names = calloc(n + 1, sizeof(*names));
	const axe_expr **expr = calloc(n + 1, sizeof(*expr));
	axe_layout *I = NULL;
	axe_expr_layout *E = NULL;
	int r = -1;

	if (!names || !expr)
		goto nomem;
	/* Digit-shape order: replica digits first, then coordinates. */
	for (size_t v = 0; v < n; v++) {
		names[v] = ix->ctx->var[v].name;
		expr[v] = v < ix->nreplica ? ix->inverse[ix->rank + v]
					   : ix->inverse[v - ix->nreplica];
	}
	if (!(I = identity_layout(&shape, names)))
		goto nomem;
	E = axe_cuda_proof_layout(ix, &shape, (const char *const *)names, expr, n,
				  ix->forward, err);
	if (E)
		r = axe_cuda_prove(I, E, &shape, timeout, ix->nreplica ? "combinations of "
				   "coordinates and replica digits" : "points", &ix->inverse_proof, err);
	goto out;
nomem:
	axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
out:
	axe_expr_layout_free(E);
	axe_layout_free(I);
	free(names);
	free(expr);
	return r;
}

int axe_cuda_inverse_build(axe_cuda_index *ix, const axe_expr_prover *prover, double timeout,
			   axe_error *err)
{
	const axe_layout *L = ix->layout;
	size_t nslots = L->nshard + L->nreplica;
	const axe_expr **digits = calloc(nslots + 1, sizeof(*digits));
	digit *d = calloc(nslots + 1, sizeof(*d));
	char *why = ix->inverse_proof.how;
	size_t size = sizeof(ix->inverse_proof.how);
	int r = -1;

	ix->inverse_proof.verdict = AXE_VERDICT_UNKNOWN;
	ix->inverse = calloc(ix->rank + ix->nreplica + 1, sizeof(*ix->inverse));
	if (!digits || !d || !ix->inverse)
		goto nomem;
	for (size_t k = 0; k < nslots; k++)
		digits[k] = c(ix->ctx, 0); /* extent-1 iters: always 0 */
	for (size_t a = 0; a < ix->naxes; a++) {
		size_t n = axis_digits(L, (int)a, d);
		if (!separable(d, n, L->axis[a], why, size) ||
		    solve_axis(ix, (int)a, d, n, digits, why, size) < 0) {
			free(ix->inverse);
			ix->inverse = NULL;
			r = 0;
			goto out;
		}
	}
	if (coordinates(ix, digits, prover) < 0)
		goto nomem;
	r = prove_inverse(ix, timeout, err);
	goto out;
nomem:
	axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
out:
	free(digits);
	free(d);
	return r;
}
