/*
 * cuda_atoms.h: the copy atoms' links to code generation: the TMA planner
 * as the bulk-tensor rule of analyze/atoms.h (which sits below codegen and
 * takes it as a function), and `emit-cuda --kind copy --atom NAME|auto`.
 */
#ifndef AXE_CODEGEN_CUDA_ATOMS_H
#define AXE_CODEGEN_CUDA_ATOMS_H

#include "../analyze/atoms.h"
#include "cuda.h"

/*
 * An axe_atom_bulk_fn: plan the TMA copy of the tile between "global" and
 * "smem" with tma.h's planner (its default region and box).  1 with the
 * copy count; 0 with the planner's rule, reason and fix in "why" (also for
 * operands the planner refuses as input, which only rule the atom out); -1
 * when out of memory.
 */
int axe_cuda_atom_bulk(const axe_atom_operand *global, const axe_atom_operand *smem, int dtype,
		       bool s2g, int64_t *copies, char *why, size_t size, axe_error *err);

#endif
