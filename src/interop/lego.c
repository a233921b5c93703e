/*
 * lego.c: LEGO layouts in and out (docs/interop.md, "LEGO").
 *
 * Reading: the parsed layout (lego_parse.c) is converted by composing
 * strides.  The GroupBy's row-major flattening is the Axe layout
 * S[(n1,...,nk):(row-major strides)] on m; each OrderBy unflattens a flat
 * index into mixed-radix digits and sends digit j to t_j * digit, so it is
 * composed with the layout by splitting every iter at the digits' place
 * values (the layout is a bijection onto [0, N), so its strides form a
 * mixed radix too, and the two refine each other when their boundaries
 * nest).  When they do not, or a GenP is present, the map is written as an
 * `expr:` layout instead.  Either result is validated against LEGO's own
 * apply (lego_ref.c) before it is used: at one point per bit for a bit
 * permutation, over every point otherwise.
 *
 * Writing: a bijection onto [0, N) on m is one RegP over its iters, ordered
 * by stride, under a GroupBy of the logical shape, in the Python front end's
 * method-chain form.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../expr/simplify.h"
#include "lego.h"

#define MAX_ITERS 512 /* iters while composing; more: the expr: form */

typedef struct piece {
	int64_t extent, stride;
} piece;

typedef struct iters {
	size_t n;
	piece it[MAX_ITERS];
} iters;

/* The digits of OrderBy "o": extents, place values and the strides they go to. */
typedef struct digits {
	size_t n;
	int64_t radix[LEGO_MAX_DIMS * 4], place[LEGO_MAX_DIMS * 4], to[LEGO_MAX_DIMS * 4];
} digits;

/*
 * Drop extent-1 digits (always 0) and merge a digit into the next inner one
 * when the OrderBy keeps them adjacent (to[outer] == to[inner] * radix[inner]):
 * the same map with fewer boundaries, so that an identity OrderBy (Row over
 * a flat index) splits no iter.
 */
static void coalesce(digits *dg)
{
	size_t w = 0;

	for (size_t j = 0; j < dg->n; j++) {
		if (dg->radix[j] == 1)
			continue;
		if (w > 0 && dg->to[w - 1] == dg->to[j] * dg->radix[j]) {
			dg->radix[w - 1] *= dg->radix[j];
			dg->to[w - 1] = dg->to[j];
			dg->place[w - 1] = dg->place[j];
			continue;
		}
		dg->radix[w] = dg->radix[j];
		dg->to[w] = dg->to[j];
		dg->place[w] = dg->place[j];
		w++;
	}
	dg->n = w;
}

/*
 * The digits of "o" when all its permutations are RegP: digit (k, i) is
 * dimension i of permutation k; RegP puts it at its position in the permuted
 * order, times the sizes of the later permutations.  False for a GenP.
 */
static bool order_digits(const lego_order *o, digits *dg)
{
	int64_t later = 1;

	dg->n = 0;
	for (size_t k = 0; k < o->nperm; k++)
		dg->n += o->perm[k].d;
	if (dg->n > sizeof(dg->radix) / sizeof(dg->radix[0]))
		return false;
	for (size_t k = o->nperm, at = dg->n; k-- > 0;) {
		const lego_perm *p = &o->perm[k];
		int64_t size = 1, inner = 1;
		if (p->kind != LEGO_REGP)
			return false;
		at -= p->d;
		/* The permuted order, innermost first: position q holds dim sigma[q]. */
		for (size_t q = p->d; q-- > 0;) {
			dg->radix[at + (size_t)p->sigma[q]] = p->dims[p->sigma[q]];
			dg->to[at + (size_t)p->sigma[q]] = inner * later;
			inner *= p->dims[p->sigma[q]];
		}
		for (size_t i = 0; i < p->d; i++)
			size *= p->dims[i];
		later *= size;
	}
	for (size_t j = dg->n, place = 1; j-- > 0;) {
		dg->place[j] = (int64_t)place;
		place *= (size_t)dg->radix[j];
	}
	coalesce(dg);
	return true;
}

