/*
 * options.h: one table per command drives both getopt_long and --help (after
 * git's parse-options: each row carries its help text).
 */
#ifndef AXE_CLI_OPTIONS_H
#define AXE_CLI_OPTIONS_H

#include <stdio.h>

typedef struct axe_opt {
	const char *name;  /* long name, without "--" */
	int key;           /* short letter, or a value >= 256 for long-only options */
	const char *arg;   /* argument name in --help, NULL for a flag */
	const char *help;
} axe_opt;

#define AXE_OPT_END { NULL, 0, NULL, NULL }

/*
 * The end of the help text of an option that takes several values (the
 * handler sees each one).  Any other option with a value given twice is a
 * usage error: a second value never silently replaces the first.  The help
 * says it, so --help and the parser cannot disagree.
 */
#define AXE_OPT_REPEATABLE "(repeatable)"

typedef struct axe_command {
	const char *name;
	const char *usage;     /* operands and main options, after "axe-layout NAME " */
	const char *summary;   /* one line */
	const char *details;   /* paragraphs after the options, or NULL */
	const axe_opt *opts;   /* terminated by AXE_OPT_END; --help is added */
	const char *brief;     /* one line for 'axe-layout --help' (at most ~60 columns) */
} axe_command;

/* Called for each option with its key and argument (NULL for flags); 0 or -1. */
typedef int (*axe_opt_handler)(void *ctx, int key, const char *arg);

/*
 * Parse the options of "cmd" from argv[1..]; operands may come before or
 * after options; an option without AXE_OPT_REPEATABLE takes one value.  Returns the index in argv of the first operand, or -1
 * after printing an error (exit 2), or -2 after printing --help (exit 0).
 */
int axe_opts_parse(const axe_command *cmd, int argc, char **argv, axe_opt_handler handle,
		   void *ctx);

void axe_opts_help(FILE *out, const axe_command *cmd);

/* Print "axe-layout NAME: error: MSG" and return AXE_EXIT_INPUT. */
int axe_usage_error(const axe_command *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
