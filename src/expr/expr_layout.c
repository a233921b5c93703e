/*
 * expr_layout.c: reading `expr:` layouts from a spec node or from the
 * command line, and evaluating them (expr_layout.h; spec-format.md
 * section 2).  Every logical variable ranges over [0, extent) of its
 * dimension and every replica variable over [0, count), so the parser's
 * interval checks make every accepted expression defined on the domain.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr_layout.h"

void axe_expr_layout_free(axe_expr_layout *L)
{
	if (!L)
		return;
	for (size_t a = 0; a < L->naxes; a++)
		free(L->axis[a]);
	free(L->axis);
	free(L->expr);
	axe_expr_ctx_free(L->ctx);
	free(L);
}

int axe_expr_layout_axis_index(const axe_expr_layout *L, const char *name)
{
	for (size_t a = 0; a < L->naxes; a++)
		if (strcmp(L->axis[a], name) == 0)
			return (int)a;
	return -1;
}

int64_t axe_expr_layout_size(const axe_expr_layout *L)
{
	int64_t n = 1;

	for (size_t d = 0; d < L->shape.rank; d++)
		n *= L->shape.dim[d];
	return n;
}

static axe_expr_layout *layout_new(const axe_shape *shape, size_t naxes)
{
	axe_expr_layout *L = calloc(1, sizeof(*L));

	if (!L)
		return NULL;
	L->shape = *shape;
	L->rank = shape->rank;
	L->nimages = 1;
	L->ctx = axe_expr_ctx_new();
	L->axis = calloc(naxes ? naxes : 1, sizeof(char *));
	L->expr = calloc(naxes ? naxes : 1, sizeof(axe_expr *));
	if (!L->ctx || !L->axis || !L->expr) {
		axe_expr_layout_free(L);
		return NULL;
	}
	return L;
}

/*
 * Add logical (when "count" is 0) or replica variable "name" located at
 * "loc" (span "span"); errors on a repeated name or too many images.
 */
static int add_variable(axe_expr_layout *L, const char *name, int64_t count,
			const axe_loc *loc, int span, axe_error *err)
{
	int64_t hi;

	if (axe_expr_ctx_find_var(L->ctx, name) >= 0)
		return axe_error_set(err, AXE_ERR_VALUE, loc, span, "variable '%s' is named twice",
				     name);
	if (count > 0) {
		if (count > AXE_EXPR_MAX_IMAGES / L->nimages)
			return axe_error_set(err, AXE_ERR_LIMIT, loc, span,
					     "the replica variables have more than %d combinations",
					     AXE_EXPR_MAX_IMAGES);
		L->nimages *= count;
		hi = count - 1;
		L->nreplica++;
	} else {
		hi = L->shape.dim[L->ctx->nvars] - 1;
	}
	if (axe_expr_ctx_add_var(L->ctx, name, 0, hi) < 0)
		return axe_error_set(err, AXE_ERR_NOMEM, loc, span, "out of memory");
	return 0;
}

/* Logical variables i0, i1, ... when the layout names none. */
static int default_variables(axe_expr_layout *L, axe_error *err)
{
	char name[24];

	for (size_t d = 0; d < L->rank; d++) {
		snprintf(name, sizeof(name), "i%zu", d);
		if (add_variable(L, name, 0, NULL, 0, err) < 0)
			return -1;
	}
	return 0;
}

/* Record axis "name" with expression text "text" ("len" bytes) placed at "origin". */
static int add_axis(axe_expr_layout *L, const char *name, const char *text, size_t len,
		    const axe_loc *name_loc, const axe_loc *origin, axe_error *err)
{
	const axe_expr *e;

	if (axe_expr_layout_axis_index(L, name) >= 0)
		return axe_error_set(err, AXE_ERR_VALUE, name_loc, (int)strlen(name),
				     "axis '%s' is given twice", name);
	e = axe_expr_parse(L->ctx, text, len, origin, err);
	if (!e)
		return -1;
	L->axis[L->naxes] = strdup(name);
	if (!L->axis[L->naxes])
		return axe_error_set(err, AXE_ERR_NOMEM, origin, 1, "out of memory");
	L->expr[L->naxes++] = e;
	return 0;
}

/* ---- from a spec ---- */

