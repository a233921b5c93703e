/*
 * test_cute_algebra.c: CuTe's layout algebra (src/cute/: coalesce, filter,
 * composition, complement, divides, products, inverses) against CuTe's own
 * answers, each result also passing its proof by evaluation:
 *   - every worked example of media/docs/cpp/cute/02_layout_algebra.md in
 *     CUTLASS (github.com/NVIDIA/cutlass, commit
 *     7107b05535f8977f5ecb9d01ee203205b1fd9bc4), each row naming its section;
 *   - tests/data/cute_algebra/cpp_cases.txt: the C++ library's results
 *     (include/cute/layout.hpp at the same commit, compiled with nvcc; the
 *     file says how) on pycute's operands and on the cases of issue 25;
 *   - tests/data/cute_algebra/pycute_cases.txt: pycute's results (the same
 *     commit, python/pycute) on the operands of CUTLASS's pycute unit tests
 *     and on seeded random operands (the file says how it was made), except
 *     where the C++ table gives another answer (C++ is followed);
 *   - refusals: the conditions CuTe states, named with their modes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cute/algebra.h"

/*
 * How a row's expected text is compared with the result: exactly, as the
 * same map with the same top-level mode sizes, or by the sizes of the
 * modes two levels down (where the documentation gives only those).
 */
enum { EXACT, SAME_MAP, MODE_SIZES };

typedef struct row {
	const char *op, *a, *b, *expected;
	int compare;
	const char *where; /* the section of 02_layout_algebra.md */
} row;

static const row doc_rows[] = {
	{ "coalesce", "(2,(1,6)):(1,(6,2))", "-", "12:1", EXACT, "Coalesce" },
	{ "coalesce_profile", "(2,(1,6)):(1,(6,2))", "(1,1)", "(2,6):(1,2)", EXACT,
	  "By-mode Coalesce" },
	{ "compose", "(6,2):(8,2)", "(4,3):(3,1)", "((2,2),3):((24,2),8)", EXACT, "Composition" },
	{ "compose", "(6,2):(8,2)", "4:3", "(2,2):(24,2)", EXACT, "Example 1, step 1" },
	{ "compose", "(6,2):(8,2)", "3:1", "(3,1):(8,2)", SAME_MAP, "Example 1, step 2" },
	{ "compose", "20:2", "(5,4):(4,1)", "(5,4):(8,2)", EXACT, "Example 2" },
	{ "compose", "20:2", "5:4", "5:8", EXACT, "Example 2, trivial case" },
	{ "compose", "20:2", "4:1", "4:2", EXACT, "Example 2, trivial case" },
	{ "compose", "(10,2):(16,4)", "(5,4):(1,5)", "(5,(2,2)):(16,(80,4))", EXACT,
	  "Example 3 (static integers)" },
	{ "compose", "(10,2):(16,4)", "5:1", "(5,1):(16,4)", SAME_MAP, "Example 3, mod out 5" },
	{ "compose", "(10,2):(16,4)", "4:5", "(2,2):(80,4)", EXACT, "Example 3, div out 5" },
	/* "(3,6,2,8):(w,x,y,z) o 16:9 = (1,2,2,4):(9*w,3*x,y,z)" with w,x,y,z = 1000,100,10,1 */
	{ "compose", "(3,6,2,8):(1000,100,10,1)", "16:9", "(1,2,2,4):(9000,300,10,1)", SAME_MAP,
	  "Computing Composition" },
	{ "compose", "(12,(4,8)):(59,(13,1))", "<3:4,8:2>", "(3,(2,4)):(236,(26,1))", EXACT,
	  "By-mode Composition" },
	{ "compose", "(12,(4,8)):(59,(13,1))", "<3,8>", "(3,(4,2)):(59,(13,1))", EXACT,
	  "By-mode Composition (a Shape as tiler)" },
	{ "complement", "4:1", "24", "6:4", EXACT, "Complement Examples" },
	{ "complement", "6:4", "24", "4:1", EXACT, "Complement Examples" },
	{ "complement", "(4,6):(1,4)", "24", "1:0", EXACT, "Complement Examples" },
	{ "complement", "4:2", "24", "(2,3):(1,8)", EXACT, "Complement Examples" },
	{ "complement", "(2,4):(1,6)", "24", "3:2", EXACT, "Complement Examples" },
	{ "complement", "(2,2):(1,6)", "24", "(3,2):(2,12)", EXACT, "Complement Examples" },
	{ "logical_divide", "(4,2,3):(2,1,8)", "4:2", "((2,2),(2,3)):((4,1),(2,8))", EXACT,
	  "Logical Divide 1-D Example" },
	{ "logical_divide", "(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>", "((3,3),(8,4))",
	  MODE_SIZES, "Zipped, Tiled, Flat Divides (ld)" },
	{ "compose", "(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>", "(3,(2,4)):(177,(13,2))",
	  EXACT, "Logical Divide 2-D Example" },
	{ "zipped_divide", "(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>", "((3,8),(3,4))",
	  MODE_SIZES, "Zipped, Tiled, Flat Divides (zd)" },
	{ "complement", "(2,2):(4,1)", "24", "(2,3):(2,8)", EXACT, "Logical Product 1-D Example" },
	{ "compose", "(2,3):(2,8)", "6:1", "(2,3):(2,8)", EXACT, "Logical Product 1-D Example" },
	{ "logical_product", "(2,2):(4,1)", "6:1", "((2,2),(2,3)):((4,1),(2,8))", EXACT,
	  "Logical Product 1-D Example" },
	/* the figures' captions; CuTe prints the blocked result's mode 0 coalesced */
	{ "blocked_product", "(2,5):(5,1)", "(3,4):(1,3)", "(6,(5,4)):(5,(1,30))", SAME_MAP,
	  "Blocked and Raked Products, productblocked2d.png" },
	{ "raked_product", "(2,5):(5,1)", "(3,4):(1,3)", "((3,2),(4,5)):((10,5),(30,1))", EXACT,
	  "Blocked and Raked Products, productraked2d.png" },
};

