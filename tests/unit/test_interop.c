/*
 * test_interop.c: the notation framework (formats.def lookups, operand
 * prefixes, spec entries in a notation, convert) and the LEGO reader and
 * writer.
 *
 * LEGO rows take their layouts and expected values from the LEGO paper
 * (Tavakkoli, Oancea, Hall: "LEGO: A Layout Expression Language for Code
 * Generation of Hierarchical Mapping"), cited per row, and from LEGO's Python
 * front end (github.com/tavakkoliamirmohammad/LEGO, lego/lego.py at commit
 * 5674e4264282cfd08f68c02adf59d2c1c66b9df5) for the method-chain spelling.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/eval.h"
#include "interop/convert.h"
#include "interop/interop.h"
#include "interop/lego.h"
#include "parse/parse.h"

/* ---- helpers ---- */

static int import_lego(const char *text, const axe_binding *bind, size_t nbind,
		       axe_import *imp, axe_error *err)
{
	const axe_notation *f = axe_format_lookup("lego", 4);
	axe_loc where = { "<arg>", 1, 6, text, strlen(text) };
	axe_import_opts opts = { .bind = bind, .nbind = nbind };

	assert_non_null(f);
	axe_error_init(err);
	return axe_import_text(f, text, &where, &opts, imp, err);
}

/* The m image of "coord" under "imp" (one image: LEGO layouts are functions). */
static int64_t image_at(const axe_import *imp, const int64_t *coord)
{
	int64_t out[4], scratch[64], base[4], flat = 0;

	if (imp->expr) {
		assert_int_equal(axe_expr_layout_eval(imp->expr, coord, out, scratch), 1);
		return out[0];
	}
	{
		axe_evaluator ev;
		axe_error err;

		axe_error_init(&err);
		assert_int_equal(axe_evaluator_init(&ev, imp->layout, &imp->shape, &err), 0);
		for (size_t d = 0; d < imp->shape.rank; d++)
			flat = flat * imp->shape.dim[d] + coord[d];
		axe_evaluator_base(&ev, flat, base);
		axe_evaluator_images(&ev, base, false, out);
		axe_evaluator_release(&ev);
	}
	return out[0];
}

/* ---- formats ---- */

static void test_format_lookup(void **state)
{
	const char *suggest;
	size_t n;

	(void)state;
	assert_non_null(axe_format_lookup("lego", 4));
	assert_null(axe_format_lookup("leg", 3));
	assert_null(axe_format_lookup("lego", 3));
	assert_ptr_equal(axe_format_prefix("lego:Row(4)", &n, &suggest), axe_format_lookup("lego", 4));
	assert_int_equal(n, 4);
	assert_null(axe_format_prefix("legoo:Row(4)", &n, &suggest));
	assert_string_equal(suggest, "lego");
	/* Not a notation: a literal, a spec path, a file of another tool. */
	assert_null(axe_format_prefix("S[(4,4):(4,1)]", &n, &suggest));
	assert_null(suggest);
	assert_null(axe_format_prefix("specs/a.yaml:frag", &n, &suggest));
	assert_null(suggest);
	assert_null(axe_format_prefix("Swizzle(3,3,3) o S[8:1]", &n, &suggest));
	assert_null(suggest);
}

/* Every formats.def row is a spec key an entry may use instead of `layout:`. */
static void test_format_spec_keys(void **state)
{
	size_t n;
	const char *const *names = axe_format_names(&n);
	char yaml[256];

	(void)state;
	assert_true(n >= 1);
	for (size_t i = 0; i < n; i++) {
		axe_error err;
		axe_spec *spec;

		snprintf(yaml, sizeof(yaml), "axe-layout: 1\nlayouts:\n  a:\n    %s: x\n", names[i]);
		axe_error_init(&err);
		spec = axe_spec_parse("t.yaml", yaml, strlen(yaml), &err);
		if (!spec)
			fail_msg("spec key '%s' refused: %s", names[i], err.message);
		assert_string_equal(spec->layouts[0].format, names[i]);
		axe_spec_free(spec);
	}
}

