/*
 * test_trainium.c: the Tensor Engine plan (codegen/trainium.c), the P/F
 * annotation, and the NKI kernel's index math and proofs (codegen/nki.c).
 *
 * Oracle for every plan: walk every loop trip and every position of every
 * tile, as the kernel does, and check with the core evaluator (core/eval.c)
 * that the logical element the plan pairs with each position is inside the
 * shape, is visited exactly once, and lives where the plan's strides say
 * (the layout's image at (0, 0) plus loop and tile strides); that no loop
 * moves a partition (every tile starts at partition 0); that tiles keep to
 * the limits; and that trips, matmuls and groups are the products of the
 * loops.  The Axe paper's case (section 3.4, Appendix H): A[K=512, M=256],
 * B[K=512, N=1024] in bf16 plan as 128 x 128 x 512 instructions, 2, 2, 4
 * trips over M, N, K: 16 matmuls in 4 accumulation groups.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "codegen/nki.h"
#include "codegen/trainium.h"
#include "core/dtype.h"
#include "core/eval.h"
#include "parse/parse.h"

/* A request from three operands (P/F annotations, or literals on "dims"). */
typedef struct req_spec {
	const char *a, *b, *c;
	const char *dims;          /* "K,M,N" for literals; NULL: the annotations' shapes */
	const char *c_buffer;     /* "sbuf" or NULL (PSUM) */
	int64_t max_tile[3];      /* { 0 }: the hardware's */
	const char *dtype, *c_dtype; /* NULL: bf16, f32 */
} req_spec;

typedef struct made {
	axe_trn_request req;
	axe_layout *layout[3];
} made;

static axe_layout *make_operand(const char *text, axe_shape *shape)
{
	axe_loc loc = { "<arg>", 1, 1, text, strlen(text) };
	axe_error err;
	axe_layout *L;

	axe_error_init(&err);
	if (text[0] >= '0' && text[0] <= '9')
		L = axe_trn_layout_from_annotation(text, &loc, shape, &err);
	else
		L = axe_layout_parse(text, &err);
	if (!L)
		fail_msg("operand '%s': %s", text, err.message);
	return L;
}

static void make_request(const req_spec *s, made *m)
{
	const char *ops[3] = { s->a, s->b, s->c };
	static const int dim_of[3][2] = { { 0, 1 }, { 0, 2 }, { 1, 2 } };
	int64_t dims[3];

	memset(m, 0, sizeof(*m));
	if (s->dims)
		assert_int_equal(sscanf(s->dims, "%lld,%lld,%lld", (long long *)&dims[0],
					(long long *)&dims[1], (long long *)&dims[2]), 3);
	for (int op = 0; op < 3; op++) {
		m->layout[op] = make_operand(ops[op], &m->req.shape[op]);
		m->req.layout[op] = m->layout[op];
		if (s->dims)
			m->req.shape[op] = (axe_shape){ 2, { dims[dim_of[op][0]], dims[dim_of[op][1]] } };
	}
	m->req.dtype = axe_dtype_lookup(s->dtype ? s->dtype : "bf16");
	m->req.c_dtype = axe_dtype_lookup(s->c_dtype ? s->c_dtype : "f32");
	m->req.c_buffer = s->c_buffer && strcmp(s->c_buffer, "sbuf") == 0 ? AXE_TRN_SBUF : AXE_TRN_PSUM;
	axe_trn_default_limits(m->req.max_tile);
	for (int i = 0; i < 3; i++)
		if (s->max_tile[i])
			m->req.max_tile[i] = s->max_tile[i];
}

static void made_release(made *m)
{
	for (int op = 0; op < 3; op++)
		axe_layout_free(m->layout[op]);
}

/* ---- the oracle ---------------------------------------------------------- */

/* The image of (x, y) under the evaluator "ev" (no replicas: the planner refuses them). */
static void eval_at(const axe_evaluator *ev, int64_t x, int64_t y, int64_t *image)
{
	int64_t coord[2] = { x, y }, flat, base[AXE_TRN_NAXES];
	axe_error err;

	axe_error_init(&err);
	assert_int_equal(axe_evaluator_flatten(ev, coord, &flat, &err), 0);
	axe_evaluator_base(ev, flat, base);
	axe_evaluator_images(ev, base, false, image);
}

/* The index of the plan axis "axis" in operand "op"'s layout, or -1. */
static int layout_axis(const made *m, int op, int axis)
{
	return axe_layout_axis_index(m->req.layout[op], axe_trn_axis_name(axis));
}

