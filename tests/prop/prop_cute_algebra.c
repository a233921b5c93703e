/*
 * prop_cute_algebra.c: property tests of CuTe's layout algebra (src/cute/) on
 * seeded random CuTe layouts, against the definitions by evaluation with
 * this file's own crd2idx (written from CuTe's definition, independent of
 * src/cute/):
 *   composition:  R(c) = A(B(c)) for every c of B, and past A's size, where
 *                 A's last mode runs on even when its size is 1 (C++);
 *   complement:   ordered, disjoint from A, cosize((A, R)) >= cotarget, and
 *                 (A, R) a bijection onto [0, size) for compact A;
 *   logical_divide(A, B) = A o (B, complement(B, size(A))), point by point
 *                 inside A's domain, also for tiles that do not divide A
 *                 (a compact B of size s then leaves s*ceil(size(A)/s) -
 *                 size(A) points past A's domain, the tail);
 *   products:     (A, A* o B) keeps A and repeats it without overlap; blocked
 *                 and raked have size(A)*size(B) elements and place A's
 *                 tile at block coordinates as CuTe's documentation draws
 *                 them;
 *   inverses:     A(R(i)) = i (right), R(A(i)) = i (left, injective A), and
 *                 a compact A's right inverse covers all of A;
 *   coalesce:     the same 1-D map, depth <= 1, nothing left to merge.
 * A failure prints the seed and the operands; AXE_SEED=<seed> replays it
 * first.  AXE_PROP_SCALE multiplies the case counts (`make soak`).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cute/algebra.h"
#include "prop/random_layout.h"

#define CASES 300

static char note[2048]; /* the current case, printed on failure */

#define CHECK(cond, ...)                                                              \
	do {                                                                          \
		if (!(cond)) {                                                        \
			print_error("%s\n", note);                                    \
			fail_msg(__VA_ARGS__);                                        \
		}                                                                     \
	} while (0)

/* ------------------------------------------------ this file's own crd2idx -- */

/* crd2idx of "idx" (in the domain) on the tree "shape"/"stride", colexicographic. */
static int64_t eval_tree(const axe_cute_tuple *shape, const axe_cute_tuple *stride, int64_t *idx)
{
	int64_t sum = 0;

	if (shape->is_leaf) {
		int64_t c = *idx % shape->value;

		*idx /= shape->value;
		return c * stride->value;
	}
	for (size_t i = 0; i < shape->n; i++)
		sum += eval_tree(&shape->child[i], &stride->child[i], idx);
	return sum;
}

static int64_t ev(const axe_cute_layout *l, int64_t i)
{
	return eval_tree(&l->shape, &l->stride, &i);
}

static int64_t size_of(const axe_cute_tuple *t)
{
	int64_t s = 1;

	if (t->is_leaf)
		return t->value;
	for (size_t i = 0; i < t->n; i++)
		s *= size_of(&t->child[i]);
	return s;
}

static int64_t sz(const axe_cute_layout *l)
{
	return size_of(&l->shape);
}

/* ----------------------------------------------------- random operands -- */

static const int64_t extents[] = { 1, 2, 2, 3, 4, 4, 8 };

/*
 * A random layout as CuTe text: "leaves" leaves with extents from the table,
 * grouped into up to three top-level modes; compact (a permuted column-major
 * order of the leaves, with "gap" a chance of a hole before a leaf) or with
 * free strides in [0, 12].
 */
