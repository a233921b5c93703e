/*
 * test_expr.c: the expression module (src/expr/): parsing C-syntax index
 * expressions and their errors, floor semantics of evaluation, interval
 * analysis, the three printers, every simplifier rule (a rewrite it makes
 * and one it must refuse, each checked by evaluation at every point of the
 * variables' box), the index expressions of seed 001's layouts (the tensor
 * core tile and the closed form of the 128B swizzle) and `expr:` layouts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "expr/expr_layout.h"
#include "expr/from_layout.h"
#include "expr/simplify.h"
#include "parse/parse.h"

/* A context with the variables of "vars": "i:0..7,j:-4..15". */
static axe_expr_ctx *ctx_with(const char *vars)
{
	axe_expr_ctx *ctx = axe_expr_ctx_new();
	char name[16];
	long long lo, hi;
	int used;

	assert_non_null(ctx);
	while (vars && sscanf(vars, "%15[a-z_0-9]:%lld..%lld%n", name, &lo, &hi, &used) == 3) {
		assert_true(axe_expr_ctx_add_var(ctx, name, lo, hi) >= 0);
		vars += used;
		vars += *vars == ',';
	}
	return ctx;
}

static const axe_expr *parse(axe_expr_ctx *ctx, const char *text, axe_error *err)
{
	axe_loc origin = { "<test>", 1, 1, text, strlen(text) };

	axe_error_init(err);
	return axe_expr_parse(ctx, text, strlen(text), &origin, err);
}

static const axe_expr *parse_ok(axe_expr_ctx *ctx, const char *text)
{
	axe_error err;
	const axe_expr *e = parse(ctx, text, &err);

	if (!e)
		fail_msg("'%s': %s", text, err.message);
	return e;
}

static void assert_prints(const axe_expr_ctx *ctx, const axe_expr *e, axe_expr_syntax syntax,
			  const char *want)
{
	char *got = axe_expr_to_string(ctx, e, syntax);

	assert_non_null(got);
	if (strcmp(got, want) != 0)
		fail_msg("printed '%s', want '%s'", got, want);
	free(got);
}

/* ---- parsing and printing ---- */

typedef struct print_row {
	const char *vars, *text, *printed;
} print_row;

static void test_parse_print(void **state)
{
	static const print_row rows[] = {
		{ "i:0..7,j:0..15", "4*i + (j/2)%4", "4*i + (j/2)%4" },
		{ "i:0..7,j:0..15", "i*4+j/2%4", "i*4 + (j/2)%4" },
		{ "i:0..7", "-i + 3", "-i + 3" },
		{ "i:0..7,j:0..15", "(i << 2) | (j & 3)", "(i << 2) | (j & 3)" },
		{ "i:0..7,j:0..15", "i - (j - 1)", "i - (j - 1)" },
		{ "i:0..7", "0x10 * i + 1LL", "16*i + 1" },
		{ "i:0..7,j:0..15", "i ^ j ^ 1", "(i ^ j) ^ 1" },
		{ "i:0..7", "i * -3", "i*(-3)" },
		{ "i:0..7", "-(i + 1)", "-(i + 1)" },
		{ "i:0..7", "i - 3", "i - 3" },
		{ "", "-9223372036854775808", "-9223372036854775808" },
		{ "i:0..7,j:0..15", "(i*j)/(i+1)", "(i*j)/(i + 1)" },
		/* C's comparisons, logic, ?: and min/max: C precedence, -Wparentheses style. */
		{ "i:0..7,j:0..15", "i < 4 ? j : i + j", "i < 4 ? j : i + j" },
		{ "i:0..7,j:0..15", "i<4?j:i>5?1:2", "i < 4 ? j : i > 5 ? 1 : 2" },
		{ "i:0..7,j:0..15", "min(i, j) + max(i*2, j)", "min(i, j) + max(i*2, j)" },
		{ "i:0..7,j:0..15", "!(i < j) || i == 3 && j != 2",
		  "(i < j) == 0 || (i == 3 && j != 2)" },
		{ "i:0..7,j:0..15", "i + 1 <= j * 2 == 1", "(i + 1 <= j*2) == 1" },
		{ "i:0..7,j:0..15", "(i ? j : 1) * 2", "(i ? j : 1)*2" },
		{ "min:0..7", "min + max(min, 1)", "min + max(min, 1)" },
	};

	(void)state;
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		axe_expr_ctx *ctx = ctx_with(rows[r].vars);
		assert_prints(ctx, parse_ok(ctx, rows[r].text), AXE_SYNTAX_EXPR, rows[r].printed);
		axe_expr_ctx_free(ctx);
	}
}

