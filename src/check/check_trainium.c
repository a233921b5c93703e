/*
 * check_trainium.c: the `trainium` check: the Trainium matmul plan of
 * codegen/trainium.h (emit-trainium), or its refusal.
 *
 *   - trainium: {a: A, b: B, c: C, expect: {K: 128, M: 128, N: 512,
 *                trips: {M: 2, N: 2, K: 4}, matmuls: 16, accumulation_groups: 4,
 *                swapped: false}}
 *   - trainium: {a: A, b: B, c: C, c_buffer: sbuf, refuse: "not on partitions"}
 *
 * K, M and N are the instruction's sizes; A and B default to bf16 and C to
 * f32 when their specs give no dtype, as on the command line.
 */
#include <stdlib.h>
#include <string.h>

#include "../codegen/trainium.h"
#include "../core/dtype.h"
#include "../core/sro_reasons.h"
#include "check.h"

static int read_request(const axe_check_ctx *ctx, axe_trn_request *req)
{
	static const char *const keys[] = { "a", "b", "c" };
	const axe_node *buffer = axe_node_get(ctx->value, "c_buffer");

	memset(req, 0, sizeof(*req));
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++) {
		const axe_node *name = axe_check_require(ctx, keys[op]);
		const axe_spec_layout *e = name ? axe_check_layout(ctx, name, AXE_SRO_FOR_TRAINIUM) : NULL;
		if (!e)
			return -1;
		req->layout[op] = e->layout;
		req->shape[op] = e->shape;
		if (op == AXE_TRN_A)
			req->dtype = e->dtype >= 0 ? e->dtype : axe_dtype_lookup("bf16");
		if (op == AXE_TRN_C)
			req->c_dtype = e->dtype >= 0 ? e->dtype : axe_dtype_lookup("f32");
	}
	req->c_buffer = AXE_TRN_PSUM;
	if (buffer) {
		if (buffer->kind != AXE_NODE_SCALAR ||
		    (strcmp(buffer->scalar, "psum") != 0 && strcmp(buffer->scalar, "sbuf") != 0))
			return axe_check_error(ctx, buffer, "'c_buffer' is psum or sbuf");
		req->c_buffer = strcmp(buffer->scalar, "sbuf") == 0 ? AXE_TRN_SBUF : AXE_TRN_PSUM;
	}
	axe_trn_default_limits(req->max_tile);
	return 0;
}

static int judge_plan(axe_check_ctx *ctx, const axe_trn_plan *plan)
{
	const axe_node *expect = axe_node_get(ctx->value, "expect"), *trips, *swapped;
	bool ok = true;

	if (!expect)
		return 0;
	if (expect->kind != AXE_NODE_MAP)
		return axe_check_error(ctx, expect, "'expect' is a mapping such as "
				       "{K: 128, M: 128, N: 512}");
	trips = axe_node_get(expect, "trips");
	for (int d = 0; d < AXE_TRN_NDIMS; d++)
		if (axe_check_expect_int(ctx, expect, axe_trn_dim_name(d), plan->tile[d].size,
					 &ok) < 0 ||
		    axe_check_expect_int(ctx, trips, axe_trn_dim_name(d), plan->trips[d],
					 &ok) < 0)
			return -1;
	if (axe_check_expect_int(ctx, expect, "matmuls", plan->matmuls, &ok) < 0 ||
	    axe_check_expect_int(ctx, expect, "accumulation_groups", plan->groups, &ok) < 0)
		return -1;
	swapped = axe_node_get(expect, "swapped");
	if (ok && swapped && swapped->kind == AXE_NODE_SCALAR &&
	    (strcmp(swapped->scalar, "true") == 0) != plan->swapped)
		axe_check_fail(ctx, "swapped: expected %s, got %s", swapped->scalar,
			       plan->swapped ? "true" : "false");
	return 0;
}

int axe_check_trainium(axe_check_ctx *ctx)
{
	static const char *const keys[] = { "a", "b", "c", "c_buffer", "expect", "refuse",
					    NULL };
	const axe_node *refuse;
	axe_trn_request req;
	axe_trn_plan *plan;
	axe_reason why = { "" };
	int r;

	if (axe_check_keys(ctx, keys) < 0 || read_request(ctx, &req) < 0)
		return -1;
	refuse = axe_node_get(ctx->value, "refuse");
	snprintf(ctx->result->name, sizeof(ctx->result->name), "trainium %s^T . %s -> %s",
		 axe_node_get(ctx->value, "a")->scalar, axe_node_get(ctx->value, "b")->scalar,
		 axe_node_get(ctx->value, "c")->scalar);
	plan = malloc(sizeof(*plan));
	if (!plan)
		return axe_error_set(ctx->err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	r = axe_trn_plan_matmul(&req, plan, &why, ctx->err);
	if (r == 1 && refuse)
		axe_check_fail(ctx, "expected no plan (%s), but a plan exists", refuse->scalar);
	else if (r == 1)
		r = judge_plan(ctx, plan) < 0 ? -1 : 1;
	else if (r == 0 && !refuse)
		axe_check_fail(ctx, "cannot plan the matmul: %s", why.text);
	else if (r == 0 && !strstr(why.text, refuse->scalar))
		axe_check_fail(ctx, "refused for another reason: %s", why.text);
	free(plan);
	return r < 0 ? -1 : 0;
}
