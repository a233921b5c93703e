/*
 * relate.c: rewriting coarse thread axes into fine ones (relate.h), from
 * the RELATION rows of axes.def.
 *
 * An iter (e, s) on a coarse axis whose fine digits have weights
 * w_1 = 1 < w_2 < ... (each dividing the next) takes the values s*c,
 * c < e.  Where s*e passes a digit boundary B = w_{i+1}, the iter splits
 * into an outer iter (e/q, B) and an inner one (q, s) with q = B/s, which
 * needs s | B and q | e; each piece then lies in one digit and becomes an
 * iter on that fine axis with stride s / w_i.  The pieces of all iters (and
 * the offset's digits) on one fine axis must stay below its digit size, or
 * the sum would carry into the next digit and the rewrite would change the
 * map: then it is refused.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "arith.h"
#include "axes.h"
#include "error.h"
#include "relate.h"

static const axe_axis_relation relations[] = {
#define RELATION(coarse, fine, weight) { #coarse, #fine, weight },
#include "axes.def"
};

#define NRELATIONS (sizeof(relations) / sizeof(relations[0]))
#define MAX_DIGITS 8      /* fine axes of one coarse axis */
#define MAX_REWRITES 16   /* axes rewritten for one comparison */

size_t axe_axis_relation_rows(const char *name, const axe_axis_relation **rows)
{
	size_t n = 0;

	/* The rows of one coarse axis are adjacent in axes.def, lightest first. */
	for (size_t i = 0; i < NRELATIONS; i++)
		if (strcmp(relations[i].coarse, name) == 0) {
			if (n == 0)
				*rows = &relations[i];
			n++;
		}
	return n;
}

bool axe_axis_is_finer(const char *coarse, const char *fine)
{
	const axe_axis_relation *rows = NULL;
	size_t n = axe_axis_relation_rows(coarse, &rows);

	for (size_t i = 0; i < n; i++)
		if (strcmp(rows[i].fine, fine) == 0 || axe_axis_is_finer(rows[i].fine, fine))
			return true;
	return false;
}

/* The coefficient of "name" in the expansion of "coarse", 0 when it has none. */
static int64_t weight_under(const char *coarse, const char *name)
{
	const axe_axis_relation *rows = NULL;
	size_t n = axe_axis_relation_rows(coarse, &rows);

	for (size_t i = 0; i < n; i++) {
		int64_t w;
		if (strcmp(rows[i].fine, name) == 0)
			return rows[i].weight;
		if ((w = weight_under(rows[i].fine, name)) != 0)
			return rows[i].weight * w;
	}
	return 0;
}

int64_t axe_thread_weight(const char *name)
{
	const axe_axis_relation *rows = NULL;
	int64_t w;

	if (strcmp(name, "tid") == 0)
		return 1;
	if ((w = weight_under("tid", name)) != 0)
		return w;
	/* A coarse axis beside tid (tx, tid_in_wg, lane, warp) starts at its first digit. */
	if (axe_axis_relation_rows(name, &rows) > 0)
		return axe_thread_weight(rows[0].fine);
	return 0;
}

/* ---- rewriting one axis ---- */

typedef struct digits {
	size_t n;
	const axe_axis_relation *row;
	int64_t size[MAX_DIGITS]; /* digit i's size w_{i+1}/w_i; 0 for the last */
	int fine[MAX_DIGITS];     /* the fine axes' indices in the new layout */
	int64_t top[MAX_DIGITS];  /* the largest value reached on each, for the carry check */
} digits;

typedef struct rewrite {
	axe_layout *out;
	digits *dg;
	bool replica;             /* the iters being rewritten are the replica's */
	char *why;
	size_t why_size;
} rewrite;

/* Fill "why"; 1, the status of a refused rewrite. */
static int refuse(rewrite *rw, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int refuse(rewrite *rw, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rw->why, rw->why_size, fmt, ap);
	va_end(ap);
	return 1;
}

