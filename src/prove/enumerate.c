/*
 * enumerate.c: equality by exhaustive enumeration (enumerate.h).
 *
 * Each operand is walked with an odometer, never dividing per point: an S/R/O
 * layout keeps its shard digits and D(x) (core/eval.h's cursor, moved on by
 * whole runs here), an `expr:` layout a digit counter over its own shape.
 * Layouts are walked in canonical form (the same map, Appendix A.1 of the
 * Axe paper): fused iters make the innermost digit, and so the runs, longer.
 *
 * Two paths:
 * - both S/R/O, without swizzle: L(x) = D(x) + P with P the replica offsets
 *   (offset included), so L_A(x) = L_B(x) for all x exactly when
 *   P_A = P_B + t for one vector t (checked once: t is the difference of the
 *   lexicographic minima) and D_A(x) + min P_A = D_B(x) + min P_B at every
 *   x.  Within a run where neither innermost digit wraps, both sides are
 *   linear in the step, so they agree on the whole run exactly when they
 *   agree at its first point with equal steps (else the second point
 *   differs): every point is decided, with work per run.  The sums are
 *   images, which validation keeps inside 64 bits.  With a swizzle the same
 *   holds for singleton images (P = {O}), comparing swz(m) point by point;
 *   when both sides have the same swizzle, which is a bijection, comparing
 *   the addresses before it, run by run.
 * - blocks: when a side is an `expr:` layout (or the swizzles differ) and
 *   every point has one image on both sides, each side fills a block of
 *   consecutive points per axis (a layout from its odometer, an `expr:`
 *   layout from its compiled program, expr/program.h) and the blocks are
 *   compared column by column.
 * - otherwise: both image sets at every point, as sorted rows over the
 *   union of the axes.
 *
 * The domain is cut into tasks of TASK_POINTS points that threads take in
 * order (core/parallel.h): each worker has its own walkers, moved to a
 * task's first point by division (once per task), and the first differing
 * point in row-major order is the one reported, whatever the threads.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../algebra/canon.h"
#include "../core/parallel.h"
#include "../expr/program.h"
#include "enumerate.h"

#define TASK_POINTS ((int64_t)1 << 16) /* points of one task by default; the clock is read per task */

double axe_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

typedef struct walker {
	axe_equal_side side;  /* the operand, a layout replaced by its canonical form */
	axe_layout *canon;    /* owned */
	int *map;             /* owned: the walked layout's axes -> union index */
	axe_side_eval se;     /* evaluator and scratch of side.c */
	int64_t *digit;       /* S/R/O: one per shard iter */
	int64_t *base;        /* S/R/O: D(x), one per axis */
	int64_t *coord;       /* `expr:` layouts: the point in their own shape */
	int64_t *rows;        /* the point's images over the union of the axes */
	axe_expr_program *program;  /* blocks of an `expr:` layout */
	int64_t (*column)[AXE_EXPR_BATCH]; /* blocks of a layout: one per axis */
	const int64_t **block;      /* the current block: one column per own axis */
} walker;

static void walker_release(walker *w)
{
	axe_side_eval_release(&w->se);
	axe_layout_free(w->canon);
	free(w->map);
	free(w->digit);
	free(w->base);
	free(w->coord);
	free(w->rows);
	axe_expr_program_free(w->program);
	free(w->column);
	free(w->block);
}

static int union_index(const axe_axis_union *u, const char *name)
{
	for (size_t i = 0; i < u->n; i++)
		if (strcmp(u->name[i], name) == 0)
			return (int)i;
	return -1;
}

