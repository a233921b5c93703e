/*
 * expr_print.c: printing expressions as `expr:` text, C and Python
 * (expr.h; semantics.md "Integer semantics of expressions": emitted C must
 * keep floor semantics wherever the intervals cannot show the operands are
 * non-negative, since C's `/` and `%` truncate).
 *
 * Precedence comes from expr_ops.def, which is C's.  For the reader,
 * operands of `& | ^ << >>` that are not atoms get parentheses (what
 * -Wparentheses asks for), and so does a quotient or remainder inside a
 * product, quotient or remainder: `(j/2)%4`.  Comparison and logical
 * operands that are comparisons, logical operators or ?: are parenthesized
 * too, which also keeps Python (where comparisons chain and sit below the
 * bitwise operators) reading what C reads; Python gets `(a if c else b)`,
 * `and`/`or` on bool() operands, and min/max as builtins; C gets axe_min and
 * axe_max from the prelude.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"

#define PREC_SELECT 1 /* below every infix operator */
#define PREC_UNARY 12
#define PREC_ATOM 14

typedef struct sbuf {
	char *s;
	size_t n, cap;
	bool nomem;
} sbuf;

typedef struct printer {
	const axe_expr_ctx *ctx;
	axe_expr_syntax syntax;
	sbuf out;
} printer;

static void put(sbuf *b, const char *s)
{
	size_t len = strlen(s);

	if (b->nomem)
		return;
	if (b->n + len + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		char *p;
		while (cap < b->n + len + 1)
			cap *= 2;
		p = realloc(b->s, cap);
		if (!p) {
			b->nomem = true;
			return;
		}
		b->s = p;
		b->cap = cap;
	}
	memcpy(b->s + b->n, s, len + 1);
	b->n += len;
}

static bool is_bitwise(enum axe_expr_op op)
{
	return op == AXE_EXPR_AND || op == AXE_EXPR_OR || op == AXE_EXPR_XOR ||
	       op == AXE_EXPR_SHL || op == AXE_EXPR_SHR;
}

static bool is_multiplicative(enum axe_expr_op op)
{
	return op == AXE_EXPR_MUL || op == AXE_EXPR_DIV || op == AXE_EXPR_MOD;
}

static bool is_comparison(enum axe_expr_op op)
{
	return op >= AXE_EXPR_EQ && op <= AXE_EXPR_GE;
}

/* Comparisons and && ||: their value is a truth value, 0 or 1. */
static bool is_truth(enum axe_expr_op op)
{
	return is_comparison(op) || op == AXE_EXPR_LAND || op == AXE_EXPR_LOR;
}

/* True when the C printer must call a floor helper for "e" (DIV, MOD, SHR). */
static bool needs_floor_call(const printer *p, const axe_expr *e)
{
	bool plain = e->a->bounded && e->a->lo >= 0 && e->b->bounded && e->b->lo > 0;

	if (p->syntax != AXE_SYNTAX_C)
		return false;
	if (e->op == AXE_EXPR_DIV || e->op == AXE_EXPR_MOD)
		return !plain;
	if (e->op == AXE_EXPR_SHR || e->op == AXE_EXPR_SHL)
		return !(e->a->bounded && e->a->lo >= 0);
	return false;
}

/* The precedence "e" prints with: atoms bind tightest. */
static int print_precedence(const printer *p, const axe_expr *e)
{
	switch (e->op) {
	case AXE_EXPR_CONST:
		return e->value < 0 ? PREC_UNARY : PREC_ATOM;
	case AXE_EXPR_VAR:
	case AXE_EXPR_MIN: /* calls */
	case AXE_EXPR_MAX:
		return PREC_ATOM;
	case AXE_EXPR_SELECT:
		return p->syntax == AXE_SYNTAX_PYTHON ? PREC_ATOM : PREC_SELECT; /* (a if c else b) */
	case AXE_EXPR_MUL:
		if (axe_expr_is_const(e->a, -1))
			return PREC_UNARY;
		break;
	case AXE_EXPR_ADD:
		break;
	default:
		if (needs_floor_call(p, e))
			return e->op == AXE_EXPR_SHL ? axe_expr_op_precedence(AXE_EXPR_MUL)
						     : PREC_ATOM;
	}
	return axe_expr_op_precedence(e->op);
}

static void print_node(printer *p, const axe_expr *e);

