/*
 * cute_test.c: CuTe's layout algebra through the library API (axe.h,
 * "[cute]"): axe_compose_report, axe_complement_report, axe_divide_report, axe_product_report,
 * axe_inverse_report, axe_coalesce_report and axe_filter_report.  Expected values are those of
 * tests/cli/cute_algebra.t (CUTLASS's 02_layout_algebra.md worked
 * examples), so the library answers as the commands do.  TAP output.
 */
#include "check.h"

/* The report's text when it is OK (NULL otherwise, with a diagnostic line). */
static const char *ok_text(const axe_report *r, const axe_error *err)
{
	if (!r) {
		printf("# error: %s\n", err->message);
		return NULL;
	}
	return axe_report_status(r) == AXE_EXIT_OK ? axe_report_text(r) : NULL;
}

static void test_compose(void)
{
	axe_error err;
	axe_report *r;

	axe_error_init(&err);
	r = axe_compose_report("(6,2):(8,2)", "(4,3):(3,1)", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(ok_text(r, &err) &&
		      strcmp(axe_report_text(r), "cute:   ((2,2),3):((24,2),8)\n"
						 "axe:    S[(2,2,3):(2,24,8)]\n"
						 "shape:  (4, 3)\n"
						 "proved: R(c) = A(B(c)) for all 12 c\n") == 0 &&
		      strcmp(axe_report_reason(r), "") == 0 && strcmp(axe_report_notes(r), "") == 0,
	      "compose (6,2):(8,2) o (4,3):(3,1) is ((2,2),3):((24,2),8), proved");
	axe_report_free(r);
	r = axe_compose_report("(12,(4,8)):(59,(13,1))", "<3:4,8:2>", NULL, AXE_OUTPUT_JSON, NULL, &err);
	check(contains(ok_text(r, &err), "\"cute\":\"(3,(2,4)):(236,(26,1))\"") &&
		      contains(axe_report_text(r), "\"shape\":[3,8]"),
	      "compose by a by-mode tiler, JSON");
	axe_report_free(r);
	r = axe_compose_report("(6,4):(4,1)", "3:4", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(r && axe_report_status(r) == AXE_EXIT_FALSE &&
		      contains(axe_report_text(r), "no such layout: stride divisibility") &&
		      strncmp(axe_report_reason(r), "stride divisibility condition fails", 35) == 0,
	      "a failed divisibility condition is status FALSE with the reason");
	axe_report_free(r);
	r = axe_compose_report("(8,8:(1,8)", "2:1", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(!r && err.code == AXE_ERR_SYNTAX && strcmp(err.source, "<arg>") == 0 &&
		      err.line == 1 && err.col == 5,
	      "malformed A: <arg>, line 1, column 5");
	axe_error_init(&err);
	r = axe_compose_report("(8,8):(1,8)", "<(2,2>", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(!r && strcmp(err.source, "<arg>") == 0 && err.col == 6,
	      "malformed tiler: <arg>, column 6");
	axe_error_init(&err);
	r = axe_compose_report("(4,4):(1,4)", "<2,2,2>", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(!r && strcmp(err.message, "the tiler has 3 modes but A only 2") == 0 &&
		      err.line == 0,
	      "a tiler with more modes than A is an error without a position");
}

static void test_complement(void)
{
	axe_complement_request req = { .cosize = "24" };
	axe_error err;
	axe_report *r;

	axe_error_init(&err);
	r = axe_complement_report("(2,2):(1,6)", &req, AXE_OUTPUT_JSON, NULL, &err);
	check(contains(ok_text(r, &err), "{\"layout\":\"S[(3,2):(2,12)]\",\"cute\":\"(3,2):(2,12)\","
					 "\"shape\":[3,2],"),
	      "complement (2,2):(1,6) up to 24 is (3,2):(2,12)");
	axe_report_free(r);
	r = axe_complement_report("(2,2):(1,1)", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(r && axe_report_status(r) == AXE_EXIT_FALSE &&
		      contains(axe_report_reason(r), "reach past the smaller modes"),
	      "complement of overlapping modes (default cosize) is refused");
	axe_report_free(r);
	req.cosize = "0";
	r = axe_complement_report("4:1", &req, AXE_OUTPUT_TEXT, NULL, &err);
	check(!r && err.code == AXE_ERR_VALUE && strcmp(err.source, "--cosize") == 0 &&
		      err.line == 1 && err.col == 1 && contains(err.message, "must be positive"),
	      "--cosize 0 is an error placed on --cosize");
	axe_error_init(&err);
	r = axe_complement_report("Sw<3,4,3> o _0 o (8,64):(64,1)", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(r && axe_report_status(r) == AXE_EXIT_FALSE &&
		      contains(axe_report_reason(r), "a swizzled layout has no complement here"),
	      "a swizzled A has no complement");
	axe_report_free(r);
}

static void test_divide_product(void)
{
	axe_divide_request div = { .kind = "zipped" };
	axe_product_request prod = { .kind = "raked" };
	axe_error err;
	axe_report *r;

	axe_error_init(&err);
	r = axe_divide_report("(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>", &div, AXE_OUTPUT_TEXT, NULL,
			      &err);
	check(contains(ok_text(r, &err), "cute:   ((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))\n"
					 "axe:    S[(4,2,3,2,2,3):(2,13,177,1,26,59)]\n"
					 "shape:  (24, 12)\n"),
	      "zipped divide of CuTe's 2-D example");
	axe_report_free(r);
	r = axe_divide_report("(4,2,3):(2,1,8)", "4:2", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(contains(ok_text(r, &err), "cute:   ((2,2),(2,3)):((4,1),(2,8))\n"),
	      "a NULL request is the logical divide");
	axe_report_free(r);
	/* C++: static assertion "Shape Divisibility Condition" */
	r = axe_divide_report("(4,6):(6,1)", "5:1", NULL, AXE_OUTPUT_JSON, NULL, &err);
	check(r && axe_report_status(r) == AXE_EXIT_FALSE &&
		      strcmp(axe_report_text(r), "{\"layout\":null,\"cute\":null,\"reason\":\"shape "
						 "divisibility condition fails: 5 elements left of B's "
						 "mode of size 5 do not divide into A's mode 0 "
						 "(coalesced), which gives 4\"}\n") == 0,
	      "a refusal in JSON");
	axe_report_free(r);
	/* CUTLASS test/unit/cute/core/logical_divide.cpp: 48 / 32 is (32,2):(1,32) */
	r = axe_divide_report("48:1", "32:1", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(contains(ok_text(r, &err), "cute:   (32,2):(1,32)\n"),
	      "a tile that does not divide A: CuTe's result");
	axe_report_free(r);
	div.kind = "blocked";
	r = axe_divide_report("8:1", "4:1", &div, AXE_OUTPUT_TEXT, NULL, &err);
	check(!r && strcmp(err.source, "--kind") == 0 &&
		      strcmp(err.message, "unknown --kind 'blocked' (logical, zipped, tiled or "
					  "flat)") == 0,
	      "blocked is no kind of divide: an error placed on --kind");
	axe_error_init(&err);
	r = axe_product_report("(2,5):(5,1)", "(3,4):(1,3)", &prod, AXE_OUTPUT_TEXT, NULL, &err);
	check(contains(ok_text(r, &err), "cute:   ((3,2),(4,5)):((10,5),(30,1))\n"
					 "axe:    S[(2,3,5,4):(5,10,1,30)]\n"),
	      "raked product of a 2x5 block over 3x4");
	axe_report_free(r);
	r = axe_product_report("2:1", "2:-1", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(r && axe_report_status(r) == AXE_EXIT_FALSE &&
		      contains(axe_report_reason(r), "B's strides non-negative"),
	      "a product by a negative stride is refused");
	axe_report_free(r);
	prod.kind = "sideways";
	r = axe_product_report("8:1", "2:1", &prod, AXE_OUTPUT_TEXT, NULL, &err);
	check(!r && contains(err.message, "(logical, zipped, tiled, flat, blocked or raked)"),
	      "an unknown kind of product names the six");
}

static void test_inverse(void)
{
	axe_inverse_request left = { .left = 1 };
	axe_error err;
	axe_report *r;

	axe_error_init(&err);
	r = axe_inverse_report("((4,8),(2,2)):((32,1),(16,8))", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(contains(ok_text(r, &err), "cute:   (8,2,2,4):(4,64,32,1)\n") &&
		      contains(axe_report_text(r), "proved: A(R(i)) = i for all 128 i\n"),
	      "right inverse of SM80's 16x8 C fragment");
	axe_report_free(r);
	r = axe_inverse_report("(4,2):(0,1)", &left, AXE_OUTPUT_TEXT, NULL, &err);
	check(contains(ok_text(r, &err), "cute:   2:4\n") &&
		      contains(axe_report_text(r), "a quasi-inverse"),
	      "left inverse of a non-injective layout");
	axe_report_free(r);
}

static void test_coalesce_filter(void)
{
	axe_coalesce_request prof = { .profile = "(1,1)" };
	axe_coalesce_request shaped = { .a = { .shape = "3,5" } };
	axe_error err;
	axe_report *r;

	axe_error_init(&err);
	r = axe_coalesce_report("(2,(1,6)):(1,(6,2))", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(contains(ok_text(r, &err), "cute:   12:1\n"), "coalesce to 12:1");
	axe_report_free(r);
	r = axe_coalesce_report("(2,(1,6)):(1,(6,2))", &prof, AXE_OUTPUT_TEXT, NULL, &err);
	check(contains(ok_text(r, &err), "cute:   (2,6):(1,2)\n"), "coalesce by the profile (1,1)");
	axe_report_free(r);
	prof.profile = "(1";
	r = axe_coalesce_report("8:1", &prof, AXE_OUTPUT_TEXT, NULL, &err);
	check(!r && strcmp(err.source, "--profile") == 0 && err.line == 1,
	      "a malformed profile is placed on --profile");
	axe_error_init(&err);
	r = axe_coalesce_report("S[(4,8):(8,1)]", &shaped, AXE_OUTPUT_TEXT, NULL, &err);
	check(!r && strcmp(err.source, "--shape") == 0 && contains(err.message, "15 points"),
	      "A's --shape is checked against the layout");
	axe_error_init(&err);
	r = axe_coalesce_report("S[8:1] + R[2:8]", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(!r && strcmp(err.source, "<arg>") == 0 && err.col == 1 &&
		      contains(err.message, "no CuTe form for this layout: the layout has replicas"),
	      "an Axe layout with replicas has no CuTe form");
	axe_error_init(&err);
	r = axe_filter_report("(2,(1,6),4):(0,(6,2),12)", NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(contains(ok_text(r, &err), "cute:   24:2\naxe:    S[24:2]\n"), "filter to 24:2");
	axe_report_free(r);
}

/* Streamed to a FILE*, the output is the text a kept report holds. */
static void test_stream(void)
{
	axe_divide_request req = { .kind = "zipped" };
	FILE *f = tmpfile();
	axe_report *kept, *streamed;
	axe_error err;
	char buf[1024] = "";
	size_t n;

	axe_error_init(&err);
	kept = axe_divide_report("Sw<3,4,3> o _0 o (8,64):(64,1)", "<8,8>", &req, AXE_OUTPUT_TEXT, NULL,
				 &err);
	streamed = f ? axe_divide_report("Sw<3,4,3> o _0 o (8,64):(64,1)", "<8,8>", &req,
					 AXE_OUTPUT_TEXT, f, &err)
		     : NULL;
	if (f) {
		rewind(f);
		n = fread(buf, 1, sizeof(buf) - 1, f);
		buf[n] = '\0';
		fclose(f);
	}
	check(kept && streamed && strcmp(axe_report_text(streamed), "") == 0 &&
		      strcmp(buf, axe_report_text(kept)) == 0 &&
		      contains(buf, "axe:    Swizzle(4,3,3) o S[(8,8,8,1):(1,64,8,0)]\n"),
	      "streamed output equals the kept text (a swizzle kept outermost)");
	axe_report_free(kept);
	axe_report_free(streamed);
}

int main(void)
{
	test_compose();
	test_complement();
	test_divide_product();
	test_inverse();
	test_coalesce_filter();
	test_stream();
	return check_done();
}
