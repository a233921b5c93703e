/*
 * simplify.c: the range-aware simplifier (simplify.h), implementing Table II
 * of the LEGO paper (section IV.A) and the algebra around it
 * (simplify_rules.def).
 *
 * Bottom-up: the operands of a node are simplified first, then rewrite()
 * applies the rules of its operator.  rewrite() returns simplified results
 * by construction: every rule rebuilds its result through rewrite() on
 * strictly smaller pieces, so one pass reaches a normal form and recursion
 * terminates.  Sums are kept as linear forms (a constant plus coefficient *
 * atom terms, atoms being the non-linear nodes) and rebuilt with the terms
 * ordered by decreasing |coefficient|, which is the order of significance in
 * an address: 64*i + 8*((j/8) ^ i) + j%8.
 *
 * Where LEGO applies its rules with SymPy and proves side conditions with Z3,
 * we decide them by interval analysis first and call the prover only on what
 * intervals leave open (after trying corner points for a cheap refutation).
 * Deviation: row 2 of Table II is applied as (d*q + r) / d -> q + r / d, and
 * r / d then meets rows 3 and 4 on its own; the paper lists both outcomes in
 * one row.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "simplify.h"

#define MAX_DEPTH 400 /* rewrite nesting; deeper input is returned as built */

static const char *const rule_name[] = {
#define RULE(name, pattern, condition, source) #name,
#include "simplify_rules.def"
#undef RULE
};

static const char *const rule_pattern[] = {
#define RULE(name, pattern, condition, source) pattern,
#include "simplify_rules.def"
#undef RULE
};

static const char *const rule_condition[] = {
#define RULE(name, pattern, condition, source) condition,
#include "simplify_rules.def"
#undef RULE
};

const char *axe_simplify_rule_name(enum axe_simplify_rule rule)
{
	return rule_name[rule];
}

const char *axe_simplify_rule_pattern(enum axe_simplify_rule rule)
{
	return rule_pattern[rule];
}

const char *axe_simplify_rule_condition(enum axe_simplify_rule rule)
{
	return rule_condition[rule];
}

typedef struct simp {
	axe_expr_ctx *ctx;
	const axe_expr_prover *prover;
	axe_simplify_report *rep;
	int depth;
	int64_t *probe; /* ctx->nvars values, scratch for corner points */
} simp;

static const axe_expr *rewrite(simp *s, enum axe_expr_op op, const axe_expr *a,
			       const axe_expr *b);

/* ---- side conditions ---- */

static bool rel_holds(int64_t v, enum axe_expr_rel rel)
{
	return rel == AXE_REL_GE0 ? v >= 0 : rel == AXE_REL_GT0 ? v > 0 : v != 0;
}

/* TRUE / FALSE when the interval of "e" decides "e rel 0", else UNKNOWN. */
static enum axe_verdict by_interval(const axe_expr *e, enum axe_expr_rel rel)
{
	if (!e->bounded)
		return AXE_VERDICT_UNKNOWN;
	if (rel_holds(e->lo, rel) && rel_holds(e->hi, rel) &&
	    (rel != AXE_REL_NE0 || e->lo > 0 || e->hi < 0))
		return AXE_VERDICT_TRUE;
	if (!rel_holds(e->lo, rel) && !rel_holds(e->hi, rel) &&
	    (rel != AXE_REL_NE0 || e->lo == e->hi))
		return AXE_VERDICT_FALSE;
	return AXE_VERDICT_UNKNOWN;
}

/*
 * A corner of the variables' box where "e rel 0" fails: every variable at
 * its low end, at its high end, and each one alone at the other end.  True
 * when one is found (a refutation: the condition must hold everywhere).
 */
static bool refuted_at_corner(simp *s, const axe_expr *e, enum axe_expr_rel rel)
{
	size_t n = s->ctx->nvars;
	int64_t v;

	if (!s->probe)
		return false;
	for (size_t c = 0; c < 2 * n + 2; c++) {
		bool high = c % 2 == 1;
		for (size_t k = 0; k < n; k++) {
			bool flip = c >= 2 && k == c / 2 - 1;
			s->probe[k] = high != flip ? s->ctx->var[k].hi : s->ctx->var[k].lo;
		}
		if (axe_expr_eval(e, s->probe, &v) == 0 && !rel_holds(v, rel))
			return true;
	}
	return false;
}

