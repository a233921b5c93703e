/*
 * convert.h: `convert`, a layout written in another tool's notation
 * (docs/interop.md, "Writing layouts back").  Apart from interop.h so that
 * output/ can print results without the readers' interface.
 */
#ifndef AXE_INTEROP_CONVERT_H
#define AXE_INTEROP_CONVERT_H

#include <stdbool.h>
#include <stddef.h>

#include "../core/error.h"
#include "../core/layout.h"

/*
 * `convert`: a layout in another notation.  "text" is the writer's text,
 * read back with the same notation's reader and proved equal to the layout
 * before it is returned; when no such form exists "expressible" is false and
 * "reason" says why; when the proof is undecided "undecided" is set.
 */
typedef struct axe_convert {
	const char *to;          /* the target's name (static) */
	bool expressible;
	bool undecided;
	char *text;              /* owned, or NULL */
	char reason[512];
} axe_convert;

/*
 * The names `convert --to` takes, "axe" and every writer of formats.def,
 * into "names" (room for "max"); their count.
 */
size_t axe_convert_targets(const char **names, size_t max);

/*
 * Convert the layout "layout" on "shape" with element type "dtype" (or -1)
 * to notation "to" into "out".  A NULL "layout" stands for an `expr:` layout
 * (writers take S/R/O forms), "why_expr" saying why it has no compact form
 * ("" or NULL when unknown).  0 with "out" filled (an
 * answer, expressible or not), or -1 on an error: an unknown target (with a
 * "did you mean"), or what the writer printed reading back as another
 * layout (a writer bug, reported with the first differing point).
 */
int axe_convert_layout(const axe_layout *layout, const axe_shape *shape, int dtype,
		       const char *why_expr, const char *to, axe_convert *out, axe_error *err);

void axe_convert_release(axe_convert *c);

#endif