/* Operand "k" of "u" ready to walk "shape" from its first point. */
static int walker_init(walker *w, const axe_equal_side *side, const axe_shape *shape,
		       const axe_axis_union *u, int k, axe_error *err)
{
	size_t na;

	memset(w, 0, sizeof(*w));
	w->side = *side;
	if (side->layout) {
		if (!(w->canon = axe_layout_canon(side->layout, NULL, err)))
			return -1;
		/*
		 * A layout without a shard is one point: walk it as one unit iter,
		 * on an axis of the union (its canonical form may name none: the
		 * stride-0 replica of R[32:0@laneid] is dropped).
		 */
		if (w->canon->nshard == 0 &&
		    ((w->canon->naxes == 0 &&
		      axe_layout_intern_axis(w->canon, u->n ? u->name[0] : "m") < 0) ||
		     axe_layout_push_shard(w->canon, 1, 0, 0) < 0))
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		w->side.layout = w->canon;
	}
	na = axe_side_naxes(&w->side);
	w->map = malloc((na ? na : 1) * sizeof(int));
	if (!w->map)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (size_t a = 0; a < na; a++)
		w->map[a] = w->canon ? union_index(u, w->canon->axis[a]) : u->map[k][a];
	if (axe_side_eval_init(&w->se, &w->side, shape, w->map, u->n, err) < 0)
		return -1;
	if (w->canon) {
		w->digit = calloc(w->canon->nshard, sizeof(int64_t));
		w->base = calloc(na ? na : 1, sizeof(int64_t));
	} else {
		w->coord = calloc(side->expr->rank + 1, sizeof(int64_t));
	}
	w->rows = malloc(w->se.max_images * (u->n ? u->n : 1) * sizeof(int64_t));
	if (!w->rows || (w->canon ? !w->digit || !w->base : !w->coord))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	return 0;
}

/* Points left before the innermost digit of S/R/O walker "w" wraps. */
static int64_t walker_room(const walker *w)
{
	size_t k = w->canon->nshard - 1;

	if (w->canon->nshard == 0)
		return 1; /* one point, shape () */
	return w->canon->shard[k].extent - w->digit[k];
}

/* Move on by "len" points (at most walker_room for a layout, 1 for an expr:). */
static void walker_advance(walker *w, int64_t len)
{
	const axe_iter *it;
	size_t k;

	if (!w->canon) {
		const axe_shape *s = &w->side.expr->shape;
		for (size_t d = s->rank; d-- > 0;) {
			if (++w->coord[d] < s->dim[d])
				return;
			w->coord[d] = 0;
		}
		return;
	}
	if (w->canon->nshard == 0)
		return; /* the one point was the last */
	k = w->canon->nshard - 1;
	it = &w->canon->shard[k];
	if (len < walker_room(w)) {
		w->digit[k] += len;
		w->base[it->axis] += len * it->stride; /* within (e-1)*s of the digit's start */
		return;
	}
	/* The innermost digit wraps: back to 0, then carry like the cursor. */
	w->base[it->axis] -= w->digit[k] * it->stride;
	w->digit[k] = 0;
	while (k-- > 0) {
		it = &w->canon->shard[k];
		if (++w->digit[k] < it->extent) {
			w->base[it->axis] += it->stride;
			return;
		}
		w->digit[k] = 0;
		w->base[it->axis] -= (it->extent - 1) * it->stride;
	}
}

/* The current point's images as sorted distinct rows over the union; the count. */
static size_t walker_images(walker *w)
{
	size_t na = axe_side_naxes(&w->side), nu = w->se.nunion, n;

	if (w->canon) {
		axe_evaluator_images(&w->se.ev, w->base, true, w->se.native);
		n = w->se.ev.nimages;
	} else {
		n = axe_expr_layout_eval(w->side.expr, w->coord, w->se.native, w->se.scratch);
	}
	memset(w->rows, 0, n * nu * sizeof(int64_t));
	for (size_t i = 0; i < n; i++)
		for (size_t a = 0; a < na; a++)
			w->rows[i * nu + (size_t)w->map[a]] = w->se.native[i * na + a];
	return n > 1 ? axe_rows_normalize(w->rows, n, nu) : n;
}

/* ---- the run path ---- */

/* A layout walker as the run path sees it, per union axis. */
typedef struct lane {
	int *index;     /* the layout's axis on union axis u, or -1 (0 there) */
	int64_t *min;   /* the lexicographically first replica offset row */
	int64_t *step;  /* what one innermost step adds on union axis u */
	int swizzled;   /* union index of a swizzled m, or -1 */
} lane;

/*
 * The replica offsets of walker "w" as sorted rows over the union into a new
 * array ("*n" rows); NULL on no memory.
 */
