/*
 * atoms.c: the copy atoms of atoms.def and their ranking (atoms.h): the
 * TileAS layout assigner's three layers (enumerate the candidate atoms,
 * filter them by structural legality, score the rest with three additive
 * terms) on two Axe layouts.  This file reads the pair (spaces, element
 * type, addresses, the register plan, tensor-memory places) and orders the
 * verdicts; atoms_rules.c decides each atom.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/axes.h"
#include "../core/dtype.h"
#include "../core/eval.h"
#include "atoms_private.h"

static const axe_atom table[] = {
#define ATOM(name, family, from, to, arch, width, tv, rows, cols, ptx) \
	{ name, AXE_ATOM_##family, from, to, arch, width, tv, rows, cols, ptx },
#include "atoms.def"
#undef ATOM
};

#define NATOMS (sizeof(table) / sizeof(table[0]))

const axe_atom *axe_atoms(size_t *n)
{
	*n = NATOMS;
	return table;
}

const axe_atom *axe_atom_lookup(const char *name)
{
	for (size_t i = 0; i < NATOMS; i++)
		if (strcmp(table[i].name, name) == 0)
			return &table[i];
	return NULL;
}

double axe_atom_cost(const axe_atom_terms *t)
{
	return AXE_ATOM_W_SMEM * (double)t->smem_wavefronts +
	       AXE_ATOM_W_TMEM * (double)t->tmem_cycles + AXE_ATOM_W_REGS * (double)t->registers;
}

const char *axe_atom_tie_name(axe_atom_tie tie)
{
	static const char *const names[] = { "cost", "registers", "smem wavefronts",
					     "instructions", "table order" };
	return names[tie];
}

/* -1, 0 or 1 as "a" is below, equal to or above "b". */
static int order(int64_t a, int64_t b)
{
	return (a > b) - (a < b);
}

int axe_atom_compare(const axe_atom_terms *a, size_t ia, const axe_atom_terms *b, size_t ib,
		     axe_atom_tie *by)
{
	double ca = axe_atom_cost(a), cb = axe_atom_cost(b);
	int r;
	axe_atom_tie t;

	/* The terms are integers and the weights k/4: the sums are exact in a double. */
	if (ca != cb)
		r = ca < cb ? -1 : 1, t = AXE_ATOM_BY_COST;
	else if ((r = order(a->registers, b->registers)) != 0)
		t = AXE_ATOM_BY_REGISTERS;
	else if ((r = order(a->smem_wavefronts, b->smem_wavefronts)) != 0)
		t = AXE_ATOM_BY_WAVEFRONTS;
	else if ((r = order(a->instructions, b->instructions)) != 0)
		t = AXE_ATOM_BY_INSTRUCTIONS;
	else
		r = order((int64_t)ia, (int64_t)ib), t = AXE_ATOM_BY_ORDER;
	if (by)
		*by = t;
	return r;
}

const char *axe_atom_space_name(char space)
{
	switch (space) {
	case AXE_ATOM_GLOBAL: return "global memory";
	case AXE_ATOM_SHARED: return "shared memory";
	case AXE_ATOM_REGS: return "registers";
	default: return "tensor memory";
	}
}

int axe_atom_arch_parse(const char *text)
{
	static const struct { const char *name; int arch; } archs[] = {
		{ "sm_80", 80 }, { "sm_90", 90 }, { "sm_90a", 90 }, { "sm_100", 100 },
		{ "sm_100a", 100 },
	};

	for (size_t i = 0; i < sizeof(archs) / sizeof(archs[0]); i++)
		if (strcmp(archs[i].name, text) == 0)
			return archs[i].arch;
	return -1;
}

int axe_atom_exclude(axe_atom_candidate *c, const char *rule, const char *fmt, ...)
{
	va_list ap;
	int n;

	c->legal = false;
	snprintf(c->rule, sizeof(c->rule), "%s", rule);
	n = snprintf(c->reason, sizeof(c->reason), "%s: ", rule);
	va_start(ap, fmt);
	vsnprintf(c->reason + n, sizeof(c->reason) - (size_t)n, fmt, ap);
	va_end(ap);
	return 0;
}

int axe_atom_side_of(const axe_atom_pair *p, char space)
{
	return p->space[0] == space ? 0 : p->space[1] == space ? 1 : -1;
}

/* The space a layout's axes name: tensor memory, registers, or 0 (memory on m). */
static char axes_space(const axe_layout *L)
{
	char s = 0;

	for (size_t a = 0; a < L->naxes; a++) {
		if (strcmp(L->axis[a], "TLane") == 0 || strcmp(L->axis[a], "TCol") == 0)
			return AXE_ATOM_TMEM;
		if (axe_axis_kind_of(L->axis[a]) == AXE_AXIS_THREAD)
			s = AXE_ATOM_REGS;
	}
	return s;
}

