/*
 * analysis.c: the library API's analyses of a tile (axe.h, "[analysis]"):
 * shared-memory bank conflicts (`banks`) and the copy atoms that could move
 * a tile (`atoms`), each read, analysed and printed as its command does.
 */
#include <stdlib.h>
#include <string.h>

#include "../analyze/atoms.h"
#include "../analyze/banks.h"
#include "../codegen/cuda_atoms.h"
#include "../expr/expr_source.h"
#include "../output/atoms_out.h"
#include "../output/banks_out.h"
#include "api.h"

/* ---- banks ------------------------------------------------------------- */

/* What one banks request holds, released together. */
typedef struct banks_run {
	axe_map *own_smem;      /* the access's tile:, when no SMEM was given */
	axe_bank_access access;
	axe_operand threads;
	char *threads_text;
	axe_bank_tile tile;
	axe_bank_plan plan;
	axe_bank_select sel;
	int64_t vector;         /* bytes, when req->vector is given */
	axe_bank_result result;
	axe_bank_suggestion suggestion;
} banks_run;

/* Where option "option" holds "text", for errors about its value. */
static axe_loc option_loc(const char *option, const char *text)
{
	return (axe_loc){ option, 1, 1, text, strlen(text) };
}

/* The non-negative integer "text" of option "option" into "out"; 0 or -1. */
static int read_count(const char *option, const char *text, int64_t *out, axe_error *err)
{
	axe_loc loc = option_loc(option, text);
	char *end;
	long long v = strtoll(text, &end, 10);

	if (*text == '\0' || *end != '\0' || v < 0)
		return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(text),
				     "%s takes a non-negative integer, not '%s'", option, text);
	*out = v;
	return 0;
}

int axe_banks_request_check(const axe_banks_request *req, size_t nsmem, axe_error *err)
{
	static const axe_banks_request defaults = { 0 };

	req = req ? req : &defaults;
	if (!req->threads == !req->access)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "give exactly one of --threads and --access");
	/* An access read from a spec brings its tile: then SMEM may be left out. */
	if (nsmem > 1 || (nsmem == 0 && !(req->access && axe_bank_access_is_spec(req->access))))
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "expected one SMEM operand, "
				     "got %zu", nsmem);
	if (req->vector && !req->threads)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--vector goes with --threads; "
				     "ldmatrix rows are 16 bytes and a spec access gives "
				     "vector_bytes");
	if (req->suggest && (req->grid || req->warp || req->step || req->max_conflicts_given))
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--suggest ranks whole layouts; "
				     "it does not take --grid, --warp, --step or --max-conflicts");
	return 0;
}

/* The option values that are numbers, and the combinations that make sense; 0 or -1. */
static int banks_check(const axe_banks_request *req, const axe_map *smem, banks_run *run,
		       axe_error *err)
{
	if ((req->vector && read_count("--vector", req->vector, &run->vector, err) < 0) ||
	    (req->warp && read_count("--warp", req->warp, &run->sel.warp, err) < 0) ||
	    (req->step && read_count("--step", req->step, &run->sel.step, err) < 0))
		return -1;
	run->sel.by_warp = req->warp != NULL;
	run->sel.by_step = req->step != NULL;
	return axe_banks_request_check(req, smem != NULL, err);
}

/* Where operand "op" (given as "text" for "option") is, and its span, for errors about it. */
static axe_loc operand_loc(const axe_operand *op, const char *option, const char *text,
			   int *span)
{
	if (op->entry) {
		*span = 1;
		return axe_spec_loc(op->spec, op->entry->node);
	}
	*span = (int)strlen(text);
	return option_loc(option, text);
}

/*
 * The plan of the `expr:` thread layout run->threads (on its own shape, which
 * must be the tile's), and its text into run->threads_text; 0 or -1.
 */
static int expr_thread_plan(banks_run *run, const axe_loc *loc, int span, axe_error *err)
{
	axe_evaluator ev;
	int rc;

	if (axe_operand_evaluator_init(&run->threads, &ev, err) < 0)
		return -1;
	rc = axe_bank_plan_threads_of(&run->plan, &ev, loc, span, err);
	if (rc == 0 && !(run->threads_text = axe_evaluator_text(&ev)))
		rc = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	axe_evaluator_release(&ev);
	return rc;
}

