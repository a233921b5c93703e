/*
 * cute_out.c: formats the results of CuTe's layout algebra (cute_out.h).
 */
#include <stdlib.h>

#include "../core/error.h"
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

int axe_cute_emit(const char *cute, const char *axe, const axe_shape *shape,
		  const char *axe_why, const char *proved, bool json, axe_error *err)
{
	axe_writer *w = malloc(sizeof(*w));

	if (!w)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	axe_writer_init(w, stdout);
	if (json)
		print_json(w, cute, axe, shape, axe_why, proved);
	else
		print_text(w, cute, axe, shape, axe_why, proved);
	axe_writer_flush(w);
	free(w);
	return AXE_EXIT_OK;
}

int axe_cute_emit_refusal(const axe_cute_reason *why, bool json, axe_error *err)
{
	axe_writer *w = malloc(sizeof(*w));

	if (!w)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	axe_writer_init(w, stdout);
	if (json) {
		axe_write_str(w, "{\"layout\":null,\"cute\":null,\"reason\":");
		axe_write_json_string(w, why->text);
		axe_write_str(w, "}\n");
	} else {
		axe_write_str(w, "no such layout: ");
		axe_write_str(w, why->text);
		axe_write_char(w, '\n');
	}
	axe_writer_flush(w);
	free(w);
	return AXE_EXIT_FALSE;
}
