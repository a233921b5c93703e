/*
 * test_cute.c: CuTe's int-tuple model (src/cute/): parsing CuTe's C++ and
 * pycute text, printing it back, the reference evaluator crd2idx, sizes,
 * and every malformed input with its column and message.
 *
 * Expected values come from CUTLASS (github.com/NVIDIA/cutlass, commit
 * 7107b05535f8977f5ecb9d01ee203205b1fd9bc4), media/docs/cpp/cute/01_layout.md
 * ("Calling print on each layout above", print2D, print1D, "Matrix
 * examples", "Layout" operations): each row names its section.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cute/inttuple.h"

/* Text in, C++ print form out. */
static const struct {
	const char *input, *printed;
} print_rows[] = {
	/* 01_layout.md, "Calling print on each layout above". */
	{ "_8:_1", "_8:_1" },
	{ "8:_1", "8:_1" },
	{ "(_2,_4):(_1,_2)", "(_2,_4):(_1,_2)" },
	{ "(_2,4):(_12,_1)", "(_2,4):(_12,_1)" },
	{ "(_2,4):(4,_1)", "(_2,4):(4,_1)" },
	{ "(2,(2,2)):(4,(2,1))", "(2,(2,2)):(4,(2,1))" },
	{ "(2,(2,2)):(_1,(2,4))", "(2,(2,2)):(_1,(2,4))" },
	/* 01_layout.md, "Layout" operations: make_layout, group, append. */
	{ "((3,4),(4,3)):((1,3),(3,1))", "((3,4),(4,3)):((1,3),(3,1))" },
	{ "((3)):((1))", "((3)):((1))" },
	{ "(3,(3),3):(1,(1),1)", "(3,(3),3):(1,(1),1)" },
	{ "((_2,_3),(_5,_7)):((_1,_2),(_6,_30))", "((_2,_3),(_5,_7)):((_1,_2),(_6,_30))" },
	/*
	 * A shape alone: LayoutLeft, as make_layout(shape) builds it (01_layout.md:
	 * s8, d8, s2xs4, s2xd4, s2xh4_col); the first stride is the static _1 and
	 * a stride stays static while the extents before it are.
	 */
	{ "_8", "_8:_1" },
	{ "8", "8:_1" },
	{ "(_2,_4)", "(_2,_4):(_1,_2)" },
	{ "(_2,4)", "(_2,4):(_1,_2)" },
	{ "(2,(2,2))", "(2,(2,2)):(_1,(2,4))" },
	{ "(_2,_3,_5,_7)", "(_2,_3,_5,_7):(_1,_2,_6,_30)" },
	{ "(_2,4,_3)", "(_2,4,_3):(_1,_2,8)" },
	/* pycute str(): Python tuples, spaces, one-element tuples with a comma. */
	{ "(2, (2, 2)):(4, (2, 1))", "(2,(2,2)):(4,(2,1))" },
	{ "(8,):(1,)", "(8):(1)" },
	{ "  ( 4 , 2 ) : ( 2 , 1 )  ", "(4,2):(2,1)" },
	{ "4:-1", "4:-1" },
	{ "(4,2):(0,1)", "(4,2):(0,1)" },
	{ "():()", "():()" },
	/* Composed layouts: layout_composed.hpp print, swizzle.hpp "Sw<B,M,S>". */
	{ "Sw<3,4,3> o _0 o (8,64):(64,1)", "Sw<3,4,3> o _0 o (8,64):(64,1)" },
	{ "Swizzle<2,3,3> o (16,64):(64,1)", "Sw<2,3,3> o 0 o (16,64):(64,1)" },
	{ "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
	  "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)" },
	{ "smem_ptr[16b](unset) o Sw<3,4,3> o (_8,_64):(_64,_1)",
	  "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)" },
	{ "SW_3_4_3 o 0 o (8, 64):(64, 1)", "Sw<3,4,3> o 0 o (8,64):(64,1)" },
	{ "Sw<1,2,-2> o 16 o 8:1", "Sw<1,2,-2> o 16 o 8:1" },
	/* The C++ of 01_layout.md, "Constructing a Layout", and what it prints. */
	{ "make_layout(Int<8>{})", "_8:_1" },
	{ "make_layout(8)", "8:_1" },
	{ "make_layout(make_shape(Int<2>{},Int<4>{}))", "(_2,_4):(_1,_2)" },
	{ "make_layout(make_shape(Int<2>{},4))", "(_2,4):(_1,_2)" },
	{ "make_layout(make_shape (Int< 2>{},4),\n make_stride(Int<12>{},Int<1>{}))",
	  "(_2,4):(_12,_1)" },
	{ "make_layout(make_shape(Int<2>{},4), LayoutLeft{})", "(_2,4):(_1,_2)" },
	{ "make_layout(make_shape(Int<2>{},4), LayoutRight{})", "(_2,4):(4,_1)" },
	{ "make_layout(make_shape (2,make_shape (2,2)), make_stride(4,make_stride(2,1)))",
	  "(2,(2,2)):(4,(2,1))" },
	{ "make_layout(make_shape(2,make_shape(2,2)), LayoutLeft{})", "(2,(2,2)):(_1,(2,4))" },
	{ "composition(Swizzle<3,4,3>{}, Int<0>{}, make_layout(make_shape(8, 64), make_stride(64, 1)))",
	  "Sw<3,4,3> o _0 o (8,64):(64,1)" },
	{ "composition(Swizzle<3,4,3>{}, smem_ptr_flag_bits<16>{}, make_layout(make_shape(_8{}, _64{}), "
	  "make_stride(_64{}, _1{})))", "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)" },
};

