/*
 * cmd_audit.c: `axe-layout audit FILE`: what Triton's NVIDIA backend does,
 * and what it costs, for every op of a TTGIR module that moves data between
 * layouts (docs/audit.md).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "picture.h"

enum { KEY_ARCH = 256, KEY_JSON, KEY_MAX, KEY_DENY };

static const axe_opt options[] = {
	{ "arch", KEY_ARCH, "SM", "sm_80, sm_90 or sm_100 (default: each chunk's ttg.target, "
				  "else sm_90)" },
	{ "json", KEY_JSON, NULL, "one JSON object per op, one per line, then a summary object" },
	AXE_PICTURE_OPTIONS,
	{ "max-conflicts", KEY_MAX, "N", "exit 1 when an access or conversion has more than N "
					 "extra wavefronts per wavefront" },
	{ "deny", KEY_DENY, "CLASS,...", "exit 1 on a convert_layout of these classes (noop, "
					 "registers, shuffle, shared)" },
	AXE_OPT_END,
};

const axe_command command_audit = {
	"audit", "FILE.ttgir|FILE.mlir [--arch sm_80|sm_90|sm_100] [--json] "
		 "[--format text|html] [-o FILE] [--max-conflicts N] [--deny CLASS,...]",
	"For every op of a Triton module that moves data between layouts, what\n"
	"Triton's NVIDIA backend does and what it costs, by Triton's own rules:\n"
	"convert_layout (noop, registers, shuffle or shared, and for shared the\n"
	"scratch, instructions, bank conflicts and barrier), local_load/store/alloc\n"
	"(instruction, vector width, bank conflicts), TMA copies (box, swizzle,\n"
	"messages, bytes) and warp_group_dot / tc_gen5_mma (each shared operand's\n"
	"descriptor).",
	"A file of several `// -----` chunks is audited chunk by chunk (split 0, 1,\n"
	"...).  Text: one line per op, the costly ones first (a broken gate, then the\n"
	"most bank conflicts, then round trips through shared memory, shuffles, TMA\n"
	"and MMA operands Triton cannot use, shared accesses), then a summary.\n"
	"--json: one object per op in file order, then {\"summary\":...}.\n"
	"--format html: one page listing the ops, each linking to the pictures of\n"
	"its layouts (a shared layout's is its grid of lines and banks).\n"
	"An op whose layouts cannot be analysed is listed as skipped, with why.\n"
	"Exit status: 0 when every gate holds; 1 when an op breaks --max-conflicts\n"
	"or --deny (the lines are named); 2 on bad input (a malformed module:\n"
	"FILE:LINE:COL).\n",
	options,
	"what every layout change of a Triton kernel costs",
};

typedef struct audit_args {
	axe_audit_request req;
	axe_picture_opts picture;
	bool json;
} audit_args;

static int handle(void *ctx, int key, const char *arg)
{
	audit_args *a = ctx;
	char *end;
	int p;

	if ((p = axe_picture_option(&a->picture, &command_audit, key, arg)) != 0)
		return p < 0 ? -1 : 0;
	switch (key) {
	case KEY_ARCH: a->req.arch = arg; return 0;
	case KEY_JSON: a->json = true; return 0;
	case KEY_DENY: a->req.deny = arg; return 0;
	default:
		a->req.max_conflicts_given = 1;
		a->req.max_conflicts = strtoll(arg, &end, 10);
		if (*arg == '\0' || *end != '\0' || a->req.max_conflicts < 0)
			return axe_usage_error(&command_audit, "--max-conflicts takes a "
					       "non-negative integer, not '%s'", arg), -1;
		return 0;
	}
}

static int check_usage(const audit_args *a, int operands)
{
	axe_error err;

	axe_error_init(&err);
	if (operands != 1)
		return axe_usage_error(&command_audit, "expected one FILE, got %d", operands), -1;
	if (a->picture.form == AXE_OUTPUT_SVG)
		return axe_usage_error(&command_audit, "audit draws --format html (a page of "
				       "pictures), not svg"), -1;
	if (a->json && a->picture.form != AXE_OUTPUT_TEXT)
		return axe_usage_error(&command_audit, "--json and --format html exclude each "
				       "other"), -1;
	if (axe_audit_request_check(&a->req, &err) < 0)
		return axe_cli_usage_from(&command_audit, &err), -1;
	return 0;
}

int cmd_audit(int argc, char **argv)
{
	audit_args a = { 0 };
	axe_report *report = NULL;
	axe_error err;
	FILE *out;
	int first = axe_opts_parse(&command_audit, argc, argv, handle, &a), status;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (check_usage(&a, first - 1) < 0)
		return AXE_EXIT_INPUT;
	axe_error_init(&err);
	if ((out = axe_picture_open(&a.picture, &err)))
		report = axe_audit_report(argv[1], &a.req, a.json ? AXE_OUTPUT_JSON
								   : a.picture.form, out, &err);
	if (out && axe_picture_close(&a.picture, out, !report, &err) < 0 && report) {
		axe_report_free(report);
		report = NULL;
	}
	status = report ? axe_report_status(report) : axe_cli_report(&err);
	if (status == AXE_EXIT_FALSE) {
		fflush(stdout); /* the ops first, then the verdict */
		fprintf(stderr, "axe-layout audit: %s\n", axe_report_reason(report));
	}
	axe_report_free(report);
	return status;
}
