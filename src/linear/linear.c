/*
 * linear.c: Triton's LinearLayout builders over GF(2) (linear.h), with the
 * meaning of Triton's lib/Tools/LinearLayout.cpp and LayoutUtils.cpp:
 * identity1D, zeros1D, operator*, transposeOuts, identityStandardND and
 * ensureLayoutNotSmallerThan/LargerThan.  Written from their documented
 * behaviour and pinned by the expected layouts of Triton's
 * LinearLayoutConversionsTest (tests/unit/test_triton.c).
 */
#include <stdlib.h>
#include <string.h>

#include "linear.h"

const char *const axe_linear_in_name[AXE_LINEAR_NIN] = {
#define IN_DIM(id, name, axis) name,
#include "linear_dims.def"
#undef IN_DIM
};

const char *const axe_linear_in_axis[AXE_LINEAR_NIN] = {
#define IN_DIM(id, name, axis) axis,
#include "linear_dims.def"
#undef IN_DIM
};

void axe_linear_init(axe_linear *L, size_t rank)
{
	memset(L, 0, sizeof(*L));
	L->rank = rank;
}

static int log2_exact(int64_t v)
{
	int k = 0;

	if (v <= 0 || (v & (v - 1)) != 0)
		return -1;
	while (((int64_t)1 << k) < v)
		k++;
	return k;
}

static bool has_out(const axe_linear *L, int d)
{
	for (size_t k = 0; k < L->nout; k++)
		if (L->out_order[k] == d)
			return true;
	return false;
}

static int add_out(axe_linear *L, int d)
{
	if (!has_out(L, d))
		L->out_order[L->nout++] = d;
	return 0;
}

static int too_big(axe_error *err)
{
	return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
			     "the layout has more than %d bases in one dimension, or a "
			     "dimension of more than 2^%d elements", AXE_LINEAR_MAX_BITS,
			     AXE_LINEAR_MAX_BITS);
}

/* Append one basis with value "value" on "dim" to in-dim "in". */
static int push_basis(axe_linear *L, int in, int dim, int32_t value, axe_error *err)
{
	if (L->nbits[in] >= AXE_LINEAR_MAX_BITS)
		return too_big(err);
	memset(L->basis[in][L->nbits[in]], 0, sizeof(L->basis[in][0]));
	L->basis[in][L->nbits[in]++][dim] = value;
	return 0;
}

static int builder(axe_linear *L, int64_t size, int in, int dim, bool identity, axe_error *err)
{
	int k = log2_exact(size);

	if (k < 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "%lld is not a power of two: Triton's linear layouts need "
				     "power-of-two sizes", (long long)size);
	if (k > AXE_LINEAR_MAX_BITS)
		return too_big(err);
	axe_linear_init(L, L->rank);
	L->has_in[in] = true;
	add_out(L, dim);
	for (int i = 0; i < k; i++)
		if (push_basis(L, in, dim, identity ? (int32_t)1 << i : 0, err) < 0)
			return -1;
	L->out_log2[dim] = identity ? k : 0;
	return 0;
}

int axe_linear_identity1d(axe_linear *L, int64_t size, int in, int dim, axe_error *err)
{
	return builder(L, size, in, dim, true, err);
}

int axe_linear_zeros1d(axe_linear *L, int64_t size, int in, int dim, axe_error *err)
{
	return builder(L, size, in, dim, false, err);
}

