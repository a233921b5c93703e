/*
 * program.c: index expressions compiled for enumeration (program.h).
 *
 * The domain is walked in row-major order.  The trailing dimensions whose
 * extents multiply to at least MIN_INNER points (or all of them) are the
 * inner dimensions: a block of points never leaves one value of the outer
 * coordinates, so every node that depends on outer coordinates only is a
 * scalar computed once per outer point, and the rest are vectors of one
 * value per point of the block.  Compilation turns the trees into two
 * straight-line step lists (scalar steps, vector steps) over slots, with
 * equal subtrees computed once and constant subtrees folded.
 *
 * Every vector step is a loop over the block that the compiler can
 * vectorize.  Division and modulo by a divisor that is the same for the
 * whole block take one of three forms chosen per block from its value:
 * a shift and a mask for a positive power of two (floor semantics for any
 * sign of the dividend, in two's complement); a multiplication by a
 * reciprocal for a positive divisor below 2^31 when the dividend's interval
 * lies in [0, 2^32); floor division otherwise.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "program.h"

#define MIN_INNER 64 /* points of an outer value before hoisting pays off */

typedef enum src_kind { SRC_CONST, SRC_SCALAR, SRC_VECTOR } src_kind;

/* Where a step reads an operand: a constant, a scalar slot or a vector slot. */
typedef struct operand {
	src_kind kind;
	int64_t value; /* SRC_CONST */
	size_t slot;   /* SRC_SCALAR, SRC_VECTOR */
} operand;

typedef struct step {
	enum axe_expr_op op;
	operand a, b;
	size_t out;         /* scalar or vector slot, by the step list it is in */
	bool dividend_u32;  /* a's interval lies in [0, 2^32): reciprocals apply */
} step;

/* A compiled node, remembered so that equal subtrees are computed once. */
typedef struct memo {
	const axe_expr *node;
	operand where;
} memo;

typedef int64_t block[AXE_EXPR_BATCH];

struct axe_expr_program {
	axe_shape shape;
	size_t first_inner;        /* dimensions [first_inner, rank) vary in a block */
	int64_t inner_size;        /* the product of their extents */
	int64_t inner_flat;        /* the current point's index among them */
	int64_t coord[AXE_MAX_RANK];
	bool outer_changed;        /* the scalar steps must run again */
	step *scalar_steps, *vector_steps;
	size_t nscalar_steps, nvector_steps;
	int64_t *scalar;           /* scalar slots; slot d < rank is coordinate d */
	size_t nscalars;
	block *vector;             /* vector slots; inner coordinate d has var_vector[d] */
	size_t nvectors;
	size_t var_vector[AXE_MAX_RANK];
	operand *result;           /* per expression */
	block *broadcast;          /* per expression: a scalar result repeated */
	size_t nresults;
	memo *memo;
	size_t nmemo, cap_memo, cap_steps[2];
	bool nomem;
};

void axe_expr_program_free(axe_expr_program *p)
{
	if (!p)
		return;
	free(p->scalar_steps);
	free(p->vector_steps);
	free(p->scalar);
	free(p->vector);
	free(p->result);
	free(p->broadcast);
	free(p->memo);
	free(p);
}

/* ---- compilation ---- */

static operand const_operand(int64_t value)
{
	return (operand){ SRC_CONST, value, 0 };
}

static bool grow(void **array, size_t *cap, size_t need, size_t elem)
{
	void *bigger;
	size_t n = *cap ? *cap : 16;

	if (need <= *cap)
		return true;
	while (n < need)
		n *= 2;
	bigger = realloc(*array, n * elem);
	if (!bigger)
		return false;
	*array = bigger;
	*cap = n;
	return true;
}

static bool remembered(const axe_expr_program *p, const axe_expr *e, operand *where)
{
	for (size_t i = 0; i < p->nmemo; i++)
		if (p->memo[i].node == e ||
		    (p->memo[i].node->op == e->op && axe_expr_compare(p->memo[i].node, e) == 0)) {
			*where = p->memo[i].where;
			return true;
		}
	return false;
}

static void remember(axe_expr_program *p, const axe_expr *e, operand where)
{
	if (!grow((void **)&p->memo, &p->cap_memo, p->nmemo + 1, sizeof(memo))) {
		p->nomem = true;
		return;
	}
	p->memo[p->nmemo++] = (memo){ e, where };
}