/* Whether "e rel 0" holds everywhere: intervals, corners, then the prover. */
static bool holds(simp *s, const axe_expr *e, enum axe_expr_rel rel)
{
	enum axe_verdict v;

	if (!e)
		return false;
	v = by_interval(e, rel);
	if (v != AXE_VERDICT_UNKNOWN) {
		s->rep->by_interval++;
		return v == AXE_VERDICT_TRUE;
	}
	if (refuted_at_corner(s, e, rel)) {
		s->rep->by_probe++;
		return false;
	}
	v = s->prover ? s->prover->prove(s->prover->data, s->ctx, e, rel) : AXE_VERDICT_UNKNOWN;
	if (v == AXE_VERDICT_TRUE)
		s->rep->proved++;
	else if (v == AXE_VERDICT_FALSE)
		s->rep->disproved++;
	else
		s->rep->undecided++;
	return v == AXE_VERDICT_TRUE;
}

/* "x < a" as "a - x > 0". */
static bool holds_below(simp *s, const axe_expr *x, const axe_expr *a)
{
	return holds(s, axe_expr_binary(s->ctx, AXE_EXPR_SUB, a, x), AXE_REL_GT0);
}

/* Count a rewrite of "rule" as applied (returns "result") or refused (NULL). */
static const axe_expr *fire(simp *s, enum axe_simplify_rule rule, const axe_expr *result)
{
	if (result)
		s->rep->fired[rule]++;
	return result;
}

static const axe_expr *refuse(simp *s, enum axe_simplify_rule rule)
{
	s->rep->refused[rule]++;
	return NULL;
}

/* ---- linear forms ---- */

typedef struct term {
	int64_t coef;
	const axe_expr *atom;
} term;

typedef struct lin {
	int64_t c;
	term *t;
	size_t n, cap;
	bool bad; /* a coefficient overflowed or memory ran out: do not use */
} lin;

static void lin_release(lin *l)
{
	free(l->t);
	memset(l, 0, sizeof(*l));
}

static void lin_term(lin *l, int64_t coef, const axe_expr *atom)
{
	for (size_t i = 0; i < l->n; i++)
		if (axe_expr_compare(l->t[i].atom, atom) == 0) {
			l->bad |= axe_add_ovf(l->t[i].coef, coef, &l->t[i].coef);
			return;
		}
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 8;
		term *t = realloc(l->t, cap * sizeof(*t));
		if (!t) {
			l->bad = true;
			return;
		}
		l->t = t;
		l->cap = cap;
	}
	l->t[l->n++] = (term){ coef, atom };
}

/* Add "scale" * "e" to "l", expanding sums and products with constants. */
static void lin_add(lin *l, const axe_expr *e, int64_t scale)
{
	int64_t v;

	switch (e->op) {
	case AXE_EXPR_CONST:
		l->bad |= axe_mul_ovf(scale, e->value, &v) || axe_add_ovf(l->c, v, &l->c);
		return;
	case AXE_EXPR_ADD:
	case AXE_EXPR_SUB:
		lin_add(l, e->a, scale);
		if (e->op == AXE_EXPR_SUB)
			l->bad |= axe_sub_ovf(0, scale, &scale);
		lin_add(l, e->b, scale);
		return;
	case AXE_EXPR_MUL:
		if (e->a->op == AXE_EXPR_CONST || e->b->op == AXE_EXPR_CONST) {
			const axe_expr *k = e->a->op == AXE_EXPR_CONST ? e->a : e->b;
			l->bad |= axe_mul_ovf(scale, k->value, &v);
			lin_add(l, k == e->a ? e->b : e->a, v);
			return;
		}
		break;
	default:
		break;
	}
	lin_term(l, scale, e);
}

/* The atom of "t" when it is a * (x / a) or (x / a) * a, else NULL. */
static const axe_expr *scaled_quotient(const axe_expr *t, const axe_expr **divisor)
{
	if (t->op != AXE_EXPR_MUL)
		return NULL;
	for (int side = 0; side < 2; side++) {
		const axe_expr *f = side ? t->b : t->a, *q = side ? t->a : t->b;
		if (q->op == AXE_EXPR_DIV && axe_expr_compare(q->b, f) == 0) {
			*divisor = f;
			return q->a;
		}
	}
	return NULL;
}

