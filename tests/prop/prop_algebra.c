/*
 * prop_algebra.c: property tests of the layout algebra (src/algebra/: group,
 * tile, tile_of, slice, dsum) on seeded random layouts and shapes from
 * random_layout.h.
 *
 * Every result is checked against the defining equation of its operation by
 * exhaustive evaluation of every point (core/eval.h, itself checked against
 * a brute-force oracle in prop_eval.c), image sets compared over the union
 * of the axis names involved (an axis a layout does not name is 0):
 *   group:   G(x) = L(x) on the shape, and the blocks match the shape;
 *   tile:    T(a, b) = span(B) (.) A(a) + B(b), every pair of images;
 *   tile-of: the recovered C gives T(a, b) = span(B) (.) C(a) + B(b);
 *   slice:   L'(y) = L(y + begin) on the region;
 *   dsum:    D(a, b) = A(a) + B(b).
 * Completeness is checked where the code claims it: tile-of finds a C for
 * every replica-free T = tile(C, B), canonical or not; slice finds every
 * slice of a rank-1 shape that a brute-force search over all iter lists
 * finds, for layouts without coinciding steps (see slice.c).
 *
 * A failure prints the seed of its case and the operands;
 * `AXE_SEED=<seed> build/asan/tests/prop_algebra <test>` replays it first.
 * AXE_PROP_SCALE multiplies the case counts (`make soak`).
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
#include "algebra/dsum.h"
#include "algebra/group.h"
#include "algebra/slice.h"
#include "algebra/tile.h"
#include "algebra/tile_of.h"
#include "core/eval.h"
#include "parse/parse.h"
#include "prop/random_layout.h"

#define MAX_U 16       /* axis names in one comparison */
#define MAX_OWNED 64   /* allocations of one case */
#define NOTE_SIZE 4096

/* ------------------------------------------------------- the case record -- */

/*
 * One checked case.  It owns what a check allocates, so that the teardown
 * frees it after a failed check (cmocka's fail() longjmps).
 */
typedef struct alg_case {
	const char *test;
	uint64_t seed;
	char note[NOTE_SIZE]; /* the operands and results, printed on failure */
	size_t note_len;
	void *owned[MAX_OWNED];
	size_t nowned;
	axe_layout *layouts[MAX_OWNED];
	size_t nlayouts;
	struct {
		const char *what; /* an operation, or "brute force" */
		long results, refusals;
	} tally[8];               /* across the cases of a test */
} alg_case;

static alg_case current;

static void case_close(alg_case *c)
{
	for (size_t i = 0; i < c->nowned; i++)
		free(c->owned[i]);
	for (size_t i = 0; i < c->nlayouts; i++)
		axe_layout_free(c->layouts[i]);
	c->nowned = c->nlayouts = 0;
	c->note_len = 0;
	c->note[0] = '\0';
}

static int teardown_case(void **state)
{
	(void)state;
	case_close(&current);
	return 0;
}

static void *own(alg_case *c, void *p)
{
	assert_non_null(p);
	assert_true(c->nowned < MAX_OWNED);
	c->owned[c->nowned++] = p;
	return p;
}

static axe_layout *own_layout(alg_case *c, axe_layout *L)
{
	assert_non_null(L);
	assert_true(c->nlayouts < MAX_OWNED);
	c->layouts[c->nlayouts++] = L;
	return L;
}

__attribute__((format(printf, 2, 3)))
static void note(alg_case *c, const char *fmt, ...)
{
	va_list ap;

	if (c->note_len >= NOTE_SIZE)
		return;
	va_start(ap, fmt);
	c->note_len += (size_t)vsnprintf(c->note + c->note_len, NOTE_SIZE - c->note_len, fmt, ap);
	va_end(ap);
	if (c->note_len > NOTE_SIZE)
		c->note_len = NOTE_SIZE;
}

/* Record "role: LAYOUT on (SHAPE)" for the failure report. */
static void note_layout(alg_case *c, const char *role, const axe_layout *L,
			const axe_shape *shape)
{
	char *text = axe_layout_to_string(L);
	char dims[256];

	prop_shape_text(shape, dims, sizeof(dims));
	note(c, "  %-8s %s on %s\n", role, text ? text : "?", dims);
	free(text);
}

__attribute__((format(printf, 3, 4)))
static void case_fail(const alg_case *c, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "\n%s: property failed at %s:%d\n", c->test, __FILE__, line);
	fprintf(stderr, "  seed: %" PRIu64 "  (replay: AXE_SEED=%" PRIu64
		" build/asan/tests/prop_algebra %s)\n%s  ", c->seed, c->seed, c->test, c->note);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fail();
}

