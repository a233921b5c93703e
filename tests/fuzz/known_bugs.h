/*
 * known_bugs.h: inputs the fuzz harnesses set aside because they hit a bug
 * already reported to its owner and not yet fixed; each test says which.
 * Delete a test (and its callers' use of it) once its bug is fixed: the
 * harnesses then hold those inputs to every invariant again.  (One more is
 * inline in fuzz_spec.c: errors inside a block scalar that starts with blank
 * lines are placed on the wrong line, so the line check skips '|' and '>'.)
 */
#ifndef AXE_FUZZ_KNOWN_BUGS_H
#define AXE_FUZZ_KNOWN_BUGS_H

#include <stdbool.h>
#include <stdint.h>

#include "expr/expr.h"

/*
 * Whether "e" holds x % y or x / y with -2^63 in x's range and -1 in y's.
 * axe_expr_parse accepts "-9223372036854775808 % -1" (range [0, 0]), but
 * axe_expr_eval refuses it, so axe_expr_layout_eval fails its assertion
 * (expr_layout.c: `r == 0`) and `check-equal --expr` aborts.  The floor
 * modulo is 0; the quotient 2^63 does not fit and should be refused by the
 * parser.
 */
static inline bool axe_known_min_mod(const axe_expr *e)
{
	if (!e || e->op == AXE_EXPR_CONST || e->op == AXE_EXPR_VAR)
		return false;
	if ((e->op == AXE_EXPR_MOD || e->op == AXE_EXPR_DIV) && e->a->lo == INT64_MIN &&
	    e->b->lo <= -1 && e->b->hi >= -1)
		return true;
	return axe_known_min_mod(e->a) || axe_known_min_mod(e->b);
}

#endif
