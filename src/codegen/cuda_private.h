/*
 * cuda_private.h: what the files of the CUDA emitter share (not installed;
 * cuda.h is the module's interface).
 */
#ifndef AXE_CODEGEN_CUDA_PRIVATE_H
#define AXE_CODEGEN_CUDA_PRIVATE_H

#include "../core/relate.h"
#include "../expr/expr_layout.h"
#include "cuda.h"

/*
 * The C parameter name of axis "axis" (malloc'd; NULL on no memory): the
 * axis name, or "axe_" + it when that would clash with a keyword or with the
 * names the functions use themselves (i0.., r0.., axe_*).
 */
char *axe_cuda_param_name(const char *axis);

/* The shape (R..., S...) of the replica digits then the coordinates of "ix". */
axe_shape axe_cuda_digit_shape(const axe_cuda_index *ix);

/*
 * The variables of "ix->ctx": replica digits, coordinates, and one per axis
 * (named as the inverse's parameters, over the values images take there:
 * a layout's ranges are computed here, an `expr:` layout's are in ix->lo
 * and ix->hi already).  0, -1 on no memory, -2 when a swizzled range
 * leaves 64 bits.
 */
int axe_cuda_index_add_variables(axe_cuda_index *ix);

/* Copy tree "e" of another context into "to", variable k becoming "by[k]". */
const axe_expr *axe_cuda_import(axe_expr_ctx *to, const axe_expr *e, const axe_expr *const *by);

/*
 * An `expr:` layout over the digit shape "shape" of "ix" whose axis a is
 * named "axis[a]" and has the value "expr[a]" (an expression of ix->ctx) for
 * a < "naxes"; with "by_axis" the axis variables of ix are replaced by those
 * expressions (a composition).  NULL on no memory.
 */
axe_expr_layout *axe_cuda_proof_layout(const axe_cuda_index *ix, const axe_shape *shape,
				       const char *const *axis, const axe_expr *const *expr,
				       size_t naxes, const axe_expr *const *by_axis,
				       axe_error *err);

/*
 * Prove "E" equal to layout "P" on "shape" through prove/ (the automatic
 * route: enumeration, else Z3); "what" names the points in the account of
 * the proof.  0 with "out" filled, or -1.
 */
int axe_cuda_prove_exprs(const axe_expr_layout *D, const axe_expr_layout *E,
			 const axe_shape *shape, double timeout, const char *what,
			 axe_cuda_proof *out, axe_error *err);
int axe_cuda_prove(const axe_layout *P, const axe_expr_layout *E, const axe_shape *shape,
		   double timeout, const char *what, axe_cuda_proof *out, axe_error *err);

/*
 * "text" as comment lines " * ..." wrapped at the generated code's width;
 * lines after the first start with "hang" (to align under a "- ").
 */
void axe_cuda_print_comment(axe_emit *e, const char *text, const char *hang);

/* "[8, 16]: i0 in [0, 8), i1 in [0, 16); replica digit r0 in [0, 2)" (malloc'd). */
char *axe_cuda_domain_text(const axe_cuda_index *ix);

/* A CUDA element type for a dtype: its name and the header that declares it (or NULL). */
typedef struct axe_cuda_type {
	const char *dtype, *name, *header;
} axe_cuda_type;

/* The CUDA type of "dtype" (an axe_dtype index), or NULL. */
const axe_cuda_type *axe_cuda_type_of(int dtype);

/*
 * The type of "bytes" (1, 2, 4, 8, 16) that moves a vector: an unsigned
 * integer, or axe_vec16, a 16-byte aligned struct that the copy file
 * defines (a 128-bit load or store, like CUDA's uint4, on the host too).
 */
const char *axe_cuda_vector_type(int64_t bytes);

/* Memory spaces of a copy's sides. */
enum axe_cuda_space {
	AXE_SPACE_GLOBAL = 'g',
	AXE_SPACE_SHARED = 's',
	AXE_SPACE_REGS = 'r',
};

