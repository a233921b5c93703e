/*
 * test_api.c: the installed interface, used as a program outside the tree
 * would: only <axe.h>.  Parses the tensor-core tile of seed 001, prints it
 * back, and evaluates (2, 9) through axe_layout_eval.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "axe.h"

#define FRAG "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid"

static void test_parse_print_eval(void **state)
{
	axe_error err;
	axe_layout *l;
	axe_shape shape = { 2, { 8, 16 } };
	int64_t size, images[2 * 3], coord[2] = { 2, 9 };
	char *text;

	(void)state;
	axe_error_init(&err);
	l = axe_layout_parse(FRAG, &err);
	assert_non_null(l);
	text = axe_layout_to_string(l);
	assert_string_equal(text, FRAG);
	free(text);
	assert_int_equal(axe_layout_size(l, &size, &err), 0);
	assert_int_equal(size, 128);
	assert_int_equal(axe_layout_axis_count(l), 3);
	assert_string_equal(axe_layout_axis_name(l, 1), "warpid");
	assert_int_equal(axe_layout_eval(l, &shape, coord, images, 2, &err), 2);
	assert_int_equal(images[0], 8);  /* laneid */
	assert_int_equal(images[1], 6);  /* warpid */
	assert_int_equal(images[2], 1);  /* m */
	assert_int_equal(images[4], 10); /* the replica's warpid */
	/* Only as many images as asked for are written; the count is all of them. */
	assert_int_equal(axe_layout_eval(l, &shape, coord, images, 1, &err), 2);
	coord[0] = 8;
	assert_int_equal(axe_layout_eval(l, &shape, coord, images, 2, &err), -1);
	assert_int_equal(err.code, AXE_ERR_RANGE);
	axe_layout_free(l);
}

static void test_parse_error(void **state)
{
	axe_error err;

	(void)state;
	axe_error_init(&err);
	assert_null(axe_layout_parse("S[(8,0):(1,1)]", &err));
	assert_int_equal(err.code, AXE_ERR_VALUE);
	assert_int_equal(err.col, 6);
	assert_string_equal(err.source, "<arg>");
	axe_layout_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_print_eval),
		cmocka_unit_test(test_parse_error),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
