/*
 * cute_tiled.h: what the readers of whole CuTe TiledMMA and TiledCopy dumps
 * share (cute_tiled.c reads the text of `print(tiled_mma)` and
 * `print(tiled_copy)`, cute_tiled_tv.c computes the tiled TV layouts as CuTe
 * does, cute_tiled_ref.c is the independent evaluator they are checked
 * against).  CUTLASS commit 7107b0553: include/cute/atom/mma_atom.hpp
 * (TiledMMA::thrfrg_A/B/C, get_layoutA/B/C_TV, print) and copy_atom.hpp
 * (TiledCopy::tidfrg_S/D, tile2thrfrg, get_layoutS/D_TV, print).
 */
#ifndef AXE_INTEROP_CUTE_TILED_H
#define AXE_INTEROP_CUTE_TILED_H

#include "../cute/inttuple.h"
#include "interop.h"

enum axe_tiled_kind { AXE_TILED_MMA, AXE_TILED_COPY };

/*
 * The most (thread, value) pairs a part is read with: each is computed,
 * imported and placed point by point, in time and memory linear in them.
 * The largest real parts hold about 2^21 (an SM90 GMMA B tile of 256x16
 * shared by 512 threads); beyond 2^22 a dump is refused, not read for
 * seconds.
 */
#define AXE_CUTE_TILED_MAX_PAIRS ((int64_t)1 << 22)

/*
 * A dump as print() writes it.  MMA: ThrLayoutVMNK, PermutationMNK (a mode
 * printed `_` is "perm_given" false; "perm_at" places the line), the
 * atom's ThrID, Shape_MNK and LayoutA/B/C_TV.  Copy: Tiler_MN (each mode a
 * layout, a size N read as N:1; "tiler_at" places the line),
 * TiledLayout_TV, the atom's ThrID and ValLayoutSrc/Dst/Ref (in elements
 * of ValueType).
 */
typedef struct axe_cute_tiled {
	enum axe_tiled_kind kind;
	axe_cute_layout vmnk;
	axe_cute_layout perm[3];
	bool perm_given[3];
	axe_loc perm_at;
	int perm_span;
	int64_t atom_mnk[3];
	axe_cute_layout atom_tv[3]; /* A, B, C */
	axe_cute_layout tiler[2];
	axe_loc tiler_at;
	int tiler_span;
	axe_cute_layout tiled_tv, src, dst, ref;
	axe_cute_layout thr_id;
	int value_bits;             /* copy: ValueType's width, 0 when not printed */
	axe_loc head;               /* the dump's first line, for errors about the whole */
	int head_span;
} axe_cute_tiled;

void axe_cute_tiled_release(axe_cute_tiled *t);

/*
 * Parse the dump "text" ("where" places its first character; NULL: <arg>)
 * of kind "kind" into "out".  0 or -1 with the error at the offending line.
 */
int axe_cute_tiled_parse(const char *text, const axe_loc *where, enum axe_tiled_kind kind,
			 axe_cute_tiled *out, axe_error *err);

/* The parts of a dump: "ABC" for a TiledMMA, "SD" for a TiledCopy. */
const char *axe_cute_tiled_parts(enum axe_tiled_kind kind);

/*
 * The tile of part "part" (an index into axe_cute_tiled_parts): A (M, K),
 * B (N, K), C (M, N) of the MMA tile, or the copy's (M, N): per mode of
 * Tiler_MN, the smallest extent the mode divides exactly (its size times
 * the size of its complement, axe_cute_tiled_tiler_rest).  0 or -1 (a
 * permutation tile that does not hold the atoms, an error at the dump's
 * head; a permutation whose image is not 0..size-1 or a tiler mode without
 * a complement, an error at its line).
 */
int axe_cute_tiled_tile(const axe_cute_tiled *t, int part, axe_shape *tile, axe_error *err);

/*
 * The rest of Tiler_MN's mode "i" in the copy's tile: complement(mode,
 * cosize(mode)), 1:0 when the mode's image is 0..size-1 (a permutation of
 * the tile).  The copy's tile along i is the mode's image plus this rest's
 * (the tiles zipped_divide makes of a tensor of that extent).  0 or -1.
 */
int axe_cute_tiled_tiler_rest(const axe_cute_tiled *t, int i, axe_cute_layout *rest,
			      axe_error *err);

/*
 * CuTe's TV layout of part "part" ((thread index, value index) -> the
 * column-major index of the part's tile), computed with src/cute's algebra
 * the way get_layoutA/B/C_TV and TiledCopy::tidfrg_S/D compose it: a
 * copy's layout is that of partition_S/D of the identity tensor of its
 * tile, through Tiler_MN (get_layoutS/D_TV stop before the tiler, in the
 * tiler's own coordinates).  0 or -1.
 */
int axe_cute_tiled_tv(const axe_cute_tiled *t, int part, axe_cute_layout *tv, axe_error *err);

/*
 * The reference relation of part "part" on "tile": every (thread, value)
 * placed by following the definitions point by point (cute_tiled_ref.c:
 * crd2idx of the atom's layouts digit by digit; of the algebra only
 * complement, which numbers the threads outside ThrLayoutVMNK's image).
 */
int axe_cute_tiled_reference(const axe_cute_tiled *t, int part, const axe_shape *tile,
			     axe_reference *ref, axe_error *err);

#endif