int axe_linear_mul(axe_linear *out, const axe_linear *a, const axe_linear *b, axe_error *err)
{
	axe_linear r = *a;

	for (size_t k = 0; k < b->nout; k++) {
		int d = b->out_order[k];

		add_out(&r, d);
		if (a->out_log2[d] + b->out_log2[d] > AXE_LINEAR_MAX_BITS)
			return too_big(err);
		r.out_log2[d] = (has_out(a, d) ? a->out_log2[d] : 0) + b->out_log2[d];
	}
	for (int in = 0; in < AXE_LINEAR_NIN; in++) {
		r.has_in[in] |= b->has_in[in];
		for (int i = 0; i < b->nbits[in]; i++) {
			if (r.nbits[in] >= AXE_LINEAR_MAX_BITS)
				return too_big(err);
			for (size_t d = 0; d < r.rank; d++) {
				int shift = has_out(a, (int)d) ? a->out_log2[d] : 0;

				r.basis[in][r.nbits[in]][d] = (int32_t)((uint32_t)b->basis[in][i][d] << shift);
			}
			r.nbits[in]++;
		}
	}
	*out = r;
	return 0;
}

int axe_linear_mul_identity(axe_linear *L, int64_t size, int in, int dim, axe_error *err)
{
	axe_linear f;

	axe_linear_init(&f, L->rank);
	return axe_linear_identity1d(&f, size, in, dim, err) < 0 ? -1 :
		axe_linear_mul(L, L, &f, err);
}

int axe_linear_mul_zeros(axe_linear *L, int64_t size, int in, int dim, axe_error *err)
{
	axe_linear f;

	axe_linear_init(&f, L->rank);
	return axe_linear_zeros1d(&f, size, in, dim, err) < 0 ? -1 : axe_linear_mul(L, L, &f, err);
}

void axe_linear_transpose_outs(axe_linear *L, const int *order, size_t n)
{
	int kept[AXE_LINEAR_MAX_RANK];
	size_t m = 0;

	/* Dims "order" names come first, in its order; any others keep theirs. */
	for (size_t k = 0; k < n; k++)
		if (has_out(L, order[k]))
			kept[m++] = order[k];
	for (size_t k = 0; k < L->nout; k++) {
		bool named = false;

		for (size_t j = 0; j < n; j++)
			named |= order[j] == L->out_order[k];
		if (!named)
			kept[m++] = L->out_order[k];
	}
	memcpy(L->out_order, kept, m * sizeof(int));
	L->nout = m;
}

void axe_linear_standard_outs(axe_linear *L)
{
	/* Dims that were no out-dim have size 1 (out_log2 0): nothing else changes. */
	for (size_t d = 0; d < L->rank; d++)
		L->out_order[d] = (int)d;
	L->nout = L->rank;
}

int axe_linear_identity_nd(axe_linear *L, int in, const int64_t *shape, const int *order,
			   axe_error *err)
{
	axe_linear_init(L, L->rank);
	for (size_t i = 0; i < L->rank; i++)
		if (axe_linear_mul_identity(L, shape[order[i]], in, order[i], err) < 0)
			return -1;
	return 0;
}

int64_t axe_linear_out_size(const axe_linear *L, int d)
{
	return has_out(L, d) ? (int64_t)1 << L->out_log2[d] : 1;
}

int axe_linear_not_smaller(axe_linear *L, int in, const int64_t *shape, axe_error *err)
{
	axe_linear start = *L;

	for (size_t k = 0; k < start.nout; k++) {
		int d = start.out_order[k];
		int64_t have = axe_linear_out_size(&start, d);

		if (have < shape[d] && axe_linear_mul_identity(L, shape[d] / have, in, d, err) < 0)
			return -1;
	}
	return 0;
}

