/*
 * test_parse.c: the compact layout syntax (spec-format.md section 1): what
 * parses and how it prints back, and every malformed input with the column
 * and message of its error.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/eval.h"
#include "core/layout.h"
#include "parse/parse.h"

/* Input and its printed form: print(parse(input)) == printed. */
static const struct {
	const char *input, *printed;
} print_rows[] = {
	{ "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid",
	  "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid" },
	{ "S[(2,128,112):(112@TCol,1@TLane,1@TCol)]", "S[(2,128,112):(112@TCol,1@TLane,1@TCol)]" },
	{ "S[(32,4):(1@TLane,1@TCol)] + R[4:32@TLane]", "S[(32,4):(1@TLane,1@TCol)] + R[4:32@TLane]" },
	{ "S[(2,32,2,64):(1@gpuid,128@m,2@gpuid,1@m)]", "S[(2,32,2,64):(1@gpuid,128,2@gpuid,1)]" },
	{ "S[(2,32,128):(1@gpuid,128,1)] + R[2:2@gpuid]", "S[(2,32,128):(1@gpuid,128,1)] + R[2:2@gpuid]" },
	{ "S[(8,16)]", "S[(8,16):(16,1)]" },
	{ "S[(4,8,2)]", "S[(4,8,2):(16,2,1)]" },
	{ "S[8:4@laneid]", "S[8:4@laneid]" },
	{ "S[(8):(@laneid)]", "S[8:1@laneid]" },
	{ "  S [ ( 8 , 16 ) : ( 16 , 1 ) ]  ", "S[(8,16):(16,1)]" },
	{ "Swizzle(3,3,3) o S[(8,64):(64,1)]", "Swizzle(3,3,3) o S[(8,64):(64,1)]" },
	{ "Swizzle(3,3,3) \xe2\x88\x98 S[(8,64):(64,1)]", "Swizzle(3,3,3) o S[(8,64):(64,1)]" },
	/* CuTe's order in angle brackets prints in Axe's: <B,M,S> is (M,B,S). */
	{ "Swizzle<3,4,3> o S[(8,64):(64,1)]", "Swizzle(4,3,3) o S[(8,64):(64,1)]" },
	{ "Swizzle<2,3,3> o S[(16,64):(64,1)]", "Swizzle(3,2,3) o S[(16,64):(64,1)]" },
	{ "Swizzle < 1 , 0 , 1 > \xe2\x88\x98 S[4:1]", "Swizzle(0,1,1) o S[4:1]" },
	{ "S[4:-2] + 6", "S[4:-2] + 6" },
	{ "S[4:1] - 3", "S[4:1] - 3" },
	{ "S[4:1] + -3@x", "S[4:1] - 3@x" },
	{ "5@warpid + S[4:1@laneid]", "S[4:1@laneid] + 5@warpid" },
	{ "S[4:1@x] + 2@y + 3@x + 1@y", "S[4:1@x] + 3@x + 3@y" },
	{ "S[4:1] + 0@warpid", "S[4:1] + 0@warpid" },
	{ "S[(2,2):(0,0)]", "S[(2,2):(0,0)]" },
	{ "S[1:0]", "S[1:0]" },
	{ "S[2:4611686018427387904]", "S[2:4611686018427387904]" },
	{ "S[2:-4611686018427387904]", "S[2:-4611686018427387904]" },
	/* No shard term: one point, shape (); the printer leads with the next term. */
	{ "R[2:4@warpid] + 5@warpid", "R[2:4@warpid] + 5@warpid" },
	{ "R[32:1@laneid]", "R[32:1@laneid]" },
	{ "5@x - 2", "5@x - 2" },
	{ "-3", "-3" },
	{ "0", "0" },
	{ "Swizzle(1,1,1) o 7", "Swizzle(1,1,1) o 7" },
	{ "-9223372036854775808", "-9223372036854775808" },
};

static void test_print_round_trip(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(print_rows) / sizeof(print_rows[0]); i++) {
		axe_error err;
		axe_layout *l, *again;
		char *text, *text2;

		axe_error_init(&err);
		l = axe_layout_parse(print_rows[i].input, &err);
		if (!l)
			fail_msg("'%s': %s", print_rows[i].input, err.message);
		text = axe_layout_to_string(l);
		assert_string_equal(text, print_rows[i].printed);
		again = axe_layout_parse(text, &err);
		assert_non_null(again);
		assert_true(axe_layout_identical(l, again));
		text2 = axe_layout_to_string(again);
		assert_string_equal(text, text2);
		free(text);
		free(text2);
		axe_layout_free(l);
		axe_layout_free(again);
	}
}

