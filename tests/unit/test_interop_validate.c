/*
 * test_interop_validate.c: translation validation (interop/validate.c).  A
 * reference relation built pair by pair, in any order and with repeats, is
 * compared with imported layouts: equal ones pass; a layout that differs at
 * one point, in one replica, in an axis or in its shape is reported with
 * the first differing point and both image sets.  The affine comparison
 * (one point per digit) is held to the same verdicts, on planted bugs that
 * show only at one digit, the innermost or the outermost of 2^24 points.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "interop/interop.h"
#include "parse/parse.h"

/*
 * The reference of the tensor-core fragment of the Axe paper on (8, 16),
 * written from its definition (lane 4i + (j/2)%4, warp 5 + j/8 and 9 + j/8,
 * register j%2), pairs added from the last point to the first.
 */
static void fragment_reference(axe_reference *ref, bool drop_one_replica)
{
	static const char *const axis[] = { "laneid", "warpid", "m" };
	axe_shape shape = { 2, { 8, 16 } };
	axe_error err;

	axe_error_init(&err);
	assert_int_equal(axe_reference_init(ref, &shape, 3, axis, &err), 0);
	for (int64_t p = 127; p >= 0; p--) {
		int64_t i = p / 16, j = p % 16;
		for (int64_t r = 0; r < 2; r++) {
			int64_t image[3] = { 4 * i + (j / 2) % 4, 5 + j / 8 + 4 * r, j % 2 };

			if (drop_one_replica && p == 41 && r == 1)
				continue;
			assert_int_equal(axe_reference_add(ref, p, image, &err), 0);
			assert_int_equal(axe_reference_add(ref, p, image, &err), 0); /* a repeat */
		}
	}
	assert_int_equal(axe_reference_finish(ref, &err), 0);
}

static int import_text(axe_import *imp, const char *text, size_t rank, const int64_t *dims)
{
	axe_error err;

	axe_error_init(&err);
	memset(imp, 0, sizeof(*imp));
	imp->dtype = -1;
	imp->layout = axe_layout_parse(text, &err);
	if (!imp->layout)
		fail_msg("%s: %s", text, err.message);
	imp->shape.rank = rank;
	memcpy(imp->shape.dim, dims, rank * sizeof(int64_t));
	return 0;
}

#define FRAG "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid"

static const struct {
	const char *layout;
	int64_t dims[2];
	const char *error; /* NULL: valid; else a substring of the report */
} rows[] = {
	{ FRAG, { 8, 16 }, NULL },
	/* The same map written with another iter order and offsets. */
	{ "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1@m)] + R[2:4@warpid] + 5@warpid", { 8, 16 },
	  NULL },
	{ "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 6@warpid", { 8, 16 },
	  "at (0, 0): converted {laneid: 0, warpid: 6, m: 0}, {laneid: 0, warpid: 10, m: 0}, "
	  "reference {laneid: 0, warpid: 5, m: 0}, {laneid: 0, warpid: 9, m: 0}" },
	{ "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + 5@warpid", { 8, 16 }, "at (0, 0)" },
	{ FRAG, { 16, 8 }, "another shape" },
	{ "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1@reg)] + R[2:4@warpid] + 5@warpid", { 8, 16 },
	  "names axis 'reg'" },
};

static void test_validate_rows(void **state)
{
	axe_reference ref;

	(void)state;
	fragment_reference(&ref, false);
	assert_int_equal(ref.start[ref.npoints], 256); /* repeats removed */
	for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
		axe_import imp;
		axe_error err;
		int rc;

		axe_error_init(&err);
		import_text(&imp, rows[k].layout, 2, rows[k].dims);
		rc = axe_import_validate(&imp, &ref, "test", &err);
		if (!rows[k].error && rc != 0)
			fail_msg("row %zu: %s", k, err.message);
		if (rows[k].error && (rc == 0 || !strstr(err.message, rows[k].error)))
			fail_msg("row %zu: expected '%s', got rc %d '%s'", k, rows[k].error, rc,
				 err.message);
		axe_import_release(&imp);
	}
	axe_reference_release(&ref);
}