static void test_print_round_trip(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(print_rows) / sizeof(print_rows[0]); i++) {
		axe_cute_composed c;
		axe_error err = { 0 };
		char *text;

		if (axe_cute_parse(print_rows[i].input, NULL, &c, &err) < 0)
			fail_msg("%s: %s", print_rows[i].input, err.message);
		text = axe_cute_composed_print(&c, &err);
		assert_non_null(text);
		assert_string_equal(text, print_rows[i].printed);
		free(text);
		axe_cute_composed_release(&c);
	}
}

/* A rank-2 layout's table layout(m, n), from 01_layout.md print2D and "Matrix examples". */
static const struct {
	const char *layout;
	int rows, cols;
	int64_t table[16];
} table_rows[] = {
	{ "(_2,_4):(_1,_2)", 2, 4, { 0, 2, 4, 6, 1, 3, 5, 7 } },
	{ "(_2,4):(_12,_1)", 2, 4, { 0, 1, 2, 3, 12, 13, 14, 15 } },
	{ "(2,(2,2)):(_1,(2,4))", 2, 4, { 0, 2, 4, 6, 1, 3, 5, 7 } },
	{ "(2,(2,2)):(4,(2,1))", 2, 4, { 0, 2, 1, 3, 4, 6, 5, 7 } },
	{ "(4,2):(1,4)", 4, 2, { 0, 4, 1, 5, 2, 6, 3, 7 } },
	{ "(4,2):(2,1)", 4, 2, { 0, 1, 2, 3, 4, 5, 6, 7 } },
	{ "((2,2),2):((4,1),2)", 4, 2, { 0, 2, 4, 6, 1, 3, 5, 7 } },
};

static void test_eval_tables(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(table_rows) / sizeof(table_rows[0]); i++) {
		axe_cute_composed c;
		axe_error err = { 0 };

		assert_int_equal(axe_cute_parse(table_rows[i].layout, NULL, &c, &err), 0);
		assert_int_equal(axe_cute_layout_rank(&c.layout), 2);
		for (int m = 0; m < table_rows[i].rows; m++)
			for (int n = 0; n < table_rows[i].cols; n++) {
				int64_t crd[2] = { m, n };
				assert_int_equal(axe_cute_layout_eval_modes(&c.layout, crd),
						 table_rows[i].table[m * table_rows[i].cols + n]);
			}
		axe_cute_composed_release(&c);
	}
}