typedef struct error_row {
	const char *vars, *text, *message, *hint;
	int col, span;
} error_row;

static void test_parse_errors(void **state)
{
	static const error_row rows[] = {
		{ "row:0..7,col:0..15", "4*cl", "unknown variable 'cl'", "did you mean 'col'?",
		  3, 2 },
		{ "i:0..7,j:0..15", "i/(j-j)", "divisor '(j-j)' may be zero: its values lie in "
		  "[-15, 15]", "", 3, 5 },
		{ "i:0..7", "i/0", "division by zero", "", 3, 1 },
		{ "i:0..7", "i % (i - 3)", "divisor '(i - 3)' may be zero: its values lie in "
		  "[-3, 4]", "", 5, 7 },
		{ "i:0..7", "i << 70", "shift count '70' must lie in [0, 62], but its values lie "
		  "in [70, 70]", "", 6, 2 },
		{ "i:0..7", "(i + 1", "expected ')' but found the end of the expression",
		  "the '(' is at column 1", 7, 1 },
		{ "i:0..7", "i +", "expected a number, a variable or '(' but found the end of "
		  "the expression", "", 4, 1 },
		{ "i:0..7,j:0..7", "i j", "expected an operator or the end of the expression but "
		  "found 'j'", "", 3, 1 },
		{ "i:0..7", "010 * i", "integer literal '010' has a leading zero",
		  "C would read it as octal: write it without the zero, or in hex with 0x", 1, 3 },
		{ "", "99999999999999999999", "integer literal does not fit in 64 bits", "",
		  1, 20 },
		{ "i:0..7", "i * 4611686018427387904 * 4", "'i * 4611686018427387904' may leave "
		  "the signed 64-bit range over the variables' ranges", "", 1, 23 },
		{ "i:0..7,j:0..7", "i = j", "expected an operator or the end of the expression "
		  "but found '='", "compare with '=='; an expression assigns nothing", 3, 1 },
		{ "i:0..7,j:0..7", "i ? j", "expected ':' of '?:' but found the end of the "
		  "expression", "", 6, 1 },
		{ "i:0..7,j:0..7", "min(i j)", "expected ',' between the two arguments but found "
		  "'j'", "", 7, 1 },
		{ "i:0..7,j:0..7", "max(i, j", "expected ')' after the two arguments but found the "
		  "end of the expression", "", 9, 1 },
		{ "i:0..7,j:0..7", "i < 3 ? j / (i - i) : 0", "divisor '(i - i)' may be zero: its "
		  "values lie in [-7, 7]", "", 13, 7 },
		{ "i:0..7", "3i", "invalid integer literal '3i'", "", 1, 2 },
		{ "i:0..7", "  ", "empty expression", "", 1, 2 },
		{ "i:0..7", "i ~ 1", "expected an operator or the end of the expression but "
		  "found '~'", "", 3, 1 },
	};

	(void)state;
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		axe_expr_ctx *ctx = ctx_with(rows[r].vars);
		axe_error err;
		if (parse(ctx, rows[r].text, &err))
			fail_msg("'%s' parsed", rows[r].text);
		assert_string_equal(err.message, rows[r].message);
		assert_string_equal(err.hint, rows[r].hint);
		assert_string_equal(err.source, "<test>");
		if (err.col != rows[r].col || err.span != rows[r].span)
			fail_msg("'%s': column %d span %d, want %d and %d", rows[r].text, err.col,
				 err.span, rows[r].col, rows[r].span);
		axe_expr_ctx_free(ctx);
	}
}

/* An error in the second line of a folded scalar names that line. */
static void test_parse_error_lines(void **state)
{
	axe_expr_ctx *ctx = ctx_with("i:0..7");
	axe_loc origin = { "spec.yaml", 4, 12, "    m: |", 8 };
	const char *text = "4*i +\n  k";
	axe_error err;

	(void)state;
	axe_error_init(&err);
	assert_null(axe_expr_parse(ctx, text, strlen(text), &origin, &err));
	assert_string_equal(err.message, "unknown variable 'k'");
	assert_int_equal(err.line, 5);
	assert_int_equal(err.col, 3);
	axe_expr_ctx_free(ctx);
}