static int64_t *offset_rows(const walker *w, size_t *n)
{
	const axe_evaluator *ev = &w->se.ev;
	size_t nu = w->se.nunion, na = ev->naxes;
	int64_t *rows = calloc(ev->nimages * (nu ? nu : 1), sizeof(int64_t));

	if (!rows)
		return NULL;
	for (size_t i = 0; i < ev->nimages; i++)
		for (size_t a = 0; a < na; a++)
			rows[i * nu + (size_t)w->map[a]] = ev->image_offset[i * na + a];
	*n = axe_rows_normalize(rows, ev->nimages, nu);
	return rows;
}

/*
 * Whether P_A = P_B + t for some t (then t is the difference of their first
 * rows); those first rows into la->min and lb->min.  -1 on no memory.
 */
static int translated(const walker *wa, const walker *wb, lane *la, lane *lb)
{
	size_t na = 0, nb = 0, nu = wa->se.nunion;
	int64_t *pa = offset_rows(wa, &na), *pb = offset_rows(wb, &nb);
	int r = pa && pb && na == nb;

	if (!pa || !pb)
		r = -1;
	for (size_t i = 0; r == 1 && i < na; i++)
		for (size_t u = 0; u < nu; u++)
			/* Both are offsets of images of one point: the difference is a span. */
			if (pa[i * nu + u] - pa[u] != pb[i * nu + u] - pb[u])
				r = 0;
	if (r >= 0) {
		memcpy(la->min, pa, nu * sizeof(int64_t));
		memcpy(lb->min, pb, nu * sizeof(int64_t));
	}
	free(pa);
	free(pb);
	return r;
}

static void lane_init(lane *l, const walker *w)
{
	/* A layout of one point (no shard) never steps. */
	const axe_iter *in = w->canon->nshard ? &w->canon->shard[w->canon->nshard - 1] : NULL;

	for (size_t u = 0; u < w->se.nunion; u++) {
		l->index[u] = -1;
		l->step[u] = 0;
	}
	for (size_t a = 0; a < w->canon->naxes; a++)
		l->index[w->map[a]] = (int)a;
	if (in)
		l->step[w->map[in->axis]] = in->stride;
	l->swizzled = w->canon->swizzle.present && w->se.ev.m_axis >= 0
			      ? w->map[w->se.ev.m_axis] : -1;
}

/* The image D(x) + min of the point "t" steps into the current run, on union axis "u". */
static inline int64_t lane_value(const walker *w, const lane *l, size_t u, int64_t t)
{
	int64_t v = (l->index[u] >= 0 ? w->base[l->index[u]] : 0) + l->min[u] + t * l->step[u];

	return (int)u == l->swizzled ? axe_swizzle_apply(&w->canon->swizzle, v) : v;
}

/*
 * The first point of a run of "len" points where the images differ, or -1.
 * Without a swizzle two linear sides agree on the run iff they agree at its
 * start with equal steps; with one, every point is compared.
 */
static int64_t run_difference(const walker *wa, const lane *la, const walker *wb,
			      const lane *lb, size_t nu, int64_t len)
{
	bool linear = la->swizzled < 0 && lb->swizzled < 0;

	for (int64_t t = 0; t < len; t++) {
		bool steps_agree = true;
		for (size_t u = 0; u < nu; u++) {
			if (lane_value(wa, la, u, t) != lane_value(wb, lb, u, t))
				return t;
			steps_agree &= la->step[u] == lb->step[u];
		}
		if (linear)
			return steps_agree || len == 1 ? -1 : 1;
	}
	return -1;
}

static bool same_swizzle(const axe_swizzle *a, const axe_swizzle *b)
{
	return a->per_element == b->per_element && a->len == b->len && a->atom == b->atom;
}

/* ---- the block path ---- */

/* Whether every point has one image on both sides (then blocks of columns apply). */
static bool single_images(const walker *w)
{
	return w->canon ? w->se.ev.nimages == 1 : w->side.expr->nreplica == 0;
}

