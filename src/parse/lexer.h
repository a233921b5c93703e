/*
 * lexer.h: tokens of the compact layout syntax and of the small lists the
 * command line takes (shapes, coordinates, axis=value pairs, regions).
 * Positions are tracked so that every error points at the offending text.
 */
#ifndef AXE_PARSE_LEXER_H
#define AXE_PARSE_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/error.h"

enum axe_token_kind {
	AXE_TOK_END,
	AXE_TOK_INT,   /* unsigned decimal literal; the sign is a separate token */
	AXE_TOK_IDENT,
	AXE_TOK_PUNCT, /* one of ( ) [ ] , : @ + - = < > */
	AXE_TOK_COMPOSE, /* the composition sign U+2218 */
	AXE_TOK_BAD,   /* a byte no token starts with */
};

typedef struct axe_token {
	enum axe_token_kind kind;
	size_t pos, len;  /* byte range in the text */
	char punct;       /* for AXE_TOK_PUNCT */
	int64_t value;    /* for AXE_TOK_INT */
	bool overflow;    /* AXE_TOK_INT above 2^63 */
	bool two_63;      /* AXE_TOK_INT exactly 2^63: only "-" makes it fit */
} axe_token;

/*
 * A lexer over "text" ("len" bytes).  "origin" says where text[0] sits in the
 * user's input (source, line, column and that line's text), so that token
 * positions become file positions.
 */
typedef struct axe_lexer {
	const char *text;
	size_t len, pos;
	axe_loc origin;
	axe_token tok; /* the current token */
} axe_lexer;

void axe_lexer_init(axe_lexer *lx, const char *text, size_t len, const axe_loc *origin);

/* Advance to the next token. */
void axe_lexer_next(axe_lexer *lx);

/* True when the current token is punctuation "c" (and then consume it). */
bool axe_lexer_accept(axe_lexer *lx, char c);

/* The location of byte "pos" of the text. */
axe_loc axe_lexer_loc(const axe_lexer *lx, size_t pos);

/* Record an error at the current token ("span" bytes at least 1). */
int axe_lexer_error(const axe_lexer *lx, axe_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Record an error at byte "pos" of the text, "span" characters long. */
int axe_lexer_error_at(const axe_lexer *lx, size_t pos, size_t span, axe_error *err,
		       int code, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* A printable description of the current token for messages, e.g. "']'". */
const char *axe_lexer_describe(const axe_lexer *lx, char *buf, size_t size);

/*
 * Parse a signed integer (an optional '-' then an INT token); on success
 * store it in "*value" and return 0.  "what" names it in messages.
 */
int axe_lexer_int(axe_lexer *lx, int64_t *value, const char *what, axe_error *err);

#endif
