/*
 * show_out.c: the pictures of `show` (see show_out.h).
 *
 * A picture is filled first, cell by cell, into one text arena, and drawn
 * afterwards: the column width and the bands of columns that fit the width
 * depend on every cell.  The forward picture walks the domain with the
 * odometer (core/eval.h), whose row-major order is the picture's; the
 * reverse picture asks the exact backward map (axe_evaluator_inverse) for
 * each physical cell.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "../expr/expr_source.h"
#include "../parse/parse.h"
#include "algebra_out.h"
#include "show_out.h"

typedef struct picture {
	size_t pages, rows, cols; /* cells: pages * rows * cols, row-major */
	int64_t row0, col0;       /* the labels of row 0 and column 0 */
	bool row_labels;          /* false for a rank-1 forward picture */
	char *text;               /* every cell's text, each NUL-terminated */
	size_t len, cap;
	size_t *start;            /* per cell: where its text starts */
	size_t widest;
	bool counted;             /* a reverse cell shows a count, not its points */
	bool nomem;
} picture;

static void put_bytes(picture *p, const char *s, size_t n)
{
	if (p->len + n + 1 > p->cap) {
		size_t cap = p->cap ? p->cap : 4096;
		char *text;
		while (p->len + n + 1 > cap)
			cap *= 2;
		text = realloc(p->text, cap);
		if (!text) {
			p->nomem = true;
			return;
		}
		p->text = text;
		p->cap = cap;
	}
	memcpy(p->text + p->len, s, n);
	p->len += n;
}

static void put_str(picture *p, const char *s)
{
	put_bytes(p, s, strlen(s));
}

static void put_i64(picture *p, int64_t v)
{
	char buf[24];

	put_bytes(p, buf, axe_format_i64(buf, v));
}

static void begin_cell(picture *p, size_t cell)
{
	p->start[cell] = p->len;
}

static void end_cell(picture *p, size_t cell)
{
	size_t n = p->len - p->start[cell];

	put_bytes(p, "", 0);
	if (!p->nomem)
		p->text[p->len++] = '\0';
	if (n > p->widest)
		p->widest = n;
}

/*
 * Room for "cells" cells; -1 with "err" set past the limit or without
 * memory.  INT64_MAX stands for a count beyond 64 bits.
 */
static int picture_alloc(picture *p, int64_t cells, axe_error *err)
{
	if (cells == INT64_MAX)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
				     "the picture would have more than %lld cells; show draws at "
				     "most %d (slice the layout first, or use eval)",
				     (long long)INT64_MAX, AXE_SHOW_MAX_CELLS);
	if (cells > AXE_SHOW_MAX_CELLS)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
				     "the picture would have %lld cells; show draws at most %d "
				     "(slice the layout first, or use eval)", (long long)cells,
				     AXE_SHOW_MAX_CELLS);
	p->start = malloc((size_t)cells * sizeof(size_t));
	if (!p->start)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	return 0;
}

static void picture_release(picture *p)
{
	free(p->text);
	free(p->start);
}

/* "values" as "a,b,c" (text) or "[a,b,c]" (JSON). */
static void put_tuple(picture *p, const int64_t *values, size_t n, bool json)
{
	if (json)
		put_str(p, "[");
	for (size_t i = 0; i < n; i++) {
		if (i)
			put_str(p, ",");
		put_i64(p, values[i]);
	}
	if (json)
		put_str(p, "]");
}

/* ------------------------------------------------------------ forward -- */

static int fill_forward(picture *p, const axe_evaluator *ev, const axe_show_opts *o,
			axe_error *err)
{
	bool json = o->format == AXE_FORMAT_JSON;
	size_t n = o->base ? 1 : ev->nimages, na = ev->naxes;
	int64_t *images = malloc(n * (na ? na : 1) * sizeof(int64_t));
	axe_cursor cur;

	if (!images)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (axe_cursor_init(&cur, ev, err) < 0) {
		free(images);
		return -1;
	}
	for (; !cur.done; axe_cursor_next(&cur)) {
		n = axe_evaluator_images(ev, cur.base, !o->base, images);
		begin_cell(p, (size_t)cur.flat);
		put_str(p, json ? "[" : "");
		for (size_t i = 0; i < n; i++) {
			if (i)
				put_str(p, json ? "," : "|");
			put_tuple(p, images + i * na, na, json);
		}
		put_str(p, json ? "]" : "");
		end_cell(p, (size_t)cur.flat);
	}
	axe_cursor_release(&cur);
	free(images);
	return 0;
}

