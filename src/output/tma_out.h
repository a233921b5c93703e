/*
 * tma_out.h: text and JSON for `emit-tma` (axe-layout(1), the --json options).
 *
 * Text: the cuTensorMapEncodeTiled arguments as C assignments (arrays
 * innermost first), then the copies: their count, bytes, the shared buffer's
 * alignment, the loops and each copy's coordinates and offsets.  JSON: one
 * object with the keys axe-layout(1) lists (dtype, rank, globalDim, globalStrides, boxDim,
 * elementStrides, interleave, swizzle, l2Promotion, oobFill, copies with
 * coords and smem_offset_bytes, bytes_per_copy) and the extras possible,
 * direction, total_bytes, box_pitch_bytes, smem_alignment_bytes,
 * global_alignment_bytes, loops, and global_offset_bytes per copy.  A copy
 * the hardware cannot do prints "no TMA plan (RULE): REASON" and "fix: FIX",
 * or {"possible":false,"rule":...,"reason":...,"fix":...}.
 */
#ifndef AXE_OUTPUT_TMA_OUT_H
#define AXE_OUTPUT_TMA_OUT_H

#include <stdbool.h>

#include "../codegen/tma.h"
#include "eval_out.h"
#include "writer.h"

void axe_print_tma_plan(axe_writer *w, const axe_tma_plan *plan, axe_format format);
void axe_print_tma_refusal(axe_writer *w, const axe_tma_refusal *why, axe_format format);

#endif
