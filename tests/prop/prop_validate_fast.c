/*
 * prop_validate_fast.c: the validations at one point per digit or bit
 * (interop/validate.c, validate_gf2.c) against the enumeration of every
 * point, on seeded random sources and imports, right and with a planted
 * bug:
 *   - a swizzled digit-affine source (CuTe's Sw<B,M,S> o OFF o L, written
 *     from swizzle.hpp) and Swizzle(M,B,S) o S[...] + OFF imports, the
 *     right one or one with a stride, the offset or a swizzle number moved;
 *   - a GF(2)-linear relation {(A(h), h)} (A a random matrix of the bits,
 *     Triton's XOR of bases) and S/R/O imports of power-of-two iters, the
 *     inverse bits of A (when A is invertible) or random strides.
 * A fast verdict must be the enumeration's: 0 only for equal relations, -1
 * only for different ones (1 leaves it to the enumeration).  At least a
 * fifth of the imports must be decided fast, so that the arguments are
 * exercised, not only their fallbacks.  AXE_SEED replays a case.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interop/interop.h"
#include "parse/parse.h"
#include "prop/random_layout.h"

#define CASES 600

static void fail_case(uint64_t seed, const char *layout, const char *what, const char *detail)
{
	fail_msg("seed %llu: %s: %s (%s)", (unsigned long long)seed, layout, what, detail);
}

static axe_layout *parse_or_fail(const char *text)
{
	axe_error err;
	axe_layout *L;

	axe_error_init(&err);
	L = axe_layout_parse(text, &err);
	if (!L)
		fail_msg("%s: %s", text, err.message);
	return L;
}

/* The fast verdict "fast" against the enumeration's "slow" (0 equal, -1 differ). */
static void check_verdict(uint64_t seed, const char *layout, int fast, int slow, int *decided)
{
	if (fast == 1)
		return;
	if (fast != slow)
		fail_case(seed, layout, fast == 0 ? "proved equal, but differs" :
			  "reported a difference, but equal", "");
	(*decided)++;
}

/* The fast paths must decide most imports, or they are not being tested. */
static void check_mostly_fast(int decided)
{
	if (decided * 5 < CASES * prop_scale())
		fail_msg("only %d of %lld imports decided fast", decided,
			 (long long)(CASES * prop_scale()));
}

/* ---- swizzled digit-affine sources ---- */

typedef struct swz_source {
	int64_t dims[2], stride[2], offset;
	int bits, base, shift;
} swz_source;

static int64_t swz_apply(const swz_source *s, int64_t v)
{
	int64_t yyy = ((INT64_C(1) << s->bits) - 1) << (s->base + s->shift);

	return v ^ ((v & yyy) >> s->shift);
}

static int swz_inner(const void *ctx, int64_t flat, int64_t *image, axe_error *err)
{
	const swz_source *s = ctx;

	(void)err;
	*image = s->offset + flat / s->dims[1] * s->stride[0] + flat % s->dims[1] * s->stride[1];
	return 0;
}

static int swz_value(const void *ctx, int64_t v, int64_t *out, axe_error *err)
{
	(void)err;
	*out = swz_apply(ctx, v);
	return 0;
}

static const int64_t swz_dims[] = { 1, 2, 3, 4, 8, 16 };
static const int64_t swz_strides[] = { 0, 1, 2, 3, 4, 8, 16, 32, 64 };

static void random_swz(prop_rng *rng, swz_source *s)
{
	for (int d = 0; d < 2; d++) {
		s->dims[d] = swz_dims[prop_rng_range(rng, 0, 5)];
		s->stride[d] = swz_strides[prop_rng_range(rng, 0, 8)];
	}
	if (prop_rng_chance(rng, 50)) { /* a compact row-major tile, as most are */
		s->stride[1] = 1;
		s->stride[0] = s->dims[1];
	}
	s->offset = prop_rng_chance(rng, 70) ? 0 : prop_rng_range(rng, 1, 64);
	s->bits = (int)prop_rng_range(rng, 1, 3);
	s->base = (int)prop_rng_range(rng, 0, 3);
	s->shift = (int)prop_rng_range(rng, s->bits, 4);
}

