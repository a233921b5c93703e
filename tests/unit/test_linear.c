/*
 * test_linear.c: Triton's LinearLayout algebra (src/linear/algebra.h).
 *
 * Every row is one expectation of Triton's own unit test,
 * unittest/Tools/LinearLayoutTest.cpp of github.com/triton-lang/triton at
 * commit 0b47bc5b105c0db7cf321719cccd5f23190d3fe8, named by its TEST_F.
 * Layouts are written as Triton's constructors build them:
 *   [in1: (1,0)(2,0); in2: (0,1)] -> out1,out2     bases per in-dim, out sizes
 *                                                  inferred as Triton does
 *   [in1: (1)] -> out=8                            explicit out sizes
 *   id(32,in,out)  zeros(16,in,out)  empty         the builders
 *   X * Y                                          operator*
 * Not covered: ColumnAction (ColumnActionApply*) and the supremum of dim
 * lists on its own (SupremumTest; operator* uses it, MultiplyDisjoint and
 * the DivideLeft rows exercise it), which algebra.h does not expose.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "linear/algebra.h"

#define COMMIT "0b47bc5b105c0db7cf321719cccd5f23190d3fe8"

/* ---- the layout text of the rows --------------------------------------- */

typedef struct text {
	const char *s;
	const char *row;
} text;

static void skip_spaces(text *t)
{
	while (*t->s == ' ')
		t->s++;
}

static bool eat(text *t, const char *tok)
{
	skip_spaces(t);
	if (strncmp(t->s, tok, strlen(tok)) != 0)
		return false;
	t->s += strlen(tok);
	return true;
}

static void need(text *t, const char *tok)
{
	if (!eat(t, tok))
		fail_msg("%s: expected '%s' at '%s'", t->row, tok, t->s);
}

static void name(text *t, char *out)
{
	size_t n = 0;

	skip_spaces(t);
	while ((t->s[n] >= 'a' && t->s[n] <= 'z') || (t->s[n] >= 'A' && t->s[n] <= 'Z') ||
	       (t->s[n] >= '0' && t->s[n] <= '9'))
		n++;
	if (n == 0 || n >= AXE_LL_NAME_SIZE)
		fail_msg("%s: expected a name at '%s'", t->row, t->s);
	memcpy(out, t->s, n);
	out[n] = '\0';
	t->s += n;
}

static long number(text *t)
{
	char *end;
	long v;

	skip_spaces(t);
	v = strtol(t->s, &end, 10);
	if (end == t->s)
		fail_msg("%s: expected a number at '%s'", t->row, t->s);
	t->s = end;
	return v;
}

static int log2_of(long v)
{
	int k = 0;

	while ((1L << k) < v)
		k++;
	return k;
}

/* Bases of one in-dim: "(a,b)(c,d)"; the values per out-dim into vals. */
static int bases(text *t, int32_t vals[][AXE_LL_MAX_DIMS], int *nvals)
{
	int n = 0;

	while (eat(t, "(")) {
		int k = 0;

		while (!eat(t, ")")) {
			if (k > 0)
				need(t, ",");
			vals[n][k++] = (int32_t)number(t);
		}
		*nvals = k;
		n++;
	}
	return n;
}

/* "[in: bases; ...] -> out[=size],..." as Triton's constructors build it. */
static void literal(text *t, axe_ll *L)
{
	int32_t vals[AXE_LL_MAX_DIMS][AXE_LINEAR_MAX_BITS][AXE_LL_MAX_DIMS];
	char outs[AXE_LL_MAX_DIMS][AXE_LL_NAME_SIZE], ins[AXE_LL_MAX_DIMS][AXE_LL_NAME_SIZE];
	int nb[AXE_LL_MAX_DIMS], nin = 0, nout = 0, width = 0;
	long size[AXE_LL_MAX_DIMS];

	axe_ll_init(L);
	while (!eat(t, "]")) {
		if (nin > 0)
			need(t, ";");
		name(t, ins[nin]);
		need(t, ":");
		nb[nin] = bases(t, vals[nin], &width);
		nin++;
	}
	need(t, "->");
	skip_spaces(t);
	while (*t->s && *t->s != '*' && *t->s != ')') {
		if (nout > 0)
			need(t, ",");
		name(t, outs[nout]);
		size[nout] = eat(t, "=") ? number(t) : 0;
		nout++;
		skip_spaces(t);
	}
	for (int d = 0; d < nout; d++) {
		long inferred = 1;

		/* Triton's inferred size: the largest NextPowerOf2 of the bases. */
		for (int in = 0; in < nin; in++)
			for (int i = 0; i < nb[in]; i++)
				while (inferred <= vals[in][i][d])
					inferred *= 2;
		assert_int_equal(axe_ll_add_out(L, outs[d], log2_of(size[d] ? size[d] : inferred),
						NULL), d);
	}
	for (int in = 0; in < nin; in++) {
		assert_int_equal(axe_ll_add_in(L, ins[in], nb[in], NULL), in);
		for (int i = 0; i < nb[in]; i++)
			for (int d = 0; d < nout; d++)
				L->basis[in][i][d] = vals[in][i][d];
	}
}

