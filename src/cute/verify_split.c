/*
 * verify_split.c: the defining properties of complement, the divides and
 * the products, by evaluation (see verify.c).  A divide must cut A's
 * domain into tiles: (B, B*) is a bijection onto [0, size(A)) and
 * R = A o (B, B*) point by point; a product keeps A as its first mode and
 * A* o B as its second; the regroupings permute the logical result's
 * leaves exactly as CuTe's documentation lays them out.
 */
#include <stdlib.h>
#include <string.h>

#include "regroup.h"
#include "verify.h"

/*
 * How (A filtered, R) lies in [0, N), N its cosize: "*total" = N, and
 * "*exact" whether it hits every index there exactly once.
 */
static int pair_cover(const axe_cute_layout *a, const axe_cute_layout *r, int64_t *total,
		      bool *exact, axe_error *err)
{
	axe_cute_layout fa;
	int64_t na, nr = axe_cute_layout_size(r), *ia, *ir = NULL, n, hits = 0;
	unsigned char *hit = NULL;
	int ok = -1;

	if (axe_cute_filter(a, &fa, err) < 0)
		return -1;
	ia = axe_cute_image(&fa, &na);
	ir = axe_cute_image(r, &nr);
	if (!ia || !ir) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto done;
	}
	/* images are sorted and start at 0 or more: the largest sum is the last */
	if (__builtin_add_overflow(ia[na - 1], ir[nr - 1], &n) || n < 0 ||
	    axe_cute_enum_limit(++n, err) < 0) {
		if (!axe_error_is_set(err))
			axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0, "the cosize leaves int64");
		goto done;
	}
	hit = calloc((size_t)n, 1);
	if (!hit) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto done;
	}
	*exact = na * nr == n && ia[0] >= 0 && ir[0] >= 0;
	for (int64_t j = 0; j < nr && *exact; j++)
		for (int64_t i = 0; i < na && *exact; i++) {
			int64_t v = ia[i] + ir[j];

			*exact = !hit[v];
			hit[v] = 1, hits++;
		}
	*exact = *exact && hits == n;
	*total = n;
	ok = 1;
done:
	free(hit);
	free(ia);
	free(ir);
	axe_cute_layout_release(&fa);
	return ok;
}

/* R(i) for i >= 1 is none of A's indices. */
static int disjoint(const axe_cute_layout *a, const axe_cute_layout *r, axe_cute_reason *why,
		    axe_error *err)
{
	int64_t na, *ia = axe_cute_image(a, &na), n = axe_cute_layout_size(r);
	int ok = 1;

	if (!ia)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (int64_t i = 1; i < n && ok > 0; i++) {
		int64_t v = axe_cute_layout_eval(r, i);

		if (bsearch(&v, ia, (size_t)na, sizeof(*ia), axe_cute_cmp_i64))
			ok = axe_cute_refuse(why, "not disjoint: R(%lld) = %lld is also an index of A",
					     (long long)i, (long long)v);
	}
	free(ia);
	return ok;
}

/*
 * The complement's properties from the leaves alone, where they decide:
 * when R is strictly increasing (axe_cute_flat_increasing) and the leaves
 * of A (but its stride-0 ones) and of R together are a bijection onto
 * [0, N) (axe_cute_flat_compact), R is ordered; R(i), i >= 1, is the
 * value of a point with some R digit nonzero, never one of A's points
 * (all R digits 0), so R is disjoint from A; and (A, R) hits every index
 * below N exactly once, N = cosize((A, R)) into "*total".  False: enumerate.
 */