/* ------------------------------------------------------------ running one -- */

static char current[1024]; /* the row being run, for failure messages */

static void parse_layout(const char *text, axe_cute_layout *out)
{
	axe_cute_composed c;
	axe_error err;

	axe_error_init(&err);
	if (axe_cute_parse(text, NULL, &c, &err) < 0)
		fail_msg("cannot parse '%s': %s", text, err.message);
	*out = c.layout;
}

static void parse_tiler(const char *text, axe_cute_tiler *t)
{
	axe_error err;

	axe_error_init(&err);
	if (axe_cute_tiler_parse(text, NULL, t, &err) < 0)
		fail_msg("cannot parse the tiler '%s': %s", text, err.message);
}

static const struct {
	const char *name;
	bool divide;
	axe_cute_kind kind;
} split_ops[] = {
	{ "logical_divide", true, AXE_CUTE_LOGICAL }, { "zipped_divide", true, AXE_CUTE_ZIPPED },
	{ "tiled_divide", true, AXE_CUTE_TILED },     { "flat_divide", true, AXE_CUTE_FLAT },
	{ "logical_product", false, AXE_CUTE_LOGICAL },
	{ "zipped_product", false, AXE_CUTE_ZIPPED },
	{ "tiled_product", false, AXE_CUTE_TILED },   { "flat_product", false, AXE_CUTE_FLAT },
	{ "blocked_product", false, AXE_CUTE_BLOCKED },
	{ "raked_product", false, AXE_CUTE_RAKED },
};

/* A divide or product "op" of A by B with its proof; 1, 0 (refused) or -1. */
static int run_split(int i, const axe_cute_layout *a, const char *b, axe_cute_layout *out,
		     axe_cute_reason *why, axe_error *err)
{
	axe_cute_tiler t;
	char what[256];
	int r;

	parse_tiler(b, &t);
	if (split_ops[i].divide) {
		r = axe_cute_divide(a, &t, split_ops[i].kind, out, why, err);
		if (r > 0 && axe_cute_prove_divide(a, &t, split_ops[i].kind, out, what,
						   sizeof(what), why, err) != 1)
			fail_msg("%s: the divide's proof failed: %s", current, why->text);
	} else {
		r = axe_cute_product(a, &t, split_ops[i].kind, out, why, err);
		if (r > 0 && axe_cute_prove_product(a, &t, split_ops[i].kind, out, what,
						    sizeof(what), why, err) != 1)
			fail_msg("%s: the product's proof failed: %s", current, why->text);
	}
	axe_cute_tiler_release(&t);
	return r;
}

