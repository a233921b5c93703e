/*
 * output.c: the library API's strings from codegen/ and interop/ (axe.h):
 * convert, the TMA plan and emit-cuda's index function, each built
 * by the modules the commands call and printed by the same output/ code
 * into memory.
 */
#include <stdlib.h>
#include <string.h>

#include "../codegen/cuda.h"
#include "../codegen/emit.h"
#include "../codegen/tma.h"
#include "../interop/convert.h"
#include "../output/convert_out.h"
#include "../output/tma_out.h"
#include "../parse/parse.h"
#include "api.h"

axe_report *axe_map_convert(const axe_map *map, const char *to, enum axe_output form,
			    FILE *out, axe_error *err)
{
	axe_convert c = { 0 };
	axe_report *r = NULL;
	int status;

	if (!to)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "no notation given"), NULL;
	if (axe_convert_layout(map->op.layout, &map->op.shape, map->op.dtype, map->op.why_expr,
			       to, &c, err) < 0)
		axe_error_locate_option(err, "--to", to);
	else if ((r = axe_report_open(out, err))) {
		axe_print_convert(r->w, &c, map->op.layout, axe_api_format(form));
		status = c.expressible ? AXE_EXIT_OK : c.undecided ? AXE_EXIT_UNDECIDED
								   : AXE_EXIT_FALSE;
		r = axe_report_close(r, status, c.reason, err);
	}
	axe_convert_release(&c);
	return r;
}

static axe_tma_origin map_origin(const axe_map *map)
{
	return (axe_tma_origin){ { "<arg>", 1, 1, map->op.name, strlen(map->op.name) }, 0 };
}

/* The request of a whole-tensor (or "region") copy from "g" to "s"; 0 or -1. */
static int tma_request(const axe_map *g, const axe_map *s, const char *region,
		       axe_tma_request *r, axe_error *err)
{
	long n;

	axe_tma_request_init(r);
	if (!(r->global = axe_map_need_layout(g, err)) ||
	    !(r->smem = axe_map_need_layout(s, err)))
		return -1;
	r->global_shape = g->op.shape;
	r->smem_shape = s->op.shape;
	r->dtype = s->op.dtype >= 0 ? s->op.dtype : g->op.dtype;
	r->global_at = map_origin(g);
	r->smem_at = map_origin(s);
	r->region_at = (axe_tma_origin){ { "--region", 1, 1, region,
					   region ? strlen(region) : 0 },
					 region ? (int)strlen(region) : 0 };
	r->smem_region_at = (axe_tma_origin){ { "--smem-region", 1, 1, "", 0 }, 0 };
	r->box_at = (axe_tma_origin){ { "--box", 1, 1, "", 0 }, 0 };
	if (r->dtype < 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "give a dtype: neither the "
				     "global nor the shared-memory layout has an element type");
	if (g->op.dtype >= 0 && s->op.dtype >= 0 && g->op.dtype != s->op.dtype)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "the global and shared-memory "
				     "layouts have different element types");
	if (!region)
		return 0;
	n = axe_parse_region(region, &r->region_at.loc, r->region.begin, r->region.end,
			     AXE_MAX_RANK, err);
	r->region.rank = n > 0 ? (size_t)n : 0;
	return n < 0 ? -1 : 0;
}

char *axe_map_tma(const axe_map *global, const axe_map *smem, const char *region,
		  enum axe_output form, char *why, size_t why_size, axe_error *err)
{
	axe_tma_request req;
	axe_tma_refusal refusal = { 0 };
	char line[sizeof(refusal) + 16];
	axe_tma_plan *plan = malloc(sizeof(*plan));
	axe_buffer b;
	char *text = NULL;
	int r;

	if (!plan)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory"), NULL;
	if (tma_request(global, smem, region, &req, err) < 0 ||
	    (r = axe_tma_plan_build(&req, plan, &refusal, err)) < 0) {
		free(plan);
		return NULL;
	}
	snprintf(line, sizeof(line), "%s: %s%s%s", refusal.rule, refusal.reason,
		 refusal.fix[0] ? "; fix: " : "", refusal.fix);
	axe_why_copy(why, why_size, r == 0 ? line : "");
	if (axe_buffer_open(&b, err) == 0) {
		if (r == 1)
			axe_print_tma_plan(b.w, plan, axe_api_format(form));
		else
			axe_print_tma_refusal(b.w, &refusal, axe_api_format(form));
		text = axe_buffer_close(&b, err);
	}
	free(plan);
	return text;
}

char *axe_map_emit_cuda(const axe_map *map, const char *name, double timeout, axe_error *err)
{
	const axe_layout *L = axe_map_need_layout(map, err);
	axe_cuda_operand in;
	axe_cuda_outcome res = { 0 };
	axe_emit out;
	char *text = NULL;

	if (!L)
		return NULL;
	if (!name)
		name = map->op.name;
	in = (axe_cuda_operand){ L, map->op.shape, map->op.dtype, map->op.name,
				 { "<arg>", 1, 1, map->op.name, strlen(map->op.name) }, 0 };
	axe_emit_init(&out);
	if (axe_cuda_check_name(name, NULL, "name", err) == 0 &&
	    axe_cuda_generate_index(&in, name, timeout, &out, &res, err) == 0) {
		if (res.status != AXE_EXIT_OK)
			axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "%s", res.why);
		else if (!axe_emit_str(&out) || !(text = strdup(axe_emit_str(&out))))
			axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	axe_emit_release(&out);
	return text;
}