static void random_text(prop_rng *rng, bool compact, int gap, char *buf, size_t size)
{
	int n = (int)prop_rng_range(rng, 1, 5), modes = (int)prop_rng_range(rng, 1, n < 3 ? n : 3);
	int64_t shape[8], stride[8], acc = 1;
	int order[8], cut[8] = { 0 };
	size_t k = 0;

	for (int i = 0; i < n; i++) {
		shape[i] = extents[prop_rng_range(rng, 0, 6)];
		order[i] = i;
	}
	for (int i = n - 1; i > 0; i--) {
		int j = (int)prop_rng_range(rng, 0, i), t = order[i];

		order[i] = order[j], order[j] = t;
	}
	for (int i = 0; i < n; i++) {
		if (compact && prop_rng_chance(rng, gap))
			acc *= prop_rng_range(rng, 2, 3);
		stride[order[i]] = compact ? acc : prop_rng_range(rng, 0, 12);
		acc *= shape[order[i]];
	}
	for (int m = 1; m < modes; m++)
		cut[prop_rng_range(rng, 1, n - 1)] = 1;
	for (int pass = 0; pass < 2; pass++) {
		int64_t *v = pass ? stride : shape;

		k += (size_t)snprintf(buf + k, size - k, "%s(", pass ? ":" : "");
		for (int i = 0; i < n; i++) {
			bool open = i == 0 || cut[i], close = i == n - 1 || cut[i + 1];

			k += (size_t)snprintf(buf + k, size - k, "%s%s%lld%s", i && open ? "," : "",
					      open ? "(" : ",", (long long)v[i], close ? ")" : "");
		}
		k += (size_t)snprintf(buf + k, size - k, ")");
	}
}

static void parse(const char *text, axe_cute_layout *out)
{
	axe_cute_composed c;
	axe_error err;

	axe_error_init(&err);
	if (axe_cute_parse(text, NULL, &c, &err) < 0)
		fail_msg("generated text '%s' does not parse: %s", text, err.message);
	*out = c.layout;
}

/* ------------------------------------------------------------- the tests -- */

typedef void case_fn(prop_rng *rng, int *answered);

static void run_cases(const char *name, case_fn *fn, int min_answered_percent)
{
	uint64_t base = prop_base_seed();
	int64_t n = CASES * prop_scale();
	int answered = 0;

	for (int64_t i = 0; i < n; i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);

		snprintf(note, sizeof(note), "%s: AXE_SEED=%llu", name, (unsigned long long)seed);
		fn(&rng, &answered);
	}
	CHECK(answered * 100 >= min_answered_percent * n, "%s: only %d of %lld cases answered",
	      name, answered, (long long)n);
}

static void add_note(const char *what, const axe_cute_layout *l)
{
	char *text;
	axe_error err;

	axe_error_init(&err);
	text = axe_cute_layout_print(l, &err);
	snprintf(note + strlen(note), sizeof(note) - strlen(note), " %s=%s", what, text ? text : "?");
	free(text);
}

/* composition on compact A and a B of divisor shape and stride */
static void case_compose(prop_rng *rng, int *answered)
{
	char ta[256], tb[64];
	axe_cute_layout a, b, r;
	axe_cute_tiler t = { 0 };
	axe_cute_reason why;
	axe_error err;
	int64_t n, s, d;
	int ok;

	random_text(rng, prop_rng_chance(rng, 70), 0, ta, sizeof(ta));
	parse(ta, &a);
	n = sz(&a);
	do
		s = prop_rng_range(rng, 1, n);
	while (n % s);
	do
		d = prop_rng_range(rng, 0, n);
	while (d && (n % d || s * d > n));
	snprintf(tb, sizeof(tb), "%lld:%lld", (long long)s, (long long)d);
	parse(tb, &b);
	add_note("A", &a), add_note("B", &b);
	axe_error_init(&err);
	t.mode[0] = b;
	ok = axe_cute_compose_tiler(&a, &t, &r, &why, &err);
	CHECK(ok >= 0, "error: %s", err.message);
	if (ok > 0) {
		(*answered)++;
		add_note("R", &r);
		CHECK(sz(&r) == s, "size(R) != size(B)");
		for (int64_t c = 0; c < s; c++)
			CHECK(ev(&r, c) == ev(&a, ev(&b, c)), "R(%lld) != A(B(%lld))", (long long)c,
			      (long long)c);
		CHECK(axe_cute_prove_compose(&a, &t, &r, NULL, 0, &why, &err) == 1,
		      "the proof rejects a right result: %s", why.text);
		axe_cute_layout_release(&r);
	}
	axe_cute_layout_release(&a), axe_cute_layout_release(&b);
}