/* The loops of dimension "d" in plan order, into "idx"; returns how many. */
static size_t loops_of(const axe_trn_plan *plan, int d, size_t *idx)
{
	size_t n = 0;

	for (size_t i = 0; i < plan->nloops; i++)
		if ((int)plan->loop[i].dim == d)
			idx[n++] = i;
	return n;
}

/*
 * Walk dimension "d" of the plan: every combination of its loops' trips (an
 * odometer over "trip") and, inside, every position of the tile (its size is
 * "last" on the last trip of a ragged split).  Calls back with the logical
 * coordinate and the physical advance along "d" for holder "h".
 */
typedef struct walk {
	int64_t *logical;                   /* per position visited */
	int64_t (*phys)[AXE_TRN_NAXES];
	size_t n, cap;
} walk;

static void walk_dim(const axe_trn_plan *plan, int d, int h, walk *w)
{
	size_t idx[AXE_TRN_NDIMS * AXE_TRN_MAX_ITERS], nl = loops_of(plan, d, idx);
	const axe_trn_tile *t = &plan->tile[d];
	int64_t trip[AXE_TRN_NDIMS * AXE_TRN_MAX_ITERS] = { 0 };

	w->n = 0;
	w->cap = (size_t)plan->dim[d];
	w->logical = calloc(w->cap, sizeof(*w->logical));
	w->phys = calloc(w->cap, sizeof(*w->phys));
	assert_true(w->logical && w->phys);
	for (;;) {
		int64_t x = 0, ph[AXE_TRN_NAXES] = { 0 }, size = t->size;
		for (size_t i = 0; i < nl; i++) {
			const axe_trn_loop *lp = &plan->loop[idx[i]];
			x += trip[i] * lp->step;
			ph[lp->axis[h]] += trip[i] * lp->stride[h];
			if (lp->ragged && trip[i] == lp->trips - 1)
				size = t->last;
		}
		for (int64_t pos = 0; pos < size; pos++) {
			assert_true(w->n < w->cap);
			w->logical[w->n] = x + pos * t->step;
			memcpy(w->phys[w->n], ph, sizeof(ph));
			w->phys[w->n][t->axis[h]] += pos * t->stride[h];
			w->n++;
		}
		size_t i = nl;
		while (i > 0 && ++trip[i - 1] == plan->loop[idx[i - 1]].trips)
			trip[--i] = 0;
		if (i == 0)
			break;
	}
}

/* Operand "op" is covered once, and every place is where the plan says. */
static void check_operand(const made *m, const axe_trn_plan *plan, int op)
{
	int d0 = axe_trn_operand_dim(op, 0), d1 = axe_trn_operand_dim(op, 1);
	int h0 = axe_trn_holder_index(d0, op), h1 = axe_trn_holder_index(d1, op);
	int64_t X = m->req.shape[op].dim[0], Y = m->req.shape[op].dim[1], origin[3], image[3];
	walk w0, w1;
	char *seen = calloc((size_t)(X * Y), 1);
	axe_evaluator ev;
	axe_error err;

	axe_error_init(&err);
	assert_non_null(seen);
	assert_int_equal(axe_evaluator_init(&ev, m->req.layout[op], &m->req.shape[op], &err), 0);
	assert_true(ev.naxes <= AXE_TRN_NAXES);
	walk_dim(plan, d0, h0, &w0);
	walk_dim(plan, d1, h1, &w1);
	assert_int_equal(w0.n, X);
	assert_int_equal(w1.n, Y);
	eval_at(&ev, 0, 0, origin);
	for (size_t i = 0; i < w0.n; i++)
		for (size_t j = 0; j < w1.n; j++) {
			int64_t x = w0.logical[i], y = w1.logical[j];
			assert_true(x >= 0 && x < X && y >= 0 && y < Y);
			assert_int_equal(seen[x * Y + y], 0);
			seen[x * Y + y] = 1;
			eval_at(&ev, x, y, image);
			for (int a = 0; a < AXE_TRN_NAXES; a++) {
				int la = layout_axis(m, op, a);
				int64_t want = la < 0 ? 0 : image[la];
				int64_t got = (la < 0 ? 0 : origin[la]) + w0.phys[i][a] + w1.phys[j][a];
				if (got != want)
					fail_msg("%s(%lld, %lld) on %s: plan %lld, layout %lld",
						 axe_trn_operand_name(op), (long long)x, (long long)y,
						 axe_trn_axis_name(a), (long long)got, (long long)want);
			}
		}
	axe_evaluator_release(&ev);
	free(w0.logical);
	free(w0.phys);
	free(w1.logical);
	free(w1.phys);
	free(seen);
}

