/*
 * cute_tiled_tv.c: the TV layouts of a TiledMMA's A, B and C and of a
 * TiledCopy's source and destination, composed with src/cute's algebra as
 * CUTLASS 7107b0553 composes them:
 *
 *  - include/cute/atom/mma_atom.hpp, TiledMMA::thrfrg_A/B/C and
 *    get_layoutA/B/C_TV: the part's tile (P, Q) is divided by the
 *    permutations, then by the atom's (P, Q), the atom mode composed with
 *    the atom's TV layout, the rest divided by the threads along P and Q:
 *    ((ThrV, (ThrP, ThrQ)), (FrgV, (RestP, RestQ))); the thread mode is
 *    then laid out on (V, M, N, K) (the mode a part does not use broadcast:
 *    stride 0) and composed with thr_idx -> (V, M, N, K), which is
 *    (size(VMNK), 1):(1, 0) o right_inverse((VMNK, complement(VMNK))).
 *    Here the divides are written as compositions with the digit layouts
 *    (AtomP, ThrP, RestP):(1, AtomP, AtomP*ThrP) of each permuted mode,
 *    which is what zipped_divide by make_layout(N) does.
 *  - include/cute/atom/copy_atom.hpp, TiledCopy::tile2thrfrg: the tiled
 *    TV layout zipped_divide'd by (AtomNumThr, AtomNumVal), its atom mode
 *    composed with right_inverse(ValLayoutRef) o ValLayoutSrc (or Dst),
 *    zipped into ((atom thr, rest thr), (atom val, rest val)); then, as
 *    tidfrg_S/D apply it to a tensor, carried through Tiler_MN: the
 *    tile's identity zipped_divide'd by the tiler, its tile mode composed
 *    with that layout, its rest mode appended to the values.
 *
 * Each algebra step proves its own result (src/cute/verify.c); the whole
 * is checked against cute_tiled_ref.c by the reader.
 */
#include <string.h>

#include "../core/arith.h"
#include "../cute/algebra.h"
#include "cute_tiled.h"

/* A step the algebra has no result for: an error at the dump's head. */
static int algebra(int rc, const axe_cute_tiled *t, const char *step,
		   const axe_cute_reason *why, axe_error *err)
{
	if (rc != 0)
		return rc;
	return axe_error_set(err, AXE_ERR_VALUE, &t->head, t->head_span, "CuTe's %s has no "
			     "result for this dump: %s", step, why->text);
}

/* The layout "n":"stride" (one leaf). */
static axe_cute_layout leaf_layout(int64_t n, int64_t stride)
{
	return (axe_cute_layout){ axe_cute_tuple_leaf(n), axe_cute_tuple_leaf(stride) };
}

/* The layout whose modes are "mode[0..n)" (copied). */
static int concat(const axe_cute_layout *mode, size_t n, axe_cute_layout *out, axe_error *err)
{
	memset(out, 0, sizeof(*out));
	if (axe_cute_tuple_init(&out->shape, n, err) < 0 ||
	    axe_cute_tuple_init(&out->stride, n, err) < 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (axe_cute_tuple_dup(&out->shape.child[i], &mode[i].shape, err) < 0 ||
		    axe_cute_tuple_dup(&out->stride.child[i], &mode[i].stride, err) < 0)
			return -1;
	return 0;
}

/* Mode "i" of "l" (copied); a leaf layout is its own mode 0. */
static int mode_of(const axe_cute_layout *l, size_t i, axe_cute_layout *out, axe_error *err)
{
	memset(out, 0, sizeof(*out));
	if (l->shape.is_leaf)
		return axe_cute_layout_dup(out, l, err);
	if (axe_cute_tuple_dup(&out->shape, &l->shape.child[i], err) < 0 ||
	    axe_cute_tuple_dup(&out->stride, &l->stride.child[i], err) < 0)
		return -1;
	return 0;
}

static void release_all(axe_cute_layout *l, size_t n)
{
	for (size_t i = 0; i < n; i++)
		axe_cute_layout_release(&l[i]);
}

/* Every stride of "t" times "k" (the column stride of the tile). */
static int scale_strides(axe_cute_tuple *t, int64_t k, axe_error *err)
{
	if (t->is_leaf)
		return axe_mul_ovf(t->value, k, &t->value)
			       ? axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0, "a stride of the "
					       "tiled layout overflows 64 bits") : 0;
	for (size_t i = 0; i < t->n; i++)
		if (scale_strides(&t->child[i], k, err) < 0)
			return -1;
	return 0;
}

/* ------------------------------------------------------------ MMA -- */

