/*
 * api_test.c: the library API of axe.h as a program outside the project sees
 * it: built only against the installed header and `pkg-config --cflags
 * --libs axelayout` (make installs into a prefix under build/), run under
 * ASan+UBSan (check.h), so every call is also checked for leaks.  Checks of
 * the first API families; expected values are the Axe paper's tensor-core tile (section 2,
 * Figure 2: the point (2, 9) lands on lane 8 of warps 6 and 10, m = 1) and
 * small layouts whose answers follow from the definitions.  TAP output.
 */
#include "check.h"

#define FRAG "specs/tensor_core_tile.yaml:frag"

static void test_read_and_eval(void)
{
	axe_map *m = read_map(FRAG, NULL, NULL);
	int64_t coord[2] = { 2, 9 }, images[8 * 3], back[16 * 2];
	axe_shape shape;
	axe_error err;
	char *text;
	long n;

	check(m != NULL, "read a spec entry");
	if (!m)
		return;
	axe_map_shape(m, &shape);
	check(shape.rank == 2 && shape.dim[0] == 8 && shape.dim[1] == 16, "the spec's shape");
	check(axe_map_axis_count(m) == 3 && strcmp(axe_map_axis_name(m, 0), "laneid") == 0 &&
		      strcmp(axe_map_axis_name(m, 2), "m") == 0 && !axe_map_axis_name(m, 3),
	      "axis names in order");
	axe_error_init(&err);
	n = axe_map_eval(m, coord, images, 8, &err);
	check(n == 2 && images[0] == 8 && images[1] == 6 && images[2] == 1 && images[3] == 8 &&
		      images[4] == 10 && images[5] == 1,
	      "eval (2, 9): lane 8 of warps 6 and 10, m = 1");
	n = axe_map_inverse(m, "laneid=8,warpid=10,m=1", back, 16, 0, &err);
	check(n == 1 && back[0] == 2 && back[1] == 9, "inverse of lane 8, warp 10, m 1 is (2, 9)");
	coord[0] = 8;
	check(axe_map_eval(m, coord, images, 8, &err) == -1 && err.code == AXE_ERR_RANGE,
	      "eval outside the shape is a range error");
	text = axe_map_to_string(m);
	check(contains(text, "R[2:4@warpid]"), "compact text");
	axe_string_free(text);
	check(axe_map_layout(m) != NULL && axe_map_notation(m) == NULL && !axe_map_dtype(m),
	      "S/R/O form, Axe's notation, no dtype");
	axe_map_free(m);
}

static void test_errors(void)
{
	axe_map_options o = { .shape = "3,5" };
	axe_error err;
	axe_map *m;

	axe_error_init(&err);
	m = axe_map_read("S[(4,8):(8,1)] + Q", NULL, &err);
	check(!m && err.code == AXE_ERR_SYNTAX && strcmp(err.source, "<arg>") == 0 &&
		      err.line == 1 && err.col == 18,
	      "a syntax error names <arg>, line 1, column 18");
	axe_error_init(&err);
	m = axe_map_read("S[(4,8):(8,1)]", &o, &err);
	check(!m && err.code == AXE_ERR_VALUE && contains(err.message, "15 points"),
	      "a shape of the wrong size is refused");
	axe_error_init(&err);
	m = axe_map_read("specs/tensor_core_tile.yaml:nosuch", NULL, &err);
	check(!m && err.code == AXE_ERR_NAME && contains(err.source, "tensor_core_tile.yaml"),
	      "an unknown spec entry names the file");
	axe_map_free(m);
}

