/*
 * equal_out.c: formats an axe_equal_result (prove/prove.h).  Text, one line:
 *
 *   equal: canonical forms identical
 *   equal: all 4096 points checked
 *   equal: proved by Z3 in 0.08 s
 *   NOT equal at (2, 9): A -> {laneid: 8, warpid: 6, m: 1}, B -> {...}
 *   undecided: Z3 gave up (timeout)
 *
 * JSON: {"equal":true,"method":...,"points":N,"seconds":t} ("encoding" too
 * on the Z3 route: "bit-vector" or "integer"), with false a
 * "counterexample" {"coord":[...],"a":[images],"b":[images]} (or a
 * "reason"), with null (undecided) a "reason".
 */
#include <stdio.h>

#include "equal_out.h"

/* "n" images (rows of res->naxes values) as "{a: 1, b: 2}, {...}" or JSON objects. */
static void write_images(axe_writer *w, const axe_equal_result *res, const int64_t *rows,
			 size_t n, bool json)
{
	for (size_t i = 0; i < n; i++) {
		axe_write_str(w, i ? (json ? ",{" : ", {") : "{");
		for (size_t a = 0; a < res->naxes; a++) {
			if (a)
				axe_write_str(w, json ? "," : ", ");
			if (json) {
				axe_write_json_string(w, res->axis[a]);
				axe_write_char(w, ':');
			} else {
				axe_write_str(w, res->axis[a]);
				axe_write_str(w, ": ");
			}
			axe_write_i64(w, rows[i * res->naxes + a]);
		}
		axe_write_char(w, '}');
	}
}

static void write_coord(axe_writer *w, const axe_equal_result *res, bool json)
{
	axe_write_char(w, json ? '[' : '(');
	for (size_t d = 0; d < res->shape.rank; d++) {
		if (d)
			axe_write_str(w, json ? "," : ", ");
		axe_write_i64(w, res->coord[d]);
	}
	axe_write_char(w, json ? ']' : ')');
}

static void write_text(axe_writer *w, const axe_equal_result *res)
{
	char buf[64];

	if (res->verdict == AXE_VERDICT_TRUE) {
		if (res->method == AXE_METHOD_CANON) {
			axe_write_str(w, "equal: canonical forms identical");
		} else if (res->method == AXE_METHOD_ENUM) {
			axe_write_str(w, "equal: all ");
			axe_write_i64(w, res->points);
			axe_write_str(w, res->points == 1 ? " point checked" : " points checked");
		} else {
			snprintf(buf, sizeof(buf), "equal: proved by Z3 in %.2f s", res->seconds);
			axe_write_str(w, buf);
		}
	} else if (res->verdict == AXE_VERDICT_FALSE && res->has_counterexample) {
		axe_write_str(w, "NOT equal at ");
		write_coord(w, res, false);
		axe_write_str(w, ": A -> ");
		write_images(w, res, res->a_images, res->na, false);
		axe_write_str(w, ", B -> ");
		write_images(w, res, res->b_images, res->nb, false);
	} else {
		axe_write_str(w, res->verdict == AXE_VERDICT_FALSE ? "NOT equal: " : "undecided: ");
		axe_write_str(w, res->reason);
	}
	if (res->note[0]) {
		axe_write_str(w, "\n  (");
		axe_write_str(w, res->note);
		axe_write_char(w, ')');
	}
	axe_write_char(w, '\n');
}

static void write_json(axe_writer *w, const axe_equal_result *res)
{
	char buf[64];

	axe_write_str(w, res->verdict == AXE_VERDICT_TRUE    ? "{\"equal\":true"
			 : res->verdict == AXE_VERDICT_FALSE ? "{\"equal\":false"
							     : "{\"equal\":null");
	axe_write_str(w, ",\"method\":");
	axe_write_json_string(w, axe_equal_method_name(res->method));
	axe_write_str(w, ",\"points\":");
	axe_write_i64(w, res->points);
	snprintf(buf, sizeof(buf), ",\"seconds\":%.4f", res->seconds);
	axe_write_str(w, buf);
	if (res->method == AXE_METHOD_SMT && res->encoding) {
		axe_write_str(w, ",\"encoding\":");
		axe_write_json_string(w, res->encoding);
	}
	if (res->verdict == AXE_VERDICT_FALSE && res->has_counterexample) {
		axe_write_str(w, ",\"counterexample\":{\"coord\":");
		write_coord(w, res, true);
		axe_write_str(w, ",\"a\":[");
		write_images(w, res, res->a_images, res->na, true);
		axe_write_str(w, "],\"b\":[");
		write_images(w, res, res->b_images, res->nb, true);
		axe_write_str(w, "]}");
	} else if (res->verdict != AXE_VERDICT_TRUE) {
		axe_write_str(w, ",\"reason\":");
		axe_write_json_string(w, res->reason);
	}
	if (res->note[0]) {
		axe_write_str(w, ",\"note\":");
		axe_write_json_string(w, res->note);
	}
	axe_write_str(w, "}\n");
}

void axe_print_equal(axe_writer *w, const axe_equal_result *res, axe_format format)
{
	if (format == AXE_FORMAT_JSON)
		write_json(w, res);
	else
		write_text(w, res);
}
