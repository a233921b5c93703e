/*
 * swizzle.c: the shared-memory half of a convert_layout, as Triton's NVIDIA
 * backend lowers it (audit.h: axe_audit_convert_shared).  The rules are
 * those of triton-lang/triton:
 *   lib/Tools/GenericSwizzling.cpp @ 014546acd71675ba4bfc4ea397164f0e8df6150d
 *     optimalSwizzling over the instruction tiles, optimalSwizzlingTile,
 *     optimalSwizzlingLdSt and getVbasis, computeSegment, buildReps,
 *     bankConflicts and bankConflictsLdSt;
 *   lib/Conversion/TritonGPUToLLVM/Utility.cpp @ 00a287a7530fdc5fe89a2a01ac1de19f66aca85a
 *     getSrcDstTiles (ld/st.shared always, stmatrix/ldmatrix up to 32 bits,
 *     their .trans forms for 16 bits), lowerLdSt (the vector width);
 *   third_party/nvidia/lib/TritonNVIDIAGPUToLLVM/Allocation.cpp
 *     @ 36611356148300195398cd63c6b1558dd505708c: the scratch bytes, the
 *     swizzled layout's size over its reps, times max(8, bits) / 8;
 *   third_party/nvidia/lib/TritonNVIDIAGPUToLLVM/ConvertLayoutOpToLLVM.cpp
 *     (transferWithinBlockSwizzling): one round per rep, a CTA barrier
 *     between the stores and the loads of each round;
 *   third_party/nvidia/lib/TritonNVIDIAGPUToLLVM/Utility.cpp (lowerLdStMatrix:
 *     8x8 tiles per instruction) and TargetInfo.h (ldmatrix from sm_75,
 *     stmatrix from sm_90).
 * Everything works on flattened layouts (flat.h).
 */
#include <stdio.h>
#include <string.h>

#include "audit.h"
#include "flat.h"
#include "swizzle.h"

/* A list of GF(2) vectors of the flattened tensor index. */
typedef struct vlist {
	int n;
	uint32_t v[AUDIT_MAX_BASES];
} vlist;

/* The 1-d scratch layout: its in-dims vector, bank, segment, reps -> tensor index. */
typedef struct scratch_ll {
	vlist vec, bank, seg, reps;
} scratch_ll;

typedef enum tile_kind { TILE_LDST, TILE_MATRIX, TILE_MATRIX_TRANS } tile_kind;

/* Triton's LocalMemOpTile: lanes holding contiguous data, lanes giving addresses. */
typedef struct mem_tile {
	tile_kind kind;
	int ncontig, contig[3];
	int naddr, addr[3];
} mem_tile;

static const mem_tile tile_of_kind[] = {
	[TILE_LDST] = { TILE_LDST, 0, { 0 }, 3, { 0, 1, 2 } },
	[TILE_MATRIX] = { TILE_MATRIX, 2, { 0, 1 }, 3, { 2, 3, 4 } },
	[TILE_MATRIX_TRANS] = { TILE_MATRIX_TRANS, 3, { 2, 3, 4 }, 2, { 0, 1 } },
};

static void push(vlist *l, uint32_t v)
{
	l->v[l->n++] = v;
}

static void append(vlist *l, const vlist *m)
{
	for (int i = 0; i < m->n; i++)
		push(l, m->v[i]);
}

static vlist in_list(const audit_flat *F, int in)
{
	vlist l = { 0 };

	for (int i = 0; i < F->n[in]; i++)
		push(&l, F->b[in][i]);
	return l;
}

static bool contains(const vlist *l, uint32_t v)
{
	return audit_gf2_contains(l->v, l->n, v);
}

static vlist intersection(const vlist *a, const vlist *b, int dim)
{
	vlist r = { 0 };

	r.n = audit_gf2_intersection(a->v, a->n, b->v, b->n, dim, r.v);
	return r;
}

/* Triton's tiles for each side (getSrcDstTiles): stores on the src side, loads on dst. */
static int side_tiles(axe_audit_arch arch, int bitwidth, bool store, mem_tile *out)
{
	bool matrix = store ? arch >= 90 : arch >= 75;
	int n = 0;

	out[n++] = tile_of_kind[TILE_LDST];
	if (matrix && bitwidth <= 32)
		out[n++] = tile_of_kind[TILE_MATRIX];
	if (matrix && bitwidth == 16)
		out[n++] = tile_of_kind[TILE_MATRIX_TRANS];
	return n;
}