/*
 * A with a size-1 last mode 1:k composed with s:size(A): B(c) = c*size(A)
 * lies past A's domain for c >= 1, where A's last mode runs on, so
 * R(c) = c*k (C++'s coalesce_x keeps the stride k; pycute's coalesce drops
 * the mode and would give 0).
 */
static void case_compose_past(prop_rng *rng, int *answered)
{
	char ta[256], tx[300], tb[64];
	axe_cute_layout a, b, r;
	axe_cute_tiler t = { 0 };
	axe_cute_reason why;
	axe_error err;
	int64_t s = prop_rng_range(rng, 1, 4), k = prop_rng_range(rng, 0, 9);
	char *colon;

	random_text(rng, true, 0, ta, sizeof(ta));
	colon = strchr(ta, ':');
	*colon = '\0';
	snprintf(tx, sizeof(tx), "(%s,1):(%s,%lld)", ta, colon + 1, (long long)k);
	parse(tx, &a);
	snprintf(tb, sizeof(tb), "%lld:%lld", (long long)s, (long long)sz(&a));
	parse(tb, &b);
	add_note("A", &a), add_note("B", &b);
	axe_error_init(&err);
	t.mode[0] = b;
	CHECK(axe_cute_compose_tiler(&a, &t, &r, &why, &err) == 1, "refused: %s", why.text);
	(*answered)++;
	add_note("R", &r);
	for (int64_t c = 0; c < s; c++)
		CHECK(ev(&r, c) == c * k, "R(%lld) = %lld, not %lld", (long long)c,
		      (long long)ev(&r, c), (long long)(c * k));
	CHECK(axe_cute_prove_compose(&a, &t, &r, NULL, 0, &why, &err) == 1,
	      "the proof rejects a right result: %s", why.text);
	axe_cute_layout_release(&a), axe_cute_layout_release(&b), axe_cute_layout_release(&r);
}

static void test_compose(void **state)
{
	(void)state;
	run_cases("compose", case_compose, 40);
	run_cases("compose past A's size", case_compose_past, 100);
}

/* complement of a compact-with-holes A */
static void case_complement(prop_rng *rng, int *answered)
{
	char ta[256];
	axe_cute_layout a, r;
	axe_cute_reason why;
	axe_error err;
	int64_t cotarget, reach = 0, na = 0, nr;
	unsigned char *img;

	random_text(rng, true, 30, ta, sizeof(ta));
	parse(ta, &a);
	na = sz(&a);
	for (int64_t i = 0; i < na; i++)
		reach = ev(&a, i) > reach ? ev(&a, i) : reach;
	cotarget = prop_rng_range(rng, 1, 4 * (reach + 1));
	add_note("A", &a);
	axe_error_init(&err);
	CHECK(axe_cute_complement(&a, cotarget, &r, &why, &err) == 1, "refused: %s", why.text);
	(*answered)++;
	add_note("R", &r);
	nr = sz(&r);
	img = calloc((size_t)(reach + 1) * (size_t)nr + (size_t)ev(&r, nr - 1) + 2, 1);
	for (int64_t i = 1; i < nr; i++)
		CHECK(ev(&r, i - 1) < ev(&r, i), "not ordered at %lld", (long long)i);
	for (int64_t j = 1; j < nr; j++)
		for (int64_t i = 0; i < na; i++)
			CHECK(ev(&r, j) != ev(&a, i), "R(%lld) is A(%lld)", (long long)j, (long long)i);
	CHECK(reach + ev(&r, nr - 1) + 1 >= cotarget, "cosize below the cotarget");
	/* holes of A are multiples of the reach before them: (A, R) is a bijection */
	for (int64_t j = 0; j < nr; j++)
		for (int64_t i = 0; i < na; i++) {
			int64_t v = ev(&a, i) + ev(&r, j);

			CHECK(!img[v], "(A, R) reaches %lld twice", (long long)v);
			img[v] = 1;
		}
	free(img);
	axe_cute_layout_release(&a), axe_cute_layout_release(&r);
}

