/*
 * convert_out.c: formats the result of interop/convert.c (see convert_out.h).
 */
#include <stdlib.h>

#include "convert_out.h"

static void print_json(axe_writer *w, const axe_convert *c, const axe_layout *layout)
{
	char *compact = layout ? axe_layout_to_string(layout) : NULL;

	axe_write_str(w, "{\"to\":");
	axe_write_json_string(w, c->to);
	if (c->expressible) {
		axe_write_str(w, ",\"text\":");
		axe_write_json_string(w, c->text);
		axe_write_str(w, ",\"layout\":");
		if (compact)
			axe_write_json_string(w, compact);
		else
			axe_write_str(w, "null");
		axe_write_str(w, ",\"expressible\":true}\n");
	} else {
		axe_write_str(w, ",\"expressible\":false,");
		if (c->undecided)
			axe_write_str(w, "\"undecided\":true,");
		axe_write_str(w, "\"reason\":");
		axe_write_json_string(w, c->reason);
		axe_write_str(w, "}\n");
	}
	free(compact);
}

void axe_print_convert(axe_writer *w, const axe_convert *c, const axe_layout *layout,
		       axe_format format)
{
	if (format == AXE_FORMAT_JSON) {
		print_json(w, c, layout);
		return;
	}
	if (c->expressible) {
		axe_write_str(w, c->text);
		axe_write_char(w, '\n');
		return;
	}
	axe_write_str(w, c->undecided ? "undecided: " : "no ");
	if (!c->undecided) {
		axe_write_str(w, c->to);
		axe_write_str(w, " form: ");
	}
	axe_write_str(w, c->reason);
	axe_write_char(w, '\n');
}