static int log2_int(int v)
{
	return v > 0 ? 31 - __builtin_clz((unsigned)v) : -1;
}

/* computeSegment: the segment bases, conflict-free first, then the write and read conflicts. */
static vlist compute_segment(const vlist *bank_src, const vlist *bank_dst, int dim, int len)
{
	vlist seg = { 0 }, a = { 0 }, b = { 0 };

	for (int k = 0; k < dim; k++)
		if (!contains(bank_src, 1u << k) && !contains(bank_dst, 1u << k))
			push(&seg, 1u << k);
	if (seg.n >= len) {
		seg.n = len < 0 ? 0 : len;
		return seg;
	}
	for (int i = 0; i < bank_src->n; i++)
		if (bank_src->v[i] && !contains(bank_dst, bank_src->v[i]) && !contains(&a, bank_src->v[i]))
			push(&a, bank_src->v[i]);
	for (int i = 0; i < bank_dst->n; i++)
		if (bank_dst->v[i] && !contains(bank_src, bank_dst->v[i]) && !contains(&b, bank_dst->v[i]))
			push(&b, bank_dst->v[i]);
	if (a.n > b.n) {
		vlist t = a;

		a = b;
		b = t;
	}
	for (vlist *l = &a; l; l = l == &a ? &b : NULL) /* sort both ascending */
		for (int i = 1; i < l->n; i++)
			for (int j = i; j > 0 && l->v[j - 1] > l->v[j]; j--) {
				uint32_t t = l->v[j];

				l->v[j] = l->v[j - 1];
				l->v[j - 1] = t;
			}
	int conflicts = len - a.n - seg.n;

	conflicts = conflicts < 0 ? 0 : conflicts > a.n ? a.n : conflicts;
	for (int i = conflicts; i < a.n; i++)
		push(&seg, a.v[i] ^ b.v[i]);
	for (int i = 0; i < conflicts; i++)
		push(&seg, a.v[i]);
	for (int i = 0; i < conflicts; i++)
		push(&seg, b.v[i]);
	if (seg.n > len)
		seg.n = len;
	return seg;
}

/* buildReps: segment bases in registers on both sides become rounds, past "leave" of them. */
static void build_reps(const vlist *src_regs, const vlist *dst_regs, scratch_ll *s, int leave)
{
	vlist seg = { 0 }, reps = { 0 };

	for (int i = 0; i < s->seg.n; i++) {
		uint32_t b = s->seg.v[i];

		if (contains(src_regs, b) && contains(dst_regs, b) && leave-- <= 0)
			push(&reps, b);
		else
			push(&seg, b);
	}
	s->seg = seg;
	s->reps = reps;
}

/* optimalSwizzling with a given vector basis and lane tiles. */
static scratch_ll swizzle_core(const vlist *src_regs, const vlist *dst_regs, int bitwidth,
			       const vlist *vbasis, const vlist *tile_src, const vlist *tile_dst,
			       int dim, int leave)
{
	scratch_ll s = { 0 };
	vlist bank_src = *vbasis, bank_dst = *vbasis, both = *vbasis;
	int len_bank = log2_int(32 * 32 / ((1 << vbasis->n) * bitwidth));

	append(&bank_src, tile_src);
	append(&bank_dst, tile_dst);
	if (len_bank < 0)
		len_bank = 0;
	if (len_bank > dim - vbasis->n)
		len_bank = dim - vbasis->n;
	s.vec = *vbasis;
	s.seg = compute_segment(&bank_src, &bank_dst, dim, dim - len_bank - vbasis->n);
	append(&both, &s.seg);
	s.bank.n = audit_gf2_complement(both.v, both.n, dim, s.bank.v);
	build_reps(src_regs, dst_regs, &s, leave);
	return s;
}

/* bankConflicts: extra wavefronts of each side, from the segment bases the tile touches. */
static void bank_conflicts(const vlist *tile_src, const vlist *tile_dst, const scratch_ll *s,
			   int dim, int64_t *read, int64_t *write)
{
	*write = ((int64_t)1 << intersection(&s->seg, tile_src, dim).n) - 1;
	*read = ((int64_t)1 << intersection(&s->seg, tile_dst, dim).n) - 1;
}

