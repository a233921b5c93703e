/*
 * expr_layout.h: `expr:` layouts (spec-format.md section 2): a hand-written
 * index map per physical axis over named logical variables, with optional
 * replica variables whose every value gives one image, as in a kernel's
 * index arithmetic.  They come from a YAML spec or from the command line
 * (--expr, --vars, --replica-vars with --shape).
 */
#ifndef AXE_EXPR_EXPR_LAYOUT_H
#define AXE_EXPR_EXPR_LAYOUT_H

#include "../spec/spec.h"
#include "expr.h"

#define AXE_EXPR_MAX_IMAGES (1 << 16) /* replica combinations of one layout */

typedef struct axe_expr_layout {
	axe_expr_ctx *ctx;      /* owned: variables and expressions */
	axe_shape shape;        /* logical shape; variable d ranges over [0, dim[d]) */
	size_t rank;            /* the logical variables are ctx variables [0, rank) */
	size_t nreplica;        /* replica variables: ctx variables [rank, rank + nreplica) */
	int64_t nimages;        /* replica combinations: the product of their counts */
	size_t naxes;
	char **axis;            /* axis names, in the order written */
	const axe_expr **expr;  /* per axis: its value */
} axe_expr_layout;

/*
 * The `expr:` layout "entry" of "spec" (entry->node holds shape, vars,
 * replica_vars and expr; spec.c checked their kinds).  Errors name the file,
 * line and column of the offending text.  NULL on error.
 */
axe_expr_layout *axe_expr_layout_from_spec(const axe_spec *spec, const axe_spec_layout *entry,
					   axe_error *err);

/*
 * An `expr:` layout from the command line: "exprs" is "axis=EXPR;axis=EXPR",
 * "vars" "i,j" (NULL: i0, i1, ...), "replica_vars" "r=2,s=4" (may be NULL).
 * Errors are placed in the option's text (--expr, --vars, --replica-vars).
 */
axe_expr_layout *axe_expr_layout_from_text(const char *exprs, const char *vars,
					   const char *replica_vars, const axe_shape *shape,
					   axe_error *err);

void axe_expr_layout_free(axe_expr_layout *layout);

/* The index of axis "name" in "layout", or -1. */
int axe_expr_layout_axis_index(const axe_expr_layout *layout, const char *name);

/* The number of points: the product of the shape (fits, the shape was checked). */
int64_t axe_expr_layout_size(const axe_expr_layout *layout);

/*
 * The images of the point "coord" (layout->rank values inside the shape):
 * one row of layout->naxes values per replica combination (first replica
 * variable slowest), duplicates removed keeping the first, into "images"
 * (room for layout->nimages rows).  "scratch" holds ctx->nvars values.
 * Returns the number of distinct images.
 */
size_t axe_expr_layout_eval(const axe_expr_layout *layout, const int64_t *coord,
			    int64_t *images, int64_t *scratch);

#endif
