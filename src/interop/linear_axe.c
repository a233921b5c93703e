/*
 * linear_axe.c: a Triton LinearLayout as an Axe layout (docs/interop.md,
 * "Triton").  Pack every basis into the row-major flat index of its
 * coordinate (the shape's dims are powers of two, so a coordinate's bits
 * are fields of that index and XOR acts field by field).  Then:
 *  - a bit permutation (each basis zero or one bit, every bit of the index
 *    made by exactly one basis) is the compact form: one iter
 *    `2 : 2^i @axis` per index bit, outermost bit first, zero bases as
 *    replicas;
 *  - a shared layout (in-dim offset only) that is a bijection whose inverse
 *    is Swizzle(M,B,S) over a bit permutation is that compact form;
 *  - anything else is an `expr:` layout from the GF(2) inverse: each
 *    coordinate bit selects the in-bits that make it, and every vector of
 *    the kernel (free bits) is a replica variable.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/layout.h"
#include "linear.h"

bool axe_linear_break_for_test;

/* The bases flattened: in-bit j (in-dims in order, then bits) makes index column[j]. */
typedef struct packed {
	int n;                             /* in-bits */
	int in_of[AXE_LINEAR_MAX_IN_BITS]; /* in-dim of in-bit j */
	int bit_of[AXE_LINEAR_MAX_IN_BITS];
	int start[AXE_LINEAR_NIN];         /* first in-bit of each in-dim */
	uint64_t column[AXE_LINEAR_MAX_IN_BITS];
	int m;                             /* index bits */
	int dim_shift[AXE_LINEAR_MAX_RANK];/* where dim d's bits start in the index */
	int dim_bits[AXE_LINEAR_MAX_RANK];
} packed;

static void pack(const axe_linear *L, packed *p)
{
	int shift = 0;

	memset(p, 0, sizeof(*p));
	for (size_t d = L->rank; d-- > 0;) {
		p->dim_shift[d] = shift;
		p->dim_bits[d] = L->out_log2[d];
		shift += L->out_log2[d];
	}
	p->m = shift;
	for (int in = 0; in < AXE_LINEAR_NIN; in++) {
		p->start[in] = p->n;
		for (int i = 0; i < L->nbits[in]; i++, p->n++) {
			p->in_of[p->n] = in;
			p->bit_of[p->n] = i;
			for (size_t d = 0; d < L->rank; d++)
				p->column[p->n] |= (uint64_t)(uint32_t)L->basis[in][i][d] << p->dim_shift[d];
		}
	}
}

/* The dim holding index bit "t", and the bit's position in that dim. */
static int dim_of_bit(const packed *p, size_t rank, int t, int *bit)
{
	for (size_t d = 0; d < rank; d++)
		if (t >= p->dim_shift[d] && t < p->dim_shift[d] + p->dim_bits[d]) {
			*bit = t - p->dim_shift[d];
			return (int)d;
		}
	return -1;
}

static bool single_bit(uint64_t v)
{
	return v != 0 && (v & (v - 1)) == 0;
}

static int bit_index(uint64_t v)
{
	return __builtin_ctzll(v);
}

/* maker[t]: the in-bit whose column is bit t, when L is a bit permutation; else false. */
static bool bit_permutation(const packed *p, int *maker)
{
	for (int t = 0; t < p->m; t++)
		maker[t] = -1;
	for (int j = 0; j < p->n; j++) {
		if (p->column[j] == 0)
			continue;
		if (!single_bit(p->column[j]) || maker[bit_index(p->column[j])] >= 0)
			return false;
		maker[bit_index(p->column[j])] = j;
	}
	for (int t = 0; t < p->m; t++)
		if (maker[t] < 0)
			return false;
	return true;
}

static int nomem(axe_error *err)
{
	return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
}

/*
 * Append the iter (2, stride, axis) to the shard, merging it into the
 * previous iter of the same dim when they continue each other.
 */
static int push_iter(axe_layout *layout, bool replica, size_t first_of_dim, int64_t stride,
		     int axis)
{
	axe_iter *it = replica ? layout->replica : layout->shard;
	size_t n = replica ? layout->nreplica : layout->nshard;

	/* Shard bits come outermost first, replica bits innermost first. */
	if (n > first_of_dim && it[n - 1].axis == axis && !replica && it[n - 1].stride == 2 * stride) {
		it[n - 1].extent *= 2;
		it[n - 1].stride = stride;
		return 0;
	}
	if (n > first_of_dim && it[n - 1].axis == axis && replica &&
	    stride == it[n - 1].stride * it[n - 1].extent) {
		it[n - 1].extent *= 2;
		return 0;
	}
	return replica ? axe_layout_push_replica(layout, 2, stride, axis) :
		axe_layout_push_shard(layout, 2, stride, axis);
}