static void term(text *t, axe_ll *L)
{
	char in[AXE_LL_NAME_SIZE], out[AXE_LL_NAME_SIZE];
	bool zeros = false;
	long n;

	if (eat(t, "empty")) {
		axe_ll_init(L);
		return;
	}
	if (eat(t, "[")) {
		literal(t, L);
		return;
	}
	if (!eat(t, "id(")) {
		need(t, "zeros(");
		zeros = true;
	}
	n = number(t);
	need(t, ",");
	name(t, in);
	need(t, ",");
	name(t, out);
	need(t, ")");
	if (zeros)
		assert_int_equal(axe_ll_zeros1d(L, n, in, out, 1, NULL), 0);
	else
		assert_int_equal(axe_ll_identity1d(L, n, in, out, NULL), 0);
}

static axe_ll layout(const char *s, const char *row)
{
	text t = { s, row };
	axe_ll L, R;
	axe_error err = { 0 };

	term(&t, &L);
	while (eat(&t, "*")) {
		term(&t, &R);
		if (axe_ll_mul(&L, &L, &R, &err) < 0)
			fail_msg("%s: %s", row, err.message);
	}
	skip_spaces(&t);
	if (*t.s)
		fail_msg("%s: trailing '%s'", row, t.s);
	return L;
}

static void print_ll(const axe_ll *L)
{
	for (int in = 0; in < L->nin; in++) {
		print_message("  %s:", L->in_name[in]);
		for (int i = 0; i < L->in_log2[in]; i++) {
			print_message(" (");
			for (int d = 0; d < L->nout; d++)
				print_message("%s%d", d ? "," : "", L->basis[in][i][d]);
			print_message(")");
		}
		print_message("\n");
	}
	for (int d = 0; d < L->nout; d++)
		print_message("  -> %s=%d\n", L->out_name[d], 1 << L->out_log2[d]);
}

static void expect_ll(const char *row, const axe_ll *got, const char *want_text)
{
	axe_ll want = layout(want_text, row);

	if (!axe_ll_equal(got, &want)) {
		print_message("%s: got\n", row);
		print_ll(got);
		print_message("want\n");
		print_ll(&want);
		fail_msg("%s (Triton %s)", row, COMMIT);
	}
}

/* ---- rows --------------------------------------------------------------- */

/* A layout expression equal to a layout: builders and operator*. */
typedef struct build_row {
	const char *test, *expr, *want;
} build_row;

static const build_row build_rows[] = {
	{ "Empty", "empty", "[] ->" },
	{ "Identity1D", "id(32,testIns,testOuts)", "[testIns: (1)(2)(4)(8)(16)] -> testOuts" },
	{ "Identity1DSize1", "id(1,testIns,testOuts)", "[testIns:] -> testOuts" },
	{ "Zeros1D", "zeros(32,ins,outs)", "[ins: (0)(0)(0)(0)(0)] -> outs" },
	{ "MultiplyIdentity", "id(16,in,out) * id(32,in,out)",
	  "[in: (1)(2)(4)(8)(16)(32)(64)(128)(256)] -> out" },
	{ "MultiplyDisjoint", "id(32,in1,out1) * id(16,in2,out2)",
	  "[in1: (1,0)(2,0)(4,0)(8,0)(16,0); in2: (0,1)(0,2)(0,4)(0,8)] -> out1,out2" },
	{ "MultiplyByEmpty", "empty * id(32,in,out)", "id(32,in,out)" },
	{ "MultiplyByZeros", "id(8,in,out) * zeros(16,in,out)",
	  "[in: (1)(2)(4)(0)(0)(0)(0)] -> out" },
	{ "MultiplyZerosByDegenerate", "zeros(16,in,out1) * [in:] -> out2",
	  "[in: (0,0)(0,0)(0,0)(0,0)] -> out1,out2" },
	{ "MultiplyEmptyIdentityAndZeros", "id(0,in,out) * zeros(4,in,out)", "[in: (0)(0)] -> out" },
	{ "MultiplyOverlapping", "id(4,in,out1) * id(8,in,out2)",
	  "[in: (1,0)(2,0)(0,1)(0,2)(0,4)] -> out1,out2" },
	{ "TimesEquals", "empty * id(32,in,out)", "id(32,in,out)" },
	{ "GetOutDimSizeLog2", "[in0: (0)(0)(0); in1: (1)(2)] -> dim0",
	  "[in0: (0)(0)(0); in1: (1)(2)] -> dim0=4" },
};

static void test_build(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(build_rows) / sizeof(build_rows[0]); k++) {
		axe_ll got = layout(build_rows[k].expr, build_rows[k].test);

		expect_ll(build_rows[k].test, &got, build_rows[k].want);
	}
}

/* A unary operation with a dim-list argument (and sizes for reshapes). */
typedef enum unary_op {
	TRANSPOSE_INS, TRANSPOSE_OUTS, RESHAPE_INS, RESHAPE_OUTS, FLATTEN_INS, FLATTEN_OUTS,
	SUBLAYOUT, PSEUDOINVERT,
} unary_op;