/* Everything the oracle checks of a plan (see the file's header). */
static void check_plan(const made *m, const axe_trn_plan *plan)
{
	int s = axe_trn_stationary_dim(plan), v = axe_trn_moving_dim(plan);
	int64_t trips[3] = { 1, 1, 1 };

	for (int op = 0; op < 3; op++)
		check_operand(m, plan, op);
	for (size_t i = 0; i < plan->nloops; i++) {
		trips[plan->loop[i].dim] *= plan->loop[i].trips;
		for (int h = 0; h < 2; h++)
			assert_int_not_equal(plan->loop[i].axis[h], AXE_TRN_P);
	}
	assert_memory_equal(trips, plan->trips, sizeof(trips));
	assert_int_equal(plan->matmuls, trips[0] * trips[1] * trips[2]);
	assert_int_equal(plan->groups, trips[1] * trips[2]);
	assert_true(plan->tile[AXE_TRN_K].size <= m->req.max_tile[0]);
	assert_true(plan->tile[s].size <= m->req.max_tile[1]);
	assert_true(plan->tile[v].size <= m->req.max_tile[2]);
	assert_int_equal(plan->tile[AXE_TRN_K].axis[0], AXE_TRN_P);
	assert_int_equal(plan->tile[AXE_TRN_K].axis[1], AXE_TRN_P);
	assert_int_equal(plan->tile[s].axis[1], AXE_TRN_P);
	assert_int_equal(plan->tile[s].axis[0], AXE_TRN_F);
	assert_int_equal(plan->tile[v].axis[0], AXE_TRN_F);
	assert_int_equal(plan->tile[v].axis[1], AXE_TRN_F);
}

/* ---- plans with their expected figures ----------------------------------- */

typedef struct plan_row {
	req_spec req;
	int64_t instr[3];  /* K, M, N */
	int64_t trips[3];  /* K, M, N */
	int64_t matmuls, groups;
	bool swapped;
	int64_t last[3];   /* K, M, N; 0: the instruction's */
} plan_row;

