/*
 * info_out.c: formats the facts of analyze/info.c.
 */
#include <stdlib.h>

#include "../core/axes.h"
#include "../core/dtype.h"
#include "../expr/expr_source.h"
#include "../parse/parse.h"
#include "info_out.h"

static void write_shape(axe_writer *w, const axe_shape *shape)
{
	axe_write_char(w, '(');
	for (size_t d = 0; d < shape->rank; d++) {
		if (d)
			axe_write_str(w, ", ");
		axe_write_i64(w, shape->dim[d]);
	}
	axe_write_char(w, ')');
}

static void write_coord(axe_writer *w, const axe_evaluator *ev, int64_t flat)
{
	int64_t coord[AXE_MAX_RANK];

	axe_evaluator_unflatten(ev, flat, coord);
	axe_write_char(w, '(');
	for (size_t d = 0; d < ev->shape.rank; d++) {
		if (d)
			axe_write_str(w, ", ");
		axe_write_i64(w, coord[d]);
	}
	axe_write_char(w, ')');
}

static void write_padded(axe_writer *w, const char *s, size_t width)
{
	size_t len = strlen(s);
	axe_write_str(w, s);
	for (; len < width; len++)
		axe_write_char(w, ' ');
}

static void text_axes(axe_writer *w, const axe_info *info)
{
	size_t width = 4;
	char buf[96];

	for (size_t a = 0; a < info->naxes; a++)
		if (strlen(info->axes[a].name) > width)
			width = strlen(info->axes[a].name);
	for (size_t a = 0; a < info->naxes; a++) {
		const axe_axis_summary *s = &info->axes[a];
		axe_write_str(w, "  ");
		write_padded(w, s->name, width + 2);
		write_padded(w, axe_axis_kind_name(s->kind), 8);
		snprintf(buf, sizeof(buf), "[%lld, %lld]%s", (long long)s->lo, (long long)s->hi,
			 s->range_exact ? "" : " at most");
		write_padded(w, buf, 18);
		axe_write_str(w, "span ");
		axe_write_i64(w, s->span);
		if (s->size > 0 && (s->lo < 0 || s->hi >= s->size)) {
			snprintf(buf, sizeof(buf), "  (outside the %lld %s of the hardware)",
				 (long long)s->size, s->name);
			axe_write_str(w, buf);
		}
		axe_write_char(w, '\n');
	}
}

static void text_injective(axe_writer *w, const axe_evaluator *ev, const axe_info *info)
{
	axe_write_str(w, "injective:  ");
	if (info->injective == AXE_VERDICT_TRUE) {
		axe_write_str(w, "yes (distinct points never share a physical coordinate)\n");
	} else if (info->injective == AXE_VERDICT_FALSE) {
		axe_write_str(w, "no: ");
		write_coord(w, ev, info->witness[0]);
		axe_write_str(w, " and ");
		write_coord(w, ev, info->witness[1]);
		axe_write_str(w, " share a physical coordinate\n");
	} else if (!info->undecided_axis) {
		axe_write_str(w, "unknown (too many images to compare)\n");
	} else {
		axe_write_str(w, "unknown (too many digit combinations on axis '");
		axe_write_str(w, info->undecided_axis);
		axe_write_str(w, "' to search)\n");
	}
}

static void text_swizzle(axe_writer *w, const axe_swizzle *sw, int dtype)
{
	char buf[160];
	const char *preset = axe_swizzle_preset_name(sw, dtype);

	if (!sw->present) {
		axe_write_str(w, "swizzle:    none\n");
		return;
	}
	snprintf(buf, sizeof(buf), "swizzle:    Swizzle(%d,%d,%d)%s%s%s\n", sw->per_element,
		 sw->len, sw->atom, preset ? " = " : "", preset ? preset : "",
		 preset ? " preset" : "");
	axe_write_str(w, buf);
	if (preset && sw->len > 0) {
		/* semantics.md: hardware modes need a 256/512/1024-byte aligned base. */
		snprintf(buf, sizeof(buf), "            the buffer base must be %d-byte aligned "
			 "to match the hardware %s mode\n", 128 << sw->len, preset);
		axe_write_str(w, buf);
	}
}

