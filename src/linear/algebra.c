/*
 * algebra.c: Triton's LinearLayout on named dims (algebra.h): dim lists,
 * building, operator* (with LayoutUtils' supremum for the order of the
 * dims), apply, equality and getNumConsecutiveInOut, with the meaning of
 * lib/Tools/LinearLayout.cpp and lib/Tools/LayoutUtils.cpp of
 * github.com/triton-lang/triton at commit
 * 0b47bc5b105c0db7cf321719cccd5f23190d3fe8.  Transposes, reshapes,
 * flattens and concatenations are reshape.c; sublayouts, isTrivialOver and
 * quotient are sublayout.c; the GF(2) solving (rank, invertAndCompose,
 * inverses, free variables, division) is solve.c.
 * Written from Triton's documented behaviour; pinned by its unit tests
 * (tests/unit/test_linear.c) and by brute force (tests/prop/prop_linear.c).
 */
#include <stdio.h>
#include <string.h>

#include "algebra_private.h"

/* ---- dim lists ------------------------------------------------------- */

int ll_name_error(axe_error *err, const char *what, const char *name)
{
	return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "%s '%s'", what, name);
}

int ll_dims_add(ll_dims *d, const char *name, axe_error *err)
{
	if (d->n >= AXE_LL_MAX_DIMS)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
				     "more than %d dims in one linear layout", AXE_LL_MAX_DIMS);
	if (strlen(name) >= AXE_LL_NAME_SIZE || name[0] == '\0')
		return ll_name_error(err, "bad dim name", name);
	if (ll_dims_has(d, name))
		return ll_name_error(err, "dim named twice:", name);
	strcpy(d->name[d->n++], name);
	return 0;
}

int ll_dims_parse(ll_dims *d, const char *text, axe_error *err)
{
	char name[AXE_LL_NAME_SIZE];

	d->n = 0;
	while (*text) {
		size_t len = strcspn(text, ",");

		if (len == 0 || len >= sizeof(name))
			return ll_name_error(err, "bad dim list", text);
		memcpy(name, text, len);
		name[len] = '\0';
		if (ll_dims_add(d, name, err) < 0)
			return -1;
		text += len;
		if (*text == ',')
			text++;
	}
	return 0;
}

bool ll_dims_has(const ll_dims *d, const char *name)
{
	for (int i = 0; i < d->n; i++)
		if (strcmp(d->name[i], name) == 0)
			return true;
	return false;
}

void ll_dims_of_ins(ll_dims *d, const axe_ll *L)
{
	d->n = L->nin;
	memcpy(d->name, L->in_name, sizeof(L->in_name));
}

void ll_dims_of_outs(ll_dims *d, const axe_ll *L)
{
	d->n = L->nout;
	memcpy(d->name, L->out_name, sizeof(L->out_name));
}

int ll_too_large(axe_error *err)
{
	return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
			     "the linear layout has more than 64 input or output bits, or more "
			     "than %d bases in one dim", AXE_LINEAR_MAX_BITS);
}

/* ---- building -------------------------------------------------------- */

void axe_ll_init(axe_ll *L)
{
	memset(L, 0, sizeof(*L));
}

int axe_ll_in_index(const axe_ll *L, const char *name)
{
	for (int i = 0; i < L->nin; i++)
		if (strcmp(L->in_name[i], name) == 0)
			return i;
	return -1;
}

int axe_ll_out_index(const axe_ll *L, const char *name)
{
	for (int d = 0; d < L->nout; d++)
		if (strcmp(L->out_name[d], name) == 0)
			return d;
	return -1;
}

static int check_name(const char *name, int taken, axe_error *err)
{
	if (name[0] == '\0' || strlen(name) >= AXE_LL_NAME_SIZE)
		return ll_name_error(err, "bad dim name", name);
	if (taken >= 0)
		return ll_name_error(err, "dim named twice:", name);
	return 0;
}

