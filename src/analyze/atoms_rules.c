/*
 * atoms_rules.c: the structural rules and the cost terms of each family of
 * copy atoms (atoms.h), after atoms.c has excluded the atoms of another
 * target or of other memory spaces.
 *
 * Fragments.  ldmatrix/stmatrix and tcgen05.ld/st deliver a fixed
 * thread-value layout (atoms.def).  It is parsed and evaluated here, and
 * every element of the register layout is checked against it: for each
 * warp and each instruction's group of registers, the element lane l holds
 * in register r must sit where the atom's layout puts (l, r) in memory
 * (ldmatrix: row i of each 8x8 matrix 16 contiguous bytes of shared
 * memory, columns in order; tcgen05: one block of TMEM lanes by columns at
 * one base lane and column, inside the warp's 32-lane slab).  Nothing is
 * decided by an atom's name.
 *
 * Wavefronts come from the bank model (analyze/banks.h) on the accesses
 * the atom issues, warp instruction by warp instruction.
 *
 * Every rule reads the pair's tables (addresses, the thread plan, TMEM
 * places), so a side that is an `expr:` layout is judged like any other;
 * only the bulk-tensor copy needs the S/R/O form (a tensor map's strides
 * and swizzle mode) and excludes it, saying so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/dtype.h"
#include "../core/eval.h"
#include "../parse/parse.h"
#include "atoms_private.h"
#include "banks_private.h"

int axe_atom_fragment_load(const axe_atom *a, axe_atom_fragment *tv, axe_error *err)
{
	axe_loc origin = { "atoms.def", 1, 1, a->tv, strlen(a->tv) };
	axe_shape shape = { 2, { a->tv_rows, a->tv_cols } };
	axe_layout *L = axe_layout_parse_at(a->tv, strlen(a->tv), &origin, err);
	axe_evaluator ev;
	axe_cursor cur;
	int64_t img[8];
	int lane, m, r = -1;

	memset(tv, 0, sizeof(*tv));
	if (!L || axe_evaluator_init(&ev, L, &shape, err) < 0) {
		axe_layout_free(L);
		return -1;
	}
	lane = axe_layout_axis_index(L, "laneid");
	m = axe_layout_axis_index(L, "m");
	tv->rows = a->tv_rows;
	tv->cols = a->tv_cols;
	/* The table's layouts are bijections onto 32 lanes x regs registers. */
	tv->regs = (int)(ev.size / AXE_BANK_LANES);
	tv->of = malloc((size_t)ev.size * sizeof(int64_t));
	tv->at = malloc((size_t)ev.size * sizeof(int64_t));
	if (!tv->of || !tv->at || axe_cursor_init(&cur, &ev, err) < 0) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (; !cur.done; axe_cursor_next(&cur)) {
		axe_evaluator_images(&ev, cur.base, false, img);
		tv->of[cur.flat] = img[lane] * tv->regs + (m >= 0 ? img[m] : 0);
		tv->at[tv->of[cur.flat]] = cur.flat;
	}
	axe_cursor_release(&cur);
	r = 0;
out:
	axe_evaluator_release(&ev);
	axe_layout_free(L);
	return r;
}

void axe_atom_fragment_release(axe_atom_fragment *tv)
{
	free(tv->of);
	free(tv->at);
}

/* The element lane "lane" of plan row "w" holds in register "reg" (absolute), or -1. */
static int64_t slot(const axe_bank_plan *p, int64_t w, int lane, int64_t reg)
{
	int64_t k = reg - p->reg0;

	if (k < 0 || k >= p->nregs)
		return -1;
	return p->slot[(w * AXE_BANK_LANES + lane) * p->nregs + k];
}

/* Present slots of registers [g, g + n) over the 32 lanes of plan row "w". */
static int64_t present(const axe_bank_plan *p, int64_t w, int64_t g, int n, int *lane,
		       int64_t *reg)
{
	int64_t count = 0;

	*lane = -1;
	for (int l = 0; l < AXE_BANK_LANES; l++)
		for (int k = 0; k < n; k++) {
			if (slot(p, w, l, g + k) >= 0)
				count++;
			else if (*lane < 0)
				*lane = l, *reg = g + k;
		}
	return count;
}

