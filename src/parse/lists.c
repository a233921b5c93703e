/*
 * lists.c: the small comma-separated lists of the command line and of specs:
 * shapes and coordinates ("8,16"), physical points ("laneid=8,warpid=6") and
 * regions of half-open ranges ("0:64,128:192").
 */
#include <string.h>

#include "lexer.h"
#include "parse.h"

static int expect_end(axe_lexer *lx, axe_error *err)
{
	char buf[48];

	if (lx->tok.kind == AXE_TOK_END)
		return 0;
	return axe_lexer_error(lx, err, AXE_ERR_SYNTAX, "expected ',' or the end but found %s",
			       axe_lexer_describe(lx, buf, sizeof(buf)));
}

bool axe_int_list_is_empty(const char *text)
{
	const char *close = NULL;

	while (*text == ' ' || *text == '\t')
		text++;
	if (*text == '(' || *text == '[') {
		close = *text == '(' ? ")" : "]";
		text++;
		while (*text == ' ' || *text == '\t')
			text++;
		if (*text != *close)
			return false;
		text++;
		while (*text == ' ' || *text == '\t')
			text++;
	}
	return *text == '\0';
}

long axe_parse_int_list(const char *text, const axe_loc *origin, int64_t *values,
			size_t max, const char *what, axe_error *err)
{
	axe_lexer lx;
	size_t n = 0;
	char close = 0;

	axe_lexer_init(&lx, text, strlen(text), origin);
	if (axe_lexer_accept(&lx, '('))
		close = ')';
	else if (axe_lexer_accept(&lx, '['))
		close = ']';
	do {
		if (n >= max)
			return axe_lexer_error(&lx, err, AXE_ERR_LIMIT, "more than %zu %ss", max, what);
		if (axe_lexer_int(&lx, &values[n++], what, err) < 0)
			return -1;
	} while (axe_lexer_accept(&lx, ','));
	if (close && !axe_lexer_accept(&lx, close))
		return axe_lexer_error(&lx, err, AXE_ERR_SYNTAX, "expected '%c' to close the list",
				       close);
	return expect_end(&lx, err) < 0 ? -1 : (long)n;
}

long axe_parse_axis_values(const char *text, const axe_loc *origin, axe_axis_value *out,
			   size_t max, axe_error *err)
{
	axe_lexer lx;
	size_t n = 0;
	char buf[48];

	axe_lexer_init(&lx, text, strlen(text), origin);
	do {
		axe_axis_value *av = &out[n];
		if (n >= max)
			return axe_lexer_error(&lx, err, AXE_ERR_LIMIT, "more than %zu axes", max);
		if (lx.tok.kind != AXE_TOK_IDENT || lx.tok.len >= sizeof(av->name))
			return axe_lexer_error(&lx, err, AXE_ERR_SYNTAX,
					       "expected an axis name but found %s",
					       axe_lexer_describe(&lx, buf, sizeof(buf)));
		memcpy(av->name, text + lx.tok.pos, lx.tok.len);
		av->name[lx.tok.len] = '\0';
		av->col = axe_lexer_loc(&lx, lx.tok.pos).col;
		for (size_t i = 0; i < n; i++)
			if (strcmp(out[i].name, av->name) == 0)
				return axe_lexer_error(&lx, err, AXE_ERR_VALUE,
						       "axis '%s' is given twice", av->name);
		axe_lexer_next(&lx);
		if (!axe_lexer_accept(&lx, '='))
			return axe_lexer_error(&lx, err, AXE_ERR_SYNTAX,
					       "expected '=' after the axis name but found %s",
					       axe_lexer_describe(&lx, buf, sizeof(buf)));
		if (axe_lexer_int(&lx, &av->value, "a coordinate", err) < 0)
			return -1;
		n++;
	} while (axe_lexer_accept(&lx, ','));
	return expect_end(&lx, err) < 0 ? -1 : (long)n;
}

long axe_parse_region(const char *text, const axe_loc *origin, int64_t *begin,
		      int64_t *end, size_t max, axe_error *err)
{
	axe_lexer lx;
	size_t n = 0;
	char buf[48];

	axe_lexer_init(&lx, text, strlen(text), origin);
	do {
		size_t pos = lx.tok.pos;
		if (n >= max)
			return axe_lexer_error(&lx, err, AXE_ERR_LIMIT, "more than %zu ranges", max);
		if (axe_lexer_int(&lx, &begin[n], "a range start", err) < 0)
			return -1;
		if (!axe_lexer_accept(&lx, ':'))
			return axe_lexer_error(&lx, err, AXE_ERR_SYNTAX,
					       "expected ':' in a range 'begin:end' but found %s",
					       axe_lexer_describe(&lx, buf, sizeof(buf)));
		if (axe_lexer_int(&lx, &end[n], "a range end", err) < 0)
			return -1;
		if (end[n] <= begin[n] || begin[n] < 0)
			return axe_lexer_error_at(&lx, pos, lx.tok.pos - pos, err, AXE_ERR_VALUE,
						  "range %lld:%lld is empty or negative",
						  (long long)begin[n], (long long)end[n]);
		n++;
	} while (axe_lexer_accept(&lx, ','));
	return expect_end(&lx, err) < 0 ? -1 : (long)n;
}
