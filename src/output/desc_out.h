/*
 * desc_out.h: text and JSON for `emit-desc` (man page, emit-desc).
 *
 * Text: the descriptor of K block 0 in hex, its fields (start address, LBO,
 * SBO in 16-byte units and bytes, base offset, layout type, and for tcgen05
 * the version and the LBO mode), the tile and its K blocks, the canonical
 * form matched, and a C++ initializer of every K block's descriptor.  JSON:
 * {"canonical":true,"mma","operand","major","swizzle","descriptor",
 * "fields":{...},"lbo_bytes","sbo_bytes","k_block","k_blocks":[{"start_bytes",
 * "descriptor"}],"form","cpp"}.  A layout that is not canonical prints "not a
 * canonical operand layout (MODE): REASON" and "nearest: LAYOUT", or
 * {"canonical":false,"mode","reason","nearest"}.
 */
#ifndef AXE_OUTPUT_DESC_OUT_H
#define AXE_OUTPUT_DESC_OUT_H

#include <stdbool.h>

#include "../codegen/mma_desc.h"
#include "eval_out.h"
#include "writer.h"

/*
 * Print the answer of axe_mma_desc_build that returned "r" (1 or 0) for
 * "req": the descriptor, or why the layout is not canonical.
 */
void axe_print_desc(axe_writer *w, int r, const axe_mma_desc_request *req,
		    const axe_mma_desc *desc, const axe_mma_refusal *why, axe_format format);

#endif
