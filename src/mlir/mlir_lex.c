/*
 * mlir_lex.c: MLIR's tokens (LangRef "Lexical structure"; mlir/lib/AsmParser/
 * Lexer.cpp) over a byte range of a module file, and the pairing of its
 * brackets.  Every statement reader later skips a bracketed group in one
 * step, and a bracket without its partner is reported here, at the first
 * bad token, before anything is read.  Also the arena that holds the
 * file's strings.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir_private.h"

#define ARENA_BLOCK 65536
#define MAX_NESTING 256

struct mlir_arena {
	mlir_arena *next;
	size_t used, size;
	max_align_t data[];
};

void *mlir_arena_alloc(mlir_arena **a, size_t size)
{
	size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
	if (!*a || (*a)->used + size > (*a)->size) {
		size_t cap = size > ARENA_BLOCK ? size : ARENA_BLOCK;
		mlir_arena *b = malloc(sizeof(*b) + cap);

		if (!b)
			return NULL;
		*b = (mlir_arena){ *a, 0, cap };
		*a = b;
	}
	(*a)->used += size;
	return (char *)(*a)->data + (*a)->used - size;
}

char *mlir_arena_strndup(mlir_arena **a, const char *s, size_t n)
{
	char *p = mlir_arena_alloc(a, n + 1);

	if (p) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

void mlir_arena_free(mlir_arena *a)
{
	while (a) {
		mlir_arena *next = a->next;

		free(a);
		a = next;
	}
}

int mlir_fail(const axe_mlir_file *f, const mlir_tok *t, axe_error *err, const char *fmt, ...)
{
	size_t start = t->pos - (size_t)(t->col - 1), end = t->pos;
	axe_loc loc;
	char msg[512];
	va_list ap;

	while (end < f->len && f->text[end] != '\n')
		end++;
	loc = (axe_loc){ f->source, t->line, t->col, f->text + start, end - start };
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return axe_error_set(err, AXE_ERR_SYNTAX, &loc, t->len ? (int)t->len : 1, "%s", msg);
}

static bool id_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.';
}

/* A value name may hold '-' too (%arg-1 is not printed, but %0-like suffixes are). */
static bool value_char(char c)
{
	return id_char(c) || c == '-';
}

typedef struct lexer {
	const axe_mlir_file *f;
	size_t p, end;
	int line;
	size_t line_start;
	mlir_tok *tok;
	size_t n, cap;
	axe_error *err;
} lexer;

static int lex_fail(lexer *lx, size_t pos, const char *what)
{
	mlir_tok t = { TOK_PUNCT, 0, pos, 1, lx->line, (int)(pos - lx->line_start) + 1, 0, 0 };

	return mlir_fail(lx->f, &t, lx->err, "%s", what);
}