typedef struct unary_row {
	const char *test;
	unary_op op;
	const char *in, *dims, *dims2;
	int log2[4];
	const char *want;
} unary_row;

static const unary_row unary_rows[] = {
	{ "TransposeOuts", TRANSPOSE_OUTS, "id(32,in1,out1) * id(16,in2,out2)", "out2,out1", NULL,
	  { 0 }, "[in1: (0,1)(0,2)(0,4)(0,8)(0,16); in2: (1,0)(2,0)(4,0)(8,0)] -> out2,out1" },
	{ "TransposeOutsDegenerate", TRANSPOSE_OUTS, "id(32,in1,out1) * id(1,in2,out2)",
	  "out2,out1", NULL, { 0 }, "[in1: (0,1)(0,2)(0,4)(0,8)(0,16); in2:] -> out2,out1" },
	{ "TransposeIns", TRANSPOSE_INS, "id(32,in1,out1) * id(16,in2,out2)", "in2,in1", NULL,
	  { 0 }, "[in2: (0,1)(0,2)(0,4)(0,8); in1: (1,0)(2,0)(4,0)(8,0)(16,0)] -> out1,out2" },
	{ "ReshapeIns", RESHAPE_INS, "[in1: (1)(4)(8); in2: (2)] -> out", "in3,in4", NULL,
	  { 1, 3 }, "[in3: (1); in4: (4)(8)(2)] -> out" },
	{ "ReshapeInsDegenerateIn", RESHAPE_INS, "[in1: (1)(4)(2); in2:] -> out", "in3,in4", NULL,
	  { 2, 1 }, "[in3: (1)(4); in4: (2)] -> out" },
	{ "ReshapeInsDegenerateOut", RESHAPE_INS, "[in1: (1)(4); in2: (2)] -> out", "in3,in4",
	  NULL, { 3, 0 }, "[in3: (1)(4)(2); in4:] -> out" },
	{ "ReshapeInsDegenerateFirstOut", RESHAPE_INS, "[in1: (1)(4); in2: (2)] -> out",
	  "in3,in4", NULL, { 0, 3 }, "[in3:; in4: (1)(4)(2)] -> out" },
	{ "FlattenIns", FLATTEN_INS, "[in1: (1)(4)(8); in2: (2)] -> out", NULL, NULL, { 0 },
	  "[in1: (1)(4)(8)(2)] -> out" },
	{ "FlattenInsEdgeCases", FLATTEN_INS, "[in1:] -> out", NULL, NULL, { 0 }, "[in1:] -> out" },
	{ "FlattenInsEdgeCases", FLATTEN_INS, "[in1:] ->", NULL, NULL, { 0 }, "[in1:] ->" },
	{ "FlattenInsEdgeCases", FLATTEN_INS, "[] -> out", NULL, NULL, { 0 }, "[] -> out" },
	{ "FlattenInsEdgeCases", FLATTEN_INS, "[] ->", NULL, NULL, { 0 }, "[] ->" },
	{ "ReshapeOuts", RESHAPE_OUTS, "[in1: (1)(4)(8); in2: (3)] -> out", "out2,out3", NULL,
	  { 1, 3 }, "[in1: (1,0)(0,2)(0,4); in2: (1,1)] -> out2,out3" },
	{ "ReshapeOutsDegenerateIn", RESHAPE_OUTS, "[in1: (1)(4)(2); in2:] -> out", "out1,out2",
	  NULL, { 2, 1 }, "[in1: (1,0)(0,1)(2,0); in2:] -> out1,out2" },
	{ "ReshapeOutsDegenerateOut", RESHAPE_OUTS, "[in1: (1)(4); in2: (2)] -> out",
	  "out1,out2", NULL, { 3, 0 }, "[in1: (1,0)(4,0); in2: (2,0)] -> out1,out2" },
	{ "FlattenOuts", FLATTEN_OUTS, "[in1: (1,0)(4,1)(8,4); in2: (3,2)] -> out1=16,out2=8",
	  NULL, NULL, { 0 }, "[in1: (1)(20)(72); in2: (35)] -> out1=128" },
	{ "FlattenOutsEdgeCases", FLATTEN_OUTS, "[in1:] -> out", NULL, NULL, { 0 },
	  "[in1:] -> out" },
	{ "FlattenOutsEdgeCases", FLATTEN_OUTS, "[in1:] ->", NULL, NULL, { 0 }, "[in1:] ->" },
	{ "FlattenOutsEdgeCases", FLATTEN_OUTS, "[] -> out", NULL, NULL, { 0 }, "[] -> out" },
	{ "FlattenOutsEdgeCases", FLATTEN_OUTS, "[] ->", NULL, NULL, { 0 }, "[] ->" },
	{ "Sublayout", SUBLAYOUT, "[in1: (1,0)(0,1)(2,0); in2: (0,1)] -> out1,out2", "in1,in2",
	  "out1", { 0 }, "[in1: (1)(0)(2); in2: (0)] -> out1" },
	{ "Sublayout", SUBLAYOUT, "[in1: (1,0)(0,1)(2,0); in2: (0,1)] -> out1,out2", "in2,in1",
	  "out1", { 0 }, "[in1: (1)(0)(2); in2: (0)] -> out1" },
	{ "Sublayout", SUBLAYOUT, "[in1: (1,0)(0,1)(2,0); in2: (0,1)] -> out1,out2", "in2,in1",
	  "out2,out1", { 0 }, "[in1: (1,0)(0,1)(2,0); in2: (0,1)] -> out1,out2" },
	{ "Sublayout", SUBLAYOUT, "[in1: (1,0)(0,1)(2,0); in2: (0,1)] -> out1,out2", "in1", "out1",
	  { 0 }, "[in1: (1)(0)(2)] -> out1" },
	{ "Sublayout", SUBLAYOUT, "[in1: (1,0)(0,1)(2,0); in2: (0,1)] -> out1,out2", "", "",
	  { 0 }, "empty" },
	{ "Sublayout", SUBLAYOUT, "[in1: (1,0)(0,1)(2,0); in2: (0,1)] -> out1,out2", "in1", "",
	  { 0 }, "[in1: ()()()] ->" },
	{ "Sublayout", SUBLAYOUT, "[in1: (1,0)(0,1)(2,0); in2: (0,1)] -> out1,out2", "", "out1",
	  { 0 }, "[] -> out1=4" },
	/*
	 * BlackwellMixedPrecisionDotScaledSMEM: the pseudo-inverse of the
	 * padded fp4 offset layout (M = 16, 8 packed bytes a row, offsets of
	 * 16 bytes a row), its bases written out from the test's loops; the
	 * test compares it at every (row, col) with getPackedCoordtoPaddedOffset,
	 * whose bases (the same loops) are the expected layout here.
	 */
	{ "BlackwellMixedPrecisionDotScaledSMEM", PSEUDOINVERT,
	  "[offset: (0,1)(0,2)(1,0)(0,0)(2,0)(4,0)(8,0)] -> row,col", NULL, NULL, { 0 },
	  "[row: (4)(16)(32)(64); col: (1)(2)] -> offset=128" },
};

