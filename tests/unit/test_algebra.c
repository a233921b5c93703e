/*
 * test_algebra.c: the layout algebra (src/algebra/ group, tile, tile_of,
 * slice, dsum) on the Axe paper's examples and on one input for every reason
 * an operation gives for being impossible, and for its input errors.
 *
 * The paper's examples (seed 000, section 3.3 and Appendix F.4; their
 * formulas were lost in extraction and are reconstructed from the prose):
 * - tiling: a row-major 4x4 tile in a row-major 2x2 grid of tiles gives the
 *   block layout S[(2,4,2,4):(32,4,16,1)] of an 8x8 matrix;
 * - direct sum: S[(2,2):(8,2)] (+) S[(2,2):(4,1)] = S[16:1], and S[16:1] is
 *   not a tile of S[(2,2):(4,1)] (the inner span 6 does not divide 8);
 * - slicing: the paper's example lost its numbers; we use the rows 2..5 and
 *   columns 4..11 of a row-major 8x16 matrix, S[(4,8):(16,1)] + 36, and a
 *   1-D range of S[(4,8):(16,1)] that wraps a row once at its midpoint.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "algebra/dsum.h"
#include "algebra/group.h"
#include "algebra/slice.h"
#include "algebra/tile.h"
#include "algebra/tile_of.h"
#include "parse/parse.h"

/*
 * One call: "op" on layout "a" (shape "sa", NULL: default) and, for the
 * two-layout operations, "b" (shape "sb"); for slice "sb" is the region.
 * "want" is 1 (a result, printed exactly as "expect"), 0 (impossible, the
 * reason contains "expect") or -1 (an input error, its message contains it).
 */
typedef struct row {
	const char *op;
	const char *a, *sa, *b, *sb;
	int want;
	const char *expect;
} row;

#define SWZ "Swizzle(3,3,3) o "

static const row paper_rows[] = {
	/* Section 3.3: a 2x2 row-major grid of 4x4 row-major tiles is a block layout. */
	{ "tile", "S[(2,2):(2,1)]", NULL, "S[(4,4):(4,1)]", NULL, 1, "S[(2,4,2,4):(32,4,16,1)]" },
	{ "tile-of", "S[(2,4,2,4):(32,4,16,1)]", "8,8", "S[(4,4):(4,1)]", NULL, 1, "S[4:1]" },
	/* Appendix F.4: the direct sum is contiguous, on (4, 4) ... */
	{ "dsum", "S[(2,2):(8,2)]", NULL, "S[(2,2):(4,1)]", NULL, 1, "S[16:1]" },
	/* ... and on the paper's rank-1 domain, up to its "benign reordering". */
	{ "dsum", "S[(2,2):(8,2)]", "4", "S[(2,2):(4,1)]", "4", 1, "S[(2,2,2,2):(8,2,4,1)]" },
	/* ... but it is not a tile of the 2x2 block. */
	{ "tile-of", "S[16:1]", "4,4", "S[(2,2):(4,1)]", NULL, 0,
	  "iter 2:8 in the outer part of dimension 0 of T is not a multiple of the "
	  "inner layout's span 6 on axis 'm'" },
	/* Section 3.3 slicing, reconstructed (see the header). */
	{ "slice", "S[(8,16):(16,1)]", NULL, NULL, "2:6,4:12", 1, "S[(4,8):(16,1)] + 36" },
	{ "slice", "S[(4,8):(16,1)]", "32", NULL, "6:10", 1, "S[(2,2):(10,1)] + 6" },
	/* Appendix B: the fewest iters; pre-split iters are fused first. */
	{ "group", "S[(8,16):(16,1)]", "4,32", NULL, NULL, 1, "S[(4,32):(32,1)]" },
	{ "group", "S[(2,6):(6,1)]", "3,4", NULL, NULL, 1, "S[(3,4):(4,1)]" },
	{ "group", "S[(2,1,4):(8,5@x,1)]", "2,2,2", NULL, NULL, 1, "S[(2,2,2):(8,2,1)]" },
};

