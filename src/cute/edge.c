/*
 * edge.c: converting between CuTe's layouts and Axe's at the edge of the
 * algebra (edge.h; the mode order is docs/interop.md's, "CuTe").
 */
#include <stdlib.h>
#include <string.h>

#include "algebra_private.h"
#include "edge.h"

/* Axe's Swizzle(M, B, S) of CuTe's Swizzle<B, M, S> ("ptr_bits": on byte addresses). */
static int swizzle_to_axe(const axe_cute_composed *c, axe_swizzle *sw, axe_cute_reason *why)
{
	int base = c->swizzle.base;

	memset(sw, 0, sizeof(*sw));
	if (!c->swizzle.present)
		return 1;
	if (c->swizzle.shift < c->swizzle.bits)
		return axe_cute_refuse(why, "Axe's Swizzle(M,B,S) needs S >= B > 0: CuTe's "
				       "Swizzle<%d,%d,%d> has no Axe compact form", c->swizzle.bits,
				       c->swizzle.base, c->swizzle.shift);
	if (c->ptr_bits) {
		/* a swizzle of byte addresses is one of element offsets M - log2(bytes) lower */
		int shift = c->ptr_bits >= 8 ? __builtin_ctz((unsigned)c->ptr_bits / 8) : -1;

		if (shift < 0 || (c->ptr_bits & (c->ptr_bits - 1)) || base < shift)
			return axe_cute_refuse(why, "the byte-address swizzle of %d-bit elements has "
					       "no Axe form on element offsets", c->ptr_bits);
		base -= shift;
	}
	*sw = (axe_swizzle){ true, base, c->swizzle.bits, c->swizzle.shift };
	return 1;
}

int axe_cute_to_axe(const axe_cute_composed *c, const char *axis, axe_layout **out,
		    axe_shape *shape, axe_cute_reason *why, axe_error *err)
{
	size_t rank = axe_cute_rank(&c->layout);
	axe_layout *l;
	int a, r;

	*out = NULL;
	if (rank > AXE_MAX_RANK)
		return axe_cute_refuse(why, "%zu modes are more than Axe's %d dimensions", rank,
				       AXE_MAX_RANK);
	l = axe_layout_new();
	if (!l || (a = axe_layout_intern_axis(l, axis)) < 0) {
		axe_layout_free(l);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	shape->rank = rank;
	for (size_t i = 0; i < rank; i++) {
		axe_cute_layout m = axe_cute_mode(&c->layout, i);
		axe_cute_flat f;

		axe_cute_flat_of(&m, &f);
		shape->dim[i] = axe_cute_layout_size(&m);
		for (size_t k = f.n; k-- > 0;)
			if (axe_layout_push_shard(l, f.shape[k], f.stride[k], a) < 0)
				goto nomem;
	}
	if (c->offset && axe_layout_add_offset(l, a, c->offset) < 0)
		goto nomem;
	r = swizzle_to_axe(c, &l->swizzle, why);
	if (r <= 0) {
		axe_layout_free(l);
		return r;
	}
	*out = l;
	return 1;
nomem:
	axe_layout_free(l);
	return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
}

/* The one axis "l" uses (shard and offsets), or 0 with "why". */
static int single_axis(const axe_layout *l, int *axis, axe_cute_reason *why)
{
	*axis = l->nshard ? l->shard[0].axis : 0;
	if (l->nreplica)
		return axe_cute_refuse(why, "a replicated layout (one with a replica R) is not a "
				       "CuTe layout: a CuTe layout maps each point to one index");
	for (size_t i = 0; i < l->nshard; i++)
		if (l->shard[i].axis != *axis)
			return axe_cute_refuse(why, "a CuTe layout has one codomain, this layout "
					       "uses the axes '%s' and '%s'", l->axis[*axis],
					       l->axis[l->shard[i].axis]);
	for (size_t a = 0; a < l->naxes; a++)
		if ((int)a != *axis && l->offset[a] != 0)
			return axe_cute_refuse(why, "the offset on axis '%s' leaves the layout's one "
					       "codomain", l->axis[a]);
	return 1;
}

/*
 * The iters of dimension extent "need", taken from the shard from "*next"
 * (splitting an iter e:s into its outer k:s*(e/k) and inner (e/k):s when
 * the dimension ends inside it) into "f", innermost first.
 */
static int take_dim(const axe_layout *l, size_t *next, int64_t *split_rest, int64_t need,
		    axe_cute_flat *f, axe_cute_reason *why)
{
	int64_t have = 1;

	f->n = 0;
	while (have < need) {
		if (*next >= l->nshard)
			return axe_cute_refuse(why, "the shape has more elements than the iters");
		int64_t e = *split_rest ? *split_rest : l->shard[*next].extent;
		int64_t s = l->shard[*next].stride, k = need / have;

		if (need % have != 0 || f->n == AXE_CUTE_MAX_LEAVES)
			return axe_cute_refuse(why, "the shape does not split the layout's iters");
		if (e > k) {
			if (e % k != 0)
				return axe_cute_refuse(why, "dimension of extent %lld ends inside the "
						       "iter of extent %lld", (long long)need,
						       (long long)e);
			f->shape[f->n] = k, f->stride[f->n] = s * (e / k), f->n++;
			*split_rest = e / k;
			have *= k;
			break;
		}
		f->shape[f->n] = e, f->stride[f->n] = s, f->n++;
		have *= e;
		*split_rest = 0;
		(*next)++;
	}
	/* reverse: CuTe's leaves go fastest first */
	for (size_t i = 0, j = f->n ? f->n - 1 : 0; i < j; i++, j--) {
		int64_t ts = f->shape[i], td = f->stride[i];

		f->shape[i] = f->shape[j], f->stride[i] = f->stride[j];
		f->shape[j] = ts, f->stride[j] = td;
	}
	return have == need ? 1 : axe_cute_refuse(why, "the shape does not split the iters");
}

int axe_cute_from_axe(const axe_layout *l, const axe_shape *shape, axe_cute_composed *out,
		      char *axis, size_t axis_size, axe_cute_reason *why, axe_error *err)
{
	axe_cute_layout *modes = calloc(shape->rank ? shape->rank : 1, sizeof(*modes));
	axe_cute_flat f;
	size_t next = 0;
	int64_t split_rest = 0;
	int a, r = 1;

	memset(out, 0, sizeof(*out));
	if (!modes)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	r = single_axis(l, &a, why);
	for (size_t d = 0; d < shape->rank && r > 0; d++) {
		r = take_dim(l, &next, &split_rest, shape->dim[d], &f, why);
		if (r > 0 && axe_cute_flat_build(&f, &modes[d], err) < 0)
			r = -1;
		if (r <= 0)
			axe_cute_release_all(modes, d);
	}
	if (r > 0 && shape->rank == 1) {
		out->layout = modes[0];
	} else if (r > 0 && axe_cute_make_layout(&out->layout, modes, shape->rank, err) < 0) {
		r = -1;
	}
	free(modes);
	if (r <= 0)
		return r;
	snprintf(axis, axis_size, "%s", l->naxes ? l->axis[a] : "m");
	out->offset = l->naxes ? l->offset[a] : 0;
	if (l->swizzle.present)
		out->swizzle = (axe_cute_swizzle){ true, l->swizzle.len, l->swizzle.per_element,
						   l->swizzle.atom };
	return 1;
}
