/*
 * cmd_eval.c: `axe-layout eval`: the forward map at points or over the whole
 * domain, the backward map of physical points, or a checksum walk.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/eval.h"
#include "../output/eval_out.h"
#include "../parse/parse.h"
#include "commands.h"
#include "operands.h"
#include "walk_options.h"

#define MAX_QUERIES 4096
#define DEFAULT_PREIMAGE_LIMIT 1000000

enum { KEY_ALL = 256, KEY_BASE, KEY_COUNT, KEY_JSON, KEY_LIMIT };

static const axe_opt options[] = {
	{ "at", 'a', "COORD", "evaluate at a logical coordinate, e.g. 2,9 (repeatable)" },
	{ "all", KEY_ALL, NULL, "evaluate every point of the domain (the default)" },
	{ "inverse", 'i', "POINT", "every logical coordinate whose image contains POINT, "
				   "e.g. laneid=8,warpid=6; axes left out are free (repeatable)" },
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
	axe_operand_opts operand;
	const char *at[MAX_QUERIES], *inverse[MAX_QUERIES];
	size_t nat, ninverse;
	bool all, base, count, json;
	int64_t limit; /* 0: default */
	axe_cli_walk walk;
} eval_args;

static int handle(void *ctx, int key, const char *arg)
{
	eval_args *a = ctx;
	char *end;
	int r;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	if ((r = axe_cli_walk_option(&a->walk, &command_eval, key, arg)) != 0)
		return r < 0 ? -1 : 0;
	switch (key) {
	case 'a':
	case 'i':
		if ((key == 'a' ? a->nat : a->ninverse) >= MAX_QUERIES)
			return axe_usage_error(&command_eval, "more than %d points", MAX_QUERIES), -1;
		if (key == 'a')
			a->at[a->nat++] = arg;
		else
			a->inverse[a->ninverse++] = arg;
		return 0;
	case KEY_ALL: a->all = true; return 0;
	case KEY_BASE: a->base = true; return 0;
	case KEY_COUNT: a->count = true; return 0;
	case KEY_JSON: a->json = true; return 0;
	case KEY_LIMIT:
		a->limit = strtoll(arg, &end, 10);
		if (*arg == '\0' || *end != '\0' || a->limit <= 0)
			return axe_usage_error(&command_eval, "--limit takes a positive integer, "
					       "not '%s'", arg), -1;
		return 0;
	}
	return -1;
}

/* "scratch" holds an image set followed by one D(x). */
static int eval_at(axe_writer *w, const axe_image_printer *pr, const char *text,
		   bool with_replicas, int64_t *scratch, axe_error *err)
{
	const axe_evaluator *ev = pr->ev;
	axe_loc loc = { "--at", 1, 1, text, strlen(text) };
	int64_t coord[AXE_MAX_RANK], flat;
	int64_t *images = scratch, *base = scratch + ev->nimages * ev->naxes;
	long n = axe_int_list_is_empty(text)
		 ? 0 : axe_parse_int_list(text, &loc, coord, AXE_MAX_RANK, "coordinate", err);

	if (n < 0)
		return -1;
	if ((size_t)n != ev->shape.rank) {
		axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(text),
			      "a point of shape rank %zu needs %zu coordinates, not %ld",
			      ev->shape.rank, ev->shape.rank, n);
		/* The user may have meant another shape of the same points. */
		axe_error_hint(err, "for a point of rank %ld, give a shape of %ld extent%s with "
			       "--shape (any shape of %lld points is admitted)", n, n,
			       n == 1 ? "" : "s", (long long)ev->size);
		return -1;
	}
	if (axe_evaluator_flatten(ev, coord, &flat, err) < 0) {
		axe_error_locate_option(err, "--at", text);
		return -1;
	}
	axe_evaluator_base(ev, flat, base);
	axe_evaluator_images(ev, base, with_replicas, images);
	axe_print_point(w, pr, coord, images, with_replicas ? ev->nimages : 1);
	return 0;
}

static int eval_inverse(axe_writer *w, const axe_image_printer *pr, const char *text,
			size_t limit, axe_error *err)
{
	const axe_evaluator *ev = pr->ev;
	int64_t *target = calloc(ev->naxes + 1, sizeof(int64_t)), *flats = NULL;
	bool *given = calloc(ev->naxes + 1, sizeof(bool));
	size_t n = 0;
	int r = -1;

	if (!target || !given)
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	else if (axe_operand_read_target(ev, text, target, given, err) == 0 &&
		 axe_evaluator_inverse(ev, target, given, &flats, &n, limit, err) == 0) {
		axe_print_preimages(w, pr, target, given, flats, n);
		r = 0;
	}
	axe_error_locate_option(err, "--inverse", text);
	free(target);
	free(given);
	free(flats);
	return r;
}

/* The --count walk on every thread asked for, with progress on a terminal. */
static int count(eval_args *a, const axe_evaluator *ev, axe_checksum *sum, axe_error *err)
{
	int r;

	axe_cli_walk_start(&a->walk, "eval");
	r = axe_evaluator_checksum_walk(ev, &a->walk.options, sum, err);
	axe_cli_walk_end(&a->walk);
	return r;
}

static int run(eval_args *a, const axe_evaluator *ev, axe_writer *w, axe_error *err)
{
	axe_image_printer pr;
	axe_checksum sum;
	int64_t *images = malloc((ev->nimages + 1) * (ev->naxes + 1) * sizeof(int64_t));
	int r = 0;

	if (!images || axe_image_printer_init(&pr, ev, a->json ? AXE_FORMAT_JSON
							      : AXE_FORMAT_TEXT) < 0) {
		free(images);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	for (size_t i = 0; r == 0 && i < a->nat; i++)
		r = eval_at(w, &pr, a->at[i], !a->base, images, err);
	for (size_t i = 0; r == 0 && i < a->ninverse; i++)
		r = eval_inverse(w, &pr, a->inverse[i],
				 a->limit ? (size_t)a->limit : DEFAULT_PREIMAGE_LIMIT, err);
	if (r == 0 && a->count && (r = count(a, ev, &sum, err)) == 0)
		axe_print_checksum(w, &sum, pr.format);
	if (r == 0 && (a->all || (!a->nat && !a->ninverse && !a->count)))
		r = axe_print_all(w, &pr, !a->base, a->limit, err);
	axe_image_printer_release(&pr);
	free(images);
	return r;
}

int cmd_eval(int argc, char **argv)
{
	eval_args a = { 0 };
	axe_operand op;
	axe_evaluator ev;
	axe_error err;
	axe_writer *w;
	int first = axe_opts_parse(&command_eval, argc, argv, handle, &a), r;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_eval, "expected one LAYOUT operand, got %d",
				       first - 1);
	axe_error_init(&err);
	if (axe_operand_evaluator(argv[1], &a.operand, &op, &ev, &err) < 0)
		return axe_cli_report(&err);
	if (ev.replicas_coincide && !a.base)
		fprintf(stderr, "axe-layout: note: some replica combinations land on the same "
			"point; each image is listed once\n");
	w = malloc(sizeof(*w));
	if (!w) {
		r = AXE_EXIT_INPUT;
	} else {
		axe_writer_init(w, stdout);
		r = run(&a, &ev, w, &err) < 0 ? axe_cli_report(&err) : AXE_EXIT_OK;
		axe_writer_flush(w);
	}
	free(w);
	axe_evaluator_release(&ev);
	axe_operand_release(&op);
	return r;
}