static int emit(rewrite *rw, int64_t e, int64_t s, size_t i)
{
	int64_t stride = s / rw->dg->row[i].weight;

	/* (e-1)*stride fits: the validated layout reaches it on the coarse axis. */
	rw->dg->top[i] += (e - 1) * stride;
	return (rw->replica ? axe_layout_push_replica(rw->out, e, stride, rw->dg->fine[i])
			    : axe_layout_push_shard(rw->out, e, stride, rw->dg->fine[i])) < 0 ? -1 : 0;
}

/* Iter (e, s) from digit i on (s a multiple of w_i): its pieces, outermost first. */
static int split(rewrite *rw, int64_t e, int64_t s, size_t i)
{
	const digits *dg = rw->dg;
	int64_t bound, q, span;
	int rc;

	if (i + 1 == dg->n)
		return emit(rw, e, s, i);
	bound = dg->row[i + 1].weight;
	if (s >= bound) {
		if (s % bound != 0)
			return refuse(rw, "an iter on '%s' has stride %lld, which is not a multiple "
				      "of the digit boundary %lld", dg->row[0].coarse, (long long)s,
				      (long long)bound);
		return split(rw, e, s, i + 1);
	}
	if (!__builtin_mul_overflow(s, e, &span) && span <= bound)
		return emit(rw, e, s, i);
	if (bound % s != 0 || e % (bound / s) != 0)
		return refuse(rw, "an iter on '%s' (extent %lld, stride %lld) crosses the digit "
			      "boundary %lld between two of its steps", dg->row[0].coarse,
			      (long long)e, (long long)s, (long long)bound);
	q = bound / s;
	if ((rc = split(rw, e / q, bound, i + 1)) != 0)
		return rc;
	return emit(rw, q, s, i);
}

static int rewrite_iter(rewrite *rw, const axe_iter *it)
{
	if (it->stride < 0)
		return refuse(rw, "an iter on '%s' has the negative stride %lld",
			      rw->dg->row[0].coarse, (long long)it->stride);
	if (it->stride == 0 || it->extent == 1)
		return emit(rw, it->extent, 0, 0);
	return split(rw, it->extent, it->stride, 0);
}

/* The offset "o" on the coarse axis, as digits. */
static int rewrite_offset(rewrite *rw, int64_t o)
{
	if (o < 0)
		return refuse(rw, "'%s' has the negative offset %lld", rw->dg->row[0].coarse,
			      (long long)o);
	for (size_t i = rw->dg->n; i-- > 0;) {
		int64_t d = o / rw->dg->row[i].weight;
		if (d != 0 && axe_layout_add_offset(rw->out, rw->dg->fine[i], d) < 0)
			return -1;
		rw->dg->top[i] += d;
		o -= d * rw->dg->row[i].weight;
	}
	return 0;
}

/*
 * Every digit but the last stays below its size: no carry; and no value
 * leaves the hardware size of the coarse axis or of the last digit
 * (semantics.md: laneid 32 is an error, never carried into warpid).
 */
static int check_carry(rewrite *rw)
{
	const axe_axis_info *coarse = axe_axis_lookup(rw->dg->row[0].coarse);
	const axe_axis_info *last = axe_axis_lookup(rw->dg->row[rw->dg->n - 1].fine);
	int64_t top = 0;

	for (size_t i = 0; i < rw->dg->n; i++)
		top += rw->dg->top[i] * rw->dg->row[i].weight;
	if (coarse && coarse->size > 0 && top >= coarse->size)
		return refuse(rw, "'%s' reaches %lld, outside its %lld threads",
			      rw->dg->row[0].coarse, (long long)top, (long long)coarse->size);
	if (last && last->size > 0 && rw->dg->top[rw->dg->n - 1] >= last->size)
		return refuse(rw, "the values of '%s' reach %lld on '%s', which has %lld",
			      rw->dg->row[0].coarse, (long long)rw->dg->top[rw->dg->n - 1],
			      last->name, (long long)last->size);
	for (size_t i = 0; i + 1 < rw->dg->n; i++)
		if (rw->dg->top[i] >= rw->dg->size[i])
			return refuse(rw, "the values of '%s' would carry from '%s' into '%s' (up "
				      "to %lld on '%s', which has %lld)", rw->dg->row[0].coarse,
				      rw->dg->row[i].fine, rw->dg->row[i + 1].fine,
				      (long long)rw->dg->top[i], rw->dg->row[i].fine,
				      (long long)rw->dg->size[i]);
	return 0;
}

