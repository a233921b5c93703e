/*
 * validate.c: translation validation of imports (docs/interop.md,
 * "Principles").  A format's reference evaluator fills an axe_reference
 * with the relation the source text means; the imported layout is then
 * evaluated at every point and its image set compared with the reference's.
 * The two sides share no code beyond this comparison.  A format whose
 * meaning is digit-affine gives instead an axe_affine_reference, and the
 * comparison then visits one point per digit, and under a swizzle one value
 * per bit (axe_import_validate_affine, with the proofs that this suffices);
 * one whose meaning is linear over GF(2) is compared at one hardware index
 * per bit (validate_gf2.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/digits.h"
#include "validate_private.h"

void axe_import_release(axe_import *imp)
{
	axe_layout_free(imp->layout);
	axe_expr_layout_free(imp->expr);
	imp->layout = NULL;
	imp->expr = NULL;
}

void axe_reference_release(axe_reference *ref)
{
	for (size_t a = 0; a < ref->naxes; a++)
		free(ref->axis[a]);
	free(ref->axis);
	free(ref->start);
	free(ref->images);
	free(ref->pair_point);
	memset(ref, 0, sizeof(*ref));
}

int axe_reference_init(axe_reference *ref, const axe_shape *shape, size_t naxes,
		       const char *const *axis, axe_error *err)
{
	int64_t points = 1;

	memset(ref, 0, sizeof(*ref));
	ref->shape = *shape;
	for (size_t d = 0; d < shape->rank; d++)
		if (shape->dim[d] <= 0 || __builtin_mul_overflow(points, shape->dim[d], &points) ||
		    points > AXE_REFERENCE_MAX_POINTS)
			return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
					     "the layout has more than %lld points, too many to "
					     "validate the import", (long long)AXE_REFERENCE_MAX_POINTS);
	ref->npoints = points;
	ref->naxes = naxes;
	ref->axis = calloc(naxes ? naxes : 1, sizeof(char *));
	if (!ref->axis)
		goto nomem;
	for (size_t a = 0; a < naxes; a++)
		if (!(ref->axis[a] = strdup(axis[a])))
			goto nomem;
	return 0;
nomem:
	axe_reference_release(ref);
	return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
}

int axe_reference_add(axe_reference *ref, int64_t flat, const int64_t *image, axe_error *err)
{
	if (flat < 0 || flat >= ref->npoints)
		return axe_error_set(err, AXE_ERR_RANGE, NULL, 0,
				     "reference point %lld outside the shape", (long long)flat);
	if (ref->npairs == ref->cap) {
		/* Most layouts have one image per point: room for that at once. */
		int64_t cap = ref->cap ? 2 * ref->cap : ref->npoints > 1024 ? ref->npoints : 1024;
		int64_t *pt, *im;

		if (cap > AXE_REFERENCE_MAX_PAIRS)
			return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
					     "more than %lld (point, image) pairs: too many to "
					     "validate the import", (long long)AXE_REFERENCE_MAX_PAIRS);
		pt = realloc(ref->pair_point, (size_t)cap * sizeof(int64_t));
		if (pt)
			ref->pair_point = pt;
		im = realloc(ref->images, (size_t)cap * (ref->naxes ? ref->naxes : 1) *
						 sizeof(int64_t));
		if (im)
			ref->images = im;
		if (!pt || !im)
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		ref->cap = cap;
	}
	ref->pair_point[ref->npairs] = flat;
	memcpy(ref->images + ref->npairs * (int64_t)ref->naxes, image,
	       ref->naxes * sizeof(int64_t));
	ref->npairs++;
	return 0;
}

static int compare_rows(const void *a, const void *b, void *naxes)
{
	const int64_t *x = a, *y = b;

	for (size_t k = 0; k < *(const size_t *)naxes; k++)
		if (x[k] != y[k])
			return x[k] < y[k] ? -1 : 1;
	return 0;
}

