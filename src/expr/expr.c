/*
 * expr.c: the expression arena, constructors with interval analysis,
 * evaluation with floor semantics, structural order and substitution
 * (expr.h; semantics.md "Integer semantics of expressions").
 *
 * Interval analysis is the classic one (Cousot and Cousot's interval domain):
 * each operator maps operand intervals to a sound interval of results.  It is
 * computed in 128-bit arithmetic so that the bounds of products of 64-bit
 * values are exact, then checked to fit in 64 bits.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "expr.h"

#define BLOCK_NODES 256

struct expr_block {
	struct expr_block *next;
	size_t used;
	axe_expr node[BLOCK_NODES];
};

typedef __int128 i128;

static const char *const op_symbol[] = {
	"", "",
#define OP(name, c, py, prec) c,
#include "expr_ops.def"
#undef OP
};

static const char *const op_python[] = {
	"", "",
#define OP(name, c, py, prec) py,
#include "expr_ops.def"
#undef OP
};

static const int op_precedence[] = {
	9, 9,
#define OP(name, c, py, prec) prec,
#include "expr_ops.def"
#undef OP
};

const char *axe_expr_op_symbol(enum axe_expr_op op)
{
	return op_symbol[op];
}

const char *axe_expr_op_python(enum axe_expr_op op)
{
	return op_python[op];
}

int axe_expr_op_precedence(enum axe_expr_op op)
{
	return op_precedence[op];
}

axe_expr_ctx *axe_expr_ctx_new(void)
{
	return calloc(1, sizeof(axe_expr_ctx));
}

void axe_expr_ctx_free(axe_expr_ctx *ctx)
{
	struct expr_block *b, *next;

	if (!ctx)
		return;
	for (b = ctx->blocks; b; b = next) {
		next = b->next;
		free(b);
	}
	for (size_t i = 0; i < ctx->nvars; i++)
		free(ctx->var[i].name);
	free(ctx->var);
	free(ctx);
}

int axe_expr_ctx_add_var(axe_expr_ctx *ctx, const char *name, int64_t lo, int64_t hi)
{
	char *copy;

	if (ctx->nvars == ctx->cap_vars) {
		size_t cap = ctx->cap_vars ? 2 * ctx->cap_vars : 8;
		axe_expr_variable *v = realloc(ctx->var, cap * sizeof(*v));
		if (!v)
			return ctx->nomem = true, -1;
		ctx->var = v;
		ctx->cap_vars = cap;
	}
	copy = strdup(name);
	if (!copy)
		return ctx->nomem = true, -1;
	ctx->var[ctx->nvars] = (axe_expr_variable){ copy, lo, hi };
	return (int)ctx->nvars++;
}

int axe_expr_ctx_find_var(const axe_expr_ctx *ctx, const char *name)
{
	for (size_t i = 0; i < ctx->nvars; i++)
		if (strcmp(ctx->var[i].name, name) == 0)
			return (int)i;
	return -1;
}

static axe_expr *new_node(axe_expr_ctx *ctx, enum axe_expr_op op)
{
	struct expr_block *b = ctx->blocks;
	axe_expr *e;

	if (!b || b->used == BLOCK_NODES) {
		b = malloc(sizeof(*b));
		if (!b) {
			ctx->nomem = true;
			return NULL;
		}
		b->next = ctx->blocks;
		b->used = 0;
		ctx->blocks = b;
	}
	e = &b->node[b->used++];
	memset(e, 0, sizeof(*e));
	e->op = op;
	e->pos = e->len = -1;
	return e;
}

const axe_expr *axe_expr_const(axe_expr_ctx *ctx, int64_t value)
{
	axe_expr *e = new_node(ctx, AXE_EXPR_CONST);

	if (!e)
		return NULL;
	e->value = e->lo = e->hi = value;
	e->bounded = true;
	return e;
}

const axe_expr *axe_expr_var(axe_expr_ctx *ctx, int var)
{
	axe_expr *e;

	if (var < 0 || (size_t)var >= ctx->nvars)
		return NULL;
	e = new_node(ctx, AXE_EXPR_VAR);
	if (!e)
		return NULL;
	e->value = var;
	e->lo = ctx->var[var].lo;
	e->hi = ctx->var[var].hi;
	e->bounded = true;
	return e;
}

const axe_expr *axe_expr_set_pos(const axe_expr *e, size_t pos, size_t len)
{
	/* Nodes are immutable once shared; the parser sets this before it shares. */
	axe_expr *w = (axe_expr *)(uintptr_t)e;

	if (w) {
		w->pos = (int)pos;
		w->len = (int)len;
	}
	return e;
}

/* ---- interval analysis ---- */

