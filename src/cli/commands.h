/*
 * commands.h: the entry points of the commands listed in commands.def.
 */
#ifndef AXE_CLI_COMMANDS_H
#define AXE_CLI_COMMANDS_H

#include "../axe.h"
#include "options.h"

#define COMMAND2(ident, text)                  \
	int cmd_##ident(int argc, char **argv); \
	extern const axe_command command_##ident;
#define COMMAND(name) COMMAND2(name, #name)
#include "commands.def"
#undef COMMAND
#undef COMMAND2

/* Print "err" to stderr the way every command does; returns AXE_EXIT_INPUT. */
int axe_cli_report(const axe_error *err);

/*
 * Print the message of "err", a rule of the library about how options and
 * operands combine, as a usage error of "cmd"; returns AXE_EXIT_INPUT.
 */
int axe_cli_usage_from(const axe_command *cmd, const axe_error *err);

/*
 * The exit status of a command that ran one library report: the report's
 * status after printing its notes to stderr, or the error "err" printed.
 */
int axe_cli_finish(const axe_report *report, const axe_error *err);

#endif
