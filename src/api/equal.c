/*
 * equal.c: the library API's equality (axe.h, axe_map_equal): two maps to
 * prove/'s decision, after the thread-axis relations check-equal applies,
 * and the answer kept for its accessors and printed by output/equal_out.c.
 */
#include <stdlib.h>
#include <string.h>

#include "../output/equal_out.h"
#include "equal.h"

struct axe_equality {
	axe_equal_result res;
};

#define DEFAULT_TIMEOUT 10.0 /* check-equal's --timeout */

static axe_loc option_at(const char *option, const char *value)
{
	return (axe_loc){ option, 1, 1, value, strlen(value) };
}

/* --timeout's seconds in "t"; 0 or -1 with "err" placed on the option. */
static int read_timeout(const char *text, double *t, axe_error *err)
{
	axe_loc loc;
	char *end;

	*t = DEFAULT_TIMEOUT;
	if (!text)
		return 0;
	*t = strtod(text, &end);
	if (*text != '\0' && *end == '\0' && *t >= 0 && *t < 1e9)
		return 0;
	loc = option_at("--timeout", text);
	return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(text), "--timeout takes a "
			     "number of seconds, not '%s'", text);
}

/* The options of "req" (NULL: the defaults) in "run"; 0 or -1. */
static int equal_options(const axe_equal_request *req, axe_equal_run *run, axe_error *err)
{
	axe_loc loc;
	int m = AXE_METHOD_AUTO;

	run->opt.method = AXE_METHOD_AUTO;
	run->opt.timeout = DEFAULT_TIMEOUT;
	if (!req)
		return 0;
	if (req->method && (m = axe_equal_method_lookup(req->method)) < 0) {
		loc = option_at("--method", req->method);
		return axe_error_set(err, AXE_ERR_NAME, &loc, (int)strlen(req->method), "--method "
				     "takes auto, canon, enum or smt, not '%s'", req->method);
	}
	if (req->method)
		run->opt.method = (enum axe_equal_method)m;
	if (read_timeout(req->timeout, &run->opt.timeout, err) < 0)
		return -1;
	run->opt.walk = axe_api_walk(&req->walk, &run->progress);
	return 0;
}

int axe_equal_request_check(const axe_equal_request *req, axe_error *err)
{
	axe_equal_run run;

	memset(&run, 0, sizeof(run));
	return equal_options(req, &run, err);
}

/* What check-equal says on stderr about the relations it applied (outcome "rc"). */
static void relation_note(axe_report *notes, int rc, const char *note)
{
	if (!notes)
		return;
	if (rc == AXE_RELATED)
		axe_report_note(notes, "axe-layout: note: thread-axis relations: comparing %s "
				"(--no-axis-relations: as named)", note);
	else if (rc == AXE_RELATED_NOT_DIGITS)
		axe_report_note(notes, "axe-layout: note: the layouts name related thread axes, "
				"but they are compared as named: %s", note);
	else if (rc == AXE_RELATED_EXPR_COARSER)
		axe_report_note(notes, "axe-layout: note: the expr: layout names a thread axis "
				"coarser than the other layout's; expr: layouts are compared as "
				"named");
}

/*
 * Rewrite related thread axes (api/operand.h) of copies of the maps' own
 * layouts into run->related; 0 or -1.
 */
static int relate(axe_equal_run *run, const axe_map *a, const axe_map *b, axe_report *notes,
		  axe_error *err)
{
	const axe_operand *op[2] = { &a->op, &b->op };
	char note[512];
	int rc;

	for (int s = 0; s < 2; s++)
		if (op[s]->layout && !(run->related[s] = axe_layout_dup(op[s]->layout)))
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	rc = axe_relate_operands(&run->related[0], a->op.expr, &run->related[1], b->op.expr,
				 note, sizeof(note), err);
	if (rc < 0)
		return -1;
	relation_note(notes, rc, note);
	return 0;
}

