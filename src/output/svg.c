/*
 * svg.c: a scene (scene.h) as SVG: a title, notes and a legend, then the
 * panels of the drawn groups, each a grid of rectangles with their labels.
 * Everything is placed by axe_scene_place; this file only writes.  The
 * output depends on nothing but the scene, so equal scenes give
 * byte-identical files.
 */
#include <string.h>

#include "scene.h"

/* The one style sheet, shared with html.c. */
const char axe_scene_css[] =
	".axe{background:#fff}"
	".axe text{font:10px monospace;fill:#222}"
	".axe .t{font:bold 15px sans-serif}"
	".axe .s,.axe .n{font:12px sans-serif;fill:#444}"
	".axe .pt{font:bold 12px sans-serif}"
	".axe .cl,.axe .rl{fill:#888;font-size:9px}"
	".axe .cl{text-anchor:middle}.axe .rl{text-anchor:end}"
	".cells rect{stroke:#fff;stroke-width:1}.small .cells rect{stroke:none}"
	".cells text{text-anchor:middle;pointer-events:none}"
	".axe .cells .b{font-size:8px;text-anchor:end;fill:#555}"
	".cells rect.e{fill:#f4f4f4}"
	".cells rect.red{fill:#e53935}"
	".cells rect.bold{stroke:#6d0000;stroke-width:2}"
	".cells rect.hl{stroke:#111;stroke-width:2.5}"
	".cells rect.sel{stroke:#0d47a1;stroke-width:3.5}"
	".axe .rule{stroke:#222;stroke-width:1.5;fill:none;pointer-events:none}"
	".cells .ring{fill:none;stroke:#111;stroke-width:2.5;pointer-events:none}"
	".cells .ring.s{stroke:#0d47a1;stroke-width:3.5}";

enum {
	MARGIN = AXE_SCENE_MARGIN,
	TITLE_H = AXE_SCENE_TITLE_H,
	HEAD_H = AXE_SCENE_HEAD_H,
	GAP = AXE_SCENE_GAP,
	LINE_H = AXE_SCENE_LINE_H,
	LEGEND_W = AXE_SCENE_LEGEND_W,
};

static void write_attr_i(axe_writer *w, const char *name, int64_t v)
{
	axe_write_char(w, ' ');
	axe_write_str(w, name);
	axe_write_str(w, "=\"");
	axe_write_i64(w, v);
	axe_write_char(w, '"');
}

static void write_fill(axe_writer *w, uint32_t rgb)
{
	static const char hex[] = "0123456789abcdef";
	char buf[17] = " fill=\"#000000\"";

	for (int i = 0; i < 6; i++)
		buf[8 + i] = hex[(rgb >> (20 - 4 * i)) & 15];
	axe_write_str(w, buf);
}

static void write_text(axe_writer *w, const char *cls, int x, int y, const char *text)
{
	axe_write_str(w, "<text");
	if (cls) {
		axe_write_str(w, " class=\"");
		axe_write_str(w, cls);
		axe_write_char(w, '"');
	}
	write_attr_i(w, "x", x);
	write_attr_i(w, "y", y);
	axe_write_char(w, '>');
	axe_write_str(w, text);
	axe_write_str(w, "</text>");
}

/* The lines the legend takes, wrapped at LEGEND_W. */
static int legend_lines(const axe_scene *s)
{
	int lines = s->nlegend ? 1 : 0, x = 0;

	for (size_t i = 0; i < s->nlegend; i++) {
		if (x > 0 && x + axe_scene_legend_item_w(s, i) > LEGEND_W) {
			lines++;
			x = 0;
		}
		x += axe_scene_legend_item_w(s, i);
	}
	return lines;
}

/* Height of the header: title, subtitle, notes, legend. */
static int header_height(const axe_scene *s)
{
	return MARGIN + TITLE_H + LINE_H * (1 + (int)s->nnotes) +
	       (s->nlegend ? (LINE_H + 2) * legend_lines(s) + 4 : 0) + 10;
}

