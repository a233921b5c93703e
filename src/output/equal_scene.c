/*
 * equal_scene.c: the picture of `check-equal --format svg|html`
 * (equal_out.h), filled into a scene (scene.h): A and B side by side on A's
 * shape (points are compared in row-major order), each cell with its image
 * set over both layouts' axes, and a third grid marking in red every point
 * where the two sets differ, all evaluated directly (prove/side.h), up to
 * AXE_SCENE_RECT_CELLS points.  The reported counterexample is preselected.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/relate.h"
#include "../prove/side.h"
#include "equal_out.h"
#include "scene.h"

typedef struct diff {
	axe_side_eval se[2];
	bool ready[2];
	int64_t *rows[2];
	size_t n[2];
	size_t nunion;
	int64_t points, cols, selected; /* selected: the counterexample's flat index, or -1 */
	const axe_shape *shape;
	int64_t *weight;  /* per union axis: threads per unit (core/relate.h), 0 for others */
	bool by_thread;   /* a thread axis among them: colour by the thread */
} diff;

/*
 * A colour from the first image, so that equal images look alike in A and
 * B: its thread's (hue by warp, light to dark by lane, as `show` colours
 * owners) when the layouts name thread axes, else a hash of the image.
 */
static uint32_t image_fill(const diff *d, const int64_t *row)
{
	uint64_t h = 1469598103934665603u;
	int64_t tid = 0;

	if (d->by_thread) {
		for (size_t i = 0; i < d->nunion; i++)
			tid += d->weight[i] * row[i];
		return axe_owner_colour(tid / 32, 2, tid % 32, 32);
	}
	for (size_t i = 0; i < d->nunion; i++)
		h = (h ^ (uint64_t)row[i]) * 1099511628211u;
	return axe_owner_colour(0, 1, (int64_t)(h >> 8 & 255), 256);
}

static void put_rows(axe_scene *s, const int64_t *rows, size_t n, size_t width)
{
	for (size_t i = 0; i < n; i++) {
		axe_scene_put_raw(s, i ? "|" : "");
		axe_scene_put_list(s, rows + i * width, width, ',');
	}
}

static void put_coord(axe_scene *s, const diff *d, int64_t flat)
{
	int64_t coord[AXE_MAX_RANK];

	for (size_t k = d->shape->rank; k-- > 0;) {
		coord[k] = flat % d->shape->dim[k];
		flat /= d->shape->dim[k];
	}
	axe_scene_put_list(s, coord, d->shape->rank, ',');
}

static bool differ(const diff *d)
{
	return d->n[0] != d->n[1] ||
	       memcmp(d->rows[0], d->rows[1], d->n[0] * d->nunion * sizeof(int64_t)) != 0;
}

/* Cell "flat" of the panel for side "k" (0: A, 1: B). */
static void add_side_cell(axe_scene *s, const diff *d, int k, int64_t flat)
{
	axe_scene_cell *c;
	size_t at;

	c = axe_scene_add_cell(s, (int32_t)(flat / d->cols), (int32_t)(flat % d->cols),
			       d->n[k] ? image_fill(d, d->rows[k]) : 0);
	if (!c)
		return;
	c->badge = (uint32_t)d->n[k];
	c->flags |= (d->n[k] ? 0 : AXE_CELL_EMPTY) | (flat == d->selected ? AXE_CELL_SELECTED : 0);
	at = axe_scene_begin(s);
	if (d->n[k])
		axe_scene_put_list(s, d->rows[k], d->nunion, ',');
	c->label = axe_scene_end(s, at);
	at = axe_scene_begin(s);
	axe_scene_put_raw(s, " data-coord=\"");
	put_coord(s, d, flat);
	axe_scene_put_raw(s, "\" data-images=\"");
	put_rows(s, d->rows[k], d->n[k], d->nunion);
	axe_scene_put_raw(s, "\"");
	c->attrs = axe_scene_end(s, at);
}

static void add_diff_cell(axe_scene *s, const diff *d, int64_t flat)
{
	bool bad = differ(d);
	axe_scene_cell *c = axe_scene_add_cell(s, (int32_t)(flat / d->cols),
					       (int32_t)(flat % d->cols), 0xc8e6c9);
	size_t at;

	if (!c)
		return;
	c->flags |= (bad ? AXE_CELL_RED : 0) | (flat == d->selected ? AXE_CELL_SELECTED : 0);
	at = axe_scene_begin(s);
	axe_scene_put_raw(s, " data-coord=\"");
	put_coord(s, d, flat);
	axe_scene_put_raw(s, "\" data-a=\"");
	put_rows(s, d->rows[0], d->n[0], d->nunion);
	axe_scene_put_raw(s, "\" data-b=\"");
	put_rows(s, d->rows[1], d->n[1], d->nunion);
	axe_scene_put_raw(s, "\"");
	c->attrs = axe_scene_end(s, at);
}

/*
 * The three grids.  Cells are added panel by panel, so each point is
 * evaluated once per panel (three times in all): cheap next to drawing.
 */
static void add_panels(axe_scene *s, diff *d)
{
	static const char *const title[3] = { "A", "B", "where A and B differ (red)" };
	static const char *const kind[3] = { "lc", "lc", "dc" };
	int64_t rows = d->points / d->cols;

	s->fit_row = true; /* the difference beside the layouts, not a screen below them */
	for (int k = 0; k < 3 && !s->nomem; k++) {
		axe_scene_panel *p = axe_scene_add_panel(s, 0, title[k], kind[k], (size_t)rows,
							 (size_t)d->cols);
		if (!p)
			break;
		p->beside = k > 0;
		for (int64_t f = 0; f < d->points && !s->nomem; f++) {
			d->n[0] = axe_side_eval_point(&d->se[0], f, d->rows[0]);
			d->n[1] = axe_side_eval_point(&d->se[1], f, d->rows[1]);
			if (k < 2)
				add_side_cell(s, d, k, f);
			else
				add_diff_cell(s, d, f);
		}
	}
}

