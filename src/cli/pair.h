/*
 * pair.h: the commands over two layouts that print an algebra result
 * (tile, tile-of, dsum): one place for their option handling, operand
 * reading and output.
 */
#ifndef AXE_CLI_PAIR_H
#define AXE_CLI_PAIR_H

#include "../axe.h"
#include "options.h"

enum { AXE_KEY_LEFT_SHAPE = 0x2000, AXE_KEY_RIGHT_SHAPE, AXE_KEY_PAIR_JSON };

/* The library's report of the command (axe_tile_report, ...). */
typedef axe_report *(*axe_pair_report)(const axe_map *left, const axe_map *right,
				       enum axe_output form, FILE *out, axe_error *err);

typedef struct axe_pair_command {
	const axe_command *cmd;
	const char *left_option, *right_option; /* "--outer-shape", "--inner-shape"; NULL:
						   "--shape" */
	const char *operands;                   /* "OUTER and INNER", for usage errors */
	axe_pair_report report;
} axe_pair_command;

/*
 * Run "pc" on argv: an exit status.  The left operand also takes the
 * operand options (--shape, --dtype, ...) when the command's table has them.
 */
int axe_cli_run_pair(const axe_pair_command *pc, int argc, char **argv);

#endif