int axe_linear_check(const axe_linear *L, const axe_shape *shape, axe_error *err)
{
	int total = 0;

	if (shape->rank != L->rank)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "the layout has %zu dimensions but the shape has %zu",
				     L->rank, shape->rank);
	for (size_t d = 0; d < L->rank; d++) {
		int64_t size = axe_linear_out_size(L, (int)d);

		if (log2_exact(shape->dim[d]) < 0)
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "dimension %zu has %lld elements: Triton's linear "
					     "layouts need power-of-two sizes", d,
					     (long long)shape->dim[d]);
		if (size != shape->dim[d])
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "the layout covers %lld elements of dimension %zu, "
					     "but the shape has %lld", (long long)size, d,
					     (long long)shape->dim[d]);
		for (int in = 0; in < AXE_LINEAR_NIN; in++)
			for (int i = 0; i < L->nbits[in]; i++)
				if (L->basis[in][i][d] < 0 || L->basis[in][i][d] >= size)
					return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
							     "%s=%d maps to %d on dimension %zu, "
							     "outside its %lld elements",
							     axe_linear_in_name[in], 1 << i,
							     L->basis[in][i][d], d, (long long)size);
	}
	for (int in = 0; in < AXE_LINEAR_NIN; in++)
		total += L->nbits[in];
	if (total > AXE_LINEAR_MAX_IN_BITS)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
				     "the layout has %d bases, more than the %d this tool handles",
				     total, AXE_LINEAR_MAX_IN_BITS);
	return 0;
}

void axe_linear_fit_not_larger(axe_linear *L, const int64_t *shape, bool broadcast_registers)
{
	for (size_t k = 0; k < L->nout; k++) {
		int d = L->out_order[k];

		if (axe_linear_out_size(L, d) > shape[d])
			L->out_log2[d] = log2_exact(shape[d]);
	}
	for (int in = 0; in < AXE_LINEAR_NIN; in++) {
		int kept = 0;

		for (int i = 0; i < L->nbits[in]; i++) {
			bool was_zero = true, is_zero = true;

			for (size_t d = 0; d < L->rank; d++) {
				was_zero &= L->basis[in][i][d] == 0;
				if (L->basis[in][i][d] >= axe_linear_out_size(L, (int)d))
					L->basis[in][i][d] = 0;
				is_zero &= L->basis[in][i][d] == 0;
			}
			if (broadcast_registers || in != AXE_LINEAR_REGISTER || was_zero || !is_zero)
				memmove(L->basis[in][kept++], L->basis[in][i], sizeof(L->basis[in][i]));
		}
		L->nbits[in] = kept;
	}
}

int axe_linear_reshape(axe_linear *L, const int64_t *shape, size_t rank, axe_error *err)
{
	axe_linear r;
	int64_t total = 1, have = 1;

	for (size_t d = 0; d < L->rank; d++)
		have *= axe_linear_out_size(L, (int)d);
	for (size_t d = 0; d < rank; d++)
		total *= shape[d];
	if (rank > AXE_LINEAR_MAX_RANK || total != have)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "cannot reshape a layout of %lld elements to %lld",
				     (long long)have, (long long)total);
	axe_linear_init(&r, rank);
	memcpy(r.has_in, L->has_in, sizeof(r.has_in));
	memcpy(r.nbits, L->nbits, sizeof(r.nbits));
	for (size_t d = 0; d < rank; d++)
		r.out_log2[d] = log2_exact(shape[d]);
	for (int in = 0; in < AXE_LINEAR_NIN; in++)
		for (int i = 0; i < L->nbits[in]; i++) {
			int64_t flat = 0;

			for (size_t d = 0; d < L->rank; d++)
				flat = flat * axe_linear_out_size(L, (int)d) + L->basis[in][i][d];
			for (size_t d = rank; d-- > 0;) {
				r.basis[in][i][d] = (int32_t)(flat % shape[d]);
				flat /= shape[d];
			}
		}
	axe_linear_standard_outs(&r);
	*L = r;
	return 0;
}

void axe_linear_permute_dims(axe_linear *L, const int *order)
{
	axe_linear r = *L;

	for (size_t d = 0; d < L->rank; d++) {
		r.out_log2[d] = axe_linear_out_size(L, order[d]) > 1 ? L->out_log2[order[d]] : 0;
		for (int in = 0; in < AXE_LINEAR_NIN; in++)
			for (int i = 0; i < L->nbits[in]; i++)
				r.basis[in][i][d] = L->basis[in][i][order[d]];
	}
	axe_linear_standard_outs(&r);
	*L = r;
}