/* layout(i) for i in [0, size), from 01_layout.md print1D and "Vector examples". */
static const struct {
	const char *layout;
	int64_t values[8];
} vector_rows[] = {
	{ "(_2,_4):(_1,_2)", { 0, 1, 2, 3, 4, 5, 6, 7 } },
	{ "(_2,4):(_12,_1)", { 0, 12, 1, 13, 2, 14, 3, 15 } },
	{ "(2,(2,2)):(_1,(2,4))", { 0, 1, 2, 3, 4, 5, 6, 7 } },
	{ "(2,(2,2)):(4,(2,1))", { 0, 4, 2, 6, 1, 5, 3, 7 } },
	{ "((4,2)):((2,1))", { 0, 2, 4, 6, 1, 3, 5, 7 } },
	{ "((4,2)):((1,4))", { 0, 1, 2, 3, 4, 5, 6, 7 } },
};

static void test_eval_vectors(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(vector_rows) / sizeof(vector_rows[0]); i++) {
		axe_cute_composed c;
		axe_error err = { 0 };

		assert_int_equal(axe_cute_parse(vector_rows[i].layout, NULL, &c, &err), 0);
		assert_int_equal(axe_cute_layout_size(&c.layout), 8);
		for (int64_t x = 0; x < 8; x++)
			assert_int_equal(axe_cute_layout_eval(&c.layout, x), vector_rows[i].values[x]);
		axe_cute_composed_release(&c);
	}
}