/* Text: the notation an imported layout was read from. */
static void text_origin(axe_writer *w, const axe_info_origin *origin, bool compact)
{
	if (!origin->notation)
		return;
	axe_write_str(w, "form:       ");
	axe_write_str(w, compact ? "compact" : "expr");
	axe_write_str(w, " (read from ");
	axe_write_str(w, origin->notation);
	if (!compact && origin->why_expr && origin->why_expr[0]) {
		axe_write_str(w, "; no compact form: ");
		axe_write_str(w, origin->why_expr);
	}
	axe_write_str(w, ")\n");
}

/* JSON: the "form" key, and "from" and "why_expr" for imports. */
static void json_origin(axe_writer *w, const axe_info_origin *origin, bool compact)
{
	axe_write_str(w, compact ? ",\"form\":\"compact\"" : ",\"form\":\"expr\"");
	if (origin->notation) {
		axe_write_str(w, ",\"from\":");
		axe_write_json_string(w, origin->notation);
	}
	if (!compact && origin->why_expr) {
		axe_write_str(w, ",\"why_expr\":");
		axe_write_json_string(w, origin->why_expr);
	}
}

static void print_text(axe_writer *w, const axe_evaluator *ev, const axe_info *info, int dtype,
		       const axe_info_origin *origin)
{
	char *text = axe_evaluator_text(ev);

	axe_write_str(w, "layout:     ");
	axe_write_str(w, text ? text : "?");
	free(text);
	axe_write_char(w, '\n');
	text_origin(w, origin, !axe_evaluator_is_source(ev));
	axe_write_str(w, "size:       ");
	axe_write_i64(w, info->size);
	axe_write_str(w, info->size == 1 ? " point\nshape:      " : " points\nshape:      ");
	write_shape(w, &ev->shape);
	if (axe_evaluator_is_source(ev)) {
		/* Its variables range over this shape: no other is admitted. */
		axe_write_str(w, " (its own)\n");
	} else {
		axe_write_str(w, " (admitted: any shape of ");
		axe_write_i64(w, info->size);
		axe_write_str(w, info->size == 1 ? " point)\n" : " points)\n");
	}
	if (dtype >= 0) {
		axe_write_str(w, "dtype:      ");
		axe_write_str(w, axe_dtype_get(dtype)->name);
		axe_write_char(w, '\n');
	}
	axe_write_str(w, "axes:\n");
	text_axes(w, info);
	axe_write_str(w, "replicated: ");
	if (info->images_per_point > 1) {
		axe_write_str(w, "yes, ");
		axe_write_i64(w, (int64_t)info->images_per_point);
		axe_write_str(w, " images per point");
		if (info->replicas_coincide)
			axe_write_str(w, " (some replica combinations coincide)");
		axe_write_char(w, '\n');
	} else {
		axe_write_str(w, "no\n");
	}
	text_injective(w, ev, info);
	text_swizzle(w, &ev->layout->swizzle, dtype);
}

static void json_axes(axe_writer *w, const axe_info *info)
{
	axe_write_str(w, ",\"axes\":[");
	for (size_t a = 0; a < info->naxes; a++) {
		const axe_axis_summary *s = &info->axes[a];
		axe_write_str(w, a ? ",{\"name\":" : "{\"name\":");
		axe_write_json_string(w, s->name);
		axe_write_str(w, ",\"kind\":");
		axe_write_json_string(w, axe_axis_kind_name(s->kind));
		axe_write_str(w, ",\"min\":");
		axe_write_i64(w, s->lo);
		axe_write_str(w, ",\"max\":");
		axe_write_i64(w, s->hi);
		axe_write_str(w, ",\"span\":");
		axe_write_i64(w, s->span);
		if (!s->range_exact)
			axe_write_str(w, ",\"range_exact\":false");
		if (s->size > 0) {
			axe_write_str(w, ",\"hardware_size\":");
			axe_write_i64(w, s->size);
		}
		axe_write_char(w, '}');
	}
	axe_write_char(w, ']');
}