static const row result_rows[] = {
	/* Grouping keeps the swizzle and the replica; extent-1 dimensions are empty blocks. */
	{ "group", SWZ "S[(8,64):(64,1)]", "1,512", NULL, NULL, 1, SWZ "S[512:1]" },
	{ "group", "S[4:1@laneid] + R[2:4@warpid] + 3", "2,1,2", NULL, NULL, 1,
	  "S[(2,2):(2@laneid,1@laneid)] + R[2:4@warpid] + 3" },
	/* Tile scales per axis (laneid by 29, m by 4); the result is canonical. */
	{ "tile", "S[(2,2):(1@warpid,1)]", NULL, "S[(8,4):(4@laneid,1)]", NULL, 1,
	  "S[(2,8,8):(1@warpid,4@laneid,1)]" },
	/* Replicas: the outer's scaled by the inner span 2 on warpid, then fused (C2). */
	{ "tile", "S[2:1] + R[2:1@warpid] + 1", NULL, "S[4:1] + R[2:1@warpid]", NULL, 1,
	  "S[8:1] + R[4:1@warpid] + 4" },
	/* An inner swizzle is kept when the outer moves whole 512-element blocks. */
	{ "tile", "S[(2,2):(2,1)]", NULL, SWZ "S[(8,64):(64,1)]", NULL, 1,
	  SWZ "S[(2,8,2,64):(1024,64,512,1)]" },
	/* An outer swizzle is rescaled by the inner span 2: Swizzle(1,1,1) -> (2,1,1). */
	{ "tile", "Swizzle(1,1,1) o S[4:2]", NULL, "S[2:1]", NULL, 1,
	  "Swizzle(2,1,1) o S[(4,2):(4,1)]" },
	{ "tile-of", "Swizzle(2,1,1) o S[(4,2):(4,1)]", "8", "S[2:1]", NULL, 1,
	  "Swizzle(1,1,1) o S[4:2]" },
	{ "tile-of", SWZ "S[(2,8,2,64):(1024,64,512,1)]", "16,128", SWZ "S[(8,64):(64,1)]", NULL,
	  1, "S[4:1]" },
	/* The inner span 7 counts the inner replica: 1 + 3*1 + 1*3. */
	{ "tile-of", "S[(2,4):(14,1)] + R[(2,2):(3,28)] + 15", "8", "S[4:1] + R[2:3] + 1", "4", 1,
	  "S[2:2] + R[2:4] + 2" },
	/* Slices: a repeated midpoint wrap, a swizzle kept, replicas kept. */
	{ "slice", "S[(4,4):(100,1)]", "16", NULL, "2:10", 1, "S[(2,2,2):(100,98,1)] + 2" },
	{ "slice", SWZ "S[(8,64):(64,1)]", NULL, NULL, "0:8,0:32", 1, SWZ "S[(8,32):(64,1)]" },
	{ "slice", "S[(8,4):(1@laneid,1)] + R[2:8@laneid]", NULL, NULL, "4:8,1:3", 1,
	  "S[(4,2):(1@laneid,1)] + R[2:8@laneid] + 4@laneid + 1" },
	/* A one-point region. */
	{ "slice", "S[(8,16):(16,1)]", NULL, NULL, "3:4,5:6", 1, "S[1:1] + 53" },
	/* The shape does not group the layout, but the region's values are a layout. */
	{ "slice", "S[(2,3):(10,1)]", "3,2", NULL, "0:1,0:2", 1, "S[2:1]" },
	{ "slice", "S[(2,3):(1,2)]", "3,2", NULL, "1:2,1:2", 1, "S[1:1] + 1" },
	/* group: iters of stride 0 commute, so an equal layout groups. */
	{ "group", "S[(4,5,3):(0@x,0,1)]", "5,12", NULL, NULL, 1, "S[(5,4,3):(0@x,0@x,1)]" },
};

