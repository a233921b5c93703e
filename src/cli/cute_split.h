/*
 * cute_split.h: the one driver of `divide` and `product`, which differ only
 * in the library call and the name of their second operand (as cli/pair.c
 * serves `tile` and `dsum`).
 */
#ifndef AXE_CLI_CUTE_SPLIT_H
#define AXE_CLI_CUTE_SPLIT_H

#include <stdio.h>

#include "../axe.h"
#include "options.h"

/* KEY_KIND and KEY_JSON of both commands' option tables. */
enum { AXE_CUTE_SPLIT_KEY_JSON = 256, AXE_CUTE_SPLIT_KEY_KIND };

/* The library call: axe_divide or axe_product with a request of these values. */
typedef axe_report *axe_cute_split_fn(const char *a, const char *b, const axe_map_options *a_opts,
				      const char *kind, enum axe_output form, FILE *out,
				      axe_error *err);

typedef struct axe_cute_split {
	const axe_command *command;
	const char *second;      /* the second operand's name in messages: "TILER", "B" */
	axe_cute_split_fn *run;
} axe_cute_split;

/* Run the command "s" describes on "argc"/"argv"; its exit status. */
int axe_cute_split_run(const axe_cute_split *s, int argc, char **argv);

#endif