/* ---- evaluation and ranges ---- */

typedef struct eval_row {
	const char *text;
	int64_t value;
} eval_row;

/* semantics.md: `/` and `%` floor and take the divisor's sign, like Python. */
static void test_floor_semantics(void **state)
{
	static const eval_row rows[] = {
		{ "-7 / 2", -4 }, { "-7 % 2", 1 }, { "7 / -2", -4 }, { "7 % -2", -1 },
		{ "-8 / 2", -4 }, { "-1 >> 1", -1 }, { "-3 << 2", -12 }, { "-1 & 7", 7 },
		{ "5 ^ 3", 6 }, { "5 | 3", 7 }, { "1 + 2 * 3 << 1", 14 }, { "6 & 3 ^ 1", 3 },
		{ "-9223372036854775807 - 1", INT64_MIN },
		/* C: comparisons and && || ! give 0 or 1; ?: and min/max pick a value. */
		{ "3 < 4", 1 }, { "(2 > 1) + (2 >= 2) + (1 == 1) + (1 != 1) + (2 <= 1)", 3 },
		{ "1 ? 5 : 6", 5 }, { "0 ? 5 : 6", 6 }, { "-3 ? 5 : 6", 5 },
		{ "min(-3, 2) + max(-3, 2)", -1 }, { "!0 + !7", 1 }, { "2 && 3", 1 },
		{ "0 || 0", 0 }, { "0 || -4", 1 }, { "1 < 2 == 1", 1 }, { "1 | 2 == 2", 1 },
		{ "0 ? 1 : 0 ? 2 : 3", 3 },
	};
	axe_expr_ctx *ctx = ctx_with("");
	int64_t v;

	(void)state;
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		const axe_expr *e = parse_ok(ctx, rows[r].text);
		assert_int_equal(axe_expr_eval(e, NULL, &v), 0);
		if (v != rows[r].value)
			fail_msg("%s = %lld, want %lld", rows[r].text, (long long)v,
				 (long long)rows[r].value);
		assert_true(e->bounded && e->lo <= v && v <= e->hi);
	}
	axe_expr_ctx_free(ctx);
}

typedef struct range_row {
	const char *vars, *text;
	int64_t lo, hi;
} range_row;

static void test_ranges(void **state)
{
	static const range_row rows[] = {
		{ "i:0..7,j:0..15", "4*i + (j/2)%4", 0, 31 },
		{ "j:0..15", "j % 8", 0, 7 },
		{ "j:8..15", "j % 8", 0, 7 },
		{ "j:9..12", "j % 8", 1, 4 },
		{ "j:0..5", "j % 8", 0, 5 },
		{ "x:-8..7", "x / 4", -2, 1 },
		{ "x:-8..7", "x % 4", 0, 3 },
		{ "x:-8..7", "x % -4", -3, 0 },
		{ "i:0..7,j:0..63", "(j/8) ^ i", 0, 7 },
		{ "i:0..7,j:0..4", "i & j", 0, 4 },
		{ "x:-8..7", "x & 12", 0, 12 },
		{ "x:-8..7,y:-2..3", "x ^ y", -8, 7 },
		{ "i:0..7", "i << 3", 0, 56 },
		{ "x:-8..7", "x >> 1", -4, 3 },
		{ "i:0..7", "i < 8", 1, 1 },
		{ "i:0..7", "i < 4", 0, 1 },
		{ "i:0..7", "i > 7 || i < 0", 0, 0 },
		{ "i:0..7,j:0..3", "min(i, j)", 0, 3 },
		{ "i:0..7", "max(i, 3)", 3, 7 },
		{ "i:0..7", "i < 4 ? i : 10", 0, 10 },
		{ "i:0..7", "i >= 0 ? i : 100", 0, 7 },
	};

	(void)state;
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		axe_expr_ctx *ctx = ctx_with(rows[r].vars);
		const axe_expr *e = parse_ok(ctx, rows[r].text);
		if (!e->bounded || e->lo != rows[r].lo || e->hi != rows[r].hi)
			fail_msg("%s: [%lld, %lld], want [%lld, %lld]", rows[r].text,
				 (long long)e->lo, (long long)e->hi, (long long)rows[r].lo,
				 (long long)rows[r].hi);
		axe_expr_ctx_free(ctx);
	}
}

typedef struct syntax_row {
	const char *vars, *text, *c, *python;
} syntax_row;

