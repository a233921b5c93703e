/*
 * test_tma.c: TMA plans (src/codegen/tma*.c) against the expected
 * cuTensorMapEncodeTiled arguments of semantics.md ("TMA tensor maps"), and
 * every plan against the oracle of tests/prop/tma_oracle.h, which knows
 * nothing of the planner: it performs the copies the plan lists, element by
 * element, as the hardware would, and compares the shared memory they leave
 * with a direct evaluation of the two layouts (the footprint), past the
 * tensor's end filled.
 * Refusals are checked by the rule they name.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "codegen/tma.h"
#include "core/dtype.h"
#include "core/eval.h"
#include "parse/parse.h"
#include "prop/tma_oracle.h"



#include "tma_cases.h" /* plans, refusals, cutlass_tiles */

/* Everything one case owns. */
typedef struct run {
	axe_layout *global, *smem;
	axe_tma_request req;
	axe_tma_plan plan;
	axe_tma_refusal why;
	axe_error err;
} run;

static const axe_loc here = { "<test>", 1, 1, NULL, 0 };

static axe_layout *parse(const char *text, axe_error *err)
{
	axe_layout *L = axe_layout_parse(text, err);

	if (!L)
		fail_msg("%s: %s", text, err->message);
	return L;
}

static void shape_of(const axe_layout *L, const char *text, axe_shape *shape, axe_error *err)
{
	long n;

	axe_layout_default_shape(L, shape);
	if (!text)
		return;
	n = axe_parse_int_list(text, &here, shape->dim, AXE_MAX_RANK, "extent", err);
	assert_true(n > 0);
	shape->rank = (size_t)n;
}

static void region_of(const char *text, axe_tma_region *r, axe_error *err)
{
	long n = text ? axe_parse_region(text, &here, r->begin, r->end, AXE_MAX_RANK, err) : 0;

	assert_true(n >= 0);
	r->rank = (size_t)n;
}

/* Build the request of "c" and plan it; the planner's answer. */
static int plan_case(const tma_case *c, run *R)
{
	axe_tma_request *q = &R->req;

	memset(R, 0, sizeof(*R));
	axe_error_init(&R->err);
	axe_tma_request_init(q);
	R->global = parse(c->global, &R->err);
	R->smem = parse(c->smem, &R->err);
	q->dtype = axe_dtype_lookup(c->dtype);
	if (c->swizzle)
		assert_int_equal(axe_swizzle_preset(c->swizzle, q->dtype, &R->smem->swizzle), 0);
	q->global = R->global;
	q->smem = R->smem;
	shape_of(R->global, c->gshape, &q->global_shape, &R->err);
	shape_of(R->smem, c->sshape, &q->smem_shape, &R->err);
	region_of(c->region, &q->region, &R->err);
	region_of(c->smem_region, &q->smem_region, &R->err);
	if (c->box) {
		long n = axe_parse_int_list(c->box, &here, q->box, AXE_MAX_RANK, "box", &R->err);
		assert_true(n > 0);
		q->box_rank = (size_t)n;
	}
	if (c->option && strcmp(c->option, "s2g") == 0)
		q->direction = AXE_TMA_S2G;
	if (c->option && strcmp(c->option, "nan") == 0)
		q->oob_fill = AXE_TMA_OOB_NAN;
	if (c->option && strcmp(c->option, "32B") == 0)
		q->interleave = AXE_TMA_INTERLEAVE_32B;
	if (c->option && strcmp(c->option, "fold") == 0)
		q->fold_unmoved = true;
	return axe_tma_plan_build(q, &R->plan, &R->why, &R->err);
}

static void release(run *R)
{
	axe_layout_free(R->global);
	axe_layout_free(R->smem);
}

/* The whole region of "shape", for a request that left its region out. */
static void whole(const axe_shape *shape, axe_tma_region *r)
{
	r->rank = shape->rank;
	for (size_t d = 0; d < shape->rank; d++) {
		r->begin[d] = 0;
		r->end[d] = shape->dim[d];
	}
}

/*
 * The default global region (tma.h): the shared extents aligned to the
 * innermost global dimensions.  The cases' shared regions have no more
 * dimensions than the global shape.
 */
static void default_region(const axe_tma_request *q, const axe_tma_region *s,
			   axe_tma_region *r)
{
	size_t off = q->global_shape.rank - s->rank;

	r->rank = q->global_shape.rank;
	for (size_t d = 0; d < r->rank; d++) {
		r->begin[d] = 0;
		r->end[d] = d < off ? 1 : s->end[d - off] - s->begin[d - off];
	}
}

