/*
 * cute_edge.h: the edge between CuTe's layout algebra (cute/) and Axe's
 * layouts for the library API's CuTe commands (api/cute.c): an operand read
 * as CuTe text or converted from an Axe layout, and a result's Axe form,
 * through the interop framework's CuTe reader and writer.  Internal.
 */
#ifndef AXE_API_CUTE_EDGE_H
#define AXE_API_CUTE_EDGE_H

#include "../cute/algebra.h"
#include "operand.h"

/*
 * Read operand "arg": `cute:TEXT`, or CuTe text as it is (starting with
 * '(', a digit, '_' or a swizzle `Sw<`/`Swizzle<`/`SW_`), else any Axe
 * operand (literal, spec, other notation) read with "opts" on axis m,
 * converted by the interop framework's CuTe writer.  An Axe layout with no
 * CuTe form (replica, another axis) is an error naming the reason, placed
 * on the operand.  0, or -1 with "err" set ("out" then needs no release).
 */
int axe_api_cute_read(const char *arg, const axe_operand_opts *opts, axe_cute_composed *out,
		      axe_error *err);

/*
 * The Axe form of the result "c", whose CuTe text is "cute", read back
 * through the CuTe reader of the interop framework (validated against
 * CuTe's crd2idx like every import): its compact text into "*axe" (the
 * caller's) and its logical shape into "shape".  When there is no compact
 * form (an `expr:`-only layout, one too large for the validation, one of
 * rank 0) "*axe" is NULL and "why" says why; "shape" is then the sizes of
 * c's top-level modes when the reader refused it.  0, or -1 with "err" set.
 */
int axe_api_cute_axe_form(const axe_cute_composed *c, const char *cute, char **axe,
			  axe_shape *shape, char *why, size_t why_size, axe_error *err);

#endif
