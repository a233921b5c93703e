/*
 * z3.c: index expressions as Z3 terms, and the queries of z3.h.  The only
 * file that includes <z3.h> (HACKING.md, "Conventions").
 *
 * Facts from semantics.md ("What was measured here about Z3") that shape
 * this file: Z3's default error handler calls exit(1), so ours is installed
 * on the context before any other call on it, and errors are read back from
 * the context; a fresh solver per query (push/pop made hard bit-vector
 * queries slower); the bit-vector width covers every intermediate value, or
 * different maps could wrap into equal ones; Z3's integer div and mod are
 * Euclidean, so floor division is built from them; model values are read
 * with model completion, and the caller re-checks them by evaluation.
 *
 * Z3 is loaded when the first query needs a context (dlopen), not with the
 * program: most commands never prove, and loading libz3 (a large C++
 * library with static constructors) costs about as much as a small command
 * does.  The environment variable AXE_Z3_LIBRARY names another libz3 to
 * load.  Without Z3 at run time, queries are undecided with the reason.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

#include "z3.h"

#ifndef AXE_Z3_LIBRARY
#define AXE_Z3_LIBRARY "libz3.so.4" /* the Makefile passes the soname it links against */
#endif

/* The Z3 functions this file calls (z3_calls.def), once loaded. */
static struct {
#define Z3_CALL(name) __typeof__(Z3_##name) *name;
#include "z3_calls.def"
#undef Z3_CALL
} z3;

static char z3_load_error[256]; /* why Z3 could not be loaded, or "" */

static void z3_load_once(void)
{
	const char *path = getenv("AXE_Z3_LIBRARY");
	void *lib;

	if (!path || !*path)
		path = AXE_Z3_LIBRARY;
	lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		snprintf(z3_load_error, sizeof(z3_load_error), "%s", dlerror());
		return;
	}