/* Copy "L" into rw->out, rewriting axis "ax"; 0, 1 refused, -1 no memory. */
static int rewrite_layout(rewrite *rw, const axe_layout *L, int ax, digits *dg)
{
	int map[AXE_MAX_AXES];
	int rc = 0;

	for (size_t a = 0; a < L->naxes; a++)
		if ((int)a != ax && (map[a] = axe_layout_intern_axis(rw->out, L->axis[a])) < 0)
			return -1;
	for (size_t i = 0; i < dg->n; i++)
		if ((dg->fine[i] = axe_layout_intern_axis(rw->out, dg->row[i].fine)) < 0)
			return -1;
	for (size_t k = 0; rc == 0 && k < L->nshard + L->nreplica; k++) {
		const axe_iter *it = k < L->nshard ? &L->shard[k] : &L->replica[k - L->nshard];
		rw->replica = k >= L->nshard;
		if (it->axis == ax)
			rc = rewrite_iter(rw, it);
		else if ((rw->replica ? axe_layout_push_replica(rw->out, it->extent, it->stride,
								map[it->axis])
				      : axe_layout_push_shard(rw->out, it->extent, it->stride,
							      map[it->axis])) < 0)
			rc = -1;
	}
	for (size_t a = 0; rc == 0 && a < L->naxes; a++)
		if ((int)a == ax)
			rc = rewrite_offset(rw, L->offset[a]);
		else if ((L->offset[a] != 0 || L->offset_written[a]) &&
			 axe_layout_add_offset(rw->out, map[a], L->offset[a]) < 0)
			rc = -1;
	return rc != 0 ? rc : check_carry(rw);
}

axe_layout *axe_layout_expand_axis(const axe_layout *L, const char *axis, char *why,
				   size_t why_size, axe_error *err)
{
	digits dg = { 0 };
	rewrite rw = { axe_layout_new(), &dg, false, why, why_size };
	int ax = axe_layout_axis_index(L, axis), rc;

	why[0] = '\0';
	dg.n = axe_axis_relation_rows(axis, &dg.row);
	if (!rw.out)
		goto nomem;
	for (size_t i = 0; i < dg.n; i++) {
		dg.size[i] = i + 1 < dg.n ? dg.row[i + 1].weight / dg.row[i].weight : 0;
		if (axe_layout_axis_index(L, dg.row[i].fine) >= 0 && ax >= 0) {
			snprintf(why, why_size, "the layout names both '%s' and '%s', which it "
				 "relates", axis, dg.row[i].fine);
			axe_layout_free(rw.out);
			return NULL;
		}
	}
	rc = ax < 0 || dg.n == 0 ? 0 : rewrite_layout(&rw, L, ax, &dg);
	if (ax < 0 || dg.n == 0) {
		axe_layout_free(rw.out);
		return axe_layout_dup(L);
	}
	if (rc != 0) {
		axe_layout_free(rw.out);
		if (rc < 0)
			goto nomem;
		return NULL;
	}
	rw.out->swizzle = L->swizzle;
	axe_layout_order_axes(rw.out);
	if (axe_layout_validate(rw.out, NULL, 0, err) < 0) {
		axe_layout_free(rw.out);
		return NULL;
	}
	return rw.out;
nomem:
	axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	return NULL;
}

/* ---- two layouts ---- */

static bool names(const axe_layout *L, const char *axis)
{
	return axe_layout_axis_index(L, axis) >= 0;
}

/* True when "x" and "y" (two different axes) share a fine axis: tid and tid_in_wg. */
static bool overlap(const char *x, const char *y)
{
	for (size_t i = 0; i < NRELATIONS; i++) {
		const char *z = relations[i].fine;
		if ((strcmp(x, z) == 0 || axe_axis_is_finer(x, z)) &&
		    (strcmp(y, z) == 0 || axe_axis_is_finer(y, z)))
			return true;
	}
	return false;
}

/*
 * An axis of "a" or "b" that has fine axes and is related to another axis
 * either names (coarser than it, or sharing a fine axis with it), or NULL.
 */
