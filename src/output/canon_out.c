/*
 * canon_out.c: formats the canonical form of algebra/canon.c (Axe paper,
 * Appendix A.1).  Text:
 *
 *   S[128:1] + R[2:4@warpid] + 5@warpid
 *   shape: (8, 16)
 *   rule D1 x1: fuse adjacent shard iters on one axis when ...
 *   gap condition: holds
 *
 * JSON: {"layout","shape"} as for every layout-valued command, then
 * "canonical", "shard" and "replica" as [extent, stride, "axis"] triples,
 * "offset", "swizzle", "rules" and "gap_condition".
 */
#include <stdio.h>
#include <stdlib.h>

#include "algebra_out.h"
#include "canon_out.h"

static void write_shape(axe_writer *w, const axe_shape *shape, bool json)
{
	axe_write_char(w, json ? '[' : '(');
	for (size_t d = 0; d < shape->rank; d++) {
		if (d)
			axe_write_str(w, json ? "," : ", ");
		axe_write_i64(w, shape->dim[d]);
	}
	axe_write_char(w, json ? ']' : ')');
}

static void write_iters(axe_writer *w, const axe_layout *L, const axe_iter *it, size_t n)
{
	axe_write_char(w, '[');
	for (size_t i = 0; i < n; i++) {
		axe_write_str(w, i ? ",[" : "[");
		axe_write_i64(w, it[i].extent);
		axe_write_char(w, ',');
		axe_write_i64(w, it[i].stride);
		axe_write_char(w, ',');
		axe_write_json_string(w, L->axis[it[i].axis]);
		axe_write_char(w, ']');
	}
	axe_write_char(w, ']');
}

static void write_json(axe_writer *w, const axe_layout *L, const char *text,
		       const axe_shape *shape, const axe_canon_trace *rep)
{
	bool first = true;
	char buf[96];

	axe_write_str(w, "{\"layout\":");
	axe_write_json_string(w, text);
	axe_write_str(w, ",\"shape\":");
	write_shape(w, shape, true);
	axe_write_str(w, ",\"canonical\":");
	axe_write_json_string(w, text);
	axe_write_str(w, ",\"shard\":");
	write_iters(w, L, L->shard, L->nshard);
	axe_write_str(w, ",\"replica\":");
	write_iters(w, L, L->replica, L->nreplica);
	axe_write_str(w, ",\"offset\":{");
	for (size_t a = 0; a < L->naxes; a++) {
		if (!L->offset_written[a])
			continue;
		axe_write_str(w, first ? "" : ",");
		axe_write_json_string(w, L->axis[a]);
		axe_write_char(w, ':');
		axe_write_i64(w, L->offset[a]);
		first = false;
	}
	axe_write_str(w, "},\"swizzle\":");
	if (L->swizzle.present) {
		snprintf(buf, sizeof(buf),
			 "{\"per_element\":%d,\"swizzle_len\":%d,\"atom_len\":%d}",
			 L->swizzle.per_element, L->swizzle.len, L->swizzle.atom);
		axe_write_str(w, buf);
	} else {
		axe_write_str(w, "null");
	}
	axe_write_str(w, ",\"rules\":[");
	first = true;
	for (int r = 0; r < AXE_RULE_COUNT; r++) {
		if (!rep->fired[r])
			continue;
		snprintf(buf, sizeof(buf), "%s{\"rule\":\"%s\",\"count\":%u}", first ? "" : ",",
			 axe_canon_rule_name(r), rep->fired[r]);
		axe_write_str(w, buf);
		first = false;
	}
	axe_write_str(w, rep->gap_condition ? "],\"gap_condition\":true}\n"
					    : "],\"gap_condition\":false}\n");
}

static void write_text(axe_writer *w, const char *text, const axe_shape *shape,
		       const axe_canon_trace *rep)
{
	bool any = false;
	char buf[64];

	axe_write_str(w, text);
	axe_write_str(w, "\nshape: ");
	write_shape(w, shape, false);
	axe_write_char(w, '\n');
	for (int r = 0; r < AXE_RULE_COUNT; r++) {
		if (!rep->fired[r])
			continue;
		snprintf(buf, sizeof(buf), "rule %s x%u: ", axe_canon_rule_name(r), rep->fired[r]);
		axe_write_str(w, buf);
		axe_write_str(w, axe_canon_rule_text(r));
		axe_write_char(w, '\n');
		any = true;
	}
	if (!any)
		axe_write_str(w, "rules: none fired\n");
	axe_write_str(w, rep->gap_condition
			 ? "gap condition: holds\n"
			 : "gap condition: does not hold (a replica stride lies within the reach "
			   "of the smaller ones on its axis)\n");
}

void axe_print_canon(axe_writer *w, const axe_layout *canonical, const axe_shape *shape,
		     const axe_canon_trace *report, axe_format format)
{
	char *text = axe_layout_to_string(canonical);

	if (!text) {
		w->failed = true; /* no memory: the caller reports a failed write */
		return;
	}
	if (format == AXE_FORMAT_JSON)
		write_json(w, canonical, text, shape, report);
	else
		write_text(w, text, shape, report);
	free(text);
}

void axe_print_canon_none(axe_writer *w, const char *text, const axe_shape *shape,
			  const char *why, axe_format format)
{
	if (format != AXE_FORMAT_JSON) {
		axe_write_str(w, "no compact form: ");
		axe_write_str(w, why);
		axe_write_char(w, '\n');
		return;
	}
	axe_write_str(w, "{\"layout\":");
	axe_write_json_string(w, text);
	axe_write_str(w, ",\"shape\":");
	axe_write_int_list(w, shape->dim, shape->rank, AXE_FORMAT_JSON);
	axe_write_str(w, ",\"canonical\":null,\"why_expr\":");
	axe_write_json_string(w, why);
	axe_write_str(w, "}\n");
}