/* size, rank, depth, cosize (01_layout.md "Layout" queries: cosize = A(size(A)-1)+1). */
static void test_queries(void **state)
{
	static const struct {
		const char *layout;
		int64_t size, cosize;
		size_t rank, depth;
	} rows[] = {
		{ "(2,(2,2)):(4,(2,1))", 8, 8, 2, 2 },
		{ "(3,(2,3)):(3,(12,1))", 18, 21, 2, 2 },
		{ "_8:_1", 8, 8, 1, 0 },
		{ "((3)):((1))", 3, 3, 1, 2 },
		{ "(4,2):(0,1)", 8, 2, 2, 1 },
		{ "():()", 1, 1, 0, 1 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		axe_cute_composed c;
		axe_error err = { 0 };

		assert_int_equal(axe_cute_parse(rows[i].layout, NULL, &c, &err), 0);
		assert_int_equal(axe_cute_layout_size(&c.layout), rows[i].size);
		assert_int_equal(axe_cute_layout_cosize(&c.layout), rows[i].cosize);
		assert_int_equal(axe_cute_layout_rank(&c.layout), rows[i].rank);
		assert_int_equal(axe_cute_layout_depth(&c.layout), rows[i].depth);
		axe_cute_composed_release(&c);
	}
}

/*
 * 01_layout.md, "Coordinates": (3,(2,3)):(3,(12,1)) maps (i,(j,k)) to
 * i*3 + j*12 + k; its 2-D table with (j,k) as a 1-D column coordinate.
 */
static void test_natural_coordinates(void **state)
{
	static const int64_t table[3][6] = {
		{ 0, 12, 1, 13, 2, 14 }, { 3, 15, 4, 16, 5, 17 }, { 6, 18, 7, 19, 8, 20 },
	};
	axe_cute_composed c;
	axe_error err = { 0 };

	(void)state;
	assert_int_equal(axe_cute_parse("(3,(2,3)):(3,(12,1))", NULL, &c, &err), 0);
	for (int64_t i = 0; i < 3; i++)
		for (int64_t j = 0; j < 6; j++) {
			int64_t crd[2] = { i, j };
			assert_int_equal(axe_cute_layout_eval_modes(&c.layout, crd), table[i][j]);
		}
	axe_cute_composed_release(&c);
}

/*
 * CuTe's Swizzle::apply (swizzle.hpp: "ZZZ ^= YYY"): Swizzle<3,4,3> XORs
 * bits 7..9 into bits 4..6; a negative shift moves the lower bits up.
 */
static void test_swizzle_apply(void **state)
{
	axe_cute_swizzle sw = { true, 3, 4, 3 }, neg = { true, 1, 2, -2 };

	(void)state;
	assert_int_equal(axe_cute_swizzle_apply(&sw, 0x80), 0x90);
	assert_int_equal(axe_cute_swizzle_apply(&sw, 0x380), 0x3f0);
	assert_int_equal(axe_cute_swizzle_apply(&sw, 0x0f), 0x0f);
	assert_int_equal(axe_cute_swizzle_apply(&neg, 0x4), 0x14);
	assert_int_equal(axe_cute_swizzle_apply(&neg, 0x10), 0x10);
}

/* Malformed text: the column, the span and the message. */
static const struct {
	const char *input;
	int col, span;
	const char *message;
} error_rows[] = {
	{ "", 1, 1, "empty CuTe layout" },
	{ "(2,(2,2):(4,(2,1))", 9, 1, "expected ',' or ')', found ':'" },
	{ "(2,(2,2)):(4,(2,1)", 1, 1, "" },
	{ "(2,(2,2)):(4,2)", 11, 5, "the CuTe stride is not congruent with the shape" },
	{ "(2,0):(1,2)", 4, 1, "CuTe shape extent 0 is not positive" },
	{ "(2,-3):(1,2)", 4, 2, "CuTe shape extent -3 is not positive" },
	{ "(2,x)", 4, 1, "expected an integer or '(', found 'x'" },
	{ "(2,2):(1,2) junk", 13, 1, "expected ' o ' or the end of the CuTe layout, found 'j'" },
	{ "Sw<3,4,2> o (8,64):(64,1)", 1, 9, "Swizzle<3,4,2>: |S| must be at least B" },
	{ "Swizzle(3,4,3) o (8,64):(64,1)", 1, 8, "CuTe text writes its swizzle Swizzle<B,M,S>" },
	{ "Sw<3,4,3> o Sw<3,4,3> o (8,64):(64,1)", 13, 9, "a composed CuTe layout has one swizzle" },
	{ "(8,64):(64,1) o (8,64):(64,1)", 1, 13, "only the last part of a composed CuTe layout" },
	{ "Sw<3,4,3>", 10, 1, "expected ' o ' and the layout, found the end" },
	{ "Sw<3,4,3> o", 12, 1, "expected an integer or '(', found the end" },
	{ "99999999999999999999:1", 1, 20, "integer does not fit in 64 bits" },
	{ "(4611686018427387904,4):(4,1)", 1, 29, "the indices of the CuTe layout overflow 64 bits" },
	{ "smem_ptr[0b](unset) o 8:1", 1, 12, "smem_ptr element width 0 bits is not in [1, 1024]" },
	{ "((((((((((((((((((1))))))))))))))))))", 17, 1, "CuTe tuples nest more than 16 deep" },
	{ "make_layout(make_shape(2,2), make_stride(1))", 30, 14, "not congruent" },
	{ "make_layout(make_shape(2,0))", 26, 1, "CuTe shape extent 0 is not positive" },
	{ "make_layout(make_shape(2,2)", 28, 1, "expected ')', found the end" },
	{ "make_layout(make_shape(2,2)) x", 30, 1, "expected the end of the C++ layout" },
	{ "composition(Swizzle<3,4,2>{}, 0, make_layout(8))", 13, 16, "|S| must be at least B" },
};

static void test_parse_errors(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(error_rows) / sizeof(error_rows[0]); i++) {
		axe_cute_composed c;
		axe_error err = { 0 };

		if (axe_cute_parse(error_rows[i].input, NULL, &c, &err) == 0)
			fail_msg("'%s' parsed", error_rows[i].input);
		if (strstr(err.message, error_rows[i].message) == NULL ||
		    (error_rows[i].message[0] && err.col != error_rows[i].col) ||
		    (error_rows[i].message[0] && err.span != error_rows[i].span))
			fail_msg("'%s': got %d+%d '%s'", error_rows[i].input, err.col, err.span,
				 err.message);
	}
}