/* C keeps floor semantics where operands may be negative; Python has them built in. */
static void test_printers(void **state)
{
	static const syntax_row rows[] = {
		{ "i:0..15", "i/4 + i%4", "i/4 + i%4", "i//4 + i%4" },
		{ "x:-8..7", "x/4", "axe_floordiv(x, 4)", "x//4" },
		{ "x:-8..7", "x%4", "axe_floormod(x, 4)", "x%4" },
		{ "i:0..7", "i % -4", "axe_floormod(i, -4)", "i%(-4)" },
		{ "x:-8..7", "x >> 1", "axe_floordiv(x, 2)", "x >> 1" },
		{ "x:-8..7", "x << 2", "x*4", "x << 2" },
		{ "x:-8..7,k:0..3", "x << k", "x*(1LL << k)", "x << k" },
		{ "i:0..7,k:0..3", "(i << k) >> 1", "(i << k) >> 1", "(i << k) >> 1" },
		{ "i:0..7", "i * 4294967296", "i*4294967296LL", "i*4294967296" },
		{ "i:0..7,j:0..63", "64*i + 8*((j/8) ^ i) + j%8", "64*i + 8*((j/8) ^ i) + j%8",
		  "64*i + 8*((j//8) ^ i) + j%8" },
		{ "x:-8..7", "(x + 8)/2*3", "((x + 8)/2)*3", "((x + 8)//2)*3" },
		{ "i:0..7,j:0..15", "i < 4 ? j : i", "i < 4 ? j : i", "(j if i < 4 else i)" },
		{ "i:0..7,j:0..15", "min(i, j) - max(i, 2)", "axe_min(i, j) - axe_max(i, 2)",
		  "min(i, j) - max(i, 2)" },
		{ "i:0..7,j:0..15", "i < j && j < 9 || !i", "(i < j && j < 9) || i == 0",
		  "(bool((bool(i < j) and bool(j < 9))) or bool(i == 0))" },
		{ "i:0..7,j:0..15", "(i < 3) + (j > 2 ? 1 : 0)", "(i < 3) + (j > 2 ? 1 : 0)",
		  "(i < 3) + (1 if j > 2 else 0)" },
		{ "i:0..7,j:0..15", "(i < j) == (j < 3)", "(i < j) == (j < 3)",
		  "(i < j) == (j < 3)" },
		{ "i:0..7,j:0..15", "(i & j) < 3", "(i & j) < 3", "(i & j) < 3" },
		{ "i:0..7,j:0..15", "i & j < 3", "i & (j < 3)", "i & (j < 3)" },
	};

	(void)state;
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		axe_expr_ctx *ctx = ctx_with(rows[r].vars);
		const axe_expr *e = parse_ok(ctx, rows[r].text);
		assert_prints(ctx, e, AXE_SYNTAX_C, rows[r].c);
		assert_prints(ctx, e, AXE_SYNTAX_PYTHON, rows[r].python);
		axe_expr_ctx_free(ctx);
	}
	assert_non_null(strstr(axe_expr_c_prelude(), "axe_floordiv(long long a, long long b)"));
	assert_non_null(strstr(axe_expr_c_prelude(), "axe_min(long long a, long long b)"));
	assert_true(axe_expr_c_needs_prelude("axe_max(i, 2)"));
	assert_false(axe_expr_c_needs_prelude("i < 4 ? j : i"));
}

/* ---- the simplifier ---- */

/* Evaluate "a" and "b" at every point of the variables' box; fail where they differ. */
static void assert_same_values(const axe_expr_ctx *ctx, const axe_expr *a, const axe_expr *b,
			       const char *what)
{
	int64_t v[8] = { 0 }, x, y;
	size_t n = ctx->nvars, k;

	assert_true(n <= 8);
	for (k = 0; k < n; k++)
		v[k] = ctx->var[k].lo;
	for (;;) {
		assert_int_equal(axe_expr_eval(a, v, &x), 0);
		assert_int_equal(axe_expr_eval(b, v, &y), 0);
		if (x != y)
			fail_msg("%s: %lld != %lld at v0=%lld", what, (long long)x, (long long)y,
				 (long long)v[0]);
		for (k = 0; k < n && ++v[k] > ctx->var[k].hi; k++)
			v[k] = ctx->var[k].lo;
		if (k == n)
			break;
	}
}

typedef struct rule_row {
	enum axe_simplify_rule rule;
	bool fires;             /* the row shows the rule firing; else refusing */
	const char *vars, *text, *result;
} rule_row;