/* A missing replica image at one point is found at exactly that point. */
static void test_validate_missing_replica(void **state)
{
	axe_reference ref;
	axe_import imp;
	axe_error err;
	int64_t dims[2] = { 8, 16 };

	(void)state;
	axe_error_init(&err);
	fragment_reference(&ref, true);
	import_text(&imp, FRAG, 2, dims);
	assert_int_equal(axe_import_validate(&imp, &ref, "test", &err), -1);
	assert_non_null(strstr(err.message, "at (2, 9)"));
	axe_import_release(&imp);
	axe_reference_release(&ref);
}

/* An expr: import is evaluated through its own evaluator. */
static void test_validate_expr(void **state)
{
	axe_reference ref;
	axe_import imp = { .dtype = -1 };
	axe_error err;
	axe_shape shape = { 2, { 8, 16 } };

	(void)state;
	axe_error_init(&err);
	fragment_reference(&ref, false);
	imp.shape = shape;
	imp.expr = axe_expr_layout_from_text("laneid=4*i+(j/2)%4; warpid=j/8+5+4*r; m=j%2", "i,j",
					     "r=2", &shape, &err);
	assert_non_null(imp.expr);
	assert_int_equal(axe_import_validate(&imp, &ref, "test", &err), 0);
	axe_import_release(&imp);
	imp.expr = axe_expr_layout_from_text("laneid=4*i+(j/2)%4; warpid=j/8+5+4*r; m=(j+1)%2",
					     "i,j", "r=2", &shape, &err);
	assert_non_null(imp.expr);
	assert_int_equal(axe_import_validate(&imp, &ref, "test", &err), -1);
	assert_non_null(strstr(err.message, "at (0, 0)"));
	axe_import_release(&imp);
	axe_reference_release(&ref);
}

static void test_reference_limits(void **state)
{
	static const char *const axis[] = { "m" };
	axe_shape big = { 2, { 1 << 13, 1 << 12 } };
	axe_shape small = { 1, { 4 } };
	axe_reference ref;
	axe_error err;
	int64_t image = 0;

	(void)state;
	axe_error_init(&err);
	assert_int_equal(axe_reference_init(&ref, &big, 1, axis, &err), -1);
	assert_int_equal(err.code, AXE_ERR_LIMIT);
	axe_error_init(&err);
	assert_int_equal(axe_reference_init(&ref, &small, 1, axis, &err), 0);
	assert_int_equal(axe_reference_add(&ref, 4, &image, &err), -1);
	assert_int_equal(err.code, AXE_ERR_RANGE);
	axe_reference_release(&ref);
}

/*
 * A digit-affine source meaning written from its definition: the row-major
 * point split by "radix" (innermost first), each digit times its stride,
 * plus the offset; it counts the points it is asked about.
 */
typedef struct affine_source {
	size_t n;
	int64_t radix[4], stride[4], offset;
	int calls;
} affine_source;

static int affine_image(const void *ctx, int64_t flat, int64_t *image, axe_error *err)
{
	affine_source *src = (affine_source *)ctx;

	(void)err;
	src->calls++;
	image[0] = src->offset;
	for (size_t k = 0; k < src->n; k++) {
		image[0] += flat % src->radix[k] * src->stride[k];
		flat /= src->radix[k];
	}
	return 0;
}