/* Append a step computing "e" from "a" and "b"; where its value will be. */
static operand emit(axe_expr_program *p, const axe_expr *e, operand a, operand b)
{
	bool vector = a.kind == SRC_VECTOR || b.kind == SRC_VECTOR;
	step **list = vector ? &p->vector_steps : &p->scalar_steps;
	size_t *n = vector ? &p->nvector_steps : &p->nscalar_steps;
	size_t *cap = &p->cap_steps[vector];
	operand where = { vector ? SRC_VECTOR : SRC_SCALAR, 0,
			  vector ? p->nvectors++ : p->nscalars++ };

	if (!grow((void **)list, cap, *n + 1, sizeof(step))) {
		p->nomem = true;
		return where;
	}
	(*list)[(*n)++] = (step){ e->op, a, b, where.slot,
				  e->a->bounded && e->a->lo >= 0 && e->a->hi < ((int64_t)1 << 32) };
	return where;
}

static operand compile_node(axe_expr_program *p, const axe_expr *e)
{
	operand where, a, b;
	int64_t value;

	if (e->op == AXE_EXPR_CONST)
		return const_operand(e->value);
	if (e->op == AXE_EXPR_VAR) {
		size_t d = (size_t)e->value;
		if (d < p->first_inner)
			return (operand){ SRC_SCALAR, 0, d };
		return (operand){ SRC_VECTOR, 0, p->var_vector[d] };
	}
	if (remembered(p, e, &where))
		return where;
	a = compile_node(p, e->a);
	b = compile_node(p, e->b);
	/* Constant operands fold: the expression is defined on the domain. */
	if (a.kind == SRC_CONST && b.kind == SRC_CONST && axe_expr_apply(e->op, a.value, b.value,
									  &value) == 0)
		where = const_operand(value);
	else
		where = emit(p, e, a, b);
	remember(p, e, where);
	return where;
}

/* The inner dimensions: the shortest suffix of at least MIN_INNER points. */
static void choose_inner(axe_expr_program *p)
{
	p->inner_size = 1;
	p->first_inner = p->shape.rank;
	while (p->first_inner > 0 && p->inner_size < MIN_INNER)
		p->inner_size *= p->shape.dim[--p->first_inner];
}

axe_expr_program *axe_expr_program_new(const axe_expr *const *exprs, size_t n,
				       const axe_shape *shape, axe_error *err)
{
	axe_expr_program *p = calloc(1, sizeof(*p));

	if (!p)
		goto nomem;
	p->shape = *shape;
	choose_inner(p);
	p->nscalars = shape->rank; /* coordinates first */
	for (size_t d = p->first_inner; d < shape->rank; d++)
		p->var_vector[d] = p->nvectors++;
	p->nresults = n;
	p->result = calloc(n ? n : 1, sizeof(operand));
	if (!p->result)
		goto nomem;
	for (size_t k = 0; k < n; k++)
		p->result[k] = compile_node(p, exprs[k]);
	p->scalar = calloc(p->nscalars + 1, sizeof(int64_t));
	p->vector = calloc(p->nvectors + 1, sizeof(block));
	p->broadcast = calloc(n ? n : 1, sizeof(block));
	if (p->nomem || !p->scalar || !p->vector || !p->broadcast)
		goto nomem;
	free(p->memo);
	p->memo = NULL;
	axe_expr_program_seek(p, 0);
	return p;
nomem:
	axe_expr_program_free(p);
	axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	return NULL;
}

/* ---- position ---- */

void axe_expr_program_seek(axe_expr_program *p, int64_t flat)
{
	int64_t outer = flat / p->inner_size, inner = flat % p->inner_size;

	p->inner_flat = inner;
	for (size_t d = p->shape.rank; d-- > p->first_inner;) {
		p->coord[d] = inner % p->shape.dim[d];
		inner /= p->shape.dim[d];
	}
	for (size_t d = p->first_inner; d-- > 0;) {
		p->coord[d] = outer % p->shape.dim[d];
		outer /= p->shape.dim[d];
	}
	p->outer_changed = true;
}

size_t axe_expr_program_room(const axe_expr_program *p)
{
	int64_t left = p->inner_size - p->inner_flat;

	return left < AXE_EXPR_BATCH ? (size_t)left : AXE_EXPR_BATCH;
}

