/*
 * expr_parse.c: C-syntax index expressions of `expr:` layouts
 * (spec-format.md section 2): integer literals (decimal, or hex with 0x; an
 * l/L/ll/LL suffix is accepted), variables, + - * / % << >> & ^ |, the
 * comparisons < <= > >= == !=, && || and !, c ? a : b, min(a, b) and
 * max(a, b), unary minus and plus, parentheses, with C's precedence.  A
 * recursive-descent parser: one function for the infix levels of
 * expr_ops.def, one for ?:, one for operands.
 *
 * The semantics are not C's: `/` and `%` are floor division and modulo
 * (semantics.md).  After parsing, every node is checked with its interval:
 * a divisor that may be 0, a shift count that may leave [0, 62] or a value
 * that may leave 64 bits is an error at that subexpression, so evaluation
 * of an accepted expression is always defined.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../parse/lexer.h"
#include "expr.h"

#define MAX_DEPTH 200   /* nesting of parentheses and unary operators */
#define MAX_NODES 4096  /* operators and operands: every later pass recurses on the tree */

enum tok_kind { T_END, T_INT, T_IDENT, T_OP, T_LPAREN, T_RPAREN, T_NOT, T_QUESTION, T_COLON,
		T_COMMA, T_BAD };

typedef struct tok {
	enum tok_kind kind;
	size_t pos, len;
	enum axe_expr_op op; /* T_OP */
	uint64_t value;      /* T_INT, saturated at 2^63 */
	bool overflow;       /* T_INT beyond 2^63 */
} tok;

typedef struct parser {
	axe_expr_ctx *ctx;
	const char *text;
	size_t len, pos;
	axe_lexer lx; /* used for its positions only: file, line, column */
	tok t;
	int depth;
	size_t nodes;
	axe_error *err;
} parser;

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || is_digit(c);
}