static void write_header(axe_writer *w, const axe_scene *s)
{
	int y = MARGIN + 14, x = MARGIN;

	write_text(w, "t", MARGIN, y, axe_scene_str(s, s->title));
	y += LINE_H + 4;
	write_text(w, "s", MARGIN, y, axe_scene_str(s, s->subtitle));
	for (size_t i = 0; i < s->nnotes; i++) {
		y += LINE_H;
		write_text(w, "n", MARGIN, y, axe_scene_str(s, s->note[i]));
	}
	if (s->nlegend)
		y += LINE_H + 4;
	for (size_t i = 0; i < s->nlegend; i++) {
		const char *text = axe_scene_str(s, s->legend_text[i]);
		if (x > MARGIN && x - MARGIN + axe_scene_legend_item_w(s, i) > LEGEND_W) {
			x = MARGIN;
			y += LINE_H + 2;
		}
		axe_write_str(w, "<rect");
		write_attr_i(w, "x", x);
		write_attr_i(w, "y", y - 10);
		axe_write_str(w, " width=\"12\" height=\"12\"");
		write_fill(w, s->legend_fill[i]);
		axe_write_str(w, "/>");
		write_text(w, "s", x + 16, y, text);
		x += axe_scene_legend_item_w(s, i);
	}
	axe_write_char(w, '\n');
}

/* Column and row labels; without text in cells, every 8th (every 16th past 64). */
static void write_labels(axe_writer *w, const axe_scene *s, const axe_scene_panel *p, int lw)
{
	size_t every_c = s->text ? 1 : p->cols > 64 ? 16 : 8;
	size_t every_r = s->text ? 1 : p->rows > 64 ? 16 : 8;

	for (size_t c = 0; c < p->cols; c += every_c) {
		axe_write_str(w, "<text class=\"cl\"");
		write_attr_i(w, "x", lw + (int)c * p->cell_w + p->cell_w / 2);
		write_attr_i(w, "y", TITLE_H + HEAD_H - 4);
		axe_write_char(w, '>');
		axe_write_i64(w, p->col0 + (int64_t)c * p->col_step);
		axe_write_str(w, "</text>");
	}
	const char *named = p->row_labels ? axe_scene_str(s, p->row_labels) : NULL;

	for (size_t r = 0; r < p->rows; r += every_r) {
		axe_write_str(w, "<text class=\"rl\"");
		write_attr_i(w, "x", lw - 5);
		write_attr_i(w, "y", TITLE_H + HEAD_H + (int)r * p->cell_h + p->cell_h / 2 + 3);
		axe_write_char(w, '>');
		if (named) {
			size_t n = strcspn(named, "|");
			axe_write_bytes(w, named, n);
			named += n + (named[n] == '|');
		} else {
			axe_write_i64(w, p->row0 + (int64_t)r * p->row_step);
		}
		axe_write_str(w, "</text>");
	}
	axe_write_char(w, '\n');
}

static void write_cell(axe_writer *w, const axe_scene *s, const axe_scene_panel *p,
		       const axe_scene_cell *c)
{
	int x = c->col * p->cell_w, y = c->row * p->cell_h;
	const char *label = axe_scene_str(s, c->label);

	axe_write_str(w, "<rect class=\"");
	axe_write_str(w, axe_scene_str(s, p->kind));
	if (c->flags & AXE_CELL_RED)
		axe_write_str(w, " red");
	if (c->flags & AXE_CELL_SELECTED)
		axe_write_str(w, " sel");
	if (c->flags & AXE_CELL_EMPTY)
		axe_write_str(w, " e");
	if (c->flags & AXE_CELL_BOLD)
		axe_write_str(w, " bold");
	axe_write_char(w, '"');
	write_attr_i(w, "x", x);
	write_attr_i(w, "y", y);
	write_attr_i(w, "width", p->cell_w);
	write_attr_i(w, "height", p->cell_h);
	write_fill(w, c->fill);
	axe_write_str(w, axe_scene_str(s, c->attrs));
	axe_write_str(w, "/>");
	if (s->text && *label) {
		axe_write_str(w, "<text");
		if (c->flags & AXE_CELL_RED)
			axe_write_str(w, " style=\"fill:#fff\"");
		write_attr_i(w, "x", x + (p->cell_w - (c->badge > 1 ? 12 : 0)) / 2);
		write_attr_i(w, "y", y + p->cell_h / 2 + 4);
		axe_write_char(w, '>');
		axe_write_str(w, label);
		axe_write_str(w, "</text>");
	}
	if (s->text && c->badge > 1) {
		axe_write_str(w, "<text class=\"b\"");
		write_attr_i(w, "x", x + p->cell_w - 2);
		write_attr_i(w, "y", y + p->cell_h / 2 + 3);
		axe_write_str(w, ">x");
		axe_write_i64(w, c->badge);
		axe_write_str(w, "</text>");
	}
	axe_write_char(w, '\n');
}