/* Perform every copy of "R"'s plan and compare shared memory with the layouts (tma_oracle.h). */
static void oracle(const run *R)
{
	const axe_tma_request *q = &R->req;
	axe_tma_region sreg = q->smem_region, greg = q->region;
	const char *rule = tma_oracle_rules(&R->plan);
	tma_expect x;
	char msg[256];

	if (sreg.rank == 0)
		whole(&q->smem_shape, &sreg);
	if (greg.rank == 0)
		default_region(q, &sreg, &greg);
	assert_int_equal(tma_expect_init(&x, R->global, &q->global_shape, &greg, R->smem,
					 &q->smem_shape, &sreg), 0);
	if (rule)
		fail_msg("the plan breaks the rule of %s", rule);
	if (!tma_oracle_run(&R->plan, &x, msg, sizeof(msg)))
		fail_msg("%s", msg);
	assert_int_equal(R->plan.filled_elements, x.filled);
	tma_expect_release(&x);
}

static void test_plans(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(plans) / sizeof(plans[0]); i++) {
		const tma_case *c = &plans[i];
		const axe_tma_params *P;
		run R;
		int r = plan_case(c, &R);
		if (r != 1)
			fail_msg("case %zu (%s -> %s): %d: %s: %s %s", i, c->global, c->smem, r,
				 R.why.rule, R.why.reason, R.err.message);
		P = &R.plan.params;
		if (P->rank != c->rank || R.plan.ncopies != c->ncopies)
			fail_msg("case %zu (%s -> %s): rank %d, %lld copies", i, c->global, c->smem,
				 P->rank, (long long)R.plan.ncopies);
		for (int d = 0; d < c->rank; d++) {
			assert_int_equal(P->global_dim[d], c->gdim[d]);
			assert_int_equal(P->box_dim[d], c->boxdim[d]);
			assert_int_equal(P->element_strides[d], 1);
			if (d > 0)
				assert_int_equal(P->global_strides[d - 1], c->strides[d - 1]);
		}
		assert_int_equal(R.plan.ncopies, c->ncopies);
		assert_int_equal(R.plan.bytes_per_copy, c->bytes);
		oracle(&R);
		release(&R);
	}
}

static void test_refusals(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		const tma_case *c = &refusals[i];
		run R;
		int r = plan_case(c, &R);
		if (r != 0)
			fail_msg("case %zu (%s -> %s): expected a refusal, got %d (%s)", i, c->global,
				 c->smem, r, R.err.message);
		if (strcmp(R.why.rule, c->rule) != 0)
			fail_msg("case %zu: rule '%s' (%s), expected '%s'", i, R.why.rule,
				 R.why.reason, c->rule);
		assert_true(R.why.reason[0] != '\0' && R.why.fix[0] != '\0');
		release(&R);
	}
}

/* A seeded generator for random requests (splitmix64; AXE_SEED replays). */
static uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static int64_t pick(uint64_t *s, int64_t n)
{
	return (int64_t)(splitmix(s) % (uint64_t)n);
}

/* Text of "S[(e0,...):(s0,...)]" for "n" iters into "buf". */
static void shard_text(char *buf, size_t size, const int64_t *e, const int64_t *st, int n)
{
	size_t k = (size_t)snprintf(buf, size, "S[(");
	for (int i = 0; i < n; i++)
		k += (size_t)snprintf(buf + k, size - k, "%s%lld", i ? "," : "", (long long)e[i]);
	k += (size_t)snprintf(buf + k, size - k, "):(");
	for (int i = 0; i < n; i++)
		k += (size_t)snprintf(buf + k, size - k, "%s%lld", i ? "," : "", (long long)st[i]);
	snprintf(buf + k, size - k, ")]");
}

static void list_text(char *buf, size_t size, const int64_t *v, int n)
{
	size_t k = 0;
	buf[0] = '\0';
	for (int i = 0; i < n; i++)
		k += (size_t)snprintf(buf + k, size - k, "%s%lld", i ? "," : "", (long long)v[i]);
}

/* The strings of one random case. */
typedef struct random_text {
	char global[160], gshape[64], smem[200], sshape[64], region[96];
} random_text;

/*
 * A random global tensor (rank 2 or 3, rows sometimes padded, sometimes
 * column-major), a random aligned sub-box of it, and a shared tile for the
 * sub-box: row-major, in swizzle atoms, with padded rows, or transposed.
 */
