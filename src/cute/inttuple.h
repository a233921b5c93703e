/*
 * inttuple.h: CuTe's own model of a layout, kept apart from Axe's flat iters
 * (CUTLASS, media/docs/cpp/cute/01_layout.md): hierarchical integer tuples
 * ("int-tuples"), a layout as a shape tuple with a congruent stride tuple,
 * the composed swizzle layout `Sw<B,M,S> o OFFSET o L`, and their text as
 * CuTe's C++ print and pycute's str() write it.
 *
 * Level 2 (uses core, and parse's lexer for error positions).  The interop readers (interop/cute.c,
 * interop/tileas.c) convert these to Axe layouts at the edge; CuTe's layout
 * algebra (composition, complement, divide, product, inverse) works on
 * these types directly.
 *
 * Ownership: an axe_cute_tuple is a value whose children array is owned by
 * it.  Initialise with axe_cute_tuple_leaf() or axe_cute_tuple_init(), free
 * with axe_cute_tuple_release() (a released tuple is a leaf 0, a zeroed one
 * the empty tuple; both may be released again).  Copy deeply with axe_cute_tuple_dup(); plain
 * struct assignment shares the children and then only one copy may be
 * released.  axe_cute_layout and axe_cute_composed are likewise values with
 * _release functions.  Inputs are borrowed and const.
 *
 * Errors: fallible functions take "axe_error *err" last and return -1 (or
 * NULL) with the first error recorded (core/error.h).  Parse errors carry
 * the column of the offending character in the text, advanced from the
 * caller's "where" (`<arg>:COL` on the command line), and its span.
 * Arithmetic on user values is checked: a size, an index or a cosize that
 * leaves int64 is an AXE_ERR_OVERFLOW error, never a wrapped value.
 */
#ifndef AXE_CUTE_INTTUPLE_H
#define AXE_CUTE_INTTUPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/error.h"

#define AXE_CUTE_MAX_DEPTH 16    /* nesting of parentheses the parser accepts */
#define AXE_CUTE_MAX_LEAVES 256  /* integers in one tuple */

/*
 * An int-tuple: a leaf integer ("value"; "is_static" when written `_N`, as
 * CuTe prints compile-time integers) or a tuple of "n" children (n may be 0:
 * the empty tuple `()`).
 */
typedef struct axe_cute_tuple {
	bool is_leaf;
	bool is_static;               /* leaf printed as `_N` */
	int64_t value;                /* leaf */
	size_t n;                     /* tuple: number of children */
	struct axe_cute_tuple *child; /* tuple: owned array of n */
} axe_cute_tuple;

/*
 * A leaf holding "value" (dynamic); nothing to release but harmless to.
 * Inline: returned through memory from another file, the struct cost a
 * store-forwarding stall at every use (a quarter of a small operation).
 */
static inline axe_cute_tuple axe_cute_tuple_leaf(int64_t value)
{
	return (axe_cute_tuple){ .is_leaf = true, .value = value };
}

/* Make "t" a tuple of "n" children, each a leaf 0.  0 or -1 (no memory). */
int axe_cute_tuple_init(axe_cute_tuple *t, size_t n, axe_error *err);

void axe_cute_tuple_release(axe_cute_tuple *t);

/* Deep copy of "src" into "dst" (which is overwritten, not released).  0 or -1. */
int axe_cute_tuple_dup(axe_cute_tuple *dst, const axe_cute_tuple *src, axe_error *err);

/* CuTe's rank: 1 for a leaf, else the number of children. */
size_t axe_cute_tuple_rank(const axe_cute_tuple *t);

/* CuTe's depth: 0 for a leaf, else 1 + the largest child depth (1 for `()`). */
size_t axe_cute_tuple_depth(const axe_cute_tuple *t);

/* The number of leaves. */
size_t axe_cute_tuple_leaves(const axe_cute_tuple *t);

/*
 * The leaves of "t" left to right (colexicographic order: the first leaf
 * varies fastest) into "out" (room for "max"); returns how many there are
 * (which may exceed "max": only the first "max" are written).
 */
