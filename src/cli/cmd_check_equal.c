/*
 * cmd_check_equal.c: `axe-layout check-equal`: whether two layouts (or a
 * layout and a kernel's index arithmetic, as an `expr:` layout) induce the
 * same map, and how that is known (semantics.md "Equality").
 */
#include <stdio.h>

#include "commands.h"
#include "operands.h"
#include "walk_options.h"
#include "picture.h"

enum { KEY_JSON = 256, KEY_NO_RELATIONS };

static const axe_opt options[] = {
	{ "method", 'm', "M", "auto (the default), canon, enum or smt: force one route" },
	{ "timeout", 't', "S", "give up after S seconds and exit 3 (default 10; 0: no limit)" },
	{ "json", KEY_JSON, NULL, "one JSON object: equal (true, false or null for undecided), "
				  "method, points, seconds, encoding (Z3's), and a "
				  "counterexample {coord, a, b} or a reason" },
	{ "no-axis-relations", KEY_NO_RELATIONS, NULL, "compare thread axes as named: do not "
						      "rewrite tid, tx, tid_in_wg or warpid "
						      "into laneid, warpid, wid_in_wg, wgid" },
	AXE_PICTURE_OPTIONS,
	AXE_OPERAND_OPTIONS,
	AXE_EXPR_OPERAND_OPTIONS,
	AXE_WALK_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_check_equal = {
	"check-equal", "A B [--method auto|canon|enum|smt] [--timeout S] [--no-axis-relations] "
	"[--json] [--format text|svg|html|tex] [-o FILE]\n"
	"       axe-layout check-equal A --expr MAP --shape S [--vars V,...] "
	"[--replica-vars R=N,...]",
	"Decide whether two layouts induce the same map: the same number of points and,\n"
	"at every point x, the same set of images L_A(x) = L_B(x).  An axis one layout\n"
	"does not name is 0 there.  Points are compared in row-major order, so A and B\n"
	"may have different admitted shapes.",
	"The automatic route: identical canonical forms prove equality at once; else\n"
	"domains of at most 65536 points (2^16) are enumerated; else Z3 decides over\n"
	"bit-vectors.  Where the index arithmetic divides by numbers that are not\n"
	"powers of two (slow for bit-vectors), Z3 gets 0.1 s for one integer query\n"
	"per axis instead.  When Z3 gives up, enumeration gets the time left if its\n"
	"speed, measured on the first 2^18 points, says the domain fits (always up to\n"
	"2^24 points).  --method smt gives integer queries half of the time left first.\n"
	"Enumeration walks layouts with odometers, no division per point, and an expr:\n"
	"layout with its expressions compiled (invariant parts hoisted, divisions by\n"
	"constants made shifts or multiplications), on every core (-j); the first\n"
	"difference in row-major order is reported whatever the threads.  Replicas on\n"
	"the Z3 route are instantiated, at most 256 combinations per layout.\n"
	"\n"
	"The answer says how it is known: 'equal: canonical forms identical', 'equal:\n"
	"all 4096 points checked', 'equal: proved by Z3 in 0.08 s', or 'NOT equal at\n"
	"(2, 9): A -> {...}, B -> {...}' with both image sets at the first point\n"
	"found, always re-checked by direct evaluation.  Different canonical forms\n"
	"alone never mean 'NOT equal'.  Exit status: 0 equal, 1 not equal, 2 input\n"
	"error, 3 undecided (time limit, or the solver gave up).\n"
	"\n"
	"--shape, --dtype and --swizzle apply to both operands.  --expr makes an expr:\n"
	"layout the second operand: AXIS=EXPR separated by ';', over the variables of\n"
	"--vars, which range over the --shape extents.\n"
	"\n"
	"Thread axes are related (tid = tx = laneid + 32*warpid, warpid = wid_in_wg +\n"
	"4*wgid, tid_in_wg = laneid + 32*wid_in_wg): when A and B name related axes,\n"
	"the coarser ones are rewritten into the finer ones, as digits, before the\n"
	"comparison, and a note on stderr says so (--no-axis-relations: not).  An axis\n"
	"one side names whose close spelling the other names gets a warning.\n"
	"\n"
	"--format svg|html: A and B side by side on A's shape with each point's images,\n"
	"and a grid of every point (up to 65536) where they differ in red, the\n"
	"counterexample preselected; the exit status is the same.\n",
	options,
	"whether two layouts induce the same map, with proof",
};

typedef struct equal_args {
	axe_cli_operand operand;
	axe_picture_opts picture;
	axe_equal_request req;
	axe_cli_walk walk;
	bool json;
} equal_args;

/* A bad --method or --timeout is a usage error where it is met, as the library says it. */
static int check_option(const axe_equal_request *one)
{
	axe_error err;

	axe_error_init(&err);
	if (axe_equal_request_check(one, &err) == 0)
		return 0;
	return axe_cli_usage_from(&command_check_equal, &err), -1;
}

static int handle(void *ctx, int key, const char *arg)
{
	equal_args *a = ctx;
	int m;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	if ((m = axe_cli_walk_option(&a->walk, &command_check_equal, key, arg)) != 0)
		return m < 0 ? -1 : 0;
	if ((m = axe_picture_option(&a->picture, &command_check_equal, key, arg)) != 0)
		return m < 0 ? -1 : 0;
	if (key == KEY_JSON)
		a->json = true;
	else if (key == KEY_NO_RELATIONS)
		a->req.no_axis_relations = 1;
	else if (key == 'm')
		return check_option(&(axe_equal_request){ .method = a->req.method = arg });
	else if (key == 't')
		return check_option(&(axe_equal_request){ .timeout = a->req.timeout = arg });
	return 0;
}

/* The notes on stderr, then the answer on standard output or in the -o file. */
static int print(const equal_args *a, const axe_report *report)
{
	axe_error err;
	FILE *out;

	fputs(axe_report_notes(report), stderr);
	axe_error_init(&err);
	if (!(out = axe_picture_open(&a->picture, &err)))
		return axe_cli_report(&err);
	fputs(axe_report_text(report), out);
	if (axe_picture_close(&a->picture, out, false, &err) < 0)
		return axe_cli_report(&err);
	return axe_report_status(report);
}

int cmd_check_equal(int argc, char **argv)
{
	equal_args a = { 0 };
	axe_report *report;
	axe_error err;
	int first = axe_opts_parse(&command_check_equal, argc, argv, handle, &a), status;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	a.req.expr = a.operand.expr;
	axe_error_init(&err);
	if (axe_check_equal_operands_check(&a.req, (size_t)(first - 1), &err) < 0)
		return axe_cli_usage_from(&command_check_equal, &err);
	if (a.json && axe_picture_is_drawing(&a.picture))
		return axe_usage_error(&command_check_equal, "--json and --format svg|html exclude "
				       "each other");
	a.req.operand = a.operand.map;
	a.req.vars = a.operand.vars;
	a.req.replica_vars = a.operand.replica_vars;
	axe_cli_walk_start(&a.walk, "check-equal");
	a.req.walk = a.walk.walk;
	/*
	 * Kept, not streamed: the notes are found before the answer and are
	 * printed before it, and -o is opened only for an answer.
	 */
	report = axe_check_equal_report(argv[1], first > 2 ? argv[2] : NULL, &a.req,
					a.json ? AXE_OUTPUT_JSON : a.picture.form, NULL, &err);
	axe_cli_walk_end(&a.walk);
	status = report ? print(&a, report) : axe_cli_report(&err);
	axe_report_free(report);
	return status;
}
