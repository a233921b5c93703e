/*
 * lego_ref.c: LEGO's own meaning of a layout, the reference its imports are
 * validated against (interop.h, axe_reference): `apply` of the LEGO paper,
 * Figures 4 and 5, run on integers point by point, in the row-major
 * flattening B and unflattening B^-1 the paper defines (section III-B).
 * It shares nothing with the converter in lego.c, which composes strides.
 * axe_lego_validate compares an import with it, at one point per bit when
 * the layout is a bit permutation (the argument is at lego_is_bit_permutation).
 */
#include <stdlib.h>
#include <string.h>

#include "lego.h"

/* B_n(i): the row-major flat index of "idx" over "dims" ("n" of them). */
static int64_t flatten(const int64_t *idx, const int64_t *dims, size_t n)
{
	int64_t flat = 0;

	for (size_t k = 0; k < n; k++)
		flat = flat * dims[k] + idx[k];
	return flat;
}

/* B_n^-1(flat): the row-major index of "flat" over "dims". */
static void unflatten(int64_t flat, const int64_t *dims, size_t n, int64_t *idx)
{
	for (size_t k = n; k-- > 0;) {
		idx[k] = flat % dims[k];
		flat /= dims[k];
	}
}

/* RegP::apply = B_{sigma(n)}(sigma(i)); GenP::apply = f(i). */
static int perm_apply(const lego_perm *p, const int64_t *idx, int64_t *out, axe_error *err)
{
	int64_t si[LEGO_MAX_DIMS], sn[LEGO_MAX_DIMS];

	if (p->kind == LEGO_GENP) {
		if (axe_expr_eval(p->f, idx, out) < 0)
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "a GenP index expression is undefined or leaves 64 "
					     "bits at a point of its tile");
		return 0;
	}
	for (size_t k = 0; k < p->d; k++) {
		si[k] = idx[p->sigma[k]];
		sn[k] = p->dims[p->sigma[k]];
	}
	*out = flatten(si, sn, p->d);
	return 0;
}

/* OrderBy::apply (Figure 4): each permutation's flat index, outermost first. */
static int order_apply(const lego_order *o, const int64_t *idx, int64_t *out, axe_error *err)
{
	int64_t flat = 0, cur;
	size_t at = 0;

	for (size_t k = 0; k < o->nperm; k++) {
		const lego_perm *p = &o->perm[k];
		int64_t size = 1;
		for (size_t i = 0; i < p->d; i++)
			size *= p->dims[i];
		if (perm_apply(p, idx + at, &cur, err) < 0 ||
		    __builtin_mul_overflow(flat, size, &flat) ||
		    __builtin_add_overflow(flat, cur, &flat))
			return axe_error_is_set(err) ? -1 : axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
				"a LEGO flat index leaves 64 bits");
		at += p->d;
	}
	*out = flat;
	return 0;
}

/* The extents of "o", all permutations concatenated; their count. */
static size_t order_dims(const lego_order *o, int64_t *dims)
{
	size_t n = 0;

	for (size_t k = 0; k < o->nperm; k++)
		for (size_t i = 0; i < o->perm[k].d; i++)
			dims[n++] = o->perm[k].dims[i];
	return n;
}

/* Each OrderBy's extents, gathered once for the whole walk. */
typedef struct order_shape {
	size_t n;
	int64_t dims[LEGO_MAX_DIMS * LEGO_MAX_PERMS];
} order_shape;

/* GroupBy::apply (Figure 5): flatten, then each OrderBy on its own unflattening. */
static int layout_apply(const lego_layout *l, const order_shape *shape, const int64_t *coord,
			int64_t *out, axe_error *err)
{
	int64_t flat = flatten(coord, l->dims, l->rank);
	int64_t idx[LEGO_MAX_DIMS * LEGO_MAX_PERMS];

	for (size_t i = 0; i < l->norder; i++) {
		unflatten(flat, shape[i].dims, shape[i].n, idx);
		if (order_apply(&l->order[i], idx, &flat, err) < 0)
			return -1;
	}
	*out = flat;
	return 0;
}

int axe_lego_reference(const lego_layout *l, axe_reference *ref, axe_error *err)
{
	axe_shape shape = { l->rank, { 0 } };
	const char *axis = "m";
	int64_t coord[LEGO_MAX_DIMS], m;
	order_shape *os = malloc((l->norder ? l->norder : 1) * sizeof(order_shape));
	int rc = 0;

	if (!os)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (size_t i = 0; i < l->norder; i++)
		os[i].n = order_dims(&l->order[i], os[i].dims);
	memcpy(shape.dim, l->dims, l->rank * sizeof(int64_t));
	if (axe_reference_init(ref, &shape, 1, &axis, err) < 0) {
		free(os);
		return -1;
	}
	for (int64_t p = 0; rc == 0 && p < ref->npoints; p++) {
		unflatten(p, l->dims, l->rank, coord);
		rc = layout_apply(l, os, coord, &m, err) < 0 || axe_reference_add(ref, p, &m, err) < 0
			     ? -1 : 0;
	}
	if (rc == 0)
		rc = axe_reference_finish(ref, err);
	if (rc < 0)
		axe_reference_release(ref);
	free(os);
	return rc;
}