static int hex_digit(char c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Scan an integer literal at "p": digits, then an optional l/L/ll/LL suffix. */
static size_t scan_int(const parser *ps, size_t p, tok *t)
{
	const char *s = ps->text;
	unsigned base = 10;
	const uint64_t limit = (uint64_t)1 << 63;

	t->kind = T_INT;
	if (s[p] == '0' && p + 1 < ps->len && (s[p + 1] == 'x' || s[p + 1] == 'X')) {
		base = 16;
		p += 2;
	}
	for (; p < ps->len && hex_digit(s[p]) >= 0 && (base == 16 || is_digit(s[p])); p++) {
		uint64_t d = (uint64_t)hex_digit(s[p]);
		if (t->value > (limit - d) / base)
			t->overflow = true; /* only whether it fits matters */
		else
			t->value = t->value * base + d;
	}
	if (p + 1 < ps->len && (s[p] == 'l' || s[p] == 'L') && s[p + 1] == s[p])
		p += 2;
	else if (p < ps->len && (s[p] == 'l' || s[p] == 'L'))
		p++;
	while (p < ps->len && is_ident_char(s[p]))
		p++, t->kind = T_BAD; /* a letter glued to the number */
	return p;
}

/*
 * The infix operator at "p" into "t": the longest symbol of expr_ops.def
 * ("<=" before "<", "&&" before "&") among the infix rows; its length, or 0.
 */
static size_t scan_op(const parser *ps, size_t p, tok *t)
{
	size_t best = 0;

	for (int op = AXE_EXPR_VAR + 1; op < AXE_EXPR_NOPS; op++) {
		const char *sym = axe_expr_op_symbol((enum axe_expr_op)op);
		size_t n = strlen(sym);
		if (axe_expr_op_precedence((enum axe_expr_op)op) >= AXE_EXPR_PREC_LOWEST &&
		    n > best && ps->len - p >= n && memcmp(ps->text + p, sym, n) == 0) {
			best = n;
			t->op = (enum axe_expr_op)op;
		}
	}
	return best;
}

/* The one-character tokens that are not operators: ( ) ! ? : , */
static enum tok_kind punct_kind(char c)
{
	switch (c) {
	case '(': return T_LPAREN;
	case ')': return T_RPAREN;
	case '!': return T_NOT;
	case '?': return T_QUESTION;
	case ':': return T_COLON;
	case ',': return T_COMMA;
	default: return T_BAD;
	}
}

static void next(parser *ps)
{
	const char *s = ps->text;
	size_t p = ps->pos, n;
	tok *t = &ps->t;

	while (p < ps->len && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r'))
		p++;
	memset(t, 0, sizeof(*t));
	t->pos = p;
	if (p >= ps->len) {
		t->kind = T_END;
	} else if (is_digit(s[p])) {
		p = scan_int(ps, p, t);
	} else if (is_ident_char(s[p])) {
		t->kind = T_IDENT;
		while (p < ps->len && is_ident_char(s[p]))
			p++;
	} else if ((n = scan_op(ps, p, t)) > 0) {
		t->kind = T_OP;
		p += n;
	} else if ((t->kind = punct_kind(s[p])) != T_BAD) {
		p++;
	} else {
		p++;
		while (p < ps->len && ((unsigned char)s[p] & 0xC0) == 0x80)
			p++;
	}
	t->len = p - t->pos;
	ps->pos = p;
}

static int error_at(parser *ps, size_t pos, size_t len, int code, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int error_at(parser *ps, size_t pos, size_t len, int code, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return axe_lexer_error_at(&ps->lx, pos, len ? len : 1, ps->err, code, "%s", msg);
}

/* "'text'" of the current token, or "the end of the expression". */
static const char *describe(const parser *ps, char *buf, size_t size)
{
	if (ps->t.kind == T_END)
		snprintf(buf, size, "the end of the expression");
	else
		snprintf(buf, size, "'%.*s%s'", (int)(ps->t.len < 24 ? ps->t.len : 24),
			 ps->text + ps->t.pos, ps->t.len > 24 ? "..." : "");
	return buf;
}

static const axe_expr *parse_level(parser *ps, int prec);
static const axe_expr *parse_select(parser *ps);
static const axe_expr *parse_unary(parser *ps);

/* Is the next token after the current one a '(' (so "min" is a call)? */
static bool call_follows(const parser *ps)
{
	size_t p = ps->pos;

	while (p < ps->len && (ps->text[p] == ' ' || ps->text[p] == '\t'))
		p++;
	return p < ps->len && ps->text[p] == '(';
}

/* Expect token "kind" (a "what" for the message); false after an error. */
static bool expect(parser *ps, enum tok_kind kind, const char *what)
{
	char buf[48];

	if (ps->t.kind == kind) {
		next(ps);
		return true;
	}
	error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_SYNTAX, "expected %s but found %s", what,
		 describe(ps, buf, sizeof(buf)));
	return false;
}

/* "min(a, b)" or "max(a, b)": the name is the current token, '(' follows. */
static const axe_expr *parse_call(parser *ps, enum axe_expr_op op)
{
	size_t start = ps->t.pos;
	const axe_expr *a, *b;

	next(ps);
	next(ps); /* the '(' */
	if (!(a = parse_select(ps)) || !expect(ps, T_COMMA, "',' between the two arguments") ||
	    !(b = parse_select(ps)))
		return NULL;
	if (ps->t.kind != T_RPAREN) {
		expect(ps, T_RPAREN, "')' after the two arguments");
		return NULL;
	}
	next(ps);
	return axe_expr_set_pos(axe_expr_binary(ps->ctx, op, a, b), start, ps->t.pos - start);
}

/* A variable reference; unknown names suggest the closest variable. */
static const axe_expr *parse_name(parser *ps)
{
	char name[128];
	const char *names[64], *best;
	size_t n = ps->ctx->nvars < 64 ? ps->ctx->nvars : 64;
	int v;

	snprintf(name, sizeof(name), "%.*s", (int)ps->t.len, ps->text + ps->t.pos);
	if ((strcmp(name, "min") == 0 || strcmp(name, "max") == 0) && ps->pos < ps->len &&
	    call_follows(ps))
		return parse_call(ps, name[1] == 'i' ? AXE_EXPR_MIN : AXE_EXPR_MAX);
	v = axe_expr_ctx_find_var(ps->ctx, name);
	if (v >= 0) {
		const axe_expr *e = axe_expr_var(ps->ctx, v);
		axe_expr_set_pos(e, ps->t.pos, ps->t.len);
		next(ps);
		return e;
	}
	error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_NAME, "unknown variable '%s'", name);
	for (size_t i = 0; i < n; i++)
		names[i] = ps->ctx->var[i].name;
	best = axe_suggest(name, names, n);
	if (best)
		axe_error_hint(ps->err, "did you mean '%s'?", best);
	else if (n == 0)
		axe_error_hint(ps->err, "this expression has no variables");
	return NULL;
}

/* An integer literal, negated when "negative" (so that -2^63 can be written). */
static const axe_expr *parse_int(parser *ps, bool negative, size_t start)
{
	const tok *t = &ps->t;
	const axe_expr *e;

	if (t->len > 1 && ps->text[t->pos] == '0' && is_digit(ps->text[t->pos + 1])) {
		error_at(ps, t->pos, t->len, AXE_ERR_SYNTAX,
			 "integer literal '%.*s' has a leading zero", (int)t->len,
			 ps->text + t->pos);
		axe_error_hint(ps->err, "C would read it as octal: write it without the zero, "
			       "or in hex with 0x");
		return NULL;
	}
	if (t->overflow || (!negative && t->value == (uint64_t)1 << 63)) {
		error_at(ps, start, t->pos + t->len - start, AXE_ERR_OVERFLOW,
			 "integer literal does not fit in 64 bits");
		return NULL;
	}
	e = axe_expr_const(ps->ctx, negative ? (int64_t)(0 - t->value) : (int64_t)t->value);
	axe_expr_set_pos(e, start, t->pos + t->len - start);
	next(ps);
	return e;
}

/* "(" expression ")" starting at "start"; the '(' is the current token. */
static const axe_expr *parse_paren(parser *ps, size_t start)
{
	const axe_expr *e;
	char buf[48];

	next(ps);
	e = parse_select(ps);
	if (e && ps->t.kind != T_RPAREN) {
		error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_SYNTAX, "expected ')' but found %s",
			 describe(ps, buf, sizeof(buf)));
		axe_error_hint(ps->err, "the '(' is at column %d",
			       axe_lexer_loc(&ps->lx, start).col);
		return NULL;
	}
	if (e) {
		size_t end = ps->t.pos + ps->t.len; /* just after ')', not the blanks after it */
		next(ps);
		axe_expr_set_pos(e, start, end - start);
	}
	return e;
}

