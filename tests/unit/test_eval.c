/*
 * test_eval.c: the forward and backward maps on every worked example of the
 * seeds: the (8,16) tensor-core tile of seed 001 (its table, and the (2,9)
 * walkthrough of seed 003), Blackwell tensor memory, the scale-factor atom,
 * the 2x2 GPU mesh layouts, the Trainium SBUF layout and the 128B-swizzled
 * (8,64) f16 tile; plus injectivity facts of `info`.  The preimage table of
 * one walk equals the backward map cell by cell.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analyze/info.h"
#include "core/eval.h"
#include "parse/parse.h"

#define FRAG "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid"
#define TMEM "S[(2,128,112):(112@TCol,1@TLane,1@TCol)]"

/* A layout and its evaluator on "dims" (rank "rank"). */
typedef struct fixture {
	axe_layout *layout;
	axe_evaluator ev;
} fixture;

static void setup(fixture *f, const char *text, size_t rank, const int64_t *dims)
{
	axe_error err;
	axe_shape shape = { .rank = rank };

	axe_error_init(&err);
	f->layout = axe_layout_parse(text, &err);
	if (!f->layout)
		fail_msg("%s: %s", text, err.message);
	memcpy(shape.dim, dims, rank * sizeof(int64_t));
	if (axe_evaluator_init(&f->ev, f->layout, &shape, &err) < 0)
		fail_msg("%s: %s", text, err.message);
}

static void teardown(fixture *f)
{
	axe_evaluator_release(&f->ev);
	axe_layout_free(f->layout);
}

/* The images of "coord" as text "{a: 1, b: 2} {a: 1, b: 3}" for comparison. */
static void images_text(const fixture *f, const int64_t *coord, char *out, size_t size)
{
	int64_t flat, base[16], images[64];
	axe_error err;
	size_t n = 0;

	axe_error_init(&err);
	assert_int_equal(axe_evaluator_flatten(&f->ev, coord, &flat, &err), 0);
	axe_evaluator_base(&f->ev, flat, base);
	axe_evaluator_images(&f->ev, base, true, images);
	out[0] = '\0';
	for (size_t i = 0; i < f->ev.nimages; i++) {
		n += (size_t)snprintf(out + n, size - n, "%s{", i ? " " : "");
		for (size_t a = 0; a < f->ev.naxes; a++)
			n += (size_t)snprintf(out + n, size - n, "%s%s: %lld", a ? ", " : "",
					      f->layout->axis[a],
					      (long long)images[i * f->ev.naxes + a]);
		n += (size_t)snprintf(out + n, size - n, "}");
	}
}

typedef struct row {
	int64_t coord[3];
	const char *images;
} row;

static void check_rows(const char *layout, size_t rank, const int64_t *dims,
		       const row *rows, size_t n)
{
	fixture f;
	char buf[512];

	setup(&f, layout, rank, dims);
	for (size_t i = 0; i < n; i++) {
		images_text(&f, rows[i].coord, buf, sizeof(buf));
		if (strcmp(buf, rows[i].images) != 0)
			fail_msg("%s at row %zu: got %s, want %s", layout, i, buf, rows[i].images);
	}
	teardown(&f);
}

/* Seed 001, "Case study: NVIDIA tensor-core tile", and seed 003's (2, 9). */
static void test_tensor_core_tile(void **state)
{
	static const int64_t dims[] = { 8, 16 };
	static const row rows[] = {
		{ { 0, 0 }, "{laneid: 0, warpid: 5, m: 0} {laneid: 0, warpid: 9, m: 0}" },
		{ { 0, 1 }, "{laneid: 0, warpid: 5, m: 1} {laneid: 0, warpid: 9, m: 1}" },
		{ { 0, 2 }, "{laneid: 1, warpid: 5, m: 0} {laneid: 1, warpid: 9, m: 0}" },
		{ { 1, 0 }, "{laneid: 4, warpid: 5, m: 0} {laneid: 4, warpid: 9, m: 0}" },
		{ { 0, 8 }, "{laneid: 0, warpid: 6, m: 0} {laneid: 0, warpid: 10, m: 0}" },
		{ { 7, 15 }, "{laneid: 31, warpid: 6, m: 1} {laneid: 31, warpid: 10, m: 1}" },
		{ { 2, 9 }, "{laneid: 8, warpid: 6, m: 1} {laneid: 8, warpid: 10, m: 1}" },
	};
	(void)state;
	check_rows(FRAG, 2, dims, rows, sizeof(rows) / sizeof(rows[0]));
}