static bool complement_by_leaves(const axe_cute_layout *a, const axe_cute_layout *r,
				 int64_t *total)
{
	axe_cute_flat flat_pair, *pair = &flat_pair, fr;
	int64_t n = 1;
	bool ok;

	axe_cute_flat_of(a, pair);
	axe_cute_flat_of(r, &fr);
	ok = axe_cute_flat_increasing(&fr);
	if (ok) { /* A filtered: stride-0 leaves reach no new index */
		size_t k = 0;

		for (size_t i = 0; i < pair->n; i++)
			if (pair->stride[i] != 0)
				pair->shape[k] = pair->shape[i], pair->stride[k++] = pair->stride[i];
		pair->n = k;
		ok = k + fr.n <= AXE_CUTE_MAX_LEAVES;
	}
	for (size_t i = 0; ok && i < fr.n; i++)
		pair->shape[pair->n] = fr.shape[i], pair->stride[pair->n++] = fr.stride[i];
	for (size_t i = 0; ok && i < pair->n; i++)
		ok = !__builtin_mul_overflow(n, pair->shape[i], &n);
	ok = ok && axe_cute_flat_compact(pair, n);
	*total = n;
	return ok;
}

int axe_cute_prove_complement(const axe_cute_layout *a, int64_t cotarget,
			      const axe_cute_layout *r, char *what, size_t what_size,
			      axe_cute_reason *why, axe_error *err)
{
	int64_t n = axe_cute_layout_size(r), total = 0;
	bool exact = false;
	int ok;

	if (complement_by_leaves(a, r, &total)) {
		exact = true;
		goto proved;
	}
	if (axe_cute_enum_limit(n, err) < 0 ||
	    axe_cute_enum_limit(axe_cute_layout_size(a), err) < 0)
		return -1;
	for (int64_t i = 1; i < n; i++)
		if (axe_cute_layout_eval(r, i - 1) >= axe_cute_layout_eval(r, i))
			return axe_cute_refuse(why, "not ordered: R(%lld) >= R(%lld)",
					       (long long)(i - 1), (long long)i);
	ok = disjoint(a, r, why, err);
	if (ok > 0)
		ok = pair_cover(a, r, &total, &exact, err);
	if (ok <= 0)
		return ok;
proved:
	if (total < cotarget)
		return axe_cute_refuse(why, "cosize((A, R)) = %lld is below the cotarget %lld",
				       (long long)total, (long long)cotarget);
	axe_cute_said(what, what_size, "R is ordered, disjoint from A, and cosize((A, R)) = %lld "
		      ">= %lld%s", (long long)total, (long long)cotarget,
		      exact ? "; (A, R) hits every index below it exactly once" : "");
	return 1;
}

/* Leaves of "l" appended to "f". */
static void push_leaves(axe_cute_flat *f, const axe_cute_layout *l)
{
	axe_cute_flat g;

	axe_cute_flat_of(l, &g);
	for (size_t i = 0; i < g.n && f->n < AXE_CUTE_MAX_LEAVES; i++)
		f->shape[f->n] = g.shape[i], f->stride[f->n] = g.stride[i], f->n++;
}

static bool same_leaves(const axe_cute_flat *x, const axe_cute_flat *y)
{
	return x->n == y->n && !memcmp(x->shape, y->shape, x->n * sizeof(int64_t)) &&
	       !memcmp(x->stride, y->stride, x->n * sizeof(int64_t));
}

/*
 * "r" is the zipped, tiled or flat regrouping of the logical result "ld"
 * by "t": its leaves are the tiles' then the rests' (then the untouched
 * modes'), and its top-level rank is what the kind makes of them.
 */
