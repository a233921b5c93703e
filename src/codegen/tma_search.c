/*
 * tma_search.c: the planner's own box (tma_private.h).  The modes of the
 * region, innermost first by shared stride, are cut into box dimensions:
 * dimension 0 takes a divisor of the contiguous run (a multiple of 16
 * bytes, at most 256 elements and the swizzle span), and each further
 * dimension a divisor of what comes next in shared memory, provided it lies
 * there densely (one box row pitch, then the box so far).  Every prefix of
 * such a chain is an arrangement; tma_box.c turns one into a tensor map and
 * loops of copies, and the rules accept or refuse it.
 *
 * The search is a depth-first branch and bound: the box with the most
 * elements has the fewest copies; among boxes of the same size the lower
 * rank wins.  Divisors are tried largest first and children before their
 * parent, so that the first plan found is usually the best, and a branch
 * whose largest possible box is no larger than the best plan's is cut.
 * Heights that are not powers of two (a 300-row tile in boxes of 100) come
 * out of the same enumeration.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/dtype.h"
#include "tma_private.h"

#define MAX_BOX_DIM 256
#define MAX_EVALUATIONS 20000 /* arrangements one search may plan: about 50 ms */
#define MAX_RULES 8 /* distinct rules named in a refusal's list of arrangements */

/* The refused arrangements of one rule: the largest box, and how many others. */
typedef struct tried_rule {
	char rule[96];
	char box[96];
	long others;
} tried_rule;

typedef struct search {
	tma_work *w;
	axe_tma_plan *best, *scratch;
	int64_t best_elems;
	int best_rank;
	axe_tma_refusal refused;  /* the refusal of the largest box tried */
	int64_t refused_elems;
	tried_rule tried[MAX_RULES];
	int nrules;
	long evaluations;
	axe_error *err;
	int error;                /* -1 once an error is set */
} search;

int axe_tma_split_mode(tma_work *w, size_t k, int64_t inner, axe_error *err)
{
	tma_mode outer = w->mode[k];

	if (w->nmodes == TMA_MAX_MODES)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0, "the copy needs more than %d "
				     "modes", TMA_MAX_MODES);
	outer.n /= inner;
	outer.gstride *= inner;
	outer.sstride *= inner;
	outer.q *= inner;
	memmove(&w->mode[k + 2], &w->mode[k + 1], (w->nmodes - k - 1) * sizeof(tma_mode));
	w->mode[k].n = inner;
	w->mode[k + 1] = outer;
	w->nmodes++;
	return 0;
}

int axe_tma_apply(tma_work *w, const tma_arrangement *a, axe_error *err)
{
	size_t k = 0;

	memcpy(w->mode, w->base, w->nbase * sizeof(w->mode[0]));
	w->nmodes = w->nbase;
	for (size_t i = 0; i < w->nmodes; i++)
		w->mode[i].box = false;
	for (int i = 0; i < a->rank; i++, k++) {
		if (a->box[i] < w->mode[k].n && axe_tma_split_mode(w, k, a->box[i], err) < 0)
			return -1;
		w->mode[k].box = true;
	}
	return 0;
}

/* The most elements box dimension 0 may hold: 256, and the swizzle span. */
static int64_t inner_limit(const tma_work *w)
{
	return w->span > 0 && w->span < MAX_BOX_DIM ? w->span : MAX_BOX_DIM;
}

/* "a * b", or INT64_MAX when it overflows. */
static int64_t sat_mul(int64_t a, int64_t b)
{
	int64_t r;

	return __builtin_mul_overflow(a, b, &r) ? INT64_MAX : r;
}

/* "{64, 2, 128}": the box of "a", outermost first as the tool writes boxes. */
static void box_text(const tma_arrangement *a, char *buf, size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "{");

	for (int i = a->rank; i-- > 0 && n < size;)
		n += (size_t)snprintf(buf + n, size - n, "%s%lld", i + 1 < a->rank ? ", " : "",
				      (long long)a->box[i]);
	if (n < size)
		snprintf(buf + n, size - n, "}");
}

/* Add "a", refused by "why", to the arrangements tried, by rule. */
static void note_refusal(search *S, const tma_arrangement *a, const axe_tma_refusal *why,
			 int64_t elems)
{
	int i = 0;

	if (elems > S->refused_elems) {
		S->refused = *why;
		S->refused_elems = elems;
	}
	while (i < S->nrules && strcmp(S->tried[i].rule, why->rule) != 0)
		i++;
	if (i < S->nrules) {
		S->tried[i].others++;
		return;
	}
	if (S->nrules == MAX_RULES)
		return;
	snprintf(S->tried[i].rule, sizeof(S->tried[i].rule), "%s", why->rule);
	box_text(a, S->tried[i].box, sizeof(S->tried[i].box));
	S->tried[i].others = 0;
	S->nrules++;
}

