/*
 * cuda.h: CUDA source for Axe layouts (axe-layout(1), "emit-cuda"): index
 * functions whose expressions come from the simplifier (LEGO paper, seed
 * 002, section IV.A) and are proved equal to the layout before they are
 * printed, a copy kernel between two layouts, a TMA copy, and LEGO-style
 * templates whose placeholders become proved expressions.
 *
 * Nothing here prints index math that has not been proved: a proof that
 * fails or is undecided stops the emission (AXE_EXIT_FALSE or
 * AXE_EXIT_UNDECIDED with the reason), which the command reports.
 */
#ifndef AXE_CODEGEN_CUDA_H
#define AXE_CODEGEN_CUDA_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/layout.h"
#include "../expr/expr.h"
#include "../expr/simplify.h"
#include "emit.h"
#include "tma.h"

#define AXE_CUDA_NAME_MAX 64

/* How a piece of emitted index math is known to be right. */
typedef struct axe_cuda_proof {
	enum axe_verdict verdict; /* TRUE proved; FALSE refuted; UNKNOWN undecided or not built */
	char how[400];            /* TRUE: the method; otherwise the reason */
} axe_cuda_proof;

/*
 * The proved index functions of one layout on one shape.  The variables of
 * "ctx" are, in order: the replica digits r0.. (nreplica), the coordinates
 * i0.. (rank), then one per axis, named as the inverse's parameters.
 */
typedef struct axe_cuda_index {
	char name[AXE_CUDA_NAME_MAX]; /* prefix of the function names */
	axe_layout *layout;           /* owned copy; NULL for an `expr:` layout */
	const struct axe_expr_layout *expr; /* the `expr:` layout (borrowed), or NULL */
	const char *const *axis;      /* the axis names, of "layout" or "expr" */
	int64_t *replica_extent;      /* per replica digit: its extent */
	axe_shape shape;
	size_t rank, nreplica, naxes;
	axe_expr_ctx *ctx;
	const axe_expr **forward;     /* per axis: its value over (r, i) */
	axe_cuda_proof forward_proof;
	const axe_expr **inverse;     /* i0.., then r0.. over the axis variables; NULL: none */
	axe_cuda_proof inverse_proof; /* or why there is no inverse */
	int64_t *lo, *hi;             /* per axis: the range images take (the inverse's guard) */
} axe_cuda_index;

/* Variable indices of "ix->ctx". */
static inline int axe_cuda_var_replica(const axe_cuda_index *ix, size_t t)
{
	(void)ix;
	return (int)t;
}

static inline int axe_cuda_var_coord(const axe_cuda_index *ix, size_t d)
{
	return (int)(ix->nreplica + d);
}

static inline int axe_cuda_var_axis(const axe_cuda_index *ix, size_t a)
{
	return (int)(ix->nreplica + ix->rank + a);
}

/*
 * Build the index functions of "layout" on "shape" (which the caller has
 * checked admits it) as "name" (a C identifier): simplify, prove the
 * forward functions for every point and replica digit, and, when each axis'
 * iters are separable, build and prove the inverse.  "timeout" bounds each
 * proof (seconds; 0: none).  0 with the verdicts in ix->*_proof, or -1 on
 * an error.
 */
int axe_cuda_index_build(axe_cuda_index *ix, const axe_layout *layout, const axe_shape *shape,
			 const char *name, double timeout, axe_error *err);

/*
 * The same for the `expr:` layout "layout" (borrowed: it must outlive "ix")
 * on its own shape: its expressions, the replica variables as digits,
 * simplified and proved equal to the layout's own at every point and
 * digit.  It has no inverse (no iters to solve for).
 */
int axe_cuda_index_build_expr(axe_cuda_index *ix, const struct axe_expr_layout *layout,
			      const char *name, double timeout, axe_error *err);
void axe_cuda_index_release(axe_cuda_index *ix);

/*
 * Prove ix->forward equal to the layout at every point and replica digit
 * (the replica iters become outer coordinates of the layout, so each digit
 * combination is checked, not only the image sets), into "out".  0 or -1.
 */
int axe_cuda_prove_forward(const axe_cuda_index *ix, double timeout, axe_cuda_proof *out,
			   axe_error *err);

/*
 * Build ix->inverse when the layout allows it and prove that composed with
 * the forward functions it gives back every coordinate and replica digit.
 * Without an inverse, ix->inverse_proof says why.  0 or -1.
 */
int axe_cuda_inverse_build(axe_cuda_index *ix, const axe_expr_prover *prover, double timeout,
			   axe_error *err);

/* Whether "name" is a C identifier; whether it is reserved in C, C++ or CUDA. */
bool axe_cuda_is_identifier(const char *name);
bool axe_cuda_is_reserved(const char *name);

/*
 * Check that "name" (given at "loc") can prefix C function names; -1 with an
 * error naming "what" ("--name", "layout name") otherwise.
 */
int axe_cuda_check_name(const char *name, const axe_loc *loc, const char *what, axe_error *err);

/* The text of expression "x" of "ix" as C (malloc'd; NULL on no memory). */
char *axe_cuda_expr_text(const axe_cuda_index *ix, const axe_expr *x);

/* The index functions of "ix" (forward, then the inverse if any). */
void axe_cuda_print_functions(axe_emit *e, const axe_cuda_index *ix);