static int check_regroup(const axe_cute_layout *ld, const axe_cute_tiler *t, axe_cute_kind kind,
			 const axe_cute_layout *r, axe_cute_reason *why)
{
	axe_cute_flat flat_want = { 0 }, flat_got, *want = &flat_want, *got = &flat_got;
	size_t rank = axe_cute_rank(ld), ntile = t->n ? t->n : 1, nrest = 0, expect;
	int ok = 1;

	for (size_t i = 0; i < (t->n ? t->n : 1); i++) {
		axe_cute_layout m = t->n ? axe_cute_mode(ld, i) : *ld, leaf = { 0 };

		if (t->n && t->skip[i]) {
			axe_cute_leaf(&leaf, 1, 0);
			push_leaves(want, &leaf);
			continue;
		}
		axe_cute_layout m0 = axe_cute_mode(&m, 0);
		push_leaves(want, &m0);
	}
	for (size_t i = 0; i < (t->n ? rank : 1); i++) {
		axe_cute_layout m = t->n ? axe_cute_mode(ld, i) : *ld, rest;

		rest = (t->n && (i >= t->n || t->skip[i])) ? m : axe_cute_mode(&m, 1);
		push_leaves(want, &rest);
		nrest += t->n ? 1 : axe_cute_rank(&rest);
	}
	if (!t->n) {
		axe_cute_layout m0 = axe_cute_mode(ld, 0);

		ntile = axe_cute_rank(&m0);
	}
	expect = kind == AXE_CUTE_ZIPPED ? 2 : kind == AXE_CUTE_TILED ? 1 + nrest : ntile + nrest;
	axe_cute_flat_of(r, got);
	if (!same_leaves(want, got))
		ok = axe_cute_refuse(why, "the regrouped modes are not the logical result's tiles "
				     "and rests in order");
	else if (axe_cute_rank(r) != expect)
		ok = axe_cute_refuse(why, "the regrouped result has %zu modes, expected %zu",
				     axe_cute_rank(r), expect);
	return ok;
}

/*
 * The tiles "bb" = (B, B*) reach each index of A's domain [0, size(A))
 * exactly once, R has the mode sizes of (B, B*), and R(c) = A((B, B*)(c))
 * wherever (B, B*)(c) is inside the domain; the other points, which a
 * kernel masks, are counted in "tail" (C++ gives R some value there).
 */
/*
 * The tiles at one point per digit: when (B, B*) is a bijection onto
 * [0, size(A)) (axe_cute_flat_compact: no tail), R = A o (B, B*) is
 * decided by axe_cute_affine_compose.  True when decided ("*ok" 1 or the
 * refusal); false: enumerate.
 */
static bool tiles_by_digits(const axe_cute_flat *fa, const axe_cute_flat *fb,
			    const axe_cute_flat *fr, int64_t size, int64_t n, int *ok,
			    axe_cute_reason *why)
{
	int64_t outside = 0, at = 0;

	if (n != size || !axe_cute_flat_compact(fb, size))
		return false;
	switch (axe_cute_affine_compose(fa, fb, fr, n, &outside, &at)) {
	case AXE_CUTE_PROVED:
		return true;
	case AXE_CUTE_DIFFERS:
		*ok = axe_cute_refuse(why, "R(%lld) = %lld but A((B, B*)(%lld)) = %lld",
				      (long long)at, (long long)axe_cute_flat_eval(fr, at),
				      (long long)at,
				      (long long)axe_cute_flat_eval(fa, axe_cute_flat_eval(fb, at)));
		return true;
	default:
		return false;
	}
}

