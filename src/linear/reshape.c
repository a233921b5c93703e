/*
 * reshape.c: Triton's LinearLayout reshaping on named dims (algebra.h):
 * transposeIns/Outs, reshapeIns/Outs, flattenIns/Outs, concatIns/Outs, with
 * the meaning of lib/Tools/LinearLayout.cpp of github.com/triton-lang/triton
 * at commit 0b47bc5b105c0db7cf321719cccd5f23190d3fe8.  Pinned by Triton's
 * unit tests (tests/unit/test_linear.c) and by brute force
 * (tests/prop/prop_linear.c).
 */
#include <string.h>

#include "algebra_private.h"

/* ---- reshaping ------------------------------------------------------- */

static bool same_set(const ll_dims *d, const char names[][AXE_LL_NAME_SIZE], int n)
{
	if (d->n != n)
		return false;
	for (int k = 0; k < n; k++)
		if (!ll_dims_has(d, names[k]))
			return false;
	return true;
}

int axe_ll_transpose_ins(axe_ll *out, const axe_ll *L, const char *dims, axe_error *err)
{
	ll_dims d;
	axe_ll r = *L;

	if (ll_dims_parse(&d, dims, err) < 0)
		return -1;
	if (!same_set(&d, L->in_name, L->nin))
		return ll_name_error(err, "transposeIns needs the layout's in-dims, got", dims);
	for (int k = 0; k < d.n; k++) {
		int from = axe_ll_in_index(L, d.name[k]);

		strcpy(r.in_name[k], L->in_name[from]);
		r.in_log2[k] = L->in_log2[from];
		memcpy(r.basis[k], L->basis[from], sizeof(L->basis[0]));
	}
	*out = r;
	return 0;
}

int axe_ll_transpose_outs(axe_ll *out, const axe_ll *L, const char *dims, axe_error *err)
{
	ll_dims d;
	axe_ll r = *L;

	if (ll_dims_parse(&d, dims, err) < 0)
		return -1;
	if (!same_set(&d, L->out_name, L->nout))
		return ll_name_error(err, "transposeOuts needs the layout's out-dims, got", dims);
	for (int k = 0; k < d.n; k++) {
		int from = axe_ll_out_index(L, d.name[k]);

		strcpy(r.out_name[k], L->out_name[from]);
		r.out_log2[k] = L->out_log2[from];
		for (int in = 0; in < L->nin; in++)
			for (int i = 0; i < L->in_log2[in]; i++)
				r.basis[in][i][k] = L->basis[in][i][from];
	}
	*out = r;
	return 0;
}

/* Parse "dims" with sizes "log2" summing to "total"; 0 or -1. */
static int new_dims(ll_dims *d, const char *dims, const int *log2, int total, axe_error *err)
{
	int sum = 0;

	if (ll_dims_parse(d, dims, err) < 0)
		return -1;
	for (int k = 0; k < d->n; k++) {
		if (log2[k] < 0 || log2[k] > AXE_LINEAR_MAX_BITS)
			return ll_too_large(err);
		sum += log2[k];
	}
	if (sum != total)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "the new dims have 2^%d elements, the layout's 2^%d", sum,
				     total);
	return 0;
}

int axe_ll_reshape_ins(axe_ll *out, const axe_ll *L, const char *dims, const int *log2,
		       axe_error *err)
{
	ll_dims d;
	axe_ll r;
	int from = 0, from_i = 0;

	if (new_dims(&d, dims, log2, axe_ll_total_in_log2(L), err) < 0)
		return -1;
	r = *L;
	r.nin = 0;
	for (int k = 0; k < d.n; k++) {
		if (axe_ll_add_in(&r, d.name[k], log2[k], err) < 0)
			return -1;
		/* Take the flattened bases in order. */
		for (int i = 0; i < log2[k]; i++) {
			while (from_i >= L->in_log2[from]) {
				from++;
				from_i = 0;
			}
			memcpy(r.basis[k][i], L->basis[from][from_i++], sizeof(r.basis[0][0]));
		}
	}
	*out = r;
	return 0;
}

int axe_ll_reshape_outs(axe_ll *out, const axe_ll *L, const char *dims, const int *log2,
			axe_error *err)
{
	ll_dims d;
	axe_ll r;

	if (new_dims(&d, dims, log2, axe_ll_total_out_log2(L), err) < 0)
		return -1;
	r = *L;
	r.nout = 0;
	for (int k = 0; k < d.n; k++)
		if (axe_ll_add_out(&r, d.name[k], log2[k], err) < 0)
			return -1;
	for (int in = 0; in < L->nin; in++)
		for (int i = 0; i < L->in_log2[in]; i++) {
			uint64_t flat = ll_flat_out(L, in, i);

			for (int k = 0; k < d.n; k++) {
				r.basis[in][i][k] = (int32_t)(flat & (((uint64_t)1 << log2[k]) - 1));
				flat >>= log2[k];
			}
		}
	*out = r;
	return 0;
}

int axe_ll_flatten_ins(axe_ll *out, const axe_ll *L, axe_error *err)
{
	int total = axe_ll_total_in_log2(L);

	if (L->nin == 0) {
		*out = *L;
		return 0;
	}
	return axe_ll_reshape_ins(out, L, L->in_name[0], &total, err);
}

int axe_ll_flatten_outs(axe_ll *out, const axe_ll *L, axe_error *err)
{
	int total = axe_ll_total_out_log2(L);

	if (L->nout == 0) {
		*out = *L;
		return 0;
	}
	return axe_ll_reshape_outs(out, L, L->out_name[0], &total, err);
}

int axe_ll_concat_ins(axe_ll *out, const axe_ll *a, const axe_ll *b, axe_error *err)
{
	axe_ll r = *a;

	if (a->nout != b->nout)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "concatIns needs layouts of the same out-dims");
	for (int d = 0; d < a->nout; d++)
		if (strcmp(a->out_name[d], b->out_name[d]) != 0 || a->out_log2[d] != b->out_log2[d])
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "concatIns needs layouts of the same out-dims");
	for (int in = 0; in < b->nin; in++) {
		int k = axe_ll_add_in(&r, b->in_name[in], b->in_log2[in], err);

		if (k < 0)
			return -1;
		memcpy(r.basis[k], b->basis[in], sizeof(b->basis[0]));
	}
	*out = r;
	return 0;
}

int axe_ll_concat_outs(axe_ll *out, const axe_ll *a, const axe_ll *b, axe_error *err)
{
	axe_ll r = *a;

	if (a->nin != b->nin)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "concatOuts needs layouts of the same in-dims");
	for (int in = 0; in < a->nin; in++)
		if (strcmp(a->in_name[in], b->in_name[in]) != 0 || a->in_log2[in] != b->in_log2[in])
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "concatOuts needs layouts of the same in-dims");
	for (int d = 0; d < b->nout; d++) {
		int k = axe_ll_add_out(&r, b->out_name[d], b->out_log2[d], err);

		if (k < 0)
			return -1;
		for (int in = 0; in < b->nin; in++)
			for (int i = 0; i < b->in_log2[in]; i++)
				r.basis[in][i][k] = b->basis[in][i][d];
	}
	*out = r;
	return 0;
}
