/*
 * lexer.c: a hand-written lexer with UTF-8 aware columns.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lexer.h"

void axe_lexer_init(axe_lexer *lx, const char *text, size_t len, const axe_loc *origin)
{
	lx->text = text;
	lx->len = len;
	lx->pos = 0;
	lx->origin = *origin;
	axe_lexer_next(lx);
}

static bool is_ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident_char(char c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

void axe_lexer_next(axe_lexer *lx)
{
	const char *t = lx->text;
	size_t p = lx->pos;
	axe_token *tok = &lx->tok;

	while (p < lx->len && (t[p] == ' ' || t[p] == '\t' || t[p] == '\n' || t[p] == '\r'))
		p++;
	memset(tok, 0, sizeof(*tok));
	tok->pos = p;
	if (p >= lx->len) {
		tok->kind = AXE_TOK_END;
	} else if (t[p] >= '0' && t[p] <= '9') {
		const uint64_t limit = (uint64_t)INT64_MAX + 1; /* -2^63 is a value */
		uint64_t v = 0;
		tok->kind = AXE_TOK_INT;
		while (p < lx->len && t[p] >= '0' && t[p] <= '9') {
			/* Saturate: only whether it fits matters. */
			if (v > limit / 10 || v * 10 + (uint64_t)(t[p] - '0') > limit)
				tok->overflow = true;
			else
				v = v * 10 + (uint64_t)(t[p] - '0');
			p++;
		}
		tok->two_63 = !tok->overflow && v == limit;
		tok->value = tok->two_63 ? INT64_MAX : (int64_t)v;
	} else if (is_ident_start(t[p])) {
		tok->kind = AXE_TOK_IDENT;
		while (p < lx->len && is_ident_char(t[p]))
			p++;
	} else if (strchr("()[],:@+-=<>", t[p]) && t[p] != '\0') {
		tok->kind = AXE_TOK_PUNCT;
		tok->punct = t[p++];
	} else if (lx->len - p >= 3 && memcmp(t + p, "\xe2\x88\x98", 3) == 0) {
		tok->kind = AXE_TOK_COMPOSE;
		p += 3;
	} else {
		tok->kind = AXE_TOK_BAD;
		p++;
		/* Take a whole UTF-8 sequence so that the message shows the character. */
		while (p < lx->len && ((unsigned char)t[p] & 0xC0) == 0x80 && p - tok->pos < 4)
			p++;
	}
	tok->len = p - tok->pos;
	lx->pos = p;
}

bool axe_lexer_accept(axe_lexer *lx, char c)
{
	if (lx->tok.kind == AXE_TOK_PUNCT && lx->tok.punct == c) {
		axe_lexer_next(lx);
		return true;
	}
	return false;
}

/* Characters (not bytes) of "text" in [from, to): continuation bytes do not count. */
static int count_chars(const char *text, size_t from, size_t to)
{
	int n = 0;
	for (size_t i = from; i < to; i++)
		n += ((unsigned char)text[i] & 0xC0) != 0x80;
	return n;
}

axe_loc axe_lexer_loc(const axe_lexer *lx, size_t pos)
{
	axe_loc loc = lx->origin;
	size_t line_start = 0;

	if (pos > lx->len)
		pos = lx->len;
	/* A literal that spans lines (a folded YAML scalar) moves the line on. */
	for (size_t i = 0; i < pos; i++)
		if (lx->text[i] == '\n') {
			loc.line++;
			line_start = i + 1;
		}
	if (line_start > 0) {
		size_t end = line_start;
		while (end < lx->len && lx->text[end] != '\n')
			end++;
		loc.col = 1 + count_chars(lx->text, line_start, pos);
		loc.text = lx->text + line_start;
		loc.text_len = end - line_start;
	} else {
		loc.col = lx->origin.col + count_chars(lx->text, 0, pos);
	}
	return loc;
}

static int verror_at(const axe_lexer *lx, size_t pos, size_t span, axe_error *err,
		     int code, const char *fmt, va_list ap)
{
	char msg[512];
	axe_loc loc = axe_lexer_loc(lx, pos);
	int chars;

	/* An error at "the end" has its span there: read nothing past the text. */
	if (pos > lx->len)
		pos = lx->len;
	if (span > lx->len - pos)
		span = lx->len - pos;
	chars = span ? count_chars(lx->text, pos, pos + span) : 1;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	return axe_error_set(err, code, &loc, chars, "%s", msg);
}

int axe_lexer_error(const axe_lexer *lx, axe_error *err, int code, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = verror_at(lx, lx->tok.pos, lx->tok.len, err, code, fmt, ap);
	va_end(ap);
	return r;
}

int axe_lexer_error_at(const axe_lexer *lx, size_t pos, size_t span, axe_error *err,
		       int code, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = verror_at(lx, pos, span, err, code, fmt, ap);
	va_end(ap);
	return r;
}

const char *axe_lexer_describe(const axe_lexer *lx, char *buf, size_t size)
{
	const axe_token *tok = &lx->tok;
	size_t n = tok->len < 24 ? tok->len : 24;

	if (tok->kind == AXE_TOK_END) {
		snprintf(buf, size, "the end of the layout");
	} else if (tok->kind == AXE_TOK_BAD && ((unsigned char)lx->text[tok->pos] < 0x20 ||
					       (unsigned char)lx->text[tok->pos] >= 0x7f)) {
		/* A whole UTF-8 character, or the byte when it starts none. */
		axe_quote_char(lx->text + tok->pos, lx->len - tok->pos, buf, size);
	} else {
		snprintf(buf, size, "'%.*s%s'", (int)n, lx->text + tok->pos,
			 tok->len > n ? "..." : "");
	}
	return buf;
}

int axe_lexer_int(axe_lexer *lx, int64_t *value, const char *what, axe_error *err)
{
	size_t start = lx->tok.pos;
	bool negative = axe_lexer_accept(lx, '-');
	char buf[48];

	if (lx->tok.kind != AXE_TOK_INT)
		return axe_lexer_error(lx, err, AXE_ERR_SYNTAX, "expected %s but found %s",
				       what, axe_lexer_describe(lx, buf, sizeof(buf)));
	if (lx->tok.overflow || (lx->tok.two_63 && !negative))
		return axe_lexer_error_at(lx, start, lx->tok.pos + lx->tok.len - start, err,
					  AXE_ERR_OVERFLOW, "%s does not fit in 64 bits", what);
	/* "-9223372036854775808" is the one value whose magnitude is not one. */
	*value = lx->tok.two_63 ? INT64_MIN : negative ? -lx->tok.value : lx->tok.value;
	axe_lexer_next(lx);
	return 0;
}
