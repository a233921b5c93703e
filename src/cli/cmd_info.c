/*
 * cmd_info.c: `axe-layout info`: size, per-axis range and span, axis kinds,
 * replication, injectivity, swizzle and the admitted shapes of a layout.
 */
#include <stdlib.h>

#include "../analyze/info.h"
#include "../output/info_out.h"
#include "commands.h"
#include "operands.h"

enum { KEY_JSON = 256 };

static const axe_opt options[] = {
	{ "json", KEY_JSON, NULL, "one JSON object" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_info = {
	"info", "LAYOUT [--json]",
	"Describe a layout: size, per-axis range and span, axis kinds, replication,\n"
	"injectivity, swizzle and admitted shapes.",
	"A shape is admitted when its extents multiply to the layout's size.  'span'\n"
	"is 1 + sum of (extent-1)*|stride| over the iters on the axis (Axe paper,\n"
	"Lemma C.1).  'injective: no' names two points that share a coordinate.\n"
	"A layout read from another tool's notation says so ('form:'), and when it\n"
	"has only an expr: form, why.\n"
	"A spec file of several layouts lists their names: give FILE:NAME for one.\n",
	options,
	"size, axes, spans, replication and injectivity of a layout",
};

typedef struct info_args {
	axe_operand_opts operand;
	bool json;
} info_args;

static int handle(void *ctx, int key, const char *arg)
{
	info_args *a = ctx;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_JSON)
		a->json = true;
	return 0;
}

/* An import with only an `expr:` form: its form, why, shape and axes. */
static int info_expr(axe_operand *op, const axe_info_origin *origin, bool json)
{
	axe_writer *w = malloc(sizeof(*w));

	if (w) {
		axe_writer_init(w, stdout);
		axe_print_info_expr(w, &op->shape, op->expr->naxes, op->expr->axis, origin,
				    json ? AXE_FORMAT_JSON : AXE_FORMAT_TEXT);
		axe_writer_flush(w);
	}
	free(w);
	axe_operand_release(op);
	return AXE_EXIT_OK;
}

/*
 * "info FILE" on a spec of several layouts (or none) lists them; true when it
 * did (or failed: "err" set), false for a spec of one layout.
 */
static bool spec_index(const char *path, const info_args *a, axe_error *err)
{
	axe_spec *spec = axe_spec_load(path, err);
	axe_writer *w;

	if (!spec)
		return true;
	if (spec->nlayouts == 1) {
		axe_spec_free(spec);
		return false;
	}
	if ((w = malloc(sizeof(*w)))) {
		axe_writer_init(w, stdout);
		axe_print_spec_layouts(w, spec, a->json ? AXE_FORMAT_JSON : AXE_FORMAT_TEXT);
		axe_writer_flush(w);
	} else {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	free(w);
	axe_spec_free(spec);
	return true;
}

int cmd_info(int argc, char **argv)
{
	info_args a = { 0 };
	axe_operand op;
	axe_evaluator ev;
	axe_info info;
	axe_error err;
	axe_writer *w = NULL;
	axe_info_origin origin;
	int first = axe_opts_parse(&command_info, argc, argv, handle, &a);

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_info, "expected one LAYOUT operand, got %d",
				       first - 1);
	axe_error_init(&err);
	if (!axe_operand_names_one(argv[1]) && spec_index(argv[1], &a, &err))
		return axe_error_is_set(&err) ? axe_cli_report(&err) : AXE_EXIT_OK;
	a.operand.allow_import_expr = true;
	if (axe_operand_resolve(argv[1], &a.operand, &op, &err) < 0)
		return axe_operand_release(&op), axe_cli_report(&err);
	origin = (axe_info_origin){ op.format, op.why_expr };
	if (op.expr)
		return info_expr(&op, &origin, a.json);
	if (axe_evaluator_init(&ev, op.layout, &op.shape, &err) < 0)
		return axe_operand_release(&op), axe_cli_report(&err);
	if (axe_info_compute(&ev, &info, &err) == 0 && (w = malloc(sizeof(*w)))) {
		axe_writer_init(w, stdout);
		axe_print_info(w, &ev, &info, op.dtype, &origin,
			       a.json ? AXE_FORMAT_JSON : AXE_FORMAT_TEXT);
		axe_writer_flush(w);
		axe_info_release(&info);
	}
	free(w);
	axe_evaluator_release(&ev);
	axe_operand_release(&op);
	return axe_error_is_set(&err) ? axe_cli_report(&err) : AXE_EXIT_OK;
}
