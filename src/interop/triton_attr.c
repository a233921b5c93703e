/*
 * triton_attr.c: reading MLIR attribute text (triton_attr.h).  A recursive
 * descent over values, nesting bounded (TT_MAX_DEPTH) so that hostile input
 * cannot exhaust the stack; integers are checked for 64-bit overflow.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "triton_attr.h"

#define TT_MAX_DEPTH 32

int tt_error(const tt_src *src, size_t pos, size_t span, axe_error *err, const char *fmt, ...)
{
	axe_loc loc = *src->where;
	size_t line_start = 0, line_end;
	char msg[512];
	va_list ap;

	if (pos > src->len)
		pos = src->len;
	for (size_t i = 0; i < pos; i++)
		if (src->text[i] == '\n') {
			loc.line++;
			line_start = i + 1;
		}
	line_end = line_start;
	while (line_end < src->len && src->text[line_end] != '\n')
		line_end++;
	if (line_start == 0) {
		loc.col = src->where->col + (int)pos;
	} else {
		/* A later line of a multi-line text: its own line, column from 1. */
		loc.col = (int)(pos - line_start) + 1;
		loc.text = src->text + line_start;
		loc.text_len = line_end - line_start;
	}
	if (!loc.text) {
		loc.text = src->text + line_start;
		loc.text_len = line_end - line_start;
		loc.col = (int)(pos - line_start) + 1;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return axe_error_set(err, AXE_ERR_SYNTAX, &loc, span ? (int)span : 1, "%s", msg);
}

void tt_locate(const tt_src *src, size_t pos, axe_error *err)
{
	axe_error at;

	if (!err || err->code == AXE_ERR_NONE || err->line)
		return;
	axe_error_init(&at);
	tt_error(src, pos, 1, &at, "here");
	memcpy(err->source, at.source, sizeof(err->source));
	memcpy(err->context, at.context, sizeof(err->context));
	err->line = at.line;
	err->col = at.col;
	err->span = at.span;
	err->context_col = at.context_col;
}

size_t tt_skip(const tt_src *src, size_t pos)
{
	while (pos < src->len && (src->text[pos] == ' ' || src->text[pos] == '\t' ||
				  src->text[pos] == '\n' || src->text[pos] == '\r'))
		pos++;
	return pos;
}

static bool name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$' || c == '-';
}

static void value_release(tt_value *v);

static void attr_free(tt_attr *a)
{
	if (!a)
		return;
	for (size_t i = 0; i < a->nentry; i++)
		value_release(&a->entry[i].value);
	free(a->entry);
	free(a);
}

static void value_release(tt_value *v)
{
	for (size_t i = 0; i < v->nitem; i++)
		value_release(&v->item[i]);
	free(v->item);
	attr_free(v->attr);
}

void tt_value_free(tt_value *v)
{
	if (!v)
		return;
	value_release(v);
	free(v);
}

const tt_entry *tt_attr_find(const tt_attr *attr, const char *key)
{
	for (size_t i = 0; i < attr->nentry; i++)
		if (strcmp(attr->entry[i].key, key) == 0)
			return &attr->entry[i];
	return NULL;
}

static int parse_into(const tt_src *src, size_t *pos, int depth, tt_value *v, axe_error *err);

static int expect(const tt_src *src, size_t *pos, char c, const char *what, axe_error *err)
{
	*pos = tt_skip(src, *pos);
	if (*pos >= src->len || src->text[*pos] != c)
		return tt_error(src, *pos, 1, err, "expected '%c' %s", c, what);
	(*pos)++;
	return 0;
}

/* An integer, with an optional MLIR type after it (`4 : i32`). */
static int parse_int(const tt_src *src, size_t *pos, tt_value *v, axe_error *err)
{
	size_t p = *pos;
	bool neg = false;
	int64_t n = 0;

	if (src->text[p] == '-')
		neg = true;
	if (neg)
		p++;
	if (p >= src->len || !isdigit((unsigned char)src->text[p]))
		return tt_error(src, *pos, 1, err, "expected a number");
	while (p < src->len && isdigit((unsigned char)src->text[p])) {
		if (__builtin_mul_overflow(n, 10, &n) ||
		    __builtin_add_overflow(n, src->text[p] - '0', &n))
			return tt_error(src, *pos, p - *pos + 1, err,
					"number does not fit in 64 bits");
		p++;
	}
	v->kind = TT_INT;
	v->num = neg ? -n : n;
	v->len = p - *pos;
	*pos = p;
	p = tt_skip(src, p);
	if (p + 1 < src->len && src->text[p] == ':' && src->text[p + 1] != ':') {
		p = tt_skip(src, p + 1);
		while (p < src->len && name_char(src->text[p]))
			p++;
		*pos = p;
	}
	return 0;
}

