/*
 * prop_pictures.c: the data the SVG picture of `show` carries (the DOM
 * contract of the man page, PICTURES), on seeded random layouts from
 * random_layout.h, against a brute-force oracle written here from
 * semantics.md ("Layout, domain, forward map"), sharing no code with
 * core/eval.c or core/inverse.c:
 *
 * - one logical cell per point, its data-images the set of the point's
 *   images (digits by division and modulo, every replica combination, the
 *   swizzle on m);
 * - each physical cell's data-points exactly the points one of whose images
 *   holds the cell's data-owner values on the data-by axes.
 *
 * A failure prints the seed, the layout and the shape; AXE_SEED=<seed>
 * replays it first.  AXE_PROP_SCALE multiplies the case count.
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

#include "core/eval.h"
#include "output/show_out.h"
#include "prop/random_layout.h"

#define CASES 40
#define MAX_AXES 16
#define MAX_IMAGES 64

/* ------------------------------------------------------------- oracle -- */

static int compare_rows(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

static int compare_ptrs(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int64_t swizzle(const axe_swizzle *sw, int64_t m)
{
	uint64_t low, x, mask;

	if (!sw->present)
		return m;
	low = (uint64_t)m & ((UINT64_C(1) << sw->per_element) - 1);
	x = (uint64_t)(m >> sw->per_element);
	mask = ((UINT64_C(1) << sw->len) - 1) << sw->atom;
	return (int64_t)(((x ^ ((x & mask) >> sw->atom)) << sw->per_element) | low);
}

/* The images of flat point "x" as sorted text rows "a,b,c" joined by '|'. */
static void oracle_images(const axe_layout *L, int64_t x, char *out, size_t size)
{
	char rows[MAX_IMAGES][128];
	int64_t combos = 1, base[MAX_AXES] = { 0 };
	size_t n = 0, len = 0;
	int m = axe_layout_axis_index(L, "m");

	for (size_t k = L->nshard; k-- > 0;) { /* outermost first: the last iter is fastest */
		base[L->shard[k].axis] += (x % L->shard[k].extent) * L->shard[k].stride;
		x /= L->shard[k].extent;
	}
	for (size_t k = 0; k < L->nreplica; k++)
		combos *= L->replica[k].extent;
	for (int64_t c = 0; c < combos; c++) {
		int64_t img[MAX_AXES], rest = c;
		char row[128];
		size_t rl = 0;
		bool seen = false;
		for (size_t a = 0; a < L->naxes; a++)
			img[a] = base[a] + L->offset[a];
		for (size_t k = L->nreplica; k-- > 0;) {
			img[L->replica[k].axis] += (rest % L->replica[k].extent) * L->replica[k].stride;
			rest /= L->replica[k].extent;
		}
		if (m >= 0)
			img[m] = swizzle(&L->swizzle, img[m]);
		for (size_t a = 0; a < L->naxes; a++)
			rl += (size_t)snprintf(row + rl, sizeof(row) - rl, "%s%lld", a ? "," : "",
					       (long long)img[a]);
		for (size_t i = 0; i < n && !seen; i++)
			seen = strcmp(rows[i], row) == 0;
		if (!seen && n < MAX_IMAGES)
			memcpy(rows[n++], row, sizeof(row));
	}
	qsort(rows, n, sizeof(rows[0]), compare_rows);
	out[0] = '\0';
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(out + len, size - len, "%s%s", i ? "|" : "", rows[i]);
}

/* "text" ("a|b|c") with its parts sorted and repeats dropped, into "out". */
static void normalize(const char *text, char *out, size_t size)
{
	char *copy = strdup(text), *parts[4096], *save = NULL;
	size_t n = 0, len = 0;

	assert_non_null(copy);
	for (char *p = strtok_r(copy, "|", &save); p && n < 4096; p = strtok_r(NULL, "|", &save))
		parts[n++] = p;
	qsort(parts, n, sizeof(parts[0]), compare_ptrs);
	out[0] = '\0';
	for (size_t i = 0; i < n; i++)
		if (i == 0 || strcmp(parts[i], parts[i - 1]) != 0)
			len += (size_t)snprintf(out + len, size - len, "%s%s", len ? "|" : "", parts[i]);
	free(copy);
}

/* Every image of every point, parsed once: "rows" per point, MAX_AXES values each. */
typedef struct table {
	int64_t npoints;
	size_t *count;     /* per point */
	int64_t *rows;     /* [point][MAX_IMAGES][MAX_AXES] */
} table;

static void table_fill(table *t, const axe_layout *L, int64_t size)
{
	char text[8192];

	t->npoints = size;
	t->count = calloc((size_t)size, sizeof(size_t));
	t->rows = malloc((size_t)size * MAX_IMAGES * MAX_AXES * sizeof(int64_t));
	assert_non_null(t->count);
	assert_non_null(t->rows);
	for (int64_t x = 0; x < size; x++) {
		char *end = text;
		oracle_images(L, x, text, sizeof(text));
		while (*end) {
			int64_t *img = t->rows + ((size_t)x * MAX_IMAGES + t->count[x]) * MAX_AXES;
			for (size_t a = 0; a < L->naxes; a++) {
				img[a] = strtoll(end, &end, 10);
				if (*end == ',')
					end++;
			}
			t->count[x]++;
			if (*end == '|')
				end++;
		}
	}
}

/* Does point "x" have an image with "want" on the axes "by" ("nby" of them)? */
static bool holds(const table *t, int64_t x, const int *by, size_t nby, const int64_t *want)
{
	for (size_t i = 0; i < t->count[x]; i++) {
		const int64_t *img = t->rows + ((size_t)x * MAX_IMAGES + i) * MAX_AXES;
		bool match = true;
		for (size_t k = 0; k < nby; k++)
			match = match && img[by[k]] == want[k];
		if (match)
			return true;
	}
	return false;
}

/* ------------------------------------------------------------ the SVG -- */

static char *picture(const axe_layout *L, const axe_shape *shape)
{
	axe_evaluator ev;
	axe_error err;
	axe_show_opts o = { .format = AXE_FORMAT_SVG, .width = 80, .dtype = -1 };
	char *out = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&out, &len);
	axe_writer *w = malloc(sizeof(*w));

	axe_error_init(&err);
	assert_non_null(mem);
	assert_non_null(w);
	assert_int_equal(axe_evaluator_init(&ev, L, shape, &err), 0);
	axe_writer_init(w, mem);
	assert_int_equal(axe_show(w, &ev, &o, &err), 0);
	axe_writer_flush(w);
	fclose(mem);
	free(w);
	axe_evaluator_release(&ev);
	return out;
}

/* The value of attribute "name" of the element around "at", into "out"; false if none. */
static bool attribute(const char *at, const char *name, char *out, size_t size)
{
	const char *end = strstr(at, "/>"), *p = strstr(at, name);
	size_t n;

	if (!p || (end && p > end))
		return false;
	p += strlen(name);
	n = strcspn(p, "\"");
	assert_true(n < size);
	memcpy(out, p, n);
	out[n] = '\0';
	return true;
}

/* ---------------------------------------------------------------- cases -- */

typedef struct pcase {
	uint64_t seed;
	axe_layout *L;
	axe_shape shape;
	char *text;
} pcase;

static void fail_case(const pcase *c, const char *what, const char *got, const char *want)
{
	char shape[256];

	prop_shape_text(&c->shape, shape, sizeof(shape));
	fprintf(stderr, "\nprop_pictures: %s\n  seed:   %" PRIu64 "  (replay: AXE_SEED=%" PRIu64
		" build/asan/tests/prop_pictures)\n  layout: %s\n  shape:  %s\n  got:    %s\n"
		"  want:   %s\n", what, c->seed, c->seed, c->text, shape, got, want);
	fail();
}

/* Row-major flat index of "coord" ("a,b,c") in "shape". */
static int64_t flat_of(const axe_shape *shape, const char *coord)
{
	int64_t flat = 0;
	char *end = (char *)coord;

	for (size_t d = 0; d < shape->rank; d++) {
		flat = flat * shape->dim[d] + strtoll(end, &end, 10);
		if (*end == ',')
			end++;
	}
	return flat;
}

static void check_logical(const pcase *c, const char *svg, int64_t size)
{
	char coord[256], got[8192], norm[8192], want[8192];
	int64_t cells = 0;

	for (const char *p = strstr(svg, "<rect class=\"lc"); p; p = strstr(p + 1, "<rect class=\"lc")) {
		assert_true(attribute(p, "data-coord=\"", coord, sizeof(coord)));
		assert_true(attribute(p, "data-images=\"", got, sizeof(got)));
		normalize(got, norm, sizeof(norm));
		oracle_images(c->L, flat_of(&c->shape, coord), want, sizeof(want));
		if (strcmp(norm, want) != 0)
			fail_case(c, "data-images differ from the oracle", norm, want);
		cells++;
	}
	if (cells != size) {
		snprintf(got, sizeof(got), "%lld cells", (long long)cells);
		snprintf(want, sizeof(want), "%lld points", (long long)size);
		fail_case(c, "one logical cell per point", got, want);
	}
}

/* The axes named by data-by="a,b" of the picture, as indices; their count. */
static size_t picture_by(const pcase *c, const char *svg, int *by)
{
	char names[256], *save = NULL;
	size_t n = 0;

	assert_true(attribute(strstr(svg, "<svg"), "data-by=\"", names, sizeof(names)));
	for (char *p = strtok_r(names, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		by[n] = axe_layout_axis_index(c->L, p);
		assert_true(by[n] >= 0);
		n++;
	}
	return n;
}

static void check_physical(const pcase *c, const char *svg, int64_t size)
{
	static char got[65536], norm[65536], want[65536];
	char owner[256];
	int by[2];
	size_t nby = picture_by(c, svg, by);
	table t;

	table_fill(&t, c->L, size);
	for (const char *p = strstr(svg, "<rect class=\"pc"); p; p = strstr(p + 1, "<rect class=\"pc")) {
		int64_t values[2];
		char *end = owner;
		size_t len = 0;
		assert_true(attribute(p, "data-owner=\"", owner, sizeof(owner)));
		assert_true(attribute(p, "data-points=\"", got, sizeof(got)));
		for (size_t i = 0; i < nby; i++) {
			values[i] = strtoll(end, &end, 10);
			if (*end == ',')
				end++;
		}
		want[0] = '\0';
		for (int64_t x = 0; x < size; x++)
			if (holds(&t, x, by, nby, values)) {
				int64_t coord[AXE_MAX_RANK], rest = x;
				for (size_t d = c->shape.rank; d-- > 0;) {
					coord[d] = rest % c->shape.dim[d];
					rest /= c->shape.dim[d];
				}
				len += (size_t)snprintf(want + len, sizeof(want) - len, "%s", len ? "|" : "");
				for (size_t d = 0; d < c->shape.rank; d++)
					len += (size_t)snprintf(want + len, sizeof(want) - len, "%s%lld",
								d ? "," : "", (long long)coord[d]);
			}
		normalize(got, norm, sizeof(norm));
		normalize(want, got, sizeof(got));
		if (strcmp(norm, got) != 0)
			fail_case(c, "data-points differ from the oracle", norm, got);
	}
	free(t.count);
	free(t.rows);
}

static void test_random(void **state)
{
	prop_layout_params p = prop_layout_params_default();
	uint64_t base = prop_base_seed();
	int64_t n = CASES * prop_scale();

	(void)state;
	p.max_size = 256; /* the physical check walks the domain per owner cell */
	for (int64_t i = 0; i < n; i++) {
		pcase c = { prop_case_seed(base, i), NULL, { 0, { 0 } }, NULL };
		prop_rng rng = prop_rng_seeded(c.seed);
		int64_t size = 1;
		char *svg;

		c.L = prop_random_layout(&rng, &p);
		assert_non_null(c.L);
		prop_random_shape(&rng, &p, c.L, &c.shape);
		c.text = axe_layout_to_string(c.L);
		for (size_t d = 0; d < c.shape.rank; d++)
			size *= c.shape.dim[d];
		svg = picture(c.L, &c.shape);
		check_logical(&c, svg, size);
		if (strlen(svg) < (1 << 22))
			check_physical(&c, svg, size);
		free(svg);
		free(c.text);
		axe_layout_free(c.L);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random),
	};

	printf("# AXE_SEED=%" PRIu64 " AXE_PROP_SCALE=%" PRId64 "\n", prop_base_seed(),
	       prop_scale());
	return cmocka_run_group_tests_name("prop_pictures", tests, NULL, NULL);
}
