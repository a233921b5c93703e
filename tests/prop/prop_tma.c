/*
 * prop_tma.c: property tests of the TMA planner (src/codegen/tma*.c;
 * semantics.md "TMA tensor maps") on seeded random requests: global
 * tensors of rank 2 to 5 with padded and permuted strides (a broadcast
 * stride 0 now and then), regions anywhere, touching or running past the
 * tensor's end, shared tiles row-major, permuted, padded or transposed,
 * every element type and swizzle.
 *
 * - every plan's footprint equals the layouts' (tests/prop/tma_oracle.h
 *   performs the copies and evaluates the layouts directly) and every
 *   driver rule holds, checked by the oracle's own rule list;
 * - completeness: the test's own brute-force search, which knows nothing of
 *   the planner, enumerates tensor maps built from the region's dimensions
 *   (each whole, or cut once into inner and outer pieces at any divisor of
 *   its extent, the overhang left outside the map), dimensions of extent 1
 *   folded into the base address, every box size per piece, the pieces in
 *   shared-memory order; it keeps a candidate when the oracle accepts its
 *   footprint and rules.  Whenever it finds one, the planner must plan.
 *
 * A failure prints the seed of its case; `AXE_SEED=<seed>
 * build/asan/tests/prop_tma` replays it first.  AXE_PROP_SCALE multiplies
 * the case count (`make soak`).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/tma.h"
#include "core/dtype.h"
#include "parse/parse.h"
#include "prop/random_layout.h"
#include "prop/tma_oracle.h"

#define CASES 1000
#define MAX_REGION 2048  /* region elements, so that the brute force stays small */
#define MAX_CANDIDATES 4000

/* One random request: the global tensor, the region, the shared tile. */
typedef struct gen {
	int rank, dtype, contiguous;
	int64_t elem, D[5], st[5], begin[5], E[5];
	int64_t sst[5];     /* shared elements per step of each region dimension (0: not kept) */
	int nkept, kept[5]; /* region dimensions the shared tile has, in order */
	const char *swizzle;
	char gtext[256], stext[256];
	axe_shape gshape, sshape;
	axe_tma_region region;
} gen;

/* "S[(e,...):(s,...)]" into "buf". */
static void shard_text(char *buf, size_t size, const int64_t *e, const int64_t *s, int n)
{
	size_t k = (size_t)snprintf(buf, size, "S[(");

	for (int i = 0; i < n; i++)
		k += (size_t)snprintf(buf + k, size - k, "%s%lld", i ? "," : "", (long long)e[i]);
	k += (size_t)snprintf(buf + k, size - k, "):(");
	for (int i = 0; i < n; i++)
		k += (size_t)snprintf(buf + k, size - k, "%s%lld", i ? "," : "", (long long)s[i]);
	snprintf(buf + k, size - k, ")]");
}

/* A random permutation of "v" (n entries) in place. */
static void shuffle(prop_rng *rng, int *v, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)prop_rng_range(rng, 0, i), t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

/* Extents and the region: small enough to enumerate, sometimes past the end. */
static void gen_region(prop_rng *rng, gen *g)
{
	static const int64_t extents[] = { 1, 1, 2, 3, 4, 6, 8, 16, 32, 64, 100, 128 };
	int64_t total = 1;

	for (int d = g->rank; d-- > 0;) {
		int64_t e = extents[prop_rng_range(rng, 0, 11)];
		if (d == g->contiguous)
			e = (16 / g->elem > 0 ? 16 / g->elem : 1) * prop_rng_range(rng, 1, 8);
		if (total * e > MAX_REGION)
			e = 1;
		total *= e;
		g->E[d] = e;
		g->D[d] = prop_rng_chance(rng, 30) ? e : prop_rng_range(rng, (e + 1) / 2, 4 * e + 3);
		switch (prop_rng_range(rng, 0, 3)) {
		case 0: g->begin[d] = 0; break;
		case 1: g->begin[d] = g->D[d] > e ? g->D[d] - e : 0; break; /* touching the end */
		case 2: g->begin[d] = prop_rng_range(rng, 0, g->D[d] - 1); break; /* maybe past */
		default: g->begin[d] = e * prop_rng_range(rng, 0, g->D[d] / e > 0 ? g->D[d] / e - 1 : 0);
		}
		g->region.begin[d] = g->begin[d];
		g->region.end[d] = g->begin[d] + e;
		g->gshape.dim[d] = g->D[d];
	}
	g->region.rank = g->gshape.rank = (size_t)g->rank;
}

