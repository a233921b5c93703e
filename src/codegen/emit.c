/*
 * emit.c: the indenting text writer of generated source (emit.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"

void axe_emit_init(axe_emit *e)
{
	memset(e, 0, sizeof(*e));
}

void axe_emit_release(axe_emit *e)
{
	free(e->buf);
	memset(e, 0, sizeof(*e));
}

/* Room for "need" more bytes and the NUL; false (and nomem) when there is none. */
static bool reserve(axe_emit *e, size_t need)
{
	size_t cap;
	char *p;

	if (e->nomem)
		return false;
	if (e->len + need + 1 <= e->cap)
		return true;
	for (cap = e->cap ? e->cap : 4096; cap < e->len + need + 1; cap *= 2)
		;
	if (!(p = realloc(e->buf, cap))) {
		e->nomem = true;
		return false;
	}
	e->buf = p;
	e->cap = cap;
	return true;
}

void axe_emit_raw(axe_emit *e, const char *text, size_t len)
{
	if (!reserve(e, len))
		return;
	memcpy(e->buf + e->len, text, len);
	e->len += len;
	e->buf[e->len] = '\0';
}

/* The line "text" ("len" bytes, no newline) at the current depth. */
static void put_line(axe_emit *e, const char *text, size_t len)
{
	if (len > 0)
		for (int d = 0; d < e->depth; d++)
			axe_emit_raw(e, "\t", 1);
	axe_emit_raw(e, text, len);
	axe_emit_raw(e, "\n", 1);
}

/* The columns "text" ("len" bytes) takes after column "col". */
static size_t advance(size_t col, const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++)
		col = text[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

/* "fmt" formatted, malloc'd (NULL on failure); its length into "*len". */
static char *vformat(const char *fmt, va_list ap, size_t *len)
{
	va_list again;
	char *s;
	int n;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	s = n < 0 ? NULL : malloc((size_t)n + 1);
	if (s)
		vsnprintf(s, (size_t)n + 1, fmt, again);
	va_end(again);
	*len = s ? (size_t)n : 0;
	return s;
}

void axe_emit_begin(axe_emit *e)
{
	for (int d = 0; d < e->depth; d++)
		axe_emit_raw(e, "\t", 1);
	e->col = 8 * (size_t)e->depth;
}

void axe_emit_put(axe_emit *e, const char *fmt, ...)
{
	va_list ap;
	size_t len;
	char *s;

	va_start(ap, fmt);
	s = vformat(fmt, ap, &len);
	va_end(ap);
	if (!s) {
		e->nomem = true;
		return;
	}
	axe_emit_raw(e, s, len);
	e->col = advance(e->col, s, len);
	free(s);
}

void axe_emit_end(axe_emit *e)
{
	axe_emit_raw(e, "\n", 1);
	e->col = 0;
}

static void vline(axe_emit *e, const char *fmt, va_list ap)
{
	size_t len;
	char *s = vformat(fmt, ap, &len);

	if (!s) {
		e->nomem = true;
		return;
	}
	put_line(e, s, len);
	free(s);
}

void axe_emit_directive(axe_emit *e, const char *fmt, ...)
{
	int depth = e->depth;
	va_list ap;

	e->depth = 0;
	va_start(ap, fmt);
	vline(e, fmt, ap);
	va_end(ap);
	e->depth = depth;
}

void axe_emit_line(axe_emit *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline(e, fmt, ap);
	va_end(ap);
}

void axe_emit_open(axe_emit *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline(e, fmt, ap);
	va_end(ap);
	e->depth++;
}

void axe_emit_close(axe_emit *e, const char *suffix)
{
	if (e->depth > 0)
		e->depth--;
	axe_emit_line(e, "}%s", suffix);
}

void axe_emit_text(axe_emit *e, const char *text)
{
	const char *nl;

	while (*text) {
		nl = strchr(text, '\n');
		if (!nl) {
			put_line(e, text, strlen(text));
			return;
		}
		put_line(e, text, (size_t)(nl - text));
		text = nl + 1;
	}
}

const char *axe_emit_str(const axe_emit *e)
{
	if (e->nomem)
		return NULL;
	return e->buf ? e->buf : "";
}
