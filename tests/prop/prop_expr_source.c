/*
 * prop_expr_source.c: `expr:` layouts through the evaluator (core/eval.h's
 * map source, expr/expr_source.c: compiled programs, replica variables as
 * trailing dimensions) against the tree interpreter axe_expr_layout_eval,
 * on seeded random XOR-linear and arithmetic layouts with replica
 * variables.  Per layout: the images of every point by the cursor and by
 * single points, the checksum walk on one and two threads (points and
 * distinct images counted), each axis' range, the backward map of
 * random targets (some axes free) by brute force, and `info`'s injectivity
 * and witness against a sort of every (image, point) pair written here
 * (a quarter of the layouts spread one axis past 2^40, so that info takes
 * its sorting route rather than its bitmap of images).  A failure prints the
 * seed; AXE_SEED replays it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analyze/info.h"
#include "core/parallel.h"
#include "expr/expr_source.h"
#include "prop/random_layout.h"

#define CASES 120
#define MAX_AXES 3
#define MAX_ROWS 8 /* replica combinations */

/* One axis' random expression text over i0, i1 and the replica variables r0, r1. */
static void random_axis(prop_rng *rng, size_t nrep, char *out, size_t size)
{
	static const char *const terms[] = { "i0", "i1", "(i0 >> 1)", "(i1 & 3)", "(i0 / 3)",
					     "(i1 % 5)", "2*i0", "(i0 ^ i1)" };
	size_t n = (size_t)prop_rng_range(rng, 1, 3), len = 0;

	out[0] = '\0';
	for (size_t k = 0; k < n && len < size; k++) {
		const char *join = k == 0 ? "" : prop_rng_chance(rng, 50) ? " ^ " : " + ";
		len += (size_t)snprintf(out + len, size - len, "%s%s*%lld", join,
					terms[prop_rng_range(rng, 0, 7)],
					(long long)prop_rng_range(rng, 1, 4));
	}
	for (size_t t = 0; t < nrep && len < size; t++)
		if (prop_rng_chance(rng, 60))
			len += (size_t)snprintf(out + len, size - len, " ^ r%zu*%lld", t,
						(long long)prop_rng_range(rng, 0, 8));
}

/* The interpreter's distinct images of point "flat", sorted by axe_expr_layout_eval's order. */
static size_t reference(const axe_expr_layout *L, int64_t flat, int64_t *rows)
{
	int64_t coord[2], scratch[8];

	coord[1] = flat % L->shape.dim[1];
	coord[0] = flat / L->shape.dim[1];
	return axe_expr_layout_eval(L, coord, rows, scratch);
}

/* One image of one point, for the brute-force injectivity below. */
typedef struct image_of {
	int64_t image[MAX_AXES];
	int64_t flat;
} image_of;

static size_t sort_axes; /* axes compared by by_image */

static int by_image(const void *pa, const void *pb)
{
	const image_of *a = pa, *b = pb;

	for (size_t i = 0; i < sort_axes; i++)
		if (a->image[i] != b->image[i])
			return a->image[i] < b->image[i] ? -1 : 1;
	return (a->flat > b->flat) - (a->flat < b->flat);
}

/*
 * info's injectivity against every (image, point) pair: not injective
 * exactly when two points share an image, and the witness is the smallest
 * such image's two first points.
 */
static void check_injectivity(uint64_t seed, const axe_expr_layout *L, axe_evaluator *ev)
{
	image_of *all = malloc((size_t)ev->size * MAX_ROWS * sizeof(*all));
	int64_t rows[MAX_ROWS * MAX_AXES], witness[2] = { -1, -1 };
	size_t n = 0;
	axe_info info;
	axe_error err;

	assert_non_null(all);
	for (int64_t x = 0; x < ev->size; x++) {
		size_t k = reference(L, x, rows);

		for (size_t i = 0; i < k; i++, n++) {
			memcpy(all[n].image, rows + i * L->naxes, L->naxes * sizeof(int64_t));
			all[n].flat = x;
		}
	}
	sort_axes = L->naxes;
	qsort(all, n, sizeof(*all), by_image);
	for (size_t i = 1; i < n && witness[0] < 0; i++)
		if (memcmp(all[i].image, all[i - 1].image, L->naxes * sizeof(int64_t)) == 0 &&
		    all[i].flat != all[i - 1].flat)
			witness[0] = all[i - 1].flat, witness[1] = all[i].flat;
	axe_error_init(&err);
	assert_int_equal(axe_info_compute(ev, &info, &err), 0);
	if (info.injective != (witness[0] < 0 ? AXE_VERDICT_TRUE : AXE_VERDICT_FALSE) ||
	    (witness[0] >= 0 && (info.witness[0] != witness[0] || info.witness[1] != witness[1])))
		fail_msg("seed %" PRIu64 ": injectivity differs (info %d, witness %" PRId64
			 " %" PRId64 "; brute force %" PRId64 " %" PRId64 ")", seed,
			 (int)info.injective, info.witness[0], info.witness[1], witness[0], witness[1]);
	axe_info_release(&info);
	free(all);
}

