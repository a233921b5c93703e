/*
 * main.c: the command table and dispatch of axe-layout.
 *
 * Adding a command: (1) cli/cmd_NAME.c with its axe_command and cmd_NAME();
 * (2) a row in commands.def; (3) a section in man/axe-layout.1 (the help test
 * compares it with --help); (4) tests in tests/cli/NAME.t.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../axe.h"
#include "commands.h"

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const axe_command *info;
} commands[] = {
#define COMMAND2(ident, text) { text, cmd_##ident, &command_##ident },
#define COMMAND(name) COMMAND2(name, #name)
#include "commands.def"
#undef COMMAND
#undef COMMAND2
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *out)
{
	fprintf(out, "usage: axe-layout COMMAND [OPTIONS] LAYOUT...\n\n"
		"Explore and verify Axe layouts: maps from logical tensor coordinates to\n"
		"named hardware axes (shard D, replica R, offset O).\n\ncommands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++) {
		const axe_command *c = commands[i].info;
		const char *brief = c->brief ? c->brief : c->summary;
		fprintf(out, "  %-14s %.*s\n", c->name, (int)strcspn(brief, "\n"), brief);
	}
	fprintf(out, "\nA LAYOUT is a literal such as 'S[(8,16):(16,1)]' or '5@x', FILE:NAME of a spec");
	if (axe_notation_name(0)) {
		fprintf(out, ",\nor FORMAT:TEXT in another tool's notation (FORMAT:");
		for (size_t i = 0; axe_notation_name(i); i++)
			fprintf(out, " %s", axe_notation_name(i));
		fprintf(out, ")");
	}
	fprintf(out, ".\nSwizzles: Swizzle(M,B,S) is Axe's order, Swizzle<B,M,S> CuTe's: "
		"Swizzle<3,4,3> = Swizzle(4,3,3).\n"
		"Run 'axe-layout COMMAND --help' for a command's options; see axe-layout(1).\n"
		"Exit status: 0 done/holds, 1 does not hold, 2 usage or input error, "
		"3 undecided.\n");
}

/* Flush stdout and report a failed write (git.c run_builtin). */
static int finish(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (errno != EPIPE)
			fprintf(stderr, "axe-layout: error: writing the output failed: %s\n",
				strerror(errno));
		return status == AXE_EXIT_OK ? AXE_EXIT_INPUT : status;
	}
	return status;
}

int main(int argc, char **argv)
{
	const char *names[NCOMMANDS];
	const char *best;

	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		if (argc >= 3 && strcmp(argv[1], "help") == 0) {
			char *help_argv[] = { argv[2], "--help", NULL };
			for (size_t i = 0; i < NCOMMANDS; i++)
				if (strcmp(argv[2], commands[i].name) == 0)
					return finish(commands[i].run(2, help_argv));
		}
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? AXE_EXIT_INPUT : finish(AXE_EXIT_OK);
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("axe-layout %s (libaxelayout %s)\n", axe_release_version(), axe_version());
		return finish(AXE_EXIT_OK);
	}
	for (size_t i = 0; i < NCOMMANDS; i++) {
		if (strcmp(argv[1], commands[i].name) == 0)
			return finish(commands[i].run(argc - 1, argv + 1));
		names[i] = commands[i].name;
	}
	fprintf(stderr, "axe-layout: error: unknown command '%s'", argv[1]);
	best = axe_did_you_mean(argv[1], names, NCOMMANDS);
	if (best)
		fprintf(stderr, " (did you mean '%s'?)", best);
	fprintf(stderr, "\nRun 'axe-layout --help' for the list of commands.\n");
	return AXE_EXIT_INPUT;
}
