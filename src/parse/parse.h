/*
 * parse.h: the compact layout syntax (spec-format.md section 1) and the lists
 * the command line takes.  Parsing and printing invert each other:
 * parse(print(L)) is identical to L for every layout L.
 */
#ifndef AXE_PARSE_PARSE_H
#define AXE_PARSE_PARSE_H

#include <stdio.h>

#include "../core/layout.h"

/*
 * Parse "len" bytes of "text" as a layout.  "origin" places text[0] in the
 * user's input for error positions.  The result is validated (no overflow).
 */
axe_layout *axe_layout_parse_at(const char *text, size_t len, const axe_loc *origin,
				axe_error *err);

/* Append the compact text of "layout" to "out". */
void axe_layout_print(FILE *out, const axe_layout *layout);

/*
 * Whether "text" is an empty list: blank, "()" or "[]" (blanks allowed
 * inside): the coordinate or the shape of a one-point layout without a shard.
 */
bool axe_int_list_is_empty(const char *text);

/*
 * Parse a comma-separated list of integers, optionally in parentheses or
 * brackets ("8,16", "(2, 9)"), into "values" (at most "max").  "what" names
 * one item in messages ("extent", "coordinate").  Returns the count or -1.
 */
long axe_parse_int_list(const char *text, const axe_loc *origin, int64_t *values,
			size_t max, const char *what, axe_error *err);

/* One "axis=value" pair of an --inverse point. */
typedef struct axe_axis_value {
	char name[64];
	int64_t value;
	int col; /* column of the name, for errors */
} axe_axis_value;

/* Parse "laneid=8,warpid=6"; returns the count or -1. */
long axe_parse_axis_values(const char *text, const axe_loc *origin, axe_axis_value *out,
			   size_t max, axe_error *err);

/* Parse a region "b0:e0,b1:e1,..." of half-open ranges; returns the rank or -1. */
long axe_parse_region(const char *text, const axe_loc *origin, int64_t *begin,
		      int64_t *end, size_t max, axe_error *err);

#endif
