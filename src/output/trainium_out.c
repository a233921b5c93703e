/*
 * trainium_out.c: formats the Trainium plan and its index math (see
 * trainium_out.h).  Computes nothing.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../core/dtype.h"
#include "trainium_out.h"

static const enum axe_trn_dim trips_order[AXE_TRN_NDIMS] = { AXE_TRN_M, AXE_TRN_N, AXE_TRN_K };

/* "A:           S[...] on (512, 256), bf16 in SBUF" for each operand. */
static void text_operands(axe_writer *w, const axe_trn_request *req, const axe_trn_plan *plan)
{
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++) {
		char *text = axe_layout_to_string(req->layout[op]);
		axe_write_fmt(w, "%s:           %s on (%lld, %lld), %s in %s\n",
			      axe_trn_operand_name(op), text ? text : "?",
			      (long long)req->shape[op].dim[0], (long long)req->shape[op].dim[1],
			      axe_dtype_get(op == AXE_TRN_C ? plan->c_dtype : plan->dtype)->name,
			      op == AXE_TRN_C ? axe_trn_buffer_name(plan->c_buffer) : "SBUF");
		free(text);
	}
}

/* The instruction, the roles, trips, matmuls and groups, SBUF use. */
static void text_summary(axe_writer *w, const axe_trn_plan *plan)
{
	int s = axe_trn_stationary_dim(plan);
	char instr[160];

	axe_trn_instruction_text(plan, instr, sizeof(instr));
	axe_write_fmt(w, "instruction: %s\n", instr);
	axe_write_fmt(w, "roles:       %s stationary, %s moving (C has %s on partitions%s)\n",
		      plan->swapped ? "B" : "A", plan->swapped ? "A" : "B", axe_trn_dim_name(s),
		      plan->swapped ? ": the roles swap" : "");
	axe_write_str(w, "trips:       ");
	for (int i = 0; i < AXE_TRN_NDIMS; i++) {
		int d = trips_order[i];
		axe_write_fmt(w, "%s%s=%lld", i ? ", " : "", axe_trn_dim_name(d),
			      (long long)plan->trips[d]);
		if (plan->tile[d].last != plan->tile[d].size)
			axe_write_fmt(w, " (last tile %lld)", (long long)plan->tile[d].last);
	}
	axe_write_fmt(w, "\nmatmuls:     %lld in %lld accumulation group%s, ",
		      (long long)plan->matmuls, (long long)plan->groups,
		      plan->groups == 1 ? "" : "s");
	if (plan->c_buffer == AXE_TRN_PSUM)
		axe_write_fmt(w, "%lld live in PSUM (at most %lld)\n",
			      (long long)plan->live_groups, (long long)axe_trn_banks());
	else
		axe_write_str(w, "one live at a time in a PSUM workspace\n");
	axe_write_fmt(w, "SBUF:        %lld of %d bytes per partition\n",
		      (long long)plan->sbuf_bytes, AXE_TRN_SBUF_BYTES);
}

/* Per dimension, the instruction's run in each holder: "128:1@P in A, 128:1@P in B". */
static void text_tiles(axe_writer *w, const axe_trn_plan *plan)
{
	axe_write_str(w, "tiles:\n");
	for (int d = 0; d < AXE_TRN_NDIMS; d++) {
		const axe_trn_tile *t = &plan->tile[d];
		axe_write_fmt(w, "  %s  ", axe_trn_dim_name(d));
		for (int h = 0; h < 2; h++)
			axe_write_fmt(w, "%s%lld:%lld@%s in %s", h ? ", " : "", (long long)t->size,
				      (long long)t->stride[h], axe_trn_axis_name(t->axis[h]),
				      axe_trn_operand_name(axe_trn_holder(d, h)));
		axe_write_char(w, '\n');
	}
}

static void text_loops(axe_writer *w, const axe_trn_plan *plan)
{
	axe_write_str(w, "loops, outermost first:\n");
	if (plan->nloops == 0)
		axe_write_str(w, "  none: one instruction\n");
	for (size_t i = 0; i < plan->nloops; i++) {
		const axe_trn_loop *lp = &plan->loop[i];
		axe_write_fmt(w, "  %s < %lld  %s  ", lp->var, (long long)lp->trips,
			      axe_trn_dim_name(lp->dim));
		for (int h = 0; h < 2; h++)
			axe_write_fmt(w, "%s%lld:%lld@%s in %s", h ? ", " : "",
				      (long long)lp->trips, (long long)lp->stride[h],
				      axe_trn_axis_name(lp->axis[h]),
				      axe_trn_operand_name(axe_trn_holder(lp->dim, h)));
		if (lp->ragged)
			axe_write_fmt(w, " (last tile %lld)", (long long)plan->tile[lp->dim].last);
		if (lp->dim == AXE_TRN_K)
			axe_write_str(w, " (accumulates)");
		axe_write_char(w, '\n');
	}
}

