/*
 * sro_reasons.h: why an operation needs a layout in S/R/O form, in the
 * words its refusal of an `expr:` layout gives: the commands (api/) and the
 * spec checks (check/) say the same.
 */
#ifndef AXE_CORE_SRO_REASONS_H
#define AXE_CORE_SRO_REASONS_H

#define AXE_SRO_FOR_ALGEBRA "the algebra (group, tile, tile-of, slice, dsum) rewrites the " \
			    "iters of the shard, the replica and the offset"
#define AXE_SRO_FOR_TMA "a tensor map describes each side by strides over a box and a " \
			"swizzle mode, which the planner reads from S/R/O iters"
#define AXE_SRO_FOR_COPY "a copy kernel's vectors and atoms are planned from S/R/O iters " \
			 "(strides and the swizzle), which an expr: layout has not"
#define AXE_SRO_FOR_DESC "a matrix descriptor gives the tile by its strides (LBO, SBO) and " \
			 "a swizzle mode, read from S/R/O iters"
#define AXE_SRO_FOR_TRAINIUM "the matmul plan refines and fuses the operands' iters on " \
			     "partitions and the free axis (Appendix H)"

#endif
