/*
 * tex.c: a scene (scene.h) as a standalone LaTeX document of one TikZ
 * picture, for papers and slides, as CuTe's print_latex writes its layouts
 * (a node per cell, coloured, labelled): the same placement as svg.c
 * (axe_scene_place), one pixel a TikZ unit of 0.75pt, y downwards.  Cells
 * without text (large pictures) are filled rectangles.  The arena holds
 * text escaped for XML; it is unescaped and escaped again for TeX here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"

enum {
	MARGIN = AXE_SCENE_MARGIN,
	TITLE_H = AXE_SCENE_TITLE_H,
	HEAD_H = AXE_SCENE_HEAD_H,
	GAP = AXE_SCENE_GAP,
	LINE_H = AXE_SCENE_LINE_H,
	LEGEND_W = AXE_SCENE_LEGEND_W,
};

/* "text" (escaped for XML) escaped for TeX. */
static void write_tex(axe_writer *w, const char *text)
{
	static const struct { const char *xml; char c; } entity[] = {
		{ "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' }, { "&quot;", '"' },
	};

	for (const char *p = text; *p; p++) {
		char c = *p;
		for (size_t k = 0; c == '&' && k < sizeof(entity) / sizeof(entity[0]); k++)
			if (strncmp(p, entity[k].xml, strlen(entity[k].xml)) == 0) {
				c = entity[k].c;
				p += strlen(entity[k].xml) - 1;
				break;
			}
		switch (c) {
		case '\\': axe_write_str(w, "\\textbackslash{}"); break;
		case '~': axe_write_str(w, "\\textasciitilde{}"); break;
		case '^': axe_write_str(w, "\\textasciicircum{}"); break;
		case '<': axe_write_str(w, "\\textless{}"); break;
		case '>': axe_write_str(w, "\\textgreater{}"); break;
		case '|': axe_write_str(w, "\\textbar{}"); break;
		case '"': axe_write_str(w, "\\textquotedbl{}"); break;
		case '{': case '}': case '#': case '$': case '%': case '&': case '_':
			axe_write_char(w, '\\');
			axe_write_char(w, c);
			break;
		default: axe_write_char(w, c);
		}
	}
}

/* The name of fill "rgb" among the "n" colours defined: "a3". */
static void write_colour(axe_writer *w, const uint32_t *defined, size_t n, uint32_t rgb)
{
	size_t k = 0;

	while (k < n && defined[k] != rgb)
		k++;
	axe_write_str(w, "c");
	axe_write_i64(w, (int64_t)k);
}

static void define_colour(axe_writer *w, uint32_t *defined, size_t *n, size_t cap, uint32_t rgb)
{
	char buf[64];

	for (size_t k = 0; k < *n; k++)
		if (defined[k] == rgb)
			return;
	if (*n == cap)
		return; /* past the cap: drawn with the last colour defined */
	defined[(*n)++] = rgb;
	snprintf(buf, sizeof(buf), "\\definecolor{c%zu}{HTML}{%06X}\n", *n - 1, (unsigned)rgb);
	axe_write_str(w, buf);
}

/* A node of "text" (escaped for XML) at ("x", "y") with "style". */
static void write_node(axe_writer *w, int x, int y, const char *style, const char *text)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "\\node[%s] at (%d,%d) {", style, x, y);
	axe_write_str(w, buf);
	write_tex(w, text);
	axe_write_str(w, "};\n");
}

static void write_rect(axe_writer *w, const char *style, int x, int y, int wd, int ht)
{
	char buf[96];

	snprintf(buf, sizeof(buf), "\\path[%s] (%d,%d) rectangle (%d,%d);\n", style, x, y, x + wd,
		 y + ht);
	axe_write_str(w, buf);
}

/* A 12 x 12 swatch of fill "rgb" at ("x", "y"). */
static void write_swatch(axe_writer *w, const uint32_t *defined, size_t n, uint32_t rgb, int x,
			 int y)
{
	char buf[64];

	axe_write_str(w, "\\path[fill=");
	write_colour(w, defined, n, rgb);
	snprintf(buf, sizeof(buf), "] (%d,%d) rectangle (%d,%d);\n", x, y, x + 12, y + 12);
	axe_write_str(w, buf);
}

/*
 * Title, subtitle, notes and the legend from the top (written when "w" is
 * not NULL); the height they take.
 */