/* "A  a[128*k0, 128*m0] at P 0, F 256*k0 + 128*m0", then how it was proved. */
static void text_index(axe_writer *w, const axe_nki_kernel *k)
{
	static const char *const hbm[AXE_TRN_NOPERANDS] = { "a", "b", "c" };

	axe_write_str(w, "index math (tile starts, Python):\n");
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++) {
		const axe_nki_access *acc = &k->access[op];
		bool first = true;
		axe_write_fmt(w, "  %s  %s[%s, %s] at ", axe_trn_operand_name(op), hbm[op],
			      acc->logical[0].text, acc->logical[1].text);
		for (int a = 0; a < AXE_TRN_NAXES; a++)
			if (acc->phys[a].text) {
				axe_write_fmt(w, "%s%s %s", first ? "" : ", ",
					      axe_trn_axis_name(a), acc->phys[a].text);
				first = false;
			}
		axe_write_fmt(w, "\n     %s: %s\n",
			      acc->proof.verdict == AXE_VERDICT_TRUE    ? "proved"
			      : acc->proof.verdict == AXE_VERDICT_FALSE ? "WRONG"
									: "not proved",
			      acc->proof.how);
	}
}

/* {"K":128,"M":128,"N":512} of "v" (per dimension) in the order "order". */
static void json_dims(axe_writer *w, const int64_t *v, const enum axe_trn_dim *order)
{
	axe_write_char(w, '{');
	for (int i = 0; i < AXE_TRN_NDIMS; i++)
		axe_write_fmt(w, "%s\"%s\":%lld", i ? "," : "", axe_trn_dim_name(order[i]),
			      (long long)v[order[i]]);
	axe_write_char(w, '}');
}

static void print_json(axe_writer *w, const axe_trn_plan *plan, const axe_nki_kernel *k)
{
	static const enum axe_trn_dim kmn[AXE_TRN_NDIMS] = { AXE_TRN_K, AXE_TRN_M, AXE_TRN_N };
	int64_t size[AXE_TRN_NDIMS], last[AXE_TRN_NDIMS];
	enum axe_trn_operand bad;

	for (int d = 0; d < AXE_TRN_NDIMS; d++) {
		size[d] = plan->tile[d].size;
		last[d] = plan->tile[d].last;
	}
	axe_write_str(w, "{\"instruction\":");
	json_dims(w, size, kmn);
	axe_write_str(w, ",\"trips\":");
	json_dims(w, plan->trips, trips_order);
	axe_write_fmt(w, ",\"matmuls\":%lld,\"accumulation_groups\":%lld,\"swapped\":%s,"
		      "\"live_groups\":%lld,\"c_buffer\":\"%s\",\"last_tile\":",
		      (long long)plan->matmuls, (long long)plan->groups,
		      plan->swapped ? "true" : "false", (long long)plan->live_groups,
		      plan->c_buffer == AXE_TRN_PSUM ? "psum" : "sbuf");
	json_dims(w, last, kmn);
	axe_write_str(w, ",\"loops\":[");
	for (size_t i = 0; i < plan->nloops; i++)
		axe_write_fmt(w, "%s{\"var\":\"%s\",\"dim\":\"%s\",\"trips\":%lld}", i ? "," : "",
			      plan->loop[i].var, axe_trn_dim_name(plan->loop[i].dim),
			      (long long)plan->loop[i].trips);
	axe_write_fmt(w, "],\"sbuf_bytes\":%lld,\"proved\":%s,\"proofs\":{",
		      (long long)plan->sbuf_bytes,
		      axe_nki_kernel_verdict(k, &bad) == AXE_VERDICT_TRUE ? "true" : "false");
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++) {
		axe_write_fmt(w, "%s\"%s\":", op ? "," : "", axe_trn_operand_name(op));
		axe_write_json_string(w, k->access[op].proof.how);
	}
	axe_write_str(w, "}}\n");
}

void axe_print_trainium(axe_writer *w, const axe_trn_request *req, const axe_trn_plan *plan,
			const axe_nki_kernel *k, axe_format format)
{
	if (format == AXE_FORMAT_JSON) {
		print_json(w, plan, k);
		return;
	}
	text_operands(w, req, plan);
	text_summary(w, plan);
	text_tiles(w, plan);
	text_loops(w, plan);
	text_index(w, k);
}

void axe_print_trainium_refusal(axe_writer *w, const axe_reason *why, axe_format format)
{
	if (format == AXE_FORMAT_JSON) {
		axe_write_str(w, "{\"instruction\":null,\"reason\":");
		axe_write_json_string(w, why->text);
		axe_write_str(w, "}\n");
		return;
	}
	axe_write_fmt(w, "cannot plan the matmul: %s\n", why->text);
}