static int run_unary(const unary_row *r, const axe_ll *in, axe_ll *got, axe_error *err)
{
	switch (r->op) {
	case TRANSPOSE_INS: return axe_ll_transpose_ins(got, in, r->dims, err);
	case TRANSPOSE_OUTS: return axe_ll_transpose_outs(got, in, r->dims, err);
	case RESHAPE_INS: return axe_ll_reshape_ins(got, in, r->dims, r->log2, err);
	case RESHAPE_OUTS: return axe_ll_reshape_outs(got, in, r->dims, r->log2, err);
	case FLATTEN_INS: return axe_ll_flatten_ins(got, in, err);
	case FLATTEN_OUTS: return axe_ll_flatten_outs(got, in, err);
	case SUBLAYOUT: return axe_ll_sublayout(got, in, r->dims, r->dims2, err);
	case PSEUDOINVERT: return axe_ll_pseudoinvert(got, in, err);
	}
	return -1;
}

static void test_unary(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(unary_rows) / sizeof(unary_rows[0]); k++) {
		const unary_row *r = &unary_rows[k];
		axe_ll in = layout(r->in, r->test), got;
		axe_error err = { 0 };

		if (run_unary(r, &in, &got, &err) < 0)
			fail_msg("%s: %s", r->test, err.message);
		expect_ll(r->test, &got, r->want);
	}
}

/* A binary operation: its result, or "none" when Triton's optional is empty. */
typedef enum binary_op { COMPOSE, INVERT_AND_COMPOSE, DIVIDE_LEFT } binary_op;

typedef struct binary_row {
	const char *test;
	binary_op op;
	const char *a, *b, *want;
} binary_row;

