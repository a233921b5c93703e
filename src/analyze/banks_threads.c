/*
 * banks_threads.c: accesses described by a thread layout over the tile
 * (semantics.md "Bank conflicts"): each element's image names a thread and
 * a register; each warp's lanes at one register step form one instruction,
 * and a lane's consecutive registers that are contiguous and aligned in
 * shared memory after the swizzle form one vector of up to 16 bytes.
 *
 * Threads are numbered the way CUDA numbers the threads of a block (x
 * fastest, 32 to a warp, 4 warps to a warpgroup), so the thread axes of
 * core/axes.def combine into one index by the relations there
 * (core/relate.h, axe_thread_weight): laneid + tx + tid + tid_in_wg
 * + 32 (warpid + wid_in_wg) + 128 wgid (each term present when the layout
 * names the axis).  ty and tz need blockDim.x, and block axes leave the
 * block whose shared memory this is; both are refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "../core/axes.h"
#include "../core/dtype.h"
#include "../core/eval.h"
#include "../core/relate.h"
#include "banks_private.h"

#define GROUP_EMPTY (-2)   /* the lane holds none of the group's registers */
#define GROUP_PARTIAL (-1) /* some, not all */

/* The weight of thread axis "name", or 0 when it cannot be placed in a warp. */
static int64_t thread_weight(const char *name)
{
	return axe_thread_weight(name);
}

static int refuse_axis(const char *name, const axe_loc *where, int span, axe_error *err)
{
	if (strcmp(name, "ty") == 0 || strcmp(name, "tz") == 0) {
		axe_error_set(err, AXE_ERR_VALUE, where, span,
			      "thread axis '%s' needs blockDim.x to tell which warp a thread is in",
			      name);
		axe_error_hint(err, "write the thread layout on 'tid', the linear thread index "
			       "tx + ty*blockDim.x + tz*blockDim.x*blockDim.y");
		return -1;
	}
	if (axe_axis_kind_of(name) == AXE_AXIS_THREAD)
		return axe_error_set(err, AXE_ERR_VALUE, where, span,
				     "axis '%s' numbers thread blocks, but shared memory belongs to "
				     "one block: give the layout of one block's threads", name);
	return axe_error_set(err, AXE_ERR_VALUE, where, span,
			     "device axis '%s' has no place in a warp's shared-memory access",
			     name);
}

/*
 * Sort the axes of "T" into thread weights ("weight", 0 for the register)
 * and the register axis ("*reg", -1 when T names none).
 */
static int classify_axes(const axe_layout *T, int64_t *weight, int *reg, const axe_loc *where,
			 int span, axe_error *err)
{
	bool any_thread = false;

	*reg = -1;
	for (size_t a = 0; a < T->naxes; a++) {
		const char *name = T->axis[a];
		weight[a] = 0;
		if (axe_axis_kind_of(name) == AXE_AXIS_MEMORY) {
			if (*reg >= 0)
				return axe_error_set(err, AXE_ERR_VALUE, where, span,
						     "the thread layout names two memory axes, '%s' "
						     "and '%s'; the register index must be on one",
						     T->axis[*reg], name);
			*reg = (int)a;
			continue;
		}
		weight[a] = thread_weight(name);
		if (!weight[a])
			return refuse_axis(name, where, span, err);
		any_thread = true;
	}
	if (!any_thread)
		return axe_error_set(err, AXE_ERR_VALUE, where, span,
				     "the thread layout names no thread axis (laneid, warpid, tx, "
				     "tid, ...)");
	return 0;
}

