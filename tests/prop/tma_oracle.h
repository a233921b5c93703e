/*
 * tma_oracle.h: the TMA footprint oracle shared by tests/unit/test_tma.c and
 * tests/prop/prop_tma.c.  It knows nothing of the planner: it performs the
 * copies a plan lists, element by element, as the hardware would (the box
 * dense in dimension order, rows a swizzle span apart under a swizzle, the
 * 16-byte chunks of each shared byte address XORed with bits 7.. of it,
 * coordinates outside globalDim filled), and compares shared memory with
 * the two layouts evaluated directly through core/eval.h: every region
 * element where the shared layout (with its swizzle) puts it, from where the
 * global layout says (or filled past the tensor's end), nothing else
 * written.  It also checks the driver's and the copy instruction's rules on
 * its own (CUDA driver API, cuTensorMapEncodeTiled; PTX ISA,
 * cp.async.bulk.tensor; CUDA programming guide, the TMA swizzle table).
 */
#ifndef AXE_TESTS_PROP_TMA_ORACLE_H
#define AXE_TESTS_PROP_TMA_ORACLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/tma.h"
#include "core/dtype.h"
#include "core/eval.h"

#define TMA_ORACLE_FILLED (-2) /* a slot the copy filled: its coordinates left the tensor */

/* The layouts' answer: per region element (row-major), its shared and global m. */
typedef struct tma_expect {
	int64_t n, top, filled;
	int64_t *saddr, *gaddr; /* gaddr TMA_ORACLE_FILLED past the tensor's end */
} tma_expect;

/* The m value of "L" (swizzle applied) at each element of "region", row-major; -1 on an error. */
static inline int64_t *tma_oracle_addresses(const axe_layout *L, const axe_shape *shape,
					    const axe_tma_region *region, int64_t *count)
{
	axe_evaluator ev;
	axe_error err;
	int64_t n = 1, coord[AXE_MAX_RANK], base[AXE_MAX_AXES], image[AXE_MAX_AXES], flat;
	int64_t *out;

	axe_error_init(&err);
	if (axe_evaluator_init(&ev, L, shape, &err) != 0)
		return NULL;
	for (size_t d = 0; d < region->rank; d++)
		n *= region->end[d] - region->begin[d];
	out = malloc((size_t)n * sizeof(int64_t));
	for (int64_t i = 0; out && i < n; i++) {
		int64_t rest = i;
		bool outside = false;
		for (size_t d = region->rank; d-- > 0;) {
			int64_t e = region->end[d] - region->begin[d];
			coord[d] = region->begin[d] + rest % e;
			rest /= e;
			outside |= coord[d] >= shape->dim[d];
		}
		if (outside) {
			out[i] = TMA_ORACLE_FILLED;
			continue;
		}
		if (axe_evaluator_flatten(&ev, coord, &flat, &err) != 0) {
			free(out);
			out = NULL;
			break;
		}
		axe_evaluator_base(&ev, flat, base);
		axe_evaluator_images(&ev, base, false, image);
		out[i] = image[ev.m_axis];
	}
	axe_evaluator_release(&ev);
	*count = n;
	return out;
}

/* Evaluate both layouts over their regions: 0, or -1 when they do not evaluate or differ in size. */
static inline int tma_expect_init(tma_expect *x, const axe_layout *global, const axe_shape *gshape,
				  const axe_tma_region *greg, const axe_layout *smem,
				  const axe_shape *sshape, const axe_tma_region *sreg)
{
	int64_t ng = 0;

	memset(x, 0, sizeof(*x));
	x->saddr = tma_oracle_addresses(smem, sshape, sreg, &x->n);
	x->gaddr = tma_oracle_addresses(global, gshape, greg, &ng);
	if (!x->saddr || !x->gaddr || ng != x->n)
		return -1;
	for (int64_t i = 0; i < x->n; i++) {
		x->top = x->saddr[i] > x->top ? x->saddr[i] : x->top;
		x->filled += x->gaddr[i] == TMA_ORACLE_FILLED;
	}
	return 0;
}

static inline void tma_expect_release(tma_expect *x)
{
	free(x->saddr);
	free(x->gaddr);
}

/* The hardware swizzle of byte address "a": bits 4.. XOR bits 7.. ("bits" of them). */
static inline int64_t tma_oracle_swizzle(int64_t a, int bits)
{
	int64_t mask = (INT64_C(1) << bits) - 1;

	return a ^ (((a >> 7) & mask) << 4);
}

/*
 * The rules on their own: tensorRank 1..5, globalDim 1..2^32, globalStrides
 * multiples of 16 below 2^40, boxDim 1..256, elementStrides 1, inner box
 * bytes a multiple of 16 within the swizzle span, global address 16-byte
 * aligned, shared address 128-byte aligned, coordinates signed 32-bit.
 * NULL when they hold, else the rule that fails.
 */
