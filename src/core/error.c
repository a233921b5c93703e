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
	return -1;
}

void axe_error_hint(axe_error *err, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(err->hint, sizeof(err->hint), fmt, ap);
	va_end(ap);
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
