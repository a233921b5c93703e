/*
 * banks.c: the bank-conflict model of semantics.md "Bank conflicts" (see
 * banks.h): phases, the cost of one instruction, the tile of element
 * addresses, and the analysis that joins a plan with a tile.
 *
 * The cost of a phase counts distinct 4-byte words per bank, so two lanes on
 * one word (a broadcast on loads, one writer winning on stores) cost nothing
 * extra, and two halves of one word read by two lanes are one word.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "../core/dtype.h"
#include "../core/eval.h"
#include "../core/parallel.h"
#include "banks.h"
#include "banks_private.h"

static const char *const op_names[] = { "lds", "sts", "ldmatrix", "stmatrix" };

const char *axe_bank_op_name(axe_bank_op op)
{
	return op_names[op];
}

axe_bank_phasing axe_bank_phasing_of(axe_bank_op op, int num, int lane_bytes)
{
	if (op == AXE_BANK_LDMATRIX || op == AXE_BANK_STMATRIX)
		return (axe_bank_phasing){ num, 8, 16 };
	if (lane_bytes <= AXE_BANK_WORD)
		return (axe_bank_phasing){ 1, 32, lane_bytes };
	/* 128 bytes per phase: 16 lanes of 8 bytes, 8 lanes of 16 bytes. */
	return (axe_bank_phasing){ lane_bytes / AXE_BANK_WORD, AXE_BANK_PHASE_BYTES / lane_bytes,
				   lane_bytes };
}

/* Cost of one phase: the most distinct words any bank holds among "w" ("n" words). */
static int phase_cost(int64_t *w, int n)
{
	int per_bank[AXE_BANK_COUNT] = { 0 }, worst = 0;

	/* Insertion sort: a phase touches at most 32 words. */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && w[j - 1] > w[j]; j--) {
			int64_t x = w[j];
			w[j] = w[j - 1];
			w[j - 1] = x;
		}
	for (int i = 0; i < n; i++) {
		int bank;
		if (i > 0 && w[i] == w[i - 1])
			continue; /* the same word: no conflict */
		bank = (int)(w[i] % AXE_BANK_COUNT);
		if (++per_bank[bank] > worst)
			worst = per_bank[bank];
	}
	return worst;
}

void axe_bank_cost(axe_bank_instr *in, const axe_bank_phasing *ph)
{
	int words = axe_bank_lane_words(ph->lane_bytes);

	in->lanes = 0;
	in->wavefronts = in->ideal = in->max_way = 0;
	for (int p = 0; p < AXE_BANK_MAX_PHASES; p++)
		in->phase_cost[p] = 0;
	for (int p = 0; p < ph->nphases; p++) {
		int64_t w[AXE_BANK_LANES]; /* lanes_per_phase * words is at most 32 */
		int n = 0;
		for (int l = p * ph->lanes_per_phase; l < (p + 1) * ph->lanes_per_phase; l++) {
			if (in->byte[l] < 0)
				continue;
			in->lanes++;
			for (int k = 0; k < words; k++)
				w[n++] = in->byte[l] / AXE_BANK_WORD + k;
		}
		in->phase_cost[p] = phase_cost(w, n);
		in->wavefronts += in->phase_cost[p];
		in->ideal += n > 0;
		if (in->phase_cost[p] > in->max_way)
			in->max_way = in->phase_cost[p];
	}
	in->conflicts = in->wavefronts - in->ideal;
}

int64_t axe_bank_base_alignment(const axe_swizzle *sw, int elem_bytes)
{
	if (!sw->present)
		return 0;
	return (int64_t)elem_bytes << (sw->per_element + sw->len + sw->atom);
}

/* ---- the tile ---- */

