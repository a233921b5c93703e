/*
 * lego_parse.c: reading LEGO expressions (lego.h) as LEGO's Python front end
 * and the LEGO paper write them:
 *
 *   layout := call ("." call)*
 *   call   := GroupBy(dims... [, OrderBy(...)...]) | TileBy(dims, ...)
 *           | OrderBy(perm, ...) | perm
 *   perm   := Row(e, ...) | Row([e, ...]) | Col(...) | RegP([e, ...], [k, ...])
 *           | GenP([e, ...], lambda i, j: EXPR [, inverse])
 *   dims   := [e, ...] | (e, ...) | [[e, ...], (e, ...), ...]
 *   e      := integers, bound names, + - * // / % ( ), max(...), min(...)
 *
 * RegP's permutation may be 0-based (the Python front end) or 1-based (the
 * paper's figures): the two sets never overlap, so the text says which.
 * `/` must divide exactly (the paper's M/BM); `//` is floor division.
 * GenP's body is an `expr:` index expression (C operators, `/` floor) over
 * the lambda's names; its inverse, when given, is not read (importing
 * needs only `apply`).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lego_scan.h"

/* One call of a method chain, before the chain is normalised. */
enum call_kind { CALL_GROUPBY, CALL_TILEBY, CALL_ORDERBY };

typedef struct call {
	enum call_kind kind;
	size_t pos, len;
	size_t nlevel;                /* GroupBy/TileBy: levels of extents */
	int64_t dims[LEGO_MAX_DIMS];  /* all levels, concatenated */
	size_t level_d[LEGO_MAX_DIMS];
	lego_order *order;            /* ORDERBY: owned */
	size_t ninner;                /* GroupBy(dims, OrderBy...): objects in written order */
	lego_order *inner;            /* owned */
} call;

#define MAX_CALLS 64

/* ---- GroupBy, TileBy and the chain ---- */

/* True when the '(' at the current token opens a tuple: a ',' at its top level. */
static bool paren_is_tuple(const parser *ps)
{
	int depth = 0;

	for (size_t p = ps->t.pos; p < ps->len; p++) {
		char c = ps->text[p];
		if (c == '(' || c == '[')
			depth++;
		else if ((c == ')' || c == ']') && --depth == 0)
			return false;
		else if (c == ',' && depth == 1)
			return true;
	}
	return false;
}

/* True when the ',' at the current token is followed by '[' or '(' (another level). */
static bool level_follows(const parser *ps)
{
	size_t p = ps->t.pos + 1;

	while (p < ps->len && isspace((unsigned char)ps->text[p]))
		p++;
	return p < ps->len && (ps->text[p] == '[' || ps->text[p] == '(');
}

/* One level of dims, "[e, ...]" or "(e, ...)", appended to "c". */
static int level(parser *ps, call *c)
{
	size_t have = 0, pos = ps->t.pos;
	long n;

	for (size_t i = 0; i < c->nlevel; i++)
		have += c->level_d[i];
	if (c->nlevel == LEGO_MAX_DIMS)
		return lego_error_at(ps, pos, 1, AXE_ERR_LIMIT, "more than %d levels", LEGO_MAX_DIMS);
	n = lego_int_list(ps, c->dims + have, LEGO_MAX_DIMS - have, "extent", true);
	if (n < 0)
		return -1;
	c->level_d[c->nlevel++] = (size_t)n;
	return lego_check_size(ps, c->dims, have + (size_t)n, pos, ps->t.pos - pos);
}

/*
 * The levels of GroupBy/TileBy: "[6, 4]", "[2, 2], [3, 2]", or a list of
 * them, "[(2, 2), (3, 2)]" as the Python front end writes GroupBy's.
 */
static int levels(parser *ps, call *c)
{
	bool nested = false;

	if (lego_at_punct(ps, '[')) {
		size_t save_pos = ps->t.pos, save_len = ps->t.len;
		lego_next(ps);
		nested = lego_at_punct(ps, '[') || (lego_at_punct(ps, '(') && paren_is_tuple(ps));
		if (!nested) {
			ps->t.pos = save_pos;
			ps->t.len = save_len;
			ps->t.kind = T_PUNCT;
			ps->t.punct = '[';
		}
	}
	for (;;) {
		if (level(ps, c) < 0)
			return -1;
		/* GroupBy(dims, OrderBy(...)): a ',' not followed by a level is the caller's. */
		if (!lego_at_punct(ps, ',') || !level_follows(ps))
			break;
		lego_next(ps);
	}
	return nested ? lego_expect(ps, ']', "to close the list of levels") : 0;
}