#define CHECK(c, cond, ...)                                     \
	do {                                                    \
		if (!(cond))                                    \
			case_fail((c), __LINE__, __VA_ARGS__);  \
	} while (0)

/* Run "check" on "n" (times AXE_PROP_SCALE) seeded cases of test "test". */
static void run_cases(const char *test, int64_t n, void (*check)(alg_case *, prop_rng *))
{
	uint64_t base = prop_base_seed();

	memset(current.tally, 0, sizeof(current.tally));
	for (int64_t i = 0; i < n * prop_scale(); i++) {
		prop_rng rng = prop_rng_seeded(prop_case_seed(base, i));
		current.test = test;
		current.seed = prop_case_seed(base, i);
		check(&current, &rng);
		case_close(&current);
	}
	printf("# %s:", test);
	for (size_t i = 0; i < 8 && current.tally[i].what; i++)
		printf(" %s %ld/%ld", current.tally[i].what, current.tally[i].results,
		       current.tally[i].results + current.tally[i].refusals);
	printf(" (results/calls)\n");
}

/* Count one answer of "what" (1: a result, 0: a refusal). */
static void count(alg_case *c, const char *what, int r)
{
	size_t i = 0;

	while (i < 7 && c->tally[i].what && strcmp(c->tally[i].what, what) != 0)
		i++;
	c->tally[i].what = what;
	if (r > 0)
		c->tally[i].results++;
	else
		c->tally[i].refusals++;
}

/* ------------------------------------------------------ image tables -- */

/* The axis names of a comparison; an image is a row over them. */
typedef struct universe {
	const char *name[MAX_U];
	size_t n;
} universe;

static void universe_add(universe *u, const axe_layout *L)
{
	for (size_t a = 0; a < L->naxes; a++) {
		size_t i = 0;
		while (i < u->n && strcmp(u->name[i], L->axis[a]) != 0)
			i++;
		if (i == u->n) {
			assert_true(u->n < MAX_U);
			u->name[u->n++] = L->axis[a];
		}
	}
}

static size_t universe_index(const universe *u, const char *name)
{
	for (size_t i = 0; i < u->n; i++)
		if (strcmp(u->name[i], name) == 0)
			return i;
	fail_msg("axis %s is not in the universe", name);
	return 0;
}

/* Every image of every point of a layout, as sorted rows over a universe. */
typedef struct table {
	int64_t size;
	size_t nimg, nu;
	int64_t *rows; /* size * nimg rows of nu values, each point's rows sorted */
} table;

static const int64_t *point_rows(const table *t, int64_t flat)
{
	return t->rows + (size_t)flat * t->nimg * t->nu;
}

static int compare_rows(const void *pa, const void *pb, void *nu)
{
	const int64_t *a = pa, *b = pb;

	for (size_t i = 0; i < *(const size_t *)nu; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/* Sort "n" rows of "nu" values and drop repeats; returns the count left. */
static size_t sort_unique(int64_t *rows, size_t n, size_t nu)
{
	size_t kept = 0;

	qsort_r(rows, n, nu * sizeof(int64_t), compare_rows, &nu);
	for (size_t i = 0; i < n; i++)
		if (kept == 0 || compare_rows(rows + (kept - 1) * nu, rows + i * nu, &nu) != 0)
			memmove(rows + kept++ * nu, rows + i * nu, nu * sizeof(int64_t));
	return kept;
}

/* The table of "L" on "shape" over "u", walking the domain with the odometer. */
static table make_table(alg_case *c, const axe_layout *L, const axe_shape *shape,
			const universe *u)
{
	axe_evaluator ev;
	axe_cursor cur;
	axe_error err;
	table t = { 0 };
	size_t map[MAX_U];
	int64_t *img;

	axe_error_init(&err);
	CHECK(c, axe_evaluator_init(&ev, L, shape, &err) == 0, "evaluator: %s", err.message);
	t.size = ev.size;
	t.nimg = ev.nimages;
	t.nu = u->n;
	t.rows = own(c, calloc((size_t)t.size * t.nimg * t.nu + 1, sizeof(int64_t)));
	img = own(c, malloc((t.nimg * ev.naxes + 1) * sizeof(int64_t)));
	for (size_t a = 0; a < ev.naxes; a++)
		map[a] = universe_index(u, L->axis[a]);
	assert_int_equal(axe_cursor_init(&cur, &ev, &err), 0);
	for (; !cur.done; axe_cursor_next(&cur)) {
		int64_t *rows = t.rows + (size_t)cur.flat * t.nimg * t.nu;
		axe_evaluator_images(&ev, cur.base, true, img);
		for (size_t i = 0; i < t.nimg; i++)
			for (size_t a = 0; a < ev.naxes; a++)
				rows[i * t.nu + map[a]] = img[i * ev.naxes + a];
		/* Distinct replica offsets give distinct images: nothing to drop. */
		CHECK(c, sort_unique(rows, t.nimg, t.nu) == t.nimg, "a point repeats an image");
	}
	axe_cursor_release(&cur);
	axe_evaluator_release(&ev);
	return t;
}

/* "(v0, v1, ...)" rows as text, for failure messages. */
static const char *rows_text(char *buf, size_t size, const int64_t *rows, size_t n, size_t nu)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < size; i++)
		for (size_t a = 0; a < nu && used < size; a++)
			used += (size_t)snprintf(buf + used, size - used, "%s%" PRId64 "%s",
						 a ? "," : i ? " (" : "(", rows[i * nu + a],
						 a + 1 == nu ? ")" : "");
	return buf;
}

