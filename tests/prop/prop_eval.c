/*
 * prop_eval.c: property tests of the forward map and its odometer, the
 * checksum, the backward map (core/eval.c, core/inverse.c), the print/parse
 * round trip (parse/) and injectivity (analyze/info.c), on seeded random
 * layouts from random_layout.h.
 *
 * Every property is checked against a brute-force oracle written here
 * straight from semantics.md ("Layout, domain, forward map"): flatten
 * row-major, split into digits by division and modulo, sum digit*stride per
 * axis, add the offset and every replica combination, swizzle m.  It shares
 * no code with core/eval.c.
 *
 * A failure prints the seed of its case, the layout text and the shape;
 * `AXE_SEED=<seed> build/asan/tests/prop_eval <test>` replays that case
 * first.  AXE_PROP_SCALE multiplies the case counts (`make soak`).
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

#include "analyze/info.h"
#include "core/eval.h"
#include "parse/parse.h"
#include "prop/random_layout.h"

#define TEXT_SIZE 512 /* a formatted row or set in a failure message */
#define MAX_AXES 16   /* fixed-size rows; generated layouts name at most 8 axes */

/* ------------------------------------------------------------- oracle -- */

/* One (image, point) pair of the whole domain, for preimage look-ups. */
typedef struct pair {
	const int64_t *image;
	int64_t flat;
} pair;

/* The brute-force answer for one layout on one shape. */
typedef struct oracle {
	int64_t size;
	size_t naxes, rank;
	int m_axis;         /* index of m, or -1 */
	size_t ncombos;     /* replica combinations, repeats included */
	int64_t *combo;     /* ncombos rows of O + r, first replica iter slowest */
	int64_t *coord;     /* size rows of rank values */
	int64_t *base;      /* size rows: D(x) */
	int64_t *image;     /* size x ncombos rows: L(x), first occurrences */
	size_t *nimages;    /* per point */
	pair *pairs;        /* every (image, point), by image then point */
	size_t npairs;
	int64_t *lo, *hi;   /* per axis: the extremes of the images */
} oracle;

static int64_t floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;

	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/*
 * swz(m) of semantics.md with arithmetic instead of shifts on m:
 * x = floor(m / 2^M), f(x) = x ^ ((x >> S) & (2^B - 1)), swz = f(x)*2^M + low.
 */
static int64_t oracle_swizzle(const axe_swizzle *sw, int64_t m)
{
	int64_t unit = (int64_t)1 << sw->per_element;
	int64_t x = floor_div(m, unit), low = m - x * unit;
	int64_t moved = floor_div(x, (int64_t)1 << sw->atom) & (((int64_t)1 << sw->len) - 1);

	return (x ^ moved) * unit + low;
}

/* Append every O + r to "o->combo", iter "i" and later varying fastest. */
static void oracle_combos(const axe_layout *L, size_t i, int64_t *row, oracle *o)
{
	if (i == L->nreplica) {
		memcpy(o->combo + o->ncombos++ * o->naxes, row, o->naxes * sizeof(int64_t));
		return;
	}
	for (int64_t c = 0; c < L->replica[i].extent; c++) {
		row[L->replica[i].axis] += c * L->replica[i].stride;
		oracle_combos(L, i + 1, row, o);
		row[L->replica[i].axis] -= c * L->replica[i].stride;
	}
}

/* The coordinate of "flat" in "shape" and D(x): digits by division. */
static void oracle_point(const axe_layout *L, const axe_shape *shape, int64_t flat,
			 int64_t *coord, int64_t *base, size_t naxes)
{
	int64_t rest = flat;

	for (size_t d = shape->rank; d-- > 0; rest /= shape->dim[d])
		coord[d] = rest % shape->dim[d];
	memset(base, 0, naxes * sizeof(int64_t));
	rest = flat;
	for (size_t k = L->nshard; k-- > 0; rest /= L->shard[k].extent)
		base[L->shard[k].axis] += (rest % L->shard[k].extent) * L->shard[k].stride;
}

/* Equal rows; either may be NULL when "n" is 0 (an empty inverse). */
static bool rows_equal(const int64_t *a, const int64_t *b, size_t n)
{
	return n == 0 || memcmp(a, b, n * sizeof(int64_t)) == 0;
}

/* "base" + "offset", swizzled on m, into "out". */
static void oracle_shift(const oracle *o, const axe_layout *L, const int64_t *base,
			 const int64_t *offset, int64_t *out)
{
	for (size_t a = 0; a < o->naxes; a++)
		out[a] = base[a] + offset[a];
	if (o->m_axis >= 0 && L->swizzle.present)
		out[o->m_axis] = oracle_swizzle(&L->swizzle, out[o->m_axis]);
}

/* L("flat") into the point's image rows, dropping repeats. */
static void oracle_images(oracle *o, const axe_layout *L, int64_t flat)
{
	const int64_t *base = o->base + flat * o->naxes;
	int64_t *rows = o->image + (size_t)flat * o->ncombos * o->naxes;
	size_t n = 0;

	for (size_t j = 0; j < o->ncombos; j++) {
		int64_t *row = rows + n * o->naxes;
		bool seen = false;
		oracle_shift(o, L, base, o->combo + j * o->naxes, row);
		for (size_t i = 0; i < n && !seen; i++)
			seen = rows_equal(rows + i * o->naxes, row, o->naxes);
		n += !seen;
	}
	o->nimages[flat] = n;
}

static const int64_t *oracle_image(const oracle *o, int64_t flat, size_t i)
{
	return o->image + ((size_t)flat * o->ncombos + i) * o->naxes;
}

static int compare_pairs(const void *pa, const void *pb, void *naxes)
{
	const pair *a = pa, *b = pb;

	for (size_t i = 0; i < *(const size_t *)naxes; i++)
		if (a->image[i] != b->image[i])
			return a->image[i] < b->image[i] ? -1 : 1;
	return a->flat < b->flat ? -1 : a->flat > b->flat;
}

