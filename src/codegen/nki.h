/*
 * nki.h: the NKI kernel of a Trainium matmul plan (trainium.h), in the
 * current `nki` API (nki.jit, nki.language ndarray/affine_range/
 * sequential_range, nki.isa dma_copy/dma_transpose/memset/nc_matmul/
 * tensor_copy): A and B copied from HBM into SBUF by their layouts, the
 * nc_matmul calls of the loop nest accumulating in PSUM, and C copied out to
 * HBM.
 *
 * Every tile the kernel touches is one slice of an HBM tensor and one slice
 * of an on-chip tensor.  The starts of both come from the simplifier
 * (expr/simplify.h, LEGO paper section IV.A) and are proved equal to the
 * operand's layout (prove/prove.h) before anything is printed: for every
 * trip of the loops and every element of the tile, the on-chip place the
 * kernel uses is the place the layout gives the HBM element it pairs with.
 */
#ifndef AXE_CODEGEN_NKI_H
#define AXE_CODEGEN_NKI_H

#include "trainium.h"

/* How an operand's index math is known to be right. */
typedef struct axe_nki_proof {
	enum axe_verdict verdict; /* TRUE proved; FALSE refuted; UNKNOWN undecided */
	char how[400];            /* TRUE: the method; otherwise why, or where they differ */
} axe_nki_proof;

/* One start of a tile: Python text over the loop variables. */
typedef struct axe_nki_index {
	char *text;     /* owned; NULL for an axis the operand does not use */
	bool constant;
	int64_t value;  /* when constant */
} axe_nki_index;

/* How the kernel reaches the tiles of one operand. */
typedef struct axe_nki_access {
	axe_nki_index logical[2];           /* per dimension of the operand: HBM start */
	axe_nki_index phys[AXE_TRN_NAXES];  /* per axis P, F, Bank: on-chip start */
	axe_nki_proof proof;
} axe_nki_access;

typedef struct axe_nki_kernel {
	axe_nki_access access[AXE_TRN_NOPERANDS];
} axe_nki_kernel;

/*
 * Derive and prove the index math of "plan" (for "req") into "k", each
 * proof given "timeout" seconds (0: no limit).  0 with every verdict in "k"
 * (check axe_nki_kernel_verdict before printing), or -1 on no memory.
 */
int axe_nki_kernel_build(const axe_trn_request *req, const axe_trn_plan *plan, double timeout,
			 axe_nki_kernel *k, axe_error *err);
void axe_nki_kernel_release(axe_nki_kernel *k);

/* TRUE when every operand is proved; otherwise the first other verdict, its operand in "*op". */
enum axe_verdict axe_nki_kernel_verdict(const axe_nki_kernel *k, enum axe_trn_operand *op);

/*
 * The Python source of the kernel, a function "name" taking a (K, M) and b
 * (K, N) in HBM and returning c (M, N); malloc'd, NULL on no memory.  Call
 * only when axe_nki_kernel_verdict is TRUE.
 */
char *axe_nki_kernel_source(const axe_trn_request *req, const axe_trn_plan *plan,
			    const axe_nki_kernel *k, const char *name);

#endif