#define R(rule) AXE_SIMP_##rule

static const rule_row rule_rows[] = {
	{ R(FOLD), true, "i:0..7", "i + 3*4", "i + 12" },
	{ R(LINEAR), true, "i:0..7", "2*i + 3*(i + 1) - i", "4*i + 3" },
	{ R(LINEAR), false, "i:0..7,j:0..7", "i + i*j", "i + i*j" },
	{ R(MOD_MULTIPLE), true, "i:0..7,j:0..15", "(8*i + j) % 8", "j%8" },
	{ R(MOD_MULTIPLE), true, "i:0..7,j:0..15", "(8*i + 6*j + 9) % 4", "(6*j + 1)%4" },
	{ R(MOD_MULTIPLE), true, "d:1..3,q:0..4,r:0..9", "(d*q + r) % d", "r%d" },
	{ R(MOD_MULTIPLE), false, "i:0..7,j:0..15", "(2*i + j) % 4", "(2*i + j)%4" },
	{ R(DIV_MULTIPLE), true, "i:0..7,j:0..15", "(16*i + j) / 8", "2*i + j/8" },
	{ R(DIV_MULTIPLE), true, "i:0..7,j:0..7", "(16*i + j) / 8", "2*i" },
	{ R(DIV_MULTIPLE), true, "d:1..3,q:0..4,r:0..9", "(d*q + r) / d", "q + r/d" },
	{ R(DIV_MULTIPLE), false, "i:0..7,j:0..15", "(4*i + j) / 8", "(4*i + j)/8" },
	{ R(DIV_OF_MOD), true, "x:0..99,d:1..8", "(x % d) / d", "0" },
	{ R(DIV_OF_MOD), false, "x:0..99,d:-4..-1", "(x % d) / d", "(x%d)/d" },
	{ R(DIV_SMALL), true, "j:0..7", "j / 8", "0" },
	{ R(DIV_SMALL), false, "j:0..15", "j / 8", "j/8" },
	{ R(MOD_SMALL), true, "j:0..7", "j % 8", "j" },
	{ R(MOD_SMALL), false, "j:0..15", "j % 8", "j%8" },
	{ R(DIV_ONE), true, "i:0..7", "i / 1 + i % 1", "i" },
	{ R(DIV_ONE), false, "i:0..7", "i / -1", "i/(-1)" },
	{ R(RECOMBINE), true, "j:0..99", "8*(j/8) + j%8", "j" },
	{ R(RECOMBINE), true, "a:1..4,x:0..20", "a*(x/a) + x%a", "x" },
	{ R(RECOMBINE), true, "j:0..255", "8*(j/16) + (j/2)%8", "j/2" },
	{ R(RECOMBINE), false, "j:0..99", "4*(j/8) + j%8", "4*(j/8) + j%8" },
	{ R(DIGIT_MERGE), true, "j:0..255", "8*((j/8)%4) + j%8", "j%32" },
	{ R(DIGIT_MERGE), true, "j:0..1023", "8*((j/16)%4) + (j/2)%8", "(j/2)%32" },
	{ R(DIGIT_MERGE), false, "j:0..255", "8*((j/8)%4) + j%4", "8*((j/8)%4) + j%4" },
	{ R(MOD_DIV), true, "j:0..255", "(j % 32) / 4", "(j/4)%8" },
	{ R(MOD_DIV), false, "j:0..255", "(j % 30) / 4", "(j%30)/4" },
	{ R(DIV_DIV), true, "j:0..255", "(j/4)/8", "j/32" },
	{ R(DIV_DIV), false, "j:0..255", "(j/4)/-2", "(j/4)/(-2)" },
	{ R(DIV_SCALED), true, "i:0..15,j:0..15", "2*((16*i + j) / 128)", "2*(i/8)" },
	{ R(DIV_SCALED), true, "i:0..15,j:0..3", "(12*i + 4*j + 3) / 48", "(3*i + j)/12" },
	{ R(DIV_SCALED), false, "i:0..15,j:0..16", "(16*i + j) / 128", "(16*i + j)/128" },
	{ R(MOD_SCALED), true, "i:0..15,j:0..15", "(16*i + j) % 128", "16*(i%8) + j" },
	{ R(MOD_SCALED), false, "i:0..15,j:0..31", "(16*i + j) % 128", "(16*i + j)%128" },
	{ R(MOD_MOD), true, "j:0..255", "(j%12)%4", "j%4" },
	{ R(MOD_MOD), false, "j:0..255", "(j%6)%4", "(j%6)%4" },
	{ R(SHIFT), true, "j:0..255", "(j << 3) + (j >> 2)", "8*j + j/4" },
	{ R(SHIFT), false, "j:0..255,k:0..3", "j << k", "j << k" },
	{ R(MASK), true, "j:0..255", "j & 7", "j%8" },
	{ R(MASK), false, "j:0..255", "j & 6", "j & 6" },
	{ R(BIT_SPLIT), true, "i:0..7,j:0..63", "(8*i + j/8) ^ i", "8*i + ((j/8) ^ i)" },
	{ R(BIT_SPLIT), true, "i:0..7,j:0..7", "(16*i + j) | 8", "16*i + j + 8" },
	{ R(BIT_SPLIT), true, "i:0..7,j:0..7", "(16*i + j) & 9", "j%2" },
	{ R(BIT_SPLIT), true, "i:0..7,j:0..99", "(8*i + j) & i", "j & i" },
	{ R(BIT_SPLIT), false, "i:0..7,j:0..15", "(8*i + j) ^ i", "(8*i + j) ^ i" },
	{ R(BIT_IDENT), true, "j:0..255", "(j ^ 0) + (j ^ j) + (j & 0) + (j | j)", "2*j" },
	{ R(BIT_IDENT), false, "j:0..255", "j ^ 1", "j ^ 1" },
	{ R(TRUTH_KNOWN), true, "i:0..7", "(i < 8) + (i >= 0) + (i == 9)", "2" },
	{ R(TRUTH_KNOWN), false, "i:0..7", "i < 4", "i < 4" },
	{ R(MINMAX_KNOWN), true, "i:0..7", "min(i, 10) + max(i, -1)", "2*i" },
	{ R(MINMAX_KNOWN), false, "i:0..7,j:0..7", "min(i, j)", "min(i, j)" },
	{ R(SELECT_KNOWN), true, "i:0..7,j:0..7", "(i >= 0 ? j : i) + (i > 9 ? 5 : i)", "i + j" },
	{ R(SELECT_KNOWN), false, "i:0..7", "i < 4 ? i : 7 - i", "i < 4 ? i : 7 - i" },
};