static int tiles_cover(const axe_cute_layout *a, const axe_cute_layout *bb,
		       const axe_cute_layout *r, axe_cute_tail *tail, axe_cute_reason *why,
		       axe_error *err)
{
	int64_t size = axe_cute_layout_size(a), n = axe_cute_layout_size(bb), covered = 0;
	axe_cute_flat flat_a, flat_b, flat_r, *fa = &flat_a, *fb = &flat_b, *fr = &flat_r;
	unsigned char *hit = NULL;
	int ok;

	*tail = (axe_cute_tail){ size, n, 0, INT64_MAX, INT64_MIN };
	axe_cute_flat_of(a, fa), axe_cute_flat_of(bb, fb), axe_cute_flat_of(r, fr);
	ok = axe_cute_same_mode_sizes(r, bb) ? 1 : axe_cute_refuse(why, "the result's modes do "
								   "not have the sizes of (B, B*)");
	if (ok > 0 && tiles_by_digits(fa, fb, fr, size, n, &ok, why))
		goto done;
	if (ok > 0 && (axe_cute_enum_limit(n, err) < 0 || axe_cute_enum_limit(size, err) < 0)) {
		ok = -1;
		goto done;
	}
	hit = ok > 0 ? calloc((size_t)size, 1) : NULL;
	if (ok > 0 && !hit) {
		ok = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto done;
	}
	for (int64_t c = 0; c < n && ok > 0; c++) {
		int64_t x = axe_cute_flat_eval(fb, c);

		if (x < 0 || x >= size) {
			tail->outside++;
			tail->lo = x < tail->lo ? x : tail->lo, tail->hi = x > tail->hi ? x : tail->hi;
		} else if (hit[x]) {
			ok = axe_cute_refuse(why, "the tiles reach A's index %lld twice", (long long)x);
		} else if (hit[x] = 1, covered++, axe_cute_flat_eval(fr, c) != axe_cute_flat_eval(fa, x)) {
			ok = axe_cute_refuse(why, "R(%lld) = %lld but A((B, B*)(%lld)) = %lld",
					     (long long)c, (long long)axe_cute_flat_eval(fr, c),
					     (long long)c, (long long)axe_cute_flat_eval(fa, x));
		}
	}
	for (int64_t x = 0; x < size && ok > 0 && covered != size; x++)
		if (!hit[x])
			ok = axe_cute_refuse(why, "the tiles miss A's index %lld", (long long)x);
done:
	free(hit);
	return ok;
}

/* One divided mode: B* is B's complement up to size(A), and (B, B*) tiles A (tiles_cover). */
static int divide_one(const axe_cute_layout *a, const axe_cute_layout *b,
		      const axe_cute_layout *r, axe_cute_tail *tail, axe_cute_reason *why,
		      axe_error *err)
{
	axe_cute_layout comp, pair[2], bb;
	int ok;

	ok = axe_cute_complement(b, axe_cute_layout_size(a), &comp, why, err);
	if (ok <= 0)
		return ok;
	ok = axe_cute_prove_complement(b, axe_cute_layout_size(a), &comp, NULL, 0, why, err);
	if (ok <= 0 || axe_cute_copy(&pair[0], b, err) < 0) {
		axe_cute_layout_release(&comp);
		return ok <= 0 ? ok : -1;
	}
	pair[1] = comp;
	if (axe_cute_make_layout(&bb, pair, 2, err) < 0)
		return -1;
	ok = tiles_cover(a, &bb, r, tail, why, err);
	axe_cute_layout_release(&bb);
	return ok;
}

/* One product mode: R = (A, C o B) with C = complement(A, size(A) * cosize(B)). */
static int product_one(const axe_cute_layout *a, const axe_cute_layout *b,
		       const axe_cute_layout *r, axe_cute_tail *tail, axe_cute_reason *why,
		       axe_error *err)
{
	axe_cute_layout comp, r0, r1;
	axe_cute_tiler whole = { 0 };
	int64_t cotarget = axe_cute_layout_size(a) * axe_cute_layout_cosize(b);
	int ok;

	(void)tail; /* a product has no tail: (A, A* o B) lies inside its cosize */
	if (axe_cute_rank(r) != 2)
		return axe_cute_refuse(why, "a product mode must have two modes");
	r0 = axe_cute_mode(r, 0), r1 = axe_cute_mode(r, 1);
	if (!axe_cute_tuple_equal(&r0.shape, &a->shape) ||
	    !axe_cute_tuple_equal(&r0.stride, &a->stride))
		return axe_cute_refuse(why, "the first mode is not A");
	ok = axe_cute_complement(a, cotarget, &comp, why, err);
	if (ok > 0)
		ok = axe_cute_prove_complement(a, cotarget, &comp, NULL, 0, why, err);
	if (ok > 0) {
		whole.mode[0] = *b;
		ok = axe_cute_prove_compose(&comp, &whole, &r1, NULL, 0, why, err);
	}
	axe_cute_layout_release(&comp);
	return ok;
}

