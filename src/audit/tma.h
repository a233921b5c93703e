/*
 * tma.h: what a TMA copy of a Triton module costs (tma.c): the box Triton
 * gives the tensor map, its swizzle mode, the messages (cp.async.bulk.tensor
 * instructions) per copy, the bytes the copy moves (the mbarrier's
 * expect-tx of a load), and whether the shared layout is one TMA can write.
 */
#ifndef AXE_AUDIT_TMA_H
#define AXE_AUDIT_TMA_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/error.h"
#include "../linear/linear.h"
#include "encoding.h"

typedef struct axe_audit_tma_request {
	size_t rank;
	const int64_t *shape;         /* the shared tile of one CTA (the block) */
	int elem_bits;
	const axe_audit_enc *enc;     /* its shared encoding */
	const axe_linear *shared;     /* its LinearLayout on "shape", or NULL */
	bool store;                   /* shared to global */
} axe_audit_tma_request;

typedef struct axe_audit_tma {
	size_t rank;
	int64_t box[AXE_LINEAR_MAX_RANK]; /* elements, outermost first (Triton's blockShape) */
	int swizzle_bytes;            /* 0, 32, 64, 128 */
	int swizzle_mode;             /* the tensor map's: 0 none, 1 32B, 2 64B, 3 128B */
	int64_t messages;             /* cp.async.bulk.tensor per copy */
	int64_t bytes;                /* the copy's bytes: a load's mbarrier expect-tx */
	bool ok;                      /* the shared layout is one TMA can write */
	char reason[800];             /* why not ("" when ok) */
} axe_audit_tma;

/*
 * The TMA copy "req" as Triton lowers it into "out": 0 (out->ok false with
 * the reason when TMA cannot write the layout), or -1 with "err" set on an
 * input the rules cannot read (a rank above 5, an unknown element width).
 */
int axe_audit_tma_copy(const axe_audit_tma_request *req, axe_audit_tma *out, axe_error *err);

#endif