/* The row-major index of "coord" in "shape". */
static int64_t flatten(const axe_shape *shape, const int64_t *coord)
{
	int64_t f = 0;

	for (size_t d = 0; d < shape->rank; d++)
		f = f * shape->dim[d] + coord[d];
	return f;
}

static void unflatten(const axe_shape *shape, int64_t flat, int64_t *coord)
{
	for (size_t d = shape->rank; d-- > 0; flat /= shape->dim[d])
		coord[d] = flat % shape->dim[d];
}

/* ------------------------------------------------------ random inputs -- */

/* Small layouts: operands of a product stay within 4096 points together. */
static prop_layout_params small_params(int64_t max_size, int replica_percent)
{
	prop_layout_params p = prop_layout_params_default();

	p.max_size = max_size;
	p.max_iters = 4;
	p.replica_percent = replica_percent;
	p.max_replica_points = 4;
	p.max_replica_iters = 2;
	return p;
}

static int64_t layout_size(const axe_layout *L)
{
	int64_t n = 1;

	for (size_t i = 0; i < L->nshard; i++)
		n *= L->shard[i].extent;
	return n;
}

/* A shape of "rank" random factors of the size of "L". */
static void shape_of_rank(prop_rng *rng, const axe_layout *L, size_t rank, axe_shape *shape)
{
	int64_t rest = layout_size(L);

	shape->rank = rank;
	for (size_t d = 0; d + 1 < rank; d++) {
		shape->dim[d] = prop_random_divisor(rng, rest);
		rest /= shape->dim[d];
	}
	shape->dim[rank - 1] = rest;
}

/* Shapes of one rank for "A" and "B": their default shapes when those agree, else random. */
static void pair_shapes(prop_rng *rng, const axe_layout *A, const axe_layout *B, axe_shape *sa,
			axe_shape *sb)
{
	size_t rank = (size_t)prop_rng_range(rng, 1, 3);

	if (A->nshard == B->nshard && prop_rng_chance(rng, 30)) {
		axe_layout_default_shape(A, sa);
		axe_layout_default_shape(B, sb);
		return;
	}
	shape_of_rank(rng, A, rank, sa);
	shape_of_rank(rng, B, rank, sb);
}

static axe_layout *random_layout(alg_case *c, prop_rng *rng, const prop_layout_params *p)
{
	return own_layout(c, prop_random_layout(rng, p));
}

/* The result of an algebra call: 1 or 0; an error fails the case. */
static int expect_answer(alg_case *c, const char *what, int r, const axe_reason *why,
			 const axe_algebra_result *res, const axe_error *err)
{
	CHECK(c, r >= 0, "%s failed with an error: %s", what, err->message);
	if (r > 0) {
		own_layout(c, res->layout);
		note_layout(c, what, res->layout, &res->shape);
	} else {
		note(c, "  %s refused: %s\n", what, why->text);
	}
	count(c, what, r);
	if (r > 0 && res->layout->swizzle.present)
		count(c, "swizzled", 1);
	return r;
}

/* --------------------------------------------------------- the checks -- */

/*
 * T on its shape against sigma (.) A(a) + B(b) for every (a, b), sigma being
 * B's span per axis when "scaled" (tile) and 1 otherwise (dsum).
 */