/* A text that starts at column 7 of an operand: columns count from there. */
static void test_origin(void **state)
{
	const char *line = "  cute:(2,0):(1,2)";
	axe_loc where = { "<arg>", 1, 8, line, strlen(line) };
	axe_cute_composed c;
	axe_error err = { 0 };

	(void)state;
	assert_int_equal(axe_cute_parse(line + 7, &where, &c, &err), -1);
	assert_int_equal(err.col, 11);
	assert_string_equal(err.source, "<arg>");
}

/* The C++ that builds the layout. */
static void test_cpp(void **state)
{
	static const struct {
		const char *input, *cpp;
	} rows[] = {
		{ "(2,(2,2)):(4,(2,1))",
		  "make_layout(make_shape(2, make_shape(2, 2)), make_stride(4, make_stride(2, 1)))" },
		{ "(_8,_64):(_64,_1)",
		  "make_layout(make_shape(Int<8>{}, Int<64>{}), make_stride(Int<64>{}, Int<1>{}))" },
		{ "8:2", "make_layout(8, 2)" },
		{ "Sw<3,4,3> o _0 o (8,64):(64,1)",
		  "composition(Swizzle<3,4,3>{}, Int<0>{}, make_layout(make_shape(8, 64), "
		  "make_stride(64, 1)))" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		axe_cute_composed c;
		axe_error err = { 0 };
		char *text;

		assert_int_equal(axe_cute_parse(rows[i].input, NULL, &c, &err), 0);
		text = axe_cute_composed_cpp(&c, &err);
		assert_string_equal(text, rows[i].cpp);
		free(text);
		axe_cute_composed_release(&c);
	}
}

/* Building tuples by hand, as the layout algebra does; dup is deep. */
static void test_build(void **state)
{
	axe_cute_tuple t, u, s;
	axe_error err = { 0 };
	int64_t leaves[4], size;

	(void)state;
	assert_int_equal(axe_cute_tuple_init(&t, 2, &err), 0);
	t.child[0] = axe_cute_tuple_leaf(4);
	assert_int_equal(axe_cute_tuple_init(&t.child[1], 2, &err), 0);
	t.child[1].child[0] = axe_cute_tuple_leaf(3);
	t.child[1].child[1] = axe_cute_tuple_leaf(6);
	assert_int_equal(axe_cute_tuple_dup(&u, &t, &err), 0);
	axe_cute_tuple_release(&t);
	assert_int_equal(axe_cute_tuple_flatten(&u, leaves, 4), 3);
	assert_int_equal(leaves[2], 6);
	assert_int_equal(axe_cute_tuple_product(&u, &size, &err), 0);
	assert_int_equal(size, 72);
	assert_int_equal(axe_cute_tuple_left_strides(&s, &u, &err), 0);
	assert_true(axe_cute_tuple_congruent(&s, &u));
	assert_int_equal(axe_cute_tuple_flatten(&s, leaves, 4), 3);
	assert_int_equal(leaves[0], 1);
	assert_int_equal(leaves[1], 4);
	assert_int_equal(leaves[2], 12);
	assert_false(axe_cute_tuple_equal(&s, &u));
	axe_cute_tuple_release(&s);
	axe_cute_tuple_release(&u);
	axe_cute_tuple_release(&u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_print_round_trip),
		cmocka_unit_test(test_eval_tables),
		cmocka_unit_test(test_eval_vectors),
		cmocka_unit_test(test_queries),
		cmocka_unit_test(test_natural_coordinates),
		cmocka_unit_test(test_swizzle_apply),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_origin),
		cmocka_unit_test(test_cpp),
		cmocka_unit_test(test_build),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
