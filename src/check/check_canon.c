/*
 * check_canon.c: the `canon` check: {layout: L, expect: "S[...]"} holds when
 * the canonical form of L prints as the expected text does after parsing
 * (so spacing and `@m` are free); `gap_condition: true|false` optionally pins
 * the gap condition of the canonical replica.
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

int axe_check_canon(axe_check_ctx *ctx)
{
	static const char *const keys[] = { "layout", "expect", "gap_condition", NULL };
	const axe_node *lname, *expect, *gap;
	const axe_spec_layout *entry;
	axe_canon_trace report;
	axe_layout *want, *canon;
	axe_error local;
	char *want_text = NULL, *got_text = NULL;

	if (axe_check_keys(ctx, keys) < 0 || !(lname = axe_check_require(ctx, "layout")) ||
	    !(expect = axe_check_require(ctx, "expect")) ||
	    !(entry = axe_check_layout(ctx, lname, false)) || !(want = read_expected(ctx, expect)))
		return -1;
	axe_error_init(&local);
	canon = axe_layout_canon(entry->layout, &report, &local);
	if (!canon) {
		axe_layout_free(want);
		return axe_check_error(ctx, lname, "%s", local.message);
	}
	snprintf(ctx->result->name, sizeof(ctx->result->name), "canon %s", entry->name);
	want_text = axe_layout_to_string(want);
	got_text = axe_layout_to_string(canon);
	gap = axe_node_get(ctx->value, "gap_condition");
	if (!want_text || !got_text || strcmp(want_text, got_text) != 0)
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
