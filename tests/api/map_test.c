/*
 * map_test.c: the [map] family of the library API (axe.h): eval's report
 * (points, preimages, the whole domain, the checksum) and show's pictures.
 * Expected values are the command's own goldens (tests/cli/eval.t, show.t,
 * pictures.t, errors.t): the Axe paper's tensor-core tile, whose point
 * (2, 9) lands on lane 8 of warps 6 and 10, m = 1.  TAP output.
 */
#include "check.h"

#define FRAG "specs/tensor_core_tile.yaml:frag"

/* The report of eval on "map" for "req", kept; NULL (with "err") on an error. */
static axe_report *eval_kept(const axe_map *map, const axe_eval_request *req,
			     enum axe_output form, axe_error *err)
{
	axe_error_init(err);
	return map ? axe_eval_report(map, req, form, NULL, err) : NULL;
}

/* Whether the report's kept text is "want"; releases the report. */
static int text_is(axe_report *r, const char *want)
{
	int ok = r && strcmp(axe_report_text(r), want) == 0 &&
		 axe_report_status(r) == AXE_EXIT_OK && axe_report_reason(r)[0] == '\0';

	if (r && !ok)
		printf("# got:\n%s", axe_report_text(r));
	axe_report_free(r);
	return ok;
}

static void test_eval_points(void)
{
	axe_map *m = read_map(FRAG, NULL, NULL);
	const char *at[] = { "0,0", "2,9" };
	const char *inv[] = { "laneid=8,warpid=6,m=1", "laneid=8,warpid=7,m=1" };
	const char *lane[] = { "laneid=8" };
	axe_eval_request req = { .at = at, .nat = 2 };
	axe_error err;

	check(text_is(eval_kept(m, &req, AXE_OUTPUT_TEXT, &err),
		      "(0, 0) -> {laneid: 0, warpid: 5, m: 0}, {laneid: 0, warpid: 9, m: 0}\n"
		      "(2, 9) -> {laneid: 8, warpid: 6, m: 1}, {laneid: 8, warpid: 10, m: 1}\n"),
	      "eval --at 0,0 --at 2,9: both images of each point");
	req = (axe_eval_request){ .at = at + 1, .nat = 1, .base = 1 };
	check(text_is(eval_kept(m, &req, AXE_OUTPUT_TEXT, &err),
		      "(2, 9) -> {laneid: 8, warpid: 6, m: 1}\n"), "eval --base: D(x)+O only");
	req = (axe_eval_request){ .at = at + 1, .nat = 1 };
	check(text_is(eval_kept(m, &req, AXE_OUTPUT_JSON, &err),
		      "{\"coord\":[2,9],\"images\":[{\"laneid\":8,\"warpid\":6,\"m\":1},"
		      "{\"laneid\":8,\"warpid\":10,\"m\":1}]}\n"), "eval --at 2,9 --json");
	req = (axe_eval_request){ .inverse = inv, .ninverse = 2 };
	check(text_is(eval_kept(m, &req, AXE_OUTPUT_TEXT, &err),
		      "{laneid: 8, warpid: 6, m: 1} <- (2, 9)\n"
		      "{laneid: 8, warpid: 7, m: 1} <- none\n"), "eval --inverse: (2, 9), and none");
	req = (axe_eval_request){ .inverse = lane, .ninverse = 1 };
	check(text_is(eval_kept(m, &req, AXE_OUTPUT_JSON, &err),
		      "{\"physical\":{\"laneid\":8},\"preimages\":[[2,0],[2,1],[2,8],[2,9]]}\n"),
	      "eval --inverse laneid=8 --json: axes left out are free");
	req = (axe_eval_request){ .at = at + 1, .nat = 1, .inverse = inv, .ninverse = 1 };
	check(text_is(eval_kept(m, &req, AXE_OUTPUT_TEXT, &err),
		      "(2, 9) -> {laneid: 8, warpid: 6, m: 1}, {laneid: 8, warpid: 10, m: 1}\n"
		      "{laneid: 8, warpid: 6, m: 1} <- (2, 9)\n"),
	      "points first, then preimages, and no whole domain");
	axe_map_free(m);
}

