/*
 * convert.c: what ttg.convert_layout lowers to on Triton's NVIDIA backend
 * (audit.h, axe_audit_convert_layout), decided as Triton decides it, on
 * LinearLayouts (linear/algebra.h).  The rules are those of
 * github.com/triton-lang/triton:
 *   lib/Analysis/Utility.cpp: minimalCvtLayout (dst.invertAndCompose(src),
 *     quotiented by the in-dims both layouts end with, block first, while it
 *     is trivial over them), cvtReordersRegisters, cvtNeedsWarpShuffle (the
 *     minimal conversion moves only registers and lanes, and its
 *     permutation of register and lane bits has fewer than two mixed
 *     register/lane transpositions) and getWarpLayoutConvertDecomposition
 *     (P = P_mixed o P_lane o P_reg, found by walking the cycles of P);
 *   lib/Conversion/TritonGPUToLLVM/ConvertLayoutOpToLLVM.cpp:
 *     transferWithinWarp, whose Ship and Swap methods shuffle R/2, R(1-2^-m)
 *     or R registers (R: 32-bit registers after packing 2^nPack narrow
 *     elements), a 64-bit value taking two shfl.sync.
 * Read at the version of Utility.cpp whose getWarpLayoutConvertDecomposition
 * takes a bit width and returns nPack (after commit
 * 18b8d1d0f44cd641b0ac6f041bda5a7d747b9acc, whose older decomposition was
 * P1 o W o P2).  The shared-memory path (scratch layout, instructions, bank
 * conflicts) is axe_audit_convert_shared (swizzle.c), called here once the
 * class is shared; the barrier between its stores and loads is decided here,
 * on the LinearLayouts, as third_party/nvidia/lib/TritonNVIDIAGPUToLLVM/
 * ConvertLayoutOpToLLVM.cpp (transferWithinBlockSwizzling) and
 * lib/Analysis/Utility.cpp (isCvtDimSync) decide it at commit
 * e3b5495253313e42ad074906ea8e2063b70dcc69.
 */
#include <stdio.h>
#include <string.h>

#include "../linear/algebra.h"
#include "audit.h"

#define MAX_BITS (2 * AXE_LINEAR_MAX_BITS)

/* src or dst as a LinearLayout with register, lane, warp, block in Triton's order. */
static int distributed(axe_ll *out, const axe_linear *L, const char *what, axe_error *err)
{
	if (!L->has_in[AXE_LINEAR_REGISTER] || L->has_in[AXE_LINEAR_OFFSET])
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "the %s layout of a convert_layout is not a distributed "
				     "layout", what);
	if (axe_ll_of_linear(out, L, err) < 0)
		return -1;
	/* Triton's distributed layouts always name all four in-dims. */
	for (int in = AXE_LINEAR_LANE; in <= AXE_LINEAR_BLOCK; in++)
		if (!L->has_in[in]) {
			axe_ll fix = *out, one;

			if (axe_ll_identity1d(&one, 1, axe_linear_in_name[in],
					      out->nout ? out->out_name[0] : "dim0", err) < 0 ||
			    axe_ll_mul(&fix, &fix, &one, err) < 0)
				return -1;
			*out = fix;
		}
	return 0;
}

/* minimalCvtLayout: dst^-1 o src, quotiented by block, warp, lane, register. */
static int minimal_cvt(axe_ll *comp, const axe_ll *src, const axe_ll *dst, axe_error *err)
{
	if (axe_ll_invert_and_compose(comp, dst, src, err) < 0)
		return -1;
	for (int i = 1; i <= src->nin && i <= dst->nin; i++) {
		const char *dim = src->in_name[src->nin - i];
		int q;

		if (strcmp(dim, dst->in_name[dst->nin - i]) != 0)
			break;
		if ((q = axe_ll_quotient(comp, comp, dim, err)) < 0)
			return -1;
		if (q == 0)
			break;
	}
	return 0;
}

/* L's register and lane part without broadcast registers, padded to nreg, nlane bases. */
static int reg_lane_part(axe_ll *out, const axe_ll *L, int nreg, int nlane, axe_error *err)
{
	char outs[AXE_LL_MAX_DIMS * AXE_LL_NAME_SIZE] = "";

	for (int d = 0; d < L->nout; d++) {
		if (d > 0)
			strcat(outs, ",");
		strcat(outs, L->out_name[d]);
	}
	if (axe_ll_remove_zero_bases(out, L, "register", err) < 0 ||
	    axe_ll_sublayout(out, out, "register,lane", outs, err) < 0)
		return -1;
	/* Zero bases pad both sides to the same sizes (the spaces K_1, K_2). */
	out->in_log2[0] = nreg;
	out->in_log2[1] = nlane;
	return 0;
}

/* The number of non-zero register bases of L (actionRemoveBroadcastedRegs). */
static int live_registers(const axe_ll *L)
{
	int in = axe_ll_in_index(L, "register"), n = 0;

	for (int i = 0; i < L->in_log2[in]; i++) {
		bool zero = true;

		for (int d = 0; d < L->nout; d++)
			zero &= L->basis[in][i][d] == 0;
		n += !zero;
	}
	return n;
}

