/*
 * flat.c: flattened LinearLayouts and the GF(2) list operations of
 * Triton's shared-memory lowering (flat.h), following triton-lang/triton
 * lib/Tools/GenericSwizzling.cpp at 014546acd71675ba4bfc4ea397164f0e8df6150d
 * (nullspaceBasis, intersectionBasis, complementBasis: a reduced row echelon
 * form whose pivot is each row's lowest bit, as f2reduce gives it there) and
 * the largestVectorisation / regPermForDivide / divideLeft rules of
 * lib/Tools/LayoutUtils.cpp and lib/Tools/LinearLayout.cpp.
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
	if (rank > L->rank || bits > 31)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
				     "the tensor has more than 2^31 elements");
	memset(F, 0, sizeof(*F));
	F->out_bits = bits;
	for (int in = 0; in < AXE_LINEAR_NIN; in++) {
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

/* One independent column of the solve: its reduced image, the columns it combines. */
typedef struct solve_row {
	uint32_t image;
	uint64_t combo;
} solve_row;

static int lowest_bit(uint32_t v)
{
	return __builtin_ctz(v);
}

/* Reduce "image" by the rows (each row owns the lowest bit of its image). */
static uint32_t reduce(const solve_row *rows, int n, uint32_t image, uint64_t *combo)
{
	for (int r = 0; r < n; r++)
		if (image & (1u << lowest_bit(rows[r].image))) {
			image ^= rows[r].image;
			*combo ^= rows[r].combo;
		}
	return image;
}

int audit_flat_invert_compose(const audit_flat *a, const audit_flat *b, audit_flat *out,
			      axe_error *err)
{
	solve_row rows[AUDIT_MAX_BASES];
	int nrows = 0, col = 0;

	/* Columns in b's in-dim order: earlier columns become pivots first. */
	for (int in = 0; in < AXE_LINEAR_NIN; in++)
		for (int i = 0; i < b->n[in]; i++, col++) {
			uint64_t combo = (uint64_t)1 << col;
			uint32_t rest = reduce(rows, nrows, b->b[in][i], &combo);

			if (rest == 0)
				continue;
			for (int r = 0; r < nrows; r++) /* keep each pivot bit in one row */
				if (rows[r].image & (1u << lowest_bit(rest))) {
					rows[r].image ^= rest;
					rows[r].combo ^= combo;
				}
			rows[nrows++] = (solve_row){ rest, combo };
		}
	memset(out, 0, sizeof(*out));
	out->out_bits = col;
	for (int in = 0; in < AXE_LINEAR_NIN; in++) {
		out->n[in] = a->n[in];
		for (int i = 0; i < a->n[in]; i++) {
			uint64_t combo = 0;

			if (reduce(rows, nrows, a->b[in][i], &combo) != 0)
				return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
						     "a %s basis reaches a tensor element the "
						     "shared layout does not hold",
						     axe_linear_in_name[in]);
			out->b[in][i] = (uint32_t)combo;
		}
	}
	return 0;
}

int audit_gf2_rank(const uint32_t *v, int n)
{
	solve_row rows[AUDIT_MAX_BASES];
	int nrows = 0;

	for (int i = 0; i < n; i++) {
		uint64_t unused = 0;
		uint32_t rest = reduce(rows, nrows, v[i], &unused);

		if (rest != 0) {
			for (int r = 0; r < nrows; r++)
				if (rows[r].image & (1u << lowest_bit(rest)))
					rows[r].image ^= rest;
			rows[nrows++] = (solve_row){ rest, 0 };
		}
	}
	return nrows;
}

bool audit_gf2_contains(const uint32_t *v, int n, uint32_t x)
{
	for (int i = 0; i < n; i++)
		if (v[i] == x)
			return true;
	return false;
}

/* The reduced row echelon form of v[0..n): its nonzero rows, each led by its lowest bit. */
static int rref(const uint32_t *v, int n, uint32_t *rows)
{
	solve_row r[AUDIT_MAX_BASES];
	int nr = 0;

	for (int i = 0; i < n; i++) {
		uint64_t unused = 0;
		uint32_t rest = reduce(r, nr, v[i], &unused);

		if (rest == 0)
			continue;
		for (int k = 0; k < nr; k++)
			if (r[k].image & (1u << lowest_bit(rest)))
				r[k].image ^= rest;
		r[nr++] = (solve_row){ rest, 0 };
	}
	for (int k = 0; k < nr; k++)
		rows[k] = r[k].image;
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

/*
 * regPermForDivide by identity1D(2^k, register, offset), then divideLeft:
 * registers equal to offsets 1, 2, ... 2^(k-1) go first (perm[]), and every
 * other basis must leave the low k offset bits alone.
 */
static bool divides_by_vector(const audit_flat *cvt, int k, int *perm)
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
	for (int in = 0; in < AXE_LINEAR_NIN; in++)
		for (int i = in == AXE_LINEAR_REGISTER ? k : 0; i < cvt->n[in]; i++) {
			uint32_t v = in == AXE_LINEAR_REGISTER ? cvt->b[in][perm[i]] : cvt->b[in][i];

			if (v & ((1u << k) - 1))
				return false;
		}
	return true;
}

static bool is_identity(const int *perm, int n)
{
	for (int i = 0; i < n; i++)
		if (perm[i] != i)
			return false;
	return true;
}

int audit_largest_vectorisation(const audit_flat *cvt, int bitwidth, int max_elems, int *perm)
{
	int v = max_elems > 0 ? max_elems : 128 / bitwidth;

	for (; v > 1; v /= 2) {
		int k = __builtin_ctz((unsigned)v);

		if (!divides_by_vector(cvt, k, perm))
			continue;
		if (max_elems > 0 && !is_identity(perm, cvt->n[AXE_LINEAR_REGISTER]))
			continue;
		return v;
	}
	for (int i = 0; i < cvt->n[AXE_LINEAR_REGISTER]; i++)
		perm[i] = i;
	return 1;
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