static void test_eval_domain(void)
{
	axe_map *m = read_map("S[(2,2):(1@x,2@y)]", "4", NULL);
	axe_map *sq = read_map("S[(4,4):(4,1)]", NULL, NULL);
	axe_map *rep = read_map("S[(2,2):(1@x,2@y)] + R[2:4@x] + 1@y", NULL, NULL);
	axe_eval_request req = { .all = 1 };
	axe_error err;

	check(text_is(eval_kept(rep, NULL, AXE_OUTPUT_TEXT, &err),
		      "(0, 0) -> {x: 0, y: 1}, {x: 4, y: 1}\n(0, 1) -> {x: 0, y: 3}, {x: 4, y: 3}\n"
		      "(1, 0) -> {x: 1, y: 1}, {x: 5, y: 1}\n(1, 1) -> {x: 1, y: 3}, {x: 5, y: 3}\n"),
	      "no request: the whole domain, in row-major order");
	check(text_is(eval_kept(m, &req, AXE_OUTPUT_JSON, &err),
		      "{\"coord\":[0],\"images\":[{\"x\":0,\"y\":0}]}\n"
		      "{\"coord\":[1],\"images\":[{\"x\":0,\"y\":2}]}\n"
		      "{\"coord\":[2],\"images\":[{\"x\":1,\"y\":0}]}\n"
		      "{\"coord\":[3],\"images\":[{\"x\":1,\"y\":2}]}\n"), "eval --all --json --shape 4");
	req.limit = 3;
	check(text_is(eval_kept(sq, &req, AXE_OUTPUT_TEXT, &err),
		      "(0, 0) -> {m: 0}\n(0, 1) -> {m: 1}\n(0, 2) -> {m: 2}\n"),
	      "eval --all --limit 3: the first three points");
	axe_map_free(m);
	axe_map_free(sq);
	axe_map_free(rep);
}

static void test_eval_count(void)
{
	axe_map *m = read_map(FRAG, NULL, NULL);
	axe_eval_request req = { .count = 1, .walk = { .jobs = 1 } };
	const char *want = "points: 128\nimages: 256\nchecksum: 0x6cefc3baa54d9996\n";
	axe_error err;

	check(text_is(eval_kept(m, &req, AXE_OUTPUT_TEXT, &err), want),
	      "eval --count: 128 points, 256 images, the golden checksum");
	req.walk.jobs = 3;
	check(text_is(eval_kept(m, &req, AXE_OUTPUT_TEXT, &err), want),
	      "the same checksum on 3 threads");
	check(text_is(eval_kept(m, &req, AXE_OUTPUT_JSON, &err),
		      "{\"points\":128,\"images\":256,\"checksum\":\"0x6cefc3baa54d9996\"}\n"),
	      "eval --count --json");
	axe_map_free(m);
}

static void test_eval_note(void)
{
	axe_map *m = read_map("S[2:1] + R[(2,2):(2,2)]", NULL, NULL);
	const char *at[] = { "1" };
	axe_eval_request req = { .at = at, .nat = 1 };
	axe_error err;
	axe_report *r = eval_kept(m, &req, AXE_OUTPUT_TEXT, &err);

	check(r && strcmp(axe_report_text(r), "(1) -> {m: 1}, {m: 3}, {m: 5}\n") == 0 &&
		      strcmp(axe_report_notes(r), "axe-layout: note: some replica combinations "
				 "land on the same point; each image is listed once\n") == 0,
	      "coinciding replica combinations: listed once, with eval's note");
	axe_report_free(r);
	req.base = 1;
	r = eval_kept(m, &req, AXE_OUTPUT_TEXT, &err);
	check(r && axe_report_notes(r)[0] == '\0', "no note with --base");
	axe_report_free(r);
	axe_map_free(m);
}

/* The error of eval on "m" for "req" (no report), placed on "source" at "line", "col". */
static int eval_error(const axe_map *m, const axe_eval_request *req, int code,
		      const char *source, int line, int col, const char *message)
{
	axe_error err;
	axe_report *r = eval_kept(m, req, AXE_OUTPUT_TEXT, &err);
	int ok = m && !r && err.code == code && strcmp(err.source, source) == 0 &&
		 err.line == line && err.col == col && contains(err.message, message);

	if (!ok)
		printf("# %s:%d:%d: %s\n", err.source, err.line, err.col, err.message);
	axe_report_free(r);
	return ok;
}