bool axe_atom_is_memory(const axe_layout *L)
{
	return axes_space(L) == 0;
}

const axe_layout *axe_atom_operand_axes(const axe_atom_operand *op)
{
	return op->map ? op->map->layout : op->layout;
}

/*
 * The evaluator of "op" on its shape into "*ev": its map's, or "own"
 * prepared for its layout (the caller then releases "own": "*owned" is
 * set).  0 or -1.
 */
static int operand_evaluator(const axe_atom_operand *op, axe_evaluator *own,
			     const axe_evaluator **ev, bool *owned, axe_error *err)
{
	*owned = false;
	if (op->map) {
		*ev = op->map;
		return 0;
	}
	if (axe_evaluator_init(own, op->layout, &op->shape, err) < 0)
		return -1;
	*owned = true;
	*ev = own;
	return 0;
}

static const axe_loc *where(const axe_atom_operand *op)
{
	return op->loc.source ? &op->loc : NULL;
}

/* The spaces of SRC and DST: --direction, checked against the axes, or inferred. */
static int choose_spaces(const axe_atom_request *req, char *space, axe_error *err)
{
	const axe_atom_operand *op[2] = { &req->src, &req->dst };
	const char *d = req->direction;
	axe_loc loc = { "--direction", 1, 1, d, d ? strlen(d) : 0 };
	char ax[2] = { axes_space(axe_atom_operand_axes(&req->src)),
		       axes_space(axe_atom_operand_axes(&req->dst)) };

	if (d && (strlen(d) != 3 || d[1] != '2' || !strchr("gsrt", d[0]) || !strchr("gsrt", d[2]) ||
		  !d[0] || !d[2]))
		return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(d), "unknown direction "
				     "'%s': SRC2DST with g (global), s (shared), r (registers) or "
				     "t (tensor memory), e.g. s2r", d);
	for (int i = 0; i < 2; i++) {
		/* Memory beside registers or tensor memory is shared; else SRC global, DST shared. */
		char want = d ? d[2 * i] : ax[i] ? ax[i] : ax[1 - i] ? AXE_ATOM_SHARED
			  : i == 0 ? AXE_ATOM_GLOBAL : AXE_ATOM_SHARED;
		bool memory = want == AXE_ATOM_GLOBAL || want == AXE_ATOM_SHARED;
		if (d && (memory ? ax[i] != 0 : ax[i] != want))
			return axe_error_set(err, AXE_ERR_VALUE, where(op[i]), op[i]->span,
					     "direction '%s' puts %s in %s, but its layout is on the "
					     "axes of %s", d, i ? "DST" : "SRC",
					     axe_atom_space_name(want), ax[i] ? axe_atom_space_name(ax[i])
					     : "memory (m)");
		space[i] = want;
	}
	return 0;
}

/* The element type: SRC's, else DST's; both given must have the same width. */
static int element_type(const axe_atom_request *req, axe_atom_pair *p, axe_error *err)
{
	const axe_dtype_info *a = axe_dtype_get(req->src.dtype), *b = axe_dtype_get(req->dst.dtype);

	if (!a && !b)
		return axe_error_set(err, AXE_ERR_VALUE, where(&req->src), req->src.span, "choosing "
				     "a copy atom needs the element type: give --dtype, or a dtype "
				     "in the spec");
	if (a && b && a->bits != b->bits)
		return axe_error_set(err, AXE_ERR_VALUE, where(&req->dst), req->dst.span, "SRC holds "
				     "%s and DST %s; a copy moves elements unchanged", a->name,
				     b->name);
	if ((a ? a : b)->bits % 8)
		return axe_error_set(err, AXE_ERR_VALUE, where(&req->src), req->src.span, "%s "
				     "elements are not whole bytes; the atoms move bytes",
				     (a ? a : b)->name);
	p->dtype = a ? req->src.dtype : req->dst.dtype;
	p->elem_bytes = (a ? a : b)->bits / 8;
	return 0;
}

/*
 * TLane and TCol of every point of the tensor-memory operand "op", walked
 * once (a map not in S/R/O form through its compiled program).
 */