/*
 * The compact form: per dim (outermost first), per bit from the top, the
 * iter of the in-bit that makes it; "value" gives each in-bit's stride on
 * its axis (2^i for a bit permutation, the unswizzled offset bit for a
 * swizzle).  Zero columns become replica iters.
 */
static axe_layout *compact(const axe_linear *L, const packed *p, const int *maker,
			   const uint64_t *value, int fixed_axis, axe_error *err)
{
	axe_layout *layout = axe_layout_new();
	int axis[AXE_LINEAR_NIN];

	if (!layout)
		return nomem(err), NULL;
	for (int in = 0; in < AXE_LINEAR_NIN; in++)
		axis[in] = axe_layout_intern_axis(layout, axe_linear_in_axis[in]);
	for (size_t d = 0; d < L->rank; d++) {
		size_t first = layout->nshard;

		for (int b = p->dim_bits[d]; b-- > 0;) {
			int j = maker[p->dim_shift[d] + b], a;

			if (axe_linear_break_for_test && b == 0 && p->dim_bits[d] > 1)
				j = maker[p->dim_shift[d] + 1]; /* the broken rule: bit 0 made like bit 1 */
			a = fixed_axis >= 0 ? fixed_axis : p->in_of[j];
			if (push_iter(layout, false, first, (int64_t)value[j], axis[a]) < 0)
				goto error;
		}
	}
	if (layout->nshard == 0) {
		/* A one-element tensor: one iter of extent 1 on the first in-dim, as the parser would write. */
		int in = 0;

		while (in + 1 < AXE_LINEAR_NIN && !L->has_in[in])
			in++;
		if (axe_layout_push_shard(layout, 1, 1, axis[in]) < 0)
			goto error;
	}
	for (int j = 0; j < p->n; j++)
		if (p->column[j] == 0 &&
		    push_iter(layout, true, 0, (int64_t)1 << p->bit_of[j], axis[p->in_of[j]]) < 0)
			goto error;
	axe_layout_order_axes(layout);
	return layout;
error:
	axe_layout_free(layout);
	return nomem(err), NULL;
}

/*
 * GF(2) elimination.  solved[t]: the in-bits whose columns XOR to index bit
 * t; kernel[]: combinations of in-bits that XOR to 0 (a basis of the
 * kernel).  -1 when the columns do not span the index (some element has no
 * hardware index).
 */
static int invert(const packed *p, uint64_t *solved, uint64_t *kernel, int *nkernel)
{
	uint64_t vec[64] = { 0 }, comb[64] = { 0 };
	bool pivot[64] = { false };

	*nkernel = 0;
	for (int j = 0; j < p->n; j++) {
		uint64_t v = p->column[j], c = (uint64_t)1 << j;

		while (v) {
			int t = 63 - __builtin_clzll(v);

			if (!pivot[t]) {
				pivot[t] = true;
				vec[t] = v;
				comb[t] = c;
				break;
			}
			v ^= vec[t];
			c ^= comb[t];
		}
		if (!v)
			kernel[(*nkernel)++] = c;
	}
	for (int t = 0; t < p->m; t++) {
		uint64_t rest;

		if (!pivot[t])
			return -1;
		/* vec[t] is bit t plus lower bits, each already solved. */
		solved[t] = comb[t];
		rest = vec[t] & ~((uint64_t)1 << t);
		while (rest) {
			int s = bit_index(rest);

			solved[t] ^= solved[s];
			rest &= rest - 1;
		}
	}
	return 0;
}

/* The offset bits of in-bits "mask" (all in-dim offset, in-bit j = offset bit j). */
static uint64_t apply_swizzle(const axe_swizzle *sw, uint64_t m)
{
	return (uint64_t)axe_swizzle_apply(sw, (int64_t)m);
}

/*
 * A shared layout whose inverse (index -> offset, "solved") is
 * Swizzle(M,B,S) over a bit permutation: find the smallest such swizzle and
 * fill maker/value for compact().  False when none exists.
 */
static bool find_swizzle(const packed *p, const uint64_t *solved, axe_swizzle *found,
			 int *maker, uint64_t *value)
{
	for (int len = 1; len <= p->n / 2; len++)
		for (int atom = len; len + atom <= p->n; atom++)
			for (int per = 0; per + len + atom <= p->n; per++) {
				axe_swizzle sw = { true, per, len, atom };
				uint64_t seen = 0;
				bool ok = true;

				for (int t = 0; t < p->m && ok; t++) {
					uint64_t v = apply_swizzle(&sw, solved[t]);

					ok = single_bit(v) && !(seen & v);
					seen |= v;
					maker[t] = t;
					value[t] = v;
				}
				if (ok) {
					*found = sw;
					return true;
				}
			}
	return false;
}

/* Append printf-style text to a growing buffer; -1 on no memory. */
typedef struct text_buf {
	char *s;
	size_t len, cap;
} text_buf;

