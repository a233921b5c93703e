/*
 * triton_enc.h: what the encoding files (triton_enc.c, triton_mma.c,
 * triton_shared.c, triton_tmem.c, triton_amd.c) share: checked access to an attribute's parameters,
 * errors placed in the attribute text, and Triton's combineCtaCgaWithShape.
 */
#ifndef AXE_INTEROP_TRITON_ENC_H
#define AXE_INTEROP_TRITON_ENC_H

#include <stdbool.h>

#include "triton.h"

#define MAX_PARENTS 8 /* slice/dot parents followed: aliases cannot loop */

/* An encoding's builder: the attribute "a" on "shape" ("rank" dims; NULL only for linear). */
typedef int encoding_fn(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
			axe_linear *out, axe_error *err);

encoding_fn tt_enc_mma, tt_enc_dot, tt_enc_swizzled, tt_enc_rotating, tt_enc_nvmma,
	tt_enc_shared_linear, tt_enc_padded, tt_enc_tmem, tt_enc_tmem_scales, tt_enc_mfma,
	tt_enc_wmma;

/* A dot operand ("op" 0 or 1, "kwidth") of the amd_mfma attribute "pa" (triton_amd.c). */
int tt_enc_mfma_dot(tt_ctx *c, const tt_attr *pa, int op, int64_t kwidth,
		    const int64_t *shape, size_t rank, axe_linear *out, axe_error *err);

/* A dot operand of the amd_wmma attribute "pa" (triton_amd.c). */
int tt_enc_wmma_dot(tt_ctx *c, const tt_attr *pa, int op, int64_t kwidth,
		    const int64_t *shape, size_t rank, axe_linear *out, axe_error *err);

/* An error (AXE_ERR_VALUE) at byte "pos" of the attribute text; always -1. */
int tt_fail(tt_ctx *c, size_t pos, size_t span, axe_error *err, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* The attribute "v" names (through aliases), a known encoding with known parameters; or NULL. */
const tt_attr *tt_resolve_encoding(tt_ctx *c, const tt_value *v, axe_error *err);

/* The value of parameter "key" of "a", or NULL (an error when "required"). */
const tt_value *tt_param(tt_ctx *c, const tt_attr *a, const char *key, bool required,
			 axe_error *err);

/* A number in [lo, hi]; "what" names it in errors.  0 or -1. */
int tt_get_int(tt_ctx *c, const tt_value *v, int64_t lo, int64_t hi, const char *what,
	       int64_t *out, axe_error *err);

/* A list of "rank" numbers (0: any count, into *n) in [1, 2^30], powers of two when asked. */
int tt_get_list(tt_ctx *c, const tt_value *v, size_t rank, bool pow2_only, const char *what,
		int64_t *out, size_t *n, axe_error *err);

/* An `order` list: a permutation of the "rank" dims, fastest first.  0 or -1. */
int tt_get_order(tt_ctx *c, const tt_value *v, size_t rank, const char *what, int *order,
		 axe_error *err);

/* The order rank-1, ..., 0 (the last dim fastest: row-major). */
void tt_reverse_order(int *order, size_t rank);

bool tt_pow2(int64_t v);

/* In-dim "in" of L from a list of bases, each "rank" coordinates.  0 or -1. */
int tt_linear_bases(tt_ctx *c, const tt_value *v, int in, size_t rank, axe_linear *L,
		    axe_error *err);

/* L's out-dim sizes: the shape's, or (NULL) the next power of two above each dim's bases. */
void tt_fit_out_sizes(axe_linear *L, const int64_t *shape);

/* log2 of "v" rounded down (v >= 1). */
int tt_log2i(int64_t v);

/* Every dim of "shape" a power of two, else an error at "a".  0 or -1. */
int tt_shape_pow2(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
		  axe_error *err);

/*
 * The CGA layout of "a" (in-dim block -> tensor dims: Triton's
 * CGAEncodingAttr) from `CGALayout = [[...]]`, or from the older
 * CTAsPerCGA/CTASplitNum/CTAOrder (CGAEncodingAttr::fromSplitParams);
 * neither: one CTA.  0 or -1.
 */
int tt_get_cga(tt_ctx *c, const tt_attr *a, size_t rank, axe_linear *cga, axe_error *err);

/* Triton's getShapePerCTA: shape[d] / min(shape[d], the CTAs splitting dim d). */
void tt_shape_per_cta(const axe_linear *cga, const int64_t *shape, size_t rank, int64_t *out);

/*
 * Triton's combineCtaCgaWithShape: the CGA layout cut to "shape"; the CTA
 * layout grown by in-dim "in" (register or offset) repeats and cut to the
 * shape left per CTA; their product in the standard dim order.  0 or -1.
 */
int tt_combine(const axe_linear *cta, const axe_linear *cga, int in, const int64_t *shape,
	       axe_linear *out, axe_error *err);

#endif