/* A spec entry in LEGO with bound names resolves to its layout; errors land in the file. */
static void test_spec_entry(void **state)
{
	const char *yaml = "axe-layout: 1\nlayouts:\n  a:\n    lego: \"OrderBy(Row(M, N)).TileBy([M, N])\"\n"
			   "    bind: {M: 4, N: 6}\n  b:\n    lego: OrderBy(Row(M, N)).TileBy([M, Q])\n"
			   "    bind: {M: 4, N: 6}\n";
	axe_error err;
	axe_spec *spec;

	(void)state;
	axe_error_init(&err);
	spec = axe_spec_parse("t.yaml", yaml, strlen(yaml), &err);
	assert_non_null(spec);
	assert_int_equal(axe_import_spec_entry(spec, &spec->layouts[0], NULL, &err), 0);
	assert_non_null(spec->layouts[0].layout);
	assert_int_equal(spec->layouts[0].shape.rank, 2);
	assert_int_equal(axe_import_spec(spec, &err), -1);
	assert_string_equal(err.source, "t.yaml");
	assert_int_equal(err.line, 7);
	assert_int_equal(err.col, 41);
	assert_non_null(strstr(err.message, "name 'Q' has no value"));
	axe_spec_free(spec);
}

/* ---- LEGO: the paper's examples ---- */

typedef struct lego_row {
	const char *where;   /* the paper's section, figure or table */
	const char *text;
	const char *bind;    /* "M=128,K=64" or NULL */
	const char *compact; /* the Axe form, or NULL when only an expr: form exists */
	int64_t at[6];       /* a point ... */
	int64_t value;       /* ... and the flat index the paper gives there, or -1 */
} lego_row;

static const lego_row lego_rows[] = {
	/* Section III-A, Figure 2: apply([4, 1]) = 6; p reverts both tile dims. */
	{ "III-A Fig. 2", "GroupBy([6, 4], OrderBy(RegP([2, 2], [2, 1]), "
	  "GenP([3, 2], lambda i, j: (2 - i) * 2 + (1 - j))))", NULL, NULL, { 4, 1 }, 6 },
	/* Section III-B, Figure 6 middle column, O2: [4, 2] -> 23. */
	{ "III-B Fig. 6 (O2)", "GroupBy([6, 6]).OrderBy(RegP([2, 3, 2, 3], [1, 3, 2, 4]))", NULL,
	  "S[(2,3,2,3):(18,3,9,1)]", { 4, 2 }, 23 },
	/*
	 * Equation (2), Figure 6 right column: [4, 2] -> 15.  Figure 7's antidiag
	 * for n = 3, branch-free: c = (i+j+1)/4 is 1 exactly below the main
	 * anti-diagonal (i + j + 1 > 3).
	 */
	{ "III-B Eq. (2), Figs. 6, 7", "GroupBy([6, 6]).OrderBy(RegP([2, 3, 2, 3], [1, 3, 2, 4]))"
	  ".OrderBy(RegP([2, 2], [2, 1]), GenP([3, 3], lambda i, j: "
	  "(1 - (i+j+1)/4) * (i + (i+j+1)*(i+j)/2) + "
	  "((i+j+1)/4) * (6 + i - (5-i-j)*(4-i-j)/2)))", NULL, NULL, { 4, 2 }, 15 },
	/* Table I, Figure 8: the CuTe/Graphene strides ((1,8)),(2,(4,16)). */
	{ "Table I Fig. 8", "GroupBy([2, 2, 2, 2, 2]).OrderBy(RegP([2, 2, 2, 2, 2], [5, 2, 4, 3, 1]))",
	  NULL, "S[(2,2,2,2,2):(1,8,2,4,16)]", { 1, 1, 0, 0, 1 }, 25 },
	/* Table I, Figure 1: TileBy([M/BM, K/BK], [BM, BK]).OrderBy(Row(M, K)): (K*BM, BK, K, 1). */
	{ "Table I Fig. 1", "TileBy([M/BM, K/BK], [BM, BK]).OrderBy(Row(M, K))",
	  "M=128,K=64,BM=32,BK=16", "S[(4,4,32,16):(2048,16,64,1)]", { 1, 2, 3, 4 }, 2048 + 32 + 192 + 4 },
	/* Table I, Figure 12b: strides (R*T^2, T^2, T, 1). */
	{ "Table I Fig. 12b", "GroupBy([R, R], [T, T]).OrderBy(Row(R * T, R * T))", "R=2,T=3",
	  "S[(2,2,3,3):(18,9,3,1)]", { 1, 1, 2, 2 }, 35 },
	/* Table I, Figure 12c: strides (N^2 B, N B^2, B^3, B^2, B, 1). */
	{ "Table I Fig. 12c", "TileBy([N/B, N/B, N/B], [B, B, B]).OrderBy(Row(N/B, N/B, N/B), "
	  "Row(B, B, B))", "N=6,B=2", "S[(3,3,3,2,2,2):(72,24,8,4,2,1)]", { 2, 1, 0, 1, 1, 1 }, 144 + 24 + 7 },
	/*
	 * Figure 1 (right), the grouped thread-block order CL, whose inverse is
	 * Figure 1 (left)'s pid_m/pid_n: pid = (pid_m/GM)*GM*nt_n + pid_n*GM + pid_m%GM.
	 */
	{ "Fig. 1 CL", "TileBy([nt_m, nt_n]).OrderBy(Col(max(nt_m//GM,1), 1), Col(min(nt_m,GM),nt_n))",
	  "nt_m=8,nt_n=4,GM=2", "S[(4,2,4):(8,1,2)]", { 5, 3 }, 2 * 8 + 3 * 2 + 1 },
	/* The Python front end's chains (docs/interop.md). */
	{ "lego.py TileBy", "OrderBy(Row(4,6)).TileBy([4,6])", NULL, "S[(4,6):(6,1)]", { 1, 2 }, 8 },
	{ "lego.py GroupBy", "OrderBy(RegP([2,2],[1,0])).GroupBy([(2,2)])", NULL, "S[(2,2):(1,2)]",
	  { 1, 0 }, 1 },
	{ "Col", "Col(4, 6)", NULL, "S[(4,6):(1,4)]", { 1, 2 }, 9 },
	{ "Row list", "Row([4, 6])", NULL, "S[(4,6):(6,1)]", { 1, 2 }, 8 },
};

