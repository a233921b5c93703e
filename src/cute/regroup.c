/*
 * regroup.c: by-mode application of divide and product, and CuTe's
 * zipped, tiled and flat regroupings of their results (regroup.h; pycute
 * hier_unzip, C++ zipped_divide/tiled_divide/flat_divide).
 */
#include <stdlib.h>
#include <string.h>

#include "regroup.h"

int axe_cute_by_mode(const axe_cute_layout *a, const axe_cute_tiler *t, axe_cute_mode_op *op,
		     axe_cute_layout *out, axe_cute_reason *why, axe_error *err)
{
	size_t rank = axe_cute_rank(a);
	axe_cute_layout *modes;
	int r = 1;

	if (t->n > rank)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "the tiler has %zu modes but the "
				     "layout only %zu", t->n, rank);
	modes = calloc(rank, sizeof(*modes));
	if (!modes)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (size_t i = 0; i < rank && r > 0; i++) {
		axe_cute_layout m = axe_cute_mode(a, i);

		if (i >= t->n || t->skip[i])
			r = axe_cute_copy(&modes[i], &m, err) < 0 ? -1 : 1;
		else
			r = op(&m, &t->mode[i], &modes[i], why, err);
		if (r == 0 && why)
			snprintf(why->text + strlen(why->text),
				 sizeof(why->text) - strlen(why->text), " (mode %zu)", i);
		if (r <= 0)
			axe_cute_release_all(modes, i);
	}
	if (r > 0 && axe_cute_make_layout(out, modes, rank, err) < 0)
		r = -1;
	free(modes);
	return r;
}

/* Append deep copies of the modes of "l" (l itself when it is a leaf) to "v". */
static int push_modes(axe_cute_layout *v, size_t *n, const axe_cute_layout *l, axe_error *err)
{
	size_t k = axe_cute_rank(l);

	for (size_t i = 0; i < k; i++) {
		axe_cute_layout m = axe_cute_mode(l, i);

		if (axe_cute_copy(&v[(*n)++], &m, err) < 0) {
			(*n)--;
			return -1;
		}
	}
	return 0;
}

/* The zipped form (TILES, RESTS) of a by-mode result "ld" into tile and rest. */
static int zip_modes(const axe_cute_layout *ld, const axe_cute_tiler *t, axe_cute_layout *tile,
		     axe_cute_layout *rest, axe_error *err)
{
	size_t rank = axe_cute_rank(ld), nt = 0, nr = 0;
	axe_cute_layout *tiles = calloc(rank, sizeof(*tiles)), *rests = calloc(rank, sizeof(*rests));
	int r = -1;

	if (!tiles || !rests) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto done;
	}
	for (size_t i = 0; i < rank; i++) {
		axe_cute_layout m = axe_cute_mode(ld, i), m0, m1;

		if (i < t->n && !t->skip[i]) {
			m0 = axe_cute_mode(&m, 0), m1 = axe_cute_mode(&m, 1);
			if (axe_cute_copy(&tiles[nt++], &m0, err) < 0 ||
			    axe_cute_copy(&rests[nr++], &m1, err) < 0)
				goto done;
		} else {
			if (i < t->n)
				axe_cute_leaf(&tiles[nt++], 1, 0);
			if (axe_cute_copy(&rests[nr++], &m, err) < 0)
				goto done;
		}
	}
	if (axe_cute_make_layout(tile, tiles, nt, err) < 0) {
		nt = 0;
		goto done;
	}
	nt = 0;
	if (axe_cute_make_layout(rest, rests, nr, err) < 0) {
		axe_cute_layout_release(tile);
		nr = 0;
		goto done;
	}
	nr = 0;
	r = 0;
done:
	if (tiles)
		axe_cute_release_all(tiles, nt);
	if (rests)
		axe_cute_release_all(rests, nr);
	free(tiles);
	free(rests);
	return r;
}

int axe_cute_regroup(const axe_cute_layout *ld, const axe_cute_tiler *t, axe_cute_kind kind,
		     axe_cute_layout *out, axe_error *err)
{
	axe_cute_layout pair[2], *v = NULL;
	size_t n = 0, cap;
	int r = -1;

	if (t->n == 0) {
		axe_cute_layout m0 = axe_cute_mode(ld, 0), m1 = axe_cute_mode(ld, 1);

		if (axe_cute_copy(&pair[0], &m0, err) < 0)
			return -1;
		if (axe_cute_copy(&pair[1], &m1, err) < 0) {
			axe_cute_layout_release(&pair[0]);
			return -1;
		}
	} else if (zip_modes(ld, t, &pair[0], &pair[1], err) < 0) {
		return -1;
	}
	if (kind == AXE_CUTE_ZIPPED)
		return axe_cute_make_layout(out, pair, 2, err);
	/* tiled keeps mode 0 whole: one more than its rank when that is 0 (`()`) */
	cap = 1 + axe_cute_rank(&pair[0]) + axe_cute_rank(&pair[1]);
	v = calloc(cap, sizeof(*v));
	if (!v) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto done;
	}
	if (kind == AXE_CUTE_TILED) {
		if (axe_cute_copy(&v[n++], &pair[0], err) < 0) {
			n--;
			goto done;
		}
	} else if (push_modes(v, &n, &pair[0], err) < 0) {
		goto done;
	}
	if (push_modes(v, &n, &pair[1], err) < 0)
		goto done;
	r = axe_cute_make_layout(out, v, n, err);
	n = 0;
done:
	if (v)
		axe_cute_release_all(v, n);
	free(v);
	axe_cute_release_all(pair, 2);
	return r;
}
