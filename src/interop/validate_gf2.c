/*
 * validate_gf2.c: translation validation of an import against a source
 * that is a GF(2)-linear relation (interop.h, axe_gf2_reference: Triton's
 * LinearLayouts, CuTe TV layouts of power-of-two digits), at one hardware
 * index per bit instead of every index.
 *
 * Why one index per bit decides equality.  Write x for a point (the bits
 * x_t of its row-major flat index: the dims are powers of two) and r for a
 * choice of replicas (bits r_k).  The import's relation is
 * I = {(x, E(x, r))}, and it is GF(2)-affine,
 * E(x, r) = c ^ XOR_t x_t col_t ^ XOR_k r_k rep_k, when its structure shows
 * it (never assumed):
 *  - S/R/O: every shard and replica extent a power of two, so a digit is a
 *    field of bits of the flat point (or of the replica choice), and bit j
 *    of an iter of stride s adds s 2^j to its axis; when on each axis those
 *    values and the offset are non-negative with pairwise disjoint bits,
 *    their sum is their XOR.  A swizzle on m is GF(2)-linear on
 *    non-negative values (bits above M move down by S and are XORed in),
 *    so the swizzle of the XOR is the XOR of the swizzles;
 *  - `expr:`: each axis an XOR of constants and terms bit * v (v >= 0),
 *    a bit being (i >> k) & 1 of a point variable (range [0, dim)) or of a
 *    replica variable (range [0, 2^b)): each term sends 0 to 0 and 1 to v,
 *    linear, and an XOR of linear maps is linear.
 * The source's relation is G = {(A(h), h)} over every hardware index h,
 * with A GF(2)-linear (the caller's proof).
 *  1. I is inside G exactly when A(E(x, r)) = x for every x and r.  A o E
 *     is affine, so this holds everywhere when it holds at x = r = 0, at
 *     each x = 2^t (r = 0) and at each r = 2^k (x = 0): A(c) = 0,
 *     A(c ^ col_t) = 2^t and A(c ^ rep_k) = 0.  A failure is a pair of I
 *     outside G: the import holds h = E(x, r) at x, the source at A(h).
 *  2. Then each pair of I is (A(h), h) for its own h, so I has as many
 *     pairs as E has values, 2^(rank of the columns), and G one per
 *     hardware index, 2^n.  I = G exactly when the columns span the n
 *     bits; otherwise a unit index e_j outside their span gives
 *     h = c ^ e_j, outside c + span: a pair (A(h), h) of G that I lacks.
 * The cost is one evaluation of A per bit of the point and of the
 * replicas, plus one, and an elimination of as many n-bit columns, where
 * the enumeration walks 2^n indices.  An import whose structure shows no
 * such form may still be shown wrong, since (x, h) is in G exactly when
 * A(h) = x: its images at 0 and at the points of one and two set bits
 * (where a carry between two strides shows) are checked for a pair outside
 * G (find_outside); when none is, it is left to the caller (1), which
 * enumerates.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "validate_private.h"

#define GF2_MAX_BITS 62 /* bits of a point or of a hardware index */

/* The import as a GF(2)-affine map into packed hardware indices. */
typedef struct gf2_form {
	const axe_gf2_reference *ref;
	int shift[AXE_MAX_AXES];        /* per source axis: its first bit in a packed index */
	int hardware_bits;              /* n */
	int dim_shift[AXE_MAX_RANK];    /* per dim: its first bit in the flat point */
	int dim_bits[AXE_MAX_RANK];
	int point_bits;
	int source_axis[AXE_MAX_AXES];  /* per import axis: the source axis of that name */
	uint64_t constant;              /* c = E(0, 0) */
	uint64_t col[GF2_MAX_BITS];     /* per bit of the flat point */
	uint64_t rep[GF2_MAX_BITS];     /* per bit of the replica choice */
	int nrep;
} gf2_form;

static bool power_of_two(int64_t v)
{
	return v > 0 && (v & (v - 1)) == 0;
}

static int log2_of(int64_t v)
{
	return __builtin_ctzll((unsigned long long)v);
}

