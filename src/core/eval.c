/*
 * eval.c: the forward map of semantics.md.  A point is flattened row-major,
 * split into shard digits (last iter fastest), and each digit times its
 * stride lands on its axis; the offset and every replica combination are
 * added, and the swizzle (if any) permutes the final m address.
 *
 * Whole-domain walks use an odometer: moving to the next point adds one
 * stride, and a digit that wraps subtracts (extent-1)*stride, so no point
 * costs a division.  validate() in layout.c bounds every partial sum, so none
 * of this arithmetic can overflow.  Walks visit only the iters of extent
 * above 1 (at most 63 of them): a layout of 10^5 iters, mostly extent 1,
 * must not cost 10^5 per point.
 */
#include <stdlib.h>
#include <string.h>

#include "arith.h"
#include "eval.h"
#include "eval_source.h"
#include "parallel.h"

#define HASH_FLAT UINT64_C(0xD6E8FEB86659FD93)

/* splitmix64's finaliser: a bijective mix of 64 bits. */
static inline uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* The odd hash key of an axis; from its name, so layouts can be compared. */
uint64_t axe_axis_hash_key(const char *name)
{
	uint64_t h = UINT64_C(0xCBF29CE484222325);

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * UINT64_C(0x100000001B3);
	return mix64(h) | 1;
}

/* Lexicographic comparison of replica rows, for deduplication. */
typedef struct row_ref {
	const int64_t *row;
	size_t naxes, index;
} row_ref;

static int compare_rows(const void *pa, const void *pb)
{
	const row_ref *a = pa, *b = pb;

	for (size_t i = 0; i < a->naxes; i++)
		if (a->row[i] != b->row[i])
			return a->row[i] < b->row[i] ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/*
 * Fill ev->image_offset with O + r for every replica combination (first
 * iter slowest), then drop later duplicates, keeping the first occurrence.
 */
static int enumerate_replicas(axe_evaluator *ev, axe_error *err)
{
	const axe_layout *L = ev->layout;
	size_t na = ev->naxes, n = 1, kept = 0;
	int64_t *rows;
	row_ref *refs;
	bool *drop;

	for (size_t i = 0; i < L->nreplica; i++) {
		if ((uint64_t)L->replica[i].extent > AXE_MAX_REPLICA_POINTS / n)
			return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
					     "the replica set has more than %d points",
					     AXE_MAX_REPLICA_POINTS);
		n *= (size_t)L->replica[i].extent;
	}
	rows = malloc(n * (na ? na : 1) * sizeof(int64_t));
	refs = malloc(n * sizeof(row_ref));
	drop = calloc(n, sizeof(bool));
	if (!rows || !refs || !drop) {
		free(rows);
		free(refs);
		free(drop);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	for (size_t c = 0; c < n; c++) {
		int64_t *row = rows + c * na;
		size_t rest = c;
		if (L->naxes) /* a layout of no axes ("0") has no offsets to copy */
			memcpy(row, L->offset, na * sizeof(int64_t));
		/* Digit of replica iter i: the last iter is the fastest. */
		for (size_t i = L->nreplica; i-- > 0;) {
			int64_t e = L->replica[i].extent;
			row[L->replica[i].axis] += (int64_t)(rest % (size_t)e) * L->replica[i].stride;
			rest /= (size_t)e;
		}
		refs[c] = (row_ref){ row, na, c };
	}
	qsort(refs, n, sizeof(row_ref), compare_rows);
	for (size_t c = 1; c < n; c++)
		if (compare_rows(&refs[c - 1], &(row_ref){ refs[c].row, na, refs[c - 1].index }) == 0)
			drop[refs[c].index] = true;
	for (size_t c = 0; c < n; c++) {
		if (drop[c])
			continue;
		memmove(rows + kept * na, rows + c * na, na * sizeof(int64_t));
		kept++;
	}
	ev->replicas_coincide = kept < n;
	ev->image_offset = rows;
	ev->nimages = kept;
	free(refs);
	free(drop);
	return 0;
}

int axe_evaluator_init(axe_evaluator *ev, const axe_layout *layout,
		       const axe_shape *shape, axe_error *err)
{
	int64_t product = 1;

	memset(ev, 0, sizeof(*ev));
	ev->layout = layout;
	ev->shape = *shape;
	ev->naxes = layout->naxes;
	ev->m_axis = axe_layout_axis_index(layout, "m");
	if (axe_layout_size(layout, &ev->size, err) < 0)
		return -1;
	for (size_t d = 0; d < shape->rank; d++)
		if (shape->dim[d] <= 0 || axe_mul_ovf(product, shape->dim[d], &product))
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "the shape's extents must be positive and their "
					     "product fit in 64 bits");
	if (product != ev->size)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "shape of %lld points is not admitted by a layout of "
				     "%lld points", (long long)product, (long long)ev->size);
	ev->wrap = malloc(layout->nshard * sizeof(int64_t));
	ev->suffix = malloc(layout->nshard * sizeof(int64_t));
	ev->active = malloc(layout->nshard * sizeof(size_t));
	ev->axis_key = malloc((ev->naxes ? ev->naxes : 1) * sizeof(uint64_t));
	if (!ev->wrap || !ev->suffix || !ev->active || !ev->axis_key) {
		axe_evaluator_release(ev);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	product = 1;
	for (size_t k = layout->nshard; k-- > 0;) {
		ev->wrap[k] = (layout->shard[k].extent - 1) * layout->shard[k].stride;
		ev->suffix[k] = product;
		product *= layout->shard[k].extent;
	}
	for (size_t k = 0; k < layout->nshard; k++)
		if (layout->shard[k].extent > 1)
			ev->active[ev->nactive++] = k;
	for (size_t a = 0; a < ev->naxes; a++)
		ev->axis_key[a] = axe_axis_hash_key(layout->axis[a]);
	if (enumerate_replicas(ev, err) < 0) {
		axe_evaluator_release(ev);
		return -1;
	}
	return 0;
}

