/*
 * tma_out.c: formats TMA plans and refusals (see tma_out.h).
 */
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "tma_out.h"

/* "{a, b}" (text) or "[a,b]" (JSON) of "n" unsigned values. */
static void write_u64s(axe_writer *w, const uint64_t *v, int n, bool json)
{
	axe_write_char(w, json ? '[' : '{');
	for (int i = 0; i < n; i++) {
		if (i)
			axe_write_str(w, json ? "," : ", ");
		axe_write_i64(w, (int64_t)v[i]); /* the rules keep them below 2^40 */
	}
	axe_write_char(w, json ? ']' : '}');
}

static void write_u32s(axe_writer *w, const uint32_t *v, int n, bool json)
{
	uint64_t wide[AXE_TMA_MAX_RANK];

	for (int i = 0; i < n; i++)
		wide[i] = v[i];
	write_u64s(w, wide, n, json);
}

static void write_i64s(axe_writer *w, const int64_t *v, int n, bool json)
{
	axe_write_char(w, json ? '[' : '{');
	for (int i = 0; i < n; i++) {
		if (i)
			axe_write_str(w, json ? "," : ", ");
		axe_write_i64(w, v[i]);
	}
	axe_write_char(w, json ? ']' : '}');
}

/* "  NAME = " with NAME padded to the longest argument name. */
static void arg(axe_writer *w, const char *name)
{
	static const char pad[] = "              "; /* strlen("elementStrides") */
	size_t len = strlen(name);

	axe_write_str(w, "  ");
	axe_write_str(w, name);
	axe_write_bytes(w, pad, len < sizeof(pad) - 1 ? sizeof(pad) - 1 - len : 0);
	axe_write_str(w, " = ");
}

static void text_params(axe_writer *w, const axe_tma_plan *plan)
{
	const axe_tma_params *p = &plan->params;

	axe_write_str(w, "tensor map (cuTensorMapEncodeTiled arguments, arrays innermost "
		      "first):\n");
	arg(w, "tensorDataType");
	axe_write_str(w, axe_tma_data_type_name(p->dtype));
	axe_write_str(w, ";\n");
	arg(w, "tensorRank");
	axe_write_i64(w, p->rank);
	axe_write_str(w, ";\n");
	arg(w, "globalAddress");
	axe_write_str(w, "global + ");
	axe_write_i64(w, plan->first.global_offset_bytes);
	axe_write_str(w, axe_tma_plan_moves_base(plan) ?
			 ";  // bytes, for copy 0: the loops move it\n" : ";  // bytes\n");
	arg(w, "globalDim");
	write_u64s(w, p->global_dim, p->rank, false);
	axe_write_str(w, ";\n");
	arg(w, "globalStrides");
	write_u64s(w, p->global_strides, p->rank - 1, false);
	axe_write_str(w, ";  // bytes, of dimensions 1 and up\n");
	arg(w, "boxDim");
	write_u32s(w, p->box_dim, p->rank, false);
	axe_write_str(w, ";\n");
	arg(w, "elementStrides");
	write_u32s(w, p->element_strides, p->rank, false);
	axe_write_str(w, ";\n");
	arg(w, "interleave");
	axe_write_str(w, axe_tma_interleave_name(p->interleave));
	axe_write_str(w, ";\n");
	arg(w, "swizzle");
	axe_write_str(w, axe_tma_swizzle_name(p->swizzle));
	axe_write_str(w, ";\n");
	arg(w, "l2Promotion");
	axe_write_str(w, axe_tma_l2_name(p->l2_promotion));
	axe_write_str(w, ";\n");
	arg(w, "oobFill");
	axe_write_str(w, axe_tma_oob_name(p->oob_fill));
	axe_write_str(w, ";\n");
}

static void text_summary(axe_writer *w, const axe_tma_plan *plan)
{
	bool load = plan->direction == AXE_TMA_G2S;
	int repeat = axe_tma_swizzle_repeat(plan->params.swizzle);

	axe_write_str(w, "copies: ");
	axe_write_i64(w, plan->ncopies);
	axe_write_str(w, load ? " (global to shared) of " : " (shared to global) of ");
	axe_write_i64(w, plan->bytes_per_copy);
	axe_write_str(w, " bytes, ");
	axe_write_i64(w, plan->total_bytes);
	axe_write_str(w, load ? " bytes in all; mbarrier expect-tx " :
			 " bytes in all; a bulk group completes them");
	if (load) {
		axe_write_i64(w, plan->bytes_per_copy);
		axe_write_str(w, " per copy");
	}
	axe_write_str(w, "\nalignment: shared buffer ");
	axe_write_i64(w, plan->smem_alignment);
	axe_write_str(w, " bytes");
	if (repeat > 0) {
		axe_write_str(w, " (the swizzle repeats every ");
		axe_write_i64(w, repeat);
		axe_write_str(w, ")");
	}
	axe_write_str(w, ", global base ");
	axe_write_i64(w, plan->global_alignment);
	axe_write_str(w, " bytes\nbox rows: ");
	axe_write_i64(w, plan->box_pitch_bytes);
	axe_write_str(w, " bytes apart in shared memory; shared offsets are before the "
		      "swizzle\n");
}