static int run_unary(const char *op, const axe_cute_layout *a, const char *b,
		     axe_cute_layout *out, axe_cute_reason *why, axe_error *err)
{
	char what[256];
	int r, p;

	if (strcmp(op, "coalesce") == 0 || strcmp(op, "coalesce_profile") == 0) {
		axe_cute_layout profile;
		bool by_mode = strcmp(b, "-") != 0;

		if (by_mode)
			parse_layout(b, &profile);
		r = axe_cute_coalesce(a, by_mode ? &profile.shape : NULL, out, why, err);
		if (by_mode)
			axe_cute_layout_release(&profile);
		p = r > 0 ? axe_cute_prove_same_map(a, out, what, sizeof(what), why, err) : 1;
	} else if (strcmp(op, "filter") == 0) {
		r = axe_cute_filter(a, out, err) < 0 ? -1 : 1;
		p = r > 0 ? axe_cute_prove_filter(a, out, what, sizeof(what), why, err) : 1;
	} else if (strcmp(op, "right_inverse") == 0) {
		r = axe_cute_right_inverse(a, out, err);
		p = r > 0 ? axe_cute_prove_right_inverse(a, out, what, sizeof(what), why, err) : 1;
	} else if (strcmp(op, "left_inverse") == 0) {
		r = axe_cute_left_inverse(a, out, why, err);
		p = r > 0 ? axe_cute_prove_left_inverse(a, out, what, sizeof(what), why, err) : 1;
	} else {
		/* pycute's complement(layout) takes the cotarget 1 */
		int64_t cotarget = strcmp(b, "-") == 0 ? 1 : strtoll(b, NULL, 10);

		r = axe_cute_complement(a, cotarget, out, why, err);
		p = r > 0 ? axe_cute_prove_complement(a, cotarget, out, what, sizeof(what), why,
						      err) : 1;
	}
	if (p != 1)
		fail_msg("%s: the %s proof failed: %s", current, op, why->text);
	return r;
}

/* Run "op" on the texts "a" and "b" into "out": 1, 0 (refused, "why") or -1. */
static int run(const char *op, const char *a_text, const char *b, axe_cute_layout *out,
	       axe_cute_reason *why)
{
	axe_cute_layout a;
	axe_error err;
	int r = -2;

	axe_error_init(&err);
	snprintf(current, sizeof(current), "%s(%s, %s)", op, a_text, b);
	parse_layout(a_text, &a);
	if (strcmp(op, "compose") == 0) {
		axe_cute_tiler t;
		char what[256];

		parse_tiler(b, &t);
		r = axe_cute_compose_tiler(&a, &t, out, why, &err);
		if (r > 0 && axe_cute_prove_compose(&a, &t, out, what, sizeof(what), why, &err) != 1)
			fail_msg("%s: the composition's proof failed: %s", current, why->text);
		axe_cute_tiler_release(&t);
	}
	for (size_t i = 0; r == -2 && i < sizeof(split_ops) / sizeof(split_ops[0]); i++)
		if (strcmp(op, split_ops[i].name) == 0)
			r = run_split((int)i, &a, b, out, why, &err);
	if (r == -2)
		r = run_unary(op, &a, b, out, why, &err);
	if (r < 0)
		fail_msg("%s %s %s: error %s", op, a_text, b, err.message);
	axe_cute_layout_release(&a);
	return r;
}

/* The sizes of the modes of "l" two levels down, as the text "((3,3),(8,4))". */
static void mode_sizes(const axe_cute_layout *l, char *buf, size_t size)
{
	size_t n = 0, rank = axe_cute_tuple_rank(&l->shape);

	n += (size_t)snprintf(buf + n, size - n, "(");
	for (size_t i = 0; i < rank; i++) {
		axe_cute_tuple m = l->shape.is_leaf ? l->shape : l->shape.child[i];
		size_t k = axe_cute_tuple_rank(&m);

		n += (size_t)snprintf(buf + n, size - n, "%s(", i ? "," : "");
		for (size_t j = 0; j < k; j++) {
			int64_t s;
			axe_error err;

			axe_error_init(&err);
			axe_cute_tuple_product(m.is_leaf ? &m : &m.child[j], &s, &err);
			n += (size_t)snprintf(buf + n, size - n, "%s%lld", j ? "," : "", (long long)s);
		}
		n += (size_t)snprintf(buf + n, size - n, ")");
	}
	snprintf(buf + n, size - n, ")");
}

