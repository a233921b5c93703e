/*
 * reference_cute.c: what CuTe text means, computed from CuTe's own
 * definitions for translation validation (docs/interop.md, "Principles"):
 * crd2idx (src/cute's colexicographic evaluator, CUTLASS
 * media/docs/cpp/cute/01_layout.md "Coordinate mapping"), the composed
 * layout x -> A(offset + B(x)) (include/cute/layout_composed.hpp),
 * Swizzle::apply (include/cute/swizzle.hpp) on element offsets or, under
 * smem_ptr[Nb], on byte addresses, and a TV layout as (thread, value) ->
 * index into a column-major M x N tile.  Nothing here is shared with the
 * converters in cute.c, cute_tv.c and tileas.c.
 */
#include <string.h>

#include "../core/arith.h"
#include "cute_private.h"

/* Row-major coordinates of flat point "p" of "shape". */
static void unflatten(const axe_shape *shape, int64_t p, int64_t *crd)
{
	for (size_t d = shape->rank; d-- > 0;) {
		crd[d] = p % shape->dim[d];
		p /= shape->dim[d];
	}
}

/*
 * CuTe's value at index "idx" under "c": the swizzle on the element offset,
 * or on the byte address of N-bit elements (bit address idx*N, byte
 * address its top bits, the bits below a byte kept).  -1 on overflow.
 */
static int swizzled(const axe_cute_composed *c, int64_t idx, int64_t *out, axe_error *err)
{
	int64_t bit_addr, bytes;

	if (!c->swizzle.present) {
		*out = idx;
		return 0;
	}
	if (c->ptr_bits == 0) {
		*out = axe_cute_swizzle_apply(&c->swizzle, idx);
		return 0;
	}
	if (axe_mul_ovf(idx, c->ptr_bits, &bit_addr))
		return axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
				     "the bit address of index %lld overflows 64 bits",
				     (long long)idx);
	bytes = axe_cute_swizzle_apply(&c->swizzle, axe_floordiv(bit_addr, 8));
	*out = axe_floordiv(bytes * 8 + axe_floormod(bit_addr, 8), c->ptr_bits);
	return 0;
}

int axe_cute_reference(const axe_cute_composed *c, const axe_shape *shape, axe_reference *ref,
		       axe_error *err)
{
	static const char *const axis[] = { "m" };
	int64_t crd[AXE_MAX_RANK], idx;

	if (axe_reference_init(ref, shape, 1, axis, err) < 0)
		return -1;
	for (int64_t p = 0; p < ref->npoints; p++) {
		unflatten(shape, p, crd);
		idx = axe_cute_layout_eval_modes(&c->layout, crd) + c->offset;
		if (swizzled(c, idx, &idx, err) < 0 || axe_reference_add(ref, p, &idx, err) < 0)
			return -1;
	}
	return axe_reference_finish(ref, err);
}

int axe_cute_tv_reference(const axe_cute_layout *tv, const axe_shape *tile, axe_reference *ref,
			  axe_error *err)
{
	static const char *const axis[] = { "tid", "reg" };
	int64_t rows = tile->dim[0], cols = tile->rank == 2 ? tile->dim[1] : 1;
	int64_t threads, values, crd[2], image[2], idx;

	if (axe_cute_tuple_product(&tv->shape.child[0], &threads, err) < 0 ||
	    axe_cute_tuple_product(&tv->shape.child[1], &values, err) < 0 ||
	    axe_reference_init(ref, tile, 2, axis, err) < 0)
		return -1;
	for (crd[0] = 0; crd[0] < threads; crd[0]++)
		for (crd[1] = 0; crd[1] < values; crd[1]++) {
			idx = axe_cute_layout_eval_modes(tv, crd);
			if (idx < 0 || idx >= rows * cols)
				return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
						     "TV layout: thread %lld value %lld index %lld "
						     "is outside the %lldx%lld tile",
						     (long long)crd[0], (long long)crd[1],
						     (long long)idx, (long long)rows, (long long)cols);
			image[0] = crd[0];
			image[1] = crd[1];
			if (axe_reference_add(ref, (idx % rows) * cols + idx / rows, image, err) < 0)
				return -1;
		}
	return axe_reference_finish(ref, err);
}
