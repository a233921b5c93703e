/*
 * trainium_out.h: text and JSON for `emit-trainium` (axe-layout(1), the
 * --json options): the Tensor Engine plan of codegen/trainium.h with the index math of
 * codegen/nki.h and how each operand's was proved, or why the matmul cannot
 * be planned.
 *
 * JSON: {"instruction":{"K":..,"M":..,"N":..},"trips":{"M":..,"N":..,"K":..},
 * "matmuls":..,"accumulation_groups":..,"swapped":..} then the extras
 * "live_groups", "c_buffer" ("psum" or "sbuf"), "last_tile" (per dimension:
 * the size of its last tile, smaller than the instruction's when ragged),
 * "loops" ([{"var","dim","trips"}], outermost first), "sbuf_bytes" (per
 * partition), "proved" (all three operands) and "proofs" (per operand: how,
 * or why not).  A refusal is {"instruction":null,"reason":"..."}.
 */
#ifndef AXE_OUTPUT_TRAINIUM_OUT_H
#define AXE_OUTPUT_TRAINIUM_OUT_H

#include "../codegen/nki.h"
#include "eval_out.h"
#include "writer.h"

/* The plan "plan" of "req" with the index math and proofs of "k". */
void axe_print_trainium(axe_writer *w, const axe_trn_request *req, const axe_trn_plan *plan,
			const axe_nki_kernel *k, axe_format format);

/* Why the matmul cannot be planned: "cannot plan the matmul: REASON". */
void axe_print_trainium_refusal(axe_writer *w, const axe_reason *why, axe_format format);

#endif