/* MNK mode "i": the permutation (N:1 for `_`, the atom times its threads). */
static int perm_layout(const axe_cute_tiled *t, int i, axe_cute_layout *out, axe_error *err)
{
	int64_t n;

	if (t->perm_given[i])
		return axe_cute_layout_dup(out, &t->perm[i], err);
	if (axe_cute_tuple_product(&t->vmnk.shape.child[i + 1], &n, err) < 0)
		return -1;
	*out = leaf_layout(t->atom_mnk[i] * n, 1);
	return 0;
}

/*
 * complement(mode, cosize(mode)) into "rest": the tiles a tensor of the
 * smallest extent "mode" divides exactly holds (1:0 when the mode's image
 * is 0..size-1).  A stride 0 or modes that interleave: an error at "at"
 * naming "what" (the line's key and the mode's letter).
 */
static int mode_rest(const axe_cute_layout *mode, const axe_loc *at, int span, const char *what,
		     char letter, axe_cute_layout *rest, axe_error *err)
{
	axe_cute_reason why;
	int rc;

	memset(rest, 0, sizeof(*rest));
	if (axe_cute_filter(mode, rest, err) < 0)
		return -1;
	rc = axe_cute_layout_size(rest) == axe_cute_layout_size(mode);
	axe_cute_layout_release(rest);
	if (!rc)
		return axe_error_set(err, AXE_ERR_VALUE, at, span, "%s's %c mode has a stride 0: "
				     "it names a coordinate twice", what, letter);
	rc = axe_cute_complement(mode, axe_cute_layout_cosize(mode), rest, &why, err);
	if (rc == 0)
		return axe_error_set(err, AXE_ERR_VALUE, at, span, "%s's %c mode tiles no tensor: "
				     "it has no complement (%s)", what, letter, why.text);
	return rc < 0 ? -1 : 0;
}

int axe_cute_tiled_tiler_rest(const axe_cute_tiled *t, int i, axe_cute_layout *rest,
			      axe_error *err)
{
	return mode_rest(&t->tiler[i], &t->tiler_at, t->tiler_span, "Tiler_MN", "MN"[i], rest,
			 err);
}

/*
 * A permutation given as a layout must reorder its tile: CuTe's
 * tile_size is its size, and get_layoutA/B/C_TV reach its images.
 */
static int check_perm(const axe_cute_tiled *t, int i, axe_error *err)
{
	axe_cute_layout rest;
	int64_t n;

	if (!t->perm_given[i])
		return 0;
	if (mode_rest(&t->perm[i], &t->perm_at, t->perm_span, "PermutationMNK", "MNK"[i], &rest,
		      err) < 0)
		return -1;
	n = axe_cute_layout_size(&rest);
	axe_cute_layout_release(&rest);
	if (n != 1)
		return axe_error_set(err, AXE_ERR_VALUE, &t->perm_at, t->perm_span, "PermutationMNK's "
				     "%c mode is no permutation of 0..%lld: its image has holes, "
				     "its TV layouts leave the tile; not read", "MNK"[i],
				     (long long)axe_cute_layout_size(&t->perm[i]) - 1);
	return 0;
}

/* The copy's tile: per mode of Tiler_MN, its size times its rest's. */
static int copy_tile(const axe_cute_tiled *t, axe_shape *tile, axe_error *err)
{
	for (int i = 0; i < 2; i++) {
		axe_cute_layout rest;
		int64_t n;

		if (axe_cute_tiled_tiler_rest(t, i, &rest, err) < 0)
			return -1;
		n = axe_cute_layout_size(&rest);
		axe_cute_layout_release(&rest);
		if (axe_mul_ovf(axe_cute_layout_size(&t->tiler[i]), n, &tile->dim[i]))
			return axe_error_set(err, AXE_ERR_OVERFLOW, &t->tiler_at, t->tiler_span,
					     "the tile of Tiler_MN's %c mode overflows 64 bits",
					     "MN"[i]);
	}
	return 0;
}