/* Global strides: the contiguous dimension first, the others permuted, steps padded. */
static void gen_global(prop_rng *rng, gen *g)
{
	int order[5], n = 0;
	int64_t stride = 1;

	for (int d = g->rank; d-- > 0;)
		if (d != g->contiguous)
			order[n++] = d;
	if (prop_rng_chance(rng, 40))
		shuffle(rng, order, n);
	g->st[g->contiguous] = 1;
	stride = g->D[g->contiguous];
	for (int i = 0; i < n; i++) {
		int d = order[i];
		switch (prop_rng_range(rng, 0, 4)) {
		case 0: stride = (stride * g->elem + 15) / 16 * 16 / g->elem + 16 / g->elem; break;
		case 1: stride += prop_rng_range(rng, 1, 3); break;
		default: break;
		}
		g->st[d] = g->E[d] == 1 && prop_rng_chance(rng, 15) ? 0 : stride; /* a broadcast */
		stride *= g->D[d];
	}
	shard_text(g->gtext, sizeof(g->gtext), g->D, g->st, g->rank);
}

/* The shared tile: the contiguous dimension innermost (or not: a transpose), rows padded. */
static void gen_smem(prop_rng *rng, gen *g)
{
	int order[5], n = 0, inner = g->contiguous;
	int64_t foot, e[5], s[5];

	g->nkept = 0;
	for (int d = 0; d < g->rank; d++) {
		g->sst[d] = 0;
		if (g->E[d] > 1 || prop_rng_chance(rng, 20))
			g->kept[g->nkept++] = d;
	}
	if (prop_rng_chance(rng, 8) && g->nkept > 1)
		inner = g->kept[prop_rng_range(rng, 0, g->nkept - 1)];
	for (int i = g->nkept; i-- > 0;)
		if (g->kept[i] != inner)
			order[n++] = g->kept[i];
	if (prop_rng_chance(rng, 30))
		shuffle(rng, order, n);
	g->sst[inner] = 1;
	foot = g->E[inner];
	if (prop_rng_chance(rng, 25)) /* rows padded: to a swizzle span, or by 16 bytes */
		foot = prop_rng_chance(rng, 50) && g->swizzle ? (128 / g->elem > foot ? 128 / g->elem :
								 foot) : foot + 16 / g->elem;
	for (int i = 0; i < n; i++) {
		g->sst[order[i]] = foot;
		foot *= g->E[order[i]];
	}
	for (int i = 0; i < g->nkept; i++) {
		e[i] = g->E[g->kept[i]];
		s[i] = g->sst[g->kept[i]];
		g->sshape.dim[i] = e[i];
	}
	g->sshape.rank = (size_t)g->nkept;
	shard_text(g->stext, sizeof(g->stext), e, s, g->nkept);
}

static void gen_request(prop_rng *rng, gen *g)
{
	static const char *const swizzles[] = { NULL, "32B", "64B", "128B" };
	int ntypes = 0;

	while (axe_dtype_get(ntypes))
		ntypes++;
	memset(g, 0, sizeof(*g));
	g->rank = (int)prop_rng_range(rng, 2, 5);
	g->dtype = (int)prop_rng_range(rng, 0, ntypes - 1);
	g->elem = axe_dtype_get(g->dtype)->bits / 8;
	g->contiguous = prop_rng_chance(rng, 80) ? g->rank - 1 : (int)prop_rng_range(rng, 0, g->rank - 1);
	g->swizzle = swizzles[prop_rng_range(rng, 0, 3)];
	gen_region(rng, g);
	if (prop_rng_chance(rng, 50)) { /* the swizzle whose span is the row */
		int64_t bytes = g->E[g->contiguous] * g->elem;
		g->swizzle = bytes >= 128 ? "128B" : bytes == 64 ? "64B" : bytes == 32 ? "32B" : NULL;
	}
	gen_global(rng, g);
	gen_smem(rng, g);
}

/* ------------------------------------------------------------ brute force -- */

/* A piece of a region dimension: one tensor-map dimension. */
typedef struct piece {
	int64_t gdim, gstride, count, coord, sstride;
} piece;

typedef struct brute {
	const gen *g;
	const tma_expect *x;
	int64_t base;        /* global base bytes: the extent-1 dimensions folded */
	piece p[10];
	int n;
	int64_t box[10];
	long candidates;
	bool found;
	axe_tma_plan plan;
} brute;

