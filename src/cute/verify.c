/*
 * verify.c: the defining property of each result of CuTe's algebra,
 * checked before the result is shown: at one point per digit where
 * verify_affine.c's argument applies, else by evaluating every point (the
 * translation validation the emitters use, applied to the algebra).  The
 * evaluator is crd2idx on flat leaves, written from the definition; the
 * algorithms' code is never called to check itself except to rebuild the
 * logical divide or product that a regrouping must permute.
 *
 * Composition, coalesce, filter and the inverses here; complement,
 * divides and products in verify_split.c.
 */
#include <stdlib.h>
#include <string.h>

#include "verify.h"

int64_t axe_cute_flat_eval(const axe_cute_flat *f, int64_t idx)
{
	int64_t sum = 0, term;

	for (size_t i = 0; i < f->n; i++) {
		int64_t c = i + 1 < f->n ? idx % f->shape[i] : idx;

		if (i + 1 < f->n)
			idx /= f->shape[i];
		if (__builtin_mul_overflow(c, f->stride[i], &term) ||
		    __builtin_add_overflow(sum, term, &sum))
			return AXE_CUTE_NO_VALUE;
	}
	return sum;
}

int axe_cute_enum_limit(int64_t points, axe_error *err)
{
	if (points > AXE_CUTE_PROOF_MAX_POINTS)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0, "%lld points are too many to "
				     "prove the result by evaluation (at most %lld)",
				     (long long)points, (long long)AXE_CUTE_PROOF_MAX_POINTS);
	return 0;
}

void axe_cute_said(char *what, size_t size, const char *fmt, ...)
{
	va_list ap;

	if (!what || !size)
		return;
	va_start(ap, fmt);
	vsnprintf(what, size, fmt, ap);
	va_end(ap);
}

bool axe_cute_same_mode_sizes(const axe_cute_layout *r, const axe_cute_layout *b)
{
	size_t n = axe_cute_rank(b);

	if (b->shape.is_leaf)
		return axe_cute_layout_size(r) == axe_cute_layout_size(b);
	if (axe_cute_rank(r) != n)
		return false;
	for (size_t i = 0; i < n; i++) {
		axe_cute_layout x = axe_cute_mode(r, i), y = axe_cute_mode(b, i);

		if (axe_cute_layout_size(&x) != axe_cute_layout_size(&y))
			return false;
	}
	return true;
}

/*
 * R(c) = A(B(c)) on [0, n) at one point per digit (verify_affine.c): true
 * when that decided, with "*ok" 1 (and "*outside" counted) or the refusal
 * "fmt" (c, R(c), c, A(B(c))) at a differing point; false: enumerate.
 */
static bool by_digits(const axe_cute_flat *fa, const axe_cute_flat *fb, const axe_cute_flat *fr,
		      int64_t n, int64_t *outside, int *ok, axe_cute_reason *why, const char *fmt)
{
	int64_t past = 0, at = 0;

	switch (axe_cute_affine_compose(fa, fb, fr, n, &past, &at)) {
	case AXE_CUTE_PROVED:
		*outside += past;
		return true;
	case AXE_CUTE_DIFFERS:
		*ok = axe_cute_refuse(why, fmt, (long long)at, (long long)axe_cute_flat_eval(fr, at),
				      (long long)at,
				      (long long)axe_cute_flat_eval(fa, axe_cute_flat_eval(fb, at)));
		return true;
	default:
		return false;
	}
}

/*
 * R(c) = A(B(c)) for every c of B, and R's modes have B's sizes.  Where
 * B(c) leaves A's domain, A is extended as C++'s composition extends it:
 * crd2idx on A's leaves, the last one running on ("*outside" counts those
 * points).
 */