/* The bit layout of points and hardware indices; the import's axes among the source's. */
static bool frame(gf2_form *f, char *const *import_axis, size_t import_naxes)
{
	const axe_gf2_reference *ref = f->ref;
	int shift = 0;

	if (ref->naxes > AXE_MAX_AXES || import_naxes > AXE_MAX_AXES)
		return false;
	for (size_t d = ref->shape->rank; d-- > 0;) {
		if (!power_of_two(ref->shape->dim[d]))
			return false;
		f->dim_shift[d] = shift;
		f->dim_bits[d] = log2_of(ref->shape->dim[d]);
		shift += f->dim_bits[d];
	}
	f->point_bits = shift;
	shift = 0;
	for (size_t a = 0; a < ref->naxes; a++) {
		if (ref->nbits[a] < 0 || ref->nbits[a] > GF2_MAX_BITS)
			return false;
		f->shift[a] = shift;
		shift += ref->nbits[a];
	}
	f->hardware_bits = shift;
	for (size_t b = 0; b < import_naxes; b++) {
		f->source_axis[b] = -1;
		for (size_t a = 0; a < ref->naxes; a++)
			if (strcmp(import_axis[b], ref->axis[a]) == 0)
				f->source_axis[b] = (int)a;
		if (f->source_axis[b] < 0)
			return false;
	}
	return f->point_bits <= GF2_MAX_BITS && f->hardware_bits <= GF2_MAX_BITS;
}

/* XOR "v" on the import's axis "b" into the packed index "*vec"; false when h cannot hold it. */
static bool add_value(const gf2_form *f, uint64_t *vec, int b, int64_t v)
{
	int a = f->source_axis[b];

	if (v < 0 || v >= INT64_C(1) << f->ref->nbits[a])
		return false;
	*vec ^= (uint64_t)v << f->shift[a];
	return true;
}

/* ---- an S/R/O import ---- */

/*
 * The bits of "iter" into "out" from "*count" on: bit j adds stride 2^j to
 * its axis, which must be non-negative and meet no bit already "used" there;
 * swizzled when the axis is m under a swizzle.
 */
static bool iter_bits(gf2_form *f, const axe_layout *L, const axe_iter *iter, uint64_t *used,
		      uint64_t *out, int *count)
{
	bool swizzled = L->swizzle.present && iter->axis == axe_layout_axis_index(L, "m");

	if (!power_of_two(iter->extent) || (iter->extent > 1 && iter->stride < 0))
		return false;
	for (int64_t j = 1; j < iter->extent; j <<= 1) {
		int64_t v = iter->stride * j;

		if (*count == GF2_MAX_BITS || (used[iter->axis] & (uint64_t)v))
			return false;
		used[iter->axis] |= (uint64_t)v;
		out[*count] = 0;
		if (!add_value(f, &out[(*count)++], iter->axis,
			       swizzled ? axe_swizzle_apply(&L->swizzle, v) : v))
			return false;
	}
	return true;
}

static bool from_layout(gf2_form *f, const axe_layout *L)
{
	uint64_t used[AXE_MAX_AXES] = { 0 };
	int t = 0, m = axe_layout_axis_index(L, "m");

	for (size_t k = L->nshard; k-- > 0;)
		if (!iter_bits(f, L, &L->shard[k], used, f->col, &t))
			return false;
	for (size_t k = 0; k < L->nreplica; k++)
		if (!iter_bits(f, L, &L->replica[k], used, f->rep, &f->nrep))
			return false;
	f->constant = 0;
	for (size_t a = 0; a < L->naxes; a++) {
		int64_t o = L->offset[a];

		if (o < 0 || (used[a] & (uint64_t)o))
			return false;
		if (L->swizzle.present && (int)a == m)
			o = axe_swizzle_apply(&L->swizzle, o);
		if (!add_value(f, &f->constant, (int)a, o))
			return false;
	}
	return t == f->point_bits;
}

/* ---- an `expr:` import ---- */

#define NO_BIT -1      /* a bit above its variable's range: always 0 */
#define NOT_A_BIT -2
#define REPLICA_BIT 64 /* bit_of's answers from here on: replica bit (answer - 64) */

