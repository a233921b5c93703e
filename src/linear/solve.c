/*
 * solve.c: the parts of Triton's LinearLayout algebra (algebra.h) that
 * compose layouts or solve GF(2) systems: compose, rank (isSurjective,
 * isInjective), getFreeVariableMasks, invertAndCompose (Triton's lstsq:
 * the solution of minimal norm, with in-dims on which both layouts agree
 * mapped to themselves), pseudoinvert, invert, divideLeft and divideRight.
 * The meaning is that of lib/Tools/LinearLayout.cpp of
 * github.com/triton-lang/triton at commit
 * 0b47bc5b105c0db7cf321719cccd5f23190d3fe8; divideRight, which that commit
 * declares in include/triton/Tools/LinearLayout.h as "C with A = C * B",
 * is its mirror of divideLeft.  Matrices follow Triton's getMatrix: one
 * 64-bit row per out-bit (out-dims in order, low bits first), bit c of a
 * row for the flat in-bit c (in-dims in order).  Reduced row echelon form
 * is unique, so any Gauss-Jordan elimination gives f2reduce's answer.
 */
#include <string.h>

#include "algebra_private.h"

/* L's matrix into rows[] (one per out-bit); -1 when it is larger than 64x64. */
static int matrix_of(const axe_ll *L, uint64_t *rows, axe_error *err)
{
	int nrows = axe_ll_total_out_log2(L), ncols = axe_ll_total_in_log2(L);

	if (nrows > 64 || ncols > 64)
		return ll_too_large(err);
	memset(rows, 0, sizeof(uint64_t) * (size_t)nrows);
	for (int in = 0, c = 0; in < L->nin; in++)
		for (int i = 0; i < L->in_log2[in]; i++, c++) {
			uint64_t v = ll_flat_out(L, in, i);

			for (int r = 0; r < nrows; r++)
				rows[r] |= (v >> r & 1) << c;
		}
	return 0;
}

/* Gauss-Jordan elimination to reduced row echelon form; the rank. */
static int rref(uint64_t *m, int nrows, int ncols)
{
	int r = 0;

	for (int c = 0; c < ncols && r < nrows; c++) {
		int p = r;
		uint64_t bit = (uint64_t)1 << c, t;

		while (p < nrows && !(m[p] & bit))
			p++;
		if (p == nrows)
			continue;
		t = m[p];
		m[p] = m[r];
		m[r] = t;
		for (int i = 0; i < nrows; i++)
			if (i != r && (m[i] & bit))
				m[i] ^= m[r];
		r++;
	}
	return r;
}

static int lowest_bit(uint64_t v)
{
	int b = 0;

	while (!(v >> b & 1))
		b++;
	return b;
}

static int rank_of(const axe_ll *L, int *rank, axe_error *err)
{
	uint64_t m[64];

	if (matrix_of(L, m, err) < 0)
		return -1;
	*rank = rref(m, axe_ll_total_out_log2(L), axe_ll_total_in_log2(L));
	return 0;
}

int axe_ll_is_surjective(const axe_ll *L, bool *yes, axe_error *err)
{
	int rank;

	if (rank_of(L, &rank, err) < 0)
		return -1;
	*yes = rank == axe_ll_total_out_log2(L);
	return 0;
}

int axe_ll_is_injective(const axe_ll *L, bool *yes, axe_error *err)
{
	int rank;

	if (rank_of(L, &rank, err) < 0)
		return -1;
	*yes = rank == axe_ll_total_in_log2(L);
	return 0;
}

int axe_ll_is_invertible(const axe_ll *L, bool *yes, axe_error *err)
{
	if (axe_ll_is_surjective(L, yes, err) < 0)
		return -1;
	*yes = *yes && axe_ll_total_in_log2(L) == axe_ll_total_out_log2(L);
	return 0;
}

int axe_ll_free_variable_masks(const axe_ll *L, int32_t *mask, axe_error *err)
{
	uint64_t m[64], basic = 0;
	int nrows = axe_ll_total_out_log2(L);

	if (matrix_of(L, m, err) < 0)
		return -1;
	rref(m, nrows, axe_ll_total_in_log2(L));
	/* The pivot columns are the basic variables; the others are free. */
	for (int r = 0; r < nrows; r++)
		if (m[r])
			basic |= (uint64_t)1 << lowest_bit(m[r]);
	for (int in = 0, c = 0; in < L->nin; in++) {
		mask[in] = 0;
		for (int i = 0; i < L->in_log2[in]; i++, c++)
			if (!(basic >> c & 1))
				mask[in] |= (int32_t)1 << i;
	}
	return 0;
}

