/*
 * side.c: the union of two operands' axes and direct evaluation of one
 * operand at a point (side.h).  Direct evaluation divides per point; it is
 * what re-checks a counterexample, never the whole-domain walk.
 */
#include <stdlib.h>
#include <string.h>

#include "side.h"

size_t axe_side_naxes(const axe_equal_side *s)
{
	return s->layout ? s->layout->naxes : s->expr->naxes;
}

const char *axe_side_axis(const axe_equal_side *s, size_t axis)
{
	return s->layout ? s->layout->axis[axis] : s->expr->axis[axis];
}

int64_t axe_side_size(const axe_equal_side *s, axe_error *err)
{
	int64_t n = 0;

	if (s->expr)
		return axe_expr_layout_size(s->expr);
	return axe_layout_size(s->layout, &n, err) < 0 ? 0 : n;
}

static int union_index(const axe_axis_union *u, const char *name)
{
	for (size_t i = 0; i < u->n; i++)
		if (strcmp(u->name[i], name) == 0)
			return (int)i;
	return -1;
}

int axe_axis_union_init(axe_axis_union *u, const axe_equal_side *a, const axe_equal_side *b,
			axe_error *err)
{
	size_t na = axe_side_naxes(a), nb = axe_side_naxes(b);

	memset(u, 0, sizeof(*u));
	u->name = calloc(na + nb + 1, sizeof(char *));
	u->map[0] = calloc(na + 1, sizeof(int));
	u->map[1] = calloc(nb + 1, sizeof(int));
	if (!u->name || !u->map[0] || !u->map[1]) {
		axe_axis_union_release(u);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	for (size_t i = 0; i < na; i++) {
		u->map[0][i] = (int)u->n;
		u->name[u->n++] = (char *)axe_side_axis(a, i);
	}
	for (size_t i = 0; i < nb; i++) {
		int k = union_index(u, axe_side_axis(b, i));
		if (k < 0) {
			k = (int)u->n;
			u->name[u->n++] = (char *)axe_side_axis(b, i);
		}
		u->map[1][i] = k;
	}
	return 0;
}

void axe_axis_union_release(axe_axis_union *u)
{
	free(u->name);
	free(u->map[0]);
	free(u->map[1]);
	memset(u, 0, sizeof(*u));
}

int axe_side_eval_init(axe_side_eval *se, const axe_equal_side *side, const axe_shape *shape,
		       const int *map, size_t nunion, axe_error *err)
{
	size_t na = axe_side_naxes(side), nvars;

	memset(se, 0, sizeof(*se));
	se->side = side;
	se->map = map;
	se->nunion = nunion;
	if (side->layout) {
		if (axe_evaluator_init(&se->ev, side->layout, shape, err) < 0)
			return -1;
		se->has_ev = true;
		se->max_images = se->ev.nimages;
		nvars = na; /* D(x), one value per axis */
	} else {
		se->max_images = (size_t)side->expr->nimages;
		nvars = side->expr->ctx->nvars + side->expr->rank;
	}
	se->native = malloc(se->max_images * (na ? na : 1) * sizeof(int64_t));
	se->scratch = malloc((nvars ? nvars : 1) * sizeof(int64_t));
	if (!se->native || !se->scratch) {
		axe_side_eval_release(se);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	return 0;
}

void axe_side_eval_release(axe_side_eval *se)
{
	if (se->has_ev)
		axe_evaluator_release(&se->ev);
	free(se->native);
	free(se->scratch);
	memset(se, 0, sizeof(*se));
}

static int compare_rows(const void *pa, const void *pb, void *width)
{
	const int64_t *a = pa, *b = pb;

	for (size_t i = 0; i < *(const size_t *)width; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

size_t axe_rows_normalize(int64_t *rows, size_t n, size_t width)
{
	size_t kept = 0;

	if (n < 2 || width == 0)
		return n < 1 || width ? n : 1;
	qsort_r(rows, n, width * sizeof(int64_t), compare_rows, &width);
	for (size_t i = 0; i < n; i++)
		if (kept == 0 || memcmp(rows + (kept - 1) * width, rows + i * width,
					width * sizeof(int64_t)) != 0)
			memmove(rows + kept++ * width, rows + i * width, width * sizeof(int64_t));
	return kept;
}

/* The coordinates of "flat" in "shape" into "coord". */
static void unflatten(const axe_shape *shape, int64_t flat, int64_t *coord)
{
	for (size_t d = shape->rank; d-- > 0;) {
		coord[d] = flat % shape->dim[d];
		flat /= shape->dim[d];
	}
}

size_t axe_side_eval_point(axe_side_eval *se, int64_t flat, int64_t *out)
{
	size_t na = axe_side_naxes(se->side), n;

	if (se->has_ev) {
		axe_evaluator_base(&se->ev, flat, se->scratch);
		axe_evaluator_images(&se->ev, se->scratch, true, se->native);
		n = se->ev.nimages;
	} else {
		const axe_expr_layout *L = se->side->expr;
		int64_t *coord = se->scratch + L->ctx->nvars;
		unflatten(&L->shape, flat, coord);
		n = axe_expr_layout_eval(L, coord, se->native, se->scratch);
	}
	memset(out, 0, n * se->nunion * sizeof(int64_t));
	for (size_t i = 0; i < n; i++)
		for (size_t a = 0; a < na; a++)
			out[i * se->nunion + (size_t)se->map[a]] = se->native[i * na + a];
	return axe_rows_normalize(out, n, se->nunion);
}