/* Move on by "count" points, staying inside (or just finishing) one outer value. */
static void advance(axe_expr_program *p, size_t count)
{
	int64_t inner;

	p->inner_flat += (int64_t)count;
	if (p->inner_flat < p->inner_size) {
		inner = p->inner_flat; /* a division per block, not per point */
		for (size_t d = p->shape.rank; d-- > p->first_inner;) {
			p->coord[d] = inner % p->shape.dim[d];
			inner /= p->shape.dim[d];
		}
		return;
	}
	p->inner_flat = 0;
	for (size_t d = p->first_inner; d < p->shape.rank; d++)
		p->coord[d] = 0;
	p->outer_changed = true;
	for (size_t d = p->first_inner; d-- > 0;) {
		if (++p->coord[d] < p->shape.dim[d])
			return;
		p->coord[d] = 0;
	}
}

/* ---- execution ---- */

static int64_t scalar_value(const axe_expr_program *p, operand o)
{
	return o.kind == SRC_CONST ? o.value : p->scalar[o.slot];
}

static void run_scalar_steps(axe_expr_program *p)
{
	for (size_t d = 0; d < p->first_inner; d++)
		p->scalar[d] = p->coord[d];
	for (size_t i = 0; i < p->nscalar_steps; i++) {
		const step *s = &p->scalar_steps[i];
		int64_t out = 0;

		/* Defined: the operands are values of a bounded expression on the domain. */
		axe_expr_apply(s->op, scalar_value(p, s->a), scalar_value(p, s->b), &out);
		p->scalar[s->out] = out;
	}
	for (size_t k = 0; k < p->nresults; k++)
		if (p->result[k].kind != SRC_VECTOR)
			for (size_t t = 0; t < AXE_EXPR_BATCH; t++)
				p->broadcast[k][t] = scalar_value(p, p->result[k]);
}

/* The inner coordinates of the block's "n" points, by an odometer. */
static void fill_coordinates(axe_expr_program *p, size_t n)
{
	size_t last = p->shape.rank - 1;
	int64_t c[AXE_MAX_RANK];

	if (p->first_inner == last) {
		int64_t *v = p->vector[p->var_vector[last]], start = p->coord[last];
		for (size_t t = 0; t < n; t++)
			v[t] = start + (int64_t)t;
		return;
	}
	memcpy(c, p->coord, sizeof(c));
	for (size_t t = 0; t < n; t++) {
		for (size_t d = p->first_inner; d <= last; d++)
			p->vector[p->var_vector[d]][t] = c[d];
		for (size_t d = last + 1; d-- > p->first_inner;) {
			if (++c[d] < p->shape.dim[d])
				break;
			c[d] = 0;
		}
	}
}

/*
 * One loop per operator and operand form (vector-vector, vector-scalar,
 * scalar-vector), each simple enough to vectorize; "x" and "y" are the
 * operands at point t.
 */
#define VECTOR_OP(name, EXPR)                                                             \
	static void name(int64_t *restrict o, const int64_t *restrict a, int64_t as,        \
			 const int64_t *restrict b, int64_t bs, size_t n)                   \
	{                                                                                 \
		if (a && b) {                                                             \
			for (size_t t = 0; t < n; t++) {                                  \
				int64_t x = a[t], y = b[t];                               \
				o[t] = (EXPR);                                            \
			}                                                                 \
		} else if (a) {                                                           \
			for (size_t t = 0; t < n; t++) {                                  \
				int64_t x = a[t], y = bs;                                 \
				o[t] = (EXPR);                                            \
			}                                                                 \
		} else {                                                                  \
			for (size_t t = 0; t < n; t++) {                                  \
				int64_t x = as, y = b[t];                                 \
				o[t] = (EXPR);                                            \
			}                                                                 \
		}                                                                         \
	}

VECTOR_OP(vector_add, x + y)
VECTOR_OP(vector_sub, x - y)
VECTOR_OP(vector_mul, (int64_t)((uint64_t)x * (uint64_t)y))
VECTOR_OP(vector_and, x & y)
VECTOR_OP(vector_or, x | y)
VECTOR_OP(vector_xor, x ^ y)
VECTOR_OP(vector_shl, (int64_t)((uint64_t)x << y))
VECTOR_OP(vector_shr, x >> y) /* arithmetic shift: floor division (gcc, two's complement) */
VECTOR_OP(vector_floordiv, axe_floordiv(x, y))
VECTOR_OP(vector_floormod, axe_floormod(x, y))

