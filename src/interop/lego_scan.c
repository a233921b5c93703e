/*
 * lego_scan.c: tokens, integer expressions over bound names and lists of
 * LEGO text (lego_scan.h).  Integer expressions are Python's: `//` and `%`
 * floor, `/` must divide exactly (the paper writes M/BM), max and min.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lego_scan.h"

void lego_next(parser *ps)
{
	const char *s = ps->text;
	size_t p = ps->t.pos + ps->t.len;

	while (p < ps->len && isspace((unsigned char)s[p]))
		p++;
	memset(&ps->t, 0, sizeof(ps->t));
	ps->t.pos = p;
	if (p >= ps->len) {
		ps->t.kind = T_END;
		return;
	}
	if (isdigit((unsigned char)s[p])) {
		ps->t.kind = T_INT;
		while (p < ps->len && isdigit((unsigned char)s[p])) {
			int digit = s[p++] - '0';
			ps->t.overflow |= __builtin_mul_overflow(ps->t.value, 10, &ps->t.value) ||
					  __builtin_add_overflow(ps->t.value, digit, &ps->t.value);
		}
	} else if (isalpha((unsigned char)s[p]) || s[p] == '_') {
		ps->t.kind = T_NAME;
		while (p < ps->len && (isalnum((unsigned char)s[p]) || s[p] == '_'))
			p++;
	} else if (s[p] == '/' && p + 1 < ps->len && s[p + 1] == '/') {
		ps->t.kind = T_FLOORDIV;
		p += 2;
	} else if (strchr("()[],.:+-*/%", s[p]) && s[p] != '\0') {
		ps->t.kind = T_PUNCT;
		ps->t.punct = s[p++];
	} else {
		ps->t.kind = T_BAD;
		p++;
	}
	ps->t.len = p - ps->t.pos;
}

int lego_error_at(parser *ps, size_t pos, size_t len, int code, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return axe_lexer_error_at(&ps->lx, pos, len ? len : 1, ps->err, code, "%s", msg);
}

/* The current token quoted for a message ("end of input" at the end). */
const char *lego_describe(const parser *ps, char *buf, size_t size)
{
	size_t n = ps->t.len > 32 ? 32 : ps->t.len;

	if (ps->t.kind == T_END)
		return "the end of the text";
	if (ps->t.len == 1) /* a byte the scanner does not know: the whole character */
		return axe_quote_char(ps->text + ps->t.pos, strlen(ps->text + ps->t.pos), buf, size);
	/* A long name is cut at 32 bytes, never inside a character. */
	while (n < ps->t.len && n > 0 && ((unsigned char)ps->text[ps->t.pos + n] & 0xc0) == 0x80)
		n--;
	snprintf(buf, size, "'%.*s'", (int)n, ps->text + ps->t.pos);
	return buf;
}

bool lego_at_punct(const parser *ps, char c)
{
	return ps->t.kind == T_PUNCT && ps->t.punct == c;
}

bool lego_at_name(const parser *ps, const char *name)
{
	return ps->t.kind == T_NAME && ps->t.len == strlen(name) &&
	       strncmp(ps->text + ps->t.pos, name, ps->t.len) == 0;
}

int lego_expect(parser *ps, char c, const char *context)
{
	char buf[48];

	if (lego_at_punct(ps, c)) {
		lego_next(ps);
		return 0;
	}
	return lego_error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_SYNTAX, "expected '%c' %s but found %s",
			c, context, lego_describe(ps, buf, sizeof(buf)));
}

/* ---- integer expressions over bound names ---- */

static int bound_name(parser *ps, int64_t *v)
{
	const char *names[64];
	const char *best;
	size_t n = ps->nbind < 64 ? ps->nbind : 64;
	char word[64];

	for (size_t i = 0; i < ps->nbind; i++)
		if (strlen(ps->bind[i].name) == ps->t.len &&
		    strncmp(ps->bind[i].name, ps->text + ps->t.pos, ps->t.len) == 0) {
			*v = ps->bind[i].value;
			lego_next(ps);
			return 0;
		}
	lego_error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_NAME,
		 "name '%.*s' has no value (bind it: --bind %.*s=VALUE, or 'bind:' in a spec)",
		 (int)ps->t.len, ps->text + ps->t.pos, (int)ps->t.len, ps->text + ps->t.pos);
	for (size_t i = 0; i < n; i++)
		names[i] = ps->bind[i].name;
	snprintf(word, sizeof(word), "%.*s", (int)(ps->t.len < 63 ? ps->t.len : 63),
		 ps->text + ps->t.pos);
	if ((best = axe_suggest(word, names, n)) != NULL)
		axe_error_hint(ps->err, "did you mean '%s'?", best);
	return -1;
}

