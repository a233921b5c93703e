/*
 * scene.h: the small scene the pictures of `show`, `banks` and `check-equal`
 * are drawn from (svg.c writes it as SVG, html.c as a page around that SVG).
 *
 * The engine fills a scene with panels of grid cells; every number a cell
 * shows or carries (its data- attributes) is put there by the command's
 * filler (show_scene.c, banks_scene.c, equal_scene.c).  The writers only
 * place and style: they compute no layout value, and neither does the page's
 * script, which only looks up the attributes.
 *
 * Cells keep their text in one arena (offsets, not pointers, so the arena
 * may grow).  Panels belong to groups: group 0 is always drawn, one other
 * group (an instruction of `banks`) is drawn in SVG and chosen from the
 * table in HTML.
 */
#ifndef AXE_OUTPUT_SCENE_H
#define AXE_OUTPUT_SCENE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/error.h"
#include "writer.h"

#define AXE_SCENE_FULL_CELLS 16384  /* up to this many cells: text in every cell */
#define AXE_SCENE_RECT_CELLS 65536  /* up to this many: rectangles without text */

enum axe_cell_flag {
	AXE_CELL_RED = 1,      /* a conflict or a difference */
	AXE_CELL_SELECTED = 2, /* preselected (a counterexample, the worst phase) */
	AXE_CELL_EMPTY = 4,    /* nothing there: drawn pale */
	AXE_CELL_BOLD = 8,     /* a heavier outline (the banks at max_way) */
};

typedef struct axe_scene_cell {
	int32_t row, col;
	uint32_t fill;   /* 0xRRGGBB */
	uint8_t flags;   /* enum axe_cell_flag */
	uint32_t badge;  /* images of a replicated point: "xN" when N > 1 */
	size_t label;    /* arena: the text drawn in the cell ("" for none) */
	size_t attrs;    /* arena: its data- attributes, escaped, each led by a space */
} axe_scene_cell;

typedef struct axe_scene_panel {
	int group;
	size_t title;               /* arena */
	size_t kind;                /* arena: class of its cells: "lc" logical, "pc" physical, ... */
	size_t attrs;               /* arena: data- attributes of the panel */
	size_t rows, cols;
	int64_t row0, col0;         /* labels of row 0 and column 0 */
	int64_t row_step, col_step; /* labels go up by this much (wrapped 1-D panels, blocks) */
	size_t row_labels;          /* arena: "a|b|c", one label per row, instead (0: numbers) */
	size_t row_rule, col_rule;  /* a heavier rule every N rows / columns (0: none) */
	size_t first, ncells;       /* its cells in the scene's array */
	bool beside;                /* placed right of the previous panel of its group */
	int cell_w, cell_h;         /* pixels; set by axe_scene_place */
	int x, y, w, h;             /* set by axe_scene_place, within the group */
	int lw;                     /* width of the row labels */
} axe_scene_panel;

typedef struct axe_scene_table {
	size_t ncols, nrows;
	size_t *text;    /* arena: ncols header cells, then nrows * ncols cells */
	int *group;      /* per row: the group it selects (0: none) */
	int selected;    /* the group drawn first */
} axe_scene_table;

typedef struct axe_scene {
	char *arena;
	size_t len, cap;
	axe_scene_cell *cell;
	size_t ncells, cell_cap;
	axe_scene_panel *panel;
	size_t npanels, panel_cap;
	size_t title, subtitle;     /* arena */
	size_t root_attrs;          /* arena: data- attributes of the whole picture */
	size_t note[8];             /* arena: lines printed under the title */
	size_t nnotes;
	uint32_t legend_fill[48];   /* legend: a swatch and a text each */
	size_t legend_text[48];
	size_t nlegend;
	size_t info;                /* arena: the info line shown first in HTML ("" none) */
	bool text;                  /* draw labels in cells (the full-detail tier) */
	bool fit_row;               /* without text: size cells so that panels placed beside
				     * one another fit one row together */
	axe_scene_table table;
	int ngroups;                /* groups 1..ngroups-1 besides group 0 */
	int group_h[64];            /* set by axe_scene_place; groups >= 64 share the last */
	int width;                  /* set by axe_scene_place */
	bool nomem;
} axe_scene;

void axe_scene_init(axe_scene *s);
void axe_scene_release(axe_scene *s);