/* The decomposition's figures: what the shuffle count depends on. */
typedef struct warp_cvt {
	int nreg;           /* register bits of P */
	int mixed;          /* mixed register/lane transpositions */
	bool lane_trivial;  /* P_lane is the identity */
} warp_cvt;

/*
 * P as a bit permutation: perm[b] is where bit b goes (register bits 0 ..
 * nreg-1, then lane bits), from S.invertAndCompose(T) with its zero columns
 * filled as Triton fills them (fixed points where both layouts broadcast,
 * then source zeros paired with destination zeros in order).
 */
static int bit_permutation(int *perm, const axe_ll *S, const axe_ll *T, axe_error *err)
{
	axe_ll P;
	int n = S->in_log2[0] + S->in_log2[1], src_free[MAX_BITS], dst_free[MAX_BITS];
	int nsrc = 0, ndst = 0;

	if (axe_ll_invert_and_compose(&P, S, T, err) < 0)
		return -1;
	for (int dim = 0, b = 0; dim < 2; dim++)
		for (int i = 0; i < S->in_log2[dim]; i++, b++) {
			bool s_zero = true, t_zero = true;

			for (int d = 0; d < S->nout; d++) {
				s_zero &= S->basis[dim][i][d] == 0;
				t_zero &= T->basis[dim][i][d] == 0;
			}
			perm[b] = -1;
			/* Triton takes the last non-zero coordinate, and its highest bit. */
			for (int od = 0; od < 2; od++)
				for (int k = 30; k >= 0; k--)
					if (P.basis[dim][i][od] >> k & 1) {
						perm[b] = (od ? S->in_log2[0] : 0) + k;
						break;
					}
			if (s_zero && t_zero)
				perm[b] = b;
			else if (s_zero)
				src_free[nsrc++] = b;
			else if (t_zero)
				dst_free[ndst++] = b;
		}
	for (int k = 0; k < nsrc && k < ndst; k++)
		perm[src_free[k]] = dst_free[k];
	for (int b = 0; b < n; b++)
		if (perm[b] < 0)
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "the conversion is no permutation of register and "
					     "lane bits");
	return 0;
}

/*
 * Walk the cycles of P, register bits first, counting the mixed
 * transpositions Triton factors out: each stretch r_m l_j .. l_k r_i of a
 * cycle is one (r_i l_j), and l_k then maps to l_j in P_lane.
 */
static int walk_cycles(const int *perm, int nreg, int n, warp_cvt *w, axe_error *err)
{
	bool seen[MAX_BITS] = { false };
	int lane_to[MAX_BITS] = { 0 };

	w->nreg = nreg;
	w->mixed = 0;
	for (int s = 0; s < n; s++) {
		int cur = s, lane_start = -1, steps = 0;

		if (seen[s])
			continue;
		do {
			int next = perm[cur];

			if (seen[cur] || ++steps > n)
				return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
						     "the conversion is no permutation of "
						     "register and lane bits");
			seen[cur] = true;
			if (cur >= nreg && next >= nreg)
				lane_to[cur - nreg] = next - nreg;
			else if (cur < nreg && next >= nreg)
				lane_start = next - nreg;
			else if (cur >= nreg && next < nreg) {
				lane_to[cur - nreg] = lane_start;
				w->mixed++;
			}
			cur = next;
		} while (cur != s);
	}
	w->lane_trivial = true;
	for (int l = 0; l < n - nreg; l++)
		w->lane_trivial &= lane_to[l] == l;
	return 0;
}

/* getWarpLayoutConvertDecomposition's figures for src -> dst. */
static int decompose(const axe_ll *src, const axe_ll *dst, warp_cvt *w, axe_error *err)
{
	axe_ll S, T;
	int nreg = live_registers(src), nlane = src->in_log2[axe_ll_in_index(src, "lane")];
	int perm[MAX_BITS];

	if (live_registers(dst) > nreg)
		nreg = live_registers(dst);
	if (dst->in_log2[axe_ll_in_index(dst, "lane")] > nlane)
		nlane = dst->in_log2[axe_ll_in_index(dst, "lane")];
	if (nreg + nlane > MAX_BITS || nreg > AXE_LINEAR_MAX_BITS)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0, "too many register bits");
	if (reg_lane_part(&S, src, nreg, nlane, err) < 0 ||
	    reg_lane_part(&T, dst, nreg, nlane, err) < 0 || bit_permutation(perm, &S, &T, err) < 0)
		return -1;
	return walk_cycles(perm, nreg, nreg + nlane, w, err);
}

/*
 * shfl.sync per thread: R 32-bit registers after packing 2^nPack elements
 * of "bits" into one; R/2 (Ship) or R(1 - 2^-m) (Swap) when P_lane is the
 * identity, else R; twice that for 64-bit values.
 */