static void test_complement(void **state)
{
	(void)state;
	run_cases("complement", case_complement, 100);
}

/* a compact B of size dividing size(A), as a random sub-order */
static void random_tiler(prop_rng *rng, int64_t n, char *buf, size_t size)
{
	int64_t s, d;

	do
		s = prop_rng_range(rng, 1, n);
	while (n % s);
	do
		d = prop_rng_range(rng, 1, n / s);
	while ((n / s) % d);
	if (s % 2 == 0 && s > 2 && prop_rng_chance(rng, 50))
		snprintf(buf, size, "(2,%lld):(%lld,%lld)", (long long)(s / 2), (long long)(d * s / 2),
			 (long long)d);
	else
		snprintf(buf, size, "%lld:%lld", (long long)s, (long long)d);
}

/* logical_divide(A, B) = A o (B, complement(B, size(A))) */
static void case_divide(prop_rng *rng, int *answered)
{
	char ta[256], tb[64];
	axe_cute_layout a, b, r, comp, bb;
	axe_cute_tiler t = { 0 };
	axe_cute_reason why;
	axe_error err;
	char *cs;
	int ok;

	bool ragged = prop_rng_chance(rng, 30);
	int64_t outside = 0;

	random_text(rng, prop_rng_chance(rng, 80), 0, ta, sizeof(ta));
	parse(ta, &a);
	if (ragged) /* a compact tile of any size: the last one may reach past A */
		snprintf(tb, sizeof(tb), "%lld:1", (long long)prop_rng_range(rng, 1, sz(&a) + 3));
	else
		random_tiler(rng, sz(&a), tb, sizeof(tb));
	parse(tb, &b);
	add_note("A", &a), add_note("B", &b);
	axe_error_init(&err);
	t.mode[0] = b;
	ok = axe_cute_divide(&a, &t, AXE_CUTE_LOGICAL, &r, &why, &err);
	CHECK(ok >= 0, "error: %s", err.message);
	if (ok > 0) {
		(*answered)++;
		add_note("R", &r);
		CHECK(axe_cute_complement(&b, sz(&a), &comp, &why, &err) == 1, "no complement");
		cs = axe_cute_layout_print(&comp, &err);
		/* (B, B*) built by hand: mode 0 B, mode 1 B* */
		{
			axe_cute_layout modes[2];

			axe_cute_layout_dup(&modes[0], &b, &err);
			modes[1] = comp;
			axe_cute_tuple_init(&bb.shape, 2, &err);
			axe_cute_tuple_init(&bb.stride, 2, &err);
			bb.shape.child[0] = modes[0].shape, bb.stride.child[0] = modes[0].stride;
			bb.shape.child[1] = modes[1].shape, bb.stride.child[1] = modes[1].stride;
		}
		CHECK(sz(&r) == sz(&bb), "size(R) != size((B, B*))");
		for (int64_t c = 0; c < sz(&r); c++) {
			int64_t x = ev(&bb, c);

			outside += x >= sz(&a);
			if (x < sz(&a))
				CHECK(ev(&r, c) == ev(&a, x), "R(%lld) != A((B, B*)(%lld)) with B*=%s",
				      (long long)c, (long long)c, cs);
		}
		if (ragged) {
			int64_t tile = sz(&b), tiles = (sz(&a) + tile - 1) / tile;

			CHECK(sz(&r) == tile * tiles, "size(R) = %lld, not %lld tiles of %lld",
			      (long long)sz(&r), (long long)tiles, (long long)tile);
			CHECK(outside == tile * tiles - sz(&a), "%lld points past A, not %lld",
			      (long long)outside, (long long)(tile * tiles - sz(&a)));
		}
		CHECK(axe_cute_prove_divide(&a, &t, AXE_CUTE_LOGICAL, &r, NULL, 0, &why, &err) == 1,
		      "the proof rejects a right result: %s", why.text);
		free(cs);
		axe_cute_layout_release(&bb), axe_cute_layout_release(&r);
	}
	axe_cute_layout_release(&a), axe_cute_layout_release(&b);
}