static void random_case(uint64_t *s, random_text *t, tma_case *c)
{
	static const char *const dtypes[] = { "f16", "bf16", "f32", "f64", "i8" };
	static const char *const swizzles[] = { NULL, "32B", "64B", "128B" };
	int rank = 2 + (int)pick(s, 2);
	int64_t D[3], E[3], B[3], st[4], e[4], inner, rows = 1;
	size_t k = 0;

	for (int d = 0; d < rank; d++) {
		D[d] = INT64_C(4) << pick(s, d == rank - 1 ? 5 : 3);
		E[d] = D[d] >> pick(s, d == rank - 1 ? 2 : 3);
		E[d] = E[d] < 1 ? 1 : E[d];
		B[d] = pick(s, D[d] / E[d]) * E[d];
	}
	/* global: row-major with a padded row stride, or column-major */
	st[rank - 1] = 1;
	for (int d = rank - 1; d-- > 0;)
		st[d] = st[d + 1] * (D[d + 1] + (d == rank - 2 ? (int64_t[]){ 0, 0, 8, 3 }[pick(s, 4)] : 0));
	if (pick(s, 8) == 0)
		for (int d = 0, acc = 1; d < rank; acc *= (int)D[d], d++)
			st[d] = acc;
	shard_text(t->global, sizeof(t->global), D, st, rank);
	list_text(t->gshape, sizeof(t->gshape), D, rank);
	for (int d = 0; d < rank; d++)
		k += (size_t)snprintf(t->region + k, sizeof(t->region) - k, "%s%lld:%lld", d ? "," : "",
				      (long long)B[d], (long long)(B[d] + E[d]));
	list_text(t->sshape, sizeof(t->sshape), E, rank);
	/* shared: the outer dimensions row-major over rows, then the inner one */
	inner = E[rank - 1];
	for (int d = 0; d + 1 < rank; d++)
		rows *= E[d];
	switch (pick(s, 5)) {
	case 0: /* swizzle atoms: the inner dimension in blocks, blocks outermost */
		if (inner >= 4) {
			int64_t w = inner / 2;
			for (int d = 0; d + 1 < rank; d++)
				e[d] = E[d];
			e[rank - 1] = 2;
			e[rank] = w;
			st[rank] = 1;
			st[rank - 1] = rows * w;
			for (int d = rank - 1; d-- > 0;)
				st[d] = (d == rank - 2 ? w : st[d + 1] * e[d + 1]);
			shard_text(t->smem, sizeof(t->smem), e, st, rank + 1);
			break;
		}
		/* fall through */
	case 1: /* padded rows */
		st[rank - 1] = 1;
		for (int d = rank - 1; d-- > 0;)
			st[d] = st[d + 1] * (E[d + 1] + (d == rank - 2 ? (int64_t[]){ 8, 16, 64 }[pick(s, 3)] : 0));
		shard_text(t->smem, sizeof(t->smem), E, st, rank);
		break;
	case 2: /* transposed */
		for (int d = 0, acc = 1; d < rank; acc *= (int)E[d], d++)
			st[d] = acc;
		shard_text(t->smem, sizeof(t->smem), E, st, rank);
		break;
	default:
		st[rank - 1] = 1;
		for (int d = rank - 1; d-- > 0;)
			st[d] = st[d + 1] * E[d + 1];
		shard_text(t->smem, sizeof(t->smem), E, st, rank);
	}
	*c = (tma_case){ t->global, t->gshape, t->smem, t->sshape, dtypes[pick(s, 5)],
			 swizzles[pick(s, 4)], t->region, NULL, NULL, NULL, .rank = 0 };
	if (pick(s, 2)) { /* half the time, the swizzle whose span fits the rows */
		int64_t bytes = inner * (axe_dtype_get(axe_dtype_lookup(c->dtype))->bits / 8);
		c->swizzle = bytes >= 128 ? "128B" : bytes == 64 ? "64B" : bytes == 32 ? "32B" : NULL;
	}
}

/*
 * Random requests: every plan passes the oracle and the rules, every
 * refusal names a rule and a fix, and valid requests are never input errors.
 */
