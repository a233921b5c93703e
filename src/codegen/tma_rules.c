/*
 * tma_rules.c: the rules a TMA copy must meet, each refused with the rule's
 * name, the numbers that break it and a fix.  The tensor-map rules are those
 * of cuTensorMapEncodeTiled in the CUDA driver API reference (tiled maps);
 * the address rules are cp.async.bulk.tensor's and the CUDA programming
 * guide's table of swizzle requirements (shared address 128-byte aligned,
 * buffer aligned to the swizzle repeat).  The global address rule is the
 * driver's: "globalAddress ... must be 32 byte aligned when interleave is
 * CU_TENSOR_MAP_INTERLEAVE_32B and 16 byte aligned otherwise" (CUDA driver
 * API, cuTensorMapEncodeTiled; the same words are NVIDIA nvFuser's runtime
 * check); no primary source asks 128 bytes under a swizzle.  Nor does the
 * driver ask the strides to grow or to nest: its padding formula is an
 * example, and FlashAttention-3's maps over [batch, seq, heads, dim] run
 * with decreasing strides, so dimensions may alias.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../core/dtype.h"
#include "tma_private.h"

#define MAX_GLOBAL_DIM (UINT64_C(1) << 32)
#define MAX_GLOBAL_STRIDE (UINT64_C(1) << 40) /* exclusive */
#define MAX_BOX_DIM 256
#define MAX_ELEMENT_STRIDE 8
#define MAX_COORD INT64_C(2147483647) /* coordinates are signed 32-bit operands */

int axe_tma_refuse(axe_tma_refusal *why, const char *rule, const char *fmt, ...)
{
	va_list ap;

	if (!why)
		return 0;
	snprintf(why->rule, sizeof(why->rule), "%s", rule);
	va_start(ap, fmt);
	vsnprintf(why->reason, sizeof(why->reason), fmt, ap);
	va_end(ap);
	why->fix[0] = '\0';
	return 0;
}

int axe_tma_fix(axe_tma_refusal *why, const char *fmt, ...)
{
	va_list ap;

	if (!why)
		return 0;
	va_start(ap, fmt);
	vsnprintf(why->fix, sizeof(why->fix), fmt, ap);
	va_end(ap);
	return 0;
}

int64_t axe_tma_elem_bytes(int dtype)
{
	const axe_dtype_info *info = axe_dtype_get(dtype);

	return info ? info->bits / 8 : 0;
}

/* The rank rules: 1..5, and 3..5 with an interleave. */
static int check_rank(const axe_tma_params *p, axe_tma_refusal *why)
{
	if (p->rank < 1 || p->rank > AXE_TMA_MAX_RANK) {
		axe_tma_refuse(why, "tensorRank 1..5", "the box has %d dimensions; a tensor map "
			       "has 1 to %d", p->rank, AXE_TMA_MAX_RANK);
		return axe_tma_fix(why, "give --box at most %d extents, or leave it out: the "
				   "planner copies the other dimensions in loops", AXE_TMA_MAX_RANK);
	}
	if (p->interleave != AXE_TMA_INTERLEAVE_NONE && p->rank < 3) {
		axe_tma_refuse(why, "tensorRank >= 3 with an interleave", "%s needs rank 3 to 5, "
			       "not %d", axe_tma_interleave_name(p->interleave), p->rank);
		return axe_tma_fix(why, "use interleave none");
	}
	return 1;
}

/* globalDim 1..2^32. */
static int check_dims(const axe_tma_params *p, axe_tma_refusal *why)
{
	for (int d = 0; d < p->rank; d++)
		if (p->global_dim[d] < 1 || p->global_dim[d] > MAX_GLOBAL_DIM) {
			axe_tma_refuse(why, "globalDim 1..2^32", "globalDim[%d] is %llu", d,
				       (unsigned long long)p->global_dim[d]);
			return axe_tma_fix(why, "split that dimension of the global layout in two");
		}
	return 1;
}

/* The fix for a stride "bytes" that is not a multiple of "align": pad it. */
static int fix_stride(const axe_tma_params *p, int i, uint64_t bytes, uint64_t align,
		      axe_tma_refusal *why)
{
	int64_t elem = axe_tma_elem_bytes(p->dtype);
	uint64_t padded = (bytes + align - 1) / align * align;

	if (elem > 0 && padded % (uint64_t)elem == 0)
		return axe_tma_fix(why, "pad dimension %d of the global tensor to %llu bytes "
				   "(%llu elements) per step, so that every step starts "
				   "%llu-byte aligned", i + 1, (unsigned long long)padded,
				   (unsigned long long)(padded / (uint64_t)elem),
				   (unsigned long long)align);
	return axe_tma_fix(why, "pad dimension %d of the global tensor to %llu bytes per step",
			   i + 1, (unsigned long long)padded);
}

