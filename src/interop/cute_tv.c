/*
 * cute_tv.c: CuTe TV layouts (docs/interop.md, "CuTe"), the
 * (thread, value) -> tile index maps TiledMMA and TiledCopy print
 * (CUTLASS include/cute/atom/mma_traits_sm80.hpp: "(T32,V4) -> (M16,N8)"),
 * read as the Axe layout tile point -> {(tid, reg)} and written back.
 *
 * The tile index is column-major: idx = m + M*n.  Each leaf of the thread
 * mode is a digit of tid (its weight the product of the thread leaves
 * before it), each leaf of the value mode a digit of reg.  When the leaves
 * with non-zero strides, sorted by stride, are the digits of one mixed
 * radix that covers the tile exactly once, the inverse is digit-affine:
 * the digits below M belong to m and the rest to n, and each becomes an
 * Axe iter on tid or reg.  A stride-0 leaf is a broadcast: every value of
 * that digit holds the same element, an Axe replica.  When a digit
 * straddles M, the inverse is still exact but not digit-affine in (m, n):
 * an `expr:` layout, digit = (m + M*n) / stride % extent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "../core/relate.h"
#include "cute_private.h"

/* One leaf of a TV layout: a digit of tid (axis 0) or reg (axis 1). */
typedef struct tv_leaf {
	int64_t extent, stride; /* in the tile index */
	int64_t weight;         /* the digit's weight in tid or reg */
	int axis;               /* 0 tid, 1 reg */
} tv_leaf;

static const char *const tv_axis[] = { "tid", "reg" };

typedef struct tv_leaves {
	tv_leaf leaf[2 * AXE_CUTE_MAX_LEAVES + 1]; /* + 1: split_at_rows */
	size_t n;
} tv_leaves;

/* The leaves of mode "axis" of "tv", extent-1 leaves dropped. */
static void collect(const axe_cute_tuple *shape, const axe_cute_tuple *stride, int axis,
		    int64_t *weight, tv_leaves *out)
{
	if (!shape->is_leaf) {
		for (size_t i = 0; i < shape->n; i++)
			collect(&shape->child[i], &stride->child[i], axis, weight, out);
		return;
	}
	if (shape->value > 1) {
		tv_leaf l = { shape->value, stride->value, *weight, axis };
		out->leaf[out->n++] = l;
	}
	/* The weights stay below the mode's size, which fits: the layout was checked. */
	*weight *= shape->value;
}

static int by_stride(const void *a, const void *b)
{
	const tv_leaf *x = a, *y = b;

	return (x->stride > y->stride) - (x->stride < y->stride);
}

/*
 * Check that the non-zero leaves (sorted, from "first") are one mixed radix
 * over the "size" tile points; else an error placed at "loc".
 */
static int check_radix(const tv_leaves *lv, size_t first, int64_t size, const axe_loc *loc,
		       int span, axe_error *err)
{
	int64_t run = 1;

	for (size_t i = first; i < lv->n; i++) {
		if (lv->leaf[i].stride != run)
			return axe_error_set(err, AXE_ERR_VALUE, loc, span,
					     "the TV layout does not hold each tile element exactly "
					     "once: after the modes of strides below %lld, "
					     "stride %lld %s", (long long)run,
					     (long long)lv->leaf[i].stride,
					     lv->leaf[i].stride < run ? "overlaps them" :
					     "leaves a gap");
		run *= lv->leaf[i].extent;
	}
	if (run != size)
		return axe_error_set(err, AXE_ERR_VALUE, loc, span,
				     "the TV layout covers %lld tile elements; the tile has %lld",
				     (long long)run, (long long)size);
	return 0;
}

/*
 * Split the sorted non-zero leaves at the tile's column height "rows" so
 * that no digit straddles it; false when one does and cannot be split.
 */