static const plan_row plan_rows[] = {
	/* Section 3.4 / Appendix H: the paper's GEMM, C in PSUM over 4 banks. */
	{ { "4F.128P,256F", "4F.128P,1024F", "2Bank.128P,2Bank.512F", NULL, NULL, { 0 }, NULL,
	    NULL },
	  { 128, 128, 512 }, { 4, 2, 2 }, 16, 4, false, { 0 } },
	/* Its shape at a quarter of the size, written as literals. */
	{ { "S[(4,32,64):(64@F,1@P,1@F)]", "S[(4,32,256):(256@F,1@P,1@F)]",
	    "S[(2,32,2,128):(2@Bank,1@P,1@Bank,1@F)]", "128,64,256", NULL, { 32, 32, 128 }, NULL,
	    NULL },
	  { 32, 32, 128 }, { 4, 2, 2 }, 16, 4, false, { 0 } },
	/* C in SBUF (bf16): the groups stream through one PSUM workspace. */
	{ { "4F.128P,256F", "4F.128P,1024F", "2F.128P,1024F", NULL, "sbuf", { 0 }, NULL, "bf16" },
	  { 128, 128, 512 }, { 4, 2, 2 }, 16, 4, false, { 0 } },
	/* Ragged: N = 1100 in tiles of 512, 512, 76 (3 < 4 tiles of 275). */
	{ { "128P,128F", "128P,1100F", "128P,1100F", NULL, "sbuf", { 0 }, NULL, NULL },
	  { 128, 128, 512 }, { 1, 1, 3 }, 3, 3, false, { 0, 0, 76 } },
	/* Even split preferred on a tie: N = 768 as 2 x 384, not 512 + 256. */
	{ { "128P,128F", "128P,768F", "128P,768F", NULL, "sbuf", { 0 }, NULL, NULL },
	  { 128, 128, 384 }, { 1, 1, 2 }, 2, 2, false, { 0 } },
	/* The role swap: C has N on partitions; B stationary, A moving. */
	{ { "2F.128P,512F", "2F.128P,128F", "512F,128P", NULL, NULL, { 0 }, NULL, NULL },
	  { 128, 512, 128 }, { 2, 1, 1 }, 2, 1, true, { 0 } },
	/* Swapped with the moving dimension split over banks of C. */
	{ { "4F.128P,1024F", "4F.128P,256F", "2Bank.512F,2Bank.128P", NULL, NULL, { 0 }, NULL,
	    NULL },
	  { 128, 512, 128 }, { 4, 2, 2 }, 16, 4, true, { 0 } },
	/* Small limits (row/column-tiling-sized instructions) force loops everywhere. */
	{ { "2F.4P,6F", "2F.4P,10F", "2Bank.3P,10F", NULL, NULL, { 4, 3, 4 }, NULL, NULL },
	  { 4, 3, 4 }, { 2, 2, 3 }, 12, 6, false, { 0, 0, 2 } },
	/* K's partition run is K's outer digit (HBM rows 2 apart); M strided on F. */
	{ { "S[(4,2,6):(1@P,12@F,2@F)]", "4P.2F,10F", "2Bank.3P,10F", "8,6,10", NULL, { 4, 3, 4 },
	    NULL, NULL },
	  { 4, 3, 4 }, { 2, 2, 3 }, 12, 6, false, { 0, 0, 2 } },
	/* A moving run that is not C's innermost: N = (5 F, 2 Bank) in C. */
	{ { "4P,3F", "4P,10F", "3P,5F.2Bank", NULL, NULL, { 0 }, NULL, NULL },
	  { 4, 3, 5 }, { 1, 1, 2 }, 2, 2, false, { 0 } },
	/* Extents of 1: a GEMV-like M = 1 and K = 1. */
	{ { "4P,1F", "4P,5F", "1P,5F", NULL, NULL, { 0 }, NULL, NULL },
	  { 4, 1, 5 }, { 1, 1, 1 }, 1, 1, false, { 0 } },
	{ { "1P,3F", "1P,5F", "3P,5F", NULL, NULL, { 0 }, NULL, NULL },
	  { 1, 3, 5 }, { 1, 1, 1 }, 1, 1, false, { 0 } },
	/* Offsets on F and Bank move every tile, not the partitions. */
	{ { "S[(4,3):(1@P,1@F)] + 7@F", "4P,5F", "S[(3,5):(1@P,1@F)] + 2@Bank + 3@F", "4,3,5",
	    NULL, { 0 }, NULL, NULL },
	  { 4, 3, 5 }, { 1, 1, 1 }, 1, 1, false, { 0 } },
	/* Eight banks of C: eight live groups, PSUM's limit. */
	{ { "128P,128F", "128P,4096F", "128P,8Bank.512F", NULL, NULL, { 0 }, NULL, NULL },
	  { 128, 128, 512 }, { 1, 1, 8 }, 8, 8, false, { 0 } },
};

static void test_plans(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(plan_rows) / sizeof(plan_rows[0]); i++) {
		const plan_row *r = &plan_rows[i];
		static axe_trn_plan plan;
		axe_reason why = { "" };
		axe_error err;
		made m;

		axe_error_init(&err);
		make_request(&r->req, &m);
		if (axe_trn_plan_matmul(&m.req, &plan, &why, &err) != 1)
			fail_msg("row %zu: %s%s", i, why.text, err.message);
		for (int d = 0; d < 3; d++)
			if (plan.tile[d].size != r->instr[d] || plan.trips[d] != r->trips[d] ||
			    plan.tile[d].last != (r->last[d] ? r->last[d] : r->instr[d]))
				fail_msg("row %zu, %s: tile %lld (last %lld) x %lld trips", i,
					 axe_trn_dim_name(d), (long long)plan.tile[d].size,
					 (long long)plan.tile[d].last, (long long)plan.trips[d]);
		if (plan.matmuls != r->matmuls || plan.groups != r->groups ||
		    plan.swapped != r->swapped)
			fail_msg("row %zu: %lld matmuls, %lld groups, swapped %d", i,
				 (long long)plan.matmuls, (long long)plan.groups, plan.swapped);
		check_plan(&m, &plan);
		made_release(&m);
	}
}

/* ---- refusals and input errors ------------------------------------------- */

typedef struct refusal_row {
	req_spec req;
	int want;            /* 0 refused, -1 input error */
	const char *expect;  /* a part of the reason or message */
} refusal_row;