static void test_eval_errors(void)
{
	axe_map *m = read_map("S[(8,16):(16,1)]", NULL, NULL);
	axe_map *frag = read_map("S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)]", NULL, NULL);
	axe_map *flat = read_map("S[(64,64):(0,0)]", NULL, NULL);
	axe_map *expr = read_map("specs/equality_tensor_core.yaml:lane_of", NULL, NULL);
	const char *out[] = { "8,0" }, *rank[] = { "1,2,3" }, *lane[] = { "lanei=8" };
	const char *zero[] = { "m=0" }, *expr_at[] = { "3,9" };
	axe_eval_request req = { .at = out, .nat = 1 };
	axe_report *r;
	axe_error err;

	check(eval_error(m, &req, AXE_ERR_RANGE, "--at", 1, 1, "coordinate 8 in dimension 0 is "
			 "outside [0, 8)"), "--at 8,0: out of range, placed on --at");
	req.at = rank;
	check(eval_error(m, &req, AXE_ERR_VALUE, "--at", 1, 1, "a point of shape rank 2 needs 2 "
			 "coordinates, not 3"), "--at 1,2,3: the wrong rank");
	req = (axe_eval_request){ .inverse = lane, .ninverse = 1 };
	check(eval_error(frag, &req, AXE_ERR_NAME, "--inverse", 1, 1, "does not name axis 'lanei'"),
	      "--inverse lanei=8: an unknown axis, placed on --inverse");
	axe_error_init(&err);
	check(!axe_eval_report(frag, &req, AXE_OUTPUT_TEXT, NULL, &err) &&
	      strcmp(err.hint, "did you mean 'laneid'?") == 0, "... with a hint");
	req = (axe_eval_request){ .inverse = zero, .ninverse = 1, .limit = 10 };
	check(eval_error(flat, &req, AXE_ERR_LIMIT, "--inverse", 1, 1, "more than 10 preimages"),
	      "--inverse m=0 --limit 10: over the limit");
	req = (axe_eval_request){ .limit = -4 };
	check(eval_error(m, &req, AXE_ERR_VALUE, "", 0, 0, "--limit takes a positive integer"),
	      "a negative limit is refused");
	/* laneid = 4*3 + (9/2)%4, warpid = 9/8 + 5, m = 9%2: the spec's expressions. */
	req = (axe_eval_request){ .at = expr_at, .nat = 1 };
	r = eval_kept(expr, &req, AXE_OUTPUT_TEXT, &err);
	check(r && strcmp(axe_report_text(r), "(3, 9) -> {laneid: 12, warpid: 6, m: 1}\n") == 0,
	      "an expr: layout is evaluated like any other");
	axe_report_free(r);
	axe_error_init(&err);
	check(!axe_eval_report(m, NULL, AXE_OUTPUT_SVG, NULL, &err) &&
	      err.code == AXE_ERR_VALUE, "eval draws no SVG");
	axe_map_free(m);
	axe_map_free(frag);
	axe_map_free(flat);
	axe_map_free(expr);
}

/* The report written to a temporary file, read back; NULL on an error. */
static char *streamed(axe_report *(*run)(const axe_map *, const void *, enum axe_output,
					  FILE *, axe_error *),
		      const axe_map *m, const void *req, enum axe_output form)
{
	FILE *f = tmpfile();
	axe_error err;
	axe_report *r;
	char *text = NULL;
	long size;

	axe_error_init(&err);
	if (!f)
		return NULL;
	r = run(m, req, form, f, &err);
	if (r && strcmp(axe_report_text(r), "") == 0 && (size = ftell(f)) >= 0 &&
	    (text = calloc(1, (size_t)size + 1))) {
		rewind(f);
		if (fread(text, 1, (size_t)size, f) != (size_t)size)
			text[0] = '\0';
	}
	axe_report_free(r);
	fclose(f);
	return text;
}

static axe_report *eval_run(const axe_map *m, const void *req, enum axe_output form, FILE *out,
			    axe_error *err)
{
	return axe_eval_report(m, req, form, out, err);
}

static axe_report *show_run(const axe_map *m, const void *req, enum axe_output form, FILE *out,
			    axe_error *err)
{
	return axe_show_report(m, req, form, out, err);
}

static void test_streaming(void)
{
	axe_map *m = read_map(FRAG, NULL, NULL);
	axe_eval_request all = { .all = 1, .count = 1 };
	axe_show_request by = { 0 };
	axe_error err;
	axe_report *kept;
	char *text;

	axe_error_init(&err);
	kept = m ? axe_eval_report(m, &all, AXE_OUTPUT_JSON, NULL, &err) : NULL;
	text = m ? streamed(eval_run, m, &all, AXE_OUTPUT_JSON) : NULL;
	check(kept && text && strcmp(text, axe_report_text(kept)) == 0 &&
		      strlen(text) > 128 * 40, "eval --all --count streamed equals kept");
	axe_report_free(kept);
	free(text);
	kept = m ? axe_show_report(m, &by, AXE_OUTPUT_HTML, NULL, &err) : NULL;
	text = m ? streamed(show_run, m, &by, AXE_OUTPUT_HTML) : NULL;
	check(kept && text && strcmp(text, axe_report_text(kept)) == 0 &&
		      contains(text, "data-coord="), "show --format html streamed equals kept");
	axe_report_free(kept);
	free(text);
	axe_map_free(m);
}