/* max(a, b, ...) or min(a, b, ...), the name already read. */
static int minmax(parser *ps, bool is_max, int64_t *v)
{
	int64_t x;
	bool first = true;

	lego_next(ps);
	if (lego_expect(ps, '(', is_max ? "after 'max'" : "after 'min'") < 0)
		return -1;
	do {
		if (!first && lego_expect(ps, ',', "between arguments") < 0)
			return -1;
		if (lego_iexpr(ps, &x) < 0)
			return -1;
		*v = first ? x : is_max ? (x > *v ? x : *v) : (x < *v ? x : *v);
		first = false;
	} while (lego_at_punct(ps, ','));
	return lego_expect(ps, ')', "to close the call");
}

static int atom_nested(parser *ps, int64_t *v);

/* An atom, refused past LEGO_MAX_DEPTH nestings (a stack that stays small). */
static int atom(parser *ps, int64_t *v)
{
	int rc;

	if (ps->depth >= LEGO_MAX_DEPTH)
		return lego_error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_LIMIT,
				     "integer expression nested more than %d deep", LEGO_MAX_DEPTH);
	ps->depth++;
	rc = atom_nested(ps, v);
	ps->depth--;
	return rc;
}

static int atom_nested(parser *ps, int64_t *v)
{
	char buf[48];
	size_t start = ps->t.pos;

	if (ps->t.kind == T_INT) {
		if (ps->t.overflow)
			return lego_error_at(ps, start, ps->t.len, AXE_ERR_OVERFLOW,
					"integer does not fit in 64 bits");
		*v = ps->t.value;
		lego_next(ps);
		return 0;
	}
	if (lego_at_punct(ps, '-')) {
		lego_next(ps);
		if (atom(ps, v) < 0)
			return -1;
		if (*v == INT64_MIN)
			return lego_error_at(ps, start, ps->t.pos - start, AXE_ERR_OVERFLOW,
					"value does not fit in 64 bits");
		*v = -*v;
		return 0;
	}
	if (lego_at_punct(ps, '(')) {
		lego_next(ps);
		return lego_iexpr(ps, v) < 0 ? -1 : lego_expect(ps, ')', "to close the parenthesis");
	}
	if (lego_at_name(ps, "max") || lego_at_name(ps, "min"))
		return minmax(ps, lego_at_name(ps, "max"), v);
	if (ps->t.kind == T_NAME)
		return bound_name(ps, v);
	return lego_error_at(ps, start, ps->t.len, AXE_ERR_SYNTAX,
			"expected an integer, a bound name or '(' but found %s",
			lego_describe(ps, buf, sizeof(buf)));
}

/* a OP b for OP in * // / %: floor division and modulo as in Python. */
static int apply_mul(parser *ps, char op, int64_t a, int64_t b, size_t pos, size_t len,
		     int64_t *v)
{
	if (op == '*') {
		if (__builtin_mul_overflow(a, b, v))
			return lego_error_at(ps, pos, len, AXE_ERR_OVERFLOW,
					"product does not fit in 64 bits");
		return 0;
	}
	if (b == 0)
		return lego_error_at(ps, pos, len, AXE_ERR_VALUE, "division by zero");
	if (a == INT64_MIN && b == -1)
		return lego_error_at(ps, pos, len, AXE_ERR_OVERFLOW, "quotient does not fit in 64 bits");
	if (op == '/' && a % b != 0)
		return lego_error_at(ps, pos, len, AXE_ERR_VALUE,
				"'/' needs an exact quotient, but %lld / %lld is not whole (write "
				"'//' for floor division)", (long long)a, (long long)b);
	*v = op == '%' ? a % b : a / b;
	/* C truncates; Python floors: move the result down where the signs differ. */
	if (a % b != 0 && ((a < 0) != (b < 0)))
		*v = op == '%' ? *v + b : *v - 1;
	return 0;
}