/* Sort "n" rows of "naxes" values and drop repeats; the number kept. */
static size_t sort_unique(int64_t *rows, size_t n, size_t naxes)
{
	size_t kept = 0;

	if (naxes == 0)
		return n ? 1 : 0; /* every image is the empty tuple */
	if (n <= 1) /* most points of most layouts: nothing to sort */
		return n;
	qsort_r(rows, n, naxes * sizeof(int64_t), compare_rows, &naxes);
	for (size_t i = 0; i < n; i++)
		if (kept == 0 || compare_rows(rows + (kept - 1) * naxes, rows + i * naxes, &naxes) != 0)
			memmove(rows + kept++ * naxes, rows + i * naxes, naxes * sizeof(int64_t));
	return kept;
}

/* A counting sort of the pairs by point, then each point's images sorted and unique. */
int axe_reference_finish(axe_reference *ref, axe_error *err)
{
	size_t w = ref->naxes;
	int64_t *rows = malloc((size_t)(ref->npairs ? ref->npairs : 1) * (w ? w : 1) * sizeof(int64_t));
	int64_t *start = calloc((size_t)ref->npoints + 1, sizeof(int64_t));
	int64_t *fill = calloc((size_t)ref->npoints + 1, sizeof(int64_t));
	int64_t out = 0;

	if (!rows || !start || !fill) {
		free(rows), free(start), free(fill);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	for (int64_t i = 0; i < ref->npairs; i++)
		start[ref->pair_point[i] + 1]++;
	for (int64_t p = 0; p < ref->npoints; p++)
		start[p + 1] += start[p];
	memcpy(fill, start, (size_t)ref->npoints * sizeof(int64_t));
	for (int64_t i = 0; i < ref->npairs; i++)
		memcpy(rows + fill[ref->pair_point[i]]++ * (int64_t)w, ref->images + i * (int64_t)w,
		       w * sizeof(int64_t));
	/* Compact each point's images in place; start[] is rewritten behind the reads. */
	for (int64_t p = 0, from = 0; p < ref->npoints; p++) {
		int64_t to = start[p + 1];
		size_t kept = sort_unique(rows + from * (int64_t)w, (size_t)(to - from), w);

		memmove(rows + out * (int64_t)w, rows + from * (int64_t)w, kept * w * sizeof(int64_t));
		start[p] = out;
		out += (int64_t)kept;
		from = to;
	}
	start[ref->npoints] = out;
	free(fill);
	free(ref->images);
	free(ref->pair_point);
	ref->pair_point = NULL;
	ref->images = rows;
	ref->start = start;
	return 0;
}

void axe_validate_format_images(const axe_reference *ref, const int64_t *rows, int64_t n,
				char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int64_t i = 0; i < n && len + 1 < size; i++) {
		len += (size_t)snprintf(buf + len, size - len, "%s{", i ? ", " : "");
		for (size_t a = 0; a < ref->naxes && len + 1 < size; a++)
			len += (size_t)snprintf(buf + len, size - len, "%s%s: %lld", a ? ", " : "",
						ref->axis[a], (long long)rows[i * (int64_t)ref->naxes + a]);
		if (len + 1 < size)
			len += (size_t)snprintf(buf + len, size - len, "}");
	}
	if (n == 0)
		snprintf(buf, size, "{}");
}

size_t axe_import_eval_images(axe_import_eval *ie, const axe_reference *ref, int64_t flat,
			      const int64_t *coord)
{
	const axe_import *imp = ie->imp;
	size_t n, width;

	if (imp->layout) {
		axe_evaluator_base(&ie->ev, flat, ie->base);
		axe_evaluator_images(&ie->ev, ie->base, true, ie->raw);
		n = ie->ev.nimages;
		width = ie->ev.naxes;
	} else {
		n = axe_expr_layout_eval(imp->expr, coord, ie->raw, ie->scratch);
		width = imp->expr->naxes;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t a = 0; a < ref->naxes; a++)
			ie->rows[i * ref->naxes + a] =
				ie->axis_of[a] < 0 ? 0 : ie->raw[i * width + (size_t)ie->axis_of[a]];
	return sort_unique(ie->rows, n, ref->naxes);
}

size_t axe_import_eval_at(axe_import_eval *ie, const axe_reference *axes, int64_t p,
			  int64_t *coord)
{
	int64_t rest = p;

	for (size_t d = axes->shape.rank; d-- > 0;) {
		coord[d] = rest % axes->shape.dim[d];
		rest /= axes->shape.dim[d];
	}
	return axe_import_eval_images(ie, axes, p, coord);
}