static long parse_bind(const char *text, axe_binding *b)
{
	long n = 0;

	while (text && *text) {
		const char *eq = strchr(text, '='), *comma;
		snprintf(b[n].name, sizeof(b[n].name), "%.*s", (int)(eq - text), text);
		b[n].value = strtoll(eq + 1, NULL, 10);
		n++;
		comma = strchr(eq, ',');
		text = comma ? comma + 1 : NULL;
	}
	return n;
}

static void test_lego_paper(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(lego_rows) / sizeof(lego_rows[0]); i++) {
		const lego_row *r = &lego_rows[i];
		axe_binding bind[8];
		long nbind = parse_bind(r->bind, bind);
		axe_import imp;
		axe_error err;
		char *text;

		if (import_lego(r->text, bind, (size_t)nbind, &imp, &err) < 0)
			fail_msg("%s: %s", r->where, err.message);
		if (r->compact) {
			if (!imp.layout)
				fail_msg("%s: no compact form (%s)", r->where, imp.why_expr);
			text = axe_layout_to_string(imp.layout);
			if (strcmp(text, r->compact) != 0)
				fail_msg("%s: %s, want %s", r->where, text, r->compact);
			free(text);
		} else if (!imp.expr || imp.why_expr[0] == '\0') {
			fail_msg("%s: expected an expr: layout with a reason", r->where);
		}
		if (image_at(&imp, r->at) != r->value)
			fail_msg("%s: %lld, the paper %lld", r->where, (long long)image_at(&imp, r->at),
				 (long long)r->value);
		axe_import_release(&imp);
	}
}

/* ---- LEGO: malformed text, each with the column and message of its error ---- */

static const struct {
	const char *text;
	int col;                 /* of the text; the operand adds "lego:" */
	const char *message;
} lego_errors[] = {
	{ "", 1, "empty LEGO expression" },
	{ "Row(4, 6", 9, "expected ')' to close the call but found the end of the text" },
	{ "Roww(4)", 1, "expected GroupBy, TileBy, OrderBy, Row, Col, RegP or GenP" },
	{ "Row(4, 0)", 8, "extent must be positive, not 0" },
	{ "Row(M, 4)", 5, "name 'M' has no value" },
	{ "RegP([2, 2], [0, 0])", 14, "RegP's order is not a permutation of 0..1 (or 1..2)" },
	{ "RegP([2, 2], [0, 1, 2])", 14, "RegP has 2 extents but an order of 3" },
	{ "GroupBy([6, 4]).OrderBy(Row(4, 5))", 17, "this OrderBy has 20 elements but the layout has 24" },
	{ "OrderBy(Row(4)).OrderBy(Row(4))", 17, "a chain of OrderBy blocks needs a GroupBy or TileBy" },
	{ "GroupBy([4]).TileBy([4])", 14, "a layout has one GroupBy or TileBy" },
	{ "OrderBy(Row(4)).GroupBy([4]).OrderBy(Row(4))", 17, "OrderBy blocks on both sides" },
	{ "TileBy([2, 2], [3])", 1, "TileBy's levels need the same number of extents" },
	{ "Row(6 / 4)", 5, "'/' needs an exact quotient, but 6 / 4 is not whole" },
	{ "Row(6 // 0)", 5, "division by zero" },
	{ "Row(99999999999999999999)", 5, "integer does not fit in 64 bits" },
	{ "Row(4294967296, 4294967296)", 1, "the number of elements does not fit in 64 bits" },
	{ "GenP([4], lambda i: i +)", 24, "expected" },
	{ "GenP([4], lambda i, j: i)", 19, "GenP has 1 extent: expected 1 lambda name" },
	{ "GenP([4], i: i)", 11, "expected 'lambda'" },
	{ "Row(4) $", 8, "expected '.' and a call, or the end, but found '$'" },
};