/* The closed form of seed 001 on every point: laneid = 4i + (j/2)%4, ... */
static void test_tensor_core_formula(void **state)
{
	static const int64_t dims[] = { 8, 16 };
	fixture f;
	char got[256], want[256];

	(void)state;
	setup(&f, FRAG, 2, dims);
	for (int64_t i = 0; i < 8; i++)
		for (int64_t j = 0; j < 16; j++) {
			int64_t c[2] = { i, j }, lane = 4 * i + (j / 2) % 4, warp = j / 8 + 5;
			snprintf(want, sizeof(want),
				 "{laneid: %lld, warpid: %lld, m: %lld} "
				 "{laneid: %lld, warpid: %lld, m: %lld}",
				 (long long)lane, (long long)warp, (long long)(j % 2),
				 (long long)lane, (long long)(warp + 4), (long long)(j % 2));
			images_text(&f, c, got, sizeof(got));
			assert_string_equal(got, want);
		}
	teardown(&f);
}

/* Seed 001, "Case study: Blackwell tensor memory": TLane = l, TCol = 112a + c. */
static void test_tensor_memory(void **state)
{
	static const int64_t dims[] = { 2, 128, 112 };
	static const row rows[] = {
		{ { 0, 0, 0 }, "{TCol: 0, TLane: 0}" },
		{ { 0, 5, 3 }, "{TCol: 3, TLane: 5}" },
		{ { 1, 0, 0 }, "{TCol: 112, TLane: 0}" },
		{ { 1, 127, 111 }, "{TCol: 223, TLane: 127}" },
	};
	(void)state;
	check_rows(TMEM, 3, dims, rows, sizeof(rows) / sizeof(rows[0]));
}

/* Seed 001, scale factors: 32 rows on TLane routed to four warps. */
static void test_scale_factor_atom(void **state)
{
	static const int64_t dims[] = { 32, 4 };
	static const row rows[] = {
		{ { 0, 0 }, "{TLane: 0, TCol: 0} {TLane: 32, TCol: 0} {TLane: 64, TCol: 0} "
			    "{TLane: 96, TCol: 0}" },
		{ { 31, 3 }, "{TLane: 31, TCol: 3} {TLane: 63, TCol: 3} {TLane: 95, TCol: 3} "
			     "{TLane: 127, TCol: 3}" },
	};
	(void)state;
	check_rows("S[(32,4):(1@TLane,1@TCol)] + R[4:32@TLane]", 2, dims, rows,
		   sizeof(rows) / sizeof(rows[0]));
}

/* Seed 003 / paper section 2.2: a 64x128 tensor on a 2x2 GPU mesh. */
static void test_mesh(void **state)
{
	static const int64_t dims[] = { 64, 128 };
	static const row sharded[] = {
		{ { 0, 0 }, "{gpuid: 0, m: 0}" },
		{ { 0, 64 }, "{gpuid: 2, m: 0}" },
		{ { 32, 0 }, "{gpuid: 1, m: 0}" },
		{ { 63, 127 }, "{gpuid: 3, m: 4031}" },
		{ { 5, 70 }, "{gpuid: 2, m: 646}" },
	};
	static const row replicated[] = {
		{ { 0, 0 }, "{gpuid: 0, m: 0} {gpuid: 2, m: 0}" },
		{ { 33, 5 }, "{gpuid: 1, m: 133} {gpuid: 3, m: 133}" },
		{ { 63, 127 }, "{gpuid: 1, m: 4095} {gpuid: 3, m: 4095}" },
	};
	(void)state;
	check_rows("S[(2,32,2,64):(1@gpuid,128,2@gpuid,1)]", 2, dims, sharded,
		   sizeof(sharded) / sizeof(sharded[0]));
	check_rows("S[(2,32,128):(1@gpuid,128,1)] + R[2:2@gpuid]", 2, dims, replicated,
		   sizeof(replicated) / sizeof(replicated[0]));
}