/* Every axis the import names with a nonzero value must be a reference axis. */
static const char *import_axis_name(const axe_import *imp, size_t a)
{
	return imp->layout ? imp->layout->axis[a] : imp->expr->axis[a];
}

int axe_import_eval_init(axe_import_eval *ie, const axe_import *imp, const axe_reference *ref,
			 axe_error *err)
{
	size_t naxes, nimages;

	memset(ie, 0, sizeof(*ie));
	ie->imp = imp;
	if (imp->layout) {
		if (axe_evaluator_init(&ie->ev, imp->layout, &imp->shape, err) < 0)
			return -1;
		naxes = ie->ev.naxes;
		nimages = ie->ev.nimages;
	} else {
		naxes = imp->expr->naxes;
		nimages = (size_t)imp->expr->nimages;
	}
	ie->axis_of = malloc((ref->naxes ? ref->naxes : 1) * sizeof(int));
	ie->raw = malloc(nimages * (naxes ? naxes : 1) * sizeof(int64_t));
	ie->rows = malloc(nimages * (ref->naxes ? ref->naxes : 1) * sizeof(int64_t));
	ie->base = malloc((naxes ? naxes : 1) * sizeof(int64_t));
	ie->scratch = malloc((imp->expr ? imp->expr->ctx->nvars + 1 : 1) * sizeof(int64_t));
	ie->nraw = nimages;
	if (!ie->axis_of || !ie->raw || !ie->rows || !ie->base || !ie->scratch)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (size_t a = 0; a < ref->naxes; a++) {
		ie->axis_of[a] = -1;
		for (size_t b = 0; b < naxes; b++)
			if (strcmp(ref->axis[a], import_axis_name(imp, b)) == 0)
				ie->axis_of[a] = (int)b;
	}
	return 0;
}

void axe_import_eval_release(axe_import_eval *ie)
{
	if (ie->imp && ie->imp->layout)
		axe_evaluator_release(&ie->ev);
	free(ie->axis_of);
	free(ie->raw);
	free(ie->rows);
	free(ie->base);
	free(ie->scratch);
}

/* The name of an axis the import uses but the reference does not, or NULL. */
static const char *foreign_axis(const axe_import *imp, const axe_reference *ref)
{
	size_t naxes = imp->layout ? imp->layout->naxes : imp->expr->naxes;

	for (size_t b = 0; b < naxes; b++) {
		bool known = false;

		for (size_t a = 0; a < ref->naxes; a++)
			known |= strcmp(ref->axis[a], import_axis_name(imp, b)) == 0;
		if (!known)
			return import_axis_name(imp, b);
	}
	return NULL;
}

static int mismatch(const axe_reference *ref, const char *format, const int64_t *coord,
		    const int64_t *got, int64_t ngot, const int64_t *want, int64_t nwant,
		    axe_error *err)
{
	char at[256], a[160], b[160];
	size_t len = 0;

	at[0] = '\0';
	for (size_t d = 0; d < ref->shape.rank && len + 1 < sizeof(at); d++)
		len += (size_t)snprintf(at + len, sizeof(at) - len, "%s%lld", d ? ", " : "",
					(long long)coord[d]);
	axe_validate_format_images(ref, got, ngot, a, sizeof(a));
	axe_validate_format_images(ref, want, nwant, b, sizeof(b));
	return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
			     "internal error: the %s import disagrees with %s's own meaning at "
			     "(%s): converted %s, reference %s (please report this)", format,
			     format, at, a, b);
}

int axe_import_validate(const axe_import *imp, const axe_reference *ref, const char *format,
			axe_error *err)
{
	static const int64_t origin[AXE_MAX_RANK];

	if (imp->shape.rank != ref->shape.rank ||
	    memcmp(imp->shape.dim, ref->shape.dim, ref->shape.rank * sizeof(int64_t)) != 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "internal error: the %s import has another shape than %s's "
				     "own meaning (please report this)", format, format);
	return axe_import_validate_at(imp, ref, origin, format, err);
}

/* The row-major index in "shape" of the point "begin" + "coord". */
static int64_t flat_at(const axe_shape *shape, const int64_t *begin, const int64_t *coord)
{
	int64_t flat = 0;

	for (size_t d = 0; d < shape->rank; d++)
		flat = flat * shape->dim[d] + begin[d] + coord[d];
	return flat;
}