int axe_cute_tiled_tile(const axe_cute_tiled *t, int part, axe_shape *tile, axe_error *err)
{
	static const int dims[3][2] = { { 0, 2 }, { 1, 2 }, { 0, 1 } };
	axe_cute_layout perm = { 0 };

	tile->rank = 2;
	if (t->kind == AXE_TILED_COPY)
		return copy_tile(t, tile, err);
	for (int k = 0; k < 2; k++) {
		int i = dims[part][k];
		int64_t thr, unit;

		if (check_perm(t, i, err) < 0 ||
		    axe_cute_tuple_product(&t->vmnk.shape.child[i + 1], &thr, err) < 0 ||
		    perm_layout(t, i, &perm, err) < 0)
			return -1;
		tile->dim[k] = axe_cute_layout_size(&perm);
		axe_cute_layout_release(&perm);
		if (axe_mul_ovf(t->atom_mnk[i], thr, &unit) || tile->dim[k] % unit != 0)
			return axe_error_set(err, AXE_ERR_VALUE, &t->head, t->head_span,
					     "the %c tile of PermutationMNK (%lld) is not a multiple "
					     "of the atom's %c (%lld) times its threads along %c (%lld)",
					     "MNK"[i], (long long)tile->dim[k], "MNK"[i],
					     (long long)t->atom_mnk[i], "MNK"[i], (long long)thr);
	}
	return 0;
}

/*
 * One tile mode "i" of the part, split into its digits (Atom, Thr, Rest):
 * the permutation composed with (A, T, R):(1, A, A*T), strides times
 * "scale".  Into "digit[0..3)".
 */
static int split_mode(const axe_cute_tiled *t, int i, int64_t scale, axe_cute_layout *digit,
		      axe_error *err)
{
	axe_cute_layout perm = { 0 }, digits = { 0 }, split = { 0 };
	axe_cute_reason why;
	int64_t thr, a = t->atom_mnk[i];
	int rc = -1;

	if (axe_cute_tuple_product(&t->vmnk.shape.child[i + 1], &thr, err) < 0 ||
	    perm_layout(t, i, &perm, err) < 0 || scale_strides(&perm.stride, scale, err) < 0)
		goto out;
	{
		axe_cute_layout d[3] = { leaf_layout(a, 1), leaf_layout(thr, a),
					 leaf_layout(axe_cute_layout_size(&perm) / (a * thr), a * thr) };
		if (concat(d, 3, &digits, err) < 0)
			goto out;
	}
	if (algebra(axe_cute_compose(&perm, &digits, &split, &why, err), t, "composition of a "
		    "permutation with the atom's digits", &why, err) <= 0)
		goto out;
	for (size_t k = 0; k < 3; k++)
		if (mode_of(&split, k, &digit[k], err) < 0)
			goto out;
	rc = 0;
out:
	axe_cute_layout_release(&perm);
	axe_cute_layout_release(&digits);
	axe_cute_layout_release(&split);
	return rc;
}

/* thr_idx -> index of (V, M, N, K): (size, 1):(1, 0) o right_inverse((VMNK, complement)). */
static int thread_index(const axe_cute_tiled *t, axe_cute_layout *out, axe_error *err)
{
	axe_cute_layout modes[5] = { 0 }, both = { 0 }, inv = { 0 }, wrap[2], w = { 0 };
	axe_cute_reason why;
	int64_t size = axe_cute_layout_size(&t->vmnk);
	int rc = -1;

	for (size_t i = 0; i < 4; i++)
		if (mode_of(&t->vmnk, i, &modes[i], err) < 0)
			goto out;
	if (algebra(axe_cute_complement(&t->vmnk, axe_cute_layout_cosize(&t->vmnk), &modes[4],
					&why, err), t, "complement of ThrLayoutVMNK", &why, err) <= 0 ||
	    concat(modes, 5, &both, err) < 0 || axe_cute_right_inverse(&both, &inv, err) < 0)
		goto out;
	wrap[0] = leaf_layout(size, 1);
	wrap[1] = leaf_layout(1, 0);
	if (concat(wrap, 2, &w, err) < 0 ||
	    algebra(axe_cute_compose(&w, &inv, out, &why, err), t, "thread index composition",
		    &why, err) <= 0)
		goto out;
	rc = 0;
out:
	release_all(modes, 5);
	axe_cute_layout_release(&both);
	axe_cute_layout_release(&inv);
	axe_cute_layout_release(&w);
	return rc;
}

