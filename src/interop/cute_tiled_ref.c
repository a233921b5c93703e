/*
 * cute_tiled_ref.c: the reference meaning of a TiledMMA's or TiledCopy's
 * TV layouts, point by point, for the translation validation of the
 * cute-mma and cute-copy readers (cute_tiled.h).  Written from what the
 * layouts of CUTLASS 7107b0553's mma_atom.hpp and copy_atom.hpp mean, with
 * crd2idx (src/cute) on the dump's layouts, and without the divides and
 * compositions cute_tiled_tv.c uses:
 *
 *  - TiledMMA, part X on dimensions (P, Q): thread t = VMNK(c) + K(d) for
 *    each coordinate c = (v, m, n, k) of ThrLayoutVMNK and each d of
 *    K = complement(VMNK) (the thread ids around VMNK's image run the same
 *    coordinate); for each atom value f and rest (rp, rq), the atom's
 *    Layout<X>_TV(v, f) = a names the atom element (a % AtomP, a / AtomP);
 *    in the permuted tile it is at ip = a % AtomP + AtomP*(c_P + ThrP*rp),
 *    iq likewise, and in the tile at (PermP(ip), PermQ(iq)); its value
 *    index is f + FrgV*(rp + RestP*rq).
 *  - TiledCopy, part S (D likewise with ValLayoutDst): thread t = at +
 *    AtomThr*rt, value v = av + SrcVals*rv; the atom's source element
 *    ValLayoutSrc(at, av) is the reference element r with ValLayoutRef(r)
 *    equal to it, (rthr, rval) = (r % AtomThr, r / AtomThr), which the
 *    tiled layout puts at TiledLayout_TV(rthr + AtomThr*rt, rval +
 *    AtomVal*rv), a column-major index of Tiler_MN's sizes; that index
 *    (i, j) is the tile's point (TilerM(i), TilerN(j)) and, in each rest
 *    tile (rm, rn) of a tiler mode whose image has holes, that point plus
 *    (RestM(rm), RestN(rn)), value v + Vals*(rm + NRestM*rn): the element
 *    partition_S (or D) of the tile's identity gives.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "../cute/algebra.h"
#include "cute_tiled.h"

static const char *const tv_axis[] = { "tid", "reg" };

/* Size of mode "i" of "l" (a leaf layout: its size for mode 0). */
static int64_t mode_size(const axe_cute_layout *l, size_t i)
{
	int64_t n = 1;

	if (l->shape.is_leaf)
		return i == 0 ? l->shape.value : 1;
	axe_cute_tuple_product(&l->shape.child[i], &n, NULL);
	return n;
}

/* Evaluate "l" at one integer per top-level mode (a leaf layout: mode 0 only). */
static int64_t at2(const axe_cute_layout *l, int64_t c0, int64_t c1)
{
	int64_t crd[2] = { c0, c1 };

	if (l->shape.is_leaf)
		return axe_cute_layout_eval(l, c0);
	return axe_cute_layout_eval_modes(l, crd);
}

/* A point of the part's tile (row-major flat) holding (tid, value); errors off the tile. */
static int add(axe_reference *ref, const axe_shape *tile, int64_t row, int64_t col, int64_t tid,
	       int64_t value, const axe_cute_tiled *t, axe_error *err)
{
	int64_t image[2] = { tid, value };

	if (row < 0 || row >= tile->dim[0] || col < 0 || col >= tile->dim[1])
		return axe_error_set(err, AXE_ERR_VALUE, &t->head, t->head_span, "thread %lld "
				     "value %lld falls at (%lld, %lld), outside the %lldx%lld tile",
				     (long long)tid, (long long)value, (long long)row,
				     (long long)col, (long long)tile->dim[0], (long long)tile->dim[1]);
	return axe_reference_add(ref, row * tile->dim[1] + col, image, err);
}

/* Permutation "i" at "x": the identity for `_` or a size. */
static int64_t permute(const axe_cute_tiled *t, int i, int64_t x)
{
	return t->perm_given[i] ? axe_cute_layout_eval(&t->perm[i], x) : x;
}