static axe_equal_side side_of(const axe_map *map, const axe_layout *related)
{
	const axe_operand *op = &map->op;
	const axe_layout *layout = related ? related : op->layout;

	return (axe_equal_side){ layout, layout ? NULL : op->expr, op->shape, map->shape_given };
}

int axe_equal_run_start(axe_equal_run *run, const axe_map *a, const axe_map *b,
			const axe_equal_request *req, axe_report *notes, axe_error *err)
{
	memset(run, 0, sizeof(*run));
	if (equal_options(req, run, err) < 0)
		return -1;
	if (!(req && req->no_axis_relations) && relate(run, a, b, notes, err) < 0)
		return -1;
	run->side[0] = side_of(a, run->related[0]);
	run->side[1] = side_of(b, run->related[1]);
	return axe_prove_equal(&run->side[0], &run->side[1], &run->opt, &run->res, err);
}

void axe_equal_run_release(axe_equal_run *run)
{
	axe_equal_result_release(&run->res);
	axe_layout_free(run->related[0]);
	axe_layout_free(run->related[1]);
	run->related[0] = run->related[1] = NULL;
}

int axe_equal_status(const axe_equal_result *res)
{
	return res->verdict == AXE_VERDICT_TRUE    ? AXE_EXIT_OK
	       : res->verdict == AXE_VERDICT_FALSE ? AXE_EXIT_FALSE
						   : AXE_EXIT_UNDECIDED;
}

axe_equality *axe_map_equal(const axe_map *a, const axe_map *b, const axe_equal_request *req,
			    axe_error *err)
{
	axe_equality *eq = calloc(1, sizeof(*eq));
	axe_equal_run run;

	if (!eq)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory"), NULL;
	if (axe_equal_run_start(&run, a, b, req, NULL, err) < 0) {
		axe_equal_run_release(&run);
		free(eq);
		return NULL;
	}
	/* The answer keeps its own copies: the run's layouts go. */
	eq->res = run.res;
	memset(&run.res, 0, sizeof(run.res));
	axe_equal_run_release(&run);
	return eq;
}

void axe_equality_free(axe_equality *eq)
{
	if (!eq)
		return;
	axe_equal_result_release(&eq->res);
	free(eq);
}

int axe_equality_verdict(const axe_equality *eq)
{
	return (int)eq->res.verdict;
}

const char *axe_equality_method(const axe_equality *eq)
{
	return axe_equal_method_name(eq->res.method);
}

const char *axe_equality_reason(const axe_equality *eq)
{
	return eq->res.reason;
}

size_t axe_equality_counterexample(const axe_equality *eq, int64_t *coord)
{
	if (!eq->res.has_counterexample)
		return 0;
	memcpy(coord, eq->res.coord, eq->res.shape.rank * sizeof(int64_t));
	return eq->res.shape.rank;
}

size_t axe_equality_images(const axe_equality *eq, int side, int64_t *images, size_t max_images)
{
	size_t n = side ? eq->res.nb : eq->res.na;
	const int64_t *rows = side ? eq->res.b_images : eq->res.a_images;

	if (!eq->res.has_counterexample)
		return 0;
	if (rows && images)
		memcpy(images, rows, (n < max_images ? n : max_images) * eq->res.naxes *
					     sizeof(int64_t));
	return n;
}

size_t axe_equality_axis_count(const axe_equality *eq)
{
	return eq->res.has_counterexample ? eq->res.naxes : 0;
}

const char *axe_equality_axis_name(const axe_equality *eq, size_t axis)
{
	return axis < axe_equality_axis_count(eq) ? eq->res.axis[axis] : NULL;
}

char *axe_equality_to_string(const axe_equality *eq, enum axe_output form)
{
	axe_error err;
	axe_buffer b;

	axe_error_init(&err);
	if (axe_buffer_open(&b, &err) < 0)
		return NULL;
	axe_print_equal(b.w, &eq->res, form == AXE_OUTPUT_JSON ? AXE_FORMAT_JSON
							       : AXE_FORMAT_TEXT);
	return axe_buffer_close(&b, &err);
}