/* Add the bank cost of one instruction whose lanes touch "flat" of "t". */
static void add_cost(axe_atom_candidate *c, const axe_bank_tile *t, const int64_t *flat,
		     const axe_bank_phasing *ph)
{
	axe_bank_instr in;

	for (int l = 0; l < AXE_BANK_LANES; l++)
		in.byte[l] = flat[l] < 0 ? -1 : t->post[flat[l]] * t->elem_bytes;
	axe_bank_cost(&in, ph);
	c->terms.smem_wavefronts += in.wavefronts;
	if (in.max_way > c->max_way)
		c->max_way = in.max_way;
}

/* Registers [g, g + n) of row "w" hold all or none of their elements; 1 all, 0 none, -1 excluded. */
static int whole_group(const axe_atom_pair *p, axe_atom_candidate *c, int64_t w, int64_t g, int n)
{
	int lane;
	int64_t reg, k = present(&p->regs, w, g, n, &lane, &reg);

	if (k == 0)
		return 0;
	if (k == (int64_t)n * AXE_BANK_LANES)
		return 1;
	axe_atom_exclude(c, "fragment", "one instruction fills registers %lld-%lld of every lane of "
			 "a warp; lane %d of warp %lld holds no element in register %lld",
			 (long long)g, (long long)(g + n - 1), lane, (long long)(w + p->regs.warp0),
			 (long long)reg);
	return -1;
}

/* The instruction's matrices, checked; what a failed check says. */
typedef struct matrix_group {
	const axe_atom_pair *p;
	const axe_atom_fragment *tv;
	int64_t w, g;                /* plan row and first register */
	int64_t rows[AXE_BANK_LANES]; /* lane 8j + i: the first element of row i of matrix j */
	int64_t misaligned;          /* a row's first element off 16 bytes, or -1 */
} matrix_group;

/*
 * Row "i" of matrix "j": the 8 elements the fragment places in that row must
 * be consecutive in shared memory; 0, or excluded (-1).
 */
static int matrix_row(matrix_group *m, axe_atom_candidate *c, int j, int i)
{
	const axe_bank_tile *t = &m->p->tile[axe_atom_side_of(m->p, AXE_ATOM_SHARED)];
	const axe_bank_plan *P = &m->p->regs;
	int64_t a0 = 0;

	for (int col = 0; col < 8; col++) {
		int64_t s = m->tv->of[i * 8 + col], lane = s / m->tv->regs;
		int64_t e = slot(P, m->w, (int)lane, m->g + 2 * j + s % m->tv->regs);
		char at[96];
		if (col == 0) {
			a0 = t->post[e];
			m->rows[8 * j + i] = e;
			if (a0 % 8 && m->misaligned < 0)
				m->misaligned = e;
			continue;
		}
		if (t->post[e] == a0 + col)
			continue;
		axe_bank_format_coord(&t->shape, e, at, sizeof(at));
		return axe_atom_exclude(c, "fragment", "warp %lld, matrix %d at register %lld: lane "
					"%lld holds %s at shared address %lld, where the atom's "
					"fragment needs %lld (row %d of the 8x8 matrix is 16 contiguous "
					"bytes)", (long long)(m->w + P->warp0), j,
					(long long)(m->g / 2 + j), (long long)lane, at,
					(long long)t->post[e], (long long)(a0 + col), i), -1;
	}
	return 0;
}

/*
 * ldmatrix/stmatrix .xN: N 8x8 matrices of 16-bit elements, matrix j in
 * 32-bit register g/2 + j of each lane; lane 8j + i gives the address of
 * row i (lanes past 8N give none).
 */
