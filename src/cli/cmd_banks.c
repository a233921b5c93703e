/*
 * cmd_banks.c: `axe-layout banks`: shared-memory bank conflicts per warp
 * instruction (semantics.md "Bank conflicts"), the line x bank grid of one
 * instruction, a CI gate on conflicts, and --suggest.
 */
#include <stdlib.h>
#include <string.h>

#include "../analyze/banks.h"
#include "../output/banks_out.h"
#include "commands.h"
#include "operands.h"
#include "walk_options.h"
#include "picture.h"

enum { KEY_VECTOR = 256, KEY_WARP, KEY_STEP, KEY_MAX, KEY_SUGGEST, KEY_JSON };

static const axe_opt options[] = {
	{ "threads", 't', "T", "thread layout over the tile: thread axes (laneid, warpid, "
			       "tx, tid, tid_in_wg, wid_in_wg, wgid) and one register axis (m)" },
	{ "access", 'a', "ACCESS", "ldmatrix.x1|x2|x4, stmatrix.x1|x2|x4, or FILE.yaml:NAME "
				   "(an entry of the spec's accesses:)" },
	{ "vector", KEY_VECTOR, "BYTES", "bytes per lane, 1 2 4 8 or 16, instead of the "
					 "inferred width (with --threads)" },
	{ "grid", 'g', NULL, "draw the instruction with the most wavefronts as a line x "
			     "bank table" },
	{ "warp", KEY_WARP, "W", "only the instructions of warp W" },
	{ "step", KEY_STEP, "K", "only the instructions of step K" },
	{ "max-conflicts", KEY_MAX, "N", "exit 1 when the total conflicts exceed N" },
	{ "suggest", KEY_SUGGEST, NULL, "rank the swizzle modes and row paddings for these "
					"accesses" },
	{ "json", KEY_JSON, NULL, "one JSON object" },
	AXE_PICTURE_OPTIONS,
	AXE_OPERAND_OPTIONS,
	AXE_WALK_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_banks = {
	"banks", "SMEM (--threads T | --access ACCESS) [--vector BYTES] [--grid] [--json] "
		 "[--max-conflicts N] [--suggest] [--format text|svg|html] [-o FILE]",
	"Shared-memory bank conflicts of each warp instruction: wavefronts, ideal,\n"
	"conflicts and worst phase (max_way), and their totals.",
	"Model (sm_80, sm_90, sm_100): 32 banks of 4 bytes, bank = (byte / 4) mod 32;\n"
	"lanes on one 4-byte word never conflict.  An instruction is served in phases\n"
	"of 128 bytes: up to 4 bytes per lane, one phase of 32 lanes; 8 bytes, two of\n"
	"16 lanes; 16 bytes, four of 8; ldmatrix/stmatrix .xN, N phases of 8 lanes, one\n"
	"16-byte row per lane.  A phase costs the most distinct words any bank holds\n"
	"(at least 1).  wavefronts = sum over phases; ideal = active phases;\n"
	"conflicts = wavefronts - ideal; max_way = the worst phase.\n"
	"\n"
	"SMEM places the tile on 'm' and needs a dtype (--dtype, or the spec's).  Byte\n"
	"addresses are offsets from the buffer base; a swizzle matches the hardware\n"
	"only for a base aligned as reported (1024 bytes for 128B).  With --access\n"
	"FILE.yaml:NAME, SMEM may be left out: the access's tile: is used.\n"
	"\n"
	"--threads T: T maps the same logical tile to threads and registers.  Thread\n"
	"index = laneid + tx + tid + tid_in_wg + 32*(warpid + wid_in_wg) + 128*wgid,\n"
	"warp = index / 32, lane = index % 32; the register is T's memory axis (m).\n"
	"Each warp's lanes at one register step form one instruction.  The vector is\n"
	"the widest run of a lane's registers (up to 16 bytes) that is contiguous and\n"
	"aligned in shared memory after the swizzle, unless --vector forces a width;\n"
	"a forced vector that is misaligned or split by the swizzle is an error.\n"
	"\n"
	"--access ldmatrix.xN | stmatrix.xN: rows are the tile's leading dimensions,\n"
	"columns its last, and a matrix row is 16 bytes.  One instruction per block,\n"
	"blocks row-major: .x1 8 rows x 16 bytes (lane l < 8: row l); .x2 16 rows x 16\n"
	"bytes (lane l < 16: row l); .x4 16 rows x 32 bytes (lane l: row l%16, bytes\n"
	"16*(l/16) on, the order of the mma A fragment).\n"
	"\n"
	"--suggest tries every swizzle that can change a bank in place of the layout's\n"
	"(the hardware modes none, 32B, 64B, 128B, then each other Swizzle(M,B,S)), and\n"
	"rows (the logical dimension contiguous in memory) padded by one element and\n"
	"every multiple of 4 bytes up to 128; it ranks them by wavefronts, then extra\n"
	"bytes, instructions, hardware support and base alignment, says for each\n"
	"whether a TMA copy writes it and a wgmma/UMMA descriptor reads it (tma/mma),\n"
	"and says why the first wins.\n"
	"\n"
	"--format svg|html: the instruction table and, for the instruction of --grid\n"
	"(else the one with the most wavefronts; in HTML, any row clicked), one block\n"
	"per phase: its lanes, each showing the bank of its first word, and the lines\n"
	"it touches x 32 banks with words per bank.  A bank holding more than one\n"
	"distinct word in a phase is a conflict: its words and the lanes on them are\n"
	"red.  With --suggest, the ranked candidates side by side.\n"
	"\n"
	"Exit status: 0; 1 when the conflicts exceed --max-conflicts; 2 on bad input.\n",
	options,
	"shared-memory bank conflicts per warp instruction",
};

typedef struct banks_args {
	axe_operand_opts operand;
	axe_picture_opts picture;
	const char *threads, *access, *vector;
	int64_t vector_bytes;
	bool grid, suggest, json;
	axe_bank_select sel;
	int64_t max_conflicts; /* -1: no gate */
	axe_cli_walk walk;
} banks_args;

/* A non-negative integer option value. */
static int read_count(const char *option, const char *arg, int64_t *out)
{
	char *end;
	long long v = strtoll(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || v < 0)
		return axe_usage_error(&command_banks, "%s takes a non-negative integer, not '%s'",
				       option, arg), -1;
	*out = v;
	return 0;
}

static int handle(void *ctx, int key, const char *arg)
{
	banks_args *a = ctx;
	int p;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	if ((p = axe_picture_option(&a->picture, &command_banks, key, arg)) != 0)
		return p < 0 ? -1 : 0;
	if ((p = axe_cli_walk_option(&a->walk, &command_banks, key, arg)) != 0)
		return p < 0 ? -1 : 0;
	switch (key) {
	case 't': a->threads = arg; return 0;
	case 'a': a->access = arg; return 0;
	case KEY_VECTOR: a->vector = arg; return read_count("--vector", arg, &a->vector_bytes);
	case 'g': a->grid = true; return 0;
	case KEY_SUGGEST: a->suggest = true; return 0;
	case KEY_JSON: a->json = true; return 0;
	case KEY_WARP: a->sel.by_warp = true; return read_count("--warp", arg, &a->sel.warp);
	case KEY_STEP: a->sel.by_step = true; return read_count("--step", arg, &a->sel.step);
	case KEY_MAX: return read_count("--max-conflicts", arg, &a->max_conflicts);
	}
	return -1;
}

/* The combinations of options and operands that make sense; 0 or -1 (reported). */
static int check_usage(const banks_args *a, int operands, bool spec_access)
{
	if (!a->threads == !a->access)
		return axe_usage_error(&command_banks, "give exactly one of --threads and --access"), -1;
	if (operands > 1 || (operands == 0 && !spec_access))
		return axe_usage_error(&command_banks, "expected one SMEM operand, got %d",
				       operands), -1;
	if (a->json && axe_picture_is_drawing(&a->picture))
		return axe_usage_error(&command_banks, "--json and --format svg|html exclude each "
				       "other"), -1;
	if (a->vector && !a->threads)
		return axe_usage_error(&command_banks, "--vector goes with --threads; ldmatrix rows "
				       "are 16 bytes and a spec access gives vector_bytes"), -1;
	if (a->suggest && (a->grid || a->sel.by_warp || a->sel.by_step || a->max_conflicts >= 0))
		return axe_usage_error(&command_banks, "--suggest ranks whole layouts; it does not "
				       "take --grid, --warp, --step or --max-conflicts"), -1;
	return 0;
}

/* What one run holds; released together. */
typedef struct banks_run {
	axe_bank_access access;
	axe_operand smem, threads;
	axe_bank_tile tile;
	axe_bank_plan plan;
	axe_bank_result result;
	axe_bank_suggestion suggestion;
	char *threads_text;
} banks_run;

/* Where operand "op" (given as "arg", or as option "option") is, for errors about it. */
static axe_loc operand_loc(const axe_operand *op, const char *option, const char *arg, int *span)
{
	if (op->entry) {
		*span = 1;
		return axe_spec_loc(op->spec, op->entry->node);
	}
	*span = (int)strlen(arg);
	return (axe_loc){ option, 1, 1, arg, strlen(arg) };
}

static int thread_plan(const banks_args *a, banks_run *run, axe_error *err)
{
	axe_operand_opts none = { 0 };
	axe_loc loc, vloc = { "--vector", 1, 1, a->vector, a->vector ? strlen(a->vector) : 0 };
	const axe_shape *shape = &run->tile.shape;
	int span;

	if (axe_operand_resolve(a->threads, &none, &run->threads, err) < 0)
		return -1;
	loc = operand_loc(&run->threads, "--threads", a->threads, &span);
	if (run->threads.entry && run->threads.entry->has_shape &&
	    (run->threads.shape.rank != shape->rank ||
	     memcmp(run->threads.shape.dim, shape->dim, shape->rank * sizeof(int64_t))))
		return axe_error_set(err, AXE_ERR_VALUE, &loc, span, "the thread layout's shape "
				     "differs from the tile's: both name the same logical elements");
	if (axe_bank_plan_threads(&run->plan, run->threads.layout, shape, &loc, span, err) < 0)
		return -1;
	if (a->vector && axe_bank_plan_force_vector(&run->plan, a->vector_bytes, &vloc,
						    (int)strlen(a->vector), err) < 0)
		return -1;
	run->threads_text = axe_layout_to_string(run->threads.layout);
	return 0;
}

/* Resolve SMEM ("smem_arg", NULL: the access's tile), the tile and the plan. */
static int load(const banks_args *a, const char *smem_arg, banks_run *run, axe_error *err)
{
	char tile[4200];
	axe_loc loc;
	int span;

	if (a->access && axe_bank_access_is_spec(a->access)) {
		if (axe_bank_access_open(&run->access, a->access, err) < 0)
			return -1;
		snprintf(tile, sizeof(tile), "%s:%s", run->access.path, run->access.tile);
		smem_arg = smem_arg ? smem_arg : tile;
	}
	if (axe_operand_resolve(smem_arg, &a->operand, &run->smem, err) < 0)
		return -1;
	loc = operand_loc(&run->smem, "<arg>", smem_arg, &span);
	if (axe_bank_tile_init(&run->tile, run->smem.layout, &run->smem.shape, run->smem.dtype,
			       &loc, span, err) < 0)
		return -1;
	if (a->threads)
		return thread_plan(a, run, err);
	if (run->access.spec)
		return axe_bank_plan_spec(&run->plan, &run->access, &run->tile.shape,
					  run->tile.dtype, err);
	loc = (axe_loc){ "--access", 1, 1, a->access, strlen(a->access) };
	return axe_bank_plan_preset(&run->plan, a->access, &run->tile.shape, run->tile.dtype,
				    &loc, err);
}

/* Analyse (or rank candidates) and print; 0 or -1. */
static int report(banks_args *a, banks_run *run, axe_error *err)
{
	axe_banks_report rep = { &run->tile, &run->plan, run->threads_text, NULL, -1, NULL };
	axe_writer *w;
	FILE *out;
	int r = 0;

	if (a->suggest) {
		if (axe_bank_suggest(&run->plan, &run->tile, &run->suggestion, err) < 0)
			return -1;
		rep.suggestion = &run->suggestion;
	} else {
		axe_cli_walk_start(&a->walk, "banks");
		r = axe_bank_analyze_walk(&run->plan, &run->tile, &a->sel, &a->walk.options,
					  &run->result, err);
		axe_cli_walk_end(&a->walk);
		if (r < 0)
			return -1;
		if (run->result.ninstr == 0)
			return axe_error_set(err, AXE_ERR_RANGE, NULL, 0,
					     "no instruction matches the --warp and --step given");
		rep.result = &run->result;
		rep.grid = a->grid ? axe_bank_worst(&run->result) : -1;
	}
	if (!(w = malloc(sizeof(*w))))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (!(out = axe_picture_open(&a->picture, err)))
		return free(w), -1;
	axe_writer_init(w, out);
	if (axe_picture_is_drawing(&a->picture))
		r = axe_banks_picture(w, &rep, a->picture.format, err);
	else
		axe_print_banks(w, &rep, a->json ? AXE_FORMAT_JSON : AXE_FORMAT_TEXT);
	axe_writer_flush(w);
	free(w);
	return axe_picture_close(&a->picture, out, r < 0, err) < 0 ? -1 : r;
}

static void release(banks_run *run)
{
	axe_bank_suggestion_release(&run->suggestion);
	axe_bank_result_release(&run->result);
	axe_bank_plan_release(&run->plan);
	axe_bank_tile_release(&run->tile);
	axe_operand_release(&run->threads);
	axe_operand_release(&run->smem);
	axe_bank_access_close(&run->access);
	free(run->threads_text);
}

int cmd_banks(int argc, char **argv)
{
	banks_args a = { .max_conflicts = -1 };
	banks_run run;
	axe_error err;
	int first = axe_opts_parse(&command_banks, argc, argv, handle, &a), status;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (check_usage(&a, first - 1, a.access && axe_bank_access_is_spec(a.access)) < 0)
		return AXE_EXIT_INPUT;
	memset(&run, 0, sizeof(run));
	axe_error_init(&err);
	if (load(&a, first == 2 ? argv[1] : NULL, &run, &err) < 0 || report(&a, &run, &err) < 0)
		status = axe_cli_report(&err);
	else if (!a.suggest && a.max_conflicts >= 0 &&
		 run.result.total.conflicts > a.max_conflicts)
		status = AXE_EXIT_FALSE;
	else
		status = AXE_EXIT_OK;
	if (status == AXE_EXIT_FALSE) {
		fflush(stdout); /* the table first, then the verdict */
		fprintf(stderr, "axe-layout banks: %lld conflicts, more than --max-conflicts %lld\n",
			(long long)run.result.total.conflicts, (long long)a.max_conflicts);
	}
	release(&run);
	return status;
}
