/*
 * expr.h: symbolic index expressions over logical coordinates with known
 * ranges (LEGO paper, seed 002, section IV.A: a layout becomes one index
 * expression per physical axis, simplified with the ranges of its variables).
 *
 * An expression is an immutable tree of axe_expr nodes allocated in an
 * axe_expr_ctx (an arena): constructors never copy their operands, trees may
 * share nodes, and everything is freed with the context.  The context also
 * holds the variables, each with an inclusive range.
 *
 * Every node records an interval [lo, hi] holding every value it can take
 * when the variables range over their intervals (interval analysis, done
 * once at construction, so range questions cost nothing later).  "bounded"
 * is false when the analysis overflowed 64 bits or the node may be undefined
 * (a divisor whose interval holds 0, a shift count outside [0, 62]).
 *
 * Integer semantics (semantics.md): `/` is floor division and `%` the modulo
 * that takes the divisor's sign, as in Python; `<<` multiplies and `>>`
 * floor-divides by a power of two; `& | ^` act on two's complement values.
 */
#ifndef AXE_EXPR_EXPR_H
#define AXE_EXPR_EXPR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/error.h"

enum axe_expr_op {
	AXE_EXPR_CONST,
	AXE_EXPR_VAR,
#define OP(name, c, py, prec) AXE_EXPR_##name,
#include "expr_ops.def"
#undef OP
	AXE_EXPR_NOPS
};

typedef struct axe_expr {
	enum axe_expr_op op;
	int64_t value;                /* CONST: the value; VAR: the variable's index */
	const struct axe_expr *a, *b; /* operands of a binary operator */
	int64_t lo, hi;               /* every value of the node lies in [lo, hi] */
	bool bounded;                 /* lo, hi valid and the node always defined */
	int pos, len;                 /* bytes of the parsed text it came from, or -1 */
} axe_expr;

typedef struct axe_expr_variable {
	char *name;
	int64_t lo, hi; /* inclusive range */
} axe_expr_variable;

typedef struct axe_expr_ctx {
	struct expr_block *blocks; /* the arena, newest block first */
	axe_expr_variable *var;
	size_t nvars, cap_vars;
	bool nomem;                /* an allocation failed: results are unreliable */
} axe_expr_ctx;

axe_expr_ctx *axe_expr_ctx_new(void);
void axe_expr_ctx_free(axe_expr_ctx *ctx);

/* Add variable "name" with range [lo, hi] (lo <= hi); its index, or -1 on no memory. */
int axe_expr_ctx_add_var(axe_expr_ctx *ctx, const char *name, int64_t lo, int64_t hi);

/* The index of variable "name", or -1. */
int axe_expr_ctx_find_var(const axe_expr_ctx *ctx, const char *name);

/*
 * Constructors.  They return NULL when an operand is NULL or memory runs
 * out (then ctx->nomem is set), so a whole tree can be built and checked
 * once at the end.
 */
const axe_expr *axe_expr_const(axe_expr_ctx *ctx, int64_t value);
const axe_expr *axe_expr_var(axe_expr_ctx *ctx, int var);
const axe_expr *axe_expr_binary(axe_expr_ctx *ctx, enum axe_expr_op op, const axe_expr *a,
				const axe_expr *b);

/*
 * Record that "e", a node just built, was read from bytes [pos, pos + len)
 * of the parsed text (for error positions); returns "e".
 */
const axe_expr *axe_expr_set_pos(const axe_expr *e, size_t pos, size_t len);

/* Shorthands for the common binary operators. */
static inline const axe_expr *axe_expr_add(axe_expr_ctx *c, const axe_expr *a, const axe_expr *b)
{
	return axe_expr_binary(c, AXE_EXPR_ADD, a, b);
}

static inline const axe_expr *axe_expr_mul(axe_expr_ctx *c, const axe_expr *a, const axe_expr *b)
{
	return axe_expr_binary(c, AXE_EXPR_MUL, a, b);
}

static inline bool axe_expr_is_const(const axe_expr *e, int64_t value)
{
	return e->op == AXE_EXPR_CONST && e->value == value;
}

/* The operator's C symbol, Python symbol and precedence (expr_ops.def). */
const char *axe_expr_op_symbol(enum axe_expr_op op);
const char *axe_expr_op_python(enum axe_expr_op op);
int axe_expr_op_precedence(enum axe_expr_op op);

/*
 * "x" "op" "y" with floor semantics into "*out"; -1 when the value is
 * undefined (a zero divisor, a shift count outside [0, 62]) or leaves 64 bits.
 */
int axe_expr_apply(enum axe_expr_op op, int64_t x, int64_t y, int64_t *out);

/*
 * The value of "e" when variable k has value "values[k]", into "*out".
 * 0, or -1 when the value is undefined or leaves 64 bits (never for a node
 * that is bounded and whose variables lie in their ranges).
 */
int axe_expr_eval(const axe_expr *e, const int64_t *values, int64_t *out);

/*
 * A total order on trees: 0 exactly when "a" and "b" are structurally equal
 * (same operators, constants and variables in the same places).  Constants
 * come first, then variables by index, then operators in table order.
 */
int axe_expr_compare(const axe_expr *a, const axe_expr *b);

/* Number of nodes of the tree "e" (shared nodes counted each time). */
size_t axe_expr_size(const axe_expr *e);

/* True when some node of "e" has operator "op". */
bool axe_expr_uses(const axe_expr *e, enum axe_expr_op op);

/*
 * "e" with every variable k for which "by[k]" is not NULL replaced by
 * "by[k]" (an array of ctx->nvars entries).  Ranges are recomputed.
 */
const axe_expr *axe_expr_subst(axe_expr_ctx *ctx, const axe_expr *e,
			       const axe_expr *const *by);

/* The syntaxes the printer writes. */
typedef enum axe_expr_syntax {
	AXE_SYNTAX_EXPR,   /* the `expr:` syntax: C operators, floor `/` and `%` */
	AXE_SYNTAX_C,      /* C/CUDA on long long, floor semantics kept (see below) */
	AXE_SYNTAX_PYTHON, /* Python: `//`, and `%` `>>` already floor */
} axe_expr_syntax;

/*
 * The text of "e" in "syntax" (malloc'd; NULL on no memory).  Operands of
 * `& | ^ << >>` that are not atoms are parenthesized for readability.
 * AXE_SYNTAX_C prints `a / b` and `a % b` only where the intervals show a >= 0
 * and b > 0; elsewhere it calls axe_floordiv / axe_floormod, which
 * axe_expr_c_prelude() defines.  `<<` and `>>` of a value that may be
 * negative become a product and an axe_floordiv, since C leaves them
 * undefined or implementation-defined there.
 */
char *axe_expr_to_string(const axe_expr_ctx *ctx, const axe_expr *e, axe_expr_syntax syntax);

/* C definitions of axe_floordiv and axe_floormod (host and CUDA device). */
const char *axe_expr_c_prelude(void);

/*
 * Parse "len" bytes of "text" as an index expression in C syntax over the
 * variables of "ctx" (spec-format.md: integer literals, + - * / % << >> & |
 * ^, unary minus, parentheses).  "origin" places text[0] in the user's input.
 * The result is checked: every divisor is non-zero and every shift count in
 * [0, 62] over the variables' ranges, and no value leaves 64 bits; each
 * failure is an error at the offending subexpression.  NULL on error.
 */
const axe_expr *axe_expr_parse(axe_expr_ctx *ctx, const char *text, size_t len,
			       const axe_loc *origin, axe_error *err);

#endif
