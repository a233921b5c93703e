/*
 * scene.c: building a scene (see scene.h): the text arena, panels and cells,
 * colours, and where each panel goes.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval_out.h"
#include "scene.h"

void axe_scene_init(axe_scene *s)
{
	memset(s, 0, sizeof(*s));
	s->text = true;
	s->ngroups = 1;
	axe_scene_text(s, ""); /* offset 0 is the empty string */
}

void axe_scene_release(axe_scene *s)
{
	free(s->arena);
	free(s->cell);
	free(s->panel);
	free(s->table.text);
	free(s->table.group);
	memset(s, 0, sizeof(*s));
}

static void put_bytes(axe_scene *s, const char *p, size_t n)
{
	if (s->nomem)
		return;
	if (s->len + n + 1 > s->cap) {
		size_t cap = s->cap ? s->cap : 1 << 16;
		char *arena;
		while (s->len + n + 1 > cap)
			cap *= 2;
		arena = realloc(s->arena, cap);
		if (!arena) {
			s->nomem = true;
			return;
		}
		s->arena = arena;
		s->cap = cap;
	}
	memcpy(s->arena + s->len, p, n);
	s->len += n;
}

size_t axe_scene_begin(axe_scene *s)
{
	return s->len;
}

/* XML-escaped: the text may be a user's layout or file name. */
void axe_scene_put(axe_scene *s, const char *text)
{
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "&<>\"");
		put_bytes(s, p, n);
		p += n;
		if (*p == '\0')
			break;
		switch (*p++) {
		case '&': put_bytes(s, "&amp;", 5); break;
		case '<': put_bytes(s, "&lt;", 4); break;
		case '>': put_bytes(s, "&gt;", 4); break;
		default: put_bytes(s, "&quot;", 6); break;
		}
	}
}

void axe_scene_put_raw(axe_scene *s, const char *text)
{
	put_bytes(s, text, strlen(text));
}

void axe_scene_put_i64(axe_scene *s, int64_t v)
{
	char buf[24];

	put_bytes(s, buf, axe_format_i64(buf, v));
}

void axe_scene_put_list(axe_scene *s, const int64_t *v, size_t n, char sep)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			put_bytes(s, &sep, 1);
		axe_scene_put_i64(s, v[i]);
	}
}

size_t axe_scene_end(axe_scene *s, size_t start)
{
	put_bytes(s, "", 1);
	return s->nomem ? 0 : start;
}

size_t axe_scene_text(axe_scene *s, const char *text)
{
	size_t at = axe_scene_begin(s);

	axe_scene_put(s, text);
	return axe_scene_end(s, at);
}

/* Room for one more element of "size" bytes in "*array"; false without memory. */
static bool grow(void **array, size_t n, size_t *cap, size_t size, bool *nomem)
{
	void *p;

	if (n < *cap)
		return true;
	p = realloc(*array, (*cap ? *cap * 2 : 64) * size);
	if (!p) {
		*nomem = true;
		return false;
	}
	*array = p;
	*cap = *cap ? *cap * 2 : 64;
	return true;
}

axe_scene_panel *axe_scene_add_panel(axe_scene *s, int group, const char *title,
				     const char *kind, size_t rows, size_t cols)
{
	axe_scene_panel *p;

	if (!grow((void **)&s->panel, s->npanels, &s->panel_cap, sizeof(*p), &s->nomem))
		return NULL;
	p = &s->panel[s->npanels++];
	memset(p, 0, sizeof(*p));
	p->group = group;
	p->title = axe_scene_text(s, title);
	p->kind = axe_scene_text(s, kind);
	p->rows = rows;
	p->cols = cols;
	p->row_step = 1;
	p->col_step = 1;
	p->first = s->ncells;
	if (group >= s->ngroups)
		s->ngroups = group + 1;
	return p;
}