/*
 * Why one point per bit suffices for a layout of power-of-two dims and
 * RegPs only.  Every extent is a power of two, so B_n^-1 splits a flat
 * index into fields of its bits and B_n concatenates fields: a RegP moves
 * the fields of its tile's index (B_sigma(n)(sigma(i))), an OrderBy
 * concatenates its RegPs' results (flat * size + cur, cur < size), and
 * each OrderBy covers the N points, so it sends bit i of its input to one
 * bit pi(i) of its output.  GroupBy's apply composes them, a bit
 * permutation again: F(p) = sum over the set bits i of p of 2^pi(i), with
 * no carries (the pi(i) are distinct).  That is digit-affine on the radix
 * list 2, 2, ..., 2 (core/digits.c), on which the import's power-of-two
 * extents (their product is N) refine too, so axe_import_validate_affine
 * decides equality at 0 and at each bit.  A GenP (an index expression) or
 * another extent leaves every point to the enumeration.
 */
static bool power_of_two(int64_t v)
{
	return v > 0 && (v & (v - 1)) == 0;
}

/* A RegP of power-of-two dims whose sigma permutes them. */
static bool perm_moves_bits(const lego_perm *p, int64_t *size)
{
	bool seen[LEGO_MAX_DIMS] = { false };

	if (p->kind != LEGO_REGP || p->d > LEGO_MAX_DIMS)
		return false;
	for (size_t k = 0; k < p->d; k++) {
		if (!power_of_two(p->dims[k]) || p->sigma[k] < 0 || (size_t)p->sigma[k] >= p->d ||
		    seen[p->sigma[k]] || __builtin_mul_overflow(*size, p->dims[k], size))
			return false;
		seen[p->sigma[k]] = true;
	}
	return true;
}

/* The conditions above; the bits of N into "*bits". */
static bool lego_is_bit_permutation(const lego_layout *l, int *bits)
{
	int64_t n = 1;

	for (size_t k = 0; k < l->rank; k++)
		if (!power_of_two(l->dims[k]) || __builtin_mul_overflow(n, l->dims[k], &n))
			return false;
	for (size_t i = 0; i < l->norder; i++) {
		int64_t size = 1;

		for (size_t k = 0; k < l->order[i].nperm; k++)
			if (!perm_moves_bits(&l->order[i].perm[k], &size))
				return false;
		if (size != n)
			return false;
	}
	*bits = __builtin_ctzll((unsigned long long)n);
	return true;
}

/* LEGO's value at one row-major flat point. */
typedef struct lego_point {
	const lego_layout *l;
	const order_shape *os;
} lego_point;

static int lego_point_image(const void *ctx, int64_t flat, int64_t *image, axe_error *err)
{
	const lego_point *lp = ctx;
	int64_t coord[LEGO_MAX_DIMS];

	unflatten(flat, lp->l->dims, lp->l->rank, coord);
	return layout_apply(lp->l, lp->os, coord, image, err);
}

int axe_lego_validate(const lego_layout *l, const axe_import *imp, axe_error *err)
{
	static const char *const axis[] = { "m" };
	static const int64_t two[64] = { 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
					 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
					 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
					 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2 };
	axe_shape shape = { l->rank, { 0 } };
	order_shape *os = malloc((l->norder ? l->norder : 1) * sizeof(order_shape));
	lego_point lp = { l, os };
	axe_affine_reference aff = { &shape, 1, axis, 0, two, lego_point_image, &lp, NULL };
	axe_reference ref;
	int bits, rc = 1;

	if (!os)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (size_t i = 0; i < l->norder; i++)
		os[i].n = order_dims(&l->order[i], os[i].dims);
	memcpy(shape.dim, l->dims, l->rank * sizeof(int64_t));
	if (lego_is_bit_permutation(l, &bits)) {
		aff.nradix = (size_t)bits;
		rc = axe_import_validate_affine(imp, &aff, "LEGO", err);
	}
	free(os);
	if (rc != 1)
		return rc;
	if (axe_lego_reference(l, &ref, err) < 0)
		return -1;
	rc = axe_import_validate(imp, &ref, "LEGO", err);
	axe_reference_release(&ref);
	return rc;
}