/* Bytes of spaces at "p", and whether the line holds nothing else. */
static size_t indent_at(const char *t, size_t len, size_t p, bool *blank)
{
	size_t n = 0;

	while (p + n < len && t[p + n] == ' ')
		n++;
	*blank = p + n >= len || t[p + n] == '\n' || t[p + n] == '\r';
	return n;
}

/* The offset just past the line break after "p" (or the end). */
static size_t next_line(const char *t, size_t len, size_t p)
{
	while (p < len && t[p] != '\n')
		p++;
	return p < len ? p + 1 : len;
}

/*
 * The text to parse for the expression scalar "node" and where it starts:
 * a quoted scalar's value one column past the quote; a block scalar (| or >)
 * as the file's own lines, indentation included, so that the line and the
 * column of every error are the file's; otherwise the value at the node.
 */
static void scalar_text(const axe_spec *spec, const axe_node *node, const char **text,
			size_t *len, axe_loc *origin)
{
	const char *t = spec->text;
	size_t p = node->offset, start, end, indent = 0;
	bool blank = true;

	*text = node->scalar;
	*len = node->len;
	*origin = axe_spec_loc(spec, node);
	if (p >= spec->len || (t[p] != '|' && t[p] != '>')) {
		origin->col += p < spec->len && (t[p] == '"' || t[p] == '\'');
		return;
	}
	for (p = next_line(t, spec->len, p); p < spec->len; p = next_line(t, spec->len, p))
		if ((indent = indent_at(t, spec->len, p, &blank)), !blank)
			break;
	if (blank)
		return;
	start = end = p;
	/* The block goes on while lines are blank or indented as much as its first. */
	for (; p < spec->len; p = next_line(t, spec->len, p)) {
		size_t n = indent_at(t, spec->len, p, &blank);
		if (!blank && n < indent)
			break;
		end = next_line(t, spec->len, p);
	}
	*text = t + start;
	*len = end - start;
	*origin = axe_spec_loc_offset(spec, start);
}

static int spec_variables(axe_expr_layout *L, const axe_spec *spec, const axe_node *vars,
			  axe_error *err)
{
	axe_loc loc;

	if (!vars)
		return default_variables(L, err);
	if (vars->nitems != L->rank) {
		loc = axe_spec_loc(spec, vars);
		return axe_error_set(err, AXE_ERR_VALUE, &loc, 1,
				     "'vars' names %zu variable%s but the shape has %zu "
				     "dimension%s", vars->nitems, vars->nitems == 1 ? "" : "s",
				     L->rank, L->rank == 1 ? "" : "s");
	}
	for (size_t i = 0; i < vars->nitems; i++) {
		loc = axe_spec_loc(spec, vars->items[i]);
		if (add_variable(L, vars->items[i]->scalar, 0, &loc,
				 (int)vars->items[i]->len, err) < 0)
			return -1;
	}
	return 0;
}

static int spec_replicas(axe_expr_layout *L, const axe_spec *spec, const axe_node *rvars,
			 axe_error *err)
{
	for (size_t i = 0; rvars && i < rvars->nitems; i++) {
		axe_loc loc = axe_spec_loc(spec, rvars->keys[i]);
		int64_t count;
		if (axe_node_int(spec, rvars->items[i], "a replica variable's count", &count,
				 err) < 0 ||
		    add_variable(L, rvars->keys[i]->scalar, count, &loc,
				 (int)rvars->keys[i]->len, err) < 0)
			return -1;
	}
	return 0;
}

axe_expr_layout *axe_expr_layout_from_spec(const axe_spec *spec, const axe_spec_layout *entry,
					   axe_error *err)
{
	const axe_node *map = entry->node;
	const axe_node *exprs = axe_node_get(map, "expr");
	axe_expr_layout *L;

	if (!exprs || exprs->kind != AXE_NODE_MAP) {
		axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "layout '%s' has no 'expr' mapping",
			      entry->name);
		return NULL;
	}
	L = layout_new(&entry->shape, exprs->nitems);
	if (!L) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	if (spec_variables(L, spec, axe_node_get(map, "vars"), err) < 0 ||
	    spec_replicas(L, spec, axe_node_get(map, "replica_vars"), err) < 0)
		goto error;
	for (size_t i = 0; i < exprs->nitems; i++) {
		const axe_node *key = exprs->keys[i], *value = exprs->items[i];
		axe_loc name_loc = axe_spec_loc(spec, key), origin;
		const char *text;
		size_t len;
		scalar_text(spec, value, &text, &len, &origin);
		if (add_axis(L, key->scalar, text, len, &name_loc, &origin, err) < 0)
			goto error;
	}
	return L;