/* globalStrides: a multiple of 16 (32 with the 32B interleave) and below 2^40. */
static int check_strides(const axe_tma_params *p, axe_tma_refusal *why)
{
	uint64_t align = p->interleave == AXE_TMA_INTERLEAVE_32B ? 32 : 16;

	for (int i = 0; i + 1 < p->rank; i++) {
		uint64_t s = p->global_strides[i];
		if (s % align != 0) {
			axe_tma_refuse(why, align == 16 ? "globalStrides multiple of 16" :
				       "globalStrides multiple of 32 with the 32B interleave",
				       "globalStrides[%d] (dimension %d) is %llu bytes, not a "
				       "multiple of %llu", i, i + 1, (unsigned long long)s,
				       (unsigned long long)align);
			return fix_stride(p, i, s, align, why);
		}
		if (s >= MAX_GLOBAL_STRIDE) {
			axe_tma_refuse(why, "globalStrides below 2^40", "globalStrides[%d] is %llu "
				       "bytes", i, (unsigned long long)s);
			return axe_tma_fix(why, "split the tensor into several maps, each with its "
					   "own global address");
		}
	}
	return 1;
}

/* boxDim 1..256; elementStrides 1..8. */
static int check_box(const axe_tma_params *p, axe_tma_refusal *why)
{
	for (int d = 0; d < p->rank; d++) {
		if (p->box_dim[d] < 1 || p->box_dim[d] > MAX_BOX_DIM) {
			axe_tma_refuse(why, "boxDim 1..256", "boxDim[%d] is %u", d, p->box_dim[d]);
			return axe_tma_fix(why, "a box holds 1 to 256 elements per dimension: give "
					   "--box at most 256 there, or leave --box out and the "
					   "planner splits the dimension (one more tensor dimension, "
					   "or several copies)");
		}
		if (p->element_strides[d] < 1 || p->element_strides[d] > MAX_ELEMENT_STRIDE) {
			axe_tma_refuse(why, "elementStrides 1..8", "elementStrides[%d] is %u", d,
				       p->element_strides[d]);
			return axe_tma_fix(why, "use element strides of 1 to 8");
		}
	}
	return 1;
}

/*
 * The inner box dimension (interleave none): a multiple of 16 bytes, and
 * at most the swizzle span.
 */
static int check_inner(const axe_tma_params *p, axe_tma_refusal *why)
{
	int64_t elem = axe_tma_elem_bytes(p->dtype);
	int64_t bytes = (int64_t)p->box_dim[0] * elem, span = axe_tma_swizzle_span(p->swizzle);

	if (p->interleave != AXE_TMA_INTERLEAVE_NONE)
		return 1;
	if (bytes % 16 != 0) {
		axe_tma_refuse(why, "inner box bytes multiple of 16", "boxDim[0] is %u elements "
			       "of %lld bytes = %lld bytes, not a multiple of 16", p->box_dim[0],
			       (long long)elem, (long long)bytes);
		return axe_tma_fix(why, "copy a multiple of %lld elements (16 bytes) along the "
				   "contiguous dimension", (long long)(16 / elem));
	}
	if (span > 0 && bytes > span) {
		axe_tma_refuse(why, "inner box bytes within the swizzle span", "boxDim[0] is %u "
			       "elements of %lld bytes = %lld bytes, more than the %lld-byte span "
			       "of %s", p->box_dim[0], (long long)elem, (long long)bytes,
			       (long long)span, axe_tma_swizzle_name(p->swizzle));
		return axe_tma_fix(why, "at most %lld elements along dimension 0: leave out "
				   "--box and the planner splits the rows into one more "
				   "dimension ({%lld, %lld, ...}) or several copies",
				   (long long)(span / elem), (long long)(span / elem),
				   (long long)(bytes / span));
	}
	return 1;
}

/* Interleave/swizzle pairing, and the NaN fill's data types. */
static int check_modes(const axe_tma_params *p, axe_tma_refusal *why)
{
	const char *type = axe_tma_data_type_name(p->dtype);

	if (p->interleave == AXE_TMA_INTERLEAVE_32B && p->swizzle != AXE_TMA_SWIZZLE_32B) {
		axe_tma_refuse(why, "interleave 32B needs swizzle 32B", "%s is paired with %s",
			       axe_tma_interleave_name(p->interleave),
			       axe_tma_swizzle_name(p->swizzle));
		return axe_tma_fix(why, "use %s, or another interleave",
				   axe_tma_swizzle_name(AXE_TMA_SWIZZLE_32B));
	}
	/* FLOAT16, BFLOAT16, FLOAT32(_FTZ), FLOAT64, TFLOAT32(_FTZ): the float types. */
	if (p->oob_fill == AXE_TMA_OOB_NAN && (!type || !strstr(type, "FLOAT"))) {
		const axe_dtype_info *info = axe_dtype_get(p->dtype);
		axe_tma_refuse(why, "NaN fill only for floating-point types", "%s needs a "
			       "floating-point tensorDataType, and %s (%s) is not one",
			       axe_tma_oob_name(p->oob_fill), info ? info->name : "?",
			       type ? type : "no tensor-map type");
		return axe_tma_fix(why, "use --oob-fill zero (%s fills with zeros)",
				   axe_tma_oob_name(AXE_TMA_OOB_ZERO));
	}
	return 1;
}

