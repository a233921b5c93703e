/*
 * cuda_template.c: LEGO-style templates (the LEGO paper, section IV.A "Code
 * Generation via Instantiating Templates"): the user's source holds
 * placeholders in Jinja2's {{ }} syntax, and each becomes the proved index
 * expression of a layout on one axis, with the user's argument expressions
 * in place of the coordinates.
 *
 * A placeholder is "{{", a layout name, ".", an axis name, and arguments in
 * parentheses, then "}}": {{ frag.laneid(i, j) }}.  Other text, "{{" of C++
 * aggregate initializers included, is copied unchanged: only "{{ NAME ."
 * starts a placeholder.  The arguments are the coordinates, then the
 * replica digits; the digits may be left out when the axis does not depend
 * on them.  Each argument is parenthesized, and so is the expression.
 *
 * The inverse direction, {{ frag.inverse.i0(laneid, warpid, m) }}, asks
 * which coordinate (i0, i1, ...) or replica digit (r0, ...) the physical
 * point with these axis values holds: its arguments are the values of the
 * layout's axes, in the order the layout names them, and the expression is
 * the proved inverse (cuda_inverse.c), defined for points the layout
 * reaches.
 *
 * LEGO proves the side conditions of its rewrites with Z3; here, as in every
 * emit-cuda file, the whole expression is proved equal to the layout
 * (cuda_index.c) before it is printed.  An argument must lie in the
 * layout's shape: the simplified expression is equal there.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "cuda_private.h"

#define MAX_TEMPLATE_BYTES ((size_t)16 << 20)

/* A template being filled. */
typedef struct filler {
	const char *path;
	const char *text;
	size_t len;
	const axe_cuda_operand *layouts;
	size_t nlayouts;
	axe_cuda_index *index;  /* per layout: built when first used (name[0] set) */
	double timeout;
	axe_emit body;          /* the text with placeholders replaced */
	bool floor;             /* some expression calls axe_floordiv/axe_floormod */
	bool inverse;           /* some placeholder asks for an inverse */
	axe_cuda_outcome *res;
	axe_error *err;
} filler;

/* The location of byte "pos" of the template, with its line for carets. */
static axe_loc loc_at(const filler *f, size_t pos)
{
	size_t line_start = pos, line = 1, end;

	while (line_start > 0 && f->text[line_start - 1] != '\n')
		line_start--;
	for (size_t i = 0; i < line_start; i++)
		line += f->text[i] == '\n';
	for (end = line_start; end < f->len && f->text[end] != '\n'; end++)
		;
	return (axe_loc){ f->path, (int)line, (int)(pos - line_start + 1), f->text + line_start,
			  end - line_start };
}

