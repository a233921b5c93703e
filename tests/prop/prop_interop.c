/*
 * prop_interop.c: LEGO in and out on seeded random layouts.
 *
 * - Random LEGO chains (a GroupBy or TileBy and up to three OrderBy blocks of
 *   Row, Col and random RegP over random factorisations of the same size)
 *   are imported: every import is validated inside the reader against
 *   LEGO's own apply (lego_ref.c) at every point, so a converter that
 *   composes strides wrongly fails here with the seed and the text.
 * - Random bijections onto [0, N) on m (random extents, strides a random
 *   order of their mixed radix) on random admitted shapes are written with
 *   `convert --to lego`, which reads the text back and proves it equal; and
 *   every compact import is written back the same way (import, convert,
 *   import).
 *
 * A failure prints its seed; AXE_SEED=<seed> replays it first, and
 * AXE_PROP_SCALE multiplies the case counts (`make soak`).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "interop/convert.h"
#include "interop/interop.h"
#include "parse/parse.h"
#include "prop/random_layout.h"

#define CASES 400
#define TEXT 2048

/* "n" extents whose product is "size" (a random factorisation, factors >= 2 mostly). */
static size_t factor(prop_rng *rng, int64_t size, int64_t *dims, size_t max)
{
	size_t n = 0;

	while (size > 1 && n + 1 < max) {
		int64_t f = 0;
		for (int tries = 0; tries < 8 && !f; tries++) {
			int64_t d = prop_rng_range(rng, 2, size);
			f = size % d == 0 ? d : 0;
		}
		if (!f)
			break;
		dims[n++] = f;
		size /= f;
	}
	if (size > 1 || n == 0)
		dims[n++] = size;
	return n;
}

static void append(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void append(char *buf, size_t size, const char *fmt, ...)
{
	size_t len = strlen(buf);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
}

static void append_list(char *buf, const int64_t *v, size_t n)
{
	append(buf, TEXT, "[");
	for (size_t i = 0; i < n; i++)
		append(buf, TEXT, i ? ", %lld" : "%lld", (long long)v[i]);
	append(buf, TEXT, "]");
}

/* One random permutation over a random factorisation of "size". */
static void random_perm(prop_rng *rng, int64_t size, char *buf)
{
	int64_t dims[6], sigma[6];
	size_t n = factor(rng, size, dims, 6);
	int kind = (int)prop_rng_range(rng, 0, 2);

	for (size_t i = 0; i < n; i++)
		sigma[i] = (int64_t)i;
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)prop_rng_range(rng, 0, (int64_t)i - 1);
		int64_t t = sigma[i - 1];
		sigma[i - 1] = sigma[j];
		sigma[j] = t;
	}
	append(buf, TEXT, kind == 0 ? "Row(" : kind == 1 ? "Col(" : "RegP(");
	append_list(buf, dims, n);
	if (kind == 2) {
		append(buf, TEXT, ", ");
		append_list(buf, sigma, n);
	}
	append(buf, TEXT, ")");
}

/*
 * OrderBy(...) of one or two permutations covering "size" elements (one
 * under TileBy, which needs an OrderBy's permutations to have one number
 * of extents).
 */
static void random_order(prop_rng *rng, int64_t size, bool single, char *buf)
{
	int64_t parts[2];
	size_t n = !single && prop_rng_chance(rng, 50) ? factor(rng, size, parts, 2) : 1;

	if (n == 1)
		parts[0] = size;
	append(buf, TEXT, "OrderBy(");
	for (size_t i = 0; i < n; i++) {
		if (i)
			append(buf, TEXT, ", ");
		random_perm(rng, parts[i], buf);
	}
	append(buf, TEXT, ")");
}