/* The lane bases a ld/st.shared wavefront covers: all but those the vector already spans. */
static vlist ldst_tile(const vlist *lanes, int vec_elems, int bitwidth)
{
	vlist t = *lanes;
	int words = vec_elems * bitwidth / 32;

	t.n -= log2_int(words > 1 ? words : 1);
	return t;
}

typedef struct side {
	vlist regs, lanes;
	audit_flat flat;
} side;

static int leading_match(const vlist *regs, const vlist *vbasis)
{
	int i = 0;

	while (i < vbasis->n && i < regs->n && regs->v[i] == vbasis->v[i])
		i++;
	return i;
}

/* intersectAfterBank0: registers of one side that are lanes of the other, past vbasis. */
static vlist regs_in_other_lanes(const vlist *regs, const vlist *vbasis, const vlist *other_lanes,
				 int bitwidth)
{
	vlist v = { 0 };
	int max = log2_int(128 / (bitwidth > 32 ? bitwidth : 32));

	for (int i = 0; i < regs->n && v.n != max; i++)
		if (!contains(vbasis, regs->v[i]) && contains(other_lanes, regs->v[i]))
			push(&v, regs->v[i]);
	return v;
}

static vlist fill_vbasis(const vlist *regs, const vlist *vbasis, int per_bank)
{
	vlist r = *vbasis;

	for (int i = vbasis->n; i < per_bank && i < regs->n; i++)
		push(&r, regs->v[i]);
	return r;
}

static vlist move_to_front(const vlist *regs, const vlist *vbasis)
{
	vlist r = *vbasis;

	for (int i = 0; i < regs->n; i++)
		if (!contains(vbasis, regs->v[i]))
			push(&r, regs->v[i]);
	return r;
}

/* Lexicographic comparison of two lists, as C++ compares two vectors. */
static int compare_lists(const vlist *a, const vlist *b)
{
	for (int i = 0; i < a->n && i < b->n; i++)
		if (a->v[i] != b->v[i])
			return (int32_t)a->v[i] < (int32_t)b->v[i] ? -1 : 1;
	return a->n - b->n;
}

/* getVbasis: the vector basis of ld/st.shared, and which side it follows. */
static vlist ldst_vbasis(side *src, side *dst, int bitwidth, int dim)
{
	vlist vb = intersection(&src->regs, &dst->regs, dim);
	int per_bank = bitwidth > 32 ? 0 : log2_int(32 / bitwidth);
	bool vec_src = true;

	if (vb.n > log2_int(128 / bitwidth))
		vb.n = log2_int(128 / bitwidth);
	if ((1 << vb.n) * bitwidth < 32) {
		bool sp = leading_match(&src->regs, &vb) == vb.n;
		bool dp = leading_match(&dst->regs, &vb) == vb.n;

		if (vb.n > 0 && !sp && !dp) { /* Triton reorders (PRMT) and goes on */
			src->regs = move_to_front(&src->regs, &vb);
			dst->regs = move_to_front(&dst->regs, &vb);
			sp = dp = true;
		}
		if (sp && dp) {
			vlist fs = fill_vbasis(&src->regs, &vb, per_bank);
			vlist fd = fill_vbasis(&dst->regs, &vb, per_bank);
			vlist es = regs_in_other_lanes(&src->regs, &fs, &dst->lanes, bitwidth);
			vlist ed = regs_in_other_lanes(&dst->regs, &fd, &src->lanes, bitwidth);

			sp = compare_lists(&es, &ed) >= 0;
		}
		vec_src = sp;
		vb = fill_vbasis(vec_src ? &src->regs : &dst->regs, &vb, per_bank);
	}
	vlist extra = vec_src ? regs_in_other_lanes(&src->regs, &vb, &dst->lanes, bitwidth)
			      : regs_in_other_lanes(&dst->regs, &vb, &src->lanes, bitwidth);

	append(&vb, &extra);
	return vb;
}

/* The lanes of one side left for the bank once its ld/st.shared vector is counted. */
static vlist ldst_lane_tile(const vlist *regs, const vlist *lanes, const vlist *vb, int bitwidth)
{
	vlist t = { 0 };
	int v = leading_match(regs, vb), n = lanes->n;

	if ((1 << v) * bitwidth > 32)
		n -= log2_int((1 << v) * bitwidth / 32);
	for (int i = 0; i < n; i++)
		if (!contains(vb, lanes->v[i]))
			push(&t, lanes->v[i]);
	return t;
}