static const refusal_row refusal_rows[] = {
	{ { "4F.128F,256F", "4F.128P,1024F", "2Bank.128P,2Bank.512F", NULL, NULL, { 0 }, NULL,
	    NULL },
	  0, "K is not on partitions in A (its iters: 4:32768@F, 128:256@F)" },
	{ { "128P,128F", "128F,512F", "128P,512F", NULL, NULL, { 0 }, NULL, NULL },
	  0, "K is not on partitions in B" },
	{ { "4F.128P,256F", "S[(4,2,64,1024):(1024@F,1@P,2@P,1@F)]", "2Bank.128P,2Bank.512F",
	    "512,256,1024", NULL, { 0 }, NULL, NULL },
	  0, "A and B map K to partitions differently: K iter 2:64@P of A is 2:1@P in B" },
	{ { "2F.256P,256F", "4F.128P,1024F", "2Bank.128P,2Bank.512F", NULL, NULL, { 0 }, NULL,
	    NULL },
	  0, "A reaches partition 255: SBUF has 128 partitions (P in [0, 128))" },
	{ { "128P,128F", "128P,512F", "128P,1024F", NULL, NULL, { 0 }, NULL, NULL },
	  -1, "N is 512 in B but 1024 in C" },
	{ { "128P,128F", "128P,1024F", "128P,1024F", NULL, NULL, { 0 }, NULL, NULL },
	  0, "C reaches F = 1023: a PSUM bank holds 512 fp32 per partition" },
	{ { "128P,128F", "128P,4096F", "128P,8Bank.512F", NULL, NULL, { 128, 128, 256 }, NULL,
	    NULL },
	  0, "C in PSUM keeps 16 accumulation groups live, and PSUM holds at most 8" },
	{ { "128P,128F", "128P,512F", "128P,512F", NULL, NULL, { 0 }, "i32", NULL },
	  0, "not i32" },
	{ { "128P,128F", "128P,512F", "128P,512F", NULL, NULL, { 0 }, "f8", NULL },
	  0, "write e4m3 or e5m2" },
	{ { "128P,128F", "128P,512F", "128P,512F", NULL, NULL, { 0 }, NULL, "bf16" },
	  0, "C in PSUM holds fp32 accumulators, not bf16" },
	{ { "128P,128F", "128P,512F", "S[(128,512):(1@P,1@F)] + R[2:1@Bank]", "128,128,512",
	    NULL, { 0 }, NULL, NULL },
	  0, "C is replicated (replica iter 2:1@Bank)" },
	{ { "128P,128F", "128P,512F", "S[(128,512):(1@P,1)]", "128,128,512", NULL, { 0 }, NULL,
	    NULL },
	  0, "C names axis 'm', but PSUM has the axes P, F and Bank only" },
	{ { "128P,128F", "128P,512F", "128P,2Bank.256F", NULL, "sbuf", { 0 }, NULL, NULL },
	  0, "C names axis 'Bank', but SBUF has the axes P and F only" },
	{ { "S[(4,3):(1@P,1@F)] + 4@P", "4P,5F", "3P,5F", "4,3,5", NULL, { 0 }, NULL, NULL },
	  0, "A starts at partition 4 (offset 4@P)" },
	{ { "4P,3F", "4P,5F", "S[(3,5):(1@P,0@F)]", "4,3,5", NULL, { 0 }, NULL, NULL },
	  0, "C is not injective: (0, 0) and (0, 1) share one place" },
	{ { "4P,2P", "4P,5F", "2P,5F", NULL, NULL, { 0 }, NULL, NULL },
	  0, "A maps M to partitions (iter 2:1@P)" },
	{ { "4P,3F", "4P,5F", "3P,5P", NULL, NULL, { 0 }, NULL, NULL },
	  0, "C maps both M (iter 3:5@P) and N (iter 5:1@P) to partitions" },
	{ { "4P,3F", "4P,5F", "S[(3,5):(2@P,1@F)]", "4,3,5", NULL, { 0 }, NULL, NULL },
	  0, "C's partition iters (3:2@P) are not one run of consecutive partitions" },
	{ { "4P,6F", "4P,5F", "3P,5F", NULL, NULL, { 0 }, NULL, NULL },
	  -1, "M is 6 in A but 3 in C" },
	{ { "S[(4,2,3):(1@P,1@F,2@F)]", "4P,5F", "2P.3P,5F", "4,6,5", NULL, { 0 }, NULL, NULL },
	  0, "the M iters that C keeps on partitions (2:3@P to 3:1@P) are not one run on the "
	     "free axis of A (2:1@F to 3:2@F)" },
	{ { "S[(4,3):(1@P,-1@F)] + 7@F", "4P,5F", "3P,5F", "4,3,5", NULL, { 0 }, NULL, NULL },
	  0, "run backwards on the free axis of A (3:-1@F)" },
	{ { "3P.4F,6F", "2P.6F,10F", "6P,10F", NULL, NULL, { 0 }, NULL, NULL },
	  0, "K is split (3, 4) in A but (2, 6) in B, and no finer split serves both" },
	{ { "8P,6F", "8P,10F", "6P,10F", NULL, NULL, { 4, 6, 10 }, NULL, NULL },
	  0, "K spans 8 partitions, more than the K limit 4" },
	{ { "8P,6F", "8P,10F", "6P,10F", NULL, NULL, { 8, 3, 10 }, NULL, NULL },
	  0, "C puts 6 of M on partitions, more than the stationary limit 3" },
	{ { "8P,6F", "8P,10F", "6P,10F", NULL, NULL, { 8, 6, 600 }, NULL, NULL },
	  -1, "the moving limit must be 1 to 512, not 600" },
	{ { "128P,98304F", "128P,1F", "98304F,1P", NULL, NULL, { 0 }, NULL, NULL },
	  0, "C reaches F = 98303" },
	{ { "128P,98305F", "128P,1F", "98305F,1P", NULL, "sbuf", { 0 }, NULL, NULL },
	  0, "A, B and C need 589832 bytes per partition of SBUF, and a partition has 196608" },
};