/* The import's text: "s" itself, or with one number moved (a planted bug). */
static void swz_text(prop_rng *rng, const swz_source *s, bool plant, char *buf, size_t size)
{
	swz_source t = *s;

	if (plant)
		switch (prop_rng_range(rng, 0, 4)) {
		case 0: t.stride[prop_rng_range(rng, 0, 1)]++; break;
		case 1: t.offset++; break;
		case 2: t.base = (t.base + 1) % 4; break;
		case 3: t.shift = t.shift == t.bits ? t.shift + 1 : t.shift - 1; break;
		default:
			t.bits = t.bits == 1 ? 2 : t.bits - 1;
			t.shift = t.bits > t.shift ? t.bits : t.shift;
			break;
		}
	snprintf(buf, size, "Swizzle(%d,%d,%d) o S[(%lld,%lld):(%lld,%lld)] + %lld", t.base, t.bits,
		 t.shift, (long long)t.dims[0], (long long)t.dims[1], (long long)t.stride[0],
		 (long long)t.stride[1], (long long)t.offset);
}

static int swz_enumerated(const swz_source *s, const axe_import *imp)
{
	static const char *const axis[] = { "m" };
	axe_reference ref;
	axe_error err;
	int rc;

	axe_error_init(&err);
	assert_int_equal(axe_reference_init(&ref, &imp->shape, 1, axis, &err), 0);
	for (int64_t p = 0; p < s->dims[0] * s->dims[1]; p++) {
		int64_t v;

		swz_inner(s, p, &v, &err);
		v = swz_apply(s, v);
		assert_int_equal(axe_reference_add(&ref, p, &v, &err), 0);
	}
	assert_int_equal(axe_reference_finish(&ref, &err), 0);
	rc = axe_import_validate(imp, &ref, "test", &err);
	axe_reference_release(&ref);
	return rc;
}

static void test_swizzled_affine(void **state)
{
	static const char *const axis[] = { "m" };
	uint64_t base = prop_base_seed();
	int decided = 0;

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		swz_source s;
		bool plant = prop_rng_chance(&rng, 50);
		char text[160];
		axe_import imp = { .dtype = -1 };
		axe_error err;
		int fast;

		random_swz(&rng, &s);
		swz_text(&rng, &s, plant, text, sizeof(text));
		imp.shape = (axe_shape){ 2, { s.dims[0], s.dims[1] } };
		imp.layout = parse_or_fail(text);
		{
			int64_t radix[2] = { s.dims[1], s.dims[0] };
			axe_affine_reference ref = { &imp.shape, 1, axis, 2, radix, swz_inner, &s,
						     swz_value };

			axe_error_init(&err);
			fast = axe_import_validate_affine(&imp, &ref, "test", &err);
		}
		check_verdict(seed, text, fast, swz_enumerated(&s, &imp), &decided);
		axe_import_release(&imp);
	}
	check_mostly_fast(decided);
}

/* ---- GF(2)-linear relations ---- */

#define HW_AXES 2

typedef struct gf2_source {
	int dim_bits[2];     /* the tensor: 2^dim_bits[0] x 2^dim_bits[1] */
	int nbits[HW_AXES];  /* hardware bits on "reg" and "laneid" */
	uint64_t column[16]; /* A's column per hardware bit (reg's first): a flat point */
} gf2_source;

static int gf2_point(const void *ctx, const int64_t *h, int64_t *flat, axe_error *err)
{
	const gf2_source *s = ctx;
	int j = 0;

	(void)err;
	*flat = 0;
	for (int a = 0; a < HW_AXES; a++)
		for (int i = 0; i < s->nbits[a]; i++, j++)
			if (h[a] >> i & 1)
				*flat ^= (int64_t)s->column[j];
	return 0;
}

/* A random A: a bit permutation of the point's bits, each mixed into others or dropped. */
static void random_gf2(prop_rng *rng, gf2_source *s, int *perm)
{
	int m;

	s->dim_bits[0] = (int)prop_rng_range(rng, 0, 3);
	s->dim_bits[1] = (int)prop_rng_range(rng, 0, 3);
	m = s->dim_bits[0] + s->dim_bits[1];
	s->nbits[0] = (int)prop_rng_range(rng, 0, m);
	s->nbits[1] = m - s->nbits[0] + (prop_rng_chance(rng, 20) ? 1 : 0);
	for (int t = 0; t < m; t++)
		perm[t] = t;
	for (int t = m; t-- > 1;) {
		int u = (int)prop_rng_range(rng, 0, t), x = perm[t];

		perm[t] = perm[u];
		perm[u] = x;
	}
	for (int j = 0; j < s->nbits[0] + s->nbits[1]; j++)
		s->column[j] = j < m ? UINT64_C(1) << perm[j] : 0; /* a zero column: a broadcast */
	if (m > 1 && prop_rng_chance(rng, 40)) { /* XOR-linear: bases mix bits */
		int j = (int)prop_rng_range(rng, 0, m - 1), k = (int)prop_rng_range(rng, 0, m - 1);

		if (j != k)
			s->column[j] ^= s->column[k];
	}
}

