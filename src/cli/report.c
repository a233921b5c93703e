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
