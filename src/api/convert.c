/*
 * convert.c: the library API's convert (axe.h): the conversion interop/
 * makes, printed by the output/ code that `convert` uses.
 */
#include <stdlib.h>

#include "../interop/convert.h"
#include "../output/convert_out.h"
#include "api.h"

axe_report *axe_convert_report(const axe_map *map, const char *to, enum axe_output form,
			       FILE *out, axe_error *err)
{
	axe_convert c = { 0 };
	axe_report *r = NULL;
	int status;

	if (!to)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--to NOTATION is required"), NULL;
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