static void check_layout(uint64_t seed, const axe_expr_layout *L)
{
	size_t na = L->naxes;
	int64_t want[MAX_ROWS * MAX_AXES], got[MAX_ROWS * MAX_AXES], base[MAX_ROWS * MAX_AXES];
	int64_t lo[MAX_AXES], hi[MAX_AXES], images = 0;
	axe_walk_options one = { 1, NULL, 7 }, two = { 2, NULL, 5 };
	axe_checksum c1, c2;
	axe_evaluator ev;
	axe_cursor cur;
	axe_error err;

	axe_error_init(&err);
	assert_int_equal(axe_expr_evaluator_init(&ev, L, &err), 0);
	for (size_t a = 0; a < na; a++) {
		lo[a] = INT64_MAX;
		hi[a] = INT64_MIN;
	}
	assert_int_equal(axe_cursor_init(&cur, &ev, &err), 0);
	for (; !cur.done; axe_cursor_next(&cur)) {
		size_t n = reference(L, cur.flat, want);
		size_t k = axe_evaluator_images(&ev, cur.base, true, got);
		if (k != n || memcmp(got, want, n * na * sizeof(int64_t)) != 0)
			fail_msg("seed %" PRIu64 ": images of point %" PRId64 " differ", seed, cur.flat);
		axe_evaluator_base(&ev, cur.flat, base);
		k = axe_evaluator_images(&ev, base, true, got);
		if (k != n || memcmp(got, want, n * na * sizeof(int64_t)) != 0)
			fail_msg("seed %" PRIu64 ": point %" PRId64 " alone differs", seed, cur.flat);
		images += (int64_t)n;
		for (size_t i = 0; i < n; i++)
			for (size_t a = 0; a < na; a++) {
				int64_t v = want[i * na + a];
				lo[a] = v < lo[a] ? v : lo[a];
				hi[a] = v > hi[a] ? v : hi[a];
			}
	}
	axe_cursor_release(&cur);
	assert_int_equal(axe_evaluator_checksum_walk(&ev, &one, &c1, &err), 0);
	assert_int_equal(axe_evaluator_checksum_walk(&ev, &two, &c2, &err), 0);
	if (c1.hash != c2.hash || c1.images != images || c2.images != images || c1.points != ev.size)
		fail_msg("seed %" PRIu64 ": checksum walks disagree", seed);
	for (size_t a = 0; a < na; a++) {
		int64_t l, h;
		assert_int_equal(axe_evaluator_image_range(&ev, (int)a, &l, &h, &err), 0);
		if (l != lo[a] || h != hi[a])
			fail_msg("seed %" PRIu64 ": range of axis %zu differs", seed, a);
	}
	for (int t = 0; t < 4; t++) {
		int64_t flat = t * 7 % ev.size, *flats = NULL, target[MAX_AXES];
		bool given[MAX_AXES];
		size_t n = reference(L, flat, want), count, expect = 0, at = 0;
		memcpy(target, want + (size_t)(t % (int)n) * na, na * sizeof(int64_t));
		for (size_t a = 0; a < na; a++)
			given[a] = a != (size_t)t % na || t == 0;
		assert_int_equal(axe_evaluator_inverse(&ev, target, given, &flats, &count, 1 << 20,
						       &err), 0);
		for (int64_t x = 0; x < ev.size; x++) {
			size_t k = reference(L, x, want);
			bool hit = false;
			for (size_t i = 0; i < k && !hit; i++) {
				hit = true;
				for (size_t a = 0; a < na; a++)
					hit &= !given[a] || want[i * na + a] == target[a];
			}
			if (!hit)
				continue;
			expect++;
			if (at < count && flats[at] == x)
				at++;
		}
		if (count != expect || at != count)
			fail_msg("seed %" PRIu64 ": backward map of target %d differs", seed, t);
		free(flats);
	}
	check_injectivity(seed, L, &ev);
	axe_evaluator_release(&ev);
}

static void test_source_equals_interpreter(void **state)
{
	uint64_t base = prop_base_seed() ^ 0x50c3;

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		size_t na = (size_t)prop_rng_range(&rng, 1, MAX_AXES);
		size_t nrep = (size_t)prop_rng_range(&rng, 0, 2);
		static const char *const names[] = { "reg", "laneid", "warpid" };
		char exprs[512] = "", part[160], shape_text[32], reps[32] = "";
		axe_shape shape = { 2, { prop_rng_range(&rng, 1, 12), prop_rng_range(&rng, 1, 40) } };
		axe_expr_layout *L;
		axe_error err;
		size_t len = 0;

		for (size_t a = 0; a < na; a++) {
			random_axis(&rng, nrep, part, sizeof(part));
			len += (size_t)snprintf(exprs + len, sizeof(exprs) - len, "%s%s=%s%s",
						a ? "; " : "", names[a], part,
						a == 0 && i % 4 == 3 ? " + 1099511627776*i1" : "");
		}
		for (size_t t = 0; t < nrep; t++)
			snprintf(reps + strlen(reps), sizeof(reps) - strlen(reps), "%sr%zu=%d",
				 t ? "," : "", t, t ? 2 : 4);
		snprintf(shape_text, sizeof(shape_text), "%lld,%lld", (long long)shape.dim[0],
			 (long long)shape.dim[1]);
		axe_error_init(&err);
		L = axe_expr_layout_from_text(exprs, "i0,i1", nrep ? reps : NULL, &shape, &err);
		if (!L)
			fail_msg("seed %" PRIu64 ": '%s' refused: %s", seed, exprs, err.message);
		check_layout(seed, L);
		axe_expr_layout_free(L);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_source_equals_interpreter),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