/* The region's elements outside the tensor: filled with zeros or NaN on a load, skipped on a store. */
static void text_fill(axe_writer *w, const axe_tma_plan *plan)
{
	bool load = plan->direction == AXE_TMA_G2S;

	if (plan->nfilled == 0)
		return;
	axe_write_str(w, "out of bounds: ");
	axe_write_i64(w, plan->filled_elements);
	axe_write_str(w, load ? " elements of the region lie outside the tensor and are "
			 "filled with " : " elements of the region lie outside the tensor and "
			 "are not written");
	if (load)
		axe_write_str(w, plan->params.oob_fill == AXE_TMA_OOB_NAN ? "NaN" : "zeros");
	axe_write_str(w, " (");
	for (size_t i = 0; i < plan->nfilled; i++) {
		axe_write_str(w, i ? "; " : "");
		axe_write_str(w, "dimension ");
		axe_write_i64(w, plan->filled[i].dim);
		axe_write_str(w, " indices ");
		axe_write_i64(w, plan->filled[i].begin);
		axe_write_str(w, ":");
		axe_write_i64(w, plan->filled[i].end);
	}
	axe_write_str(w, ")\n");
}

static void text_loops(axe_writer *w, const axe_tma_plan *plan)
{
	if (plan->nloops == 0)
		return;
	axe_write_str(w, "loops, outermost first:\n");
	for (size_t k = 0; k < plan->nloops; k++) {
		const axe_tma_loop *l = &plan->loop[k];
		axe_write_str(w, "  ");
		axe_write_i64(w, l->extent);
		axe_write_str(w, " x coords +");
		write_i64s(w, l->coord_step, plan->params.rank, false);
		if (axe_tma_plan_moves_base(plan)) {
			axe_write_str(w, ", global +");
			axe_write_i64(w, l->global_step_bytes);
		}
		axe_write_str(w, ", shared +");
		axe_write_i64(w, l->smem_step_bytes);
		axe_write_char(w, '\n');
	}
}

static void text_copies(axe_writer *w, const axe_tma_plan *plan)
{
	axe_tma_copy c;

	axe_write_str(w, "copy list (coordinates innermost first):\n");
	for (int64_t i = 0; i < plan->ncopies && !w->failed; i++) {
		axe_tma_plan_copy(plan, i, &c);
		axe_write_str(w, "  copy ");
		axe_write_i64(w, i);
		axe_write_str(w, ": coords ");
		write_i64s(w, c.coords, plan->params.rank, false);
		if (axe_tma_plan_moves_base(plan)) {
			axe_write_str(w, ", global + ");
			axe_write_i64(w, c.global_offset_bytes);
		}
		axe_write_str(w, ", shared + ");
		axe_write_i64(w, c.smem_offset_bytes);
		axe_write_char(w, '\n');
	}
}

static void json_key(axe_writer *w, const char *key)
{
	axe_write_str(w, ",\"");
	axe_write_str(w, key);
	axe_write_str(w, "\":");
}

static void json_str(axe_writer *w, const char *key, const char *value)
{
	json_key(w, key);
	axe_write_json_string(w, value);
}

static void json_int(axe_writer *w, const char *key, int64_t value)
{
	json_key(w, key);
	axe_write_i64(w, value);
}

static void json_params(axe_writer *w, const axe_tma_params *p)
{
	json_str(w, "dtype", axe_tma_data_type_name(p->dtype));
	json_int(w, "rank", p->rank);
	json_key(w, "globalDim");
	write_u64s(w, p->global_dim, p->rank, true);
	json_key(w, "globalStrides");
	write_u64s(w, p->global_strides, p->rank - 1, true);
	json_key(w, "boxDim");
	write_u32s(w, p->box_dim, p->rank, true);
	json_key(w, "elementStrides");
	write_u32s(w, p->element_strides, p->rank, true);
	json_str(w, "interleave", axe_tma_interleave_name(p->interleave));
	json_str(w, "swizzle", axe_tma_swizzle_name(p->swizzle));
	json_str(w, "l2Promotion", axe_tma_l2_name(p->l2_promotion));
	json_str(w, "oobFill", axe_tma_oob_name(p->oob_fill));
}