/* GroupBy(levels [, OrderBy(...), ...]) or TileBy(levels), the name already read. */
static int group_or_tile(parser *ps, call *c)
{
	bool tile = lego_at_name(ps, "TileBy");

	c->kind = tile ? CALL_TILEBY : CALL_GROUPBY;
	lego_next(ps);
	if (lego_expect(ps, '(', tile ? "after 'TileBy'" : "after 'GroupBy'") < 0)
		return -1;
	if (!lego_at_punct(ps, '[') && !lego_at_punct(ps, '('))
		return lego_error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_SYNTAX,
				"expected the extents of %s, as in [4, 6]", tile ? "TileBy" : "GroupBy");
	if (levels(ps, c) < 0)
		return -1;
	while (!tile && lego_at_punct(ps, ',')) {
		lego_next(ps);
		if (!lego_at_name(ps, "OrderBy"))
			return lego_expect(ps, ')', "to close GroupBy");
		if (c->ninner == 0 && !(c->inner = calloc(LEGO_MAX_ORDERS / 2, sizeof(lego_order))))
			return lego_error_at(ps, ps->t.pos, 1, AXE_ERR_NOMEM, "out of memory");
		if (c->ninner == LEGO_MAX_ORDERS / 2)
			return lego_error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_LIMIT,
					"more than %d OrderBy blocks", LEGO_MAX_ORDERS / 2);
		if (lego_orderby_parse(ps, &c->inner[c->ninner++]) < 0)
			return -1;
	}
	return lego_expect(ps, ')', tile ? "to close TileBy" : "to close GroupBy");
}

static int one_call(parser *ps, call *c)
{
	char buf[48];

	memset(c, 0, sizeof(*c));
	c->pos = ps->t.pos;
	if (lego_at_name(ps, "GroupBy") || lego_at_name(ps, "TileBy")) {
		if (group_or_tile(ps, c) < 0)
			return -1;
	} else {
		c->kind = CALL_ORDERBY;
		if (!(c->order = calloc(1, sizeof(*c->order))))
			return lego_error_at(ps, ps->t.pos, 1, AXE_ERR_NOMEM, "out of memory");
		if (lego_at_name(ps, "OrderBy")) {
			if (lego_orderby_parse(ps, c->order) < 0)
				return -1;
		} else if (lego_at_name(ps, "Row") || lego_at_name(ps, "Col") || lego_at_name(ps, "RegP") ||
			   lego_at_name(ps, "GenP")) {
			c->order->nperm = 1; /* a lone permutation: its own OrderBy */
			c->order->pos = ps->t.pos;
			if (lego_perm_parse(ps, &c->order->perm[0]) < 0)
				return -1;
			c->order->len = ps->t.pos - c->order->pos;
		} else {
			return lego_error_at(ps, ps->t.pos, ps->t.len, AXE_ERR_SYNTAX,
					"expected GroupBy, TileBy, OrderBy, Row, Col, RegP or GenP "
					"but found %s", lego_describe(ps, buf, sizeof(buf)));
		}
	}
	c->len = ps->t.pos - c->pos;
	return 0;
}

static void release_perm_ctx(lego_order *o)
{
	for (size_t i = 0; i < o->nperm; i++)
		axe_expr_ctx_free(o->perm[i].ctx);
}

static void release_calls(call *calls, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (calls[i].order)
			release_perm_ctx(calls[i].order);
		free(calls[i].order);
		for (size_t k = 0; k < calls[i].ninner; k++)
			release_perm_ctx(&calls[i].inner[k]);
		free(calls[i].inner);
	}
}

void axe_lego_release(lego_layout *l)
{
	for (size_t i = 0; i < l->norder; i++)
		release_perm_ctx(&l->order[i]);
	free(l->order);
	l->order = NULL;
	l->norder = 0;
}

/* Move "o" to the end of "l"'s OrderBy list ("o" keeps no GenP context). */
static int push_order(parser *ps, lego_layout *l, lego_order *o)
{
	if (l->norder == l->cap)
		return lego_error_at(ps, o->pos, o->len, AXE_ERR_LIMIT, "more than %d OrderBy blocks",
				LEGO_MAX_ORDERS);
	l->order[l->norder++] = *o;
	for (size_t i = 0; i < o->nperm; i++) {
		l->has_genp |= o->perm[i].kind == LEGO_GENP;
		o->perm[i].ctx = NULL;
	}
	return 0;
}

/* lego.py get_sigma_perm(d, q): [k + d*h for k < d for h < q]. */
static void sigma_dq(size_t d, size_t q, int *sigma)
{
	size_t n = 0;

	for (size_t k = 0; k < d; k++)
		for (size_t h = 0; h < q; h++)
			sigma[n++] = (int)(k + d * h);
}