typedef int mode_check(const axe_cute_layout *a, const axe_cute_layout *b,
		       const axe_cute_layout *r, axe_cute_tail *tail, axe_cute_reason *why,
		       axe_error *err);

/*
 * "check" on every mode the tiler touches, its tail into "tails[i]" (one
 * for a whole-layout tiler, else AXE_CUTE_MAX_TILER, zeroed where no
 * check runs); the other modes of "ld" must be A's.
 */
static int check_modes(const axe_cute_layout *a, const axe_cute_tiler *t,
		       const axe_cute_layout *ld, mode_check *check, axe_cute_tail *tails,
		       axe_cute_reason *why, axe_error *err)
{
	size_t rank = axe_cute_rank(a);
	int ok = 1;

	memset(tails, 0, (t->n ? AXE_CUTE_MAX_TILER : 1) * sizeof(*tails));
	if (t->n == 0)
		return check(a, &t->mode[0], ld, &tails[0], why, err);
	if (axe_cute_rank(ld) != rank)
		return axe_cute_refuse(why, "the result has %zu modes, A %zu", axe_cute_rank(ld),
				       rank);
	for (size_t i = 0; i < rank && ok > 0; i++) {
		axe_cute_layout ai = axe_cute_mode(a, i), li = axe_cute_mode(ld, i);

		if (i < t->n && !t->skip[i])
			ok = check(&ai, &t->mode[i], &li, &tails[i], why, err);
		else if (!axe_cute_tuple_equal(&ai.shape, &li.shape) ||
			 !axe_cute_tuple_equal(&ai.stride, &li.stride))
			ok = axe_cute_refuse(why, "mode %zu, which the tiler leaves alone, changed", i);
		if (ok == 0 && why && t->n)
			snprintf(why->text + strlen(why->text),
				 sizeof(why->text) - strlen(why->text), " (mode %zu)", i);
	}
	return ok;
}

static const char *kind_name(axe_cute_kind kind)
{
	static const char *const names[] = { "logical", "zipped", "tiled", "flat", "blocked",
					     "raked" };

	return names[kind];
}

/* Append "; the KIND form ..." to the proof line. */
static void say_regroup(char *what, size_t what_size, axe_cute_kind kind)
{
	size_t used = what ? strlen(what) : 0;

	if (what && used < what_size)
		axe_cute_said(what + used, what_size - used, "; the %s form regroups its modes",
			      kind_name(kind));
}

/*
 * Append to "what" the points of each mode in "tails" whose tiles reach
 * past A's domain: the predicated tail a kernel must mask.
 */
static void say_tail(char *what, size_t what_size, const axe_cute_tiler *t,
		     const axe_cute_tail *tails)
{
	const char *lead = "; the tail a kernel must mask, outside A's domain: ";

	for (size_t i = 0; what && i < (t->n ? t->n : 1); i++) {
		const axe_cute_tail *tl = &tails[i];
		size_t used = strlen(what);
		char mode[32] = "";

		if (!tl->outside || used + 1 >= what_size)
			continue;
		if (t->n)
			snprintf(mode, sizeof(mode), "mode %zu: ", i);
		axe_cute_said(what + used, what_size - used, "%s%sthe %lld of %lld points where "
			      "(B, B*)(c) is in [%lld, %lld] (A's size is %lld)", lead, mode,
			      (long long)tl->outside, (long long)tl->points, (long long)tl->lo,
			      (long long)tl->hi, (long long)tl->size);
		lead = "; ";
	}
}