static void check_product(alg_case *c, const axe_layout *T, const axe_shape *st,
			  const axe_layout *A, const axe_shape *sa, const axe_layout *B,
			  const axe_shape *sb, bool scaled)
{
	universe u = { .n = 0 };
	int64_t sigma[MAX_U], ca[AXE_MAX_RANK], cb[AXE_MAX_RANK], x[AXE_MAX_RANK];
	char t1[1024], t2[1024];
	table ta, tb, tt;
	int64_t *want;

	universe_add(&u, T);
	universe_add(&u, A);
	universe_add(&u, B);
	for (size_t i = 0; i < u.n; i++) {
		int b = axe_layout_axis_index(B, u.name[i]);
		sigma[i] = scaled && b >= 0 ? axe_layout_axis_span(B, b) : 1;
	}
	CHECK(c, st->rank == sa->rank && st->rank == sb->rank, "result rank %zu", st->rank);
	for (size_t d = 0; d < st->rank; d++)
		CHECK(c, st->dim[d] == sa->dim[d] * sb->dim[d], "result extent %" PRId64
		      " in dimension %zu", st->dim[d], d);
	ta = make_table(c, A, sa, &u);
	tb = make_table(c, B, sb, &u);
	tt = make_table(c, T, st, &u);
	want = own(c, malloc(ta.nimg * tb.nimg * u.n * sizeof(int64_t) + 1));
	for (int64_t ia = 0; ia < ta.size; ia++) {
		unflatten(sa, ia, ca);
		for (int64_t ib = 0; ib < tb.size; ib++) {
			size_t n = 0, got;
			unflatten(sb, ib, cb);
			for (size_t d = 0; d < st->rank; d++)
				x[d] = ca[d] * sb->dim[d] + cb[d];
			for (size_t i = 0; i < ta.nimg; i++)
				for (size_t j = 0; j < tb.nimg; j++, n++)
					for (size_t k = 0; k < u.n; k++)
						want[n * u.n + k] = sigma[k] * point_rows(&ta, ia)[i * u.n + k] +
								    point_rows(&tb, ib)[j * u.n + k];
			n = sort_unique(want, n, u.n);
			got = tt.nimg;
			CHECK(c, n == got && memcmp(want, point_rows(&tt, flatten(st, x)),
						     n * u.n * sizeof(int64_t)) == 0,
			      "at a = %" PRId64 ", b = %" PRId64 " the result has %s, the equation "
			      "gives %s", ia, ib,
			      rows_text(t1, sizeof(t1), point_rows(&tt, flatten(st, x)), got, u.n),
			      rows_text(t2, sizeof(t2), want, n, u.n));
		}
	}
}

/* "G" on "shape" equals "L" on "shape" point by point. */
static void check_same_map(alg_case *c, const axe_layout *G, const axe_layout *L,
			   const axe_shape *shape)
{
	universe u = { .n = 0 };
	char t1[1024], t2[1024];
	table tg, tl;

	universe_add(&u, G);
	universe_add(&u, L);
	tg = make_table(c, G, shape, &u);
	tl = make_table(c, L, shape, &u);
	for (int64_t x = 0; x < tl.size; x++)
		CHECK(c, tg.nimg == tl.nimg && memcmp(point_rows(&tg, x), point_rows(&tl, x),
						      tl.nimg * u.n * sizeof(int64_t)) == 0,
		      "point %" PRId64 ": %s, expected %s", x,
		      rows_text(t1, sizeof(t1), point_rows(&tg, x), tg.nimg, u.n),
		      rows_text(t2, sizeof(t2), point_rows(&tl, x), tl.nimg, u.n));
}

/* ---------------------------------------------------------------- group -- */

static bool expressible_in(const int64_t *g, int64_t n, size_t nu, const int64_t *dims,
			   size_t d, int64_t need);
static int64_t *region_rows(alg_case *c, const axe_layout *L, const axe_shape *shape,
			    const int64_t *begin, const int64_t *end, int64_t *n);

/* A refused shape groups no layout with the map of "L" (brute force). */
static void check_group_refusal(alg_case *c, const axe_layout *L, const axe_shape *shape)
{
	int64_t begin[AXE_MAX_RANK] = { 0 }, n, *g;

	if (layout_size(L) > 512)
		return;
	g = region_rows(c, L, shape, begin, shape->dim, &n);
	CHECK(c, !expressible_in(g, n, L->naxes, shape->dim, shape->rank - 1,
				 shape->dim[shape->rank - 1]),
	      "group refused a shape that an equal layout's blocks match");
	count(c, "brute-force-confirmed", 1);
}

