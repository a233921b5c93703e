/*
 * atoms_private.h: what atoms.c prepares once per pair and the rules of
 * atoms_rules.c read: the memory sides' addresses (bank tiles), the
 * register side's thread plan, the tensor-memory side's lanes and columns.
 */
#ifndef AXE_ANALYZE_ATOMS_PRIVATE_H
#define AXE_ANALYZE_ATOMS_PRIVATE_H

#include <stdarg.h>

#include "atoms.h"
#include "banks.h"

typedef struct axe_atom_pair {
	const axe_atom_request *req;
	char space[2];             /* SRC's and DST's */
	int dtype, elem_bytes;
	int64_t npoints;
	axe_bank_tile tile[2];     /* memory sides (global or shared) */
	bool has_tile[2];
	axe_bank_plan regs;        /* the register side's thread plan */
	int reg_side;              /* 0 SRC, 1 DST, -1 none */
	int64_t *tlane, *tcol;     /* the tensor-memory side, per flat index */
	int tmem_side;             /* 0, 1 or -1 */
	int64_t smem_bytes;        /* the shared side's span, bytes (0 without one) */
	int64_t tmem_lanes, tmem_cols; /* the tensor-memory side's extents */
	int64_t fragment_regs;     /* 32-bit registers of the tile's fragment per thread */
} axe_atom_pair;

/* The memory side of "p" in "space" (0 or 1), or -1. */
int axe_atom_side_of(const axe_atom_pair *p, char space);

/* Mark "c" excluded by "rule" with a formatted reason; returns 0. */
int axe_atom_exclude(axe_atom_candidate *c, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The rules and costs of one family (atoms_rules.c); 0 with "c" decided, or -1. */
int axe_atom_judge(const axe_atom_pair *p, axe_atom_candidate *c, axe_error *err);

#endif