int axe_ll_compose(axe_ll *out, const axe_ll *L, const axe_ll *outer, axe_error *err)
{
	axe_ll r;
	int at[AXE_LL_MAX_DIMS];

	if (L->nout != outer->nin)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "compose needs the first layout's out-dims to be the "
				     "second's in-dims");
	for (int d = 0; d < L->nout; d++) {
		at[d] = axe_ll_in_index(outer, L->out_name[d]);
		if (at[d] < 0 || L->out_log2[d] > outer->in_log2[at[d]])
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "compose: out-dim '%s' is not an in-dim of the "
					     "outer layout of at least its size", L->out_name[d]);
	}
	r = *outer;
	r.nin = L->nin;
	memcpy(r.in_name, L->in_name, sizeof(L->in_name));
	memcpy(r.in_log2, L->in_log2, sizeof(L->in_log2));
	for (int in = 0; in < L->nin; in++)
		for (int i = 0; i < L->in_log2[in]; i++) {
			int32_t v[AXE_LL_MAX_DIMS] = { 0 };

			for (int d = 0; d < L->nout; d++)
				v[at[d]] = L->basis[in][i][d];
			axe_ll_apply(outer, v, r.basis[in][i]);
		}
	*out = r;
	return 0;
}

/*
 * Triton's lstsq: X with A X = B (A and B of the same out-dims, in order),
 * free variables 0: from B's in-dims to A's in-dims.  Assumes Im(B) is in
 * Im(A); an error otherwise.
 */
static int lstsq(axe_ll *out, const axe_ll *A, const axe_ll *B, axe_error *err)
{
	uint64_t m[64], mb[64], x[64] = { 0 };
	int nrows = axe_ll_total_out_log2(A), ca = axe_ll_total_in_log2(A);
	int cb = axe_ll_total_in_log2(B);

	if (ca + cb > 64)
		return ll_too_large(err);
	if (matrix_of(A, m, err) < 0 || matrix_of(B, mb, err) < 0)
		return -1;
	for (int r = 0; r < nrows; r++)
		m[r] |= mb[r] << ca;
	rref(m, nrows, ca + cb);
	for (int r = 0; r < nrows && m[r]; r++) {
		int c = lowest_bit(m[r]);

		if (c >= ca)
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "the layouts do not cover the same elements");
		x[c] = m[r] >> ca;
	}
	/* Column j of X is the image of B's flat in-bit j over A's flat in-bits. */
	axe_ll_init(out);
	for (int k = 0; k < A->nin; k++)
		if (axe_ll_add_out(out, A->in_name[k], A->in_log2[k], err) < 0)
			return -1;
	for (int k = 0, j = 0; k < B->nin; k++) {
		if (axe_ll_add_in(out, B->in_name[k], B->in_log2[k], err) < 0)
			return -1;
		for (int i = 0; i < B->in_log2[k]; i++, j++)
			for (int d = 0, r = 0; d < A->nin; d++)
				for (int b = 0; b < A->in_log2[d]; b++, r++)
					out->basis[k][i][d] |= (int32_t)((x[r] >> j & 1) << b);
	}
	return 0;
}

/* The names of L's in-dims in "pick" (or not in it), as a list. */
static void split_ins(ll_dims *kept, const axe_ll *L, const ll_dims *pick, bool in_pick)
{
	kept->n = 0;
	for (int k = 0; k < L->nin; k++)
		if (ll_dims_has(pick, L->in_name[k]) == in_pick)
			strcpy(kept->name[kept->n++], L->in_name[k]);
}

