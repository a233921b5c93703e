/*
 * walk_options.h: the options of commands that walk whole domains: -j N
 * threads and --quiet, and the progress line they show on a terminal
 * (every enumeration takes -j N and shows progress on a terminal).
 */
#ifndef AXE_CLI_WALK_OPTIONS_H
#define AXE_CLI_WALK_OPTIONS_H

#include <stdbool.h>

#include "../axe.h"
#include "options.h"

#define AXE_WALK_OPTIONS                                                                  \
	{ "jobs", 'j', "N", "threads for walks over the whole domain (default: the cores "  \
			    "available; the answer is the same for any N)" },                 \
	{ "quiet", AXE_KEY_QUIET, NULL, "no progress line on stderr (shown only on a "       \
					"terminal, for walks longer than a second)" }

enum { AXE_KEY_QUIET = 0x1200 };

typedef struct axe_cli_walk {
	axe_walk walk;            /* what the library gets */
	bool quiet;
	const char *command;
	double start;
	bool shown;               /* a progress line is on the terminal */
} axe_cli_walk;

/*
 * Store option "key" with "arg" when it is -j or --quiet: 1 if it was, 0 if
 * not, -1 after a usage error.
 */
int axe_cli_walk_option(axe_cli_walk *w, const axe_command *cmd, int key, const char *arg);

/* Fill w->walk for a walk; progress only on a terminal and without --quiet. */
void axe_cli_walk_start(axe_cli_walk *w, const char *command);

/* Erase the progress line, if one was drawn. */
void axe_cli_walk_end(axe_cli_walk *w);

#endif