/* NULL when "got" matches "expected" under "compare", else why not. */
static const char *differs(const axe_cute_layout *got, const char *expected, int compare)
{
	static char buf[256];
	axe_cute_layout want;
	const char *bad = NULL;

	if (compare == MODE_SIZES) {
		mode_sizes(got, buf, sizeof(buf));
		return strcmp(buf, expected) == 0 ? NULL : buf;
	}
	parse_layout(expected, &want);
	if (compare == EXACT && (!axe_cute_tuple_equal(&got->shape, &want.shape) ||
				 !axe_cute_tuple_equal(&got->stride, &want.stride)))
		bad = "a different layout";
	if (compare == SAME_MAP) {
		int64_t n = axe_cute_layout_size(&want);

		size_t rank = axe_cute_tuple_rank(&want.shape);

		/* size-1 modes aside (the documentation's intermediate steps keep them) */
		if (axe_cute_layout_size(got) != n)
			bad = "a different size";
		if (axe_cute_tuple_rank(&got->shape) != rank)
			rank = 0;
		for (size_t i = 0; !bad && rank > 1 && i < rank; i++) {
			int64_t x, y;
			axe_error e;

			axe_error_init(&e);
			axe_cute_tuple_product(&got->shape.child[i], &x, &e);
			axe_cute_tuple_product(&want.shape.child[i], &y, &e);
			if (x != y)
				bad = "different mode sizes";
		}
		for (int64_t i = 0; !bad && i < n; i++)
			if (axe_cute_layout_eval(got, i) != axe_cute_layout_eval(&want, i))
				bad = "a different map";
	}
	axe_cute_layout_release(&want);
	return bad;
}

static void check_row(const char *op, const char *a, const char *b, const char *expected,
		      int compare, const char *where, int *failures)
{
	axe_cute_layout got;
	axe_cute_reason why = { "" };
	char text[512];
	const char *bad;

	if (run(op, a, b, &got, &why) != 1) {
		print_error("%s(%s, %s): refused (%s), expected %s [%s]\n", op, a, b, why.text,
			    expected, where);
		(*failures)++;
		return;
	}
	bad = differs(&got, expected, compare);
	if (bad) {
		{
			axe_error e;
			char *s;

			axe_error_init(&e);
			s = axe_cute_layout_print(&got, &e);
			snprintf(text, sizeof(text), "%s", s ? s : "?");
			free(s);
		}
		print_error("%s(%s, %s) = %s (%s), expected %s [%s]\n", op, a, b, text, bad,
			    expected, where);
		(*failures)++;
	}
	axe_cute_layout_release(&got);
}

static void test_doc_examples(void **state)
{
	int failures = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(doc_rows) / sizeof(doc_rows[0]); i++)
		check_row(doc_rows[i].op, doc_rows[i].a, doc_rows[i].b, doc_rows[i].expected,
			  doc_rows[i].compare, doc_rows[i].where, &failures);
	assert_int_equal(failures, 0);
}

/* ---------------------------------------------------------- pycute's table -- */

static FILE *open_data(const char *name)
{
	char path[1024];
	const char *here = __FILE__, *slash = strstr(here, "tests/unit/");
	FILE *f;

	snprintf(path, sizeof(path), "tests/data/cute_algebra/%s", name);
	f = fopen(path, "r");
	if (!f && slash) {
		snprintf(path, sizeof(path), "%.*stests/data/cute_algebra/%s", (int)(slash - here),
			 here, name);
		f = fopen(path, "r");
	}
	if (!f)
		fail_msg("cannot find tests/data/cute_algebra/%s", name);
	return f;
}

/* One row of a data table: operation, A, B, result, source. */
typedef struct table_row {
	char *field[5];
	char line[4096];
} table_row;