static int judge_matrix(const axe_atom_pair *p, axe_atom_candidate *c, axe_error *err)
{
	const axe_bank_tile *t = &p->tile[axe_atom_side_of(p, AXE_ATOM_SHARED)];
	const axe_bank_plan *P = &p->regs;
	int N = c->atom->width, per = 2 * N, ok = 0;
	axe_bank_phasing ph = axe_bank_phasing_of(c->atom->family == AXE_ATOM_LDMATRIX
						  ? AXE_BANK_LDMATRIX : AXE_BANK_STMATRIX, N, 16);
	matrix_group m = { .p = p, .misaligned = -1 };
	axe_atom_fragment tv;

	if (p->elem_bytes != 2)
		return axe_atom_exclude(c, "dtype", "moves 16-bit elements; %s elements are %d bits",
					axe_dtype_get(p->dtype)->name, 8 * p->elem_bytes);
	if (axe_atom_fragment_load(c->atom, &tv, err) < 0)
		return -1;
	m.tv = &tv;
	for (m.w = 0; m.w < P->nwarps && ok >= 0; m.w++)
		for (m.g = P->reg0 - P->reg0 % per; m.g < P->reg0 + P->nregs && ok >= 0; m.g += per) {
			if ((ok = whole_group(p, c, m.w, m.g, per)) <= 0)
				continue;
			for (int l = 0; l < AXE_BANK_LANES; l++)
				m.rows[l] = -1;
			for (int j = 0; j < N && ok >= 0; j++)
				for (int i = 0; i < 8 && ok >= 0; i++)
					ok = matrix_row(&m, c, j, i);
			if (ok >= 0) {
				add_cost(c, t, m.rows, &ph);
				c->terms.instructions++;
			}
		}
	axe_atom_fragment_release(&tv);
	if (!c->legal)
		return 0;
	if (m.misaligned >= 0) {
		char at[96];
		axe_bank_format_coord(&t->shape, m.misaligned, at, sizeof(at));
		return axe_atom_exclude(c, "alignment", "a matrix row starts at %s, shared address "
					"%lld (byte %lld): rows must be 16-byte aligned", at,
					(long long)t->post[m.misaligned],
					(long long)(t->post[m.misaligned] * 2));
	}
	c->terms.registers = p->fragment_regs;
	return 0;
}

/*
 * One tcgen05 instruction of plan row "w" at registers [g, g + regs): the
 * elements must lie at one base lane and column, as the fragment places
 * them, the base inside the warp's slab of 32 TMEM lanes (warp % 4).
 */
static int tmem_group(const axe_atom_pair *p, axe_atom_candidate *c, const axe_atom_fragment *tv,
		      int64_t w, int64_t g)
{
	int64_t warp = w + p->regs.warp0, slab = 32 * (warp % 4), lane0 = 0, col0 = 0;

	for (int l = 0; l < AXE_BANK_LANES; l++)
		for (int k = 0; k < tv->regs; k++) {
			int64_t e = slot(&p->regs, w, l, g + k), cell = tv->at[l * tv->regs + k];
			int64_t lane = p->tlane[e] - cell / tv->cols, col = p->tcol[e] - cell % tv->cols;
			if (l == 0 && k == 0) {
				lane0 = lane, col0 = col;
				continue;
			}
			if (lane != lane0 || col != col0)
				return axe_atom_exclude(c, "fragment", "warp %lld, registers %lld-%lld: "
							"lane %d register %lld holds the element at TMEM "
							"lane %lld column %lld; the atom's fragment puts "
							"it at lane %lld column %lld", (long long)warp,
							(long long)g, (long long)(g + tv->regs - 1), l,
							(long long)(g + k), (long long)p->tlane[e],
							(long long)p->tcol[e],
							(long long)(lane0 + cell / tv->cols),
							(long long)(col0 + cell % tv->cols)), -1;
		}
	if (lane0 < slab || lane0 + tv->rows > slab + 32 || (lane0 - slab) % tv->rows)
		return axe_atom_exclude(c, "fragment", "warp %lld reaches TMEM lanes %lld-%lld; its "
					"registers %lld-%lld would need lanes %lld-%lld",
					(long long)warp, (long long)slab, (long long)(slab + 31),
					(long long)g, (long long)(g + tv->regs - 1), (long long)lane0,
					(long long)(lane0 + tv->rows - 1)), -1;
	return 0;
}