static int compose_one(const axe_cute_layout *a, const axe_cute_layout *b,
		       const axe_cute_layout *r, int64_t *outside, axe_cute_reason *why,
		       axe_error *err)
{
	axe_cute_flat flat_a, flat_b, flat_r, *fa = &flat_a, *fb = &flat_b, *fr = &flat_r;
	int64_t n = axe_cute_layout_size(b), size_a = axe_cute_layout_size(a);
	int ok;

	axe_cute_flat_of(a, fa), axe_cute_flat_of(b, fb), axe_cute_flat_of(r, fr);
	ok = 1;
	if (!axe_cute_same_mode_sizes(r, b))
		ok = axe_cute_refuse(why, "the result's modes do not have B's sizes");
	if (ok > 0 && by_digits(fa, fb, fr, n, outside, &ok, why, "R(%lld) = %lld but A(B(%lld)) = %lld"))
		return ok;
	if (ok > 0 && axe_cute_enum_limit(n, err) < 0)
		return -1;
	for (int64_t c = 0; c < n && ok > 0; c++) {
		int64_t x = axe_cute_flat_eval(fb, c), want = axe_cute_flat_eval(fa, x);

		*outside += x < 0 || x >= size_a;
		if (axe_cute_flat_eval(fr, c) != want)
			ok = axe_cute_refuse(why, "R(%lld) = %lld but A(B(%lld)) = %lld", (long long)c,
					     (long long)axe_cute_flat_eval(fr, c), (long long)c,
					     (long long)want);
	}
	return ok;
}

int axe_cute_prove_compose(const axe_cute_layout *a, const axe_cute_tiler *t,
			   const axe_cute_layout *r, char *what, size_t what_size,
			   axe_cute_reason *why, axe_error *err)
{
	int64_t points = 0, outside = 0;
	size_t modes = 0;
	char beyond[96] = "";
	int ok = 1;

	if (t->n == 0) {
		ok = compose_one(a, &t->mode[0], r, &outside, why, err);
		points = axe_cute_layout_size(&t->mode[0]);
	} else if (axe_cute_rank(r) != t->n) {
		ok = axe_cute_refuse(why, "the result has %zu modes, the tiler %zu",
				     axe_cute_rank(r), t->n);
	}
	for (size_t i = 0; t->n && i < t->n && ok > 0; i++) {
		axe_cute_layout ai = axe_cute_mode(a, i), ri = axe_cute_mode(r, i);

		if (t->skip[i]) {
			if (!axe_cute_tuple_equal(&ai.shape, &ri.shape) ||
			    !axe_cute_tuple_equal(&ai.stride, &ri.stride))
				ok = axe_cute_refuse(why, "mode %zu under `_` changed", i);
			continue;
		}
		ok = compose_one(&ai, &t->mode[i], &ri, &outside, why, err);
		points += axe_cute_layout_size(&t->mode[i]);
		modes++;
	}
	if (outside)
		snprintf(beyond, sizeof(beyond), " (%lld of them past A's size, where A runs on)",
			 (long long)outside);
	if (ok > 0 && !t->n)
		axe_cute_said(what, what_size, "R(c) = A(B(c)) for all %lld c%s", (long long)points,
			      beyond);
	else if (ok > 0 && modes == 0)
		axe_cute_said(what, what_size, "R = A: every mode of the tiler is `_`");
	else if (ok > 0)
		axe_cute_said(what, what_size, "R_i(c) = A_i(B_i(c)) for every c of the %zu composed "
			      "mode%s (%lld points%s)", modes, modes == 1 ? "" : "s", (long long)points, beyond);
	return ok;
}

int axe_cute_prove_same_map(const axe_cute_layout *a, const axe_cute_layout *r, char *what,
			    size_t what_size, axe_cute_reason *why, axe_error *err)
{
	int64_t n = axe_cute_layout_size(a), outside = 0;
	axe_cute_flat fa, fr, id = axe_cute_flat_identity(n);
	int ok = 1;

	if (axe_cute_layout_size(r) != n)
		return axe_cute_refuse(why, "the result has size %lld, A %lld",
				       (long long)axe_cute_layout_size(r), (long long)n);
	axe_cute_flat_of(a, &fa), axe_cute_flat_of(r, &fr);
	if (by_digits(&fa, &id, &fr, n, &outside, &ok, why, "R(%lld) = %lld but A(%lld) = %lld")) {
		if (ok > 0)
			axe_cute_said(what, what_size, "R(i) = A(i) for all %lld i", (long long)n);
		return ok;
	}
	if (axe_cute_enum_limit(n, err) < 0)
		return -1;
	for (int64_t i = 0; i < n; i++)
		if (axe_cute_layout_eval(r, i) != axe_cute_layout_eval(a, i))
			return axe_cute_refuse(why, "R(%lld) = %lld but A(%lld) = %lld", (long long)i,
					       (long long)axe_cute_layout_eval(r, i), (long long)i,
					       (long long)axe_cute_layout_eval(a, i));
	axe_cute_said(what, what_size, "R(i) = A(i) for all %lld i", (long long)n);
	return 1;
}

