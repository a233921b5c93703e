/*
 * cmd_canon.c: `axe-layout canon`: the canonical form of a layout (Axe
 * paper, Appendix A.1; semantics.md "Canonical form") and the rules that
 * produced it.
 */
#include <stdio.h>

#include "commands.h"
#include "operands.h"

enum { KEY_JSON = 256 };

static const axe_opt options[] = {
	{ "json", KEY_JSON, NULL, "one JSON object: layout, shape, canonical, shard and replica "
				  "(lists of [extent, stride, \"axis\"]), offset, swizzle, "
				  "rules ([{\"rule\": \"D1\", \"count\": 1}, ...]) and "
				  "gap_condition" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_canon = {
	"canon", "LAYOUT [--json]",
	"Print the canonical form of a layout: the same map, written one standard way\n"
	"(Axe paper, Appendix A.1), and which rewrite rules produced it.",
	"Shard: D0 drops extent-1 iters (one (1,1,a) stays if all were unit), D1 fuses an\n"
	"adjacent pair on one axis when s_outer = e_inner * s_inner.  Offsets: O0 drops\n"
	"zeros.  Replica: C0 drops iters of extent 1 or stride 0, C1 makes strides\n"
	"positive by moving the far end into the offset, C2 fuses iters on one axis whose\n"
	"points form one arithmetic progression; then replicas are sorted by (axis,\n"
	"stride, extent).  A swizzle is kept; only the tile part is rewritten.\n"
	"The first line is the canonical layout, then its logical shape (unchanged), one\n"
	"line per rule that fired with its count, and whether the gap condition holds:\n"
	"on every replica axis, each stride exceeds the reach of the smaller ones.\n"
	"Two layouts with identical canonical forms induce the same map; check-equal\n"
	"uses that first.\n",
	options,
	"canonical form of a layout and the rules that fired",
};

typedef struct canon_args {
	axe_cli_operand operand;
	bool json;
} canon_args;

static int handle(void *ctx, int key, const char *arg)
{
	canon_args *a = ctx;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_JSON)
		a->json = true;
	return 0;
}

int cmd_canon(int argc, char **argv)
{
	canon_args a = { 0 };
	axe_map *map;
	axe_error err;
	axe_report *report = NULL;
	int first = axe_opts_parse(&command_canon, argc, argv, handle, &a), rc;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_canon, "expected one LAYOUT operand, got %d",
				       first - 1);
	axe_error_init(&err);
	if ((map = axe_cli_read(argv[1], &a.operand, &err)))
		report = axe_canon_report(map, a.json ? AXE_OUTPUT_JSON : AXE_OUTPUT_TEXT, stdout,
					  &err);
	rc = axe_cli_finish(report, &err);
	axe_report_free(report);
	axe_map_free(map);
	return rc;
}