static const char *coarse_axis(const axe_layout *a, const axe_layout *b)
{
	const axe_layout *side[2] = { a, b };
	const axe_axis_relation *rows;

	for (int s = 0; s < 2; s++)
		for (size_t i = 0; i < side[s]->naxes; i++) {
			const char *x = side[s]->axis[i];
			if (axe_axis_relation_rows(x, &rows) == 0)
				continue;
			for (int t = 0; t < 2; t++)
				for (size_t j = 0; j < side[t]->naxes; j++)
					if (strcmp(x, side[t]->axis[j]) != 0 &&
					    (axe_axis_is_finer(x, side[t]->axis[j]) ||
					     overlap(x, side[t]->axis[j])))
						return x;
		}
	return NULL;
}

/* Append "A's 'tid' as laneid + 32*warpid" to "note". */
static void describe(const char *axis, const char *which, char *note, size_t size)
{
	const axe_axis_relation *rows = NULL;
	size_t n = axe_axis_relation_rows(axis, &rows), len = strlen(note);

	if (n == 0)
		return;

	if (len < size)
		len += (size_t)snprintf(note + len, size - len, "%s%s's '%s' as %s", len ? "; " : "",
					which, axis, rows[0].fine);
	for (size_t i = 1; i < n && len < size; i++)
		len += (size_t)snprintf(note + len, size - len, " + %lld*%s",
					(long long)rows[i].weight, rows[i].fine);
}

/* Rewrite "axis" in "*L" in place; 0, 1 refused ("why"), -1 error. */
static int expand_in_place(axe_layout **L, const char *axis, char *why, size_t size,
			   axe_error *err)
{
	axe_layout *out;

	if (!names(*L, axis))
		return 0;
	if (!(out = axe_layout_expand_axis(*L, axis, why, size, err)))
		return axe_error_is_set(err) ? -1 : 1;
	axe_layout_free(*L);
	*L = out;
	return 0;
}

int axe_layouts_relate(axe_layout **a, axe_layout **b, char *note, size_t note_size,
		       axe_error *err)
{
	axe_layout *A = axe_layout_dup(*a), *B = axe_layout_dup(*b);
	const char *axis;
	char name[64], why[256];
	int rc = 0, rewrites = 0;

	note[0] = '\0';
	if (!A || !B) {
		axe_layout_free(A);
		axe_layout_free(B);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	/* Each rewrite replaces an axis by finer ones, so this ends (relations form a tree). */
	while (rc == 0 && rewrites < MAX_REWRITES && (axis = coarse_axis(A, B)) != NULL) {
		snprintf(name, sizeof(name), "%s", axis); /* "axis" lives in A or B */
		if (names(A, name))
			describe(name, "A", note, note_size);
		if (names(B, name))
			describe(name, "B", note, note_size);
		if ((rc = expand_in_place(&A, name, why, sizeof(why), err)) == 0)
			rc = expand_in_place(&B, name, why, sizeof(why), err);
		rewrites++;
	}
	if (rc != 0) {
		axe_layout_free(A);
		axe_layout_free(B);
		if (rc > 0)
			snprintf(note, note_size, "%s", why);
		return rc < 0 ? -1 : 2;
	}
	axe_layout_free(*a);
	axe_layout_free(*b);
	*a = A;
	*b = B;
	return rewrites > 0 ? 1 : 0;
}

/* "name" is related to some axis of "list" (either way), or names one of them. */
static bool related(const char *name, char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(list[i], name) == 0 || axe_axis_is_finer(name, list[i]) ||
		    axe_axis_is_finer(list[i], name))
			return true;
	return false;
}

/* One direction of axe_axes_typo: a name of "x" missing from "y" but close to one of y's. */
static bool typo_in(char *const *x, size_t nx, char *const *y, size_t ny, const char *xs,
		    const char *ys, char *note, size_t size)
{
	for (size_t i = 0; i < nx; i++) {
		const char *best;
		if (related(x[i], y, ny))
			continue;
		best = axe_suggest(x[i], (const char *const *)y, ny);
		if (best && !related(best, x, nx)) {
			snprintf(note, size, "%s names axis '%s' and %s does not: did you mean "
				 "'%s'?", xs, x[i], ys, best);
			return true;
		}
	}
	return false;
}

