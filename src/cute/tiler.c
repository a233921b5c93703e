/*
 * tiler.c: CuTe tilers as the commands take them: one layout, or the
 * by-mode tiler `<B0,B1,...>` that CuTe writes make_tile(B0, B1, ...)
 * (02_layout_algebra.md, "Composition Tilers"), each mode a layout, an
 * integer N (the layout N:1) or `_` (leave the mode alone).
 */
#include <stdlib.h>
#include <string.h>

#include "algebra_private.h"

void axe_cute_tiler_release(axe_cute_tiler *t)
{
	size_t n = t->n ? t->n : 1;

	for (size_t i = 0; i < n && i < AXE_CUTE_MAX_TILER; i++)
		axe_cute_layout_release(&t->mode[i]);
	memset(t, 0, sizeof(*t));
}

/* "where" moved "off" characters to the right (the text of the line stays). */
static axe_loc shifted(const axe_loc *where, const char *text, size_t off)
{
	axe_loc at = where ? *where : (axe_loc){ "<arg>", 1, 1, text, strlen(text) };

	at.col += (int)off;
	return at;
}

/* Parse the plain (unswizzled) CuTe layout text[from, to) into "out". */
static int parse_mode(const char *text, size_t from, size_t to, const axe_loc *where,
		      axe_cute_layout *out, axe_error *err)
{
	char *copy = strndup(text + from, to - from);
	axe_loc at = shifted(where, text, from);
	axe_cute_composed c;
	int r;

	if (!copy)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	r = axe_cute_parse(copy, &at, &c, err);
	free(copy);
	if (r < 0)
		return -1;
	if (c.swizzle.present || c.offset != 0 || c.ptr_bits) {
		axe_cute_composed_release(&c);
		return axe_error_set(err, AXE_ERR_VALUE, &at, (int)(to - from),
				     "a tiler mode must be a plain layout, without swizzle or "
				     "offset");
	}
	*out = c.layout;
	return 0;
}

/* Where the mode starting at "i" ends: the next ',' or '>' outside parentheses. */
static size_t mode_end(const char *text, size_t i)
{
	int depth = 0;

	for (; text[i]; i++) {
		if (text[i] == '(' || text[i] == '<')
			depth++;
		else if ((text[i] == ')' || text[i] == '>') && depth > 0)
			depth--;
		else if ((text[i] == ',' || text[i] == '>') && depth == 0)
			break;
	}
	return i;
}

static bool is_skip(const char *text, size_t from, size_t to)
{
	while (from < to && text[from] == ' ')
		from++;
	while (to > from && text[to - 1] == ' ')
		to--;
	return to == from + 1 && text[from] == '_';
}

/* Parse `<B0,...>` at the start of "text"; "*close" is the index of its '>'. */
static int parse_by_mode(const char *text, const axe_loc *where, axe_cute_tiler *out,
			 size_t *close, axe_error *err)
{
	size_t i = 1, len = strlen(text);

	for (;;) {
		size_t end = mode_end(text, i);
		axe_loc at = shifted(where, text, i);

		if (out->n == AXE_CUTE_MAX_TILER)
			return axe_error_set(err, AXE_ERR_LIMIT, &at, 1, "a tiler has at most %d "
					     "modes", AXE_CUTE_MAX_TILER);
		if (memchr(text + i, '<', end - i))
			return axe_error_set(err, AXE_ERR_SYNTAX, &at, (int)(end - i),
					     "nested tilers are not supported");
		if (is_skip(text, i, end))
			out->skip[out->n] = true, axe_cute_leaf(&out->mode[out->n], 1, 0);
		else if (parse_mode(text, i, end, where, &out->mode[out->n], err) < 0)
			return -1;
		out->n++;
		if (text[end] == '>') {
			*close = end;
			return 0;
		}
		if (!text[end]) {
			at = shifted(where, text, len);
			return axe_error_set(err, AXE_ERR_SYNTAX, &at, 1, "expected '>' to close "
					     "the tiler");
		}
		i = end + 1;
	}
}

int axe_cute_tiler_parse(const char *text, const axe_loc *where, axe_cute_tiler *out,
			 axe_error *err)
{
	size_t len = strlen(text), close = 0;

	memset(out, 0, sizeof(*out));
	while (len && text[len - 1] == ' ')
		len--;
	if (text[0] != '<')
		return parse_mode(text, 0, len, where, &out->mode[0], err) < 0 ? -1 : 0;
	if (parse_by_mode(text, where, out, &close, err) < 0) {
		axe_cute_tiler_release(out);
		return -1;
	}
	if (close + 1 < len) {
		axe_loc at = shifted(where, text, close + 1);

		axe_cute_tiler_release(out);
		return axe_error_set(err, AXE_ERR_SYNTAX, &at, (int)(len - close - 1),
				     "unexpected text after the tiler's '>'");
	}
	return 0;
}