static int term(parser *ps, int64_t *v)
{
	size_t start = ps->t.pos;

	if (atom(ps, v) < 0)
		return -1;
	while (lego_at_punct(ps, '*') || lego_at_punct(ps, '/') || lego_at_punct(ps, '%') ||
	       ps->t.kind == T_FLOORDIV) {
		char op = ps->t.kind == T_FLOORDIV ? 'f' : ps->t.punct;
		int64_t b;

		lego_next(ps);
		if (atom(ps, &b) < 0 ||
		    apply_mul(ps, op == 'f' ? '\0' : op, *v, b, start, ps->t.pos - start, v) < 0)
			return -1;
	}
	return 0;
}

int lego_iexpr(parser *ps, int64_t *v)
{
	size_t start = ps->t.pos;

	if (term(ps, v) < 0)
		return -1;
	while (lego_at_punct(ps, '+') || lego_at_punct(ps, '-')) {
		bool add = ps->t.punct == '+';
		int64_t b;

		lego_next(ps);
		if (term(ps, &b) < 0)
			return -1;
		if (add ? __builtin_add_overflow(*v, b, v) : __builtin_sub_overflow(*v, b, v))
			return lego_error_at(ps, start, ps->t.pos - start, AXE_ERR_OVERFLOW,
					"value does not fit in 64 bits");
	}
	return 0;
}

/* ---- lists ---- */

/*
 * "[e, ...]" or "(e, ...)" into "v" (at most "max"); the count or -1.
 * "what" names an item; extents must be positive when "positive".
 */
long lego_int_list(parser *ps, int64_t *v, size_t max, const char *what, bool positive)
{
	char close = lego_at_punct(ps, '(') ? ')' : ']';
	size_t n = 0;

	if (!lego_at_punct(ps, '(') && lego_expect(ps, '[', what) < 0)
		return -1;
	if (lego_at_punct(ps, '('))
		lego_next(ps);
	while (!lego_at_punct(ps, close)) {
		size_t pos = ps->t.pos;
		if (n > 0 && lego_expect(ps, ',', "between list items") < 0)
			return -1;
		if (lego_at_punct(ps, close)) /* a trailing comma, as in (8,) */
			break;
		pos = ps->t.pos;
		if (n == max)
			return lego_error_at(ps, pos, ps->t.len, AXE_ERR_LIMIT,
					"more than %zu items in a list", max);
		if (lego_iexpr(ps, &v[n]) < 0)
			return -1;
		if (positive && v[n] <= 0)
			return lego_error_at(ps, pos, ps->t.pos - pos, AXE_ERR_VALUE,
					"%s must be positive, not %lld", what, (long long)v[n]);
		n++;
	}
	lego_next(ps);
	if (n == 0)
		return lego_error_at(ps, ps->t.pos, 1, AXE_ERR_VALUE, "empty list of %s", what);
	return (long)n;
}

/* The product of "n" extents, each positive; -1 when it leaves 64 bits. */
int64_t lego_product(const int64_t *dims, size_t n)
{
	int64_t p = 1;

	for (size_t i = 0; i < n; i++)
		if (__builtin_mul_overflow(p, dims[i], &p))
			return -1;
	return p;
}

/* "e, e, ..." up to (not past) a ')': variadic extents, as Row(4, 6). */
long lego_variadic(parser *ps, int64_t *v, size_t max)
{
	size_t n = 0;

	for (;;) {
		size_t pos = ps->t.pos;
		if (n == max)
			return lego_error_at(ps, pos, ps->t.len, AXE_ERR_LIMIT, "more than %zu extents",
					max);
		if (lego_iexpr(ps, &v[n]) < 0)
			return -1;
		if (v[n] <= 0)
			return lego_error_at(ps, pos, ps->t.pos - pos, AXE_ERR_VALUE,
					"extent must be positive, not %lld", (long long)v[n]);
		n++;
		if (!lego_at_punct(ps, ','))
			return (long)n;
		lego_next(ps);
	}
}

int lego_check_size(parser *ps, const int64_t *dims, size_t n, size_t pos, size_t len)
{
	if (lego_product(dims, n) < 0)
		return lego_error_at(ps, pos, len, AXE_ERR_OVERFLOW,
				"the number of elements does not fit in 64 bits");
	return 0;
}

