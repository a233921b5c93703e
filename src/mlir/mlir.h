/*
 * mlir.h: a whole Triton module as text (TTGIR/MLIR, as MLIR_ENABLE_DUMP,
 * TRITON_KERNEL_DUMP and the Triton cache write it, and as Triton's lit
 * tests hold it), read into chunks, attribute aliases and operations with
 * their operand and result types.  Reading only: what an encoding means is
 * interop/triton*.c's business, what an op costs is audit/'s.
 *
 * A file is split at lines `// -----` (mlir-opt's -split-input-file) into
 * chunks numbered from 0; a file without such lines is one chunk.  Lines
 * and columns are 1-based and count in the whole file.
 */
#ifndef AXE_MLIR_MLIR_H
#define AXE_MLIR_MLIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/error.h"

#define AXE_MLIR_MAX_RANK 8

typedef enum axe_mlir_type_kind {
	AXE_MLIR_TYPE_OTHER,      /* scalars, !tt.ptr<f16>, i32, !ttg.async.token ... */
	AXE_MLIR_TYPE_TENSOR,     /* tensor<128x64xf16, #enc> (pointer tensors too) */
	AXE_MLIR_TYPE_MEMDESC,    /* !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> */
	AXE_MLIR_TYPE_TENSORDESC, /* !tt.tensordesc<tensor<128x64xf16, #shared>> */
} axe_mlir_type_kind;

/* One type as written in an op's signature. */
typedef struct axe_mlir_type {
	axe_mlir_type_kind kind;
	size_t rank;                          /* 0 for a scalar */
	int64_t shape[AXE_MLIR_MAX_RANK];
	/*
	 * A memdesc's allocation shape: the trailing `, 3x128x64` of a subview
	 * type when written, else the shape itself.  Triton lays a view out on
	 * the allocation (a 16x16 view of a 16x32 buffer has the buffer's
	 * offsets); the reader fills it from the op that made the buffer
	 * where the type alone does not say.
	 */
	size_t alloc_rank;
	int64_t alloc_shape[AXE_MLIR_MAX_RANK];
	char elem[32];       /* element type as Triton spells it: "f16", "f8E4M3FN", "i1" */
	bool pointer;        /* tensor<...x!tt.ptr<ELEM>>: "elem" is the pointee */
	char *encoding;      /* "#blocked" (an alias) or the inline "#ttg.blocked<{...}>"; NULL if none */
	size_t encoding_pos; /* byte of the encoding's '#' in the file */
	bool alloc_written;  /* the memdesc type wrote its allocation shape */
	char *memory_space;  /* memdesc: "#smem", "#ttng.tensor_memory"; NULL otherwise */
	bool mutable_memory; /* memdesc: `mutable` */
	int line, col;       /* where the type starts */
} axe_mlir_type;

/*
 * One operation: `%a, %b = dialect.name %x, %y {attrs} : T1, T2 -> T3`.
 * "in" holds the types before `->` (all of them when there is no `->`),
 * "out" those after it; a region-holding op (scf.for, ttg.warp_specialize)
 * is an op too, and the ops of its regions follow it in file order.
 */
typedef struct axe_mlir_op {
	char *name;              /* "ttg.convert_layout" */
	int line, col;           /* of the op name */
	char **results;          /* "%acc", "%12" (with the '%') */
	size_t nresults;
	char **operands;         /* "%x" */
	size_t noperands;
	axe_mlir_type *in;
	size_t nin;
	axe_mlir_type *out;
	size_t nout;
	char *attrs;             /* the op's `{...}` attribute dictionary text, or NULL */
	const char *function;    /* the enclosing tt.func's name (owned by the chunk) or NULL */
	int num_warps;           /* warps that run it: the enclosing warp_specialize
				  * partition's, else the module's */
	/*
	 * Values the op declares for its regions, with their types: a
	 * function's `(%arg0: T)`, scf.for's induction variable and
	 * `iter_args(%acc = %x) -> (T)`, a partition's `partition0(%arg: T)`.
	 * arg_type[i].kind is AXE_MLIR_TYPE_OTHER with rank 0 and elem ""
	 * when no type is written for args[i].
	 */
	char **args;
	axe_mlir_type *arg_type;
	size_t nargs;
	int depth;               /* regions around it: 0 for `module`, 1 for tt.func, ... */
} axe_mlir_op;

/* An attribute alias: `#name = TEXT`. */
typedef struct axe_mlir_alias {
	char *name;              /* with its '#': "#blocked" */
	char *text;              /* "#ttg.blocked<{...}>" as written (one line or several) */
	int line, col;
	size_t text_pos;         /* byte of "text" in the file */
} axe_mlir_alias;

typedef struct axe_mlir_file axe_mlir_file;

typedef struct axe_mlir_chunk {
	const axe_mlir_file *file;  /* the file it is part of */
	int index;                  /* 0, 1, ... in file order */
	int first_line, last_line;
	axe_mlir_alias *alias;
	size_t nalias;
	axe_mlir_op *op;
	size_t nop;
	char **functions;           /* names the ops' "function" point into */
	size_t nfunctions;
	int threads_per_warp;       /* the module's attributes ("ttg." or "triton_gpu."), 0 if absent */
	int num_warps;
	int num_ctas;
	char target[32];            /* "ttg.target" such as "cuda:90", or "" */
} axe_mlir_chunk;

struct axe_mlir_file {
	char *source;               /* path as given, or "<arg>" */
	char *text;                 /* the whole file, NUL-terminated */
	size_t len;
	axe_mlir_chunk *chunk;
	size_t nchunks;
	void *arena;                /* the strings above are kept here */
};

/*
 * Reads and splits the module at "path".  A malformed op is an error at
 * its first bad token (`FILE:LINE:COL`); text the reader does not know
 * (other dialects, unknown attributes) is kept or skipped, never an error.
 * The caller frees the result with axe_mlir_free.  NULL with "err" set.
 */
axe_mlir_file *axe_mlir_read(const char *path, axe_error *err);

/* As axe_mlir_read, on "len" bytes of "text" named "source" in messages. */
axe_mlir_file *axe_mlir_parse(const char *source, const char *text, size_t len,
			      axe_error *err);

void axe_mlir_free(axe_mlir_file *f);

/* The alias "name" (with its '#') of "c", or NULL. */
const axe_mlir_alias *axe_mlir_alias_find(const axe_mlir_chunk *c, const char *name);

/*
 * The type of value "name" ("%acc", "%r#1") of "c": the result of the
 * op that defines it, or an argument an op declares ("*op" is that op).
 * The first definition in file order, or NULL.  A result's type is the
 * op's out type of the same index; an op written without `->` (`arith.addf
 * %a, %b : T`) gives its results its last type.
 */
const axe_mlir_type *axe_mlir_value_type(const axe_mlir_chunk *c, const char *name,
					 const axe_mlir_op **op);

/* The type of result "i" of "op" by the rule above, or NULL. */
const axe_mlir_type *axe_mlir_result_type(const axe_mlir_op *op, size_t i);

/* The chunk that holds file line "line", or NULL. */
const axe_mlir_chunk *axe_mlir_chunk_at_line(const axe_mlir_file *f, int line);

#endif
