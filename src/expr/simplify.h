/*
 * simplify.h: the range-aware simplifier of index expressions (LEGO paper,
 * section IV.A and Table II; the rules are in simplify_rules.def).
 *
 * A rewrite is applied only when its side condition holds for every value of
 * the variables in their ranges.  Interval analysis decides most conditions;
 * a condition it cannot decide is first probed at a few corner points of the
 * variables' box (a violation refutes it at once) and then handed to the
 * caller's prover (prove/z3.c supplies a Z3 one).  Without a prover an
 * undecided condition refuses the rewrite: the simplifier never guesses.
 */
#ifndef AXE_EXPR_SIMPLIFY_H
#define AXE_EXPR_SIMPLIFY_H

#include "../axe.h"
#include "expr.h"

enum axe_simplify_rule {
#define RULE(name, pattern, condition, source) AXE_SIMP_##name,
#include "simplify_rules.def"
#undef RULE
	AXE_SIMP_RULE_COUNT
};

const char *axe_simplify_rule_name(enum axe_simplify_rule rule);
const char *axe_simplify_rule_pattern(enum axe_simplify_rule rule);
const char *axe_simplify_rule_condition(enum axe_simplify_rule rule);

/* A side condition: "e" compared with 0. */
enum axe_expr_rel {
	AXE_REL_GE0, /* e >= 0 */
	AXE_REL_GT0, /* e > 0 */
	AXE_REL_NE0, /* e != 0 */
};

/*
 * A decision procedure: whether "e rel 0" holds for every value of the
 * variables of "ctx" in their ranges.  TRUE only with a proof, FALSE only
 * with a witness, UNKNOWN otherwise (timeout, unsupported).
 */
typedef struct axe_expr_prover {
	enum axe_verdict (*prove)(void *data, const axe_expr_ctx *ctx, const axe_expr *e,
				  enum axe_expr_rel rel);
	void *data;
} axe_expr_prover;

typedef struct axe_simplify_report {
	unsigned fired[AXE_SIMP_RULE_COUNT];   /* rewrites applied */
	unsigned refused[AXE_SIMP_RULE_COUNT]; /* pattern matched, condition not shown */
	unsigned by_interval;   /* conditions decided by interval analysis */
	unsigned by_probe;      /* conditions refuted at a corner point */
	unsigned proved;        /* conditions the prover proved */
	unsigned disproved;     /* conditions the prover refuted */
	unsigned undecided;     /* conditions nobody decided (rewrite refused) */
} axe_simplify_report;

/*
 * The simplified form of "e": equal to "e" for every value of the variables
 * in their ranges, and never less defined.  "prover" and "report" may be
 * NULL.  NULL only when memory runs out.
 */
const axe_expr *axe_expr_simplify(axe_expr_ctx *ctx, const axe_expr *e,
				  const axe_expr_prover *prover, axe_simplify_report *report);

#endif