/* ---- text in the arena: begin, put, end gives the offset of the string ---- */
size_t axe_scene_begin(axe_scene *s);
void axe_scene_put(axe_scene *s, const char *text);      /* escaped for XML */
void axe_scene_put_raw(axe_scene *s, const char *text);  /* trusted markup */
void axe_scene_put_i64(axe_scene *s, int64_t v);
void axe_scene_put_list(axe_scene *s, const int64_t *v, size_t n, char sep);
size_t axe_scene_end(axe_scene *s, size_t start); /* returns "start" */
/* A whole string at once: axe_scene_begin, axe_scene_put, axe_scene_end. */
size_t axe_scene_text(axe_scene *s, const char *text);
/* The string at offset "at". */
static inline const char *axe_scene_str(const axe_scene *s, size_t at)
{
	return s->arena + at;
}

/*
 * Start a panel of "rows" x "cols" cells in "group"; cells are then added
 * with axe_scene_add_cell and counted into it.  NULL without memory.
 */
axe_scene_panel *axe_scene_add_panel(axe_scene *s, int group, const char *title,
				     const char *kind, size_t rows, size_t cols);
axe_scene_cell *axe_scene_add_cell(axe_scene *s, int32_t row, int32_t col, uint32_t fill);
void axe_scene_add_note(axe_scene *s, const char *text);
void axe_scene_add_legend(axe_scene *s, uint32_t fill, const char *text);
int axe_scene_table_init(axe_scene *s, size_t ncols, size_t nrows);

/* The panel a cell was last added to. */
static inline axe_scene_panel *axe_scene_last(axe_scene *s)
{
	return &s->panel[s->npanels - 1];
}

/* ---- the geometry axe_scene_place lays out and the writers draw, in pixels ---- */
enum {
	AXE_SCENE_MARGIN = 16,     /* around the picture */
	AXE_SCENE_TITLE_H = 20,    /* a panel's title line */
	AXE_SCENE_HEAD_H = 14,     /* its column labels */
	AXE_SCENE_GAP = 20,        /* between panels */
	AXE_SCENE_LINE_H = 16,     /* a line of the header */
	AXE_SCENE_LEGEND_W = 1200, /* the legend wraps past this width */
};

/* The width legend entry "i" takes: its swatch, its text and the gap after it. */
int axe_scene_legend_item_w(const axe_scene *s, size_t i);

/* ---- colours ---- */
/* Hue "h" in [0, 360), saturation and lightness in [0, 1], as 0xRRGGBB. */
uint32_t axe_hsl(double h, double sat, double light);
/*
 * The colour of owner ("row", "col") on a grid of "nrows" x "ncols": with
 * several rows, hue by the row (a warp: eight distinct hues) and lightness
 * by the column (a lane, light to dark); with one row, hue by the column,
 * neighbours a golden angle apart.
 */
uint32_t axe_owner_colour(int64_t row, int64_t nrows, int64_t col, int64_t ncols);

/*
 * Size the cells (from the longest label when "s->text") and place the
 * panels of every group.  Call once, after filling.
 */
void axe_scene_place(axe_scene *s);

/* The picture as one SVG document; "group" is the group drawn with group 0. */
void axe_scene_write_svg(axe_writer *w, const axe_scene *s, int group);
/* The page: styles, the table, one SVG per group, the script (html.c). */
void axe_scene_write_html(axe_writer *w, const axe_scene *s);
/* The picture as a standalone LaTeX document of one TikZ picture (tex.c). */
void axe_scene_write_tex(axe_writer *w, const axe_scene *s, int group);
/* The picture in "format" (AXE_FORMAT_SVG, _HTML or _TEX); "group" as for SVG. */
void axe_scene_write(axe_writer *w, const axe_scene *s, int format, int group);

/*
 * The SVG element of "groups" (a list ending with -1), stacked (svg.c):
 * "standalone" adds the style and the header; "tag" >= 0 marks the element
 * data-group="tag", "hidden" hides it.
 */
/*
 * The cells of panel "p" of a page without text in cells (svg_compact.c):
 * paths by colour and the cells' data- attributes as text the page's script
 * looks up.  0, or -1 without memory (nothing written).
 */
int axe_scene_write_compact_cells(axe_writer *w, const axe_scene *s, const axe_scene_panel *p);

void axe_scene_svg_element(axe_writer *w, const axe_scene *s, const int *groups,
			   bool standalone, int tag, bool hidden);

/* -1 with "err" set when the scene ran out of memory, else 0. */
int axe_scene_status(const axe_scene *s, axe_error *err);

#endif
