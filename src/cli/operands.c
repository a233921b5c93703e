/*
 * operands.c: storing a command's operand options into the request that
 * api/operand.c resolves.
 */
#include "operands.h"

int axe_operand_option(axe_operand_opts *o, int key, const char *arg)
{
	switch (key) {
	case AXE_KEY_SHAPE: o->shape = arg; return 1;
	case AXE_KEY_DTYPE: o->dtype = arg; return 1;
	case AXE_KEY_SWIZZLE: o->swizzle = arg; return 1;
	case AXE_KEY_EXPR: o->expr = arg; return 1;
	case AXE_KEY_VARS: o->vars = arg; return 1;
	case AXE_KEY_REPLICA_VARS: o->replica_vars = arg; return 1;
	case AXE_KEY_TILE: o->tile = arg; return 1;
	case AXE_KEY_BIND: o->bind = arg; return 1;
	default: return 0;
	}
}