static int64_t shuffles(const warp_cvt *w, int bits)
{
	int pack = bits >= 32 ? 0 : bits >= 16 ? 1 : 2;
	int64_t regs;

	if (pack > w->nreg - w->mixed)
		pack = w->nreg - w->mixed;
	regs = (int64_t)1 << (w->nreg - pack);
	regs = w->lane_trivial ? regs - (regs >> w->mixed) : regs;
	return bits == 64 ? 2 * regs : regs;
}

static bool outs_are(const axe_ll *L, const char *a, const char *b)
{
	if (L->nout != (a ? 1 : 0) + (b ? 1 : 0))
		return false;
	return (!a || strcmp(L->out_name[0], a) == 0) && (!b || strcmp(L->out_name[1], b) == 0);
}

/* Every block basis of L is zero: each CTA holds the whole of L's data. */
static bool replicated_over_ctas(const axe_ll *L)
{
	int in = axe_ll_in_index(L, "block");

	if (in < 0)
		return false;
	for (int i = 0; i < L->in_log2[in]; i++)
		for (int d = 0; d < L->nout; d++)
			if (L->basis[in][i][d] != 0)
				return false;
	return true;
}

/*
 * isCvtDimSync: dst^-1 o src is trivial over "dim" (and, for warps, over
 * blocks too, with neither layout broadcasting over warps: a warp would
 * read what another wrote).  A source replicated in every CTA is read from
 * the CTA's own replica (plain ld.shared, no mapa and no cluster barrier,
 * as the lit test convert_layout_loads_local_replica of
 * test/Conversion/tritongpu_to_llvm.mlir at
 * 00327161946ce1a1428338d62ff5521aa25fa6ff checks): the CTAs need no
 * synchronisation then.
 */
static int dim_sync(const axe_ll *s, const axe_ll *d, const char *dim, bool *yes,
		    axe_error *err)
{
	axe_ll comp;
	int32_t smask[AXE_LL_MAX_DIMS], dmask[AXE_LL_MAX_DIMS];

	if (axe_ll_invert_and_compose(&comp, d, s, err) < 0)
		return -1;
	*yes = axe_ll_is_trivial_over(&comp, dim);
	if (strcmp(dim, "block") == 0) {
		*yes |= replicated_over_ctas(s);
		return 0;
	}
	if (!*yes)
		return 0;
	if (dim_sync(s, d, "block", yes, err) < 0)
		return -1;
	if (axe_ll_free_variable_masks(s, smask, err) < 0 ||
	    axe_ll_free_variable_masks(d, dmask, err) < 0)
		return -1;
	*yes &= smask[axe_ll_in_index(s, "warp")] == 0 && dmask[axe_ll_in_index(d, "warp")] == 0;
	return 0;
}

/* The barrier of transferWithinBlockSwizzling: a warp's, the CTA's or the cluster's. */
static int barrier_kind(const axe_ll *s, const axe_ll *d, char *out, size_t size,
			axe_error *err)
{
	bool warp, block;

	if (dim_sync(s, d, "warp", &warp, err) < 0 || dim_sync(s, d, "block", &block, err) < 0)
		return -1;
	snprintf(out, size, "%s", warp ? "bar.warp.sync" : block ? "bar.sync" : "barrier.cluster");
	return 0;
}

/* The class is shared: what swizzle.c says of the round trip, and the barrier between. */
static int through_shared(const axe_linear *src, const axe_linear *dst, const axe_ll *s,
			  const axe_ll *d, int elem_bits, axe_audit_arch arch,
			  axe_audit_convert *out, axe_error *err)
{
	out->cls = AXE_CVT_SHARED;
	if (axe_audit_convert_shared(src, dst, elem_bits, arch, out, err) < 0)
		return -1;
	return barrier_kind(s, d, out->barrier, sizeof(out->barrier), err);
}

int axe_audit_convert_layout(const axe_linear *src, const axe_linear *dst, int elem_bits,
			     axe_audit_arch arch, axe_audit_convert *out, axe_error *err)
{
	axe_ll s, d, comp;
	warp_cvt w = { 0 };

	/* the class is the same on sm_80, sm_90 and sm_100; the instructions are not */
	memset(out, 0, sizeof(*out));
	if (elem_bits <= 0 || elem_bits > 64)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "an element of %d bits cannot be converted", elem_bits);
	if (distributed(&s, src, "source", err) < 0 || distributed(&d, dst, "result", err) < 0 ||
	    minimal_cvt(&comp, &s, &d, err) < 0)
		return -1;
	if (comp.nout == 0) {
		out->cls = AXE_CVT_NOOP;
		return 0;
	}
	if (outs_are(&comp, "register", NULL)) {
		out->cls = AXE_CVT_REGISTERS;
		return 0;
	}
	if (!outs_are(&comp, "register", "lane"))
		return through_shared(src, dst, &s, &d, elem_bits, arch, out, err);
	if (decompose(&s, &d, &w, err) < 0)
		return -1;
	if (w.mixed >= 2)
		return through_shared(src, dst, &s, &d, elem_bits, arch, out, err);
	out->cls = AXE_CVT_SHUFFLE;
	out->shuffles = shuffles(&w, elem_bits < 8 ? 8 : elem_bits);
	return 0;
}