/* The plan of pieces "B->p" in shared order with boxes "B->box". */
static void brute_plan(brute *B, axe_tma_plan *plan)
{
	const gen *g = B->g;
	axe_tma_params *P = &plan->params;

	memset(plan, 0, sizeof(*plan));
	P->dtype = g->dtype;
	P->rank = B->n;
	P->swizzle = g->swizzle ? (axe_tma_swizzle)(g->swizzle[0] == '3' ? 1 : g->swizzle[0] == '6' ?
						    2 : 3) : AXE_TMA_SWIZZLE_NONE;
	plan->first.global_offset_bytes = B->base;
	plan->ncopies = 1;
	plan->bytes_per_copy = g->elem;
	for (int k = 0; k < B->n; k++) {
		P->global_dim[k] = (uint64_t)B->p[k].gdim;
		if (k > 0)
			P->global_strides[k - 1] = (uint64_t)(B->p[k].gstride * g->elem);
		P->box_dim[k] = (uint32_t)B->box[k];
		P->element_strides[k] = 1;
		plan->first.coords[k] = B->p[k].coord;
		plan->bytes_per_copy *= B->box[k];
		if (B->p[k].count == B->box[k])
			continue;
		plan->loop[plan->nloops].extent = B->p[k].count / B->box[k];
		plan->loop[plan->nloops].coord_step[k] = B->box[k];
		plan->loop[plan->nloops].smem_step_bytes = B->box[k] * B->p[k].sstride * g->elem;
		plan->ncopies *= B->p[k].count / B->box[k];
		plan->nloops++;
	}
	plan->total_bytes = plan->ncopies * plan->bytes_per_copy;
}

/* Boxes for pieces k.. ("foot": the shared elements the box covers densely so far). */
static void brute_boxes(brute *B, int k, int64_t foot)
{
	char msg[256];

	if (B->found || B->candidates >= MAX_CANDIDATES)
		return;
	if (k == B->n) {
		B->candidates++;
		brute_plan(B, &B->plan);
		B->found = !tma_oracle_rules(&B->plan) && tma_oracle_run(&B->plan, B->x, msg,
									  sizeof(msg));
		return;
	}
	for (int64_t b = B->p[k].count < 256 ? B->p[k].count : 256; b >= 1 && !B->found; b--) {
		if (B->p[k].count % b != 0)
			continue;
		if (k == 0) {
			int64_t span = B->g->swizzle ? (B->g->swizzle[0] == '3' ? 32 : B->g->swizzle[0] ==
							'6' ? 64 : 128) / B->g->elem : 0;
			B->box[0] = b;
			brute_boxes(B, 1, span > b ? span : b);
		} else if (b == 1 || B->p[k].sstride == foot) {
			B->box[k] = b;
			brute_boxes(B, k + 1, b == 1 ? foot : foot * b);
		}
	}
}

static int by_sstride(const void *a, const void *b)
{
	const piece *x = a, *y = b;

	return (x->sstride > y->sstride) - (x->sstride < y->sstride);
}

/* Cut region dimensions d.. (whole, or at a divisor c), then try the boxes. */
static void brute_cuts(brute *B, int d, piece *pieces, int n)
{
	const gen *g = B->g;
	int64_t E, D, begin, end;

	while (d < g->rank && g->E[d] == 1)
		d++;
	if (B->found)
		return;
	if (d == g->rank) {
		if (n > 5)
			return;
		memcpy(B->p, pieces, (size_t)n * sizeof(piece));
		B->n = n;
		qsort(B->p, (size_t)n, sizeof(piece), by_sstride);
		if (B->p[0].gstride == 1 && B->p[0].sstride == 1)
			brute_boxes(B, 0, 0);
		return;
	}
	E = g->E[d], D = g->D[d], begin = g->begin[d], end = begin + E;
	pieces[n] = (piece){ D, g->st[d], E, begin, g->sst[d] };
	brute_cuts(B, d + 1, pieces, n + 1);
	for (int64_t c = 2; c < E && !B->found; c++) {
		if (E % c != 0 || begin % c != 0)
			continue;
		if (end > D ? D % c != 0 : end > D / c * c)
			continue; /* a ragged end needs exact bounds; else stay clear of the overhang */
		pieces[n] = (piece){ c, g->st[d], c, 0, g->sst[d] };
		pieces[n + 1] = (piece){ D / c, g->st[d] * c, E / c, begin / c, g->sst[d] * c };
		brute_cuts(B, d + 1, pieces, n + 2);
	}
}

