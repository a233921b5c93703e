/*
 * atoms_out.h: text and JSON for `atoms` (cli.md): the legal copy atoms in
 * rank order with their three cost terms, what decided the first place,
 * and each excluded atom with the rule that excludes it.
 */
#ifndef AXE_OUTPUT_ATOMS_OUT_H
#define AXE_OUTPUT_ATOMS_OUT_H

#include "../analyze/atoms.h"
#include "eval_out.h"
#include "writer.h"

void axe_print_atoms(axe_writer *w, const axe_atom_ranking *r, axe_format format);

/* "128.25", "12": a cost (a multiple of 1/4) without trailing zeros, into "buf". */
const char *axe_atom_cost_text(double cost, char *buf, size_t size);

#endif