/* Malformed input: the 1-based column of the error and a piece of the message. */
static const struct {
	const char *input;
	int col;
	const char *message;
} error_rows[] = {
	{ "", 1, "empty layout" },
	{ "   ", 4, "empty layout" },
	{ "S[(8,0):(1,1)]", 6, "extent must be positive, not 0" },
	{ "S[(8,-2):(1,1)]", 6, "extent must be positive, not -2" },
	{ "S[(8,2):(1,1,2)]", 8, "2 extents but 3 strides" },
	{ "S[(8,2,4):(1,1)]", 10, "3 extents but 2 strides" },
	{ "S[(8,2:(1,1)]", 7, "expected ')' to close the list" },
	{ "S[8:1", 2, "unbalanced '[': missing ']'" },
	{ "S[8:1]]", 7, "unbalanced ']'" },
	{ "S[8:1])", 7, "unbalanced ')'" },
	{ "S[8:1] + ", 10, "expected a layout term" },
	{ "S[8:1] R[2:1]", 8, "expected '+' between terms" },
	{ "S[8:1] + S[2:1]", 10, "a layout has one shard term" },
	{ "S[8:1] + R[2:1] + R[2:1]", 19, "a layout has one replica term" },
	{ "S[8:1] - R[2:4]", 8, "a replica term cannot be negated" },
	{ "S[8:4@]", 7, "expected an axis name after '@'" },
	{ "S[8:4@3x]", 7, "expected an axis name after '@'" },
	{ "S[x:1]", 3, "expected an extent" },
	{ "S[8:y]", 5, "expected a stride" },
	{ "S[8:1] + 5@", 12, "expected an axis name" },
	{ "S[99999999999999999999:1]", 3, "an extent does not fit in 64 bits" },
	{ "S[2:1] + 99999999999999999999@x", 10, "an offset does not fit in 64 bits" },
	{ "S[(4294967296,4294967296):(1,1)]", 1, "the product of the shard extents overflows" },
	{ "S[4:9223372036854775807]", 1, "coordinates on axis 'm' overflow 64 bits" },
	{ "S[2:-9223372036854775808]", 5, "a stride does not fit in 64 bits" },
	{ "S[(2,2):(4611686018427387904,4611686018427387904)]", 1, "coordinates on axis 'm' overflow" },
	{ "S[2:1] + 9223372036854775807 + 1", 32, "the offsets on axis 'm' overflow" },
	{ "S[8:1] $", 8, "expected '+' between terms but found '$'" },
	{ "S[8:1] \x01", 8, "found byte 0x01" },
	{ "Swizzle(3,3) o S[8:1]", 12, "expected ','" },
	{ "Swizzle(3,3,2) o S[8:1]", 1, "swizzle needs atom_len S >= swizzle_len B" },
	{ "Swizzle(3,3,3) S[8:1]", 16, "expected 'o' or" },
	{ "Swizzle(3,3,3) o S[8:1@laneid]", 22, "places data on 'm' only" },
	{ "Swizzle(3,3,3) o S[8:1] + 2@warpid", 27, "names axis 'warpid'" },
	{ "Swizzle(41,0,0) o S[8:1]", 9, "must be in [0, 40]" },
	{ "Swizzle(3,4,3) o S[8:1]", 1, "swizzle needs atom_len S >= swizzle_len B" },
	{ "Swizzle<4,3,3> o S[8:1]", 1, "CuTe's Swizzle<B,M,S> needs shift S >= bits B" },
	{ "Swizzle<3,4,3 o S[8:1]", 15, "expected '>' to close the swizzle" },
	{ "Swizzle<3,4,3) o S[8:1]", 14, "expected '>' to close the swizzle" },
	{ "Swizzle<41,0,0> o S[8:1]", 9, "swizzle bits B must be in [0, 40]" },
	{ "Swizzle[3,3,3] o S[8:1]", 8, "expected '(' after 'Swizzle'" },
	{ "Swizzle<20,10,20> o S[8:1]", 1, "M + B + S must be at most 40" },
	{ "\xe2\x88\x98 S[8:1]", 1, "expected a layout term" },
};

static void test_parse_errors(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(error_rows) / sizeof(error_rows[0]); i++) {
		axe_error err;
		axe_layout *l;

		axe_error_init(&err);
		l = axe_layout_parse(error_rows[i].input, &err);
		if (l)
			fail_msg("'%s' parsed but should not", error_rows[i].input);
		if (!strstr(err.message, error_rows[i].message) || err.col != error_rows[i].col)
			fail_msg("'%s': got col %d '%s', want col %d '%s'", error_rows[i].input,
				 err.col, err.message, error_rows[i].col, error_rows[i].message);
		assert_string_equal(err.source, "<arg>");
		assert_true(err.context[0] != '\0' || error_rows[i].input[0] == '\0');
	}
}

/*
 * A parenthesised swizzle invalid in Axe's order but valid in CuTe's is
 * refused with the CuTe spelling; one invalid in both gets no hint.
 */