/* Bit "k" of variable "var": a bit of the point, a replica bit, NO_BIT or NOT_A_BIT. */
static int var_bit(const gf2_form *f, const axe_expr_layout *E, const int *rep_first,
		   int64_t var, int64_t k)
{
	const axe_expr_variable *v;

	if (var < 0 || (size_t)var >= E->rank + E->nreplica || k < 0 || k > GF2_MAX_BITS)
		return NOT_A_BIT;
	v = &E->ctx->var[var];
	if (v->lo != 0)
		return NOT_A_BIT;
	if ((size_t)var < E->rank) {
		if (v->hi != E->shape.dim[var] - 1)
			return NOT_A_BIT;
		return k < f->dim_bits[var] ? f->dim_shift[var] + (int)k : NO_BIT;
	}
	if (!power_of_two(v->hi + 1))
		return NOT_A_BIT;
	return k < log2_of(v->hi + 1) ? REPLICA_BIT + rep_first[var - (int64_t)E->rank] + (int)k
				      : NO_BIT;
}

/* The bit "e" reads: (var >> k) & 1, var & 1, or a variable of range [0, 1]. */
static int bit_of(const gf2_form *f, const axe_expr_layout *E, const int *rep_first,
		  const axe_expr *e)
{
	int64_t k = 0;

	if (e->op == AXE_EXPR_AND) {
		if (axe_expr_is_const(e->b, 1))
			e = e->a;
		else if (axe_expr_is_const(e->a, 1))
			e = e->b;
		else
			return NOT_A_BIT;
		if (e->op == AXE_EXPR_SHR && e->b->op == AXE_EXPR_CONST) {
			k = e->b->value;
			e = e->a;
		}
	} else if (e->op != AXE_EXPR_VAR || e->hi > 1) {
		return NOT_A_BIT;
	}
	return e->op == AXE_EXPR_VAR ? var_bit(f, E, rep_first, e->value, k) : NOT_A_BIT;
}

/* XOR the term tree "e" of import axis "b" into the form. */
static bool add_terms(gf2_form *f, const axe_expr_layout *E, const int *rep_first,
		      const axe_expr *e, int b)
{
	int64_t v = 1;
	int bit;

	if (e->op == AXE_EXPR_XOR)
		return add_terms(f, E, rep_first, e->a, b) && add_terms(f, E, rep_first, e->b, b);
	if (e->op == AXE_EXPR_CONST)
		return add_value(f, &f->constant, b, e->value);
	if (e->op == AXE_EXPR_MUL && e->b->op == AXE_EXPR_CONST) {
		v = e->b->value;
		e = e->a;
	} else if (e->op == AXE_EXPR_MUL && e->a->op == AXE_EXPR_CONST) {
		v = e->a->value;
		e = e->b;
	}
	bit = bit_of(f, E, rep_first, e);
	if (bit == NOT_A_BIT || v < 0)
		return false;
	if (bit == NO_BIT)
		return true;
	return add_value(f, bit >= REPLICA_BIT ? &f->rep[bit - REPLICA_BIT] : &f->col[bit], b, v);
}

static bool from_expr(gf2_form *f, const axe_expr_layout *E)
{
	int rep_first[GF2_MAX_BITS + 1];

	if (E->nreplica > GF2_MAX_BITS)
		return false;
	for (size_t r = 0; r < E->nreplica; r++) {
		const axe_expr_variable *v = &E->ctx->var[E->rank + r];

		if (v->lo != 0 || !power_of_two(v->hi + 1) || f->nrep + log2_of(v->hi + 1) > GF2_MAX_BITS)
			return false;
		rep_first[r] = f->nrep;
		f->nrep += log2_of(v->hi + 1);
	}
	for (size_t b = 0; b < E->naxes; b++)
		if (!add_terms(f, E, rep_first, E->expr[b], (int)b))
			return false;
	return true;
}

/* ---- the checks ---- */

/* The packed index "h" as a value per source axis. */
static void unpack(const gf2_form *f, uint64_t h, int64_t *value)
{
	for (size_t a = 0; a < f->ref->naxes; a++)
		value[a] = (int64_t)((h >> f->shift[a]) & ((UINT64_C(1) << f->ref->nbits[a]) - 1));
}