/* The next row of "f" into "r"; false at the end.  Comments and blank lines skipped. */
static bool next_row(FILE *f, table_row *r)
{
	while (fgets(r->line, sizeof(r->line), f)) {
		char *save = NULL, *p = r->line;
		int n = 0;

		if (r->line[0] == '#' || r->line[0] == '\n')
			continue;
		r->line[strcspn(r->line, "\n")] = '\0';
		while (n < 5 && (r->field[n] = strtok_r(p, "\t", &save)))
			n++, p = NULL;
		if (n != 5)
			fail_msg("malformed row: %s", r->line);
		return true;
	}
	return false;
}

/* True when the C++ table gives operation "op" on "a", "b" another result than "result". */
static bool cpp_differs(const char *op, const char *a, const char *b, const char *result)
{
	FILE *f = open_data("cpp_cases.txt");
	table_row r;
	bool differs = false;

	while (!differs && next_row(f, &r))
		differs = strcmp(r.field[0], op) == 0 && strcmp(r.field[1], a) == 0 &&
			  strcmp(r.field[2], b) == 0 && strcmp(r.field[3], result) != 0;
	fclose(f);
	return differs;
}

static void test_cpp_table(void **state)
{
	FILE *f = open_data("cpp_cases.txt");
	table_row r;
	int failures = 0, rows = 0;

	(void)state;
	while (next_row(f, &r)) {
		check_row(r.field[0], r.field[1], r.field[2], r.field[3], EXACT, r.field[4],
			  &failures);
		rows++;
	}
	fclose(f);
	print_message("CuTe C++ agreement: %d rows, %d differ\n", rows, failures);
	assert_true(rows > 1500);
	assert_int_equal(failures, 0);
}

static void test_pycute_table(void **state)
{
	FILE *f = open_data("pycute_cases.txt");
	table_row r;
	int failures = 0, rows = 0, cpp_rows = 0;

	(void)state;
	while (next_row(f, &r)) {
		if (cpp_differs(r.field[0], r.field[1], r.field[2], r.field[3])) {
			cpp_rows++;
			continue;
		}
		check_row(r.field[0], r.field[1], r.field[2], r.field[3], EXACT, r.field[4],
			  &failures);
		rows++;
	}
	fclose(f);
	print_message("pycute agreement: %d rows, %d differ; %d rows where C++ differs from "
		      "pycute follow C++\n", rows, failures, cpp_rows);
	assert_true(rows > 1000);
	assert_int_equal(failures, 0);
}

/* ----------------------------------------------------------------- refusals -- */

static const struct {
	const char *op, *a, *b, *reason; /* a substring of the refusal */
} refusals[] = {
	{ "compose", "(6,4):(4,1)", "3:4", "stride divisibility condition fails" },
	{ "compose", "(4,5):(1,8)", "6:1", "shape divisibility condition fails" },
	{ "complement", "(2,2):(1,1)", "8", "not injective" },
	{ "complement", "4:-1", "8", "complement needs positive strides" },
	/* C++: static assertion "Shape Divisibility Condition" (harness in cpp_cases.txt) */
	{ "logical_divide", "(4,6):(6,1)", "5:1", "shape divisibility condition fails" },
	{ "logical_divide", "(8,(4,6)):(1,(6,1))", "<_,5:1>", "(mode 1)" },
	/* C++: static assertion "Left inverse divisibility condition" */
	{ "left_inverse", "(2,3):(3,2)", "-", "left inverse divisibility condition fails" },
	{ "logical_product", "(2,2):(1,1)", "2:1", "not injective" },
	{ "logical_product", "2:1", "2:-1", "non-negative" },
};

static void test_refusals(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		axe_cute_layout out;
		axe_cute_reason why = { "" };
		int r = run(refusals[i].op, refusals[i].a, refusals[i].b, &out, &why);

		if (r != 0)
			fail_msg("%s(%s, %s) was not refused", refusals[i].op, refusals[i].a,
				 refusals[i].b);
		if (!strstr(why.text, refusals[i].reason))
			fail_msg("%s(%s, %s): '%s' does not say '%s'", refusals[i].op, refusals[i].a,
				 refusals[i].b, why.text, refusals[i].reason);
	}
}

/*
 * Planted bugs: a wrong result handed to each operation's proof must be
 * refused, the reason naming what is wrong.  The first row is the 4-element
 * result axe-layout once printed, "proved", for a blocked product of 8
 * elements (issue 25): its proof checked the modes' pairing but not the
 * sizes, and took B's modes from a flattened composition.
 */