static const row refusal_rows[] = {
	/* group */
	{ "group", "S[(2,3):(10,1)]", "3,2", NULL, NULL, 0,
	  "dimension 0 (extent 3) cannot be formed: it still needs a factor 3 when it reaches "
	  "iter 2:10, whose extent neither divides 3 nor is a multiple of it" },
	/* tile and dsum: grouping */
	{ "tile", "S[(2,3):(10,1)]", "3,2", "S[(2,2):(2,1)]", NULL, 0,
	  "the outer shape does not group the outer layout: dimension 0 (extent 3)" },
	{ "tile", "S[(2,2):(2,1)]", NULL, "S[(2,3):(10,1)]", "3,2", 0,
	  "the inner shape does not group the inner layout: dimension 0 (extent 3)" },
	{ "dsum", "S[(2,3):(10,1)]", "3,2", "S[(2,2):(2,1)]", NULL, 0,
	  "the left shape does not group the left layout" },
	/* tile: swizzles */
	{ "tile", "Swizzle(1,1,1) o S[4:1]", NULL, "Swizzle(1,1,1) o S[4:1]", NULL, 0,
	  "both layouts are swizzled, and one layout carries one swizzle" },
	{ "tile", "S[2:1@laneid]", NULL, SWZ "S[(8,64):(64,1)]", "512", 0,
	  "the inner layout is swizzled, so the result must place data on 'm' only, but the "
	  "outer layout names axis 'laneid'" },
	{ "tile", "S[2:1]", NULL, SWZ "S[(8,32):(64,1)]", "256", 0,
	  "the inner layout's Swizzle(3,3,3) permutes m inside aligned blocks of 512, so the "
	  "outer layout must move m by whole blocks, but its shard iter 2:1, scaled by the "
	  "inner span 480, moves it by 480" },
	{ "tile", "S[2:2] + 1", NULL, SWZ "S[(4,64):(64,1)]", "256", 0,
	  "but its offset 1, scaled by the inner span 256, moves it by 256" },
	{ "dsum", "S[2:1]", NULL, SWZ "S[(8,64):(64,1)]", "512", 0,
	  "the right layout's Swizzle(3,3,3) permutes m inside aligned blocks of 512, so the "
	  "left layout must move m by whole blocks, but its shard iter 2:1 moves it by 1" },
	{ "tile", "Swizzle(1,1,1) o S[4:2]", NULL, "S[3:1]", NULL, 0,
	  "the outer layout's Swizzle(1,1,1) can be kept only when the inner span on m is a "
	  "power of two, but it is 3" },
	{ "tile", "Swizzle(10,10,20) o S[4:1024]", NULL, "S[2:1]", NULL, 0,
	  "the scaled swizzle Swizzle(11,10,20) would reach past bit 40" },
	{ "tile", "Swizzle(1,1,1) o S[4:1]", NULL, "S[2:1]", NULL, 0,
	  "the outer layout's Swizzle(1,1,1) keeps the low 1 bits of m, so its m strides and "
	  "offset must be multiples of 2 to scale with it, but its shard iter 4:1 is not" },
	{ "tile", "Swizzle(1,1,1) o S[4:2]", NULL, "S[2:1] + 4", NULL, 0,
	  "the inner layout's m values [4, 5] must lie in [0, 4), below the bits that the "
	  "scaled swizzle Swizzle(2,1,1) permutes" },
	/* tile-of */
	{ "tile-of", "S[12:1]", NULL, "S[8:1]", NULL, 0,
	  "dimension 0: the inner extent 8 does not divide T's extent 12" },
	{ "tile-of", "S[16:1]", NULL, "Swizzle(1,1,1) o S[4:1]", NULL, 0,
	  "the inner layout is swizzled but T is not" },
	{ "tile-of", "Swizzle(1,1,1) o S[16:1]", NULL, "Swizzle(1,1,2) o S[4:1]", NULL, 0,
	  "T's Swizzle(1,1,1) differs from the inner layout's Swizzle(1,1,2)" },
	{ "tile-of", "Swizzle(1,1,1) o S[12:1]", NULL, "S[3:1]", NULL, 0,
	  "T's Swizzle(1,1,1) is not an outer swizzle scaled by the inner span on m (3), which "
	  "would need a power of two of at most 2" },
	{ "tile-of", "S[(6,6):(6,1)]", NULL, "S[(2,3):(10,1)]", "3,2", 0,
	  "the inner shape does not group the inner layout: dimension 0 (extent 3) cannot be "
	  "formed" },
	{ "tile-of", "S[(3,2):(10,1)]", "6", "S[3:1]", NULL, 0,
	  "dimension 0 of T does not split into 2 outer by 3 inner points: it still needs a "
	  "factor 2 when it reaches iter 3:10" },
	{ "tile-of", "S[(2,4):(8,2)]", "8", "S[4:1]", NULL, 0,
	  "the inner part of dimension 0 of T is (4:2), but dimension 0 of the inner layout is "
	  "(4:1)" },
	{ "tile-of", "S[(2,4):(14,1)] + R[2:100]", "8", "S[4:1] + R[2:3]", NULL, 0,
	  "the canonical replica of T lacks the inner layout's replica iter 2:3" },
	{ "tile-of", "S[(2,4):(8,1)] + R[2:3]", "8", "S[4:1]", NULL, 0,
	  "replica iter 2:3 of T is not a multiple of the inner layout's span 4 on axis 'm'" },
	{ "tile-of", "S[(2,4):(8,1)] + 3", "8", "S[4:1]", NULL, 0,
	  "T's offset 3 on axis 'm' minus the inner offset 0 is not a multiple of the inner "
	  "span 4" },
	{ "tile-of", SWZ "S[(3,4,64):(256,64,1)]", "768", SWZ "S[(4,64):(64,1)]", "256", 0,
	  "the outer layout that T's shard gives cannot carry the swizzle: the inner layout's "
	  "Swizzle(3,3,3) permutes m inside aligned blocks of 512" },
	/* slice */
	{ "slice", "S[(2,3):(10,1)]", "3,2", NULL, "0:3,0:1", 0,
	  "no layout has the region's values (checked point by point): the shape does not "
	  "group the layout, so its dimensions have no blocks to slice: dimension 0 (extent 3) "
	  "cannot be formed" },
	{ "slice", "S[(4,8):(16,1)]", "32", NULL, "0:12", 0,
	  "region 0:12 of dimension 0 is not expressible as one layout: it runs through 12 "
	  "values of iter 8:1, more than one cycle of it but not a whole number of cycles" },
	{ "slice", "S[(4,8):(16,1)]", "32", NULL, "6:11", 0,
	  "region 6:11 of dimension 0 is not expressible as one layout: from value 6 it runs "
	  "through 5 values of iter 8:1, wrapping after 2" },
	{ "slice", "S[(2,4):(1@x,1@y)]", "8", NULL, "2:6", 0,
	  "where it wraps iter 4:1@y the coordinates jump on axes 'x' and 'y' at once, which "
	  "no single iter can do" },
	{ "slice", "S[(2,4,4):(1000,100,1)]", "32", NULL, "2:18", 0,
	  "its wraps at the middle of iter 4:1 repeat 4 times and carry out of iter 4:100" },
};