/* optimalSwizzlingLdSt: the scratch layout when no ldmatrix/stmatrix pairing exists. */
static scratch_ll swizzle_ldst(side src, side dst, int bitwidth, int dim)
{
	vlist src_regs = src.regs, dst_regs = dst.regs;
	vlist vb = ldst_vbasis(&src, &dst, bitwidth, dim);
	vlist ts = ldst_lane_tile(&src_regs, &src.lanes, &vb, bitwidth);
	vlist td = ldst_lane_tile(&dst_regs, &dst.lanes, &vb, bitwidth);

	return swizzle_core(&src_regs, &dst_regs, bitwidth, &vb, &ts, &td, dim, 0);
}

/*
 * optimalSwizzlingTile: the vector basis two instructions share when their
 * contiguous lanes line up ("na" and "nb" register bases start the tile).
 */
static int tile_vbasis(const side *a, const side *b, int na, int nb, const mem_tile *ta,
		       const mem_tile *tb, int dim, vlist *out, axe_error *err)
{
	audit_flat cvt;
	int nreg_a = a->flat.n[AXE_LINEAR_REGISTER], nlane_a = a->flat.n[AXE_LINEAR_LANE];

	if (na < nb)
		return tile_vbasis(b, a, nb, na, tb, ta, dim, out, err);
	for (int i = 0; i < ta->ncontig; i++)
		if (ta->contig[i] >= a->lanes.n)
			return 0;
	for (int i = 0; i < tb->ncontig; i++)
		if (tb->contig[i] >= b->lanes.n)
			return 0;
	*out = intersection(&a->regs, &b->regs, dim);
	if (out->n < nb)
		return 0;
	out->n = nb;
	for (int i = 0; i < ta->ncontig; i++)
		if (a->lanes.v[ta->contig[i]] == 0)
			return 0;
	for (int i = 0; i < tb->ncontig; i++)
		if (b->lanes.v[tb->contig[i]] == 0)
			return 0;
	if (audit_flat_invert_compose(&b->flat, &a->flat, &cvt, err) < 0)
		return -1;
	for (int i = 0; i < na - nb; i++) /* b's first lanes are a's registers */
		if ((cvt.b[AXE_LINEAR_LANE][tb->contig[i]] & ((1u << nreg_a) - 1)) == 0)
			return 0;
	for (int i = 0; i < ta->ncontig; i++) { /* the rest are the same lanes */
		uint32_t lane = cvt.b[AXE_LINEAR_LANE][tb->contig[tb->ncontig - ta->ncontig + i]];

		if (((lane >> nreg_a) & ((1u << nlane_a) - 1)) != 1u << ta->contig[i])
			return 0;
	}
	for (int i = 0; i < tb->ncontig; i++)
		push(out, b->lanes.v[tb->contig[i]]);
	return 1;
}

/* getTile: the first registers outside vbasis, then the address lanes. */
static bool address_tile(const mem_tile *t, const side *s, const vlist *vb, vlist *out)
{
	int need = 3 - t->naddr;

	out->n = 0;
	for (int i = 0; i < s->regs.n && need > 0; i++)
		if (!contains(vb, s->regs.v[i])) {
			push(out, s->regs.v[i]);
			need--;
		}
	if (need > 0)
		return false;
	for (int i = 0; i < t->naddr; i++) {
		if (t->addr[i] >= s->lanes.n)
			return false;
		push(out, s->lanes.v[t->addr[i]]);
	}
	return true;
}

/* The chosen scratch layout, the instruction on each side and their conflicts. */
typedef struct choice {
	scratch_ll s;
	tile_kind st, ld;
	int64_t read, write;
} choice;

static bool better(const choice *c, const choice *best, bool have)
{
	int64_t a = c->read + c->write, b = best->read + best->write;

	return !have || a < b || (a == b && c->s.reps.n > best->s.reps.n);
}