static bool split_at_rows(tv_leaves *lv, size_t first, int64_t rows, size_t *boundary)
{
	int64_t run = 1;

	for (size_t i = first; i < lv->n; i++) {
		if (run == rows) {
			*boundary = i;
			return true;
		}
		if (run * lv->leaf[i].extent > rows) {
			int64_t low = rows / run;

			if (rows % run != 0 || lv->leaf[i].extent % low != 0)
				return false;
			memmove(&lv->leaf[i + 1], &lv->leaf[i], (lv->n - i) * sizeof(tv_leaf));
			lv->n++;
			lv->leaf[i].extent = low;
			lv->leaf[i + 1].extent /= low;
			lv->leaf[i + 1].stride *= low;
			lv->leaf[i + 1].weight *= low;
			*boundary = i + 1;
			return true;
		}
		run *= lv->leaf[i].extent;
	}
	*boundary = lv->n;
	return run == rows;
}

/* Digits [from, to) as Axe iters, highest stride (outermost) first. */
static int push_digits(axe_layout *L, const tv_leaves *lv, size_t from, size_t to,
		       const int *ax)
{
	for (size_t i = to; i-- > from;)
		if (axe_layout_push_shard(L, lv->leaf[i].extent, lv->leaf[i].weight,
					  ax[lv->leaf[i].axis]) < 0)
			return -1;
	return 0;
}

static axe_layout *tv_compact(const tv_leaves *lv, size_t nbcast, size_t boundary,
			      unsigned flags, axe_error *err)
{
	axe_layout *L = axe_layout_new();
	int ax[2];

	if (!L || (ax[0] = axe_layout_intern_axis(L, "tid")) < 0 ||
	    (ax[1] = axe_layout_intern_axis(L, "reg")) < 0)
		goto nomem;
	/* Row-major (m, n): m's digits are the outer iters (the planted bug swaps them). */
	if (flags & AXE_CUTE_BREAK_TV_TILE) {
		if (push_digits(L, lv, boundary, lv->n, ax) < 0 ||
		    push_digits(L, lv, nbcast, boundary, ax) < 0)
			goto nomem;
	} else if (push_digits(L, lv, nbcast, boundary, ax) < 0 ||
		   push_digits(L, lv, boundary, lv->n, ax) < 0) {
		goto nomem;
	}
	for (size_t i = 0; i < nbcast; i++)
		if (axe_layout_push_replica(L, lv->leaf[i].extent, lv->leaf[i].weight,
					    ax[lv->leaf[i].axis]) < 0)
			goto nomem;
	/*
	 * One element held by thread 0 in register 0 ((_1,_1):(_0,_0), SM100
	 * 2x1x1's B layout): tid is kept as the written offset 0@tid, so that
	 * the layout names an axis and its text reads back as the same layout.
	 */
	if (L->nshard == 0 && L->nreplica == 0)
		L->offset_written[ax[0]] = true;
	axe_layout_order_axes(L);
	return L;
nomem:
	axe_layout_free(L);
	axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	return NULL;
}

/*
 * The `expr:` form: with idx = i0 + M*i1, digit k is (idx / stride) % extent
 * and tid, reg are the weighted sums of their digits; a broadcast digit is
 * a replica variable.
 */
static axe_expr_layout *tv_expr(const tv_leaves *lv, size_t nbcast, const axe_shape *tile,
				axe_error *err)
{
	axe_expr_layout *E = axe_cute_expr_new(tile, tv_axis, 2, err);
	axe_expr_ctx *x;
	const axe_expr *idx, *sum[2], *digit;
	char name[24];
	int var;

	if (!E)
		return NULL;
	x = E->ctx;
	idx = axe_expr_var(x, 0);
	if (tile->rank == 2)
		idx = axe_expr_add(x, idx, axe_expr_mul(x, axe_expr_const(x, tile->dim[0]),
							axe_expr_var(x, 1)));
	sum[0] = sum[1] = axe_expr_const(x, 0);
	for (size_t i = 0; i < lv->n; i++) {
		const tv_leaf *l = &lv->leaf[i];

		if (i < nbcast) {
			if (l->extent > AXE_EXPR_MAX_IMAGES / E->nimages) {
				axe_expr_layout_free(E);
				axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
					      "more than %d replicas in the TV layout",
					      AXE_EXPR_MAX_IMAGES);
				return NULL;
			}
			snprintf(name, sizeof(name), "r%zu", i);
			var = axe_expr_ctx_add_var(x, name, 0, l->extent - 1);
			E->nreplica++;
			E->nimages *= l->extent;
			digit = var < 0 ? NULL : axe_expr_var(x, var);
		} else {
			digit = axe_expr_binary(x, AXE_EXPR_MOD,
						axe_expr_binary(x, AXE_EXPR_DIV, idx,
								axe_expr_const(x, l->stride)),
						axe_expr_const(x, l->extent));
		}
		sum[l->axis] = axe_expr_add(x, sum[l->axis],
					    axe_expr_mul(x, axe_expr_const(x, l->weight), digit));
	}
	E->expr[0] = sum[0];
	E->expr[1] = sum[1];
	if (x->nomem || !sum[0] || !sum[1]) {
		axe_expr_layout_free(E);
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	return E;
}