static void test_random(void **state)
{
	const char *env = getenv("AXE_SEED");
	uint64_t seed = env ? strtoull(env, NULL, 0) : UINT64_C(20260801), s = seed;
	int planned = 0, refused = 0;

	(void)state;
	for (int i = 0; i < 1000; i++) {
		random_text t;
		tma_case c;
		run R;
		int r;
		random_case(&s, &t, &c);
		r = plan_case(&c, &R);
		if (r < 0)
			fail_msg("seed %llu case %d: %s -> %s %s %s: error %s", (unsigned long long)seed,
				 i, c.global, c.smem, c.dtype, c.region, R.err.message);
		if (r == 1) {
			assert_int_equal(axe_tma_params_check(&R.plan.params, NULL), 1);
			oracle(&R);
			planned++;
		} else {
			assert_true(R.why.rule[0] && R.why.reason[0] && R.why.fix[0]);
			refused++;
		}
		release(&R);
	}
	/* both answers are exercised */
	assert_true(planned >= 100 && refused >= 100);
}

/* Exact reasons and fixes of the issue's refusals. */
static void test_reasons(void **state)
{
	run R;

	(void)state;
	assert_int_equal(plan_case(&refusals[0], &R), 0);
	assert_string_equal(R.why.reason, "global dimension 0 steps by 2002 bytes, not a multiple "
			    "of 16, and the region spans it");
	assert_string_equal(R.why.fix, "pad dimension 0 of the global tensor to 2016 bytes (1008 "
			    "elements) per step, so that every step starts 16-byte aligned");
	release(&R);
	assert_int_equal(plan_case(&refusals[4], &R), 0);
	assert_string_equal(R.why.reason, "boxDim[0] is 64 elements of 4 bytes = 256 bytes, more "
			    "than the 128-byte span of CU_TENSOR_MAP_SWIZZLE_128B");
	release(&R);
	assert_int_equal(plan_case(&refusals[3], &R), 0);
	assert_string_equal(R.why.reason, "boxDim[1] is 512");
	release(&R);
}

/* CUTLASS's GEMM operand tiles: its map under the forced box, and no more copies unforced. */
static void test_cutlass(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cutlass_tiles) / sizeof(cutlass_tiles[0]); i++) {
		const struct cutlass_tile *t = &cutlass_tiles[i];
		char box[32];
		tma_case c = { t->major ? "S[(4096,4096):(1,4096)]" : "S[(4096,4096):(4096,1)]", NULL,
			       t->smem, "128,128", t->dtype, t->swizzle, "0:128,0:128", NULL, box,
			       NULL, .rank = 0 };
		int64_t copies = 128 * 128 / (t->box[0] * t->box[1]);
		const axe_tma_params *P;
		run R;
		snprintf(box, sizeof(box), "%u,%u", t->box[1], t->box[0]);
		if (plan_case(&c, &R) != 1)
			fail_msg("tile %zu (%s %s): %s: %s %s", i, t->dtype, t->smem, R.why.rule,
				 R.why.reason, R.err.message);
		P = &R.plan.params;
		assert_int_equal(P->rank, 2);
		assert_int_equal(P->global_dim[0], 4096);
		assert_int_equal(P->global_dim[1], 4096);
		assert_int_equal(P->global_strides[0], t->stride);
		assert_int_equal(P->box_dim[0], t->box[0]);
		assert_int_equal(P->box_dim[1], t->box[1]);
		/* CU_TENSOR_MAP_SWIZZLE_32B, _64B, _128B are 1, 2, 3 (CUTLASS printed them) */
		assert_int_equal(P->swizzle, !t->swizzle ? 0 : strcmp(t->swizzle, "32B") == 0 ? 1 :
				 strcmp(t->swizzle, "64B") == 0 ? 2 : 3);
		assert_int_equal(R.plan.ncopies, copies);
		oracle(&R);
		release(&R);
		c.box = NULL;
		assert_int_equal(plan_case(&c, &R), 1);
		assert_true(R.plan.ncopies <= copies);
		oracle(&R);
		release(&R);
	}
}

/* Find the case of "plans" with these layouts and region. */
static const tma_case *plan_named(const char *global, const char *smem, const char *region)
{
	for (size_t i = 0; i < sizeof(plans) / sizeof(plans[0]); i++)
		if (strcmp(plans[i].global, global) == 0 && strcmp(plans[i].smem, smem) == 0 &&
		    (region ? plans[i].region && strcmp(plans[i].region, region) == 0 :
		     !plans[i].region))
			return &plans[i];
	fail_msg("no case %s -> %s", global, smem);
	return NULL;
}