static int mma_reference(const axe_cute_tiled *t, int part, const axe_shape *tile,
			 axe_reference *ref, axe_error *err)
{
	static const int dims[3][2] = { { 0, 2 }, { 1, 2 }, { 0, 1 } };
	const axe_cute_layout *atom = &t->atom_tv[part];
	int p = dims[part][0], q = dims[part][1];
	int64_t ext[4], crd[4], ap = t->atom_mnk[p], aq = t->atom_mnk[q];
	int64_t frg = mode_size(atom, 1), rest_p, rest_q, size = axe_cute_layout_size(&t->vmnk), npairs;
	axe_cute_layout outside = { 0 };
	axe_cute_reason why;
	int rc;

	for (int i = 0; i < 4; i++)
		ext[i] = mode_size(&t->vmnk, (size_t)i);
	rest_p = tile->dim[0] / (ap * ext[p + 1]);
	rest_q = tile->dim[1] / (aq * ext[q + 1]);
	rc = axe_cute_complement(&t->vmnk, axe_cute_layout_cosize(&t->vmnk), &outside, &why, err);
	if (rc <= 0)
		return rc < 0 ? -1 : axe_error_set(err, AXE_ERR_VALUE, &t->head, t->head_span,
						   "ThrLayoutVMNK has no complement: %s", why.text);
	if (axe_mul_ovf(size, axe_cute_layout_size(&outside), &npairs) ||
	    axe_mul_ovf(npairs, frg, &npairs) || axe_mul_ovf(npairs, rest_p, &npairs) ||
	    axe_mul_ovf(npairs, rest_q, &npairs) || npairs > AXE_CUTE_TILED_MAX_PAIRS) {
		axe_cute_layout_release(&outside);
		return axe_error_set(err, AXE_ERR_LIMIT, &t->head, t->head_span, "the TiledMMA "
				     "has more (thread, value) pairs than its validation can "
				     "enumerate (%lld)", (long long)AXE_CUTE_TILED_MAX_PAIRS);
	}
	rc = -1;
	if (axe_reference_init(ref, tile, 2, tv_axis, err) < 0)
		goto out;
	for (int64_t c = 0; c < size; c++) {
		int64_t rem = c;
		for (int i = 0; i < 4; i++) {
			crd[i] = rem % ext[i];
			rem /= ext[i];
		}
		for (int64_t d = 0; d < axe_cute_layout_size(&outside); d++) {
			int64_t tid = axe_cute_layout_eval(&t->vmnk, c) +
				      axe_cute_layout_eval(&outside, d);
			for (int64_t f = 0; f < frg; f++) {
				int64_t a = at2(atom, crd[0], f);
				for (int64_t rq = 0; rq < rest_q; rq++)
					for (int64_t rp = 0; rp < rest_p; rp++) {
						int64_t ip = a % ap + ap * (crd[p + 1] + ext[p + 1] * rp);
						int64_t iq = a / ap + aq * (crd[q + 1] + ext[q + 1] * rq);
						int64_t value = f + frg * (rp + rest_p * rq);
						if (a < 0 || ip >= tile->dim[0] || iq >= tile->dim[1]) {
							add(ref, tile, a < 0 ? -1 : ip, iq, tid, value,
							    t, err);
							goto out;
						}
						if (add(ref, tile, permute(t, p, ip), permute(t, q, iq),
							tid, value, t, err) < 0)
							goto out;
					}
			}
		}
	}
	rc = axe_reference_finish(ref, err);
out:
	axe_cute_layout_release(&outside);
	return rc;
}

/* Tiler_MN's modes and their rests (cute_tiled_tv.c), released together. */
typedef struct copy_tiler {
	const axe_cute_layout *mode[2];
	axe_cute_layout rest[2];
	int64_t size[2], nrest[2];
} copy_tiler;

static int copy_tiler_init(const axe_cute_tiled *t, copy_tiler *c, axe_error *err)
{
	memset(c, 0, sizeof(*c));
	for (int i = 0; i < 2; i++) {
		if (axe_cute_tiled_tiler_rest(t, i, &c->rest[i], err) < 0)
			return -1;
		c->mode[i] = &t->tiler[i];
		c->size[i] = axe_cute_layout_size(c->mode[i]);
		c->nrest[i] = axe_cute_layout_size(&c->rest[i]);
	}
	return 0;
}

static void copy_tiler_release(copy_tiler *c)
{
	axe_cute_layout_release(&c->rest[0]);
	axe_cute_layout_release(&c->rest[1]);
}

/*
 * Place the element "idx" of Tiler_MN's coordinates (column-major over the
 * modes' sizes) held by (tid, value) in each rest tile (rm, rn) of the
 * copy's tile: at (TilerM(idx % SizeM) + RestM(rm), TilerN(idx / SizeM) +
 * RestN(rn)), value number value + "nvals" * (rm + NRestM * rn).
 */