/* The TV layout "c" must be a plain rank-2 layout and "tile" given. */
static int check_tv(const axe_cute_composed *c, const axe_shape *tile, const axe_loc *loc,
		    int span, axe_error *err)
{
	if (c->swizzle.present || c->offset != 0 || c->ptr_bits != 0)
		return axe_error_set(err, AXE_ERR_VALUE, loc, span,
				     "a TV layout maps (thread, value) to a tile index: no swizzle, "
				     "offset or smem_ptr");
	if (axe_cute_layout_rank(&c->layout) != 2 || c->layout.shape.is_leaf)
		return axe_error_set(err, AXE_ERR_VALUE, loc, span,
				     "a TV layout has two modes, (thread, value); this one has %zu",
				     axe_cute_layout_rank(&c->layout));
	if (!tile || tile->rank < 1 || tile->rank > 2) {
		axe_error_set(err, AXE_ERR_VALUE, loc, span,
			      "a TV layout indexes a tile whose shape is not in the text");
		axe_error_hint(err, "give the tile: --tile M,N (tile: [M, N] in a spec)");
		return -1;
	}
	return 0;
}

/*
 * Convert the TV layout "c" on "tile" into "out" (shape "tile").  Errors
 * (a tile element held by no or by several (thread, value) pairs) at "loc".
 */
static int tv_convert(const axe_cute_composed *c, const axe_shape *tile, unsigned flags,
		      const axe_loc *loc, int span, axe_import *out, axe_error *err)
{
	tv_leaves *lv = calloc(1, sizeof(*lv));
	int64_t weight, lo, hi, size = tile->dim[0];
	size_t nbcast = 0, boundary;
	int rc = -1;

	if (!lv)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (axe_cute_layout_size(&c->layout) > AXE_REFERENCE_MAX_PAIRS) {
		axe_error_set(err, AXE_ERR_LIMIT, loc, span,
			      "the TV layout has %lld (thread, value) pairs, more than the %lld "
			      "its validation can enumerate",
			      (long long)axe_cute_layout_size(&c->layout),
			      (long long)AXE_REFERENCE_MAX_PAIRS);
		goto out;
	}
	if (tile->rank == 2 && axe_mul_ovf(size, tile->dim[1], &size)) {
		axe_error_set(err, AXE_ERR_OVERFLOW, loc, span, "the tile size overflows 64 bits");
		goto out;
	}
	axe_cute_layout_range(&c->layout, &lo, &hi);
	if (lo < 0 || hi >= size) {
		axe_error_set(err, AXE_ERR_VALUE, loc, span,
			      "the TV layout reaches tile index %lld, outside the %lld elements "
			      "of the tile", (long long)(lo < 0 ? lo : hi), (long long)size);
		goto out;
	}
	for (int axis = 0; axis < 2; axis++) {
		weight = 1;
		collect(&c->layout.shape.child[axis], &c->layout.stride.child[axis], axis,
			&weight, lv);
	}
	qsort(lv->leaf, lv->n, sizeof(tv_leaf), by_stride);
	while (nbcast < lv->n && lv->leaf[nbcast].stride == 0)
		nbcast++;
	if (check_radix(lv, nbcast, size, loc, span, err) < 0)
		goto out;
	out->shape = *tile;
	if (split_at_rows(lv, nbcast, tile->dim[0], &boundary)) {
		out->layout = tv_compact(lv, nbcast, boundary, flags, err);
		rc = out->layout ? axe_layout_validate(out->layout, loc, span, err) : -1;
	} else {
		snprintf(out->why_expr, sizeof(out->why_expr),
			 "a TV digit straddles the tile's column height %lld: (thread, value) is "
			 "not digit-wise affine in (row, column)", (long long)tile->dim[0]);
		out->expr = tv_expr(lv, nbcast, tile, err);
		rc = out->expr ? 0 : -1;
	}
out:
	free(lv);
	return rc;
}

