/*
 * banks_private.h: what the banks*.c files share and nothing else uses:
 * checking that the elements one lane accesses as a vector are contiguous
 * and aligned, messages about them, and building a result.
 */
#ifndef AXE_ANALYZE_BANKS_PRIVATE_H
#define AXE_ANALYZE_BANKS_PRIVATE_H

#include <stddef.h>

#include "banks.h"

typedef enum axe_bank_run {
	AXE_BANK_RUN_OK,
	AXE_BANK_RUN_GAP,        /* not contiguous, with or without the swizzle */
	AXE_BANK_RUN_SPLIT,      /* contiguous before the swizzle, not after it */
	AXE_BANK_RUN_MISALIGNED, /* contiguous, but not aligned to its size */
} axe_bank_run;

/*
 * Classify the "n" elements "flat" (flat indices of tile "t", n a power of
 * two) as one vector; "*bad" is the first element out of place.
 */
axe_bank_run axe_bank_check_run(const axe_bank_tile *t, const int64_t *flat, int n, int *bad);

/*
 * Explain a bad run into "msg" and a remedy into "hint" (both "size"
 * bytes); "what" names the access ("the 16-byte access of lane 3 (warp 0,
 * step 1)"); "narrower" says whether a narrower vector is a remedy.  Returns
 * "hint", or NULL when there is none.
 */
const char *axe_bank_describe_run(const axe_bank_tile *t, axe_bank_run kind, const int64_t *flat,
				  int n, int bad, const char *what, bool narrower, char *msg,
				  char *hint, size_t size);

/* "(i, j)" for the flat index "flat" of "shape". */
void axe_bank_format_coord(const axe_shape *shape, int64_t flat, char *buf, size_t size);

/* A new instruction at the end of "r" ("*cap" slots allocated); NULL on no memory. */
axe_bank_instr *axe_bank_result_push(axe_bank_result *r, int64_t *cap);

/* True when "sel" (NULL: everything) keeps instruction ("warp", "step"). */
bool axe_bank_selected(const axe_bank_select *sel, int64_t warp, int64_t step);

/*
 * The instructions of a thread plan (banks_threads.c): the vector width
 * inferred or checked, "r->phasing" and the instructions' lanes filled.
 */
int axe_bank_thread_instructions(const axe_bank_plan *p, const axe_bank_tile *t,
				 const axe_bank_select *sel, axe_bank_result *r, axe_error *err);

#endif
