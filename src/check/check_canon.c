/*
 * check_canon.c: the `canon` check: {layout: L, expect: "S[...]"} holds when
 * the canonical form of L prints as the expected text does after parsing
 * (so spacing and `@m` are free); `gap_condition: true|false` optionally pins
 * the gap condition of the canonical replica.  An `expr:` layout has no
 * canonical form (what `canon` answers, status 1): `expect: none` holds for
 * it alone, and a layout text fails saying why there is none.
 */
#include <stdlib.h>
#include <string.h>

#include "../algebra/canon.h"
#include "../parse/parse.h"
#include "check.h"

/* The expected layout text, parsed with positions inside the spec file. */
static axe_layout *read_expected(const axe_check_ctx *ctx, const axe_node *node)
{
	axe_loc origin;

	if (node->kind != AXE_NODE_SCALAR)
		return axe_check_error(ctx, node, "'expect' of a canon check is a layout text"),
		       NULL;
	origin = axe_spec_loc(ctx->spec, node);
	if (node->quoted)
		origin.col++; /* the text starts after the quote */
	return axe_layout_parse_at(node->scalar, node->len, &origin, ctx->err);
}

/* Whether "expect" is the word none: the layout has no compact form. */
static bool expects_none(const axe_node *expect)
{
	return expect->kind == AXE_NODE_SCALAR && strcmp(expect->scalar, "none") == 0;
}

/*
 * Why `expr:` entry "e" has no compact form, as `canon` says it: an
 * import's own reason, or what an `expr:` layout is.
 */
static void why_none(const axe_spec_layout *e, char *why, size_t size)
{
	if (e->why_expr[0])
		snprintf(why, size, "%s", e->why_expr);
	else
		snprintf(why, size, "'%s' is an expr: layout, index expressions that were not "
			 "read from S/R/O terms, and canonical forms rewrite those terms", e->name);
}

/* The check of "entry", which has a canonical form, against "expect"; 0 or -1. */
static int judge_canon(axe_check_ctx *ctx, const axe_spec_layout *entry, const axe_node *lname,
		       const axe_node *expect)
{
	axe_canon_trace report;
	axe_layout *want = NULL, *canon;
	axe_error local;
	char *want_text = NULL, *got_text = NULL;
	const axe_node *gap;

	if (!expects_none(expect) && !(want = read_expected(ctx, expect)))
		return -1;
	axe_error_init(&local);
	canon = axe_layout_canon(entry->layout, &report, &local);
	if (!canon) {
		axe_layout_free(want);
		return axe_check_error(ctx, lname, "%s", local.message);
	}
	want_text = want ? axe_layout_to_string(want) : NULL;
	got_text = axe_layout_to_string(canon);
	gap = axe_node_get(ctx->value, "gap_condition");
	if (!want)
		axe_check_fail(ctx, "expected no compact form; got %s", got_text ? got_text : "?");
	else if (!want_text || !got_text || strcmp(want_text, got_text) != 0)
		axe_check_fail(ctx, "expected %s; got %s", want_text ? want_text : "?",
			       got_text ? got_text : "?");
	else if (gap && (strcmp(gap->scalar ? gap->scalar : "", "true") == 0) !=
			report.gap_condition)
		axe_check_fail(ctx, "expected the gap condition to %s; it does %s",
			       report.gap_condition ? "fail" : "hold",
			       report.gap_condition ? "hold" : "not hold");
	free(want_text);
	free(got_text);
	axe_layout_free(want);
	axe_layout_free(canon);
	return 0;
}

int axe_check_canon(axe_check_ctx *ctx)
{
	static const char *const keys[] = { "layout", "expect", "gap_condition", NULL };
	const axe_node *lname, *expect;
	const axe_spec_layout *entry;
	axe_layout *want;
	char why[512];

	if (axe_check_keys(ctx, keys) < 0 || !(lname = axe_check_require(ctx, "layout")) ||
	    !(expect = axe_check_require(ctx, "expect")) ||
	    !(entry = axe_check_layout(ctx, lname, NULL)))
		return -1;
	snprintf(ctx->result->name, sizeof(ctx->result->name), "canon %s", entry->name);
	if (entry->layout)
		return judge_canon(ctx, entry, lname, expect);
	/* No canonical form: the expected text is still read, so a typo is an error. */
	if (expects_none(expect))
		return 0;
	if (!(want = read_expected(ctx, expect)))
		return -1;
	axe_layout_free(want);
	why_none(entry, why, sizeof(why));
	return axe_check_fail(ctx, "no compact form: %s", why);
}