static void test_divide(void **state)
{
	(void)state;
	run_cases("divide", case_divide, 60);
}

/* rank-2 compact layouts for the rank-sensitive products */
static void rank2(prop_rng *rng, bool row_major, char *buf, size_t size)
{
	int64_t m = extents[prop_rng_range(rng, 1, 6)], n = extents[prop_rng_range(rng, 1, 6)];

	if (row_major)
		snprintf(buf, size, "(%lld,%lld):(%lld,1)", (long long)m, (long long)n, (long long)n);
	else
		snprintf(buf, size, "(%lld,%lld):(1,%lld)", (long long)m, (long long)n, (long long)m);
}

/* the mode-k size of "l" */
static int64_t mode_size(const axe_cute_layout *l, size_t k)
{
	return size_of(&l->shape.child[k]);
}

/* R at the 2-D coordinate (x, y): x + size(mode 0) * y */
static int64_t ev2(const axe_cute_layout *l, int64_t x, int64_t y)
{
	return ev(l, x + mode_size(l, 0) * y);
}

static void case_products(prop_rng *rng, int *answered)
{
	char ta[64], tb[64];
	axe_cute_layout a, b, blocked, raked, lp;
	axe_cute_tiler t = { 0 };
	axe_cute_reason why;
	axe_error err;
	int64_t a0, a1, b0, b1, n;
	unsigned char *seen;

	rank2(rng, prop_rng_chance(rng, 50), ta, sizeof(ta));
	rank2(rng, prop_rng_chance(rng, 50), tb, sizeof(tb));
	parse(ta, &a), parse(tb, &b);
	add_note("A", &a), add_note("B", &b);
	axe_error_init(&err);
	t.mode[0] = b;
	CHECK(axe_cute_product(&a, &t, AXE_CUTE_BLOCKED, &blocked, &why, &err) == 1, "blocked: %s",
	      why.text);
	CHECK(axe_cute_product(&a, &t, AXE_CUTE_RAKED, &raked, &why, &err) == 1, "raked: %s",
	      why.text);
	CHECK(axe_cute_product(&a, &t, AXE_CUTE_LOGICAL, &lp, &why, &err) == 1, "logical: %s",
	      why.text);
	(*answered)++;
	add_note("blocked", &blocked), add_note("raked", &raked);
	a0 = mode_size(&a, 0), a1 = mode_size(&a, 1), b0 = mode_size(&b, 0), b1 = mode_size(&b, 1);
	n = a0 * a1 * b0 * b1;
	CHECK(sz(&blocked) == n && sz(&raked) == n, "a product does not have size(A)*size(B)");
	/* the logical product keeps A as mode 0 and is a bijection onto [0, n) */
	seen = calloc((size_t)n, 1);
	CHECK(axe_cute_tuple_equal(&lp.shape.child[0], &a.shape), "mode 0 is not A");
	for (int64_t i = 0; i < n; i++) {
		int64_t v = ev(&lp, i);

		CHECK(v >= 0 && v < n && !seen[v], "logical product: %lld out of place", (long long)v);
		seen[v] = 1;
	}
	free(seen);
	/* blocked: tile (j0, j1) is A at R(a0*j0, a1*j1); raked: A strided by B's extents */
	for (int64_t j0 = 0; j0 < b0; j0++)
		for (int64_t j1 = 0; j1 < b1; j1++)
			for (int64_t i0 = 0; i0 < a0; i0++)
				for (int64_t i1 = 0; i1 < a1; i1++) {
					int64_t av = ev(&a, i0 + a0 * i1);

					CHECK(ev2(&blocked, i0 + a0 * j0, i1 + a1 * j1) ==
						      av + ev2(&blocked, a0 * j0, a1 * j1),
					      "blocked: tile (%lld,%lld) is not A", (long long)j0,
					      (long long)j1);
					CHECK(ev2(&raked, j0 + b0 * i0, j1 + b1 * i1) ==
						      av + ev2(&raked, j0, j1),
					      "raked: tile (%lld,%lld) is not A", (long long)j0,
					      (long long)j1);
				}
	axe_cute_layout_release(&a), axe_cute_layout_release(&b);
	axe_cute_layout_release(&blocked), axe_cute_layout_release(&raked);
	axe_cute_layout_release(&lp);
}