static int tmem_places(axe_atom_pair *p, const axe_atom_operand *op, axe_error *err)
{
	const axe_layout *axes = axe_atom_operand_axes(op);
	int lane = axe_layout_axis_index(axes, "TLane");
	int col = axe_layout_axis_index(axes, "TCol");
	const axe_evaluator *ev;
	axe_evaluator own;
	axe_cursor cur;
	int64_t *img = NULL;
	bool owned, replica = false;
	int r = -1;

	for (size_t a = 0; a < axes->naxes; a++)
		if (strcmp(axes->axis[a], "TLane") != 0 && strcmp(axes->axis[a], "TCol") != 0)
			return axe_error_set(err, AXE_ERR_VALUE, where(op), op->span, "the "
					     "tensor-memory layout names axis '%s'; it places elements "
					     "on TLane and TCol alone", axes->axis[a]);
	if (operand_evaluator(op, &own, &ev, &owned, err) < 0)
		return -1;
	p->tlane = malloc((size_t)ev->size * sizeof(int64_t));
	p->tcol = malloc((size_t)ev->size * sizeof(int64_t));
	img = malloc(ev->nimages * ev->naxes * sizeof(int64_t));
	if (!p->tlane || !p->tcol || !img || axe_cursor_init(&cur, ev, err) < 0) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	r = 0;
	for (; !cur.done; axe_cursor_next(&cur)) {
		/* Distinct images: a map's replica rows that coincide are one place. */
		replica |= axe_evaluator_images(ev, cur.base, true, img) > 1;
		p->tlane[cur.flat] = lane >= 0 ? img[lane] : 0;
		p->tcol[cur.flat] = col >= 0 ? img[col] : 0;
		if (p->tlane[cur.flat] + 1 > p->tmem_lanes)
			p->tmem_lanes = p->tlane[cur.flat] + 1;
		if (p->tcol[cur.flat] + 1 > p->tmem_cols)
			p->tmem_cols = p->tcol[cur.flat] + 1;
	}
	axe_cursor_release(&cur);
	if (replica)
		r = axe_error_set(err, AXE_ERR_VALUE, where(op), op->span, "the tensor-memory layout "
				  "has a replica; a copy reads or writes each element once there");
out:
	free(img);
	if (owned)
		axe_evaluator_release(&own);
	return r;
}

/* Bytes from the buffer base to the end of the last element of "t". */
static int64_t shared_span(const axe_bank_tile *t)
{
	int64_t hi = 0;

	for (int64_t f = 0; f < t->npoints; f++)
		if (t->post[f] + 1 > hi)
			hi = t->post[f] + 1;
	return hi * t->elem_bytes; /* bounded: the tile's addresses were validated */
}

/*
 * The 32-bit registers the tile's fragment takes in the thread that holds
 * the most of it: its elements' bytes, rounded up to whole registers.  The
 * TileAS cost model counts this per tile (its worked example: 32 registers
 * for a 128x64 f16 tile over 128 threads), so every atom that delivers the
 * same fragment pays the same register term, however many instructions it
 * takes.
 */
static int64_t fragment_registers(const axe_bank_plan *P, int elem_bytes)
{
	int64_t most = 0;

	for (int64_t t = 0; t < P->nwarps * AXE_BANK_LANES; t++) {
		int64_t held = 0;
		for (int64_t k = 0; k < P->nregs; k++)
			held += P->slot[t * P->nregs + k] >= 0;
		if (held > most)
			most = held;
	}
	/* Bounded: the plan holds at most AXE_BANK_MAX_SLOTS slots. */
	return (most * elem_bytes + AXE_BANK_WORD - 1) / AXE_BANK_WORD;
}

