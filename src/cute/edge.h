/*
 * edge.h: CuTe layouts to Axe layouts and back, at the edge of CuTe's
 * algebra (style.md: the algebra keeps its own hierarchical model; Axe's
 * flat iters never carry it).  CuTe's top-level modes are Axe's logical
 * dimensions, and within a mode the leaves appear reversed (Axe iters are
 * outermost first, CuTe's leaves fastest first): the CuTe layout
 * ((8,4),(2,2)):((1,8),(32,64)) is S[(4,8,2,2):(8,1,64,32)] on shape (32, 4).
 */
#ifndef AXE_CUTE_EDGE_H
#define AXE_CUTE_EDGE_H

#include "../core/layout.h"
#include "algebra.h"

/*
 * The Axe layout of "c" on axis "axis" into "*out" and its logical shape
 * into "shape": 1, or 0 with "why" when Axe has no compact form for it
 * (a swizzle shifting low bits into high ones, a byte-address swizzle
 * finer than the element), or -1 with "err" set.
 */
int axe_cute_to_axe(const axe_cute_composed *c, const char *axis, axe_layout **out,
		    axe_shape *shape, axe_cute_reason *why, axe_error *err);

/*
 * The CuTe layout of the Axe layout "l" on "shape" into "out" (its axis
 * name into "axis", room for "axis_size"): 1, or 0 with "why" when it has
 * none (a replica, several axes, an offset on another axis, a shape that
 * cuts an iter unevenly), or -1.
 */
int axe_cute_from_axe(const axe_layout *l, const axe_shape *shape, axe_cute_composed *out,
		      char *axis, size_t axis_size, axe_cute_reason *why, axe_error *err);

#endif
