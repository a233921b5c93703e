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