/* One pairing of a store tile with a load tile; 1 when it is a candidate. */
static int try_pair(const side *src, const side *dst, const mem_tile *ts, const mem_tile *td,
		    int bitwidth, int dim, choice *c, axe_error *err)
{
	int total = log2_int(128 / bitwidth);
	vlist vb, tsrc, tdst;
	int ok = tile_vbasis(src, dst, total - ts->ncontig, total - td->ncontig, ts, td, dim, &vb,
			     err);

	if (ok <= 0)
		return ok;
	if (!address_tile(ts, src, &vb, &tsrc) || !address_tile(td, dst, &vb, &tdst))
		return 0;
	int miss_s = ts->ncontig + ts->naddr - 3, miss_d = td->ncontig + td->naddr - 3;

	c->s = swizzle_core(&src->regs, &dst->regs, bitwidth, &vb, &tsrc, &tdst, dim,
			    miss_s < miss_d ? miss_s : miss_d);
	c->st = ts->kind;
	c->ld = td->kind;
	bank_conflicts(&tsrc, &tdst, &c->s, dim, &c->read, &c->write);
	return 1;
}

/* optimalSwizzlingLdSt and its bankConflictsLdSt. */
static void choose_ldst(const side *src, const side *dst, int bitwidth, int dim, choice *c)
{
	c->s = swizzle_ldst(*src, *dst, bitwidth, dim);
	c->st = c->ld = TILE_LDST;
	vlist ts = ldst_tile(&src->lanes, 1 << c->s.vec.n, bitwidth);
	vlist td = ldst_tile(&dst->lanes, 1 << c->s.vec.n, bitwidth);

	bank_conflicts(&ts, &td, &c->s, dim, &c->read, &c->write);
}

/* optimalSwizzling over the instruction tiles, falling back to ld/st.shared. */
static int choose(const side *src, const side *dst, int bitwidth, axe_audit_arch arch, int dim,
		  choice *best, axe_error *err)
{
	mem_tile st[3], ld[3];
	int nst = side_tiles(arch, bitwidth, true, st), nld = side_tiles(arch, bitwidth, false, ld);
	bool have = false;

	for (int i = 0; i < nst; i++)
		for (int j = 0; j < nld; j++) {
			choice c;
			int ok = try_pair(src, dst, &st[i], &ld[j], bitwidth, dim, &c, err);

			if (ok < 0)
				return -1;
			if (ok && better(&c, best, have)) {
				*best = c;
				have = true;
			}
		}
	if (have)
		return 0;
	choose_ldst(src, dst, bitwidth, dim, best);
	return 0;
}

/* The scratch layout as one offset in-dim: vector, bank, segment, then reps. */
static audit_flat scratch_flat(const scratch_ll *s, int dim)
{
	audit_flat F;
	const vlist *parts[] = { &s->vec, &s->bank, &s->seg, &s->reps };

	memset(&F, 0, sizeof(F));
	F.out_bits = dim;
	for (size_t p = 0; p < sizeof(parts) / sizeof(parts[0]); p++)
		for (int i = 0; i < parts[p]->n; i++)
			F.b[AXE_LINEAR_OFFSET][F.n[AXE_LINEAR_OFFSET]++] = parts[p]->v[i];
	return F;
}

/* One side's instruction: its name, width, count per thread and conflicts. */
static int fill_side(const side *sd, const audit_flat *scratch, tile_kind kind, bool store,
		     int bitwidth, int nreps, int64_t conflicts, axe_audit_smem *out,
		     axe_error *err)
{
	int64_t regs = (int64_t)1 << sd->regs.n;
	int elems;

	if (kind == TILE_LDST) {
		audit_flat cvt;
		int perm[AXE_LINEAR_MAX_BITS];

		if (audit_flat_invert_compose(&sd->flat, scratch, &cvt, err) < 0)
			return -1;
		elems = audit_largest_vectorisation(&cvt, bitwidth, 0, perm);
		audit_ldst_name(out->instr, sizeof(out->instr), store, elems, bitwidth);
	} else {
		/* 8x8 tiles of 32-bit rows; up to 128 bits per thread per instruction */
		int per_tile = 32 / bitwidth, round = (int)(regs / nreps);
		int tiles = (round < 128 / bitwidth ? round : 128 / bitwidth) / per_tile;

		elems = per_tile * tiles;
		audit_matrix_name(out->instr, sizeof(out->instr), store, tiles,
				  kind == TILE_MATRIX_TRANS);
	}
	out->vector_bits = elems * bitwidth;
	out->instructions = regs / elems;
	out->conflicts = conflicts;
	return 0;
}

