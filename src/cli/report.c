/*
 * report.c: the one place where the CLI prints a library error.
 */
#include "../output/diag.h"
#include "commands.h"

int axe_cli_report(const axe_error *err)
{
	axe_print_error(stderr, "axe-layout", err);
	return AXE_EXIT_INPUT;
}

int axe_cli_finish(const axe_report *report, const axe_error *err)
{
	if (report) {
		fputs(axe_report_notes(report), stderr);
		return axe_report_status(report);
	}
	/* A failed write to standard output is main's to report, as for every command. */
	if (ferror(stdout))
		return AXE_EXIT_INPUT;
	return axe_cli_report(err);
}
