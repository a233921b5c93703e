/*
 * fit.c: recover a shard from the values of its map.
 *
 * A shard whose map is H on flat indices [0, n) can be split into iters of
 * prime extent (Lemma B.1), so if one exists, one exists whose innermost
 * iter (p, s) has p prime; it satisfies, for every z,
 *
 *     H(z) = H(z mod p) + H(p * (z div p))   and   H(i) = i * s  (i < p),
 *
 * with s nonzero on at most one axis, and the rest of the shard is a shard of
 * z -> H(p z) on [0, n / p).  Conversely every peel that passes the check is
 * exact, so a depth-first search over the primes of what each dimension still
 * needs (innermost dimension first) finds a shard whenever one exists with
 * the requested blocks.  Each check reads the remaining values once; a
 * budget on the values compared bounds pathological searches.
 */
#include <stdlib.h>

#include "../core/arith.h"
#include "fit.h"

#define FIT_WORK_BUDGET (INT64_C(1) << 26) /* values compared in one search */

typedef struct fit {
	const int64_t *v;   /* n rows of naxes values */
	int64_t n;
	size_t naxes;
	const int64_t *dims;
	size_t rank;
	axe_iter *out;      /* innermost first */
	size_t nout;
	size_t *block;      /* boundaries, innermost-first counts */
	int64_t work;       /* values compared so far */
	bool exhausted;
} fit;

/* H(z) - H(0) on axis "a" at scale "t": the value at flat t*z. */
static int64_t at(const fit *f, int64_t t, int64_t z, size_t a)
{
	return f->v[(size_t)(t * z) * f->naxes + a] - f->v[a];
}

/*
 * Whether the innermost iter of extent "p" peels at scale "t" (the map is
 * z -> H(t z) on [0, f->n / t)); its stride into "*stride" and axis into
 * "*axis".
 */
static bool peels(const fit *f, int64_t t, int64_t p, int64_t *stride, int *axis)
{
	int64_t m = f->n / t;

	*stride = 0;
	*axis = 0;
	for (size_t a = 0; a < f->naxes; a++) {
		int64_t s = at(f, t, 1, a);
		if (s == 0)
			continue;
		if (*stride != 0)
			return false; /* one iter moves one axis */
		*stride = s;
		*axis = (int)a;
	}
	for (int64_t z = 0; z < m; z++)
		for (size_t a = 0; a < f->naxes; a++) {
			int64_t digit = z % p, s = (int)a == *axis ? *stride : 0;
			/* Values are reachable points of a validated layout: no overflow. */
			if (at(f, t, z, a) != digit * s + at(f, t, z - digit, a))
				return false;
		}
	return true;
}

/* Search from scale "t", dimension "d" (counting down) still needing "need". */
static bool search(fit *f, int64_t t, size_t d, int64_t need)
{
	while (need == 1) {
		f->block[d] = f->nout;
		if (d == 0)
			return true;
		need = f->dims[--d];
	}
	for (int64_t p = 2, rest = need; rest > 1; p++) {
		int64_t stride;
		int axis;
		if (p * p > rest)
			p = rest; /* what is left is prime */
		if (rest % p != 0)
			continue;
		while (rest % p == 0)
			rest /= p;
		f->work += f->n / t * (int64_t)f->naxes;
		if (f->work > FIT_WORK_BUDGET) {
			f->exhausted = true;
			return false;
		}
		if (!peels(f, t, p, &stride, &axis))
			continue;
		f->out[f->nout++] = (axe_iter){ p, stride, axis };
		if (search(f, t * p, d, need / p))
			return true;
		f->nout--;
		if (f->exhausted)
			return false;
	}
	return false;
}

int axe_layout_fit(const int64_t *values, int64_t n, size_t naxes, const int64_t *dims,
		   size_t rank, axe_layout *into, size_t *block, bool *exhausted,
		   axe_error *err)
{
	size_t cap = 1, inner[AXE_MAX_RANK + 1];
	fit f = { values, n, naxes, dims, rank, NULL, 0, inner, 0, false };
	bool found;

	for (int64_t k = n; k > 1; k /= 2)
		cap++; /* at most log2(n) prime factors */
	f.out = malloc(cap * sizeof(axe_iter));
	if (!f.out)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	/* Dimensions are formed innermost first: the last one first. */
	found = search(&f, 1, rank - 1, dims[rank - 1]);
	*exhausted = f.exhausted;
	for (size_t i = f.nout; found && i-- > 0;)
		if (axe_layout_push_shard(into, f.out[i].extent, f.out[i].stride, f.out[i].axis) < 0) {
			free(f.out);
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		}
	/* inner[d] counts the iters of dimensions d+1.. : block d starts there from the outside. */
	for (size_t d = 0; found && d < rank; d++)
		block[d] = f.nout - inner[d];
	if (found)
		block[rank] = f.nout;
	free(f.out);
	return found ? 1 : 0;
}

void axe_layout_shard_value(const axe_layout *L, int64_t flat, int64_t *vec)
{
	for (size_t a = 0; a < L->naxes; a++)
		vec[a] = 0;
	for (size_t i = L->nshard; i-- > 0;) {
		const axe_iter *it = &L->shard[i];
		vec[it->axis] += flat % it->extent * it->stride;
		flat /= it->extent;
	}
}

axe_layout *axe_layout_frame(const axe_layout *g)
{
	axe_layout *R = axe_layout_new();

	for (size_t a = 0; R && a < g->naxes; a++)
		if (axe_layout_intern_axis(R, g->axis[a]) < 0 ||
		    (g->offset_written[a] && axe_layout_add_offset(R, (int)a, g->offset[a]) < 0))
			goto error;
	for (size_t i = 0; R && i < g->nreplica; i++)
		if (axe_layout_push_replica(R, g->replica[i].extent, g->replica[i].stride,
					    g->replica[i].axis) < 0)
			goto error;
	if (R)
		R->swizzle = g->swizzle;
	return R;
error:
	axe_layout_free(R);
	return NULL;
}