/* The answer as check-equal prints it, one line, into the arena. */
static size_t answer_text(axe_scene *s, const axe_equal_result *res)
{
	char *text = NULL;
	size_t len = 0, at;
	FILE *mem = open_memstream(&text, &len);
	axe_writer *w = malloc(sizeof(*w));

	if (!mem || !w) {
		if (mem)
			fclose(mem);
		free(w);
		free(text);
		s->nomem = true;
		return 0;
	}
	axe_writer_init(w, mem);
	axe_print_equal(w, res, AXE_FORMAT_TEXT);
	axe_writer_flush(w);
	fclose(mem);
	free(w);
	while (len > 0 && text[len - 1] == '\n')
		text[--len] = '\0';
	at = axe_scene_text(s, text);
	free(text);
	return at;
}

static void frame(axe_scene *s, const axe_equal_side *a, const axe_equal_side *b,
		  const axe_equal_result *res, const axe_axis_union *u, const diff *d)
{
	size_t at;

	s->title = axe_scene_text(s, "check-equal: A and B point by point");
	s->info = answer_text(s, res);
	at = axe_scene_begin(s);
	axe_scene_put_raw(s, "cell: the first image (");
	for (size_t i = 0; i < u->n; i++) {
		axe_scene_put_raw(s, i ? "," : "");
		axe_scene_put(s, u->name[i]);
	}
	axe_scene_put_raw(s, "), xN: N images; an axis a layout does not name is 0 there");
	s->subtitle = axe_scene_end(s, at);
	for (int k = 0; k < 2; k++) {
		const axe_equal_side *side = k ? b : a;
		char *text = side->layout ? axe_layout_to_string(side->layout) : NULL;
		at = axe_scene_begin(s);
		axe_scene_put_raw(s, k ? "B: " : "A: ");
		axe_scene_put(s, text ? text : "an expr: layout");
		free(text);
		s->note[s->nnotes++] = axe_scene_end(s, at);
	}
	s->note[s->nnotes++] = s->info;
	if (d->points > AXE_SCENE_RECT_CELLS)
		axe_scene_add_note(s, "more than 65536 points: the grids are not drawn");
	at = axe_scene_begin(s);
	axe_scene_put_raw(s, " data-axes=\"");
	for (size_t i = 0; i < u->n; i++) {
		axe_scene_put_raw(s, i ? "," : "");
		axe_scene_put(s, u->name[i]);
	}
	axe_scene_put_raw(s, "\"");
	s->root_attrs = axe_scene_end(s, at);
}

/* The counterexample's point as a flat index of A's shape (same row-major order). */
static int64_t counterexample(const axe_equal_result *res)
{
	int64_t flat = 0;

	if (!res->has_counterexample)
		return -1;
	for (size_t k = 0; k < res->shape.rank; k++)
		flat = flat * res->shape.dim[k] + res->coord[k];
	return flat;
}

static int fill(axe_scene *s, const axe_equal_side *a, const axe_equal_side *b,
		const axe_equal_result *res, axe_axis_union *u, diff *d, axe_error *err)
{
	d->shape = &a->shape;
	d->points = axe_side_size(a, err);
	if (d->points == 0 && axe_error_is_set(err))
		return -1;
	d->cols = a->shape.rank ? a->shape.dim[a->shape.rank - 1] : 1; /* shape (): one cell */
	d->selected = counterexample(res);
	d->nunion = u->n;
	if (!(d->weight = calloc(u->n ? u->n : 1, sizeof(int64_t))))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (size_t i = 0; i < u->n; i++) {
		d->weight[i] = axe_thread_weight(u->name[i]);
		d->by_thread |= d->weight[i] > 0;
	}
	frame(s, a, b, res, u, d);
	s->text = d->points <= AXE_SCENE_FULL_CELLS;
	if (d->points > AXE_SCENE_RECT_CELLS)
		return 0;
	for (int k = 0; k < 2; k++) {
		const axe_equal_side *side = k ? b : a;
		if (axe_side_eval_init(&d->se[k], side, &side->shape, u->map[k], u->n, err) < 0)
			return -1;
		d->ready[k] = true;
		d->rows[k] = malloc((d->se[k].max_images ? d->se[k].max_images : 1) *
				    (u->n ? u->n : 1) * sizeof(int64_t));
		if (!d->rows[k])
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	if (axe_side_size(b, err) != d->points) {
		axe_scene_add_note(s, "A and B have different numbers of points: no point to pair");
		return 0;
	}
	add_panels(s, d);
	return 0;
}

int axe_equal_picture(axe_writer *w, const axe_equal_side *a, const axe_equal_side *b,
		      const axe_equal_result *res, axe_format format, axe_error *err)
{
	axe_axis_union u;
	diff d;
	axe_scene s;
	int r;

	memset(&d, 0, sizeof(d));
	if (axe_axis_union_init(&u, a, b, err) < 0)
		return -1;
	axe_scene_init(&s);
	r = fill(&s, a, b, res, &u, &d, err);
	if (r == 0)
		r = axe_scene_status(&s, err);
	if (r == 0) {
		axe_scene_place(&s);
		axe_scene_write(w, &s, format, 0);
	}
	for (int k = 0; k < 2; k++) {
		if (d.ready[k])
			axe_side_eval_release(&d.se[k]);
		free(d.rows[k]);
	}
	free(d.weight);
	axe_scene_release(&s);
	axe_axis_union_release(&u);
	return r;
}
