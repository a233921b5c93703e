/*
 * atoms.h: which instruction should move a tile from one layout to another
 * (`axe-layout atoms`): the copy atoms of atoms.def, each legal or excluded
 * by the first structural rule it breaks, and the legal ones ranked by the
 * three-term cost of the TileAS layout assigner.
 *
 * Spaces come from the axes: a layout on TLane/TCol is tensor memory, one
 * with thread axes is registers (its memory axis, m, the register), one on
 * m alone is memory: shared when the other side is registers or tensor
 * memory, else SRC global and DST shared (a direction overrides).
 *
 * Either side may be a map with no S/R/O form (an `expr:` layout: a Triton
 * layout whose bases mix bits, a CuTe swizzle Axe cannot express), given
 * by its evaluator: the pair is read from the map, walked once, so every
 * rule below judges it; the bulk-tensor copy alone is excluded (a tensor
 * map needs strides and a swizzle mode) and `--suggest` refuses such a
 * shared tile (it has no swizzle to change).
 *
 * Rules, in order: arch (the instruction exists on the target), space (the
 * atom moves between these two spaces), shape (the shared tile fits a
 * block, the tensor-memory one tensor memory; the tile is whole chunks),
 * dtype (its element width),
 * alignment (every vector or matrix row is contiguous and aligned in
 * memory after the swizzle; for the bulk-tensor copy, the TMA planner's
 * rules), fragment (the register layout, read through the atom's fixed
 * thread-value layout, is what the atom delivers: checked at every element).
 *
 * Cost of a legal atom, in TileAS's terms and weights (1, 4, 0.25):
 *   smem_wavefronts  shared-memory wavefronts of the whole tile, from the
 *                    bank model (analyze/banks.h) on the accesses the atom
 *                    issues: per lane vectors, ldmatrix/stmatrix row
 *                    addresses, or the copy engine's 16-byte slots in
 *                    shared-address order for cp.async.bulk.tensor
 *   tmem_cycles      tensor-memory cycles of the whole tile, one per 32
 *                    32-bit words (one word per TMEM lane of a warp's slab
 *                    per cycle: a model assumption, not a measured figure)
 *   registers        32-bit registers the tile's fragment keeps live in a
 *                    thread (the most any thread holds), counted per tile
 *                    as in TileAS's worked example (128x64 f16 over 128
 *                    threads: 32): the same for every atom that delivers
 *                    the fragment, 0 for copies that never pass through
 *                    registers
 *   cost = 1 * smem_wavefronts + 4 * tmem_cycles + 0.25 * registers.
 * Ties on cost go to fewer registers, then fewer wavefronts, then fewer
 * instructions, then the order of atoms.def.
 */
#ifndef AXE_ANALYZE_ATOMS_H
#define AXE_ANALYZE_ATOMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/error.h"
#include "../core/layout.h"

enum axe_atom_family {
	AXE_ATOM_LDMATRIX,
	AXE_ATOM_STMATRIX,
	AXE_ATOM_BULK,
	AXE_ATOM_CP_ASYNC,
	AXE_ATOM_TMEM_LD,
	AXE_ATOM_TMEM_ST,
	AXE_ATOM_LDS,
	AXE_ATOM_STS,
};

/* Memory spaces, by their letters in --direction. */
#define AXE_ATOM_GLOBAL 'g'
#define AXE_ATOM_SHARED 's'
#define AXE_ATOM_REGS 'r'
#define AXE_ATOM_TMEM 't'

/* One row of atoms.def. */
typedef struct axe_atom {
	const char *name;
	enum axe_atom_family family;
	char from, to;          /* spaces */
	int arch;               /* 80, 90, 100 */
	int width;              /* bytes per lane, or matrices per instruction, or 0 */
	const char *tv;         /* the fixed thread-value layout, or "" */
	int tv_rows, tv_cols;
	const char *ptx;        /* the PTX ISA section */
} axe_atom;

/* The table, in its order; "n" gets its length. */
const axe_atom *axe_atoms(size_t *n);

/* The atom called "name", or NULL. */
const axe_atom *axe_atom_lookup(const char *name);

/*
 * An atom's fixed thread-value layout (its "tv" on "tv_rows" x "tv_cols"),
 * tabulated both ways: block cell (row * cols + col) <-> lane * regs +
 * register.
 */
typedef struct axe_atom_fragment {
	int rows, cols, regs;
	int64_t *of;   /* [rows * cols]: the cell's lane * regs + register */
	int64_t *at;   /* [32 * regs]: the cell a lane's register holds */
} axe_atom_fragment;

/* Parse and tabulate the fragment of "a" (which has one); 0 or -1. */
int axe_atom_fragment_load(const axe_atom *a, axe_atom_fragment *f, axe_error *err);
void axe_atom_fragment_release(axe_atom_fragment *f);

/* The weights of the three terms (TileAS's defaults). */
#define AXE_ATOM_W_SMEM 1.0
#define AXE_ATOM_W_TMEM 4.0
#define AXE_ATOM_W_REGS 0.25

