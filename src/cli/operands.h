/*
 * operands.h: the command-line options of a layout operand (--shape,
 * --dtype, --swizzle, --tile, --bind, --expr ...): their rows in the options
 * tables and their keys; the options go to the library as axe_map_options
 * (axe_map_read), which resolves the operand.
 */
#ifndef AXE_CLI_OPERANDS_H
#define AXE_CLI_OPERANDS_H

#include <stdbool.h>

#include "../axe.h"

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

/* An operand's options as the library API reads them (axe_map_read). */
typedef struct axe_cli_operand {
	axe_map_options map;                   /* --shape, --dtype, --swizzle, --tile, --bind */
	const char *expr, *vars, *replica_vars; /* --expr, --vars, --replica-vars */
} axe_cli_operand;

/* Store "arg" into "o" when "key" is one of the operand options; 1 if it was. */
int axe_cli_operand_option(axe_cli_operand *o, int key, const char *arg);

/*
 * The map of operand "arg" with the options "o", or of the --expr operand
 * when "arg" is NULL; NULL with "err" set.
 */
axe_map *axe_cli_read(const char *arg, const axe_cli_operand *o, axe_error *err);

#endif