/* What the plans report beyond the map: the filled elements, the folded base, the tried boxes. */
static void test_details(void **state)
{
	run R;

	(void)state;
	/* rows 4096..4217 of the 128-row tile are outside the tensor: 122 rows of 64 */
	assert_int_equal(plan_case(plan_named("S[(4096,4096)]", "S[(128,64)]", "4090:4218,0:64"),
				   &R), 1);
	assert_int_equal(R.plan.nfilled, 1);
	assert_int_equal(R.plan.filled[0].dim, 0);
	assert_int_equal(R.plan.filled[0].begin, 4096);
	assert_int_equal(R.plan.filled[0].end, 4218);
	assert_int_equal(R.plan.filled_elements, 122 * 64);
	assert_int_equal(R.plan.first.coords[1], 4090);
	release(&R);
	assert_int_equal(plan_case(plan_named("S[(4096,4096)]", "S[(128,64)]",
					      "4090:4218,4064:4128"), &R), 1);
	assert_int_equal(R.plan.nfilled, 2);
	assert_int_equal(R.plan.filled_elements, 128 * 64 - 6 * 32);
	release(&R);
	/* the extent-1 dimension of stride 4100 f16 elements: the base moves 2 x 8200 bytes */
	assert_int_equal(plan_case(plan_named("S[(3,64,64):(4100,64,1)]", "S[(64,64):(64,1)]",
					      "2:3,0:64,0:64"), &R), 1);
	assert_int_equal(R.plan.first.global_offset_bytes, 16400);
	assert_int_equal(R.plan.global_alignment, 16);
	assert_false(axe_tma_plan_moves_base(&R.plan));
	assert_int_equal(R.plan.nfilled, 0);
	release(&R);
	/*
	 * the aliasing tensor keeps its two outer dimensions in the map (rank 5):
	 * the copy's coordinates 4 and 3, the base unmoved
	 */
	assert_int_equal(plan_case(plan_named("S[(16,16,128,128):(131072,128,1024,1)]",
					      "S[(128,128)]", "3:4,4:5,0:128,0:128"), &R), 1);
	assert_int_equal(R.plan.params.rank, 5);
	assert_int_equal(R.plan.first.coords[3], 4);
	assert_int_equal(R.plan.first.coords[4], 3);
	assert_int_equal(R.plan.first.global_offset_bytes, 0);
	release(&R);
	/* a refusal after a search names the arrangements it tried */
	{
		tma_case c = { "S[(256,256)]", NULL, "S[(8,64):(96,1)]", "8,64", "f16", NULL, NULL,
			       NULL, NULL, NULL, .rank = 0 };
		assert_int_equal(plan_case(&c, &R), 0);
		assert_string_equal(R.why.rule, "shared address 128-byte aligned");
		assert_non_null(strstr(R.why.tried, "box {64} and 14 other boxes: shared address "
					   "128-byte aligned"));
		release(&R);
	}
}

/* Input errors: -1 with a message, never a plan. */
static void test_errors(void **state)
{
/* A case of an unswizzled f16 copy: GLOBAL, SMEM, the global region and the box (or NULL). */
#define F16(g, s, region, box) { g, NULL, s, NULL, "f16", NULL, region, NULL, box, NULL, .rank = 0 }
	static const struct {
		tma_case c;
		const char *message;
	} rows[] = {
		{ F16("S[(64,64)]", "S[(64,64)]", "0:64,64:128", NULL),
		  "range 64:128 of the global region is empty or starts outside dimension 1, which "
		  "has extent 64" },
		{ F16("S[(256,256)]", "S[(64,64)]", "0:64,0:32", NULL),
		  "the global region (64, 32) and the shared region (64, 64) do not hold the same "
		  "number of elements (2048 and 4096)" },
		{ F16("S[(64,64):(1@laneid,1)]", "S[(64,64)]", NULL, NULL),
		  "the global layout uses axis 'laneid'; a TMA copy moves memory offsets on 'm' "
		  "only" },
		{ F16("S[(256,256)]", "S[(64,64)]", NULL, "64,48"),
		  "box extent 48 (number 2) does not divide the region's run of 64 elements it "
		  "falls on" },
		{ F16("S[(256,256)]", "S[(64,64)]", NULL, "2,64,64"),
		  "the box has more dimensions than the region: extent 2 (number 1) is left over" },
		{ F16("S[(32,32)]", "S[(64,64)]", NULL, NULL),
		  "the shared region does not fit in the global tensor at its origin (dimension 0: "
		  "64 > 32); give the global region (--region)" },
	};
#undef F16

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		run R;
		assert_int_equal(plan_case(&rows[i].c, &R), -1);
		assert_string_equal(R.err.message, rows[i].message);
		release(&R);
	}
}