static int write_header(axe_writer *w, const axe_scene *s, const uint32_t *defined, size_t n)
{
	int y = MARGIN + 14, x = MARGIN;

	if (w)
		write_node(w, MARGIN, y, "title", axe_scene_str(s, s->title));
	y += LINE_H + 4;
	if (w)
		write_node(w, MARGIN, y, "note", axe_scene_str(s, s->subtitle));
	for (size_t i = 0; i < s->nnotes; i++) {
		y += LINE_H;
		if (w)
			write_node(w, MARGIN, y, "note", axe_scene_str(s, s->note[i]));
	}
	if (s->nlegend)
		y += LINE_H + 4;
	for (size_t i = 0; i < s->nlegend; i++) {
		const char *text = axe_scene_str(s, s->legend_text[i]);
		int item = axe_scene_legend_item_w(s, i);
		if (x > MARGIN && x - MARGIN + item > LEGEND_W) {
			x = MARGIN;
			y += LINE_H + 2;
		}
		if (!w) {
			x += item;
			continue;
		}
		write_swatch(w, defined, n, s->legend_fill[i], x, y - 10);
		write_node(w, x + 16, y, "note", text);
		x += item;
	}
	return y + 14;
}

static void write_cell(axe_writer *w, const axe_scene *s, const axe_scene_panel *p, int ox,
		       int oy, const axe_scene_cell *c, const uint32_t *defined, size_t n)
{
	int x = ox + c->col * p->cell_w, y = oy + c->row * p->cell_h;
	const char *label = axe_scene_str(s, c->label);
	char buf[64];

	axe_write_str(w, "\\path[fill=");
	if (c->flags & AXE_CELL_RED)
		axe_write_str(w, "axered");
	else if (c->flags & AXE_CELL_EMPTY)
		axe_write_str(w, "axeempty");
	else
		write_colour(w, defined, n, c->fill);
	axe_write_str(w, s->text ? ",draw=white" : "");
	axe_write_str(w, c->flags & AXE_CELL_BOLD ? ",draw=axebold,line width=1.5" : "");
	axe_write_str(w, c->flags & AXE_CELL_SELECTED ? ",draw=axesel,line width=2.5" : "");
	snprintf(buf, sizeof(buf), "] (%d,%d) rectangle (%d,%d);\n", x, y, x + p->cell_w,
		 y + p->cell_h);
	axe_write_str(w, buf);
	if (s->text && *label)
		write_node(w, x + (p->cell_w - (c->badge > 1 ? 12 : 0)) / 2, y + p->cell_h / 2,
			   c->flags & AXE_CELL_RED ? "cell,text=white" : "cell", label);
	if (s->text && c->badge > 1) {
		snprintf(buf, sizeof(buf), "x%u", (unsigned)c->badge);
		write_node(w, x + p->cell_w - 2, y + p->cell_h / 2, "badge", buf);
	}
}

typedef struct run {
	uint32_t fill;
	int32_t row, col, len, rows; /* "len" cells from "col" on "rows" rows from "row" */
} run;

static int by_fill_row_col(const void *a, const void *b)
{
	const run *x = a, *y = b;

	if (x->fill != y->fill)
		return x->fill < y->fill ? -1 : 1;
	if (x->row != y->row)
		return x->row < y->row ? -1 : 1;
	return (x->col > y->col) - (x->col < y->col);
}

/* Row, then column; equal ones keep their order (the first cell of a block first). */
static int by_row_col_first(const void *a, const void *b)
{
	const run *x = a, *y = b;

	if (x->row != y->row)
		return x->row < y->row ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return x < y ? -1 : x > y;
}

static int by_fill_col_len_row(const void *a, const void *b)
{
	const run *x = a, *y = b;

	if (x->fill != y->fill)
		return x->fill < y->fill ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return (x->row > y->row) - (x->row < y->row);
}

/*
 * The cells of "p" as rectangles of one fill each, into "r" (room for
 * every cell), in units of "block" x "block" cells: a block takes the fill
 * of its first cell, red when any of its cells is red (a difference, a
 * conflict).  Runs along a row first, then equal runs on consecutive rows
 * stacked.  Returns how many.
 */
static size_t cover(const axe_scene *s, const axe_scene_panel *p, int32_t block, run *r)
{
	size_t nr = 0, out = 0;

	for (size_t i = p->first; i < p->first + p->ncells; i++) {
		const axe_scene_cell *c = &s->cell[i];
		uint32_t fill = c->flags & AXE_CELL_RED ? 0xe53935 :
				c->flags & AXE_CELL_EMPTY ? 0xf4f4f4 : c->fill;
		r[nr++] = (run){ fill, c->row / block, c->col / block, 1, 1 };
	}
	qsort(r, nr, sizeof(run), by_row_col_first);
	for (size_t i = 0; i < nr; i++) {
		/* One entry per block: the first cell's fill, or red. */
		if (out && r[out - 1].row == r[i].row && r[out - 1].col == r[i].col) {
			if (r[i].fill == 0xe53935)
				r[out - 1].fill = 0xe53935;
			continue;
		}
		r[out++] = r[i];
	}
	nr = out;
	out = 0;
	qsort(r, nr, sizeof(run), by_fill_row_col);
	for (size_t i = 0; i < nr; i++) {
		if (out && r[out - 1].fill == r[i].fill && r[out - 1].row == r[i].row &&
		    r[out - 1].col + r[out - 1].len == r[i].col)
			r[out - 1].len++;
		else
			r[out++] = r[i];
	}
	nr = out;
	out = 0;
	qsort(r, nr, sizeof(run), by_fill_col_len_row);
	for (size_t i = 0; i < nr; i++) {
		if (out && r[out - 1].fill == r[i].fill && r[out - 1].col == r[i].col &&
		    r[out - 1].len == r[i].len && r[out - 1].row + r[out - 1].rows == r[i].row)
			r[out - 1].rows++;
		else
			r[out++] = r[i];
	}
	return out;
}