/* A random chain: GroupBy(...) or TileBy(...) with up to three OrderBy blocks. */
static void random_lego(prop_rng *rng, char *buf)
{
	int64_t size = 1, dims[4], outer[2], inner[2];
	bool tile = prop_rng_chance(rng, 40);
	int norder = (int)prop_rng_range(rng, 0, 3);

	buf[0] = '\0';
	if (tile) {
		for (int d = 0; d < 2; d++) {
			outer[d] = prop_rng_range(rng, 1, 4);
			inner[d] = prop_rng_range(rng, 1, 6);
			size *= outer[d] * inner[d];
		}
		append(buf, TEXT, "TileBy(");
		append_list(buf, outer, 2);
		append(buf, TEXT, ", ");
		append_list(buf, inner, 2);
		append(buf, TEXT, ")");
	} else {
		size_t n = (size_t)prop_rng_range(rng, 1, 4);
		for (size_t d = 0; d < n; d++)
			size *= dims[d] = prop_rng_range(rng, 1, 6);
		append(buf, TEXT, "GroupBy(");
		append_list(buf, dims, n);
		append(buf, TEXT, ")");
	}
	for (int k = 0; k < norder; k++) {
		append(buf, TEXT, ".");
		random_order(rng, size, tile, buf);
	}
}

/* `convert --to lego` of "L" on "shape": expressible, read back and proved equal. */
static void write_back(const axe_layout *L, const axe_shape *shape, uint64_t seed,
		       const char *what)
{
	axe_convert c;
	axe_error err;

	axe_error_init(&err);
	if (axe_convert_layout(L, shape, -1, NULL, "lego", &c, &err) < 0 || !c.expressible) {
		char *text = axe_layout_to_string(L);
		fail_msg("seed %" PRIu64 ": %s %s: %s", seed, what, text,
			 axe_error_is_set(&err) ? err.message : c.reason);
	}
	axe_convert_release(&c);
}

static void test_lego_chains(void **state)
{
	const axe_notation *f = axe_format_lookup("lego", 4);
	uint64_t base = prop_base_seed();
	int64_t cases = CASES * prop_scale(), compact = 0, expr = 0;
	char text[TEXT];

	(void)state;
	for (int64_t i = 0; i < cases; i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_loc where = { "<prop>", 1, 1, text, 0 };
		axe_import_opts opts = { 0 };
		axe_import imp;
		axe_error err;

		random_lego(&rng, text);
		where.text_len = strlen(text);
		axe_error_init(&err);
		if (axe_import_text(f, text, &where, &opts, &imp, &err) < 0)
			fail_msg("seed %" PRIu64 ": %s: %s", seed, text, err.message);
		if (imp.layout) {
			write_back(imp.layout, &imp.shape, seed, text);
			compact++;
		} else {
			expr++;
		}
		axe_import_release(&imp);
	}
	if (compact < cases / 4 || expr < cases / 20)
		fail_msg("%" PRId64 " compact and %" PRId64 " expr: imports of %" PRId64, compact,
			 expr, cases);
}

/* A random bijection onto [0, N) on m: extents, strides a random order of their radix. */
static axe_layout *random_bijection(prop_rng *rng, axe_shape *shape)
{
	int64_t ext[6], order[6], stride[6], radix = 1, size = 1;
	size_t n = (size_t)prop_rng_range(rng, 1, 6);
	axe_layout *L = axe_layout_new();
	int m = axe_layout_intern_axis(L, "m");

	for (size_t i = 0; i < n; i++) {
		ext[i] = prop_rng_range(rng, 1, 5);
		order[i] = (int64_t)i;
		size *= ext[i];
	}
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)prop_rng_range(rng, 0, (int64_t)i - 1);
		int64_t t = order[i - 1];
		order[i - 1] = order[j];
		order[j] = t;
	}
	for (size_t k = 0; k < n; k++) {
		stride[order[k]] = radix;
		radix *= ext[order[k]];
	}
	for (size_t i = 0; i < n; i++)
		axe_layout_push_shard(L, ext[i], ext[i] == 1 ? 0 : stride[i], m);
	shape->rank = factor(rng, size, shape->dim, 4);
	return L;
}

static void test_bijections_write_back(void **state)
{
	uint64_t base = prop_base_seed() ^ UINT64_C(0x5bd1e995);
	int64_t cases = CASES * prop_scale();

	(void)state;
	for (int64_t i = 0; i < cases; i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_shape shape;
		axe_layout *L = random_bijection(&rng, &shape);

		write_back(L, &shape, seed, "bijection");
		axe_layout_free(L);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lego_chains),
		cmocka_unit_test(test_bijections_write_back),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