int axe_cute_cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;

	return (a > b) - (a < b);
}

/*
 * The values of "f" at indices [0, size) into "v": an odometer over the
 * leaves (first leaf fastest, as crd2idx splits), an add per index, when the
 * reach of the strides fits in 64 bits; else axe_cute_flat_eval per index.
 */
static void flat_walk(const axe_cute_flat *f, int64_t size, int64_t *v)
{
	int64_t digit[AXE_CUTE_MAX_LEAVES] = { 0 }, reach = 0, term, x = 0;

	for (size_t i = 0; i < f->n; i++)
		if (__builtin_mul_overflow(f->shape[i] - 1, f->stride[i] < 0 ? -f->stride[i]
									     : f->stride[i], &term) ||
		    __builtin_add_overflow(reach, term, &reach)) {
			for (int64_t k = 0; k < size; k++)
				v[k] = axe_cute_flat_eval(f, k);
			return;
		}
	for (int64_t k = 0; k < size; k++) {
		v[k] = x;
		for (size_t i = 0; i < f->n; i++) {
			if (++digit[i] < f->shape[i] || i + 1 == f->n) {
				x += f->stride[i];
				break;
			}
			x -= (f->shape[i] - 1) * f->stride[i]; /* within the reach */
			digit[i] = 0;
		}
	}
}

/*
 * The sorted distinct images of "l" into a new array, "*n" of them; NULL on
 * no memory.  A bitmap over [min, max] sorts them when that range is not
 * much larger than the layout (the common, compact case), qsort otherwise.
 */
int64_t *axe_cute_image(const axe_cute_layout *l, int64_t *n)
{
	int64_t size = axe_cute_layout_size(l), k = 0, lo = INT64_MAX, hi = INT64_MIN, range;
	int64_t *v = malloc((size_t)(size ? size : 1) * sizeof(*v));
	unsigned char *seen;
	axe_cute_flat f;

	if (!v)
		return NULL;
	axe_cute_flat_of(l, &f);
	flat_walk(&f, size, v);
	for (int64_t i = 0; i < size; i++)
		lo = v[i] < lo ? v[i] : lo, hi = v[i] > hi ? v[i] : hi;
	if (size && !__builtin_sub_overflow(hi, lo, &range) && range < 4 * size + 64 &&
	    (seen = calloc((size_t)range + 1, 1))) {
		for (int64_t i = 0; i < size; i++)
			seen[v[i] - lo] = 1;
		for (int64_t x = 0; x <= range; x++)
			if (seen[x])
				v[k++] = lo + x;
		free(seen);
		*n = k;
		return v;
	}
	qsort(v, (size_t)size, sizeof(*v), axe_cute_cmp_i64);
	for (int64_t i = 0; i < size; i++)
		if (k == 0 || v[k - 1] != v[i])
			v[k++] = v[i];
	*n = k;
	return v;
}

int axe_cute_prove_filter(const axe_cute_layout *a, const axe_cute_layout *r, char *what,
			  size_t what_size, axe_cute_reason *why, axe_error *err)
{
	axe_cute_flat f;
	int64_t na, nr, kept = 1, *ia, *ir;
	int ok = 1;

	if (axe_cute_enum_limit(axe_cute_layout_size(a), err) < 0)
		return -1;
	axe_cute_flat_of(a, &f);
	for (size_t i = 0; i < f.n; i++)
		if (f.stride[i] != 0)
			kept *= f.shape[i];
	ia = axe_cute_image(a, &na), ir = axe_cute_image(r, &nr);
	if (!ia || !ir)
		ok = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	else if (axe_cute_layout_size(r) != kept)
		ok = axe_cute_refuse(why, "the result has size %lld, A's modes of non-zero stride "
				     "%lld", (long long)axe_cute_layout_size(r), (long long)kept);
	else if (na != nr || memcmp(ia, ir, (size_t)na * sizeof(*ia)) != 0)
		ok = axe_cute_refuse(why, "the result reaches other indices than A");
	free(ia), free(ir);
	if (ok > 0)
		axe_cute_said(what, what_size, "R reaches the same %lld indices as A, without its "
			      "stride-0 and size-1 modes", (long long)na);
	return ok;
}