void axe_evaluator_release(axe_evaluator *ev)
{
	if (ev->walker)
		ev->source.walker_free(ev->walker);
	axe_layout_free(ev->axes_only);
	ev->walker = NULL;
	ev->axes_only = NULL;
	free(ev->image_offset);
	free(ev->wrap);
	free(ev->suffix);
	free(ev->active);
	free(ev->axis_key);
	ev->image_offset = ev->wrap = ev->suffix = NULL;
	ev->active = NULL;
	ev->axis_key = NULL;
}

int axe_evaluator_flatten(const axe_evaluator *ev, const int64_t *coord, int64_t *flat,
			  axe_error *err)
{
	int64_t f = 0;

	for (size_t d = 0; d < ev->shape.rank; d++) {
		if (coord[d] < 0 || coord[d] >= ev->shape.dim[d])
			return axe_error_set(err, AXE_ERR_RANGE, NULL, 0,
					     "coordinate %lld in dimension %zu is outside [0, %lld)",
					     (long long)coord[d], d, (long long)ev->shape.dim[d]);
		/* f < prod(dim[0..d)) so f*dim[d] + coord[d] < size: no overflow. */
		f = f * ev->shape.dim[d] + coord[d];
	}
	*flat = f;
	return 0;
}

void axe_evaluator_unflatten(const axe_evaluator *ev, int64_t flat, int64_t *coord)
{
	for (size_t d = ev->shape.rank; d-- > 0;) {
		coord[d] = flat % ev->shape.dim[d];
		flat /= ev->shape.dim[d];
	}
}

size_t axe_evaluator_base_size(const axe_evaluator *ev)
{
	size_t n = axe_evaluator_is_source(ev) ? ev->nimages * ev->naxes : ev->naxes;

	return n ? n : 1;
}

void axe_evaluator_base(const axe_evaluator *ev, int64_t flat, int64_t *base)
{
	const axe_layout *L = ev->layout;

	if (axe_evaluator_is_source(ev)) {
		ev->source.walker_seek(ev->walker, flat);
		ev->source.walker_rows(ev->walker, 1, base);
		return;
	}

	memset(base, 0, ev->naxes * sizeof(int64_t));
	for (size_t i = 0; i < ev->nactive; i++) {
		size_t k = ev->active[i];
		int64_t c = (flat / ev->suffix[k]) % L->shard[k].extent;
		base[L->shard[k].axis] += c * L->shard[k].stride;
	}
}