/* Seed 003, Trainium SBUF: 2 x 128 partitions x 512 free elements. */
static void test_trainium_sbuf(void **state)
{
	static const int64_t dims[] = { 2, 128, 512 };
	static const row rows[] = {
		{ { 0, 0, 0 }, "{F: 0, P: 0}" },
		{ { 1, 3, 7 }, "{F: 519, P: 3}" },
		{ { 1, 127, 511 }, "{F: 1023, P: 127}" },
	};
	(void)state;
	check_rows("S[(2,128,512):(512@F,1@P,1@F)]", 3, dims, rows, sizeof(rows) / sizeof(rows[0]));
}

/* Seed 001, 128B swizzle on (8,64) f16: addr(i,j) = 64i + 8((j/8) ^ i) + j%8. */
static void test_swizzle_128b_f16(void **state)
{
	static const int64_t dims[] = { 8, 64 };
	fixture f;
	char got[64], want[64];

	(void)state;
	setup(&f, "Swizzle(3,3,3) o S[(8,64):(64,1)]", 2, dims);
	for (int64_t i = 0; i < 8; i++)
		for (int64_t j = 0; j < 64; j++) {
			int64_t c[2] = { i, j };
			snprintf(want, sizeof(want), "{m: %lld}",
				 (long long)(64 * i + 8 * ((j / 8) ^ i) + j % 8));
			images_text(&f, c, got, sizeof(got));
			assert_string_equal(got, want);
		}
	/* Column 0 lands on addresses 72i: banks (2-byte elements) 0, 4, ..., 28. */
	for (int64_t i = 0; i < 8; i++) {
		int64_t c[2] = { i, 0 }, flat, base[1], image[1];
		axe_error err;
		axe_error_init(&err);
		assert_int_equal(axe_evaluator_flatten(&f.ev, c, &flat, &err), 0);
		axe_evaluator_base(&f.ev, flat, base);
		axe_evaluator_images(&f.ev, base, true, image);
		assert_int_equal(image[0], 72 * i);
		assert_int_equal((image[0] * 2 / 4) % 32, 4 * i);
	}
	teardown(&f);
}

/* Preimages: "target" over the layout's axes maps back to "want" (flat). */
static void check_inverse(const fixture *f, const int64_t *target, const int64_t *want,
			  size_t nwant)
{
	int64_t *flats = NULL;
	size_t n = 0;
	axe_error err;

	axe_error_init(&err);
	assert_int_equal(axe_evaluator_inverse(&f->ev, target, NULL, &flats, &n, 1000, &err), 0);
	assert_int_equal(n, nwant);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(flats[i], want[i]);
	free(flats);
}

static void test_inverse(void **state)
{
	static const int64_t frag_dims[] = { 8, 16 }, sw_dims[] = { 8, 64 }, bc_dims[] = { 4, 4 };
	fixture f;

	(void)state;
	setup(&f, FRAG, 2, frag_dims);
	/* laneid 8, warpid 6 or its replica 10, m 1: only (2, 9), flat 41. */
	check_inverse(&f, (int64_t[]){ 8, 6, 1 }, (int64_t[]){ 41 }, 1);
	check_inverse(&f, (int64_t[]){ 8, 10, 1 }, (int64_t[]){ 41 }, 1);
	check_inverse(&f, (int64_t[]){ 8, 7, 1 }, NULL, 0);
	check_inverse(&f, (int64_t[]){ 32, 5, 0 }, NULL, 0);
	teardown(&f);
	setup(&f, "Swizzle(3,3,3) o S[(8,64):(64,1)]", 2, sw_dims);
	check_inverse(&f, (int64_t[]){ 72 }, (int64_t[]){ 64 }, 1); /* (1, 0) */
	check_inverse(&f, (int64_t[]){ 64 }, (int64_t[]){ 72 }, 1); /* (1, 8) */
	teardown(&f);
	/* A broadcast (stride 0) and an overlapping layout: many preimages. */
	setup(&f, "S[(4,4):(0,1)]", 2, bc_dims);
	check_inverse(&f, (int64_t[]){ 2 }, (int64_t[]){ 2, 6, 10, 14 }, 4);
	teardown(&f);
	setup(&f, "S[(4,4):(1,1)]", 2, bc_dims);
	check_inverse(&f, (int64_t[]){ 3 }, (int64_t[]){ 3, 6, 9, 12 }, 4);
	teardown(&f);
}