static void test_swizzle_order_hint(void **state)
{
	axe_error err;

	(void)state;
	axe_error_init(&err);
	assert_null(axe_layout_parse("Swizzle(3,4,3) o S[(8,64):(64,1)]", &err));
	assert_string_equal(err.hint, "did you mean Swizzle<3,4,3> (CuTe's order)? it is "
			    "Swizzle(4,3,3) in Axe's order");
	axe_error_init(&err);
	assert_null(axe_layout_parse("Swizzle(3,3,2) o S[64:1]", &err));
	assert_string_equal(err.hint, "");
}

/*
 * CuTe's Swizzle<B,M,S> on an offset, written from its definition (CUTLASS
 * include/cute/swizzle.hpp: yyy_msk = ((1<<B)-1) << (M+S), and
 * offset ^ ((offset & yyy_msk) >> S)), as the oracle for the angle form.
 */
static int64_t cute_swizzle(int b, int m, int s, int64_t offset)
{
	int64_t mask = (((int64_t)1 << b) - 1) << (m + s);

	return offset ^ ((offset & mask) >> s);
}

static void test_swizzle_cute_order_meaning(void **state)
{
	static const int triples[][3] = { { 3, 4, 3 }, { 2, 3, 3 }, { 3, 3, 3 }, { 1, 4, 3 },
					  { 2, 0, 4 }, { 0, 2, 3 }, { 3, 1, 5 } };
	char text[96];

	(void)state;
	for (size_t t = 0; t < sizeof(triples) / sizeof(triples[0]); t++) {
		int b = triples[t][0], m = triples[t][1], s = triples[t][2];
		axe_shape shape = { 1, { 4096 } };
		int64_t base[1], image[1];
		axe_evaluator ev;
		axe_error err;
		axe_layout *l;

		snprintf(text, sizeof(text), "Swizzle<%d,%d,%d> o S[4096:1]", b, m, s);
		axe_error_init(&err);
		l = axe_layout_parse(text, &err);
		assert_non_null(l);
		assert_int_equal(axe_evaluator_init(&ev, l, &shape, &err), 0);
		for (int64_t x = 0; x < 4096; x++) {
			axe_evaluator_base(&ev, x, base);
			axe_evaluator_images(&ev, base, false, image);
			if (image[0] != cute_swizzle(b, m, s, x))
				fail_msg("%s at %lld: %lld, CuTe %lld", text, (long long)x,
					 (long long)image[0], (long long)cute_swizzle(b, m, s, x));
		}
		axe_evaluator_release(&ev);
		axe_layout_free(l);
	}
}

/* An origin inside a file moves every column (a literal inside YAML). */
static void test_origin_offsets_columns(void **state)
{
	const char *line = "    layout: \"S[(8,0):(1,1)]\"";
	axe_loc origin = { "spec.yaml", 7, 14, line, strlen(line) };
	axe_error err;

	(void)state;
	axe_error_init(&err);
	assert_null(axe_layout_parse_at(line + 13, 14, &origin, &err));
	assert_string_equal(err.source, "spec.yaml");
	assert_int_equal(err.line, 7);
	assert_int_equal(err.col, 19);
	assert_string_equal(err.context, line);
	assert_int_equal(err.context_col, 19);
}

static void test_lists(void **state)
{
	axe_loc origin = { "<arg>", 1, 1, NULL, 0 };
	int64_t v[8], b[4], e[4];
	axe_axis_value av[4];
	axe_error err;

	(void)state;
	axe_error_init(&err);
	assert_int_equal(axe_parse_int_list("8,16", &origin, v, 8, "extent", &err), 2);
	assert_int_equal(v[1], 16);
	assert_int_equal(axe_parse_int_list("(2, -9)", &origin, v, 8, "coordinate", &err), 2);
	assert_int_equal(v[1], -9);
	assert_int_equal(axe_parse_axis_values("laneid=8, warpid=6", &origin, av, 4, &err), 2);
	assert_string_equal(av[1].name, "warpid");
	assert_int_equal(av[1].value, 6);
	assert_int_equal(axe_parse_region("0:64,128:192", &origin, b, e, 4, &err), 2);
	assert_int_equal(b[1], 128);
	assert_int_equal(e[1], 192);
	assert_int_equal(axe_parse_int_list("8,,16", &origin, v, 8, "extent", &err), -1);
	assert_int_equal(err.col, 3);
	axe_error_init(&err);
	assert_int_equal(axe_parse_axis_values("laneid=1,laneid=2", &origin, av, 4, &err), -1);
	assert_non_null(strstr(err.message, "given twice"));
	axe_error_init(&err);
	assert_int_equal(axe_parse_region("4:4", &origin, b, e, 4, &err), -1);
	assert_non_null(strstr(err.message, "empty"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_print_round_trip),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_origin_offsets_columns),
		cmocka_unit_test(test_lists),
		cmocka_unit_test(test_swizzle_order_hint),
		cmocka_unit_test(test_swizzle_cute_order_meaning),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