bool axe_axes_typo(char *const *a, size_t na, const char *la, char *const *b, size_t nb,
		   const char *lb, char *note, size_t note_size)
{
	return typo_in(a, na, b, nb, la, lb, note, note_size) ||
	       typo_in(b, nb, a, na, lb, la, note, note_size);
}

/* ---- one flat thread index ---- */

/*
 * Whether the thread axes of "L" merge exactly into tid: each reaches less
 * than the weight of the next heavier one it is named with (lane 32 of a
 * warp would be lane 0 of the next), none is negative, no two weigh alike.
 */
static bool threads_merge(const axe_layout *L, const int64_t *weight, char *why,
			  size_t why_size)
{
	for (size_t a = 0; a < L->naxes; a++) {
		const axe_axis_info *info;
		int64_t lo, hi, next = 0;
		if (weight[a] == 0)
			continue;
		for (size_t b = 0; b < L->naxes; b++) {
			if (b != a && weight[b] == weight[a]) {
				snprintf(why, why_size, "axes '%s' and '%s' both count threads one "
					 "by one", L->axis[a], L->axis[b]);
				return false;
			}
			if (weight[b] > weight[a] && (next == 0 || weight[b] < next))
				next = weight[b];
		}
		info = axe_axis_lookup(L->axis[a]);
		if (info && info->size > 0 && (next == 0 || info->size * weight[a] < next))
			next = info->size * weight[a]; /* a lane's 32, named or not */
		axe_layout_image_range(L, (int)a, &lo, &hi);
		if (lo < 0 || (next && hi >= next / weight[a])) {
			if (lo < 0)
				snprintf(why, why_size, "%s reaches %lld: a thread index is not "
					 "negative", L->axis[a], (long long)lo);
			else
				snprintf(why, why_size, "%s reaches %lld, past %lld: in one flat "
					 "index (tid = laneid + 32*warpid) %s %lld would be another "
					 "thread's", L->axis[a], (long long)hi,
					 (long long)(next / weight[a] - 1), L->axis[a],
					 (long long)(next / weight[a]));
			return false;
		}
	}
	return true;
}

axe_layout *axe_layout_flatten_threads(const axe_layout *L, char *why, size_t why_size,
				       axe_error *err)
{
	int64_t weight[AXE_MAX_AXES] = { 0 };
	int index[AXE_MAX_AXES];
	axe_layout *out;

	for (size_t a = 0; a < L->naxes && a < AXE_MAX_AXES; a++)
		weight[a] = axe_thread_weight(L->axis[a]);
	if (!threads_merge(L, weight, why, why_size))
		return NULL;
	if (!(out = axe_layout_new()))
		goto nomem;
	for (size_t a = 0; a < L->naxes; a++)
		if ((index[a] = axe_layout_intern_axis(out, weight[a] ? "tid" : L->axis[a])) < 0)
			goto nomem;
	for (size_t k = 0; k < L->nshard + L->nreplica; k++) {
		const axe_iter *it = k < L->nshard ? &L->shard[k] : &L->replica[k - L->nshard];
		int64_t w = weight[it->axis] ? weight[it->axis] : 1, stride;
		if (axe_mul_ovf(it->stride, w, &stride)) {
			snprintf(why, why_size, "a stride on tid would overflow 64 bits");
			axe_layout_free(out);
			return NULL;
		}
		if ((k < L->nshard ? axe_layout_push_shard(out, it->extent, stride, index[it->axis])
				   : axe_layout_push_replica(out, it->extent, stride,
							     index[it->axis])) < 0)
			goto nomem;
	}
	for (size_t a = 0; a < L->naxes; a++) {
		int64_t offset;
		if (!L->offset[a])
			continue;
		if (axe_mul_ovf(L->offset[a], weight[a] ? weight[a] : 1, &offset)) {
			snprintf(why, why_size, "an offset on tid would overflow 64 bits");
			axe_layout_free(out);
			return NULL;
		}
		if (axe_layout_add_offset(out, index[a], offset) < 0)
			goto nomem;
	}
	out->swizzle = L->swizzle;
	return out;
nomem:
	axe_layout_free(out);
	axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	return NULL;
}