/* tcgen05.ld/st: 32-bit words between TMEM and the registers of whole warps. */
static int judge_tmem(const axe_atom_pair *p, axe_atom_candidate *c, axe_error *err)
{
	const axe_bank_plan *P = &p->regs;
	int ok = 0;
	axe_atom_fragment tv;

	if (p->elem_bytes != 4)
		return axe_atom_exclude(c, "dtype", "moves 32-bit words; %s elements are %d bits",
					axe_dtype_get(p->dtype)->name, 8 * p->elem_bytes);
	if (axe_atom_fragment_load(c->atom, &tv, err) < 0)
		return -1;
	for (int64_t w = 0; w < P->nwarps && ok >= 0; w++)
		for (int64_t g = P->reg0 - P->reg0 % tv.regs; g < P->reg0 + P->nregs && ok >= 0;
		     g += tv.regs) {
			if ((ok = whole_group(p, c, w, g, tv.regs)) <= 0)
				continue;
			if ((ok = tmem_group(p, c, &tv, w, g)) == 0)
				c->terms.instructions++;
		}
	if (c->legal) {
		c->terms.registers = p->fragment_regs;
		/* 32 words per cycle: one per lane of the warp's slab. */
		c->terms.tmem_cycles = c->terms.instructions * tv.rows * tv.cols / 32;
	}
	axe_atom_fragment_release(&tv);
	return 0;
}

/*
 * cp.async.bulk.tensor: legal when the TMA planner plans it.  The copy
 * engine writes (or reads) the box in shared-address order, 16 bytes per
 * slot, 8 slots to a 128-byte phase.
 */
static int judge_bulk(const axe_atom_pair *p, axe_atom_candidate *c, axe_error *err)
{
	const axe_atom_request *req = p->req;
	int g = axe_atom_side_of(p, AXE_ATOM_GLOBAL), s = 1 - g;
	const axe_atom_operand *op[2] = { &req->src, &req->dst };
	const axe_bank_tile *t = &p->tile[s];
	axe_bank_phasing ph = axe_bank_phasing_of(AXE_BANK_STS, 0, 16);
	int64_t copies = 0, per = 16 / p->elem_bytes, nslots = 0, *at;
	char why[400];
	int r;

	if (!req->bulk)
		return axe_atom_exclude(c, "tma", "no TMA planner was given to decide it");
	if (op[0]->map || op[1]->map)
		return axe_atom_exclude(c, "tma", "a tensor map describes each side by strides and "
					"a swizzle mode (S/R/O form); %s is an expr: layout, which "
					"has neither", op[0]->map ? "SRC" : "DST");
	if ((r = req->bulk(op[g], op[s], p->dtype, g == 1, &copies, why, sizeof(why), err)) < 0)
		return -1;
	if (r == 0)
		return axe_atom_exclude(c, "tma", "%s", why);
	for (int64_t f = 0; f < p->npoints; f++)
		if (t->pre[f] / per + 1 > nslots)
			nslots = t->pre[f] / per + 1;
	if (!(at = malloc((size_t)(nslots + AXE_BANK_LANES) * sizeof(int64_t))))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (int64_t q = 0; q < nslots + AXE_BANK_LANES; q++)
		at[q] = -1;
	for (int64_t f = 0; f < p->npoints; f++)
		if (t->pre[f] % per == 0)
			at[t->pre[f] / per] = f;
	for (int64_t q = 0; q < nslots; q += AXE_BANK_LANES)
		add_cost(c, t, at + q, &ph);
	free(at);
	c->terms.instructions = copies;
	return 0;
}

/* Whether elements [f, f + n) of "t" are n consecutive addresses, the first a multiple of n. */
static bool run_ok(const axe_bank_tile *t, int64_t f, int64_t n)
{
	if (t->post[f] % n)
		return false;
	for (int64_t j = 1; j < n; j++)
		if (t->post[f + j] != t->post[f] + j)
			return false;
	return true;
}