int axe_cute_tv_import_flags(const char *text, const axe_loc *where,
			     const axe_import_opts *opts, unsigned flags, axe_import *out,
			     axe_error *err)
{
	axe_loc arg = { "<arg>", 1, 1, text, strlen(text) };
	const axe_loc *loc = where ? where : &arg;
	const axe_shape *tile = opts ? opts->tile : NULL;
	int span = (int)strcspn(text, "\n"), rc = -1;
	axe_cute_composed c;

	memset(out, 0, sizeof(*out));
	out->dtype = -1;
	if (axe_cute_parse(text, where, &c, err) < 0)
		return -1;
	if (check_tv(&c, tile, loc, span ? span : 1, err) < 0 ||
	    tv_convert(&c, tile, flags, loc, span ? span : 1, out, err) < 0 ||
	    axe_cute_tv_validate(&c.layout, tile, out, err) < 0)
		goto out;
	rc = 0;
out:
	if (rc < 0)
		axe_import_release(out);
	axe_cute_composed_release(&c);
	return rc;
}

int axe_cute_tv_import(const char *text, const axe_loc *where, const axe_import_opts *opts,
		       axe_import *out, axe_error *err)
{
	return axe_cute_tv_import_flags(text, where, opts, 0, out, err);
}

/* One mode of a TV layout from "n" leaves: a scalar for one, 1:0 for none. */
static int make_mode(axe_cute_tuple *shape, axe_cute_tuple *stride, const axe_cute_piece *leaf,
		     size_t n, axe_error *err)
{
	if (n <= 1) {
		*shape = axe_cute_tuple_leaf(n ? leaf[0].extent : 1);
		*stride = axe_cute_tuple_leaf(n ? leaf[0].stride : 0);
		return 0;
	}
	if (axe_cute_tuple_init(shape, n, err) < 0 || axe_cute_tuple_init(stride, n, err) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		shape->child[i] = axe_cute_tuple_leaf(leaf[i].extent);
		stride->child[i] = axe_cute_tuple_leaf(leaf[i].stride);
	}
	return 0;
}

static int by_weight(const void *a, const void *b)
{
	const axe_cute_piece *x = a, *y = b;

	return (x->weight > y->weight) - (x->weight < y->weight);
}

/*
 * The digits of axis "name" ("n" of them, "weight" = the Axe stride on it,
 * "stride" = the tile index stride) must number it 0, 1, ... exactly once:
 * sorted by weight, each weight the product of the extents before it.
 */
static bool numbers_densely(axe_cute_piece *leaf, size_t n, const char *name, char *why,
			    size_t why_size)
{
	int64_t run = 1;

	qsort(leaf, n, sizeof(*leaf), by_weight);
	for (size_t i = 0; i < n; i++) {
		if (leaf[i].weight != run) {
			snprintf(why, why_size, "the %s values the layout uses are not 0, 1, ... "
				 "each once per element (an iter of stride %lld on %s where %lld "
				 "was due): a TV layout gives every (thread, value) an element",
				 name, (long long)leaf[i].weight, name, (long long)run);
			return false;
		}
		run *= leaf[i].extent;
	}
	return true;
}

/*
 * Axe -> TV: every iter (or piece of one) on tid or reg is a leaf of the
 * thread or value mode whose tile index stride is its weight in its
 * dimension (times M for the column dimension); a replica is a stride-0
 * leaf.  0, 1 with "why", -1.
 */