static void test_inverse_limit(void **state)
{
	static const int64_t dims[] = { 64, 64 };
	fixture f;
	int64_t *flats = NULL;
	size_t n = 0;
	axe_error err;

	(void)state;
	axe_error_init(&err);
	setup(&f, "S[(64,64):(0,0)]", 2, dims);
	assert_int_equal(axe_evaluator_inverse(&f.ev, (int64_t[]){ 0 }, NULL, &flats, &n, 100,
					       &err), -1);
	assert_int_equal(err.code, AXE_ERR_LIMIT);
	teardown(&f);
}

/* The grid of a preimage table: "nby" axes, each over its image range. */
typedef struct grid {
	size_t nby;
	int by[2];
	int64_t lo[2], n[2];
} grid;

static size_t grid_cell(const int64_t *image, const void *ctx)
{
	const grid *g = ctx;
	size_t cell = 0;

	for (size_t i = 0; i < g->nby; i++) {
		int64_t v = image[g->by[i]] - g->lo[i];
		if (v < 0 || v >= g->n[i])
			return SIZE_MAX;
		cell = cell * (size_t)g->n[i] + (size_t)v;
	}
	return cell;
}

typedef struct table_row {
	const char *layout;
	int64_t dims[2];
	size_t nby;
	int by[2];
} table_row;

/* Cell by cell, the table of one walk equals the backward map of the cell's values. */
static void check_table(const table_row *spec)
{
	int64_t target[8] = { 0 }, hi;
	bool given[8] = { false };
	axe_preimage_table t;
	size_t ncells = 1;
	grid g = { .nby = spec->nby, .by = { spec->by[0], spec->by[1] } };
	axe_error err;
	fixture f;

	axe_error_init(&err);
	setup(&f, spec->layout, 2, spec->dims);
	for (size_t i = 0; i < g.nby; i++) {
		int r = axe_evaluator_image_range(&f.ev, g.by[i], &g.lo[i], &hi, &err);
		assert_int_equal(r, 0);
		g.n[i] = hi - g.lo[i] + 1;
		ncells *= (size_t)g.n[i];
		given[g.by[i]] = true;
	}
	assert_int_equal(axe_evaluator_preimage_table(&f.ev, ncells, grid_cell, &g, &t, &err), 0);
	for (size_t c = 0; c < ncells; c++) {
		int64_t *flats = NULL;
		size_t n = 0, rest = c;
		for (size_t i = g.nby; i-- > 0; rest /= (size_t)g.n[i])
			target[g.by[i]] = g.lo[i] + (int64_t)(rest % (size_t)g.n[i]);
		assert_int_equal(axe_evaluator_inverse(&f.ev, target, given, &flats, &n, 1 << 20,
						       &err), 0);
		if (t.start[c + 1] - t.start[c] != n ||
		    (n && memcmp(t.flat + t.start[c], flats, n * sizeof(int64_t)) != 0))
			fail_msg("%s, cell %zu: %zu points, the backward map %zu", spec->layout, c,
				 t.start[c + 1] - t.start[c], n);
		free(flats);
	}
	axe_preimage_table_release(&t);
	teardown(&f);
}