static void check_rule_row(const rule_row *row)
{
	axe_expr_ctx *ctx = ctx_with(row->vars);
	const axe_expr *e = parse_ok(ctx, row->text), *s;
	axe_simplify_report rep;
	char what[160];

	s = axe_expr_simplify(ctx, e, NULL, &rep);
	assert_non_null(s);
	snprintf(what, sizeof(what), "%s: %s", axe_simplify_rule_name(row->rule), row->text);
	assert_prints(ctx, s, AXE_SYNTAX_EXPR, row->result);
	assert_same_values(ctx, e, s, what);
	if (row->fires && rep.fired[row->rule] == 0)
		fail_msg("%s: the rule did not fire", what);
	if (!row->fires && rep.fired[row->rule] != 0)
		fail_msg("%s: the rule fired", what);
	axe_expr_ctx_free(ctx);
}

static void test_simplify_rules(void **state)
{
	bool fires[AXE_SIMP_RULE_COUNT] = { false }, refuses[AXE_SIMP_RULE_COUNT] = { false };

	(void)state;
	for (size_t r = 0; r < sizeof(rule_rows) / sizeof(rule_rows[0]); r++) {
		check_rule_row(&rule_rows[r]);
		(rule_rows[r].fires ? fires : refuses)[rule_rows[r].rule] = true;
	}
	/* Every rule of simplify_rules.def has both kinds of row (FOLD's refusal below). */
	for (int k = 0; k < AXE_SIMP_RULE_COUNT; k++)
		if (!fires[k] || (!refuses[k] && k != AXE_SIMP_FOLD))
			fail_msg("rule %s lacks a %s row", axe_simplify_rule_name(k),
				 fires[k] ? "refusal" : "rewrite");
}