int axe_import_validate_at(const axe_import *imp, const axe_reference *ref,
			   const int64_t *begin, const char *format, axe_error *err)
{
	axe_import_eval ie;
	int64_t coord[AXE_MAX_RANK] = { 0 }, at[AXE_MAX_RANK];
	const char *extra;
	int rc = 0;

	if (imp->shape.rank != ref->shape.rank)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "internal error: the %s import has another rank than %s's "
				     "own meaning (please report this)", format, format);
	for (size_t d = 0; d < ref->shape.rank; d++)
		if (begin[d] < 0 || begin[d] + ref->shape.dim[d] > imp->shape.dim[d])
			return axe_error_set(err, AXE_ERR_RANGE, NULL, 0, "internal error: the "
					     "box validated leaves the %s import's shape", format);
	if ((extra = foreign_axis(imp, ref)) != NULL)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "internal error: the %s import names axis '%s', which %s's "
				     "own meaning does not (please report this)", format, extra,
				     format);
	if (axe_import_eval_init(&ie, imp, ref, err) < 0) {
		axe_import_eval_release(&ie);
		return -1;
	}
	for (int64_t p = 0; p < ref->npoints && rc == 0; p++) {
		int64_t want = ref->start[p + 1] - ref->start[p];
		const int64_t *rows = ref->images + ref->start[p] * (int64_t)ref->naxes;
		size_t n;

		for (size_t d = 0; d < ref->shape.rank; d++)
			at[d] = begin[d] + coord[d];
		n = axe_import_eval_images(&ie, ref, flat_at(&imp->shape, begin, coord), at);
		if ((int64_t)n != want ||
		    memcmp(ie.rows, rows, n * ref->naxes * sizeof(int64_t)) != 0)
			rc = mismatch(ref, format, at, ie.rows, (int64_t)n, rows, want, err);
		/* Row-major odometer over the coordinates. */
		for (size_t d = ref->shape.rank; d-- > 0;) {
			if (++coord[d] < ref->shape.dim[d])
				break;
			coord[d] = 0;
		}
	}
	axe_import_eval_release(&ie);
	return rc;
}

int axe_validate_same_frame(const axe_import *imp, const axe_reference *ref, const char *format,
			    axe_error *err)
{
	const char *extra;

	if (imp->shape.rank != ref->shape.rank ||
	    memcmp(imp->shape.dim, ref->shape.dim, ref->shape.rank * sizeof(int64_t)) != 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "internal error: the %s import has another shape than %s's "
				     "own meaning (please report this)", format, format);
	if ((extra = foreign_axis(imp, ref)) != NULL)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "internal error: the %s import names axis '%s', which %s's "
				     "own meaning does not (please report this)", format, extra,
				     format);
	return 0;
}

/*
 * Why one point per digit decides equality (axe_import_validate_affine).
 * Both sides are digit-affine (the import on its shard extents, Axe's
 * semantics without a swizzle; the source on its radix list, by the
 * format's definition), so on the common refinement of the two lists
 * (core/digits.c) they are known from their values at 0 and at each weight,
 * up to the sets:
 *
 * The import's images are S(p) = {a(p) + t : t in T}: a(p) = D(p), a(0) = 0,
 * and T = O + R finite and not empty.  The source's are {b(p)}.  S(0) =
 * {b(0)} gives T = {b(0)}; then S(w) = {b(w)} at each generator w gives
 * a(w) = b(w) - b(0); so a(p) + b(0) = b(p) everywhere, which is
 * S(p) = {b(p)}: the whole relations are equal.  Conversely a difference
 * at a generator is a difference of the relations, reported at that point.
 *
 * At most log2(N) + 1 points, never more than the N of the enumeration, so
 * no size is cheaper to enumerate.  When the argument does not apply (an
 * `expr:` import, a swizzle, lists without a common refinement), the
 * caller enumerates.
 */

/* The import's shard extents, innermost first, into "radix"; their count. */
static size_t import_radices(const axe_evaluator *ev, int64_t *radix)
{
	size_t k = 0;

	for (size_t i = ev->nactive; i-- > 0;)
		radix[k++] = ev->layout->shard[ev->active[i]].extent;
	return k;
}

