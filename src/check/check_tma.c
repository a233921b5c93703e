/*
 * check_tma.c: the `tma` check: the TMA plan of codegen/tma.h, or its
 * refusal.
 *
 *   - tma: {global: G, smem: S, region: "0:64,0:64", box: [64, 64],
 *           expect: {rank: 2, globalDim: [4096, 4096], globalStrides: [8192],
 *                    boxDim: [64, 64], swizzle: 128B, bytes_per_copy: 8192, copies: 1}}
 *   - tma: {global: G, smem: S_transposed, refuse: "contiguous"}
 *
 * Arrays are innermost first, as cuTensorMapEncodeTiled takes them (and as
 * emit-tma prints them); `box` is outermost first, like --box.  `refuse`
 * holds when no plan exists and the failing rule or reason contains it.
 */
#include <stdlib.h>
#include <string.h>

#include "../codegen/tma.h"
#include "../core/sro_reasons.h"
#include "../parse/parse.h"
#include "check.h"

/* A region option given as text "b:e,...", with positions in the spec. */
static int read_region(const axe_check_ctx *ctx, const char *key, axe_tma_region *out)
{
	const axe_node *node = axe_node_get(ctx->value, key);
	axe_loc loc;
	long n;

	out->rank = 0;
	if (!node)
		return 0;
	if (node->kind != AXE_NODE_SCALAR)
		return axe_check_error(ctx, node, "'%s' is a region such as \"0:64,0:64\"", key);
	loc = axe_spec_loc(ctx->spec, node);
	loc.col += node->quoted;
	n = axe_parse_region(node->scalar, &loc, out->begin, out->end, AXE_MAX_RANK, ctx->err);
	if (n < 0)
		return -1;
	out->rank = (size_t)n;
	return 0;
}

static int read_request(const axe_check_ctx *ctx, axe_tma_request *req)
{
	const axe_node *g = axe_check_require(ctx, "global"), *s, *box, *dir;
	const axe_spec_layout *ge, *se;
	long n = 0;

	if (!g || !(s = axe_check_require(ctx, "smem")) ||
	    !(ge = axe_check_layout(ctx, g, AXE_SRO_FOR_TMA)) ||
	    !(se = axe_check_layout(ctx, s, AXE_SRO_FOR_TMA)))
		return -1;
	axe_tma_request_init(req);
	req->global = ge->layout;
	req->global_shape = ge->shape;
	req->smem = se->layout;
	req->smem_shape = se->shape;
	req->dtype = se->dtype >= 0 ? se->dtype : ge->dtype;
	req->global_at = (axe_tma_origin){ axe_spec_loc(ctx->spec, g), (int)g->len };
	req->smem_at = (axe_tma_origin){ axe_spec_loc(ctx->spec, s), (int)s->len };
	if (req->dtype < 0)
		return axe_check_error(ctx, s, "neither layout has a dtype");
	if ((box = axe_node_get(ctx->value, "box")) &&
	    (n = axe_check_ints(ctx, box, req->box, AXE_MAX_RANK, "the box")) < 0)
		return -1;
	req->box_rank = (size_t)n;
	if ((dir = axe_node_get(ctx->value, "direction"))) {
		int d = dir->kind == AXE_NODE_SCALAR ? axe_tma_direction_parse(dir->scalar) : -1;
		if (d < 0)
			return axe_check_error(ctx, dir, "'direction' is g2s or s2g");
		req->direction = (axe_tma_direction)d;
	}
	if (read_region(ctx, "region", &req->region) < 0)
		return -1;
	return read_region(ctx, "smem_region", &req->smem_region);
}

static void list_text(char *buf, size_t size, const int64_t *v, size_t n)
{
	buf[0] = '\0';
	axe_check_append(buf, size, "{");
	for (size_t i = 0; i < n; i++)
		axe_check_append(buf, size, "%s%lld", i ? ", " : "", (long long)v[i]);
	axe_check_append(buf, size, "}");
}

