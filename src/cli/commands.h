/*
 * commands.h: the entry points of the commands listed in commands.def.
 */
#ifndef AXE_CLI_COMMANDS_H
#define AXE_CLI_COMMANDS_H

#include "../axe.h"
#include "options.h"

#define COMMAND(name)                         \
	int cmd_##name(int argc, char **argv); \
	extern const axe_command command_##name;
#include "commands.def"
#undef COMMAND

/* Print "err" to stderr the way every command does; returns AXE_EXIT_INPUT. */
int axe_cli_report(const axe_error *err);

#endif