int axe_ll_add_in(axe_ll *L, const char *name, int nbits, axe_error *err)
{
	if (check_name(name, axe_ll_in_index(L, name), err) < 0)
		return -1;
	if (L->nin >= AXE_LL_MAX_DIMS || nbits < 0 || nbits > AXE_LINEAR_MAX_BITS)
		return ll_too_large(err);
	strcpy(L->in_name[L->nin], name);
	L->in_log2[L->nin] = nbits;
	memset(L->basis[L->nin], 0, sizeof(L->basis[0]));
	return L->nin++;
}

int axe_ll_add_out(axe_ll *L, const char *name, int log2, axe_error *err)
{
	if (check_name(name, axe_ll_out_index(L, name), err) < 0)
		return -1;
	if (L->nout >= AXE_LL_MAX_DIMS || log2 < 0 || log2 > AXE_LINEAR_MAX_BITS)
		return ll_too_large(err);
	strcpy(L->out_name[L->nout], name);
	L->out_log2[L->nout] = log2;
	for (int in = 0; in < AXE_LL_MAX_DIMS; in++)
		for (int i = 0; i < AXE_LINEAR_MAX_BITS; i++)
			L->basis[in][i][L->nout] = 0;
	return L->nout++;
}

static int log2_of(int64_t size, axe_error *err)
{
	int k = 0;

	if (size <= 0 || (size & (size - 1)) != 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "%lld is not a power of two", (long long)size);
	while (((int64_t)1 << k) < size)
		k++;
	return k;
}

int axe_ll_identity1d(axe_ll *L, int64_t size, const char *in, const char *out,
		      axe_error *err)
{
	int k;

	axe_ll_init(L);
	if (size == 0)
		return 0;
	if ((k = log2_of(size, err)) < 0 || axe_ll_add_in(L, in, k, err) < 0 ||
	    axe_ll_add_out(L, out, k, err) < 0)
		return -1;
	for (int i = 0; i < k; i++)
		L->basis[0][i][0] = (int32_t)1 << i;
	return 0;
}

int axe_ll_zeros1d(axe_ll *L, int64_t size, const char *in, const char *out, int64_t out_size,
		   axe_error *err)
{
	int k, ko;

	axe_ll_init(L);
	if (size == 0)
		return 0;
	if ((k = log2_of(size, err)) < 0 || (ko = log2_of(out_size, err)) < 0 ||
	    axe_ll_add_in(L, in, k, err) < 0 || axe_ll_add_out(L, out, ko, err) < 0)
		return -1;
	return 0;
}

/*
 * LayoutUtils' supremum: the shortest list holding x and y as ordered
 * subsequences, x's names first where both orders allow; an error when
 * the two orders disagree.
 */
static int supremum(ll_dims *out, const ll_dims *x, const ll_dims *y, axe_error *err)
{
	int i = 0, j = 0;

	out->n = 0;
	while (i < x->n || j < y->n) {
		while (i < x->n && ll_dims_has(out, x->name[i]))
			i++;
		while (j < y->n && ll_dims_has(out, y->name[j]))
			j++;
		if (i >= x->n && j >= y->n)
			break;
		/* A name of one list that the other still holds later must wait for it. */
		bool x_waits = i < x->n && ll_dims_has(y, x->name[i]) &&
			       (j >= y->n || strcmp(x->name[i], y->name[j]) != 0);
		bool y_waits = j < y->n && ll_dims_has(x, y->name[j]) &&
			       (i >= x->n || strcmp(x->name[i], y->name[j]) != 0);
		const char *next;

		if (i < x->n && !x_waits)
			next = x->name[i];
		else if (j < y->n && !y_waits)
			next = y->name[j];
		else
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "the two layouts order their common dims "
					     "differently");
		if (ll_dims_add(out, next, err) < 0)
			return -1;
	}
	return 0;
}