/* Index every (image, point) pair and the per-axis extremes. */
static void oracle_index(oracle *o)
{
	for (int64_t x = 0; x < o->size; x++)
		for (size_t i = 0; i < o->nimages[x]; i++) {
			const int64_t *img = oracle_image(o, x, i);
			for (size_t a = 0; a < o->naxes; a++) {
				if (o->npairs == 0 || img[a] < o->lo[a])
					o->lo[a] = img[a];
				if (o->npairs == 0 || img[a] > o->hi[a])
					o->hi[a] = img[a];
			}
			o->pairs[o->npairs++] = (pair){ img, x };
		}
	qsort_r(o->pairs, o->npairs, sizeof(pair), compare_pairs, &o->naxes);
}

/*
 * The brute-force tables of "L" on "shape"; false when out of memory or when
 * "L" names more than MAX_AXES axes.
 */
static bool oracle_build(oracle *o, const axe_layout *L, const axe_shape *shape)
{
	size_t na = L->naxes ? L->naxes : 1, combos = 1;
	int64_t row[MAX_AXES];

	memset(o, 0, sizeof(*o));
	o->naxes = L->naxes;
	o->rank = shape->rank;
	o->m_axis = axe_layout_axis_index(L, "m");
	o->size = 1;
	for (size_t k = 0; k < L->nshard; k++)
		o->size *= L->shard[k].extent;
	for (size_t k = 0; k < L->nreplica; k++)
		combos *= (size_t)L->replica[k].extent;
	if (L->naxes > sizeof(row) / sizeof(row[0]))
		return false;
	o->combo = malloc(combos * na * sizeof(int64_t));
	o->coord = malloc((size_t)o->size * (o->rank ? o->rank : 1) * sizeof(int64_t));
	o->base = malloc((size_t)o->size * na * sizeof(int64_t));
	o->image = malloc((size_t)o->size * combos * na * sizeof(int64_t));
	o->nimages = malloc((size_t)o->size * sizeof(size_t));
	o->pairs = malloc((size_t)o->size * combos * sizeof(pair));
	o->lo = malloc(na * sizeof(int64_t));
	o->hi = malloc(na * sizeof(int64_t));
	if (!o->combo || !o->coord || !o->base || !o->image || !o->nimages || !o->pairs ||
	    !o->lo || !o->hi)
		return false;
	memcpy(row, L->offset, L->naxes * sizeof(int64_t));
	oracle_combos(L, 0, row, o);
	for (int64_t x = 0; x < o->size; x++) {
		oracle_point(L, shape, x, o->coord + x * o->rank, o->base + x * o->naxes, o->naxes);
		oracle_images(o, L, x);
	}
	oracle_index(o);
	return true;
}

static void oracle_release(oracle *o)
{
	free(o->combo);
	free(o->coord);
	free(o->base);
	free(o->image);
	free(o->nimages);
	free(o->pairs);
	free(o->lo);
	free(o->hi);
	memset(o, 0, sizeof(*o));
}

