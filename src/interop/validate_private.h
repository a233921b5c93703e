/*
 * validate_private.h: what the translation validators (validate.c,
 * validate_gf2.c) share: the import evaluated at one point, the frame
 * checks before any point and the text of an image set in a report.
 * Private to interop/.
 */
#ifndef AXE_INTEROP_VALIDATE_PRIVATE_H
#define AXE_INTEROP_VALIDATE_PRIVATE_H

#include "../core/eval.h"
#include "interop.h"

/* An import evaluated at single points, its images on a reference's axes. */
typedef struct axe_import_eval {
	const axe_import *imp;
	axe_evaluator ev;
	int *axis_of;            /* per reference axis: the import's axis, or -1 */
	int64_t *raw, *scratch, *base;
	int64_t *rows;           /* converted, sorted and unique */
	size_t nraw;             /* image rows "raw" can hold */
} axe_import_eval;

/* Prepare "ie" for "imp" on the axes of "ref" (its naxes and axis only); 0 or -1. */
int axe_import_eval_init(axe_import_eval *ie, const axe_import *imp, const axe_reference *ref,
			 axe_error *err);
void axe_import_eval_release(axe_import_eval *ie);

/*
 * The import's images at "coord", whose row-major index in the import's
 * shape is "flat", on the axes of "ref" (0 where the import does not name
 * one), sorted and unique, into ie->rows; their count.
 */
size_t axe_import_eval_images(axe_import_eval *ie, const axe_reference *ref, int64_t flat,
			      const int64_t *coord);

/* The same at flat point "p" of ref's shape, its coordinates into "coord". */
size_t axe_import_eval_at(axe_import_eval *ie, const axe_reference *axes, int64_t p,
			  int64_t *coord);

/*
 * The checks before any point: "imp" has the shape of "ref" and names no
 * axis "ref" does not (only ref's shape, naxes and axis are read).  0, or
 * -1 with an internal error naming "format".
 */
int axe_validate_same_frame(const axe_import *imp, const axe_reference *ref, const char *format,
			    axe_error *err);

/* "n" rows of images on the axes of "ref", as `{axis: v, ...}, ...`, into "buf". */
void axe_validate_format_images(const axe_reference *ref, const int64_t *rows, int64_t n,
				char *buf, size_t size);

#endif
