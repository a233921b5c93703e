/*
 * output.c: the library API's strings from codegen/ and analyze/ (axe.h):
 * convert, banks and the TMA plan, each built by the modules the commands
 * call and printed by the same output/ code into memory.
 */
#include <stdlib.h>
#include <string.h>

#include "../analyze/banks.h"
#include "../codegen/tma.h"
#include "../interop/convert.h"
#include "../output/banks_out.h"
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

/* What one banks request holds, released together. */
typedef struct banks_run {
	axe_bank_tile tile;
	axe_bank_plan plan;
	axe_bank_access access;
	axe_operand threads;
	char *threads_text;
	axe_bank_result result;
	axe_bank_suggestion suggestion;
} banks_run;

/* The plan of "req" over the tile: by a thread layout or an access; 0 or -1. */
static int banks_plan(const axe_banks_request *req, banks_run *run, axe_error *err)
{
	const axe_shape *shape = &run->tile.shape;
	axe_operand_opts none = { 0 };
	axe_loc loc;

	if (!!req->threads == !!req->access)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "banks needs a thread layout "
				     "or an access, one of them");
	if (req->threads) {
		loc = (axe_loc){ "--threads", 1, 1, req->threads, strlen(req->threads) };
		if (axe_operand_resolve(req->threads, &none, &run->threads, err) < 0 ||
		    axe_bank_plan_threads(&run->plan, run->threads.layout, shape, &loc,
					  (int)strlen(req->threads), err) < 0)
			return -1;
		run->threads_text = axe_layout_to_string(run->threads.layout);
		if (!run->threads_text)
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	} else if (axe_bank_access_is_spec(req->access)) {
		if (axe_bank_access_open(&run->access, req->access, err) < 0 ||
		    axe_bank_plan_spec(&run->plan, &run->access, shape, run->tile.dtype, err) < 0)
			return -1;
	} else {
		loc = (axe_loc){ "--access", 1, 1, req->access, strlen(req->access) };
		if (axe_bank_plan_preset(&run->plan, req->access, shape, run->tile.dtype, &loc,
					 err) < 0)
			return -1;
	}
	loc = (axe_loc){ "--vector", 1, 1, "", 0 };
	return req->vector ? axe_bank_plan_force_vector(&run->plan, req->vector, &loc, 0, err) : 0;
}

/* Analyse or rank, into "rep"; 0 or -1. */
static int banks_answer(const axe_banks_request *req, banks_run *run, axe_banks_report *rep,
			axe_error *err)
{
	axe_bank_select all = { false, false, 0, 0 };

	*rep = (axe_banks_report){ &run->tile, &run->plan, run->threads_text, NULL, -1, NULL };
	if (req->suggest) {
		if (axe_bank_suggest(&run->plan, &run->tile, &run->suggestion, err) < 0)
			return -1;
		rep->suggestion = &run->suggestion;
		return 0;
	}
	if (axe_bank_analyze(&run->plan, &run->tile, &all, &run->result, err) < 0)
		return -1;
	rep->result = &run->result;
	return 0;
}

char *axe_map_banks(const axe_map *smem, const axe_banks_request *req, enum axe_output form,
		    axe_error *err)
{
	const axe_layout *L = axe_map_need_layout(smem, err);
	axe_loc loc = { "<arg>", 1, 1, smem->op.name, strlen(smem->op.name) };
	axe_banks_report rep;
	banks_run run;
	axe_buffer b;
	char *text = NULL;

	memset(&run, 0, sizeof(run));
	if (!L)
		return NULL;
	if (!req)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "no banks request given"), NULL;
	if (axe_bank_tile_init(&run.tile, L, &smem->op.shape, smem->op.dtype, &loc, 0, err) == 0 &&
	    banks_plan(req, &run, err) == 0 && banks_answer(req, &run, &rep, err) == 0 &&
	    axe_buffer_open(&b, err) == 0) {
		axe_print_banks(b.w, &rep, axe_api_format(form));
		text = axe_buffer_close(&b, err);
	}
	axe_bank_suggestion_release(&run.suggestion);
	axe_bank_result_release(&run.result);
	axe_bank_plan_release(&run.plan);
	axe_bank_tile_release(&run.tile);
	axe_operand_release(&run.threads);
	axe_bank_access_close(&run.access);
	free(run.threads_text);
	return text;
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