/*
 * Whether "q" is x / m: literally, or as X / (a*m) when x is X / a with
 * a, m > 0 (floor division: (X / a) / m = X / (a*m), so digits of a
 * quotient written either way are recognized).
 */
static bool is_quotient(const axe_expr *q, const axe_expr *x, int64_t m)
{
	int64_t am;

	if (q->op != AXE_EXPR_DIV || q->b->op != AXE_EXPR_CONST)
		return false;
	if (q->b->value == m && axe_expr_compare(q->a, x) == 0)
		return true;
	return m > 0 && x->op == AXE_EXPR_DIV && x->b->op == AXE_EXPR_CONST && x->b->value > 0 &&
	       !axe_mul_ovf(x->b->value, m, &am) && q->b->value == am &&
	       axe_expr_compare(q->a, x->a) == 0;
}

/*
 * Whether terms "i" and "j" of "l" are c*a*(x / a) + c*(x % a) (row 7: the
 * replacement is x) or c*a*((x / a) % b) + c*(x % a) (DIGIT_MERGE: x % ab);
 * the replacement, per unit of c, in "*by", and the rule in "*rule".
 */
static bool recombinable(simp *s, const lin *l, size_t i, size_t j, const axe_expr **by,
			 enum axe_simplify_rule *rule)
{
	const term *q = &l->t[i], *r = &l->t[j];
	const axe_expr *a, *x, *qa = q->atom;
	int64_t want, ab;

	if (r->atom->op != AXE_EXPR_MOD)
		return false;
	a = r->atom->b;
	x = r->atom->a;
	*rule = qa->op == AXE_EXPR_MOD ? AXE_SIMP_DIGIT_MERGE : AXE_SIMP_RECOMBINE;
	if (qa->op == AXE_EXPR_MOD && qa->a->op == AXE_EXPR_DIV && qa->b->op == AXE_EXPR_CONST)
		qa = qa->a; /* (x / a) % b */
	if (a->op == AXE_EXPR_CONST && is_quotient(qa, x, a->value)) {
		if (axe_mul_ovf(r->coef, a->value, &want) || want != q->coef || a->value == 0)
			return false;
		if (*rule == AXE_SIMP_RECOMBINE) {
			*by = x;
			return true;
		}
		if (a->value < 0 || q->atom->b->value <= 0 ||
		    axe_mul_ovf(a->value, q->atom->b->value, &ab))
			return refuse(s, AXE_SIMP_DIGIT_MERGE), false;
		*by = rewrite(s, AXE_EXPR_MOD, x, axe_expr_const(s->ctx, ab));
		return *by != NULL;
	}
	/* The symbolic form of row 7: a*(x / a) as one product atom. */
	*rule = AXE_SIMP_RECOMBINE;
	*by = scaled_quotient(q->atom, &x);
	if (!*by || q->coef != r->coef || axe_expr_compare(x, a) != 0 ||
	    axe_expr_compare(*by, r->atom->a) != 0)
		return false;
	return holds(s, a, AXE_REL_NE0) || (refuse(s, AXE_SIMP_RECOMBINE), false);
}

/* Apply row 7 and DIGIT_MERGE until no pair is left. */
static void recombine(simp *s, lin *l)
{
	bool changed = true;

	while (changed && !l->bad) {
		changed = false;
		for (size_t i = 0; i < l->n && !changed; i++)
			for (size_t j = 0; j < l->n && !changed; j++) {
				const axe_expr *by;
				enum axe_simplify_rule rule;
				int64_t c = l->t[j].coef;
				if (i == j || l->t[i].coef == 0 || c == 0 ||
				    !recombinable(s, l, i, j, &by, &rule))
					continue;
				l->t[i].coef = l->t[j].coef = 0;
				lin_add(l, by, c);
				fire(s, rule, by);
				changed = true;
			}
	}
}

static int by_significance(const void *pa, const void *pb)
{
	const term *a = pa, *b = pb;
	uint64_t ma = a->coef < 0 ? 0 - (uint64_t)a->coef : (uint64_t)a->coef;
	uint64_t mb = b->coef < 0 ? 0 - (uint64_t)b->coef : (uint64_t)b->coef;

	if (ma != mb)
		return ma > mb ? -1 : 1;
	return axe_expr_compare(a->atom, b->atom);
}