#define Z3_CALL(name)                                                                    \
	if (!(z3.name = (__typeof__(z3.name))dlsym(lib, "Z3_" #name))) {                 \
		snprintf(z3_load_error, sizeof(z3_load_error), "%s has no Z3_%s",         \
			 path, #name);                                                    \
		return;                                                                  \
	}
#include "z3_calls.def"
#undef Z3_CALL
}

/* Load Z3 on first use (from any thread); false, with z3_load_error, if it cannot be. */
static bool z3_load(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, z3_load_once);
	return z3_load_error[0] == '\0';
}

#define PROVER_TIMEOUT 2.0 /* seconds per side condition of the simplifier */

struct axe_z3 {
	Z3_context ctx; /* NULL until the first query */
	bool failed;    /* creating the context failed */
};

/* Z3 records the error in the context, where encode() and check() read it. */
static void on_error(Z3_context c, Z3_error_code e)
{
	(void)c;
	(void)e;
}

axe_z3 *axe_z3_new(void)
{
	return calloc(1, sizeof(axe_z3));
}

void axe_z3_free(axe_z3 *z)
{
	if (!z)
		return;
	if (z->ctx)
		z3.del_context(z->ctx);
	free(z);
}

/*
 * Z3 keeps global tables (parameters, symbols) from its first use until
 * Z3_finalize_memory; run that at exit, once, so that a leak checker sees a
 * clean process.  Every context is deleted by then (axe_z3_free).
 */
static void finalize_at_exit(void)
{
	static bool registered;

	if (!registered && atexit(z3.finalize_memory) == 0)
		registered = true;
}

static Z3_context context(axe_z3 *z)
{
	Z3_config cfg;

	if (z->ctx || z->failed)
		return z->ctx;
	if (!z3_load()) {
		z->failed = true;
		return NULL;
	}
	finalize_at_exit();
	cfg = z3.mk_config();
	if (cfg) {
		z->ctx = z3.mk_context(cfg);
		z3.del_config(cfg);
	}
	if (z->ctx)
		z3.set_error_handler(z->ctx, on_error); /* before anything can fail */
	else
		z->failed = true;
	return z->ctx;
}

/* ---- encoding ---- */

typedef struct enc {
	Z3_context c;
	const axe_expr_ctx *ectx;
	enum axe_z3_encoding kind;
	unsigned width;  /* bit-vectors */
	Z3_sort sort;
	Z3_ast *var;     /* one constant per variable */
	bool unsupported;
} enc;

/* Bits that hold every value of [lo, hi] in two's complement. */
static unsigned width_of(int64_t lo, int64_t hi)
{
	unsigned k = 0;

	while (k < 64 && !(lo >= -((__int128)1 << k) && hi < ((__int128)1 << k)))
		k++;
	return k + 1;
}

/* The widest node of "e" into "*w"; false when some node has no bound. */
static bool widest(const axe_expr *e, unsigned *w)
{
	unsigned k;

	if (!e->bounded)
		return false;
	k = width_of(e->lo, e->hi);
	if (k > *w)
		*w = k;
	if (e->op == AXE_EXPR_CONST || e->op == AXE_EXPR_VAR)
		return true;
	return widest(e->a, w) && widest(e->b, w);
}

bool axe_z3_integer_ok(const axe_expr *e)
{
	if (e->op == AXE_EXPR_AND || e->op == AXE_EXPR_OR || e->op == AXE_EXPR_XOR)
		return false;
	if ((e->op == AXE_EXPR_SHL || e->op == AXE_EXPR_SHR) && e->b->op != AXE_EXPR_CONST)
		return false;
	if (e->op == AXE_EXPR_CONST || e->op == AXE_EXPR_VAR)
		return true;
	return axe_z3_integer_ok(e->a) && axe_z3_integer_ok(e->b);
}

static Z3_ast num(enc *en, int64_t v)
{
	return z3.mk_int64(en->c, v, en->sort);
}

static Z3_ast term(enc *en, const axe_expr *e);

/* floor(a / b) over the integers: Z3's div is Euclidean, floor for b > 0. */
static Z3_ast int_floordiv(enc *en, Z3_ast a, Z3_ast b, const axe_expr *be)
{
	Z3_context c = en->c;
	Z3_ast neg_a = z3.mk_unary_minus(c, a), neg_b = z3.mk_unary_minus(c, b);

	if (be->bounded && be->lo > 0)
		return z3.mk_div(c, a, b);
	if (be->bounded && be->hi < 0)
		return z3.mk_div(c, neg_a, neg_b); /* floor(a/b) = floor(-a/-b) */
	return z3.mk_ite(c, z3.mk_gt(c, b, num(en, 0)), z3.mk_div(c, a, b),
			 z3.mk_div(c, neg_a, neg_b));
}

static Z3_ast int_term(enc *en, const axe_expr *e, Z3_ast a, Z3_ast b)
{
	Z3_context c = en->c;
	Z3_ast args[2] = { a, b }, q;

	switch (e->op) {
	case AXE_EXPR_ADD: return z3.mk_add(c, 2, args);
	case AXE_EXPR_SUB: return z3.mk_sub(c, 2, args);
	case AXE_EXPR_MUL: return z3.mk_mul(c, 2, args);
	case AXE_EXPR_DIV: return int_floordiv(en, a, b, e->b);
	case AXE_EXPR_MOD:
		if (e->b->bounded && e->b->lo > 0)
			return z3.mk_mod(c, a, b); /* Euclidean = floor for b > 0 */
		q = int_floordiv(en, a, b, e->b);
		args[1] = z3.mk_mul(c, 2, (Z3_ast[]){ b, q });
		return z3.mk_sub(c, 2, args);
	case AXE_EXPR_SHL:
	case AXE_EXPR_SHR:
		if (e->b->op != AXE_EXPR_CONST || e->b->value < 0 || e->b->value > 62)
			break;
		args[1] = num(en, (int64_t)1 << e->b->value);
		return e->op == AXE_EXPR_SHL ? z3.mk_mul(c, 2, args) : z3.mk_div(c, a, args[1]);
	default:
		break;
	}
	en->unsupported = true;
	return a;
}

static Z3_ast bv_term(enc *en, const axe_expr *e, Z3_ast a, Z3_ast b)
{
	Z3_context c = en->c;
	/* Unsigned operations are cheaper; they agree with floor ones on these ranges. */
	bool plain = e->a->lo >= 0 && e->b->lo > 0;

	switch (e->op) {
	case AXE_EXPR_ADD: return z3.mk_bvadd(c, a, b);
	case AXE_EXPR_SUB: return z3.mk_bvsub(c, a, b);
	case AXE_EXPR_MUL: return z3.mk_bvmul(c, a, b);
	case AXE_EXPR_DIV:
		if (plain)
			return z3.mk_bvudiv(c, a, b);
		/* bvsmod takes the divisor's sign: floor modulo; a - mod is a multiple of b. */
		return z3.mk_bvsdiv(c, z3.mk_bvsub(c, a, z3.mk_bvsmod(c, a, b)), b);
	case AXE_EXPR_MOD: return plain ? z3.mk_bvurem(c, a, b) : z3.mk_bvsmod(c, a, b);
	case AXE_EXPR_SHL: return z3.mk_bvshl(c, a, b);
	case AXE_EXPR_SHR: return z3.mk_bvashr(c, a, b); /* arithmetic: floor */
	case AXE_EXPR_AND: return z3.mk_bvand(c, a, b);
	case AXE_EXPR_OR: return z3.mk_bvor(c, a, b);
	case AXE_EXPR_XOR: return z3.mk_bvxor(c, a, b);
	default:
		en->unsupported = true;
		return a;
	}
}

/* "a != 0" as a Z3 boolean. */
static Z3_ast nonzero(enc *en, Z3_ast a)
{
	return z3.mk_not(en->c, z3.mk_eq(en->c, a, num(en, 0)));
}

/* The Z3 boolean of comparison "op" on "a" and "b" (signed on bit-vectors). */
static Z3_ast compare(enc *en, enum axe_expr_op op, Z3_ast a, Z3_ast b)
{
	Z3_context c = en->c;
	bool bv = en->kind == AXE_Z3_BITVECTOR;

	switch (op) {
	case AXE_EXPR_LT: return bv ? z3.mk_bvslt(c, a, b) : z3.mk_lt(c, a, b);
	case AXE_EXPR_LE: return bv ? z3.mk_bvsle(c, a, b) : z3.mk_le(c, a, b);
	case AXE_EXPR_GT: return bv ? z3.mk_bvsgt(c, a, b) : z3.mk_gt(c, a, b);
	case AXE_EXPR_GE: return bv ? z3.mk_bvsge(c, a, b) : z3.mk_ge(c, a, b);
	case AXE_EXPR_EQ: return z3.mk_eq(c, a, b);
	case AXE_EXPR_NE: return z3.mk_not(c, z3.mk_eq(c, a, b));
	case AXE_EXPR_LAND: return z3.mk_and(c, 2, (Z3_ast[]){ nonzero(en, a), nonzero(en, b) });
	default: return z3.mk_or(c, 2, (Z3_ast[]){ nonzero(en, a), nonzero(en, b) }); /* LOR */
	}
}

/*
 * The operators C defines by cases, in both encodings: comparisons and the
 * logical ones (1 or 0), min, max and ?: (an ite).  NULL for other operators.
 */
static Z3_ast case_term(enc *en, const axe_expr *e)
{
	Z3_context c = en->c;
	Z3_ast a, b;

	if (e->op == AXE_EXPR_SELECT && e->b->op == AXE_EXPR_CHOICE)
		return z3.mk_ite(c, nonzero(en, term(en, e->a)), term(en, e->b->a),
				 term(en, e->b->b));
	if (!(e->op >= AXE_EXPR_EQ && e->op <= AXE_EXPR_MAX))
		return NULL;
	a = term(en, e->a);
	b = term(en, e->b);
	if (e->op == AXE_EXPR_MIN || e->op == AXE_EXPR_MAX)
		return z3.mk_ite(c, compare(en, e->op == AXE_EXPR_MIN ? AXE_EXPR_LE : AXE_EXPR_GE,
					    a, b), a, b);
	return z3.mk_ite(c, compare(en, e->op, a, b), num(en, 1), num(en, 0));
}

static Z3_ast term(enc *en, const axe_expr *e)
{
	Z3_ast a, b;

	if (e->op == AXE_EXPR_CONST)
		return num(en, e->value);
	if (e->op == AXE_EXPR_VAR)
		return en->var[e->value];
	if ((a = case_term(en, e)))
		return a;
	a = term(en, e->a);
	b = term(en, e->b);
	return en->kind == AXE_Z3_BITVECTOR ? bv_term(en, e, a, b) : int_term(en, e, a, b);
}

static Z3_ast le(enc *en, Z3_ast a, Z3_ast b)
{
	return en->kind == AXE_Z3_BITVECTOR ? z3.mk_bvsle(en->c, a, b) : z3.mk_le(en->c, a, b);
}

/* Declare the variables and assert their ranges on "s". */
static int declare(enc *en, Z3_solver s)
{
	const axe_expr_ctx *x = en->ectx;
	char name[32];

	en->sort = en->kind == AXE_Z3_BITVECTOR ? z3.mk_bv_sort(en->c, en->width)
						: z3.mk_int_sort(en->c);
	en->var = calloc(x->nvars ? x->nvars : 1, sizeof(Z3_ast));
	if (!en->var)
		return -1;
	for (size_t k = 0; k < x->nvars; k++) {
		snprintf(name, sizeof(name), "v%zu", k); /* user names may clash with Z3's */
		en->var[k] = z3.mk_const(en->c, z3.mk_string_symbol(en->c, name), en->sort);
		z3.solver_assert(en->c, s, le(en, num(en, x->var[k].lo), en->var[k]));
		z3.solver_assert(en->c, s, le(en, en->var[k], num(en, x->var[k].hi)));
	}
	return 0;
}

/* ---- solving ---- */

static Z3_solver new_solver(enc *en, double timeout)
{
	Z3_context c = en->c;
	Z3_solver s = en->kind == AXE_Z3_BITVECTOR
			      ? z3.mk_solver_for_logic(c, z3.mk_string_symbol(c, "QF_BV"))
			      : z3.mk_solver(c);
	Z3_params p;

	z3.solver_inc_ref(c, s);
	p = z3.mk_params(c);
	z3.params_inc_ref(c, p);
	if (timeout > 0) /* milliseconds, rounded up; Z3 takes an unsigned */
		z3.params_set_uint(c, p, z3.mk_string_symbol(c, "timeout"),
				   timeout < 4e6 ? (unsigned)(timeout * 1000) + 1 : 4000000000u);
	z3.solver_set_params(c, s, p);
	z3.params_dec_ref(c, p);
	return s;
}

/* The value of variable "k" in "m" as a 64-bit integer. */
static int64_t model_value(enc *en, Z3_model m, size_t k)
{
	Z3_context c = en->c;
	Z3_ast v = en->var[k], out = NULL;
	uint64_t u = 0;
	int64_t i = 0;

	if (en->kind == AXE_Z3_BITVECTOR) {
		/* Its value fits in 64 bits: sign-extend or truncate to read it. */
		if (en->width < 64)
			v = z3.mk_sign_ext(c, 64 - en->width, v);
		else if (en->width > 64)
			v = z3.mk_extract(c, 63, 0, v);
		if (z3.model_eval(c, m, v, true, &out) && out && z3.get_numeral_uint64(c, out, &u))
			return (int64_t)u;
		return en->ectx->var[k].lo;
	}
	if (z3.model_eval(c, m, v, true, &out) && out && z3.get_numeral_int64(c, out, &i))
		return i;
	return en->ectx->var[k].lo;
}

/*
 * Check "goal" (with the variables' ranges) on a fresh solver: sat gives
 * FALSE and the model, unsat TRUE, anything else UNKNOWN and a reason.
 */
static enum axe_verdict solve(enc *en, Z3_solver s, Z3_ast goal, int64_t *model,
			      char *reason, size_t size)
{
	Z3_context c = en->c;
	Z3_lbool r;

	z3.solver_assert(c, s, goal);
	if (z3.get_error_code(c) != Z3_OK) {
		snprintf(reason, size, "Z3 error: %s", z3.get_error_msg(c, z3.get_error_code(c)));
		return AXE_VERDICT_UNKNOWN;
	}
	r = z3.solver_check(c, s);
	if (r == Z3_L_FALSE)
		return AXE_VERDICT_TRUE;
	if (r == Z3_L_TRUE) {
		Z3_model m = z3.solver_get_model(c, s);
		z3.model_inc_ref(c, m);
		for (size_t k = 0; model && k < en->ectx->nvars; k++)
			model[k] = model_value(en, m, k);
		z3.model_dec_ref(c, m);
		return AXE_VERDICT_FALSE;
	}
	snprintf(reason, size, "Z3 gave up (%s)", z3.solver_get_reason_unknown(c, s));
	return AXE_VERDICT_UNKNOWN;
}

/* Some axis of "lhs" differs from the same axis of "rhs" (false when none can). */
static Z3_ast differs(enc *en, const axe_expr *const *lhs, const axe_expr *const *rhs,
		      size_t naxes)
{
	Z3_ast *any = calloc(naxes ? naxes : 1, sizeof(Z3_ast)), r;
	unsigned n = 0;

	if (!any)
		return NULL;
	for (size_t u = 0; u < naxes; u++)
		if (axe_expr_compare(lhs[u], rhs[u]) != 0)
			any[n++] = z3.mk_not(en->c, z3.mk_eq(en->c, term(en, lhs[u]),
							     term(en, rhs[u])));
	r = n ? z3.mk_or(en->c, n, any) : z3.mk_false(en->c);
	free(any);
	return r;
}

/* The goal of "q": some side's lhs differs from every instance of its rhs. */
static Z3_ast goal_of(enc *en, const axe_z3_query *q)
{
	Z3_ast *sides = calloc(q->nsides ? q->nsides : 1, sizeof(Z3_ast)), r = NULL;

	if (!sides)
		return NULL;
	for (size_t k = 0; k < q->nsides; k++) {
		const axe_z3_side *sd = &q->side[k];
		Z3_ast *all = calloc(sd->ninst ? sd->ninst : 1, sizeof(Z3_ast));
		if (!all)
			goto out;
		for (size_t i = 0; i < sd->ninst; i++)
			if (!(all[i] = differs(en, sd->lhs, sd->rhs + i * q->naxes, q->naxes))) {
				free(all);
				goto out;
			}
		sides[k] = z3.mk_and(en->c, (unsigned)sd->ninst, all);
		free(all);
	}
	r = z3.mk_or(en->c, (unsigned)q->nsides, sides);
out:
	free(sides);
	return r;
}

/* The bit-vector width for every expression of "q"; 0 when one is unbounded. */
static unsigned query_width(const axe_z3_query *q)
{
	unsigned w = 2;

	for (size_t k = 0; k < q->ctx->nvars; k++) {
		unsigned v = width_of(q->ctx->var[k].lo, q->ctx->var[k].hi);
		w = v > w ? v : w;
	}
	for (size_t k = 0; k < q->nsides; k++)
		for (size_t u = 0; u < q->naxes; u++) {
			if (!widest(q->side[k].lhs[u], &w))
				return 0;
			for (size_t i = 0; i < q->side[k].ninst; i++)
				if (!widest(q->side[k].rhs[i * q->naxes + u], &w))
					return 0;
		}
	/* One more bit: a - (a mod b) in floor division may exceed |a|. */
	return w + 1;
}

enum axe_verdict axe_z3_check(axe_z3 *z, const axe_z3_query *q, int64_t *model,
			      char *reason, size_t size)
{
	enc en = { .c = context(z), .ectx = q->ctx, .kind = q->encoding };
	enum axe_verdict v = AXE_VERDICT_UNKNOWN;
	Z3_solver s;
	Z3_ast goal;

	if (!en.c) {
		if (z3_load_error[0])
			snprintf(reason, size, "Z3 could not be loaded: %s", z3_load_error);
		else
			snprintf(reason, size, "Z3 could not create a context");
		return v;
	}
	en.width = query_width(q);
	if (en.kind == AXE_Z3_BITVECTOR && en.width == 0) {
		snprintf(reason, size,
			 "a value has no 64-bit bound, so no bit-vector width is safe");
		return v;
	}
	s = new_solver(&en, q->timeout);
	if (declare(&en, s) < 0 || !(goal = goal_of(&en, q))) {
		snprintf(reason, size, "out of memory");
	} else if (en.unsupported) {
		snprintf(reason, size, "the integer encoding has no bitwise operators");
	} else {
		v = solve(&en, s, goal, model, reason, size);
	}
	z3.solver_dec_ref(en.c, s);
	free(en.var);
	return v;
}

/* ---- the simplifier's prover ---- */

static enum axe_verdict prove(void *data, const axe_expr_ctx *ctx, const axe_expr *e,
			      enum axe_expr_rel rel)
{
	enc en = { .c = context(data), .ectx = ctx, .kind = AXE_Z3_BITVECTOR, .width = 2 };
	enum axe_verdict v = AXE_VERDICT_UNKNOWN;
	char reason[128];
	Z3_solver s;
	Z3_ast t, zero, fails;

	if (!en.c || !widest(e, &en.width))
		return v;
	for (size_t k = 0; k < ctx->nvars; k++) {
		unsigned w = width_of(ctx->var[k].lo, ctx->var[k].hi);
		en.width = w > en.width ? w : en.width;
	}
	en.width++;
	s = new_solver(&en, PROVER_TIMEOUT);
	if (declare(&en, s) == 0) {
		t = term(&en, e);
		zero = num(&en, 0);
		/* A value where the condition fails refutes it; none proves it. */
		fails = rel == AXE_REL_GE0   ? z3.mk_bvslt(en.c, t, zero)
			: rel == AXE_REL_GT0 ? z3.mk_bvsle(en.c, t, zero)
					     : z3.mk_eq(en.c, t, zero);
		v = solve(&en, s, fails, NULL, reason, sizeof(reason));
	}
	z3.solver_dec_ref(en.c, s);
	free(en.var);
	return v;
}

axe_expr_prover axe_z3_prover(axe_z3 *z)
{
	return (axe_expr_prover){ prove, z };
}
