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

/*
 * A TV layout as a GF(2)-linear relation (axe_gf2_reference): hardware
 * index (tid, reg) -> the tile point of index L(tid, reg), as a row-major
 * flat index of the M x N tile.  It is GF(2)-linear when every leaf extent
 * and both tile dims are powers of two and the values stride * 2^j (bit j
 * of a leaf's digit) of all leaves are non-negative with pairwise disjoint
 * bits, all below M N: a leaf's digit is then a field of bits of tid or
 * reg (colexicographic split by powers of two), L is the sum of
 * bit-disjoint values, which is their XOR, and (idx % M, idx / M) is the
 * low and high bit fields of idx, so the flat point
 * (idx % M) N + idx / M moves bits only (tv_is_gf2 checks all of it).
 */
typedef struct tv_point {
	const axe_cute_layout *tv;
	int64_t rows, cols;
} tv_point;

static int tv_point_of(const void *ctx, const int64_t *h, int64_t *flat, axe_error *err)
{
	const tv_point *tp = ctx;
	int64_t idx = axe_cute_layout_eval_modes(tp->tv, h);

	(void)err;
	*flat = idx % tp->rows * tp->cols + idx / tp->rows;
	return 0;
}

static bool power_of_two(int64_t v)
{
	return v > 0 && (v & (v - 1)) == 0;
}

/* The conditions above; the bits of tid and of reg into "nbits". */
static bool tv_is_gf2(const axe_cute_layout *tv, int64_t size, int *nbits)
{
	int64_t extent[AXE_CUTE_MAX_LEAVES], stride[AXE_CUTE_MAX_LEAVES];
	uint64_t used = 0;

	for (int mode = 0; mode < 2; mode++) {
		size_t n = axe_cute_tuple_flatten(&tv->shape.child[mode], extent,
						  AXE_CUTE_MAX_LEAVES);

		if (n > AXE_CUTE_MAX_LEAVES ||
		    axe_cute_tuple_flatten(&tv->stride.child[mode], stride, n) != n)
			return false;
		nbits[mode] = 0;
		for (size_t i = 0; i < n; i++) {
			if (!power_of_two(extent[i]) || (extent[i] > 1 && stride[i] < 0))
				return false;
			for (int64_t j = 1; j < extent[i]; j <<= 1, nbits[mode]++) {
				int64_t v;

				if (__builtin_mul_overflow(stride[i], j, &v) || v >= size ||
				    (used & (uint64_t)v))
					return false;
				used |= (uint64_t)v;
			}
		}
	}
	return true;
}

int axe_cute_tv_validate(const axe_cute_layout *tv, const axe_shape *tile,
			 const axe_import *imp, axe_error *err)
{
	static const char *const axis[] = { "tid", "reg" };
	int64_t rows = tile->dim[0], cols = tile->rank == 2 ? tile->dim[1] : 1;
	tv_point tp = { tv, rows, cols };
	int nbits[2];
	axe_gf2_reference gf2 = { tile, 2, axis, nbits, tv_point_of, &tp };
	axe_reference ref = { 0 };
	int rc = 1;

	if (power_of_two(rows) && power_of_two(cols) && rows <= INT64_MAX / cols &&
	    tv_is_gf2(tv, rows * cols, nbits))
		rc = axe_import_validate_gf2(imp, &gf2, "cute-tv", err);
	if (rc != 1)
		return rc;
	rc = axe_cute_tv_reference(tv, tile, &ref, err) < 0 ||
	     axe_import_validate(imp, &ref, "cute-tv", err) < 0 ? -1 : 0;
	axe_reference_release(&ref);
	return rc;
}

/* CuTe's index of one flat row-major point of "shape", before any swizzle. */
typedef struct cute_point {
	const axe_cute_composed *c;
	const axe_shape *shape;
} cute_point;

static int cute_point_image(const void *ctx, int64_t flat, int64_t *image, axe_error *err)
{
	const cute_point *cp = ctx;
	int64_t crd[AXE_MAX_RANK];

	(void)err;
	for (size_t d = cp->shape->rank; d-- > 0;) {
		crd[d] = flat % cp->shape->dim[d];
		flat /= cp->shape->dim[d];
	}
	image[0] = cp->c->offset + axe_cute_layout_eval_modes(&cp->c->layout, crd);
	return 0;
}

/*
 * The digits in which crd2idx is affine (01_layout.md: the index is the
 * inner product of the natural coordinate with the stride): each mode's
 * integer coordinate splits colexicographically over its leaves, and the
 * row-major point over the modes, so innermost first they are the leaves of
 * the last mode, left to right, then those of the mode before it.
 */
static int64_t *cute_radices(const axe_cute_layout *layout, size_t rank, size_t *n,
			     axe_error *err)
{
	size_t room = axe_cute_tuple_leaves(&layout->shape) + 1;
	int64_t *radix = malloc(room * sizeof(int64_t));

	*n = 0;
	if (!radix) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	if (layout->shape.is_leaf) {
		*n = axe_cute_tuple_flatten(&layout->shape, radix, room);
		return radix;
	}
	for (size_t d = rank; d-- > 0;)
		*n += axe_cute_tuple_flatten(&layout->shape.child[d], radix + *n, room - *n);
	return radix;
}

/*
 * CuTe's swizzle of an index (swizzled above) is GF(2)-linear on the
 * indices [0, 2^62) whose bit address fits: Swizzle::apply is
 * o ^ ((o & yyy) >> S) (or << -S), a mask, a shift and an XOR of the bits
 * of o; on N-bit elements with N = 2^k, the bit address is o << k, its byte
 * address that >> 3, the byte's swizzle linear as before, and the result
 * (bytes << 3 | the 3 bits below a byte) >> k: shifts, masks and an OR of
 * disjoint bits, linear each.  An N that is no power of two divides: no
 * such argument (NULL, then every point is enumerated).
 */
static int cute_point_swizzle(const void *ctx, int64_t value, int64_t *out, axe_error *err)
{
	return swizzled(((const cute_point *)ctx)->c, value, out, err);
}

static bool swizzle_is_linear(const axe_cute_composed *c)
{
	return c->ptr_bits == 0 || (c->ptr_bits > 0 && (c->ptr_bits & (c->ptr_bits - 1)) == 0);
}

int axe_cute_validate(const axe_cute_composed *c, const axe_shape *shape, const axe_import *imp,
		      const char *format, axe_error *err)
{
	static const char *const axis[] = { "m" };
	axe_reference ref = { 0 };
	int rc = 1;

	if (!c->swizzle.present || swizzle_is_linear(c)) {
		cute_point cp = { c, shape };
		axe_affine_reference aff = { shape, 1, axis, 0, NULL, cute_point_image, &cp,
					     c->swizzle.present ? cute_point_swizzle : NULL };
		int64_t *radix = cute_radices(&c->layout, shape->rank, &aff.nradix, err);

		if (!radix)
			return -1;
		aff.radix = radix;
		rc = axe_import_validate_affine(imp, &aff, format, err);
		free(radix);
	}
	if (rc != 1)
		return rc;
	rc = axe_cute_reference(c, shape, &ref, err) < 0 ||
	     axe_import_validate(imp, &ref, format, err) < 0 ? -1 : 0;
	axe_reference_release(&ref);
	return rc;
}