static const struct {
	const char *layout;
	int64_t dims[2];
	affine_source src;
	int rc;            /* 0 equal, -1 a difference, 1 no argument (enumerate) */
	const char *where; /* for -1: the point reported */
} affine_rows[] = {
	/* (8,16) row-major plus 3, written as 4 digits or coalesced. */
	{ "S[(8,16):(16,1)] + 3", { 8, 16 }, { 4, { 4, 4, 2, 4 }, { 1, 4, 16, 32 }, 3, 0 }, 0, NULL },
	{ "S[128:1] + 3", { 8, 16 }, { 4, { 4, 4, 2, 4 }, { 1, 4, 16, 32 }, 3, 0 }, 0, NULL },
	{ "S[(2,4,4,4):(64,16,4,1)] + 3", { 8, 16 }, { 1, { 128 }, { 1 }, 3, 0 }, 0, NULL },
	/* Planted: the innermost stride, the offset, a replica, an axis. */
	{ "S[(8,8,2):(16,1,8)] + 3", { 8, 16 }, { 2, { 16, 8 }, { 1, 16 }, 3, 0 }, -1, "at (0, 1)" },
	{ "S[(8,16):(16,1)] + 4", { 8, 16 }, { 2, { 16, 8 }, { 1, 16 }, 3, 0 }, -1, "at (0, 0)" },
	{ "S[(8,16):(16,1)] + R[2:1] + 3", { 8, 16 }, { 2, { 16, 8 }, { 1, 16 }, 3, 0 }, -1,
	  "at (0, 0)" },
	{ "S[(8,16):(16,1@laneid)] + 3", { 8, 16 }, { 2, { 16, 8 }, { 1, 16 }, 3, 0 }, -1,
	  "names axis 'laneid'" },
	/* 2^24 points: wrong only from row 2048 on (the top digit), or only in column 4095. */
	{ "S[(2,2048,4096):(8388609,4096,1)]", { 4096, 4096 },
	  { 2, { 4096, 4096 }, { 1, 4096 }, 0, 0 }, -1, "at (2048, 0)" },
	{ "S[(4096,2,2048):(4096,2049,1)]", { 4096, 4096 },
	  { 2, { 4096, 4096 }, { 1, 4096 }, 0, 0 }, -1, "at (0, 2048)" },
	{ "S[(4096,4096):(4096,1)]", { 4096, 4096 }, { 2, { 4096, 4096 }, { 1, 4096 }, 0, 0 }, 0,
	  NULL },
	/* Digits of 3 and 2 against 2 and 3 refine no common list; a swizzle: enumerate. */
	{ "S[(2,3):(3,1)]", { 1, 6 }, { 2, { 2, 3 }, { 1, 2 }, 0, 0 }, 1, NULL },
	{ "Swizzle(1,1,1) o S[(8,16):(16,1)]", { 8, 16 }, { 2, { 16, 8 }, { 1, 16 }, 0, 0 }, 1,
	  NULL },
};

static void test_validate_affine(void **state)
{
	static const char *const axis[] = { "m" };

	(void)state;
	for (size_t k = 0; k < sizeof(affine_rows) / sizeof(affine_rows[0]); k++) {
		affine_source src = affine_rows[k].src;
		axe_shape shape = { 2, { affine_rows[k].dims[0], affine_rows[k].dims[1] } };
		axe_affine_reference ref = { &shape, 1, axis, src.n, src.radix, affine_image, &src,
					     NULL };
		axe_import imp;
		axe_error err;
		int rc;

		axe_error_init(&err);
		import_text(&imp, affine_rows[k].layout, 2, affine_rows[k].dims);
		rc = axe_import_validate_affine(&imp, &ref, "test", &err);
		if (rc != affine_rows[k].rc)
			fail_msg("row %zu: rc %d, expected %d (%s)", k, rc, affine_rows[k].rc,
				 err.message);
		if (affine_rows[k].where && !strstr(err.message, affine_rows[k].where))
			fail_msg("row %zu: expected '%s' in '%s'", k, affine_rows[k].where,
				 err.message);
		/* One point per digit at most: never a walk over the 2^24 points. */
		if (src.calls > 25)
			fail_msg("row %zu: %d points evaluated", k, src.calls);
		axe_import_release(&imp);
	}
}