static void test_canon_show(void)
{
	axe_map *m = read_map("S[(2,4):(4,1)]", NULL, NULL);
	axe_report *show, *canon;
	axe_error err;
	const char *text, *json;

	axe_error_init(&err);
	canon = m ? axe_canon_report(m, AXE_OUTPUT_JSON, NULL, &err) : NULL;
	json = canon ? axe_report_text(canon) : NULL;
	check(contains(json, "\"canonical\":\"S[8:1]\"") && contains(json, "\"rule\":\"D1\"") &&
	      axe_report_status(canon) == AXE_EXIT_OK,
	      "canon fuses (2,4):(4,1) into 8:1 by rule D1");
	show = m ? axe_show_report(m, NULL, AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	text = show ? axe_report_text(show) : NULL;
	check(text && strlen(text) > 0 && text[strlen(text) - 1] == '\n', "show draws a picture");
	axe_report_free(canon);
	axe_report_free(show);
	axe_map_free(m);
}

static void test_algebra(void)
{
	axe_map *m = read_map("S[32:1]", NULL, NULL), *g = NULL, *t = NULL, *s = NULL, *d = NULL;
	axe_map *inner = read_map("S[(4,8):(8,1)]", NULL, NULL);
	axe_map *outer = read_map("S[(2,2):(2,1)]", NULL, NULL), *none, *col;
	axe_error err;
	axe_shape shape;
	char why[256], *text;

	axe_error_init(&err);
	if (m)
		g = axe_map_group(m, "4,8", why, sizeof(why), &err);
	check(g != NULL, "group 32:1 by (4, 8)");
	if (g) {
		axe_map_shape(g, &shape);
		check(shape.rank == 2 && shape.dim[0] == 4 && shape.dim[1] == 8, "group's shape");
	}
	none = m ? axe_map_group(m, "3,11", why, sizeof(why), &err) : NULL;
	check(!none && err.code != AXE_ERR_NONE && contains(err.message, "33"),
	      "group by a shape of 33 points is an error");
	axe_error_init(&err);
	col = read_map("S[(3,4):(1,3)]", NULL, NULL);
	none = col ? axe_map_group(col, "4,3", why, sizeof(why), &err) : NULL;
	check(!none && err.code == AXE_ERR_NONE && contains(why, "dimension 0 (extent 4)"),
	      "a grouping that does not exist is an answer, with its reason");
	axe_map_free(col);
	axe_error_init(&err);
	if (outer && inner)
		t = axe_map_tile(outer, inner, why, sizeof(why), &err);
	text = t ? axe_map_to_string(t) : NULL;
	check(text && strcmp(text, "S[(2,4,2,8):(64,8,32,1)]") == 0, "tile (2,2):(2,1) by (4,8):(8,1)");
	axe_string_free(text);
	if (inner)
		s = axe_map_slice(inner, "1:3,0:8", why, sizeof(why), &err);
	text = s ? axe_map_to_string(s) : NULL;
	check(text && strcmp(text, "S[16:1] + 8") == 0, "slice rows 1 and 2 of a row-major 4x8");
	axe_string_free(text);
	if (outer && inner)
		d = axe_map_dsum(outer, inner, why, sizeof(why), &err);
	check(d != NULL, "direct sum");
	axe_map_free(d);
	if (t && inner)
		d = axe_map_tile_of(t, inner, why, sizeof(why), &err);
	text = d ? axe_map_to_string(d) : NULL;
	check(text && strcmp(text, "S[4:1]") == 0, "tile-of recovers the outer layout (canonical)");
	axe_string_free(text);
	axe_map_free(d);
	axe_map_free(s);
	axe_map_free(t);
	axe_map_free(g);
	axe_map_free(m);
	axe_map_free(inner);
	axe_map_free(outer);
}

static void test_equal(void)
{
	axe_map *a = read_map("S[(4,8):(8,1)]", NULL, NULL), *b = read_map("S[(4,8):(1,4)]", NULL, NULL);
	axe_map *c = read_map("lego:OrderBy(Row(4, 8)).GroupBy([(4, 8)])", NULL, NULL);
	axe_equal_request req = { .method = "enum", .walk = { .jobs = 1 } };
	int64_t coord[AXE_MAX_RANK], images[4];
	axe_equality *eq = NULL;
	axe_error err;
	char *json;

	axe_error_init(&err);
	if (a && b)
		eq = axe_map_equal(a, b, &req, &err);
	check(eq && axe_equality_verdict(eq) == AXE_VERDICT_FALSE &&
		      strcmp(axe_equality_method(eq), "enum") == 0,
	      "row-major and column-major 4x8 differ, by enumeration");
	check(eq && axe_equality_counterexample(eq, coord) == 2 && coord[0] == 0 && coord[1] == 1,
	      "the first counterexample is (0, 1)");
	check(eq && axe_equality_images(eq, 0, images, 4) == 1 && images[0] == 1 &&
		      axe_equality_images(eq, 1, images, 4) == 1 && images[0] == 4 &&
		      strcmp(axe_equality_axis_name(eq, 0), "m") == 0,
	      "images there: m = 1 and m = 4");
	json = eq ? axe_equality_to_string(eq, AXE_OUTPUT_JSON) : NULL;
	check(contains(json, "\"equal\":false"), "the answer as check-equal --json prints it");
	axe_string_free(json);
	axe_equality_free(eq);
	eq = a && c ? axe_map_equal(a, c, NULL, &err) : NULL;
	check(eq && axe_equality_verdict(eq) == AXE_VERDICT_TRUE &&
		      axe_equality_counterexample(eq, coord) == 0,
	      "a LEGO row-major layout equals S[(4,8):(8,1)]");
	axe_equality_free(eq);
	req.method = "magic";
	eq = a && b ? axe_map_equal(a, b, &req, &err) : NULL;
	check(!eq && err.code == AXE_ERR_NAME, "an unknown method is an error");
	axe_map_free(a);
	axe_map_free(b);
	axe_map_free(c);
}

static void test_expr(void)
{
	axe_map *e;
	axe_map *frag = read_map(FRAG, NULL, NULL);
	axe_equality *eq = NULL;
	axe_report *r;
	axe_error err;
	int64_t coord[2] = { 2, 9 }, images[4 * 3];

	axe_error_init(&err);
	e = axe_map_read_expr("laneid=4*i+(j/2)%4; warpid=j/8+5+4*r; m=j%2", "i,j", "r=2", "8,16",
			      &err);
	check(e && axe_map_layout(e) == NULL && axe_map_eval(e, coord, images, 4, &err) == 2 &&
		      images[0] == 8 && images[1] == 6 && images[2] == 1,
	      "an expr: layout evaluates like the paper's index expressions");
	eq = e && frag ? axe_map_equal(frag, e, NULL, &err) : NULL;
	check(eq && axe_equality_verdict(eq) == AXE_VERDICT_TRUE,
	      "the tensor-core tile equals its index expressions");
	axe_equality_free(eq);
	r = e ? axe_canon_report(e, AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(r && axe_report_status(r) == AXE_EXIT_FALSE &&
		      strncmp(axe_report_text(r), "no compact form: ", 17) == 0,
	      "canon of an expr: layout says it has no compact form (status 1)");
	axe_report_free(r);
	axe_map_free(e);
	axe_map_free(frag);
}

static void test_outputs(void)
{
	axe_map *m = read_map("S[(4,8):(8,1)]", NULL, NULL);
	axe_map *smem = read_map("S[(32,4):(4,1)]", NULL, "f32");
	axe_map *g = read_map("S[(64,128):(128,1)]", NULL, "f16");
	axe_map *s = read_map("S[(64,64):(64,1)]", NULL, "f16");
	axe_map *gbad = read_map("S[(64,1001)]", NULL, "f16");
	axe_banks_request br = { .threads = "S[(32,4):(1@laneid,1)]" };
	axe_emit_tma_request tr = { .region = "0:64,0:64" };
	axe_error err;
	axe_map *sw = read_map("Swizzle(3,3,3) o S[(8,64):(64,1)]", NULL, NULL);
	axe_report *rep;

	axe_error_init(&err);
	rep = m ? axe_convert_report(m, "lego", AXE_OUTPUT_JSON, NULL, &err) : NULL;
	check(rep && contains(axe_report_text(rep),
			      "\"text\":\"OrderBy(Row(4, 8)).GroupBy([(4, 8)])\"") &&
	      axe_report_status(rep) == AXE_EXIT_OK && !*axe_report_reason(rep),
	      "convert to LEGO");
	axe_report_free(rep);
	rep = m ? axe_convert_report(m, "legoo", AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(!rep && err.code == AXE_ERR_NAME, "an unknown notation is an error");
	axe_error_init(&err);
	rep = sw ? axe_convert_report(sw, "lego", AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(rep && axe_report_status(rep) == AXE_EXIT_FALSE && *axe_report_reason(rep) &&
	      contains(axe_report_text(rep), axe_report_reason(rep)),
	      "no LEGO form of a swizzled layout: status FALSE and the reason");
	axe_report_free(rep);
	axe_error_init(&err);
	rep = smem ? axe_banks_report(smem, &br, AXE_OUTPUT_JSON, NULL, &err) : NULL;
	check(rep && contains(axe_report_text(rep), "\"conflicts\""),
	      "banks of a thread layout, as JSON");
	axe_report_free(rep);
	rep = g && s ? axe_emit_tma_report(g, s, &tr, AXE_OUTPUT_JSON, NULL, &err) : NULL;
	check(rep && contains(axe_report_text(rep), "\"boxDim\":[64,64]"), "a TMA plan");
	axe_report_free(rep);
	rep = gbad && s ? axe_emit_tma_report(gbad, s, &tr, AXE_OUTPUT_JSON, NULL, &err) : NULL;
	check(rep && contains(axe_report_text(rep), "\"possible\":false") &&
		      axe_report_status(rep) == AXE_EXIT_FALSE &&
		      contains(axe_report_reason(rep), "globalStrides"),
	      "no TMA plan: the failing rule and its fix");
	axe_report_free(rep);
	rep = m ? axe_emit_cuda_report(m, NULL, &(axe_emit_cuda_request){ .name = "rowmajor" }, NULL,
				       &err) : NULL;
	check(rep && contains(axe_report_text(rep), "rowmajor"), "CUDA source of the index function");
	axe_report_free(rep);
	axe_map_free(m);
	axe_map_free(smem);
	axe_map_free(g);
	axe_map_free(s);
	axe_map_free(gbad);
	axe_map_free(sw);
}

/* What the library says of itself, and errors printed as the command prints them. */
static void test_about(void)
{
	const char *words[] = { "eval", "canon", "banks" };
	axe_error err;
	char *text;
	int cute = 0;

	check(axe_version()[0] >= '1' && strchr(axe_version(), '.'), "a version");
	check(strchr(axe_release_version(), '.') &&
	      strcmp(axe_release_version(), axe_version()) != 0,
	      "the release, apart from the library's ABI version");
	for (size_t i = 0; axe_notation_name(i); i++)
		cute |= strcmp(axe_notation_name(i), "cute") == 0;
	check(cute && !axe_notation_name(1000), "the notations, CuTe's among them");
	check(axe_did_you_mean("evl", words, 3) == words[0] &&
	      !axe_did_you_mean("zzzzzz", words, 3), "did you mean");
	axe_error_init(&err);
	check(!axe_map_read("S[(4,8):(8,1)] + Q", NULL, &err), "a syntax error");
	text = axe_error_to_string(&err, "prog");
	check(contains(text, "<arg>:18: error: ") && contains(text, "\n  S[(4,8):(8,1)] + Q\n"),
	      "the error with its caret line");
	axe_string_free(text);
	axe_error_init(&err);
	axe_error_set_message(&err, AXE_ERR_IO, "cannot write '%s'", "x.svg");
	axe_error_set_message(&err, AXE_ERR_VALUE, "second");
	text = axe_error_to_string(&err, "prog");
	check(err.code == AXE_ERR_IO && contains(text, "prog: error: cannot write 'x.svg'\n"),
	      "an error without a position; the first one stays");
	axe_string_free(text);
}

int main(void)
{
	test_about();
	test_read_and_eval();
	test_errors();
	test_canon_show();
	test_algebra();
	test_equal();
	test_expr();
	test_outputs();
	return check_done();
}