/* The in-dims of A that B has with the same bases (invertAndCompose's heuristic). */
static void agreeing_ins(ll_dims *same, const axe_ll *A, const axe_ll *B, const ll_dims *outs)
{
	same->n = 0;
	for (int k = 0; k < A->nin; k++) {
		ll_dims one = { 1, { { 0 } } };
		axe_ll a, b;

		if (axe_ll_in_index(B, A->in_name[k]) < 0)
			continue;
		strcpy(one.name[0], A->in_name[k]);
		ll_select(&a, A, &one, outs);
		ll_select(&b, B, &one, outs);
		if (axe_ll_equal(&a, &b))
			strcpy(same->name[same->n++], A->in_name[k]);
	}
}

static int join_names(char *buf, size_t size, const char names[][AXE_LL_NAME_SIZE], int n)
{
	size_t at = 0;

	buf[0] = '\0';
	for (int k = 0; k < n; k++) {
		size_t len = strlen(names[k]);

		if (at + len + 2 > size)
			return -1;
		if (k > 0)
			buf[at++] = ',';
		memcpy(buf + at, names[k], len + 1);
		at += len;
	}
	return 0;
}

/*
 * Check what invertAndCompose needs of "L" and "A" (outer, its outs in L's
 * order): the same out sizes.  Triton also asserts that outer is
 * surjective; here it is enough that outer reaches every value L takes
 * (lstsq refuses otherwise), which Triton's warp-shuffle decomposition
 * relies on when it inverts the register and lane part of a layout alone.
 */
static int check_same_outs(const axe_ll *L, const axe_ll *A, axe_error *err)
{
	for (int d = 0; d < L->nout; d++)
		if (A->out_log2[d] != L->out_log2[d])
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "the layouts cover dim '%s' at different sizes",
					     L->out_name[d]);
	return 0;
}

int axe_ll_invert_and_compose(axe_ll *out, const axe_ll *L, const axe_ll *outer,
			      axe_error *err)
{
	char order[AXE_LL_MAX_DIMS * AXE_LL_NAME_SIZE];
	ll_dims outs, same, a_rest, b_rest;
	axe_ll A, a_red, b_red, ret, id;

	ll_dims_of_outs(&outs, L);
	if (join_names(order, sizeof(order), L->out_name, L->nout) < 0 ||
	    axe_ll_transpose_outs(&A, outer, order, err) < 0 || check_same_outs(L, &A, err) < 0)
		return -1;
	agreeing_ins(&same, &A, L, &outs);
	split_ins(&a_rest, &A, &same, false);
	split_ins(&b_rest, L, &same, false);
	/*
	 * Triton asserts that both or neither layout has in-dims left; where
	 * only one has, the least-squares solution is still the answer (no
	 * columns on one side), so it is computed rather than refused.
	 */
	ll_select(&a_red, &A, &a_rest, &outs);
	ll_select(&b_red, L, &b_rest, &outs);
	axe_ll_init(&ret);
	if ((a_rest.n > 0 || b_rest.n > 0) && lstsq(&ret, &a_red, &b_red, err) < 0)
		return -1;
	for (int k = 0; k < same.n; k++) {
		int in = axe_ll_in_index(&A, same.name[k]);

		if (axe_ll_identity1d(&id, (int64_t)1 << A.in_log2[in], same.name[k], same.name[k],
				      err) < 0 || axe_ll_mul(&ret, &ret, &id, err) < 0)
			return -1;
	}
	if (join_names(order, sizeof(order), L->in_name, L->nin) < 0 ||
	    axe_ll_transpose_ins(&ret, &ret, order, err) < 0 ||
	    join_names(order, sizeof(order), A.in_name, A.nin) < 0)
		return -1;
	return axe_ll_transpose_outs(out, &ret, order, err);
}

int axe_ll_pseudoinvert(axe_ll *out, const axe_ll *L, axe_error *err)
{
	axe_ll identity, one;

	axe_ll_init(&identity);
	for (int d = 0; d < L->nout; d++)
		if (axe_ll_identity1d(&one, (int64_t)1 << L->out_log2[d], L->out_name[d],
				      L->out_name[d], err) < 0 ||
		    axe_ll_mul(&identity, &identity, &one, err) < 0)
			return -1;
	return axe_ll_invert_and_compose(out, &identity, L, err);
}

int axe_ll_invert(axe_ll *out, const axe_ll *L, axe_error *err)
{
	bool ok;

	if (axe_ll_is_invertible(L, &ok, err) < 0)
		return -1;
	if (!ok)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "the layout is not invertible (not square and onto)");
	return axe_ll_pseudoinvert(out, L, err);
}