/* An error at bytes [pos, pos + span) of the template; returns -1. */
static int fail(filler *f, size_t pos, size_t span, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int fail(filler *f, size_t pos, size_t span, const char *fmt, ...)
{
	axe_loc loc = loc_at(f, pos);
	char message[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
	return axe_error_set(f->err, AXE_ERR_SYNTAX, &loc, (int)(span ? span : 1), "%s", message);
}

static bool ident_start(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool ident_char(char c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

static size_t skip_space(const filler *f, size_t pos)
{
	while (pos < f->len && (f->text[pos] == ' ' || f->text[pos] == '\t'))
		pos++;
	return pos;
}

/* The end of the identifier at "pos" (pos itself when there is none). */
static size_t ident_end(const filler *f, size_t pos)
{
	if (pos < f->len && ident_start(f->text[pos]))
		while (pos < f->len && ident_char(f->text[pos]))
			pos++;
	return pos;
}

/* True when a placeholder starts at "pos": "{{", spaces, a name, spaces, ".". */
static bool placeholder_at(const filler *f, size_t pos)
{
	size_t p, q;

	if (pos + 1 >= f->len || f->text[pos] != '{' || f->text[pos + 1] != '{')
		return false;
	p = skip_space(f, pos + 2);
	q = ident_end(f, p);
	if (q == p)
		return false;
	q = skip_space(f, q);
	return q < f->len && f->text[q] == '.';
}

/* One placeholder, parsed. */
typedef struct placeholder {
	size_t start, end;          /* bytes [start, end) of the template */
	size_t name, name_len;      /* the layout name */
	size_t axis, axis_len;
	bool inverse;               /* NAME.inverse.COORD(axis values) */
	size_t coord, coord_len;    /* COORD of an inverse placeholder */
	size_t args;                /* the byte after "(" */
	size_t narg;
	size_t arg[AXE_MAX_RANK * 2], arg_len[AXE_MAX_RANK * 2];
} placeholder;

/* Split the arguments at top-level commas, up to the matching ")"; its position. */
static int split_args(filler *f, placeholder *ph, size_t *close)
{
	size_t pos = ph->args, begin = pos;
	int depth = 0;

	for (; pos < f->len && f->text[pos] != '\n'; pos++) {
		char c = f->text[pos];
		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if ((c == ')' || c == ']' || c == '}') && depth > 0)
			depth--;
		else if ((c == ',' && depth == 0) || c == ')') {
			size_t b = skip_space(f, begin), e = pos;
			while (e > b && (f->text[e - 1] == ' ' || f->text[e - 1] == '\t'))
				e--;
			if (e == b && !(c == ')' && ph->narg == 0 && pos == skip_space(f, ph->args)))
				return fail(f, b, 1, "empty argument");
			if (e > b) {
				if (ph->narg == AXE_MAX_RANK * 2)
					return fail(f, b, e - b, "too many arguments");
				ph->arg[ph->narg] = b;
				ph->arg_len[ph->narg++] = e - b;
			}
			begin = pos + 1;
			if (c == ')') {
				*close = pos;
				return 0;
			}
		}
	}
	return fail(f, ph->args - 1, 1, "'(' of the placeholder is not closed on its line");
}

/* Parse the placeholder starting at "start" ("{{ NAME ." is known to be there). */
static int parse_placeholder(filler *f, size_t start, placeholder *ph)
{
	size_t pos, close = 0;

	memset(ph, 0, sizeof(*ph));
	ph->start = start;
	ph->name = skip_space(f, start + 2);
	ph->name_len = ident_end(f, ph->name) - ph->name;
	pos = skip_space(f, skip_space(f, ph->name + ph->name_len) + 1);
	ph->axis = pos;
	ph->axis_len = ident_end(f, pos) - pos;
	if (ph->axis_len == 0)
		return fail(f, pos, 1, "expected an axis name after '.'");
	pos = skip_space(f, pos + ph->axis_len);
	if (ph->axis_len == 7 && memcmp(f->text + ph->axis, "inverse", 7) == 0 && pos < f->len &&
	    f->text[pos] == '.') {
		ph->inverse = true;
		ph->coord = skip_space(f, pos + 1);
		ph->coord_len = ident_end(f, ph->coord) - ph->coord;
		if (ph->coord_len == 0)
			return fail(f, ph->coord, 1, "expected a coordinate (i0, i1, ...) or a "
				    "replica digit (r0, ...) after 'inverse.'");
		pos = skip_space(f, ph->coord + ph->coord_len);
	}
	if (pos >= f->len || f->text[pos] != '(')
		return fail(f, pos, 1, "expected '(' and the arguments after the axis name");
	ph->args = pos + 1;
	if (split_args(f, ph, &close) < 0)
		return -1;
	pos = skip_space(f, close + 1);
	if (pos + 1 >= f->len || f->text[pos] != '}' || f->text[pos + 1] != '}')
		return fail(f, pos, 1, "expected '}}' to close the placeholder");
	ph->end = pos + 2;
	return 0;
}

/* The text of the placeholder's name at "pos" ("len" bytes), NUL-terminated, in "buf". */
static const char *word(const filler *f, size_t pos, size_t len, char *buf, size_t size)
{
	snprintf(buf, size, "%.*s", (int)len, f->text + pos);
	return buf;
}

/*
 * The built index functions of the layout the placeholder names, into
 * "*out": 0, 1 when its proof stops the emission (f->res says why), or -1.
 */
static int layout_of(filler *f, const placeholder *ph, axe_cuda_index **out)
{
	const char *names[256];
	char name[256];
	size_t k, n = 0;

	word(f, ph->name, ph->name_len, name, sizeof(name));
	for (k = 0; k < f->nlayouts && strcmp(f->layouts[k].name, name) != 0; k++)
		if (n < 256)
			names[n++] = f->layouts[k].name;
	if (k == f->nlayouts) {
		const char *best = axe_suggest(name, names, n);
		fail(f, ph->name, ph->name_len, "unknown layout '%s'", name);
		if (best)
			axe_error_hint(f->err, "did you mean '%s'?", best);
		return -1;
	}
	if (!f->layouts[k].layout)
		return fail(f, ph->name, ph->name_len, "layout '%s' is an expr: layout; templates "
			    "take layouts in S/R/O form", name);
	*out = &f->index[k];
	if (!f->index[k].layout &&
	    axe_cuda_index_build(&f->index[k], f->layouts[k].layout, &f->layouts[k].shape, name,
				 f->timeout, f->err) < 0)
		return -1;
	if (f->index[k].forward_proof.verdict == AXE_VERDICT_TRUE)
		return 0;
	axe_cuda_refuse(&f->index[k], f->res);
	return 1;
}

/* The axis the placeholder names, or -1 with an error (and a hint). */
static int axis_of(filler *f, const placeholder *ph, const axe_cuda_index *ix)
{
	char axis[256];
	int a = axe_layout_axis_index(ix->layout, word(f, ph->axis, ph->axis_len, axis,
						       sizeof(axis)));
	const char *best;

	if (a >= 0)
		return a;
	fail(f, ph->axis, ph->axis_len, "layout '%s' has no axis '%s'", ix->name, axis);
	best = axe_suggest(axis, (const char *const *)ix->layout->axis, ix->naxes);
	if (best)
		axe_error_hint(f->err, "did you mean '%s'?", best);
	return -1;
}

static bool uses_var(const axe_expr *e, int v)
{
	if (e->op == AXE_EXPR_VAR)
		return e->value == v;
	return e->op != AXE_EXPR_CONST && (uses_var(e->a, v) || uses_var(e->b, v));
}

/* Check the number of arguments: the coordinates, then all replica digits or none. */
static int check_args(filler *f, const placeholder *ph, const axe_cuda_index *ix, int a)
{
	size_t span = ph->end - ph->start;

	if (ph->narg == ix->rank) {
		for (size_t t = 0; t < ix->nreplica; t++)
			if (uses_var(ix->forward[a], axe_cuda_var_replica(ix, t)))
				return fail(f, ph->start, span, "%s.%s depends on replica digit r%zu: "
					    "give the %zu replica digit%s after the %zu coordinates",
					    ix->name, ix->layout->axis[a], t, ix->nreplica,
					    ix->nreplica > 1 ? "s" : "", ix->rank);
		return 0;
	}
	if (ph->narg == ix->rank + ix->nreplica)
		return 0;
	if (ix->nreplica)
		return fail(f, ph->start, span, "layout '%s' takes %zu coordinate%s, then %zu "
			    "replica digit%s; not %zu argument%s", ix->name, ix->rank,
			    ix->rank == 1 ? "" : "s", ix->nreplica, ix->nreplica > 1 ? "s" : "",
			    ph->narg, ph->narg == 1 ? "" : "s");
	return fail(f, ph->start, span, "layout '%s' takes %zu coordinate%s, not %zu", ix->name,
		    ix->rank, ix->rank == 1 ? "" : "s", ph->narg);
}

/* True when argument text "s" ("len" bytes) needs no parentheses: a name or a number. */
static bool atomic(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!ident_char(s[i]))
			return false;
	return len > 0;
}

/*
 * The text replacing the placeholder: "e" (over ix->ctx) with argument j in
 * place of variable "var[j]" (malloc'd; NULL on no memory).
 */
static char *instantiate(filler *f, const placeholder *ph, axe_cuda_index *ix,
			 const axe_expr *e, const int *var)
{
	const axe_expr **by = calloc(ix->ctx->nvars + 1, sizeof(*by));
	char *text = NULL, *out = NULL, *name;

	if (!by)
		return NULL;
	for (size_t j = 0; j < ph->narg; j++) {
		int v = var[j];
		bool bare = atomic(f->text + ph->arg[j], ph->arg_len[j]);
		if (asprintf(&name, bare ? "%.*s" : "(%.*s)", (int)ph->arg_len[j],
			     f->text + ph->arg[j]) < 0)
			goto out;
		by[v] = axe_expr_var(ix->ctx, axe_expr_ctx_add_var(ix->ctx, name,
								   ix->ctx->var[v].lo,
								   ix->ctx->var[v].hi));
		free(name);
	}
	e = axe_expr_subst(ix->ctx, e, by);
	if (!e || ix->ctx->nomem || !(text = axe_expr_to_string(ix->ctx, e, AXE_SYNTAX_C)))
		goto out;
	f->floor |= axe_expr_c_needs_prelude(text);
	if (e->op == AXE_EXPR_VAR || (e->op == AXE_EXPR_CONST && e->value >= 0))
		out = strdup(text);
	else if (asprintf(&out, "(%s)", text) < 0)
		out = NULL;
out:
	free(text);
	free(by);
	return out;
}

/* The forward text of axis "a": the arguments are the coordinates, then replica digits. */
static char *instantiate_forward(filler *f, const placeholder *ph, axe_cuda_index *ix, int a)
{
	int var[AXE_MAX_RANK * 2];

	for (size_t j = 0; j < ph->narg; j++)
		var[j] = j < ix->rank ? axe_cuda_var_coord(ix, j)
				      : axe_cuda_var_replica(ix, j - ix->rank);
	return instantiate(f, ph, ix, ix->forward[a], var);
}

/*
 * The inverse placeholder: check it (a proved inverse, a known coordinate,
 * one argument per axis) and return its text in "*text"; 0 or -1.
 */
static int fill_inverse(filler *f, const placeholder *ph, axe_cuda_index *ix, char **text)
{
	char coord[64];
	int var[AXE_MAX_RANK * 2];
	size_t k, span = ph->end - ph->start;
	char kind;

	word(f, ph->coord, ph->coord_len, coord, sizeof(coord));
	if (!ix->inverse || ix->inverse_proof.verdict != AXE_VERDICT_TRUE)
		return fail(f, ph->start, span, "layout '%s' has no proved inverse: %s", ix->name,
			    ix->inverse_proof.how);
	kind = coord[0];
	if ((kind != 'i' && kind != 'r') || sscanf(coord + 1, "%zu", &k) != 1 ||
	    (kind == 'i' ? k >= ix->rank : k >= ix->nreplica) ||
	    strlen(coord) != (size_t)snprintf(NULL, 0, "%c%zu", kind, k)) {
		fail(f, ph->coord, ph->coord_len, "layout '%s' has no coordinate '%s'", ix->name,
		     coord);
		if (ix->nreplica)
			axe_error_hint(f->err, "its inverse gives i0..i%zu and the replica digits "
				       "r0..r%zu", ix->rank ? ix->rank - 1 : 0, ix->nreplica - 1);
		else
			axe_error_hint(f->err, "its inverse gives i0..i%zu", ix->rank ? ix->rank - 1 : 0);
		return -1;
	}
	if (ph->narg != ix->naxes)
		return fail(f, ph->start, span, "%s.inverse takes the values of the layout's %zu "
			    "ax%s, in its order, not %zu argument%s", ix->name, ix->naxes,
			    ix->naxes == 1 ? "is" : "es", ph->narg, ph->narg == 1 ? "" : "s");
	for (size_t j = 0; j < ph->narg; j++)
		var[j] = axe_cuda_var_axis(ix, j);
	f->inverse = true;
	*text = instantiate(f, ph, ix, ix->inverse[kind == 'i' ? k : ix->rank + k], var);
	return *text ? 0 : axe_error_set(f->err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
}

/* Replace the placeholder at "start"; the byte after it, or 0 when stopped, -1 on error. */
static long fill_one(filler *f, size_t start)
{
	placeholder ph;
	axe_cuda_index *ix = NULL;
	char *text;
	int a, r;

	if (parse_placeholder(f, start, &ph) < 0)
		return -1;
	if ((r = layout_of(f, &ph, &ix)) != 0)
		return r < 0 ? -1 : 0;
	if (ph.inverse) {
		if (fill_inverse(f, &ph, ix, &text) < 0)
			return -1;
	} else if ((a = axis_of(f, &ph, ix)) < 0 || check_args(f, &ph, ix, a) < 0) {
		return -1;
	} else if (!(text = instantiate_forward(f, &ph, ix, a))) {
		return axe_error_set(f->err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	axe_emit_raw(&f->body, text, strlen(text));
	free(text);
	return (long)ph.end;
}

/* Copy the template into f->body, placeholders filled; 1 when a proof stopped it. */
static int fill(filler *f)
{
	size_t copied = 0;

	for (size_t pos = 0; pos < f->len; pos++) {
		long next;
		if (!placeholder_at(f, pos))
			continue;
		axe_emit_raw(&f->body, f->text + copied, pos - copied);
		if ((next = fill_one(f, pos)) <= 0)
			return next < 0 ? -1 : 1;
		copied = (size_t)next;
		pos = copied - 1;
	}
	axe_emit_raw(&f->body, f->text + copied, f->len - copied);
	return 0;
}

/* The header comment: where the text came from and what each layout's proof showed. */
static void print_header(axe_emit *e, const filler *f)
{
	char *text;

	axe_emit_line(e, "/*");
	if (asprintf(&text, "Generated by axe-layout emit-cuda from the template %s: each "
		     "{{ LAYOUT.AXIS(...) }} placeholder is an index expression of LAYOUT on AXIS, "
		     "proved equal to the layout before it was printed; its arguments must lie "
		     "in the ranges below.%s", f->path, f->inverse ? " Each {{ LAYOUT.inverse."
		     "COORD(...) }} is the coordinate COORD (or replica digit) of the point "
		     "whose axis values are its arguments, in the layout's axis order." : "")
	    >= 0) {
		axe_cuda_print_comment(e, text, "");
		free(text);
	}
	for (size_t k = 0; k < f->nlayouts; k++) {
		const axe_cuda_index *ix = &f->index[k];
		char *layout, *domain;
		if (!ix->layout)
			continue;
		layout = axe_layout_to_string(ix->layout);
		domain = axe_cuda_domain_text(ix);
		if (layout && domain &&
		    asprintf(&text, "- %s: %s on shape %s; proved: %s.%s%s%s", ix->name, layout,
			     domain, ix->forward_proof.how, f->inverse && ix->inverse ?
			     " Inverse, for points the layout reaches: " : "",
			     f->inverse && ix->inverse ? ix->inverse_proof.how : "",
			     f->inverse && ix->inverse ? "." : "") >= 0) {
			axe_cuda_print_comment(e, text, "  ");
			free(text);
		} else {
			e->nomem = true;
		}
		free(layout);
		free(domain);
	}
	axe_emit_line(e, " */");
}

/* Read the template at "path" into "*text" ("*len" bytes); -1 with an error. */
static int read_template(const char *path, char **text, size_t *len, axe_error *err)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 4096, n = 0, got;
	char *buf = malloc(cap);

	axe_loc loc = { "--template", 1, 1, path, strlen(path) };

	if (!f || !buf) {
		int code = errno;
		free(buf);
		if (f)
			fclose(f);
		return f ? axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory")
			 : axe_error_set(err, AXE_ERR_IO, &loc, (int)strlen(path), "cannot read "
					 "template '%s': %s", path, strerror(code));
	}
	while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		char *p;
		n += got;
		if (n + 1 < cap)
			continue;
		if (cap >= MAX_TEMPLATE_BYTES || !(p = realloc(buf, cap * 2)))
			break;
		buf = p;
		cap *= 2;
	}
	if (ferror(f) || n + 1 >= cap) {
		fclose(f);
		free(buf);
		return axe_error_set(err, AXE_ERR_IO, &loc, (int)strlen(path), "cannot read "
				     "template '%s'%s", path, n + 1 >= cap ? ": larger than 16 MiB" : "");
	}
	fclose(f);
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return 0;
}

int axe_cuda_generate_template(const char *path, const axe_cuda_operand *layouts, size_t n,
			       double timeout, axe_emit *out, axe_cuda_outcome *res,
			       axe_error *err)
{
	filler f = { path, NULL, 0, layouts, n, NULL, timeout, { 0 }, false, false, res, err };
	char *text = NULL;
	int r = -1;

	res->status = AXE_EXIT_OK;
	res->why[0] = '\0';
	if (read_template(path, &text, &f.len, err) < 0)
		return -1;
	f.text = text;
	axe_emit_init(&f.body);
	if (!(f.index = calloc(n + 1, sizeof(*f.index)))) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	r = fill(&f);
	if (r == 0 && !axe_emit_str(&f.body))
		r = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (r == 0) {
		print_header(out, &f);
		if (f.floor)
			axe_emit_text(out, axe_expr_c_prelude());
		axe_emit_raw(out, axe_emit_str(&f.body), f.body.len);
	}
out:
	for (size_t k = 0; f.index && k < n; k++)
		axe_cuda_index_release(&f.index[k]);
	free(f.index);
	axe_emit_release(&f.body);
	free(text);
	return r < 0 ? -1 : 0;
}