static i128 floordiv128(i128 a, i128 b)
{
	i128 q = a / b;

	return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/* The smallest and largest of four candidate bounds into "*lo", "*hi". */
static void hull4(i128 p, i128 q, i128 r, i128 s, i128 *lo, i128 *hi)
{
	*lo = p < q ? p : q;
	*lo = r < *lo ? r : *lo;
	*lo = s < *lo ? s : *lo;
	*hi = p > q ? p : q;
	*hi = r > *hi ? r : *hi;
	*hi = s > *hi ? s : *hi;
}

/* Smallest k with -2^k <= v < 2^k for both ends of [lo, hi]. */
static int signed_bits(i128 lo, i128 hi)
{
	int k = 0;

	while (k < 64 && !(lo >= -((i128)1 << k) && hi < ((i128)1 << k)))
		k++;
	return k;
}

/* Bits of the largest non-negative value "hi": 2^k - 1 >= hi. */
static int unsigned_bits(i128 hi)
{
	int k = 0;

	while (k < 64 && hi >= ((i128)1 << k))
		k++;
	return k;
}

/* [lo, hi] of x % y (floor modulo), y's interval not holding 0. */
static void mod_range(const axe_expr *x, const axe_expr *y, i128 *lo, i128 *hi)
{
	if (y->lo > 0) {
		if (x->lo >= 0 && x->hi < y->lo) {
			*lo = x->lo, *hi = x->hi; /* no wrap: the identity */
		} else if (y->lo == y->hi &&
			   floordiv128(x->lo, y->lo) == floordiv128(x->hi, y->lo)) {
			*lo = x->lo - floordiv128(x->lo, y->lo) * y->lo; /* one period */
			*hi = x->hi - floordiv128(x->hi, y->lo) * y->lo;
		} else {
			*lo = 0;
			*hi = x->lo >= 0 && x->hi < y->hi - 1 ? x->hi : (i128)y->hi - 1;
		}
	} else {
		if (x->hi <= 0 && x->lo > y->hi) {
			*lo = x->lo, *hi = x->hi;
		} else {
			*lo = (i128)y->lo + 1;
			*hi = 0;
		}
	}
}

/* [lo, hi] of a bitwise operator on "x" and "y". */
static void bit_range(enum axe_expr_op op, const axe_expr *x, const axe_expr *y,
		      i128 *lo, i128 *hi)
{
	int k;

	if (x->lo >= 0 && y->lo >= 0) {
		k = unsigned_bits(x->hi > y->hi ? x->hi : y->hi);
		*lo = op == AXE_EXPR_OR ? (x->lo > y->lo ? x->lo : y->lo) : 0;
		*hi = op == AXE_EXPR_AND ? (x->hi < y->hi ? x->hi : y->hi)
					 : ((i128)1 << k) - 1;
		return;
	}
	if (op == AXE_EXPR_AND && (x->lo >= 0 || y->lo >= 0)) {
		/* Masking with a non-negative value keeps the result in [0, it]. */
		*lo = 0;
		*hi = x->lo >= 0 ? x->hi : y->hi;
		return;
	}
	k = signed_bits(x->lo < y->lo ? x->lo : y->lo, x->hi > y->hi ? x->hi : y->hi);
	*lo = -((i128)1 << k);
	*hi = ((i128)1 << k) - 1;
}

/*
 * The interval of "op" on "x" and "y" into "*lo", "*hi"; false when the node
 * may be undefined (divisor interval holds 0, shift count outside [0, 62]).
 */
static bool op_range(enum axe_expr_op op, const axe_expr *x, const axe_expr *y,
		     i128 *lo, i128 *hi)
{
	switch (op) {
	case AXE_EXPR_ADD:
		*lo = (i128)x->lo + y->lo, *hi = (i128)x->hi + y->hi;
		return true;
	case AXE_EXPR_SUB:
		*lo = (i128)x->lo - y->hi, *hi = (i128)x->hi - y->lo;
		return true;
	case AXE_EXPR_MUL:
		hull4((i128)x->lo * y->lo, (i128)x->lo * y->hi, (i128)x->hi * y->lo,
		      (i128)x->hi * y->hi, lo, hi);
		return true;
	case AXE_EXPR_DIV:
		if (y->lo <= 0 && y->hi >= 0)
			return false;
		/* floor(x/y) is monotone in each argument on a sign-constant y. */
		hull4(floordiv128(x->lo, y->lo), floordiv128(x->lo, y->hi),
		      floordiv128(x->hi, y->lo), floordiv128(x->hi, y->hi), lo, hi);
		return true;
	case AXE_EXPR_MOD:
		if (y->lo <= 0 && y->hi >= 0)
			return false;
		mod_range(x, y, lo, hi);
		return true;
	case AXE_EXPR_SHL:
	case AXE_EXPR_SHR: {
		i128 p, q;
		if (y->lo < 0 || y->hi > 62)
			return false;
		/* x * 2^c and floor(x / 2^c) are monotone in x and in c. */
		p = (i128)1 << y->lo;
		q = (i128)1 << y->hi;
		if (op == AXE_EXPR_SHL)
			hull4(x->lo * p, x->lo * q, x->hi * p, x->hi * q, lo, hi);
		else
			hull4(floordiv128(x->lo, p), floordiv128(x->lo, q),
			      floordiv128(x->hi, p), floordiv128(x->hi, q), lo, hi);
		return true;
	}
	default:
		bit_range(op, x, y, lo, hi);
		return true;
	}
}

const axe_expr *axe_expr_binary(axe_expr_ctx *ctx, enum axe_expr_op op, const axe_expr *a,
				const axe_expr *b)
{
	axe_expr *e;
	i128 lo, hi;

	if (!a || !b)
		return NULL;
	e = new_node(ctx, op);
	if (!e)
		return NULL;
	e->a = a;
	e->b = b;
	e->lo = INT64_MIN;
	e->hi = INT64_MAX;
	if (a->bounded && b->bounded && op_range(op, a, b, &lo, &hi) &&
	    lo >= INT64_MIN && hi <= INT64_MAX) {
		e->lo = (int64_t)lo;
		e->hi = (int64_t)hi;
		e->bounded = true;
	}
	return e;
}

/* ---- evaluation ---- */

int axe_expr_apply(enum axe_expr_op op, int64_t x, int64_t y, int64_t *out)
{
	switch (op) {
	case AXE_EXPR_ADD: return axe_add_ovf(x, y, out) ? -1 : 0;
	case AXE_EXPR_SUB: return axe_sub_ovf(x, y, out) ? -1 : 0;
	case AXE_EXPR_MUL: return axe_mul_ovf(x, y, out) ? -1 : 0;
	case AXE_EXPR_DIV:
	case AXE_EXPR_MOD:
		if (y == 0 || (x == INT64_MIN && y == -1))
			return -1;
		*out = op == AXE_EXPR_DIV ? axe_floordiv(x, y) : axe_floormod(x, y);
		return 0;
	case AXE_EXPR_SHL:
		if (y < 0 || y > 62)
			return -1;
		return axe_mul_ovf(x, (int64_t)1 << y, out) ? -1 : 0;
	case AXE_EXPR_SHR:
		if (y < 0 || y > 62)
			return -1;
		*out = axe_floordiv(x, (int64_t)1 << y);
		return 0;
	case AXE_EXPR_AND: *out = x & y; return 0;
	case AXE_EXPR_OR: *out = x | y; return 0;
	case AXE_EXPR_XOR: *out = x ^ y; return 0;
	default: return -1;
	}
}

int axe_expr_eval(const axe_expr *e, const int64_t *values, int64_t *out)
{
	int64_t x, y;

	if (e->op == AXE_EXPR_CONST) {
		*out = e->value;
		return 0;
	}
	if (e->op == AXE_EXPR_VAR) {
		*out = values[e->value];
		return 0;
	}
	if (axe_expr_eval(e->a, values, &x) < 0 || axe_expr_eval(e->b, values, &y) < 0)
		return -1;
	return axe_expr_apply(e->op, x, y, out);
}

/* ---- structure ---- */

int axe_expr_compare(const axe_expr *a, const axe_expr *b)
{
	int c;

	if (a == b)
		return 0;
	if (a->op != b->op)
		return a->op < b->op ? -1 : 1;
	if (a->op == AXE_EXPR_CONST || a->op == AXE_EXPR_VAR)
		return a->value < b->value ? -1 : a->value > b->value;
	c = axe_expr_compare(a->a, b->a);
	return c ? c : axe_expr_compare(a->b, b->b);
}

size_t axe_expr_size(const axe_expr *e)
{
	if (e->op == AXE_EXPR_CONST || e->op == AXE_EXPR_VAR)
		return 1;
	return 1 + axe_expr_size(e->a) + axe_expr_size(e->b);
}

bool axe_expr_uses(const axe_expr *e, enum axe_expr_op op)
{
	if (e->op == op)
		return true;
	if (e->op == AXE_EXPR_CONST || e->op == AXE_EXPR_VAR)
		return false;
	return axe_expr_uses(e->a, op) || axe_expr_uses(e->b, op);
}

const axe_expr *axe_expr_subst(axe_expr_ctx *ctx, const axe_expr *e,
			       const axe_expr *const *by)
{
	const axe_expr *a, *b;

	if (e->op == AXE_EXPR_CONST)
		return e;
	if (e->op == AXE_EXPR_VAR)
		return by[e->value] ? by[e->value] : e;
	a = axe_expr_subst(ctx, e->a, by);
	b = axe_expr_subst(ctx, e->b, by);
	if (a == e->a && b == e->b)
		return e; /* keep sharing what did not change */
	return axe_expr_binary(ctx, e->op, a, b);
}