static int mul_dims(axe_ll *r, const axe_ll *inner, const axe_ll *outer, axe_error *err)
{
	ll_dims xi, yi, xo, yo, ins, outs;

	ll_dims_of_ins(&xi, inner);
	ll_dims_of_ins(&yi, outer);
	ll_dims_of_outs(&xo, inner);
	ll_dims_of_outs(&yo, outer);
	if (supremum(&ins, &xi, &yi, err) < 0 || supremum(&outs, &xo, &yo, err) < 0)
		return -1;
	axe_ll_init(r);
	for (int k = 0; k < ins.n; k++) {
		int a = axe_ll_in_index(inner, ins.name[k]), b = axe_ll_in_index(outer, ins.name[k]);
		int n = (a >= 0 ? inner->in_log2[a] : 0) + (b >= 0 ? outer->in_log2[b] : 0);

		if (axe_ll_add_in(r, ins.name[k], n, err) < 0)
			return -1;
	}
	for (int k = 0; k < outs.n; k++) {
		int a = axe_ll_out_index(inner, outs.name[k]);
		int b = axe_ll_out_index(outer, outs.name[k]);
		int n = (a >= 0 ? inner->out_log2[a] : 0) + (b >= 0 ? outer->out_log2[b] : 0);

		if (axe_ll_add_out(r, outs.name[k], n, err) < 0)
			return -1;
	}
	return 0;
}

int axe_ll_mul(axe_ll *out, const axe_ll *inner, const axe_ll *outer, axe_error *err)
{
	axe_ll r;

	if (mul_dims(&r, inner, outer, err) < 0)
		return -1;
	for (int in = 0; in < r.nin; in++) {
		int a = axe_ll_in_index(inner, r.in_name[in]);
		int b = axe_ll_in_index(outer, r.in_name[in]);
		int first = a >= 0 ? inner->in_log2[a] : 0;

		for (int d = 0; d < r.nout; d++) {
			int ao = axe_ll_out_index(inner, r.out_name[d]);
			int bo = axe_ll_out_index(outer, r.out_name[d]);
			int shift = ao >= 0 ? inner->out_log2[ao] : 0;

			for (int i = 0; a >= 0 && ao >= 0 && i < inner->in_log2[a]; i++)
				r.basis[in][i][d] = inner->basis[a][i][ao];
			for (int i = 0; b >= 0 && bo >= 0 && i < outer->in_log2[b]; i++)
				r.basis[in][first + i][d] =
					(int32_t)((uint32_t)outer->basis[b][i][bo] << shift);
		}
	}
	*out = r;
	return 0;
}

int axe_ll_of_linear(axe_ll *out, const axe_linear *L, axe_error *err)
{
	axe_ll r;
	char name[AXE_LL_NAME_SIZE];

	axe_ll_init(&r);
	for (size_t k = 0; k < L->nout; k++) {
		snprintf(name, sizeof(name), "dim%d", L->out_order[k]);
		if (axe_ll_add_out(&r, name, L->out_log2[L->out_order[k]], err) < 0)
			return -1;
	}
	for (int in = 0; in < AXE_LINEAR_NIN; in++) {
		int i_r;

		if (!L->has_in[in])
			continue;
		if ((i_r = axe_ll_add_in(&r, axe_linear_in_name[in], L->nbits[in], err)) < 0)
			return -1;
		for (int i = 0; i < L->nbits[in]; i++)
			for (size_t k = 0; k < L->nout; k++)
				r.basis[i_r][i][k] = L->basis[in][i][L->out_order[k]];
	}
	*out = r;
	return 0;
}

static int linear_in_of_name(const char *name)
{
	for (int in = 0; in < AXE_LINEAR_NIN; in++)
		if (strcmp(axe_linear_in_name[in], name) == 0)
			return in;
	return -1;
}

static int tensor_dim_of_name(const char *name, size_t rank)
{
	unsigned d;
	int used = 0;

	if (sscanf(name, "dim%u%n", &d, &used) != 1 || name[used] != '\0' || d >= rank)
		return -1;
	return (int)d;
}