static const row error_rows[] = {
	{ "tile", "S[(2,2):(2,1)]", NULL, "S[16:1]", NULL, -1,
	  "the outer shape has rank 2 but the inner shape has rank 1" },
	{ "dsum", "S[4:1]", NULL, "S[(2,2):(2,1)]", NULL, -1,
	  "the left shape has rank 1 but the right shape has rank 2" },
	{ "tile-of", "S[16:1]", NULL, "S[(2,2):(2,1)]", NULL, -1,
	  "T's shape has rank 1 but the inner shape has rank 2" },
	{ "tile", "S[2:4611686018427387904]", NULL, "S[(2,2):(2,1)]", "4", -1,
	  "a scaled stride overflows 64 bits" },
	{ "slice", "S[(8,16):(16,1)]", NULL, NULL, "0:2", -1,
	  "the region has 1 range but the shape has rank 2" },
	{ "slice", "S[(8,16):(16,1)]", NULL, NULL, "0:9,0:16", -1,
	  "range 0:9 of dimension 0 is empty or leaves [0, 8)" },
	{ "group", "S[(8,16):(16,1)]", "2,2", NULL, NULL, -1,
	  "the shape has 4 points but its layout has 128" },
};

/* Everything one row allocates, freed whatever the outcome. */
typedef struct call {
	axe_layout *a, *b;
	axe_algebra_result res;
	char *text;
} call;

static void call_release(call *c)
{
	axe_layout_free(c->a);
	axe_layout_free(c->b);
	axe_algebra_result_release(&c->res);
	free(c->text);
}

static axe_layout *parse_layout(const char *text)
{
	axe_error err;
	axe_layout *L;

	axe_error_init(&err);
	L = axe_layout_parse(text, &err);
	if (!L)
		fail_msg("%s: %s", text, err.message);
	return L;
}

/* "text" as a shape, or the default shape of "L" when "text" is NULL. */
static void parse_shape(const char *text, const axe_layout *L, axe_shape *shape)
{
	axe_loc origin = { "<test>", 1, 1, text, text ? strlen(text) : 0 };
	axe_error err;
	long n;

	if (!text) {
		axe_layout_default_shape(L, shape);
		return;
	}
	axe_error_init(&err);
	n = axe_parse_int_list(text, &origin, shape->dim, AXE_MAX_RANK, "extent", &err);
	if (n < 0)
		fail_msg("shape %s: %s", text, err.message);
	shape->rank = (size_t)n;
}

