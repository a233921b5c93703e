/*
 * show_physical.c: the right-hand grids of the picture of `show` (see
 * show_scene.c): the owners (the `show --by` picture: each holding the
 * logical points whose images are there, by axe_evaluator_inverse), or
 * shared memory as 128-byte lines x element slots.
 */
#include <stdlib.h>

#include "show_scene_private.h"

/* ------------------------------------------------------ physical grid -- */

/* The points whose image holds "target" on the "given" axes, as "i,j|k,l"; the count. */
static int64_t put_points(axe_scene *s, const axe_show_view *v, const int64_t *target, const bool *given,
			  int64_t *coord, axe_error *err)
{
	int64_t *flats = NULL;
	size_t count = 0;

	if (axe_evaluator_inverse(v->ev, target, given, &flats, &count, MAX_POINTS_PER_OWNER,
				  err) < 0) {
		free(flats);
		return -1;
	}
	for (size_t i = 0; i < count; i++) {
		if (i)
			axe_scene_put_raw(s, "|");
		axe_evaluator_unflatten(v->ev, flats[i], coord);
		axe_scene_put_list(s, coord, v->rank, ',');
	}
	free(flats);
	return (int64_t)count;
}

/* One owner cell at "row", "col" of the grid for the values in "target". */
static int add_owner(axe_scene *s, const axe_show_view *v, int64_t *target, const bool *given,
		     int64_t row, int64_t col, axe_error *err)
{
	int64_t coord[AXE_MAX_RANK], count;
	axe_scene_cell *c = axe_scene_add_cell(s, (int32_t)row, (int32_t)col, 0);
	size_t at, label;

	if (!c)
		return 0;
	at = axe_scene_begin(s);
	axe_scene_put_raw(s, " data-owner=\"");
	axe_scene_put_i64(s, target[v->by[0]]);
	if (v->nby == 2) {
		axe_scene_put_raw(s, ",");
		axe_scene_put_i64(s, target[v->by[1]]);
	}
	axe_scene_put_raw(s, "\" data-points=\"");
	label = s->len;
	if ((count = put_points(s, v, target, given, coord, err)) < 0)
		return -1;
	axe_scene_put_raw(s, "\"");
	c->attrs = axe_scene_end(s, at);
	c->badge = (uint32_t)count;
	if (count == 0) {
		c->flags |= AXE_CELL_EMPTY;
		return 0;
	}
	c->fill = axe_show_owner_fill(v, target);
	/* The label is the first point: the text up to the first '|' or '"'. */
	at = axe_scene_begin(s);
	for (size_t i = label; !s->nomem && s->arena[i] != '|' && s->arena[i] != '"'; i++) {
		char one[2] = { s->arena[i], '\0' };
		axe_scene_put_raw(s, one);
	}
	c->label = axe_scene_end(s, at);
	return 0;
}

int axe_show_add_physical(axe_scene *s, axe_show_view *v, axe_error *err)
{
	int64_t rows = v->nby == 2 ? v->by_n[0] : (v->by_n[0] + v->owner_cols - 1) / v->owner_cols;
	int64_t *target = calloc(v->ev->naxes, sizeof(int64_t));
	bool *given = calloc(v->ev->naxes, sizeof(bool));
	const char *const *axis = (const char *const *)v->ev->layout->axis;
	char title[200];
	axe_scene_panel *p;
	int r = target && given ? 0 : axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");

	if (v->nby == 2)
		snprintf(title, sizeof(title), "physical (rows: %s, columns: %s)", axis[v->by[0]],
			 axis[v->by[1]]);
	else
		snprintf(title, sizeof(title), "physical: %s (%lld per row)", axis[v->by[0]],
			 (long long)v->owner_cols);
	p = r == 0 ? axe_scene_add_panel(s, 0, title, "pc", (size_t)rows, (size_t)v->owner_cols)
		   : NULL;
	if (p) {
		p->beside = true;
		p->row0 = v->by_lo[0];
		p->row_step = v->nby == 2 ? 1 : v->owner_cols;
		p->col0 = v->nby == 2 ? v->by_lo[1] : 0;
		for (size_t i = 0; i < v->nby; i++)
			given[v->by[i]] = true;
	}
	for (int64_t k = 0; p && r == 0 && k < rows * v->owner_cols; k++) {
		int64_t row = k / v->owner_cols, col = k % v->owner_cols;
		if (v->nby == 2) {
			target[v->by[0]] = v->by_lo[0] + row;
			target[v->by[1]] = v->by_lo[1] + col;
		} else if ((target[v->by[0]] = v->by_lo[0] + k) >= v->by_lo[0] + v->by_n[0]) {
			break;
		}
		r = add_owner(s, v, target, given, row, col, err);
	}
	free(target);
	free(given);
	return r;
}

