/*
 * symbolic.c: the operands as index expressions and the Z3 queries over
 * them (symbolic.h; semantics.md "Equality").
 *
 * Set equality with replicas: L_A(x) = L_B(x) fails exactly when some image
 * of one operand is missing from the other's set.  The query says so with
 * the first operand's replica variables free and the other's replica
 * instantiated at every combination (a finite "for all"), in both
 * directions; instances are simplified after substitution, so each costs Z3
 * little.  Without replicas it is one disjunction: some axis differs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../algebra/canon.h"
#include "../expr/from_layout.h"
#include "symbolic.h"

/* True when "e" divides by anything but a positive power-of-two constant. */
static bool slow_division(const axe_expr *e)
{
	if (e->op == AXE_EXPR_CONST || e->op == AXE_EXPR_VAR)
		return false;
	if ((e->op == AXE_EXPR_DIV || e->op == AXE_EXPR_MOD) &&
	    !(e->b->op == AXE_EXPR_CONST && e->b->value > 0 &&
	      (e->b->value & (e->b->value - 1)) == 0))
		return true;
	return slow_division(e->a) || slow_division(e->b);
}

/* A new variable "name" over [0, hi]; NULL on no memory. */
static const axe_expr *new_var(axe_expr_ctx *ctx, const char *name, int64_t hi)
{
	return axe_expr_var(ctx, axe_expr_ctx_add_var(ctx, name, 0, hi));
}

/*
 * Into "by": for each logical variable of an `expr:` layout on shape "own",
 * its value at the point whose coordinates in "shape" are "coord"; the
 * identity when the shapes agree, else through the row-major index.
 */
static void own_coordinates(axe_expr_ctx *ctx, const axe_shape *own, const axe_shape *shape,
			    const axe_expr *const *coord, const axe_expr **by)
{
	const axe_expr *flat = axe_expr_const(ctx, 0);
	int64_t stride = 1;
	bool same = own->rank == shape->rank &&
		    memcmp(own->dim, shape->dim, own->rank * sizeof(int64_t)) == 0;

	if (same) {
		memcpy(by, coord, own->rank * sizeof(*by));
		return;
	}
	for (size_t d = shape->rank; d-- > 0;) {
		flat = axe_expr_add(ctx, flat,
				    axe_expr_mul(ctx, axe_expr_const(ctx, stride), coord[d]));
		stride *= shape->dim[d]; /* suffixes of the size: they fit */
	}
	stride = 1;
	for (size_t d = own->rank; d-- > 0;) {
		by[d] = axe_expr_binary(ctx, AXE_EXPR_MOD,
					axe_expr_binary(ctx, AXE_EXPR_DIV, flat,
							axe_expr_const(ctx, stride)),
					axe_expr_const(ctx, own->dim[d]));
		stride *= own->dim[d];
	}
}

/*
 * The expression tree "e" of another context "src", rebuilt in "ctx" with
 * variable k replaced by "by[k]".
 */
static const axe_expr *import(axe_expr_ctx *ctx, const axe_expr *e, const axe_expr *const *by)
{
	if (e->op == AXE_EXPR_CONST)
		return axe_expr_const(ctx, e->value);
	if (e->op == AXE_EXPR_VAR)
		return by[e->value];
	return axe_expr_binary(ctx, e->op, import(ctx, e->a, by), import(ctx, e->b, by));
}

/*
 * The per-axis expressions of layout "L" (or, when it is NULL, of `expr:`
 * layout "E") into "native", their replica variables appended to the
 * context ("tag" names them); 0 or -1.
 */