axe_scene_cell *axe_scene_add_cell(axe_scene *s, int32_t row, int32_t col, uint32_t fill)
{
	axe_scene_cell *c;

	if (!grow((void **)&s->cell, s->ncells, &s->cell_cap, sizeof(*c), &s->nomem))
		return NULL;
	c = &s->cell[s->ncells++];
	memset(c, 0, sizeof(*c));
	c->row = row;
	c->col = col;
	c->fill = fill;
	s->panel[s->npanels - 1].ncells++;
	return c;
}

void axe_scene_add_note(axe_scene *s, const char *text)
{
	if (s->nnotes < sizeof(s->note) / sizeof(s->note[0]))
		s->note[s->nnotes++] = axe_scene_text(s, text);
}

void axe_scene_add_legend(axe_scene *s, uint32_t fill, const char *text)
{
	if (s->nlegend < sizeof(s->legend_fill) / sizeof(s->legend_fill[0])) {
		s->legend_fill[s->nlegend] = fill;
		s->legend_text[s->nlegend++] = axe_scene_text(s, text);
	}
}

int axe_scene_table_init(axe_scene *s, size_t ncols, size_t nrows)
{
	s->table.ncols = ncols;
	s->table.nrows = nrows;
	s->table.text = calloc((nrows + 1) * ncols, sizeof(size_t));
	s->table.group = calloc(nrows ? nrows : 1, sizeof(int));
	if (!s->table.text || !s->table.group)
		s->nomem = true;
	return s->nomem ? -1 : 0;
}

/* ------------------------------------------------------------- colour -- */

uint32_t axe_hsl(double h, double sat, double light)
{
	double c = (1 - fabs(2 * light - 1)) * sat, x = c * (1 - fabs(fmod(h / 60, 2) - 1));
	double m = light - c / 2, rgb[3] = { 0, 0, 0 };
	int sector = (int)(h / 60) % 6;
	uint32_t out = 0;

	rgb[(7 - sector) % 3] = x;            /* sectors 0..5: the rising or falling channel */
	rgb[((sector + 1) / 2) % 3] = c;      /* the channel at its peak */
	for (int i = 0; i < 3; i++)
		out = out << 8 | (uint32_t)lround((rgb[i] + m) * 255);
	return out;
}

/* Eight hues far apart on the colour circle: blue, orange, green, red, purple, teal, pink, olive. */
static const double row_hue[8] = { 215, 30, 125, 0, 275, 180, 320, 60 };

uint32_t axe_owner_colour(int64_t row, int64_t nrows, int64_t col, int64_t ncols)
{
	int64_t n = ncols > 0 ? ncols : 1;
	int64_t k = ((col % n) + n) % n;

	if (nrows > 1) {
		/*
		 * Hue: the row (a warp), each of the first eight its own; later rows
		 * turn the eight by the golden angle.  Lightness: the column (a lane),
		 * light to dark, so that a warp is one colour and its lanes a ramp.
		 */
		int64_t r = row < 0 ? -row : row;
		double hue = fmod(row_hue[r % 8] + (double)(r / 8) * 137.508, 360.0);
		double light = n > 1 ? 0.88 - 0.40 * (double)k / (double)(n - 1) : 0.75;

		return axe_hsl(hue, 0.65, light);
	}
	/* One row: neighbouring columns a golden angle apart, never alike. */
	return axe_hsl(fmod((double)k * 137.508, 360.0), 0.62, k % 2 ? 0.72 : 0.82);
}

/* ------------------------------------------------------------ writing -- */

void axe_scene_write(axe_writer *w, const axe_scene *s, int format, int group)
{
	if (format == AXE_FORMAT_HTML)
		axe_scene_write_html(w, s);
	else if (format == AXE_FORMAT_TEX)
		axe_scene_write_tex(w, s, group);
	else
		axe_scene_write_svg(w, s, group);
}

/* ------------------------------------------------------------ placing -- */

enum {
	CHAR_W = 6, /* monospace 10px, rounded up */
	TITLE_H = AXE_SCENE_TITLE_H,
	HEAD_H = AXE_SCENE_HEAD_H,
	GAP = AXE_SCENE_GAP,
};

int axe_scene_legend_item_w(const axe_scene *s, size_t i)
{
	return 16 + (int)strlen(axe_scene_str(s, s->legend_text[i])) * 7 + 14;
}