static void test_lego_errors(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(lego_errors) / sizeof(lego_errors[0]); i++) {
		axe_import imp;
		axe_error err;

		if (import_lego(lego_errors[i].text, NULL, 0, &imp, &err) == 0)
			fail_msg("'%s' was read", lego_errors[i].text);
		if (!strstr(err.message, lego_errors[i].message) ||
		    err.col != lego_errors[i].col + 5)
			fail_msg("'%s': col %d '%s', want col %d '%s'", lego_errors[i].text,
				 err.col - 5, err.message, lego_errors[i].col, lego_errors[i].message);
		assert_string_equal(err.source, "<arg>");
	}
}

/*
 * Translation validation catches a wrong converter: the Figure 6 (O2)
 * layout with two strides swapped (a rule flipped) disagrees with LEGO's
 * own apply, and the report names the first differing point.
 */
static void test_lego_validation_catches_a_bug(void **state)
{
	const char *text = "GroupBy([6, 6]).OrderBy(RegP([2, 3, 2, 3], [1, 3, 2, 4]))";
	axe_loc where = { "<arg>", 1, 1, text, strlen(text) };
	axe_import imp = { 0 };
	axe_reference ref;
	lego_layout l;
	axe_error err;

	(void)state;
	axe_error_init(&err);
	assert_int_equal(axe_lego_parse(text, &where, NULL, 0, &l, &err), 0);
	assert_int_equal(axe_lego_reference(&l, &ref, &err), 0);
	imp.layout = axe_layout_parse("S[(2,3,2,3):(18,9,3,1)]", &err);
	imp.shape = (axe_shape){ 2, { 6, 6 } };
	assert_int_equal(axe_import_validate(&imp, &ref, "LEGO", &err), -1);
	assert_string_equal(err.message, "internal error: the LEGO import disagrees with LEGO's "
			    "own meaning at (0, 3): converted {m: 3}, reference {m: 9} (please "
			    "report this)");
	axe_import_release(&imp);
	axe_layout_free(imp.layout);
	imp.layout = axe_layout_parse("S[(2,3,2,3):(18,3,9,1)]", &err);
	axe_error_init(&err);
	assert_int_equal(axe_import_validate(&imp, &ref, "LEGO", &err), 0);
	axe_import_release(&imp);
	axe_reference_release(&ref);
	axe_lego_release(&l);
}

/*
 * The same at 2^24 points, where the layout is a bit permutation (64 x 64
 * tiles of a 4096 x 4096 tensor, swapped): validated at one point per bit
 * (axe_lego_validate); a converter whose only error is the top two row
 * bits swapped is reported at row 1024 (LEGO has m = 2^23 there).
 */
static void test_lego_validation_bit_permutation(void **state)
{
	const char *text = "GroupBy([4096, 4096]).OrderBy(RegP([64, 64, 64, 64], [1, 3, 2, 4]))";
	axe_loc where = { "<arg>", 1, 1, text, strlen(text) };
	axe_import imp = { .shape = { 2, { 4096, 4096 } } };
	lego_layout l;
	axe_error err;

	(void)state;
	axe_error_init(&err);
	assert_int_equal(axe_lego_parse(text, &where, NULL, 0, &l, &err), 0);
	imp.layout = axe_layout_parse("S[(64,64,64,64):(262144,64,4096,1)]", &err);
	assert_int_equal(axe_lego_validate(&l, &imp, &err), 0);
	axe_import_release(&imp);
	imp.layout = axe_layout_parse("S[(2,2,16,64,64,64):(4194304,8388608,262144,64,4096,1)]",
				      &err);
	assert_int_equal(axe_lego_validate(&l, &imp, &err), -1);
	assert_string_equal(err.message, "internal error: the LEGO import disagrees with LEGO's "
			    "own meaning at (1024, 0): converted {m: 8388608}, reference "
			    "{m: 4194304} (please report this)");
	axe_import_release(&imp);
	axe_lego_release(&l);
}