/* FOLD refuses an undefined operation: 7 / 0 (the parser never builds one). */
static void test_fold_refuses_division_by_zero(void **state)
{
	axe_expr_ctx *ctx = ctx_with("");
	const axe_expr *e = axe_expr_binary(ctx, AXE_EXPR_DIV, axe_expr_const(ctx, 7),
					    axe_expr_const(ctx, 0));
	axe_simplify_report rep;

	(void)state;
	assert_false(e->bounded);
	assert_ptr_not_equal(axe_expr_simplify(ctx, e, NULL, &rep), NULL);
	assert_int_equal(rep.fired[AXE_SIMP_FOLD], 0);
	assert_int_equal(rep.refused[AXE_SIMP_FOLD], 1);
	axe_expr_ctx_free(ctx);
}

/* Conditions intervals cannot decide are refused without a prover, never guessed. */
static void test_undecided_without_prover(void **state)
{
	axe_expr_ctx *ctx = ctx_with("x:0..15");
	const axe_expr *e = parse_ok(ctx, "(x - x%4) / 16"), *s;
	axe_simplify_report rep;

	(void)state;
	s = axe_expr_simplify(ctx, e, NULL, &rep);
	assert_prints(ctx, s, AXE_SYNTAX_EXPR, "(x - x%4)/16");
	assert_true(rep.undecided >= 1);
	assert_int_equal(rep.fired[AXE_SIMP_DIV_SMALL], 0);
	axe_expr_ctx_free(ctx);
}

/* ---- expressions of layouts ---- */

/* Per-axis simplified expressions of "text" on "shape" over vars i, j, k and r0, r1. */
static void check_layout_exprs(const char *text, size_t rank, const int64_t *dims,
			       const char *const *want)
{
	static const char *const names[] = { "i", "j", "k" };
	axe_error err;
	axe_layout *L;
	axe_expr_ctx *ctx = ctx_with("");
	const axe_expr *coord[3], *rep[2], *out[8];
	axe_shape shape = { .rank = rank };
	char name[32];

	axe_error_init(&err);
	L = axe_layout_parse(text, &err);
	assert_non_null(L);
	memcpy(shape.dim, dims, rank * sizeof(int64_t));
	for (size_t d = 0; d < rank; d++)
		coord[d] = axe_expr_var(ctx, axe_expr_ctx_add_var(ctx, names[d], 0, dims[d] - 1));
	for (size_t t = 0; t < L->nreplica; t++) {
		snprintf(name, sizeof(name), "r%zu", t);
		rep[t] = axe_expr_var(ctx, axe_expr_ctx_add_var(ctx, name, 0,
								 L->replica[t].extent - 1));
	}
	assert_int_equal(axe_expr_from_layout(ctx, L, &shape, coord, rep, out), 0);
	for (size_t a = 0; a < L->naxes; a++) {
		const axe_expr *s = axe_expr_simplify(ctx, out[a], NULL, NULL);
		assert_same_values(ctx, out[a], s, text);
		assert_prints(ctx, s, AXE_SYNTAX_EXPR, want[a]);
	}
	axe_layout_free(L);
	axe_expr_ctx_free(ctx);
}

/* Seed 001: laneid = 4i + (j/2)%4, warpid = j/8 + 5 + 4r, m = j%2. */
static void test_tensor_core_exprs(void **state)
{
	static const int64_t dims[] = { 8, 16 };
	static const char *const want[] = { "4*i + (j/2)%4", "4*r0 + j/8 + 5", "j%2" };

	(void)state;
	check_layout_exprs("S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + "
			   "5@warpid", 2, dims, want);
}

/* Seed 001's worked example: addr(i, j) = 64i + 8((j/8) ^ i) + j%8. */
static void test_swizzle_closed_form(void **state)
{
	static const int64_t dims[] = { 8, 64 };
	static const char *const want[] = { "64*i + 8*((j/8) ^ i) + j%8" };

	(void)state;
	check_layout_exprs("Swizzle(3,3,3) o S[(8,64):(64,1)]", 2, dims, want);
}

/* Seed 001's tensor memory (TLane = l, TCol = 112a + c) and a reshaped tile. */
static void test_more_layout_exprs(void **state)
{
	static const int64_t tmem[] = { 2, 128, 112 }, flat[] = { 105 }, rows[] = { 3, 35 };
	static const char *const tmem_want[] = { "112*i + k", "j" };
	static const char *const flat_want[] = { "i" };
	static const char *const rows_want[] = { "35*i + j" };

	(void)state;
	check_layout_exprs("S[(2,128,112):(112@TCol,1@TLane,1@TCol)]", 3, tmem, tmem_want);
	check_layout_exprs("S[(3,5,7):(35,7,1)]", 1, flat, flat_want);
	check_layout_exprs("S[(3,5,7):(35,7,1)]", 2, rows, rows_want);
}