/* The enum names and short option values, and the swizzle table of the programming guide. */
static void test_names(void **state)
{
	(void)state;
	assert_string_equal(axe_tma_data_type_name(axe_dtype_lookup("f16")),
			    "CU_TENSOR_MAP_DATA_TYPE_FLOAT16");
	assert_string_equal(axe_tma_data_type_name(axe_dtype_lookup("bf16")),
			    "CU_TENSOR_MAP_DATA_TYPE_BFLOAT16");
	assert_string_equal(axe_tma_data_type_name(axe_dtype_lookup("i8")),
			    "CU_TENSOR_MAP_DATA_TYPE_UINT8");
	assert_null(axe_tma_data_type_name(-1));
	assert_string_equal(axe_tma_swizzle_name(AXE_TMA_SWIZZLE_64B), "CU_TENSOR_MAP_SWIZZLE_64B");
	assert_string_equal(axe_tma_l2_name(AXE_TMA_L2_256B), "CU_TENSOR_MAP_L2_PROMOTION_L2_256B");
	assert_string_equal(axe_tma_oob_name(AXE_TMA_OOB_NAN),
			    "CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA");
	assert_string_equal(axe_tma_interleave_name(AXE_TMA_INTERLEAVE_16B),
			    "CU_TENSOR_MAP_INTERLEAVE_16B");
	assert_int_equal(axe_tma_l2_parse("128B"), AXE_TMA_L2_128B);
	assert_int_equal(axe_tma_l2_parse("128"), -1);
	assert_int_equal(axe_tma_oob_parse("nan"), AXE_TMA_OOB_NAN);
	assert_int_equal(axe_tma_direction_parse("s2g"), AXE_TMA_S2G);
	assert_int_equal(axe_tma_interleave_parse("none"), AXE_TMA_INTERLEAVE_NONE);
	assert_int_equal(axe_tma_swizzle_span(AXE_TMA_SWIZZLE_32B), 32);
	assert_int_equal(axe_tma_swizzle_repeat(AXE_TMA_SWIZZLE_64B), 512);
	assert_int_equal(axe_tma_swizzle_repeat(AXE_TMA_SWIZZLE_128B), 1024);
	assert_int_equal(axe_tma_swizzle_repeat(AXE_TMA_SWIZZLE_NONE), 0);
}

/* axe_tma_params_check on hand-made arguments: each documented rule, one row each. */
static void test_params(void **state)
{
	static const struct {
		int what;
		const char *rule;
	} rows[] = {
		{ 0, NULL },
		{ 1, "tensorRank 1..5" },
		{ 2, "tensorRank >= 3 with an interleave" },
		{ 3, "interleave 32B needs swizzle 32B" },
		{ 4, "globalStrides multiple of 32 with the 32B interleave" },
		{ 5, "elementStrides 1..8" },
		{ 6, "boxDim 1..256" },
		{ 7, "globalDim 1..2^32" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		axe_tma_params p = { .dtype = axe_dtype_lookup("f16"), .rank = 3,
				     .global_dim = { 64, 64, 4 }, .global_strides = { 128, 8192 },
				     .box_dim = { 64, 64, 1 }, .element_strides = { 1, 1, 1 } };
		axe_tma_refusal why;
		switch (rows[i].what) {
		case 1: p.rank = 6; break;
		case 2: p.rank = 2; p.interleave = AXE_TMA_INTERLEAVE_16B; break;
		case 3: p.interleave = AXE_TMA_INTERLEAVE_32B; p.swizzle = AXE_TMA_SWIZZLE_64B; break;
		case 4: p.interleave = AXE_TMA_INTERLEAVE_32B; p.swizzle = AXE_TMA_SWIZZLE_32B;
			p.global_strides[0] = 144; break;
		case 5: p.element_strides[2] = 9; break;
		case 6: p.box_dim[1] = 0; break;
		case 7: p.global_dim[2] = (UINT64_C(1) << 32) + 1; break;
		}
		if (!rows[i].rule) {
			assert_int_equal(axe_tma_params_check(&p, &why), 1);
			continue;
		}
		assert_int_equal(axe_tma_params_check(&p, &why), 0);
		assert_string_equal(why.rule, rows[i].rule);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plans),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_reasons),
		cmocka_unit_test(test_details),
		cmocka_unit_test(test_cutlass),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_params),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