static size_t digits(int64_t v)
{
	char buf[24];

	return axe_format_i64(buf, v);
}

/* The number of panels in the row of "p": it and its neighbours placed beside. */
static size_t row_chain(const axe_scene *s, const axe_scene_panel *p)
{
	size_t i = (size_t)(p - s->panel), first = i, last = i;

	while (first > 0 && s->panel[first].beside && s->panel[first - 1].group == p->group)
		first--;
	while (last + 1 < s->npanels && s->panel[last + 1].beside &&
	       s->panel[last + 1].group == p->group)
		last++;
	return last - first + 1;
}

/* Cell size of "p": wide enough for its longest label, or small squares without text. */
static void size_cells(const axe_scene *s, axe_scene_panel *p)
{
	size_t longest = 1;

	if (!s->text) {
		size_t share = s->fit_row ? row_chain(s, p) : 1;
		size_t side = p->cols ? 1400 / (p->cols * share) : 8;
		size_t least = s->fit_row ? 2 : 3;
		p->cell_w = p->cell_h = (int)(side < least ? least : side > 10 ? 10 : side);
		return;
	}
	for (size_t i = p->first; i < p->first + p->ncells; i++) {
		size_t n = strlen(axe_scene_str(s, s->cell[i].label));
		longest = n > longest ? n : longest;
	}
	if (digits(p->col0 + (int64_t)(p->cols - 1) * p->col_step) > longest)
		longest = digits(p->col0 + (int64_t)(p->cols - 1) * p->col_step);
	p->cell_w = (int)(longest * CHAR_W + 10);
	for (size_t i = p->first; i < p->first + p->ncells; i++)
		if (s->cell[i].badge > 1) {
			p->cell_w += 12; /* room for the "xN" badge right of the label */
			break;
		}
	if (p->cell_w < 22)
		p->cell_w = 22;
	p->cell_h = 20;
}

/* Width of the row labels of "p". */
static int label_width(const axe_scene *s, const axe_scene_panel *p)
{
	int64_t last = p->row0 + (int64_t)(p->rows ? p->rows - 1 : 0) * p->row_step;
	size_t n = digits(last) > digits(p->row0) ? digits(last) : digits(p->row0);

	for (const char *q = p->row_labels ? axe_scene_str(s, p->row_labels) : ""; *q;) {
		size_t len = strcspn(q, "|");
		n = len > n ? len : n;
		q += len + (q[len] == '|');
	}
	return (int)(n * CHAR_W + 10);
}

void axe_scene_place(axe_scene *s)
{
	int width = 600;

	for (int g = 0; g < s->ngroups && g < 64; g++)
		s->group_h[g] = 0;
	for (size_t i = 0; i < s->npanels; i++) {
		axe_scene_panel *p = &s->panel[i], *prev = NULL;
		int gi = p->group < 64 ? p->group : 63;
		size_t title = strlen(axe_scene_str(s, p->title)) * CHAR_W;

		for (size_t j = i; j-- > 0;)
			if (s->panel[j].group == p->group) {
				prev = &s->panel[j];
				break;
			}
		size_cells(s, p);
		p->lw = label_width(s, p);
		p->w = p->lw + (int)p->cols * p->cell_w;
		if ((size_t)p->w < title)
			p->w = (int)title;
		p->h = TITLE_H + HEAD_H + (int)p->rows * p->cell_h;
		if (prev && p->beside && prev->x + prev->w + GAP + p->w <= 1800) {
			p->x = prev->x + prev->w + GAP;
			p->y = prev->y;
		} else {
			p->x = 0;
			p->y = s->group_h[gi] ? s->group_h[gi] + GAP : 0;
		}
		if (p->y + p->h > s->group_h[gi])
			s->group_h[gi] = p->y + p->h;
		if (p->x + p->w > width)
			width = p->x + p->w;
	}
	s->width = width;
}

int axe_scene_status(const axe_scene *s, axe_error *err)
{
	if (s->nomem)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	return 0;
}
