/*
 * cuda_tma_private.h: what cuda_tma.c (the file, its header, constants and
 * host code) and cuda_tma_device.c (its device code) share.  Not installed.
 */
#ifndef AXE_CODEGEN_CUDA_TMA_PRIVATE_H
#define AXE_CODEGEN_CUDA_TMA_PRIVATE_H

#include "cuda_private.h"

/* What the file needs beyond the plan. */
typedef struct tma_file {
	const axe_cuda_tma_request *req;
	const axe_tma_plan *plan;
	axe_cuda_index smem;         /* NAME_smem: SMEM's index functions */
	const axe_cuda_type *type;
	int64_t extent[AXE_TMA_MAX_RANK]; /* the region along each map dimension */
	int64_t smem_elems;          /* the shared buffer */
	int64_t elem_bytes;
	int64_t threads;
} tma_file;

/*
 * The device code of "f": the load pieces (barrier init, load on a stage
 * barrier, wait on its phase) or the store pieces (commit, wait), the
 * kernel, the pipeline example when f->req->stages > 1, and the launchers.
 */
void axe_cuda_tma_print_device(axe_emit *e, const tma_file *f);

#endif
