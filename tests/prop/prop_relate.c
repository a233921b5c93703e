/*
 * prop_relate.c: rewriting a coarse thread axis into its fine axes
 * (core/relate.c) never changes the map.  On seeded random layouts over
 * tid, warpid, tid_in_wg and m, each rewrite that is not refused is checked
 * by exhaustive evaluation: at every point, the images of the rewritten
 * layout, read back through the relation (coarse = sum of weight * fine),
 * are exactly the images of the original, and every fine digit below the
 * last stays inside its digit.  The relation is applied here from the
 * RELATION rows alone, not from the rewriting code.
 *
 * A failure prints its seed; AXE_SEED=<seed> replays it first, and
 * AXE_PROP_SCALE multiplies the case count (`make soak`).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/eval.h"
#include "core/relate.h"
#include "parse/parse.h"
#include "prop/random_layout.h"

#define CASES 3000
#define MAX_IMAGES 64
#define MAX_AXES 16

static const char *const pool[] = { "tid", "m", "warpid", "tid_in_wg" };

/* Rows of "n" int64 values compared lexicographically (qsort has no context). */
static size_t row_width;

static int compare_rows(const void *a, const void *b)
{
	const int64_t *x = a, *y = b;

	for (size_t i = 0; i < row_width; i++)
		if (x[i] != y[i])
			return x[i] < y[i] ? -1 : 1;
	return 0;
}

static size_t sort_unique(int64_t *rows, size_t n, size_t width)
{
	size_t kept = 0;

	row_width = width;
	qsort(rows, n, width * sizeof(int64_t), compare_rows);
	for (size_t i = 0; i < n; i++)
		if (kept == 0 || compare_rows(rows + (kept - 1) * width, rows + i * width) != 0)
			memmove(rows + kept++ * width, rows + i * width, width * sizeof(int64_t));
	return kept;
}

/*
 * The images of point "flat" of "L" as rows over "names" (axes "L" does not
 * name are 0), with the fine axes of "coarse" folded back into it.
 */
static size_t images(const axe_evaluator *ev, const axe_layout *L, int64_t flat,
		     const char *coarse, char *const *names, size_t nnames, int64_t *rows)
{
	const axe_axis_relation *rel = NULL;
	size_t nrel = axe_axis_relation_rows(coarse, &rel);
	int64_t base[MAX_AXES], raw[MAX_IMAGES * MAX_AXES];

	axe_evaluator_base(ev, flat, base);
	axe_evaluator_images(ev, base, true, raw);
	for (size_t i = 0; i < ev->nimages; i++)
		for (size_t k = 0; k < nnames; k++) {
			int64_t v = 0;
			int a = axe_layout_axis_index(L, names[k]);
			if (a >= 0)
				v = raw[i * ev->naxes + (size_t)a];
			if (strcmp(names[k], coarse) == 0)
				for (size_t r = 0; r < nrel; r++) {
					int f = axe_layout_axis_index(L, rel[r].fine);
					int64_t d = f >= 0 ? raw[i * ev->naxes + (size_t)f] : 0;
					if (r + 1 < nrel)
						assert_true(d >= 0 && d < rel[r + 1].weight / rel[r].weight);
					v += d * rel[r].weight;
				}
			rows[i * nnames + k] = v;
		}
	return sort_unique(rows, ev->nimages, nnames);
}

/* The original's axes without the fine axes of "coarse" (they are folded into it). */
static size_t kept_names(const axe_layout *L, const char *coarse, char **names)
{
	size_t n = 0;

	for (size_t a = 0; a < L->naxes; a++)
		if (strcmp(L->axis[a], coarse) == 0 || !axe_axis_is_finer(coarse, L->axis[a]))
			names[n++] = L->axis[a];
	return n;
}

static void check_same_map(const axe_layout *L, const axe_layout *R, const char *coarse,
			   uint64_t seed)
{
	axe_evaluator a, b;
	axe_shape shape;
	axe_error err;
	char *names[MAX_AXES];
	size_t nnames = kept_names(L, coarse, names);
	int64_t x[MAX_IMAGES * MAX_AXES], y[MAX_IMAGES * MAX_AXES];

	axe_error_init(&err);
	axe_layout_default_shape(L, &shape);
	assert_int_equal(axe_evaluator_init(&a, L, &shape, &err), 0);
	assert_int_equal(axe_evaluator_init(&b, R, &shape, &err), 0);
	for (int64_t p = 0; p < a.size; p++) {
		size_t n = images(&a, L, p, coarse, names, nnames, x);
		size_t m = images(&b, R, p, coarse, names, nnames, y);
		if (n != m || memcmp(x, y, n * nnames * sizeof(int64_t)) != 0) {
			char *l = axe_layout_to_string(L), *r = axe_layout_to_string(R);
			fail_msg("seed %" PRIu64 ": %s with '%s' rewritten is %s, which differs at "
				 "point %" PRId64, seed, l, coarse, r, p);
		}
	}
	axe_evaluator_release(&a);
	axe_evaluator_release(&b);
}

static void test_rewrite_keeps_the_map(void **state)
{
	prop_layout_params p = prop_layout_params_default();
	uint64_t base = prop_base_seed();
	int64_t cases = CASES * prop_scale(), rewritten = 0, refused = 0;

	(void)state;
	p.axes = pool;
	p.naxes = sizeof(pool) / sizeof(pool[0]);
	p.max_stride = 80;
	p.negative_percent = 5;
	p.swizzle_percent = 0;
	p.max_size = 1024;
	for (int64_t i = 0; i < cases; i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_layout *L = prop_random_layout(&rng, &p), *R;
		const char *coarse = pool[prop_rng_range(&rng, 0, 3)];
		char why[256];
		axe_error err;

		assert_non_null(L);
		if (strcmp(coarse, "m") == 0)
			coarse = "tid";
		axe_error_init(&err);
		R = axe_layout_expand_axis(L, coarse, why, sizeof(why), &err);
		assert_false(axe_error_is_set(&err));
		if (!R) {
			assert_true(why[0] != '\0');
			refused++;
		} else {
			assert_true(axe_layout_axis_index(R, coarse) < 0);
			check_same_map(L, R, coarse, seed);
			rewritten++;
			axe_layout_free(R);
		}
		axe_layout_free(L);
	}
	/* Both outcomes are exercised, or the generator is off. */
	if (rewritten < cases / 10 || refused < cases / 20)
		fail_msg("%" PRId64 " rewritten, %" PRId64 " refused of %" PRId64, rewritten,
			 refused, cases);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rewrite_keeps_the_map),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