/* coef * atom, with -1 as a negation. */
static const axe_expr *scaled(simp *s, int64_t coef, const axe_expr *atom)
{
	if (coef == 1)
		return atom;
	return axe_expr_mul(s->ctx, axe_expr_const(s->ctx, coef), atom);
}

/*
 * The expression of "l": terms by significance, the constant last (first when
 * the leading term is negative); NULL if "l" is bad.  Consumes l->c.
 */
static const axe_expr *lin_build(simp *s, lin *l)
{
	const axe_expr *acc = NULL;

	recombine(s, l);
	if (l->bad)
		return NULL;
	if (l->n > 1)
		qsort(l->t, l->n, sizeof(term), by_significance);
	if (l->n > 0 && l->t[0].coef < 0 && l->c > 0) {
		acc = axe_expr_const(s->ctx, l->c); /* 15 - x rather than -x + 15 */
		l->c = 0;
	}
	for (size_t i = 0; i < l->n; i++) {
		int64_t c = l->t[i].coef;
		if (c == 0)
			continue;
		if (!acc)
			acc = scaled(s, c, l->t[i].atom);
		else if (c > 0 || c == INT64_MIN)
			acc = axe_expr_add(s->ctx, acc, scaled(s, c, l->t[i].atom));
		else
			acc = axe_expr_binary(s->ctx, AXE_EXPR_SUB, acc,
					      scaled(s, -c, l->t[i].atom));
	}
	if (!acc)
		return axe_expr_const(s->ctx, l->c);
	if (l->c > 0 || l->c == INT64_MIN)
		acc = axe_expr_add(s->ctx, acc, axe_expr_const(s->ctx, l->c));
	else if (l->c < 0)
		acc = axe_expr_binary(s->ctx, AXE_EXPR_SUB, acc, axe_expr_const(s->ctx, -l->c));
	return acc;
}

/* A sum or a product with a constant, collected and rebuilt. */
static const axe_expr *rewrite_linear(simp *s, const axe_expr *orig)
{
	lin l = { 0 };
	const axe_expr *r;

	lin_add(&l, orig, 1);
	r = lin_build(s, &l);
	lin_release(&l);
	if (r && axe_expr_compare(r, orig) != 0)
		s->rep->fired[AXE_SIMP_LINEAR]++;
	return r;
}

/*
 * Split "x" into d*q + r: "q" gets the terms whose coefficient is a multiple
 * of the constant "d" (divided by d) and floor(c / d); "r" the rest and c mod
 * d.  With a symbolic "d", q gets the terms d*t (as t).  True when q is not
 * empty.
 */
static bool split_multiple(const axe_expr *x, const axe_expr *d, lin *q, lin *r)
{
	lin l = { 0 };

	if (d->op == AXE_EXPR_CONST && (d->value == 0 || d->value == -1))
		return false; /* nothing to split, and INT64_MIN % -1 traps */
	lin_add(&l, x, 1);
	q->bad = r->bad = l.bad;
	if (d->op == AXE_EXPR_CONST) {
		q->c = axe_floordiv(l.c, d->value);
		r->c = axe_floormod(l.c, d->value);
	} else {
		r->c = l.c;
	}
	for (size_t i = 0; i < l.n && !l.bad; i++) {
		const term *t = &l.t[i];
		const axe_expr *a = t->atom;
		if (d->op == AXE_EXPR_CONST && t->coef % d->value == 0)
			lin_term(q, t->coef / d->value, a);
		else if (d->op != AXE_EXPR_CONST && a->op == AXE_EXPR_MUL &&
			 (axe_expr_compare(a->a, d) == 0 || axe_expr_compare(a->b, d) == 0))
			lin_term(q, t->coef, axe_expr_compare(a->a, d) == 0 ? a->b : a->a);
		else
			lin_term(r, t->coef, a);
	}
	lin_release(&l);
	return !q->bad && !r->bad && (q->n > 0 || q->c != 0);
}

/* ---- division and modulo ---- */