/* A unary + or - (the current token) and its operand; -N is one constant. */
static const axe_expr *parse_sign(parser *ps, size_t start)
{
	bool minus = ps->t.op == AXE_EXPR_SUB;
	const axe_expr *e;

	next(ps);
	if (minus && ps->t.kind == T_INT)
		return parse_int(ps, true, start);
	e = parse_unary(ps);
	if (!e || !minus)
		return e;
	return axe_expr_set_pos(axe_expr_mul(ps->ctx, axe_expr_const(ps->ctx, -1), e), start,
				(size_t)(e->pos + e->len) - start);
}

/* "!x", read as x == 0 (C: 1 when x is 0, else 0). */
static const axe_expr *parse_not(parser *ps, size_t start)
{
	const axe_expr *e;

	next(ps);
	e = parse_unary(ps);
	if (!e)
		return NULL;
	return axe_expr_set_pos(axe_expr_binary(ps->ctx, AXE_EXPR_EQ, e,
						axe_expr_const(ps->ctx, 0)),
				start, (size_t)(e->pos + e->len) - start);
}

/* An operand: a literal, a variable, a parenthesized expression or a signed operand. */
static const axe_expr *parse_unary(parser *ps)
{
	size_t start = ps->t.pos;
	char buf[48];
	const axe_expr *e = NULL;

	if (++ps->depth > MAX_DEPTH)
		return error_at(ps, start, 1, AXE_ERR_LIMIT, "expression nested more than %d deep",
				MAX_DEPTH), NULL;
	if (++ps->nodes > MAX_NODES)
		return error_at(ps, start, 1, AXE_ERR_LIMIT, "expression has more than %d operands",
				MAX_NODES), NULL;
	if (ps->t.kind == T_INT)
		e = parse_int(ps, false, start);
	else if (ps->t.kind == T_IDENT)
		e = parse_name(ps);
	else if (ps->t.kind == T_LPAREN)
		e = parse_paren(ps, start);
	else if (ps->t.kind == T_OP && (ps->t.op == AXE_EXPR_SUB || ps->t.op == AXE_EXPR_ADD))
		e = parse_sign(ps, start);
	else if (ps->t.kind == T_NOT)
		e = parse_not(ps, start);
	else if (ps->t.kind == T_BAD && is_digit(ps->text[ps->t.pos]))
		error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_SYNTAX, "invalid integer literal %s",
			 describe(ps, buf, sizeof(buf)));
	else
		error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_SYNTAX,
			 "expected a number, a variable or '(' but found %s",
			 describe(ps, buf, sizeof(buf)));
	ps->depth--;
	return e;
}