static void check_group(alg_case *c, prop_rng *rng)
{
	prop_layout_params p = prop_layout_params_default();
	axe_layout *L = random_layout(c, rng, &p);
	axe_algebra_result res;
	axe_shape shape;
	axe_reason why;
	axe_error err;

	prop_random_shape(rng, &p, L, &shape);
	note_layout(c, "L", L, &shape);
	axe_error_init(&err);
	if (expect_answer(c, "group", axe_layout_group(L, &shape, &res, &why, &err), &why, &res,
			  &err) == 0) {
		check_group_refusal(c, L, &shape);
		return;
	}
	CHECK(c, res.nblocks == shape.rank && res.block[0] == 0 &&
		 res.block[shape.rank] == res.layout->nshard, "blocks do not cover the shard");
	for (size_t d = 0; d < shape.rank; d++) {
		int64_t product = 1;
		CHECK(c, res.block[d] <= res.block[d + 1], "block %zu is reversed", d);
		for (size_t i = res.block[d]; i < res.block[d + 1]; i++)
			product *= res.layout->shard[i].extent;
		CHECK(c, product == shape.dim[d] || (shape.dim[d] == 1 && product == 1),
		      "block %zu has %" PRId64 " points, not %" PRId64, d, product, shape.dim[d]);
	}
	check_same_map(c, res.layout, L, &shape);
}

static void test_group(void **state)
{
	(void)state;
	run_cases(__func__, 4000, check_group);
}

/* ------------------------------------------------------------ tile, dsum -- */

static void check_tile_or_dsum(alg_case *c, prop_rng *rng, bool scaled)
{
	prop_layout_params p = small_params(64, 35);
	axe_layout *A = random_layout(c, rng, &p), *B = random_layout(c, rng, &p);
	axe_algebra_result res;
	axe_shape sa, sb;
	axe_reason why;
	axe_error err;
	int r;

	pair_shapes(rng, A, B, &sa, &sb);
	note_layout(c, scaled ? "outer" : "left", A, &sa);
	note_layout(c, scaled ? "inner" : "right", B, &sb);
	axe_error_init(&err);
	r = scaled ? axe_layout_tile(A, &sa, B, &sb, &res, &why, &err)
		   : axe_layout_dsum(A, &sa, B, &sb, &res, &why, &err);
	if (expect_answer(c, scaled ? "tile" : "dsum", r, &why, &res, &err) > 0)
		check_product(c, res.layout, &res.shape, A, &sa, B, &sb, scaled);
}

static void check_tile(alg_case *c, prop_rng *rng)
{
	check_tile_or_dsum(c, rng, true);
}

static void check_dsum(alg_case *c, prop_rng *rng)
{
	check_tile_or_dsum(c, rng, false);
}

static void test_tile(void **state)
{
	(void)state;
	run_cases(__func__, 3000, check_tile);
}

static void test_dsum(void **state)
{
	(void)state;
	run_cases(__func__, 2000, check_dsum);
}

/* --------------------------------------------------------------- tile-of -- */

/*
 * T = tile(C, B) (or dsum(C, B) when "from_dsum"), then tile_of(T, B): a
 * recovered outer layout must satisfy the tile equation; without replicas
 * and from a tile, one must be found ("complete").
 */
static void check_recovery(alg_case *c, prop_rng *rng, int replica_percent, bool from_dsum)
{
	prop_layout_params p = small_params(64, replica_percent);
	axe_layout *C = random_layout(c, rng, &p), *B = random_layout(c, rng, &p);
	axe_algebra_result made, found;
	const axe_layout *T;
	axe_shape sc, sb;
	axe_reason why;
	axe_error err;
	int r;

	pair_shapes(rng, C, B, &sc, &sb);
	note_layout(c, "outer", C, &sc);
	note_layout(c, "inner", B, &sb);
	axe_error_init(&err);
	r = from_dsum ? axe_layout_dsum(C, &sc, B, &sb, &made, &why, &err)
		      : axe_layout_tile(C, &sc, B, &sb, &made, &why, &err);
	if (expect_answer(c, from_dsum ? "dsum" : "tile", r, &why, &made, &err) == 0)
		return;
	T = made.layout;
	if (prop_rng_chance(rng, 50)) {
		/* The same map written out in its interleaved blocks, not canonical. */
		axe_shape inter = { made.ninterleaved, { 0 } };
		axe_algebra_result grouped;
		memcpy(inter.dim, made.interleaved, made.ninterleaved * sizeof(int64_t));
		r = axe_layout_group(T, &inter, &grouped, &why, &err);
		CHECK(c, r > 0, "the interleaved shape does not group the result: %s",
		      r == 0 ? why.text : err.message);
		T = own_layout(c, grouped.layout);
		note_layout(c, "T", T, &made.shape);
	}
	r = axe_layout_tile_of(T, &made.shape, B, &sb, &found, &why, &err);
	if (expect_answer(c, "tile-of", r, &why, &found, &err) > 0)
		check_product(c, T, &made.shape, found.layout, &found.shape, B, &sb, true);
	CHECK(c, r > 0 || from_dsum || replica_percent > 0,
	      "tile-of found no outer layout for a tile: %s", why.text);
}

