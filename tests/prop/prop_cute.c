/*
 * prop_cute.c: property tests of the CuTe notations (src/cute/,
 * src/interop/cute.c, cute_tv.c) on seeded random CuTe layouts:
 *
 * - print -> parse -> print is the identity on CuTe's model, and crd2idx on
 *   a 1-D coordinate equals crd2idx on the per-mode coordinates it splits
 *   into;
 * - a random CuTe layout (nested modes, strides 0, negative, swizzle)
 *   imports (validated against CuTe's evaluator), writes back as CuTe text,
 *   and imports again to a layout proved equal (prove/) to the first;
 * - a random TV layout (a shuffled mixed radix over an M x N tile, split
 *   between thread and value modes, with stride-0 broadcasts) round-trips
 *   the same way through cute-tv.
 *
 * A failure prints the seed and the text; `AXE_SEED=<seed>
 * build/asan/tests/prop_cute <test>` replays it first.  AXE_PROP_SCALE
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

#include "interop/cute_private.h"
#include "prop/random_layout.h"
#include "prove/prove.h"

#define CASES 400
#define MAX_TEXT 1024

__attribute__((format(printf, 4, 5)))
static void case_fail(const char *test, uint64_t seed, const char *text, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "\n%s: property failed\n  seed: %" PRIu64
		"  (replay: AXE_SEED=%" PRIu64 " build/asan/tests/prop_cute %s)\n  text: %s\n  ",
		test, seed, seed, test, text);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fail();
}

/* A random mode: a leaf or a tuple of 1..3 random modes, "*budget" bounding the size. */
static void random_mode(prop_rng *rng, int depth, int64_t *budget, char *shape, char *stride,
			size_t cap)
{
	if (depth >= 2 || prop_rng_chance(rng, 55)) {
		int64_t e = prop_rng_range(rng, 1, *budget < 4 ? *budget : 4);
		int64_t s = prop_rng_chance(rng, 15) ? 0 : prop_rng_range(rng, 1, 40);
		bool st = prop_rng_chance(rng, 30);

		if (prop_rng_chance(rng, 10))
			s = -s;
		*budget /= e;
		snprintf(shape + strlen(shape), cap - strlen(shape), "%s%lld", st ? "_" : "",
			 (long long)e);
		snprintf(stride + strlen(stride), cap - strlen(stride), "%s%lld", st ? "_" : "",
			 (long long)s);
		return;
	}
	int n = (int)prop_rng_range(rng, 1, 3);
	strcat(shape, "(");
	strcat(stride, "(");
	for (int i = 0; i < n; i++) {
		if (i) {
			strcat(shape, ",");
			strcat(stride, ",");
		}
		random_mode(rng, depth + 1, budget, shape, stride, cap);
	}
	strcat(shape, ")");
	strcat(stride, ")");
}

/* A random CuTe layout text, composed with a swizzle sometimes. */
static void random_cute(prop_rng *rng, char *text, size_t cap)
{
	char shape[MAX_TEXT / 2] = "", stride[MAX_TEXT / 2] = "";
	int64_t budget = 512;

	random_mode(rng, 0, &budget, shape, stride, sizeof(shape));
	text[0] = '\0';
	if (prop_rng_chance(rng, 25)) {
		int b = (int)prop_rng_range(rng, 1, 3), m = (int)prop_rng_range(rng, 0, 3);
		int s = (int)prop_rng_range(rng, b, 4);

		snprintf(text, cap, "Sw<%d,%d,%d> o %lld o ", b, m,
			 prop_rng_chance(rng, 20) ? -s : s, (long long)prop_rng_range(rng, 0, 64));
	}
	snprintf(text + strlen(text), cap - strlen(text), "%s:%s", shape, stride);
}

/* Prove "a" and "b" equal; a message when they are not. */
static bool proved_equal(const axe_import *a, const axe_import *b, char *msg, size_t size)
{
	axe_equal_side x = { a->layout, a->expr, a->shape, true };
	axe_equal_side y = { b->layout, b->expr, b->shape, true };
	axe_equal_options opt = { .method = AXE_METHOD_AUTO, .timeout = 0 };
	axe_equal_result res = { 0 };
	axe_error err = { 0 };
	bool ok = axe_prove_equal(&x, &y, &opt, &res, &err) == 0 && res.verdict == AXE_VERDICT_TRUE;

	if (!ok)
		snprintf(msg, size, "not proved equal (%s%s)", err.message, res.reason);
	axe_equal_result_release(&res);
	return ok;
}

static void test_model_round_trip(void **state)
{
	uint64_t base = prop_base_seed();

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		char text[MAX_TEXT];
		axe_cute_composed c, d;
		axe_error err = { 0 };
		char *printed;
		int64_t crd[AXE_MAX_RANK], x;
		axe_shape shape;

		random_cute(&rng, text, sizeof(text));
		if (axe_cute_parse(text, NULL, &c, &err) < 0)
			case_fail(__func__, seed, text, "does not parse: %s", err.message);
		printed = axe_cute_composed_print(&c, &err);
		if (!printed || axe_cute_parse(printed, NULL, &d, &err) < 0 ||
		    !axe_cute_tuple_equal(&c.layout.shape, &d.layout.shape) ||
		    !axe_cute_tuple_equal(&c.layout.stride, &d.layout.stride))
			case_fail(__func__, seed, text, "print %s does not read back", printed);
		if (axe_cute_logical_shape(&c.layout, &shape, NULL, 0, &err) < 0)
			case_fail(__func__, seed, text, "%s", err.message);
		/* The 1-D coordinate x is colexicographic over the modes. */
		for (x = 0; x < axe_cute_layout_size(&c.layout); x++) {
			int64_t rest = x;
			for (size_t m = 0; m < shape.rank; m++) {
				crd[m] = rest % shape.dim[m];
				rest /= shape.dim[m];
			}
			if (axe_cute_layout_eval(&c.layout, x) != axe_cute_layout_eval_modes(&c.layout, crd))
				case_fail(__func__, seed, text, "crd2idx differs at %lld", (long long)x);
		}
		free(printed);
		axe_cute_composed_release(&c);
		axe_cute_composed_release(&d);
	}
}