/*
 * A swizzled source (CuTe's Sw<B,M,S> o L, written from swizzle.hpp:
 * o ^ ((o & yyy) >> S), yyy = (2^B - 1) << (M + S)) against swizzled
 * imports: compared before the swizzles at one point per digit, and the
 * swizzles at one value per bit; it counts the values it swizzles.
 */
typedef struct swizzled_source {
	affine_source src;
	int bits, base, shift;
	int calls;
} swizzled_source;

static int swizzled_image(const void *ctx, int64_t flat, int64_t *image, axe_error *err)
{
	return affine_image(&((swizzled_source *)ctx)->src, flat, image, err);
}

static int source_swizzle(const void *ctx, int64_t value, int64_t *out, axe_error *err)
{
	swizzled_source *s = (swizzled_source *)ctx;
	int64_t yyy = ((INT64_C(1) << s->bits) - 1) << (s->base + s->shift);

	(void)err;
	s->calls++;
	*out = value ^ ((value & yyy) >> s->shift);
	return 0;
}

#define ROWS_4096 { 2, { 4096, 4096 }, { 1, 4096 }, 0, 0 }

static const struct {
	const char *layout;
	int64_t dims[2];
	swizzled_source src;
	int rc;            /* 0 equal, -1 a difference, 1 no argument (enumerate) */
	const char *where; /* for -1: the point and values reported */
} swizzled_rows[] = {
	/* Sw<3,4,3> o (4096,4096):(4096,1), 2^24 points. */
	{ "Swizzle(4,3,3) o S[(4096,4096):(4096,1)]", { 4096, 4096 }, { ROWS_4096, 3, 4, 3, 0 }, 0,
	  NULL },
	/* Planted: wrong from row 2048 on (the top digit), reported with both swizzles applied. */
	{ "Swizzle(4,3,3) o S[(2,2048,4096):(8388609,4096,1)]", { 4096, 4096 },
	  { ROWS_4096, 3, 4, 3, 0 }, -1, "at (2048, 0): converted {m: 8388609}, reference {m: 8388608}" },
	/* Planted: M one less (a 16-bit element taken for 8 bits), seen at a point of one digit. */
	{ "Swizzle(3,3,3) o S[(4096,4096):(4096,1)]", { 4096, 4096 }, { ROWS_4096, 3, 4, 3, 0 }, -1,
	  "at (0, 64): converted {m: 72}, reference {m: 64}" },
	/* Planted: the swizzle reads address bit 22 where the source reads bit 23. */
	{ "Swizzle(0,1,22) o S[(4096,4096):(4096,1)]", { 4096, 4096 }, { ROWS_4096, 1, 0, 23, 0 },
	  -1, "at (1024, 0): converted {m: 4194305}, reference {m: 4194304}" },
	/* The swizzles differ only at 8, which no point of one digit reaches: enumerate. */
	{ "Swizzle(0,1,3) o S[(3,3):(3,1)]", { 3, 3 }, { { 2, { 3, 3 }, { 1, 3 }, 0, 0 }, 1, 0, 5, 0 },
	  1, NULL },
};

static void test_validate_swizzled(void **state)
{
	static const char *const axis[] = { "m" };

	(void)state;
	for (size_t k = 0; k < sizeof(swizzled_rows) / sizeof(swizzled_rows[0]); k++) {
		swizzled_source src = swizzled_rows[k].src;
		axe_shape shape = { 2, { swizzled_rows[k].dims[0], swizzled_rows[k].dims[1] } };
		axe_affine_reference ref = { &shape, 1, axis, src.src.n, src.src.radix,
					     swizzled_image, &src, source_swizzle };
		axe_import imp;
		axe_error err;
		int rc;

		axe_error_init(&err);
		import_text(&imp, swizzled_rows[k].layout, 2, swizzled_rows[k].dims);
		rc = axe_import_validate_affine(&imp, &ref, "test", &err);
		if (rc != swizzled_rows[k].rc)
			fail_msg("row %zu: rc %d, expected %d (%s)", k, rc, swizzled_rows[k].rc,
				 err.message);
		if (swizzled_rows[k].where && !strstr(err.message, swizzled_rows[k].where))
			fail_msg("row %zu: expected '%s' in '%s'", k, swizzled_rows[k].where,
				 err.message);
		/* One point per digit and one value per bit: never a walk over the points. */
		if (src.src.calls > 64 || src.calls > 128)
			fail_msg("row %zu: %d points, %d swizzles evaluated", k, src.src.calls,
				 src.calls);
		axe_import_release(&imp);
	}
}

