/*
 * error.c: the one error record of the library (HACKING.md, "Conventions") and the
 * "did you mean" suggestion used for unknown keys, names and axes.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "error.h"

void axe_error_init(axe_error *err)
{
	memset(err, 0, sizeof(*err));
}

size_t axe_utf8_len(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len;
	unsigned min;   /* the smallest code point of that length: no overlong forms */
	unsigned cp;

	if (n == 0)
		return 0;
	if (u[0] < 0x80)
		return 1;
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		len = 2, min = 0x80, cp = u[0] & 0x1f;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		len = 3, min = 0x800, cp = u[0] & 0x0f;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		len = 4, min = 0x10000, cp = u[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (u[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

const char *axe_quote_char(const char *s, size_t n, char *buf, size_t size)
{
	size_t len = axe_utf8_len(s, n);
	unsigned char c = n ? (unsigned char)s[0] : 0;

	if (n == 0)
		snprintf(buf, size, "the end");
	else if (len == 0 || (len == 1 && (c < 0x20 || c == 0x7f)))
		snprintf(buf, size, "byte 0x%02x", c);
	else
		snprintf(buf, size, "'%.*s'", (int)len, s);
	return buf;
}

/*
 * Make the NUL-terminated "s" valid UTF-8 in place: a byte that starts no
 * valid sequence (half of a character cut by a message's width, or a
 * byte of the user's text that is not UTF-8) becomes '?'.  Errors are
 * printed, and read by JSON and Python, which need valid text.
 */
static void utf8_repair(char *s)
{
	size_t n = strlen(s);

	for (size_t i = 0; i < n;) {
		size_t len = axe_utf8_len(s + i, n - i);

		if (len == 0) {
			s[i++] = '?';
			continue;
		}
		i += len;
	}
}

/*
 * Copy a window of the line "text" around 1-based column "col" into the
 * error's context, so that very long lines still show the problem.
 */
static void set_context(axe_error *err, const char *text, size_t len, int col)
{
	size_t cap = sizeof(err->context) - 1;
	size_t start = 0;

	while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		len--;
	if (col > 0 && (size_t)col > cap - 20 && len > cap)
		start = (size_t)col - (cap - 40);
	if (start > len)
		start = len;
	len -= start;
	if (len > cap)
		len = cap;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[start + i];
		/* Keep the caret aligned: control bytes become spaces. */
		err->context[i] = (c < 0x20 || c == 0x7f) ? ' ' : (char)c;
	}
	err->context[len] = '\0';
	utf8_repair(err->context);
	err->context_col = col > 0 ? col - (int)start : 0;
}

int axe_error_set(axe_error *err, int code, const axe_loc *loc, int span,
		  const char *fmt, ...)
{
	va_list ap;

	if (!err || err->code != AXE_ERR_NONE)
		return -1;
	err->code = code;
	err->span = span > 0 ? span : 1;
	if (loc) {
		snprintf(err->source, sizeof(err->source), "%s",
			 loc->source ? loc->source : "");
		err->line = loc->line;
		err->col = loc->col;
		if (loc->text)
			set_context(err, loc->text, loc->text_len, loc->col);
	}
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
	utf8_repair(err->message);
	return -1;
}

void axe_error_place(axe_error *err, const axe_loc *loc, int span)
{
	if (!err || err->code == AXE_ERR_NONE || err->line > 0 || !loc)
		return;
	snprintf(err->source, sizeof(err->source), "%s", loc->source ? loc->source : "");
	err->line = loc->line;
	err->col = loc->col;
	err->span = span > 0 ? span : 1;
	if (loc->text)
		set_context(err, loc->text, loc->text_len, loc->col);
}

void axe_error_hint(axe_error *err, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(err->hint, sizeof(err->hint), fmt, ap);
	va_end(ap);
	utf8_repair(err->hint);
}

/* Levenshtein distance of "a" and "b", both at most 63 bytes (else large). */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t row[64];

	if (la > 63 || lb > 63)
		return 64;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			if (up + 1 < best)
				best = up + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

const char *axe_suggest(const char *word, const char *const *candidates, size_t n)
{
	const char *best = NULL;
	size_t best_d = 0;
	size_t limit = strlen(word) / 3 + 1; /* a typo, not another word */

	for (size_t i = 0; i < n; i++) {
		size_t d = edit_distance(word, candidates[i]);
		if (d <= limit && (!best || d < best_d)) {
			best = candidates[i];
			best_d = d;
		}
	}
	return best;
}