/* Check the thread axes' ranges of "ev" and size the slot table of "p". */
static int size_table(axe_bank_plan *p, const axe_evaluator *ev, const int64_t *weight, int reg,
		      const axe_loc *where, int span, axe_error *err)
{
	const axe_layout *T = ev->layout; /* its axis names */
	int64_t lo_thread = 0, hi_thread = 0, slots, lo, hi;

	for (size_t a = 0; a < T->naxes; a++) {
		const axe_axis_info *info = axe_axis_lookup(T->axis[a]);
		if (!weight[a])
			continue;
		/* No swizzle (refused): the image range is the axis range. */
		if (axe_evaluator_image_range(ev, (int)a, &lo, &hi, err) < 0)
			return -1;
		if (lo < 0)
			return axe_error_set(err, AXE_ERR_VALUE, where, span,
					     "thread axis '%s' reaches %lld; thread indices start at 0",
					     T->axis[a], (long long)lo);
		if (info && info->size > 0 && hi >= info->size)
			return axe_error_set(err, AXE_ERR_VALUE, where, span,
					     "thread axis '%s' reaches %lld, outside [0, %lld)",
					     T->axis[a], (long long)hi, (long long)info->size);
		if (axe_mul_ovf(lo, weight[a], &lo) || axe_mul_ovf(hi, weight[a], &hi) ||
		    axe_add_ovf(lo_thread, lo, &lo_thread) || axe_add_ovf(hi_thread, hi, &hi_thread))
			return axe_error_set(err, AXE_ERR_OVERFLOW, where, span,
					     "thread indices overflow 64 bits");
	}
	p->warp0 = lo_thread / AXE_BANK_LANES;
	p->nwarps = hi_thread / AXE_BANK_LANES - p->warp0 + 1;
	p->reg0 = 0;
	p->nregs = 1;
	if (reg >= 0) {
		if (axe_evaluator_image_range(ev, reg, &lo, &hi, err) < 0)
			return -1;
		p->reg0 = lo;
		if (axe_sub_ovf(hi, lo, &p->nregs) || axe_add_ovf(p->nregs, 1, &p->nregs))
			return axe_error_set(err, AXE_ERR_OVERFLOW, where, span,
					     "register indices overflow 64 bits");
	}
	if (axe_mul_ovf(p->nwarps, AXE_BANK_LANES, &slots) || axe_mul_ovf(slots, p->nregs, &slots) ||
	    slots > AXE_BANK_MAX_SLOTS)
		return axe_error_set(err, AXE_ERR_LIMIT, where, span,
				     "the thread layout spans %lld warp%s and %lld registers; bank "
				     "analysis handles at most %lld lane registers",
				     (long long)p->nwarps, p->nwarps == 1 ? "" : "s", (long long)p->nregs,
				     (long long)AXE_BANK_MAX_SLOTS);
	p->slot = malloc((size_t)slots * sizeof(int64_t));
	if (!p->slot)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (int64_t s = 0; s < slots; s++)
		p->slot[s] = -1;
	return 0;
}

/* Record that image "img" of element "flat" holds it; two elements in one register is an error. */
static int place(axe_bank_plan *p, const axe_evaluator *ev, const int64_t *weight, int reg,
		 const int64_t *img, int64_t flat, const axe_loc *where, int span, axe_error *err)
{
	int64_t thread = 0, r = reg >= 0 ? img[reg] - p->reg0 : 0, *slot;
	char a[96], b[96];

	for (size_t k = 0; k < ev->naxes; k++)
		thread += weight[k] * img[k];
	slot = &p->slot[((thread / AXE_BANK_LANES - p->warp0) * AXE_BANK_LANES +
			 thread % AXE_BANK_LANES) * p->nregs + r];
	if (*slot < 0 || *slot == flat) {
		*slot = flat;
		return 0;
	}
	axe_bank_format_coord(&ev->shape, *slot, a, sizeof(a));
	axe_bank_format_coord(&ev->shape, flat, b, sizeof(b));
	axe_error_set(err, AXE_ERR_VALUE, where, span,
		      "lane %lld of warp %lld holds two elements in register %lld: %s and %s",
		      (long long)(thread % AXE_BANK_LANES), (long long)(thread / AXE_BANK_LANES),
		      (long long)(r + p->reg0), a, b);
	axe_error_hint(err, "each element a lane holds needs its own register (memory axis) "
		       "value");
	return -1;
}

static int refuse_swizzle(const axe_loc *where, int span, axe_error *err)
{
	return axe_error_set(err, AXE_ERR_VALUE, where, span, "the thread layout has a swizzle; "
			     "only the shared-memory layout may have one");
}