/* Whether the brute force finds a plan for "g" ("x": the layouts' footprint). */
static bool brute_force(const gen *g, const tma_expect *x)
{
	brute *B = calloc(1, sizeof(*B));
	piece pieces[10];
	bool found;

	assert_non_null(B);
	B->g = g;
	B->x = x;
	for (int d = 0; d < g->rank; d++)
		if (g->E[d] == 1)
			B->base += g->begin[d] * g->st[d] * g->elem;
	for (int d = 0; d < g->rank; d++)
		if (g->E[d] > 1 && g->sst[d] == 0)
			return free(B), false; /* not a permutation of the region: no family member */
	brute_cuts(B, 0, pieces, 0);
	found = B->found;
	free(B);
	return found;
}

/* ------------------------------------------------------------- the test -- */

static void case_fail(uint64_t seed, const gen *g, const char *what, const char *detail)
{
	fprintf(stderr, "\nprop_tma: %s\n  seed: %" PRIu64 " (replay: AXE_SEED=%" PRIu64
		" build/asan/tests/prop_tma)\n  emit-tma '%s' '%s' --dtype %s --swizzle %s "
		"--global-shape ...\n  %s\n", what, seed, seed, g->gtext, g->stext,
		axe_dtype_get(g->dtype)->name, g->swizzle ? g->swizzle : "none", detail);
	fail();
}

static void test_random_requests(void **state)
{
	uint64_t base = prop_base_seed();
	long planned = 0, brute_found = 0, ragged = 0, folded = 0;

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_tma_request req;
		axe_tma_plan *plan = malloc(sizeof(*plan));
		axe_tma_refusal why;
		axe_layout *G, *S;
		axe_error err;
		tma_expect x;
		gen g;
		char msg[2200];
		int r;

		assert_non_null(plan);
		gen_request(&rng, &g);
		axe_error_init(&err);
		G = axe_layout_parse(g.gtext, &err);
		S = axe_layout_parse(g.stext, &err);
		assert_non_null(G);
		assert_non_null(S);
		if (g.swizzle)
			assert_int_equal(axe_swizzle_preset(g.swizzle, g.dtype, &S->swizzle), 0);
		axe_tma_request_init(&req);
		req.global = G;
		req.smem = S;
		req.global_shape = g.gshape;
		req.smem_shape = g.sshape;
		req.dtype = g.dtype;
		req.region = g.region;
		r = axe_tma_plan_build(&req, plan, &why, &err);
		if (r < 0)
			case_fail(seed, &g, "an input error on a valid request", err.message);
		{
			axe_tma_region sreg = { .rank = g.sshape.rank };
			for (size_t d = 0; d < g.sshape.rank; d++)
				sreg.end[d] = g.sshape.dim[d];
			assert_int_equal(tma_expect_init(&x, G, &g.gshape, &g.region, S, &g.sshape,
							 &sreg), 0);
		}
		if (r == 1) {
			const char *rule = tma_oracle_rules(plan);
			planned++;
			ragged += plan->filled_elements > 0;
			folded += plan->folded_dims > 0;
			if (rule)
				case_fail(seed, &g, "a plan breaks a rule", rule);
			if (!tma_oracle_run(plan, &x, msg, sizeof(msg)))
				case_fail(seed, &g, "a plan's footprint differs from the layouts'", msg);
			if (plan->filled_elements != x.filled)
				case_fail(seed, &g, "the plan miscounts the filled elements", "");
		}
		if (brute_force(&g, &x)) {
			brute_found++;
			if (r != 1) {
				snprintf(msg, sizeof(msg), "planner: (%s) %s; tried: %s", why.rule,
					 why.reason, why.tried);
				case_fail(seed, &g, "the brute force finds a plan, the planner refuses",
					  msg);
			}
		}
		tma_expect_release(&x);
		axe_layout_free(G);
		axe_layout_free(S);
		free(plan);
	}
	printf("# %ld plans (%ld ragged, %ld with folded coordinates), %ld found by the brute "
	       "force, of %" PRId64 " requests\n", planned, ragged, folded, brute_found,
	       CASES * prop_scale());
	/* both answers and the new request classes are exercised */
	assert_true(planned >= CASES / 4 && brute_found >= CASES / 5);
	assert_true(ragged >= CASES / 30 && folded >= CASES / 30);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_requests),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	printf("# AXE_SEED=%" PRIu64 " AXE_PROP_SCALE=%" PRId64 "\n", prop_base_seed(),
	       prop_scale());
	return cmocka_run_group_tests_name("prop_tma", tests, NULL, NULL);
}