/*
 * The cells of a panel without text: one \fill per colour over rectangles
 * of cells (cover), in paths of at most 400.  A TeX picture is one box in
 * TeX's main memory, which holds some 20000 rectangles: a panel that needs
 * more than "budget" is drawn in blocks of 2 x 2 cells, 4 x 4, ..., and
 * says so.  0, or -1 without memory.
 */
static int write_fills(axe_writer *w, const axe_scene *s, const axe_scene_panel *p, int ox,
		       int oy, size_t budget, const uint32_t *defined, size_t n)
{
	run *r = malloc((p->ncells ? p->ncells : 1) * sizeof(run));
	int32_t block = 1;
	size_t nr;
	char buf[96];

	if (!r)
		return -1;
	while ((nr = cover(s, p, block, r)) > budget && block < 64)
		block *= 2;
	if (block > 1) {
		snprintf(buf, sizeof(buf), "(in blocks of %d x %d cells: the first cell's colour, "
			 "red when one is)", block, block);
		write_node(w, ox, oy - 18, "axislabel,anchor=base west", buf);
	}
	for (size_t i = 0, in_path = 0; i < nr; i++) {
		if (in_path == 0 || r[i].fill != r[i - 1].fill || in_path == 400) {
			if (in_path)
				axe_write_str(w, ";\n");
			axe_write_str(w, "\\fill[");
			if (r[i].fill == 0xe53935)
				axe_write_str(w, "axered");
			else if (r[i].fill == 0xf4f4f4)
				axe_write_str(w, "axeempty");
			else
				write_colour(w, defined, n, r[i].fill);
			axe_write_str(w, "]");
			in_path = 0;
		}
		snprintf(buf, sizeof(buf), " (%d,%d) rectangle +(%d,%d)",
			 ox + r[i].col * block * p->cell_w, oy + r[i].row * block * p->cell_h,
			 r[i].len * block * p->cell_w, r[i].rows * block * p->cell_h);
		axe_write_str(w, buf);
		in_path++;
	}
	if (nr)
		axe_write_str(w, ";\n");
	free(r);
	return 0;
}

static void write_panel(axe_writer *w, const axe_scene *s, const axe_scene_panel *p, int gy,
			size_t budget, const uint32_t *defined, size_t n)
{
	int x0 = MARGIN + p->x, y0 = gy + p->y, ox = x0 + p->lw, oy = y0 + TITLE_H + HEAD_H;
	size_t every_c = s->text ? 1 : p->cols > 64 ? 16 : 8;
	size_t every_r = s->text ? 1 : p->rows > 64 ? 16 : 8;
	const char *named = p->row_labels ? axe_scene_str(s, p->row_labels) : NULL;
	char buf[32];

	write_node(w, x0, y0 + 14, "panel", axe_scene_str(s, p->title));
	for (size_t c = 0; c < p->cols; c += every_c) {
		snprintf(buf, sizeof(buf), "%lld", (long long)(p->col0 + (int64_t)c * p->col_step));
		write_node(w, ox + (int)c * p->cell_w + p->cell_w / 2, oy - 6, "axislabel", buf);
	}
	for (size_t r = 0; r < p->rows; r += every_r) {
		int y = oy + (int)r * p->cell_h + p->cell_h / 2;
		if (named) {
			size_t len = strcspn(named, "|");
			snprintf(buf, sizeof(buf), "%.*s", (int)(len < 31 ? len : 31), named);
			named += len + (named[len] == '|');
		} else {
			snprintf(buf, sizeof(buf), "%lld", (long long)(p->row0 + (int64_t)r * p->row_step));
		}
		write_node(w, ox - 5, y, "rowlabel", buf);
	}
	if (s->text || write_fills(w, s, p, ox, oy, budget, defined, n) < 0)
		for (size_t i = p->first; i < p->first + p->ncells; i++)
			write_cell(w, s, p, ox, oy, &s->cell[i], defined, n);
	for (size_t i = p->first; !s->text && i < p->first + p->ncells; i++)
		if (s->cell[i].flags & AXE_CELL_SELECTED) /* a ring over the preselected cell */
			write_rect(w, "draw=axesel,line width=2.5", ox + s->cell[i].col * p->cell_w,
				   oy + s->cell[i].row * p->cell_h, p->cell_w, p->cell_h);
	for (size_t r = 0; p->row_rule && r <= p->rows; r += p->row_rule)
		write_rect(w, "draw=axerule,line width=1.1", ox, oy + (int)r * p->cell_h,
			   (int)p->cols * p->cell_w, 0);
	for (size_t c = 0; p->col_rule && c <= p->cols; c += p->col_rule)
		write_rect(w, "draw=axerule,line width=1.1", ox + (int)c * p->cell_w, oy, 0,
			   (int)p->rows * p->cell_h);
}