size_t axe_evaluator_images(const axe_evaluator *ev, const int64_t *base, bool with_replicas,
			    int64_t *images)
{
	size_t na = ev->naxes;
	size_t n = with_replicas ? ev->nimages : 1;
	const int64_t *offset = with_replicas ? ev->image_offset : ev->layout->offset;

	if (axe_evaluator_is_source(ev))
		return axe_source_distinct_rows(ev, base, n, images);

	for (size_t i = 0; i < n; i++) {
		int64_t *img = images + i * na;
		for (size_t a = 0; a < na; a++)
			img[a] = base[a] + offset[i * na + a];
		if (ev->m_axis >= 0 && ev->layout->swizzle.present)
			img[ev->m_axis] = axe_swizzle_apply(&ev->layout->swizzle, img[ev->m_axis]);
	}
	return n;
}

int axe_cursor_init(axe_cursor *cur, const axe_evaluator *ev, axe_error *err)
{
	size_t rank = ev->shape.rank ? ev->shape.rank : 1;

	memset(cur, 0, sizeof(*cur));
	cur->ev = ev;
	if (axe_evaluator_is_source(ev))
		return axe_source_cursor_init(cur, err);
	cur->coord = calloc(rank, sizeof(int64_t));
	cur->digit = calloc(ev->layout->nshard, sizeof(int64_t));
	cur->base = calloc(ev->naxes ? ev->naxes : 1, sizeof(int64_t));
	if (!cur->coord || !cur->digit || !cur->base) {
		axe_cursor_release(cur);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	cur->done = ev->size == 0;
	return 0;
}

void axe_cursor_release(axe_cursor *cur)
{
	free(cur->coord);
	free(cur->digit);
	if (cur->walker)
		cur->ev->source.walker_free(cur->walker);
	if (cur->rows)
		free(cur->rows);
	else
		free(cur->base);
	cur->coord = cur->digit = cur->base = cur->rows = NULL;
	cur->walker = NULL;
}

/* Move the shard digits and D(x) of "cur" one point on. */
static void odometer_step(axe_cursor *cur)
{
	const axe_evaluator *ev = cur->ev;
	const axe_iter *shard = ev->layout->shard;

	for (size_t i = ev->nactive; i-- > 0;) {
		size_t k = ev->active[i];
		if (++cur->digit[k] < shard[k].extent) {
			cur->base[shard[k].axis] += shard[k].stride;
			return;
		}
		cur->digit[k] = 0;
		cur->base[shard[k].axis] -= ev->wrap[k];
	}
}

void axe_cursor_next(axe_cursor *cur)
{
	const axe_evaluator *ev = cur->ev;
	size_t d = ev->shape.rank;

	if (++cur->flat >= ev->size) {
		cur->done = true;
		return;
	}
	if (axe_evaluator_is_source(ev))
		axe_source_cursor_move(cur);
	else
		odometer_step(cur);
	while (d-- > 0) {
		if (++cur->coord[d] < ev->shape.dim[d])
			break;
		cur->coord[d] = 0;
	}
}

uint64_t axe_image_hash(const axe_evaluator *ev, int64_t flat, const int64_t *image)
{
	uint64_t h = (uint64_t)flat * HASH_FLAT;

	for (size_t a = 0; a < ev->naxes; a++)
		h += (uint64_t)image[a] * ev->axis_key[a];
	return mix64(h);
}

/*
 * The checksum walk.  Before the mix, the hash is linear in the image, so it
 * is kept incrementally like the odometer keeps D(x): the innermost digit
 * adds "step" per point, and each outer digit adds its stride's share when it
 * moves and takes back (extent-1) shares when it wraps.  A swizzle is not
 * linear: then the m coordinate is kept apart (unswizzled, also
 * incrementally) and swizzled per point.
 */
typedef struct checksum_walk {
	bool swizzled;
	uint64_t base_key;  /* linear part of D(x): every axis but a swizzled m */
	int64_t base_m;     /* D(x) on m before the swizzle, when swizzled */
	uint64_t *image_key; /* per image: linear part of its offset */
	int64_t *image_m;    /* per image: its offset on m, when swizzled */
} checksum_walk;

/* Add "delta" steps of iter "it" to the walk state. */
static void walk_move(const axe_evaluator *ev, checksum_walk *w, const axe_iter *it,
		      int64_t delta)
{
	if (w->swizzled && it->axis == ev->m_axis)
		w->base_m += delta;
	else
		w->base_key += (uint64_t)delta * ev->axis_key[it->axis];
}

static void checksum_offsets(const axe_evaluator *ev, checksum_walk *w)
{
	for (size_t i = 0; i < ev->nimages; i++) {
		const int64_t *off = ev->image_offset + i * ev->naxes;
		w->image_key[i] = 0;
		w->image_m[i] = w->swizzled ? off[ev->m_axis] : 0;
		for (size_t a = 0; a < ev->naxes; a++)
			if (!w->swizzled || (int)a != ev->m_axis)
				w->image_key[i] += (uint64_t)off[a] * ev->axis_key[a];
	}
}

/*
 * The checksum of the runs [first, end) of the innermost active iter (each
 * run is its whole extent), from "w" with D(x) = 0; "digit" is scratch.
 */
static uint64_t checksum_runs(const axe_evaluator *ev, checksum_walk w, int64_t *digit,
			      int64_t first, int64_t end)
{
	const axe_layout *L = ev->layout;
	const axe_swizzle *sw = &L->swizzle;
	size_t n = ev->nactive, outer = n ? n - 1 : 0; /* active iters outside the run */
	/*
	 * With no iter above extent 1 the one point is a run of the last iter;
	 * a layout without a shard has one point and no iter at all.
	 */
	static const axe_iter none = { 1, 0, 0 };
	const axe_iter *inner = n ? &L->shard[ev->active[n - 1]]
				  : L->nshard ? &L->shard[L->nshard - 1] : &none;
	bool inner_m = w.swizzled && L->nshard && inner->axis == ev->m_axis;
	uint64_t step = HASH_FLAT + (inner_m || !L->nshard ? 0 : (uint64_t)inner->stride *
							      ev->axis_key[inner->axis]);
	int64_t m_step = inner_m ? inner->stride : 0, flat = first * inner->extent, run = first;
	uint64_t key_m = ev->m_axis >= 0 ? ev->axis_key[ev->m_axis] : 0, total = 0;

	/* The outer digits of run "first": a few divisions per call. */
	for (size_t i = outer; i-- > 0;) {
		const axe_iter *it = &L->shard[ev->active[i]];
		digit[ev->active[i]] = run % it->extent;
		walk_move(ev, &w, it, digit[ev->active[i]] * it->stride);
		run /= it->extent;
	}
	for (run = first; run < end; run++) {
		uint64_t h0 = (uint64_t)flat * HASH_FLAT + w.base_key;

		for (size_t i = 0; i < ev->nimages; i++) {
			uint64_t h = h0 + w.image_key[i];
			int64_t m = w.base_m + w.image_m[i];
			if (!w.swizzled)
				for (int64_t d = 0; d < inner->extent; d++, h += step)
					total += mix64(h);
			else
				for (int64_t d = 0; d < inner->extent; d++, h += step, m += m_step)
					total += mix64(h + (uint64_t)axe_swizzle_apply(sw, m) * key_m);
		}
		flat += inner->extent;
		for (size_t i = outer; i-- > 0;) {
			size_t k = ev->active[i];
			if (++digit[k] < L->shard[k].extent) {
				walk_move(ev, &w, &L->shard[k], L->shard[k].stride);
				break;
			}
			digit[k] = 0;
			walk_move(ev, &w, &L->shard[k], -ev->wrap[k]);
		}
	}
	return total;
}

#define CHECKSUM_TASK_POINTS ((int64_t)1 << 18) /* points of one task of the walk */

/* The checksum walk cut into tasks of whole runs, one partial sum per worker. */
typedef struct checksum_tasks {
	const axe_evaluator *ev;
	checksum_walk start;   /* D(x) = 0, image offsets filled */
	int64_t runs, runs_per_task;
	int64_t **digit;       /* per worker */
	uint64_t *sum;         /* per worker */
	const axe_progress *progress;
} checksum_tasks;

static enum axe_task_status checksum_task(void *ctx, int64_t task, int worker)
{
	checksum_tasks *t = ctx;
	int64_t first = task * t->runs_per_task, end = first + t->runs_per_task;

	t->sum[worker] += checksum_runs(t->ev, t->start, t->digit[worker], first,
					end < t->runs ? end : t->runs);
	return AXE_TASK_DONE;
}

static void checksum_progress(void *ctx, int64_t done, int64_t total)
{
	const checksum_tasks *t = ctx;
	int64_t size = t->ev->size, points = size / total * done;

	t->progress->report(t->progress->ctx, points < size ? points : size, size);
}

static int checksum_parallel(const axe_evaluator *ev, const checksum_walk *w,
			     const axe_walk_options *opt, uint64_t *hash, axe_error *err)
{
	const axe_layout *L = ev->layout;
	int64_t extent = ev->nactive ? L->shard[ev->active[ev->nactive - 1]].extent : 1;
	checksum_tasks t = { ev, *w, ev->size / extent, 1, NULL, NULL, NULL };
	axe_progress points = { checksum_progress, &t };
	int64_t task_points = opt && opt->task_points > 0 ? opt->task_points : CHECKSUM_TASK_POINTS;
	int64_t ntasks;
	int jobs, r = 0;

	if (extent < task_points)
		t.runs_per_task = task_points / extent;
	ntasks = (t.runs + t.runs_per_task - 1) / t.runs_per_task;
	jobs = axe_jobs_for(opt ? opt->jobs : 1, ntasks);
	t.progress = opt ? opt->progress : NULL;
	t.digit = calloc((size_t)jobs, sizeof(int64_t *));
	t.sum = calloc((size_t)jobs, sizeof(uint64_t));
	for (int i = 0; t.digit && i < jobs; i++)
		if (!(t.digit[i] = calloc(L->nshard, sizeof(int64_t))))
			r = -1;
	if (!t.digit || !t.sum || r < 0 ||
	    axe_parallel_run(ntasks, jobs, checksum_task, &t,
			     t.progress && t.progress->report ? &points : NULL) < 0) {
		r = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	} else {
		*hash = 0;
		for (int i = 0; i < jobs; i++)
			*hash += t.sum[i]; /* a sum mod 2^64: the order of the parts is free */
	}
	for (int i = 0; t.digit && i < jobs; i++)
		free(t.digit[i]);
	free(t.digit);
	free(t.sum);
	return r;
}

int axe_evaluator_checksum_walk(const axe_evaluator *ev, const axe_walk_options *opt,
				axe_checksum *out, axe_error *err)
{
	checksum_walk w = { .swizzled = ev->layout->swizzle.present && ev->m_axis >= 0 };
	int r = 0;

	if (axe_evaluator_is_source(ev))
		return axe_source_checksum_walk(ev, opt, out, err);
	memset(out, 0, sizeof(*out));
	w.image_key = malloc(ev->nimages * sizeof(uint64_t));
	w.image_m = malloc(ev->nimages * sizeof(int64_t));
	if (!w.image_key || !w.image_m) {
		r = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	} else if (axe_mul_ovf(ev->size, (int64_t)ev->nimages, &out->images)) {
		r = axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
				  "the number of images overflows 64 bits");
	} else {
		out->points = ev->size;
		checksum_offsets(ev, &w);
		r = checksum_parallel(ev, &w, opt, &out->hash, err);
	}
	free(w.image_key);
	free(w.image_m);
	return r;
}