static void test_show(void)
{
	axe_map *m = read_map("S[(4,8):(8,1)]", NULL, NULL);
	axe_map *rep = read_map("S[(2,2):(1@x,2@y)] + R[2:4@x]", NULL, NULL);
	axe_map *lanes = read_map("S[(2,4):(4@laneid,1@laneid)] + R[2:1@warpid]", NULL, NULL);
	const char *yx[] = { "y,x" }, *laneid[] = { "laneid" };
	axe_show_request req = { .by = yx, .nby = 1 };
	axe_report *r;
	axe_error err;

	axe_error_init(&err);
	check(text_is(m ? axe_show_report(m, NULL, AXE_OUTPUT_TEXT, NULL, &err) : NULL,
		      "S[(4,8):(8,1)] on shape (4, 8)\n"
		      "rows: dimension 0, columns: dimension 1; cell: m\n\n"
		      "     0  1  2  3  4  5  6  7\n"
		      "  +------------------------\n"
		      "0 |  0  1  2  3  4  5  6  7\n"
		      "1 |  8  9 10 11 12 13 14 15\n"
		      "2 | 16 17 18 19 20 21 22 23\n"
		      "3 | 24 25 26 27 28 29 30 31\n"), "show: a row-major 4x8 matrix");
	check(text_is(rep ? axe_show_report(rep, NULL, AXE_OUTPUT_JSON, NULL, &err) : NULL,
		      "{\"layout\":\"S[(2,2):(1@x,2@y)] + R[2:4@x]\",\"shape\":[2,2],"
		      "\"axes\":[\"x\",\"y\"],\"cells\":[[[0,0],[4,0]],[[0,2],[4,2]],"
		      "[[1,0],[5,0]],[[1,2],[5,2]]]}\n"), "show --json: every cell");
	check(text_is(rep ? axe_show_report(rep, &req, AXE_OUTPUT_JSON, NULL, &err) : NULL,
		      "{\"layout\":\"S[(2,2):(1@x,2@y)] + R[2:4@x]\",\"shape\":[2,2],"
		      "\"by\":[\"y\",\"x\"],\"ranges\":[[0,2],[0,5]],\"cells\":[[[0,0]],[[1,0]],"
		      "[],[],[[0,0]],[[1,0]],[],[],[],[],[],[],[[0,1]],[[1,1]],[],[],[[0,1]],"
		      "[[1,1]]]}\n"), "show --by y,x --json: the reverse picture");
	req = (axe_show_request){ .by = laneid, .nby = 1 };
	check(text_is(lanes ? axe_show_report(lanes, &req, AXE_OUTPUT_TEXT, NULL, &err) : NULL,
		      "S[(2,4):(4@laneid,1@laneid)] + R[2:1@warpid] on shape (2, 4)\n"
		      "columns: laneid 0..7; cell: the logical points there, separated by '|' "
		      "('.' none)\n\n"
		      "     0   1   2   3   4   5   6   7\n"
		      " +--------------------------------\n"
		      " | 0,0 0,1 0,2 0,3 1,0 1,1 1,2 1,3\n"), "show --by laneid: one row");
	req = (axe_show_request){ .region = "0:2,0:4" };
	r = m ? axe_show_report(m, &req, AXE_OUTPUT_SVG, NULL, &err) : NULL;
	check(r && contains(axe_report_text(r), "<svg") &&
		      axe_report_status(r) == AXE_EXIT_OK, "show --format svg --region draws a window");
	axe_report_free(r);
	r = m ? axe_show_report(m, &req, AXE_OUTPUT_JSON, NULL, &err) : NULL;
	check(r && contains(axe_report_text(r), "\"region\":[[0,2],[0,4]]"),
	      "show --region --json: the window's cells, the region named");
	axe_report_free(r);
	axe_map_free(m);
	axe_map_free(rep);
	axe_map_free(lanes);
}