error:
	axe_expr_layout_free(L);
	return NULL;
}

/* ---- from the command line ---- */

static bool is_ident_char(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       (!first && c >= '0' && c <= '9');
}

/* Skip blanks of "text" from "p". */
static size_t skip_blank(const char *text, size_t p)
{
	while (text[p] == ' ' || text[p] == '\t')
		p++;
	return p;
}

/*
 * Read an identifier of "text" at "*p" into "name" (skipping blanks around
 * it); "what" names it in errors placed with "loc".
 */
static int read_name(const char *text, size_t *p, char *name, size_t size, const char *what,
		     axe_loc *loc, axe_error *err)
{
	size_t start = skip_blank(text, *p), end = start;

	while (is_ident_char(text[end], end == start))
		end++;
	loc->col = 1 + (int)start;
	if (end == start)
		return axe_error_set(err, AXE_ERR_SYNTAX, loc, 1, "expected %s", what);
	if (end - start >= size)
		return axe_error_set(err, AXE_ERR_VALUE, loc, (int)(end - start),
				     "%s is longer than %zu characters", what, size - 1);
	memcpy(name, text + start, end - start);
	name[end - start] = '\0';
	*p = skip_blank(text, end);
	return 0;
}

static int text_variables(axe_expr_layout *L, const char *vars, axe_error *err)
{
	axe_loc loc = { "--vars", 1, 1, vars, vars ? strlen(vars) : 0 };
	size_t p = 0;
	char name[64];

	if (!vars)
		return default_variables(L, err);
	for (size_t d = 0;; d++) {
		if (read_name(vars, &p, name, sizeof(name), "a variable name", &loc, err) < 0)
			return -1;
		if (d >= L->rank)
			return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(name),
					     "more variables than the %zu dimension%s of the shape",
					     L->rank, L->rank == 1 ? "" : "s");
		if (add_variable(L, name, 0, &loc, (int)strlen(name), err) < 0)
			return -1;
		if (vars[p] == '\0')
			break;
		if (vars[p] != ',') {
			loc.col = 1 + (int)p;
			return axe_error_set(err, AXE_ERR_SYNTAX, &loc, 1,
					     "expected ',' between variable names");
		}
		p++;
	}
	if (L->ctx->nvars != L->rank) {
		loc.col = 1;
		return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(vars),
				     "%zu variable%s for a shape of %zu dimensions",
				     L->ctx->nvars, L->ctx->nvars == 1 ? "" : "s", L->rank);
	}
	return 0;
}

static int text_replicas(axe_expr_layout *L, const char *text, axe_error *err)
{
	axe_loc loc = { "--replica-vars", 1, 1, text, text ? strlen(text) : 0 };
	size_t p = 0;
	char name[64], *end;
	long long count;

	while (text && text[p] != '\0') {
		axe_loc name_loc;
		if (read_name(text, &p, name, sizeof(name), "a replica variable name", &loc,
			      err) < 0)
			return -1;
		name_loc = loc;
		loc.col = 1 + (int)p;
		if (text[p] != '=')
			return axe_error_set(err, AXE_ERR_SYNTAX, &loc, 1, "expected '=' and a "
					     "count after '%s', as in r=2", name);
		count = strtoll(text + p + 1, &end, 10);
		loc.col = 2 + (int)p;
		if (end == text + p + 1 || count <= 0 || count > INT32_MAX)
			return axe_error_set(err, AXE_ERR_VALUE, &loc, 1,
					     "a replica variable's count is a positive integer");
		if (add_variable(L, name, count, &name_loc, (int)strlen(name), err) < 0)
			return -1;
		p = skip_blank(text, (size_t)(end - text));
		if (text[p] == ',')
			p++;
		else if (text[p] != '\0')
			return loc.col = 1 + (int)p,
			       axe_error_set(err, AXE_ERR_SYNTAX, &loc, 1, "expected ','");
	}
	return 0;
}