/* "box {64, 64} and 3 other boxes: RULE; box {64}: RULE" into why->tried. */
static void tried_text(const search *S, axe_tma_refusal *why)
{
	size_t n = 0;

	why->tried[0] = '\0';
	for (int i = 0; i < S->nrules && n < sizeof(why->tried); i++) {
		const tried_rule *t = &S->tried[i];
		if (t->others > 0)
			n += (size_t)snprintf(why->tried + n, sizeof(why->tried) - n, "%sbox %s and %ld "
					      "other box%s: %s", i ? "; " : "", t->box, t->others,
					      t->others == 1 ? "" : "es", t->rule);
		else
			n += (size_t)snprintf(why->tried + n, sizeof(why->tried) - n, "%sbox %s: %s",
					      i ? "; " : "", t->box, t->rule);
	}
}

/* Plan arrangement "a" and keep it if it beats the best plan. */
static void evaluate(search *S, const tma_arrangement *a, int64_t elems)
{
	tma_work *w = S->w;
	axe_tma_refusal why;
	int r;

	S->evaluations++;
	memset(&why, 0, sizeof(why));
	if (axe_tma_apply(w, a, S->err) < 0) {
		S->error = -1;
		return;
	}
	r = axe_tma_box_plan(w, S->scratch, &why);
	if (r < 0) {
		S->error = axe_error_set(S->err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return;
	}
	if (r == 1)
		r = axe_tma_params_check(&S->scratch->params, &why) &&
		    axe_tma_plan_check(S->scratch, &why);
	if (r == 0) {
		note_refusal(S, a, &why, elems);
		return;
	}
	if (elems > S->best_elems || (elems == S->best_elems && S->scratch->params.rank <
				      S->best_rank)) {
		*S->best = *S->scratch;
		S->best_elems = elems;
		S->best_rank = S->scratch->params.rank;
	}
}

/* Digits from mode "k", "q" of it used, to the last mode (saturating). */
static int64_t digits_left(const tma_work *w, size_t k, int64_t q)
{
	int64_t n = w->base[k].n / q;

	for (size_t j = k + 1; j < w->nbase; j++)
		n = sat_mul(n, w->base[j].n);
	return n;
}

/*
 * Extend "a" (its box so far "elems" elements, lying densely over "foot"
 * shared elements, the next digit mode "k" after "q" of it) by one more
 * dimension, then try "a" itself.
 */
static void extend(search *S, tma_arrangement *a, size_t k, int64_t q, int64_t foot,
		   int64_t elems)
{
	const tma_work *w = S->w;
	int64_t rem, bound = 1;

	if (S->error || S->evaluations >= MAX_EVALUATIONS)
		return;
	if (q == w->base[k].n)
		k++, q = 1;
	if (a->rank < AXE_TMA_MAX_RANK && k < w->nbase && w->base[k].sstride * q == foot) {
		rem = w->base[k].n / q;
		for (int i = a->rank; i < AXE_TMA_MAX_RANK; i++)
			bound = sat_mul(bound, MAX_BOX_DIM);
		bound = sat_mul(elems, digits_left(w, k, q) < bound ? digits_left(w, k, q) : bound);
		for (int64_t x = rem < MAX_BOX_DIM ? rem : MAX_BOX_DIM; x >= 2 && bound > S->best_elems;
		     x--) {
			if (rem % x != 0)
				continue;
			a->box[a->rank++] = x;
			extend(S, a, k, q * x, foot * x, elems * x);
			a->rank--;
		}
	}
	if (elems > S->best_elems || (elems == S->best_elems && a->rank < S->best_rank))
		evaluate(S, a, elems);
}

/* Try every box dimension 0: a divisor of the contiguous run, 16-byte multiple, within the limit. */
static void search_all(search *S)
{
	const tma_work *w = S->w;
	int64_t n0 = w->base[0].n, limit = inner_limit(w);
	tma_arrangement a = { { 0 }, 1 };

	for (int64_t x = n0 < limit ? n0 : limit; x >= 1 && !S->error; x--) {
		int64_t pitch = w->span > x ? w->span : x;
		if (n0 % x != 0 || (x * w->elem) % 16 != 0)
			continue;
		a.box[0] = x;
		extend(S, &a, 0, x, pitch, x);
	}
}

/*
 * The contiguous run (mode 0) must have a box dimension 0: a divisor
 * within the limit that is a multiple of 16 bytes.  1, or 0 with "why".
 */
static int check_inner_run(const tma_work *w, axe_tma_refusal *why)
{
	int64_t n = w->base[0].n, limit = inner_limit(w);

	for (int64_t d = n < limit ? n : limit; d > 0; d--)
		if (n % d == 0 && (d * w->elem) % 16 == 0)
			return 1;
	if (n * w->elem < 16 || (n <= limit && (n * w->elem) % 16 != 0)) {
		axe_tma_refuse(why, "inner box bytes multiple of 16", "the contiguous run of %lld "
			       "elements is %lld bytes; a box's dimension 0 holds a multiple of 16 "
			       "bytes", (long long)n, (long long)(n * w->elem));
		return axe_tma_fix(why, "copy a contiguous run that is a multiple of %lld elements "
				   "(16 bytes)", (long long)(16 / w->elem));
	}
	axe_tma_refuse(why, w->span ? "inner box bytes within the swizzle span" : "boxDim 1..256",
		       "the contiguous run of %lld elements (%lld bytes) is wider than a box's "
		       "dimension 0 may be (%lld elements), and no multiple of 16 bytes within "
		       "that divides it", (long long)n, (long long)(n * w->elem), (long long)limit);
	return axe_tma_fix(why, "copy a contiguous run that is a multiple of %lld elements (16 "
			   "bytes)", (long long)(16 / w->elem));
}

/*
 * Under a swizzle, rows narrower than the span must be a span apart in
 * shared memory; rows packed closer can only be copied one by one, at
 * addresses less than 128 bytes apart.  1, or 0 with "why".
 */
static int check_swizzled_rows(const tma_work *w, axe_tma_refusal *why)
{
	const tma_mode *m0 = &w->base[0];
	int64_t row = m0->n * w->elem, span = w->span * w->elem;

	if (w->span == 0 || m0->n >= w->span || w->nbase < 2 || w->base[1].sstride != m0->n)
		return 1;
	axe_tma_refuse(why, "inner box bytes within the swizzle span", "under %s each box row "
		       "takes the whole %lld-byte span in shared memory, but the shared layout's "
		       "rows are %lld bytes apart", axe_tma_swizzle_name(w->swizzle),
		       (long long)span, (long long)row);
	if (row == 32 || row == 64)
		return axe_tma_fix(why, "use --swizzle %lldB, whose span is the row, or pad the "
				   "rows to %lld bytes", (long long)row, (long long)span);
	return axe_tma_fix(why, "pad the shared rows to %lld bytes", (long long)span);
}

/*
 * A spanned global iter other than the contiguous one is always a map
 * dimension of its own stride (its piece from 1 on), or a loop moving the
 * base address by it: a stride that is not a multiple of 16 bytes has no
 * plan.  1, or 0 with "why".
 */
static int check_global_strides(const tma_work *w, axe_tma_refusal *why)
{
	for (size_t k = 0; k < w->global.niters; k++) {
		const tma_iter *it = &w->global.iter[k];
		int64_t bytes, padded;
		if (it->count == 1 || it->stride == 1 ||
		    __builtin_mul_overflow(it->stride, w->elem, &bytes) || bytes % 16 == 0)
			continue;
		padded = (bytes + 15) / 16 * 16;
		axe_tma_refuse(why, "globalStrides multiple of 16", "global dimension %d steps by "
			       "%lld bytes, not a multiple of 16, and the region spans it", it->dim,
			       (long long)bytes);
		if (padded % w->elem == 0)
			return axe_tma_fix(why, "pad dimension %d of the global tensor to %lld bytes "
					   "(%lld elements) per step, so that every step starts "
					   "16-byte aligned", it->dim, (long long)padded,
					   (long long)(padded / w->elem));
		return axe_tma_fix(why, "pad dimension %d of the global tensor to %lld bytes per "
				   "step", it->dim, (long long)padded);
	}
	return 1;
}

/*
 * The shared region's start, which no box moves: the address rules of a
 * plan with that one copy.  1, or 0 with "why".
 */
static int check_smem_start(const tma_work *w, axe_tma_refusal *why)
{
	axe_tma_plan probe;

	memset(&probe, 0, sizeof(probe));
	probe.first.smem_offset_bytes = w->smem.base * w->elem;
	probe.global_alignment = 1;
	return axe_tma_plan_check(&probe, why);
}

/*
 * The rules on the request alone (the element type, the fill, the
 * swizzle), which no box changes: the tensor-map rules of a map of one
 * 16-byte box.  1, or 0 with "why".
 */
static int check_modes(const tma_work *w, axe_tma_refusal *why)
{
	axe_tma_params probe;

	memset(&probe, 0, sizeof(probe));
	probe.dtype = w->req->dtype;
	probe.rank = 1;
	probe.global_dim[0] = (uint64_t)(16 / w->elem);
	probe.box_dim[0] = (uint32_t)(16 / w->elem);
	probe.element_strides[0] = 1;
	probe.interleave = w->req->interleave;
	probe.swizzle = w->swizzle;
	probe.oob_fill = w->req->oob_fill;
	return axe_tma_params_check(&probe, why);
}

int axe_tma_search(tma_work *w, axe_tma_plan *plan, axe_tma_refusal *why, axe_error *err)
{
	search S = { .w = w, .best = plan, .best_rank = AXE_TMA_MAX_RANK + 1, .err = err };

	if (!check_modes(w, why) || !check_inner_run(w, why) || !check_swizzled_rows(w, why) ||
	    !check_global_strides(w, why) || !check_smem_start(w, why))
		return 0;
	S.scratch = malloc(sizeof(*S.scratch));
	if (!S.scratch)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	search_all(&S);
	free(S.scratch);
	if (S.error)
		return -1;
	if (S.best_elems > 0)
		return 1;
	*why = S.refused;
	tried_text(&S, why);
	if (S.evaluations >= MAX_EVALUATIONS) {
		size_t n = strlen(why->tried);
		snprintf(why->tried + n, sizeof(why->tried) - n, " (the search stopped after %d "
			 "arrangements)", MAX_EVALUATIONS);
	}
	return 0;
}
