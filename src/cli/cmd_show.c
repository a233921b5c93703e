/*
 * cmd_show.c: `axe-layout show`: a picture of a layout, the logical grid with
 * each cell's physical coordinates, or (--by) the grid of physical axes with
 * the logical points at each place.
 */
#include <stdlib.h>
#include <string.h>

#include "../output/show_out.h"
#include "../parse/parse.h"
#include "commands.h"
#include "operands.h"
#include "picture.h"

enum { KEY_BY = 'b', KEY_BASE = 256, KEY_WIDTH, KEY_JSON, KEY_REGION };

#define MAX_BY 2

static const axe_opt options[] = {
	{ "by", KEY_BY, "AXIS[,AXIS]", "the reverse picture: rows and columns are the values "
				       "of these physical axes (one axis: one row), cells the "
				       "logical points there" },
	{ "base", KEY_BASE, NULL, "cells show D(x)+O only, without the replicas" },
	{ "width", KEY_WIDTH, "N", "cut the text into bands of columns at most N wide "
				   "(default 80)" },
	{ "json", KEY_JSON, NULL, "one JSON object with every cell" },
	AXE_PICTURE_OPTIONS,
	{ "region", KEY_REGION, "B:E,...", "svg, html: draw only this window of the domain, "
					   "one half-open range per dimension" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_show = {
	"show", "LAYOUT [--by AXIS[,AXIS]] [--base] [--width N] [--json] "
	"[--format text|svg|html] [-o FILE] [--region B:E,...]",
	"Draw a layout: the logical grid (rows = next-to-last dimension, columns = last;\n"
	"higher ranks as a sequence of 2-D slices) with each cell's physical coordinates,\n"
	"or with --by the grid of physical axes with the logical points at each place.",
	"A cell lists the coordinates on the layout's axes in the order the legend line\n"
	"names them, e.g. '8,6,1' for laneid,warpid,m; a replicated point lists its\n"
	"images separated by '|'.  With --by, a cell lists the logical points (i,j)\n"
	"whose image holds those values, every other axis free; '.' is none, '>64' more\n"
	"than 64.  The physical grid spans the values the layout reaches (after any\n"
	"swizzle).  Wide pictures are cut into bands of columns.  At most 65536 cells.\n"
	"--json: {\"layout\":...,\"shape\":[...],\"axes\":[...],\"cells\":[...]}, a cell\n"
	"per point in row-major order, each a list of images; with --by, \"by\" and\n"
	"\"ranges\" ([low, high] per axis) replace \"axes\", and a cell is a list of\n"
	"logical points (null: more than 64).\n"
	"\n"
	"--format svg|html: one self-contained file (no script library, nothing loaded\n"
	"from the network).  The logical grid is coloured by owner (the thread axes, or\n"
	"--by: hue by the last, shade by the first), each cell labelled with its first\n"
	"image and 'xN' for N images, beside the grid of owners with the logical points\n"
	"each holds.  A layout on m alone with a --dtype is drawn against shared memory:\n"
	"128-byte lines x element slots, coloured by the 16-byte chunk before the\n"
	"swizzle, swizzle atoms ruled.  In HTML, hovering shows a cell's values as eval\n"
	"prints them; clicking a logical cell marks its owners and every point they\n"
	"hold, clicking an owner the points it holds.  Text in cells up to\n"
	"16384 points, rectangles up to 65536, above that blocks with a note; --region\n"
	"draws a window.  The data- attributes are listed in the manual (PICTURES).\n",
	options,
	"a picture of the logical grid, or (--by) of the physical one",
};

typedef struct show_args {
	axe_operand_opts operand;
	axe_picture_opts picture;
	const char *region;
	const char *by[MAX_BY + 1];
	size_t nby_args;
	bool base, json;
	long width;
} show_args;

static int handle(void *ctx, int key, const char *arg)
{
	show_args *a = ctx;
	char *end;

	int p;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	if ((p = axe_picture_option(&a->picture, &command_show, key, arg)) != 0)
		return p < 0 ? -1 : 0;
	if (key == KEY_REGION)
		a->region = arg;
	else if (key == KEY_BY && a->nby_args <= MAX_BY)
		a->by[a->nby_args++] = arg;
	else if (key == KEY_BASE)
		a->base = true;
	else if (key == KEY_JSON)
		a->json = true;
	else if (key == KEY_WIDTH) {
		a->width = strtol(arg, &end, 10);
		if (*arg == '\0' || *end != '\0' || a->width < 20 || a->width > 10000)
			return axe_usage_error(&command_show, "--width takes a number of columns "
					       "from 20 to 10000, not '%s'", arg), -1;
	}
	return 0;
}

/* Add the axis names of one --by value "text" to "o"; 0 or -1. */
static int read_by(const axe_layout *L, const char *text, axe_show_opts *o, axe_error *err)
{
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, ",");
		axe_loc loc = { "--by", 1, (int)(p - text) + 1, text, strlen(text) };
		char name[128];
		int a;

		snprintf(name, sizeof(name), "%.*s", (int)len, p);
		a = axe_layout_axis_index(L, name);
		if (a < 0) {
			const char *best = axe_suggest(name, (const char *const *)L->axis, L->naxes);
			axe_error_set(err, AXE_ERR_NAME, &loc, (int)len,
				      "the layout does not name axis '%s'", name);
			if (best)
				axe_error_hint(err, "did you mean '%s'?", best);
			return -1;
		}
		if (o->nby == MAX_BY || (o->nby == 1 && o->by[0] == a))
			return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)len,
					     "--by takes one or two different axes");
		o->by[o->nby++] = a;
		p += len + (p[len] == ',');
	}
	return 0;
}