static int parse_list(const tt_src *src, size_t *pos, int depth, tt_value *v, axe_error *err)
{
	v->kind = TT_LIST;
	(*pos)++;
	*pos = tt_skip(src, *pos);
	if (*pos < src->len && src->text[*pos] == ']') {
		(*pos)++;
		return 0;
	}
	for (;;) {
		tt_value *grown = realloc(v->item, (v->nitem + 1) * sizeof(tt_value));

		if (!grown)
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		v->item = grown;
		memset(&v->item[v->nitem], 0, sizeof(tt_value));
		v->nitem++;
		if (parse_into(src, pos, depth + 1, &v->item[v->nitem - 1], err) < 0)
			return -1;
		*pos = tt_skip(src, *pos);
		if (*pos < src->len && src->text[*pos] == ']') {
			(*pos)++;
			return 0;
		}
		if (expect(src, pos, ',', "or ']' in the list", err) < 0)
			return -1;
	}
}

static int parse_key(const tt_src *src, size_t *pos, tt_entry *e, axe_error *err)
{
	size_t p = *pos, n = 0;

	e->pos = p;
	while (p < src->len && name_char(src->text[p]))
		p++;
	n = p - *pos;
	if (n == 0)
		return tt_error(src, *pos, 1, err, "expected a parameter name");
	if (n >= sizeof(e->key))
		return tt_error(src, *pos, n, err, "parameter name too long");
	memcpy(e->key, src->text + *pos, n);
	e->key[n] = '\0';
	*pos = p;
	return 0;
}

/* One `key = value` entry of "a" at *pos (a key given twice is an error). */
static int parse_entry(const tt_src *src, size_t *pos, int depth, tt_attr *a, axe_error *err)
{
	tt_entry *grown = realloc(a->entry, (a->nentry + 1) * sizeof(tt_entry));
	tt_entry *e;

	if (!grown)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	a->entry = grown;
	e = &a->entry[a->nentry++];
	memset(e, 0, sizeof(*e));
	*pos = tt_skip(src, *pos);
	if (parse_key(src, pos, e, err) < 0)
		return -1;
	for (size_t i = 0; i + 1 < a->nentry; i++)
		if (strcmp(a->entry[i].key, e->key) == 0)
			return tt_error(src, e->pos, strlen(e->key), err,
					"parameter '%s' given twice", e->key);
	if (expect(src, pos, '=', "after the parameter name", err) < 0)
		return -1;
	return parse_into(src, pos, depth + 1, &e->value, err);
}

/* Entries separated by ',' up to "close" (consumed); none when "close" comes first. */
static int parse_entries(const tt_src *src, size_t *pos, int depth, tt_attr *a, char close,
			 axe_error *err)
{
	*pos = tt_skip(src, *pos);
	if (*pos < src->len && src->text[*pos] == close) {
		(*pos)++;
		return 0;
	}
	for (;;) {
		if (parse_entry(src, pos, depth, a, err) < 0)
			return -1;
		*pos = tt_skip(src, *pos);
		if (*pos < src->len && src->text[*pos] == close) {
			(*pos)++;
			return 0;
		}
		if (expect(src, pos, ',', close == '}' ? "or '}' after a parameter" :
			   "or '>' after a parameter", err) < 0)
			return -1;
	}
}

/* A plain number of a padding list (no sign, no type). */
static int padding_number(const tt_src *src, size_t *pos, tt_value *v, const char *what,
			  axe_error *err)
{
	*pos = tt_skip(src, *pos);
	v->pos = *pos;
	v->kind = TT_INT;
	if (*pos >= src->len || !isdigit((unsigned char)src->text[*pos]))
		return tt_error(src, *pos, 1, err, "expected %s (INTERVAL:+PADDING)", what);
	while (*pos < src->len && isdigit((unsigned char)src->text[*pos]))
		if (__builtin_mul_overflow(v->num, 10, &v->num) ||
		    __builtin_add_overflow(v->num, src->text[(*pos)++] - '0', &v->num))
			return tt_error(src, v->pos, *pos - v->pos, err,
					"number does not fit in 64 bits");
	v->len = *pos - v->pos;
	return 0;
}