/* The pairs whose image is "target": [*first, *first + returned count). */
static size_t oracle_preimage(const oracle *o, const int64_t *target, size_t *first)
{
	size_t lo = 0, hi = o->npairs, end;
	pair key = { target, INT64_MIN };

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (compare_pairs(&o->pairs[mid], &key, (void *)&o->naxes) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (end = lo; end < o->npairs && rows_equal(o->pairs[end].image, target, o->naxes);)
		end++;
	*first = lo;
	return end - lo;
}

/* ----------------------------------------------------- cases, reports -- */

/*
 * One checked case.  It owns everything a check allocates, so that the
 * teardown can free it after a failed check (cmocka's fail() longjmps).
 */
typedef struct prop_case {
	const char *test;     /* cmocka test name, for the replay line */
	uint64_t seed;        /* 0 for the hand-written cases */
	axe_layout *layout;
	char *text;
	axe_shape shape;
	axe_evaluator ev;
	bool ev_ready;
	oracle want;
	axe_cursor cur;
	bool cur_ready;
	axe_info info;
	bool info_ready;
	axe_layout *reparsed;
	char *reprinted;
	int64_t *got;         /* the last inverse answer */
	int64_t *scratch;     /* room for size + images x naxes values */
} prop_case;

static prop_case current;

static void case_close(prop_case *c)
{
	if (c->cur_ready)
		axe_cursor_release(&c->cur);
	if (c->info_ready)
		axe_info_release(&c->info);
	if (c->ev_ready)
		axe_evaluator_release(&c->ev);
	oracle_release(&c->want);
	axe_layout_free(c->layout);
	axe_layout_free(c->reparsed);
	free(c->text);
	free(c->reprinted);
	free(c->got);
	free(c->scratch);
	memset(c, 0, sizeof(*c));
}

static int teardown_case(void **state)
{
	(void)state;
	case_close(&current);
	return 0;
}

/* Print what replays the failing case, then the detail, and fail the test. */
__attribute__((format(printf, 4, 5)))
static void case_fail(const prop_case *c, int line, const char *cond, const char *fmt, ...)
{
	char shape[TEXT_SIZE];
	va_list ap;

	prop_shape_text(&c->shape, shape, sizeof(shape));
	fprintf(stderr, "\n%s: property failed at %s:%d: %s\n", c->test, __FILE__, line, cond);
	if (c->seed)
		fprintf(stderr, "  seed:   %" PRIu64 "  (replay: AXE_SEED=%" PRIu64
			" build/asan/tests/prop_eval %s)\n", c->seed, c->seed, c->test);
	fprintf(stderr, "  layout: %s\n  shape:  %s\n  ", c->text ? c->text : "?", shape);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fail();
}

/* The message arguments are only evaluated when "cond" is false. */
#define CHECK(c, cond, ...)                                           \
	do {                                                          \
		if (!(cond))                                          \
			case_fail((c), __LINE__, #cond, __VA_ARGS__); \
	} while (0)

/* "(v0, v1, ...)" of "n" values into "out" (TEXT_SIZE bytes); returns "out". */
static char *row_text(char *out, const int64_t *v, size_t n)
{
	size_t used = (size_t)snprintf(out, TEXT_SIZE, "(");

	for (size_t i = 0; i < n && used < TEXT_SIZE; i++)
		used += (size_t)snprintf(out + used, TEXT_SIZE - used, "%s%" PRId64,
					 i ? ", " : "", v[i]);
	if (used < TEXT_SIZE)
		snprintf(out + used, TEXT_SIZE - used, ")");
	return out;
}

/* A physical point of "L" as "(axis=v, ...)", '*' on free axes; returns "out". */
static char *target_text(char *out, const axe_layout *L, const int64_t *v, const bool *given)
{
	size_t used = (size_t)snprintf(out, TEXT_SIZE, "(");

	for (size_t a = 0; a < L->naxes && used < TEXT_SIZE; a++) {
		used += (size_t)snprintf(out + used, TEXT_SIZE - used, "%s%s=", a ? ", " : "",
					 L->axis[a]);
		if (used >= TEXT_SIZE)
			break;
		if (given && !given[a])
			used += (size_t)snprintf(out + used, TEXT_SIZE - used, "*");
		else
			used += (size_t)snprintf(out + used, TEXT_SIZE - used, "%" PRId64, v[a]);
	}
	if (used < TEXT_SIZE)
		snprintf(out + used, TEXT_SIZE - used, ")");
	return out;
}

/* "{r0 r1 ...}" of "n" rows of "width" values, cut short with "..."; returns "out". */
static char *rows_text(char *out, const int64_t *rows, size_t n, size_t width)
{
	char row[TEXT_SIZE];
	size_t used = (size_t)snprintf(out, TEXT_SIZE, "{");

	for (size_t i = 0; i < n; i++) {
		row_text(row, rows + i * width, width);
		/* Single values print bare: "{3 7}", not "{(3) (7)}". */
		if (width == 1)
			row[strlen(row) - 1] = '\0';
		if (used + strlen(row) + 32 >= TEXT_SIZE) {
			snprintf(out + used, TEXT_SIZE - used, " ... (%zu in all)", n);
			used += strlen(out + used);
			break;
		}
		used += (size_t)snprintf(out + used, TEXT_SIZE - used, "%s%s", i ? " " : "",
					 width == 1 ? row + 1 : row);
	}
	snprintf(out + used, TEXT_SIZE - used, "}");
	return out;
}

/*
 * Prepare "c" for "L" (taken) on "shape": its text and, when "exhaustive",
 * the evaluator and the oracle.
 */
static void case_start(prop_case *c, const char *test, uint64_t seed, axe_layout *L,
		       const axe_shape *shape, bool exhaustive)
{
	axe_error err;
	size_t room;

	case_close(c);
	axe_error_init(&err);
	c->test = test;
	c->seed = seed;
	c->layout = L;
	c->shape = *shape;
	assert_non_null(L);
	c->text = axe_layout_to_string(L);
	assert_non_null(c->text);
	if (!exhaustive)
		return;
	CHECK(c, axe_evaluator_init(&c->ev, L, shape, &err) == 0, "init: %s", err.message);
	c->ev_ready = true;
	CHECK(c, oracle_build(&c->want, L, shape),
	      "oracle: out of memory or more than %d axes", MAX_AXES);
	room = (size_t)c->want.size + c->want.ncombos * (c->want.naxes + 1);
	c->scratch = malloc(room * sizeof(int64_t));
	assert_non_null(c->scratch);
}

/* Start the random case "seed" under "p". */
static void case_random(prop_case *c, const char *test, uint64_t seed,
			const prop_layout_params *p, bool exhaustive)
{
	prop_rng rng = prop_rng_seeded(seed);
	axe_layout *L = prop_random_layout(&rng, p);
	axe_shape shape;

	assert_non_null(L);
	prop_random_shape(&rng, p, L, &shape);
	case_start(c, test, seed, L, &shape, exhaustive);
}

typedef void check_fn(prop_case *c);

/*
 * Run "check" on "count" x AXE_PROP_SCALE random cases, with the evaluator
 * and the oracle prepared when "exhaustive".
 */
static void run_random(const char *test, int64_t count, bool exhaustive, check_fn *check)
{
	prop_layout_params p = prop_layout_params_default();
	uint64_t base = prop_base_seed();
	int64_t n = count * prop_scale();

	for (int64_t i = 0; i < n; i++) {
		case_random(&current, test, prop_case_seed(base, i), &p, exhaustive);
		check(&current);
	}
	case_close(&current);
}

/* ---------------------------------------------- 1. point evaluation -- */

/* Coordinates: unflatten and flatten agree with row-major order. */
static void check_coords(prop_case *c, int64_t x, int64_t *coord)
{
	const oracle *o = &c->want;
	char t1[TEXT_SIZE], t2[TEXT_SIZE];
	int64_t back = -1;

	axe_evaluator_unflatten(&c->ev, x, coord);
	CHECK(c, rows_equal(coord, o->coord + x * o->rank, o->rank),
	      "point %" PRId64 ": unflatten gives %s, expected %s", x,
	      row_text(t1, coord, o->rank), row_text(t2, o->coord + x * o->rank, o->rank));
	CHECK(c, axe_evaluator_flatten(&c->ev, coord, &back, NULL) == 0 && back == x,
	      "coordinate %s: flatten gives %" PRId64 ", expected %" PRId64,
	      row_text(t1, coord, o->rank), back, x);
}

/* D(x), L(x) in enumeration order, and D(x) + O alone, for point "x". */
static void check_images(prop_case *c, int64_t x, int64_t *base, int64_t *images)
{
	const oracle *o = &c->want;
	const int64_t *want = oracle_image(o, x, 0);
	char t1[TEXT_SIZE], t2[TEXT_SIZE];
	int64_t plain[MAX_AXES];

	axe_evaluator_base(&c->ev, x, base);
	CHECK(c, rows_equal(base, o->base + x * o->naxes, o->naxes),
	      "point %" PRId64 ": D(x) is %s, expected %s", x, row_text(t1, base, o->naxes),
	      row_text(t2, o->base + x * o->naxes, o->naxes));
	axe_evaluator_images(&c->ev, base, true, images);
	CHECK(c, c->ev.nimages == o->nimages[x] &&
		 rows_equal(images, want, o->nimages[x] * o->naxes),
	      "point %" PRId64 ": images %s, expected (in this order) %s", x,
	      rows_text(t1, images, c->ev.nimages, o->naxes),
	      rows_text(t2, want, o->nimages[x], o->naxes));
	oracle_shift(o, c->layout, o->base + x * o->naxes, c->layout->offset, plain);
	axe_evaluator_images(&c->ev, base, false, images);
	CHECK(c, rows_equal(images, plain, o->naxes),
	      "point %" PRId64 ": image without replicas %s, expected %s", x,
	      row_text(t1, images, o->naxes), row_text(t2, plain, o->naxes));
}

/* A coordinate one step outside the shape (on a seed-chosen side) is refused. */
static void check_outside(prop_case *c, int64_t *coord)
{
	size_t d;
	int64_t flat = 0;
	char t1[TEXT_SIZE];

	if (c->shape.rank == 0)
		return; /* shape () has one point and nothing outside it */
	d = (size_t)(c->seed % c->shape.rank);
	memset(coord, 0, c->shape.rank * sizeof(int64_t));
	coord[d] = c->seed % 2 ? -1 : c->shape.dim[d];
	CHECK(c, axe_evaluator_flatten(&c->ev, coord, &flat, NULL) < 0,
	      "coordinate %s outside the shape was accepted as %" PRId64,
	      row_text(t1, coord, c->shape.rank), flat);
}

static void check_point_eval(prop_case *c)
{
	const oracle *o = &c->want;
	int64_t coord[AXE_MAX_RANK], base[MAX_AXES];

	/* The deduplication keeps the same combinations at every point. */
	CHECK(c, c->ev.replicas_coincide == (o->nimages[0] < o->ncombos),
	      "replicas_coincide is %d with %zu distinct of %zu combinations",
	      c->ev.replicas_coincide, o->nimages[0], o->ncombos);
	for (int64_t x = 0; x < o->size; x++) {
		check_coords(c, x, coord);
		check_images(c, x, base, c->scratch);
	}
	check_outside(c, coord);
}

static void test_point_eval(void **state)
{
	(void)state;
	run_random(__func__, 500, true, check_point_eval);
}

/* ----------------------------------------------------- 2. the odometer -- */

/* The cursor at step "x" against the oracle. */
static void check_cursor_step(prop_case *c, int64_t x)
{
	const oracle *o = &c->want;
	const int64_t *coord = o->coord + x * o->rank, *base = o->base + x * o->naxes;
	char t1[TEXT_SIZE], t2[TEXT_SIZE], t3[TEXT_SIZE], t4[TEXT_SIZE];

	CHECK(c, c->cur.flat == x && rows_equal(c->cur.coord, coord, o->rank) &&
		 rows_equal(c->cur.base, base, o->naxes),
	      "step %" PRId64 ": cursor at flat %" PRId64 " coord %s base %s, expected coord %s"
	      " base %s", x, c->cur.flat, row_text(t1, c->cur.coord, o->rank),
	      row_text(t2, c->cur.base, o->naxes), row_text(t3, coord, o->rank),
	      row_text(t4, base, o->naxes));
}

static void check_cursor(prop_case *c)
{
	int64_t x = 0;

	CHECK(c, axe_cursor_init(&c->cur, &c->ev, NULL) == 0, "cursor: out of memory");
	c->cur_ready = true;
	for (; !c->cur.done && x < c->want.size; axe_cursor_next(&c->cur), x++)
		check_cursor_step(c, x);
	CHECK(c, c->cur.done && x == c->want.size,
	      "the walk stopped after %" PRId64 " of %" PRId64 " points (done=%d)", x,
	      c->want.size, c->cur.done);
	axe_cursor_release(&c->cur);
	c->cur_ready = false;
}

static void test_cursor_walk(void **state)
{
	(void)state;
	run_random(__func__, 500, true, check_cursor);
}

/* ----------------------------------------------------- 3. the checksum -- */

static int swizzled_cases, linear_cases; /* both code paths must be covered */

static void check_checksum(prop_case *c)
{
	const oracle *o = &c->want;
	axe_checksum got;
	uint64_t want = 0;
	int64_t nimages = 0;

	for (int64_t x = 0; x < o->size; x++)
		for (size_t i = 0; i < o->nimages[x]; i++, nimages++)
			want += axe_image_hash(&c->ev, x, oracle_image(o, x, i));
	CHECK(c, axe_evaluator_checksum(&c->ev, &got, NULL) == 0, "checksum: out of memory");
	CHECK(c, got.points == o->size && got.images == nimages && got.hash == want,
	      "checksum (%s path): points %" PRId64 " images %" PRId64 " hash %016" PRIx64
	      ", expected %" PRId64 " %" PRId64 " %016" PRIx64,
	      c->layout->swizzle.present ? "swizzled" : "linear", got.points, got.images,
	      got.hash, o->size, nimages, want);
	if (c->layout->swizzle.present)
		swizzled_cases++;
	else
		linear_cases++;
}

static void test_checksum(void **state)
{
	(void)state;
	swizzled_cases = linear_cases = 0;
	run_random(__func__, 500, true, check_checksum);
	assert_true(swizzled_cases > 0);
	assert_true(linear_cases > 0);
}

/* ------------------------------------------------- 4. the backward map -- */

/*
 * The inverse of "target" under "given" with preimage limit "limit" into
 * c->got and "*count"; 0, or -1 with the error in "err".
 */
static int inverse(prop_case *c, const int64_t *target, const bool *given, size_t limit,
		   size_t *count, axe_error *err)
{
	axe_error_init(err);
	free(c->got);
	c->got = NULL;
	*count = 0;
	return axe_evaluator_inverse(&c->ev, target, given, &c->got, count, limit, err);
}

/* The inverse under limit "limit" is exactly the sorted set "want". */
static void expect_inverse(prop_case *c, const int64_t *target, const bool *given,
			   const int64_t *want, size_t nwant, size_t limit)
{
	char t1[TEXT_SIZE], t2[TEXT_SIZE], t3[TEXT_SIZE];
	size_t count;
	axe_error err;

	CHECK(c, inverse(c, target, given, limit, &count, &err) == 0,
	      "inverse of %s with limit %zu fails: %s (expected %s)",
	      target_text(t1, c->layout, target, given), limit, err.message,
	      rows_text(t3, want, nwant, 1));
	CHECK(c, count == nwant && rows_equal(c->got, want, count),
	      "inverse of %s: flat points %s, expected %s",
	      target_text(t1, c->layout, target, given), rows_text(t2, c->got, count, 1),
	      rows_text(t3, want, nwant, 1));
}

/*
 * The inverse of "target" under "given" is the sorted set "want" ("nwant"
 * flat indices) when the limit allows every point of the domain.
 */
static void check_inverse_at(prop_case *c, const int64_t *target, const bool *given,
			     const int64_t *want, size_t nwant)
{
	expect_inverse(c, target, given, want, nwant, (size_t)c->want.size);
}

/*
 * eval.h's limit contract ("more than limit preimages is an AXE_ERR_LIMIT
 * error") at its edge: a limit of exactly "nwant" answers, one less fails.
 * Limits stay >= 1, as `eval --limit` requires.
 */
static void check_inverse_limits(prop_case *c, const int64_t *target, const bool *given,
				 const int64_t *want, size_t nwant)
{
	char t1[TEXT_SIZE];
	size_t count;
	axe_error err;

	expect_inverse(c, target, given, want, nwant, nwant ? nwant : 1);
	if (nwant < 2)
		return;
	CHECK(c, inverse(c, target, given, nwant - 1, &count, &err) < 0 &&
		 err.code == AXE_ERR_LIMIT,
	      "inverse of %s with limit %zu below its %zu preimages: returned %zu points,"
	      " error code %d", target_text(t1, c->layout, target, given), nwant - 1,
	      nwant, count, err.code);
}

typedef void inverse_check_fn(prop_case *c, const int64_t *target, const bool *given,
			      const int64_t *want, size_t nwant);

/* The brute-force preimage of "target" into "out" (sorted); returns its size. */
static size_t brute_preimage(const oracle *o, const int64_t *target, int64_t *out)
{
	size_t first, n = oracle_preimage(o, target, &first);

	/* The pairs of one image are sorted by point, each point once. */
	for (size_t k = 0; k < n; k++)
		out[k] = o->pairs[first + k].flat;
	return n;
}

/* Every reachable physical point: exactly the points whose images hold it. */
static void check_inverse_images(prop_case *c)
{
	const oracle *o = &c->want;

	for (size_t i = 0; i < o->npairs;) {
		const int64_t *target = o->pairs[i].image;
		size_t n = brute_preimage(o, target, c->scratch);
		check_inverse_at(c, target, NULL, c->scratch, n);
		i += n;
	}
}

/* "check" on random points in and up to 2 beyond the images' bounding box. */
static void check_inverse_random(prop_case *c, prop_rng *rng, inverse_check_fn *check)
{
	const oracle *o = &c->want;
	int64_t target[MAX_AXES];

	for (int k = 0; k < 32; k++) {
		for (size_t a = 0; a < o->naxes; a++)
			target[a] = prop_rng_range(rng, o->lo[a] - 2, o->hi[a] + 2);
		check(c, target, NULL, c->scratch, brute_preimage(o, target, c->scratch));
	}
}

/* The points with an image equal to "target" on the "given" axes, sorted. */
static size_t brute_preimage_given(const oracle *o, const int64_t *target, const bool *given,
				   int64_t *out)
{
	size_t n = 0;

	for (int64_t x = 0; x < o->size; x++)
		for (size_t i = 0; i < o->nimages[x]; i++) {
			const int64_t *img = oracle_image(o, x, i);
			bool match = true;
			for (size_t a = 0; a < o->naxes && match; a++)
				match = !given[a] || img[a] == target[a];
			if (match) {
				out[n++] = x;
				break;
			}
		}
	return n;
}

/*
 * "check" with some axes free: the target is an image of a random point (or,
 * one time in four, one step off it on a random axis), garbage on the free
 * axes.
 */
static void check_inverse_given(prop_case *c, prop_rng *rng, inverse_check_fn *check)
{
	const oracle *o = &c->want;
	int64_t target[MAX_AXES];
	bool given[MAX_AXES];

	for (int k = 0; k < 12; k++) {
		int64_t x = prop_rng_range(rng, 0, o->size - 1);
		size_t i = (size_t)prop_rng_range(rng, 0, (int64_t)o->nimages[x] - 1);
		memcpy(target, oracle_image(o, x, i), o->naxes * sizeof(int64_t));
		if (prop_rng_chance(rng, 25))
			target[prop_rng_range(rng, 0, (int64_t)o->naxes - 1)] += 1 - 2 * (k % 2);
		for (size_t a = 0; a < o->naxes; a++) {
			given[a] = prop_rng_chance(rng, 50);
			if (!given[a])
				target[a] = prop_rng_range(rng, -1000, 1000);
		}
		check(c, target, given, c->scratch,
		      brute_preimage_given(o, target, given, c->scratch));
	}
}

static void check_inverse(prop_case *c)
{
	prop_rng rng = prop_rng_seeded(~c->seed);

	check_inverse_images(c);
	check_inverse_random(c, &rng, check_inverse_at);
	check_inverse_given(c, &rng, check_inverse_at);
}

static void test_inverse(void **state)
{
	(void)state;
	run_random(__func__, 250, true, check_inverse);
}

static void check_inverse_limit(prop_case *c)
{
	prop_rng rng = prop_rng_seeded(~c->seed);

	check_inverse_random(c, &rng, check_inverse_limits);
	check_inverse_given(c, &rng, check_inverse_limits);
}

static void test_inverse_limit(void **state)
{
	(void)state;
	run_random(__func__, 300, true, check_inverse_limit);
}

/* ------------------------------------------------ 5. print, parse, print -- */

static void check_round_trip(prop_case *c)
{
	axe_error err;

	axe_error_init(&err);
	c->reparsed = axe_layout_parse(c->text, &err);
	CHECK(c, c->reparsed != NULL, "the printed text does not parse: %s (column %d)",
	      err.message, err.col);
	c->reprinted = axe_layout_to_string(c->reparsed);
	assert_non_null(c->reprinted);
	CHECK(c, axe_layout_identical(c->layout, c->reparsed),
	      "parse(print(L)) differs from L; it prints as %s", c->reprinted);
	CHECK(c, strcmp(c->text, c->reprinted) == 0, "printing again gives %s", c->reprinted);
}

static void test_round_trip(void **state)
{
	(void)state;
	run_random(__func__, 4000, false, check_round_trip);
}

/* --------------------------------------------------- 6. injectivity -- */

/* Do points "x" and "y" share an image? */
static bool share_image(const oracle *o, int64_t x, int64_t y)
{
	for (size_t i = 0; i < o->nimages[x]; i++)
		for (size_t j = 0; j < o->nimages[y]; j++)
			if (rows_equal(oracle_image(o, x, i), oracle_image(o, y, j), o->naxes))
				return true;
	return false;
}

/* The first pair index whose image another point shares, or npairs. */
static size_t brute_collision(const oracle *o)
{
	/* A point lists each image once, so equal neighbours are two points. */
	for (size_t i = 1; i < o->npairs; i++)
		if (rows_equal(o->pairs[i - 1].image, o->pairs[i].image, o->naxes))
			return i;
	return o->npairs;
}

/* What brute_collision found, in words; returns "out". */
static char *collision_text(char *out, const oracle *o, size_t hit)
{
	char row[TEXT_SIZE];

	if (hit == o->npairs)
		snprintf(out, TEXT_SIZE, "no two points share an image");
	else
		snprintf(out, TEXT_SIZE, "points %" PRId64 " and %" PRId64 " share %s",
			 o->pairs[hit - 1].flat, o->pairs[hit].flat,
			 row_text(row, o->pairs[hit].image, o->naxes));
	return out;
}

/* Per axis, the unswizzled range: extremes of D(x) plus those of O + r. */
static void check_ranges(prop_case *c)
{
	const oracle *o = &c->want;

	/* Every point has an image, so o->lo and o->hi are set (swizzle applied). */
	for (size_t a = 0; a < o->naxes; a++)
		CHECK(c, c->info.axes[a].range_exact && c->info.axes[a].lo == o->lo[a] &&
			 c->info.axes[a].hi == o->hi[a],
		      "axis %s: range [%" PRId64 ", %" PRId64 "]%s, expected [%" PRId64 ", %" PRId64
		      "] (every image)", c->layout->axis[a], c->info.axes[a].lo, c->info.axes[a].hi,
		      c->info.axes[a].range_exact ? "" : " (inexact)", o->lo[a], o->hi[a]);
}

static void check_injectivity(prop_case *c)
{
	const oracle *o = &c->want;
	size_t hit = brute_collision(o);
	int64_t w0, w1;
	char t1[TEXT_SIZE];
	axe_error err;

	axe_error_init(&err);
	CHECK(c, axe_info_compute(&c->ev, &c->info, &err) == 0, "info: %s", err.message);
	c->info_ready = true;
	CHECK(c, c->info.injective != AXE_VERDICT_UNKNOWN, "injectivity undecided (axis %s)",
	      c->info.undecided_axis ? c->info.undecided_axis : "?");
	CHECK(c, c->info.injective == (hit < o->npairs ? AXE_VERDICT_FALSE : AXE_VERDICT_TRUE),
	      "injective is %d, but %s", c->info.injective, collision_text(t1, o, hit));
	w0 = c->info.witness[0];
	w1 = c->info.witness[1];
	CHECK(c, c->info.injective != AXE_VERDICT_FALSE ||
		 (w0 != w1 && w0 >= 0 && w1 >= 0 && w0 < o->size && w1 < o->size &&
		  share_image(o, w0, w1)),
	      "witness points %" PRId64 " and %" PRId64 " share no image", w0, w1);
	CHECK(c, c->info.size == o->size && c->info.images_per_point == o->nimages[0] &&
		 c->info.replicas_coincide == (o->nimages[0] < o->ncombos),
	      "info size %" PRId64 " images_per_point %zu coincide %d, expected %" PRId64
	      " %zu %d", c->info.size, c->info.images_per_point, c->info.replicas_coincide,
	      o->size, o->nimages[0], o->nimages[0] < o->ncombos);
	check_ranges(c);
}

static void test_injectivity(void **state)
{
	(void)state;
	run_random(__func__, 1000, true, check_injectivity);
}

/*
 * info on swizzled layouts: the per-axis minimum and maximum equal those of
 * the whole evaluated domain (the swizzle moves the extremes).
 */
static void check_info_range(prop_case *c)
{
	axe_error err;

	axe_error_init(&err);
	CHECK(c, axe_info_compute(&c->ev, &c->info, &err) == 0, "info: %s", err.message);
	c->info_ready = true;
	check_ranges(c);
}

static void test_info_swizzled_range(void **state)
{
	prop_layout_params p = prop_layout_params_default();
	uint64_t base = prop_base_seed();
	int64_t n = 1000 * prop_scale();

	(void)state;
	p.swizzle_percent = 100;
	for (int64_t i = 0; i < n; i++) {
		case_random(&current, __func__, prop_case_seed(base, i), &p, true);
		check_info_range(&current);
	}
	case_close(&current);
}

/*
 * Layouts without a shard (one point, shape ()): the random layouts with
 * their shard dropped, against the oracle: point evaluation, the cursor, the
 * inverse, and info.
 */
static void check_shardless(prop_case *c)
{
	check_point_eval(c);
	check_cursor(c);
	if (c->want.naxes > 0) /* with no axis there is no point to look up */
		check_inverse(c);
	check_info_range(c);
}

static void test_shardless(void **state)
{
	prop_layout_params p = prop_layout_params_default();
	uint64_t base = prop_base_seed();
	int64_t n = 300 * prop_scale();
	axe_shape scalar = { 0, { 0 } };

	(void)state;
	for (int64_t i = 0; i < n; i++) {
		prop_rng rng = prop_rng_seeded(prop_case_seed(base, i));
		axe_layout *L = prop_random_layout(&rng, &p);
		assert_non_null(L);
		L->nshard = 0;
		axe_layout_order_axes(L);
		assert_int_equal(axe_layout_validate(L, NULL, 0, NULL), 0);
		case_start(&current, __func__, prop_case_seed(base, i), L, &scalar, true);
		check_shardless(&current);
	}
	case_close(&current);
}

/* ------------------------------------------------- hand-written cases -- */

/* A term of a hand-built layout: 'S' or 'R' iter, or 'O' offset "value". */
typedef struct term {
	char kind;
	int64_t extent, value; /* value: the stride, or the offset */
	const char *axis;
} term;

/* The layout of "n" terms, built through core/layout.h like the generator. */
static axe_layout *build_layout(const term *t, size_t n)
{
	axe_layout *L = axe_layout_new();

	assert_non_null(L);
	for (size_t i = 0; i < n; i++) {
		int a = axe_layout_intern_axis(L, t[i].axis);
		int r = a < 0                ? -1
		      : t[i].kind == 'S'     ? axe_layout_push_shard(L, t[i].extent, t[i].value, a)
		      : t[i].kind == 'R'     ? axe_layout_push_replica(L, t[i].extent, t[i].value, a)
					     : axe_layout_add_offset(L, a, t[i].value);
		assert_int_equal(r, 0);
	}
	axe_layout_order_axes(L);
	assert_int_equal(axe_layout_validate(L, NULL, 0, NULL), 0);
	return L;
}

/* Every property on the current case. */
static void check_all(prop_case *c)
{
	check_point_eval(c);
	check_cursor(c);
	check_checksum(c);
	check_inverse(c);
	check_round_trip(c);
	check_injectivity(c);
}

/*
 * Start the hand-written case "L" (taken) on "shape" (NULL: the default
 * shape), check that it prints as "text", and run every property on it.
 */
static prop_case *start_fixed(const char *test, axe_layout *L, const axe_shape *shape,
			      const char *text)
{
	axe_shape def;

	if (!shape) {
		axe_layout_default_shape(L, &def);
		shape = &def;
	}
	case_start(&current, test, 0, L, shape, true);
	CHECK(&current, strcmp(current.text, text) == 0, "expected the text %s", text);
	check_all(&current);
	return &current;
}

/* The library's images of flat point "x" equal the "n" rows "want". */
static void expect_images(prop_case *c, int64_t x, const int64_t *want, size_t n)
{
	char t1[TEXT_SIZE], t2[TEXT_SIZE];
	int64_t base[MAX_AXES];

	axe_evaluator_base(&c->ev, x, base);
	axe_evaluator_images(&c->ev, base, true, c->scratch);
	CHECK(c, c->ev.nimages == n && rows_equal(c->scratch, want, n * c->ev.naxes),
	      "point %" PRId64 ": images %s, expected %s", x,
	      rows_text(t1, c->scratch, c->ev.nimages, c->ev.naxes),
	      rows_text(t2, want, n, c->ev.naxes));
}

/* Broadcast: a stride-0 iter puts 4 points on each address. */
static void test_broadcast(void **state)
{
	static const term t[] = { { 'S', 4, 0, "laneid" }, { 'S', 2, 1, "m" } };
	static const int64_t img[] = { 0, 1 }, target[] = { 0, 1 }, pre[] = { 1, 3, 5, 7 };
	prop_case *c = start_fixed(__func__, build_layout(t, 2), NULL, "S[(4,2):(0@laneid,1)]");

	(void)state;
	expect_images(c, 3, img, 1);
	check_inverse_at(c, target, NULL, pre, 4);
	assert_int_equal(c->info.injective, AXE_VERDICT_FALSE);
}

/* All strides negative, a negative replica and an offset: x -> {31 - x, -1 - x}. */
static void test_negative_strides(void **state)
{
	static const term t[] = { { 'S', 4, -8, "m" }, { 'S', 8, -1, "m" },
				  { 'R', 2, -32, "m" }, { 'O', 0, 31, "m" } };
	static const int64_t img0[] = { 31, -1 }, img31[] = { 0, -32 };
	static const int64_t minus1[] = { -1 }, above[] = { 32 }, below[] = { -33 };
	static const int64_t pre0[] = { 0 };
	axe_shape shape = { 2, { 2, 16 } };
	prop_case *c = start_fixed(__func__, build_layout(t, 4), &shape,
				   "S[(4,8):(-8,-1)] + R[2:-32] + 31");

	(void)state;
	expect_images(c, 0, img0, 2);
	expect_images(c, 31, img31, 2);
	check_inverse_at(c, minus1, NULL, pre0, 1);
	check_inverse_at(c, above, NULL, NULL, 0);
	check_inverse_at(c, below, NULL, NULL, 0);
	assert_int_equal(c->info.injective, AXE_VERDICT_TRUE);
}

/* One iter of extent 1: a one-point domain, on a rank-3 shape of ones. */
static void test_unit_extent(void **state)
{
	static const term t[] = { { 'S', 1, 5, "m" } };
	static const int64_t zero[] = { 0 }, five[] = { 5 }, pre0[] = { 0 };
	axe_shape shape = { 3, { 1, 1, 1 } };
	prop_case *c = start_fixed(__func__, build_layout(t, 1), &shape, "S[1:5]");

	(void)state;
	expect_images(c, 0, zero, 1);
	check_inverse_at(c, zero, NULL, pre0, 1);
	check_inverse_at(c, five, NULL, NULL, 0);
	assert_int_equal(c->info.injective, AXE_VERDICT_TRUE);
}

/* An axis named only by its offset still appears in every image. */
static void test_offset_only_axis(void **state)
{
	static const term t[] = { { 'S', 4, 1, "m" }, { 'O', 0, 3, "warpid" } };
	static const int64_t img2[] = { 2, 3 }, hit[] = { 2, 3 }, miss[] = { 2, 4 };
	static const int64_t free_warp[] = { 2, 99 }, pre2[] = { 2 };
	static const bool m_only[] = { true, false };
	prop_case *c = start_fixed(__func__, build_layout(t, 2), NULL, "S[4:1] + 3@warpid");

	(void)state;
	assert_int_equal(c->ev.naxes, 2);
	expect_images(c, 2, img2, 1);
	check_inverse_at(c, hit, NULL, pre2, 1);
	check_inverse_at(c, miss, NULL, NULL, 0);
	check_inverse_at(c, free_warp, m_only, pre2, 1);
}

/*
 * The 128B f16 swizzle Swizzle(3,3,3) (CuTe Swizzle<3,3,3>) on an 8x64 tile:
 * hand-computed addresses pin the oracle's swizzle as well as the library's.
 */
static void test_swizzle_known(void **state)
{
	static const term t[] = { { 'S', 8, 64, "m" }, { 'S', 64, 1, "m" } };
	static const int64_t at64[] = { 72 }, at137[] = { 153 }, pre64[] = { 64 };
	axe_layout *L = build_layout(t, 2);
	prop_case *c;

	(void)state;
	L->swizzle = (axe_swizzle){ true, 3, 3, 3 };
	c = start_fixed(__func__, L, NULL, "Swizzle(3,3,3) o S[(8,64):(64,1)]");
	expect_images(c, 64, at64, 1);   /* (1, 0): 64 = 8 << 3, 8 ^ 1 = 9 */
	expect_images(c, 137, at137, 1); /* (2, 9): x = 17, 17 ^ 2 = 19, 19*8 + 1 */
	check_inverse_at(c, at64, NULL, pre64, 1);
}

/*
 * eval.h: "more than limit preimages is an AXE_ERR_LIMIT error".  A point
 * found through two replica offsets (warpid free) is one preimage; and
 * partial answers on one axis are not preimages (m = 0 has 4 solutions, but
 * laneid = 5 none, so the answer is empty under any limit).
 */
static void test_inverse_limit_cases(void **state)
{
	static const term replica[] = { { 'S', 4, 1, "m" }, { 'R', 2, 1, "warpid" } };
	static const term bcast[] = { { 'S', 4, 0, "m" }, { 'S', 2, 1, "laneid" } };
	static const int64_t m2[] = { 2, 0 }, pre2[] = { 2 }, lane5[] = { 0, 5 };
	static const bool m_only[] = { true, false };
	axe_shape shape = { 1, { 4 } };

	(void)state;
	case_start(&current, __func__, 0, build_layout(replica, 2), &shape, true);
	check_inverse_limits(&current, m2, m_only, pre2, 1);
	shape = (axe_shape){ 2, { 4, 2 } };
	case_start(&current, __func__, 0, build_layout(bcast, 2), &shape, true);
	check_inverse_limits(&current, lane5, NULL, NULL, 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_point_eval, teardown_case),
		cmocka_unit_test_teardown(test_cursor_walk, teardown_case),
		cmocka_unit_test_teardown(test_checksum, teardown_case),
		cmocka_unit_test_teardown(test_inverse, teardown_case),
		cmocka_unit_test_teardown(test_inverse_limit, teardown_case),
		cmocka_unit_test_teardown(test_round_trip, teardown_case),
		cmocka_unit_test_teardown(test_injectivity, teardown_case),
		cmocka_unit_test_teardown(test_info_swizzled_range, teardown_case),
		cmocka_unit_test_teardown(test_shardless, teardown_case),
		cmocka_unit_test_teardown(test_broadcast, teardown_case),
		cmocka_unit_test_teardown(test_negative_strides, teardown_case),
		cmocka_unit_test_teardown(test_unit_extent, teardown_case),
		cmocka_unit_test_teardown(test_offset_only_axis, teardown_case),
		cmocka_unit_test_teardown(test_swizzle_known, teardown_case),
		cmocka_unit_test_teardown(test_inverse_limit_cases, teardown_case),
	};

	/* An optional argument picks tests by name, as the replay line shows. */
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	printf("# AXE_SEED=%" PRIu64 " AXE_PROP_SCALE=%" PRId64 "\n", prop_base_seed(),
	       prop_scale());
	return cmocka_run_group_tests_name("prop_eval", tests, NULL, NULL);
}
