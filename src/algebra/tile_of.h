/*
 * tile_of.h: deciding whether a layout T is a tile of an inner layout B and
 * recovering the outer layout C with tile(C, B) = T (Axe paper, section 3.3,
 * Appendix D).
 */
#ifndef AXE_ALGEBRA_TILE_OF_H
#define AXE_ALGEBRA_TILE_OF_H

#include "algebra.h"

/*
 * Is "tile" on "shape" equal to tile(C, "inner" on "inner_shape") for some
 * C?  When it is, returns 1 with C (canonical) in out->layout and its shape
 * S_T / S_B (per dimension) in out->shape; 0 with the reason in "why" when
 * the procedure finds no C; -1 on an error (different ranks, overflow, no
 * memory).  Sound: a returned C always satisfies tile(C, B) = T.  Complete
 * for replica-free layouts; with replicas it needs T's canonical replica to
 * be B's plus a span-scaled one, iter by iter (Appendix D.4).
 */
int axe_layout_tile_of(const axe_layout *tile, const axe_shape *shape,
		       const axe_layout *inner, const axe_shape *inner_shape,
		       axe_algebra_result *out, axe_reason *why, axe_error *err);

#endif