static int append(text_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int append(text_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (b->len + (size_t)n + 1 > b->cap) {
		size_t cap = (b->len + (size_t)n + 1) * 2;
		char *s = realloc(b->s, cap);

		if (!s)
			return -1;
		b->s = s;
		b->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return 0;
}

/* The bits of in-dim "in" inside the in-bit combination "mask", as that in-dim's value. */
static uint64_t field(const packed *p, const axe_linear *L, int in, uint64_t mask)
{
	return (mask >> p->start[in]) & (((uint64_t)1 << L->nbits[in]) - 1);
}

/* One axis' expression: XOR of (coordinate bit) * value and (replica variable) * value. */
static int axis_expr(text_buf *b, const packed *p, const axe_linear *L, int in,
		     const uint64_t *solved, const uint64_t *kernel, int nkernel)
{
	int terms = 0, rc = 0;

	for (int t = p->m; t-- > 0;) {
		int bit = 0, d = dim_of_bit(p, L->rank, t, &bit);
		uint64_t v = field(p, L, in, solved[t]);

		if (v)
			rc |= append(b, "%s((i%d >> %d) & 1) * %llu", terms++ ? " ^ " : "", d, bit,
				     (unsigned long long)v);
	}
	for (int k = 0; k < nkernel; k++) {
		uint64_t v = field(p, L, in, kernel[k]);

		if (v)
			rc |= append(b, "%sr%d * %llu", terms++ ? " ^ " : "", k,
				     (unsigned long long)v);
	}
	if (!terms)
		rc |= append(b, "0");
	return rc;
}

static axe_expr_layout *xor_expr(const axe_linear *L, const packed *p, const axe_shape *shape,
				 const uint64_t *solved, const uint64_t *kernel, int nkernel,
				 axe_error *err)
{
	text_buf exprs = { 0 }, vars = { 0 }, reps = { 0 };
	axe_expr_layout *out = NULL;
	int rc = 0, naxes = 0;

	for (int in = 0; in < AXE_LINEAR_NIN; in++) {
		if (!L->has_in[in] || L->nbits[in] == 0)
			continue;
		rc |= append(&exprs, "%s%s=", naxes++ ? "; " : "", axe_linear_in_axis[in]);
		rc |= axis_expr(&exprs, p, L, in, solved, kernel, nkernel);
	}
	for (size_t d = 0; d < L->rank; d++)
		rc |= append(&vars, "%si%zu", d ? "," : "", d);
	for (int k = 0; k < nkernel; k++)
		rc |= append(&reps, "%sr%d=2", k ? "," : "", k);
	if (rc)
		nomem(err);
	else
		out = axe_expr_layout_from_text(naxes ? exprs.s : "reg=0", vars.s,
						nkernel ? reps.s : NULL, shape, err);
	free(exprs.s);
	free(vars.s);
	free(reps.s);
	return out;
}

static bool offset_only(const axe_linear *L)
{
	for (int in = 0; in < AXE_LINEAR_NIN; in++)
		if (in != AXE_LINEAR_OFFSET && L->nbits[in] > 0)
			return false;
	return true;
}

int axe_linear_to_import(const axe_linear *L, const axe_shape *shape, axe_import *out,
			 axe_error *err)
{
	packed p;
	int maker[64], nkernel;
	uint64_t value[64], solved[64], kernel[64];
	axe_swizzle sw;

	if (axe_linear_check(L, shape, err) < 0)
		return -1;
	memset(out, 0, sizeof(*out));
	out->shape = *shape;
	out->dtype = -1;
	pack(L, &p);
	if (bit_permutation(&p, maker)) {
		for (int j = 0; j < p.n; j++)
			value[j] = (uint64_t)1 << p.bit_of[j];
		out->layout = compact(L, &p, maker, value, -1, err);
		return out->layout ? 0 : -1;
	}
	if (invert(&p, solved, kernel, &nkernel) < 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "some tensor elements are held by no hardware index: the "
				     "bases do not span the shape");
	if (offset_only(L) && nkernel == 0 && find_swizzle(&p, solved, &sw, maker, value)) {
		/* compact() reads value[] per in-bit; here maker[t] = t indexes value[t]. */
		out->layout = compact(L, &p, maker, value, AXE_LINEAR_OFFSET, err);
		if (!out->layout)
			return -1;
		out->layout->swizzle = sw;
		return 0;
	}
	if (nkernel > 16)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
				     "the layout is XOR-linear with %d free bits, more than the "
				     "16 an expr: layout may enumerate", nkernel);
	snprintf(out->why_expr, sizeof(out->why_expr),
		 "%s", offset_only(L) ?
		 "the bases mix bits (XOR-linear) and are no Swizzle over a bit permutation" :
		 "the bases mix bits (XOR-linear): a basis has several bits, or bits on two dims");
	out->expr = xor_expr(L, &p, shape, solved, kernel, nkernel, err);
	return out->expr ? 0 : -1;
}