/* ---- expr: layouts from the command line ---- */

static void test_expr_layout_text(void **state)
{
	axe_shape shape = { 2, { 8, 16 } };
	axe_error err;
	axe_expr_layout *L;
	int64_t coord[2] = { 2, 9 }, images[4 * 3], scratch[8];

	(void)state;
	axe_error_init(&err);
	L = axe_expr_layout_from_text("laneid=4*i+(j/2)%4; warpid=j/8+5+4*r;m=j%2", "i,j",
				      "r=2", &shape, &err);
	if (!L)
		fail_msg("%s", err.message);
	assert_int_equal(L->naxes, 3);
	assert_int_equal(L->nimages, 2);
	assert_int_equal(axe_expr_layout_eval(L, coord, images, scratch), 2);
	assert_int_equal(images[0], 8);
	assert_int_equal(images[1], 6);
	assert_int_equal(images[2], 1);
	assert_int_equal(images[4], 10);
	axe_expr_layout_free(L);
}

typedef struct text_error_row {
	const char *exprs, *vars, *replica, *source, *message;
	int col;
} text_error_row;

static void test_expr_layout_text_errors(void **state)
{
	static const text_error_row rows[] = {
		{ "laneid=4*k", "i,j", NULL, "--expr", "unknown variable 'k'", 10 },
		{ "laneid 4*i", "i,j", NULL, "--expr", "expected '=' after axis 'laneid', as in "
		  "laneid=4*i", 8 },
		{ "m=i;m=j", "i,j", NULL, "--expr", "axis 'm' is given twice", 5 },
		{ "m=i", "i", NULL, "--vars", "1 variable for a shape of 2 dimensions", 1 },
		{ "m=i", "i,j,k", NULL, "--vars", "more variables than the 2 dimensions of the "
		  "shape", 5 },
		{ "m=i", "i,i", NULL, "--vars", "variable 'i' is named twice", 3 },
		{ "m=i", "i,j", "r", "--replica-vars", "expected '=' and a count after 'r', as in "
		  "r=2", 2 },
		{ "m=i", "i,j", "r=0", "--replica-vars", "a replica variable's count is a positive "
		  "integer", 3 },
		{ "m=i", "i,j", "j=2", "--replica-vars", "variable 'j' is named twice", 1 },
		{ " ; ", "i,j", NULL, "--expr", "expected an axis name", 2 },
		{ "m=i/(j-3)", "i,j", NULL, "--expr", "divisor '(j-3)' may be zero: its values lie "
		  "in [-3, 12]", 5 },
	};
	axe_shape shape = { 2, { 8, 16 } };

	(void)state;
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		axe_error err;
		axe_error_init(&err);
		if (axe_expr_layout_from_text(rows[r].exprs, rows[r].vars, rows[r].replica, &shape,
					      &err))
			fail_msg("'%s' was accepted", rows[r].exprs);
		assert_string_equal(err.source, rows[r].source);
		assert_string_equal(err.message, rows[r].message);
		if (err.col != rows[r].col)
			fail_msg("'%s': column %d, want %d", rows[r].exprs, err.col, rows[r].col);
	}
}

/* Without --vars the variables are i0, i1, ... */
static void test_expr_layout_default_vars(void **state)
{
	axe_shape shape = { 2, { 4, 4 } };
	axe_error err;
	axe_expr_layout *L;

	(void)state;
	axe_error_init(&err);
	L = axe_expr_layout_from_text("m=4*i0+i1", NULL, NULL, &shape, &err);
	assert_non_null(L);
	assert_string_equal(L->ctx->var[1].name, "i1");
	axe_expr_layout_free(L);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_print),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_parse_error_lines),
		cmocka_unit_test(test_floor_semantics),
		cmocka_unit_test(test_ranges),
		cmocka_unit_test(test_printers),
		cmocka_unit_test(test_simplify_rules),
		cmocka_unit_test(test_fold_refuses_division_by_zero),
		cmocka_unit_test(test_undecided_without_prover),
		cmocka_unit_test(test_tensor_core_exprs),
		cmocka_unit_test(test_swizzle_closed_form),
		cmocka_unit_test(test_more_layout_exprs),
		cmocka_unit_test(test_expr_layout_text),
		cmocka_unit_test(test_expr_layout_text_errors),
		cmocka_unit_test(test_expr_layout_default_vars),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
