/*
 * options.c: getopt_long from an axe_command's table, and --help from the
 * same table, so an option is declared in exactly one place.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../axe.h"
#include "options.h"

#define HELP_KEY 'h'
#define MAX_OPTS 64

static size_t count_opts(const axe_opt *opts)
{
	size_t n = 0;
	while (opts[n].name)
		n++;
	return n;
}

int axe_usage_error(const axe_command *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "axe-layout %s: error: ", cmd->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'axe-layout %s --help'.\n", cmd->name);
	return AXE_EXIT_INPUT;
}

/* Report an unknown option, suggesting the closest long name. */
static void unknown_option(const axe_command *cmd, const char *word)
{
	const char *names[MAX_OPTS + 1];
	size_t n = count_opts(cmd->opts);
	const char *bare = word;
	const char *best;
	char buf[128];

	while (*bare == '-')
		bare++;
	snprintf(buf, sizeof(buf), "%s", bare);
	buf[strcspn(buf, "=")] = '\0';
	for (size_t i = 0; i < n && i < MAX_OPTS; i++)
		names[i] = cmd->opts[i].name;
	names[n < MAX_OPTS ? n : MAX_OPTS] = "help";
	best = axe_did_you_mean(buf, names, (n < MAX_OPTS ? n : MAX_OPTS) + 1);
	if (best)
		fprintf(stderr, "axe-layout %s: error: unknown option '%s' (did you mean '--%s'?)\n",
			cmd->name, word, best);
	else
		fprintf(stderr, "axe-layout %s: error: unknown option '%s'\n", cmd->name, word);
	fprintf(stderr, "Try 'axe-layout %s --help'.\n", cmd->name);
}

static int parse_words(const axe_command *cmd, int argc, char **argv, axe_opt_handler handle,
		       void *ctx, char **dash, size_t ndash, char (*stand_in)[2]);

/* Does option word "word" take the next word as its argument? */
static bool takes_next(const axe_command *cmd, const char *word)
{
	size_t n = count_opts(cmd->opts);

	if (word[0] != '-' || word[1] == '\0')
		return false;
	if (word[1] == '-') {
		size_t len = strcspn(word + 2, "=");
		if (word[2 + len] == '=')
			return false;
		for (size_t i = 0; i < n; i++)
			if (strlen(cmd->opts[i].name) == len &&
			    strncmp(cmd->opts[i].name, word + 2, len) == 0)
				return cmd->opts[i].arg != NULL;
		return false;
	}
	/* A cluster "-ab": the first option that takes an argument takes the rest. */
	for (const char *c = word + 1; *c; c++)
		for (size_t i = 0; i < n; i++)
			if (cmd->opts[i].key == (unsigned char)*c && cmd->opts[i].arg)
				return c[1] == '\0';
	return false;
}

/*
 * A word that starts with '-' but not with an option letter ("-5", "-:x",
 * "-2@x + 1"): an operand (a layout with a negative offset, or a bad one that
 * the operand's own error describes), not an unknown option.
 */
static bool dash_operand(const char *word)
{
	unsigned char c = (unsigned char)word[1];

	return word[0] == '-' && c != '\0' && c != '-' &&
	       !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

#define MAX_DASH_OPERANDS 16

int axe_opts_parse(const axe_command *cmd, int argc, char **argv, axe_opt_handler handle,
		   void *ctx)
{
	/* getopt sees a stand-in for each dash operand and hands back the original. */
	static char stand_in[MAX_DASH_OPERANDS][2];
	char *dash[MAX_DASH_OPERANDS];
	size_t ndash = 0;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (takes_next(cmd, argv[i])) {
			i++;
			continue;
		}
		if (dash_operand(argv[i]) && ndash < MAX_DASH_OPERANDS) {
			stand_in[ndash][0] = 'x';
			dash[ndash] = argv[i];
			argv[i] = stand_in[ndash++];
		}
	}
	return parse_words(cmd, argc, argv, handle, ctx, dash, ndash, stand_in);
}

/*
 * 0 when option "key" of "cmd" may take another value ("seen" counts the
 * values so far, per row), else -1 after the usage error.
 */
static int once(const axe_command *cmd, int key, unsigned char *seen)
{
	for (size_t i = 0; cmd->opts[i].name && i < MAX_OPTS; i++) {
		const axe_opt *o = &cmd->opts[i];
		size_t len = strlen(o->help), tail = strlen(AXE_OPT_REPEATABLE);
		if (o->key != key || !o->arg ||
		    (len >= tail && strcmp(o->help + len - tail, AXE_OPT_REPEATABLE) == 0))
			continue;
		if (seen[i]++)
			return axe_usage_error(cmd, "--%s given twice; it takes one value", o->name),
			       -1;
	}
	return 0;
}

