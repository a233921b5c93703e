/*
 * cmd_check.c: `axe-layout check SPEC...`: run every `checks:` entry of the
 * spec files; the CI gate.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../check/check.h"
#include "../output/check_out.h"
#include "commands.h"

enum { KEY_JSON = 256, KEY_JUNIT, KEY_STRICT };

static const axe_opt options[] = {
	{ "junit", KEY_JUNIT, "FILE", "also write the results as JUnit XML to FILE" },
	{ "json", KEY_JSON, NULL, "one JSON object with every check and the totals" },
	{ "verbose", 'v', NULL, "print passing checks too" },
	{ "strict", KEY_STRICT, NULL, "a skipped check fails (exit 1), as when nvcc is absent" },
	AXE_OPT_END,
};

const axe_command command_check = {
	"check", "SPEC... [--junit FILE] [--json] [--verbose] [--strict]",
	"Run every assertion of the specs' `checks:` sections; print one line per\n"
	"failing check with its FILE:LINE:COL, and 'N passed, M failed'.",
	"Kinds of check: eval, inverse, canon, equal, not-equal, banks, tma, trainium,\n"
	"emit (see axe-layout(1), CHECKS).  emit checks compile with nvcc ($NVCC, else\n"
	"nvcc on PATH) and are skipped when there is none or NVCC=none; an NVCC that\n"
	"names no executable is an error.  Skips are counted on their own line.\n"
	"Exit status: 0 when every check passes (skipped ones do not fail, unless\n"
	"--strict), 1 when a check fails, 2 when a spec or a check is malformed.\n",
	options,
	"run the checks: of spec files (a CI gate)",
};

typedef struct check_args {
	const char *junit;
	bool json, verbose, strict;
} check_args;

static int handle(void *ctx, int key, const char *arg)
{
	check_args *a = ctx;

	if (key == KEY_JUNIT)
		a->junit = arg;
	else if (key == KEY_JSON)
		a->json = true;
	else if (key == 'v')
		a->verbose = true;
	else if (key == KEY_STRICT)
		a->strict = true;
	return 0;
}

/* Load and run one spec into "rep"; 0 or -1 with "err" set. */
static int run_spec(const char *path, axe_check_report *rep, axe_error *err)
{
	axe_spec *spec = axe_spec_load(path, err);
	int r;

	if (!spec)
		return -1;
	r = axe_check_run(spec, rep, err);
	/* The report keeps the path: point it at argv, which outlives the spec. */
	rep->path = path;
	axe_spec_free(spec);
	return r;
}

static int write_junit(const char *path, const axe_check_report *reps, size_t n)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		fflush(stdout); /* the results first, then why the XML is missing */
		fprintf(stderr, "axe-layout check: error: cannot write '%s': %s\n", path,
			strerror(errno));
		return -1;
	}
	axe_print_check_junit(f, reps, n);
	if (fclose(f) != 0) {
		fprintf(stderr, "axe-layout check: error: writing '%s' failed\n", path);
		return -1;
	}
	return 0;
}

int cmd_check(int argc, char **argv)
{
	check_args a = { 0 };
	axe_check_report *reps;
	axe_error err;
	size_t n = 0, failed = 0;
	int first = axe_opts_parse(&command_check, argc, argv, handle, &a), status;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first < 2)
		return axe_usage_error(&command_check, "expected at least one SPEC file");
	reps = calloc((size_t)first, sizeof(*reps));
	if (!reps)
		return AXE_EXIT_INPUT;
	axe_error_init(&err);
	for (int i = 1; i < first; i++, n++) {
		if (run_spec(argv[i], &reps[n], &err) < 0) {
			status = axe_cli_report(&err);
			goto out;
		}
		failed += reps[n].failed + (a.strict ? reps[n].skipped : 0);
		if (!a.json)
			axe_print_check_lines(stdout, &reps[n], a.verbose);
	}
	if (a.json)
		axe_print_check_json(stdout, reps, n);
	else
		axe_print_check_summary(stdout, reps, n, a.strict);
	status = failed ? AXE_EXIT_FALSE : AXE_EXIT_OK;
	if (a.junit && write_junit(a.junit, reps, n) < 0)
		status = AXE_EXIT_INPUT;
out:
	for (size_t i = 0; i <= n && i < (size_t)first; i++)
		axe_check_report_release(&reps[i]);
	free(reps);
	return status;
}