static int mma_tv(const axe_cute_tiled *t, int part, axe_cute_layout *tv, axe_error *err)
{
	static const int dims[3][2] = { { 0, 2 }, { 1, 2 }, { 0, 1 } };
	int p = dims[part][0], q = dims[part][1];
	axe_cute_layout dp[3] = { 0 }, dq[3] = { 0 }, atom = { 0 }, atv = { 0 };
	axe_cute_layout thr[4] = { 0 }, thr4 = { 0 }, tidx = { 0 }, val[2] = { 0 }, rest = { 0 };
	axe_cute_layout modes[2] = { 0 };
	axe_cute_reason why;
	axe_shape tile;
	int64_t k_threads;
	int rc = -1;

	if (axe_cute_tuple_product(&t->vmnk.shape.child[3], &k_threads, err) < 0)
		return -1;
	if (k_threads != 1)
		return axe_error_set(err, AXE_ERR_VALUE, &t->head, t->head_span, "ThrLayoutVMNK "
				     "tiles threads along K (%lld): CuTe's C layout is then not a "
				     "TV layout of the tile; not read", (long long)k_threads);
	if (axe_cute_tiled_tile(t, part, &tile, err) < 0 ||
	    split_mode(t, p, 1, dp, err) < 0 || split_mode(t, q, tile.dim[0], dq, err) < 0)
		goto out;
	/* The atom's (P, Q) tile, column-major, placed in the part's tile. */
	{
		axe_cute_layout pq[2] = { dp[0], dq[0] };
		if (concat(pq, 2, &atom, err) < 0)
			goto out;
	}
	if (algebra(axe_cute_compose(&atom, &t->atom_tv[part], &atv, &why, err), t,
		    "composition of the atom's tile with its TV layout", &why, err) <= 0 ||
	    mode_of(&atv, 0, &thr[0], err) < 0 || mode_of(&atv, 1, &val[0], err) < 0)
		goto out;
	for (int i = 0; i < 3; i++) {
		int64_t n;
		if (i == p || i == q) {
			if (axe_cute_layout_dup(&thr[i + 1], i == p ? &dp[1] : &dq[1], err) < 0)
				goto out;
		} else if (axe_cute_tuple_product(&t->vmnk.shape.child[i + 1], &n, err) < 0) {
			goto out;
		} else {
			thr[i + 1] = leaf_layout(n, 0); /* the threads of the other mode share it */
		}
	}
	{
		axe_cute_layout rq[2] = { dp[2], dq[2] };
		if (concat(rq, 2, &rest, err) < 0)
			goto out;
		val[1] = rest;
		rest = (axe_cute_layout){ 0 };
	}
	if (concat(thr, 4, &thr4, err) < 0 || thread_index(t, &tidx, err) < 0 ||
	    algebra(axe_cute_compose(&thr4, &tidx, &modes[0], &why, err), t,
		    "composition of the thread mode with the thread index", &why, err) <= 0 ||
	    concat(val, 2, &modes[1], err) < 0 || concat(modes, 2, tv, err) < 0)
		goto out;
	rc = 0;
out:
	release_all(dp, 3);
	release_all(dq, 3);
	release_all(thr, 4);
	release_all(val, 2);
	release_all(modes, 2);
	axe_cute_layout_release(&atom);
	axe_cute_layout_release(&atv);
	axe_cute_layout_release(&thr4);
	axe_cute_layout_release(&tidx);
	axe_cute_layout_release(&rest);
	return rc;
}

/* ------------------------------------------------------------ copy -- */

static int copy_tv(const axe_cute_tiled *t, int part, axe_cute_layout *tv, axe_error *err)
{
	const axe_cute_layout *trg = part == 0 ? &t->src : &t->dst;
	axe_cute_layout inv = { 0 }, ref2trg = { 0 }, zipped = { 0 }, atom = { 0 }, rest = { 0 };
	axe_cute_layout onto = { 0 }, thr[2] = { 0 }, val[2] = { 0 }, modes[2] = { 0 };
	axe_cute_tiler tiler = { 0 };
	axe_cute_reason why;
	int64_t athr, aval, tthr, tval;
	int rc = -1;

	if (axe_cute_tuple_product(&t->ref.shape.child[0], &athr, err) < 0 ||
	    axe_cute_tuple_product(&t->ref.shape.child[1], &aval, err) < 0 ||
	    axe_cute_tuple_product(&t->tiled_tv.shape.child[0], &tthr, err) < 0 ||
	    axe_cute_tuple_product(&t->tiled_tv.shape.child[1], &tval, err) < 0)
		return -1;
	if (tthr % athr != 0 || tval % aval != 0)
		return axe_error_set(err, AXE_ERR_VALUE, &t->head, t->head_span, "TiledLayout_TV "
				     "(%lld threads, %lld values) is not made of whole atoms (%lld "
				     "threads, %lld values)", (long long)tthr, (long long)tval,
				     (long long)athr, (long long)aval);
	tiler.n = 2;
	tiler.mode[0] = leaf_layout(athr, 1);
	tiler.mode[1] = leaf_layout(aval, 1);
	if (algebra(axe_cute_divide(&t->tiled_tv, &tiler, AXE_CUTE_ZIPPED, &zipped, &why, err),
		    t, "zipped_divide of TiledLayout_TV by the atom", &why, err) <= 0 ||
	    mode_of(&zipped, 0, &atom, err) < 0 || mode_of(&zipped, 1, &rest, err) < 0 ||
	    axe_cute_right_inverse(&t->ref, &inv, err) < 0 ||
	    algebra(axe_cute_compose(&inv, trg, &ref2trg, &why, err), t,
		    "right_inverse(ValLayoutRef) composed with the atom's layout", &why, err) <= 0 ||
	    algebra(axe_cute_compose(&atom, &ref2trg, &onto, &why, err), t,
		    "composition of the atom mode with the atom's layout", &why, err) <= 0 ||
	    mode_of(&onto, 0, &thr[0], err) < 0 || mode_of(&rest, 0, &thr[1], err) < 0 ||
	    mode_of(&onto, 1, &val[0], err) < 0 || mode_of(&rest, 1, &val[1], err) < 0 ||
	    concat(thr, 2, &modes[0], err) < 0 || concat(val, 2, &modes[1], err) < 0 ||
	    concat(modes, 2, tv, err) < 0)
		goto out;
	rc = 0;
out:
	axe_cute_tiler_release(&tiler);
	axe_cute_layout_release(&inv);
	axe_cute_layout_release(&ref2trg);
	axe_cute_layout_release(&zipped);
	axe_cute_layout_release(&atom);
	axe_cute_layout_release(&rest);
	axe_cute_layout_release(&onto);
	release_all(thr, 2);
	release_all(val, 2);
	release_all(modes, 2);
	return rc;
}

