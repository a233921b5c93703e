/*
 * equal.h: one comparison of two maps as check-equal makes it, shared by
 * axe_map_equal (equal.c) and check-equal's report (verify.c): the options
 * read from the request, the sides after the thread-axis relations, the
 * answer.  Internal.
 */
#ifndef AXE_API_EQUAL_H
#define AXE_API_EQUAL_H

#include "../prove/prove.h"
#include "api.h"

typedef struct axe_equal_run {
	axe_equal_options opt;
	axe_progress progress;   /* what opt.walk's progress points at */
	axe_layout *related[2];  /* the sides' layouts rewritten by the relations, or NULL */
	axe_equal_side side[2];  /* what is compared (and drawn) */
	axe_equal_result res;
} axe_equal_run;

/*
 * Compare "a" and "b" with "req" (NULL: the defaults) into "run", adding
 * to "notes" (may be NULL) the lines check-equal prints on stderr; 0, or
 * -1 with "err" set.  Release "run" either way.
 */
int axe_equal_run_start(axe_equal_run *run, const axe_map *a, const axe_map *b,
			const axe_equal_request *req, axe_report *notes, axe_error *err);
void axe_equal_run_release(axe_equal_run *run);

/* The exit status of check-equal for "res". */
int axe_equal_status(const axe_equal_result *res);

#endif