/* Everything the rules read, once per pair. */
static int prepare(const axe_atom_request *req, axe_atom_pair *p, axe_error *err)
{
	const axe_atom_operand *op[2] = { &req->src, &req->dst };
	const axe_shape *s = &req->src.shape, *t = &req->dst.shape;

	p->req = req;
	p->reg_side = p->tmem_side = -1;
	if (s->rank != t->rank || memcmp(s->dim, t->dim, s->rank * sizeof(int64_t)) != 0)
		return axe_error_set(err, AXE_ERR_VALUE, where(&req->dst), req->dst.span, "SRC and "
				     "DST must have the same shape: they name the same elements of "
				     "one tile");
	if (req->src.map)
		p->npoints = req->src.map->size;
	else if (axe_layout_size(req->src.layout, &p->npoints, err) < 0)
		return -1;
	if (element_type(req, p, err) < 0 || choose_spaces(req, p->space, err) < 0)
		return -1;
	if (p->space[0] == p->space[1] && (p->space[0] == AXE_ATOM_REGS ||
					   p->space[0] == AXE_ATOM_TMEM))
		return axe_error_set(err, AXE_ERR_VALUE, where(&req->dst), req->dst.span, "SRC and "
				     "DST are both in %s; no copy atom moves data within it",
				     axe_atom_space_name(p->space[0]));
	for (int i = 0; i < 2; i++) {
		if (p->space[i] == AXE_ATOM_REGS) {
			p->reg_side = i;
			if ((op[i]->map ? axe_bank_plan_threads_of(&p->regs, op[i]->map, where(op[i]),
								   op[i]->span, err)
					: axe_bank_plan_threads(&p->regs, op[i]->layout, &op[i]->shape,
								where(op[i]), op[i]->span, err)) < 0)
				return -1;
			p->fragment_regs = fragment_registers(&p->regs, p->elem_bytes);
		} else if (p->space[i] == AXE_ATOM_TMEM) {
			p->tmem_side = i;
			if (tmem_places(p, op[i], err) < 0)
				return -1;
		} else {
			p->has_tile[i] = true;
			if ((op[i]->map ? axe_bank_tile_init_of(&p->tile[i], op[i]->map, p->dtype,
								where(op[i]), op[i]->span, err)
					: axe_bank_tile_init(&p->tile[i], op[i]->layout, &op[i]->shape,
							     p->dtype, where(op[i]), op[i]->span,
							     err)) < 0)
				return -1;
			if (p->space[i] == AXE_ATOM_SHARED)
				p->smem_bytes = shared_span(&p->tile[i]);
		}
	}
	return 0;
}

static void release_pair(axe_atom_pair *p)
{
	for (int i = 0; i < 2; i++)
		if (p->has_tile[i])
			axe_bank_tile_release(&p->tile[i]);
	axe_bank_plan_release(&p->regs);
	free(p->tlane);
	free(p->tcol);
}

/*
 * Shared memory one block may have (CUDA C++ Programming Guide, "Technical
 * Specifications per Compute Capability": 163 KB on 8.0, 227 KB on 9.0 and
 * 10.0) and tensor memory (128 lanes of 512 32-bit columns, PTX ISA
 * 9.7.16.1).
 */
static int64_t smem_limit(int arch)
{
	return arch >= 90 ? 227 * 1024 : 163 * 1024;
}

#define TMEM_LANES 128
#define TMEM_COLS 512

/* The structural rules every atom shares: arch, space, then the memories' sizes. */
static bool excluded_early(const axe_atom_pair *p, const axe_atom_request *req,
			   axe_atom_candidate *c)
{
	const axe_atom *a = c->atom;

	if (a->arch > req->arch)
		return axe_atom_exclude(c, "arch", "needs sm_%d or later; the target is sm_%d",
					a->arch, req->arch), true;
	if (a->from != p->space[0] || a->to != p->space[1])
		return axe_atom_exclude(c, "space", "moves %s to %s; this copy is %s to %s",
					axe_atom_space_name(a->from), axe_atom_space_name(a->to),
					axe_atom_space_name(p->space[0]),
					axe_atom_space_name(p->space[1])), true;
	if (p->smem_bytes > smem_limit(req->arch))
		return axe_atom_exclude(c, "shape", "the shared tile spans %lld bytes; a block has "
					"at most %lld on sm_%d", (long long)p->smem_bytes,
					(long long)smem_limit(req->arch), req->arch), true;
	if (p->tmem_side >= 0 && (p->tmem_lanes > TMEM_LANES || p->tmem_cols > TMEM_COLS))
		return axe_atom_exclude(c, "shape", "the tile reaches %lld lanes and %lld columns "
					"of tensor memory, which has %d and %d", (long long)p->tmem_lanes,
					(long long)p->tmem_cols, TMEM_LANES, TMEM_COLS), true;
	return false;
}

/* qsort's order: legal first by rank, then the excluded in table order. */
static int by_rank(const void *x, const void *y)
{
	const axe_atom_candidate *a = x, *b = y;

	if (a->legal != b->legal)
		return a->legal ? -1 : 1;
	if (!a->legal)
		return order((int64_t)a->index, (int64_t)b->index);
	int r = axe_atom_compare(&a->terms, a->index, &b->terms, b->index, NULL);
	return r ? r : order(a->mode, b->mode);
}

