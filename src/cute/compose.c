/*
 * compose.c: CuTe's functional composition R = A o B with R(c) = A(B(c))
 * (CUTLASS media/docs/cpp/cute/02_layout_algebra.md, "Composition";
 * include/cute/layout.hpp, composition_impl).  B is split into its leaves
 * (composition distributes over B's modes); each leaf s:d is composed with
 * A coalesced by dividing d out of A's shape from the left and then keeping
 * the first s elements.
 */
#include <stdlib.h>
#include <string.h>

#include "algebra_private.h"

/* signum(v) */
static int64_t sign(int64_t v)
{
	return (v > 0) - (v < 0);
}

/*
 * A (coalesced leaves "fa") composed with the leaf s:d into "res".  Checks
 * CuTe's stride divisibility condition (d' divisible by A's shape, or
 * smaller than it) and shape divisibility condition (what is left of s
 * divisible by the shape taken) at each of A's modes while elements are
 * still to be taken; 0 naming the mode that breaks one.
 */
static int compose_leaf(const axe_cute_flat *fa, int64_t s, int64_t d, axe_cute_flat *res,
			axe_cute_reason *why, axe_error *err)
{
	int64_t rest_shape = s, rest_stride = d, last;

	res->n = 0;
	if (d == 0) {
		res->shape[0] = s, res->stride[0] = 0, res->n = 1;
		return 1;
	}
	for (size_t i = 0; i + 1 < fa->n; i++) {
		int64_t cs = fa->shape[i], ad = llabs(rest_stride);
		int64_t next_shape = (cs + ad - 1) / ad;
		int64_t next_stride = (ad + cs - 1) / cs * sign(rest_stride);

		if (rest_shape > 1 && ad % cs != 0 && ad >= cs)
			return axe_cute_refuse(why, "stride divisibility condition fails: stride %lld "
					       "of B is neither a multiple of nor smaller than A's "
					       "mode %zu (coalesced) of size %lld", (long long)ad, i,
					       (long long)cs);
		if (rest_shape > 1 && next_shape > 1) {
			int64_t take = next_shape < rest_shape ? next_shape : rest_shape;

			/*
			 * A stride smaller than A's mode but not dividing it walks
			 * off the mode's end before B's elements are all taken.
			 */
			if (ad < cs && cs % ad != 0 && take < rest_shape)
				return axe_cute_refuse(why, "stride divisibility condition fails: "
						       "stride %lld of B does not divide A's mode "
						       "%zu (coalesced) of size %lld", (long long)ad, i,
						       (long long)cs);

			if (rest_shape % take != 0)
				return axe_cute_refuse(why, "shape divisibility condition fails: %lld "
						       "elements left of B's mode of size %lld do not "
						       "divide into A's mode %zu (coalesced), which "
						       "gives %lld", (long long)rest_shape,
						       (long long)s, i, (long long)take);
			res->shape[res->n] = take;
			if (axe_cute_mul(rest_stride, fa->stride[i], &res->stride[res->n], err) < 0)
				return -1;
			res->n++;
			rest_shape /= take;
		}
		rest_stride = next_stride;
	}
	if (res->n == 0 || rest_shape != 1) {
		if (axe_cute_mul(rest_stride, fa->stride[fa->n - 1], &last, err) < 0)
			return -1;
		res->shape[res->n] = rest_shape, res->stride[res->n] = last, res->n++;
	}
	return 1;
}

/* A (coalesced leaves "fa") o B, recursively over B's tree: R is congruent with B. */
static int compose_tree(const axe_cute_flat *fa, const axe_cute_layout *b, axe_cute_layout *out,
			axe_cute_reason *why, axe_error *err)
{
	size_t n = axe_cute_rank(b);
	axe_cute_layout *modes;
	int r = 1;

	if (b->shape.is_leaf) {
		axe_cute_flat res;

		r = compose_leaf(fa, b->shape.value, b->stride.value, &res, why, err);
		if (r > 0 && axe_cute_flat_build(&res, out, err) < 0)
			r = -1;
		return r;
	}
	modes = calloc(n ? n : 1, sizeof(*modes));
	if (!modes)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (size_t i = 0; i < n && r > 0; i++) {
		axe_cute_layout m = axe_cute_mode(b, i);

		r = compose_tree(fa, &m, &modes[i], why, err);
		if (r <= 0)
			axe_cute_release_all(modes, i);
	}
	if (r > 0 && axe_cute_make_layout(out, modes, n, err) < 0)
		r = -1;
	free(modes);
	return r;
}

int axe_cute_compose(const axe_cute_layout *a, const axe_cute_layout *b, axe_cute_layout *out,
		     axe_cute_reason *why, axe_error *err)
{
	axe_cute_flat fa;

	axe_cute_coalesce_x(a, &fa);
	return compose_tree(&fa, b, out, why, err);
}

int axe_cute_compose_tiler(const axe_cute_layout *a, const axe_cute_tiler *t,
			   axe_cute_layout *out, axe_cute_reason *why, axe_error *err)
{
	axe_cute_layout modes[AXE_CUTE_MAX_TILER];
	size_t rank = axe_cute_rank(a);
	int r = 1;

	if (t->n == 0)
		return axe_cute_compose(a, &t->mode[0], out, why, err);
	if (t->n > rank)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "the tiler has %zu modes but A only "
				     "%zu", t->n, rank);
	for (size_t i = 0; i < t->n && r > 0; i++) {
		axe_cute_layout m = axe_cute_mode(a, i);

		r = t->skip[i] ? (axe_cute_copy(&modes[i], &m, err) < 0 ? -1 : 1)
			       : axe_cute_compose(&m, &t->mode[i], &modes[i], why, err);
		if (r == 0 && why)
			snprintf(why->text + strlen(why->text),
				 sizeof(why->text) - strlen(why->text), " (tiler mode %zu)", i);
		if (r <= 0)
			axe_cute_release_all(modes, i);
	}
	if (r > 0 && axe_cute_make_layout(out, modes, t->n, err) < 0)
		r = -1;
	return r;
}