/* The plan of the thread layout req->threads over the tile; 0 or -1. */
static int banks_thread_plan(const axe_banks_request *req, banks_run *run, axe_error *err)
{
	axe_operand_opts maps = { .allow_expr = true };
	const axe_shape *shape = &run->tile.shape;
	axe_loc loc, vloc;
	int span;

	if (axe_operand_resolve(req->threads, &maps, &run->threads, err) < 0)
		return -1;
	loc = operand_loc(&run->threads, "--threads", req->threads, &span);
	if (((run->threads.entry && run->threads.entry->has_shape) || run->threads.expr) &&
	    (run->threads.shape.rank != shape->rank ||
	     memcmp(run->threads.shape.dim, shape->dim, shape->rank * sizeof(int64_t))))
		return axe_error_set(err, AXE_ERR_VALUE, &loc, span, "the thread layout's shape "
				     "differs from the tile's: both name the same logical elements");
	if (run->threads.expr ? expr_thread_plan(run, &loc, span, err) < 0
			      : axe_bank_plan_threads(&run->plan, run->threads.layout, shape, &loc,
						      span, err) < 0)
		return -1;
	vloc = option_loc("--vector", req->vector ? req->vector : "");
	if (req->vector && axe_bank_plan_force_vector(&run->plan, run->vector, &vloc,
						      (int)strlen(req->vector), err) < 0)
		return -1;
	if (!run->threads_text && !(run->threads_text = axe_layout_to_string(run->threads.layout)))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	return 0;
}

/* The tile of SMEM (NULL: the spec access's tile:) and the plan of the access; 0 or -1. */
static int banks_load(const axe_banks_request *req, const axe_map *smem, banks_run *run,
		      axe_error *err)
{
	char tile[4200];
	axe_loc loc;
	int span;

	if (req->access && axe_bank_access_is_spec(req->access)) {
		if (axe_bank_access_open(&run->access, req->access, err) < 0)
			return -1;
		snprintf(tile, sizeof(tile), "%s:%s", run->access.path, run->access.tile);
		if (!smem && !(smem = run->own_smem = axe_map_read(tile, &req->tile_options, err)))
			return -1;
	}
	if (!axe_map_need_layout(smem, err))
		return -1;
	loc = operand_loc(&smem->op, "<arg>", smem->op.arg, &span);
	if (axe_bank_tile_init(&run->tile, smem->op.layout, &smem->op.shape, smem->op.dtype,
			       &loc, span, err) < 0)
		return -1;
	if (req->threads)
		return banks_thread_plan(req, run, err);
	if (run->access.spec)
		return axe_bank_plan_spec(&run->plan, &run->access, &run->tile.shape,
					  run->tile.dtype, err);
	loc = option_loc("--access", req->access);
	return axe_bank_plan_preset(&run->plan, req->access, &run->tile.shape, run->tile.dtype,
				    &loc, err);
}

/* Cost the instructions (or rank the candidates) into "rep"; 0 or -1. */
static int banks_answer(const axe_banks_request *req, banks_run *run, axe_banks_output *rep,
			axe_error *err)
{
	axe_progress progress;
	axe_walk_options walk = axe_api_walk(&req->walk, &progress);

	*rep = (axe_banks_output){ &run->tile, &run->plan, run->threads_text, NULL, -1, NULL };
	if (req->suggest) {
		if (axe_bank_suggest(&run->plan, &run->tile, &run->suggestion, err) < 0)
			return -1;
		rep->suggestion = &run->suggestion;
		return 0;
	}
	if (axe_bank_analyze_walk(&run->plan, &run->tile, &run->sel, &walk, &run->result,
				  err) < 0)
		return -1;
	if (run->result.ninstr == 0)
		return axe_error_set(err, AXE_ERR_RANGE, NULL, 0,
				     "no instruction matches the --warp and --step given");
	rep->result = &run->result;
	rep->grid = req->grid ? axe_bank_worst(&run->result) : -1;
	return 0;
}

/* Print "rep" as "form" asks, with the status of the --max-conflicts gate. */
static axe_report *banks_print(const axe_banks_request *req, const axe_banks_output *rep,
			       enum axe_output form, FILE *out, axe_error *err)
{
	axe_report *r = axe_report_open(out, err);
	int64_t conflicts = rep->result ? rep->result->total.conflicts : 0;
	char reason[128];

	if (!r)
		return NULL;
	if (form == AXE_OUTPUT_SVG || form == AXE_OUTPUT_HTML) {
		if (axe_banks_picture(r->w, rep, axe_api_format(form), err) < 0) {
			axe_report_free(r);
			return NULL;
		}
	} else {
		axe_print_banks(r->w, rep, axe_api_format(form));
	}
	snprintf(reason, sizeof(reason), "%lld conflicts, more than --max-conflicts %lld",
		 (long long)conflicts, (long long)req->max_conflicts);
	return axe_report_close(r, req->max_conflicts_given && conflicts > req->max_conflicts
				   ? AXE_EXIT_FALSE : AXE_EXIT_OK, reason, err);
}