int axe_atoms_rank(const axe_atom_request *req, axe_atom_ranking *out, axe_error *err)
{
	axe_atom_pair p;
	int r = -1;

	memset(out, 0, sizeof(*out));
	memset(&p, 0, sizeof(p));
	if (prepare(req, &p, err) < 0)
		goto out;
	out->from = p.space[0];
	out->to = p.space[1];
	out->dtype = p.dtype;
	out->arch = req->arch;
	if (!(out->c = calloc(NATOMS, sizeof(*out->c)))) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < NATOMS; i++) {
		axe_atom_candidate *c = &out->c[out->n++];
		c->atom = &table[i];
		c->index = i;
		c->legal = true;
		if (!excluded_early(&p, req, c) && axe_atom_judge(&p, c, err) < 0)
			goto out;
		if (c->legal) {
			c->cost = axe_atom_cost(&c->terms);
			out->nlegal++;
		}
	}
	qsort(out->c, out->n, sizeof(*out->c), by_rank);
	if (out->nlegal > 1)
		axe_atom_compare(&out->c[0].terms, out->c[0].index, &out->c[1].terms,
				 out->c[1].index, &out->decided_by);
	r = 0;
out:
	release_pair(&p);
	if (r < 0)
		axe_atom_ranking_release(out);
	return r;
}

/* Append the legal candidates of "from" to "to" (room for them is there), marked "mode". */
static void take_legal(axe_atom_ranking *to, const axe_atom_ranking *from, const char *name,
		       int mode)
{
	for (size_t i = 0; i < from->nlegal; i++) {
		to->c[to->nlegal] = from->c[i];
		to->c[to->nlegal].mode = mode;
		snprintf(to->c[to->nlegal++].swizzle, sizeof(to->c[0].swizzle), "%s", name);
	}
}

/* The ranking of "req" with side "s"'s swizzle set to preset "mode", into "out". */
static int rank_mode(const axe_atom_request *req, int s, const char *mode, int dtype,
		     axe_atom_ranking *out, axe_error *err)
{
	axe_atom_request alt = *req;
	axe_atom_operand *op = s ? &alt.dst : &alt.src;
	axe_layout *L = axe_layout_dup(op->layout);
	int r;

	if (!L)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	axe_swizzle_preset(mode, dtype, &L->swizzle);
	op->layout = L;
	r = axe_atoms_rank(&alt, out, err);
	axe_layout_free(L);
	return r;
}

int axe_atoms_suggest(const axe_atom_request *req, axe_atom_ranking *out, axe_error *err)
{
	static const char *const modes[] = { "none", "32B", "64B", "128B" };
	axe_atom_ranking given, alt;
	int s;

	if (axe_atoms_rank(req, &given, err) < 0)
		return -1;
	if ((s = given.from == AXE_ATOM_SHARED ? 0 : given.to == AXE_ATOM_SHARED ? 1 : -1) < 0) {
		axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--suggest tries the swizzle modes of a "
			      "shared-memory tile; this copy is %s to %s",
			      axe_atom_space_name(given.from), axe_atom_space_name(given.to));
		axe_atom_ranking_release(&given);
		return -1;
	}
	if ((s ? &req->dst : &req->src)->map) {
		const axe_atom_operand *op = s ? &req->dst : &req->src;
		axe_error_set(err, AXE_ERR_VALUE, where(op), op->span, "--suggest tries the "
			      "swizzle modes on the shared tile's S/R/O layout; this tile is an "
			      "expr: layout, whose addresses have no swizzle to change");
		axe_atom_ranking_release(&given);
		return -1;
	}
	*out = given;
	out->n = out->nlegal = 0;
	if (!(out->c = calloc(NATOMS * 5, sizeof(*out->c)))) {
		axe_atom_ranking_release(&given);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
		if (rank_mode(req, s, modes[m], given.dtype, &alt, err) < 0) {
			axe_atom_ranking_release(&given);
			axe_atom_ranking_release(out);
			return -1;
		}
		take_legal(out, &alt, modes[m], (int)m);
		axe_atom_ranking_release(&alt);
	}
	/* An atom's equal-cost modes keep the order none, 32B, 64B, 128B (by_rank). */
	qsort(out->c, out->nlegal, sizeof(*out->c), by_rank);
	for (size_t i = given.nlegal; i < given.n; i++)
		out->c[out->nlegal + i - given.nlegal] = given.c[i];
	out->n = out->nlegal + given.n - given.nlegal;
	if (out->nlegal > 1)
		axe_atom_compare(&out->c[0].terms, out->c[0].index, &out->c[1].terms,
				 out->c[1].index, &out->decided_by);
	axe_atom_ranking_release(&given);
	return 0;
}

void axe_atom_ranking_release(axe_atom_ranking *r)
{
	free(r->c);
	memset(r, 0, sizeof(*r));
}

const axe_atom_candidate *axe_atom_ranking_find(const axe_atom_ranking *r, const char *name)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->c[i].atom->name, name) == 0)
			return &r->c[i];
	return NULL;
}
