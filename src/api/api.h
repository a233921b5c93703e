/*
 * api.h: what the files of the library API (axe.h, "The library API") share:
 * the axe_map record, and output into a string in memory.  Internal.
 */
#ifndef AXE_API_API_H
#define AXE_API_API_H

#include <stdio.h>

#include "../output/eval_out.h"
#include "../output/writer.h"
#include "operand.h"

/* An operand as the CLI resolves it; a derived map has no spec. */
struct axe_map {
	axe_operand op;
	bool shape_given; /* by the user, a spec or an operation: not the default */
};

/* A new map owning "layout" (consumed, also on error) on "shape"; NULL on no memory. */
axe_map *axe_map_wrap(axe_layout *layout, const axe_shape *shape, int dtype, axe_error *err);

/* The S/R/O layout of "map", or NULL with "err" saying that "what" needs one. */
const axe_layout *axe_map_need_layout(const axe_map *map, const char *what, axe_error *err);

/* A writer onto a growing string (open_memstream), for the output modules. */
typedef struct axe_buffer {
	FILE *file;
	char *text;
	size_t size;
	axe_writer *w;
} axe_buffer;

/* 0, or -1 with "err" set (no memory). */
int axe_buffer_open(axe_buffer *b, axe_error *err);

/* The text written (the caller's), or NULL with "err" set; "b" is released. */
char *axe_buffer_close(axe_buffer *b, axe_error *err);

/* Release "b" without its text (after an error). */
void axe_buffer_discard(axe_buffer *b);

/* The output module's format for an axe_output (SVG and HTML: pictures). */
static inline axe_format axe_api_format(enum axe_output form)
{
	switch (form) {
	case AXE_OUTPUT_JSON: return AXE_FORMAT_JSON;
	case AXE_OUTPUT_SVG: return AXE_FORMAT_SVG;
	case AXE_OUTPUT_HTML: return AXE_FORMAT_HTML;
	default: return AXE_FORMAT_TEXT;
	}
}

/* Copy "text" into "why" of "size" bytes (NULL or 0: nowhere). */
void axe_why_copy(char *why, size_t size, const char *text);

#endif