size_t axe_cute_tuple_flatten(const axe_cute_tuple *t, int64_t *out, size_t max);

/* The product of the leaves into "*size" (1 for `()`).  -1 on overflow. */
int axe_cute_tuple_product(const axe_cute_tuple *t, int64_t *size, axe_error *err);

/* Same tree structure (CuTe's congruent). */
bool axe_cute_tuple_congruent(const axe_cute_tuple *a, const axe_cute_tuple *b);

/* Same structure and values (the static flags are not compared). */
bool axe_cute_tuple_equal(const axe_cute_tuple *a, const axe_cute_tuple *b);

/*
 * CuTe's LayoutLeft strides of "shape" into "stride" (overwritten):
 * congruent, the exclusive prefix product of the leaves left to right
 * (`(4,(2,3))` gets `(1,(4,8))`).  Static where the shape's leaves so far
 * are all static, as CuTe's compact_major computes them.  0 or -1.
 */
int axe_cute_tuple_left_strides(axe_cute_tuple *stride, const axe_cute_tuple *shape,
				axe_error *err);

/*
 * A layout: "shape" and a congruent "stride".  A valid layout (the one the
 * parser returns, or axe_cute_layout_check passed) has positive leaf
 * extents, a size that fits int64, and every index it reaches, with every
 * partial sum, inside int64, so the evaluators below need no checks.
 */
typedef struct axe_cute_layout {
	axe_cute_tuple shape;
	axe_cute_tuple stride;
} axe_cute_layout;

void axe_cute_layout_release(axe_cute_layout *layout);
int axe_cute_layout_dup(axe_cute_layout *dst, const axe_cute_layout *src, axe_error *err);

/*
 * Check the invariants above: congruent, extents > 0, size and reachable
 * indices inside int64.  "loc"/"span" place the error (may be NULL/0).
 */
int axe_cute_layout_check(const axe_cute_layout *layout, const axe_loc *loc, int span,
			  axe_error *err);

/*
 * The lowest and highest index a valid "layout" reaches: the sums of
 * (extent-1)*stride over the leaves with negative and positive strides.
 */
void axe_cute_layout_range(const axe_cute_layout *layout, int64_t *lo, int64_t *hi);

/* size(layout): the product of the shape. */
int64_t axe_cute_layout_size(const axe_cute_layout *layout);

/* rank(layout) and depth(layout): those of the shape. */
size_t axe_cute_layout_rank(const axe_cute_layout *layout);
size_t axe_cute_layout_depth(const axe_cute_layout *layout);

/*
 * CuTe's reference evaluator, crd2idx on a 1-D coordinate: "idx" in
 * [0, size) is split over all the leaves colexicographically (leftmost leaf
 * fastest) and the index is the sum of leaf coordinate times leaf stride.
 * Written from the definition only; the converters never call it, the
 * translation validation does.
 */
int64_t axe_cute_layout_eval(const axe_cute_layout *layout, int64_t idx);

/*
 * crd2idx on a coordinate with one integer per top-level mode ("crd",
 * "rank" values, each inside its mode's size): each integer is split over
 * its mode's sub-shape colexicographically.
 */
int64_t axe_cute_layout_eval_modes(const axe_cute_layout *layout, const int64_t *crd);

/*
 * CuTe's cosize: layout(size - 1) + 1, exactly as cute::cosize and pycute
 * define it (for a layout with negative or non-monotone strides this is
 * not the count of distinct indices).
 */
int64_t axe_cute_layout_cosize(const axe_cute_layout *layout);

/*
 * CuTe's Swizzle<B,M,S> ("bits", "base", "shift"): with S > 0 the B bits of
 * an address starting at bit M+S are XORed into the B bits starting at bit
 * M; with S < 0 the B bits starting at M are XORed into those starting at
 * M-S (lower into higher).  CuTe requires B >= 0, M >= 0, |S| >= B.
 */
typedef struct axe_cute_swizzle {
	bool present;
	int bits;   /* B */
	int base;   /* M */
	int shift;  /* S, may be negative */
} axe_cute_swizzle;

#define AXE_CUTE_SWIZZLE_MAX_BITS 40 /* B + M + |S| stays well inside 64 bits */