static const binary_row binary_rows[] = {
	{ "Compose", COMPOSE, "[in1: (1,1)(0,1); in2: (1,0)(1,2)] -> out1,out2",
	  "[out1: (2,2)(1,0); out2: (1,1)(2,1)] -> out3,out4",
	  "[in1: (3,3)(1,1); in2: (2,2)(0,3)] -> out3=4,out4=4" },
	{ "Compose4D", COMPOSE,
	  "[in0: (1,0,0,0)(2,0,0,0); in1: (4,0,0,0)(8,0,0,0)(16,0,0,0)(32,0,0,0); "
	  "in2: (0,0,1,0)(0,0,0,1)(0,0,0,2); in3:] -> out3,out0,out1,out2",
	  "[out3: (1,0,0,0)(2,0,0,0)(0,0,0,0)(0,0,0,0)(0,0,0,0)(0,0,0,0); out0: (0,1,0,0); "
	  "out1: (0,0,1,0); out2: (0,0,0,1)(0,0,0,2)] -> out3,out2,out1,out0",
	  "[in0: (1,0,0,0)(2,0,0,0); in1: (0,0,0,0)(0,0,0,0)(0,0,0,0)(0,0,0,0); "
	  "in2: (0,0,1,0)(0,0,0,1)(0,0,0,2); in3:] -> out3=4,out2=2,out1=2,out0=4" },
	{ "InvertAndCompose_Simple", INVERT_AND_COMPOSE, "[in1: (2)(1)(4)] -> out",
	  "[in2: (4)(1)(2)] -> out", "[in1: (4)(2)(1)] -> in2" },
	{ "InvertAndCompose_NonInjective", INVERT_AND_COMPOSE, "[in1: (2)(1)(4)] -> out",
	  "[in2: (0)(2)(1)(4)] -> out", "[in1: (2)(4)(8)] -> in2=16" },
	{ "InvertAndCompose_BroadcastedInDim", INVERT_AND_COMPOSE,
	  "[in1: (2)(1)(4); in2: (0)] -> out", "[in: (4)(1)(2)] -> out",
	  "[in1: (4)(2)(1); in2: (0)] -> in" },
	{ "InvertAndCompose_BroadcastAtBeginningOfSecond", INVERT_AND_COMPOSE,
	  "[in: (1)(2)(4)] -> out", "[in: (0)(4)(1)(2)] -> out", "[in: (4)(8)(2)] -> in=16" },
	{ "InvertAndCompose_BroadcastAtEndOfSecond", INVERT_AND_COMPOSE,
	  "[in1: (1)(2)(4)] -> out", "[in2: (4)(1)(2)(0)] -> out", "[in1: (2)(4)(1)] -> in2=16" },
	{ "InvertAndCompose_BroadcastBeginningAndEndOfSecond", INVERT_AND_COMPOSE,
	  "[in: (1)(2)(4)] -> out", "[in: (0)(4)(1)(2)(0)] -> out", "[in: (4)(8)(2)] -> in=32" },
	{ "InvertAndCompose_BroadcastedDims", INVERT_AND_COMPOSE,
	  "[in1: (1)(2)(4); in2: (0)] -> out", "[in3: (1)(2)(4); in4: (0)] -> out",
	  "[in1: (1,0)(2,0)(4,0); in2: (0,0)] -> in3=8,in4=2" },
	{ "InvertAndCompose_BroadcastedDims2", INVERT_AND_COMPOSE,
	  "[in1: (1)(2); in2: (0)] -> out", "[in3: (2)(1); in4: (0)] -> out",
	  "[in1: (2,0)(1,0); in2: (0,0)] -> in3=4,in4=2" },
	{ "DivideLeft_Basic", DIVIDE_LEFT, "id(8,in,out) * zeros(16,in,out)", "id(8,in,out)",
	  "zeros(16,in,out)" },
	{ "DivideLeft_Basic", DIVIDE_LEFT, "zeros(16,in,out) * id(8,in,out)", "zeros(16,in,out)",
	  "id(8,in,out)" },
	{ "DivideLeft_NonMatchingDims", DIVIDE_LEFT, "id(32,in,out)",
	  "[in: (1)(2)(4)(8); extra: (0)] -> out", "none" },
	{ "DivideLeft_Simple", DIVIDE_LEFT, "id(8,in,out)", "id(4,in,out)", "id(2,in,out)" },
	{ "DivideLeft_Simple", DIVIDE_LEFT, "id(8,in,out)", "id(8,in,out)", "id(1,in,out)" },
	{ "DivideLeft_2D", DIVIDE_LEFT,
	  "[in1: (1,1)(2,2)(0,8)(0,4); in2: (0,2)(0,1)] -> out1,out2",
	  "[in1: (1,1)(2,2); in2: (0,2)(0,1)] -> out1,out2",
	  "[in1: (0,2)(0,1); in2:] -> out1,out2" },
	{ "DivideLeft_EliminateInDim", DIVIDE_LEFT, "[in2: (0,1)(1,0); in1: (2,0)(0,2)] -> out1,out2",
	  "[in2: (0,1)(1,0)] -> out1,out2", "[in2:; in1: (1,0)(0,1)] -> out1,out2" },
	{ "DivideLeft_EliminateInDim", DIVIDE_LEFT, "[in1: (0,1)(0,2); in2:] -> out1,out2",
	  "[in1: (0,1)(0,2)] -> out1,out2", "[in1:; in2:] -> out1,out2" },
	{ "DivideLeft_EliminateInDim", DIVIDE_LEFT, "[in1:; in2: (0,1); in3:] -> out1,out2",
	  "[in2: (0,1)] -> out1,out2", "[in1:; in2:; in3:] -> out1,out2" },
	{ "DivideLeft_EliminateOutDim", DIVIDE_LEFT, "[in2: (1,0)(1,0); in1: (2,0)(0,1)] -> out1,out2",
	  "[in2: (1,0)(1,0)] -> out1,out2", "[in2:; in1: (1,0)(0,1)] -> out1,out2" },
	{ "DivideLeft_EliminateOutDim", DIVIDE_LEFT, "[in1: (0,1)(0,2)] -> out1,out2", "[] -> out1",
	  "[in1: (0,1)(0,2)] -> out1,out2" },
};

