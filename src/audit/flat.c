/*
 * flat.c: flattened LinearLayouts (flat.h) and the GF(2) list operations
 * of Triton's shared-memory lowering, following triton-lang/triton at
 * e3b5495253313e42ad074906ea8e2063b70dcc69: lib/Tools/GenericSwizzling.cpp
 * (nullspaceBasis, intersectionBasis, complementBasis: a reduced row echelon
 * form whose pivot is each row's lowest bit, as f2reduce gives it there)
 * and largestVectorisation of lib/Tools/LayoutUtils.cpp (regPermForDivide,
 * then divideLeft).  Composing and dividing are linear/algebra.h's.
 */
#include <stdio.h>
#include <string.h>

#include "flat.h"

int audit_flat_of(const axe_linear *L, const int *log2, size_t rank, audit_flat *F,
		  axe_error *err)
{
	int bits = 0;

	for (size_t d = 0; d < rank; d++)
		bits += log2[d];
	if (rank > L->rank || bits > AXE_LINEAR_MAX_BITS)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
				     "the tensor has more than 2^%d elements", AXE_LINEAR_MAX_BITS);
	memset(F, 0, sizeof(*F));
	F->out_bits = bits;
	for (int in = 0; in < AXE_LINEAR_NIN; in++) {
		F->has[in] = L->has_in[in];
		F->n[in] = L->has_in[in] ? L->nbits[in] : 0;
		for (int i = 0; i < F->n[in]; i++) {
			uint32_t v = 0;
			int shift = 0;

			for (size_t d = 0; d < rank; d++) {
				int32_t c = L->basis[in][i][d];

				if (c < 0 || (int64_t)c >= (int64_t)1 << log2[d])
					return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
							     "a %s basis leaves the tensor "
							     "(dim%zu = %d)",
							     axe_linear_in_name[in], d, (int)c);
				v |= (uint32_t)c << shift;
				shift += log2[d];
			}
			F->b[in][i] = v;
		}
	}
	return 0;
}

void audit_flat_unflatten(uint32_t v, const int *log2, size_t rank, int32_t *coord)
{
	for (size_t d = 0; d < rank; d++) {
		coord[d] = (int32_t)(v & ((1u << log2[d]) - 1));
		v >>= log2[d];
	}
}

void audit_flat_drop_zero_regs(audit_flat *F)
{
	int kept = 0;

	for (int i = 0; i < F->n[AXE_LINEAR_REGISTER]; i++)
		if (F->b[AXE_LINEAR_REGISTER][i] != 0)
			F->b[AXE_LINEAR_REGISTER][kept++] = F->b[AXE_LINEAR_REGISTER][i];
	F->n[AXE_LINEAR_REGISTER] = kept;
}

void audit_flat_permute_regs(audit_flat *F, const int *perm)
{
	uint32_t old[AXE_LINEAR_MAX_BITS];

	memcpy(old, F->b[AXE_LINEAR_REGISTER], sizeof(old));
	for (int i = 0; i < F->n[AXE_LINEAR_REGISTER]; i++)
		F->b[AXE_LINEAR_REGISTER][i] = old[perm[i]];
}

/*
 * In-dims in linear_dims.def's order, Triton's: offset, block for a shared
 * layout; register, lane, warp, block for a distributed one.
 */
int audit_flat_ll(const audit_flat *F, axe_ll *L, axe_error *err)
{
	axe_ll_init(L);
	if (axe_ll_add_out(L, "flat", F->out_bits, err) < 0)
		return -1;
	for (int in = 0; in < AXE_LINEAR_NIN; in++) {
		int k;

		if (!F->has[in])
			continue;
		if ((k = axe_ll_add_in(L, axe_linear_in_name[in], F->n[in], err)) < 0)
			return -1;
		for (int i = 0; i < F->n[in]; i++)
			L->basis[k][i][0] = (int32_t)F->b[in][i];
	}
	return 0;
}

int audit_flat_invert_compose(const audit_flat *a, const audit_flat *b, audit_flat *out,
			      axe_error *err)
{
	axe_ll la, lb, comp;

	if (audit_flat_ll(a, &la, err) < 0 || audit_flat_ll(b, &lb, err) < 0 ||
	    axe_ll_invert_and_compose(&comp, &la, &lb, err) < 0 ||
	    axe_ll_flatten_outs(&comp, &comp, err) < 0)
		return -1;
	memset(out, 0, sizeof(*out));
	out->out_bits = axe_ll_total_out_log2(&comp);
	for (int in = 0; in < AXE_LINEAR_NIN; in++) {
		int k = a->has[in] ? axe_ll_in_index(&comp, axe_linear_in_name[in]) : -1;

		out->has[in] = a->has[in];
		out->n[in] = a->n[in];
		for (int i = 0; k >= 0 && i < a->n[in]; i++)
			out->b[in][i] = comp.nout ? (uint32_t)comp.basis[k][i][0] : 0;
	}
	return 0;
}

bool audit_gf2_contains(const uint32_t *v, int n, uint32_t x)
{
	for (int i = 0; i < n; i++)
		if (v[i] == x)
			return true;
	return false;
}

static int lowest_bit(uint32_t v)
{
	return __builtin_ctz(v);
}

/* The reduced row echelon form of v[0..n): its nonzero rows, each led by its lowest bit. */
static int rref(const uint32_t *v, int n, uint32_t *rows)
{
	int nr = 0;

	for (int i = 0; i < n; i++) {
		uint32_t rest = v[i];

		for (int k = 0; k < nr; k++)
			if (rest & (1u << lowest_bit(rows[k])))
				rest ^= rows[k];
		if (rest == 0)
			continue;
		for (int k = 0; k < nr; k++) /* keep each pivot bit in one row */
			if (rows[k] & (1u << lowest_bit(rest)))
				rows[k] ^= rest;
		rows[nr++] = rest;
	}
	return nr;
}

