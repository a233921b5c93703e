/*
 * lego.h: LEGO layout expressions (docs/interop.md, "LEGO"; the LEGO paper:
 * Tavakkoli, Oancea, Hall, section III and Figures 3-5), shared by the
 * parser (lego_parse.c), the reference evaluator (lego_ref.c) and the
 * converter and writer (lego.c).  Private to interop/.
 *
 * A parsed expression is normalised to the paper's core grammar: the logical
 * dims of its GroupBy, and the OrderBy blocks in the order `apply` runs them
 * (Figure 5 runs a GroupBy's objects last to first; in a method chain the
 * OrderBy nearest the GroupBy runs first).  TileBy is desugared as LEGO's
 * Python front end does (lego/lego.py, OrderBy.TileBy).
 */
#ifndef AXE_INTEROP_LEGO_H
#define AXE_INTEROP_LEGO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/error.h"
#include "../expr/expr.h"
#include "interop.h"

#define LEGO_MAX_DIMS AXE_MAX_RANK /* dims of one permutation or GroupBy */
#define LEGO_MAX_PERMS 16          /* permutations of one OrderBy */
#define LEGO_MAX_ORDERS 32         /* OrderBy blocks of one layout, TileBy's included */

typedef enum lego_perm_kind { LEGO_REGP, LEGO_GENP } lego_perm_kind;

/* RegP(dims, sigma) or GenP(dims, lambda ...: expr): one tile's permutation. */
typedef struct lego_perm {
	lego_perm_kind kind;
	size_t d;
	int64_t dims[LEGO_MAX_DIMS];
	int sigma[LEGO_MAX_DIMS];  /* RegP, 0-based: sigma(v)[p] = v[sigma[p]] */
	axe_expr_ctx *ctx;         /* GenP, owned: the lambda's names, variables 0..d-1 */
	const axe_expr *f;         /* GenP: the flat index within the tile */
	size_t pos, len;           /* the text it came from, for errors */
} lego_perm;

typedef struct lego_order {
	size_t pos, len;           /* the text it came from, for errors */
	size_t nperm;
	lego_perm perm[LEGO_MAX_PERMS];
} lego_order;

typedef struct lego_layout {
	size_t rank;                        /* logical dims: the GroupBy's, flattened */
	int64_t dims[LEGO_MAX_DIMS];
	size_t norder, cap;                 /* in apply order: order[0] runs first */
	lego_order *order;                  /* owned */
	bool has_genp;
} lego_layout;

/*
 * Parse "text" (a LEGO expression) at "where", with names bound by "bind"
 * ("nbind" of them), into "out".  Every OrderBy must cover as many elements
 * as the GroupBy.  0, or -1 with an error at the offending text.
 */
int axe_lego_parse(const char *text, const axe_loc *where, const axe_binding *bind,
		   size_t nbind, lego_layout *out, axe_error *err);

void axe_lego_release(lego_layout *l);

/*
 * The reference relation of "l" (LEGO's own apply, Figures 4 and 5, run on
 * integers): every logical point and its flat index on axis "m".  0 or -1.
 */
int axe_lego_reference(const lego_layout *l, axe_reference *ref, axe_error *err);

/*
 * Validate "imp" against the reference of "l": at one point per bit when
 * "l" is a bit permutation (power-of-two dims, RegPs only: lego_ref.c
 * holds the argument), else at every point.  0, or -1 with the first
 * differing point checked.
 */
int axe_lego_validate(const lego_layout *l, const axe_import *imp, axe_error *err);

#endif