/* Print "e" as an operand, in parentheses when "paren" is true. */
static void print_operand(printer *p, const axe_expr *e, bool paren)
{
	if (paren)
		put(&p->out, "(");
	print_node(p, e);
	if (paren)
		put(&p->out, ")");
}

/* Whether operand "e" of "parent" (its right operand when "right") needs parentheses. */
static bool operand_paren(const printer *p, const axe_expr *parent, const axe_expr *e,
			  bool right)
{
	int pp = print_precedence(p, parent), pe = print_precedence(p, e);

	if (pe < pp || (right && pe == pp))
		return true;
	if (pe == PREC_ATOM)
		return false;
	if (pe == PREC_UNARY) /* x*(-3), but -3*x and x - -3 need none */
		return is_bitwise(parent->op) ||
		       (right && parent->op != AXE_EXPR_ADD && parent->op != AXE_EXPR_SUB);
	if (is_bitwise(parent->op))
		return true;
	/* a < b == c: C's order, but Python chains it; a && b || c: -Wparentheses. */
	if (is_comparison(parent->op) && (is_truth(e->op) || e->op == AXE_EXPR_SELECT))
		return true;
	if (parent->op == AXE_EXPR_LOR && e->op == AXE_EXPR_LAND)
		return true;
	return is_multiplicative(parent->op) && is_multiplicative(e->op) &&
	       !(parent->op == AXE_EXPR_MUL && e->op == AXE_EXPR_MUL);
}

static void print_const(printer *p, int64_t v)
{
	char buf[48];

	if (v == INT64_MIN)
		snprintf(buf, sizeof(buf), p->syntax == AXE_SYNTAX_C
				? "(-9223372036854775807LL - 1)" : "-9223372036854775808");
	else
		snprintf(buf, sizeof(buf), "%" PRId64 "%s", v,
			 p->syntax == AXE_SYNTAX_C && (v > INT32_MAX || v < -INT32_MAX) ? "LL"
										   : "");
	put(&p->out, buf);
}

/* C's floor helpers: axe_floordiv(a, b), axe_floormod(a, b); shifts of signed values. */
static void print_floor_call(printer *p, const axe_expr *e)
{
	if (e->op == AXE_EXPR_SHL) {
		print_operand(p, e->a, operand_paren(p, e, e->a, false));
		put(&p->out, "*");
		if (e->b->op == AXE_EXPR_CONST) {
			print_const(p, (int64_t)1 << e->b->value);
			return;
		}
		put(&p->out, "(1LL << ");
		print_operand(p, e->b, e->b->op != AXE_EXPR_CONST && e->b->op != AXE_EXPR_VAR);
		put(&p->out, ")");
		return;
	}
	put(&p->out, e->op == AXE_EXPR_MOD ? "axe_floormod(" : "axe_floordiv(");
	print_node(p, e->a);
	put(&p->out, ", ");
	if (e->op == AXE_EXPR_SHR && e->b->op == AXE_EXPR_CONST) {
		print_const(p, (int64_t)1 << e->b->value);
	} else if (e->op == AXE_EXPR_SHR) {
		put(&p->out, "1LL << ");
		print_operand(p, e->b, e->b->op != AXE_EXPR_CONST && e->b->op != AXE_EXPR_VAR);
	} else {
		print_node(p, e->b);
	}
	put(&p->out, ")");
}

/* min(a, b) and max(a, b): axe_min / axe_max in C, builtins elsewhere. */
static void print_call(printer *p, const axe_expr *e)
{
	put(&p->out, p->syntax == AXE_SYNTAX_C ? "axe_" : "");
	put(&p->out, axe_expr_op_symbol(e->op));
	put(&p->out, "(");
	print_node(p, e->a);
	put(&p->out, ", ");
	print_node(p, e->b);
	put(&p->out, ")");
}

/* "c ? a : b", or Python's "(a if c else b)"; "e" is SELECT(c, CHOICE(a, b)). */
static void print_select(printer *p, const axe_expr *e)
{
	const axe_expr *c = e->a, *a = e->b->a, *b = e->b->b;
	bool py = p->syntax == AXE_SYNTAX_PYTHON;

	put(&p->out, py ? "(" : "");
	print_operand(p, py ? a : c, print_precedence(p, py ? a : c) <= PREC_SELECT);
	put(&p->out, py ? " if " : " ? ");
	print_operand(p, py ? c : a, print_precedence(p, py ? c : a) <= PREC_SELECT);
	put(&p->out, py ? " else " : " : ");
	print_operand(p, b, py && print_precedence(p, b) <= PREC_SELECT);
	put(&p->out, py ? ")" : "");
}