/* The product of "n" radices, or -1 when it leaves int64. */
static int64_t radix_product(const int64_t *radix, size_t n)
{
	int64_t p = 1;

	for (size_t i = 0; i < n; i++)
		if (radix[i] <= 0 || __builtin_mul_overflow(p, radix[i], &p))
			return -1;
	return p;
}

/*
 * Why a swizzled import is compared before the swizzles.  The source is
 * F = Z o b and the import G = W o a on one axis m: b and a digit-affine
 * (b the source's map, a = D + O with R's sets as above), Z the source's
 * swizzle, W the import's Swizzle(M,B,S).  First a = b is decided at one
 * point per digit as above; a's values lie in [lo, hi] (its range before
 * the swizzle, axe_layout_axis_range), so b's do.  When 0 <= lo and
 * hi < 2^K, W and Z need only agree on [0, 2^K): W is GF(2)-linear there
 * (semantics.md: bits above M move down by S and are XORed in, so W(x ^ y)
 * = W(x) ^ W(y) on non-negative x, y), Z is by the caller's proof, and
 * every value below 2^K is the XOR of its bits, so W = Z on [0, 2^K)
 * exactly when W(2^i) = Z(2^i) for i < K.  Then F = Z o b = W o a = G.
 * Together K + 1 points and one per digit, never more than the points.
 *
 * A difference is reported only where the whole maps differ: at a digit's
 * point where a and b differ (both swizzles applied), or, when W and Z
 * differ at a bit, at a point of one digit whose value W and Z send
 * apart; when neither shows one, the caller enumerates.
 */

/* Compare the import with the source at flat point "p"; 0, or -1 with the mismatch. */
static int compare_at(axe_import_eval *ie, const axe_reference *axes,
		      const axe_affine_reference *ref, int64_t p, int64_t *want, const char *format,
		      axe_error *err)
{
	int64_t coord[AXE_MAX_RANK];
	size_t n;

	if (ref->image(ref->ctx, p, want, err) < 0)
		return -1;
	n = axe_import_eval_at(ie, axes, p, coord);
	if (n != 1 || memcmp(ie->rows, want, ref->naxes * sizeof(int64_t)) != 0)
		return mismatch(axes, format, coord, ie->rows, (int64_t)n, want, 1, err);
	return 0;
}

/* What the swizzled comparison keeps: the import's swizzle, the source's. */
typedef struct swizzled {
	const axe_swizzle *sw;
	const axe_affine_reference *ref;
} swizzled;

/*
 * Both whole maps at flat point "p" (the import's unswizzled images are in
 * "ie"): -1 with the mismatch when they differ, 0 when they agree there,
 * and then 1 is the caller's answer ("same" is no proof).
 */
static int swizzled_at(axe_import_eval *ie, const axe_reference *axes, const swizzled *sz,
		       int64_t p, const char *format, axe_error *err)
{
	int64_t coord[AXE_MAX_RANK], want;
	size_t n;

	if (sz->ref->image(sz->ref->ctx, p, &want, err) < 0 ||
	    sz->ref->swizzle(sz->ref->ctx, want, &want, err) < 0)
		return -1;
	n = axe_import_eval_at(ie, axes, p, coord);
	for (size_t i = 0; i < n; i++)
		ie->rows[i] = axe_swizzle_apply(sz->sw, ie->rows[i]);
	n = sort_unique(ie->rows, n, 1);
	if (n != 1 || ie->rows[0] != want)
		return mismatch(axes, format, coord, ie->rows, (int64_t)n, &want, 1, err);
	return 0;
}

/* The generators before the swizzles: 0 equal, 1 a difference the swizzles hide, -1. */
static int compare_unswizzled(axe_import_eval *ie, const axe_reference *axes,
			      const swizzled *sz, const axe_digits *digits, const char *format,
			      axe_error *err)
{
	int64_t coord[AXE_MAX_RANK], want;

	for (size_t k = 0; k <= digits->n; k++) {
		int64_t p = k == 0 ? 0 : digits->weight[k - 1];
		size_t n;

		if (k > 0 && digits->size == 1)
			break;
		if (sz->ref->image(sz->ref->ctx, p, &want, err) < 0)
			return -1;
		n = axe_import_eval_at(ie, axes, p, coord);
		if (n != 1 || ie->rows[0] != want)
			return swizzled_at(ie, axes, sz, p, format, err) < 0 ? -1 : 1;
	}
	return 0;
}

