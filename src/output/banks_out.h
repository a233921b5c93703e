/*
 * banks_out.h: text and JSON for `banks` (axe-layout(1)): the per-instruction table
 * and totals, the line x bank grid of one instruction, and the ranked
 * candidates of --suggest.
 */
#ifndef AXE_OUTPUT_BANKS_OUT_H
#define AXE_OUTPUT_BANKS_OUT_H

#include "../analyze/banks.h"
#include "eval_out.h"
#include "writer.h"

/* Everything one `banks` run prints. */
typedef struct axe_banks_output {
	const axe_bank_tile *tile;
	const axe_bank_plan *plan;
	const char *threads;                  /* the thread layout's text, or NULL */
	const axe_bank_result *result;        /* NULL with --suggest */
	int64_t grid;                         /* instruction of "result" to draw, or -1 */
	const axe_bank_suggestion *suggestion; /* or NULL */
	const axe_bank_plan *plans;           /* every access ("plan" is the first) */
	const char *const *plan_threads;      /* each one's thread layout text, or NULL */
	size_t nplans;
} axe_banks_output;

void axe_print_banks(axe_writer *w, const axe_banks_output *rep, axe_format format);

/*
 * The picture of `banks --format svg|html` (banks_scene.c): the instruction
 * table, and per instruction its phases' lanes and lines x banks, conflicts
 * in red; with --suggest the ranked candidates.  0 or -1 (no memory).
 */
int axe_banks_picture(axe_writer *w, const axe_banks_output *rep, axe_format format,
		      axe_error *err);

#endif
