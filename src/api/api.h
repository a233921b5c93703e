/*
 * api.h: what the files of the library API (axe.h, "The library API") share:
 * the axe_map record, and output into a string in memory.  Internal.
 */
#ifndef AXE_API_API_H
#define AXE_API_API_H

#include <stdio.h>

#include "../core/parallel.h"
#include "../output/eval_out.h"
#include "../output/writer.h"
#include "operand.h"

/* An operand as the CLI resolves it; a derived map has no spec. */
struct axe_map {
	axe_operand op;
	bool shape_given; /* by the user, a spec or an operation: not the default */
};

#define AXE_API_INVERSE_LIMIT 1000000 /* preimages per eval --inverse point, by default */

/* A new map owning "layout" (consumed, also on error) on "shape"; NULL on no memory. */
axe_map *axe_map_wrap(axe_layout *layout, const axe_shape *shape, int dtype, axe_error *err);

/* The resolver's options of the public "opts" (NULL: none); `expr:` layouts refused. */
axe_operand_opts axe_api_operand_opts(const axe_map_options *opts);

/*
 * The S/R/O layout of "map", or NULL with "err" saying that it is an
 * `expr:` layout and why the command needs S/R/O form ("needs", from
 * core/sro_reasons.h, or NULL).
 */
const axe_layout *axe_map_need_layout(const axe_map *map, const char *needs, axe_error *err);

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

/* The output module's format for an axe_output (SVG, HTML and TeX: pictures). */
static inline axe_format axe_api_format(enum axe_output form)
{
	switch (form) {
	case AXE_OUTPUT_JSON: return AXE_FORMAT_JSON;
	case AXE_OUTPUT_SVG: return AXE_FORMAT_SVG;
	case AXE_OUTPUT_HTML: return AXE_FORMAT_HTML;
	case AXE_OUTPUT_TEX: return AXE_FORMAT_TEX;
	default: return AXE_FORMAT_TEXT;
	}
}

/* Whether "form" is a picture (a scene written as SVG, HTML or TeX). */
static inline bool axe_api_is_picture(enum axe_output form)
{
	return form == AXE_OUTPUT_SVG || form == AXE_OUTPUT_HTML || form == AXE_OUTPUT_TEX;
}

/* A report being written (axe.h, "Reports"). */
struct axe_report {
	axe_writer *w;       /* where the output modules write, until closed */
	axe_buffer buf;      /* the kept output, when there is no stream */
	FILE *stream;        /* or the caller's stream */
	char *text;          /* the kept output, once closed */
	int status;          /* enum axe_exit */
	char reason[2048];   /* room for the longest codegen reason (axe_cuda_outcome) */
	char notes[4096];
};

/* A report writing to "out" (NULL: kept in memory); NULL with "err" set. */
axe_report *axe_report_open(FILE *out, axe_error *err);

/* Add a warning line (the command prints it on stderr). */
void axe_report_note(axe_report *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * Finish "r" with exit status "status" and "reason" (kept only when the
 * status is not OK): "r", or NULL (and "r" freed) with "err" set when the
 * output could not be written.  NULL "r" gives NULL.
 */
axe_report *axe_report_close(axe_report *r, int status, const char *reason, axe_error *err);

/*
 * The walk options of the public "walk" (NULL: the defaults), with
 * "progress" as the storage its callback needs.
 */
axe_walk_options axe_api_walk(const axe_walk *walk, axe_progress *progress);

/* Copy "text" into "why" of "size" bytes (NULL or 0: nowhere). */
void axe_why_copy(char *why, size_t size, const char *text);

#endif