static void test_refusals(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(refusal_rows) / sizeof(refusal_rows[0]); i++) {
		const refusal_row *r = &refusal_rows[i];
		static axe_trn_plan plan;
		axe_reason why = { "" };
		axe_error err;
		made m;
		int got;

		axe_error_init(&err);
		make_request(&r->req, &m);
		got = axe_trn_plan_matmul(&m.req, &plan, &why, &err);
		if (got != r->want || !strstr(got == 0 ? why.text : err.message, r->expect))
			fail_msg("row %zu: got %d '%s%s', want %d '%s'", i, got, why.text,
				 err.message, r->want, r->expect);
		made_release(&m);
	}
}

/* ---- a sweep of operand shapes, limits and memories ---------------------- */

/*
 * Every combination of these ways to lay out K (in A and B), M (in A and C)
 * and N (in B and C), under three limits, in PSUM and in SBUF (where C's Bank
 * factors become F): each plans and passes the oracle, or is refused for a
 * limit.  K = 8, M = 6, N = 12.
 */
static const char *const sweep_k[] = { "8P", "2F.4P", "4P.2F" };
static const char *const sweep_ma[] = { "6F", "3F.2F" };
static const char *const sweep_mc[] = { "2Bank.3P", "6P", "3P.2F", "2F.3P" };
static const char *const sweep_nb[] = { "12F", "2F.6F" };
static const char *const sweep_nc[] = { "12F", "3Bank.4F", "4F.3Bank", "2F.6F" };
static const int64_t sweep_limits[][3] = { { 0, 0, 0 }, { 4, 3, 5 }, { 8, 6, 4 } };

static void test_sweep(void **state)
{
	size_t planned = 0, total = 0;
	char a[64], b[64], c[64];

	(void)state;
	for (size_t k = 0; k < 3; k++)
	for (size_t ma = 0; ma < 2; ma++)
	for (size_t mc = 0; mc < 4; mc++)
	for (size_t nb = 0; nb < 2; nb++)
	for (size_t nc = 0; nc < 4; nc++)
	for (size_t l = 0; l < 3; l++)
	for (int buf = 0; buf < 2; buf++) {
		bool sbuf = buf == 1;
		req_spec s = { a, b, c, NULL, sbuf ? "sbuf" : NULL, { 0 }, NULL, NULL };
		static axe_trn_plan plan;
		axe_reason why;
		axe_error err;
		made m;
		int r;

		if (sbuf && strstr(sweep_mc[mc], "Bank"))
			continue;
		snprintf(a, sizeof(a), "%s,%s", sweep_k[k], sweep_ma[ma]);
		snprintf(b, sizeof(b), "%s,%s", sweep_k[k], sweep_nb[nb]);
		snprintf(c, sizeof(c), "%s,%s", sweep_mc[mc],
			 sbuf && strstr(sweep_nc[nc], "Bank") ? "12F" : sweep_nc[nc]);
		memcpy(s.max_tile, sweep_limits[l], sizeof(s.max_tile));
		axe_error_init(&err);
		make_request(&s, &m);
		r = axe_trn_plan_matmul(&m.req, &plan, &why, &err);
		if (r < 0)
			fail_msg("%s %s %s: %s", a, b, c, err.message);
		if (r == 1) {
			check_plan(&m, &plan);
			planned++;
		}
		total++;
		made_release(&m);
	}
	/*
	 * Counted by hand: 3 x 2 x 4 x 2 x 4 x 3 = 576 PSUM requests and 3 x 2 x 3 x 2
	 * x 4 x 3 = 432 SBUF ones (C's M without Bank).  Only the limit 4,3,5 refuses
	 * (a third of each): K = "8P" spans 8 partitions (192 / 3 and 144 / 3), and
	 * of the rest C's M = "6P" puts 6 on partitions (128 / 4 and 96 / 3).
	 */
	assert_int_equal(total, 576 + 432);
	assert_int_equal(planned, total - (64 + 32) - (48 + 32));
}

