/*
 * lego_perm.c: LEGO's permutations and OrderBy blocks (lego_scan.h):
 * Row(e, ...) and Row([e, ...]) (identity), Col (its reverse, as lego.py
 * writes it), RegP([e, ...], [k, ...]) with a 0-based (Python front end) or
 * 1-based (the paper) order, and GenP([e, ...], lambda i, j: EXPR), whose
 * body is an `expr:` index expression over the lambda's names; an inverse
 * given as a third argument is skipped (importing needs only `apply`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lego_scan.h"

/* Row(e, ...) / Row([e, ...]) / Col(...): row- or column-major RegP. */
static int row_col(parser *ps, bool col, lego_perm *p)
{
	long n;

	lego_next(ps);
	if (lego_expect(ps, '(', col ? "after 'Col'" : "after 'Row'") < 0)
		return -1;
	n = lego_at_punct(ps, '[') ? lego_int_list(ps, p->dims, LEGO_MAX_DIMS, "extent", true)
			      : lego_variadic(ps, p->dims, LEGO_MAX_DIMS);
	if (n < 0 || lego_expect(ps, ')', "to close the call") < 0)
		return -1;
	p->kind = LEGO_REGP;
	p->d = (size_t)n;
	/* lego.py: Row is the identity, Col its reverse. */
	for (long i = 0; i < n; i++)
		p->sigma[i] = (int)(col ? n - 1 - i : i);
	return 0;
}

/*
 * "k" (d of them) as a 0-based permutation into "sigma": the values are
 * 0..d-1 (LEGO's Python front end) or 1..d (the paper's figures).
 */
static int read_sigma(parser *ps, const int64_t *k, size_t d, int *sigma, size_t pos,
		      size_t len)
{
	bool seen[LEGO_MAX_DIMS + 1] = { false }, zero = false;

	for (size_t i = 0; i < d; i++)
		zero |= k[i] == 0;
	for (size_t i = 0; i < d; i++) {
		int64_t v = zero ? k[i] : k[i] - 1;
		if (v < 0 || v >= (int64_t)d || seen[v])
			return lego_error_at(ps, pos, len, AXE_ERR_VALUE,
					"RegP's order is not a permutation of 0..%zu (or 1..%zu)",
					d - 1, d);
		seen[v] = true;
		sigma[i] = (int)v;
	}
	return 0;
}

/* RegP([e, ...], [k, ...]). */
static int regp(parser *ps, lego_perm *p)
{
	int64_t k[LEGO_MAX_DIMS];
	long n, m;
	size_t spos;

	lego_next(ps);
	if (lego_expect(ps, '(', "after 'RegP'") < 0 ||
	    (n = lego_int_list(ps, p->dims, LEGO_MAX_DIMS, "extent", true)) < 0 ||
	    lego_expect(ps, ',', "after RegP's extents") < 0)
		return -1;
	spos = ps->t.pos;
	if ((m = lego_int_list(ps, k, LEGO_MAX_DIMS, "order", false)) < 0)
		return -1;
	if (m != n)
		return lego_error_at(ps, spos, ps->t.pos - spos, AXE_ERR_VALUE,
				"RegP has %ld extents but an order of %ld", n, m);
	p->kind = LEGO_REGP;
	p->d = (size_t)n;
	if (read_sigma(ps, k, p->d, p->sigma, spos, ps->t.pos - spos) < 0)
		return -1;
	return lego_expect(ps, ')', "to close RegP");
}

/* Skip balanced text up to the ')' that closes the current call. */
static int skip_to_close(parser *ps)
{
	int depth = 0;
	char buf[48];

	while (ps->t.kind != T_END) {
		if (lego_at_punct(ps, '(') || lego_at_punct(ps, '['))
			depth++;
		else if ((lego_at_punct(ps, ')') || lego_at_punct(ps, ']')) && depth-- == 0)
			return 0;
		lego_next(ps);
	}
	return lego_error_at(ps, ps->t.pos, 1, AXE_ERR_SYNTAX, "expected ')' to close GenP but found %s",
			lego_describe(ps, buf, sizeof(buf)));
}