/* Table II, row 2: (d*q + r) / d -> q + r / d. */
static const axe_expr *div_multiple(simp *s, const axe_expr *x, const axe_expr *d)
{
	lin q = { 0 }, r = { 0 };
	const axe_expr *result = NULL;

	if (split_multiple(x, d, &q, &r)) {
		if (!holds(s, d, AXE_REL_NE0)) {
			refuse(s, AXE_SIMP_DIV_MULTIPLE);
		} else {
			const axe_expr *qe = lin_build(s, &q), *re = lin_build(s, &r);
			if (qe && re)
				result = fire(s, AXE_SIMP_DIV_MULTIPLE,
					      rewrite(s, AXE_EXPR_ADD, qe,
						      rewrite(s, AXE_EXPR_DIV, re, d)));
		}
	}
	lin_release(&q);
	lin_release(&r);
	return result;
}

/*
 * Table II, row 1: (d*q + r) % d -> r % d.  Coefficients that are not
 * multiples of d are left alone, as row 2 leaves them in a quotient, so that
 * the digits of one number keep one written form and row 7 can rejoin them.
 */
static const axe_expr *mod_multiple(simp *s, const axe_expr *x, const axe_expr *d)
{
	lin q = { 0 }, r = { 0 };
	const axe_expr *result = NULL;

	if (d->op == AXE_EXPR_CONST && (d->value == 0 || d->value == -1))
		return NULL; /* INT64_MIN % -1 traps; nothing is a multiple of 0 */
	if (split_multiple(x, d, &q, &r)) {
		if (!holds(s, d, AXE_REL_NE0)) {
			refuse(s, AXE_SIMP_MOD_MULTIPLE);
		} else {
			const axe_expr *re = lin_build(s, &r);
			if (re)
				result = fire(s, AXE_SIMP_MOD_MULTIPLE,
					      rewrite(s, AXE_EXPR_MOD, re, d));
		}
	}
	lin_release(&q);
	lin_release(&r);
	return result;
}

/*
 * (x % (a*b)) / a -> (x / a) % b for constants a, b > 0: the digit of x in
 * base a below a*b, written the way the layout expressions write digits.
 */
static const axe_expr *mod_div(simp *s, const axe_expr *x, const axe_expr *a)
{
	int64_t ab;

	if (x->op != AXE_EXPR_MOD || x->b->op != AXE_EXPR_CONST || a->op != AXE_EXPR_CONST)
		return NULL;
	ab = x->b->value;
	if (a->value <= 0 || ab <= 0 || ab % a->value != 0 || ab == a->value)
		return refuse(s, AXE_SIMP_MOD_DIV);
	return fire(s, AXE_SIMP_MOD_DIV,
		    rewrite(s, AXE_EXPR_MOD, rewrite(s, AXE_EXPR_DIV, x->a, a),
			    axe_expr_const(s->ctx, ab / a->value)));
}

/*
 * x / d and x % d for a constant d > 0 where x = a*q + r with a a proper
 * divisor of d and 0 <= r < a: then x / d = q / (d/a) and
 * x % d = a*(q % (d/a)) + r, since (a*q + r) / a = q exactly.  The
 * candidates for a are gcd(coefficient, d) of x's terms (the
 * `2*((16*i0 + i1)/128)` an index expression gets from a row-major
 * flattening is `2*(i0/8)` when i1 < 16).  NULL when no candidate fits.
 */
static const axe_expr *divide_scaled(simp *s, const axe_expr *x, const axe_expr *d, bool div)
{
	lin l = { 0 }, q = { 0 }, r = { 0 };
	const axe_expr *result = NULL;

	if (d->op != AXE_EXPR_CONST || d->value <= 1)
		return NULL;
	lin_add(&l, x, 1);
	for (size_t i = 0; i < l.n && !l.bad && !result; i++) {
		int64_t a = axe_gcd(l.t[i].coef, d->value);
		const axe_expr *ae = axe_expr_const(s->ctx, a), *qe, *re;

		/* A modulo only pulls out a constant r: (6*j + 1) % 4 is left as it is. */
		if (a <= 1 || a >= d->value || !split_multiple(x, ae, &q, &r) || (!div && r.n == 0))
			goto next;
		re = lin_build(s, &r);
		if (!re || !holds(s, re, AXE_REL_GE0) || !holds_below(s, re, ae)) {
			refuse(s, div ? AXE_SIMP_DIV_SCALED : AXE_SIMP_MOD_SCALED);
			goto next;
		}
		if ((qe = lin_build(s, &q)) == NULL)
			goto next;
		ae = axe_expr_const(s->ctx, d->value / a);
		result = div ? fire(s, AXE_SIMP_DIV_SCALED, rewrite(s, AXE_EXPR_DIV, qe, ae))
			     : fire(s, AXE_SIMP_MOD_SCALED,
				    rewrite(s, AXE_EXPR_ADD,
					    rewrite(s, AXE_EXPR_MUL, axe_expr_const(s->ctx, a),
						    rewrite(s, AXE_EXPR_MOD, qe, ae)),
					    re));
next:
		lin_release(&q);
		lin_release(&r);
		q = r = (lin){ 0 };
	}
	lin_release(&l);
	return result;
}