/* Parse --region into "o" and check it against "shape"; 0 or -1. */
static int read_region(const char *region, const axe_shape *shape, axe_show_opts *o,
		       axe_error *err)
{
	axe_loc loc = { "--region", 1, 1, region, strlen(region) };
	long n = axe_parse_region(region, &loc, o->begin, o->end, AXE_MAX_RANK, err);

	if (n < 0)
		return -1;
	o->nregion = (size_t)n;
	if (o->nregion != shape->rank)
		return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(region), "--region has "
				     "%zu range%s for a shape of rank %zu", o->nregion,
				     o->nregion == 1 ? "" : "s", shape->rank);
	for (size_t d = 0; d < o->nregion; d++)
		if (o->end[d] > shape->dim[d])
			return axe_error_set(err, AXE_ERR_RANGE, &loc, (int)strlen(region),
					     "range %zu ends at %lld, past the extent %lld", d,
					     (long long)o->end[d], (long long)shape->dim[d]);
	return 0;
}

/* Evaluate "op" and draw it as "a" asks; 0 or -1. */
static int show(const show_args *a, const axe_operand *op, axe_error *err)
{
	axe_show_opts o = { .format = a->json ? AXE_FORMAT_JSON : a->picture.format,
			    .width = a->width ? (size_t)a->width : 80, .base = a->base,
			    .dtype = op->dtype };
	axe_evaluator ev;
	axe_writer *w;
	FILE *out;
	int r = 0;

	for (size_t i = 0; r == 0 && i < a->nby_args; i++)
		r = read_by(op->layout, a->by[i], &o, err);
	if (r == 0 && a->region)
		r = read_region(a->region, &op->shape, &o, err);
	if (r < 0 || axe_evaluator_init(&ev, op->layout, &op->shape, err) < 0)
		return -1;
	w = malloc(sizeof(*w));
	out = w ? axe_picture_open(&a->picture, err) : NULL;
	if (!w)
		r = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	else if (!out)
		r = -1;
	else {
		axe_writer_init(w, out);
		r = axe_show(w, &ev, &o, err);
		axe_writer_flush(w);
		if (axe_picture_close(&a->picture, out, r < 0, err) < 0)
			r = -1;
	}
	free(w);
	axe_evaluator_release(&ev);
	return r;
}

int cmd_show(int argc, char **argv)
{
	show_args a = { 0 };
	axe_operand op = { 0 };
	axe_error err;
	int first = axe_opts_parse(&command_show, argc, argv, handle, &a), r;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_show, "expected one LAYOUT operand, got %d",
				       first - 1);
	if (a.json && axe_picture_is_drawing(&a.picture))
		return axe_usage_error(&command_show, "--json and --format svg|html exclude "
				       "each other");
	if (a.region && !axe_picture_is_drawing(&a.picture))
		return axe_usage_error(&command_show, "--region needs --format svg or html");
	axe_error_init(&err);
	r = axe_operand_resolve(argv[1], &a.operand, &op, &err);
	if (r == 0)
		r = show(&a, &op, &err);
	axe_operand_release(&op);
	return r < 0 ? axe_cli_report(&err) : AXE_EXIT_OK;
}