static void test_binary(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(binary_rows) / sizeof(binary_rows[0]); k++) {
		const binary_row *r = &binary_rows[k];
		axe_ll a = layout(r->a, r->test), b = layout(r->b, r->test), got, back;
		axe_error err = { 0 };
		int rc = r->op == COMPOSE ? axe_ll_compose(&got, &a, &b, &err) :
			 r->op == INVERT_AND_COMPOSE ? axe_ll_invert_and_compose(&got, &a, &b, &err) :
			 axe_ll_divide_left(&got, &a, &b, &err);

		if (rc < 0)
			fail_msg("%s: %s", r->test, err.message);
		if (strcmp(r->want, "none") == 0) {
			assert_int_equal(rc, 0);
			continue;
		}
		assert_int_equal(rc, r->op == DIVIDE_LEFT ? 1 : 0);
		expect_ll(r->test, &got, r->want);
		/* Each InvertAndCompose test also checks L2 o L2^-1 o L1 == L1. */
		if (r->op == INVERT_AND_COMPOSE) {
			assert_int_equal(axe_ll_compose(&back, &got, &b, &err), 0);
			assert_true(axe_ll_equal_ignoring_out_sizes(&back, &a));
		}
	}
}

/* InvertAndCompose_Multidim: c.compose(l2) == l1 with l2's out order, both ways round. */
static void test_invert_and_compose_multidim(void **state)
{
	const char *t = "InvertAndCompose_Multidim";
	axe_ll l1 = layout("[in1: (1,0)(0,1)(2,0)(3,2); in2: (2,2)] -> out1,out2", t);
	axe_ll l2 = layout("[in3: (0,1)(1,0)(0,0)(0,2)(2,1)] -> out2,out1", t);
	axe_ll c, back, want;

	(void)state;
	assert_int_equal(axe_ll_invert_and_compose(&c, &l1, &l2, NULL), 0);
	assert_int_equal(axe_ll_compose(&back, &c, &l2, NULL), 0);
	assert_int_equal(axe_ll_transpose_outs(&want, &l1, "out2,out1", NULL), 0);
	assert_true(axe_ll_equal(&back, &want));
	assert_int_equal(axe_ll_invert_and_compose(&c, &l2, &l1, NULL), 0);
	assert_int_equal(axe_ll_compose(&back, &c, &l1, NULL), 0);
	assert_int_equal(axe_ll_transpose_outs(&want, &l2, "out1,out2", NULL), 0);
	assert_true(axe_ll_equal(&back, &want));
}

/* InvertAndCompose_IdentityInDim: dst(k) == src(cvt(k)) at k = (3, 0, 2, 0). */
static void test_invert_and_compose_identity_in_dim(void **state)
{
	const char *t = "InvertAndCompose_IdentityInDim";
	axe_ll src = layout("[register: (0,0,0,0,0,0,0,0,1)(0,0,0,0,0,0,0,1,0); "
			    "lane: (0,0,0,0,0,0,1,0,0)(0,0,0,0,0,1,0,0,0)(0,0,0,0,1,0,0,0,0)"
			    "(0,0,0,1,0,0,0,0,0)(0,0,1,0,0,0,0,0,0); "
			    "warp: (0,1,0,0,0,0,0,0,0)(1,0,0,0,0,0,0,0,0); block:] -> "
			    "dim0,dim1,dim2,dim3,dim4,dim5,dim6,dim7,dim8", t);
	axe_ll dst = layout("[register: (0,0,0,0,0,0,0,0,1)(0,0,0,0,0,0,0,1,0); "
			    "lane: (1,0,0,0,0,0,0,0,0)(0,1,0,0,0,0,0,0,0)(0,0,1,0,0,0,0,0,0)"
			    "(0,0,0,1,0,0,0,0,0)(0,0,0,0,1,0,0,0,0); "
			    "warp: (0,0,0,0,0,1,0,0,0)(0,0,0,0,0,0,1,0,0); block:] -> "
			    "dim0,dim1,dim2,dim3,dim4,dim5,dim6,dim7,dim8", t);
	int32_t k[4] = { 3, 0, 2, 0 }, mid[AXE_LL_MAX_DIMS], want[AXE_LL_MAX_DIMS];
	int32_t got[AXE_LL_MAX_DIMS];
	axe_ll cvt;

	(void)state;
	assert_int_equal(axe_ll_invert_and_compose(&cvt, &dst, &src, NULL), 0);
	axe_ll_apply(&dst, k, want);
	axe_ll_apply(&cvt, k, mid);
	axe_ll_apply(&src, mid, got);
	assert_memory_equal(got, want, 9 * sizeof(int32_t));
}

/* Apply: the three points of Triton's test. */
static void test_apply(void **state)
{
	axe_ll L = layout("[in1: (4,2)(2,1)(1,0); in2: (1,2)(2,1)] -> out1=8,out2=4", "Apply");
	static const int32_t rows[][4] = { { 0, 0, 0, 0 }, { 1, 0, 4, 2 }, { 0, 1, 1, 2 } };

	(void)state;
	for (size_t k = 0; k < 3; k++) {
		int32_t out[2];

		axe_ll_apply(&L, rows[k], out);
		assert_int_equal(out[0], rows[k][2]);
		assert_int_equal(out[1], rows[k][3]);
	}
}

