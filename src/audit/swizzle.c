/*
 * swizzle.c: the shared-memory half of a convert_layout, as Triton's NVIDIA
 * backend lowers it (audit.h: axe_audit_convert_shared).  The rules are
 * those of triton-lang/triton at e3b5495253313e42ad074906ea8e2063b70dcc69:
 *   lib/Tools/GenericSwizzling.cpp: optimalSwizzling over the instruction
 *     tiles (optimalSwizzlingTile, getTile, leaveReps), its fallback
 *     optimalSwizzlingLdSt (getVecBasisLdSt: the common registers, filled
 *     towards 32 bits from registers the other side holds in warps, then
 *     common warp bases, then either side's warps; getLaneTile; the bank
 *     bases reordered to follow the side that filled the vector), the
 *     scratch layout itself (computeSegment, complementBasis, the block
 *     bases of the source, buildReps) and bankConflicts / bankConflictsLdSt;
 *   lib/Conversion/TritonGPUToLLVM/Utility.cpp: getSrcDstTiles (ld/st.shared
 *     always; stmatrix from sm_90 and ldmatrix from sm_75 up to 32 bits, their
 *     .trans forms for 16 bits; no ldmatrix when the loads cross CTAs) and
 *     lowerLdSt (one round: the widest vector largestVectorisation finds);
 *   third_party/nvidia/lib/TritonNVIDIAGPUToLLVM/ConvertLayoutOpToLLVM.cpp
 *     (transferWithinBlockSwizzling: crossCTA, one store/load round per rep),
 *     Utility.cpp (lowerLdStMatrix: 8x8 tiles of 32-bit rows, at most 128
 *     bits per thread per instruction) and Allocation.cpp (the scratch
 *     bytes: the tensor over its reps and the CTAs the source splits over).
 * The barrier between the stores and the loads is convert.c's (isCvtDimSync).
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

/* The 1-d scratch layout: its in-dims vector, bank, segment, block, reps -> tensor index. */
typedef struct scratch_ll {
	vlist vec, bank, seg, block, reps;
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

/* One side of the conversion, flattened, broadcast registers removed. */
typedef struct side {
	vlist regs, lanes, warps, blocks;
	audit_flat flat;
} side;

/* Which side's registers filled the ld/st.shared vector (getVecBasisLdSt's srcFillsBank). */
typedef enum fill { FILL_NONE, FILL_SRC, FILL_DST } fill;

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

static vlist without_zeros(const vlist *l)
{
	vlist r = { 0 };

	for (int i = 0; i < l->n; i++)
		if (l->v[i] != 0)
			push(&r, l->v[i]);
	return r;
}

/* The vectors of "l" not in "drop", in order. */
static vlist minus(const vlist *l, const vlist *drop)
{
	vlist r = { 0 };

	for (int i = 0; i < l->n; i++)
		if (!contains(drop, l->v[i]))
			push(&r, l->v[i]);
	return r;
}

static int log2_int(int v)
{
	return v > 0 ? 31 - __builtin_clz((unsigned)v) : -1;
}

static uint32_t min_of(const vlist *l)
{
	uint32_t m = l->v[0];

	for (int i = 1; i < l->n; i++)
		m = l->v[i] < m ? l->v[i] : m;
	return m;
}

/* Triton's tiles for each side (getSrcDstTiles): stores on the src side, loads on dst. */
static int side_tiles(axe_audit_arch arch, int bitwidth, bool store, bool cross_cta,
		      mem_tile *out)
{
	bool matrix = store ? arch >= 90 : arch >= 75 && !cross_cta;
	int n = 0;

	out[n++] = tile_of_kind[TILE_LDST];
	if (matrix && bitwidth <= 32)
		out[n++] = tile_of_kind[TILE_MATRIX];
	if (matrix && bitwidth == 16)
		out[n++] = tile_of_kind[TILE_MATRIX_TRANS];
	return n;
}

/* The distinct non-zero vectors of a and b (a set, as computeSegment's). */
static vlist bank_set(const vlist *a, const vlist *b)
{
	vlist s = { 0 };

	for (const vlist *l = a; l; l = l == a ? b : NULL)
		for (int i = 0; i < l->n; i++)
			if (l->v[i] != 0 && !contains(&s, l->v[i]))
				push(&s, l->v[i]);
	return s;
}

static void sort_ascending(vlist *l)
{
	for (int i = 1; i < l->n; i++)
		for (int j = i; j > 0 && l->v[j - 1] > l->v[j]; j--) {
			uint32_t t = l->v[j];

			l->v[j] = l->v[j - 1];
			l->v[j - 1] = t;
		}
}

/*
 * computeSegment: the segment bases, conflict-free unit vectors first, then
 * sums of what only one side's bank holds, then the write and read conflicts.
 */
static vlist compute_segment(const vlist *bank_src, const vlist *bank_dst, const vlist *blocks,
			     int dim, int len)
{
	vlist src = bank_set(bank_src, blocks), dst = bank_set(bank_dst, blocks);
	vlist seg = { 0 }, a = minus(&src, &dst), b = minus(&dst, &src);

	for (int k = 0; k < dim; k++)
		if (!contains(&src, 1u << k) && !contains(&dst, 1u << k))
			push(&seg, 1u << k);
	if (seg.n >= len) {
		seg.n = len < 0 ? 0 : len;
		return seg;
	}
	if (a.n > b.n) {
		vlist t = a;

		a = b;
		b = t;
	}
	sort_ascending(&a);
	sort_ascending(&b);
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

/* optimalSwizzling with a given vector basis, lane tiles and block bases. */
static scratch_ll swizzle_core(const side *src, const side *dst, int bitwidth, const vlist *vbasis,
			       const vlist *tile_src, const vlist *tile_dst, int dim, int leave,
			       int banks)
{
	scratch_ll s = { 0 };
	vlist bank_src = *vbasis, bank_dst = *vbasis, used = *vbasis;
	vlist blocks = without_zeros(&src->blocks);
	int len_bank = log2_int(banks * 32 / ((1 << vbasis->n) * bitwidth));

	append(&bank_src, tile_src);
	append(&bank_dst, tile_dst);
	if (len_bank > dim - vbasis->n - blocks.n)
		len_bank = dim - vbasis->n - blocks.n;
	s.vec = *vbasis;
	s.seg = compute_segment(&bank_src, &bank_dst, &blocks, dim,
				dim - len_bank - vbasis->n - blocks.n);
	append(&used, &s.seg);
	append(&used, &blocks);
	s.bank.n = audit_gf2_complement(used.v, used.n, dim, s.bank.v);
	s.block = src->blocks;
	build_reps(&src->regs, &dst->regs, &s, leave);
	return s;
}

/* bankConflicts: extra wavefronts of each side, from the segment bases the tile touches. */
static void bank_conflicts(const vlist *tile_src, const vlist *tile_dst, const scratch_ll *s,
			   int dim, int64_t *read, int64_t *write)
{
	*write = ((int64_t)1 << intersection(&s->seg, tile_src, dim).n) - 1;
	*read = ((int64_t)1 << intersection(&s->seg, tile_dst, dim).n) - 1;
}

/*
 * getLaneTile: the lanes one wavefront serves: those "addr" names, else all
 * but the last ones a vector wider than a bank's word takes to other phases.
 */
static vlist lane_tile(const audit_ldst_tiles *t, bool dst, const vlist *lanes, int vec_elems,
		       int bitwidth)
{
	const int *addr = dst ? t->dst_addr : t->src_addr;
	int naddr = dst ? t->dst_naddr : t->src_naddr, words = vec_elems * bitwidth / 32;
	int phase = log2_int(words > 1 ? words : 1) + lanes->n - log2_int(t->banks);
	vlist r = { 0 };

	if (naddr > 0) {
		for (int i = 0; i < naddr; i++)
			push(&r, addr[i] < lanes->n ? lanes->v[addr[i]] : 0);
		return r;
	}
	r = *lanes;
	r.n -= phase > 0 ? phase : 0;
	return r;
}

/* getVecBasisLdSt's filling: towards 32 bits from registers the other side holds in warps. */
static fill fill_from_warps(const side *src, const side *dst, vlist *vb, int bitwidth, int dim)
{
	int per_bank = log2_int(32 / bitwidth);
	vlist warp_src = without_zeros(&src->warps), warp_dst = without_zeros(&dst->warps);
	vlist rs = minus(&src->regs, vb), rd = minus(&dst->regs, vb);
	vlist src_warp = intersection(&rs, &warp_dst, dim);
	vlist dst_warp = intersection(&rd, &warp_src, dim);
	fill f;

	if (src_warp.n == dst_warp.n && src_warp.n > 0)
		/* the lowest basis, in the hope that it avoids PRMTs */
		f = min_of(&src_warp) < min_of(&dst_warp) ? FILL_SRC : FILL_DST;
	else
		f = src_warp.n > dst_warp.n ? FILL_SRC : FILL_DST;
	append(vb, f == FILL_SRC ? &src_warp : &dst_warp);
	if (vb->n < per_bank) {
		vlist both = intersection(&warp_src, &warp_dst, dim);

		append(vb, &both);
	}
	for (int i = 0; vb->n < per_bank && (i < warp_src.n || i < warp_dst.n); i++) {
		if (i < warp_src.n && !contains(vb, warp_src.v[i]))
			push(vb, warp_src.v[i]);
		if (vb->n < per_bank && i < warp_dst.n && !contains(vb, warp_dst.v[i]) &&
		    !contains(&src->blocks, warp_dst.v[i]))
			push(vb, warp_dst.v[i]);
	}
	if (vb->n > per_bank)
		vb->n = per_bank;
	return f;
}

/* getVecBasisLdSt: the vector basis of ld/st.shared, and which side filled it. */
static vlist ldst_vbasis(const side *src, const side *dst, int bitwidth, int dim, fill *f)
{
	vlist vb = intersection(&src->regs, &dst->regs, dim);
	int most = log2_int(128 / bitwidth);

	if (vb.n > most)
		vb.n = most;
	*f = FILL_NONE;
	if ((1 << vb.n) * bitwidth < 32)
		*f = fill_from_warps(src, dst, &vb, bitwidth, dim);
	return vb;
}

/*
 * Below 128 bits a wavefront has room for wider vectors on one side: the
 * bank bases that are that side's registers go first, so that its
 * registers land on neighbouring words (optimalSwizzlingLdSt's reorder).
 */
static void registers_first(scratch_ll *s, const side *src, const side *dst, fill f)
{
	vlist in_src = { 0 }, in_dst = { 0 }, order;

	for (int i = 0; i < s->bank.n; i++) {
		if (contains(&src->regs, s->bank.v[i]))
			push(&in_src, s->bank.v[i]);
		if (contains(&dst->regs, s->bank.v[i]))
			push(&in_dst, s->bank.v[i]);
	}
	if (f == FILL_SRC)
		order = in_src;
	else if (f == FILL_DST)
		order = in_dst;
	else
		order = in_src.n > in_dst.n ? in_src : in_dst;
	for (int i = 0; i < s->bank.n; i++)
		if (!contains(&order, s->bank.v[i]))
			push(&order, s->bank.v[i]);
	s->bank = order;
}

/* optimalSwizzlingLdSt: the scratch layout when no instruction pairing exists. */
static scratch_ll swizzle_ldst(const side *src, const side *dst, int bitwidth, int dim,
			       const audit_ldst_tiles *t)
{
	fill f;
	vlist vb = ldst_vbasis(src, dst, bitwidth, dim, &f);
	int words = (1 << vb.n) * bitwidth / 32;
	vlist ts = lane_tile(t, false, &src->lanes, 1 << vb.n, bitwidth);
	vlist td = lane_tile(t, true, &dst->lanes, 1 << vb.n, bitwidth);
	scratch_ll s = swizzle_core(src, dst, bitwidth, &vb, &ts, &td, dim, 0, t->banks);

	if (log2_int(words > 1 ? words : 1) < 2)
		registers_first(&s, src, dst, f);
	return s;
}

/* Bit "bit" of in-dim "in" of C, or 0 when C has no such in-dim or out-dim. */
static int32_t ll_basis(const axe_ll *C, const char *in, int bit, const char *out)
{
	int i = axe_ll_in_index(C, in), o = axe_ll_out_index(C, out);

	return i < 0 || o < 0 || bit >= C->in_log2[i] ? 0 : C->basis[i][bit][o];
}

/*
 * optimalSwizzlingTile: the vector basis two instructions share when their
 * contiguous lanes line up ("na" and "nb" register bases start the tile).
 */
static int tile_vbasis(const side *a, const side *b, int na, int nb, const mem_tile *ta,
		       const mem_tile *tb, int dim, vlist *out, axe_error *err)
{
	axe_ll la, lb, cvt;

	if (na < nb)
		return tile_vbasis(b, a, nb, na, tb, ta, dim, out, err);
	*out = intersection(&a->regs, &b->regs, dim);
	if (out->n < nb)
		return 0;
	out->n = nb;
	for (int i = 0; i < ta->ncontig; i++)
		if (ta->contig[i] >= a->lanes.n || a->lanes.v[ta->contig[i]] == 0)
			return 0;
	for (int i = 0; i < tb->ncontig; i++)
		if (tb->contig[i] >= b->lanes.n || b->lanes.v[tb->contig[i]] == 0)
			return 0;
	/* map from b to a */
	if (audit_flat_ll(&b->flat, &lb, err) < 0 || audit_flat_ll(&a->flat, &la, err) < 0 ||
	    axe_ll_invert_and_compose(&cvt, &lb, &la, err) < 0)
		return -1;
	for (int i = 0; i < na - nb; i++) /* b's first lanes are a's registers */
		if (ll_basis(&cvt, "lane", tb->contig[i], "register") == 0)
			return 0;
	for (int i = 0; i < ta->ncontig; i++) /* the rest are the same lanes */
		if (ll_basis(&cvt, "lane", tb->contig[tb->ncontig - ta->ncontig + i], "lane") !=
		    1 << ta->contig[i])
			return 0;
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
	for (int i = 0; i < t->naddr; i++)
		push(out, t->addr[i] < s->lanes.n ? s->lanes.v[t->addr[i]] : 0);
	return true;
}

/* The chosen scratch layout, the instruction on each side and their conflicts. */
typedef struct choice {
	scratch_ll s;
	tile_kind st, ld;
	int64_t read, write;
} choice;

/* Fewest conflicts in all; among equals, the most rounds (the first of those). */
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
	/* ldmatrix/stmatrix pairs keep two rounds' bases to fill their .x4 */
	int miss_s = ts->ncontig + ts->naddr - 3, miss_d = td->ncontig + td->naddr - 3;

	c->s = swizzle_core(src, dst, bitwidth, &vb, &tsrc, &tdst, dim,
			    miss_s < miss_d ? miss_s : miss_d, 32);
	c->st = ts->kind;
	c->ld = td->kind;
	bank_conflicts(&tsrc, &tdst, &c->s, dim, &c->read, &c->write);
	return 1;
}

static const audit_ldst_tiles default_tiles = { 32, 0, { 0 }, 0, { 0 } };

/* optimalSwizzlingLdSt and its bankConflictsLdSt. */
static void choose_ldst(const side *src, const side *dst, int bitwidth, int dim,
			const audit_ldst_tiles *t, choice *c)
{
	c->s = swizzle_ldst(src, dst, bitwidth, dim, t);
	c->st = c->ld = TILE_LDST;
	vlist ts = lane_tile(t, false, &src->lanes, 1 << c->s.vec.n, bitwidth);
	vlist td = lane_tile(t, true, &dst->lanes, 1 << c->s.vec.n, bitwidth);

	bank_conflicts(&ts, &td, &c->s, dim, &c->read, &c->write);
}

/* optimalSwizzling over the instruction tiles, falling back to ld/st.shared. */
static int choose(const side *src, const side *dst, int bitwidth, axe_audit_arch arch,
		  bool cross_cta, int dim, choice *best, axe_error *err)
{
	mem_tile st[3], ld[3];
	int nst = side_tiles(arch, bitwidth, true, false, st);
	int nld = side_tiles(arch, bitwidth, false, cross_cta, ld);
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
	if (!have)
		choose_ldst(src, dst, bitwidth, dim, &default_tiles, best);
	return 0;
}

/* The scratch layout as a shared layout: offset (vector, bank, segment, reps), block. */
static audit_flat scratch_flat(const scratch_ll *s, int dim)
{
	audit_flat F;
	const vlist *parts[] = { &s->vec, &s->bank, &s->seg, &s->reps };

	memset(&F, 0, sizeof(F));
	F.out_bits = dim;
	F.has[AXE_LINEAR_OFFSET] = F.has[AXE_LINEAR_BLOCK] = true;
	for (size_t p = 0; p < sizeof(parts) / sizeof(parts[0]); p++)
		for (int i = 0; i < parts[p]->n; i++)
			F.b[AXE_LINEAR_OFFSET][F.n[AXE_LINEAR_OFFSET]++] = parts[p]->v[i];
	for (int i = 0; i < s->block.n; i++)
		F.b[AXE_LINEAR_BLOCK][F.n[AXE_LINEAR_BLOCK]++] = s->block.v[i];
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

		if (audit_flat_invert_compose(&sd->flat, scratch, &cvt, err) < 0 ||
		    audit_largest_vectorisation(&cvt, bitwidth, 0, perm, &elems, err) < 0)
			return -1;
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

/* One round's scratch layout on the tensor: offset (reps left out), and block when split. */
static void unflatten_scratch(const scratch_ll *s, const int *log2, size_t rank, axe_linear *L)
{
	audit_flat F = scratch_flat(s, 0);

	axe_linear_init(L, rank);
	L->has_in[AXE_LINEAR_OFFSET] = true;
	L->nbits[AXE_LINEAR_OFFSET] = F.n[AXE_LINEAR_OFFSET] - s->reps.n;
	for (int i = 0; i < L->nbits[AXE_LINEAR_OFFSET]; i++)
		audit_flat_unflatten(F.b[AXE_LINEAR_OFFSET][i], log2, rank,
				     L->basis[AXE_LINEAR_OFFSET][i]);
	if (s->block.n > 0) {
		L->has_in[AXE_LINEAR_BLOCK] = true;
		L->nbits[AXE_LINEAR_BLOCK] = s->block.n;
		for (int i = 0; i < s->block.n; i++)
			audit_flat_unflatten(s->block.v[i], log2, rank, L->basis[AXE_LINEAR_BLOCK][i]);
	}
	axe_linear_standard_outs(L);
	for (size_t d = 0; d < rank; d++)
		L->out_log2[d] = log2[d];
}

static int side_of(const axe_linear *L, const int *log2, side *s, axe_error *err)
{
	if (audit_flat_of(L, log2, L->rank, &s->flat, err) < 0)
		return -1;
	/* Triton's distributed layouts always name register, lane, warp and block */
	for (int in = AXE_LINEAR_REGISTER; in <= AXE_LINEAR_BLOCK; in++)
		s->flat.has[in] = true;
	audit_flat_drop_zero_regs(&s->flat);
	s->regs = in_list(&s->flat, AXE_LINEAR_REGISTER);
	s->lanes = in_list(&s->flat, AXE_LINEAR_LANE);
	s->warps = in_list(&s->flat, AXE_LINEAR_WARP);
	s->blocks = in_list(&s->flat, AXE_LINEAR_BLOCK);
	return 0;
}

/* crossCTA: dst.invertAndCompose(src) moves data between CTAs. */
static int crosses_ctas(const side *src, const side *dst, bool *yes, axe_error *err)
{
	axe_ll ls, ld, comp;

	if (audit_flat_ll(&src->flat, &ls, err) < 0 || audit_flat_ll(&dst->flat, &ld, err) < 0 ||
	    axe_ll_invert_and_compose(&comp, &ld, &ls, err) < 0)
		return -1;
	*yes = !axe_ll_is_trivial_over(&comp, "block");
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

/* The CTAs the source splits the tensor over (getCTASplitNum's product). */
static int64_t split_ctas(const side *s)
{
	return (int64_t)1 << without_zeros(&s->blocks).n;
}

int axe_audit_convert_shared(const axe_linear *src, const axe_linear *dst, int elem_bits,
			     axe_audit_arch arch, axe_audit_convert *out, axe_error *err)
{
	int bitwidth = elem_bits < 8 ? 8 : elem_bits, dim = 0;
	bool cross_cta;
	side s, d;
	choice c;

	if (check_operands(src, dst, elem_bits, err) < 0 ||
	    side_of(src, src->out_log2, &s, err) < 0 || side_of(dst, dst->out_log2, &d, err) < 0 ||
	    crosses_ctas(&s, &d, &cross_cta, err) < 0)
		return -1;
	dim = s.flat.out_bits;
	if (choose(&s, &d, bitwidth, arch, cross_cta, dim, &c, err) < 0)
		return -1;
	audit_flat scratch = scratch_flat(&c.s, dim);
	int nreps = 1 << c.s.reps.n;

	out->rounds = nreps;
	out->scratch_bytes = ((int64_t)1 << dim) / nreps / split_ctas(&s) * bitwidth / 8;
	if (fill_side(&s, &scratch, c.st, true, bitwidth, nreps, c.write, &out->store, err) < 0 ||
	    fill_side(&d, &scratch, c.ld, false, bitwidth, nreps, c.read, &out->load, err) < 0)
		return -1;
	unflatten_scratch(&c.s, src->out_log2, src->rank, &out->scratch);
	return 0;
}

int audit_swizzle_ldst(const axe_linear *src, const axe_linear *dst, int elem_bits,
		       const audit_ldst_tiles *tiles, int64_t *read, int64_t *write,
		       int64_t *scratch_bytes, axe_error *err)
{
	side s, d;
	choice c;

	if (check_operands(src, dst, elem_bits, err) < 0 ||
	    side_of(src, src->out_log2, &s, err) < 0 || side_of(dst, dst->out_log2, &d, err) < 0)
		return -1;
	choose_ldst(&s, &d, elem_bits, s.flat.out_bits, tiles ? tiles : &default_tiles, &c);
	*read = c.read;
	*write = c.write;
	*scratch_bytes = ((int64_t)1 << s.flat.out_bits) / (1 << c.s.reps.n) / split_ctas(&s) *
			 (elem_bits < 8 ? 8 : elem_bits) / 8;
	return 0;
}