/* Compare an expected integer list with "n" actual values; false on a mismatch. */
static int expect_list(axe_check_ctx *ctx, const axe_node *expect, const char *key,
		       const int64_t *actual, size_t n, bool *ok)
{
	const axe_node *node = axe_node_get(expect, key);
	int64_t want[AXE_MAX_RANK];
	char a[256], w[256];
	long nw;

	if (!node || !*ok)
		return 0;
	if ((nw = axe_check_ints(ctx, node, want, AXE_MAX_RANK, key)) < 0)
		return -1;
	if ((size_t)nw != n || memcmp(want, actual, n * sizeof(int64_t)) != 0) {
		list_text(w, sizeof(w), want, (size_t)nw);
		list_text(a, sizeof(a), actual, n);
		axe_check_fail(ctx, "%s: expected %s, got %s", key, w, a);
		*ok = false;
	}
	return 0;
}

/* The plan's arrays as int64 lists, for comparison. */
static void widen(const uint64_t *u, const uint32_t *v, size_t n, int64_t *out)
{
	for (size_t i = 0; i < n; i++)
		out[i] = u ? (int64_t)u[i] : (int64_t)v[i];
}

static int judge_plan(axe_check_ctx *ctx, const axe_tma_plan *plan)
{
	const axe_node *expect = axe_node_get(ctx->value, "expect"), *sw;
	const axe_tma_params *p = &plan->params;
	int64_t dim[5], strides[4], box[5];
	size_t rank = (size_t)p->rank;
	bool ok = true;

	if (!expect)
		return 0;
	if (expect->kind != AXE_NODE_MAP)
		return axe_check_error(ctx, expect, "'expect' is a mapping of tensor-map fields");
	widen(p->global_dim, NULL, rank, dim);
	widen(p->global_strides, NULL, rank ? rank - 1 : 0, strides);
	widen(NULL, p->box_dim, rank, box);
	if (axe_check_expect_int(ctx, expect, "rank", p->rank, &ok) < 0 ||
	    expect_list(ctx, expect, "globalDim", dim, rank, &ok) < 0 ||
	    expect_list(ctx, expect, "globalStrides", strides, rank ? rank - 1 : 0, &ok) < 0 ||
	    expect_list(ctx, expect, "boxDim", box, rank, &ok) < 0 ||
	    axe_check_expect_int(ctx, expect, "bytes_per_copy", plan->bytes_per_copy, &ok) < 0 ||
	    axe_check_expect_int(ctx, expect, "copies", plan->ncopies, &ok) < 0)
		return -1;
	sw = axe_node_get(expect, "swizzle");
	if (ok && sw && sw->kind == AXE_NODE_SCALAR) {
		const char *name = axe_tma_swizzle_name(p->swizzle);
		const char *suffix = strrchr(name, '_') + 1; /* CU_TENSOR_MAP_SWIZZLE_128B */
		if (strcmp(sw->scalar, suffix) != 0 && strcmp(sw->scalar, name) != 0)
			axe_check_fail(ctx, "swizzle: expected %s, got %s", sw->scalar, suffix);
	}
	return 0;
}

int axe_check_tma(axe_check_ctx *ctx)
{
	static const char *const keys[] = { "global", "smem", "region", "smem_region", "box",
					    "direction", "expect", "refuse", NULL };
	const axe_node *refuse;
	axe_tma_request req;
	axe_tma_refusal why;
	axe_tma_plan *plan;
	int r;

	if (axe_check_keys(ctx, keys) < 0 || read_request(ctx, &req) < 0)
		return -1;
	refuse = axe_node_get(ctx->value, "refuse");
	snprintf(ctx->result->name, sizeof(ctx->result->name), "tma %s -> %s",
		 axe_node_get(ctx->value, "global")->scalar, axe_node_get(ctx->value, "smem")->scalar);
	plan = malloc(sizeof(*plan));
	if (!plan)
		return axe_error_set(ctx->err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	r = axe_tma_plan_build(&req, plan, &why, ctx->err);
	if (r == 1 && refuse)
		axe_check_fail(ctx, "expected no plan (%s), but a plan exists", refuse->scalar);
	else if (r == 1)
		r = judge_plan(ctx, plan) < 0 ? -1 : 1;
	else if (r == 0 && !refuse)
		axe_check_fail(ctx, "no TMA plan (%s): %s", why.rule, why.reason);
	else if (r == 0 && !strstr(why.rule, refuse->scalar) && !strstr(why.reason, refuse->scalar))
		axe_check_fail(ctx, "refused for another reason (%s): %s", why.rule, why.reason);
	free(plan);
	return r < 0 ? -1 : 0;
}
