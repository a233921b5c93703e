/*
 * check_equal.c: the `equal` and `not-equal` checks, decided by the route of
 * prove/prove.h (canonical forms, enumeration, Z3).
 *
 *   - equal: [A, B]
 *   - equal: {layouts: [A, B], method: smt, timeout: 10}
 *   - not-equal: [A, B]
 *
 * `method` forces the route that must decide it.  An undecided comparison
 * (solver timeout) fails the check and says so.  A and B may be `expr:`
 * layouts.
 */
#include <stdio.h>
#include <string.h>

#include "../core/relate.h"
#include "../expr/expr_layout.h"
#include "../prove/prove.h"
#include "check.h"

/* One side: the entry's layout, or its expr: layout built here (owned). */
static int read_side(axe_check_ctx *ctx, const axe_node *name, axe_equal_side *side,
		     axe_expr_layout **owned, const char **label)
{
	const axe_spec_layout *e = axe_check_layout(ctx, name, NULL);

	if (!e)
		return -1;
	memset(side, 0, sizeof(*side));
	side->layout = e->layout;
	side->shape = e->shape;
	side->shape_given = e->has_shape;
	*label = e->name;
	if (!e->layout && e->expr) {
		side->expr = e->expr; /* imported from another tool's notation */
		side->shape = e->expr->shape;
		side->shape_given = true;
	} else if (!e->layout) {
		*owned = axe_expr_layout_from_spec(ctx->spec, e, ctx->err);
		if (!*owned)
			return -1;
		side->expr = *owned;
		side->shape = (*owned)->shape;
		side->shape_given = true;
	}
	return 0;
}

/* The pair of names and the options of the check's value. */
static int read_request(axe_check_ctx *ctx, const axe_node **pair, axe_equal_options *opt)
{
	static const char *const keys[] = { "layouts", "method", "timeout", NULL };
	const axe_node *v = ctx->value, *method, *timeout;
	int64_t seconds;

	*opt = (axe_equal_options){ .method = AXE_METHOD_AUTO, .timeout = 10 };
	if (v->kind == AXE_NODE_MAP) {
		if (axe_check_keys(ctx, keys) < 0 || !(v = axe_check_require(ctx, "layouts")))
			return -1;
		method = axe_node_get(ctx->value, "method");
		timeout = axe_node_get(ctx->value, "timeout");
		if (method) {
			int m = method->kind == AXE_NODE_SCALAR ? axe_equal_method_lookup(method->scalar)
								 : -1;
			if (m < 0)
				return axe_check_error(ctx, method, "unknown method (auto, canon, enum "
						       "or smt)");
			opt->method = (enum axe_equal_method)m;
		}
		if (timeout) {
			if (axe_node_int(ctx->spec, timeout, "'timeout'", &seconds, ctx->err) < 0)
				return -1;
			opt->timeout = (double)seconds;
		}
	}
	if (v->kind != AXE_NODE_SEQ || v->nitems != 2)
		return axe_check_error(ctx, v, "expected two layout names, e.g. [frag, frag_struct]");
	pair[0] = v->items[0];
	pair[1] = v->items[1];
	return 0;
}

/* "{laneid: 8, warpid: 6}, {...}" for "n" rows of the result's images. */
static void describe_images(char *buf, size_t size, const axe_equal_result *res,
			    const int64_t *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		axe_check_append(buf, size, "%s{", i ? ", " : "");
		for (size_t a = 0; a < res->naxes; a++)
			axe_check_append(buf, size, "%s%s: %lld", a ? ", " : "", res->axis[a],
					 (long long)rows[i * res->naxes + a]);
		axe_check_append(buf, size, "}");
	}
}

static void describe_counterexample(axe_check_ctx *ctx, const axe_equal_result *res,
				    const char *a, const char *b)
{
	char *msg = ctx->result->message;
	size_t size = sizeof(ctx->result->message);

	axe_check_append(msg, size, " at (");
	for (size_t d = 0; d < res->shape.rank; d++)
		axe_check_append(msg, size, "%s%lld", d ? ", " : "", (long long)res->coord[d]);
	axe_check_append(msg, size, "): %s -> ", a);
	describe_images(msg, size, res, res->a_images, res->na);
	axe_check_append(msg, size, "; %s -> ", b);
	describe_images(msg, size, res, res->b_images, res->nb);
}

