/*
 * report.h: the audit of a whole module (report.c): every op of ops.def in
 * every chunk, its layouts read as LinearLayouts, the decision of its
 * family (convert.c, local.c, tma.c, mma.c), the gates, and the order in
 * which people read the answers (the costly ones first).  Writing the
 * answers is output/audit_out.c's business.
 */
#ifndef AXE_AUDIT_REPORT_H
#define AXE_AUDIT_REPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "../mlir/mlir.h"
#include "audit.h"
#include "mma.h"
#include "tma.h"

/* The families of ops.def (AUDIT_OP(name, FAMILY) is AXE_AUDIT_FAMILY). */
typedef enum axe_audit_kind {
	AXE_AUDIT_CONVERT,
	AXE_AUDIT_LOCAL_LOAD,
	AXE_AUDIT_LOCAL_STORE,
	AXE_AUDIT_LOCAL_ALLOC,
	AXE_AUDIT_TMA_LOAD,
	AXE_AUDIT_TMA_STORE,
	AXE_AUDIT_WGMMA,
	AXE_AUDIT_TCGEN05,
} axe_audit_kind;

/* "noop", "registers", "shuffle", "shared": the JSON words of the classes. */
extern const char *const axe_audit_class_name[4];

/* One audited op. */
typedef struct axe_audit_item {
	const axe_mlir_op *op;
	int split;                    /* its chunk */
	axe_audit_kind kind;
	const char *src, *dst;        /* encoding texts (the op's), or NULL */
	size_t rank;
	int64_t shape[AXE_MLIR_MAX_RANK];
	char dtype[48];                
	int elem_bits;
	bool skipped;
	char reason[320];             /* why it was skipped */
	/* the answer of its family */
	axe_audit_convert convert;
	axe_audit_smem smem;          /* local_load / local_store / local_alloc */
	axe_audit_tma tma;
	axe_audit_mma mma;
	int64_t mma_k;                /* K of an MMA (shape holds M, N) */
	/* the layouts, for the pictures */
	bool has_src, has_dst;
	axe_linear lsrc, ldst;
	const char *lsrc_enc, *ldst_enc; /* the encodings drawn */
	/* gates */
	int64_t conflicts;            /* the most extra wavefronts of its accesses */
	bool failed;
	char failure[160];            /* which gate, in words */
} axe_audit_item;

/* What to audit and the gates (a zeroed struct: the defaults, no gate). */
typedef struct axe_audit_options {
	axe_audit_arch arch;          /* 80, 90, 100; 0: the module's ttg.target, else 90 */
	bool max_conflicts_given;
	int64_t max_conflicts;
	unsigned deny;                /* bit (1 << class) for each denied convert class */
} axe_audit_options;

typedef struct axe_audit_result {
	axe_audit_item *item;         /* in file order */
	size_t nitems;
	size_t *order;                /* the costly ones first (a permutation of the items) */
	axe_audit_arch arch;          /* of the first chunk */
	int64_t analyzed, skipped, conflicts, failed;
	int64_t classes[4];           /* convert_layout ops of each class */
} axe_audit_result;

/*
 * Audit every chunk of "file" with "opts" into "out" (owned by the caller:
 * axe_audit_result_release).  An op that cannot be analysed is an item
 * marked skipped with its reason, never an error.  0, or -1 with "err" set
 * (no memory).
 */
int axe_audit_file(const axe_mlir_file *file, const axe_audit_options *opts,
		   axe_audit_result *out, axe_error *err);

void axe_audit_result_release(axe_audit_result *r);

/* "sm_80" "sm_90" "sm_100" ("sm_90a", "90" too) -> 80, 90, 100; -1 otherwise. */
int axe_audit_arch_parse(const char *text);

/* "shared,shuffle" -> the deny mask; -1 with the unknown word in "bad" (size "n"). */
int axe_audit_deny_parse(const char *text, unsigned *mask, char *bad, size_t n);

/* The op's name as ops.def spells it ("ttg.local_load"), whatever prefix it had. */
const char *axe_audit_op_name(const axe_audit_item *it);

#endif
