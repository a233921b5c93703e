/*
 * equal.c: the library API's equality (axe.h, axe_map_equal): two maps to
 * prove/'s decision, after the thread-axis relations check-equal applies,
 * and the answer kept for its accessors and printed by output/equal_out.c.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/relate.h"
#include "../output/equal_out.h"
#include "../prove/prove.h"
#include "api.h"

struct axe_equality {
	axe_equal_result res;
};

/* The options of "req" (NULL: the defaults) in "opt"; 0 or -1. */
static int equal_options(const axe_equal_request *req, axe_equal_options *opt,
			 axe_error *err)
{
	int m = AXE_METHOD_AUTO;

	memset(opt, 0, sizeof(*opt));
	opt->method = AXE_METHOD_AUTO;
	opt->walk.jobs = 1;
	if (!req)
		return 0;
	if (req->method && (m = axe_equal_method_lookup(req->method)) < 0)
		return axe_error_set(err, AXE_ERR_NAME, NULL, 0, "unknown method '%s' (auto, "
				     "canon, enum or smt)", req->method);
	if (req->method)
		opt->method = (enum axe_equal_method)m;
	if (!(req->timeout >= 0 && req->timeout < 1e9))
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "the timeout must be a number "
				     "of seconds, at least 0");
	opt->timeout = req->timeout;
	opt->walk.jobs = req->jobs > 0 ? req->jobs : 1;
	return 0;
}

static axe_equal_side side_of(const axe_map *map, const axe_layout *layout)
{
	const axe_operand *op = &map->op;

	return (axe_equal_side){ layout, layout ? NULL : op->expr, op->shape, map->shape_given };
}

axe_equality *axe_map_equal(const axe_map *a, const axe_map *b, const axe_equal_request *req,
			    axe_error *err)
{
	axe_layout *la = NULL, *lb = NULL;
	axe_equal_options opt;
	axe_equal_side sa, sb;
	axe_equality *eq = NULL;
	char note[512];
	int r = -1;

	if (equal_options(req, &opt, err) < 0)
		return NULL;
	/* The relations rewrite the layouts they compare: copies of the maps' own. */
	if (req && req->axis_relations) {
		la = a->op.layout ? axe_layout_dup(a->op.layout) : NULL;
		lb = b->op.layout ? axe_layout_dup(b->op.layout) : NULL;
		if ((a->op.layout && !la) || (b->op.layout && !lb))
			axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		else if (axe_relate_operands(&la, a->op.expr, &lb, b->op.expr, note, sizeof(note),
					     err) < 0)
			goto error;
	}
	if (axe_error_is_set(err))
		goto error;
	sa = side_of(a, la ? la : a->op.layout);
	sb = side_of(b, lb ? lb : b->op.layout);
	if (!(eq = calloc(1, sizeof(*eq)))) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto error;
	}
	r = axe_prove_equal(&sa, &sb, &opt, &eq->res, err);
error:
	axe_layout_free(la);
	axe_layout_free(lb);
	if (r < 0) {
		axe_equality_free(eq);
		return NULL;
	}
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
