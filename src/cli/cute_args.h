/*
 * cute_args.h: what the commands of CuTe's layout algebra share on the
 * command line (compose, complement, divide, product, inverse, coalesce,
 * filter): the output form of --json and the exit status of the library's
 * answer (axe.h, "[cute]").
 */
#ifndef AXE_CLI_CUTE_ARGS_H
#define AXE_CLI_CUTE_ARGS_H

#include <stdbool.h>

#include "../axe.h"
#include "options.h"

static inline enum axe_output axe_cute_cli_form(bool json)
{
	return json ? AXE_OUTPUT_JSON : AXE_OUTPUT_TEXT;
}

/*
 * The exit status of "report" (released; NULL: the error "err", printed).
 * An unknown --kind is a usage error of "cmd", as every bad option name is.
 */
int axe_cute_cli_status(const axe_command *cmd, axe_report *report, const axe_error *err);

#endif