/* Rows 4 and 5: x / a -> 0 and x % a -> x when a > 0 and 0 <= x < a. */
static bool small(simp *s, const axe_expr *x, const axe_expr *a)
{
	return holds(s, a, AXE_REL_GT0) && holds(s, x, AXE_REL_GE0) && holds_below(s, x, a);
}

static const axe_expr *rewrite_div(simp *s, const axe_expr *x, const axe_expr *d)
{
	const axe_expr *r;
	int64_t ad;

	if (axe_expr_is_const(d, 1))
		return fire(s, AXE_SIMP_DIV_ONE, x);
	if ((r = div_multiple(s, x, d)))
		return r;
	if (x->op == AXE_EXPR_MOD && axe_expr_compare(x->b, d) == 0) {
		if (holds(s, d, AXE_REL_GT0))
			return fire(s, AXE_SIMP_DIV_OF_MOD, axe_expr_const(s->ctx, 0));
		refuse(s, AXE_SIMP_DIV_OF_MOD);
	}
	if ((r = mod_div(s, x, d)))
		return r;
	if (x->op == AXE_EXPR_DIV && x->b->op == AXE_EXPR_CONST && d->op == AXE_EXPR_CONST) {
		if (x->b->value > 0 && d->value > 0 && !axe_mul_ovf(x->b->value, d->value, &ad))
			return fire(s, AXE_SIMP_DIV_DIV,
				    rewrite(s, AXE_EXPR_DIV, x->a, axe_expr_const(s->ctx, ad)));
		refuse(s, AXE_SIMP_DIV_DIV);
	}
	if (small(s, x, d))
		return fire(s, AXE_SIMP_DIV_SMALL, axe_expr_const(s->ctx, 0));
	refuse(s, AXE_SIMP_DIV_SMALL);
	return divide_scaled(s, x, d, true);
}

static const axe_expr *rewrite_mod(simp *s, const axe_expr *x, const axe_expr *d)
{
	const axe_expr *r;

	if (axe_expr_is_const(d, 1))
		return fire(s, AXE_SIMP_DIV_ONE, axe_expr_const(s->ctx, 0));
	if ((r = mod_multiple(s, x, d)))
		return r;
	if (x->op == AXE_EXPR_MOD && x->b->op == AXE_EXPR_CONST && d->op == AXE_EXPR_CONST) {
		if (x->b->value > 0 && d->value > 0 && x->b->value % d->value == 0)
			return fire(s, AXE_SIMP_MOD_MOD, rewrite(s, AXE_EXPR_MOD, x->a, d));
		if (!(x->b->value > 0 && x->b->value <= d->value))
			refuse(s, AXE_SIMP_MOD_MOD); /* a <= b is row 5's case */
	}
	if (small(s, x, d))
		return fire(s, AXE_SIMP_MOD_SMALL, x);
	refuse(s, AXE_SIMP_MOD_SMALL);
	return divide_scaled(s, x, d, false);
}

/* ---- bitwise operators ---- */

/* Smallest k with 2^k > "hi" (hi >= 0). */
static int bits_for(int64_t hi)
{
	int k = 0;

	while (k < 63 && ((int64_t)1 << k) <= hi)
		k++;
	return k;
}

/*
 * (h*2^k + y) op z with 0 <= z < 2^k: the bits of h*2^k lie above z's, so
 * ^ and | act on y alone (when 0 <= y < 2^k), and & drops h*2^k.
 */
