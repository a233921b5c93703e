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
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "cute_private.h"

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

/*
 * The index of every coordinate of each top-level mode of "layout", by
 * crd2idx on that mode alone (its 1-D coordinate split colexicographically):
 * table[d] holds shape->dim[d] values.  The layout's index at a point is the
 * sum over modes (01_layout.md: the index is the inner product of the
 * natural coordinate with the stride), so each point costs one add per mode.
 */
static int mode_tables(const axe_cute_layout *layout, const axe_shape *shape, int64_t **table,
		       axe_error *err)
{
	for (size_t d = 0; d < shape->rank; d++) {
		axe_cute_layout mode = layout->shape.is_leaf ? *layout : (axe_cute_layout){
			layout->shape.child[d], layout->stride.child[d] };

		table[d] = malloc((size_t)shape->dim[d] * sizeof(int64_t));
		if (!table[d])
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		for (int64_t c = 0; c < shape->dim[d]; c++)
			table[d][c] = axe_cute_layout_eval(&mode, c);
	}
	return 0;
}

int axe_cute_reference(const axe_cute_composed *c, const axe_shape *shape, axe_reference *ref,
		       axe_error *err)
{
	static const int64_t origin[AXE_MAX_RANK];

	return axe_cute_reference_box(c, shape, origin, shape->dim, ref, err);
}

int axe_cute_reference_box(const axe_cute_composed *c, const axe_shape *shape,
			   const int64_t *begin, const int64_t *end, axe_reference *ref,
			   axe_error *err)
{
	static const char *const axis[] = { "m" };
	int64_t crd[AXE_MAX_RANK], *table[AXE_MAX_RANK] = { 0 }, idx;
	axe_shape box = { shape->rank, { 0 } };
	int rc = -1;

	for (size_t d = 0; d < shape->rank; d++) {
		box.dim[d] = end[d] - begin[d];
		crd[d] = begin[d];
	}
	if (axe_reference_init(ref, &box, 1, axis, err) < 0 ||
	    mode_tables(&c->layout, shape, table, err) < 0)
		goto out;
	for (int64_t p = 0; p < ref->npoints; p++) {
		idx = c->offset;
		for (size_t d = 0; d < shape->rank; d++)
			idx += table[d][crd[d]];
		if (swizzled(c, idx, &idx, err) < 0 || axe_reference_add(ref, p, &idx, err) < 0)
			goto out;
		/* Row-major over the box: the last coordinate moves fastest. */
		for (size_t d = shape->rank; d-- > 0;) {
			if (++crd[d] < end[d])
				break;
			crd[d] = begin[d];
		}
	}
	rc = axe_reference_finish(ref, err);
out:
	for (size_t d = 0; d < AXE_MAX_RANK; d++)
		free(table[d]);
	return rc;
}

int axe_cute_tv_reference(const axe_cute_layout *tv, const axe_shape *tile, axe_reference *ref,
			  axe_error *err)
{
	static const char *const axis[] = { "tid", "reg" };
	int64_t rows = tile->dim[0], cols = tile->rank == 2 ? tile->dim[1] : 1;
	int64_t *table[AXE_MAX_RANK] = { 0 }, image[2], idx;
	axe_shape tv_shape = { 2, { 0, 0 } };
	int rc = -1;

	if (axe_cute_tuple_product(&tv->shape.child[0], &tv_shape.dim[0], err) < 0 ||
	    axe_cute_tuple_product(&tv->shape.child[1], &tv_shape.dim[1], err) < 0 ||
	    axe_reference_init(ref, tile, 2, axis, err) < 0 ||
	    mode_tables(tv, &tv_shape, table, err) < 0)
		goto out;
	for (image[0] = 0; image[0] < tv_shape.dim[0]; image[0]++)
		for (image[1] = 0; image[1] < tv_shape.dim[1]; image[1]++) {
			idx = table[0][image[0]] + table[1][image[1]];
			if (idx < 0 || idx >= rows * cols) {
				axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					      "TV layout: thread %lld value %lld index %lld is "
					      "outside the %lldx%lld tile", (long long)image[0],
					      (long long)image[1], (long long)idx, (long long)rows,
					      (long long)cols);
				goto out;
			}
			/* Column-major tile: idx = m + M*n, flattened row-major as m*N + n. */
			if (axe_reference_add(ref, (idx % rows) * cols + idx / rows, image, err) < 0)
				goto out;
		}
	rc = axe_reference_finish(ref, err);
out:
	for (size_t d = 0; d < AXE_MAX_RANK; d++)
		free(table[d]);
	return rc;
}