/* The source's point of the packed index "h", as a flat index. */
static int source_point(const gf2_form *f, uint64_t h, int64_t *flat, axe_error *err)
{
	int64_t value[AXE_MAX_AXES];

	unpack(f, h, value);
	return f->ref->point(f->ref->ctx, value, flat, err);
}

/* "i, j" of flat point "flat". */
static void point_text(const gf2_form *f, int64_t flat, char *at, size_t size)
{
	size_t len = 0;

	at[0] = '\0';
	for (size_t d = 0; d < f->ref->shape->rank && len + 1 < size; d++)
		len += (size_t)snprintf(at + len, size - len, "%s%lld", d ? ", " : "",
					(long long)((flat >> f->dim_shift[d]) &
						    ((INT64_C(1) << f->dim_bits[d]) - 1)));
}

/*
 * The import holds the index "value" (per source axis) at "flat"; the
 * source holds it at "placed", or nowhere (-1: no index of the source).
 */
static int misplaced(const gf2_form *f, int64_t flat, const int64_t *value, int64_t placed,
		     const char *format, axe_error *err)
{
	axe_reference axes = { .shape = *f->ref->shape, .naxes = f->ref->naxes,
			       .axis = (char **)(uintptr_t)f->ref->axis };
	char at[256], there[256], image[160];

	point_text(f, flat, at, sizeof(at));
	axe_validate_format_images(&axes, value, 1, image, sizeof(image));
	if (placed < 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "internal error: the %s import disagrees with %s's own meaning "
				     "at (%s): converted %s, which is no index of %s's (please "
				     "report this)", format, format, at, image, format);
	point_text(f, placed, there, sizeof(there));
	return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
			     "internal error: the %s import disagrees with %s's own meaning at "
			     "(%s): converted %s, which %s's own meaning holds at (%s) (please "
			     "report this)", format, format, at, image, format, there);
}

/* The source holds "h" at "flat"; the import does not. */
static int missing(const gf2_form *f, int64_t flat, uint64_t h, const char *format,
		   axe_error *err)
{
	axe_reference axes = { .shape = *f->ref->shape, .naxes = f->ref->naxes,
			       .axis = (char **)(uintptr_t)f->ref->axis };
	char at[256], image[160];
	int64_t value[AXE_MAX_AXES];

	point_text(f, flat, at, sizeof(at));
	unpack(f, h, value);
	axe_validate_format_images(&axes, value, 1, image, sizeof(image));
	return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
			     "internal error: the %s import disagrees with %s's own meaning at "
			     "(%s): %s's own meaning holds %s there, which the import lacks "
			     "(please report this)", format, format, at, format, image);
}

/* Step 1: A(c ^ v) is "want" for each column v (and A(c) = 0). */
static int check_column(const gf2_form *f, uint64_t v, int64_t want, const char *format,
			axe_error *err)
{
	int64_t placed, value[AXE_MAX_AXES];

	if (source_point(f, f->constant ^ v, &placed, err) < 0)
		return -1;
	if (placed == want)
		return 0;
	unpack(f, f->constant ^ v, value);
	return misplaced(f, want, value, placed, format, err);
}

/* The vector "v" reduced by the echelon basis "pivot" (pivot[i]: a vector whose top bit is i). */
static uint64_t reduce(const uint64_t *pivot, uint64_t v)
{
	while (v && pivot[63 - __builtin_clzll(v)])
		v ^= pivot[63 - __builtin_clzll(v)];
	return v;
}

static void insert(uint64_t *pivot, uint64_t v)
{
	v = reduce(pivot, v);
	if (v)
		pivot[63 - __builtin_clzll(v)] = v;
}

/* Step 2: the columns span every hardware bit. */
static int check_span(const gf2_form *f, const char *format, axe_error *err)
{
	uint64_t pivot[64] = { 0 };
	int64_t flat;

	for (int t = 0; t < f->point_bits; t++)
		insert(pivot, f->col[t]);
	for (int k = 0; k < f->nrep; k++)
		insert(pivot, f->rep[k]);
	for (int j = 0; j < f->hardware_bits; j++) {
		uint64_t h = f->constant ^ (UINT64_C(1) << j);

		if (reduce(pivot, UINT64_C(1) << j) == 0)
			continue;
		if (source_point(f, h, &flat, err) < 0)
			return -1;
		return missing(f, flat, h, format, err);
	}
	return 0;
}