static const axe_expr *bit_split(simp *s, enum axe_expr_op op, const axe_expr *x,
				 const axe_expr *z)
{
	lin high = { 0 }, low = { 0 };
	const axe_expr *result = NULL, *pow, *ye, *he;
	int k;

	if (!z->bounded || z->hi <= 0 || z->hi > ((int64_t)1 << 61))
		return NULL;
	k = bits_for(z->hi);
	pow = axe_expr_const(s->ctx, (int64_t)1 << k);
	if (!pow || !split_multiple(x, pow, &high, &low))
		goto out;
	if (!holds(s, z, AXE_REL_GE0)) {
		refuse(s, AXE_SIMP_BIT_SPLIT);
		goto out;
	}
	/* Back to h*2^k: each value was a multiple of 2^k divided by 2^k, so it fits. */
	for (size_t i = 0; i < high.n; i++)
		high.t[i].coef *= (int64_t)1 << k;
	high.c *= (int64_t)1 << k;
	ye = lin_build(s, &low);
	he = lin_build(s, &high);
	if (!ye || !he)
		goto out;
	if (op == AXE_EXPR_AND) {
		result = fire(s, AXE_SIMP_BIT_SPLIT, rewrite(s, AXE_EXPR_AND, ye, z));
	} else if (holds(s, ye, AXE_REL_GE0) && holds_below(s, ye, pow)) {
		result = fire(s, AXE_SIMP_BIT_SPLIT,
			      rewrite(s, AXE_EXPR_ADD, he, rewrite(s, op, ye, z)));
	} else {
		refuse(s, AXE_SIMP_BIT_SPLIT);
	}
out:
	lin_release(&high);
	lin_release(&low);
	return result;
}

/* x & (2^k - 1) -> x % 2^k, for either operand order. */
static const axe_expr *mask(simp *s, const axe_expr *x, const axe_expr *m)
{
	int64_t v = m->value;

	if (m->op != AXE_EXPR_CONST || v <= 0 || v == INT64_MAX || (v & (v + 1)) != 0)
		return NULL;
	return fire(s, AXE_SIMP_MASK, rewrite(s, AXE_EXPR_MOD, x, axe_expr_const(s->ctx, v + 1)));
}

static const axe_expr *rewrite_bitwise(simp *s, enum axe_expr_op op, const axe_expr *a,
				       const axe_expr *b)
{
	const axe_expr *r;

	if (axe_expr_compare(a, b) == 0)
		return fire(s, AXE_SIMP_BIT_IDENT,
			    op == AXE_EXPR_XOR ? axe_expr_const(s->ctx, 0) : a);
	for (int side = 0; side < 2; side++) {
		const axe_expr *x = side ? b : a, *y = side ? a : b;
		if (axe_expr_is_const(y, 0))
			return fire(s, AXE_SIMP_BIT_IDENT, op == AXE_EXPR_AND ? y : x);
		if (op == AXE_EXPR_AND && axe_expr_is_const(y, -1))
			return fire(s, AXE_SIMP_BIT_IDENT, x);
		if (op == AXE_EXPR_AND && (r = mask(s, x, y)))
			return r;
	}
	if ((r = bit_split(s, op, a, b)) || (r = bit_split(s, op, b, a)))
		return r;
	return NULL;
}

/* ---- dispatch ---- */

static const axe_expr *fold(simp *s, enum axe_expr_op op, const axe_expr *a, const axe_expr *b)
{
	int64_t v;
	const axe_expr *n = axe_expr_binary(s->ctx, op, a, b);

	if (!n)
		return NULL;
	if (axe_expr_eval(n, NULL, &v) < 0)
		return refuse(s, AXE_SIMP_FOLD); /* 7 / 0 stays as written */
	return fire(s, AXE_SIMP_FOLD, axe_expr_const(s->ctx, v));
}

/*
 * The operators C defines by cases (comparisons, && ||, min, max, ?:): the
 * node's value when the intervals of its operands decide it, else NULL.
 */