/*
 * The copy's TV layout "tv" in Tiler_MN's own coordinates (the
 * column-major index of the modes' shapes, as get_layoutS/D_TV print it)
 * carried onto the copy's tile as tidfrg_S/D carry it: zipped_divide of
 * the tile's identity by Tiler_MN is ((the tiler's modes), (RestM, RestN));
 * its first mode composed with "tv", the rests after the values:
 * (thr, (val, (RestM, RestN))), the fragment partition_S/D gives.
 */
static int through_tiler(const axe_cute_tiled *t, const axe_cute_layout *tv,
			 axe_cute_layout *out, axe_error *err)
{
	axe_cute_layout ident = { 0 }, zipped = { 0 }, tiles = { 0 }, onto = { 0 };
	axe_cute_layout val[2] = { 0 }, modes[2] = { 0 };
	axe_cute_tiler tiler = { 0 };
	axe_cute_reason why;
	axe_shape tile;
	int rc = -1;

	if (copy_tile(t, &tile, err) < 0)
		return -1;
	{
		axe_cute_layout d[2] = { leaf_layout(tile.dim[0], 1),
					 leaf_layout(tile.dim[1], tile.dim[0]) };
		if (concat(d, 2, &ident, err) < 0)
			goto out;
	}
	tiler.n = 2;
	if (axe_cute_layout_dup(&tiler.mode[0], &t->tiler[0], err) < 0 ||
	    axe_cute_layout_dup(&tiler.mode[1], &t->tiler[1], err) < 0 ||
	    algebra(axe_cute_divide(&ident, &tiler, AXE_CUTE_ZIPPED, &zipped, &why, err), t,
		    "zipped_divide of the tile by Tiler_MN", &why, err) <= 0 ||
	    mode_of(&zipped, 0, &tiles, err) < 0 || mode_of(&zipped, 1, &val[1], err) < 0 ||
	    algebra(axe_cute_compose(&tiles, tv, &onto, &why, err), t,
		    "composition of Tiler_MN's tile with the TV layout", &why, err) <= 0 ||
	    mode_of(&onto, 0, &modes[0], err) < 0 || mode_of(&onto, 1, &val[0], err) < 0 ||
	    concat(val, 2, &modes[1], err) < 0 || concat(modes, 2, out, err) < 0)
		goto out;
	rc = 0;
out:
	axe_cute_tiler_release(&tiler);
	axe_cute_layout_release(&ident);
	axe_cute_layout_release(&zipped);
	axe_cute_layout_release(&tiles);
	axe_cute_layout_release(&onto);
	release_all(val, 2);
	release_all(modes, 2);
	return rc;
}

int axe_cute_tiled_tv(const axe_cute_tiled *t, int part, axe_cute_layout *tv, axe_error *err)
{
	axe_cute_layout local = { 0 };
	int rc;

	memset(tv, 0, sizeof(*tv));
	if (t->kind == AXE_TILED_MMA)
		return mma_tv(t, part, tv, err);
	if (copy_tv(t, part, &local, err) < 0)
		return -1;
	rc = through_tiler(t, &local, tv, err);
	axe_cute_layout_release(&local);
	return rc;
}
