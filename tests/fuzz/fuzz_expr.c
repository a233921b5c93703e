/*
 * fuzz_expr.c: libFuzzer target for the `expr:` parser (expr/expr_parse.c),
 * its printers and the range-aware simplifier (expr/simplify.c).
 *
 * The input is one expression over four variables with fixed ranges: i in
 * [0, 7], j in [0, 15], k in [-5, 1000] (negative values exercise floor
 * division) and n in [0, 2^40] (overflow checks).  Invariants on every
 * expression the parser accepts:
 *  - it evaluates without error at every corner of the variables' box and
 *    at pseudo-random points inside it, to a value within the interval that
 *    the parser recorded (the parser promises a defined, 64-bit result);
 *  - printing in the expr: syntax and parsing again gives an expression
 *    with the same values, whose text parses again;
 *  - the simplified expression has the same values ("equal for every value
 *    of the variables in their ranges, and never less defined"), and
 *    reparses like the original;
 *  - the C and Python printers do not fail.
 * A rejected input must say why.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "expr/expr.h"
#include "expr/simplify.h"

#define NVARS 4
#define NPOINTS 48 /* 16 corners, then pseudo-random points */

static const struct {
	const char *name;
	int64_t lo, hi;
} vars[NVARS] = {
	{ "i", 0, 7 },
	{ "j", 0, 15 },
	{ "k", -5, 1000 },
	{ "n", 0, (int64_t)1 << 40 },
};

/* splitmix64: the sample points follow from the input, so runs replay. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static void sample_point(size_t p, uint64_t *state, int64_t *values)
{
	for (int v = 0; v < NVARS; v++) {
		uint64_t width = (uint64_t)(vars[v].hi - vars[v].lo) + 1;
		if (p < 16)
			values[v] = (p >> v) & 1 ? vars[v].hi : vars[v].lo;
		else
			values[v] = vars[v].lo + (int64_t)(next_random(state) % width);
	}
}

/* The values of "e" at the sample points into "out": an accepted expression is defined. */
static void evaluate(const axe_expr *e, uint64_t seed, int64_t *out)
{
	int64_t values[NVARS];

	for (size_t p = 0; p < NPOINTS; p++) {
		sample_point(p, &seed, values);
		if (axe_expr_eval(e, values, &out[p]) < 0)
			abort();
		if (!e->bounded || out[p] < e->lo || out[p] > e->hi)
			abort();
	}
}

static void check_same_values(const axe_expr *e, uint64_t seed, const int64_t *want)
{
	int64_t got[NPOINTS];

	evaluate(e, seed, got);
	if (memcmp(got, want, sizeof(got)) != 0)
		abort();
}

/*
 * print -> parse gives an expression with the same values, whose own text
 * parses too.  (The text itself need not be a fixed point: "-(-0)" prints a
 * negated constant 0 that reads back as the literal "-0", one negation less.)
 */
static void check_reparse(axe_expr_ctx *ctx, const axe_expr *e, uint64_t seed,
			  const int64_t *want)
{
	axe_loc origin = { "<print>", 1, 1, NULL, 0 };
	char *text = axe_expr_to_string(ctx, e, AXE_SYNTAX_EXPR), *again_text;
	const axe_expr *again;
	axe_error err;

	if (!text)
		abort();
	axe_error_init(&err);
	origin.text = text;
	origin.text_len = strlen(text);
	again = axe_expr_parse(ctx, text, strlen(text), &origin, &err);
	if (!again) {
		/*
		 * The printer parenthesizes each unary minus, so a chain of over
		 * 100 of them prints deeper than the parser's nesting limit.
		 */
		if (err.code != AXE_ERR_LIMIT)
			abort();
		free(text);
		return;
	}
	check_same_values(again, seed, want);
	again_text = axe_expr_to_string(ctx, again, AXE_SYNTAX_EXPR);
	origin.text = again_text;
	origin.text_len = again_text ? strlen(again_text) : 0;
	if (!again_text || (!axe_expr_parse(ctx, again_text, strlen(again_text), &origin, &err) &&
			    err.code != AXE_ERR_LIMIT))
		abort();
	free(text);
	free(again_text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	axe_loc origin = { "<fuzz>", 1, 1, (const char *)data, size };
	axe_expr_ctx *ctx = axe_expr_ctx_new();
	const axe_expr *e, *simple;
	axe_simplify_report report;
	int64_t want[NPOINTS];
	uint64_t seed = size;
	axe_error err;

	if (!ctx)
		abort();
	for (int v = 0; v < NVARS; v++)
		if (axe_expr_ctx_add_var(ctx, vars[v].name, vars[v].lo, vars[v].hi) < 0)
			abort();
	for (size_t i = 0; i < size; i++)
		seed = seed * 31 + data[i];
	axe_error_init(&err);
	e = axe_expr_parse(ctx, (const char *)data, size, &origin, &err);
	if (!e) {
		if (err.code == AXE_ERR_NONE || err.message[0] == '\0')
			abort(); /* a failure must say why */
		axe_expr_ctx_free(ctx);
		return 0;
	}
	evaluate(e, seed, want);
	check_reparse(ctx, e, seed, want);
	memset(&report, 0, sizeof(report));
	simple = axe_expr_simplify(ctx, e, NULL, &report);
	if (!simple)
		abort();
	check_same_values(simple, seed, want);
	check_reparse(ctx, simple, seed, want);
	for (int syntax = AXE_SYNTAX_C; syntax <= AXE_SYNTAX_PYTHON; syntax++) {
		char *text = axe_expr_to_string(ctx, e, (axe_expr_syntax)syntax);
		if (!text)
			abort();
		free(text);
	}
	axe_expr_ctx_free(ctx);
	return 0;
}