/* ---- the P/F annotation -------------------------------------------------- */

typedef struct annotation_row {
	const char *text;
	const char *layout;  /* the layout it builds, or NULL for an error */
	const char *shape;   /* "512,256", or the error's message part */
	int col;             /* the error's column */
} annotation_row;

static const annotation_row annotation_rows[] = {
	{ "4F.128P,256F", "S[(4,128,256):(256@F,1@P,1@F)]", "512,256", 0 },
	{ "2Bank.128P,2Bank.512F", "S[(2,128,2,512):(2@Bank,1@P,1@Bank,1@F)]", "256,1024", 0 },
	{ "512F,128P", "S[(512,128):(1@F,1@P)]", "512,128", 0 },
	{ "2P.64P,3F", "S[(2,64,3):(64@P,1@P,1@F)]", "128,3", 0 },
	{ "16P", "S[16:1@P]", "16", 0 },
	{ "4F.128Q,256F", NULL, "expected the axis P, F or Bank, not 'Q'", 7 },
	{ "4F.,256F", NULL, "expected a positive extent followed by P, F or Bank", 4 },
	{ "0P,4F", NULL, "expected a positive extent", 1 },
	{ "4F,", NULL, "expected a positive extent", 4 },
	{ "99999999999999999999P", NULL, "extent does not fit in 64 bits", 1 },
	{ "4294967296F.4294967296F", NULL, "the size of dimension 0 does not fit in 64 bits", 13 },
};

static void test_annotations(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(annotation_rows) / sizeof(annotation_rows[0]); i++) {
		const annotation_row *r = &annotation_rows[i];
		axe_loc loc = { "<arg>", 1, 1, r->text, strlen(r->text) };
		axe_shape shape;
		char dims[64] = "";
		axe_error err;
		axe_layout *L;

		axe_error_init(&err);
		L = axe_trn_layout_from_annotation(r->text, &loc, &shape, &err);
		if (!r->layout) {
			assert_null(L);
			if (!strstr(err.message, r->shape) || err.col != r->col)
				fail_msg("'%s': got '%s' at %d", r->text, err.message, err.col);
			continue;
		}
		assert_non_null(L);
		char *text = axe_layout_to_string(L);
		assert_string_equal(text, r->layout);
		for (size_t d = 0; d < shape.rank; d++)
			snprintf(dims + strlen(dims), sizeof(dims) - strlen(dims), "%s%lld",
				 d ? "," : "", (long long)shape.dim[d]);
		assert_string_equal(dims, r->shape);
		free(text);
		axe_layout_free(L);
	}
}

/* ---- the NKI kernel ------------------------------------------------------ */

static const req_spec paper = { "4F.128P,256F", "4F.128P,1024F", "2Bank.128P,2Bank.512F",
				NULL, NULL, { 0 }, NULL, NULL };