static void test_import_round_trip(void **state)
{
	uint64_t base = prop_base_seed();

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		char text[MAX_TEXT], why[256] = "", msg[600];
		axe_import a, b;
		axe_error err = { 0 };
		char *back;

		random_cute(&rng, text, sizeof(text));
		if (axe_cute_import(text, NULL, NULL, &a, &err) < 0)
			case_fail(__func__, seed, text, "import: %s", err.message);
		if (!a.layout) {
			/* Only a negative-shift swizzle has no compact form to write back. */
			if (!strstr(text, ",-"))
				case_fail(__func__, seed, text, "expr form: %s", a.why_expr);
			axe_import_release(&a);
			continue;
		}
		back = axe_cute_export(a.layout, &a.shape, -1, why, sizeof(why), &err);
		if (!back)
			case_fail(__func__, seed, text, "no CuTe form: %s%s", why, err.message);
		if (axe_cute_import(back, NULL, NULL, &b, &err) < 0)
			case_fail(__func__, seed, text, "%s does not import: %s", back, err.message);
		if (!proved_equal(&a, &b, msg, sizeof(msg)))
			case_fail(__func__, seed, text, "%s: %s", back, msg);
		free(back);
		axe_import_release(&a);
		axe_import_release(&b);
	}
}

/*
 * A random TV layout text on a random tile "*tile": the digits of a mixed
 * radix over the tile in a shuffled order, each in the thread or the value
 * mode, plus stride-0 broadcast leaves.
 */
static void random_tv(prop_rng *rng, char *text, size_t cap, axe_shape *tile)
{
	int64_t ext[8], str[8], size = 1;
	int n = (int)prop_rng_range(rng, 1, 5), mode[8], order[8];
	char part[2][MAX_TEXT / 8] = { "", "" }, stp[2][MAX_TEXT / 8] = { "", "" };
	int count[2] = { 0, 0 };

	for (int k = 0; k < n; k++) {
		ext[k] = prop_rng_range(rng, 2, 4);
		str[k] = size;
		size *= ext[k];
		order[k] = k;
	}
	for (int b = 0; b < 2 && prop_rng_chance(rng, 30); b++) {
		ext[n] = 2;
		str[n] = 0;
		order[n] = n;
		n++;
	}
	for (int k = n - 1; k > 0; k--) {
		int j = (int)prop_rng_range(rng, 0, k), t = order[k];
		order[k] = order[j];
		order[j] = t;
	}
	for (int k = 0; k < n; k++) {
		int o = order[k], m = mode[k] = (int)prop_rng_range(rng, 0, 1);
		snprintf(part[m] + strlen(part[m]), sizeof(part[m]) - strlen(part[m]), "%s%lld",
			 count[m] ? "," : "", (long long)ext[o]);
		snprintf(stp[m] + strlen(stp[m]), sizeof(stp[m]) - strlen(stp[m]), "%s%lld",
			 count[m] ? "," : "", (long long)str[o]);
		count[m]++;
	}
	for (int m = 0; m < 2; m++)
		if (!count[m]) {
			strcpy(part[m], "1");
			strcpy(stp[m], "0");
		}
	snprintf(text, cap, "((%s),(%s)):((%s),(%s))", part[0], part[1], stp[0], stp[1]);
	/* A tile M x N with M any divisor of the size: digit-aligned or not. */
	do
		tile->dim[0] = prop_rng_range(rng, 1, size);
	while (size % tile->dim[0] != 0);
	tile->rank = 2;
	tile->dim[1] = size / tile->dim[0];
}

static void test_tv_round_trip(void **state)
{
	uint64_t base = prop_base_seed();

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		char text[MAX_TEXT], why[256] = "", msg[600];
		axe_shape tile;
		axe_import_opts opts = { .tile = &tile };
		axe_import a, b;
		axe_error err = { 0 };
		char *back;

		random_tv(&rng, text, sizeof(text), &tile);
		if (axe_cute_tv_import(text, NULL, &opts, &a, &err) < 0)
			case_fail(__func__, seed, text, "import on %lldx%lld: %s",
				  (long long)tile.dim[0], (long long)tile.dim[1], err.message);
		if (!a.layout) {
			axe_import_release(&a);
			continue;
		}
		back = axe_cute_tv_export(a.layout, &a.shape, -1, why, sizeof(why), &err);
		if (!back)
			case_fail(__func__, seed, text, "no TV form: %s%s", why, err.message);
		if (axe_cute_tv_import(back, NULL, &opts, &b, &err) < 0)
			case_fail(__func__, seed, text, "%s does not import: %s", back, err.message);
		if (!proved_equal(&a, &b, msg, sizeof(msg)))
			case_fail(__func__, seed, text, "%s: %s", back, msg);
		free(back);
		axe_import_release(&a);
		axe_import_release(&b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_model_round_trip),
		cmocka_unit_test(test_import_round_trip),
		cmocka_unit_test(test_tv_round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
