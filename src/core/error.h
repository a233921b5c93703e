/*
 * error.h: filling an axe_error with a position, a message and a hint.
 */
#ifndef AXE_CORE_ERROR_H
#define AXE_CORE_ERROR_H

#include <stddef.h>

#include "../axe.h"

/*
 * A place in the user's input: "source" (a path or "<arg>"), 1-based "line"
 * and "col", and the text of that line ("text", "text_len" bytes, not
 * necessarily NUL-terminated) when it is at hand, for the caret display.
 */
typedef struct axe_loc {
	const char *source;
	int line, col;
	const char *text;
	size_t text_len;
} axe_loc;

/*
 * Record an error in "err" unless one is already there (the first error
 * stays).  "loc" may be NULL.  Always returns -1, so that callers can write
 * `return axe_error_set(...)`.
 */
int axe_error_set(axe_error *err, int code, const axe_loc *loc, int span,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/*
 * Give the error recorded in "err" the position "loc" (span "span") when it
 * has none: a caller that knows where a name was written places an error
 * the callee could not.
 */
void axe_error_place(axe_error *err, const axe_loc *loc, int span);

/* Attach a hint ("did you mean ...") to the error recorded in "err". */
void axe_error_hint(axe_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * The length (1 to 4) of the valid UTF-8 character at "s" ("n" bytes
 * left), or 0 when the bytes there are no valid UTF-8 character.
 */
size_t axe_utf8_len(const char *s, size_t n);

/*
 * The character at "s" ("n" bytes left) quoted for a message, into "buf":
 * 'x', a whole UTF-8 character 'é', "byte 0xc3" for a control byte or a
 * byte that is no UTF-8, "the end" when n is 0.  Returns "buf".
 */
const char *axe_quote_char(const char *s, size_t n, char *buf, size_t size);

/* True when an error has been recorded. */
static inline int axe_error_is_set(const axe_error *err)
{
	return err && err->code != AXE_ERR_NONE;
}

/*
 * The closest of "n" "candidates" to "word" by edit distance, or NULL when
 * none is close enough to be a plausible typo.
 */
const char *axe_suggest(const char *word, const char *const *candidates, size_t n);

#endif