static void judge(axe_check_ctx *ctx, const axe_equal_result *res, bool want_equal,
		  const axe_equal_options *opt, const char *a, const char *b)
{
	if (res->verdict == AXE_VERDICT_UNKNOWN) {
		axe_check_fail(ctx, "undecided: %s", res->reason);
	} else if ((res->verdict == AXE_VERDICT_TRUE) != want_equal) {
		axe_check_fail(ctx, "%s", want_equal ? "not equal" : "equal");
		if (res->has_counterexample)
			describe_counterexample(ctx, res, a, b);
		else if (res->reason[0])
			axe_check_append(ctx->result->message, sizeof(ctx->result->message),
					 ": %s", res->reason);
	} else if (opt->method != AXE_METHOD_AUTO && res->method != opt->method) {
		axe_check_fail(ctx, "decided by %s, but the check requires %s",
			       axe_equal_method_name(res->method), axe_equal_method_name(opt->method));
	}
}

/*
 * Related thread axes of two S/R/O sides (core/relate.h) rewritten into
 * "L" (owned copies, NULL when not needed); "note" says what was done.
 */
static int relate(axe_check_ctx *ctx, axe_equal_side *side, axe_layout **L, char *note,
		  size_t size)
{
	int rc;

	note[0] = '\0';
	if (!side[0].layout || !side[1].layout)
		return 0;
	L[0] = axe_layout_dup(side[0].layout);
	L[1] = axe_layout_dup(side[1].layout);
	if (!L[0] || !L[1])
		return axe_error_set(ctx->err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if ((rc = axe_layouts_relate(&L[0], &L[1], note, size, ctx->err)) < 0)
		return -1;
	if (rc != 1)
		note[0] = '\0';
	side[0].layout = L[0];
	side[1].layout = L[1];
	return 0;
}

/* A failed `equal` whose sides spell an axis differently: say which. */
static void typo_hint(axe_check_ctx *ctx, const axe_equal_side *side, const char *const *label)
{
	char note[256];
	size_t na = side[0].layout ? side[0].layout->naxes : side[0].expr->naxes;
	size_t nb = side[1].layout ? side[1].layout->naxes : side[1].expr->naxes;
	char *const *a = side[0].layout ? side[0].layout->axis : side[0].expr->axis;
	char *const *b = side[1].layout ? side[1].layout->axis : side[1].expr->axis;

	if (axe_axes_typo(a, na, label[0], b, nb, label[1], note, sizeof(note)))
		axe_check_append(ctx->result->message, sizeof(ctx->result->message), " (%s)", note);
}

static int run(axe_check_ctx *ctx, bool want_equal)
{
	const axe_node *pair[2] = { NULL, NULL };
	axe_equal_side side[2];
	axe_expr_layout *owned[2] = { NULL, NULL };
	axe_layout *related[2] = { NULL, NULL };
	const char *label[2];
	axe_equal_options opt;
	axe_equal_result res;
	char note[512];
	int r = -1;

	memset(&res, 0, sizeof(res));
	if (read_request(ctx, pair, &opt) < 0 ||
	    read_side(ctx, pair[0], &side[0], &owned[0], &label[0]) < 0 ||
	    read_side(ctx, pair[1], &side[1], &owned[1], &label[1]) < 0)
		goto out;
	snprintf(ctx->result->name, sizeof(ctx->result->name), "%s %s %s",
		 want_equal ? "equal" : "not-equal", label[0], label[1]);
	if (relate(ctx, side, related, note, sizeof(note)) < 0 ||
	    axe_prove_equal(&side[0], &side[1], &opt, &res, ctx->err) < 0)
		goto out;
	judge(ctx, &res, want_equal, &opt, label[0], label[1]);
	if (note[0] && ctx->result->status == AXE_CHECK_FAIL)
		axe_check_append(ctx->result->message, sizeof(ctx->result->message),
				 " (thread-axis relations: compared %s)", note);
	if (ctx->result->status == AXE_CHECK_FAIL && want_equal)
		typo_hint(ctx, side, label);
	r = 0;
out:
	axe_layout_free(related[0]);
	axe_layout_free(related[1]);
	axe_equal_result_release(&res);
	axe_expr_layout_free(owned[0]);
	axe_expr_layout_free(owned[1]);
	return r;
}

int axe_check_equal(axe_check_ctx *ctx)
{
	return run(ctx, true);
}

int axe_check_not_equal(axe_check_ctx *ctx)
{
	return run(ctx, false);
}