/*
 * Pages, rows and columns of the forward picture of the window "lo" + [0,
 * "n") of a shape of rank "r" (the whole shape, or --region), and its cell
 * count in "*cells".
 */
static void forward_grid(picture *p, size_t r, const int64_t *lo, const int64_t *n,
			 int64_t *cells)
{
	p->cols = r ? (size_t)n[r - 1] : 1; /* shape (): one cell */
	p->rows = r >= 2 ? (size_t)n[r - 2] : 1;
	p->col0 = r ? lo[r - 1] : 0;
	p->row0 = r >= 2 ? lo[r - 2] : 0;
	*cells = 1;
	for (size_t d = 0; d < r; d++)
		*cells *= n[d]; /* a window of the domain, whose size fits */
	p->pages = (size_t)*cells / (p->rows * p->cols);
	p->row_labels = r >= 2;
}

/*
 * The forward picture of a --region window: each of its points (at most
 * AXE_SHOW_MAX_CELLS) evaluated on its own, row-major in the window.
 */
static int fill_window(picture *p, const axe_evaluator *ev, const axe_show_opts *o,
		       const int64_t *lo, const int64_t *n, int64_t cells, axe_error *err)
{
	bool json = o->format == AXE_FORMAT_JSON;
	size_t k = o->base ? 1 : ev->nimages, na = ev->naxes, r = ev->shape.rank;
	int64_t *images = malloc(k * (na ? na : 1) * sizeof(int64_t));
	int64_t *base = malloc((na ? na : 1) * sizeof(int64_t)), coord[AXE_MAX_RANK], flat;

	if (!images || !base) {
		free(images);
		free(base);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	for (int64_t c = 0; c < cells; c++) {
		for (size_t d = r, rest = (size_t)c; d-- > 0; rest /= (size_t)n[d])
			coord[d] = lo[d] + (int64_t)(rest % (size_t)n[d]);
		axe_evaluator_flatten(ev, coord, &flat, err); /* inside the shape: checked */
		axe_evaluator_base(ev, flat, base);
		k = axe_evaluator_images(ev, base, !o->base, images);
		begin_cell(p, (size_t)c);
		put_str(p, json ? "[" : "");
		for (size_t i = 0; i < k; i++) {
			if (i)
				put_str(p, json ? "," : "|");
			put_tuple(p, images + i * na, na, json);
		}
		put_str(p, json ? "]" : "");
		end_cell(p, (size_t)c);
	}
	free(images);
	free(base);
	return 0;
}

/* ------------------------------------------------------------ reverse -- */

/*
 * Rows and columns of the reverse picture, and its cell count in "*cells"
 * (INT64_MAX when it does not fit in 64 bits: far over the limit anyway).
 */
static int reverse_grid(picture *p, const axe_evaluator *ev, const axe_show_opts *o,
			int64_t *cells, axe_error *err)
{
	int64_t lo[2] = { 0, 0 }, hi[2] = { 0, 0 }, n[2] = { 1, 1 };

	for (size_t i = 0; i < o->nby; i++) {
		/* Swizzle applied; a range widened past the exact one only adds empty cells. */
		if (axe_evaluator_image_range(ev, o->by[i], &lo[i], &hi[i], err) < 0)
			return -1;
		if (axe_sub_ovf(hi[i], lo[i], &n[i]) || axe_add_ovf(n[i], 1, &n[i]))
			n[i] = INT64_MAX;
	}
	if (axe_mul_ovf(n[0], n[1], cells))
		*cells = INT64_MAX;
	if (*cells > AXE_SHOW_MAX_CELLS)
		return 0; /* refused by picture_alloc: the sizes below would not fit */
	p->pages = 1;
	p->rows = (size_t)(o->nby == 2 ? n[0] : 1);
	p->cols = (size_t)(o->nby == 2 ? n[1] : n[0]);
	p->row0 = lo[0];
	p->col0 = o->nby == 2 ? lo[1] : lo[0];
	p->row_labels = o->nby == 2;
	return 0;
}

/*
 * A reverse cell holding more than AXE_SHOW_MAX_PREIMAGES points: "n=128"
 * (a warp's lane holds a whole fragment), or ">N" past AXE_SHOW_MAX_COUNT;
 * JSON keeps null (man page: "null: more than 64").
 */
static int put_count(picture *p, const axe_evaluator *ev, const int64_t *target,
		     const bool *given, bool json, axe_error *err)
{
	int64_t *flats = NULL;
	size_t count = 0;
	axe_error local;
	int r;

	if (json) {
		put_str(p, "null");
		return 0;
	}
	axe_error_init(&local);
	r = axe_evaluator_inverse(ev, target, given, &flats, &count, AXE_SHOW_MAX_COUNT, &local);
	free(flats);
	if (r < 0 && (local.code != AXE_ERR_LIMIT || count == 0)) {
		*err = local;
		return -1;
	}
	p->counted = true;
	put_str(p, r < 0 ? ">" : "n=");
	put_i64(p, r < 0 ? AXE_SHOW_MAX_COUNT : (int64_t)count);
	return 0;
}

/* One reverse cell: the logical points whose images hold "target" on the by-axes. */
static int fill_reverse_cell(picture *p, const axe_evaluator *ev, const int64_t *target,
			     const bool *given, bool json, int64_t *coord, axe_error *err)
{
	int64_t *flats = NULL;
	size_t count = 0;
	axe_error local;

	axe_error_init(&local);
	if (axe_evaluator_inverse(ev, target, given, &flats, &count, AXE_SHOW_MAX_PREIMAGES,
				  &local) < 0) {
		free(flats);
		/* Over the preimage limit (not out of search steps): a count. */
		if (local.code != AXE_ERR_LIMIT || count <= AXE_SHOW_MAX_PREIMAGES) {
			*err = local;
			return -1;
		}
		return put_count(p, ev, target, given, json, err);
	}
	put_str(p, json ? "[" : count ? "" : ".");
	for (size_t i = 0; i < count; i++) {
		if (i)
			put_str(p, json ? "," : "|");
		axe_evaluator_unflatten(ev, flats[i], coord);
		put_tuple(p, coord, ev->shape.rank, json);
	}
	put_str(p, json ? "]" : "");
	free(flats);
	return 0;
}

/* The reverse picture and its options, for reverse_cell. */
typedef struct reverse_view {
	const picture *p;
	const axe_show_opts *o;
} reverse_view;

/* The reverse cell of "image", or (size_t)-1 outside the picture. */
static size_t reverse_cell(const int64_t *image, const void *ctx)
{
	const picture *p = ((const reverse_view *)ctx)->p;
	const axe_show_opts *o = ((const reverse_view *)ctx)->o;
	int64_t col = image[o->by[o->nby - 1]] - p->col0;
	int64_t row = o->nby == 2 ? image[o->by[0]] - p->row0 : 0;

	if (row < 0 || col < 0 || (size_t)row >= p->rows || (size_t)col >= p->cols)
		return (size_t)-1;
	return (size_t)row * p->cols + (size_t)col;
}

/*
 * The reverse picture of a source, as fill_reverse_cell writes it: a map
 * without S/R/O form is walked once for every cell (core/preimages.c), not
 * once per cell.
 */
static int fill_reverse_source(picture *p, const axe_evaluator *ev, const axe_show_opts *o,
			       axe_error *err)
{
	bool json = o->format == AXE_FORMAT_JSON;
	reverse_view view = { p, o };
	int64_t coord[AXE_MAX_RANK];
	axe_preimage_table t;

	if (axe_evaluator_preimage_table(ev, p->rows * p->cols, reverse_cell, &view, &t, err) < 0)
		return -1;
	for (size_t cell = 0; cell < p->rows * p->cols; cell++) {
		size_t first = t.start[cell], end = t.start[cell + 1];
		begin_cell(p, cell);
		if (end - first > AXE_SHOW_MAX_PREIMAGES) {
			/* As put_count: the number, JSON's null */
			put_str(p, json ? "null" : "n=");
			if (!json)
				put_i64(p, (int64_t)(end - first));
			p->counted = !json;
		} else {
			put_str(p, json ? "[" : end > first ? "" : ".");
			for (size_t i = first; i < end; i++) {
				if (i > first)
					put_str(p, json ? "," : "|");
				axe_evaluator_unflatten(ev, t.flat[i], coord);
				put_tuple(p, coord, ev->shape.rank, json);
			}
			put_str(p, json ? "]" : "");
		}
		end_cell(p, cell);
	}
	axe_preimage_table_release(&t);
	return 0;
}

/* The reverse picture of a layout in S/R/O form: one backward map per cell. */
static int fill_reverse_layout(picture *p, const axe_evaluator *ev, const axe_show_opts *o,
			       axe_error *err)
{
	int64_t *target = calloc(ev->naxes, sizeof(int64_t)), coord[AXE_MAX_RANK];
	bool *given = calloc(ev->naxes, sizeof(bool));
	int r = target && given ? 0 : axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	int col_axis = o->by[o->nby - 1];

	for (size_t i = 0; i < o->nby; i++)
		if (given)
			given[o->by[i]] = true;
	for (size_t row = 0; r == 0 && row < p->rows; row++) {
		if (o->nby == 2)
			target[o->by[0]] = p->row0 + (int64_t)row;
		for (size_t col = 0; r == 0 && col < p->cols; col++) {
			size_t cell = row * p->cols + col;
			target[col_axis] = p->col0 + (int64_t)col;
			begin_cell(p, cell);
			r = fill_reverse_cell(p, ev, target, given, o->format == AXE_FORMAT_JSON,
					      coord, err);
			end_cell(p, cell);
		}
	}
	free(target);
	free(given);
	return r;
}

static int fill_reverse(picture *p, const axe_evaluator *ev, const axe_show_opts *o,
			axe_error *err)
{
	if (axe_evaluator_is_source(ev))
		return fill_reverse_source(p, ev, o, err);
	return fill_reverse_layout(p, ev, o, err);
}

/* ------------------------------------------------------------ drawing -- */

static size_t i64_width(int64_t v)
{
	char buf[24];

	return axe_format_i64(buf, v);
}

static void write_padded_i64(axe_writer *w, int64_t v, size_t width)
{
	for (size_t n = i64_width(v); n < width; n++)
		axe_write_char(w, ' ');
	axe_write_i64(w, v);
}

static void write_spaces(axe_writer *w, size_t n)
{
	while (n-- > 0)
		axe_write_char(w, ' ');
}

/* Columns [c0, c1) of page "page": the header, a rule, then one line per row. */
static void draw_band(axe_writer *w, const picture *p, size_t page, size_t c0, size_t c1,
		      size_t label_w, size_t col_w)
{
	write_spaces(w, label_w + 2);
	for (size_t c = c0; c < c1; c++) {
		axe_write_char(w, ' ');
		write_padded_i64(w, p->col0 + (int64_t)c, col_w);
	}
	axe_write_char(w, '\n');
	write_spaces(w, label_w + 1);
	axe_write_char(w, '+');
	for (size_t n = (c1 - c0) * (col_w + 1); n > 0; n--)
		axe_write_char(w, '-');
	axe_write_char(w, '\n');
	for (size_t r = 0; r < p->rows; r++) {
		if (p->row_labels)
			write_padded_i64(w, p->row0 + (int64_t)r, label_w);
		axe_write_str(w, " |");
		for (size_t c = c0; c < c1; c++) {
			const char *cell = p->text + p->start[(page * p->rows + r) * p->cols + c];
			axe_write_char(w, ' ');
			write_spaces(w, col_w - strlen(cell));
			axe_write_str(w, cell);
		}
		axe_write_char(w, '\n');
	}
}

/* One page, cut into bands of columns that fit "width". */
static void draw_page(axe_writer *w, const picture *p, size_t page, size_t width)
{
	size_t label_w = 0, col_w = p->widest, per_band;

	if (p->row_labels) {
		label_w = i64_width(p->row0);
		if (i64_width(p->row0 + (int64_t)p->rows - 1) > label_w)
			label_w = i64_width(p->row0 + (int64_t)p->rows - 1);
	}
	for (size_t c = 0; c < p->cols; c++)
		if (i64_width(p->col0 + (int64_t)c) > col_w)
			col_w = i64_width(p->col0 + (int64_t)c);
	/* A line is the label, " |", and per column a space and the cell. */
	per_band = width > label_w + 2 ? (width - label_w - 2) / (col_w + 1) : 1;
	if (per_band == 0)
		per_band = 1;
	for (size_t c0 = 0; c0 < p->cols; c0 += per_band) {
		size_t c1 = c0 + per_band < p->cols ? c0 + per_band : p->cols;
		if (c0)
			axe_write_char(w, '\n');
		draw_band(w, p, page, c0, c1, label_w, col_w);
	}
}

/* "(i, j, :, :)": the leading coordinates of page "page" of the window "lo" + [0, "n"). */
static void write_page_title(axe_writer *w, size_t rank, const int64_t *lo, const int64_t *n,
			     size_t page)
{
	int64_t lead[AXE_MAX_RANK];
	size_t nlead = rank - 2;

	for (size_t d = nlead; d-- > 0;) {
		lead[d] = lo[d] + (int64_t)page % n[d];
		page /= (size_t)n[d];
	}
	axe_write_char(w, '(');
	for (size_t d = 0; d < nlead; d++) {
		axe_write_i64(w, lead[d]);
		axe_write_str(w, ", ");
	}
	axe_write_str(w, ":, :)\n");
}

static void write_axis_list(axe_writer *w, const axe_layout *L, const char *sep)
{
	for (size_t a = 0; a < L->naxes; a++) {
		if (a)
			axe_write_str(w, sep);
		axe_write_str(w, L->axis[a]);
	}
}

/* The two header lines of the text picture. */
static void draw_legend(axe_writer *w, const axe_evaluator *ev, const axe_show_opts *o,
			const picture *p)
{
	size_t r = ev->shape.rank;

	if (o->nby == 0) {
		if (r == 3)
			axe_write_str(w, "slices: dimension 0; ");
		if (r > 3) {
			axe_write_str(w, "slices: dimensions 0..");
			axe_write_i64(w, (int64_t)r - 3);
			axe_write_str(w, "; ");
		}
		if (r >= 2) {
			axe_write_str(w, "rows: dimension ");
			axe_write_i64(w, (int64_t)r - 2);
			axe_write_str(w, ", ");
		}
		if (r == 0) {
			axe_write_str(w, "columns: none (shape (), one point); cell: ");
		} else {
			axe_write_str(w, "columns: dimension ");
			axe_write_i64(w, (int64_t)r - 1);
			axe_write_str(w, "; cell: ");
		}
		write_axis_list(w, ev->layout, ",");
		if (ev->nimages > 1)
			axe_write_str(w, o->base ? " of D(x)+O, replicas left out"
						 : ", images separated by '|'");
	} else {
		for (size_t i = 0; i < o->nby; i++) {
			int64_t lo = i + 1 < o->nby ? p->row0 : p->col0;
			size_t n = i + 1 < o->nby ? p->rows : p->cols;
			axe_write_str(w, i + 1 < o->nby ? "rows: " : "columns: ");
			axe_write_str(w, ev->layout->axis[o->by[i]]);
			axe_write_char(w, ' ');
			axe_write_i64(w, lo);
			axe_write_str(w, "..");
			axe_write_i64(w, lo + (int64_t)n - 1);
			axe_write_str(w, i + 1 < o->nby ? ", " : "; ");
		}
		axe_write_str(w, "cell: the logical points there, separated by '|' ('.' none)");
		if (p->counted)
			axe_write_str(w, "; n=N: N points, more than 64");
	}
	axe_write_char(w, '\n');
}

/* " region 0:16,8:24" when a window is drawn. */
static void write_region(axe_writer *w, const axe_show_opts *o, bool json)
{
	if (!o->nregion)
		return;
	axe_write_str(w, json ? ",\"region\":[" : ", region ");
	for (size_t d = 0; d < o->nregion; d++) {
		if (d)
			axe_write_char(w, ',');
		axe_write_str(w, json ? "[" : "");
		axe_write_i64(w, o->begin[d]);
		axe_write_char(w, json ? ',' : ':');
		axe_write_i64(w, o->end[d]);
		axe_write_str(w, json ? "]" : "");
	}
	axe_write_str(w, json ? "]" : "");
}

static void draw_text(axe_writer *w, const axe_evaluator *ev, const axe_show_opts *o,
		      const picture *p, const char *layout, const int64_t *lo, const int64_t *n)
{
	axe_write_str(w, layout);
	axe_write_str(w, " on shape ");
	axe_write_int_list(w, ev->shape.dim, ev->shape.rank, AXE_FORMAT_TEXT);
	write_region(w, o, false);
	axe_write_char(w, '\n');
	draw_legend(w, ev, o, p);
	for (size_t page = 0; page < p->pages; page++) {
		axe_write_char(w, '\n');
		if (o->nby == 0 && ev->shape.rank >= 3)
			write_page_title(w, ev->shape.rank, lo, n, page);
		draw_page(w, p, page, o->width);
	}
}

static void draw_json(axe_writer *w, const axe_evaluator *ev, const axe_show_opts *o,
		      const picture *p, const char *layout)
{
	size_t cells = p->pages * p->rows * p->cols;

	axe_write_str(w, "{\"layout\":");
	axe_write_json_string(w, layout);
	axe_write_str(w, ",\"shape\":");
	axe_write_int_list(w, ev->shape.dim, ev->shape.rank, AXE_FORMAT_JSON);
	write_region(w, o, true);
	axe_write_str(w, o->nby ? ",\"by\":[" : ",\"axes\":[");
	for (size_t i = 0; i < (o->nby ? o->nby : ev->naxes); i++) {
		if (i)
			axe_write_char(w, ',');
		axe_write_json_string(w, ev->layout->axis[o->nby ? (size_t)o->by[i] : i]);
	}
	axe_write_char(w, ']');
	if (o->nby) {
		int64_t lo[2] = { p->row0, p->col0 };
		int64_t hi[2] = { p->row0 + (int64_t)p->rows - 1, p->col0 + (int64_t)p->cols - 1 };
		axe_write_str(w, ",\"ranges\":[");
		for (size_t i = 2 - o->nby; i < 2; i++) {
			int64_t range[2] = { lo[i], hi[i] };
			if (i > 2 - o->nby)
				axe_write_char(w, ',');
			axe_write_int_list(w, range, 2, AXE_FORMAT_JSON);
		}
		axe_write_char(w, ']');
	}
	axe_write_str(w, ",\"cells\":[");
	for (size_t c = 0; c < cells; c++) {
		if (c)
			axe_write_char(w, ',');
		axe_write_str(w, p->text + p->start[c]);
	}
	axe_write_str(w, "]}\n");
}

int axe_show(axe_writer *w, const axe_evaluator *ev, const axe_show_opts *o, axe_error *err)
{
	picture p;
	int64_t cells = ev->size, lo[AXE_MAX_RANK], n[AXE_MAX_RANK];
	char *layout = NULL;
	int r = 0;

	if (o->format == AXE_FORMAT_SVG || o->format == AXE_FORMAT_HTML ||
	    o->format == AXE_FORMAT_TEX)
		return axe_show_picture(w, ev, o, err);
	memset(&p, 0, sizeof(p));
	for (size_t d = 0; d < ev->shape.rank; d++) {
		lo[d] = o->nregion ? o->begin[d] : 0;
		n[d] = o->nregion ? o->end[d] - o->begin[d] : ev->shape.dim[d];
	}
	if (o->nby)
		r = reverse_grid(&p, ev, o, &cells, err);
	else
		forward_grid(&p, ev->shape.rank, lo, n, &cells);
	if (r == 0)
		r = picture_alloc(&p, cells, err);
	if (r == 0 && o->nby)
		r = fill_reverse(&p, ev, o, err);
	else if (r == 0)
		r = o->nregion ? fill_window(&p, ev, o, lo, n, cells, err)
			       : fill_forward(&p, ev, o, err);
	if (r == 0 && (p.nomem || !(layout = axe_evaluator_text(ev))))
		r = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (r == 0 && o->format == AXE_FORMAT_JSON)
		draw_json(w, ev, o, &p, layout);
	else if (r == 0)
		draw_text(w, ev, o, &p, layout, lo, n);
	free(layout);
	picture_release(&p);
	return r;
}