/*
 * Split iter "x" at the digits' boundaries into "out" (outermost first),
 * each piece sent to its digit's stride.  False when a boundary falls
 * inside the iter at a place its stride does not divide (no digit-wise map).
 */
static bool split_iter(piece x, const digits *dg, iters *out)
{
	int64_t lo_end = x.stride, hi_end = x.stride * x.extent;

	if (x.extent == 1) {
		out->it[out->n++] = (piece){ 1, 0 };
		return true;
	}
	for (size_t j = 0; j < dg->n; j++) {
		int64_t d_lo = dg->place[j], d_hi = dg->place[j] * dg->radix[j];
		int64_t lo = lo_end > d_lo ? lo_end : d_lo, hi = hi_end < d_hi ? hi_end : d_hi;
		if (lo >= hi)
			continue;
		if (lo % x.stride != 0 || lo % d_lo != 0 || hi % lo != 0 || out->n == MAX_ITERS)
			return false;
		out->it[out->n++] = (piece){ hi / lo, dg->to[j] * (lo / d_lo) };
	}
	return true;
}

/* The layout of "l" as iters on m, or false when it is not digit-wise affine. */
static bool compose(const lego_layout *l, iters *cur, char *why, size_t size)
{
	iters *next = malloc(sizeof(*next));
	int64_t stride = 1;
	digits dg;
	bool ok = next != NULL;

	cur->n = l->rank;
	for (size_t i = l->rank; i-- > 0;) {
		cur->it[i] = (piece){ l->dims[i], l->dims[i] == 1 ? 0 : stride };
		stride *= l->dims[i];
	}
	for (size_t k = 0; ok && k < l->norder; k++) {
		if (!order_digits(&l->order[k], &dg)) {
			snprintf(why, size, "a GenP permutes its tile by an index expression");
			ok = false;
			break;
		}
		next->n = 0;
		for (size_t i = 0; ok && i < cur->n; i++)
			ok = split_iter(cur->it[i], &dg, next);
		if (!ok)
			snprintf(why, size, "an OrderBy's digit boundaries do not nest with the "
				 "layout's strides, so the map is not affine in the digits");
		else
			*cur = *next;
	}
	free(next);
	return ok;
}