static int native_exprs(axe_symbolic *s, const axe_layout *L, const axe_expr_layout *E,
			const axe_shape *shape, const axe_expr *const *coord, char tag,
			const axe_expr **native)
{
	size_t nrep = L ? L->nreplica : E->nreplica;
	const axe_expr **rep = calloc(nrep + 1, sizeof(*rep)), **map = NULL;
	char name[32];
	int r = -1;

	if (!rep)
		return -1;
	for (size_t t = 0; t < nrep; t++) {
		snprintf(name, sizeof(name), "%c.r%zu", tag, t);
		rep[t] = new_var(s->ctx, name, L ? L->replica[t].extent - 1
						 : E->ctx->var[E->rank + t].hi);
	}
	if (L) {
		r = axe_expr_from_layout(s->ctx, L, shape, coord, rep, native);
	} else if ((map = calloc(E->ctx->nvars + 1, sizeof(*map)))) {
		own_coordinates(s->ctx, &E->shape, shape, coord, map);
		memcpy(map + E->rank, rep, nrep * sizeof(*map));
		r = 0;
		for (size_t a = 0; a < E->naxes; a++)
			if (!(native[a] = import(s->ctx, E->expr[a], map)))
				r = -1;
	}
	free(map);
	free(rep);
	return r;
}

/*
 * Operand "k" over the union of axes, simplified, into s->expr[k].  A layout
 * is taken in canonical form: the same map, with fused iters giving fewer
 * digits, so equal layouts split differently get the same expressions.
 */
static int union_exprs(axe_symbolic *s, const axe_equal_side *side, int k,
		       const axe_shape *shape, const axe_expr *const *coord, const int *map)
{
	axe_layout *C = side->layout ? axe_layout_canon(side->layout, NULL, NULL) : NULL;
	size_t na = C ? C->naxes : side->expr->naxes;
	const axe_expr **native = calloc(na + 1, sizeof(*native));
	const axe_expr *zero = axe_expr_const(s->ctx, 0);
	int r = -1;

	s->expr[k] = calloc(s->nunion + 1, sizeof(*s->expr[k]));
	if ((side->layout && !C) || !native || !s->expr[k] ||
	    native_exprs(s, C, side->expr, shape, coord, k ? 'b' : 'a', native) < 0)
		goto out;
	for (size_t u = 0; u < s->nunion; u++)
		s->expr[k][u] = zero;
	for (size_t a = 0; a < na; a++) {
		/* The canonical form names a subset of the layout's axes. */
		int own = C ? axe_layout_axis_index(side->layout, C->axis[a]) : (int)a;
		s->expr[k][map[own]] = axe_expr_simplify(s->ctx, native[a], NULL, NULL);
	}
	r = 0;
	for (size_t u = 0; u < s->nunion; u++)
		if (!s->expr[k][u])
			r = -1;
		else if (slow_division(s->expr[k][u]))
			s->slow_division = true;
out:
	axe_layout_free(C);
	free(native);
	return r;
}

/*
 * s->inst[k]: operand k with its replica variables (ctx variables [first,
 * first + n)) set to each combination, first variable slowest, simplified.
 */
static int instantiate(axe_symbolic *s, int k, size_t first, size_t n)
{
	const axe_expr **by = calloc(s->ctx->nvars + 1, sizeof(*by));
	size_t count = 1;

	for (size_t t = 0; t < n && count <= AXE_SMT_MAX_INSTANCES; t++)
		count *= (size_t)s->ctx->var[first + t].hi + 1;
	if (count > AXE_SMT_MAX_INSTANCES) {
		s->too_many = true;
		count = 0;
	}
	s->ninst[k] = count;
	s->inst[k] = calloc(count * s->nunion + 1, sizeof(*s->inst[k]));
	if (!by || !s->inst[k]) {
		free(by);
		return -1;
	}
	for (size_t c = 0; c < count; c++) {
		size_t rest = c;
		for (size_t t = n; t-- > 0;) {
			size_t e = (size_t)s->ctx->var[first + t].hi + 1;
			by[first + t] = axe_expr_const(s->ctx, (int64_t)(rest % e));
			rest /= e;
		}
		for (size_t u = 0; u < s->nunion; u++) {
			const axe_expr *e = axe_expr_subst(s->ctx, s->expr[k][u], by);
			s->inst[k][c * s->nunion + u] = axe_expr_simplify(s->ctx, e, NULL, NULL);
		}
	}
	free(by);
	return s->ctx->nomem ? -1 : 0;
}

