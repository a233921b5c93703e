/*
 * cute_args.c: the exit status of the CuTe algebra commands (cute_args.h).
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "cute_args.h"

int axe_cute_cli_status(const axe_command *cmd, axe_report *report, const axe_error *err)
{
	int rc;

	if (!report) {
		if (strcmp(err->source, "--kind") == 0)
			return axe_cli_usage_from(cmd, err);
		return axe_cli_report(err);
	}
	fputs(axe_report_notes(report), stderr);
	rc = axe_report_status(report);
	axe_report_free(report);
	return rc;
}