static int place_through_tiler(axe_reference *ref, const axe_shape *tile, const copy_tiler *c,
			       int64_t idx, int64_t tid, int64_t value, int64_t nvals,
			       const axe_cute_tiled *t, axe_error *err)
{
	if (idx < 0 || idx >= c->size[0] * c->size[1])
		return axe_error_set(err, AXE_ERR_VALUE, &t->head, t->head_span, "thread %lld "
				     "value %lld falls at %lld, outside Tiler_MN's %lldx%lld",
				     (long long)tid, (long long)value, (long long)idx,
				     (long long)c->size[0], (long long)c->size[1]);
	for (int64_t rn = 0; rn < c->nrest[1]; rn++)
		for (int64_t rm = 0; rm < c->nrest[0]; rm++) {
			int64_t row = axe_cute_layout_eval(c->mode[0], idx % c->size[0]) +
				      axe_cute_layout_eval(&c->rest[0], rm);
			int64_t col = axe_cute_layout_eval(c->mode[1], idx / c->size[0]) +
				      axe_cute_layout_eval(&c->rest[1], rn);
			if (add(ref, tile, row, col, tid, value + nvals * (rm + c->nrest[0] * rn), t,
				err) < 0)
				return -1;
		}
	return 0;
}

static int copy_reference(const axe_cute_tiled *t, int part, const axe_shape *tile,
			  axe_reference *ref, axe_error *err)
{
	const axe_cute_layout *trg = part == 0 ? &t->src : &t->dst;
	int64_t athr = mode_size(&t->ref, 0), aval = mode_size(&t->ref, 1);
	int64_t tthr = mode_size(&t->tiled_tv, 0), tval = mode_size(&t->tiled_tv, 1);
	int64_t sval = mode_size(trg, 1), cosize = axe_cute_layout_cosize(&t->ref), *inv = NULL;
	int64_t npairs, nvals;
	copy_tiler c;
	int rc = -1;

	if (mode_size(trg, 0) != athr)
		return axe_error_set(err, AXE_ERR_VALUE, &t->head, t->head_span, "ValLayout%s has "
				     "%lld threads, ValLayoutRef %lld", part == 0 ? "Src" : "Dst",
				     (long long)mode_size(trg, 0), (long long)athr);
	if (copy_tiler_init(t, &c, err) < 0)
		goto out;
	if (aval <= 0 || axe_mul_ovf(tval / aval, sval, &nvals) ||
	    axe_mul_ovf(tthr, nvals, &npairs) || axe_mul_ovf(npairs, c.nrest[0], &npairs) ||
	    axe_mul_ovf(npairs, c.nrest[1], &npairs) || npairs > AXE_CUTE_TILED_MAX_PAIRS ||
	    cosize > AXE_CUTE_TILED_MAX_PAIRS) {
		axe_error_set(err, AXE_ERR_LIMIT, &t->head, t->head_span, "the TiledCopy is larger "
			      "than its validation can enumerate");
		goto out;
	}
	if (!(inv = malloc((size_t)(cosize > 0 ? cosize : 1) * sizeof(int64_t)))) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (int64_t o = 0; o < cosize; o++)
		inv[o] = -1;
	for (int64_t r = axe_cute_layout_size(&t->ref); r-- > 0;) {
		int64_t o = axe_cute_layout_eval(&t->ref, r);
		if (o >= 0 && o < cosize)
			inv[o] = r; /* the first r of each element, as right_inverse takes */
	}
	if (axe_reference_init(ref, tile, 2, tv_axis, err) < 0)
		goto out;
	for (int64_t tid = 0; tid < tthr; tid++)
		for (int64_t v = 0; v < nvals; v++) {
			int64_t o = at2(trg, tid % athr, v % sval), r, idx;
			if (o < 0 || o >= cosize || inv[o] < 0) {
				axe_error_set(err, AXE_ERR_VALUE, &t->head, t->head_span, "the atom's "
					      "%s element %lld (thread %lld, value %lld) is no "
					      "element of ValLayoutRef", part == 0 ? "source" :
					      "destination", (long long)o, (long long)(tid % athr),
					      (long long)(v % sval));
				goto out;
			}
			r = inv[o];
			idx = at2(&t->tiled_tv, r % athr + athr * (tid / athr),
				  r / athr + aval * (v / sval));
			if (place_through_tiler(ref, tile, &c, idx, tid, v, nvals, t, err) < 0)
				goto out;
		}
	rc = axe_reference_finish(ref, err);
out:
	copy_tiler_release(&c);
	free(inv);
	return rc;
}

int axe_cute_tiled_reference(const axe_cute_tiled *t, int part, const axe_shape *tile,
			     axe_reference *ref, axe_error *err)
{
	if (t->kind == AXE_TILED_MMA)
		return mma_reference(t, part, tile, ref, err);
	return copy_reference(t, part, tile, ref, err);
}