/* Append OrderBy(RegP(dims, sigma)), a block TileBy adds. */
static int push_regp(parser *ps, lego_layout *l, const int64_t *dims, size_t d,
		     const int *sigma, size_t pos, size_t len)
{
	lego_order o = { pos, len, 1, { { 0 } } };

	o.perm[0].kind = LEGO_REGP;
	o.perm[0].d = d;
	memcpy(o.perm[0].dims, dims, d * sizeof(int64_t));
	memcpy(o.perm[0].sigma, sigma, d * sizeof(int));
	o.perm[0].pos = pos;
	o.perm[0].len = len;
	return push_order(ps, l, &o);
}

/*
 * TileBy before each OrderBy "o": the block that takes the tile-expanded
 * (interleaved) coordinates to o's grouped ones (lego.py, OrderBy.TileBy:
 * RegP(sigma(o_dims, sigma_o), inverse(sigma_o))).
 */
static int push_tile_bridge(parser *ps, lego_layout *l, const lego_order *o)
{
	int64_t dims[LEGO_MAX_DIMS], permuted[LEGO_MAX_DIMS];
	int sigma[LEGO_MAX_DIMS], inverse[LEGO_MAX_DIMS];
	size_t d = o->perm[0].d, n = 0;

	for (size_t i = 0; i < o->nperm; i++) {
		if (o->perm[i].d != d)
			return lego_error_at(ps, o->pos, o->len, AXE_ERR_VALUE,
					"under TileBy, an OrderBy's permutations need the same "
					"number of extents (%zu and %zu here)", d, o->perm[i].d);
		if (n + d > LEGO_MAX_DIMS)
			return lego_error_at(ps, o->pos, o->len, AXE_ERR_LIMIT,
					"more than %d extents in one OrderBy", LEGO_MAX_DIMS);
		memcpy(dims + n, o->perm[i].dims, d * sizeof(int64_t));
		n += d;
	}
	sigma_dq(d, o->nperm, sigma);
	for (size_t i = 0; i < n; i++) {
		permuted[i] = dims[sigma[i]];
		inverse[sigma[i]] = (int)i;
	}
	return push_regp(ps, l, permuted, n, inverse, o->pos, o->len);
}

/* The logical extents of GroupBy/TileBy call "c" into "l". */
static int take_dims(parser *ps, const call *c, lego_layout *l)
{
	size_t n = 0;

	for (size_t i = 0; i < c->nlevel; i++) {
		if (c->kind == CALL_TILEBY && c->level_d[i] != c->level_d[0])
			return lego_error_at(ps, c->pos, c->len, AXE_ERR_VALUE,
					"TileBy's levels need the same number of extents (%zu "
					"and %zu here)", c->level_d[0], c->level_d[i]);
		n += c->level_d[i];
	}
	l->rank = n;
	memcpy(l->dims, c->dims, n * sizeof(int64_t));
	return 0;
}

/* The OrderBy blocks of the chain in apply order: nearest the GroupBy first. */
static size_t apply_order(call *calls, size_t n, size_t g, lego_order **list)
{
	size_t k = 0;

	for (size_t i = g + 1; i < n; i++)
		list[k++] = calls[i].order;
	for (size_t i = g; i-- > 0;)
		list[k++] = calls[i].order;
	/* GroupBy(dims, O1, ..., Ov) runs Ov first (the paper, Figure 5). */
	for (size_t i = calls[g].ninner; i-- > 0;)
		list[k++] = &calls[g].inner[i];
	return k;
}

static int check_chain(parser *ps, const call *calls, size_t n, size_t *g)
{
	*g = n;
	for (size_t i = 0; i < n; i++) {
		if (calls[i].kind == CALL_ORDERBY)
			continue;
		if (*g != n)
			return lego_error_at(ps, calls[i].pos, calls[i].len, AXE_ERR_VALUE,
					"a layout has one GroupBy or TileBy");
		*g = i;
	}
	if (*g == n && n > 1)
		return lego_error_at(ps, calls[1].pos, calls[1].len, AXE_ERR_VALUE,
				"a chain of OrderBy blocks needs a GroupBy or TileBy to give its "
				"logical extents");
	if (*g < n && *g > 0 && *g + 1 < n)
		return lego_error_at(ps, calls[*g].pos, calls[*g].len, AXE_ERR_VALUE,
				"OrderBy blocks on both sides of the %s: write the chain in one "
				"direction", calls[*g].kind == CALL_TILEBY ? "TileBy" : "GroupBy");
	if (*g < n && calls[*g].ninner > 0 && n > 1)
		return lego_error_at(ps, calls[*g].pos, calls[*g].len, AXE_ERR_VALUE,
				"give the OrderBy blocks inside GroupBy(...) or as a chain, not both");
	return 0;
}