static void check_tile_of_complete(alg_case *c, prop_rng *rng)
{
	check_recovery(c, rng, 0, false);
}

static void check_tile_of_replicas(alg_case *c, prop_rng *rng)
{
	check_recovery(c, rng, 60, false);
}

static void check_tile_of_dsum(alg_case *c, prop_rng *rng)
{
	check_recovery(c, rng, 30, true);
}

static void test_tile_of_complete(void **state)
{
	(void)state;
	run_cases(__func__, 3000, check_tile_of_complete);
}

static void test_tile_of_replicas(void **state)
{
	(void)state;
	run_cases(__func__, 1500, check_tile_of_replicas);
}

static void test_tile_of_dsum(void **state)
{
	(void)state;
	run_cases(__func__, 1000, check_tile_of_dsum);
}

/* ------------------------------------------------------- swizzled tiles -- */

/*
 * A layout on m of 2^bits points whose strides, times "unit", are the
 * row-major strides of its iters in a random memory order: compact, so its
 * span is (2^bits - 1) * unit + 1.
 */
static axe_layout *compact_layout(alg_case *c, prop_rng *rng, int bits, int64_t unit)
{
	axe_layout *L = own_layout(c, axe_layout_new());
	int64_t extent[8], stride[8], order[8], next = unit;
	int n = 0, m = axe_layout_intern_axis(L, "m");

	for (int left = bits; left > 0 || n == 0; n++) {
		int take = left ? (int)prop_rng_range(rng, 1, left < 3 ? left : 3) : 0;
		extent[n] = (int64_t)1 << take;
		order[n] = n;
		left -= take;
	}
	for (int i = n; i-- > 1;) {
		int j = (int)prop_rng_range(rng, 0, i);
		int64_t t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (int i = 0; i < n; i++) {
		stride[order[i]] = next;
		next *= extent[order[i]];
	}
	for (int i = 0; i < n; i++)
		assert_int_equal(axe_layout_push_shard(L, extent[i], stride[i], m), 0);
	return L;
}

/* A random swizzle with B >= 1 whose bits M + B + S stay within "bits" (at least 2). */
static axe_swizzle swizzle_within(prop_rng *rng, int bits)
{
	int len = (int)prop_rng_range(rng, 1, bits / 2);
	int atom = (int)prop_rng_range(rng, len, bits - len);
	int per = (int)prop_rng_range(rng, 0, bits - len - atom);

	return (axe_swizzle){ true, per, len, atom };
}

/*
 * The swizzle cases of tile.c, which random layouts rarely reach: an inner
 * atom whose span is a multiple of its swizzle's period (kept), and a
 * swizzled outer with m strides in units of 2^M over a compact inner whose
 * span is a power of two (rescaled).  Both must succeed, satisfy the tile
 * equation, and be recovered by tile-of.
 */
static void check_tile_swizzled(alg_case *c, prop_rng *rng)
{
	static const char *const m_only[] = { "m" };
	prop_layout_params p = small_params(32, 30);
	bool inner = prop_rng_chance(rng, 50);
	int bits = (int)prop_rng_range(rng, 2, 6);
	axe_layout *A, *B;
	axe_algebra_result made, found;
	axe_shape sa, sb;
	axe_reason why;
	axe_error err;

	p.axes = m_only;
	p.naxes = 1;
	p.swizzle_percent = 0;
	if (inner) {
		A = random_layout(c, rng, &p);
		B = compact_layout(c, rng, bits, 1);
		B->swizzle = swizzle_within(rng, bits);
	} else {
		axe_swizzle sw = swizzle_within(rng, (int)prop_rng_range(rng, 2, 6));
		A = compact_layout(c, rng, (int)prop_rng_range(rng, 1, 5), (int64_t)1 << sw.per_element);
		A->swizzle = sw;
		B = compact_layout(c, rng, bits, 1);
	}
	/* Shapes that always group: the default ones, or rank 1. */
	if (A->nshard == B->nshard && prop_rng_chance(rng, 50)) {
		axe_layout_default_shape(A, &sa);
		axe_layout_default_shape(B, &sb);
	} else {
		shape_of_rank(rng, A, 1, &sa);
		shape_of_rank(rng, B, 1, &sb);
	}
	note_layout(c, "outer", A, &sa);
	note_layout(c, "inner", B, &sb);
	axe_error_init(&err);
	CHECK(c, expect_answer(c, "tile", axe_layout_tile(A, &sa, B, &sb, &made, &why, &err),
			       &why, &made, &err) > 0, "tile refused: %s", why.text);
	CHECK(c, made.layout->swizzle.present, "the swizzle was dropped");
	check_product(c, made.layout, &made.shape, A, &sa, B, &sb, true);
	CHECK(c, expect_answer(c, "tile-of", axe_layout_tile_of(made.layout, &made.shape, B, &sb,
								&found, &why, &err),
			       &why, &found, &err) > 0, "tile-of refused: %s", why.text);
	check_product(c, made.layout, &made.shape, found.layout, &found.shape, B, &sb, true);
}

static void test_tile_swizzled(void **state)
{
	(void)state;
	run_cases(__func__, 1500, check_tile_swizzled);
}

/* ------------------------------------------------------------------ slice -- */

/*
 * Is y -> g[y] ("n" rows of "nu" values, g[0] = 0) the shard map of some
 * iter list whose consecutive blocks have extent products "dims" (dimension
 * "d" and those before it still to form, "need" left of dimension d)?  Brute
 * force over every innermost extent e dividing what the dimension needs (not
 * only primes, unlike fit.c): the stride t = g[1] lies on one axis, each chunk
 * of e is a run of t, and the chunk starts form such a map again.
 */
static bool expressible_in(const int64_t *g, int64_t n, size_t nu, const int64_t *dims,
			   size_t d, int64_t need)
{
	int64_t *h;
	bool found = false;

	while (need == 1) {
		if (d == 0)
			return true;
		need = dims[--d];
	}
	h = malloc((size_t)n * nu * sizeof(int64_t));
	assert_non_null(h);
	for (int64_t e = 2; e <= need && !found; e++) {
		size_t axes = 0;
		bool ok = need % e == 0;
		for (size_t a = 0; ok && a < nu; a++)
			axes += g[nu + a] != 0;
		ok = ok && axes <= 1;
		for (int64_t q = 0; ok && q < n / e; q++)
			for (int64_t r = 0; ok && r < e; r++)
				for (size_t a = 0; ok && a < nu; a++)
					ok = g[(q * e + r) * nu + a] == g[q * e * nu + a] + r * g[nu + a];
		if (!ok)
			continue;
		for (int64_t q = 0; q < n / e; q++)
			memcpy(h + q * nu, g + q * e * nu, nu * sizeof(int64_t));
		found = expressible_in(h, n / e, nu, dims, d, need / e);
	}
	free(h);
	return found;
}

/*
 * The shard values of "L" on "shape" over the region "begin".."end" (row-major
 * over the region), minus the value at its corner, into a new owned array;
 * "*n" gets the region's point count.
 */
static int64_t *region_rows(alg_case *c, const axe_layout *L, const axe_shape *shape,
			    const int64_t *begin, const int64_t *end, int64_t *n)
{
	int64_t y[AXE_MAX_RANK], x[AXE_MAX_RANK], *g, *base;
	axe_shape region = { shape->rank, { 0 } };
	axe_evaluator ev;
	axe_error err;

	*n = 1;
	for (size_t d = 0; d < shape->rank; d++)
		*n *= region.dim[d] = end[d] - begin[d];
	axe_error_init(&err);
	assert_int_equal(axe_evaluator_init(&ev, L, shape, &err), 0);
	g = own(c, malloc((size_t)*n * L->naxes * sizeof(int64_t) + 1));
	base = own(c, malloc(L->naxes * sizeof(int64_t) + 1));
	axe_evaluator_base(&ev, flatten(shape, begin), base);
	for (int64_t f = 0; f < *n; f++) {
		unflatten(&region, f, y);
		for (size_t d = 0; d < shape->rank; d++)
			x[d] = y[d] + begin[d];
		axe_evaluator_base(&ev, flatten(shape, x), g + f * L->naxes);
		for (size_t a = 0; a < L->naxes; a++)
			g[f * L->naxes + a] -= base[a];
	}
	axe_evaluator_release(&ev);
	return g;
}

/* The region: a random range per dimension, whole ranges now and then. */
static void random_region(prop_rng *rng, const axe_shape *shape, int64_t *begin, int64_t *end)
{
	for (size_t d = 0; d < shape->rank; d++) {
		if (prop_rng_chance(rng, 25)) {
			begin[d] = 0;
			end[d] = shape->dim[d];
			continue;
		}
		begin[d] = prop_rng_range(rng, 0, shape->dim[d] - 1);
		end[d] = prop_rng_range(rng, begin[d] + 1, shape->dim[d]);
	}
}

/* L'(y) = L(y + begin) for every y of the region. */
static void check_slice_map(alg_case *c, const axe_layout *S, const axe_shape *ss,
			    const axe_layout *L, const axe_shape *shape, const int64_t *begin)
{
	universe u = { .n = 0 };
	int64_t y[AXE_MAX_RANK], x[AXE_MAX_RANK];
	char t1[1024], t2[1024];
	table tsl, tl;

	universe_add(&u, S);
	universe_add(&u, L);
	tsl = make_table(c, S, ss, &u);
	tl = make_table(c, L, shape, &u);
	for (int64_t f = 0; f < tsl.size; f++) {
		unflatten(ss, f, y);
		for (size_t d = 0; d < shape->rank; d++)
			x[d] = y[d] + begin[d];
		CHECK(c, tsl.nimg == tl.nimg &&
			 memcmp(point_rows(&tsl, f), point_rows(&tl, flatten(shape, x)),
				tl.nimg * u.n * sizeof(int64_t)) == 0,
		      "region point %" PRId64 ": the slice has %s, the layout %s", f,
		      rows_text(t1, sizeof(t1), point_rows(&tsl, f), tsl.nimg, u.n),
		      rows_text(t2, sizeof(t2), point_rows(&tl, flatten(shape, x)), tl.nimg, u.n));
	}
}

/* A refused region has no iter list on any shape of its points (brute force). */
static void check_slice_refusal(alg_case *c, const axe_layout *L, const axe_shape *shape,
				const int64_t *begin, const int64_t *end)
{
	int64_t n = 1, *g;

	for (size_t d = 0; d < shape->rank; d++)
		n *= end[d] - begin[d];
	if (n > 512)
		return;
	g = region_rows(c, L, shape, begin, end, &n);
	CHECK(c, !expressible_in(g, n, L->naxes, &n, 0, n), "slice refused a region that an "
	      "iter list expresses");
	count(c, "brute-force-confirmed", 1);
}

static void check_slice(alg_case *c, prop_rng *rng)
{
	prop_layout_params p = prop_layout_params_default();
	axe_layout *L = random_layout(c, rng, &p);
	int64_t begin[AXE_MAX_RANK], end[AXE_MAX_RANK];
	axe_algebra_result res;
	axe_shape shape;
	axe_reason why;
	axe_error err;

	if (prop_rng_chance(rng, 30)) {
		shape.rank = 1;
		shape.dim[0] = layout_size(L);
	} else {
		prop_random_shape(rng, &p, L, &shape);
	}
	random_region(rng, &shape, begin, end);
	note_layout(c, "L", L, &shape);
	note(c, "  region   ");
	for (size_t d = 0; d < shape.rank; d++)
		note(c, "%s%" PRId64 ":%" PRId64, d ? "," : "", begin[d], end[d]);
	note(c, "\n");
	axe_error_init(&err);
	if (expect_answer(c, "slice", axe_layout_slice(L, &shape, begin, end, shape.rank, &res,
							&why, &err), &why, &res, &err) > 0)
		check_slice_map(c, res.layout, &res.shape, L, &shape, begin);
	else
		check_slice_refusal(c, L, &shape, begin, end);
}

static void test_slice(void **state)
{
	(void)state;
	run_cases(__func__, 5000, check_slice);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_group, teardown_case),
		cmocka_unit_test_teardown(test_tile, teardown_case),
		cmocka_unit_test_teardown(test_dsum, teardown_case),
		cmocka_unit_test_teardown(test_tile_of_complete, teardown_case),
		cmocka_unit_test_teardown(test_tile_of_replicas, teardown_case),
		cmocka_unit_test_teardown(test_tile_of_dsum, teardown_case),
		cmocka_unit_test_teardown(test_tile_swizzled, teardown_case),
		cmocka_unit_test_teardown(test_slice, teardown_case),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	printf("# AXE_SEED=%" PRIu64 " AXE_PROP_SCALE=%" PRId64 "\n", prop_base_seed(),
	       prop_scale());
	return cmocka_run_group_tests_name("prop_algebra", tests, NULL, NULL);
}