/* An expr: import has no digits to compare: the caller enumerates. */
static void test_validate_affine_expr(void **state)
{
	static const char *const axis[] = { "m" };
	affine_source src = { 2, { 16, 8 }, { 1, 16 }, 0, 0 };
	axe_shape shape = { 2, { 8, 16 } };
	axe_affine_reference ref = { &shape, 1, axis, src.n, src.radix, affine_image, &src,
					     NULL };
	axe_import imp = { .dtype = -1, .shape = { 2, { 8, 16 } } };
	axe_error err;

	(void)state;
	axe_error_init(&err);
	imp.expr = axe_expr_layout_from_text("m=16*i+j", "i,j", NULL, &shape, &err);
	assert_non_null(imp.expr);
	assert_int_equal(axe_import_validate_affine(&imp, &ref, "test", &err), 1);
	axe_import_release(&imp);
}

/*
 * A deferred CuTe import of a 8192 x 8192 tensor (2^26 points, past what a
 * whole import enumerates) checked over boxes only: a planted bug that
 * flips bit 0 of every address with bit 25 set (rows 4096 and on) passes a
 * box of the first rows and is caught in a box of the last.
 */
static void test_validate_box(void **state)
{
	const char *text = "(8192,8192):(8192,1)";
	axe_import_opts opts = { .defer_validation = true };
	axe_import imp;
	axe_error err;
	int64_t first[2] = { 0, 128 }, first_end[2] = { 128, 192 };
	int64_t last[2] = { 8064, 128 }, last_end[2] = { 8192, 192 };
	const axe_notation *cute = axe_format_lookup("cute", 4);

	(void)state;
	axe_error_init(&err);
	assert_non_null(cute);
	assert_int_equal(axe_import_text(cute, text, NULL, &opts, &imp, &err), 0);
	assert_true(imp.unvalidated);
	assert_int_equal(axe_import_validate_box(cute, text, NULL, &imp, last, last_end, &err), 0);
	imp.layout->swizzle = (axe_swizzle){ true, 0, 1, 25 };
	assert_int_equal(axe_import_validate_box(cute, text, NULL, &imp, first, first_end, &err),
			 0);
	assert_int_equal(axe_import_validate_box(cute, text, NULL, &imp, last, last_end, &err), -1);
	assert_non_null(strstr(err.message, "disagrees with cute's own meaning at (8064, 128)"));
	axe_import_release(&imp);
	/*
	 * A whole import of the same tensor is validated at one point per digit,
	 * swizzled too (and one value per bit of the index): no walk over its
	 * 2^26 points, which it could not enumerate.
	 */
	axe_error_init(&err);
	assert_int_equal(axe_import_text(cute, text, NULL, NULL, &imp, &err), 0);
	assert_false(imp.unvalidated);
	axe_import_release(&imp);
	assert_int_equal(axe_import_text(cute, "Sw<3,4,3> o _0 o (8192,8192):(8192,1)", NULL, NULL,
					 &imp, &err), 0);
	axe_import_release(&imp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_validate_rows),
		cmocka_unit_test(test_validate_missing_replica),
		cmocka_unit_test(test_validate_expr),
		cmocka_unit_test(test_reference_limits),
		cmocka_unit_test(test_validate_affine),
		cmocka_unit_test(test_validate_affine_expr),
		cmocka_unit_test(test_validate_swizzled),
		cmocka_unit_test(test_validate_box),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
