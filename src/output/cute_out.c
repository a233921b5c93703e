/*
 * cute_out.c: formats the results of CuTe's layout algebra (cute_out.h).
 */
#include "algebra_out.h"
#include "cute_out.h"
#include "writer.h"

static void print_text(axe_writer *w, const char *cute, const char *axe, const axe_shape *shape,
		       const char *axe_why, const char *proved)
{
	axe_write_str(w, "cute:   ");
	axe_write_str(w, cute);
	axe_write_str(w, "\naxe:    ");
	axe_write_str(w, axe ? axe : "none: ");
	if (!axe)
		axe_write_str(w, axe_why);
	axe_write_str(w, "\nshape:  ");
	axe_write_int_list(w, shape->dim, shape->rank, AXE_FORMAT_TEXT);
	axe_write_str(w, "\nproved: ");
	axe_write_str(w, proved);
	axe_write_char(w, '\n');
}

static void print_json(axe_writer *w, const char *cute, const char *axe, const axe_shape *shape,
		       const char *axe_why, const char *proved)
{
	axe_write_str(w, "{\"layout\":");
	if (axe)
		axe_write_json_string(w, axe);
	else
		axe_write_str(w, "null");
	axe_write_str(w, ",\"cute\":");
	axe_write_json_string(w, cute);
	axe_write_str(w, ",\"shape\":");
	axe_write_int_list(w, shape->dim, shape->rank, AXE_FORMAT_JSON);
	if (!axe) {
		axe_write_str(w, ",\"axe_reason\":");
		axe_write_json_string(w, axe_why);
	}
	axe_write_str(w, ",\"proved\":");
	axe_write_json_string(w, proved);
	axe_write_str(w, "}\n");
}

void axe_print_cute(axe_writer *w, const char *cute, const char *axe, const axe_shape *shape,
		    const char *axe_why, const char *proved, axe_format format)
{
	if (format == AXE_FORMAT_JSON)
		print_json(w, cute, axe, shape, axe_why, proved);
	else
		print_text(w, cute, axe, shape, axe_why, proved);
}

void axe_print_cute_refusal(axe_writer *w, const axe_cute_reason *why, axe_format format)
{
	if (format == AXE_FORMAT_JSON) {
		axe_write_str(w, "{\"layout\":null,\"cute\":null,\"reason\":");
		axe_write_json_string(w, why->text);
		axe_write_str(w, "}\n");
	} else {
		axe_write_str(w, "no such layout: ");
		axe_write_str(w, why->text);
		axe_write_char(w, '\n');
	}
}