/* Shared memory: a row per 128-byte line, a column per element slot. */
int axe_show_add_smem(axe_scene *s, axe_show_view *v, int64_t lo, int64_t hi, axe_error *err)
{
	int64_t per_line = 128 / v->elem_bytes, line0 = lo / per_line - (lo % per_line < 0);
	int64_t lines = hi / per_line - line0 + 1, target[1], coord[AXE_MAX_RANK];
	const axe_swizzle *sw = &v->ev->layout->swizzle;
	bool given[1] = { true };
	axe_scene_panel *p = axe_scene_add_panel(s, 0, "shared memory (rows: 128-byte lines, "
					 "columns: element slots; bank = byte / 4 mod 32)", "pc",
					 (size_t)lines, (size_t)per_line);

	if (!p)
		return 0;
	p->beside = v->cols * 34 < 1200; /* below a wide logical grid */
	p->row0 = line0;
	p->col_rule = (size_t)(16 / v->elem_bytes > 1 ? 16 / v->elem_bytes : 1);
	if (sw->present) {
		int64_t atom = (INT64_C(1) << (sw->per_element + sw->len + sw->atom)) * v->elem_bytes;
		p->row_rule = (size_t)(atom / 128 > 1 ? atom / 128 : 1);
	}
	for (int64_t k = 0; k < lines * per_line && !s->nomem; k++) {
		axe_scene_cell *c = axe_scene_add_cell(s, (int32_t)(k / per_line),
						       (int32_t)(k % per_line), 0);
		int64_t count, *flats = NULL;
		size_t n = 0, at;

		target[0] = (line0 * per_line) + k;
		if (!c)
			return 0;
		if (axe_evaluator_inverse(v->ev, target, given, &flats, &n, MAX_POINTS_PER_OWNER,
					  err) < 0) {
			free(flats);
			return -1;
		}
		count = (int64_t)n;
		at = axe_scene_begin(s);
		axe_scene_put_raw(s, " data-owner=\"");
		axe_scene_put_i64(s, target[0]);
		axe_scene_put_raw(s, "\" data-points=\"");
		for (size_t i = 0; i < n; i++) {
			if (i)
				axe_scene_put_raw(s, "|");
			axe_evaluator_unflatten(v->ev, flats[i], coord);
			axe_scene_put_list(s, coord, v->rank, ',');
		}
		axe_scene_put_raw(s, "\"");
		if (count > 0) {
			axe_evaluator_unflatten(v->ev, flats[0], coord);
			axe_show_evaluate(v, coord);
			axe_show_put_bank_attrs(s, v, target[0], v->pre[0]);
			c->fill = axe_show_chunk_fill(v, v->pre[0]);
		} else {
			c->flags |= AXE_CELL_EMPTY;
		}
		c->attrs = axe_scene_end(s, at);
		c->badge = (uint32_t)count;
		if (count > 0) {
			at = axe_scene_begin(s);
			axe_scene_put_list(s, coord, v->rank, ',');
			c->label = axe_scene_end(s, at);
		}
		free(flats);
	}
	return 0;
}