/* Comment lines (" * ...") saying what was proved about "ix" and how. */
void axe_cuda_print_proofs(axe_emit *e, const axe_cuda_index *ix);

/*
 * The definitions the printed functions need before them: __host__ and
 * __device__ for other compilers, and axe_floordiv/axe_floormod when
 * "floor" is true.
 */
void axe_cuda_print_prelude(axe_emit *e, bool floor);

/* True when some printed expression of "ix" calls axe_floordiv or axe_floormod. */
bool axe_cuda_index_uses_floor(const axe_cuda_index *ix);

/* An answer that is not an error: whether the file was emitted, and if not why. */
typedef struct axe_cuda_outcome {
	int status;      /* AXE_EXIT_OK emitted; AXE_EXIT_FALSE refuted/impossible; AXE_EXIT_UNDECIDED */
	char why[1200];  /* what stopped it */
} axe_cuda_outcome;

/* One layout operand. */
typedef struct axe_cuda_operand {
	const axe_layout *layout;
	axe_shape shape;
	int dtype;         /* axe_dtype_lookup() index, or -1 */
	const char *name;  /* its name (a spec's, or the default) */
	axe_loc loc;       /* where it was given, for errors (source NULL: nowhere) */
	int span;
} axe_cuda_operand;

/*
 * `emit-cuda --kind index`: the proved index functions of "op" named
 * "name" (a C identifier), as a file into "out".  0 with "res" saying
 * whether it was emitted, or -1 on an error.
 */
int axe_cuda_generate_index(const axe_cuda_operand *op, const char *name, double timeout,
			    axe_emit *out, axe_cuda_outcome *res, axe_error *err);

/* The same for the `expr:` layout "layout" (axe_cuda_index_build_expr). */
int axe_cuda_generate_index_expr(const struct axe_expr_layout *layout, const char *name,
				 double timeout, axe_emit *out, axe_cuda_outcome *res,
				 axe_error *err);

/* A copy kernel to emit (`emit-cuda SRC DST --kind copy`). */
typedef struct axe_cuda_copy_request {
	axe_cuda_operand src, dst;
	axe_cuda_operand threads;  /* --threads: a thread layout over the tile; layout NULL: none */
	const char *direction;     /* "g2s", ...: memory spaces of SRC and DST; NULL: inferred */
	int64_t block;             /* threads of the default mapping; 0: 128 */
	const char *atom;          /* --atom: a copy atom of analyze/atoms.def, "auto", or NULL */
	const char *name;          /* prefix of the generated names */
	double timeout;            /* seconds per proof */
} axe_cuda_copy_request;

/*
 * `emit-cuda --kind copy`: a kernel that moves a tile from SRC's layout to
 * DST's, one tile per block, the threads taken from the register side's
 * layout, --threads, or a default mapping; vectorized where every thread's
 * elements are contiguous and aligned on both sides.  With "atom", the
 * copy uses that instruction (cuda_atoms.c), after `axe-layout atoms` has
 * found it legal for the pair ("auto": the best one), or says why not.  0
 * with "res" saying whether it was emitted, or -1 on an input error.
 */
int axe_cuda_generate_copy(const axe_cuda_copy_request *req, axe_emit *out,
			   axe_cuda_outcome *res, axe_error *err);

/* A TMA copy to emit (`emit-cuda GLOBAL SMEM --kind tma`). */
typedef struct axe_cuda_tma_request {
	axe_tma_request tma;       /* the planner's request: layouts, regions, direction, box */
	const char *smem_name;     /* SMEM's name, for its index functions' comment */
	const char *name;          /* prefix of the generated names */
	double timeout;            /* seconds per proof */
	int stages;                /* > 1: a multi-stage pipeline example of that many buffers */
} axe_cuda_tma_request;

/*
 * `emit-cuda --kind tma`: the TMA plan of tma.h as a CUDA file: host code
 * that encodes the tensor map through the driver entry point (no link to
 * libcuda), device code that issues the cp.async.bulk.tensor copies
 * (coordinates innermost first) on one mbarrier expecting their bytes (or,
 * for s2g, a bulk group), SMEM's proved index functions, a kernel and a
 * launcher.  0 with "res" saying whether it was emitted (AXE_EXIT_FALSE
 * with the planner's rule and fix when the hardware cannot do the copy), or
 * -1 on an input error.
 */
int axe_cuda_generate_tma(const axe_cuda_tma_request *req, axe_emit *out,
			  axe_cuda_outcome *res, axe_error *err);

/*
 * `emit-cuda --template FILE`: the template at "path" with every
 * {{ NAME.AXIS(ARGS) }} placeholder replaced by the proved expression of
 * layout NAME (one of "layouts", "n" of them; an entry whose layout is NULL
 * is an `expr:` layout and refused) on AXIS.  0 with "res" saying whether it
 * was emitted, or -1 on an error (at the placeholder's FILE:LINE:COL).
 */
int axe_cuda_generate_template(const char *path, const axe_cuda_operand *layouts, size_t n,
			       double timeout, axe_emit *out, axe_cuda_outcome *res,
			       axe_error *err);

/*
 * The file of `emit-cuda --kind index`: a header comment (layout, shape,
 * what was proved and how), the prelude and the functions.  Every proof of
 * "ix" must have succeeded for the forward functions.
 */
void axe_cuda_emit_index(axe_emit *e, const axe_cuda_index *ix);

#endif
