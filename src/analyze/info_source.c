/*
 * info_source.c: the facts of `info` (info.h) for a map without S/R/O form
 * (an `expr:` layout, walked through the evaluator's source).  There is no
 * structure to reason on, so everything comes from one walk of the domain:
 * each axis' exact range, and the most distinct images a point has (its
 * replica combinations may coincide, at some points or all).  Injectivity
 * compares every (image, point) pair, sorted by image: two pairs with one
 * image and different points are the witness.  Past AXE_INFO_MAX_PAIRS pairs it is
 * left unknown rather than held in memory.  The span of an axis is its
 * range's length, hi - lo + 1 (Lemma C.1's sum needs strides).
 */
#include <stdlib.h>
#include <string.h>

#include "../core/axes.h"
#include "info.h"
#include "info_private.h"

/* One image of one point, for the injectivity sort. */
typedef struct pair {
	const int64_t *image;
	size_t naxes;
	int64_t flat;
} pair;

static int by_image_then_flat(const void *pa, const void *pb)
{
	const pair *a = pa, *b = pb;

	for (size_t i = 0; i < a->naxes; i++)
		if (a->image[i] != b->image[i])
			return a->image[i] < b->image[i] ? -1 : 1;
	return a->flat < b->flat ? -1 : a->flat > b->flat;
}

/* The first collision in image order into "info" (verdict TRUE when none). */
static int find_collision(const int64_t *images, const int64_t *flat_of, size_t n,
			  size_t naxes, axe_info *info)
{
	pair *p = malloc((n ? n : 1) * sizeof(pair));

	if (!p)
		return -1;
	for (size_t i = 0; i < n; i++)
		p[i] = (pair){ images + i * naxes, naxes, flat_of[i] };
	qsort(p, n, sizeof(pair), by_image_then_flat);
	info->injective = AXE_VERDICT_TRUE;
	for (size_t i = 1; i < n; i++)
		if (by_image_then_flat(&p[i - 1], &(pair){ p[i].image, naxes, p[i - 1].flat }) == 0 &&
		    p[i].flat != p[i - 1].flat) {
			info->injective = AXE_VERDICT_FALSE;
			info->witness[0] = p[i - 1].flat;
			info->witness[1] = p[i].flat;
			break;
		}
	free(p);
	return 0;
}

/* Walk "ev": ranges, images per point, and every image kept when "keep" has room. */
static int walk(const axe_evaluator *ev, axe_info *info, int64_t *keep, int64_t *flat_of,
		size_t *nkept, axe_error *err)
{
	size_t na = ev->naxes;
	int64_t *row = malloc((ev->nimages ? ev->nimages : 1) * (na ? na : 1) * sizeof(int64_t));
	axe_cursor cur;

	if (!row || axe_cursor_init(&cur, ev, err) < 0) {
		free(row);
		return row ? -1 : axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	for (; !cur.done; axe_cursor_next(&cur)) {
		size_t n = axe_evaluator_images(ev, cur.base, true, row);
		info->replicas_coincide |= n < ev->nimages;
		if (n > info->images_per_point)
			info->images_per_point = n;
		for (size_t i = 0; i < n; i++)
			for (size_t a = 0; a < na; a++) {
				int64_t v = row[i * na + a];
				info->axes[a].lo = v < info->axes[a].lo ? v : info->axes[a].lo;
				info->axes[a].hi = v > info->axes[a].hi ? v : info->axes[a].hi;
			}
		if (keep) {
			memcpy(keep + *nkept * na, row, n * na * sizeof(int64_t));
			for (size_t i = 0; i < n; i++)
				flat_of[*nkept + i] = cur.flat;
			*nkept += n;
		}
	}
	axe_cursor_release(&cur);
	free(row);
	return 0;
}

int axe_info_compute_source(const axe_evaluator *ev, axe_info *info, axe_error *err)
{
	size_t na = ev->naxes, nkept = 0;
	bool fits = ev->size <= AXE_INFO_MAX_PAIRS / (int64_t)(ev->nimages ? ev->nimages : 1);
	size_t npairs = fits ? (size_t)ev->size * ev->nimages : 0;
	int64_t *keep = fits ? malloc((npairs ? npairs : 1) * (na ? na : 1) * sizeof(int64_t))
			     : NULL;
	int64_t *flat_of = fits ? malloc((npairs ? npairs : 1) * sizeof(int64_t)) : NULL;
	int r = -1;

	if (fits && (!keep || !flat_of)) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (size_t a = 0; a < na; a++) {
		axe_axis_summary *s = &info->axes[a];
		const axe_axis_info *known = axe_axis_lookup(ev->layout->axis[a]);
		s->name = ev->layout->axis[a];
		s->kind = axe_axis_kind_of(s->name);
		s->size = known ? known->size : 0;
		s->range_exact = true;
		s->lo = INT64_MAX;
		s->hi = INT64_MIN;
	}
	info->images_per_point = 0; /* the most distinct images a point has */
	if (walk(ev, info, keep, flat_of, &nkept, err) < 0)
		goto out;
	for (size_t a = 0; a < na; a++)
		info->axes[a].span = info->axes[a].hi - info->axes[a].lo + 1;
	info->injective = AXE_VERDICT_UNKNOWN;
	if (fits && find_collision(keep, flat_of, nkept, na, info) < 0) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	r = 0;
out:
	free(keep);
	free(flat_of);
	return r;
}
