/*
 * svg_compact.c: the cells of a panel without text, as a page draws them
 * (html.c): one path per colour and flags instead of one rectangle per
 * cell, runs of a row merged, and the cells' data- attributes as lines of
 * text "ROW,COL ATTRS" in a <desc> that the page's script looks up by the
 * position under the pointer.  A 128x256 page held 32768 rectangles, each
 * an element to parse, style and lay out: seconds in a browser; this is a
 * few hundred paths and one text node per panel.
 */
#include <stdlib.h>

#include "scene.h"

typedef struct keyed {
	uint64_t key;   /* fill and flags: cells drawn alike */
	int32_t row, col;
} keyed;

static int by_key_row_col(const void *a, const void *b)
{
	const keyed *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->row != y->row)
		return x->row < y->row ? -1 : 1;
	return (x->col > y->col) - (x->col < y->col);
}

/* The fill a cell is drawn with: its own, or the flag's (conflict red, empty pale). */
static uint32_t drawn_fill(const axe_scene_cell *c)
{
	if (c->flags & AXE_CELL_RED)
		return 0xe53935;
	if (c->flags & AXE_CELL_EMPTY)
		return 0xf4f4f4;
	return c->fill;
}

static void write_fill_attr(axe_writer *w, uint32_t fill)
{
	static const char hex[] = "0123456789abcdef";
	char colour[] = " fill=\"#000000\"";

	for (int k = 0; k < 6; k++)
		colour[8 + k] = hex[(fill >> (20 - 4 * k)) & 15];
	axe_write_str(w, colour);
}

/* One path per fill, each a run of cells along a row as one rectangle. */
static void write_paths(axe_writer *w, const axe_scene_panel *p, const keyed *k, size_t n)
{
	for (size_t i = 0; i < n;) {
		axe_write_str(w, "<path");
		write_fill_attr(w, (uint32_t)k[i].key);
		axe_write_str(w, " d=\"");
		for (uint64_t key = k[i].key; i < n && k[i].key == key;) {
			size_t run = 1;
			while (i + run < n && k[i + run].key == key && k[i + run].row == k[i].row &&
			       k[i + run].col == k[i].col + (int32_t)run)
				run++;
			axe_write_char(w, 'M');
			axe_write_i64(w, (int64_t)k[i].col * p->cell_w);
			axe_write_char(w, ' ');
			axe_write_i64(w, (int64_t)k[i].row * p->cell_h);
			axe_write_char(w, 'h');
			axe_write_i64(w, (int64_t)run * p->cell_w);
			axe_write_char(w, 'v');
			axe_write_i64(w, p->cell_h);
			axe_write_char(w, 'h');
			axe_write_i64(w, -(int64_t)run * p->cell_w);
			axe_write_char(w, 'z');
			i += run;
		}
		axe_write_str(w, "\"/>\n");
	}
}

int axe_scene_write_compact_cells(axe_writer *w, const axe_scene *s, const axe_scene_panel *p)
{
	keyed *k = malloc((p->ncells ? p->ncells : 1) * sizeof(keyed));

	if (!k)
		return -1;
	for (size_t i = 0; i < p->ncells; i++) {
		const axe_scene_cell *c = &s->cell[p->first + i];
		k[i] = (keyed){ drawn_fill(c), c->row, c->col };
	}
	qsort(k, p->ncells, sizeof(keyed), by_key_row_col);
	write_paths(w, p, k, p->ncells);
	free(k);
	axe_write_str(w, "<desc class=\"cellattrs\">");
	for (size_t i = 0; i < p->ncells; i++) {
		const axe_scene_cell *c = &s->cell[p->first + i];
		axe_write_i64(w, c->row);
		axe_write_char(w, ',');
		axe_write_i64(w, c->col);
		axe_write_str(w, axe_scene_str(s, c->attrs));
		axe_write_char(w, '\n');
	}
	axe_write_str(w, "</desc>\n");
	return 0;
}