/* The paper's kernel: proved index math, and the lines that do the work. */
static void test_kernel(void **state)
{
	static const char *const lines[] = {
		"\tc_ps = nl.ndarray((128, 4, 512), dtype=nl.float32, buffer=nl.psum)\n",
		"\t\t\tnisa.dma_copy(dst=a_sb[0:128, a_f:a_f + 128], src=a[a_k:a_k + 128, "
		"a_m:a_m + 128])\n",
		"\t\t\tc_bank = 2*m0 + n0\n",
		"\t\t\tfor k0 in nl.sequential_range(4):\n",
		"\t\t\t\tnisa.nc_matmul(dst=c_ps[0:128, c_bank, 0:512], stationary=a_sb[0:128, "
		"a_f:a_f + 128], moving=b_sb[0:128, b_f:b_f + 512])\n",
		"\t\t\tnisa.dma_copy(dst=c[c_m:c_m + 128, c_n:c_n + 512], src=c_out[0:128, 0:512])\n",
	};
	static axe_trn_plan plan;
	enum axe_trn_operand bad;
	axe_nki_kernel k;
	axe_reason why;
	axe_error err;
	char *src;
	made m;

	(void)state;
	axe_error_init(&err);
	make_request(&paper, &m);
	assert_int_equal(axe_trn_plan_matmul(&m.req, &plan, &why, &err), 1);
	assert_int_equal(axe_nki_kernel_build(&m.req, &plan, 10, &k, &err), 0);
	assert_int_equal(axe_nki_kernel_verdict(&k, &bad), AXE_VERDICT_TRUE);
	assert_string_equal(k.access[AXE_TRN_A].phys[AXE_TRN_F].text, "256*k0 + 128*m0");
	assert_string_equal(k.access[AXE_TRN_C].phys[AXE_TRN_BANK].text, "2*m0 + n0");
	assert_string_equal(k.access[AXE_TRN_B].logical[1].text, "512*n0");
	src = axe_nki_kernel_source(&m.req, &plan, &k, "gemm");
	assert_non_null(src);
	assert_non_null(strstr(src, "@nki.jit\ndef gemm(a, b):\n"));
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		if (!strstr(src, lines[i]))
			fail_msg("missing line: %s", lines[i]);
	free(src);
	axe_nki_kernel_release(&k);
	made_release(&m);
}

/*
 * The proofs can fail: a plan whose A tiles step 2 on F where the layout
 * steps 1, or whose C tiles start one bank late, is caught with a place
 * where kernel and layout differ.
 */
static void test_wrong_plans_fail(void **state)
{
	static axe_trn_plan plan;
	enum axe_trn_operand bad;
	axe_nki_kernel k;
	axe_reason why;
	axe_error err;
	made m;

	(void)state;
	axe_error_init(&err);
	make_request(&(req_spec){ "2F.4P,6F", "2F.4P,10F", "2Bank.3P,10F", NULL, NULL, { 4, 3, 4 },
				  NULL, NULL }, &m);
	assert_int_equal(axe_trn_plan_matmul(&m.req, &plan, &why, &err), 1);
	plan.tile[AXE_TRN_M].stride[0] = 2;
	assert_int_equal(axe_nki_kernel_build(&m.req, &plan, 10, &k, &err), 0);
	assert_int_equal(axe_nki_kernel_verdict(&k, &bad), AXE_VERDICT_FALSE);
	assert_int_equal(bad, AXE_TRN_A);
	assert_non_null(strstr(k.access[AXE_TRN_A].proof.how, "the kernel and the layout differ at"));
	axe_nki_kernel_release(&k);
	plan.tile[AXE_TRN_M].stride[0] = 1;
	plan.loop[0].step = 4; /* m0 would start M tiles 4 apart, not 3 */
	assert_int_equal(axe_nki_kernel_build(&m.req, &plan, 10, &k, &err), 0);
	assert_int_equal(axe_nki_kernel_verdict(&k, &bad), AXE_VERDICT_FALSE);
	axe_nki_kernel_release(&k);
	made_release(&m);
}

/* A ragged plan proves full and last tiles separately. */
static void test_ragged_proof(void **state)
{
	static axe_trn_plan plan;
	enum axe_trn_operand bad;
	axe_nki_kernel k;
	axe_reason why;
	axe_error err;
	made m;

	(void)state;
	axe_error_init(&err);
	make_request(&(req_spec){ "128P,128F", "128P,1100F", "128P,1100F", NULL, "sbuf", { 0 },
				  NULL, NULL }, &m);
	assert_int_equal(axe_trn_plan_matmul(&m.req, &plan, &why, &err), 1);
	assert_int_equal(axe_nki_kernel_build(&m.req, &plan, 10, &k, &err), 0);
	assert_int_equal(axe_nki_kernel_verdict(&k, &bad), AXE_VERDICT_TRUE);
	assert_non_null(strstr(k.access[AXE_TRN_B].proof.how, "full tiles: "));
	assert_non_null(strstr(k.access[AXE_TRN_B].proof.how, "; last tiles: all 9728 places "
								 "enumerated"));
	axe_nki_kernel_release(&k);
	made_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plans),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_sweep),
		cmocka_unit_test(test_annotations),
		cmocka_unit_test(test_kernel),
		cmocka_unit_test(test_wrong_plans_fail),
		cmocka_unit_test(test_ragged_proof),
	};

	return cmocka_run_group_tests_name("test_trainium", tests, NULL, NULL);
}
