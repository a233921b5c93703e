/*
 * operands.h: turning a command-line operand into a layout: another tool's
 * notation FORMAT:TEXT or FILE.mlir:#alias (docs/interop.md), a literal
 * (anything containing '[', or an offset alone), FILE:NAME (a spec of any
 * extension), or FILE holding one layout; with --shape, --dtype and
 * --swizzle applied, and --tile and --bind passed to a notation's reader.
 * An existing file named by the whole operand wins.
 */
#ifndef AXE_CLI_OPERANDS_H
#define AXE_CLI_OPERANDS_H

#include "../core/layout.h"
#include "../expr/expr_layout.h"
#include "../spec/spec.h"

/* The qualifying options of one operand, as the user gave them (or NULL). */
typedef struct axe_operand_opts {
	const char *shape;
	const char *dtype;
	const char *swizzle;
	const char *name;
	const char *shape_option; /* the option --shape errors name (default "--shape") */
	bool allow_expr;          /* the command takes `expr:` layouts too */
	bool allow_import_expr;   /* ... or only those read from another tool's notation */
	const char *expr;         /* --expr, --vars, --replica-vars: an `expr:` operand */
	const char *vars;
	const char *replica_vars;
	const char *tile;         /* --tile: the tile of a cute-tv: layout */
	const char *bind;         /* --bind: names in a lego: layout's tile sizes */
} axe_operand_opts;

typedef struct axe_operand {
	axe_spec *spec;               /* owned; NULL for a literal */
	const axe_spec_layout *entry; /* the spec's entry, or NULL */
	axe_layout *layout;           /* owned; NULL for an `expr:` layout */
	axe_expr_layout *expr;        /* owned; the `expr:` layout, or NULL */
	axe_shape shape;
	int dtype;                    /* or -1 */
	char name[128];
	const char *format;           /* the notation it was read from, or NULL */
	char why_expr[256];           /* an import without a compact form: why */
} axe_operand;

/* Option rows shared by every command that takes a layout operand. */
#define AXE_OPERAND_OPTIONS                                                             \
	{ "shape", 's', "S", "logical shape, e.g. 8,16 (default: the spec's, else the "  \
			     "shard extents)" },                                          \
	{ "dtype", 'd', "T", "element type: f8 e4m3 e5m2 f16 bf16 f32 tf32 f64 i8 u8 "    \
			     "i16 i32 u32 i64 u64" },                                     \
	{ "swizzle", 'w', "MODE", "none, 32B, 64B, 128B (needs --dtype) or M,B,S (Axe's "  \
				  "order: Swizzle(M,B,S) = CuTe's Swizzle<B,M,S>)" },         \
	{ "tile", AXE_KEY_TILE, "M,N", "the tile of a cute-tv: layout (thread, value) -> "   \
				       "tile index" },                                     \
	{ "bind", AXE_KEY_BIND, "N=V,...", "integer names in a lego: layout's tile sizes, "   \
					   "e.g. M=128,K=64" }

enum { AXE_KEY_SHAPE = 's', AXE_KEY_DTYPE = 'd', AXE_KEY_SWIZZLE = 'w',
       AXE_KEY_TILE = 0x1010, AXE_KEY_BIND };

/* Option rows of the commands that also take an `expr:` layout on the command line. */
#define AXE_EXPR_OPERAND_OPTIONS                                                        \
	{ "expr", AXE_KEY_EXPR, "MAP", "an expr: layout as an operand: AXIS=EXPR;... in C "  \
				       "syntax over the variables, e.g. 'laneid=4*i+(j/2)%4;"  \
				       "m=j%2' (/ and % are floor division and modulo; needs "  \
				       "--shape)" },                                            \
	{ "vars", AXE_KEY_VARS, "V,...", "names of the --expr variables, one per --shape "  \
					 "dimension (default i0,i1,...)" },                 \
	{ "replica-vars", AXE_KEY_REPLICA_VARS, "R=N,...", "replica variables of --expr: "   \
							   "each value of R in [0, N) gives "\
							   "one image, e.g. r=2" }

enum { AXE_KEY_EXPR = 0x1000, AXE_KEY_VARS, AXE_KEY_REPLICA_VARS };

/* Store "arg" into "o" when "key" is one of the operand options; 1 if it was. */
int axe_operand_option(axe_operand_opts *o, int key, const char *arg);

/*
 * Resolve "arg" into "out"; 0, or -1 with "err" set.  A spec's `expr:`
 * layout is accepted only with "opts->allow_expr" (then out->expr is set
 * and out->layout is NULL).
 */
int axe_operand_resolve(const char *arg, const axe_operand_opts *opts, axe_operand *out,
			axe_error *err);

/* Does "arg" name one layout (a literal or FILE:NAME) rather than a whole spec? */
bool axe_operand_names_one(const char *arg);

/*
 * When one of two operands has shape () (a one-point layout) and the other a
 * rank r > 0, give the first the shape (1, ..., 1) of rank r: the algebra
 * over two layouts pairs their dimensions.
 */
void axe_operand_match_ranks(axe_operand *a, axe_operand *b);

/* Resolve the `expr:` operand of --expr, --vars, --replica-vars and --shape. */
int axe_operand_resolve_expr(const axe_operand_opts *opts, axe_operand *out, axe_error *err);
void axe_operand_release(axe_operand *op);

/*
 * Resolve "arg" and prepare an evaluator for it on its shape: 0, or -1 with
 * "err" set and nothing to release.  On success release "ev", then "op".
 */
struct axe_evaluator;
int axe_operand_evaluator(const char *arg, const axe_operand_opts *opts, axe_operand *op,
			  struct axe_evaluator *ev, axe_error *err);

/*
 * Place an error raised while using option "option" with value "value" (an
 * error from the library that has no position yet) on that value.
 */
void axe_error_locate_option(axe_error *err, const char *option, const char *value);

#endif