static int push(lexer *lx, mlir_tok_kind kind, size_t start)
{
	if (lx->n == lx->cap) {
		size_t cap = lx->cap ? lx->cap * 2 : 1024;
		mlir_tok *grown = realloc(lx->tok, cap * sizeof(*grown));

		if (!grown)
			return axe_error_set(lx->err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		lx->tok = grown;
		lx->cap = cap;
	}
	lx->tok[lx->n++] = (mlir_tok){ kind, kind == TOK_PUNCT ? lx->f->text[start] : 0, start,
				       lx->p - start, lx->line,
				       (int)(start - lx->line_start) + 1, 0, false };
	return 0;
}

static size_t skip_ids(const lexer *lx, size_t p, bool (*ok)(char))
{
	while (p < lx->end && ok(lx->f->text[p]))
		p++;
	return p;
}

/* "..." with backslash escapes, on one line. */
static int lex_string(lexer *lx, size_t *p)
{
	size_t s = *p;
	const char *t = lx->f->text;

	for ((*p)++; *p < lx->end && t[*p] != '"'; (*p)++) {
		if (t[*p] == '\n')
			break;
		if (t[*p] == '\\' && *p + 1 < lx->end && t[*p + 1] != '\n')
			(*p)++;
	}
	if (*p >= lx->end || t[*p] != '"')
		return lex_fail(lx, s, "unterminated string");
	(*p)++;
	return 0;
}

/*
 * A bare word or a number: letters, digits, '_', '$', '.'; a number may
 * start with '-' and carry an exponent's sign (-1.5e+00).
 */
static size_t lex_word(const lexer *lx, size_t p)
{
	const char *t = lx->f->text;
	bool number = t[p] == '-' || isdigit((unsigned char)t[p]);

	if (t[p] == '-')
		p++;
	while (p < lx->end) {
		if (id_char(t[p]))
			p++;
		else if (number && (t[p] == '+' || t[p] == '-') && (t[p - 1] == 'e' || t[p - 1] == 'E')
			 && p + 1 < lx->end && isdigit((unsigned char)t[p + 1]))
			p++;
		else
			break;
	}
	return p;
}

/* A sigil (% # ! ^ @) and the name after it. */
static int lex_sigil(lexer *lx, size_t *p)
{
	const char *t = lx->f->text;
	char c = t[*p];
	size_t s = *p;
	static const struct {
		char c;
		mlir_tok_kind kind;
	} sigils[] = { { '%', TOK_VALUE }, { '#', TOK_HASH }, { '!', TOK_BANG },
		       { '^', TOK_CARET }, { '@', TOK_AT } };
	mlir_tok_kind kind = TOK_VALUE;

	for (size_t k = 0; k < sizeof(sigils) / sizeof(sigils[0]); k++)
		if (sigils[k].c == c)
			kind = sigils[k].kind;
	(*p)++;
	if (c == '@' && *p < lx->end && t[*p] == '"') {
		if (lex_string(lx, p) < 0)
			return -1;
		lx->p = *p; /* the token's length is taken from it */
		return push(lx, kind, s);
	}
	*p = skip_ids(lx, *p, c == '%' ? value_char : id_char);
	if (*p == s + 1)
		return lex_fail(lx, s, "expected a name after the sigil");
	/* A use of one result of several: %r#1. */
	if (c == '%' && *p + 1 < lx->end && t[*p] == '#' && isdigit((unsigned char)t[*p + 1]))
		*p = skip_ids(lx, *p + 1, id_char);
	lx->p = *p;
	return push(lx, kind, s);
}

static int lex_punct(lexer *lx, size_t *p)
{
	const char *t = lx->f->text;
	size_t s = *p;

	if (t[s] == '-' && s + 1 < lx->end && t[s + 1] == '>') {
		*p += 2;
		lx->p = *p;
		return push(lx, TOK_ARROW, s);
	}
	if (!strchr("()[]{}<>,:=*+-?/|", t[s]) || t[s] == '\0') {
		char what[64];

		snprintf(what, sizeof(what), isprint((unsigned char)t[s]) ?
			 "unexpected character '%c'" : "unexpected byte 0x%02x", (unsigned char)t[s]);
		return lex_fail(lx, s, what);
	}
	(*p)++;
	lx->p = *p;
	if (push(lx, TOK_PUNCT, s) < 0)
		return -1;
	/* >= and <= (affine sets) are not brackets. */
	if ((t[s] == '>' || t[s] == '<') && *p < lx->end && t[*p] == '=') {
		lx->tok[lx->n - 1].c = '=';
		lx->tok[lx->n - 1].len = 2;
		lx->p = ++*p;
	}
	return 0;
}

static int lex_one(lexer *lx, size_t *p)
{
	const char *t = lx->f->text;
	char c = t[*p];
	size_t s = *p;

	lx->p = s;
	if (c == '"') {
		if (lex_string(lx, p) < 0)
			return -1;
		lx->p = *p;
		return push(lx, TOK_STRING, s);
	}
	if (strchr("%#!^@", c) && c != '\0')
		return lex_sigil(lx, p);
	if (isalnum((unsigned char)c) || c == '_' ||
	    (c == '-' && *p + 1 < lx->end && isdigit((unsigned char)t[*p + 1]))) {
		*p = lex_word(lx, *p);
		lx->p = *p;
		return push(lx, TOK_WORD, s);
	}
	return lex_punct(lx, p);
}

/* `{-# ... #-}`: a file's metadata (a reproducer's pipeline), skipped whole. */
static int resources(lexer *lx, size_t *p)
{
	const char *t = lx->f->text;
	size_t s = *p, line_start = lx->line_start;
	int line = lx->line;

	for (*p += 3; *p + 3 <= lx->end && memcmp(t + *p, "#-}", 3) != 0; (*p)++)
		if (t[*p] == '\n') {
			lx->line++;
			lx->line_start = *p + 1;
		}
	if (*p + 3 > lx->end) {
		lx->line = line; /* the error is at the '{-#' */
		lx->line_start = line_start;
		return lex_fail(lx, s, "'{-#' is never closed by '#-}'");
	}
	*p += 3;
	return 0;
}

static int tokens(lexer *lx)
{
	const char *t = lx->f->text;

	for (size_t p = lx->p; p < lx->end;) {
		char c = t[p];

		if (c == '\n') {
			if (lx->n)
				lx->tok[lx->n - 1].line_end = true;
			lx->line++;
			lx->line_start = ++p;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			p++;
		} else if (c == '/' && p + 1 < lx->end && t[p + 1] == '/') {
			while (p < lx->end && t[p] != '\n')
				p++;
		} else if (c == '{' && lx->end - p >= 3 && memcmp(t + p, "{-#", 3) == 0) {
			if (resources(lx, &p) < 0)
				return -1;
		} else if (lex_one(lx, &p) < 0) {
			return -1;
		}
	}
	if (lx->n)
		lx->tok[lx->n - 1].line_end = true;
	return 0;
}

static char closer(char open)
{
	return open == '(' ? ')' : open == '[' ? ']' : open == '{' ? '}' : '>';
}

/* Pair every bracket with its partner; the first one without is the error. */
static int pair(lexer *lx)
{
	size_t stack[MAX_NESTING], depth = 0;

	for (size_t i = 0; i < lx->n; i++) {
		mlir_tok *t = &lx->tok[i];

		if (t->kind != TOK_PUNCT)
			continue;
		if (strchr("([{<", t->c)) {
			if (depth == MAX_NESTING)
				return mlir_fail(lx->f, t, lx->err, "brackets nested more than %d deep",
						 MAX_NESTING);
			stack[depth++] = i;
		} else if (strchr(")]}>", t->c)) {
			const mlir_tok *open = depth ? &lx->tok[stack[depth - 1]] : NULL;

			if (!open)
				return mlir_fail(lx->f, t, lx->err, "'%c' closes nothing", t->c);
			/* The opener is where the text went wrong (an unclosed tensor<...). */
			if (closer(open->c) != t->c)
				return mlir_fail(lx->f, open, lx->err, "'%c' is never closed (the '%c' "
						 "of line %d, column %d closes something else)",
						 open->c, t->c, t->line, t->col);
			t->match = stack[--depth];
			lx->tok[stack[depth]].match = i;
		}
	}
	if (depth)
		return mlir_fail(lx->f, &lx->tok[stack[depth - 1]], lx->err, "'%c' is never closed",
				 lx->tok[stack[depth - 1]].c);
	return 0;
}

int mlir_lex(const axe_mlir_file *f, size_t begin, size_t end, int line, mlir_tok **out,
	     size_t *n, axe_error *err)
{
	lexer lx = { f, begin, end, line, begin, NULL, 0, 0, err };

	if (tokens(&lx) < 0 || pair(&lx) < 0) {
		free(lx.tok);
		return -1;
	}
	*out = lx.tok;
	*n = lx.n;
	return 0;
}