/*
 * The swizzles on [0, 2^K), K the bits of the import's highest value
 * before its swizzle: 0 equal, 1 no argument, -1 with a point where the
 * whole maps differ (looked for at the points of one digit, q times its
 * weight for q = 1, 2, 4, ...).
 */
static int compare_swizzles(axe_import_eval *ie, const axe_reference *axes, const swizzled *sz,
			    const axe_digits *digits, const char *format, axe_error *err)
{
	int64_t lo, hi, z;
	int m = axe_layout_axis_index(ie->imp->layout, "m"), bits = 0;
	bool differ = false;

	if (m < 0)
		return 1;
	axe_layout_axis_range(ie->imp->layout, m, &lo, &hi);
	if (lo < 0 || hi >= INT64_C(1) << 62)
		return 1;
	while (bits < 62 && (hi >> bits) != 0)
		bits++;
	for (int i = 0; i < bits && !differ; i++) {
		if (sz->ref->swizzle(sz->ref->ctx, INT64_C(1) << i, &z, err) < 0)
			return -1;
		differ = z != axe_swizzle_apply(sz->sw, INT64_C(1) << i);
	}
	if (!differ)
		return 0;
	for (size_t k = 0; k < digits->n; k++)
		for (int64_t q = 1; q < axe_digits_radix(digits, k); q *= 2)
			if (swizzled_at(ie, axes, sz, q * digits->weight[k], format, err) < 0)
				return -1;
	return 1;
}

int axe_import_validate_affine(const axe_import *imp, const axe_affine_reference *ref,
			       const char *format, axe_error *err)
{
	/*
	 * The source's shape and axes as a reference without points: what the
	 * helpers above read of a reference (shape, naxes, axis), never written.
	 */
	axe_reference axes = { .shape = *ref->shape, .naxes = ref->naxes,
			       .axis = (char **)(uintptr_t)ref->axis };
	axe_digits *digits = malloc(sizeof(*digits));
	int64_t *want = malloc((ref->naxes ? ref->naxes : 1) * sizeof(int64_t));
	int64_t radix[64]; /* an evaluator has at most 63 active iters */
	axe_layout inner;  /* a swizzled import's layout without its swizzle (shares its arrays) */
	axe_import unswizzled;
	swizzled sz = { NULL, ref };
	axe_import_eval ie = { 0 };
	int rc = 1;

	if (!digits || !want) {
		rc = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	if (axe_validate_same_frame(imp, &axes, format, err) < 0) {
		rc = -1;
		goto out;
	}
	if (!imp->layout)
		goto out;
	if (imp->layout->swizzle.present) {
		if (!ref->swizzle || ref->naxes != 1 || strcmp(ref->axis[0], "m") != 0)
			goto out;
		sz.sw = &imp->layout->swizzle;
		inner = *imp->layout;
		inner.swizzle.present = false;
		unswizzled = *imp;
		unswizzled.layout = &inner;
		imp = &unswizzled;
	}
	if (axe_import_eval_init(&ie, imp, &axes, err) < 0) {
		rc = -1;
		goto out;
	}
	if (radix_product(ref->radix, ref->nradix) != ie.ev.size)
		goto out;
	axe_digits_init(digits, ie.ev.size);
	axe_digits_add_radices(digits, ref->radix, ref->nradix);
	axe_digits_add_radices(digits, radix, import_radices(&ie.ev, radix));
	if (!axe_digits_chain(digits))
		goto out;
	if (sz.sw) {
		rc = compare_unswizzled(&ie, &axes, &sz, digits, format, err);
		if (rc == 0)
			rc = compare_swizzles(&ie, &axes, &sz, digits, format, err);
		goto out;
	}
	/* The generators: 0, then each weight (the first is 1). */
	rc = compare_at(&ie, &axes, ref, 0, want, format, err);
	for (size_t k = 0; k < digits->n && ie.ev.size > 1 && rc == 0; k++)
		rc = compare_at(&ie, &axes, ref, digits->weight[k], want, format, err);
out:
	if (ie.imp)
		axe_import_eval_release(&ie);
	free(digits);
	free(want);
	return rc;
}
