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
 * - otherwise: both image sets at every point, as sorted rows over the
 *   union of the axes.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../algebra/canon.h"
#include "enumerate.h"

#define CLOCK_EVERY 65536 /* points between two looks at the clock */

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

/* ---- the walk ---- */

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

static int walk(walker *wa, walker *wb, size_t nu, double deadline,
		enum axe_verdict *verdict, int64_t *flat, axe_error *err)
{
	bool runs = runs_apply(wa, wb);
	int64_t *buf = calloc(4 * nu + 1, sizeof(int64_t)), checked = 0, next_clock = CLOCK_EVERY;
	int *index = calloc(2 * nu + 1, sizeof(int)), same = 1;
	lane la = { index, buf, buf + nu, -1 }, lb = { index + nu, buf + 2 * nu, buf + 3 * nu, -1 };
	int64_t size = wa->canon ? wa->se.ev.size : axe_expr_layout_size(wa->side.expr);

	if (!buf || !index || (runs && (same = translated(wa, wb, &la, &lb)) < 0)) {
		free(buf);
		free(index);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	if (runs) {
		lane_init(&la, wa);
		lane_init(&lb, wb);
		if (la.swizzled >= 0 && la.swizzled == lb.swizzled &&
		    same_swizzle(&wa->canon->swizzle, &wb->canon->swizzle))
			la.swizzled = lb.swizzled = -1; /* a bijection: compare before it */
	}
	*verdict = AXE_VERDICT_TRUE;
	while (checked < size) {
		int64_t len = 1, t = -1;
		if (runs) {
			len = walker_room(wa) < walker_room(wb) ? walker_room(wa) : walker_room(wb);
			t = same ? run_difference(wa, &la, wb, &lb, nu, len) : 0;
		} else if (!same_images(wa, wb, nu)) {
			t = 0;
		}
		if (t >= 0) {
			*verdict = AXE_VERDICT_FALSE;
			*flat = checked + t;
			break;
		}
		checked += len;
		if (deadline > 0 && checked >= next_clock) {
			next_clock = checked + CLOCK_EVERY;
			if (axe_clock() > deadline) {
				*verdict = AXE_VERDICT_UNKNOWN;
				*flat = checked;
				break;
			}
		}
		walker_advance(wa, len);
		walker_advance(wb, len);
	}
	free(buf);
	free(index);
	return 0;
}

int axe_enumerate_equal(const axe_equal_side *a, const axe_equal_side *b,
			const axe_shape *shape, const axe_axis_union *u, double deadline,
			enum axe_verdict *verdict, int64_t *flat, axe_error *err)
{
	walker wa, wb;
	int r = -1;

	memset(&wb, 0, sizeof(wb));
	if (walker_init(&wa, a, shape, u, 0, err) == 0 &&
	    walker_init(&wb, b, shape, u, 1, err) == 0)
		r = walk(&wa, &wb, u->n, deadline, verdict, flat, err);
	walker_release(&wa);
	walker_release(&wb);
	return r;
}
