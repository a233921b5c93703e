/*
 * operands.c: storing a command's operand options, and reading the operand
 * with them through the library (axe_map_read, axe_map_read_expr).
 */
#include "operands.h"

int axe_cli_operand_option(axe_cli_operand *o, int key, const char *arg)
{
	switch (key) {
	case AXE_KEY_SHAPE: o->map.shape = arg; return 1;
	case AXE_KEY_DTYPE: o->map.dtype = arg; return 1;
	case AXE_KEY_SWIZZLE: o->map.swizzle = arg; return 1;
	case AXE_KEY_TILE: o->map.tile = arg; return 1;
	case AXE_KEY_BIND: o->map.bind = arg; return 1;
	case AXE_KEY_EXPR: o->expr = arg; return 1;
	case AXE_KEY_VARS: o->vars = arg; return 1;
	case AXE_KEY_REPLICA_VARS: o->replica_vars = arg; return 1;
	default: return 0;
	}
}

axe_map *axe_cli_read(const char *arg, const axe_cli_operand *o, axe_error *err)
{
	if (!arg)
		return axe_map_read_expr(o->expr, o->vars, o->replica_vars, o->map.shape, err);
	return axe_map_read(arg, &o->map, err);
}