int axe_cute_prove_right_inverse(const axe_cute_layout *a, const axe_cute_layout *r,
				 char *what, size_t what_size, axe_cute_reason *why,
				 axe_error *err)
{
	int64_t n = axe_cute_layout_size(r), outside = 0, at = 0;
	axe_cute_flat fa, fr, id = axe_cute_flat_identity(n);

	axe_cute_flat_of(a, &fa), axe_cute_flat_of(r, &fr);
	/* A o R = the identity on [0, n), at one point per digit where that decides. */
	switch (axe_cute_affine_compose(&fa, &fr, &id, n, &outside, &at)) {
	case AXE_CUTE_PROVED:
		axe_cute_said(what, what_size, "A(R(i)) = i for all %lld i", (long long)n);
		return 1;
	case AXE_CUTE_DIFFERS:
		return axe_cute_refuse(why, "A(R(%lld)) = %lld", (long long)at,
				       (long long)axe_cute_flat_eval(&fa, axe_cute_flat_eval(&fr, at)));
	default:
		break;
	}
	if (axe_cute_enum_limit(n, err) < 0)
		return -1;
	for (int64_t i = 0; i < n; i++)
		if (axe_cute_flat_eval(&fa, axe_cute_layout_eval(r, i)) != i)
			return axe_cute_refuse(why, "A(R(%lld)) = %lld", (long long)i,
					       (long long)axe_cute_flat_eval(&fa,
									     axe_cute_layout_eval(r, i)));
	axe_cute_said(what, what_size, "A(R(i)) = i for all %lld i", (long long)n);
	return 1;
}

int axe_cute_prove_left_inverse(const axe_cute_layout *a, const axe_cute_layout *r,
				char *what, size_t what_size, axe_cute_reason *why,
				axe_error *err)
{
	int64_t n = axe_cute_layout_size(a), ni, outside = 0, at;
	axe_cute_flat fa, fr, id = axe_cute_flat_identity(n);
	int64_t *img;
	bool injective;

	axe_cute_flat_of(a, &fa), axe_cute_flat_of(r, &fr);
	/*
	 * R o A = the identity proves A injective too; a difference refuses R
	 * when A is injective by its leaves; anything else is enumerated.
	 */
	switch (axe_cute_affine_compose(&fr, &fa, &id, n, &outside, &at)) {
	case AXE_CUTE_PROVED:
		axe_cute_said(what, what_size, "R(A(i)) = i for all %lld i", (long long)n);
		return 1;
	case AXE_CUTE_DIFFERS:
		if (axe_cute_flat_injective(&fa))
			return axe_cute_refuse(why, "R(A(%lld)) = %lld", (long long)at,
					       (long long)axe_cute_flat_eval(&fr,
									     axe_cute_flat_eval(&fa, at)));
		break;
	default:
		break;
	}
	if (axe_cute_enum_limit(n, err) < 0)
		return -1;
	img = axe_cute_image(a, &ni);
	if (!img)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	free(img);
	injective = ni == n;
	for (int64_t i = 0; i < n; i++) {
		int64_t back = axe_cute_flat_eval(&fr, axe_cute_flat_eval(&fa, i));

		if (injective && back != i)
			return axe_cute_refuse(why, "R(A(%lld)) = %lld", (long long)i, (long long)back);
		if (axe_cute_flat_eval(&fa, back) != axe_cute_flat_eval(&fa, i))
			return axe_cute_refuse(why, "A(R(A(%lld))) differs from A(%lld)", (long long)i,
					       (long long)i);
	}
	if (injective)
		axe_cute_said(what, what_size, "R(A(i)) = i for all %lld i", (long long)n);
	else
		axe_cute_said(what, what_size, "A is not injective; A(R(A(i))) = A(i) for all %lld "
			      "i (a quasi-inverse)", (long long)n);
	return 1;
}