static const struct {
	const char *op, *a, *b, *wrong, *reason;
} planted[] = {
	{ "blocked_product", "(2):(2)", "4:1", "((2,2)):((2,1))", "size(A) * size(B) = 8" },
	{ "blocked_product", "(2):(2)", "4:1", "(2,(2,2)):(2,(1,4))", "expected 1" },
	{ "raked_product", "(2):(2)", "4:1", "((2,(2,2))):((2,(1,4)))", "does not hold A's mode" },
	{ "logical_product", "2:2", "4:1", "(3,2):(2,1)", "the first mode is not A" },
	{ "logical_product", "2:2", "4:1", "(2,2):(2,1)", "B's sizes" },
	{ "logical_product", "2:2", "4:1", "(2,(2,2)):(2,(1,8))", "R(2) = 8 but A(B(2)) = 4" },
	{ "logical_divide", "48:1", "32:1", "(32,1):(1,32)", "sizes of (B, B*)" },
	{ "logical_divide", "48:1", "32:1", "(32,2):(1,16)", "R(32) = 16" },
	{ "compose", "1:5", "2:1", "2:0", "R(1) = 0 but A(B(1)) = 5" },
	{ "compose", "(2,1):(3,5)", "4:1", "4:3", "A(B(2)) = 5" },
	{ "compose", "8:1", "4:2", "2:2", "B's sizes" },
	{ "left_inverse", "(3,3):(1,32)", "-", "(32,3):(1,2)", "R(A(" },
	{ "right_inverse", "(4,2):(1,4)", "-", "8:2", "A(R(1))" },
	{ "coalesce", "(2,4):(1,2)", "-", "4:1", "size 4" },
	{ "complement", "4:1", "16", "2:4", "below the cotarget" },
	/*
	 * 2^26 points, past what enumeration takes (2^24): proved at one point
	 * per digit, so a result wrong only from the top digit on (c >= 2^25)
	 * must still be refused there.
	 */
	{ "compose", "67108864:1", "(8192,8192):(8192,1)", "(8192,(4096,2)):(8192,(1,4097))",
	  "R(33554432) = 4097 but A(B(33554432)) = 4096" },
	{ "right_inverse", "(8192,8192):(8192,1)", "-", "(8192,(4096,2)):(8192,(1,4097))",
	  "A(R(33554432)) = 33562624" },
	{ "left_inverse", "(8192,8192):(8192,1)", "-", "(8192,(4096,2)):(8192,(1,4097))",
	  "R(A(4096)) = 4097" },
	{ "coalesce", "(8192,8192):(1,8192)", "-", "(8192,(4096,2)):(1,(8192,33554433))",
	  "R(33554432) = 33554433 but A(33554432) = 33554432" },
	{ "logical_divide", "67108864:1", "4096:1", "(4096,(8192,2)):(1,(4096,33554433))",
	  "R(33554432) = 33554433 but A((B, B*)(33554432)) = 33554432" },
};

/* The proof of "op" on A, B for the result "r": 1 with "what", 0 with "why", -1. */
static int prove(const char *op, const axe_cute_layout *a, const char *b,
		 const axe_cute_layout *r, char *what, size_t what_size, axe_cute_reason *why)
{
	axe_cute_tiler t;
	axe_error err;
	int ok = -2;

	axe_error_init(&err);
	if (strcmp(op, "left_inverse") == 0)
		return axe_cute_prove_left_inverse(a, r, what, what_size, why, &err);
	if (strcmp(op, "right_inverse") == 0)
		return axe_cute_prove_right_inverse(a, r, what, what_size, why, &err);
	if (strcmp(op, "coalesce") == 0)
		return axe_cute_prove_same_map(a, r, what, what_size, why, &err);
	if (strcmp(op, "complement") == 0)
		return axe_cute_prove_complement(a, strtoll(b, NULL, 10), r, what, what_size, why,
						 &err);
	parse_tiler(b, &t);
	if (strcmp(op, "compose") == 0)
		ok = axe_cute_prove_compose(a, &t, r, what, what_size, why, &err);
	for (size_t i = 0; ok == -2 && i < sizeof(split_ops) / sizeof(split_ops[0]); i++)
		if (strcmp(op, split_ops[i].name) == 0)
			ok = split_ops[i].divide
				     ? axe_cute_prove_divide(a, &t, split_ops[i].kind, r, what,
							     what_size, why, &err)
				     : axe_cute_prove_product(a, &t, split_ops[i].kind, r, what,
							      what_size, why, &err);
	axe_cute_tiler_release(&t);
	return ok;
}