/*
 * The `[interval:+padding, ...]` of #ttg.padded_shared, kept as the entry
 * "intervals": a list of [interval, padding] pairs.
 */
static int parse_paddings(const tt_src *src, size_t *pos, tt_attr *a, axe_error *err)
{
	tt_entry *grown = realloc(a->entry, (a->nentry + 1) * sizeof(tt_entry));
	tt_value *list;

	if (!grown)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	a->entry = grown;
	memset(&a->entry[a->nentry], 0, sizeof(tt_entry));
	strcpy(a->entry[a->nentry].key, "intervals");
	a->entry[a->nentry].pos = *pos;
	list = &a->entry[a->nentry++].value;
	list->kind = TT_LIST;
	list->pos = (*pos)++;
	for (;;) {
		tt_value *pair, *more = realloc(list->item, (list->nitem + 1) * sizeof(tt_value));

		if (!more)
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		list->item = more;
		pair = memset(&list->item[list->nitem++], 0, sizeof(tt_value));
		pair->kind = TT_LIST;
		*pos = pair->pos = tt_skip(src, *pos);
		if (!(pair->item = calloc(2, sizeof(tt_value))))
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		pair->nitem = 2;
		if (padding_number(src, pos, &pair->item[0], "an interval", err) < 0 ||
		    expect(src, pos, ':', "between an interval and its padding", err) < 0 ||
		    expect(src, pos, '+', "before the padding (INTERVAL:+PADDING)", err) < 0 ||
		    padding_number(src, pos, &pair->item[1], "the padding", err) < 0)
			return -1;
		pair->len = *pos - pair->pos;
		*pos = tt_skip(src, *pos);
		if (*pos < src->len && src->text[*pos] == ']')
			break;
		if (expect(src, pos, ',', "or ']' after INTERVAL:+PADDING", err) < 0)
			return -1;
	}
	(*pos)++;
	list->len = *pos - list->pos;
	return 0;
}

/*
 * What follows an attribute's '<': `{entries}` (then perhaps `, key =
 * value` entries, as #ttg.shared_linear's alignment), `[paddings]
 * {entries}` (#ttg.padded_shared), or bare `key = value` entries (the
 * #ttng.tensor_memory encodings), up to and with the closing '>'.
 */
static int parse_body(const tt_src *src, size_t *pos, int depth, tt_attr *a, axe_error *err)
{
	*pos = tt_skip(src, *pos);
	if (*pos < src->len && src->text[*pos] == '[') {
		if (parse_paddings(src, pos, a, err) < 0 ||
		    expect(src, pos, '{', "after the paddings", err) < 0 ||
		    parse_entries(src, pos, depth, a, '}', err) < 0)
			return -1;
		return expect(src, pos, '>', "to close the attribute", err);
	}
	if (*pos >= src->len || src->text[*pos] != '{')
		return parse_entries(src, pos, depth, a, '>', err);
	(*pos)++;
	if (parse_entries(src, pos, depth, a, '}', err) < 0)
		return -1;
	*pos = tt_skip(src, *pos);
	if (*pos < src->len && src->text[*pos] == ',') {
		(*pos)++;
		return parse_entries(src, pos, depth, a, '>', err);
	}
	return expect(src, pos, '>', "to close the attribute", err);
}

/*
 * Whether `#NAME` with no '<' is a parameterless attribute of a Triton
 * dialect (`#ttng.tensor_memory_scales_encoding`) rather than an alias
 * (MLIR alias names may hold dots too).
 */
static bool bare_attribute(const char *name, size_t n)
{
	static const char *const dialects[] = { "ttg.", "ttng.", "triton_gpu.",
						"triton_nvidia_gpu." };

	for (size_t i = 0; i < sizeof(dialects) / sizeof(dialects[0]); i++)
		if (n > strlen(dialects[i]) && strncmp(name, dialects[i], strlen(dialects[i])) == 0)
			return true;
	return false;
}