static int prove_divide_logical(const axe_cute_layout *a, const axe_cute_tiler *t,
				const axe_cute_layout *ld, char *what, size_t what_size,
				axe_cute_reason *why, axe_error *err)
{
	axe_cute_tail tails[AXE_CUTE_MAX_TILER];
	int64_t all = axe_cute_layout_size(ld), inside = all;
	int ok = check_modes(a, t, ld, divide_one, tails, why, err);

	/* a point is inside when each divided mode's coordinate is; points_i divides all */
	for (size_t i = 0; ok > 0 && i < (t->n ? t->n : 1); i++)
		if (tails[i].outside)
			inside = inside / tails[i].points * (tails[i].points - tails[i].outside);
	if (ok > 0 && inside == all)
		axe_cute_said(what, what_size, "B* is B's complement, (B, B*) reaches each index of "
			      "A once, and R = A o (B, B*) at all %lld points", (long long)all);
	else if (ok > 0)
		axe_cute_said(what, what_size, "B* is B's complement, (B, B*) reaches each index of "
			      "A once, and R = A o (B, B*) at the %lld of %lld points inside A's "
			      "domain", (long long)inside, (long long)all);
	if (ok > 0)
		say_tail(what, what_size, t, tails);
	return ok;
}

int axe_cute_prove_regroup(const axe_cute_layout *ld, const axe_cute_tiler *t, axe_cute_kind kind,
			   const axe_cute_layout *r, char *what, size_t what_size,
			   axe_cute_reason *why)
{
	int ok = check_regroup(ld, t, kind, r, why);

	if (ok > 0)
		say_regroup(what, what_size, kind);
	return ok;
}

int axe_cute_prove_divide(const axe_cute_layout *a, const axe_cute_tiler *t, axe_cute_kind kind,
			  const axe_cute_layout *r, char *what, size_t what_size,
			  axe_cute_reason *why, axe_error *err)
{
	axe_cute_layout ld;
	int ok;

	if (kind == AXE_CUTE_LOGICAL)
		return prove_divide_logical(a, t, r, what, what_size, why, err);
	axe_cute_leaf(&ld, 0, 0);
	ok = axe_cute_logical_divide(a, t, &ld, why, err);
	if (ok > 0)
		ok = prove_divide_logical(a, t, &ld, what, what_size, why, err);
	if (ok > 0)
		ok = check_regroup(&ld, t, kind, r, why);
	if (ok > 0)
		say_regroup(what, what_size, kind);
	axe_cute_layout_release(&ld);
	return ok;
}

/*
 * Mode "i" of a blocked (raked) product "r": (A'_i, (A* o B')_i) (the other
 * way round), A'_i exactly and the second by composition's proof, so its
 * size is B'_i's.
 */
static int check_paired_mode(const axe_cute_layout *pa, const axe_cute_layout *pb,
			     const axe_cute_layout *comp, size_t i, bool raked,
			     const axe_cute_layout *r, axe_cute_reason *why, axe_error *err)
{
	axe_cute_layout ri = axe_cute_mode(r, i), ai = axe_cute_mode(pa, i);
	axe_cute_layout rep, blk;
	axe_cute_tiler whole = { 0 };

	if (ri.shape.is_leaf || axe_cute_rank(&ri) != 2)
		return axe_cute_refuse(why, "mode %zu of the result is not a pair", i);
	blk = axe_cute_mode(&ri, raked), rep = axe_cute_mode(&ri, !raked);
	if (!axe_cute_tuple_equal(&blk.shape, &ai.shape) ||
	    !axe_cute_tuple_equal(&blk.stride, &ai.stride))
		return axe_cute_refuse(why, "mode %zu of the result does not hold A's mode %zu", i, i);
	whole.mode[0] = axe_cute_mode(pb, i);
	return axe_cute_prove_compose(comp, &whole, &rep, NULL, 0, why, err);
}

/*
 * blocked/raked: with A' and B' A and B padded to one rank (a leaf is a
 * rank-1 layout), R has that rank, size(A) * size(B) elements, and mode i
 * is (A'_i, (A* o B')_i) (raked: swapped) with A* = complement(A', size(A)
 * * cosize(B')), proved a complement.
 */