/* Every OrderBy must cover the GroupBy's elements (the paper, section III-B). */
static int check_sizes(parser *ps, const lego_layout *l)
{
	int64_t want = lego_product(l->dims, l->rank);

	for (size_t i = 0; i < l->norder; i++) {
		const lego_order *o = &l->order[i];
		int64_t have = 1;
		for (size_t k = 0; k < o->nperm; k++) {
			int64_t p = lego_product(o->perm[k].dims, o->perm[k].d);
			if (p < 0 || __builtin_mul_overflow(have, p, &have))
				return lego_error_at(ps, o->pos, o->len, AXE_ERR_OVERFLOW,
						"the number of elements does not fit in 64 bits");
		}
		if (have != want)
			return lego_error_at(ps, o->pos, o->len, AXE_ERR_VALUE,
					"this OrderBy has %lld elements but the layout has %lld",
					(long long)have, (long long)want);
	}
	return 0;
}

static int normalise(parser *ps, call *calls, size_t n, lego_layout *l)
{
	lego_order *list[MAX_CALLS + LEGO_MAX_ORDERS / 2];
	int sigma[LEGO_MAX_DIMS];
	size_t g, k;

	if (check_chain(ps, calls, n, &g) < 0)
		return -1;
	/* At most the chain's blocks, twice under TileBy (a bridge before each), plus one. */
	l->cap = 2 * (n + (g < n ? calls[g].ninner : 0)) + 1;
	if (l->cap > LEGO_MAX_ORDERS)
		l->cap = LEGO_MAX_ORDERS;
	if (!(l->order = calloc(l->cap, sizeof(lego_order))))
		return lego_error_at(ps, 0, 1, AXE_ERR_NOMEM, "out of memory");
	if (g == n) {
		/* A lone OrderBy or permutation: its own extents are the logical ones. */
		for (size_t i = 0; i < calls[0].order->nperm; i++)
			for (size_t d = 0; d < calls[0].order->perm[i].d; d++) {
				if (l->rank == LEGO_MAX_DIMS)
					return lego_error_at(ps, calls[0].pos, calls[0].len, AXE_ERR_LIMIT,
							"more than %d extents", LEGO_MAX_DIMS);
				l->dims[l->rank++] = calls[0].order->perm[i].dims[d];
			}
		return push_order(ps, l, calls[0].order) < 0 ? -1 : check_sizes(ps, l);
	}
	if (take_dims(ps, &calls[g], l) < 0)
		return -1;
	k = apply_order(calls, n, g, list);
	if (calls[g].kind == CALL_TILEBY) {
		sigma_dq(calls[g].level_d[0], calls[g].nlevel, sigma);
		if (push_regp(ps, l, l->dims, l->rank, sigma, calls[g].pos, calls[g].len) < 0)
			return -1;
	}
	for (size_t i = 0; i < k; i++)
		if ((calls[g].kind == CALL_TILEBY && push_tile_bridge(ps, l, list[i]) < 0) ||
		    push_order(ps, l, list[i]) < 0)
			return -1;
	return check_sizes(ps, l);
}

int axe_lego_parse(const char *text, const axe_loc *where, const axe_binding *bind,
		   size_t nbind, lego_layout *out, axe_error *err)
{
	parser ps = { text, strlen(text), { 0 }, { 0 }, bind, nbind, err, 0 };
	call *calls = calloc(MAX_CALLS, sizeof(call));
	size_t n = 0;
	char buf[48];
	int rc = -1;

	memset(out, 0, sizeof(*out));
	axe_lexer_init(&ps.lx, text, ps.len, where);
	if (!calls)
		return axe_error_set(err, AXE_ERR_NOMEM, where, 1, "out of memory");
	lego_next(&ps);
	if (ps.t.kind == T_END) {
		lego_error_at(&ps, 0, 1, AXE_ERR_SYNTAX, "empty LEGO expression");
		goto done;
	}
	do {
		if (n > 0)
			lego_next(&ps);
		if (n == MAX_CALLS) {
			lego_error_at(&ps, ps.t.pos, ps.t.len, AXE_ERR_LIMIT, "more than %d calls", MAX_CALLS);
			goto done;
		}
		if (one_call(&ps, &calls[n++]) < 0)
			goto done;
	} while (lego_at_punct(&ps, '.'));
	if (ps.t.kind != T_END) {
		lego_error_at(&ps, ps.t.pos, ps.t.len, AXE_ERR_SYNTAX,
			 "expected '.' and a call, or the end, but found %s",
			 lego_describe(&ps, buf, sizeof(buf)));
		goto done;
	}
	rc = normalise(&ps, calls, n, out);
done:
	release_calls(calls, n);
	free(calls);
	if (rc < 0)
		axe_lego_release(out);
	return rc;
}
