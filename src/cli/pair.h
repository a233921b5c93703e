/*
 * pair.h: the commands over two layouts that each take a shape option and
 * print an algebra result (tile, dsum): one place for their option
 * handling, operand resolution and output.
 */
#ifndef AXE_CLI_PAIR_H
#define AXE_CLI_PAIR_H

#include "../algebra/algebra.h"
#include "options.h"

enum { AXE_KEY_LEFT_SHAPE = 0x2000, AXE_KEY_RIGHT_SHAPE, AXE_KEY_PAIR_JSON };

typedef int (*axe_pair_op)(const axe_layout *left, const axe_shape *left_shape,
			   const axe_layout *right, const axe_shape *right_shape,
			   axe_algebra_result *res, axe_reason *why, axe_error *err);

typedef struct axe_pair_command {
	const axe_command *cmd;
	const char *left_option, *right_option; /* "--outer-shape", "--inner-shape" */
	const char *operands;                   /* "OUTER and INNER", for usage errors */
	axe_pair_op op;
	const char *refusal;                    /* "cannot tile" */
	bool show_span;                         /* print the right operand's span */
} axe_pair_command;

/* Run "pc" on argv: an exit status. */
int axe_cli_run_pair(const axe_pair_command *pc, int argc, char **argv);

#endif
