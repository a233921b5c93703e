/*
 * sublayout.c: Triton's sublayouts on named dims (algebra.h): sublayout,
 * sublayoutIsZero, LayoutUtils' squareSublayoutIsIdentity, isTrivialOver,
 * quotient and removeZeroBasesAlongDim, with the meaning of
 * lib/Tools/LinearLayout.cpp and lib/Tools/LayoutUtils.cpp of
 * github.com/triton-lang/triton at commit
 * 0b47bc5b105c0db7cf321719cccd5f23190d3fe8.  Pinned by Triton's unit tests
 * (tests/unit/test_linear.c) and by brute force (tests/prop/prop_linear.c).
 */
#include <string.h>

#include "algebra_private.h"

/* ---- sublayouts and quotients ---------------------------------------- */

void ll_select(axe_ll *out, const axe_ll *L, const ll_dims *ins, const ll_dims *outs)
{
	axe_ll r;

	axe_ll_init(&r);
	for (int d = 0; d < L->nout; d++)
		if (ll_dims_has(outs, L->out_name[d])) {
			strcpy(r.out_name[r.nout], L->out_name[d]);
			r.out_log2[r.nout++] = L->out_log2[d];
		}
	for (int in = 0; in < L->nin; in++) {
		if (!ll_dims_has(ins, L->in_name[in]))
			continue;
		strcpy(r.in_name[r.nin], L->in_name[in]);
		r.in_log2[r.nin] = L->in_log2[in];
		for (int i = 0; i < L->in_log2[in]; i++)
			for (int d = 0, k = 0; d < L->nout; d++)
				if (ll_dims_has(outs, L->out_name[d]))
					r.basis[r.nin][i][k++] = L->basis[in][i][d];
		r.nin++;
	}
	*out = r;
}

int axe_ll_sublayout(axe_ll *out, const axe_ll *L, const char *ins, const char *outs,
		     axe_error *err)
{
	ll_dims di, dout;

	if (ll_dims_parse(&di, ins, err) < 0 || ll_dims_parse(&dout, outs, err) < 0)
		return -1;
	for (int k = 0; k < di.n; k++)
		if (axe_ll_in_index(L, di.name[k]) < 0)
			return ll_name_error(err, "the layout has no in-dim", di.name[k]);
	for (int k = 0; k < dout.n; k++)
		if (axe_ll_out_index(L, dout.name[k]) < 0)
			return ll_name_error(err, "the layout has no out-dim", dout.name[k]);
	ll_select(out, L, &di, &dout);
	return 0;
}

static bool select_is_zero(const axe_ll *L, const ll_dims *ins, const ll_dims *outs)
{
	for (int in = 0; in < L->nin; in++) {
		if (!ll_dims_has(ins, L->in_name[in]))
			continue;
		for (int i = 0; i < L->in_log2[in]; i++)
			for (int d = 0; d < L->nout; d++)
				if (ll_dims_has(outs, L->out_name[d]) && L->basis[in][i][d] != 0)
					return false;
	}
	return true;
}

bool axe_ll_sublayout_is_zero(const axe_ll *L, const char *ins, const char *outs)
{
	ll_dims di, dout;

	if (ll_dims_parse(&di, ins, NULL) < 0 || ll_dims_parse(&dout, outs, NULL) < 0)
		return false;
	return select_is_zero(L, &di, &dout);
}

static bool square_is_identity(const axe_ll *L, const ll_dims *dims)
{
	axe_ll sl;
	int b = 0;

	for (int k = 0; k < dims->n; k++) {
		int in = axe_ll_in_index(L, dims->name[k]), d = axe_ll_out_index(L, dims->name[k]);

		if (in < 0 || d < 0 || L->in_log2[in] != L->out_log2[d])
			return false;
	}
	/* Flattened, the restriction must map in-bit b to out-bit b. */
	ll_select(&sl, L, dims, dims);
	for (int in = 0; in < sl.nin; in++)
		for (int i = 0; i < sl.in_log2[in]; i++, b++)
			if (ll_flat_out(&sl, in, i) != (uint64_t)1 << b)
				return false;
	return true;
}

bool axe_ll_square_sublayout_is_identity(const axe_ll *L, const char *dims)
{
	ll_dims d;

	return ll_dims_parse(&d, dims, NULL) == 0 && square_is_identity(L, &d);
}

static void remaining(ll_dims *rest, const char names[][AXE_LL_NAME_SIZE], int n,
		      const ll_dims *drop)
{
	rest->n = 0;
	for (int k = 0; k < n; k++)
		if (!ll_dims_has(drop, names[k]))
			strcpy(rest->name[rest->n++], names[k]);
}

static bool trivial_over(const axe_ll *L, const ll_dims *dims)
{
	ll_dims rest_in, rest_out;

	for (int k = 0; k < dims->n; k++)
		if (axe_ll_in_index(L, dims->name[k]) < 0 && axe_ll_out_index(L, dims->name[k]) < 0)
			return false;
	remaining(&rest_in, L->in_name, L->nin, dims);
	remaining(&rest_out, L->out_name, L->nout, dims);
	return square_is_identity(L, dims) && select_is_zero(L, &rest_in, dims) &&
	       select_is_zero(L, dims, &rest_out);
}

bool axe_ll_is_trivial_over(const axe_ll *L, const char *dims)
{
	ll_dims d;

	return ll_dims_parse(&d, dims, NULL) == 0 && trivial_over(L, &d);
}

int axe_ll_quotient(axe_ll *out, const axe_ll *L, const char *dims, axe_error *err)
{
	ll_dims d, rest_in, rest_out;

	if (ll_dims_parse(&d, dims, err) < 0)
		return -1;
	if (!trivial_over(L, &d))
		return 0;
	remaining(&rest_in, L->in_name, L->nin, &d);
	remaining(&rest_out, L->out_name, L->nout, &d);
	ll_select(out, L, &rest_in, &rest_out);
	return 1;
}

int axe_ll_remove_zero_bases(axe_ll *out, const axe_ll *L, const char *dim, axe_error *err)
{
	int in = axe_ll_in_index(L, dim), n = 0;
	axe_ll r = *L;

	if (in < 0)
		return ll_name_error(err, "the layout has no in-dim", dim);
	for (int i = 0; i < L->in_log2[in]; i++) {
		bool zero = true;

		for (int d = 0; d < L->nout; d++)
			zero &= L->basis[in][i][d] == 0;
		if (!zero)
			memcpy(r.basis[in][n++], L->basis[in][i], sizeof(r.basis[0][0]));
	}
	r.in_log2[in] = n;
	*out = r;
	return 0;
}