static void print_json(axe_writer *w, const axe_evaluator *ev, const axe_info *info, int dtype,
		       const axe_info_origin *origin)
{
	char *text = axe_evaluator_text(ev);
	const axe_swizzle *sw = &ev->layout->swizzle;

	axe_write_str(w, "{\"layout\":");
	axe_write_json_string(w, text ? text : "");
	free(text);
	json_origin(w, origin, !axe_evaluator_is_source(ev));
	axe_write_str(w, ",\"size\":");
	axe_write_i64(w, info->size);
	axe_write_str(w, ",\"shape\":[");
	for (size_t d = 0; d < ev->shape.rank; d++) {
		if (d)
			axe_write_char(w, ',');
		axe_write_i64(w, ev->shape.dim[d]);
	}
	axe_write_char(w, ']');
	if (dtype >= 0) {
		axe_write_str(w, ",\"dtype\":");
		axe_write_json_string(w, axe_dtype_get(dtype)->name);
	}
	json_axes(w, info);
	axe_write_str(w, ",\"replicated\":");
	axe_write_str(w, info->images_per_point > 1 ? "true" : "false");
	axe_write_str(w, ",\"images_per_point\":");
	axe_write_i64(w, (int64_t)info->images_per_point);
	axe_write_str(w, ",\"injective\":");
	axe_write_str(w, info->injective == AXE_VERDICT_TRUE ? "true"
			 : info->injective == AXE_VERDICT_FALSE ? "false" : "null");
	axe_write_str(w, ",\"swizzle\":");
	if (sw->present) {
		char buf[96];
		snprintf(buf, sizeof(buf), "{\"per_element\":%d,\"swizzle_len\":%d,\"atom_len\":%d}",
			 sw->per_element, sw->len, sw->atom);
		axe_write_str(w, buf);
	} else {
		axe_write_str(w, "null");
	}
	axe_write_str(w, "}\n");
}

void axe_print_info(axe_writer *w, const axe_evaluator *ev, const axe_info *info, int dtype,
		    const axe_info_origin *origin, axe_format format)
{
	if (format == AXE_FORMAT_JSON)
		print_json(w, ev, info, dtype, origin);
	else
		print_text(w, ev, info, dtype, origin);
}

/* "(d0, d1, ...)" or "[d0,d1,...]" of "shape". */
static void write_shape_as(axe_writer *w, const axe_shape *shape, bool json)
{
	axe_write_char(w, json ? '[' : '(');
	for (size_t d = 0; d < shape->rank; d++) {
		if (d)
			axe_write_str(w, json ? "," : ", ");
		axe_write_i64(w, shape->dim[d]);
	}
	axe_write_char(w, json ? ']' : ')');
}

void axe_print_spec_layouts(axe_writer *w, const axe_spec *spec, axe_format format)
{
	bool json = format == AXE_FORMAT_JSON;
	size_t width = 4;

	for (size_t i = 0; i < spec->nlayouts; i++)
		if (strlen(spec->layouts[i].name) > width)
			width = strlen(spec->layouts[i].name);
	if (json) {
		axe_write_str(w, "{\"spec\":");
		axe_write_json_string(w, spec->path);
		axe_write_str(w, ",\"layouts\":[");
	} else {
		axe_write_str(w, "spec:       ");
		axe_write_str(w, spec->path);
		axe_write_str(w, "\nlayouts:    name one as FILE:NAME for its info\n");
	}
	for (size_t i = 0; i < spec->nlayouts; i++) {
		const axe_spec_layout *e = &spec->layouts[i];
		char *text = e->layout ? axe_layout_to_string(e->layout) : NULL;
		if (json) {
			axe_write_str(w, i ? ",{\"name\":" : "{\"name\":");
			axe_write_json_string(w, e->name);
			axe_write_str(w, ",\"layout\":");
			axe_write_json_string(w, text ? text : "expr:");
			axe_write_str(w, ",\"shape\":");
			write_shape_as(w, &e->shape, true);
			axe_write_char(w, '}');
		} else {
			axe_write_str(w, "  ");
			write_padded(w, e->name, width + 2);
			axe_write_str(w, text ? text : "expr:");
			axe_write_str(w, " on shape ");
			write_shape_as(w, &e->shape, false);
			axe_write_char(w, '\n');
		}
		free(text);
	}
	if (json)
		axe_write_str(w, "]}\n");
}
