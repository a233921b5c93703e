/*
 * canon.h: the canonical form of a layout (Axe paper, Appendix A;
 * semantics.md "Canonical form").  Canonicalization never changes the
 * induced map; under the gap condition equal maps have identical canonical
 * forms (Theorem A.2), so identical forms prove equality.
 */
#ifndef AXE_ALGEBRA_CANON_H
#define AXE_ALGEBRA_CANON_H

#include <stdbool.h>

#include "../core/layout.h"

enum axe_canon_rule {
#define RULE(name, text) AXE_RULE_##name,
#include "canon_rules.def"
#undef RULE
	AXE_RULE_COUNT
};

typedef struct axe_canon_trace {
	unsigned fired[AXE_RULE_COUNT]; /* how many times each rule applied */
	bool gap_condition;             /* GC holds on every replica axis */
} axe_canon_trace;

const char *axe_canon_rule_name(enum axe_canon_rule rule);
const char *axe_canon_rule_text(enum axe_canon_rule rule);

/*
 * The canonical form of "layout" (a new layout; the swizzle is kept).
 * "report" (may be NULL) receives the rules that fired and the gap
 * condition.  NULL on error (overflow or no memory).
 */
axe_layout *axe_layout_canon(const axe_layout *layout, axe_canon_trace *report,
			     axe_error *err);

/* Only the shard rules D0 and D1, in place ("fired" may be NULL). */
void axe_layout_normalize_shard(axe_layout *layout, unsigned *fired);

#endif