/* The error of show on "text" for "req" in "form", placed on "source" at "col". */
static int show_error(const char *text, const axe_show_request *req, enum axe_output form,
		      const char *source, int col, const char *message)
{
	axe_map *m = read_map(text, NULL, NULL);
	axe_error err;
	axe_report *r;
	int ok;

	axe_error_init(&err);
	r = m ? axe_show_report(m, req, form, NULL, &err) : NULL;
	ok = m && !r && strcmp(err.source, source) == 0 && err.line == (col ? 1 : 0) &&
	     err.col == col && contains(err.message, message);
	if (!ok)
		printf("# %s:%d:%d: %s\n", err.source, err.line, err.col, err.message);
	axe_report_free(r);
	axe_map_free(m);
	return ok;
}

static void test_show_errors(void)
{
	const char *z[] = { "z" }, *xx[] = { "x,x" }, *three[] = { "x", "y", "x" };
	axe_show_request req = { .by = z, .nby = 1 };

	check(show_error("S[(2,4):(1@x,1@y)]", &req, AXE_OUTPUT_TEXT, "--by", 1,
			 "the layout does not name axis 'z'"), "--by z: placed on --by");
	req.by = xx;
	check(show_error("S[(2,4):(1@x,1@y)]", &req, AXE_OUTPUT_TEXT, "--by", 3,
			 "--by takes one or two different axes"), "--by x,x: column 3");
	req = (axe_show_request){ .by = three, .nby = 3 };
	check(show_error("S[(2,4):(1@x,1@y)]", &req, AXE_OUTPUT_TEXT, "--by", 1,
			 "--by takes one or two different axes"), "three --by axes");
	req = (axe_show_request){ .region = "0:2,0:9" };
	check(show_error("S[(4,8):(8,1)]", &req, AXE_OUTPUT_SVG, "--region", 1,
			 "range 1 ends at 9, past the extent 8"), "--region past the extent");
	req.region = "0:2";
	check(show_error("S[(4,8):(8,1)]", &req, AXE_OUTPUT_HTML, "--region", 1,
			 "--region has 1 range for a shape of rank 2"), "--region of the wrong rank");
	req = (axe_show_request){ .region = "0:2,0:4", .by = z, .nby = 1 };
	z[0] = "m";
	check(show_error("S[(4,8):(8,1)]", &req, AXE_OUTPUT_TEXT, "--region", 1,
			 "--region is a window of the logical grid"), "--region with --by in text");
	check(show_error("S[65537:1]", NULL, AXE_OUTPUT_TEXT, "", 0, "the picture would have "
			 "65537 cells; show draws at most 65536"), "too many cells");
}

/* Whether show takes "req" in "form", or refuses it with "message" on "--region". */
static int show_checks(const axe_show_request *req, enum axe_output form, const char *message)
{
	axe_error err;
	int rc;

	axe_error_init(&err);
	rc = axe_show_request_check(req, form, &err);
	if (!message)
		return rc == 0 && err.code == AXE_ERR_NONE;
	return rc == -1 && err.code == AXE_ERR_VALUE && strcmp(err.source, "--region") == 0 &&
	       err.col == 1 && strcmp(err.message, message) == 0;
}

/* The rule show prints as a usage error, asked before anything is read. */
static void test_show_request_check(void)
{
	const char *by_m[] = { "m" };
	axe_show_request req = { .region = "0:2,0:4" };

	check(show_checks(NULL, AXE_OUTPUT_TEXT, NULL), "check: show's defaults");
	check(show_checks(&req, AXE_OUTPUT_SVG, NULL) && show_checks(&req, AXE_OUTPUT_HTML, NULL),
	      "check: --region with a picture");
	check(show_checks(&req, AXE_OUTPUT_JSON, NULL) && show_checks(&req, AXE_OUTPUT_TEXT, NULL),
	      "check: --region with text and JSON");
	req.by = by_m;
	req.nby = 1;
	check(show_checks(&req, AXE_OUTPUT_TEXT, "--region is a window of the logical grid: it does "
			  "not go with --by (the pictures, --format svg or html, draw both)"),
	      "check: --region with --by in text, placed on the option");
	req.by = NULL;
	req.nby = 0;
	req.region = "nonsense";
	check(show_checks(&req, AXE_OUTPUT_SVG, NULL),
	      "check: --region's value is checked where it is read");
}

int main(void)
{
	test_eval_points();
	test_eval_domain();
	test_eval_count();
	test_eval_note();
	test_eval_errors();
	test_streaming();
	test_show();
	test_show_errors();
	test_show_request_check();
	return check_done();
}