int axe_ll_to_linear(axe_linear *out, const axe_ll *L, size_t rank, axe_error *err)
{
	axe_linear r;

	if (rank > AXE_LINEAR_MAX_RANK)
		return ll_too_large(err);
	axe_linear_init(&r, rank);
	for (int d = 0; d < L->nout; d++) {
		int t = tensor_dim_of_name(L->out_name[d], rank);

		if (t < 0)
			return ll_name_error(err, "not a tensor dim of the layout:", L->out_name[d]);
		r.out_order[r.nout++] = t;
		r.out_log2[t] = L->out_log2[d];
	}
	for (int in = 0; in < L->nin; in++) {
		int h = linear_in_of_name(L->in_name[in]);

		if (h < 0)
			return ll_name_error(err, "not a hardware dim:", L->in_name[in]);
		r.has_in[h] = true;
		r.nbits[h] = L->in_log2[in];
		for (int i = 0; i < L->in_log2[in]; i++)
			for (int d = 0; d < L->nout; d++)
				r.basis[h][i][r.out_order[d]] = L->basis[in][i][d];
	}
	*out = r;
	return 0;
}

/* ---- reading --------------------------------------------------------- */

int axe_ll_total_in_log2(const axe_ll *L)
{
	int n = 0;

	for (int in = 0; in < L->nin; in++)
		n += L->in_log2[in];
	return n;
}

int axe_ll_total_out_log2(const axe_ll *L)
{
	int n = 0;

	for (int d = 0; d < L->nout; d++)
		n += L->out_log2[d];
	return n;
}

void axe_ll_apply(const axe_ll *L, const int32_t *in, int32_t *out)
{
	for (int d = 0; d < L->nout; d++)
		out[d] = 0;
	for (int k = 0; k < L->nin; k++)
		for (int i = 0; i < L->in_log2[k]; i++)
			if ((uint32_t)in[k] >> i & 1)
				for (int d = 0; d < L->nout; d++)
					out[d] ^= L->basis[k][i][d];
}

bool axe_ll_equal_ignoring_out_sizes(const axe_ll *a, const axe_ll *b)
{
	if (a->nin != b->nin || a->nout != b->nout)
		return false;
	for (int d = 0; d < a->nout; d++)
		if (strcmp(a->out_name[d], b->out_name[d]) != 0)
			return false;
	for (int in = 0; in < a->nin; in++) {
		if (strcmp(a->in_name[in], b->in_name[in]) != 0 || a->in_log2[in] != b->in_log2[in])
			return false;
		for (int i = 0; i < a->in_log2[in]; i++)
			for (int d = 0; d < a->nout; d++)
				if (a->basis[in][i][d] != b->basis[in][i][d])
					return false;
	}
	return true;
}

bool axe_ll_equal(const axe_ll *a, const axe_ll *b)
{
	if (!axe_ll_equal_ignoring_out_sizes(a, b))
		return false;
	for (int d = 0; d < a->nout; d++)
		if (a->out_log2[d] != b->out_log2[d])
			return false;
	return true;
}

int ll_flat_in_bit(const axe_ll *L, int in, int i)
{
	int bit = i;

	for (int k = 0; k < in; k++)
		bit += L->in_log2[k];
	return bit;
}

uint64_t ll_flat_out(const axe_ll *L, int in, int i)
{
	uint64_t v = 0;
	int shift = 0;

	for (int d = 0; d < L->nout; d++) {
		v |= (uint64_t)(uint32_t)L->basis[in][i][d] << shift;
		shift += L->out_log2[d];
	}
	return v;
}

int32_t axe_ll_num_consecutive_in_out(const axe_ll *L)
{
	int consec = 0, trailing = 31;
	uint32_t other = 0;

	if (L->nin == 0 || L->nout == 0)
		return 1;
	/* The leading bases of the first in-dim that are (2^i, 0, ..., 0). */
	for (; consec < L->in_log2[0]; consec++) {
		bool unit = L->basis[0][consec][0] == (int32_t)1 << consec;

		for (int d = 1; d < L->nout; d++)
			unit &= L->basis[0][consec][d] == 0;
		if (!unit)
			break;
	}
	/* Any other basis that moves a low bit of the first out-dim breaks the run. */
	for (int in = 0; in < L->nin; in++)
		for (int i = in == 0 ? consec : 0; i < L->in_log2[in]; i++)
			other |= (uint32_t)L->basis[in][i][0];
	if (other != 0)
		for (trailing = 0; !(other >> trailing & 1); trailing++)
			;
	return (int32_t)1 << (consec < trailing ? consec : trailing);
}
