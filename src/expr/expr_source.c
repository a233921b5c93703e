/*
 * expr_source.c: an `expr:` layout walked as the evaluator's map source
 * (expr_source.h).  The replica variables become trailing dimensions of
 * the program's shape: point x with replica combination r (first variable
 * slowest, as axe_expr_layout_eval orders them) is the program's point
 * x * nimages + r, so one compiled program computes every image row, in
 * blocks, with the hoisting and divisions of program.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "../parse/parse.h"
#include "expr_source.h"
#include "program.h"

typedef struct expr_walker {
	const axe_expr_layout *layout;
	axe_expr_program *program;
	const int64_t **column; /* the program's last block: one column per axis */
} expr_walker;

/* The layout's shape followed by one extent per replica variable, into "out". */
static int extended_shape(const axe_expr_layout *L, axe_shape *out, axe_error *err)
{
	int64_t size = 1;

	if (L->rank + L->nreplica > AXE_MAX_RANK)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
				     "the expr: layout has %zu dimensions and %zu replica "
				     "variables, more than %d together", L->rank, L->nreplica,
				     AXE_MAX_RANK);
	*out = L->shape;
	for (size_t t = 0; t < L->nreplica; t++)
		out->dim[out->rank++] = L->ctx->var[L->rank + t].hi + 1;
	for (size_t d = 0; d < out->rank; d++)
		if (axe_mul_ovf(size, out->dim[d], &size))
			return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
					     "the expr: layout's points times its replica "
					     "combinations overflow 64 bits");
	return 0;
}

static void *walker_new(const void *map, axe_error *err)
{
	const axe_expr_layout *L = map;
	expr_walker *w = calloc(1, sizeof(*w));
	axe_shape shape;

	if (!w) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	w->layout = L;
	if (!(w->column = malloc((L->naxes ? L->naxes : 1) * sizeof(*w->column)))) {
		free(w);
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	if (extended_shape(L, &shape, err) < 0 ||
	    !(w->program = axe_expr_program_new(L->expr, L->naxes, &shape, err))) {
		free(w->column);
		free(w);
		return NULL;
	}
	return w;
}

static void walker_free(void *walker)
{
	expr_walker *w = walker;

	axe_expr_program_free(w->program);
	free(w->column);
	free(w);
}

static void walker_seek(void *walker, int64_t flat)
{
	expr_walker *w = walker;

	/* Fits: extended_shape() checked size * nimages. */
	axe_expr_program_seek(w->program, flat * w->layout->nimages);
}

/* Rows of the next "count" points: the program's columns written row by row. */
static void walker_rows(void *walker, size_t count, int64_t *rows)
{
	expr_walker *w = walker;
	size_t na = w->layout->naxes, left = count * (size_t)w->layout->nimages;
	const int64_t **column = w->column;

	while (left > 0) {
		size_t room = axe_expr_program_room(w->program), n = room < left ? room : left;
		axe_expr_program_run(w->program, n, column);
		for (size_t i = 0; i < n; i++)
			for (size_t a = 0; a < na; a++)
				rows[i * na + a] = column[a][i];
		rows += n * na;
		left -= n;
	}
}

char *axe_expr_layout_to_string(const axe_expr_layout *e)
{
	char *out = NULL, *part;
	size_t size = 0;
	FILE *f = open_memstream(&out, &size);
	bool ok = f != NULL;

	for (size_t a = 0; ok && a < e->naxes; a++) {
		if (!(part = axe_expr_to_string(e->ctx, e->expr[a], AXE_SYNTAX_EXPR)))
			ok = false;
		else
			fprintf(f, "%s%s=%s", a ? "; " : "", e->axis[a], part);
		free(part);
	}
	if (f && fclose(f) != 0)
		ok = false;
	if (!ok) {
		free(out);
		return NULL;
	}
	return out;
}

static char *map_text(const void *map)
{
	return axe_expr_layout_to_string(map);
}

char *axe_evaluator_text(const axe_evaluator *ev)
{
	if (axe_evaluator_is_source(ev))
		return ev->source.text(ev->source.map);
	return axe_layout_to_string(ev->layout);
}

int axe_expr_layout_source(const axe_expr_layout *layout, axe_map_source *source,
			   axe_error *err)
{
	axe_shape shape;

	if (extended_shape(layout, &shape, err) < 0)
		return -1;
	*source = (axe_map_source){ .map = layout, .axis = (const char *const *)layout->axis,
				    .naxes = layout->naxes, .nrows = (size_t)layout->nimages,
				    .walker_new = walker_new, .walker_free = walker_free,
				    .walker_seek = walker_seek, .walker_rows = walker_rows,
				    .text = map_text };
	return 0;
}

int axe_expr_evaluator_init(axe_evaluator *ev, const axe_expr_layout *layout, axe_error *err)
{
	axe_map_source source;

	memset(ev, 0, sizeof(*ev));
	if (axe_expr_layout_source(layout, &source, err) < 0)
		return -1;
	return axe_evaluator_init_source(ev, &source, &layout->shape, err);
}