static void banks_release(banks_run *run)
{
	axe_bank_suggestion_release(&run->suggestion);
	axe_bank_result_release(&run->result);
	axe_bank_plan_release(&run->plan);
	axe_bank_tile_release(&run->tile);
	axe_operand_release(&run->threads);
	axe_bank_access_close(&run->access);
	axe_map_free(run->own_smem);
	free(run->threads_text);
}

axe_report *axe_banks_report(const axe_map *smem, const axe_banks_request *req,
			     enum axe_output form, FILE *out, axe_error *err)
{
	axe_banks_request defaults = { 0 };
	axe_banks_output rep;
	axe_report *r = NULL;
	banks_run run;

	memset(&run, 0, sizeof(run));
	req = req ? req : &defaults;
	if (banks_check(req, smem, &run, err) == 0 && banks_load(req, smem, &run, err) == 0 &&
	    banks_answer(req, &run, &rep, err) == 0)
		r = banks_print(req, &rep, form, out, err);
	banks_release(&run);
	return r;
}

/* ---- atoms ------------------------------------------------------------- */

/*
 * Resolve SRC and DST ("arg") into "op", --swizzle on the shared side, and
 * describe them in "req"; 0 or -1.
 */
static int atoms_resolve(const axe_map_options *opts, const char **arg, axe_operand *op,
			 axe_atom_request *req, axe_error *err)
{
	axe_operand_opts all = axe_api_operand_opts(opts), plain = all;
	int s;

	plain.swizzle = NULL;
	if (axe_operand_resolve(arg[0], &plain, &op[0], err) < 0 ||
	    axe_operand_resolve(arg[1], &plain, &op[1], err) < 0)
		return -1;
	s = axe_atom_is_memory(op[1].layout) ? 1 : 0;
	if (all.swizzle) {
		axe_operand_release(&op[s]);
		if (axe_operand_resolve(arg[s], &all, &op[s], err) < 0)
			return -1;
	}
	/* A literal without --shape takes the other operand's shape: they name one tile. */
	if (!all.shape && !(op[1].entry && op[1].entry->has_shape))
		op[1].shape = op[0].shape;
	else if (!all.shape && !(op[0].entry && op[0].entry->has_shape))
		op[0].shape = op[1].shape;
	for (int i = 0; i < 2; i++) {
		axe_atom_operand *o = i ? &req->dst : &req->src;
		*o = (axe_atom_operand){ op[i].layout, op[i].shape, op[i].dtype,
					 option_loc("<arg>", arg[i]), (int)strlen(arg[i]) };
		if (op[i].entry) {
			o->loc = axe_spec_loc_at(op[i].spec, op[i].entry->line, op[i].entry->col);
			o->span = (int)strlen(op[i].entry->name);
		}
	}
	return 0;
}

/* The request of "areq" for SRC and DST ("arg") into "req" and "op"; 0 or -1. */
static int atoms_request(const axe_atoms_request *areq, const char **arg, axe_operand *op,
			 axe_atom_request *req, axe_error *err)
{
	axe_loc loc;

	if (!arg[0] || !arg[1])
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "atoms needs SRC and DST");
	if (areq->arch && (req->arch = axe_atom_arch_parse(areq->arch)) < 0) {
		loc = option_loc("--arch", areq->arch);
		return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(areq->arch),
				     "unknown --arch '%s' (sm_80, sm_90 or sm_100)", areq->arch);
	}
	req->direction = areq->direction;
	return atoms_resolve(&areq->operands, arg, op, req, err);
}

axe_report *axe_atoms_report(const char *src, const char *dst, const axe_atoms_request *areq,
			     enum axe_output form, FILE *out, axe_error *err)
{
	axe_atoms_request defaults = { 0 };
	axe_atom_request req = { .arch = 100, .bulk = axe_cuda_atom_bulk };
	axe_atom_ranking rank = { 0 };
	axe_operand op[2] = { { 0 }, { 0 } };
	const char *arg[2] = { src, dst };
	axe_report *r = NULL;

	areq = areq ? areq : &defaults;
	if (form == AXE_OUTPUT_SVG || form == AXE_OUTPUT_HTML)
		axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "atoms draws no picture: ask for text "
			      "or JSON");
	else if (atoms_request(areq, arg, op, &req, err) == 0 &&
		 (areq->suggest ? axe_atoms_suggest(&req, &rank, err)
				: axe_atoms_rank(&req, &rank, err)) == 0 &&
		 (r = axe_report_open(out, err))) {
		axe_print_atoms(r->w, &rank, axe_api_format(form));
		r = axe_report_close(r, rank.nlegal ? AXE_EXIT_OK : AXE_EXIT_FALSE,
				     "no atom can move this tile", err);
	}
	axe_atom_ranking_release(&rank);
	axe_operand_release(&op[0]);
	axe_operand_release(&op[1]);
	return r;
}