/* The element type and the axes of a shared-memory map: m only, one image per point. */
static int check_smem_axes(const axe_layout *axes, bool replicated, int dtype,
			   const axe_loc *where, int span, axe_error *err)
{
	int m = axe_layout_axis_index(axes, "m");

	if (!axe_dtype_get(dtype)) {
		axe_error_set(err, AXE_ERR_VALUE, where, span,
			      "bank conflicts need the element type of the shared-memory layout");
		axe_error_hint(err, "give --dtype (for example --dtype f16) or 'dtype:' in the spec");
		return -1;
	}
	for (size_t a = 0; a < axes->naxes; a++)
		if ((int)a != m)
			return axe_error_set(err, AXE_ERR_VALUE, where, span,
					     "the shared-memory layout places data on axis '%s'; it "
					     "must use the memory axis 'm' only", axes->axis[a]);
	if (replicated)
		return axe_error_set(err, AXE_ERR_VALUE, where, span,
				     "the shared-memory layout has a replica; each element needs "
				     "exactly one address");
	return 0;
}

/* Addresses from "lo" to "hi" (before any swizzle of the tile): 0 or -1. */
static int check_smem_range(int64_t lo, int64_t hi, const axe_loc *where, int span,
			    axe_error *err)
{
	if (lo < 0)
		return axe_error_set(err, AXE_ERR_VALUE, where, span,
				     "the shared-memory layout reaches address %lld; addresses are "
				     "offsets from the buffer base and must not be negative",
				     (long long)lo);
	/* A swizzle only rewrites bits below the top one: addresses stay below 2*hi+1. */
	if (hi > INT64_MAX / (4 * AXE_BANK_MAX_VECTOR))
		return axe_error_set(err, AXE_ERR_OVERFLOW, where, span,
				     "the shared-memory layout reaches address %lld, too large "
				     "for byte offsets", (long long)hi);
	return 0;
}

/*
 * Walk the domain of "ev" once and record every element's address: of a
 * layout, D(x) + O before its swizzle and after it; of a map source, the
 * address it gives, which is both (its swizzle, if any, is in the map).
 */
static int fill_addresses(axe_bank_tile *t, const axe_evaluator *ev, axe_error *err)
{
	bool source = axe_evaluator_is_source(ev);
	int m = axe_layout_axis_index(ev->layout, "m");
	int64_t offset = m >= 0 && !source ? ev->layout->offset[m] : 0;
	int64_t image[AXE_MAX_AXES];
	axe_cursor cur;

	if (axe_cursor_init(&cur, ev, err) < 0)
		return -1;
	for (; !cur.done; axe_cursor_next(&cur)) {
		int64_t a = 0;
		if (m >= 0 && source) {
			axe_evaluator_images(ev, cur.base, false, image);
			a = image[m];
		} else if (m >= 0) {
			a = cur.base[m] + offset;
		}
		t->pre[cur.flat] = a;
		t->post[cur.flat] = source ? a : axe_swizzle_apply(&t->layout->swizzle, a);
	}
	axe_cursor_release(&cur);
	return 0;
}

/* The points of "t" within the limit: 0 or -1. */
static int check_points(const axe_bank_tile *t, const axe_loc *where, int span, axe_error *err)
{
	if (t->npoints > AXE_BANK_MAX_POINTS)
		return axe_error_set(err, AXE_ERR_LIMIT, where, span,
				     "the shared-memory layout has %lld elements; bank analysis "
				     "handles at most %lld", (long long)t->npoints,
				     (long long)AXE_BANK_MAX_POINTS);
	return 0;
}