/* Columns for the block path: a compiled program, or one column per axis. */
static int walker_prepare_blocks(walker *w, axe_error *err)
{
	size_t na = axe_side_naxes(&w->side);

	w->block = calloc(na ? na : 1, sizeof(int64_t *));
	if (!w->block)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (w->canon) {
		w->column = calloc(na ? na : 1, sizeof(*w->column));
		for (size_t a = 0; w->column && a < na; a++)
			w->block[a] = w->column[a];
		return w->column ? 0 : axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	w->program = axe_expr_program_new(w->side.expr->expr, na, &w->side.expr->shape, err);
	return w->program ? 0 : -1;
}

/* Points the next block of "w" may hold. */
static int64_t walker_block_room(const walker *w)
{
	return w->program ? (int64_t)axe_expr_program_room(w->program) : AXE_EXPR_BATCH;
}

/*
 * axe_swizzle_apply over a column, in the equal form
 * m ^ (((m >> (M + S)) & (2^B - 1)) << M): only the B bits above M + S
 * move, so a logical shift serves and the loop vectorizes.
 */
static void swizzle_column(const axe_swizzle *sw, int64_t *m, int64_t len)
{
	uint64_t bits = (UINT64_C(1) << sw->len) - 1;
	int up = sw->per_element + sw->atom, down = sw->per_element;

	for (int64_t t = 0; t < len; t++) {
		uint64_t v = (uint64_t)m[t];
		m[t] = (int64_t)(v ^ (((v >> up) & bits) << down));
	}
}

/* The images of the next "len" points into w->block, then move on by "len". */
static void walker_fill_block(walker *w, int64_t len)
{
	const axe_layout *L = w->canon;
	const axe_iter *in;

	if (w->program) {
		axe_expr_program_run(w->program, (size_t)len, w->block);
		return;
	}
	in = &L->shard[L->nshard - 1];
	for (int64_t t = 0; t < len;) {
		int64_t run = walker_room(w) < len - t ? walker_room(w) : len - t;
		for (size_t a = 0; a < L->naxes; a++) {
			int64_t v = w->base[a] + w->se.ev.image_offset[a], *col = w->column[a] + t;
			int64_t step = (int)a == in->axis ? in->stride : 0;
			for (int64_t i = 0; i < run; i++)
				col[i] = v + i * step;
		}
		walker_advance(w, run);
		t += run;
	}
	if (L->swizzle.present && w->se.ev.m_axis >= 0)
		swizzle_column(&L->swizzle, w->column[w->se.ev.m_axis], len);
}

/* The column of walker "w" on union axis "u", or NULL (0 there). */
static const int64_t *union_column(const walker *w, size_t u)
{
	size_t na = axe_side_naxes(&w->side);

	for (size_t a = 0; a < na; a++)
		if ((size_t)w->map[a] == u)
			return w->block[a];
	return NULL;
}

/* The first of "len" points where the blocks differ, or -1. */
static int64_t block_difference(const walker *wa, const walker *wb, size_t nu, int64_t len)
{
	int64_t first = -1;

	for (size_t u = 0; u < nu; u++) {
		const int64_t *x = union_column(wa, u), *y = union_column(wb, u);
		int64_t diff = 0, t;
		if (!x && !y)
			continue;
		/* An OR of differences first: a loop without an early exit vectorizes. */
		for (t = 0; t < len; t++)
			diff |= (x ? x[t] : 0) ^ (y ? y[t] : 0);
		if (diff == 0)
			continue;
		for (t = 0; (x ? x[t] : 0) == (y ? y[t] : 0); t++)
			;
		if (first < 0 || t < first)
			first = t;
	}
	return first;
}

/* ---- the walk ---- */

/* Move walker "w" to the point with row-major index "flat". */
static void walker_seek(walker *w, int64_t flat)
{
	if (w->program) {
		axe_expr_program_seek(w->program, flat);
	} else if (w->canon) {
		const axe_layout *L = w->canon;
		memset(w->base, 0, L->naxes * sizeof(int64_t));
		for (size_t k = L->nshard; k-- > 0;) {
			w->digit[k] = flat % L->shard[k].extent;
			flat /= L->shard[k].extent;
			w->base[L->shard[k].axis] += w->digit[k] * L->shard[k].stride;
		}
	} else {
		const axe_shape *s = &w->side.expr->shape;
		for (size_t d = s->rank; d-- > 0;) {
			w->coord[d] = flat % s->dim[d];
			flat /= s->dim[d];
		}
	}
}

static bool same_images(walker *wa, walker *wb, size_t nu)
{
	size_t n = walker_images(wa);

	return walker_images(wb) == n && memcmp(wa->rows, wb->rows, n * nu * sizeof(int64_t)) == 0;
}

/* Whether the run path applies: both S/R/O, and no swizzle or only singletons. */
static bool runs_apply(const walker *wa, const walker *wb)
{
	return wa->canon && wb->canon &&
	       ((!wa->canon->swizzle.present && !wb->canon->swizzle.present) ||
		(wa->se.ev.nimages == 1 && wb->se.ev.nimages == 1));
}

typedef enum path { PATH_RUNS, PATH_BLOCKS, PATH_POINTS } path;

/* What one worker walks with. */
typedef struct worker {
	walker a, b;
	lane la, lb;
	int64_t *lane_buf;
	int *lane_index;
	int64_t found;   /* the first differing point it saw, or -1 */
	int64_t checked; /* points it compared */
} worker;

/* The walk shared by the workers. */
typedef struct walk {
	const axe_equal_side *a, *b;
	const axe_shape *shape;
	const axe_axis_union *u;
	path path;
	int translated; /* the run path: P_A = P_B + t */
	int64_t size;
	double deadline;
	worker *workers;
	int jobs;
	int64_t task_points;
	const axe_progress *progress;
} walk;

static void worker_release(worker *w)
{
	walker_release(&w->a);
	walker_release(&w->b);
	free(w->lane_buf);
	free(w->lane_index);
}

static int worker_init(worker *w, walk *k, axe_error *err)
{
	size_t nu = k->u->n;

	memset(w, 0, sizeof(*w));
	w->found = -1;
	memset(&w->b, 0, sizeof(w->b));
	if (walker_init(&w->a, k->a, k->shape, k->u, 0, err) < 0 ||
	    walker_init(&w->b, k->b, k->shape, k->u, 1, err) < 0)
		return -1;
	w->lane_buf = calloc(4 * nu + 1, sizeof(int64_t));
	w->lane_index = calloc(2 * nu + 1, sizeof(int));
	if (!w->lane_buf || !w->lane_index)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	w->la = (lane){ w->lane_index, w->lane_buf, w->lane_buf + nu, -1 };
	w->lb = (lane){ w->lane_index + nu, w->lane_buf + 2 * nu, w->lane_buf + 3 * nu, -1 };
	return 0;
}

/* The path for the pair of walkers of worker "w". */
static int choose_path(walk *k, worker *w, axe_error *err)
{
	(void)err;
	if (runs_apply(&w->a, &w->b))
		k->path = PATH_RUNS;
	else
		k->path = single_images(&w->a) && single_images(&w->b) ? PATH_BLOCKS : PATH_POINTS;
	return 0;
}

static int worker_prepare(walk *k, worker *w, axe_error *err)
{
	if (k->path == PATH_BLOCKS)
		return walker_prepare_blocks(&w->a, err) < 0 || walker_prepare_blocks(&w->b, err) < 0
			       ? -1 : 0;
	if (k->path != PATH_RUNS)
		return 0;
	if ((k->translated = translated(&w->a, &w->b, &w->la, &w->lb)) < 0)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	lane_init(&w->la, &w->a);
	lane_init(&w->lb, &w->b);
	if (w->la.swizzled >= 0 && w->la.swizzled == w->lb.swizzled &&
	    same_swizzle(&w->a.canon->swizzle, &w->b.canon->swizzle))
		w->la.swizzled = w->lb.swizzled = -1; /* a bijection: compare before it */
	return 0;
}

/* The first point of the next "len" (at most) where the sides differ, or -1; "*len" walked. */
static int64_t next_difference(const walk *k, worker *w, int64_t *len)
{
	walker *wa = &w->a, *wb = &w->b;
	int64_t t = -1;

	switch (k->path) {
	case PATH_RUNS:
		if (walker_room(wa) < *len)
			*len = walker_room(wa);
		if (walker_room(wb) < *len)
			*len = walker_room(wb);
		t = k->translated ? run_difference(wa, &w->la, wb, &w->lb, k->u->n, *len) : 0;
		if (t < 0) {
			walker_advance(wa, *len);
			walker_advance(wb, *len);
		}
		return t;
	case PATH_BLOCKS:
		if (walker_block_room(wa) < *len)
			*len = walker_block_room(wa);
		if (walker_block_room(wb) < *len)
			*len = walker_block_room(wb);
		walker_fill_block(wa, *len);
		walker_fill_block(wb, *len);
		return block_difference(wa, wb, k->u->n, *len);
	default:
		*len = 1;
		if (!same_images(wa, wb, k->u->n))
			return 0;
		walker_advance(wa, 1);
		walker_advance(wb, 1);
		return -1;
	}
}

static enum axe_task_status run_task(void *ctx, int64_t task, int index)
{
	walk *k = ctx;
	worker *w = &k->workers[index];
	int64_t from = task * k->task_points, to = from + k->task_points;

	if (k->deadline > 0 && axe_clock() > k->deadline)
		return AXE_TASK_STOP;
	if (to > k->size)
		to = k->size;
	walker_seek(&w->a, from);
	walker_seek(&w->b, from);
	for (int64_t at = from; at < to;) {
		int64_t len = to - at, t = next_difference(k, w, &len);
		if (t >= 0) {
			w->found = at + t;
			w->checked += t;
			return AXE_TASK_FOUND;
		}
		at += len;
		w->checked += len;
	}
	return AXE_TASK_DONE;
}

static void progress_in_points(void *ctx, int64_t done, int64_t total)
{
	const walk *k = ctx;
	int64_t points = done * k->task_points;

	(void)total;
	k->progress->report(k->progress->ctx, points < k->size ? points : k->size, k->size);
}

static int walk_all(walk *k, enum axe_verdict *verdict, int64_t *flat, axe_error *err)
{
	int64_t ntasks = (k->size + k->task_points - 1) / k->task_points, checked = 0, found = -1;
	axe_progress points = { progress_in_points, k };
	int status;

	status = axe_parallel_run(ntasks, k->jobs, run_task, k,
				  k->progress && k->progress->report ? &points : NULL);
	if (status < 0)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "no thread could be started");
	for (int i = 0; i < k->jobs; i++) {
		checked += k->workers[i].checked;
		if (k->workers[i].found >= 0 && (found < 0 || k->workers[i].found < found))
			found = k->workers[i].found;
	}
	/* A difference found before the deadline stopped the walk is still one. */
	if (found >= 0) {
		*verdict = AXE_VERDICT_FALSE;
		*flat = found;
	} else {
		*verdict = status == AXE_TASK_STOP ? AXE_VERDICT_UNKNOWN : AXE_VERDICT_TRUE;
		*flat = checked;
	}
	return 0;
}