/* `#dialect.name<...>`, `#dialect.name` or `#alias`. */
static int parse_hash(const tt_src *src, size_t *pos, int depth, tt_value *v, axe_error *err)
{
	size_t start = *pos, p = *pos + 1;
	const char *dot;
	size_t n;

	while (p < src->len && name_char(src->text[p]))
		p++;
	n = p - start;
	if (n == 1)
		return tt_error(src, start, 1, err, "expected an attribute or alias name after '#'");
	dot = memchr(src->text + start, '.', n);
	if ((p >= src->len || src->text[p] != '<') && !bare_attribute(src->text + start + 1, n - 1)) {
		if (n >= sizeof(v->name))
			return tt_error(src, start, n, err, "alias name too long");
		v->kind = TT_ALIAS;
		memcpy(v->name, src->text + start, n);
		v->name[n] = '\0';
		*pos = p;
		return 0;
	}
	v->kind = TT_ATTR;
	if (!(v->attr = calloc(1, sizeof(tt_attr))))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	v->attr->pos = start;
	if (!dot || (size_t)(dot - src->text - start - 1) >= sizeof(v->attr->dialect) ||
	    (size_t)(src->text + p - dot - 1) >= sizeof(v->attr->name) || dot + 1 == src->text + p)
		return tt_error(src, start, n, err, "expected '#DIALECT.NAME<{...}>'");
	memcpy(v->attr->dialect, src->text + start + 1, (size_t)(dot - src->text - start - 1));
	memcpy(v->attr->name, dot + 1, (size_t)(src->text + p - dot - 1));
	v->attr->name_pos = (size_t)(dot + 1 - src->text);
	/* A dialect attribute without parameters (`#ttng.tensor_memory_scales_encoding`). */
	if (p >= src->len || src->text[p] != '<') {
		*pos = p;
		return 0;
	}
	*pos = p + 1;
	return parse_body(src, pos, depth, v->attr, err);
}

/* An MLIR dictionary value `{key = value, ...}` (AMD's ctaLayout): an attribute without a name. */
static int parse_dictionary(const tt_src *src, size_t *pos, int depth, tt_value *v,
			    axe_error *err)
{
	v->kind = TT_ATTR;
	if (!(v->attr = calloc(1, sizeof(tt_attr))))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	v->attr->pos = v->attr->name_pos = (*pos)++;
	return parse_entries(src, pos, depth, v->attr, '}', err);
}

static int parse_into(const tt_src *src, size_t *pos, int depth, tt_value *v, axe_error *err)
{
	char c;
	int rc;

	*pos = tt_skip(src, *pos);
	v->pos = *pos;
	if (depth > TT_MAX_DEPTH)
		return tt_error(src, *pos, 1, err, "attribute nested more than %d deep",
				TT_MAX_DEPTH);
	if (*pos >= src->len)
		return tt_error(src, *pos, 1, err, "expected a value");
	c = src->text[*pos];
	if (c == '[')
		rc = parse_list(src, pos, depth, v, err);
	else if (c == '#')
		rc = parse_hash(src, pos, depth, v, err);
	else if (c == '{')
		rc = parse_dictionary(src, pos, depth, v, err);
	else if (c == '-' || isdigit((unsigned char)c))
		rc = parse_int(src, pos, v, err);
	else if (*pos + 4 <= src->len && memcmp(src->text + *pos, "true", 4) == 0 &&
		 !(*pos + 4 < src->len && name_char(src->text[*pos + 4])))
		rc = (v->kind = TT_BOOL, v->num = 1, *pos += 4, 0);
	else if (*pos + 5 <= src->len && memcmp(src->text + *pos, "false", 5) == 0 &&
		 !(*pos + 5 < src->len && name_char(src->text[*pos + 5])))
		rc = (v->kind = TT_BOOL, v->num = 0, *pos += 5, 0);
	else
		rc = tt_error(src, *pos, 1, err,
			      "expected a number, true, false, a list, a {dictionary} or an "
			      "attribute");
	if (rc == 0 && v->kind != TT_INT)
		v->len = *pos - v->pos;
	return rc;
}

tt_value *tt_parse_value(const tt_src *src, size_t *pos, axe_error *err)
{
	tt_value *v = calloc(1, sizeof(*v));

	if (!v) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	if (parse_into(src, pos, 0, v, err) < 0) {
		tt_value_free(v);
		return NULL;
	}
	return v;
}