void axe_scene_write_tex(axe_writer *w, const axe_scene *s, int group)
{
	enum { MAX_COLOURS = 4096 };
	uint32_t defined[MAX_COLOURS]; /* the fills named c0, c1, ... */
	size_t n = 0;
	int groups[2] = { 0, group > 0 ? group : -1 }, y;

	int top = write_header(NULL, s, NULL, 0) + GAP, height = top;
	size_t drawn = 0; /* panels drawn: TeX's memory is shared among them */
	char buf[320];

	for (int k = 0; k < 2 && groups[k] >= 0; k++)
		height += s->group_h[groups[k] < 64 ? groups[k] : 63] + GAP;
	/*
	 * A page the picture's size: article and geometry are in every LaTeX
	 * (Debian's texlive-latex-base), unlike the standalone class.
	 */
	axe_write_str(w, "% ");
	write_tex(w, axe_scene_str(s, s->title));
	snprintf(buf, sizeof(buf), "\n%% drawn by axe-layout: pdflatex this file (LaTeX with TikZ)\n"
		 "\\documentclass{article}\n"
		 "\\usepackage[paperwidth=%.2fpt,paperheight=%.2fpt,margin=0pt]{geometry}\n",
		 0.75 * (s->width + 2 * MARGIN), 0.75 * height);
	axe_write_str(w, buf);
	axe_write_str(w, "\\usepackage{tikz}\n\\pagestyle{empty}\n\\begin{document}\n");
	for (size_t i = 0; i < s->nlegend; i++)
		define_colour(w, defined, &n, MAX_COLOURS, s->legend_fill[i]);
	for (size_t i = 0; i < s->ncells; i++)
		define_colour(w, defined, &n, MAX_COLOURS, s->cell[i].fill);
	axe_write_str(w, "\\definecolor{axered}{HTML}{E53935}\\definecolor{axeempty}{HTML}{F4F4F4}"
			 "\\definecolor{axesel}{HTML}{0D47A1}\\definecolor{axebold}{HTML}{6D0000}"
			 "\\definecolor{axerule}{HTML}{222222}\n"
			 "\\noindent\\begin{tikzpicture}[x=0.75pt,y=-0.75pt,"
			 "title/.style={anchor=base west,font=\\sffamily\\bfseries\\large},"
			 "note/.style={anchor=base west,font=\\sffamily\\small,text=black!75},"
			 "panel/.style={anchor=base west,font=\\sffamily\\bfseries\\small},"
			 "axislabel/.style={font=\\ttfamily\\tiny,text=black!50},"
			 "rowlabel/.style={anchor=east,font=\\ttfamily\\tiny,text=black!50},"
			 "cell/.style={font=\\ttfamily\\fontsize{6.5}{7}\\selectfont,inner sep=0pt},"
			 "badge/.style={anchor=east,font=\\ttfamily\\fontsize{5}{6}\\selectfont,"
			 "text=black!65,inner sep=0pt}]\n");
	snprintf(buf, sizeof(buf), "\\path[use as bounding box] (0,0) rectangle (%d,%d);\n",
		 s->width + 2 * MARGIN, height);
	axe_write_str(w, buf);
	write_header(w, s, defined, n);
	y = top;
	for (int k = 0; k < 2 && groups[k] >= 0; k++)
		for (size_t i = 0; i < s->npanels; i++)
			drawn += s->panel[i].group == groups[k];
	for (int k = 0; k < 2 && groups[k] >= 0; k++) {
		for (size_t i = 0; i < s->npanels; i++)
			if (s->panel[i].group == groups[k])
				write_panel(w, s, &s->panel[i], y, 16000 / (drawn ? drawn : 1),
					    defined, n);
		y += s->group_h[groups[k] < 64 ? groups[k] : 63] + GAP;
	}
	axe_write_str(w, "\\end{tikzpicture}\n\\end{document}\n");
}
