/*
 * cmd_show.c: `axe-layout show`: a picture of a layout, the logical grid with
 * each cell's physical coordinates, or (--by) the grid of physical axes with
 * the logical points at each place.
 */
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "operands.h"
#include "picture.h"

enum { KEY_BY = 'b', KEY_BASE = 256, KEY_WIDTH, KEY_JSON, KEY_REGION };

/* The library refuses a third --by axis; more values need no room. */
#define MAX_BY_ARGS 3

static const axe_opt options[] = {
	{ "by", KEY_BY, "AXIS[,AXIS]", "the reverse picture: rows and columns are the values "
				       "of these physical axes (one axis: one row), cells the "
				       "logical points there, up to 3 " AXE_OPT_REPEATABLE },
	{ "base", KEY_BASE, NULL, "cells show D(x)+O only, without the replicas" },
	{ "width", KEY_WIDTH, "N", "cut the text into bands of columns at most N wide "
				   "(default 80)" },
	{ "json", KEY_JSON, NULL, "one JSON object with every cell" },
	AXE_PICTURE_OPTIONS,
	{ "region", KEY_REGION, "B:E,...", "draw only this window of the domain, one "
					   "half-open range per dimension (not with --by in text)" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_show = {
	"show", "LAYOUT [--by AXIS[,AXIS]] [--base] [--width N] [--json] "
	"[--format text|svg|html|tex] [-o FILE] [--region B:E,...]",
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
	"swizzle, swizzle atoms ruled.  A whole CuTe TiledMMA or TiledCopy dump\n"
	"(cute-mma:FILE, cute-copy:FILE) draws its parts side by side, A, B and C or S\n"
	"and D, each cell T<thread>V<value> as CuTe's print_latex (a copy on the\n"
	"tensor's coordinates, through its Tiler_MN as partition_S/D).  In HTML,\n"
	"hovering shows a cell's values as eval prints them; clicking a logical cell\n"
	"marks its owners and every point they hold, clicking an owner the points it\n"
	"holds.  Text in cells up to\n"
	"16384 points, rectangles up to 65536, above that blocks with a note; --region\n"
	"draws a window.  The data- attributes are listed in the manual (PICTURES).\n",
	options,
	"a picture of the logical grid, or (--by) of the physical one",
};

typedef struct show_args {
	axe_cli_operand operand;
	axe_picture_opts picture;
	const char *by[MAX_BY_ARGS];
	axe_show_request req;
	bool json;
	const char *operand_text;
} show_args;

static int handle(void *ctx, int key, const char *arg)
{
	show_args *a = ctx;
	char *end;
	long width;
	int p;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	if ((p = axe_picture_option(&a->picture, &command_show, key, arg)) != 0)
		return p < 0 ? -1 : 0;
	if (key == KEY_REGION)
		a->req.region = arg;
	else if (key == KEY_BY && a->req.nby == MAX_BY_ARGS)
		return axe_usage_error(&command_show, "--by given more than %d times",
				       MAX_BY_ARGS), -1;
	else if (key == KEY_BY)
		a->by[a->req.nby++] = arg;
	else if (key == KEY_BASE)
		a->req.base = 1;
	else if (key == KEY_JSON)
		a->json = true;
	else if (key == KEY_WIDTH) {
		width = strtol(arg, &end, 10);
		if (*arg == '\0' || *end != '\0' || width < 20 || width > 10000)
			return axe_usage_error(&command_show, "--width takes a number of columns "
					       "from 20 to 10000, not '%s'", arg), -1;
		a->req.width = (size_t)width;
	}
	return 0;
}

/* Write the kept picture "text" to -o FILE; 0 or -1 with "err" set. */
static int write_picture(const axe_picture_opts *p, const char *text, axe_error *err)
{
	FILE *out = axe_picture_open(p, err);

	if (!out)
		return -1;
	fputs(text, out);
	return axe_picture_close(p, out, false, err);
}

/* The output --json and --format ask for. */
static enum axe_output form_of(const show_args *a)
{
	return a->json ? AXE_OUTPUT_JSON : a->picture.form;
}

/*
 * Draw "map" (NULL: every part of a whole TiledMMA or TiledCopy dump) as
 * "a" asks: streamed to standard output, or kept and then
 * written to -o FILE, so that an input error leaves an existing FILE alone.
 */
static axe_report *show(show_args *a, const axe_map *map, axe_error *err)
{
	axe_report *report;

	a->req.by = a->by;
	report = map ? axe_show_report(map, &a->req, form_of(a), a->picture.output ? NULL : stdout,
				       err)
		     : axe_show_parts_report(a->operand_text, &a->operand.map, &a->req, form_of(a),
					     a->picture.output ? NULL : stdout, err);
	if (report && a->picture.output &&
	    write_picture(&a->picture, axe_report_text(report), err) < 0) {
		axe_report_free(report);
		return NULL;
	}
	return report;
}

int cmd_show(int argc, char **argv)
{
	show_args a = { 0 };
	axe_map *map = NULL;
	axe_report *report = NULL;
	char parts[8];
	axe_error err;
	int first = axe_opts_parse(&command_show, argc, argv, handle, &a), rc;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_show, "expected one LAYOUT operand, got %d",
				       first - 1);
	if (a.json && axe_picture_is_drawing(&a.picture))
		return axe_usage_error(&command_show, "--json and --format svg|html exclude "
				       "each other");
	axe_error_init(&err);
	if (axe_show_request_check(&a.req, form_of(&a), &err) < 0)
		return axe_cli_usage_from(&command_show, &err);
	a.operand_text = argv[1];
	if (axe_operand_parts(argv[1], parts, sizeof(parts)) > 0)
		report = show(&a, NULL, &err);
	else if ((map = axe_cli_read(argv[1], &a.operand, &err)))
		report = show(&a, map, &err);
	rc = axe_cli_finish(report, &err);
	axe_report_free(report);
	axe_map_free(map);
	return rc;
}
