/*
 * eval_source.h: the evaluator's functions for a map given by a source
 * (eval.h, axe_map_source) rather than in S/R/O form.  Internal to core/:
 * eval.c and inverse.c call them for an evaluator that has a source.
 */
#ifndef AXE_CORE_EVAL_SOURCE_H
#define AXE_CORE_EVAL_SOURCE_H

#include "eval.h"
#include "parallel.h"

/* The odd hash key of axis "name" (eval.c), shared by both kinds of map. */
uint64_t axe_axis_hash_key(const char *name);

/* The first "n" rows of "rows" without repeats (the first kept) into "out"; their number. */
size_t axe_source_distinct_rows(const axe_evaluator *ev, const int64_t *rows, size_t n,
				int64_t *out);

/* A cursor at point 0 with its own walker; 0 or -1. */
int axe_source_cursor_init(axe_cursor *cur, axe_error *err);

/* Point cur->base at the rows of point cur->flat, walking a block on when needed. */
void axe_source_cursor_move(axe_cursor *cur);

int axe_source_checksum_walk(const axe_evaluator *ev, const axe_walk_options *opt,
			     axe_checksum *out, axe_error *err);

int axe_source_inverse(const axe_evaluator *ev, const int64_t *target, const bool *given,
		       int64_t **flats, size_t *count, size_t limit, axe_error *err);

#endif