/*
 * cp.async of "width" bytes: the tile in row-major order cut into chunks,
 * consecutive lanes taking consecutive chunks (emit-cuda's default mapping);
 * each chunk contiguous and aligned on both sides.
 */
static int judge_cp_async(const axe_atom_pair *p, axe_atom_candidate *c)
{
	int64_t n = c->atom->width / p->elem_bytes, lanes[AXE_BANK_LANES];
	const axe_bank_tile *t = &p->tile[1];
	axe_bank_phasing ph = axe_bank_phasing_of(AXE_BANK_STS, 0, c->atom->width);
	char at[96];

	if (n == 0)
		return axe_atom_exclude(c, "dtype", "copies %d bytes; %s elements are %d",
					c->atom->width, axe_dtype_get(p->dtype)->name, p->elem_bytes);
	if (p->npoints % n)
		return axe_atom_exclude(c, "shape", "the tile's %lld elements are not whole %d-byte "
					"chunks", (long long)p->npoints, c->atom->width);
	for (int64_t f = 0; f < p->npoints; f += n)
		for (int i = 0; i < 2; i++)
			if (!run_ok(&p->tile[i], f, n)) {
				axe_bank_format_coord(&p->tile[i].shape, f, at, sizeof(at));
				return axe_atom_exclude(c, "alignment", "the %d bytes from %s are not "
							"contiguous and %d-byte aligned in %s",
							c->atom->width, at, c->atom->width,
							i ? "DST" : "SRC");
			}
	for (int64_t f = 0; f < p->npoints; f += n * AXE_BANK_LANES) {
		for (int l = 0; l < AXE_BANK_LANES; l++)
			lanes[l] = f + l * n < p->npoints ? f + l * n : -1;
		add_cost(c, t, lanes, &ph);
		c->terms.instructions++;
	}
	return 0;
}

/* ld.shared/st.shared of "width" bytes per lane, the lanes and registers of the thread layout. */
static int judge_vector(const axe_atom_pair *p, axe_atom_candidate *c, axe_error *err)
{
	const axe_bank_tile *t = &p->tile[axe_atom_side_of(p, AXE_ATOM_SHARED)];
	axe_bank_plan plan = p->regs; /* shares the slots: not released */
	axe_bank_result res;
	axe_error why;

	if (c->atom->width < p->elem_bytes)
		return axe_atom_exclude(c, "dtype", "moves %d bytes per lane; %s elements are %d",
					c->atom->width, axe_dtype_get(p->dtype)->name, p->elem_bytes);
	plan.vector_bytes = c->atom->width;
	plan.vector_where = (axe_loc){ c->atom->name, 1, 1, NULL, 0 };
	axe_error_init(&why);
	if (axe_bank_analyze(&plan, t, NULL, &res, &why) < 0) {
		if (why.code == AXE_ERR_NOMEM)
			return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return axe_atom_exclude(c, "alignment", "%s", why.message);
	}
	c->terms.smem_wavefronts = res.total.wavefronts;
	c->max_way = res.total.max_way;
	c->terms.instructions = res.total.instructions;
	c->terms.registers = p->fragment_regs;
	axe_bank_result_release(&res);
	return 0;
}

int axe_atom_judge(const axe_atom_pair *p, axe_atom_candidate *c, axe_error *err)
{
	switch (c->atom->family) {
	case AXE_ATOM_LDMATRIX:
	case AXE_ATOM_STMATRIX:
		return judge_matrix(p, c, err);
	case AXE_ATOM_TMEM_LD:
	case AXE_ATOM_TMEM_ST:
		return judge_tmem(p, c, err);
	case AXE_ATOM_BULK:
		return judge_bulk(p, c, err);
	case AXE_ATOM_CP_ASYNC:
		return judge_cp_async(p, c);
	default:
		return judge_vector(p, c, err);
	}
}