static int run_row(const row *r, call *c, axe_reason *why, axe_error *err)
{
	int64_t begin[AXE_MAX_RANK], end[AXE_MAX_RANK];
	axe_shape sa, sb;
	long n;

	c->a = parse_layout(r->a);
	parse_shape(r->sa, c->a, &sa);
	if (strcmp(r->op, "group") == 0)
		return axe_layout_group(c->a, &sa, &c->res, why, err);
	if (strcmp(r->op, "slice") == 0) {
		axe_loc origin = { "<test>", 1, 1, r->sb, strlen(r->sb) };
		n = axe_parse_region(r->sb, &origin, begin, end, AXE_MAX_RANK, err);
		assert_true(n > 0);
		return axe_layout_slice(c->a, &sa, begin, end, (size_t)n, &c->res, why, err);
	}
	c->b = parse_layout(r->b);
	parse_shape(r->sb, c->b, &sb);
	if (strcmp(r->op, "tile") == 0)
		return axe_layout_tile(c->a, &sa, c->b, &sb, &c->res, why, err);
	if (strcmp(r->op, "dsum") == 0)
		return axe_layout_dsum(c->a, &sa, c->b, &sb, &c->res, why, err);
	assert_string_equal(r->op, "tile-of");
	return axe_layout_tile_of(c->a, &sa, c->b, &sb, &c->res, why, err);
}

static void check_row(const row *r)
{
	call c = { 0 };
	axe_reason why = { "" };
	axe_error err;
	int got;

	axe_error_init(&err);
	got = run_row(r, &c, &why, &err);
	if (got > 0)
		c.text = axe_layout_to_string(c.res.layout);
	if (got != r->want || (got > 0 && strcmp(c.text, r->expect) != 0) ||
	    (got == 0 && !strstr(why.text, r->expect)) ||
	    (got < 0 && !strstr(err.message, r->expect))) {
		char msg[1024];
		snprintf(msg, sizeof(msg), "%s %s %s: got %d: %s", r->op, r->a, r->b ? r->b : "",
			 got, got > 0 ? c.text : got == 0 ? why.text : err.message);
		call_release(&c);
		fail_msg("%s\n  expected %d: %s", msg, r->want, r->expect);
	}
	call_release(&c);
}

static void check_rows(const row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++)
		check_row(&rows[i]);
}

#define CHECK_ROWS(rows) check_rows(rows, sizeof(rows) / sizeof(rows[0]))

static void test_paper_examples(void **state)
{
	(void)state;
	CHECK_ROWS(paper_rows);
}

static void test_results(void **state)
{
	(void)state;
	CHECK_ROWS(result_rows);
}

static void test_refusals(void **state)
{
	(void)state;
	CHECK_ROWS(refusal_rows);
}

static void test_errors(void **state)
{
	(void)state;
	CHECK_ROWS(error_rows);
}

/* The tile's shapes and the group's blocks, which the text alone does not show. */
static void test_extras(void **state)
{
	static const int64_t interleaved[] = { 2, 4, 2, 4 };
	static const size_t block[] = { 0, 1, 1, 2 };
	call c = { 0 };
	axe_shape sa, sb;
	axe_reason why;
	axe_error err;

	(void)state;
	axe_error_init(&err);
	c.a = parse_layout("S[(2,2):(2,1)]");
	c.b = parse_layout("S[(4,4):(4,1)]");
	axe_layout_default_shape(c.a, &sa);
	axe_layout_default_shape(c.b, &sb);
	assert_int_equal(axe_layout_tile(c.a, &sa, c.b, &sb, &c.res, &why, &err), 1);
	assert_int_equal(c.res.shape.rank, 2);
	assert_int_equal(c.res.shape.dim[0], 8);
	assert_int_equal(c.res.shape.dim[1], 8);
	assert_int_equal(c.res.ninterleaved, 4);
	assert_memory_equal(c.res.interleaved, interleaved, sizeof(interleaved));
	axe_algebra_result_release(&c.res);
	parse_shape("4,1,4", c.b, &sb);
	assert_int_equal(axe_layout_group(c.b, &sb, &c.res, &why, &err), 1);
	assert_int_equal(c.res.nblocks, 3);
	assert_memory_equal(c.res.block, block, sizeof(block));
	call_release(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_paper_examples),
		cmocka_unit_test(test_results),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_extras),
	};

	return cmocka_run_group_tests_name("test_algebra", tests, NULL, NULL);
}