static int nullspace(const uint32_t *v, int n, int dim, uint32_t *out)
{
	uint32_t rows[AUDIT_MAX_BASES], pivots = 0;
	int nr = rref(v, n, rows), m = 0;

	for (int r = 0; r < nr; r++)
		pivots |= 1u << lowest_bit(rows[r]);
	for (int free = 0; free < dim; free++) {
		uint32_t x = 1u << free;

		if (pivots & x)
			continue;
		for (int r = 0; r < nr; r++)
			if (rows[r] & (1u << free))
				x ^= 1u << lowest_bit(rows[r]);
		out[m++] = x;
	}
	return m;
}

static bool all_powers_of_two(const uint32_t *v, int n)
{
	for (int i = 0; i < n; i++)
		if (v[i] == 0 || (v[i] & (v[i] - 1)) != 0)
			return false;
	return true;
}

int audit_gf2_intersection(const uint32_t *b1, int n1, const uint32_t *b2, int n2, int dim,
			   uint32_t *out)
{
	uint32_t joint[2 * AUDIT_MAX_BASES];
	int m = 0;

	if (all_powers_of_two(b1, n1) && all_powers_of_two(b2, n2)) {
		for (int i = 0; i < n1; i++)
			if (audit_gf2_contains(b2, n2, b1[i]))
				out[m++] = b1[i];
		return m;
	}
	m = nullspace(b1, n1, dim, joint);
	m += nullspace(b2, n2, dim, joint + m);
	return nullspace(joint, m, dim, out);
}

int audit_gf2_complement(const uint32_t *b, int n, int dim, uint32_t *out)
{
	uint32_t rows[AUDIT_MAX_BASES], pivots = 0;
	int nr = rref(b, n, rows), m = 0;

	for (int r = 0; r < nr; r++)
		pivots |= 1u << lowest_bit(rows[r]);
	for (int i = 0; i < dim; i++)
		if (!(pivots & (1u << i)))
			out[m++] = 1u << i;
	return m;
}

/* regPermForDivide by identity1D(2^k, register, offset): registers on offsets 1, 2, ... first. */
static bool reg_perm_for_divide(const audit_flat *cvt, int k, int *perm)
{
	const int nreg = cvt->n[AXE_LINEAR_REGISTER];
	bool used[AXE_LINEAR_MAX_BITS] = { false };
	int m = 0;

	if (k > cvt->out_bits || k > nreg)
		return false;
	for (int j = 0; j < k; j++) {
		int found = -1;

		for (int i = 0; i < nreg && found < 0; i++)
			if (!used[i] && cvt->b[AXE_LINEAR_REGISTER][i] == 1u << j)
				found = i;
		if (found < 0)
			return false;
		used[found] = true;
		perm[m++] = found;
	}
	for (int i = 0; i < nreg; i++)
		if (!used[i])
			perm[m++] = i;
	return true;
}

/* divideLeft of the permuted "cvt" by the tile: 1, 0, or -1 with "err" set. */
static int divides_left(const audit_flat *cvt, int k, const int *perm, axe_error *err)
{
	audit_flat permuted = *cvt;
	axe_ll A, tile, quot;

	permuted.has[AXE_LINEAR_REGISTER] = true;
	audit_flat_permute_regs(&permuted, perm);
	if (audit_flat_ll(&permuted, &A, err) < 0 ||
	    axe_ll_identity1d(&tile, (int64_t)1 << k, "register", "flat", err) < 0)
		return -1;
	return axe_ll_divide_left(&quot, &A, &tile, err);
}

static bool is_identity(const int *perm, int n)
{
	for (int i = 0; i < n; i++)
		if (perm[i] != i)
			return false;
	return true;
}

int audit_largest_vectorisation(const audit_flat *cvt, int bitwidth, int max_elems, int *perm,
				int *elems, axe_error *err)
{
	int v = max_elems > 0 ? max_elems : 128 / bitwidth;

	for (; v > 1; v /= 2) {
		int k = __builtin_ctz((unsigned)v), ok;

		if (!reg_perm_for_divide(cvt, k, perm))
			continue;
		if (max_elems > 0 && !is_identity(perm, cvt->n[AXE_LINEAR_REGISTER]))
			continue;
		if ((ok = divides_left(cvt, k, perm, err)) < 0)
			return -1;
		if (ok) {
			*elems = v;
			return 0;
		}
	}
	for (int i = 0; i < cvt->n[AXE_LINEAR_REGISTER]; i++)
		perm[i] = i;
	*elems = 1;
	return 0;
}

void audit_ldst_name(char *buf, size_t size, bool store, int elems, int bitwidth)
{
	int bits = elems * bitwidth;
	int word = bitwidth >= 32 ? bitwidth : bits < 32 ? bits : 32;
	int words = bits / word;

	if (words > 1)
		snprintf(buf, size, "%s.shared.v%d.b%d", store ? "st" : "ld", words, word);
	else
		snprintf(buf, size, "%s.shared.b%d", store ? "st" : "ld", word);
}

void audit_matrix_name(char *buf, size_t size, bool store, int tiles, bool trans)
{
	snprintf(buf, size, "%s.x%d%s", store ? "stmatrix" : "ldmatrix", tiles,
		 trans ? ".trans" : "");
}