/* A ring over each preselected cell, drawn after every cell so that none covers it. */
static void write_rings(axe_writer *w, const axe_scene *s, const axe_scene_panel *p)
{
	for (size_t i = p->first; i < p->first + p->ncells; i++) {
		const axe_scene_cell *c = &s->cell[i];
		if (!(c->flags & AXE_CELL_SELECTED))
			continue;
		axe_write_str(w, "<rect class=\"ring s\"");
		write_attr_i(w, "x", c->col * p->cell_w);
		write_attr_i(w, "y", c->row * p->cell_h);
		write_attr_i(w, "width", p->cell_w);
		write_attr_i(w, "height", p->cell_h);
		axe_write_str(w, "/>\n");
	}
}

/* Heavier rules every row_rule rows and col_rule columns (swizzle atoms, bands). */
static void write_rules(axe_writer *w, const axe_scene_panel *p)
{
	int wd = (int)p->cols * p->cell_w, ht = (int)p->rows * p->cell_h;

	if (!p->row_rule && !p->col_rule)
		return;
	axe_write_str(w, "<path class=\"rule\" d=\"");
	for (size_t r = 0; p->row_rule && r <= p->rows; r += p->row_rule) {
		axe_write_str(w, "M0 ");
		axe_write_i64(w, (int64_t)r * p->cell_h);
		axe_write_str(w, "H");
		axe_write_i64(w, wd);
	}
	for (size_t c = 0; p->col_rule && c <= p->cols; c += p->col_rule) {
		axe_write_str(w, "M");
		axe_write_i64(w, (int64_t)c * p->cell_w);
		axe_write_str(w, " 0V");
		axe_write_i64(w, ht);
	}
	axe_write_str(w, "\"/>\n");
}

/* "compact": a page's panel without text (svg_compact.c). */
static void write_panel(axe_writer *w, const axe_scene *s, const axe_scene_panel *p, int gy,
			bool compact)
{
	int lw = p->lw;

	axe_write_str(w, "<g class=\"panel\"");
	axe_write_str(w, " transform=\"translate(");
	axe_write_i64(w, MARGIN + p->x);
	axe_write_char(w, ',');
	axe_write_i64(w, gy + p->y);
	axe_write_str(w, ")\"");
	axe_write_str(w, axe_scene_str(s, p->attrs));
	axe_write_str(w, ">\n");
	write_text(w, "pt", 0, 14, axe_scene_str(s, p->title));
	write_labels(w, s, p, lw);
	axe_write_str(w, "<g class=\"cells\" transform=\"translate(");
	axe_write_i64(w, lw);
	axe_write_char(w, ',');
	axe_write_i64(w, TITLE_H + HEAD_H);
	axe_write_char(w, ')');
	axe_write_char(w, '"');
	if (compact) {
		write_attr_i(w, "data-cw", p->cell_w);
		write_attr_i(w, "data-ch", p->cell_h);
	}
	axe_write_str(w, ">\n");
	if (!compact || axe_scene_write_compact_cells(w, s, p) < 0)
		for (size_t i = p->first; i < p->first + p->ncells; i++)
			write_cell(w, s, p, &s->cell[i]);
	write_rules(w, p);
	write_rings(w, s, p);
	axe_write_str(w, "</g></g>\n");
}

static int group_height(const axe_scene *s, int g)
{
	return s->group_h[g < 64 ? g : 63];
}

void axe_scene_svg_element(axe_writer *w, const axe_scene *s, const int *groups,
			   bool standalone, int tag, bool hidden)
{
	int height = standalone ? header_height(s) : MARGIN, y;

	for (const int *g = groups; *g >= 0; g++)
		height += group_height(s, *g) + GAP;
	axe_write_str(w, s->text ? "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"axe\""
				 : "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"axe small\"");
	write_attr_i(w, "width", s->width + 2 * MARGIN);
	write_attr_i(w, "height", height);
	axe_write_str(w, axe_scene_str(s, s->root_attrs));
	if (tag >= 0)
		write_attr_i(w, "data-group", tag);
	if (hidden)
		axe_write_str(w, " hidden=\"hidden\"");
	axe_write_str(w, ">\n");
	if (standalone) {
		axe_write_str(w, "<style>");
		axe_write_str(w, axe_scene_css);
		axe_write_str(w, "</style>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
		write_header(w, s);
	}
	y = standalone ? header_height(s) : MARGIN;
	for (const int *g = groups; *g >= 0; g++) {
		for (size_t i = 0; i < s->npanels; i++)
			if (s->panel[i].group == *g)
				write_panel(w, s, &s->panel[i], y, !standalone && !s->text);
		y += group_height(s, *g) + GAP;
	}
	axe_write_str(w, "</svg>\n");
}

void axe_scene_write_svg(axe_writer *w, const axe_scene *s, int group)
{
	int groups[3] = { 0, group > 0 ? group : -1, -1 };

	axe_write_str(w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	axe_scene_svg_element(w, s, groups, true, -1, false);
}
