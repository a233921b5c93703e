/*
 * algebra_test.c: the reports of group, tile, tile-of, slice and dsum
 * (axe.h, "[algebra]") against the commands' goldens (tests/cli/group.t,
 * tile.t, tile_of.t, slice.t, dsum.t, scalar.t): the text and JSON, the
 * FALSE status and reason of an operation without a result, errors placed
 * on the option, and a stream getting what a report keeps.
 */
#include "check.h"

/* "text" with the operand option `shape` named "option" (NULL: --shape). */
static axe_map *read_shaped(const char *text, const char *shape, const char *option)
{
	return read_map_with(text, &(axe_map_options){ .shape = shape, .shape_option = option });
}

/* Does report "r" hold "text" with status "status"?  Frees "r". */
static int report_is(axe_report *r, const char *text, int status)
{
	int ok = r && strcmp(axe_report_text(r), text) == 0 && axe_report_status(r) == status;

	if (r && !ok)
		printf("# got status %d:\n%s", axe_report_status(r), axe_report_text(r));
	axe_report_free(r);
	return ok;
}

static void test_group(void)
{
	axe_map *m = read_map("S[(8,16):(16,1)]", "4,32", NULL);
	axe_map *bad = read_map("S[(2,3):(10,1)]", "3,2", NULL);
	const char *why = "dimension 0 (extent 3) cannot be formed: it still needs a factor 3 "
			  "when it reaches iter 2:10, whose extent neither divides 3 nor is a "
			  "multiple of it";
	axe_error err;
	axe_report *r;
	char want[512];

	axe_error_init(&err);
	check(report_is(m ? axe_group_report(m, AXE_OUTPUT_TEXT, NULL, &err) : NULL,
			"S[(4,32):(32,1)]\nshape: (4, 32)\nblocks:\n"
			"  dimension 0 (extent 4): iters [0, 1) S[4:32]\n"
			"  dimension 1 (extent 32): iters [1, 2) S[32:1]\n", AXE_EXIT_OK),
	      "group prints the grouped layout, its shape and blocks");
	check(report_is(m ? axe_group_report(m, AXE_OUTPUT_JSON, NULL, &err) : NULL,
			"{\"layout\":\"S[(4,32):(32,1)]\",\"shape\":[4,32],"
			"\"blocks\":[[0,1],[1,2]]}\n", AXE_EXIT_OK),
	      "group --json");
	r = bad ? axe_group_report(bad, AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(r && strcmp(axe_report_reason(r), why) == 0 && err.code == AXE_ERR_NONE,
	      "no grouping: the reason, and no error");
	snprintf(want, sizeof(want), "cannot group: %s\n", why);
	check(report_is(r, want, AXE_EXIT_FALSE), "no grouping: 'cannot group: REASON', status 1");
	snprintf(want, sizeof(want), "{\"layout\":null,\"reason\":\"%s\"}\n", why);
	check(report_is(bad ? axe_group_report(bad, AXE_OUTPUT_JSON, NULL, &err) : NULL, want,
			AXE_EXIT_FALSE), "no grouping, --json");
	axe_map_free(m);
	axe_map_free(bad);
}

static void test_tile(void)
{
	axe_map *outer = read_map("S[(2,2):(2,1)]", NULL, NULL);
	axe_map *inner = read_map("S[(4,4):(4,1)]", NULL, NULL);
	axe_map *rank1 = read_shaped("S[(2,2):(2,1)]", "4", "--outer-shape");
	axe_map *inner1 = read_shaped("S[(4,4):(4,1)]", "16", "--inner-shape");
	axe_map *odd = read_shaped("S[(2,3):(10,1)]", "3,2", "--outer-shape");
	axe_error err;

	axe_error_init(&err);
	check(report_is(outer && inner ? axe_tile_report(outer, inner, AXE_OUTPUT_TEXT, NULL,
							 &err) : NULL,
			"S[(2,4,2,4):(32,4,16,1)]\nshape: (8, 8)\n"
			"interleaved shape: (2, 4, 2, 4)\ninner span: {m: 16}\n", AXE_EXIT_OK),
	      "tile: section 3.3's block layout");
	check(report_is(outer && inner ? axe_tile_report(outer, inner, AXE_OUTPUT_JSON, NULL,
							 &err) : NULL,
			"{\"layout\":\"S[(2,4,2,4):(32,4,16,1)]\",\"shape\":[8,8],"
			"\"interleaved\":[2,4,2,4],\"span\":{\"m\":16}}\n", AXE_EXIT_OK),
	      "tile --json");
	check(report_is(rank1 && inner1 ? axe_tile_report(rank1, inner1, AXE_OUTPUT_TEXT,
							  NULL, &err) : NULL,
			"S[64:1]\nshape: (64)\ninterleaved shape: (4, 16)\ninner span: {m: 16}\n",
			AXE_EXIT_OK), "tile --outer-shape 4 --inner-shape 16");
	check(report_is(odd && outer ? axe_tile_report(odd, outer, AXE_OUTPUT_TEXT, NULL,
						       &err) : NULL,
			"cannot tile: the outer shape does not group the outer layout: dimension 0 "
			"(extent 3) cannot be formed: it still needs a factor 3 when it reaches "
			"iter 2:10, whose extent neither divides 3 nor is a multiple of it\n",
			AXE_EXIT_FALSE), "tile without a result: status 1");
	axe_map_free(outer);
	axe_map_free(inner);
	axe_map_free(rank1);
	axe_map_free(inner1);
	axe_map_free(odd);
}

static void test_tile_of_and_dsum(void)
{
	axe_map *t = read_map("S[(2,4,2,4):(32,4,16,1)]", "8,8", NULL);
	axe_map *inner = read_map("S[(4,4):(4,1)]", NULL, NULL);
	axe_map *sum = read_map("S[16:1]", "4,4", NULL), *span6 = read_map("S[(2,2):(4,1)]", NULL,
									   NULL);
	axe_map *five = read_map("5", NULL, NULL), *two = read_map("S[2:1]", NULL, NULL);
	axe_map *left = read_shaped("S[(2,3):(10,1)]", "3,2", "--left-shape");
	axe_map *right = read_map("S[(2,2):(2,1)]", NULL, NULL);
	axe_error err;

	axe_error_init(&err);
	check(report_is(t && inner ? axe_tile_of_report(t, inner, AXE_OUTPUT_JSON, NULL, &err)
				   : NULL,
			"{\"layout\":\"S[4:1]\",\"shape\":[2,2],\"span\":{\"m\":16}}\n",
			AXE_EXIT_OK), "tile-of recovers the grid, --json");
	check(report_is(sum && span6 ? axe_tile_of_report(sum, span6, AXE_OUTPUT_TEXT, NULL,
							  &err) : NULL,
			"not a tile: iter 2:8 in the outer part of dimension 0 of T is not a "
			"multiple of the inner layout's span 6 on axis 'm'\n", AXE_EXIT_FALSE),
	      "Appendix F.4: not a tile, status 1");
	check(report_is(five && two ? axe_dsum_report(five, two, AXE_OUTPUT_TEXT, NULL, &err)
				    : NULL,
			"S[2:1] + 5\nshape: (2)\ninterleaved shape: (1, 2)\n", AXE_EXIT_OK),
	      "dsum: a layout of shape () is paired as (1)");
	check(report_is(left && right ? axe_dsum_report(left, right, AXE_OUTPUT_JSON, NULL,
							&err) : NULL,
			"{\"layout\":null,\"reason\":\"the left shape does not group the left "
			"layout: dimension 0 (extent 3) cannot be formed: it still needs a factor "
			"3 when it reaches iter 2:10, whose extent neither divides 3 nor is a "
			"multiple of it\"}\n", AXE_EXIT_FALSE), "dsum without a result, --json");
	check(err.code == AXE_ERR_NONE, "answers without a result set no error");
	axe_map_free(t);
	axe_map_free(inner);
	axe_map_free(sum);
	axe_map_free(span6);
	axe_map_free(five);
	axe_map_free(two);
	axe_map_free(left);
	axe_map_free(right);
}

static void test_slice(void)
{
	axe_map *m = read_map("S[(8,16):(16,1)]", NULL, NULL), *flat = read_map("S[(4,8):(16,1)]",
										"32", NULL);
	axe_map *point = read_map("R[32:1@laneid] + 4", NULL, NULL);
	axe_slice_request req = { .region = "0:9,0:16" }, gap = { .region = "6:11" };
	axe_slice_request none = { .region = "()" }, two = { .region = "1:3,0:8" };
	axe_report *r;
	axe_error err;

	axe_error_init(&err);
	r = m ? axe_slice_report(m, &req, AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(!r && err.code == AXE_ERR_RANGE && strcmp(err.source, "--region") == 0 &&
	      err.line == 1 && err.col == 1 && err.span == 8 &&
	      contains(err.message, "range 0:9 of dimension 0 is empty or leaves [0, 8)"),
	      "a range off the shape is an error on --region");
	axe_error_init(&err);
	req.region = "0:2,0-16";
	r = m ? axe_slice_report(m, &req, AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(!r && strcmp(err.source, "--region") == 0 && err.col == 6,
	      "a malformed region: the column of the error");
	axe_error_init(&err);
	r = m ? axe_slice_report(m, NULL, AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(!r && err.code == AXE_ERR_VALUE && strcmp(err.message, "--region is required") == 0,
	      "no region is an error");
	axe_error_init(&err);
	check(axe_slice_request_check(&req, &err) == 0 && err.code == AXE_ERR_NONE &&
	      axe_slice_request_check(&(axe_slice_request){ 0 }, &err) < 0 &&
	      strcmp(err.message, "--region is required") == 0,
	      "the request check: a region is required, as the command says");
	axe_error_init(&err);
	r = flat ? axe_slice_report(flat, &gap, AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(r && axe_report_status(r) == AXE_EXIT_FALSE &&
	      contains(axe_report_reason(r), "region 6:11 of dimension 0 is not expressible") &&
	      strncmp(axe_report_text(r), "cannot slice: no layout has", 27) == 0,
	      "slice without a result: status 1, the reason");
	axe_report_free(r);
	check(report_is(point ? axe_slice_report(point, &none, AXE_OUTPUT_TEXT, NULL, &err)
			      : NULL, "R[32:1@laneid] + 4\nshape: ()\n", AXE_EXIT_OK),
	      "the region () of a one-point layout");
	axe_map_free(m);
	m = read_map("S[(4,8):(8,1)]", NULL, NULL);
	check(report_is(m ? axe_slice_report(m, &two, AXE_OUTPUT_JSON, NULL, &err) : NULL,
			"{\"layout\":\"S[16:1] + 8\",\"shape\":[2,8]}\n", AXE_EXIT_OK),
	      "slice rows 1 and 2 of a row-major 4x8, --json");
	axe_map_free(m);
	axe_map_free(flat);
	axe_map_free(point);
}

/* Errors of the operands: shape options named, `expr:` layouts refused. */
static void test_errors(void)
{
	axe_map_options o = { .shape = "5", .shape_option = "--right-shape" };
	axe_map *expr = NULL, *m = read_map("S[4:1]", NULL, NULL), *bad;
	axe_report *r;
	axe_error err;

	axe_error_init(&err);
	bad = axe_map_read("S[4:1]", &o, &err);
	check(!bad && strcmp(err.source, "--right-shape") == 0 && err.col == 1 &&
	      contains(err.message, "shape '5' has 5 points but the layout has 4"),
	      "a shape option's error names the option");
	axe_error_init(&err);
	expr = axe_map_read_expr("laneid=i", "i", NULL, "4", &err);
	r = expr && m ? axe_tile_report(m, expr, AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(!r && err.code == AXE_ERR_VALUE && contains(err.message, "S/R/O form"),
	      "an expr: layout is refused");
	axe_error_init(&err);
	o = (axe_map_options){ .shape = "2,2" };
	bad = axe_map_read("S[(2,2):(2,1)]", &o, &err);
	r = bad && m ? axe_dsum_report(m, bad, AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(!r && contains(err.message, "the left shape has rank 1 but the right shape has "
				  "rank 2"), "shapes of different ranks are an error");
	axe_map_free(bad);
	axe_map_free(expr);
	axe_map_free(m);
}

/* A report written to a stream: the stream gets what a kept report holds. */
static void test_stream(void)
{
	axe_map *outer = read_map("S[(2,2):(2,1)]", NULL, NULL);
	axe_map *inner = read_map("S[(4,4):(4,1)]", NULL, NULL);
	axe_report *kept = NULL, *streamed = NULL;
	FILE *f = tmpfile();
	axe_error err;
	char got[1024] = "";
	size_t n = 0;

	axe_error_init(&err);
	if (outer && inner && f) {
		kept = axe_tile_report(outer, inner, AXE_OUTPUT_TEXT, NULL, &err);
		streamed = axe_tile_report(outer, inner, AXE_OUTPUT_TEXT, f, &err);
		rewind(f);
		n = fread(got, 1, sizeof(got) - 1, f);
		got[n] = '\0';
	}
	check(kept && streamed && strcmp(axe_report_text(streamed), "") == 0 &&
	      strcmp(got, axe_report_text(kept)) == 0 &&
	      axe_report_status(streamed) == AXE_EXIT_OK,
	      "tile streamed to a FILE equals the kept text");
	axe_report_free(kept);
	axe_report_free(streamed);
	if (f)
		fclose(f);
	axe_map_free(outer);
	axe_map_free(inner);
}

int main(void)
{
	test_group();
	test_tile();
	test_tile_of_and_dsum();
	test_slice();
	test_errors();
	test_stream();
	return check_done();
}
