/*
 * algebra_out.c: formats the results of algebra/ (see algebra_out.h).
 */
#include <stdlib.h>
#include <string.h>

#include "../parse/parse.h"
#include "algebra_out.h"

void axe_write_int_list(axe_writer *w, const int64_t *values, size_t n, axe_format format)
{
	bool json = format == AXE_FORMAT_JSON;

	axe_write_char(w, json ? '[' : '(');
	for (size_t i = 0; i < n; i++) {
		if (i)
			axe_write_str(w, json ? "," : ", ");
		axe_write_i64(w, values[i]);
	}
	axe_write_char(w, json ? ']' : ')');
}

/* The compact text of "L", or "?" when memory runs out; the caller frees it. */
static char *layout_text(const axe_layout *L)
{
	char *text = axe_layout_to_string(L);

	return text ? text : strdup("?");
}

/* The shard iters [from, to) of "L" as a layout text "S[...]", or "none". */
static void write_block(axe_writer *w, const axe_layout *L, size_t from, size_t to)
{
	axe_layout *B = from < to ? axe_layout_new() : NULL;
	char *text = NULL;

	for (size_t i = from; B && i < to; i++) {
		int a = axe_layout_intern_axis(B, L->axis[L->shard[i].axis]);
		if (a < 0 || axe_layout_push_shard(B, L->shard[i].extent, L->shard[i].stride, a) < 0)
			break;
	}
	if (B)
		text = axe_layout_to_string(B);
	axe_write_str(w, text ? text : "none");
	free(text);
	axe_layout_free(B);
}

static void text_blocks(axe_writer *w, const axe_algebra_result *r)
{
	axe_write_str(w, "blocks:\n");
	for (size_t d = 0; d < r->nblocks; d++) {
		axe_write_str(w, "  dimension ");
		axe_write_i64(w, (int64_t)d);
		axe_write_str(w, " (extent ");
		axe_write_i64(w, r->shape.dim[d]);
		axe_write_str(w, "): iters [");
		axe_write_i64(w, (int64_t)r->block[d]);
		axe_write_str(w, ", ");
		axe_write_i64(w, (int64_t)r->block[d + 1]);
		axe_write_str(w, ") ");
		write_block(w, r->layout, r->block[d], r->block[d + 1]);
		axe_write_char(w, '\n');
	}
}

/* The span of "L" per axis: "{laneid: 8, m: 4}" or {"laneid":8,"m":4}. */
static void write_spans(axe_writer *w, const axe_layout *L, axe_format format)
{
	bool json = format == AXE_FORMAT_JSON;

	axe_write_char(w, '{');
	for (size_t a = 0; a < L->naxes; a++) {
		if (a)
			axe_write_str(w, json ? "," : ", ");
		if (json)
			axe_write_json_string(w, L->axis[a]);
		else
			axe_write_str(w, L->axis[a]);
		axe_write_str(w, json ? ":" : ": ");
		axe_write_i64(w, axe_layout_axis_span(L, (int)a));
	}
	axe_write_char(w, '}');
}

static void print_text(axe_writer *w, const axe_algebra_result *r, const axe_layout *span_of)
{
	char *text = layout_text(r->layout);

	axe_write_str(w, text);
	free(text);
	axe_write_str(w, "\nshape: ");
	axe_write_int_list(w, r->shape.dim, r->shape.rank, AXE_FORMAT_TEXT);
	axe_write_char(w, '\n');
	if (r->ninterleaved) {
		axe_write_str(w, "interleaved shape: ");
		axe_write_int_list(w, r->interleaved, r->ninterleaved, AXE_FORMAT_TEXT);
		axe_write_char(w, '\n');
	}
	if (span_of) {
		axe_write_str(w, "inner span: ");
		write_spans(w, span_of, AXE_FORMAT_TEXT);
		axe_write_char(w, '\n');
	}
	if (r->nblocks)
		text_blocks(w, r);
}

static void print_json(axe_writer *w, const axe_algebra_result *r, const axe_layout *span_of)
{
	char *text = layout_text(r->layout);

	axe_write_str(w, "{\"layout\":");
	axe_write_json_string(w, text);
	free(text);
	axe_write_str(w, ",\"shape\":");
	axe_write_int_list(w, r->shape.dim, r->shape.rank, AXE_FORMAT_JSON);
	if (r->ninterleaved) {
		axe_write_str(w, ",\"interleaved\":");
		axe_write_int_list(w, r->interleaved, r->ninterleaved, AXE_FORMAT_JSON);
	}
	if (span_of) {
		axe_write_str(w, ",\"span\":");
		write_spans(w, span_of, AXE_FORMAT_JSON);
	}
	if (r->nblocks) {
		axe_write_str(w, ",\"blocks\":[");
		for (size_t d = 0; d < r->nblocks; d++) {
			int64_t range[2] = { (int64_t)r->block[d], (int64_t)r->block[d + 1] };
			if (d)
				axe_write_char(w, ',');
			axe_write_int_list(w, range, 2, AXE_FORMAT_JSON);
		}
		axe_write_char(w, ']');
	}
	axe_write_str(w, "}\n");
}

void axe_print_algebra(axe_writer *w, const axe_algebra_result *r, const axe_layout *span_of,
		       axe_format format)
{
	if (format == AXE_FORMAT_JSON)
		print_json(w, r, span_of);
	else
		print_text(w, r, span_of);
}

void axe_print_refusal(axe_writer *w, const char *prefix, const axe_reason *why,
		       axe_format format)
{
	if (format == AXE_FORMAT_JSON) {
		axe_write_str(w, "{\"layout\":null,\"reason\":");
		axe_write_json_string(w, why->text);
		axe_write_str(w, "}\n");
		return;
	}
	axe_write_str(w, prefix);
	axe_write_str(w, ": ");
	axe_write_str(w, why->text);
	axe_write_char(w, '\n');
}