static int axe_to_tv(const axe_layout *L, const axe_shape *shape, axe_cute_layout *tv,
		     char *why, size_t why_size, axe_error *err)
{
	axe_cute_piece piece[AXE_CUTE_MAX_LEAVES], mode[2][AXE_CUTE_MAX_LEAVES + AXE_CUTE_MAX_LEAVES];
	size_t n, count[2] = { 0, 0 };
	int rc;

	if (shape->rank < 1 || shape->rank > 2) {
		snprintf(why, why_size, "a TV layout indexes a 1-D or 2-D tile; the shape has "
			 "rank %zu", shape->rank);
		return 1;
	}
	if (L->swizzle.present) {
		snprintf(why, why_size, "the layout has a swizzle; a TV layout has none");
		return 1;
	}
	for (size_t a = 0; a < L->naxes; a++) {
		if (strcmp(L->axis[a], "tid") != 0 && strcmp(L->axis[a], "reg") != 0) {
			snprintf(why, why_size, "the layout names axis '%s'; a TV layout's are tid "
				 "and reg", L->axis[a]);
			return 1;
		}
		if (L->offset[a] != 0) {
			snprintf(why, why_size, "the layout has an offset on %s; a TV layout "
				 "numbers threads and values from 0", L->axis[a]);
			return 1;
		}
	}
	if ((rc = axe_cute_split_dims(L, shape, piece, &n, why, why_size, err)) != 0)
		return rc;
	for (size_t k = 0; k < n + L->nreplica; k++) {
		axe_cute_piece p;
		int t;

		if (k < n) {
			p = piece[k];
			/* The tile index is column-major: m + M*n. */
			p.weight = p.dim == 0 ? piece[k].weight : piece[k].weight * shape->dim[0];
		} else {
			const axe_iter *r = &L->replica[k - n];
			p = (axe_cute_piece){ r->extent, r->stride, r->axis, 0, 0 };
		}
		if (p.extent == 1)
			continue;
		if (p.stride <= 0) {
			snprintf(why, why_size, "an iter of stride %lld on %s: several elements "
				 "would share one (thread, value)", (long long)p.stride,
				 L->axis[p.axis]);
			return 1;
		}
		/* Swap roles: the leaf's stride is the tile index, its weight the Axe stride. */
		t = strcmp(L->axis[p.axis], "tid") == 0 ? 0 : 1;
		if (count[t] == 2 * AXE_CUTE_MAX_LEAVES)
			return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
					     "more than %d leaves in one TV mode",
					     2 * AXE_CUTE_MAX_LEAVES);
		mode[t][count[t]++] = (axe_cute_piece){ p.extent, p.weight, t, 0, p.stride };
	}
	if (!numbers_densely(mode[0], count[0], "tid", why, why_size) ||
	    !numbers_densely(mode[1], count[1], "reg", why, why_size))
		return 1;
	if (axe_cute_tuple_init(&tv->shape, 2, err) < 0 ||
	    axe_cute_tuple_init(&tv->stride, 2, err) < 0 ||
	    make_mode(&tv->shape.child[0], &tv->stride.child[0], mode[0], count[0], err) < 0 ||
	    make_mode(&tv->shape.child[1], &tv->stride.child[1], mode[1], count[1], err) < 0)
		return -1;
	return 0;
}

char *axe_cute_tv_export(const axe_layout *layout, const axe_shape *shape, int dtype,
			 char *why, size_t why_size, axe_error *err)
{
	axe_cute_layout tv;
	char *text = NULL;
	/* Lanes and warps as CuTe numbers threads: tid = laneid + 32*warpid. */
	axe_layout *flat = axe_layout_flatten_threads(layout, why, why_size, err);

	(void)dtype;
	if (!flat)
		return NULL;
	memset(&tv, 0, sizeof(tv));
	if (axe_to_tv(flat, shape, &tv, why, why_size, err) == 0)
		text = axe_cute_layout_print(&tv, err);
	axe_cute_layout_release(&tv);
	axe_layout_free(flat);
	return text;
}