/* Python's && and ||: "(bool(a) and bool(b))", a bool that is 0 or 1 as C's. */
static void print_python_logic(printer *p, const axe_expr *e)
{
	put(&p->out, "(bool(");
	print_node(p, e->a);
	put(&p->out, e->op == AXE_EXPR_LAND ? ") and bool(" : ") or bool(");
	print_node(p, e->b);
	put(&p->out, "))");
}

static void print_node(printer *p, const axe_expr *e)
{
	const char *sym;
	bool spaced;

	if (e->op == AXE_EXPR_CONST) {
		print_const(p, e->value);
		return;
	}
	if (e->op == AXE_EXPR_VAR) {
		put(&p->out, p->ctx->var[e->value].name);
		return;
	}
	if (e->op == AXE_EXPR_MUL && axe_expr_is_const(e->a, -1)) {
		put(&p->out, "-");
		print_operand(p, e->b, print_precedence(p, e->b) <= PREC_UNARY);
		return;
	}
	if (needs_floor_call(p, e)) {
		print_floor_call(p, e);
		return;
	}
	if (e->op == AXE_EXPR_MIN || e->op == AXE_EXPR_MAX) {
		print_call(p, e);
		return;
	}
	if (e->op == AXE_EXPR_SELECT && e->b->op == AXE_EXPR_CHOICE) {
		print_select(p, e);
		return;
	}
	if (p->syntax == AXE_SYNTAX_PYTHON && (e->op == AXE_EXPR_LAND || e->op == AXE_EXPR_LOR)) {
		print_python_logic(p, e);
		return;
	}
	sym = p->syntax == AXE_SYNTAX_PYTHON ? axe_expr_op_python(e->op)
					     : axe_expr_op_symbol(e->op);
	spaced = !is_multiplicative(e->op);
	print_operand(p, e->a, operand_paren(p, e, e->a, false));
	if (e->op == AXE_EXPR_ADD && e->b->op == AXE_EXPR_CONST && e->b->value < 0 &&
	    e->b->value != INT64_MIN) {
		put(&p->out, " - "); /* x + (-3) reads as x - 3 */
		print_const(p, -e->b->value);
		return;
	}
	put(&p->out, spaced ? " " : "");
	put(&p->out, sym);
	put(&p->out, spaced ? " " : "");
	print_operand(p, e->b, operand_paren(p, e, e->b, true));
}

char *axe_expr_to_string(const axe_expr_ctx *ctx, const axe_expr *e, axe_expr_syntax syntax)
{
	printer p = { ctx, syntax, { NULL, 0, 0, false } };

	put(&p.out, "");
	print_node(&p, e);
	if (p.out.nomem) {
		free(p.out.s);
		return NULL;
	}
	return p.out.s;
}

bool axe_expr_c_needs_prelude(const char *text)
{
	return strstr(text, "axe_floor") || strstr(text, "axe_min(") || strstr(text, "axe_max(");
}

const char *axe_expr_c_prelude(void)
{
	return "#ifndef AXE_FLOOR_HELPERS\n"
	       "#define AXE_FLOOR_HELPERS\n"
	       "#ifdef __CUDACC__\n"
	       "#define AXE_HD __host__ __device__\n"
	       "#else\n"
	       "#define AXE_HD\n"
	       "#endif\n"
	       "/* Floor division and the modulo with the divisor's sign (Python's). */\n"
	       "static inline AXE_HD long long axe_floordiv(long long a, long long b)\n"
	       "{\n"
	       "\tlong long q = a / b;\n"
	       "\treturn (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;\n"
	       "}\n"
	       "static inline AXE_HD long long axe_floormod(long long a, long long b)\n"
	       "{\n"
	       "\tlong long r = a % b;\n"
	       "\treturn (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;\n"
	       "}\n"
	       "static inline AXE_HD long long axe_min(long long a, long long b)\n"
	       "{\n"
	       "\treturn a < b ? a : b;\n"
	       "}\n"
	       "static inline AXE_HD long long axe_max(long long a, long long b)\n"
	       "{\n"
	       "\treturn a > b ? a : b;\n"
	       "}\n"
	       "#endif\n";
}
