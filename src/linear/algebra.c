/*
 * algebra.c: Triton's LinearLayout on named dims (algebra.h): building,
 * operator* (with LayoutUtils' supremum for the order of the dims),
 * apply, equality, transposes, reshapes, flattens, concatenations,
 * sublayouts, isTrivialOver, quotient, squareSublayoutIsIdentity and
 * getNumConsecutiveInOut, with the meaning of lib/Tools/LinearLayout.cpp
 * and lib/Tools/LayoutUtils.cpp of github.com/triton-lang/triton at commit
 * 0b47bc5b105c0db7cf321719cccd5f23190d3fe8.  The GF(2) solving (rank,
 * invertAndCompose, inverses, free variables, division) is solve.c.
 * Written from Triton's documented behaviour; pinned by its unit tests
 * (tests/unit/test_linear.c) and by brute force (tests/prop/prop_linear.c).
 */
#include <stdio.h>
#include <string.h>

#include "algebra_private.h"

/* ---- dim lists ------------------------------------------------------- */

static int name_error(axe_error *err, const char *what, const char *name)
{
	return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "%s '%s'", what, name);
}

int ll_dims_add(ll_dims *d, const char *name, axe_error *err)
{
	if (d->n >= AXE_LL_MAX_DIMS)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
				     "more than %d dims in one linear layout", AXE_LL_MAX_DIMS);
	if (strlen(name) >= AXE_LL_NAME_SIZE || name[0] == '\0')
		return name_error(err, "bad dim name", name);
	if (ll_dims_has(d, name))
		return name_error(err, "dim named twice:", name);
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
			return name_error(err, "bad dim list", text);
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
		return name_error(err, "bad dim name", name);
	if (taken >= 0)
		return name_error(err, "dim named twice:", name);
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
			return name_error(err, "not a tensor dim of the layout:", L->out_name[d]);
		r.out_order[r.nout++] = t;
		r.out_log2[t] = L->out_log2[d];
	}
	for (int in = 0; in < L->nin; in++) {
		int h = linear_in_of_name(L->in_name[in]);

		if (h < 0)
			return name_error(err, "not a hardware dim:", L->in_name[in]);
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
		return name_error(err, "transposeIns needs the layout's in-dims, got", dims);
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
		return name_error(err, "transposeOuts needs the layout's out-dims, got", dims);
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
			return name_error(err, "the layout has no in-dim", di.name[k]);
	for (int k = 0; k < dout.n; k++)
		if (axe_ll_out_index(L, dout.name[k]) < 0)
			return name_error(err, "the layout has no out-dim", dout.name[k]);
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
		return name_error(err, "the layout has no in-dim", dim);
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
