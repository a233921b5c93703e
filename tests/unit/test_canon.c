/*
 * test_canon.c: the canonical form (src/algebra/canon.c; Axe paper,
 * Appendix A.1; semantics.md "Canonical form"): each rule applying and not
 * applying, the gap condition, replica order, swizzles kept, and for every
 * row the canonical layout inducing the same map as the input (exhaustive).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "algebra/canon.h"
#include "core/eval.h"
#include "parse/parse.h"

typedef struct canon_row {
	const char *input, *canonical;
	const char *fired; /* "D0:2 D1:1", in rule order; "" when none */
	bool gap;
} canon_row;

static const canon_row rows[] = {
	/* Seed 001's tensor-core tile is already canonical. */
	{ "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid",
	  "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid", "", true },
	{ "S[(1,4,1):(3,1,5)]", "S[4:1]", "D0:2", true },
	{ "S[(1,1):(3,5@x)]", "S[1:1]", "D0:2", true },
	{ "S[1:7]", "S[1:1]", "D0:1", true },
	{ "S[(8,16):(16,1)]", "S[128:1]", "D1:1", true },
	{ "S[(2,4,8):(32,8,1)]", "S[64:1]", "D1:2", true },
	{ "S[(2,4,8):(32,1@x,1)]", "S[(2,4,8):(32,1@x,1)]", "", true },
	{ "S[(4,4):(1,4)]", "S[(4,4):(1,4)]", "", true },
	{ "S[(2,1,3):(3,9,1)]", "S[6:1]", "D0:1 D1:1", true },
	{ "S[(2,2):(0,0)]", "S[4:0]", "D1:1", true },
	{ "S[4:1] + 0@x + 3", "S[4:1] + 3", "O0:1", true },
	{ "S[4:1] + 3 - 3", "S[4:1]", "O0:1", true },
	{ "S[4:1] + R[(1,2):(5@x,0@x)]", "S[4:1]", "C0:2", true },
	{ "S[4:1] + R[4:-2@x]", "S[4:1] + R[4:2@x] - 6@x", "C1:1", true },
	{ "S[4:1] + R[4:-2@x] + 6@x", "S[4:1] + R[4:2@x]", "O0:1 C1:1", true },
	{ "S[4:1] + R[(2,3):(1@x,2@x)]", "S[4:1] + R[6:1@x]", "C2:1", true },
	{ "S[4:1] + R[(2,2):(2@x,2@x)]", "S[4:1] + R[3:2@x]", "C2:1", true },
	{ "S[4:1] + R[(2,2):(1@x,4@x)]", "S[4:1] + R[(2,2):(1@x,4@x)]", "", true },
	{ "S[4:1] + R[(3,2):(2@x,3@x)]", "S[4:1] + R[(3,2):(2@x,3@x)]", "", false },
	{ "S[4:1] + R[(2,2):(4@y,1@x)]", "S[4:1] + R[(2,2):(1@x,4@y)]", "", true },
	{ "S[4:1] + R[(2,2):(8@x,-1@x)]", "S[4:1] + R[(2,2):(1@x,8@x)] - 1@x", "C1:1", true },
	{ "S[(2,2):(0,0)] + R[2:-3] + 3", "S[4:0] + R[2:3]", "D1:1 O0:1 C1:1", true },
	/* A swizzle is kept; only the tile part is rewritten. */
	{ "Swizzle(3,3,3) o S[(8,64):(64,1)]", "Swizzle(3,3,3) o S[512:1]", "D1:1", true },
	{ "Swizzle(1,2,3) o S[(1,32):(5,1)] + R[2:-64] + 64",
	  "Swizzle(1,2,3) o S[32:1] + R[2:64]", "D0:1 O0:1 C1:1", true },
};

/* "D0:2 D1:1" for the rules that fired. */
static void fired_text(const axe_canon_trace *rep, char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	for (int r = 0; r < AXE_RULE_COUNT; r++)
		if (rep->fired[r])
			n += (size_t)snprintf(out + n, size - n, "%s%s:%u", n ? " " : "",
					      axe_canon_rule_name(r), rep->fired[r]);
}

