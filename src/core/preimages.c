/*
 * preimages.c: the backward map of a whole grid of physical cells at once
 * (eval.h, axe_preimage_table).  A picture of owners asks, for every cell,
 * which logical points have an image there.  For a map with no structure to
 * solve backwards (a source, eval_source.c) each backward map is a walk of
 * the domain, so a grid of C cells over N points would cost C * N; here one
 * forward walk puts each point in the cells of its images (N times the
 * images per point), and a counting sort groups the points by cell.  The
 * walk is row-major, and the sort is stable, so each cell's points come out
 * sorted, as axe_evaluator_inverse gives them.
 */
#include <stdlib.h>

#include "eval.h"

/* A point in a cell, in the order the walk meets them. */
typedef struct cell_point {
	size_t cell;
	int64_t flat;
} cell_point;

typedef struct pair_list {
	cell_point *v;
	size_t n, cap;
} pair_list;

static bool pair_push(pair_list *l, size_t cell, int64_t flat)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 1024;
		cell_point *v = realloc(l->v, cap * sizeof(cell_point));
		if (!v)
			return false;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = (cell_point){ cell, flat };
	return true;
}

/*
 * Every (cell, point) pair of one walk, each once: a point whose images
 * share a cell (replicas that differ off the cell's axes) counts once
 * there, which "last" (per cell: the last point put in it) sees.
 */
static int walk_pairs(const axe_evaluator *ev, size_t ncells, axe_cell_of_fn *cell_of,
		      const void *ctx, int64_t *last, pair_list *pairs, axe_error *err)
{
	size_t na = ev->naxes, rows = ev->nimages ? ev->nimages : 1;
	int64_t *images = malloc(rows * (na ? na : 1) * sizeof(int64_t));
	axe_cursor cur;
	bool ok = true;

	if (!images)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (axe_cursor_init(&cur, ev, err) < 0) {
		free(images);
		return -1;
	}
	for (; ok && !cur.done; axe_cursor_next(&cur)) {
		size_t k = axe_evaluator_images(ev, cur.base, true, images);
		for (size_t i = 0; ok && i < k; i++) {
			size_t cell = cell_of(images + i * na, ctx);
			if (cell >= ncells || last[cell] == cur.flat)
				continue;
			last[cell] = cur.flat;
			ok = pair_push(pairs, cell, cur.flat);
		}
	}
	axe_cursor_release(&cur);
	free(images);
	return ok ? 0 : axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
}

/* The pairs grouped by cell into "t" (a stable counting sort); "next" has ncells slots. */
static int group_pairs(const pair_list *pairs, size_t ncells, int64_t *next,
		       axe_preimage_table *t, axe_error *err)
{
	t->start = calloc(ncells + 1, sizeof(size_t));
	t->flat = malloc((pairs->n ? pairs->n : 1) * sizeof(int64_t));
	if (!t->start || !t->flat)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (size_t i = 0; i < pairs->n; i++)
		t->start[pairs->v[i].cell + 1]++;
	for (size_t c = 0; c < ncells; c++) {
		t->start[c + 1] += t->start[c];
		next[c] = (int64_t)t->start[c];
	}
	for (size_t i = 0; i < pairs->n; i++)
		t->flat[next[pairs->v[i].cell]++] = pairs->v[i].flat;
	return 0;
}

int axe_evaluator_preimage_table(const axe_evaluator *ev, size_t ncells,
				 axe_cell_of_fn *cell_of, const void *ctx,
				 axe_preimage_table *t, axe_error *err)
{
	int64_t *last = malloc((ncells ? ncells : 1) * sizeof(int64_t));
	pair_list pairs = { 0 };
	int r;

	t->ncells = ncells;
	t->start = NULL;
	t->flat = NULL;
	if (!last)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (size_t c = 0; c < ncells; c++)
		last[c] = -1;
	r = walk_pairs(ev, ncells, cell_of, ctx, last, &pairs, err);
	if (r == 0)
		r = group_pairs(&pairs, ncells, last, t, err);
	free(pairs.v);
	free(last);
	if (r < 0)
		axe_preimage_table_release(t);
	return r;
}

void axe_preimage_table_release(axe_preimage_table *t)
{
	free(t->start);
	free(t->flat);
	t->start = NULL;
	t->flat = NULL;
	t->ncells = 0;
}