/* "lambda a, b:" of GenP: one name per extent, each a variable in [0, extent). */
static int lambda_names(parser *ps, lego_perm *p)
{
	char name[64], buf[48];

	if (!lego_at_name(ps, "lambda"))
		return lego_error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_SYNTAX,
				"expected 'lambda' and GenP's index names but found %s",
				lego_describe(ps, buf, sizeof(buf)));
	lego_next(ps);
	if (!(p->ctx = axe_expr_ctx_new()))
		return lego_error_at(ps, ps->t.pos, 1, AXE_ERR_NOMEM, "out of memory");
	for (size_t i = 0; i < p->d; i++) {
		if ((i > 0 && lego_expect(ps, ',', "between lambda names") < 0))
			return -1;
		if (ps->t.kind != T_NAME || ps->t.len >= sizeof(name))
			return lego_error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_SYNTAX,
					"GenP has %zu extent%s: expected %zu lambda name%s", p->d,
						     p->d == 1 ? "" : "s", p->d, p->d == 1 ? "" : "s");
		snprintf(name, sizeof(name), "%.*s", (int)ps->t.len, ps->text + ps->t.pos);
		if (axe_expr_ctx_find_var(p->ctx, name) >= 0)
			return lego_error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_VALUE,
					"lambda name '%s' given twice", name);
		if (axe_expr_ctx_add_var(p->ctx, name, 0, p->dims[i] - 1) < 0)
			return lego_error_at(ps, ps->t.pos, 1, AXE_ERR_NOMEM, "out of memory");
		lego_next(ps);
	}
	if (lego_at_punct(ps, ','))
		return lego_error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_SYNTAX,
				     "GenP has %zu extent%s: expected %zu lambda name%s", p->d,
						     p->d == 1 ? "" : "s", p->d, p->d == 1 ? "" : "s");
	return lego_expect(ps, ':', "after the lambda's names");
}

/*
 * GenP([e, ...], lambda i, j: EXPR [, inverse]).  EXPR runs to the first ','
 * or unbalanced ')' and is parsed over the lambda's names, in the GenP's
 * own context.
 */
static int genp(parser *ps, lego_perm *p)
{
	size_t start, end;
	long n;
	int depth = 0;
	axe_loc origin;

	lego_next(ps);
	if (lego_expect(ps, '(', "after 'GenP'") < 0 ||
	    (n = lego_int_list(ps, p->dims, LEGO_MAX_DIMS, "extent", true)) < 0 ||
	    lego_expect(ps, ',', "after GenP's extents") < 0)
		return -1;
	p->kind = LEGO_GENP;
	p->d = (size_t)n;
	if (lego_check_size(ps, p->dims, p->d, p->pos, ps->t.pos - p->pos) < 0 ||
	    lambda_names(ps, p) < 0)
		return -1;
	start = end = ps->t.pos;
	while (end < ps->len && !(depth == 0 && (ps->text[end] == ',' || ps->text[end] == ')'))) {
		depth += ps->text[end] == '(' ? 1 : ps->text[end] == ')' ? -1 : 0;
		end++;
	}
	origin = axe_lexer_loc(&ps->lx, start);
	p->f = axe_expr_parse(p->ctx, ps->text + start, end - start, &origin, ps->err);
	if (!p->f)
		return -1;
	ps->t.pos = end;
	ps->t.len = 0;
	lego_next(ps);
	if (lego_at_punct(ps, ',')) {
		lego_next(ps);
		if (skip_to_close(ps) < 0)
			return -1;
	}
	return lego_expect(ps, ')', "to close GenP");
}

int lego_perm_parse(parser *ps, lego_perm *p)
{
	char buf[48];
	int rc;

	memset(p, 0, sizeof(*p));
	p->pos = ps->t.pos;
	if (lego_at_name(ps, "Row") || lego_at_name(ps, "Col"))
		rc = row_col(ps, lego_at_name(ps, "Col"), p);
	else if (lego_at_name(ps, "RegP"))
		rc = regp(ps, p);
	else if (lego_at_name(ps, "GenP"))
		rc = genp(ps, p);
	else
		return lego_error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_SYNTAX,
				"expected a permutation (Row, Col, RegP or GenP) but found %s",
				lego_describe(ps, buf, sizeof(buf)));
	p->len = ps->t.pos - p->pos;
	if (rc == 0 && p->kind == LEGO_REGP)
		rc = lego_check_size(ps, p->dims, p->d, p->pos, p->len);
	return rc;
}

/* OrderBy(perm, ...), the name already read, into "o". */
int lego_orderby_parse(parser *ps, lego_order *o)
{
	o->pos = ps->t.pos;
	lego_next(ps);
	if (lego_expect(ps, '(', "after 'OrderBy'") < 0)
		return -1;
	o->nperm = 0;
	do {
		if (o->nperm > 0)
			lego_next(ps);
		if (o->nperm == LEGO_MAX_PERMS)
			return lego_error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_LIMIT,
					"more than %d permutations in one OrderBy", LEGO_MAX_PERMS);
		if (lego_perm_parse(ps, &o->perm[o->nperm++]) < 0)
			return -1;
	} while (lego_at_punct(ps, ','));
	if (lego_expect(ps, ')', "to close OrderBy") < 0)
		return -1;
	o->len = ps->t.pos - o->pos;
	return 0;
}