static int fill_table(axe_bank_plan *p, const axe_evaluator *ev, const int64_t *weight, int reg,
		      const axe_loc *where, int span, axe_error *err)
{
	axe_cursor cur;
	int64_t *images = malloc(ev->nimages * (ev->naxes ? ev->naxes : 1) * sizeof(int64_t));
	int rc = 0;

	if (!images || axe_cursor_init(&cur, ev, err) < 0) {
		free(images);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	for (; rc == 0 && !cur.done; axe_cursor_next(&cur)) {
		size_t n = axe_evaluator_images(ev, cur.base, true, images);
		for (size_t i = 0; rc == 0 && i < n; i++)
			rc = place(p, ev, weight, reg, images + i * ev->naxes, cur.flat, where, span,
				   err);
	}
	axe_cursor_release(&cur);
	free(images);
	return rc;
}

int axe_bank_plan_threads_of(axe_bank_plan *p, const axe_evaluator *ev, const axe_loc *where,
			     int span, axe_error *err)
{
	int64_t *weight = malloc((ev->naxes ? ev->naxes : 1) * sizeof(int64_t));
	int reg;
	int rc = -1;

	memset(p, 0, sizeof(*p));
	p->source = AXE_BANK_FROM_THREADS;
	p->op = AXE_BANK_LDS;
	snprintf(p->label, sizeof(p->label), "thread layout");
	if (!weight)
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	else if (ev->layout->swizzle.present)
		refuse_swizzle(where, span, err);
	else if (classify_axes(ev->layout, weight, &reg, where, span, err) == 0 &&
		 size_table(p, ev, weight, reg, where, span, err) == 0)
		rc = fill_table(p, ev, weight, reg, where, span, err);
	free(weight);
	if (rc < 0)
		axe_bank_plan_release(p);
	return rc;
}

int axe_bank_plan_threads(axe_bank_plan *p, const axe_layout *T, const axe_shape *shape,
			  const axe_loc *where, int span, axe_error *err)
{
	int64_t size, points = 1;
	axe_evaluator ev;
	int rc;

	memset(p, 0, sizeof(*p));
	for (size_t d = 0; d < shape->rank; d++)
		if (axe_mul_ovf(points, shape->dim[d], &points))
			points = -1; /* no layout has that many points: reported below */
	if (T->swizzle.present)
		return refuse_swizzle(where, span, err);
	if (axe_layout_size(T, &size, err) < 0)
		return -1;
	if (size != points)
		return axe_error_set(err, AXE_ERR_VALUE, where, span,
				     "the thread layout has %lld points but the tile has %lld",
				     (long long)size, (long long)points);
	if (axe_evaluator_init(&ev, T, shape, err) < 0)
		return -1;
	rc = axe_bank_plan_threads_of(p, &ev, where, span, err);
	axe_evaluator_release(&ev);
	return rc;
}

int axe_bank_plan_force_vector(axe_bank_plan *p, int64_t bytes, const axe_loc *where, int span,
			       axe_error *err)
{
	if (bytes < 1 || bytes > AXE_BANK_MAX_VECTOR || (bytes & (bytes - 1)))
		return axe_error_set(err, AXE_ERR_VALUE, where, span,
				     "a vector is 1, 2, 4, 8 or 16 bytes, not %lld", (long long)bytes);
	p->vector_bytes = (int)bytes;
	p->vector_where = *where;
	p->vector_span = span;
	return 0;
}

/* ---- vectors over registers ---- */

/* Where a group of registers failed to be a vector. */
typedef struct group_fault {
	int status;          /* GROUP_PARTIAL or an axe_bank_run */
	int64_t warp, lane, group, missing;
	int64_t run[AXE_BANK_MAX_VECTOR];
	int bad;
} group_fault;

/*
 * The status of registers ["group" * n, + n) of "lane" in warp row "w":
 * GROUP_EMPTY, GROUP_PARTIAL, or the run's classification; the run in "f".
 */
static int group_status(const axe_bank_plan *p, const axe_bank_tile *t, int64_t w, int64_t lane,
			int64_t group, int n, group_fault *f)
{
	const int64_t *slots = p->slot + (w * AXE_BANK_LANES + lane) * p->nregs;
	int present = 0;

	for (int k = 0; k < n; k++) {
		int64_t r = group * n + k;
		f->run[k] = r < p->nregs ? slots[r] : -1;
		if (f->run[k] >= 0)
			present++;
		else
			f->missing = r;
	}
	if (present == 0)
		return GROUP_EMPTY;
	if (present < n)
		return GROUP_PARTIAL;
	return (int)axe_bank_check_run(t, f->run, n, &f->bad);
}

/* The first group that is not a vector of "n" elements; false when there is none. */
static bool find_fault(const axe_bank_plan *p, const axe_bank_tile *t, int n, group_fault *f)
{
	int64_t groups = (p->nregs + n - 1) / n;

	for (int64_t w = 0; w < p->nwarps; w++)
		for (int64_t lane = 0; lane < AXE_BANK_LANES; lane++)
			for (int64_t g = 0; g < groups; g++) {
				int s = group_status(p, t, w, lane, g, n, f);
				if (s == GROUP_EMPTY || s == AXE_BANK_RUN_OK)
					continue;
				f->status = s;
				f->warp = w + p->warp0;
				f->lane = lane;
				f->group = g;
				return true;
			}
	return false;
}

/* Explain fault "f" of "n"-element vectors into "msg" and "hint" ("size" bytes each). */
static void explain(const axe_bank_plan *p, const axe_bank_tile *t, const group_fault *f,
		    int n, char *msg, char *hint, size_t size)
{
	char what[128];
	int64_t first = p->reg0 + f->group * n;

	snprintf(what, sizeof(what), "the %d-byte access of lane %lld (warp %lld, step %lld)",
		 n * t->elem_bytes, (long long)f->lane, (long long)f->warp, (long long)f->group);
	if (f->status != GROUP_PARTIAL) {
		axe_bank_describe_run(t, (axe_bank_run)f->status, f->run, n, f->bad, what, true,
				      msg, hint, size);
		return;
	}
	snprintf(msg, size, "%s covers registers %lld-%lld, but the lane holds nothing in "
		 "register %lld", what, (long long)first, (long long)(first + n - 1),
		 (long long)(p->reg0 + f->missing));
	hint[0] = '\0';
}

/* The widest vector (in elements) every group forms; why not wider into "r". */
static int infer_width(const axe_bank_plan *p, const axe_bank_tile *t, axe_bank_result *r)
{
	group_fault f;
	int n = AXE_BANK_MAX_VECTOR / t->elem_bytes;

	/* One element is always a vector: find_fault fails only for n > 1. */
	while (n > 1 && find_fault(p, t, n, &f))
		n /= 2;
	r->inferred = true;
	r->limit = AXE_BANK_LIMIT_NONE;
	if (2 * n * t->elem_bytes <= AXE_BANK_MAX_VECTOR && find_fault(p, t, 2 * n, &f) &&
	    (f.status == AXE_BANK_RUN_SPLIT || f.status == AXE_BANK_RUN_MISALIGNED)) {
		r->limit = f.status == AXE_BANK_RUN_SPLIT ? AXE_BANK_LIMIT_SPLIT
							  : AXE_BANK_LIMIT_MISALIGNED;
		char hint[sizeof(r->limit_text)];
		explain(p, t, &f, 2 * n, r->limit_text, hint, sizeof(r->limit_text));
	}
	return n;
}

/* Check the forced width of "p" on "t"; the width in elements, or -1. */
static int forced_width(const axe_bank_plan *p, const axe_bank_tile *t, axe_error *err)
{
	int bytes = p->vector_bytes, eb = t->elem_bytes;
	char msg[400], hint[400];
	group_fault f;

	if (bytes % eb)
		return axe_error_set(err, AXE_ERR_VALUE, &p->vector_where, p->vector_span,
				     "%d-byte vectors cannot hold whole %d-byte %s elements", bytes,
				     eb, axe_dtype_get(t->dtype)->name);
	if (!find_fault(p, t, bytes / eb, &f))
		return bytes / eb;
	explain(p, t, &f, bytes / eb, msg, hint, sizeof(msg));
	axe_error_set(err, AXE_ERR_VALUE, &p->vector_where, p->vector_span, "%s", msg);
	if (hint[0])
		axe_error_hint(err, "%s", hint);
	return -1;
}

int axe_bank_thread_instructions(const axe_bank_plan *p, const axe_bank_tile *t,
				 const axe_bank_select *sel, axe_bank_result *r, axe_error *err)
{
	int n = p->vector_bytes ? forced_width(p, t, err) : infer_width(p, t, r);
	int64_t cap = 0, groups;

	if (n < 0)
		return -1;
	r->phasing = axe_bank_phasing_of(p->op, 0, n * t->elem_bytes);
	groups = (p->nregs + n - 1) / n;
	for (int64_t w = 0; w < p->nwarps; w++)
		for (int64_t g = 0; g < groups; g++) {
			axe_bank_instr in = { .warp = w + p->warp0, .step = g };
			bool active = false;
			for (int64_t lane = 0; lane < AXE_BANK_LANES; lane++) {
				int64_t flat = p->slot[(w * AXE_BANK_LANES + lane) * p->nregs + g * n];
				in.flat[lane] = flat;
				in.byte[lane] = flat < 0 ? -1 : t->post[flat] * t->elem_bytes;
				active |= flat >= 0;
			}
			if (!active || !axe_bank_selected(sel, in.warp, in.step))
				continue;
			axe_bank_instr *slot = axe_bank_result_push(r, &cap);
			if (!slot)
				return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
			*slot = in;
		}
	return 0;
}