static int check_form(const gf2_form *f, const char *format, axe_error *err)
{
	int rc = check_column(f, 0, 0, format, err);

	for (int t = 0; rc == 0 && t < f->point_bits; t++)
		rc = check_column(f, f->col[t], INT64_C(1) << t, format, err);
	for (int k = 0; rc == 0 && k < f->nrep; k++)
		rc = check_column(f, f->rep[k], 0, format, err);
	return rc == 0 ? check_span(f, format, err) : rc;
}

/*
 * An import not shown GF(2)-affine may still be shown wrong: a pair (x, h)
 * of it is in G exactly when A(h) = x, a check at one pair.  Its images at
 * 0 and at the points of one and two set bits (where a carry between two
 * strides shows) are checked: -1 with a pair outside G, 1 when none is
 * (no proof either way: the caller enumerates).  At most "budget" images.
 */
#define OUTSIDE_BUDGET (1 << 16)

static int outside_at(const gf2_form *f, axe_import_eval *ie, const axe_reference *axes,
		      int64_t p, int64_t *budget, const char *format, axe_error *err)
{
	int64_t coord[AXE_MAX_RANK], placed;
	size_t n = axe_import_eval_at(ie, axes, p, coord);

	*budget -= (int64_t)n;
	for (size_t i = 0; i < n; i++) {
		const int64_t *value = ie->rows + i * f->ref->naxes;
		uint64_t h = 0;
		bool index = true;

		for (size_t a = 0; a < f->ref->naxes; a++) {
			index &= value[a] >= 0 && value[a] < INT64_C(1) << f->ref->nbits[a];
			h |= index ? (uint64_t)value[a] << f->shift[a] : 0;
		}
		if (!index)
			return misplaced(f, p, value, -1, format, err);
		if (source_point(f, h, &placed, err) < 0)
			return -1;
		if (placed != p)
			return misplaced(f, p, value, placed, format, err);
	}
	return 1;
}

static int find_outside(const gf2_form *f, const axe_import *imp, const axe_reference *axes,
			const char *format, axe_error *err)
{
	axe_import_eval ie;
	int64_t budget = OUTSIDE_BUDGET;
	int rc = axe_import_eval_init(&ie, imp, axes, err) < 0 ? -1 : 1;

	/* t = -1: the point 2^s alone (and 0 for s = -1). */
	for (int t = -1; rc == 1 && budget > 0 && t < f->point_bits; t++)
		for (int s = t < 0 ? -1 : t + 1; rc == 1 && budget > 0 && s < f->point_bits; s++) {
			int64_t p = (t < 0 ? 0 : INT64_C(1) << t) | (s < 0 ? 0 : INT64_C(1) << s);

			rc = outside_at(f, &ie, axes, p, &budget, format, err);
		}
	axe_import_eval_release(&ie);
	return rc;
}

int axe_import_validate_gf2(const axe_import *imp, const axe_gf2_reference *ref,
			    const char *format, axe_error *err)
{
	axe_reference axes = { .shape = *ref->shape, .naxes = ref->naxes,
			       .axis = (char **)(uintptr_t)ref->axis };
	gf2_form *f = calloc(1, sizeof(*f));
	int rc = 1;

	if (!f)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	f->ref = ref;
	if (axe_validate_same_frame(imp, &axes, format, err) < 0)
		rc = -1;
	else if (!(imp->layout ? frame(f, imp->layout->axis, imp->layout->naxes)
			       : frame(f, imp->expr->axis, imp->expr->naxes)))
		rc = 1;
	else if (imp->layout ? from_layout(f, imp->layout) : from_expr(f, imp->expr))
		rc = check_form(f, format, err);
	else
		rc = find_outside(f, imp, &axes, format, err);
	free(f);
	return rc;
}