static int prove_rank_sensitive(const axe_cute_layout *a, const axe_cute_layout *b, bool raked,
				const axe_cute_layout *r, char *what, size_t what_size,
				axe_cute_reason *why, axe_error *err)
{
	size_t ra = axe_cute_rank(a), rb = axe_cute_rank(b), rank = ra > rb ? ra : rb;
	int64_t size_ab, cotarget;
	axe_cute_layout pa, pb, comp;
	int ok = -1;

	axe_cute_leaf(&pa, 0, 0), axe_cute_leaf(&pb, 0, 0), axe_cute_leaf(&comp, 0, 0);
	if (axe_cute_mul(axe_cute_layout_size(a), axe_cute_layout_size(b), &size_ab, err) < 0 ||
	    axe_cute_mul(axe_cute_layout_size(a), axe_cute_layout_cosize(b), &cotarget, err) < 0 ||
	    axe_cute_pad(a, rank, &pa, err) < 0 || axe_cute_pad(b, rank, &pb, err) < 0)
		goto done;
	if (axe_cute_layout_size(r) != size_ab) {
		ok = axe_cute_refuse(why, "the result has %lld elements, size(A) * size(B) = %lld",
				     (long long)axe_cute_layout_size(r), (long long)size_ab);
		goto done;
	}
	if (r->shape.is_leaf || axe_cute_rank(r) != rank) {
		ok = axe_cute_refuse(why, "the result has %zu modes, expected %zu",
				     r->shape.is_leaf ? 0 : axe_cute_rank(r), rank);
		goto done;
	}
	ok = axe_cute_complement(&pa, cotarget, &comp, why, err);
	if (ok > 0)
		ok = axe_cute_prove_complement(&pa, cotarget, &comp, NULL, 0, why, err);
	for (size_t i = 0; i < rank && ok > 0; i++)
		ok = check_paired_mode(&pa, &pb, &comp, i, raked, r, why, err);
	if (ok > 0)
		axe_cute_said(what, what_size, "R has size(A) * size(B) = %lld elements and pairs "
			      "A's modes with those of A* o B, where A* o B repeats A without "
			      "overlap", (long long)size_ab);
done:
	axe_cute_layout_release(&pa), axe_cute_layout_release(&pb);
	axe_cute_layout_release(&comp);
	return ok;
}

int axe_cute_prove_product(const axe_cute_layout *a, const axe_cute_tiler *b,
			   axe_cute_kind kind, const axe_cute_layout *r, char *what,
			   size_t what_size, axe_cute_reason *why, axe_error *err)
{
	axe_cute_tail tails[AXE_CUTE_MAX_TILER];
	axe_cute_layout lp;
	int ok;

	if (kind == AXE_CUTE_BLOCKED || kind == AXE_CUTE_RAKED)
		return prove_rank_sensitive(a, &b->mode[0], kind == AXE_CUTE_RAKED, r, what,
					    what_size, why, err);
	axe_cute_leaf(&lp, 0, 0);
	ok = kind == AXE_CUTE_LOGICAL ? 1 : axe_cute_logical_product(a, b, &lp, why, err);
	if (ok > 0)
		ok = check_modes(a, b, kind == AXE_CUTE_LOGICAL ? r : &lp, product_one, tails, why,
				 err);
	if (ok > 0)
		axe_cute_said(what, what_size, "R = (A, A* o B) with A* o B repeating A without "
			      "overlap (%lld points)", (long long)axe_cute_layout_size(r));
	if (ok > 0 && kind != AXE_CUTE_LOGICAL)
		ok = check_regroup(&lp, b, kind, r, why);
	if (ok > 0 && kind != AXE_CUTE_LOGICAL)
		say_regroup(what, what_size, kind);
	axe_cute_layout_release(&lp);
	return ok;
}