/*
 * Why "sw" is not a swizzle CuTe accepts (B or M negative, |S| < B) or
 * reaches past AXE_CUTE_SWIZZLE_MAX_BITS, as a message; NULL when valid.
 */
const char *axe_cute_swizzle_invalid(const axe_cute_swizzle *sw);

/*
 * CuTe's swizzle of "offset": yyy_mask = ((1<<B)-1) << (M + max(0,S)),
 * zzz_mask = ((1<<B)-1) << (M - min(0,S)), and the result is
 * offset ^ shiftr(offset & yyy_mask, S) (a right shift by S, a left shift
 * when S < 0), as cute::Swizzle::apply.  Identity when not present.
 */
int64_t axe_cute_swizzle_apply(const axe_cute_swizzle *sw, int64_t offset);

/*
 * A composed layout as CuTe prints it, `A o OFFSET o B`: the function
 * x -> swizzle(offset + layout(x)).  "ptr_bits" is N when the print shows
 * `smem_ptr[Nb](unset)` instead of an integer offset (a GMMA/UMMA atom:
 * the swizzle then acts on BYTE addresses of N-bit elements, offset 0),
 * else 0.  A plain layout has no swizzle, offset 0, ptr_bits 0.
 */
typedef struct axe_cute_composed {
	axe_cute_swizzle swizzle;
	int64_t offset;
	bool offset_static;     /* printed `_0` rather than `0` */
	int ptr_bits;
	axe_cute_layout layout;
} axe_cute_composed;

void axe_cute_composed_release(axe_cute_composed *c);

/*
 * Parse "text" (NUL-terminated), which starts at "where" in the user's
 * input (NULL: `<arg>` column 1), into "out" (overwritten; released on
 * error).  Accepts:
 *   - C++ print: `(2,(2,2)):(4,(2,1))`, static `_8`, a scalar `8:2`;
 *   - pycute str(): spaces anywhere between tokens, `(8,)`;
 *   - a shape alone: LayoutLeft strides;
 *   - composed: `Sw<3,4,3> o _0 o L`, `Swizzle<3,4,3> o L`, pycute's
 *     `SW_3_4_3 o 0 o L`, and `Sw<3,4,3> o smem_ptr[16b](unset) o L`
 *     (either order of the first two).
 * The result passed axe_cute_layout_check.  0 or -1 with an error placed
 * at the offending character.
 */
int axe_cute_parse(const char *text, const axe_loc *where, axe_cute_composed *out,
		   axe_error *err);

/*
 * One int-tuple at byte "*pos" of "text" ("where" as for axe_cute_parse),
 * blanks before it skipped; "*pos" moves past it.  For notations that
 * embed CuTe tuples (TileAS descriptors).  "out" is overwritten.  0 or -1.
 */
int axe_cute_tuple_parse(const char *text, const axe_loc *where, size_t *pos,
			 axe_cute_tuple *out, axe_error *err);

/*
 * CuTe's C++ print form: `(_2,(_2,_2)):(_4,(_2,_1))` (leaves `_N` when
 * static), a composed layout as `Sw<B,M,S> o _0 o L` or with
 * `smem_ptr[Nb](unset)` in the middle.  Owned by the caller; NULL on no
 * memory (err set).
 */
char *axe_cute_tuple_print(const axe_cute_tuple *t, axe_error *err);
char *axe_cute_layout_print(const axe_cute_layout *layout, axe_error *err);
char *axe_cute_composed_print(const axe_cute_composed *c, axe_error *err);

/*
 * The C++ that builds the layout: `make_layout(make_shape(2, make_shape(2,
 * 2)), make_stride(4, make_stride(2, 1)))`, static leaves as `Int<N>{}`;
 * a composed layout as `composition(Swizzle<B,M,S>{}, OFFSET, LAYOUT)`.
 * Owned by the caller; NULL on no memory.
 */
char *axe_cute_layout_cpp(const axe_cute_layout *layout, axe_error *err);
char *axe_cute_composed_cpp(const axe_cute_composed *c, axe_error *err);

#endif