int axe_evaluator_checksum(const axe_evaluator *ev, axe_checksum *out, axe_error *err)
{
	axe_walk_options one = { 1, NULL, 0 };

	return axe_evaluator_checksum_walk(ev, &one, out, err);
}

long axe_layout_eval(const axe_layout *layout, const axe_shape *shape, const int64_t *coord,
		     int64_t *images, size_t max_images, axe_error *err)
{
	axe_evaluator ev;
	int64_t flat, *base = NULL, *all = NULL;
	long n = -1;

	if (axe_evaluator_init(&ev, layout, shape, err) < 0)
		return -1;
	base = calloc(ev.naxes + 1, sizeof(int64_t));
	all = calloc((ev.naxes + 1) * ev.nimages, sizeof(int64_t));
	if (!base || !all) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	} else if (axe_evaluator_flatten(&ev, coord, &flat, err) == 0) {
		size_t keep = ev.nimages < max_images ? ev.nimages : max_images;
		axe_evaluator_base(&ev, flat, base);
		axe_evaluator_images(&ev, base, true, all);
		if (keep > 0)
			memcpy(images, all, keep * ev.naxes * sizeof(int64_t));
		n = (long)ev.nimages;
	}
	free(base);
	free(all);
	axe_evaluator_release(&ev);
	return n;
}
