/*
 * triton.h: the pieces of the Triton reader shared by its files:
 * triton_enc.c (TTGIR attributes -> LinearLayout), triton.c (the reader
 * entry, LinearLayout dumps, the reference evaluator), triton_module.c
 * (.mlir/.ttgir modules) and triton_write.c (the #ttg.linear writer).
 */
#ifndef AXE_INTEROP_TRITON_H
#define AXE_INTEROP_TRITON_H

#include "linear.h"
#include "triton_attr.h"

/* An attribute alias of a module: `#name = VALUE`. */
typedef struct tt_alias {
	char name[64];   /* with its '#' */
	tt_value *value; /* owned */
} tt_alias;

/* What an encoding is read against. */
typedef struct tt_ctx {
	const tt_src *src;
	const tt_alias *alias; /* the module's aliases, or none */
	size_t nalias;
	int threads_per_warp;  /* the module's, or 0 */
	int num_warps;
	int depth;             /* parents followed so far */
	int num_ctas;          /* the module's, or 0 */
} tt_ctx;

/*
 * The LinearLayout of the encoding "v" (an attribute or an alias) on a
 * tensor of "shape" ("rank" dims; for #ttg.linear, shape may be NULL and is
 * then taken from the bases).  Errors point into c->src.  0 or -1.
 */
int tt_encoding_linear(tt_ctx *c, const tt_value *v, const int64_t *shape, size_t rank,
		       axe_linear *out, axe_error *err);

/* The number of dims "v" (an attribute or alias) implies, or 0 when it cannot tell. */
size_t tt_encoding_rank(tt_ctx *c, const tt_value *v);

/*
 * Convert L on "shape" to an Axe layout and validate it against Triton's
 * own meaning (the XOR of bases over every hardware index); "out" filled.
 * 0 or -1.
 */
int tt_import_linear(const axe_linear *L, const axe_shape *shape, axe_import *out,
		     axe_error *err);

/*
 * Validate "imp" against Triton's meaning of L on "shape": at one step per
 * basis when the import is a bit permutation (triton.c, bases_prove, with
 * the proof), else over every hardware index.  0, or -1 with the first
 * point where they differ (or the enumeration's limit).
 */
int tt_validate_linear(const axe_linear *L, const axe_shape *shape, const axe_import *imp,
		       axe_error *err);

/*
 * Import the encoding "v" (at byte "start" of c->src, for errors) on the
 * shape from opts->shape, else "typed" (a tensor type's; rank 0: none),
 * else the bases; "dtype" is the element type or -1.  0 or -1.
 */
int tt_import_value(tt_ctx *c, const tt_value *v, size_t start, const axe_import_opts *opts,
		    const axe_shape *typed, int dtype, axe_import *out, axe_error *err);

/*
 * Read "len" bytes of "text": a TTGIR attribute, `tensor<AxB..xT, ATTR>` or
 * a LinearLayout dump, with "c" (aliases, module attributes); the shape
 * from opts->shape, the tensor type, or the bases.  0 or -1.
 */
int tt_import_text(tt_ctx *c, const axe_import_opts *opts, axe_import *out, axe_error *err);

/*
 * The layout "alias" of the module text "text" ("len" bytes, named "path"
 * in errors): what axe_triton_import_file does after reading the file.
 */
int tt_import_module_text(const char *path, const char *text, size_t len, const char *alias,
			  const axe_import_opts *opts, axe_import *out, axe_error *err);

/* The LinearLayout of the attribute "text" on "shape" (no aliases, no module); for tests. */
int tt_linear_of_text(const char *text, const axe_shape *shape, axe_linear *L, axe_error *err);

#endif