/* Everything the copy emitter prints, derived and checked by cuda_copy.c. */
typedef struct axe_cuda_copy_plan {
	char name[AXE_CUDA_NAME_MAX];
	const axe_cuda_type *type;
	int dtype;
	int64_t elem_bytes;
	char space[2];             /* SRC, DST */
	axe_cuda_index side[2];    /* NAME_src, NAME_dst */
	axe_cuda_index threads;    /* NAME_threads, when no side is registers */
	const axe_cuda_index *T;   /* the thread layout: "threads" or a register side */
	bool default_threads;      /* T was made here (row-major, vectorized) */
	int64_t nthreads, nregs, vector;
	int64_t elems[2];          /* per side: elements of one tile (memory span; r: threads x regs) */
	int64_t smem_offset[2];    /* shared sides: byte offset in the dynamic shared memory */
	int64_t smem_bytes;
	int64_t *table;            /* nthreads x nregs: the row-major point, or -1 */
	const struct axe_atom *atom; /* --atom: the instruction, or NULL for plain moves */
	int64_t force_vector;      /* elements per move the atom fixes, or 0 */
} axe_cuda_copy_plan;

/*
 * cuda_atoms.c: rank the atoms for the pair of "req" and take the one
 * req->atom names (or the best for "auto") into p->atom and
 * p->force_vector.  0 to go on; 2 for cp.async.bulk.tensor (emitted by
 * axe_cuda_copy_bulk), 3 for tcgen05 (axe_cuda_copy_tmem); 1 when the atom cannot move this tile (or the
 * generator does not emit its family), "res" saying why; -1 on error.
 */
int axe_cuda_copy_choose_atom(const axe_cuda_copy_request *req, axe_cuda_copy_plan *p,
			      axe_cuda_outcome *res, axe_error *err);

/* The copy of "req" as a TMA copy (axe_cuda_generate_tma): GLOBAL and SMEM by the spaces. */
int axe_cuda_copy_bulk(const axe_cuda_copy_request *req, axe_emit *out, axe_cuda_outcome *res,
		       axe_error *err);

/*
 * The copy of "req" between tensor memory and registers with tcgen05 atom
 * "atom" (cuda_tmem.c): 0 with "res" saying whether it was emitted, or -1.
 */
int axe_cuda_copy_tmem(const axe_cuda_copy_request *req, const struct axe_atom *atom,
		       axe_emit *out, axe_cuda_outcome *res, axe_error *err);

/* True when the atom of "p" is ldmatrix/stmatrix: its own tile function. */
bool axe_cuda_copy_is_matrix(const axe_cuda_copy_plan *p);

/* The tile function of an ldmatrix/stmatrix copy (cuda_atoms.c). */
void axe_cuda_emit_matrix_tile(axe_emit *e, const axe_cuda_copy_plan *p);

/*
 * The move of one vector by cp.async from "from" (global) to "to" (shared),
 * with the plain move for the host; and the lines after the thread's moves
 * (commit the group, wait for it).
 */
void axe_cuda_emit_cp_async(axe_emit *e, const axe_cuda_copy_plan *p, const char *from,
			    const char *to);
void axe_cuda_emit_cp_async_wait(axe_emit *e, const axe_cuda_copy_plan *p);

/* "laneid = t % 32": the value of thread axis "name" at linear thread index "var". */
void axe_cuda_thread_value(const char *name, const char *var, char *buf, size_t size);

void axe_cuda_copy_plan_release(axe_cuda_copy_plan *plan);

/* cuda_copy_emit.c: the file of a checked, proved copy plan. */
void axe_cuda_emit_copy(axe_emit *e, const axe_cuda_copy_plan *plan);

/*
 * The thread axes of a 1-D block: their value at thread t is (t / div) % mod
 * (mod 0: none), div the axis' weight in the thread index (core/relate.h,
 * from the relations of axes.def).
 */
typedef struct axe_cuda_thread_axis {
	const char *name;
	int64_t mod;
} axe_cuda_thread_axis;

/* The "div" of thread axis "ta": threads per unit of it. */
static inline int64_t axe_cuda_thread_div(const axe_cuda_thread_axis *ta)
{
	return axe_thread_weight(ta->name);
}

/* The row of thread axis "name", or NULL when a 1-D block cannot give it. */
const axe_cuda_thread_axis *axe_cuda_thread_axis_of(const char *name);

/* "res" for index functions whose forward proof did not succeed: status and reason. */
void axe_cuda_refuse(const axe_cuda_index *ix, axe_cuda_outcome *res);

#endif