/* Any other operator, one call per point (the operators above cover the table). */
static void vector_apply(enum axe_expr_op op, int64_t *o, const int64_t *a, int64_t as,
			 const int64_t *b, int64_t bs, size_t n)
{
	for (size_t t = 0; t < n; t++)
		axe_expr_apply(op, a ? a[t] : as, b ? b[t] : bs, &o[t]);
}

/*
 * Division or modulo of the vector "a" by the block-invariant "d" (nonzero:
 * the expression is defined on the domain), in the cheapest exact form.
 */
static void divide_by_invariant(enum axe_expr_op op, bool dividend_u32, int64_t *restrict o,
				const int64_t *restrict a, int64_t d, size_t n)
{
	bool div = op == AXE_EXPR_DIV;

	if (d > 0 && (d & (d - 1)) == 0) {
		int k = __builtin_ctzll((unsigned long long)d);
		for (size_t t = 0; t < n; t++)
			o[t] = div ? a[t] >> k : a[t] & (d - 1);
	} else if (d > 0 && d < ((int64_t)1 << 31) && dividend_u32) {
		/* m = floor(2^(32+l) / d) + 1 with l = ceil(log2 d): exact for a < 2^32. */
		int l = 64 - __builtin_clzll((unsigned long long)(d - 1));
		uint64_t m = (uint64_t)((((unsigned __int128)1) << (32 + l)) / (uint64_t)d) + 1;
		for (size_t t = 0; t < n; t++) {
			int64_t q = (int64_t)(((unsigned __int128)(uint64_t)a[t] * m) >> (32 + l));
			o[t] = div ? q : a[t] - q * d;
		}
	} else if (div) {
		vector_floordiv(o, a, 0, NULL, d, n);
	} else {
		vector_floormod(o, a, 0, NULL, d, n);
	}
}

static void run_vector_step(axe_expr_program *p, const step *s, size_t n)
{
	const int64_t *a = s->a.kind == SRC_VECTOR ? p->vector[s->a.slot] : NULL;
	const int64_t *b = s->b.kind == SRC_VECTOR ? p->vector[s->b.slot] : NULL;
	int64_t as = a ? 0 : scalar_value(p, s->a), bs = b ? 0 : scalar_value(p, s->b);
	int64_t *o = p->vector[s->out];

	switch (s->op) {
	case AXE_EXPR_ADD: vector_add(o, a, as, b, bs, n); break;
	case AXE_EXPR_SUB: vector_sub(o, a, as, b, bs, n); break;
	case AXE_EXPR_MUL: vector_mul(o, a, as, b, bs, n); break;
	case AXE_EXPR_AND: vector_and(o, a, as, b, bs, n); break;
	case AXE_EXPR_OR: vector_or(o, a, as, b, bs, n); break;
	case AXE_EXPR_XOR: vector_xor(o, a, as, b, bs, n); break;
	case AXE_EXPR_SHL: vector_shl(o, a, as, b, bs, n); break;
	case AXE_EXPR_SHR: vector_shr(o, a, as, b, bs, n); break;
	case AXE_EXPR_DIV:
	case AXE_EXPR_MOD:
		if (!b)
			divide_by_invariant(s->op, s->dividend_u32, o, a, bs, n);
		else if (s->op == AXE_EXPR_DIV)
			vector_floordiv(o, a, as, b, bs, n);
		else
			vector_floormod(o, a, as, b, bs, n);
		break;
	default: vector_apply(s->op, o, a, as, b, bs, n); break;
	}
}

void axe_expr_program_run(axe_expr_program *p, size_t count, const int64_t **out)
{
	if (p->outer_changed) {
		run_scalar_steps(p);
		p->outer_changed = false;
	}
	if (p->first_inner < p->shape.rank)
		fill_coordinates(p, count);
	for (size_t i = 0; i < p->nvector_steps; i++)
		run_vector_step(p, &p->vector_steps[i], count);
	for (size_t k = 0; k < p->nresults; k++)
		out[k] = p->result[k].kind == SRC_VECTOR ? p->vector[p->result[k].slot]
							 : p->broadcast[k];
	advance(p, count);
}