int axe_enumerate_equal(const axe_equal_side *a, const axe_equal_side *b,
			const axe_shape *shape, const axe_axis_union *u,
			const axe_enumerate_options *opt, enum axe_verdict *verdict,
			int64_t *flat, axe_error *err)
{
	walk k = { a, b, shape, u, PATH_POINTS, 1, 1, opt->deadline, NULL, 1,
		   opt->walk.task_points > 0 ? opt->walk.task_points : TASK_POINTS,
		   opt->walk.progress };
	int r = -1, ready = 0;

	for (size_t d = 0; d < shape->rank; d++)
		k.size *= shape->dim[d];
	if (opt->limit > 0 && opt->limit < k.size)
		k.size = opt->limit;
	k.jobs = axe_jobs_for(opt->walk.jobs, (k.size + k.task_points - 1) / k.task_points);
	k.workers = calloc((size_t)k.jobs, sizeof(worker));
	if (!k.workers)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (; ready < k.jobs; ready++)
		if (worker_init(&k.workers[ready], &k, err) < 0 ||
		    (ready == 0 && choose_path(&k, &k.workers[0], err) < 0) ||
		    worker_prepare(&k, &k.workers[ready], err) < 0) {
			ready++;
			goto out;
		}
	r = walk_all(&k, verdict, flat, err);
out:
	for (int i = 0; i < ready; i++)
		worker_release(&k.workers[i]);
	free(k.workers);
	return r;
}