/* Every in-dim and out-dim of B is one of A's. */
static bool dims_within(const axe_ll *A, const axe_ll *B)
{
	for (int k = 0; k < B->nin; k++)
		if (axe_ll_in_index(A, B->in_name[k]) < 0)
			return false;
	for (int d = 0; d < B->nout; d++)
		if (axe_ll_out_index(A, B->out_name[d]) < 0)
			return false;
	return true;
}

/* C's skeleton for A / B: A's dims, out sizes A's over B's; false when B is larger. */
static bool quotient_dims(axe_ll *C, const axe_ll *A, const axe_ll *B)
{
	*C = *A;
	for (int d = 0; d < A->nout; d++) {
		int b = axe_ll_out_index(B, A->out_name[d]);

		C->out_log2[d] -= b >= 0 ? B->out_log2[b] : 0;
		if (C->out_log2[d] < 0)
			return false;
	}
	for (int in = 0; in < A->nin; in++) {
		int b = axe_ll_in_index(B, A->in_name[in]);

		C->in_log2[in] -= b >= 0 ? B->in_log2[b] : 0;
		if (C->in_log2[in] < 0)
			return false;
	}
	return true;
}

/* *C is valid and "inner * outer" is A: the division's final check. */
static int product_is(const axe_ll *A, const axe_ll *C, const axe_ll *inner, const axe_ll *outer,
		      axe_error *err)
{
	axe_ll p;

	for (int in = 0; in < C->nin; in++)
		for (int i = 0; i < C->in_log2[in]; i++)
			for (int d = 0; d < C->nout; d++)
				if (C->basis[in][i][d] >= (int32_t)1 << C->out_log2[d])
					return 0;
	if (axe_ll_mul(&p, inner, outer, err) < 0)
		return -1;
	return axe_ll_equal(&p, A) ? 1 : 0;
}

int axe_ll_divide_left(axe_ll *out, const axe_ll *A, const axe_ll *B, axe_error *err)
{
	axe_ll C;
	int ok;

	if (!dims_within(A, B) || !quotient_dims(&C, A, B))
		return 0;
	/* A = B * C: A's first bases of each in-dim are B's, the rest are C's scaled by B. */
	for (int in = 0; in < A->nin; in++) {
		int b = axe_ll_in_index(B, A->in_name[in]), skip = b >= 0 ? B->in_log2[b] : 0;

		for (int i = 0; i < A->in_log2[in]; i++)
			for (int d = 0; d < A->nout; d++) {
				int bo = axe_ll_out_index(B, A->out_name[d]);
				int shift = bo >= 0 ? B->out_log2[bo] : 0;
				int32_t v = A->basis[in][i][d];

				if (i < skip && v != (bo >= 0 ? B->basis[b][i][bo] : 0))
					return 0;
				if (i >= skip && (v & (((int32_t)1 << shift) - 1)) != 0)
					return 0;
				if (i >= skip)
					C.basis[in][i - skip][d] = v >> shift;
			}
	}
	if ((ok = product_is(A, &C, B, &C, err)) == 1)
		*out = C;
	return ok;
}

int axe_ll_divide_right(axe_ll *out, const axe_ll *A, const axe_ll *B, axe_error *err)
{
	axe_ll C;
	int ok;

	if (!dims_within(A, B) || !quotient_dims(&C, A, B))
		return 0;
	/* A = C * B: A's first bases of each in-dim are C's, the rest B's scaled by C. */
	for (int in = 0; in < A->nin; in++) {
		int b = axe_ll_in_index(B, A->in_name[in]);

		for (int i = C.in_log2[in]; i < A->in_log2[in]; i++)
			for (int d = 0; d < A->nout; d++) {
				int bo = axe_ll_out_index(B, A->out_name[d]);
				int32_t want = bo >= 0 ? B->basis[b][i - C.in_log2[in]][bo] : 0;

				if (A->basis[in][i][d] != (int32_t)((uint32_t)want << C.out_log2[d]))
					return 0;
			}
	}
	if ((ok = product_is(A, &C, &C, B, err)) == 1)
		*out = C;
	return ok;
}
