/*
 * cmd_check_equal.c: `axe-layout check-equal`: whether two layouts (or a
 * layout and a kernel's index arithmetic, as an `expr:` layout) induce the
 * same map, and how that is known (semantics.md "Equality").
 */
#include <stdio.h>
#include <stdlib.h>

#include "../core/relate.h"
#include "../output/equal_out.h"
#include "../prove/prove.h"
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
	"[--json] [--format text|svg|html] [-o FILE]\n"
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
	axe_operand_opts operand;
	axe_picture_opts picture;
	axe_equal_options opt;
	axe_cli_walk walk;
	bool json;
	bool no_relations;
} equal_args;

static int handle(void *ctx, int key, const char *arg)
{
	equal_args *a = ctx;
	char *end;
	int m;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	if ((m = axe_cli_walk_option(&a->walk, &command_check_equal, key, arg)) != 0)
		return m < 0 ? -1 : 0;
	if ((m = axe_picture_option(&a->picture, &command_check_equal, key, arg)) != 0)
		return m < 0 ? -1 : 0;
	if (key == KEY_JSON) {
		a->json = true;
	} else if (key == KEY_NO_RELATIONS) {
		a->no_relations = true;
	} else if (key == 'm') {
		if ((m = axe_equal_method_lookup(arg)) < 0)
			return axe_usage_error(&command_check_equal, "--method takes auto, canon, "
					       "enum or smt, not '%s'", arg), -1;
		a->opt.method = (enum axe_equal_method)m;
	} else if (key == 't') {
		a->opt.timeout = strtod(arg, &end);
		if (*arg == '\0' || *end != '\0' || !(a->opt.timeout >= 0 && a->opt.timeout < 1e9))
			return axe_usage_error(&command_check_equal, "--timeout takes a number of "
					       "seconds, not '%s'", arg), -1;
	}
	return 0;
}

/* Resolve operand "k" (argv[k], or --expr for the last one) into "op" and "side". */
static int resolve(const equal_args *a, char **argv, int k, int nargs, axe_operand *op,
		   axe_equal_side *side, axe_error *err)
{
	int r = k <= nargs ? axe_operand_resolve(argv[k], &a->operand, op, err)
			   : axe_operand_resolve_expr(&a->operand, op, err);
	bool shape_given = a->operand.shape || op->expr || (op->entry && op->entry->has_shape);

	*side = (axe_equal_side){ op->layout, op->expr, op->shape, shape_given };
	return r;
}

/* Print "res" (drawn with "side" for a picture) and return the exit status it means. */
static int report(const equal_args *a, const axe_equal_side *side, const axe_equal_result *res,
		  axe_error *err)
{
	axe_writer *w = malloc(sizeof(*w));
	FILE *out = w ? axe_picture_open(&a->picture, err) : NULL;
	int r = 0;

	if (!w)
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (!out)
		return free(w), axe_cli_report(err);
	axe_writer_init(w, out);
	if (axe_picture_is_drawing(&a->picture))
		r = axe_equal_picture(w, &side[0], &side[1], res, a->picture.format, err);
	else
		axe_print_equal(w, res, a->json ? AXE_FORMAT_JSON : AXE_FORMAT_TEXT);
	axe_writer_flush(w);
	free(w);
	if (axe_picture_close(&a->picture, out, r < 0, err) < 0 || r < 0)
		return axe_cli_report(err);
	return res->verdict == AXE_VERDICT_TRUE    ? AXE_EXIT_OK
	       : res->verdict == AXE_VERDICT_FALSE ? AXE_EXIT_FALSE
						   : AXE_EXIT_UNDECIDED;
}

/*
 * Rewrite related thread axes before the comparison (api/operand.h), and
 * say so on stderr; 0 or -1 with "err" set.
 */
static int relate(const equal_args *a, axe_operand *op, axe_equal_side *side, axe_error *err)
{
	char note[512];
	int rc;

	if (a->no_relations)
		return 0;
	rc = axe_relate_operands(&op[0].layout, op[0].expr, &op[1].layout, op[1].expr, note,
				 sizeof(note), err);
	if (rc == AXE_RELATED)
		fprintf(stderr, "axe-layout: note: thread-axis relations: comparing %s "
			"(--no-axis-relations: as named)\n", note);
	else if (rc == AXE_RELATED_NOT_DIGITS)
		fprintf(stderr, "axe-layout: note: the layouts name related thread axes, but "
			"they are compared as named: %s\n", note);
	else if (rc == AXE_RELATED_EXPR_COARSER)
		fprintf(stderr, "axe-layout: note: the expr: layout names a thread axis coarser "
			"than the other layout's; expr: layouts are compared as named\n");
	side[0].layout = op[0].layout;
	side[1].layout = op[1].layout;
	return rc < 0 ? -1 : 0;
}

/* The axis names of operand "op". */
static char *const *axes_of(const axe_operand *op, size_t *n)
{
	*n = op->layout ? op->layout->naxes : op->expr->naxes;
	return op->layout ? op->layout->axis : op->expr->axis;
}

/* A NOT equal whose sides name differently spelt axes: say which. */
static void warn_typo(const axe_operand *op, const axe_equal_result *res)
{
	char note[256];
	size_t na, nb;
	char *const *a = axes_of(&op[0], &na), *const *b = axes_of(&op[1], &nb);

	if (res->verdict == AXE_VERDICT_FALSE && axe_axes_typo(a, na, "A", b, nb, "B", note, sizeof(note)))
		fprintf(stderr, "axe-layout: warning: %s\n", note);
}

int cmd_check_equal(int argc, char **argv)
{
	equal_args a = { .operand = { .allow_expr = true, .shared_notation_opts = true },
			 .opt = { .method = AXE_METHOD_AUTO, .timeout = 10.0 } };
	axe_operand op[2] = { { 0 }, { 0 } };
	axe_equal_side side[2];
	axe_equal_result res = { 0 };
	axe_error err;
	int first = axe_opts_parse(&command_check_equal, argc, argv, handle, &a), status, n;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	n = first - 1 + (a.operand.expr != NULL);
	if (n != 2)
		return axe_usage_error(&command_check_equal, "expected two layouts (A and B, or "
				       "A and --expr), got %d", n);
	if (a.json && axe_picture_is_drawing(&a.picture))
		return axe_usage_error(&command_check_equal, "--json and --format svg|html exclude "
				       "each other");
	axe_error_init(&err);
	axe_cli_walk_start(&a.walk, "check-equal");
	a.opt.walk = a.walk.options;
	if (resolve(&a, argv, 1, first - 1, &op[0], &side[0], &err) == 0 &&
	    resolve(&a, argv, 2, first - 1, &op[1], &side[1], &err) == 0 &&
	    relate(&a, op, side, &err) == 0 &&
	    axe_prove_equal(&side[0], &side[1], &a.opt, &res, &err) == 0) {
		axe_cli_walk_end(&a.walk);
		warn_typo(op, &res);
		status = report(&a, side, &res, &err);
	} else {
		axe_cli_walk_end(&a.walk);
		status = axe_cli_report(&err);
	}
	axe_equal_result_release(&res);
	axe_operand_release(&op[0]);
	axe_operand_release(&op[1]);
	return status;
}