static void test_planted_bugs(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(planted) / sizeof(planted[0]); i++) {
		axe_cute_layout a, wrong;
		axe_cute_reason why = { "" };
		char what[512];
		int ok;

		parse_layout(planted[i].a, &a);
		parse_layout(planted[i].wrong, &wrong);
		ok = prove(planted[i].op, &a, planted[i].b, &wrong, what, sizeof(what), &why);
		if (ok != 0)
			fail_msg("%s(%s, %s): the wrong result %s was %s", planted[i].op, planted[i].a,
				 planted[i].b, planted[i].wrong, ok > 0 ? "proved" : "an error");
		if (!strstr(why.text, planted[i].reason))
			fail_msg("%s(%s, %s) = %s: '%s' does not say '%s'", planted[i].op,
				 planted[i].a, planted[i].b, planted[i].wrong, why.text,
				 planted[i].reason);
		axe_cute_layout_release(&a);
		axe_cute_layout_release(&wrong);
	}
}

/* Malformed tilers: exit 2 material, with the column of the problem. */
/*
 * Right results of 2^26 points, past what enumeration takes: each proof
 * holds at one point per digit (cute/verify_affine.c) and says so over
 * the whole domain.
 */
static const struct {
	const char *op, *a, *b, *right, *said;
} large[] = {
	{ "compose", "67108864:1", "(8192,8192):(8192,1)", "(8192,8192):(8192,1)",
	  "for all 67108864 c" },
	{ "right_inverse", "(8192,8192):(8192,1)", "-", "(8192,8192):(8192,1)",
	  "for all 67108864 i" },
	{ "left_inverse", "(8192,8192):(8192,1)", "-", "(8192,8192):(8192,1)",
	  "for all 67108864 i" },
	{ "coalesce", "(8192,8192):(1,8192)", "-", "67108864:1", "for all 67108864 i" },
	{ "logical_divide", "67108864:1", "4096:1", "(4096,16384):(1,4096)", "67108864 points" },
	{ "complement", "(8192,64):(1,524288)", "33554432", "64:8192", "exactly once" },
};

static void test_proved_by_digits(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(large) / sizeof(large[0]); i++) {
		axe_cute_layout a, right;
		axe_cute_reason why = { "" };
		char what[512] = "";
		int ok;

		parse_layout(large[i].a, &a);
		parse_layout(large[i].right, &right);
		ok = prove(large[i].op, &a, large[i].b, &right, what, sizeof(what), &why);
		if (ok != 1 || !strstr(what, large[i].said))
			fail_msg("%s(%s, %s) = %s: %d '%s' '%s'", large[i].op, large[i].a, large[i].b,
				 large[i].right, ok, what, why.text);
		axe_cute_layout_release(&a);
		axe_cute_layout_release(&right);
	}
}

static void test_bad_tilers(void **state)
{
	static const struct {
		const char *text;
		int col;
	} bad[] = {
		{ "<(2,2>", 6 }, { "<4,4", 5 }, { "<4,<2>>", 4 }, { "<4>x", 4 }, { "<>", 2 },
		{ "<Sw<1,1,1> o 4:1>", 2 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		axe_cute_tiler t;
		axe_error err;

		axe_error_init(&err);
		if (axe_cute_tiler_parse(bad[i].text, NULL, &t, &err) == 0)
			fail_msg("'%s' parsed as a tiler", bad[i].text);
		if (err.col != bad[i].col)
			fail_msg("'%s': error at column %d, expected %d (%s)", bad[i].text, err.col,
				 bad[i].col, err.message);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_doc_examples),
		cmocka_unit_test(test_cpp_table),
		cmocka_unit_test(test_pycute_table),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_planted_bugs),
		cmocka_unit_test(test_proved_by_digits),
		cmocka_unit_test(test_bad_tilers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
