/*
 * lego_scan.h: the tokens, integer expressions and lists of LEGO text
 * (lego_scan.c) and its permutations (lego_perm.c), used by the LEGO parser
 * (lego_parse.c).  Private to interop/.
 */
#ifndef AXE_INTEROP_LEGO_SCAN_H
#define AXE_INTEROP_LEGO_SCAN_H

#include <stdbool.h>

#include "../parse/lexer.h"
#include "lego.h"

enum tok_kind { T_END, T_INT, T_NAME, T_PUNCT, T_FLOORDIV, T_BAD };

typedef struct tok {
	enum tok_kind kind;
	size_t pos, len;
	int64_t value;     /* T_INT */
	bool overflow;     /* T_INT beyond 64 bits */
	char punct;        /* T_PUNCT: one of ( ) [ ] , . : + - * / % */
} tok;

typedef struct parser {
	const char *text;
	size_t len;
	axe_lexer lx;                 /* only for error positions */
	tok t;
	const axe_binding *bind;
	size_t nbind;
	axe_error *err;
	int depth;                    /* nesting of parentheses and unary minus */
} parser;

#define LEGO_MAX_DEPTH 200 /* an integer expression nested deeper is refused */



/* Read the next token into ps->t. */
void lego_next(parser *ps);

/* An error at bytes [pos, pos + len) of the text; always -1. */
int lego_error_at(parser *ps, size_t pos, size_t len, int code, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* The current token quoted for a message, in "buf". */
const char *lego_describe(const parser *ps, char *buf, size_t size);

bool lego_at_punct(const parser *ps, char c);
bool lego_at_name(const parser *ps, const char *name);

/* Consume punctuation "c" or fail with "expected 'c' CONTEXT but found ...". */
int lego_expect(parser *ps, char c, const char *context);

/* An integer expression over bound names (+ - * // / % max min), into "*v". */
int lego_iexpr(parser *ps, int64_t *v);

/* "[e, ...]" or "(e, ...)" into "v" (at most "max"); the count or -1. */
long lego_int_list(parser *ps, int64_t *v, size_t max, const char *what, bool positive);

/* "e, e, ..." up to a ')': variadic extents; the count or -1. */
long lego_variadic(parser *ps, int64_t *v, size_t max);

/* The product of "n" positive extents, or -1 when it leaves 64 bits. */
int64_t lego_product(const int64_t *dims, size_t n);

/* An error when the extents' product leaves 64 bits. */
int lego_check_size(parser *ps, const int64_t *dims, size_t n, size_t pos, size_t len);

/* One permutation (Row, Col, RegP, GenP) into "p" (lego_perm.c); 0 or -1. */
int lego_perm_parse(parser *ps, lego_perm *p);

/* OrderBy(perm, ...) at the current token into "o" (lego_perm.c); 0 or -1. */
int lego_orderby_parse(parser *ps, lego_order *o);

#endif