static const axe_expr *decided(simp *s, const axe_expr *orig)
{
	const axe_expr *a = orig->a, *b = orig->b;

	switch (orig->op) {
	case AXE_EXPR_SELECT:
		if (b->op != AXE_EXPR_CHOICE || !a->bounded || (a->lo <= 0 && a->hi >= 0 &&
								 !(a->lo == 0 && a->hi == 0)))
			return NULL;
		return fire(s, AXE_SIMP_SELECT_KNOWN, a->lo == 0 && a->hi == 0 ? b->b : b->a);
	case AXE_EXPR_MIN:
	case AXE_EXPR_MAX:
		if (!a->bounded || !b->bounded)
			return NULL;
		if (a->hi <= b->lo)
			return fire(s, AXE_SIMP_MINMAX_KNOWN, orig->op == AXE_EXPR_MIN ? a : b);
		if (b->hi <= a->lo)
			return fire(s, AXE_SIMP_MINMAX_KNOWN, orig->op == AXE_EXPR_MIN ? b : a);
		return NULL;
	default: /* comparisons, && and || */
		if (!orig->bounded || orig->lo != orig->hi)
			return NULL;
		return fire(s, AXE_SIMP_TRUTH_KNOWN, axe_expr_const(s->ctx, orig->lo));
	}
}

static const axe_expr *try_rules(simp *s, const axe_expr *orig)
{
	enum axe_expr_op op = orig->op;
	const axe_expr *a = orig->a, *b = orig->b;

	if (op == AXE_EXPR_CHOICE)
		return NULL; /* the branches of ?:, simplified with their SELECT */
	if (a->op == AXE_EXPR_CONST && b->op == AXE_EXPR_CONST)
		return fold(s, op, a, b);
	if (op >= AXE_EXPR_EQ && op <= AXE_EXPR_SELECT)
		return decided(s, orig);
	switch (op) {
	case AXE_EXPR_ADD:
	case AXE_EXPR_SUB:
		return rewrite_linear(s, orig);
	case AXE_EXPR_MUL:
		if (a->op == AXE_EXPR_CONST || b->op == AXE_EXPR_CONST)
			return rewrite_linear(s, orig);
		return axe_expr_compare(a, b) > 0 ? axe_expr_mul(s->ctx, b, a) : NULL;
	case AXE_EXPR_DIV:
		return rewrite_div(s, a, b);
	case AXE_EXPR_MOD:
		return rewrite_mod(s, a, b);
	case AXE_EXPR_SHL:
	case AXE_EXPR_SHR:
		if (b->op != AXE_EXPR_CONST || b->value < 0 || b->value > 62)
			return refuse(s, AXE_SIMP_SHIFT);
		return fire(s, AXE_SIMP_SHIFT,
			    rewrite(s, op == AXE_EXPR_SHL ? AXE_EXPR_MUL : AXE_EXPR_DIV, a,
				    axe_expr_const(s->ctx, (int64_t)1 << b->value)));
	default:
		return rewrite_bitwise(s, op, a, b);
	}
}

/*
 * "op" on the simplified operands "a" and "b", simplified.  A rule's result
 * replaces the plain node only when it is as well bounded: a rewrite must
 * never turn a defined node into one whose range is unknown.
 */
static const axe_expr *rewrite(simp *s, enum axe_expr_op op, const axe_expr *a,
			       const axe_expr *b)
{
	const axe_expr *orig = axe_expr_binary(s->ctx, op, a, b), *r;

	if (!orig || s->depth >= MAX_DEPTH)
		return orig;
	s->depth++;
	r = try_rules(s, orig);
	s->depth--;
	if (!r || (orig->bounded && !r->bounded))
		return orig;
	return r;
}

static const axe_expr *simplify_node(simp *s, const axe_expr *e)
{
	const axe_expr *a, *b;

	if (!e || e->op == AXE_EXPR_CONST || e->op == AXE_EXPR_VAR)
		return e;
	a = simplify_node(s, e->a);
	b = simplify_node(s, e->b);
	return a && b ? rewrite(s, e->op, a, b) : NULL;
}

const axe_expr *axe_expr_simplify(axe_expr_ctx *ctx, const axe_expr *e,
				  const axe_expr_prover *prover, axe_simplify_report *report)
{
	axe_simplify_report local;
	simp s = { ctx, prover, report ? report : &local, 0, NULL };
	const axe_expr *r;

	memset(s.rep, 0, sizeof(*s.rep));
	s.probe = malloc((ctx->nvars ? ctx->nvars : 1) * sizeof(int64_t));
	r = simplify_node(&s, e);
	free(s.probe);
	return ctx->nomem ? NULL : r;
}