static void test_preimage_table(void **state)
{
	static const table_row rows[] = {
		{ FRAG, { 8, 16 }, 2, { 1, 0 } },      /* warps with replicas, by lane */
		{ FRAG, { 8, 16 }, 1, { 2 } },         /* m: each cell holds many points */
		{ "Swizzle(3,3,3) o S[(8,64):(64,1)]", { 8, 64 }, 1, { 0 } },
		{ "S[(4,4):(0,1)]", { 4, 4 }, 1, { 0 } },  /* a broadcast */
		{ "S[(4,4):(1,1)]", { 4, 4 }, 1, { 0 } },  /* overlapping */
		{ "S[(4,8):(1@x,1@y)] + R[(2,3):(1@x,2@z)]", { 4, 8 }, 2, { 0, 1 } },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		check_table(&rows[i]);
}

static void test_domain_errors(void **state)
{
	axe_error err;
	axe_layout *l;
	axe_evaluator ev;
	axe_shape shape = { 2, { 8, 15 } };
	int64_t flat;

	(void)state;
	axe_error_init(&err);
	l = axe_layout_parse(FRAG, &err);
	assert_int_equal(axe_evaluator_init(&ev, l, &shape, &err), -1);
	assert_non_null(strstr(err.message, "120 points is not admitted by a layout of 128"));
	axe_error_init(&err);
	shape.dim[1] = 16;
	assert_int_equal(axe_evaluator_init(&ev, l, &shape, &err), 0);
	assert_int_equal(axe_evaluator_flatten(&ev, (int64_t[]){ 8, 0 }, &flat, &err), -1);
	assert_int_equal(err.code, AXE_ERR_RANGE);
	axe_evaluator_release(&ev);
	axe_layout_free(l);
}

/* info: injectivity with a witness, replication, ranges and spans. */
static void test_info(void **state)
{
	static const int64_t frag_dims[] = { 8, 16 }, dims[] = { 4, 4 };
	fixture f;
	axe_info info;
	axe_error err;

	(void)state;
	axe_error_init(&err);
	setup(&f, FRAG, 2, frag_dims);
	assert_int_equal(axe_info_compute(&f.ev, &info, &err), 0);
	assert_int_equal(info.injective, AXE_VERDICT_TRUE);
	assert_int_equal(info.images_per_point, 2);
	assert_int_equal(info.axes[1].lo, 5);
	assert_int_equal(info.axes[1].hi, 10);
	assert_int_equal(info.axes[1].span, 6);
	axe_info_release(&info);
	teardown(&f);
	setup(&f, "S[(4,4):(3,1)]", 2, dims);
	assert_int_equal(axe_info_compute(&f.ev, &info, &err), 0);
	assert_int_equal(info.injective, AXE_VERDICT_FALSE);
	assert_int_equal(info.witness[0], 3);  /* (0, 3) -> 3 */
	assert_int_equal(info.witness[1], 4);  /* (1, 0) -> 3 */
	axe_info_release(&info);
	teardown(&f);
	/* Replicas overlapping the shard make two points share a coordinate. */
	setup(&f, "S[(4,4):(4,1)] + R[2:1]", 2, dims);
	assert_int_equal(axe_info_compute(&f.ev, &info, &err), 0);
	assert_int_equal(info.injective, AXE_VERDICT_FALSE);
	axe_info_release(&info);
	teardown(&f);
	/* Coinciding replica combinations are one image, and still injective. */
	setup(&f, "S[(4,4):(4,1)] + R[(2,2):(16,16)]", 2, dims);
	assert_int_equal(axe_info_compute(&f.ev, &info, &err), 0);
	assert_int_equal(info.injective, AXE_VERDICT_TRUE);
	assert_int_equal(info.images_per_point, 3);
	assert_true(info.replicas_coincide);
	axe_info_release(&info);
	teardown(&f);
}

/* swz(m) of semantics.md, written out independently of core/layout.h. */
static int64_t swizzled(int m_bits, int b, int sh, int64_t m)
{
	int64_t x = m >> m_bits;

	x ^= (x & (((INT64_C(1) << b) - 1) << sh)) >> sh;
	return (x << m_bits) | (m & ((INT64_C(1) << m_bits) - 1));
}

/*
 * Values a*2^25 + k (a < 2, k <= 22 by 22 unit iters): 2^22 ways to reach
 * the values near the top, more than the search's budget, over a range too
 * wide for the bitmap: a bound that holds every swizzled value, marked so.
 */
static void swizzled_range_bound(void)
{
	char text[512], *p = text;
	int64_t lo, hi, want_lo = INT64_MAX, want_hi = INT64_MIN;
	axe_error err;
	axe_layout *L;

	p += sprintf(p, "Swizzle(0,5,5) o S[(2");
	for (int k = 0; k < 22; k++)
		p += sprintf(p, ",2");
	p += sprintf(p, "):(33554432");
	for (int k = 0; k < 22; k++)
		p += sprintf(p, ",1");
	sprintf(p, ")]");
	axe_error_init(&err);
	L = axe_layout_parse(text, &err);
	assert_non_null(L);
	for (int64_t a = 0; a < 2; a++)
		for (int64_t k = 0; k <= 22; k++) {
			int64_t v = swizzled(0, 5, 5, a * 33554432 + k);
			want_lo = v < want_lo ? v : want_lo;
			want_hi = v > want_hi ? v : want_hi;
		}
	assert_false(axe_layout_image_range(L, 0, &lo, &hi));
	assert_true(lo <= want_lo && hi >= want_hi);
	axe_layout_free(L);
}

/*
 * Ranges of swizzled addresses (core/range.c): exact by the search, exact by
 * the bitmap when many iters reach the same values (the search's budget runs
 * out), and a sound bound, marked inexact, when neither applies.  Here the
 * unswizzled values are k * step for every k in [0, n): the oracle swizzles
 * each.
 */
static void test_swizzled_ranges(void **state)
{
	static const struct {
		const char *prefix; /* Swizzle(M,B,S) */
		int m, b, s;
		int n;              /* iters (2, step): values offset + k * step, k <= n */
		int64_t step, offset;
		bool exact;          /* the search or the bitmap decides it */
	} rows[] = {
		{ "Swizzle(3,3,3)", 3, 3, 3, 3, 64, 0, true },
		{ "Swizzle(1,2,2)", 1, 2, 2, 22, 1, 0, true },
		{ "Swizzle(0,3,3)", 0, 3, 3, 23, 3, 5, true },
		{ "Swizzle(20,3,3)", 20, 3, 3, 21, INT64_C(1) << 20, 0, true },
		/* The mask (30) spans every value: 2^24 paths, past the budget: the bitmap. */
		{ "Swizzle(1,4,4)", 1, 4, 4, 24, 1, 96, true },
	};

	(void)state;
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		char text[2048], *p = text;
		int64_t lo, hi, want_lo = INT64_MAX, want_hi = INT64_MIN;
		axe_error err;
		axe_layout *L;
		bool exact;

		p += sprintf(p, "%s o S[(", rows[r].prefix);
		for (int k = 0; k < rows[r].n; k++)
			p += sprintf(p, "%s2", k ? "," : "");
		p += sprintf(p, "):(");
		for (int k = 0; k < rows[r].n; k++)
			p += sprintf(p, "%s%lld", k ? "," : "", (long long)rows[r].step);
		sprintf(p, ")] + %lld", (long long)rows[r].offset);
		axe_error_init(&err);
		L = axe_layout_parse(text, &err);
		assert_non_null(L);
		for (int64_t k = 0; k <= rows[r].n; k++) {
			int64_t v = swizzled(rows[r].m, rows[r].b, rows[r].s,
					     rows[r].offset + k * rows[r].step);
			want_lo = v < want_lo ? v : want_lo;
			want_hi = v > want_hi ? v : want_hi;
		}
		exact = axe_layout_image_range(L, 0, &lo, &hi);
		if (exact != rows[r].exact || (exact && (lo != want_lo || hi != want_hi)) ||
		    lo > want_lo || hi < want_hi)
			fail_msg("row %zu: [%lld, %lld] %s, want [%lld, %lld] %s", r, (long long)lo,
				 (long long)hi, exact ? "exact" : "bound", (long long)want_lo,
				 (long long)want_hi, rows[r].exact ? "exact" : "bound");
		axe_layout_free(L);
	}
	swizzled_range_bound();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tensor_core_tile),
		cmocka_unit_test(test_tensor_core_formula),
		cmocka_unit_test(test_tensor_memory),
		cmocka_unit_test(test_scale_factor_atom),
		cmocka_unit_test(test_mesh),
		cmocka_unit_test(test_trainium_sbuf),
		cmocka_unit_test(test_swizzle_128b_f16),
		cmocka_unit_test(test_inverse),
		cmocka_unit_test(test_inverse_limit),
		cmocka_unit_test(test_preimage_table),
		cmocka_unit_test(test_domain_errors),
		cmocka_unit_test(test_info),
		cmocka_unit_test(test_swizzled_ranges),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
