/*
 * algebra_private.h: what algebra.c (structure, products), reshape.c,
 * sublayout.c and solve.c (the GF(2) matrices: rank, least squares,
 * inverses) share.
 */
#ifndef AXE_LINEAR_ALGEBRA_PRIVATE_H
#define AXE_LINEAR_ALGEBRA_PRIVATE_H

#include "algebra.h"

/* A list of dim names, as parsed from "a,b,c". */
typedef struct ll_dims {
	int n;
	char name[AXE_LL_MAX_DIMS][AXE_LL_NAME_SIZE];
} ll_dims;

/* A value error naming the dim "name": "WHAT 'name'".  -1. */
int ll_name_error(axe_error *err, const char *what, const char *name);

/* Parse a comma-separated list of names (empty: no names).  0 or -1. */
int ll_dims_parse(ll_dims *d, const char *text, axe_error *err);

/* Append one name.  0 or -1. */
int ll_dims_add(ll_dims *d, const char *name, axe_error *err);

bool ll_dims_has(const ll_dims *d, const char *name);

/* L's in-dims (out-dims) as a list. */
void ll_dims_of_ins(ll_dims *d, const axe_ll *L);
void ll_dims_of_outs(ll_dims *d, const axe_ll *L);

/* Triton's sublayout on parsed lists; names L lacks are ignored. */
void ll_select(axe_ll *out, const axe_ll *L, const ll_dims *ins, const ll_dims *outs);

/* The flat bit of in-dim "in", basis "i" (in-dims in order). */
int ll_flat_in_bit(const axe_ll *L, int in, int i);

/*
 * The bit of the flattened out value (out-dims in order, the first least
 * significant) of basis i of in-dim "in".
 */
uint64_t ll_flat_out(const axe_ll *L, int in, int i);

/* The limit error for a layout too large for 64-bit matrix rows. */
int ll_too_large(axe_error *err);

#endif