static axe_layout *layout_of(const iters *it, axe_error *err)
{
	axe_layout *L = axe_layout_new();
	int m = L ? axe_layout_intern_axis(L, "m") : -1;

	for (size_t i = 0; m >= 0 && i < it->n; i++)
		if (axe_layout_push_shard(L, it->it[i].extent, it->it[i].stride, m) < 0)
			m = -1;
	if (m < 0) {
		axe_layout_free(L);
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	return L;
}

/* ---- the expr: form ---- */

/* "e" of a GenP's context rebuilt in "ctx" with variable k replaced by "by[k]". */
static const axe_expr *copy_subst(axe_expr_ctx *ctx, const axe_expr *e,
				  const axe_expr *const *by)
{
	if (e->op == AXE_EXPR_CONST)
		return axe_expr_const(ctx, e->value);
	if (e->op == AXE_EXPR_VAR)
		return by[e->value];
	return axe_expr_binary(ctx, e->op, copy_subst(ctx, e->a, by), copy_subst(ctx, e->b, by));
}

static const axe_expr *num(axe_expr_ctx *ctx, int64_t v)
{
	return axe_expr_const(ctx, v);
}

/* OrderBy "o" applied to the flat expression "x" (Figure 4, symbolically). */
static const axe_expr *order_expr(axe_expr_ctx *ctx, const lego_order *o, const axe_expr *x)
{
	const axe_expr *digit[LEGO_MAX_DIMS * 4], *flat = num(ctx, 0);
	int64_t place = 1;
	size_t n = 0, at;

	for (size_t k = 0; k < o->nperm; k++)
		n += o->perm[k].d;
	if (n > sizeof(digit) / sizeof(digit[0]))
		return NULL;
	at = n;
	for (size_t k = o->nperm; k-- > 0;)
		for (size_t i = o->perm[k].d; i-- > 0;) {
			int64_t r = o->perm[k].dims[i];
			digit[--at] = axe_expr_binary(ctx, AXE_EXPR_MOD, axe_expr_binary(ctx,
						      AXE_EXPR_DIV, x, num(ctx, place)), num(ctx, r));
			place *= r;
		}
	for (size_t k = 0; k < o->nperm; k++) {
		const lego_perm *p = &o->perm[k];
		const axe_expr *v = num(ctx, 0);
		int64_t size = 1;
		for (size_t i = 0; i < p->d; i++)
			size *= p->dims[i];
		if (p->kind == LEGO_GENP) {
			v = copy_subst(ctx, p->f, digit + at);
		} else {
			for (size_t q = 0; q < p->d; q++)
				v = axe_expr_add(ctx, axe_expr_mul(ctx, v, num(ctx, p->dims[p->sigma[q]])),
						 digit[at + (size_t)p->sigma[q]]);
		}
		flat = axe_expr_add(ctx, axe_expr_mul(ctx, flat, num(ctx, size)), v);
		at += p->d;
	}
	return flat;
}

static axe_expr_layout *expr_layout_new(const lego_layout *l)
{
	axe_expr_layout *E = calloc(1, sizeof(*E));

	if (!E || !(E->ctx = axe_expr_ctx_new()) || !(E->axis = calloc(1, sizeof(char *))) ||
	    !(E->expr = calloc(1, sizeof(axe_expr *))) || !(E->axis[0] = strdup("m"))) {
		axe_expr_layout_free(E);
		return NULL;
	}
	E->naxes = 1;
	E->rank = l->rank;
	E->nimages = 1;
	E->shape.rank = l->rank;
	memcpy(E->shape.dim, l->dims, l->rank * sizeof(int64_t));
	return E;
}

/* The `expr:` layout of "l": m as LEGO's apply, over variables i0, i1, .... */
static axe_expr_layout *expr_of(const lego_layout *l, axe_error *err)
{
	axe_expr_layout *E = expr_layout_new(l);
	const axe_expr *x = NULL;
	char name[32];

	for (size_t d = 0; E && d < l->rank; d++) {
		snprintf(name, sizeof(name), "i%zu", d);
		if (axe_expr_ctx_add_var(E->ctx, name, 0, l->dims[d] - 1) < 0)
			break;
		x = d ? axe_expr_add(E->ctx, axe_expr_mul(E->ctx, x, num(E->ctx, l->dims[d])),
				     axe_expr_var(E->ctx, (int)d))
		      : axe_expr_var(E->ctx, 0);
	}
	for (size_t k = 0; E && x && k < l->norder; k++)
		x = order_expr(E->ctx, &l->order[k], x);
	if (E && x)
		x = axe_expr_simplify(E->ctx, x, NULL, NULL);
	if (!E || !x || E->ctx->nomem) {
		axe_expr_layout_free(E);
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	E->expr[0] = x;
	return E;
}

/* ---- the reader ---- */

int axe_lego_import(const char *text, const axe_loc *where, const axe_import_opts *opts,
		    axe_import *out, axe_error *err)
{
	lego_layout l;
	iters *it = malloc(sizeof(*it));
	int rc = -1;

	if (!it)
		return axe_error_set(err, AXE_ERR_NOMEM, where, 1, "out of memory");
	if (axe_lego_parse(text, where, opts->bind, opts->nbind, &l, err) < 0) {
		free(it);
		return -1;
	}
	out->shape.rank = l.rank;
	memcpy(out->shape.dim, l.dims, l.rank * sizeof(int64_t));
	if (compose(&l, it, out->why_expr, sizeof(out->why_expr)))
		out->layout = layout_of(it, err);
	else
		out->expr = expr_of(&l, err);
	if (out->layout || out->expr)
		rc = axe_lego_validate(&l, out, err);
	axe_lego_release(&l);
	free(it);
	return rc;
}

/* ---- the writer ---- */

/* Why "L" has no LEGO form, or NULL: LEGO maps onto one flat index, bijectively. */
static const char *not_lego(const axe_layout *L)
{
	int64_t expect = 1;
	bool used[MAX_ITERS] = { false };

	if (L->naxes != 1 || strcmp(L->axis[0], "m") != 0)
		return "LEGO layouts map to one flat memory index (axis m)";
	if (L->nreplica > 0)
		return "LEGO layouts are bijections: a replica has no LEGO form";
	if (L->offset[0] != 0)
		return "LEGO layouts start at 0: an offset has no LEGO form";
	if (L->swizzle.present)
		return "a swizzle is no LEGO permutation of dimensions";
	if (L->nshard > MAX_ITERS)
		return "the layout has too many iters";
	/* The strides, taken smallest first, must be 1, e1, e1*e2, ...: a bijection onto [0, N). */
	for (size_t n = 0; n < L->nshard; n++) {
		size_t best = L->nshard;
		for (size_t i = 0; i < L->nshard; i++)
			if (!used[i] && L->shard[i].extent > 1 && L->shard[i].stride == expect)
				best = i;
		if (best == L->nshard)
			break;
		used[best] = true;
		expect *= L->shard[best].extent;
	}
	for (size_t i = 0; i < L->nshard; i++)
		if (!used[i] && L->shard[i].extent > 1)
			return "LEGO layouts are bijections onto [0, N): these strides leave gaps, "
			       "overlap or are not positive";
	return NULL;
}

static int64_t sort_key(const axe_layout *L, size_t i)
{
	return L->shard[i].extent > 1 ? L->shard[i].stride : 0;
}

static void append(char *buf, size_t size, size_t *len, const char *fmt, long long v)
{
	if (*len < size)
		*len += (size_t)snprintf(buf + *len, size - *len, fmt, v);
}

char *axe_lego_export(const axe_layout *layout, const axe_shape *shape, int dtype, char *why,
		      size_t why_size, axe_error *err)
{
	const char *reason = not_lego(layout);
	size_t n = layout->nshard, len = 0, size = 64 + 48 * (n + shape->rank);
	size_t *order = malloc((n ? n : 1) * sizeof(size_t));
	char *text = malloc(size);
	bool identity = true;

	(void)dtype;
	if (reason || !order || !text) {
		free(order);
		free(text);
		if (reason)
			snprintf(why, why_size, "%s", reason);
		else
			axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	/*
	 * RegP's order: the iters by decreasing stride, an insertion sort (stable).
	 * An extent-1 iter's index is always 0, so its place does not matter: key 0.
	 */
	for (size_t i = 0; i < n; i++) {
		size_t j = i;
		for (; j > 0 && sort_key(layout, order[j - 1]) < sort_key(layout, i); j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	for (size_t i = 0; i < n; i++)
		identity &= order[i] == i;
	len = (size_t)snprintf(text, size, identity ? "OrderBy(Row(" : "OrderBy(RegP([");
	for (size_t i = 0; i < n; i++)
		append(text, size, &len, i ? ", %lld" : "%lld", (long long)layout->shard[i].extent);
	if (!identity) {
		len += (size_t)snprintf(text + len, size - len, "], [");
		for (size_t i = 0; i < n; i++)
			append(text, size, &len, i ? ", %lld" : "%lld", (long long)order[i]);
		len += (size_t)snprintf(text + len, size - len, "]");
	}
	len += (size_t)snprintf(text + len, size - len, ")).GroupBy([(");
	for (size_t d = 0; d < shape->rank; d++)
		append(text, size, &len, d ? ", %lld" : "%lld", (long long)shape->dim[d]);
	snprintf(text + len, size - len, "%s)])", shape->rank == 1 ? "," : "");
	free(order);
	return text;
}
