/*
 * output.c: the library API's strings from codegen/ and interop/ (axe.h):
 * convert and emit-cuda's index function, each built
 * by the modules the commands call and printed by the same output/ code
 * into memory.
 */
#include <stdlib.h>
#include <string.h>

#include "../codegen/cuda.h"
#include "../codegen/emit.h"
#include "../interop/convert.h"
#include "../output/convert_out.h"
#include "../parse/parse.h"
#include "api.h"

axe_report *axe_map_convert(const axe_map *map, const char *to, enum axe_output form,
			    FILE *out, axe_error *err)
{
	axe_convert c = { 0 };
	axe_report *r = NULL;
	int status;

	if (!to)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "no notation given"), NULL;
	if (axe_convert_layout(map->op.layout, &map->op.shape, map->op.dtype, map->op.why_expr,
			       to, &c, err) < 0)
		axe_error_locate_option(err, "--to", to);
	else if ((r = axe_report_open(out, err))) {
		axe_print_convert(r->w, &c, map->op.layout, axe_api_format(form));
		status = c.expressible ? AXE_EXIT_OK : c.undecided ? AXE_EXIT_UNDECIDED
								   : AXE_EXIT_FALSE;
		r = axe_report_close(r, status, c.reason, err);
	}
	axe_convert_release(&c);
	return r;
}

char *axe_map_emit_cuda(const axe_map *map, const char *name, double timeout, axe_error *err)
{
	const axe_layout *L = axe_map_need_layout(map, err);
	axe_cuda_operand in;
	axe_cuda_outcome res = { 0 };
	axe_emit out;
	char *text = NULL;

	if (!L)
		return NULL;
	if (!name)
		name = map->op.name;
	in = (axe_cuda_operand){ L, map->op.shape, map->op.dtype, map->op.name,
				 { "<arg>", 1, 1, map->op.name, strlen(map->op.name) }, 0 };
	axe_emit_init(&out);
	if (axe_cuda_check_name(name, NULL, "name", err) == 0 &&
	    axe_cuda_generate_index(&in, name, timeout, &out, &res, err) == 0) {
		if (res.status != AXE_EXIT_OK)
			axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "%s", res.why);
		else if (!axe_emit_str(&out) || !(text = strdup(axe_emit_str(&out))))
			axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	axe_emit_release(&out);
	return text;
}