static void json_copies(axe_writer *w, const axe_tma_plan *plan)
{
	axe_tma_copy c;

	json_key(w, "copies");
	axe_write_char(w, '[');
	for (int64_t i = 0; i < plan->ncopies && !w->failed; i++) {
		axe_tma_plan_copy(plan, i, &c);
		axe_write_str(w, i ? ",{\"coords\":" : "{\"coords\":");
		write_i64s(w, c.coords, plan->params.rank, true);
		json_int(w, "smem_offset_bytes", c.smem_offset_bytes);
		json_int(w, "global_offset_bytes", c.global_offset_bytes);
		axe_write_char(w, '}');
	}
	axe_write_char(w, ']');
}

/* "out_of_bounds": {"elements": N, "fill": "zero"|"nan"|"none", "ranges": [{"dim", "begin", "end"}]}. */
static void json_fill(axe_writer *w, const axe_tma_plan *plan)
{
	json_key(w, "out_of_bounds");
	axe_write_char(w, '{');
	axe_write_str(w, "\"elements\":");
	axe_write_i64(w, plan->filled_elements);
	json_str(w, "fill", plan->nfilled == 0 || plan->direction == AXE_TMA_S2G ? "none" :
		 plan->params.oob_fill == AXE_TMA_OOB_NAN ? "nan" : "zero");
	json_key(w, "ranges");
	axe_write_char(w, '[');
	for (size_t i = 0; i < plan->nfilled; i++) {
		axe_write_str(w, i ? ",{\"dim\":" : "{\"dim\":");
		axe_write_i64(w, plan->filled[i].dim);
		json_int(w, "begin", plan->filled[i].begin);
		json_int(w, "end", plan->filled[i].end);
		axe_write_char(w, '}');
	}
	axe_write_str(w, "]}");
}

static void json_loops(axe_writer *w, const axe_tma_plan *plan)
{
	json_key(w, "loops");
	axe_write_char(w, '[');
	for (size_t k = 0; k < plan->nloops; k++) {
		const axe_tma_loop *l = &plan->loop[k];
		axe_write_str(w, k ? ",{\"extent\":" : "{\"extent\":");
		axe_write_i64(w, l->extent);
		json_key(w, "coord_step");
		write_i64s(w, l->coord_step, plan->params.rank, true);
		json_int(w, "smem_step_bytes", l->smem_step_bytes);
		json_int(w, "global_step_bytes", l->global_step_bytes);
		axe_write_char(w, '}');
	}
	axe_write_char(w, ']');
}

void axe_print_tma_plan(axe_writer *w, const axe_tma_plan *plan, axe_format format)
{
	if (format == AXE_FORMAT_TEXT) {
		text_params(w, plan);
		text_summary(w, plan);
		text_fill(w, plan);
		text_loops(w, plan);
		text_copies(w, plan);
		return;
	}
	axe_write_str(w, "{\"possible\":true");
	json_params(w, &plan->params);
	json_copies(w, plan);
	json_int(w, "bytes_per_copy", plan->bytes_per_copy);
	json_str(w, "direction", plan->direction == AXE_TMA_G2S ? "g2s" : "s2g");
	json_int(w, "total_bytes", plan->total_bytes);
	json_int(w, "box_pitch_bytes", plan->box_pitch_bytes);
	json_int(w, "smem_alignment_bytes", plan->smem_alignment);
	json_int(w, "global_alignment_bytes", plan->global_alignment);
	json_fill(w, plan);
	json_loops(w, plan);
	axe_write_str(w, "}\n");
}

void axe_print_tma_refusal(axe_writer *w, const axe_tma_refusal *why, axe_format format)
{
	if (format == AXE_FORMAT_JSON) {
		axe_write_str(w, "{\"possible\":false");
		json_str(w, "rule", why->rule);
		json_str(w, "reason", why->reason);
		json_str(w, "fix", why->fix);
		json_str(w, "tried", why->tried);
		axe_write_str(w, "}\n");
		return;
	}
	axe_write_str(w, "no TMA plan (");
	axe_write_str(w, why->rule);
	axe_write_str(w, "): ");
	axe_write_str(w, why->reason);
	axe_write_str(w, "\nfix: ");
	axe_write_str(w, why->fix);
	axe_write_char(w, '\n');
	if (why->tried[0]) {
		axe_write_str(w, "tried: ");
		axe_write_str(w, why->tried);
		axe_write_char(w, '\n');
	}
}