/* An import: iters of power-of-two extents, one per flat bit, strides from "perm" or random. */
static void gf2_text(prop_rng *rng, const gf2_source *s, const int *perm, bool plant, char *buf,
		     size_t size)
{
	static const char *const name[HW_AXES] = { "reg", "laneid" };
	int m = s->dim_bits[0] + s->dim_bits[1], maker[16], nrep = 0;
	size_t len = (size_t)snprintf(buf, size, "S[(");
	int64_t value[16];
	int axis[16];

	/* Where A is the bit permutation perm, flat bit perm[j] is made by hardware bit j. */
	for (int j = 0; j < s->nbits[0] + s->nbits[1]; j++) {
		axis[j] = j < s->nbits[0] ? 0 : 1;
		value[j] = INT64_C(1) << (j < s->nbits[0] ? j : j - s->nbits[0]);
		if (j < m)
			maker[perm[j]] = j;
		else
			nrep++;
	}
	if (plant && m > 0) {
		int t = (int)prop_rng_range(rng, 0, m - 1), u = (int)prop_rng_range(rng, 0, m - 1);
		int x = maker[t];

		maker[t] = maker[u];
		maker[u] = x;
		if (t == u)
			value[maker[t]] *= prop_rng_chance(rng, 50) ? 2 : 3;
	}
	for (int t = m; t-- > 0;)
		len += (size_t)snprintf(buf + len, size - len, "2%s", t ? "," : "");
	if (m == 0)
		len += (size_t)snprintf(buf + len, size - len, "1");
	len += (size_t)snprintf(buf + len, size - len, "):(");
	for (int t = m; t-- > 0;)
		len += (size_t)snprintf(buf + len, size - len, "%lld@%s%s", (long long)value[maker[t]],
					name[axis[maker[t]]], t ? "," : "");
	if (m == 0)
		len += (size_t)snprintf(buf + len, size - len, "0@reg");
	len += (size_t)snprintf(buf + len, size - len, ")]");
	for (int j = m; j < m + nrep; j++)
		len += (size_t)snprintf(buf + len, size - len, " + R[2:%lld@%s]", (long long)value[j],
					name[axis[j]]);
}

static int gf2_enumerated(const gf2_source *s, const axe_import *imp)
{
	static const char *const axis[HW_AXES] = { "reg", "laneid" };
	axe_reference ref;
	axe_error err;
	int rc;

	axe_error_init(&err);
	assert_int_equal(axe_reference_init(&ref, &imp->shape, HW_AXES, axis, &err), 0);
	for (int64_t r = 0; r < INT64_C(1) << s->nbits[0]; r++)
		for (int64_t l = 0; l < INT64_C(1) << s->nbits[1]; l++) {
			int64_t h[HW_AXES] = { r, l }, flat;

			gf2_point(s, h, &flat, &err);
			assert_int_equal(axe_reference_add(&ref, flat, h, &err), 0);
		}
	assert_int_equal(axe_reference_finish(&ref, &err), 0);
	rc = axe_import_validate(imp, &ref, "test", &err);
	axe_reference_release(&ref);
	return rc;
}

static void test_gf2(void **state)
{
	static const char *const axis[HW_AXES] = { "reg", "laneid" };
	uint64_t base = prop_base_seed();
	int decided = 0;

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		gf2_source s;
		int perm[16];
		bool plant = prop_rng_chance(&rng, 50);
		char text[512];
		axe_import imp = { .dtype = -1 };
		axe_error err;
		int fast;

		random_gf2(&rng, &s, perm);
		gf2_text(&rng, &s, perm, plant, text, sizeof(text));
		imp.shape = (axe_shape){ 2, { INT64_C(1) << s.dim_bits[0],
					       INT64_C(1) << s.dim_bits[1] } };
		imp.layout = parse_or_fail(text);
		{
			axe_gf2_reference ref = { &imp.shape, HW_AXES, axis, s.nbits, gf2_point, &s };

			axe_error_init(&err);
			fast = axe_import_validate_gf2(&imp, &ref, "test", &err);
		}
		check_verdict(seed, text, fast, gf2_enumerated(&s, &imp), &decided);
		axe_import_release(&imp);
	}
	check_mostly_fast(decided);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_swizzled_affine),
		cmocka_unit_test(test_gf2),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
