/*
 * eval_out.h: text and JSON Lines for `eval` (axe-layout(1)): points with their
 * images, preimages of physical points, and the checksum summary.
 */
#ifndef AXE_OUTPUT_EVAL_OUT_H
#define AXE_OUTPUT_EVAL_OUT_H

#include <stdbool.h>

#include "../core/eval.h"
#include "writer.h"

typedef enum axe_format {
	AXE_FORMAT_TEXT,
	AXE_FORMAT_JSON,
	AXE_FORMAT_SVG,  /* pictures (show, banks, check-equal): scene.h */
	AXE_FORMAT_HTML,
	AXE_FORMAT_TEX,  /* pictures: a standalone LaTeX document (TikZ) */
} axe_format;

/* Labels prepared once per evaluator so that each line is a few copies. */
typedef struct axe_image_printer {
	const axe_evaluator *ev;
	axe_format format;
	size_t rank;
	char **label;   /* per axis: "{laneid: " / ", warpid: " or JSON keys */
	size_t *label_len;
} axe_image_printer;

int axe_image_printer_init(axe_image_printer *p, const axe_evaluator *ev, axe_format format);
void axe_image_printer_release(axe_image_printer *p);

/* One line: the point "coord" and its "nimages" images. */
void axe_print_point(axe_writer *w, const axe_image_printer *p, const int64_t *coord,
		     const int64_t *images, size_t nimages);

/*
 * Every point of the domain in row-major order, one line each, or the first
 * "limit" when it is positive; stops early when the writer fails (the reader
 * went away).
 */
int axe_print_all(axe_writer *w, const axe_image_printer *p, bool with_replicas,
		  int64_t limit, axe_error *err);

/*
 * One line: the physical point "target" (the axes "given" selects, all when
 * NULL) and its preimages ("n" flat indices).
 */
void axe_print_preimages(axe_writer *w, const axe_image_printer *p, const int64_t *target,
			 const bool *given, const int64_t *flats, size_t n);

void axe_print_checksum(axe_writer *w, const axe_checksum *sum, axe_format format);

#endif