static void unflatten_scratch(const scratch_ll *s, const int *log2, size_t rank, axe_linear *L)
{
	audit_flat F = scratch_flat(s, 0);

	axe_linear_init(L, rank);
	L->has_in[AXE_LINEAR_OFFSET] = true;
	L->nbits[AXE_LINEAR_OFFSET] = F.n[AXE_LINEAR_OFFSET] - s->reps.n;
	for (int i = 0; i < L->nbits[AXE_LINEAR_OFFSET]; i++)
		audit_flat_unflatten(F.b[AXE_LINEAR_OFFSET][i], log2, rank,
				     L->basis[AXE_LINEAR_OFFSET][i]);
	axe_linear_standard_outs(L);
	for (size_t d = 0; d < rank; d++)
		L->out_log2[d] = log2[d];
}

static int side_of(const axe_linear *L, const int *log2, side *s, axe_error *err)
{
	if (audit_flat_of(L, log2, L->rank, &s->flat, err) < 0)
		return -1;
	for (int i = 0; i < s->flat.n[AXE_LINEAR_BLOCK]; i++)
		if (s->flat.b[AXE_LINEAR_BLOCK][i] != 0)
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "a conversion across CTAs (distributed shared "
					     "memory) is not modelled");
	audit_flat_drop_zero_regs(&s->flat);
	s->regs = in_list(&s->flat, AXE_LINEAR_REGISTER);
	s->lanes = in_list(&s->flat, AXE_LINEAR_LANE);
	return 0;
}

static int check_operands(const axe_linear *src, const axe_linear *dst, int elem_bits,
			  axe_error *err)
{
	if (elem_bits <= 0 || elem_bits > 64 || (elem_bits & (elem_bits - 1)) != 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "elements of %d bits: Triton moves 1 to 64-bit elements "
				     "through shared memory", elem_bits);
	if (src->rank != dst->rank)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "the two layouts have %zu and %zu dims", src->rank, dst->rank);
	for (size_t d = 0; d < src->rank; d++)
		if (src->out_log2[d] != dst->out_log2[d])
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "the two layouts cover different shapes (dim%zu)", d);
	return 0;
}

int axe_audit_convert_shared(const axe_linear *src, const axe_linear *dst, int elem_bits,
			     axe_audit_arch arch, axe_audit_convert *out, axe_error *err)
{
	int bitwidth = elem_bits < 8 ? 8 : elem_bits, dim = 0;
	side s, d;
	choice c;

	if (check_operands(src, dst, elem_bits, err) < 0 ||
	    side_of(src, src->out_log2, &s, err) < 0 || side_of(dst, dst->out_log2, &d, err) < 0)
		return -1;
	dim = s.flat.out_bits;
	if (choose(&s, &d, bitwidth, arch, dim, &c, err) < 0)
		return -1;
	audit_flat scratch = scratch_flat(&c.s, dim);
	int nreps = 1 << c.s.reps.n;

	out->rounds = nreps;
	out->scratch_bytes = ((int64_t)1 << dim) / nreps * bitwidth / 8;
	snprintf(out->barrier, sizeof(out->barrier), "bar.sync");
	if (fill_side(&s, &scratch, c.st, true, bitwidth, nreps, c.write, &out->store, err) < 0 ||
	    fill_side(&d, &scratch, c.ld, false, bitwidth, nreps, c.read, &out->load, err) < 0)
		return -1;
	unflatten_scratch(&c.s, src->out_log2, src->rank, &out->scratch);
	return 0;
}

int audit_swizzle_ldst(const axe_linear *src, const axe_linear *dst, int elem_bits,
		       int64_t *read, int64_t *write, int64_t *scratch_bytes, axe_error *err)
{
	int bitwidth = elem_bits;
	side s, d;
	choice c;

	if (check_operands(src, dst, elem_bits, err) < 0 ||
	    side_of(src, src->out_log2, &s, err) < 0 || side_of(dst, dst->out_log2, &d, err) < 0)
		return -1;
	choose_ldst(&s, &d, bitwidth, s.flat.out_bits, &c);
	*read = c.read;
	*write = c.write;
	*scratch_bytes = ((int64_t)1 << s.flat.out_bits) / (1 << c.s.reps.n) * bitwidth / 8;
	return 0;
}