/* Operands joined by operators of precedence "prec" or higher, left-associative. */
static const axe_expr *parse_level(parser *ps, int prec)
{
	size_t start = ps->t.pos;
	const axe_expr *left = prec > AXE_EXPR_PREC_HIGHEST ? parse_unary(ps)
							    : parse_level(ps, prec + 1);

	while (left && ps->t.kind == T_OP && axe_expr_op_precedence(ps->t.op) == prec) {
		enum axe_expr_op op = ps->t.op;
		const axe_expr *right;
		next(ps);
		right = prec >= AXE_EXPR_PREC_HIGHEST ? parse_unary(ps) : parse_level(ps, prec + 1);
		if (!right)
			return NULL;
		left = axe_expr_set_pos(axe_expr_binary(ps->ctx, op, left, right), start,
					right->pos + right->len - start);
	}
	return left;
}

/*
 * "c ? a : b" (right-associative, below ||), or just the || level: the
 * tree is SELECT(c, CHOICE(a, b)).
 */
static const axe_expr *parse_select(parser *ps)
{
	size_t start = ps->t.pos;
	const axe_expr *c = parse_level(ps, AXE_EXPR_PREC_LOWEST), *a, *b, *choice;

	if (!c || ps->t.kind != T_QUESTION)
		return c;
	if (++ps->depth > MAX_DEPTH)
		return error_at(ps, start, 1, AXE_ERR_LIMIT, "expression nested more than %d deep",
				MAX_DEPTH), NULL;
	next(ps);
	if (!(a = parse_select(ps)) || !expect(ps, T_COLON, "':' of '?:'") ||
	    !(b = parse_select(ps)))
		return NULL;
	ps->depth--;
	choice = axe_expr_set_pos(axe_expr_binary(ps->ctx, AXE_EXPR_CHOICE, a, b), (size_t)a->pos,
				  (size_t)(b->pos + b->len - a->pos));
	return axe_expr_set_pos(axe_expr_binary(ps->ctx, AXE_EXPR_SELECT, c, choice), start,
				(size_t)(b->pos + b->len) - start);
}