/* One "axis=EXPR" of --expr, from "*p" up to the next ';'. */
static int text_axis(axe_expr_layout *L, const char *text, size_t *p, axe_error *err)
{
	axe_loc loc = { "--expr", 1, 1, text, strlen(text) };
	axe_loc name_loc, origin;
	size_t start, end;
	char name[64];

	if (read_name(text, p, name, sizeof(name), "an axis name", &loc, err) < 0)
		return -1;
	name_loc = loc;
	if (text[*p] != '=') {
		loc.col = 1 + (int)*p;
		return axe_error_set(err, AXE_ERR_SYNTAX, &loc, 1,
				     "expected '=' after axis '%s', as in laneid=4*i", name);
	}
	start = *p + 1;
	end = start + strcspn(text + start, ";");
	origin = loc;
	origin.col = 1 + (int)start;
	if (add_axis(L, name, text + start, end - start, &name_loc, &origin, err) < 0)
		return -1;
	*p = text[end] == ';' ? end + 1 : end;
	return 0;
}

axe_expr_layout *axe_expr_layout_from_text(const char *exprs, const char *vars,
					   const char *replica_vars, const axe_shape *shape,
					   axe_error *err)
{
	size_t naxes = 1, p = 0;
	axe_expr_layout *L;

	for (const char *s = exprs; *s; s++)
		naxes += *s == ';';
	L = layout_new(shape, naxes);
	if (!L) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	if (text_variables(L, vars, err) < 0 || text_replicas(L, replica_vars, err) < 0)
		goto error;
	while (exprs[skip_blank(exprs, p)] != '\0')
		if (text_axis(L, exprs, &p, err) < 0)
			goto error;
	if (L->naxes == 0) {
		axe_loc loc = { "--expr", 1, 1, exprs, strlen(exprs) };
		axe_error_set(err, AXE_ERR_VALUE, &loc, 1,
			      "--expr names no axis: write AXIS=EXPR;AXIS=EXPR");
		goto error;
	}
	return L;
error:
	axe_expr_layout_free(L);
	return NULL;
}

/* ---- evaluation ---- */

typedef struct row_ref {
	const int64_t *row;
	size_t n, index;
} row_ref;

static int compare_rows(const void *pa, const void *pb)
{
	const row_ref *a = pa, *b = pb;

	for (size_t i = 0; i < a->n; i++)
		if (a->row[i] != b->row[i])
			return a->row[i] < b->row[i] ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* Remove later duplicates of the "n" rows of "images"; the count kept. */
static size_t dedupe(int64_t *images, size_t n, size_t width)
{
	row_ref *refs;
	bool *drop;
	size_t kept = 0;

	if (n < 2)
		return n;
	refs = malloc(n * sizeof(*refs));
	drop = calloc(n, sizeof(bool));
	if (!refs || !drop) {
		free(refs);
		free(drop);
		return n; /* duplicates left in: still the same set */
	}
	for (size_t i = 0; i < n; i++)
		refs[i] = (row_ref){ images + i * width, width, i };
	qsort(refs, n, sizeof(*refs), compare_rows);
	for (size_t i = 1; i < n; i++)
		if (memcmp(refs[i - 1].row, refs[i].row, width * sizeof(int64_t)) == 0)
			drop[refs[i].index] = true;
	for (size_t i = 0; i < n; i++)
		if (!drop[i])
			memmove(images + kept++ * width, images + i * width,
				width * sizeof(int64_t));
	free(refs);
	free(drop);
	return kept;
}

size_t axe_expr_layout_eval(const axe_expr_layout *L, const int64_t *coord, int64_t *images,
			    int64_t *scratch)
{
	size_t n = (size_t)L->nimages;

	memcpy(scratch, coord, L->rank * sizeof(int64_t));
	for (size_t c = 0; c < n; c++) {
		size_t rest = c;
		/* Replica digits, the last variable fastest. */
		for (size_t t = L->nreplica; t-- > 0;) {
			size_t count = (size_t)L->ctx->var[L->rank + t].hi + 1;
			scratch[L->rank + t] = (int64_t)(rest % count);
			rest /= count;
		}
		for (size_t a = 0; a < L->naxes; a++) {
			int r = axe_expr_eval(L->expr[a], scratch, &images[c * L->naxes + a]);
			assert(r == 0); /* the parser checked every node over these ranges */
			(void)r;
		}
	}
	return dedupe(images, n, L->naxes);
}