int axe_tma_params_check(const axe_tma_params *p, axe_tma_refusal *why)
{
	if (!axe_tma_data_type_name(p->dtype))
		return axe_tma_refuse(why, "tensorDataType", "the element type has no "
				      "tensor-map data type");
	return check_rank(p, why) && check_dims(p, why) && check_strides(p, why) &&
	       check_box(p, why) && check_inner(p, why) && check_modes(p, why);
}

/* The index of the copy that first takes step "k" of the loops: the product of the inner extents. */
static int64_t first_copy_of_loop(const axe_tma_plan *plan, size_t k)
{
	int64_t index = 1;

	for (size_t j = k + 1; j < plan->nloops; j++)
		index *= plan->loop[j].extent;
	return index;
}

/*
 * Every copy writes (or reads) shared memory inside the buffer (the loops
 * step forward), at a 128-byte aligned address.
 */
static int check_smem(const axe_tma_plan *plan, axe_tma_refusal *why)
{
	if (plan->first.smem_offset_bytes < 0) {
		axe_tma_refuse(why, "shared address inside the buffer", "the shared region starts "
			       "%lld bytes before the shared buffer's base",
			       (long long)-plan->first.smem_offset_bytes);
		return axe_tma_fix(why, "give the shared layout offsets from the buffer's base, "
				   "0 or more");
	}
	if (plan->first.smem_offset_bytes % 128 != 0) {
		axe_tma_refuse(why, "shared address 128-byte aligned", "the shared region starts "
			       "%lld bytes into the shared buffer, not a multiple of 128",
			       (long long)plan->first.smem_offset_bytes);
		return axe_tma_fix(why, "start the shared region at a multiple of 128 bytes");
	}
	for (size_t k = 0; k < plan->nloops; k++) {
		int64_t step = plan->loop[k].smem_step_bytes;
		if (step % 128 == 0)
			continue;
		axe_tma_refuse(why, "shared address 128-byte aligned", "copy %lld lands %lld bytes "
			       "into the shared buffer, not a multiple of 128: the copies are %lld "
			       "bytes apart", (long long)first_copy_of_loop(plan, k),
			       (long long)(plan->first.smem_offset_bytes + step), (long long)step);
		return axe_tma_fix(why, "lay the shared tile out so that each box (%lld bytes) "
				   "starts on a 128-byte boundary, or copy whole rows of the box "
				   "at once", (long long)plan->bytes_per_copy);
	}
	return 1;
}

/* The map's global address, for every copy, is 16-byte aligned (32 with the 32B interleave). */
static int check_global(const axe_tma_plan *plan, axe_tma_refusal *why)
{
	int64_t align = plan->global_alignment;
	int64_t bad = -1, at = 0;

	if (plan->first.global_offset_bytes % align != 0)
		bad = 0, at = plan->first.global_offset_bytes;
	for (size_t k = 0; bad < 0 && k < plan->nloops; k++)
		if (plan->loop[k].global_step_bytes % align != 0)
			bad = first_copy_of_loop(plan, k),
			at = plan->first.global_offset_bytes + plan->loop[k].global_step_bytes;
	if (bad < 0)
		return 1;
	axe_tma_refuse(why, align == 16 ? "global address 16-byte aligned" :
		       "global address 32-byte aligned with the 32B interleave", "copy %lld needs the "
		       "tensor map at the global base + %lld bytes, not a multiple of %lld",
		       (long long)bad, (long long)at, (long long)align);
	return axe_tma_fix(why, "start the global region (and every dimension the map cannot "
			   "hold) at a multiple of %lld bytes", (long long)align);
}

/* Coordinates are signed 32-bit: the last copy's must fit. */
static int check_coords(const axe_tma_plan *plan, axe_tma_refusal *why)
{
	for (int d = 0; d < plan->params.rank; d++) {
		int64_t c = plan->first.coords[d];
		for (size_t k = 0; k < plan->nloops; k++)
			c += (plan->loop[k].extent - 1) * plan->loop[k].coord_step[d];
		if (c > MAX_COORD) {
			axe_tma_refuse(why, "coordinates fit in 32 bits", "a copy starts at "
				       "coordinate %lld of dimension %d, above 2^31 - 1",
				       (long long)c, d);
			return axe_tma_fix(why, "move the global base address closer to the "
					   "region");
		}
	}
	return 1;
}

int axe_tma_plan_check(const axe_tma_plan *plan, axe_tma_refusal *why)
{
	return check_smem(plan, why) && check_global(plan, why) && check_coords(plan, why);
}
