/*
 * prop_canon.c: property tests of the canonical form (src/algebra/canon.c;
 * semantics.md "Canonical form") on seeded random layouts from
 * random_layout.h:
 *
 * - the canonical form induces the same map as its input, compared point
 *   by point over a random admitted shape (image sets, axes a layout does
 *   not name counting as 0);
 * - canonicalization is idempotent and fires no rule the second time;
 * - the canonical text parses back to the identical layout.
 *
 * A failure prints the seed of its case; `AXE_SEED=<seed>
 * build/asan/tests/prop_canon <test>` replays it first.  AXE_PROP_SCALE
 * multiplies the case counts (`make soak`).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algebra/canon.h"
#include "core/eval.h"
#include "parse/parse.h"
#include "prop/random_layout.h"

#define CASES 1500
#define MAX_AXES 16
#define MAX_IMAGES 64

/* Report a failing case with what replays it, and fail. */
__attribute__((format(printf, 5, 6)))
static void case_fail(const char *test, uint64_t seed, const axe_layout *L, const char *cond,
		      const char *fmt, ...)
{
	char *text = axe_layout_to_string(L);
	va_list ap;

	fprintf(stderr, "\n%s: property failed: %s\n  seed:   %" PRIu64
		"  (replay: AXE_SEED=%" PRIu64 " build/asan/tests/prop_canon %s)\n  layout: %s\n  ",
		test, cond, seed, seed, test, text ? text : "?");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	free(text);
	fail();
}

#define CHECK(cond, ...)                                                   \
	do {                                                               \
		if (!(cond))                                               \
			case_fail(__func__, seed, L, #cond, __VA_ARGS__);  \
	} while (0)

static int compare_rows(const void *pa, const void *pb, void *width)
{
	const int64_t *a = pa, *b = pb;

	for (size_t i = 0; i < *(size_t *)width; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/*
 * The images of point "flat" under "ev" as sorted rows over the axis names
 * of "names" ("n" of them; an axis the layout does not name is 0); the count.
 */
static size_t image_rows(const axe_evaluator *ev, int64_t flat, char *const *names, size_t n,
			 int64_t *rows)
{
	int64_t base[MAX_AXES], images[MAX_IMAGES * MAX_AXES];
	size_t k = ev->nimages;

	axe_evaluator_base(ev, flat, base);
	axe_evaluator_images(ev, base, true, images);
	memset(rows, 0, k * n * sizeof(int64_t));
	for (size_t i = 0; i < k; i++)
		for (size_t a = 0; a < ev->naxes; a++)
			for (size_t u = 0; u < n; u++)
				if (strcmp(names[u], ev->layout->axis[a]) == 0)
					rows[i * n + u] = images[i * ev->naxes + a];
	qsort_r(rows, k, n * sizeof(int64_t), compare_rows, &n);
	return k;
}

/* Both layouts' axis names, "a"'s first; the count. */
static size_t union_names(const axe_layout *a, const axe_layout *b, char **names)
{
	size_t n = 0;

	for (size_t i = 0; i < a->naxes; i++)
		names[n++] = a->axis[i];
	for (size_t i = 0; i < b->naxes; i++)
		if (axe_layout_axis_index(a, b->axis[i]) < 0)
			names[n++] = b->axis[i];
	return n;
}

static void test_same_map(void **state)
{
	prop_layout_params p = prop_layout_params_default();
	uint64_t base = prop_base_seed();

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_layout *L = prop_random_layout(&rng, &p), *C;
		axe_evaluator el, ec;
		axe_error err;
		axe_shape shape;
		char *names[2 * MAX_AXES];
		int64_t rl[MAX_IMAGES * MAX_AXES], rc[MAX_IMAGES * MAX_AXES];
		size_t n;

		assert_non_null(L);
		axe_error_init(&err);
		prop_random_shape(&rng, &p, L, &shape);
		if (i % 4 == 3) { /* every fourth: no shard, one point of shape () */
			L->nshard = 0;
			axe_layout_order_axes(L);
			shape.rank = 0;
		}
		C = axe_layout_canon(L, NULL, &err);
		CHECK(C != NULL, "canon failed: %s", err.message);
		n = union_names(L, C, names);
		CHECK(axe_evaluator_init(&el, L, &shape, &err) == 0, "%s", err.message);
		CHECK(axe_evaluator_init(&ec, C, &shape, &err) == 0, "%s", err.message);
		CHECK(el.nimages <= MAX_IMAGES && ec.nimages == el.nimages, "%zu images, canon %zu",
		      el.nimages, ec.nimages);
		for (int64_t f = 0; f < el.size; f++) {
			size_t k = image_rows(&el, f, names, n, rl);
			image_rows(&ec, f, names, n, rc);
			CHECK(memcmp(rl, rc, k * n * sizeof(int64_t)) == 0,
			      "point %" PRId64 " differs in the canonical form", f);
		}
		axe_evaluator_release(&el);
		axe_evaluator_release(&ec);
		axe_layout_free(C);
		axe_layout_free(L);
	}
}

static void test_idempotent_and_round_trip(void **state)
{
	prop_layout_params p = prop_layout_params_default();
	uint64_t base = prop_base_seed() ^ 0x5A5A;

	(void)state;
	for (int64_t i = 0; i < 2 * CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_layout *L = prop_random_layout(&rng, &p), *C, *CC, *R;
		axe_canon_trace rep;
		axe_error err;
		char *text;

		assert_non_null(L);
		axe_error_init(&err);
		if (i % 4 == 3) { /* every fourth: no shard (printed without an S term) */
			L->nshard = 0;
			axe_layout_order_axes(L);
		}
		C = axe_layout_canon(L, NULL, &err);
		CC = axe_layout_canon(C, &rep, &err);
		CHECK(CC && axe_layout_identical(C, CC), "canonicalizing twice changed the form");
		for (int r = 0; r < AXE_RULE_COUNT; r++)
			CHECK(rep.fired[r] == 0, "rule %s fired on a canonical form",
			      axe_canon_rule_name(r));
		text = axe_layout_to_string(C);
		R = axe_layout_parse(text, &err);
		/* A built layout of no term at all prints as "0", which names m (at 0). */
		CHECK(R && (axe_layout_identical(C, R) ||
			    (C->naxes == 0 && R->naxes == 1 && R->nshard == 0 &&
			     R->nreplica == 0 && R->offset[0] == 0)),
		      "'%s' does not parse back: %s", text, err.message);
		free(text);
		axe_layout_free(R);
		axe_layout_free(CC);
		axe_layout_free(C);
		axe_layout_free(L);
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_map),
		cmocka_unit_test(test_idempotent_and_round_trip),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	printf("# AXE_SEED=%" PRIu64 " AXE_PROP_SCALE=%" PRId64 "\n", prop_base_seed(),
	       prop_scale());
	return cmocka_run_group_tests_name("prop_canon", tests, NULL, NULL);
}