/* NumConsecutiveInOut. */
static const struct { const char *expr; int32_t want; } consecutive_rows[] = {
	{ "id(1,in,out)", 1 },
	{ "id(4,in,out)", 4 },
	{ "id(4,in1,out) * id(8,in2,out)", 4 },
	{ "id(4,in,out1) * id(8,in,out2)", 4 },
	{ "zeros(4,in,out1) * id(4,in,out2)", 1 },
	{ "[in: (1)(2)(4)(9)] -> out", 1 },
	{ "[in: (1)(2)(4)(10)] -> out", 2 },
	{ "[in: (1)(4)(2)] -> out", 2 },
	{ "[in: (1)(2)(4); in2: (8)(18)] -> out", 2 },
};

static void test_num_consecutive(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(consecutive_rows) / sizeof(consecutive_rows[0]); k++) {
		axe_ll L = layout(consecutive_rows[k].expr, "NumConsecutiveInOut");

		assert_int_equal(axe_ll_num_consecutive_in_out(&L), consecutive_rows[k].want);
	}
}

/* FreeVariableMasks. */
static const struct { const char *expr; int32_t want[2]; } mask_rows[] = {
	{ "id(4,in,out)", { 0 } },
	{ "zeros(16,in,out)", { 15 } },
	{ "id(2,in,out) * zeros(4,in,out) * id(4,in,out) * zeros(2,in,out)", { 38 } },
	{ "[in1: (1,1)(2,2)(0,0); in2: (1,0)(0,1)(2,0)] -> out1,out2", { 4, 2 } },
};

static void test_free_variable_masks(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(mask_rows) / sizeof(mask_rows[0]); k++) {
		axe_ll L = layout(mask_rows[k].expr, "FreeVariableMasks");
		int32_t mask[AXE_LL_MAX_DIMS];

		assert_int_equal(axe_ll_free_variable_masks(&L, mask, NULL), 0);
		for (int in = 0; in < L.nin; in++)
			assert_int_equal(mask[in], mask_rows[k].want[in]);
	}
}

/* Yes/no answers: equality, sublayoutIsZero, quotient's has_value, surjectivity. */
typedef enum pred_op { EQUAL, EQUAL_IGNORING_SIZES, IS_ZERO, QUOTIENT, SURJECTIVE } pred_op;

static const struct {
	const char *test;
	pred_op op;
	const char *a, *b, *ins, *outs;
	bool want;
} pred_rows[] = {
	{ "EqualsChecksOutDimSizes", EQUAL, "id(4,in,out)", "[in: (1)(2)] -> out=8", 0, 0, false },
	{ "EqualsChecksOutDimSizes", EQUAL_IGNORING_SIZES, "id(4,in,out)", "[in: (1)(2)] -> out=8",
	  0, 0, true },
	{ "SublayoutIsZero", IS_ZERO, "id(4,in,out)", 0, "in", "out", false },
	{ "SublayoutIsZero", IS_ZERO, "id(4,in,out)", 0, "", "out", true },
	{ "SublayoutIsZero", IS_ZERO, "id(4,in,out)", 0, "in", "", true },
	{ "SublayoutIsZero", IS_ZERO, "id(4,in,out)", 0, "", "", true },
	{ "SublayoutIsZero", IS_ZERO, "[in1: (0,1)(0,2); in2: (1,1)] -> out1,out2", 0, "in1",
	  "out1", true },
	{ "SublayoutIsZero", IS_ZERO, "[in1: (0,1)(0,2); in2: (1,1)] -> out1,out2", 0, "in1",
	  "out2", false },
	{ "SublayoutIsZero", IS_ZERO, "[in1: (0,1)(0,2); in2: (1,1)] -> out1,out2", 0, "in2",
	  "out1", false },
	{ "SublayoutIsZero", IS_ZERO, "[in1: (0,1)(0,2); in2: (1,1)] -> out1,out2", 0, "in2",
	  "out2", false },
	{ "QuotientOneDimension", QUOTIENT, "[dim1: (1,0); dim2: (0,0)] -> dim1=2,dim2=1", 0,
	  "dim1", 0, true },
	{ "QuotientOneDimension", QUOTIENT, "zeros(2,dim2,dim2)", 0, "dim2", 0, false },
	{ "QuotientSeveralDimensions", QUOTIENT, "[dim1: (1,0)(2,0)(4,0); dim2: (0,1)(0,2)] -> "
	  "dim1,dim2", 0, "dim1,dim2", 0, true },
	{ "QuotientMultipleTrivialDimensions", QUOTIENT, "[dim1: (1,0,2)(2,0,1); "
	  "dim2: (0,1,0)(0,2,0)(0,4,0); dim3: (0,0,1)(0,0,2)] -> dim1,dim2,dim3", 0, "dim2", 0,
	  true },
	{ "QuotientMultipleTrivialDimensions", QUOTIENT, "[dim1: (1,0,2)(2,0,1); "
	  "dim2: (0,1,0)(0,2,0)(0,4,0); dim3: (0,1,1)(0,0,2)] -> dim1,dim2,dim3", 0, "dim2", 0,
	  false },
	{ "QuotientEmptyLayout", QUOTIENT, "empty", 0, "dim1", 0, false },
	{ "QuotientIdentityMultipleDimensions", QUOTIENT,
	  "id(8,dim1,dim1) * id(2,dim2,dim2) * id(4,dim3,dim3)", 0, "dim1,dim3", 0, true },
	{ "Compose", SURJECTIVE, "[in1: (3,3)(1,1); in2: (2,2)(0,3)] -> out3=4,out4=4", 0, 0, 0,
	  false },
	{ "InvertAndCompose_NonInjective", SURJECTIVE, "[in1: (2)(4)(8)] -> in2=16", 0, 0, 0,
	  false },
};