/* ---- writing LEGO back ---- */

static const struct {
	const char *layout;
	axe_shape shape;
	const char *lego; /* or NULL: no form, "why" holds "reason" */
	const char *reason;
} lego_writes[] = {
	{ "S[(4,8):(8,1)]", { 2, { 4, 8 } }, "OrderBy(Row(4, 8)).GroupBy([(4, 8)])", NULL },
	{ "S[(4,8):(1,4)]", { 2, { 4, 8 } }, "OrderBy(RegP([4, 8], [1, 0])).GroupBy([(4, 8)])", NULL },
	{ "S[(2,3,2,3):(18,3,9,1)]", { 2, { 6, 6 } },
	  "OrderBy(RegP([2, 3, 2, 3], [0, 2, 1, 3])).GroupBy([(6, 6)])", NULL },
	{ "S[32:1]", { 1, { 32 } }, "OrderBy(Row(32)).GroupBy([(32,)])", NULL },
	{ "S[(4,8):(8,2)]", { 2, { 4, 8 } }, NULL, "these strides leave gaps" },
	{ "S[(4,8):(-8,1)]", { 2, { 4, 8 } }, NULL, "not positive" },
	{ "S[4:1] + R[2:4]", { 1, { 4 } }, NULL, "a replica has no LEGO form" },
	{ "S[4:1] + 3", { 1, { 4 } }, NULL, "an offset has no LEGO form" },
	{ "S[4:1@laneid]", { 1, { 4 } }, NULL, "one flat memory index (axis m)" },
	{ "Swizzle(1,1,1) o S[16:1]", { 1, { 16 } }, NULL, "a swizzle is no LEGO permutation" },
};

static void test_lego_writer(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(lego_writes) / sizeof(lego_writes[0]); i++) {
		axe_error err;
		axe_convert c;
		axe_layout *L;

		axe_error_init(&err);
		L = axe_layout_parse(lego_writes[i].layout, &err);
		assert_non_null(L);
		if (axe_convert_layout(L, &lego_writes[i].shape, -1, NULL, "lego", &c, &err) < 0)
			fail_msg("%s: %s", lego_writes[i].layout, err.message);
		if (lego_writes[i].lego) {
			if (!c.expressible || strcmp(c.text, lego_writes[i].lego) != 0)
				fail_msg("%s: '%s' (%s), want '%s'", lego_writes[i].layout,
					 c.text ? c.text : "", c.reason, lego_writes[i].lego);
		} else if (c.expressible || !strstr(c.reason, lego_writes[i].reason)) {
			fail_msg("%s: expressible %d '%s', want reason '%s'", lego_writes[i].layout,
				 c.expressible, c.reason, lego_writes[i].reason);
		}
		axe_convert_release(&c);
		axe_layout_free(L);
	}
}

/* convert: unknown targets get a suggestion; --to axe says why an expr: import has none. */
static void test_convert_targets(void **state)
{
	axe_shape shape = { 1, { 4 } };
	axe_error err;
	axe_convert c;
	axe_layout *L;

	(void)state;
	axe_error_init(&err);
	L = axe_layout_parse("S[4:1]", &err);
	assert_int_equal(axe_convert_layout(L, &shape, -1, NULL, "legoo", &c, &err), -1);
	assert_string_equal(err.message, "unknown notation 'legoo'");
	assert_string_equal(err.hint, "did you mean 'lego'?");
	axe_convert_release(&c);
	axe_error_init(&err);
	assert_int_equal(axe_convert_layout(NULL, &shape, -1, "a GenP", "axe", &c, &err), 0);
	assert_false(c.expressible);
	assert_string_equal(c.reason, "the layout has no Axe compact form, only an expr: form "
			    "(a GenP)");
	axe_convert_release(&c);
	axe_layout_free(L);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_lookup),
		cmocka_unit_test(test_format_spec_keys),
		cmocka_unit_test(test_spec_entry),
		cmocka_unit_test(test_lego_paper),
		cmocka_unit_test(test_lego_errors),
		cmocka_unit_test(test_lego_validation_catches_a_bug),
		cmocka_unit_test(test_lego_validation_bit_permutation),
		cmocka_unit_test(test_lego_writer),
		cmocka_unit_test(test_convert_targets),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
