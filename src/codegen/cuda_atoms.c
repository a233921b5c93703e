/*
 * cuda_atoms.c: the TMA planner (tma.h) as the bulk-tensor rule of the
 * copy atoms (analyze/atoms.h); see cuda_atoms.h.
 */
#include <stdio.h>
#include <string.h>

#include "cuda_atoms.h"

int axe_cuda_atom_bulk(const axe_atom_operand *global, const axe_atom_operand *smem, int dtype,
		       bool s2g, int64_t *copies, char *why, size_t size, axe_error *err)
{
	axe_tma_request req;
	axe_tma_plan plan;
	axe_tma_refusal refusal;
	axe_error input;
	int r;

	axe_tma_request_init(&req);
	req.global = global->layout;
	req.global_shape = global->shape;
	req.smem = smem->layout;
	req.smem_shape = smem->shape;
	req.dtype = dtype;
	req.direction = s2g ? AXE_TMA_S2G : AXE_TMA_G2S;
	axe_error_init(&input);
	memset(&refusal, 0, sizeof(refusal));
	r = axe_tma_plan_build(&req, &plan, &refusal, &input);
	if (r == 1) {
		*copies = plan.ncopies;
		return 1;
	}
	if (r < 0 && input.code == AXE_ERR_NOMEM)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (r < 0)
		snprintf(why, size, "the TMA planner refuses the operands: %s", input.message);
	else
		snprintf(why, size, "%s: %s%s%s", refusal.rule, refusal.reason,
			 refusal.fix[0] ? "; fix: " : "", refusal.fix);
	return 0;
}