/* The image sets of "a" and "b" agree at every point of the default shape of "a". */
static void assert_same_map(const axe_layout *a, const axe_layout *b)
{
	axe_evaluator ea, eb;
	axe_shape shape;
	axe_error err;
	int64_t ba[16], bb[16], ia[256], ib[256];

	axe_error_init(&err);
	axe_layout_default_shape(a, &shape);
	assert_int_equal(axe_evaluator_init(&ea, a, &shape, &err), 0);
	assert_int_equal(axe_evaluator_init(&eb, b, &shape, &err), 0);
	assert_int_equal(ea.nimages, eb.nimages);
	for (int64_t f = 0; f < ea.size; f++) {
		axe_evaluator_base(&ea, f, ba);
		axe_evaluator_base(&eb, f, bb);
		axe_evaluator_images(&ea, ba, true, ia);
		axe_evaluator_images(&eb, bb, true, ib);
		/* Same set: every image of a is one of b's (the counts agree). */
		for (size_t i = 0; i < ea.nimages; i++) {
			bool found = false;
			for (size_t j = 0; j < eb.nimages && !found; j++) {
				found = true;
				for (size_t x = 0; x < ea.naxes; x++) {
					int k = axe_layout_axis_index(b, a->axis[x]);
					int64_t v = k >= 0 ? ib[j * eb.naxes + (size_t)k] : 0;
					found &= v == ia[i * ea.naxes + x];
				}
			}
			assert_true(found);
		}
	}
	axe_evaluator_release(&ea);
	axe_evaluator_release(&eb);
}

static void test_rules(void **state)
{
	(void)state;
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		axe_error err;
		axe_canon_trace rep;
		axe_layout *in, *out;
		char fired[128], *text;

		axe_error_init(&err);
		in = axe_layout_parse(rows[r].input, &err);
		if (!in)
			fail_msg("%s: %s", rows[r].input, err.message);
		out = axe_layout_canon(in, &rep, &err);
		assert_non_null(out);
		text = axe_layout_to_string(out);
		fired_text(&rep, fired, sizeof(fired));
		if (strcmp(text, rows[r].canonical) != 0 || strcmp(fired, rows[r].fired) != 0 ||
		    rep.gap_condition != rows[r].gap)
			fail_msg("%s -> %s (%s, gap %d), want %s (%s, gap %d)", rows[r].input, text,
				 fired, rep.gap_condition, rows[r].canonical, rows[r].fired,
				 rows[r].gap);
		assert_same_map(in, out);
		free(text);
		axe_layout_free(in);
		axe_layout_free(out);
	}
}

/* Canonicalizing twice changes nothing and fires nothing. */
static void test_idempotent(void **state)
{
	(void)state;
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		axe_error err;
		axe_canon_trace rep;
		axe_layout *in, *once, *twice;

		axe_error_init(&err);
		in = axe_layout_parse(rows[r].input, &err);
		once = axe_layout_canon(in, NULL, &err);
		twice = axe_layout_canon(once, &rep, &err);
		assert_true(axe_layout_identical(once, twice));
		for (int k = 0; k < AXE_RULE_COUNT; k++)
			assert_int_equal(rep.fired[k], 0);
		axe_layout_free(in);
		axe_layout_free(once);
		axe_layout_free(twice);
	}
}

/* Rule names and texts come from canon_rules.def, in its order. */
static void test_rule_table(void **state)
{
	(void)state;
	assert_string_equal(axe_canon_rule_name(AXE_RULE_D0), "D0");
	assert_string_equal(axe_canon_rule_name(AXE_RULE_C2), "C2");
	assert_string_equal(axe_canon_rule_text(AXE_RULE_O0), "drop zero offsets");
	assert_int_equal(AXE_RULE_COUNT, 6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rules),
		cmocka_unit_test(test_idempotent),
		cmocka_unit_test(test_rule_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
