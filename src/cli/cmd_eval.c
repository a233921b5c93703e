/*
 * cmd_eval.c: `axe-layout eval`: the forward map at points or over the whole
 * domain, the backward map of physical points, or a checksum walk.
 */
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "operands.h"
#include "walk_options.h"

#define MAX_QUERIES 4096

enum { KEY_ALL = 256, KEY_BASE, KEY_COUNT, KEY_JSON, KEY_LIMIT };

static const axe_opt options[] = {
	{ "at", 'a', "COORD", "evaluate at a logical coordinate, e.g. 2,9 " AXE_OPT_REPEATABLE },
	{ "all", KEY_ALL, NULL, "evaluate every point of the domain (the default)" },
	{ "inverse", 'i', "POINT", "every logical coordinate whose image contains POINT, "
				   "e.g. laneid=8,warpid=6; axes left out are free "
				   AXE_OPT_REPEATABLE },
	{ "base", KEY_BASE, NULL, "print D(x)+O only, without the replicas" },
	{ "count", KEY_COUNT, NULL, "walk the domain and print the number of points and "
				    "images and a checksum, not each point" },
	{ "checksum", KEY_COUNT, NULL, "the same as --count" },
	{ "limit", KEY_LIMIT, "N", "at most N points from --all, N preimages per --inverse "
				   "(default 1000000 preimages)" },
	{ "json", KEY_JSON, NULL, "JSON Lines: one object per point" },
	AXE_OPERAND_OPTIONS,
	AXE_WALK_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_eval = {
	"eval", "LAYOUT [--at I,J]... [--all] [--inverse AXIS=V,...]... [--count]",
	"Evaluate the forward map L(x) = { D(x) + O + r : r in R } at points or over the\n"
	"whole domain, or the backward map of physical points.",
	"Text output: '(2, 9) -> {laneid: 8, warpid: 6, m: 1}, {laneid: 8, warpid: 10, m: 1}',\n"
	"one line per point; '--inverse' prints '{laneid: 8, warpid: 6, m: 1} <- (2, 9)'.\n"
	"The checksum of --count is a 64-bit hash of every (point, image) pair that does\n"
	"not depend on the order of the walk, so -j threads give the same checksum.\n",
	options,
	"forward map at points or over the domain; backward map",
};

typedef struct eval_args {
	axe_cli_operand operand;
	const char *at[MAX_QUERIES], *inverse[MAX_QUERIES];
	axe_eval_request req;
	bool json;
	axe_cli_walk walk;
} eval_args;

static int handle(void *ctx, int key, const char *arg)
{
	eval_args *a = ctx;
	char *end;
	int r;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	if ((r = axe_cli_walk_option(&a->walk, &command_eval, key, arg)) != 0)
		return r < 0 ? -1 : 0;
	switch (key) {
	case 'a':
	case 'i':
		if ((key == 'a' ? a->req.nat : a->req.ninverse) >= MAX_QUERIES)
			return axe_usage_error(&command_eval, "more than %d points", MAX_QUERIES), -1;
		if (key == 'a')
			a->at[a->req.nat++] = arg;
		else
			a->inverse[a->req.ninverse++] = arg;
		return 0;
	case KEY_ALL: a->req.all = 1; return 0;
	case KEY_BASE: a->req.base = 1; return 0;
	case KEY_COUNT: a->req.count = 1; return 0;
	case KEY_JSON: a->json = true; return 0;
	case KEY_LIMIT:
		a->req.limit = strtoll(arg, &end, 10);
		if (*arg == '\0' || *end != '\0' || a->req.limit <= 0)
			return axe_usage_error(&command_eval, "--limit takes a positive integer, "
					       "not '%s'", arg), -1;
		return 0;
	}
	return -1;
}

/* The library's report of "map" for "a", with progress on a terminal. */
static axe_report *eval(eval_args *a, const axe_map *map, axe_error *err)
{
	axe_report *report;

	a->req.at = a->at;
	a->req.inverse = a->inverse;
	axe_cli_walk_start(&a->walk, "eval");
	a->req.walk = a->walk.walk;
	report = axe_eval_report(map, &a->req, a->json ? AXE_OUTPUT_JSON : AXE_OUTPUT_TEXT,
				 stdout, err);
	axe_cli_walk_end(&a->walk);
	return report;
}

int cmd_eval(int argc, char **argv)
{
	eval_args a = { 0 };
	axe_map *map;
	axe_report *report = NULL;
	axe_error err;
	int first = axe_opts_parse(&command_eval, argc, argv, handle, &a), rc;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_eval, "expected one LAYOUT operand, got %d",
				       first - 1);
	axe_error_init(&err);
	if ((map = axe_cli_read(argv[1], &a.operand, &err)))
		report = eval(&a, map, &err);
	rc = axe_cli_finish(report, &err);
	axe_report_free(report);
	axe_map_free(map);
	return rc;
}