static inline const char *tma_oracle_rules(const axe_tma_plan *plan)
{
	const axe_tma_params *P = &plan->params;
	int64_t elem = axe_dtype_get(P->dtype)->bits / 8, span = P->swizzle ? 16 << P->swizzle : 0;

	if (P->rank < 1 || P->rank > 5)
		return "tensorRank";
	for (int d = 0; d < P->rank; d++) {
		if (P->global_dim[d] < 1 || P->global_dim[d] > (UINT64_C(1) << 32))
			return "globalDim";
		if (P->box_dim[d] < 1 || P->box_dim[d] > 256)
			return "boxDim";
		if (P->element_strides[d] != 1)
			return "elementStrides";
		if (d > 0 && (P->global_strides[d - 1] % 16 != 0 ||
			      P->global_strides[d - 1] >= (UINT64_C(1) << 40)))
			return "globalStrides";
	}
	if ((P->box_dim[0] * elem) % 16 != 0 || (span && P->box_dim[0] * elem > span))
		return "inner box bytes";
	for (int64_t k = 0; k < plan->ncopies; k++) {
		axe_tma_copy c;
		axe_tma_plan_copy(plan, k, &c);
		if (c.global_offset_bytes % 16 != 0)
			return "global address";
		if (c.smem_offset_bytes < 0 || c.smem_offset_bytes % 128 != 0)
			return "shared address";
		for (int d = 0; d < P->rank; d++)
			if (c.coords[d] < INT32_MIN || c.coords[d] > INT32_MAX)
				return "coordinates";
	}
	return NULL;
}

/* Write one box element into "slot" at unswizzled shared byte "byte"; false when it collides. */
static inline bool tma_oracle_put(int64_t *slot, int64_t nslots, const axe_tma_plan *plan,
				  int64_t elem, int64_t byte, int64_t g)
{
	int64_t addr = tma_oracle_swizzle(byte, (int)plan->params.swizzle);

	if (addr < 0 || addr % elem != 0 || addr / elem >= nslots || slot[addr / elem] != -1)
		return false;
	slot[addr / elem] = g;
	return true;
}

/* Perform copy "c" into "slot"; false (with "msg") when a write leaves the picture or collides. */
static inline bool tma_oracle_perform(int64_t *slot, int64_t nslots, const axe_tma_plan *plan,
				      const axe_tma_copy *c, char *msg, size_t size)
{
	const axe_tma_params *P = &plan->params;
	int64_t elem = axe_dtype_get(P->dtype)->bits / 8, box = 1, stride[5], idx[5];
	int64_t span = P->swizzle ? 16 << P->swizzle : 0;
	int64_t pitch = span ? span : (int64_t)P->box_dim[0] * elem;

	stride[0] = 1;
	for (int d = 1; d < P->rank; d++)
		stride[d] = (int64_t)P->global_strides[d - 1] / elem;
	for (int d = 0; d < P->rank; d++)
		box *= P->box_dim[d];
	for (int64_t i = 0; i < box; i++) {
		int64_t rest = i, g = c->global_offset_bytes / elem, row = 0, rows = 1;
		bool outside = false;
		for (int d = 0; d < P->rank; d++) {
			idx[d] = rest % P->box_dim[d];
			rest /= P->box_dim[d];
			outside |= c->coords[d] + idx[d] < 0 ||
				   c->coords[d] + idx[d] >= (int64_t)P->global_dim[d];
			g += (c->coords[d] + idx[d]) * stride[d];
		}
		for (int d = 1; d < P->rank; d++) {
			row += idx[d] * rows;
			rows *= P->box_dim[d];
		}
		if (!tma_oracle_put(slot, nslots, plan, elem,
				    c->smem_offset_bytes + row * pitch + idx[0] * elem,
				    outside ? TMA_ORACLE_FILLED : g)) {
			snprintf(msg, size, "box element %lld of a copy at shared + %lld lands outside "
				 "the tile or on a byte already written", (long long)i,
				 (long long)c->smem_offset_bytes);
			return false;
		}
	}
	return true;
}

/*
 * Perform every copy of "plan" and compare shared memory with "x": true
 * when they agree (and the plan's byte and fill counts are right), else
 * false with "msg".
 */
static inline bool tma_oracle_run(const axe_tma_plan *plan, const tma_expect *x, char *msg,
				  size_t size)
{
	int64_t elem = axe_dtype_get(plan->params.dtype)->bits / 8;
	int64_t nslots = 2 * x->top + 4096, written = 0;
	int64_t *slot = malloc((size_t)nslots * sizeof(int64_t));
	bool ok = slot != NULL;
	axe_tma_copy c;

	for (int64_t s = 0; ok && s < nslots; s++)
		slot[s] = -1;
	for (int64_t k = 0; ok && k < plan->ncopies; k++) {
		axe_tma_plan_copy(plan, k, &c);
		ok = tma_oracle_perform(slot, nslots, plan, &c, msg, size);
	}
	for (int64_t i = 0; ok && i < x->n; i++)
		if (slot[x->saddr[i]] != x->gaddr[i]) {
			snprintf(msg, size, "element %lld: shared %lld holds global %lld, not %lld",
				 (long long)i, (long long)x->saddr[i], (long long)slot[x->saddr[i]],
				 (long long)x->gaddr[i]);
			ok = false;
		}
	for (int64_t s = 0; ok && s < nslots; s++)
		written += slot[s] != -1;
	if (ok && written != x->n) {
		snprintf(msg, size, "%lld shared elements written, the region has %lld",
			 (long long)written, (long long)x->n);
		ok = false;
	}
	if (ok && plan->total_bytes != x->n * elem) {
		snprintf(msg, size, "total_bytes %lld, the region has %lld bytes",
			 (long long)plan->total_bytes, (long long)(x->n * elem));
		ok = false;
	}
	free(slot);
	return ok;
}

#endif
