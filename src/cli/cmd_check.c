/*
 * cmd_check.c: `axe-layout check SPEC...`: run every `checks:` entry of the
 * spec files; the CI gate.
 */
#include <stdbool.h>
#include <stdio.h>

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
	"emit, atom, audit (see axe-layout(1), CHECKS).  expr: layouts go to every kind\n"
	"that reads only the map; tma, trainium and copy/TMA emit checks say why not.\n"
	"emit checks compile with nvcc ($NVCC, else nvcc on PATH) and are skipped when\n"
	"there is none or NVCC=none; an NVCC that names no executable is an error.\n"
	"Skips are counted on their own line.\n"
	"Exit status: 0 when every check passes (skipped ones do not fail, unless\n"
	"--strict), 1 when a check fails, 2 when a spec or a check is malformed.\n",
	options,
	"run the checks: of spec files (a CI gate)",
};

typedef struct check_args {
	axe_check_request req;
	bool json;
} check_args;

static int handle(void *ctx, int key, const char *arg)
{
	check_args *a = ctx;

	if (key == KEY_JUNIT)
		a->req.junit = arg;
	else if (key == KEY_JSON)
		a->json = true;
	else if (key == 'v')
		a->req.verbose = 1;
	else if (key == KEY_STRICT)
		a->req.strict = 1;
	return 0;
}

int cmd_check(int argc, char **argv)
{
	check_args a = { 0 };
	axe_report *report;
	axe_error err;
	int first = axe_opts_parse(&command_check, argc, argv, handle, &a), status;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first < 2)
		return axe_usage_error(&command_check, "expected at least one SPEC file");
	axe_error_init(&err);
	report = axe_check_report((const char *const *)argv + 1, (size_t)(first - 1), &a.req,
				  a.json ? AXE_OUTPUT_JSON : AXE_OUTPUT_TEXT, stdout, &err);
	if (!report)
		return axe_cli_report(&err);
	/* The results are out (the report flushed them); then why the XML is missing. */
	fputs(axe_report_notes(report), stderr);
	status = axe_report_status(report);
	axe_report_free(report);
	return status;
}
