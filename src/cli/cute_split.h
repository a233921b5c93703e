/*
 * cute_split.h: the one driver of `divide` and `product`, which differ only
 * in the operation, its proof, the kinds they take and the name of their
 * second operand (as cli/pair.c serves `tile` and `dsum`).
 */
#ifndef AXE_CLI_CUTE_SPLIT_H
#define AXE_CLI_CUTE_SPLIT_H

#include "../cute/algebra.h"
#include "options.h"

/* KEY_KIND and KEY_JSON of both commands' option tables. */
enum { AXE_CUTE_SPLIT_KEY_JSON = 256, AXE_CUTE_SPLIT_KEY_KIND };

typedef struct axe_cute_split {
	const axe_command *command;
	bool divide;             /* the kinds of a divide (no blocked or raked) */
	const char *second;      /* the second operand's name in messages: "TILER", "B" */
	const char *kinds;       /* the kinds, for the error: "logical, zipped, tiled or flat" */
	int (*apply)(const axe_cute_layout *a, const axe_cute_tiler *t, axe_cute_kind kind,
		     axe_cute_layout *out, axe_cute_reason *why, axe_error *err);
	int (*prove)(const axe_cute_layout *a, const axe_cute_tiler *t, axe_cute_kind kind,
		     const axe_cute_layout *r, char *what, size_t what_size,
		     axe_cute_reason *why, axe_error *err);
} axe_cute_split;

/* Run the command "s" describes on "argc"/"argv"; its exit status. */
int axe_cute_split_run(const axe_cute_split *s, int argc, char **argv);

#endif
