/*
 * cmd_banks.c: `axe-layout banks`: shared-memory bank conflicts per warp
 * instruction (semantics.md "Bank conflicts"), the line x bank grid of one
 * instruction, a CI gate on conflicts, and --suggest.
 */
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "operands.h"
#include "picture.h"
#include "walk_options.h"

enum { KEY_VECTOR = 256, KEY_WARP, KEY_STEP, KEY_MAX, KEY_SUGGEST, KEY_JSON };

static const axe_opt options[] = {
	{ "threads", 't', "T", "thread layout over the tile: thread axes (laneid, warpid, "
			       "tx, tid, tid_in_wg, wid_in_wg, wgid) and one register axis (m); "
			       "several with --suggest " AXE_OPT_REPEATABLE },
	{ "access", 'a', "ACCESS", "ldmatrix.x1|x2|x4, stmatrix.x1|x2|x4, or FILE.yaml:NAME "
				   "(an entry of the spec's accesses:); several with --suggest "
				   AXE_OPT_REPEATABLE },
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
	"banks", "SMEM (--threads T | --access ACCESS)... [--vector BYTES] [--grid] [--json] "
		 "[--max-conflicts N] [--suggest] [--format text|svg|html|tex] [-o FILE]",
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
	"every multiple of 4 bytes up to 128; it ranks them by wavefronts (with\n"
	"--threads and --access given several times, for a writer and its readers,\n"
	"the total over all of them, up to 8), then extra\n"
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

#define MAX_ACCESSES 8 /* what the library ranks together; more is its error */

typedef struct banks_args {
	axe_cli_operand operand;
	axe_picture_opts picture;
	axe_banks_request req;
	bool json;
	axe_cli_walk walk;
	const char *more_threads[MAX_ACCESSES], *more_access[MAX_ACCESSES];
} banks_args;

/* Keep one more value of --threads or --access: the first in "*first", the rest in "more". */
static int add_access(const char **first, const char **more, size_t *n, const char *arg)
{
	if (!*first)
		*first = arg;
	else if (*n == MAX_ACCESSES)
		return axe_usage_error(&command_banks, "more than %d accesses; --suggest ranks at "
				       "most %d together", MAX_ACCESSES, MAX_ACCESSES), -1;
	else
		more[(*n)++] = arg;
	return 0;
}

/*
 * Check that "arg" is a non-negative integer (a usage error if not, before
 * anything is read); "out" may be NULL.  The library reads the values too.
 */
static int read_count(const char *option, const char *arg, int64_t *out)
{
	char *end;
	long long v = strtoll(arg, &end, 10);

	if (*arg == '\0' || *end != '\0' || v < 0)
		return axe_usage_error(&command_banks, "%s takes a non-negative integer, not '%s'",
				       option, arg), -1;
	if (out)
		*out = v;
	return 0;
}

static int handle(void *ctx, int key, const char *arg)
{
	banks_args *a = ctx;
	axe_banks_request *r = &a->req;
	int p;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	if ((p = axe_picture_option(&a->picture, &command_banks, key, arg)) != 0)
		return p < 0 ? -1 : 0;
	if ((p = axe_cli_walk_option(&a->walk, &command_banks, key, arg)) != 0)
		return p < 0 ? -1 : 0;
	switch (key) {
	case 't': return add_access(&r->threads, a->more_threads, &r->nmore_threads, arg);
	case 'a': return add_access(&r->access, a->more_access, &r->nmore_access, arg);
	case KEY_VECTOR: r->vector = arg; return read_count("--vector", arg, NULL);
	case 'g': r->grid = 1; return 0;
	case KEY_SUGGEST: r->suggest = 1; return 0;
	case KEY_JSON: a->json = true; return 0;
	case KEY_WARP: r->warp = arg; return read_count("--warp", arg, NULL);
	case KEY_STEP: r->step = arg; return read_count("--step", arg, NULL);
	case KEY_MAX:
		r->max_conflicts_given = 1;
		return read_count("--max-conflicts", arg, &r->max_conflicts);
	}
	return -1;
}

/*
 * The combinations of options and operands that make sense, as the library
 * rules them, then the one of the command line; 0 or -1 (reported).
 */
static int check_usage(const banks_args *a, int operands)
{
	axe_error err;

	axe_error_init(&err);
	if (axe_banks_request_check(&a->req, (size_t)operands, &err) < 0)
		return axe_cli_usage_from(&command_banks, &err), -1;
	if (a->json && a->picture.form != AXE_OUTPUT_TEXT)
		return axe_usage_error(&command_banks, "--json and --format svg|html exclude each "
				       "other"), -1;
	return 0;
}

/*
 * Where the output goes: "out", but kept and printed after the walk when a
 * progress line may be on the terminal (it is erased before the table).
 */
static FILE *stream_for(const banks_args *a, FILE *out)
{
	return a->walk.walk.progress && out == stdout ? NULL : out;
}

int cmd_banks(int argc, char **argv)
{
	banks_args a = { 0 };
	axe_map *smem = NULL;
	axe_report *report = NULL;
	axe_error err;
	FILE *out = NULL;
	int first = axe_opts_parse(&command_banks, argc, argv, handle, &a), status;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	/* The extra accesses are in the request before its usage rules look at them. */
	a.req.more_threads = a.more_threads;
	a.req.more_access = a.more_access;
	if (check_usage(&a, first - 1) < 0)
		return AXE_EXIT_INPUT;
	axe_error_init(&err);
	a.operand.map.shared = 1; /* --tile: the cute-tv: one of SMEM and --threads */
	a.req.tile_options = a.operand.map;
	axe_cli_walk_start(&a.walk, "banks");
	a.req.walk = a.walk.walk;
	if ((first == 1 || (smem = axe_cli_read(argv[1], &a.operand, &err))) &&
	    (out = axe_picture_open(&a.picture, &err)))
		report = axe_banks_report(smem, &a.req, a.json ? AXE_OUTPUT_JSON : a.picture.form,
					  stream_for(&a, out), &err);
	axe_cli_walk_end(&a.walk);
	if (report && !stream_for(&a, out))
		fputs(axe_report_text(report), out);
	if (out && axe_picture_close(&a.picture, out, !report, &err) < 0 && report) {
		axe_report_free(report);
		report = NULL;
	}
	status = report ? axe_report_status(report) : axe_cli_report(&err);
	if (status == AXE_EXIT_FALSE) {
		fflush(stdout); /* the table first, then the verdict */
		fprintf(stderr, "axe-layout banks: %s\n", axe_report_reason(report));
	}
	axe_report_free(report);
	axe_map_free(smem);
	return status;
}
