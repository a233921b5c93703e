/*
 * report.c: the one place where the CLI prints a library error.
 */
#include <stdlib.h>

#include "commands.h"

int axe_cli_report(const axe_error *err)
{
	char *text = axe_error_to_string(err, "axe-layout");

	if (text)
		fputs(text, stderr);
	else
		fprintf(stderr, "axe-layout: error: %s\n", err->message);
	axe_string_free(text);
	return AXE_EXIT_INPUT;
}

int axe_cli_usage_from(const axe_command *cmd, const axe_error *err)
{
	return axe_usage_error(cmd, "%s", err->message);
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