static void test_products(void **state)
{
	(void)state;
	run_cases("products", case_products, 100);
}

static void case_inverses(prop_rng *rng, int *answered)
{
	char ta[256];
	axe_cute_layout a, r, l;
	axe_cute_reason why;
	axe_error err;
	bool compact = prop_rng_chance(rng, 70);

	random_text(rng, compact, 20, ta, sizeof(ta));
	parse(ta, &a);
	add_note("A", &a);
	axe_error_init(&err);
	CHECK(axe_cute_right_inverse(&a, &r, &err) == 1, "right_inverse: %s", err.message);
	add_note("right", &r);
	for (int64_t i = 0; i < sz(&r); i++)
		CHECK(ev(&a, ev(&r, i)) == i, "A(R(%lld)) != %lld", (long long)i, (long long)i);
	if (compact) {
		int64_t reach = 0;

		for (int64_t i = 0; i < sz(&a); i++)
			reach = ev(&a, i) > reach ? ev(&a, i) : reach;
		if (reach + 1 == sz(&a))
			CHECK(sz(&r) == sz(&a), "a bijection's right inverse is not whole");
		CHECK(axe_cute_left_inverse(&a, &l, &why, &err) == 1, "left_inverse: %s", why.text);
		add_note("left", &l);
		for (int64_t i = 0; i < sz(&a); i++) {
			int64_t x = ev(&a, i);

			CHECK(x < sz(&l) && ev(&l, x) == i, "R(A(%lld)) != %lld", (long long)i,
			      (long long)i);
		}
		axe_cute_layout_release(&l);
		(*answered)++;
	}
	axe_cute_layout_release(&a), axe_cute_layout_release(&r);
}

static void test_inverses(void **state)
{
	(void)state;
	run_cases("inverses", case_inverses, 50);
}

static void case_coalesce(prop_rng *rng, int *answered)
{
	char ta[256];
	axe_cute_layout a, r;
	axe_cute_reason why;
	axe_error err;
	int64_t s[AXE_CUTE_MAX_LEAVES], d[AXE_CUTE_MAX_LEAVES];
	size_t n;

	random_text(rng, prop_rng_chance(rng, 50), 20, ta, sizeof(ta));
	parse(ta, &a);
	add_note("A", &a);
	axe_error_init(&err);
	CHECK(axe_cute_coalesce(&a, NULL, &r, &why, &err) == 1, "coalesce: %s", err.message);
	(*answered)++;
	add_note("R", &r);
	CHECK(sz(&r) == sz(&a), "size changed");
	for (int64_t i = 0; i < sz(&a); i++)
		CHECK(ev(&r, i) == ev(&a, i), "R(%lld) != A(%lld)", (long long)i, (long long)i);
	CHECK(axe_cute_tuple_depth(&r.shape) <= 1, "depth above 1");
	n = axe_cute_tuple_flatten(&r.shape, s, AXE_CUTE_MAX_LEAVES);
	axe_cute_tuple_flatten(&r.stride, d, AXE_CUTE_MAX_LEAVES);
	for (size_t i = 0; i < n; i++) {
		CHECK(n == 1 || s[i] != 1, "a size-1 mode is left");
		CHECK(i == 0 || s[i - 1] * d[i - 1] != d[i], "modes %zu and %zu still merge", i - 1, i);
	}
	axe_cute_layout_release(&a), axe_cute_layout_release(&r);
}

static void test_coalesce(void **state)
{
	(void)state;
	run_cases("coalesce", case_coalesce, 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compose),  cmocka_unit_test(test_complement),
		cmocka_unit_test(test_divide),   cmocka_unit_test(test_products),
		cmocka_unit_test(test_inverses), cmocka_unit_test(test_coalesce),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