static int parse_words(const axe_command *cmd, int argc, char **argv, axe_opt_handler handle,
		       void *ctx, char **dash, size_t ndash, char (*stand_in)[2])
{
	unsigned char seen[MAX_OPTS] = { 0 };
	struct option longs[MAX_OPTS + 2];
	char shorts[3 * MAX_OPTS + 4] = "+:";
	size_t n = count_opts(cmd->opts), s = 2;
	int key;

	/* Leading '-' in optstring: operands come back as key 1, in order. */
	shorts[0] = '-';
	if (n > MAX_OPTS)
		n = MAX_OPTS;
	for (size_t i = 0; i < n; i++) {
		const axe_opt *o = &cmd->opts[i];
		longs[i] = (struct option){ o->name, o->arg ? required_argument : no_argument,
					    NULL, o->key };
		if (o->key > 0 && o->key < 256) {
			shorts[s++] = (char)o->key;
			if (o->arg)
				shorts[s++] = ':';
		}
	}
	longs[n] = (struct option){ "help", no_argument, NULL, HELP_KEY };
	longs[n + 1] = (struct option){ NULL, 0, NULL, 0 };
	shorts[s++] = HELP_KEY;
	shorts[s] = '\0';
	optind = 0;
	opterr = 0;
	/* Operands are gathered in order at the front of argv as they are seen. */
	int operands = 1;
	while ((key = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		if (key == 1) {
			argv[operands] = optarg;
			for (size_t k = 0; k < ndash; k++)
				if (optarg == stand_in[k])
					argv[operands] = dash[k];
			operands++;
			continue;
		}
		if (key == HELP_KEY) {
			axe_opts_help(stdout, cmd);
			return -2;
		}
		if (key == '?') {
			unknown_option(cmd, argv[optind - 1]);
			return -1;
		}
		if (key == ':') {
			axe_usage_error(cmd, "option '%s' needs an argument", argv[optind - 1]);
			return -1;
		}
		if (once(cmd, key, seen) < 0 || handle(ctx, key, optarg) < 0)
			return -1;
	}
	/* Anything after "--" is an operand too. */
	for (int i = optind; i < argc; i++) {
		argv[operands] = argv[i];
		for (size_t k = 0; k < ndash; k++)
			if (argv[i] == stand_in[k])
				argv[operands] = dash[k];
		operands++;
	}
	argv[operands] = NULL;
	return operands;
}

/*
 * Print "text" from column "indent" wrapped at WRAP_COLUMN, the first line
 * starting at column "col" (where the cursor already is).
 */
#define WRAP_COLUMN 79
static void print_wrapped(FILE *out, const char *text, size_t col, size_t indent)
{
	while (*text) {
		size_t len = strcspn(text, " ");
		if (col > indent && col + 1 + len > WRAP_COLUMN) {
			fprintf(out, "\n%*s", (int)indent, "");
			col = indent;
		} else if (col > indent) {
			fputc(' ', out);
			col++;
		}
		fwrite(text, 1, len, out);
		col += len;
		text += len;
		while (*text == ' ')
			text++;
	}
	fputc('\n', out);
}

void axe_opts_help(FILE *out, const axe_command *cmd)
{
	size_t width = 6; /* "--help" */
	char buf[96];

	fprintf(out, "usage: axe-layout %s %s\n\n%s\n\noptions:\n", cmd->name, cmd->usage,
		cmd->summary);
	for (const axe_opt *o = cmd->opts; o->name; o++) {
		size_t len = strlen(o->name) + 2 + (o->arg ? strlen(o->arg) + 1 : 0);
		if (len > width)
			width = len;
	}
	for (const axe_opt *o = cmd->opts; o->name; o++) {
		snprintf(buf, sizeof(buf), "--%s%s%s", o->name, o->arg ? " " : "",
			 o->arg ? o->arg : "");
		if (o->key > 0 && o->key < 256)
			fprintf(out, "  -%c, %-*s", o->key, (int)width, buf);
		else
			fprintf(out, "      %-*s", (int)width, buf);
		fputs("  ", out);
		print_wrapped(out, o->help, 8 + width, 8 + width);
	}
	fprintf(out, "  -h, %-*s  %s\n", (int)width, "--help", "show this help and exit");
	if (cmd->details)
		fprintf(out, "\n%s", cmd->details);
}