/* The source text of "e" for messages. */
static void node_text(const parser *ps, const axe_expr *e, char *buf, size_t size)
{
	int n = e->len < 40 ? e->len : 40;

	snprintf(buf, size, "%.*s%s", n, ps->text + e->pos, e->len > 40 ? "..." : "");
}

/*
 * Check every node of "e", innermost first, so that the error names the
 * smallest subexpression at fault.  0 or -1.
 */
static int check(parser *ps, const axe_expr *e)
{
	char text[64];

	if (e->op == AXE_EXPR_CONST || e->op == AXE_EXPR_VAR)
		return 0;
	if (check(ps, e->a) < 0 || check(ps, e->b) < 0)
		return -1;
	/* -2^63 / -1 has no 64-bit quotient, though its floor modulo (0) is bounded. */
	if ((e->op == AXE_EXPR_DIV || e->op == AXE_EXPR_MOD) && e->a->lo == INT64_MIN &&
	    e->b->lo <= -1 && e->b->hi >= -1) {
		node_text(ps, e, text, sizeof(text));
		return error_at(ps, (size_t)e->pos, (size_t)e->len, AXE_ERR_OVERFLOW,
				"'%s' may divide -2^63 by -1, whose quotient does not fit in "
				"64 bits", text);
	}
	if (e->bounded)
		return 0;
	node_text(ps, e->b, text, sizeof(text));
	if ((e->op == AXE_EXPR_DIV || e->op == AXE_EXPR_MOD) && e->b->lo <= 0 && e->b->hi >= 0)
		return e->b->op == AXE_EXPR_CONST
			? error_at(ps, (size_t)e->b->pos, (size_t)e->b->len, AXE_ERR_VALUE,
				   "division by zero")
			: error_at(ps, (size_t)e->b->pos, (size_t)e->b->len, AXE_ERR_VALUE,
				   "divisor '%s' may be zero: its values lie in [%lld, %lld]", text,
				   (long long)e->b->lo, (long long)e->b->hi);
	if ((e->op == AXE_EXPR_SHL || e->op == AXE_EXPR_SHR) && (e->b->lo < 0 || e->b->hi > 62))
		return error_at(ps, (size_t)e->b->pos, (size_t)e->b->len, AXE_ERR_VALUE,
				"shift count '%s' must lie in [0, 62], but its values lie in "
				"[%lld, %lld]", text, (long long)e->b->lo, (long long)e->b->hi);
	node_text(ps, e, text, sizeof(text));
	return error_at(ps, (size_t)e->pos, (size_t)e->len, AXE_ERR_OVERFLOW,
			"'%s' may leave the signed 64-bit range over the variables' ranges", text);
}

const axe_expr *axe_expr_parse(axe_expr_ctx *ctx, const char *text, size_t len,
			       const axe_loc *origin, axe_error *err)
{
	parser ps = { .ctx = ctx, .text = text, .len = len, .err = err };
	const axe_expr *e;
	char buf[48];

	axe_lexer_init(&ps.lx, text, len, origin);
	next(&ps);
	if (ps.t.kind == T_END) {
		error_at(&ps, 0, len, AXE_ERR_SYNTAX, "empty expression");
		return NULL;
	}
	e = parse_select(&ps);
	if (e && ps.t.kind != T_END) {
		error_at(&ps, ps.t.pos, ps.t.len, AXE_ERR_SYNTAX,
			 "expected an operator or the end of the expression but found %s",
			 describe(&ps, buf, sizeof(buf)));
		if (ps.t.kind == T_BAD && text[ps.t.pos] == '=')
			axe_error_hint(err, "compare with '=='; an expression assigns nothing");
		return NULL;
	}
	if (!e) {
		if (ctx->nomem)
			axe_error_set(err, AXE_ERR_NOMEM, origin, 1, "out of memory");
		return NULL;
	}
	return check(&ps, e) < 0 ? NULL : e;
}