/* The arrays of "t" (npoints set) filled from "ev"; 0, or -1 with "t" released. */
static int tile_fill(axe_bank_tile *t, const axe_evaluator *ev, axe_error *err)
{
	t->pre = malloc((size_t)t->npoints * sizeof(int64_t));
	t->post = malloc((size_t)t->npoints * sizeof(int64_t));
	t->text = axe_evaluator_is_source(ev) ? ev->source.text(ev->source.map)
					      : axe_layout_to_string(ev->layout);
	if (!t->pre || !t->post || !t->text) {
		axe_bank_tile_release(t);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	if (fill_addresses(t, ev, err) < 0) {
		axe_bank_tile_release(t);
		return -1;
	}
	return 0;
}

int axe_bank_tile_init(axe_bank_tile *t, const axe_layout *smem, const axe_shape *shape,
		       int dtype, const axe_loc *where, int span, axe_error *err)
{
	int m = axe_layout_axis_index(smem, "m");
	int64_t lo = 0, hi = 0;
	axe_evaluator ev;
	int rc;

	memset(t, 0, sizeof(*t));
	t->layout = smem;
	t->shape = *shape;
	t->dtype = dtype;
	if (check_smem_axes(smem, smem->nreplica > 0, dtype, where, span, err) < 0)
		return -1;
	if (m >= 0)
		axe_layout_axis_range(smem, m, &lo, &hi);
	if (check_smem_range(lo, hi, where, span, err) < 0 ||
	    axe_layout_size(smem, &t->npoints, err) < 0 || check_points(t, where, span, err) < 0 ||
	    axe_evaluator_init(&ev, smem, &t->shape, err) < 0)
		return -1;
	t->elem_bytes = axe_dtype_get(dtype)->bits / 8;
	rc = tile_fill(t, &ev, err);
	axe_evaluator_release(&ev);
	return rc;
}

int axe_bank_tile_init_of(axe_bank_tile *t, const axe_evaluator *ev, int dtype,
			  const axe_loc *where, int span, axe_error *err)
{
	int64_t lo = 0, hi = 0;

	memset(t, 0, sizeof(*t));
	t->layout = ev->layout;
	t->from_source = axe_evaluator_is_source(ev);
	t->shape = ev->shape;
	t->dtype = dtype;
	t->npoints = ev->size;
	if (check_smem_axes(ev->layout, ev->nimages > 1, dtype, where, span, err) < 0 ||
	    (ev->m_axis >= 0 && axe_evaluator_image_range(ev, ev->m_axis, &lo, &hi, err) < 0) ||
	    check_smem_range(lo, hi, where, span, err) < 0 || check_points(t, where, span, err) < 0)
		return -1;
	t->elem_bytes = axe_dtype_get(dtype)->bits / 8;
	return tile_fill(t, ev, err);
}

void axe_bank_tile_release(axe_bank_tile *t)
{
	free(t->pre);
	free(t->post);
	free(t->text);
	t->pre = t->post = NULL;
	t->text = NULL;
}

/* ---- runs of elements that one lane accesses as one vector ---- */

axe_bank_run axe_bank_check_run(const axe_bank_tile *t, const int64_t *flat, int n, int *bad)
{
	int64_t first = t->post[flat[0]];
	bool linear_before = true;

	*bad = 0;
	for (int i = 1; i < n; i++) {
		if (t->post[flat[i]] == first + i)
			continue;
		*bad = i;
		for (int k = 1; k < n; k++)
			if (t->pre[flat[k]] != t->pre[flat[0]] + k)
				linear_before = false;
		return linear_before && t->layout->swizzle.present ? AXE_BANK_RUN_SPLIT
								   : AXE_BANK_RUN_GAP;
	}
	return first % n == 0 ? AXE_BANK_RUN_OK : AXE_BANK_RUN_MISALIGNED;
}

void axe_bank_format_coord(const axe_shape *shape, int64_t flat, char *buf, size_t size)
{
	int64_t coord[AXE_MAX_RANK];
	size_t len = 0;

	for (size_t d = shape->rank; d-- > 0;) {
		coord[d] = flat % shape->dim[d];
		flat /= shape->dim[d];
	}
	len += (size_t)snprintf(buf, size, "(");
	for (size_t d = 0; d < shape->rank && len < size; d++)
		len += (size_t)snprintf(buf + len, size - len, "%s%lld", d ? ", " : "",
					(long long)coord[d]);
	if (len < size)
		snprintf(buf + len, size - len, ")");
}

const char *axe_bank_describe_run(const axe_bank_tile *t, axe_bank_run kind, const int64_t *flat,
				  int n, int bad, const char *what, bool narrower, char *msg,
				  char *hint, size_t size)
{
	char a[96], b[96], z[96];
	int eb = t->elem_bytes;
	const axe_swizzle *sw = &t->layout->swizzle;

	axe_bank_format_coord(&t->shape, flat[0], a, sizeof(a));
	axe_bank_format_coord(&t->shape, flat[bad], b, sizeof(b));
	axe_bank_format_coord(&t->shape, flat[n - 1], z, sizeof(z));
	hint[0] = '\0';
	if (kind == AXE_BANK_RUN_MISALIGNED) {
		snprintf(msg, size, "%s starts at byte %lld, which is not a multiple of %d",
			 what, (long long)(t->post[flat[0]] * eb), n * eb);
		snprintf(hint, size, "an access must start at a multiple of its size: pad rows to "
			 "a multiple of %d bytes%s", n * eb, narrower ? " or use a narrower vector" : "");
	} else if (kind == AXE_BANK_RUN_SPLIT) {
		snprintf(msg, size, "the swizzle splits %s: %s..%s are contiguous before "
			 "Swizzle(%d,%d,%d), but after it %s is at byte %lld and %s at byte %lld",
			 what, a, z, sw->per_element, sw->len, sw->atom, a,
			 (long long)(t->post[flat[0]] * eb), b, (long long)(t->post[flat[bad]] * eb));
		snprintf(hint, size, "Swizzle(%d,%d,%d) keeps runs of %d elements (%d bytes) "
			 "together%s", sw->per_element, sw->len, sw->atom, 1 << sw->per_element,
			 (1 << sw->per_element) * eb, narrower ? ": use a narrower vector" : "");
	} else {
		snprintf(msg, size, "%s is not contiguous in shared memory: %s is at byte %lld "
			 "but %s at byte %lld", what, a, (long long)(t->post[flat[0]] * eb), b,
			 (long long)(t->post[flat[bad]] * eb));
	}
	return hint[0] ? hint : NULL;
}

/* ---- lane plans: instructions listed directly ---- */

/* Check the run of lane "l" of instruction "i", which starts at "flat". */
static int check_lane_run(const axe_bank_plan *p, const axe_bank_tile *t, int64_t i, int l,
			  int64_t flat, axe_error *err)
{
	int n = p->vector_bytes / t->elem_bytes, bad;
	int64_t run[AXE_BANK_MAX_VECTOR];
	int64_t cols = t->shape.rank ? t->shape.dim[t->shape.rank - 1] : 1; /* () is 1x1 */
	char what[96], msg[400], hint[400];
	axe_bank_run kind;
	axe_loc loc = p->where;
	int span = p->span;

	snprintf(what, sizeof(what), "the %d-byte %s of lane %d (step %lld)", p->vector_bytes,
		 p->num ? "row" : "access", l, (long long)i);
	if (p->lane_node && p->lane_node[i * AXE_BANK_LANES + l]) {
		loc = axe_spec_loc(p->spec, p->lane_node[i * AXE_BANK_LANES + l]);
		span = 1;
	}
	if (flat % cols + n > cols)
		return axe_error_set(err, AXE_ERR_VALUE, &loc, span,
				     "%s runs past the end of its row (the last dimension has "
				     "%lld elements)", what, (long long)cols);
	for (int k = 0; k < n; k++)
		run[k] = flat + k;
	kind = axe_bank_check_run(t, run, n, &bad);
	if (kind == AXE_BANK_RUN_OK)
		return 0;
	axe_bank_describe_run(t, kind, run, n, bad, what, !p->num, msg, hint, sizeof(msg));
	axe_error_set(err, AXE_ERR_VALUE, &loc, span, "%s", msg);
	if (hint[0])
		axe_error_hint(err, "%s", hint);
	return -1;
}

/* Append an instruction to "r"; NULL on no memory. */
axe_bank_instr *axe_bank_result_push(axe_bank_result *r, int64_t *cap)
{
	if (r->ninstr == *cap) {
		int64_t n = *cap ? 2 * *cap : 64;
		axe_bank_instr *p = realloc(r->instr, (size_t)n * sizeof(*p));
		if (!p)
			return NULL;
		r->instr = p;
		*cap = n;
	}
	return &r->instr[r->ninstr++];
}

bool axe_bank_selected(const axe_bank_select *sel, int64_t warp, int64_t step)
{
	return !sel || ((!sel->by_warp || sel->warp == warp) && (!sel->by_step || sel->step == step));
}

static int lane_instructions(const axe_bank_plan *p, const axe_bank_tile *t,
			     const axe_bank_select *sel, axe_bank_result *r, axe_error *err)
{
	int64_t cap = 0;

	if (p->vector_bytes % t->elem_bytes != 0)
		return axe_error_set(err, AXE_ERR_VALUE, &p->where, p->span,
				     "%d-byte accesses cannot hold whole %d-byte elements",
				     p->vector_bytes, t->elem_bytes);
	for (int64_t i = 0; i < p->ninstr; i++) {
		const int64_t *lanes = p->lane_flat + i * AXE_BANK_LANES;
		axe_bank_instr *in;

		for (int l = 0; l < AXE_BANK_LANES; l++)
			if (lanes[l] >= 0 && check_lane_run(p, t, i, l, lanes[l], err) < 0)
				return -1;
		if (!axe_bank_selected(sel, 0, i))
			continue;
		if (!(in = axe_bank_result_push(r, &cap)))
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		in->warp = 0;
		in->step = i;
		for (int l = 0; l < AXE_BANK_LANES; l++) {
			in->flat[l] = lanes[l];
			in->byte[l] = lanes[l] < 0 ? -1 : t->post[lanes[l]] * t->elem_bytes;
		}
	}
	return 0;
}

#define COST_TASK 4096 /* instructions of one costing task */

typedef struct cost_tasks {
	axe_bank_result *r;
	int64_t per_task;
} cost_tasks;

static enum axe_task_status cost_task(void *ctx, int64_t task, int worker)
{
	cost_tasks *c = ctx;
	int64_t first = task * c->per_task, end = first + c->per_task;

	(void)worker;
	for (int64_t i = first; i < end && i < c->r->ninstr; i++)
		axe_bank_cost(&c->r->instr[i], &c->r->phasing);
	return AXE_TASK_DONE;
}

int axe_bank_analyze_walk(const axe_bank_plan *p, const axe_bank_tile *t,
			  const axe_bank_select *sel, const axe_walk_options *walk,
			  axe_bank_result *r, axe_error *err)
{
	cost_tasks c = { r, walk && walk->task_points > 0 ? walk->task_points : COST_TASK };
	int64_t ntasks;
	int rc;

	memset(r, 0, sizeof(*r));
	if (p->source == AXE_BANK_FROM_THREADS)
		rc = axe_bank_thread_instructions(p, t, sel, r, err);
	else
		rc = lane_instructions(p, t, sel, r, err);
	if (rc < 0) {
		axe_bank_result_release(r);
		return -1;
	}
	if (p->source != AXE_BANK_FROM_THREADS)
		r->phasing = axe_bank_phasing_of(p->op, p->num, p->vector_bytes);
	ntasks = (r->ninstr + c.per_task - 1) / c.per_task;
	if (axe_parallel_run(ntasks, axe_jobs_for(walk ? walk->jobs : 1, ntasks), cost_task, &c,
			     walk ? walk->progress : NULL) < 0) {
		axe_bank_result_release(r);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "no thread could be started");
	}
	r->total.instructions = r->ninstr;
	for (int64_t i = 0; i < r->ninstr; i++) {
		const axe_bank_instr *in = &r->instr[i];
		r->total.wavefronts += in->wavefronts;
		r->total.ideal += in->ideal;
		if (in->max_way > r->total.max_way)
			r->total.max_way = in->max_way;
	}
	r->total.conflicts = r->total.wavefronts - r->total.ideal;
	return 0;
}

int axe_bank_analyze(const axe_bank_plan *p, const axe_bank_tile *t, const axe_bank_select *sel,
		     axe_bank_result *r, axe_error *err)
{
	return axe_bank_analyze_walk(p, t, sel, NULL, r, err);
}

void axe_bank_result_release(axe_bank_result *r)
{
	free(r->instr);
	r->instr = NULL;
	r->ninstr = 0;
}

int64_t axe_bank_worst(const axe_bank_result *r)
{
	int64_t best = -1;

	for (int64_t i = 0; i < r->ninstr; i++)
		if (best < 0 || r->instr[i].wavefronts > r->instr[best].wavefronts)
			best = i;
	return best;
}

void axe_bank_plan_release(axe_bank_plan *p)
{
	free(p->slot);
	free(p->lane_flat);
	free(p->lane_node);
	p->slot = p->lane_flat = NULL;
	p->lane_node = NULL;
}