/* The three terms of one candidate, and what they sum to. */
typedef struct axe_atom_terms {
	int64_t smem_wavefronts;
	int64_t tmem_cycles;
	int64_t registers;
	int64_t instructions;   /* warp instructions (bulk: copies), the last tie-break */
} axe_atom_terms;

double axe_atom_cost(const axe_atom_terms *t);

/* What put one candidate ahead of the next. */
typedef enum axe_atom_tie {
	AXE_ATOM_BY_COST,
	AXE_ATOM_BY_REGISTERS,
	AXE_ATOM_BY_WAVEFRONTS,
	AXE_ATOM_BY_INSTRUCTIONS,
	AXE_ATOM_BY_ORDER,
} axe_atom_tie;

/* "cost", "registers", "smem wavefronts", "instructions", "table order". */
const char *axe_atom_tie_name(axe_atom_tie tie);

/*
 * Compare two legal candidates ("ia", "ib": their table positions): < 0
 * when "a" ranks first; the deciding rule into "*by" (may be NULL).
 */
int axe_atom_compare(const axe_atom_terms *a, size_t ia, const axe_atom_terms *b, size_t ib,
		     axe_atom_tie *by);

/*
 * One operand of the pair: a layout in S/R/O form, or a map that has none
 * (an `expr:` layout) given by its evaluator on "shape": the rules read
 * only the map (addresses, who holds what), walked once per pair.
 */
struct axe_evaluator;
typedef struct axe_atom_operand {
	const axe_layout *layout;  /* borrowed; NULL when "map" is given */
	axe_shape shape;
	int dtype;                 /* or -1 */
	axe_loc loc;               /* where it was given (source NULL: nowhere) */
	int span;
	const struct axe_evaluator *map; /* borrowed: the map not in S/R/O form, or NULL */
} axe_atom_operand;

/* The axis table of "op": its layout's, or its map's. */
const axe_layout *axe_atom_operand_axes(const axe_atom_operand *op);

/*
 * The bulk-tensor planner, supplied by the caller (the planner lives in
 * codegen, above this module): 1 when the copy of the tile from "global"
 * to "smem" (or back, "s2g") can be planned, with its copy count; 0 with
 * the rule that refuses it in "why"; -1 on an error.
 */
typedef int (*axe_atom_bulk_fn)(const axe_atom_operand *global, const axe_atom_operand *smem,
				int dtype, bool s2g, int64_t *copies, char *why, size_t size,
				axe_error *err);

typedef struct axe_atom_request {
	axe_atom_operand src, dst;
	const char *direction;     /* "s2r", ...; NULL: from the axes */
	int arch;                  /* 80, 90 or 100 */
	axe_atom_bulk_fn bulk;     /* NULL: the bulk-tensor copy is never legal */
} axe_atom_request;

/* One candidate's verdict. */
typedef struct axe_atom_candidate {
	const axe_atom *atom;
	size_t index;              /* its row in atoms.def */
	bool legal;
	char rule[16];             /* the excluding rule: arch, space, dtype, alignment, fragment */
	char reason[400];          /* "rule: why" */
	axe_atom_terms terms;      /* legal ones */
	double cost;
	int64_t max_way;           /* worst bank phase */
	char swizzle[8];           /* --suggest: the shared tile's swizzle mode; else "" */
	int mode;                  /* --suggest: its position in none, 32B, 64B, 128B */
} axe_atom_candidate;

typedef struct axe_atom_ranking {
	char from, to;             /* the pair's spaces */
	int dtype;
	int arch;
	axe_atom_candidate *c;     /* legal ones first, in rank order; then the rest, table order */
	size_t n, nlegal;
	axe_atom_tie decided_by;   /* why c[0] ranks above c[1] (when both are legal) */
} axe_atom_ranking;

/*
 * Rank every atom of the table for moving the tile of "req".  0 with
 * "out" filled (no legal atom is an answer, nlegal 0), or -1 on an input
 * error (shapes that differ, no element type, axes of no space, ...).
 */
int axe_atoms_rank(const axe_atom_request *req, axe_atom_ranking *out, axe_error *err);
void axe_atom_ranking_release(axe_atom_ranking *r);

/*
 * `--suggest`: the same ranking with the shared tile (the shared side of a
 * copy that has one) under each swizzle mode, none, 32B, 64B and 128B: the
 * legal (atom, mode) pairs ranked together, each candidate's "swizzle"
 * naming its mode, then the atoms excluded on the tile as given.  0, or -1
 * on an input error (also when no side is shared memory).
 */
int axe_atoms_suggest(const axe_atom_request *req, axe_atom_ranking *out, axe_error *err);

/* The legal candidate called "name" of "r", or NULL. */
const axe_atom_candidate *axe_atom_ranking_find(const axe_atom_ranking *r, const char *name);

/*
 * Whether "L" places data on memory axes alone (no thread axis, no
 * TLane/TCol); "L" may be an axis table only (of an `expr:` layout).
 */
bool axe_atom_is_memory(const axe_layout *L);

/* "global memory", "shared memory", "registers", "tensor memory". */
const char *axe_atom_space_name(char space);

/* 80, 90 or 100 for "sm_80", "sm_90", "sm_100" (also with an a suffix); -1 otherwise. */
int axe_atom_arch_parse(const char *text);

#endif