int axe_symbolic_init(axe_symbolic *s, const axe_equal_side *a, const axe_equal_side *b,
		      const axe_shape *shape, const axe_axis_union *u, axe_error *err)
{
	const axe_expr *coord[AXE_MAX_RANK];
	size_t first[3];
	char name[32];

	memset(s, 0, sizeof(*s));
	s->ctx = axe_expr_ctx_new();
	s->rank = shape->rank;
	s->nunion = u->n;
	if (!s->ctx)
		goto nomem;
	for (size_t d = 0; d < shape->rank; d++) {
		snprintf(name, sizeof(name), "x%zu", d);
		coord[d] = new_var(s->ctx, name, shape->dim[d] - 1);
	}
	first[0] = s->ctx->nvars;
	if (union_exprs(s, a, 0, shape, coord, u->map[0]) < 0)
		goto nomem;
	first[1] = s->ctx->nvars;
	if (union_exprs(s, b, 1, shape, coord, u->map[1]) < 0)
		goto nomem;
	first[2] = s->ctx->nvars;
	s->replicas = first[2] > first[0];
	if (instantiate(s, 0, first[0], first[1] - first[0]) < 0 ||
	    instantiate(s, 1, first[1], first[2] - first[1]) < 0)
		goto nomem;
	s->integer_ok = !s->replicas;
	for (size_t k = 0; k < 2; k++)
		for (size_t i = 0; i < s->nunion; i++)
			s->integer_ok &= axe_z3_integer_ok(s->expr[k][i]);
	return 0;
nomem:
	axe_symbolic_release(s);
	return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
}

void axe_symbolic_release(axe_symbolic *s)
{
	for (int k = 0; k < 2; k++) {
		free(s->expr[k]);
		free(s->inst[k]);
	}
	axe_expr_ctx_free(s->ctx);
	memset(s, 0, sizeof(*s));
}

/* One query per axis (the integer encoding); TRUE when every axis agrees. */
static enum axe_verdict per_axis(const axe_symbolic *s, axe_z3 *z, double timeout,
				 int64_t *model, char *reason, size_t size)
{
	for (size_t u = 0; u < s->nunion; u++) {
		axe_z3_side side = { &s->expr[0][u], &s->expr[1][u], 1 };
		axe_z3_query q = { s->ctx, 1, &side, 1, AXE_Z3_INTEGER, timeout };
		enum axe_verdict v = axe_z3_check(z, &q, model, reason, size);
		if (v != AXE_VERDICT_TRUE)
			return v;
	}
	return AXE_VERDICT_TRUE;
}

enum axe_verdict axe_symbolic_check(const axe_symbolic *s, axe_z3 *z,
				    enum axe_z3_encoding encoding, double timeout,
				    int64_t *coord, char *reason, size_t size)
{
	int64_t *model = calloc(s->ctx->nvars + 1, sizeof(int64_t));
	axe_z3_side sides[2] = {
		{ s->expr[0], s->inst[1], s->ninst[1] },
		{ s->expr[1], s->inst[0], s->ninst[0] },
	};
	axe_z3_query q = { s->ctx, s->nunion, sides, s->replicas ? 2 : 1, encoding, timeout };
	enum axe_verdict v = AXE_VERDICT_UNKNOWN;

	if (!model) {
		snprintf(reason, size, "out of memory");
	} else if (s->too_many) {
		snprintf(reason, size, "the replicas have more than %d combinations to "
			 "instantiate", AXE_SMT_MAX_INSTANCES);
	} else if (encoding == AXE_Z3_INTEGER && !s->integer_ok) {
		snprintf(reason, size, "the integer encoding needs no replica and no bitwise "
			 "operator");
	} else {
		v = encoding == AXE_Z3_INTEGER ? per_axis(s, z, timeout, model, reason, size)
					       : axe_z3_check(z, &q, model, reason, size);
	}
	if (v == AXE_VERDICT_FALSE)
		memcpy(coord, model, s->rank * sizeof(int64_t));
	free(model);
	return v;
}