static void test_predicates(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(pred_rows) / sizeof(pred_rows[0]); k++) {
		axe_ll a = layout(pred_rows[k].a, pred_rows[k].test), b, q;
		bool got = false;

		if (pred_rows[k].b)
			b = layout(pred_rows[k].b, pred_rows[k].test);
		switch (pred_rows[k].op) {
		case EQUAL: got = axe_ll_equal(&a, &b); break;
		case EQUAL_IGNORING_SIZES: got = axe_ll_equal_ignoring_out_sizes(&a, &b); break;
		case IS_ZERO: got = axe_ll_sublayout_is_zero(&a, pred_rows[k].ins, pred_rows[k].outs);
			break;
		case QUOTIENT: got = axe_ll_quotient(&q, &a, pred_rows[k].ins, NULL) == 1; break;
		case SURJECTIVE: assert_int_equal(axe_ll_is_surjective(&a, &got, NULL), 0); break;
		}
		if (got != pred_rows[k].want)
			fail_msg("%s row %zu (Triton %s)", pred_rows[k].test, k, COMMIT);
	}
}

/* QuotientOneDimension and QuotientIdentityMultipleDimensions: the quotients themselves. */
static void test_quotient_values(void **state)
{
	const char *t = "QuotientOneDimension";
	axe_ll L = layout("[dim1: (1,0); dim2: (0,0)] -> dim1=2,dim2=1", t), q;

	(void)state;
	assert_int_equal(axe_ll_quotient(&q, &L, "dim1", NULL), 1);
	expect_ll(t, &q, "zeros(2,dim2,dim2)");
	t = "QuotientIdentityMultipleDimensions";
	L = layout("id(8,dim1,dim1) * id(2,dim2,dim2) * id(4,dim3,dim3)", t);
	assert_int_equal(axe_ll_quotient(&q, &L, "dim1,dim3", NULL), 1);
	assert_int_equal(axe_ll_quotient(&q, &q, "dim2", NULL), 1);
}

/* What Triton asserts is an error here, never a crash. */
static void test_bad_input(void **state)
{
	axe_ll a = layout("id(4,in,out)", "bad"), b = layout("id(8,in,out)", "bad"), r;
	axe_error err = { 0 };

	(void)state;
	assert_int_equal(axe_ll_invert_and_compose(&r, &a, &b, &err), -1);
	assert_int_equal(axe_ll_transpose_outs(&r, &a, "nope", &err), -1);
	assert_int_equal(axe_ll_sublayout(&r, &a, "in", "nope", &err), -1);
	assert_int_equal(axe_ll_identity1d(&r, 3, "in", "out", &err), -1);
	assert_int_equal(axe_ll_invert(&r, &b, &err), 0);
	a = layout("zeros(4,in,out)", "bad");
	assert_int_equal(axe_ll_invert(&r, &a, &err), -1);
}

/* An axe_linear and its axe_ll are the same layout. */
static void test_linear_round_trip(void **state)
{
	axe_linear L, back;
	axe_ll ll;
	const int order[2] = { 1, 0 };
	const int64_t shape[2] = { 4, 8 };

	(void)state;
	axe_linear_init(&L, 2);
	assert_int_equal(axe_linear_identity_nd(&L, AXE_LINEAR_REGISTER, shape, order, NULL), 0);
	L.has_in[AXE_LINEAR_LANE] = true;
	assert_int_equal(axe_ll_of_linear(&ll, &L, NULL), 0);
	assert_int_equal(ll.nin, 2);
	assert_string_equal(ll.in_name[0], "register");
	assert_string_equal(ll.out_name[0], "dim1");
	assert_int_equal(ll.basis[0][0][0], 1);
	assert_int_equal(ll.basis[0][3][1], 1);
	assert_int_equal(axe_ll_to_linear(&back, &ll, 2, NULL), 0);
	assert_memory_equal(back.basis, L.basis, sizeof(L.basis));
	assert_int_equal(back.nout, L.nout);
	assert_memory_equal(back.out_order, L.out_order, sizeof(L.out_order));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_build),
		cmocka_unit_test(test_unary),
		cmocka_unit_test(test_binary),
		cmocka_unit_test(test_invert_and_compose_multidim),
		cmocka_unit_test(test_invert_and_compose_identity_in_dim),
		cmocka_unit_test(test_apply),
		cmocka_unit_test(test_num_consecutive),
		cmocka_unit_test(test_free_variable_masks),
		cmocka_unit_test(test_predicates),
		cmocka_unit_test(test_quotient_values),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_linear_round_trip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
