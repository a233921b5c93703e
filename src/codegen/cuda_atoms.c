/*
 * cuda_atoms.c: the TMA planner (tma.h) as the bulk-tensor rule of the
 * copy atoms (analyze/atoms.h), and copy kernels that use a chosen atom
 * (emit-cuda --kind copy --atom): cp.async with a commit and a wait group,
 * vector widths fixed by ld/st.shared, ldmatrix/stmatrix through the
 * atom's fragment table, and cp.async.bulk.tensor through the TMA emitter.
 *
 * ldmatrix/stmatrix: lane 8j + i gives the address of row i of matrix j;
 * that row's first element is the cell (i, 0) of the atom's fragment, held
 * by a known lane of the same warp in a known register, so any thread finds
 * any lane's address through the register layout's proved inverse and the
 * shared side's proved index function.  On the host (no warp), each thread
 * takes what the hardware would give it: its cell (i, c) of matrix j read
 * from the row address lane 8j + i computes, so the host harness checks the
 * same address math the device runs.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_atoms.h"
#include "cuda_private.h"

int axe_cuda_atom_bulk(const axe_atom_operand *global, const axe_atom_operand *smem, int dtype,
		       bool s2g, int64_t *copies, char *why, size_t size, axe_error *err)
{
	axe_tma_request req;
	axe_tma_plan plan;
	axe_tma_refusal refusal;
	axe_error input;
	int r;

	axe_tma_request_init(&req);
	req.global = global->layout;
	req.global_shape = global->shape;
	req.smem = smem->layout;
	req.smem_shape = smem->shape;
	req.dtype = dtype;
	req.direction = s2g ? AXE_TMA_S2G : AXE_TMA_G2S;
	axe_error_init(&input);
	memset(&refusal, 0, sizeof(refusal));
	r = axe_tma_plan_build(&req, &plan, &refusal, &input);
	if (r == 1) {
		*copies = plan.ncopies;
		return 1;
	}
	if (r < 0 && input.code == AXE_ERR_NOMEM)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (r < 0)
		snprintf(why, size, "the TMA planner refuses the operands: %s", input.message);
	else
		snprintf(why, size, "%s: %s%s%s", refusal.rule, refusal.reason,
			 refusal.fix[0] ? "; fix: " : "", refusal.fix);
	return 0;
}

/* ---- emit-cuda --kind copy --atom ---- */

bool axe_cuda_copy_is_matrix(const axe_cuda_copy_plan *p)
{
	return p->atom && (p->atom->family == AXE_ATOM_LDMATRIX ||
			   p->atom->family == AXE_ATOM_STMATRIX);
}

static axe_atom_operand atom_operand(const axe_cuda_operand *op)
{
	return (axe_atom_operand){ op->layout, op->shape, op->dtype, op->loc, op->span, NULL };
}

/* "res" says the copy is not emitted because of "fmt". */
static int refuse(axe_cuda_outcome *res, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int refuse(axe_cuda_outcome *res, const char *fmt, ...)
{
	va_list ap;

	res->status = AXE_EXIT_FALSE;
	va_start(ap, fmt);
	vsnprintf(res->why, sizeof(res->why), fmt, ap);
	va_end(ap);
	return 1;
}

/* The candidate req->atom names in "r" ("auto": the best); NULL with "res" or "err" set. */
static const axe_atom_candidate *pick(const axe_cuda_copy_request *req,
				      const axe_atom_ranking *r, axe_cuda_outcome *res,
				      axe_error *err)
{
	const axe_atom_candidate *c;
	axe_loc loc = { "--atom", 1, 1, req->atom, strlen(req->atom) };

	if (strcmp(req->atom, "auto") == 0) {
		if (r->nlegal == 0)
			refuse(res, "no copy atom can move this tile (axe-layout atoms lists why)");
		return r->nlegal ? &r->c[0] : NULL;
	}
	if (!(c = axe_atom_ranking_find(r, req->atom))) {
		size_t n;
		const axe_atom *t = axe_atoms(&n);
		const char *names[128], *best;
		for (size_t i = 0; i < n && i < 128; i++)
			names[i] = t[i].name;
		axe_error_set(err, AXE_ERR_NAME, &loc, (int)strlen(req->atom), "unknown atom '%s' "
			      "(axe-layout atoms lists them; or auto)", req->atom);
		if ((best = axe_suggest(req->atom, names, n < 128 ? n : 128)))
			axe_error_hint(err, "did you mean '%s'?", best);
		return NULL;
	}
	if (!c->legal)
		refuse(res, "%s cannot move this tile: %s", c->atom->name, c->reason);
	return c->legal ? c : NULL;
}

int axe_cuda_copy_choose_atom(const axe_cuda_copy_request *req, axe_cuda_copy_plan *p,
			      axe_cuda_outcome *res, axe_error *err)
{
	axe_atom_request ar = { atom_operand(&req->src), atom_operand(&req->dst), req->direction,
				100, axe_cuda_atom_bulk };
	const axe_atom_candidate *c;
	axe_atom_ranking r;
	int rc = 0;

	if (axe_atoms_rank(&ar, &r, err) < 0)
		return -1;
	if (!(c = pick(req, &r, res, err)))
		rc = axe_error_is_set(err) ? -1 : 1;
	else if (c->atom->family == AXE_ATOM_TMEM_LD || c->atom->family == AXE_ATOM_TMEM_ST)
		p->atom = c->atom, rc = 3;
	else if (c->atom->family == AXE_ATOM_BULK)
		p->atom = c->atom, rc = 2;
	else {
		p->atom = c->atom;
		if (c->atom->family == AXE_ATOM_LDS || c->atom->family == AXE_ATOM_STS ||
		    c->atom->family == AXE_ATOM_CP_ASYNC)
			p->force_vector = c->atom->width / p->elem_bytes;
	}
	axe_atom_ranking_release(&r);
	return rc;
}

void axe_cuda_emit_cp_async(axe_emit *e, const axe_cuda_copy_plan *p, const char *from,
			    const char *to)
{
	const char *vt = axe_cuda_vector_type(p->vector * p->elem_bytes);

	/* .cg (L2 only) exists for 16 bytes; 4 and 8 take .ca. */
	axe_emit_directive(e, "#ifdef __CUDA_ARCH__");
	axe_emit_line(e, "asm volatile(\"cp.async.%s.shared.global [%%0], [%%1], %d;\\n\" ::",
		      p->atom->width == 16 ? "cg" : "ca", p->atom->width);
	axe_emit_line(e, "\t\"r\"((unsigned)__cvta_generic_to_shared(%s)), \"l\"(%s) : \"memory\");",
		      to, from);
	axe_emit_directive(e, "#else");
	axe_emit_line(e, "*reinterpret_cast<%s *>(%s) =", vt, to);
	axe_emit_line(e, "\t*reinterpret_cast<const %s *>(%s);", vt, from);
	axe_emit_directive(e, "#endif");
}

void axe_cuda_emit_cp_async_wait(axe_emit *e, const axe_cuda_copy_plan *p)
{
	if (!p->atom || p->atom->family != AXE_ATOM_CP_ASYNC)
		return;
	axe_emit_line(e, "/* One group for all of this thread's copies; wait until they have landed. */");
	axe_emit_directive(e, "#ifdef __CUDA_ARCH__");
	axe_emit_line(e, "asm volatile(\"cp.async.commit_group;\\n\" ::: \"memory\");");
	axe_emit_line(e, "asm volatile(\"cp.async.wait_group 0;\\n\" ::: \"memory\");");
	axe_emit_directive(e, "#endif");
}

/* The PTX name of an ldmatrix/stmatrix atom: "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16". */
static void matrix_opcode(const axe_atom *a, char *buf, size_t size)
{
	bool trans = strstr(a->name, ".trans") != NULL;

	snprintf(buf, size, "%s.sync.aligned.m8n8.x%d%s.shared.b16",
		 a->family == AXE_ATOM_LDMATRIX ? "ldmatrix" : "stmatrix", a->width,
		 trans ? ".trans" : "");
}

/*
 * NAME_row(t, g): the shared element whose address thread t gives to the
 * instruction at registers [g, g + 2N): row i = lane % 8 of matrix
 * j = (lane / 8) % N (lanes past 8N repeat a valid one; the hardware ignores
 * them), found as cell (i, 0), which lane "row_lane[i]" holds in register
 * g + 2j + row_half[i].  -1 when that register is empty.
 */
static void print_row_function(axe_emit *e, const axe_cuda_copy_plan *p,
			       const axe_atom_fragment *f)
{
	const axe_cuda_index *T = p->T, *S = &p->side[p->T == &p->side[0] ? 1 : 0];
	uint64_t lanes = 0, halves = 0;
	char value[96];

	for (int i = 0; i < 8; i++) {
		int64_t s = f->of[i * f->cols];
		lanes |= (uint64_t)(s / f->regs) << (5 * i);
		halves |= (uint64_t)(s % f->regs) << i;
	}
	axe_emit_line(e, "/* The shared element whose address thread t gives to the %s at registers "
		      "[g, g + %d): row t %% 8 of matrix (t / 8) %% %d, -1 when empty. */",
		      p->atom->name, 2 * p->atom->width, p->atom->width);
	axe_emit_line(e, "__host__ __device__ inline long long %s_row(long long t, long long g)",
		      p->name);
	axe_emit_open(e, "{");
	axe_emit_line(e, "const long long lane = t %% 32, i = lane %% 8, j = (lane / 8) %% %d;",
		      p->atom->width);
	axe_emit_line(e, "/* Column 0 of row i: lane (0x%llxULL >> 5i) & 31, half (0x%llxULL >> i) "
		      "& 1. */", (unsigned long long)lanes, (unsigned long long)halves);
	axe_emit_line(e, "const long long o = t - lane + ((0x%llxULL >> (5 * i)) & 31);",
		      (unsigned long long)lanes);
	axe_emit_line(e, "const long long k = g + 2 * j + ((0x%llxULL >> i) & 1);",
		      (unsigned long long)halves);
	axe_emit_begin(e);
	axe_emit_put(e, "long long ");
	for (size_t d = 0; d < T->rank; d++)
		axe_emit_put(e, "%si%zu", d ? ", " : "", d);
	axe_emit_put(e, ";");
	axe_emit_end(e);
	axe_emit_begin(e);
	axe_emit_put(e, "if (!%s_inverse(", T->name);
	for (size_t a = 0; a < T->naxes; a++) {
		if (strcmp(T->layout->axis[a], "m") == 0)
			snprintf(value, sizeof(value), "k");
		else
			axe_cuda_thread_value(T->layout->axis[a], "o", value, sizeof(value));
		axe_emit_put(e, "%s, ", value);
	}
	for (size_t d = 0; d < T->rank; d++)
		axe_emit_put(e, "%s&i%zu", d ? ", " : "", d);
	axe_emit_put(e, "))");
	axe_emit_end(e);
	axe_emit_line(e, "\treturn -1;");
	axe_emit_begin(e);
	axe_emit_put(e, "return %s_m(", S->name);
	for (size_t d = 0; d < S->rank; d++)
		axe_emit_put(e, "%si%zu", d ? ", " : "", d);
	axe_emit_put(e, ");");
	axe_emit_end(e);
	axe_emit_close(e, "");
	axe_emit_line(e, "%s", "");
}

/* The device side: one ldmatrix/stmatrix per group, the registers as 32-bit words. */
static void print_matrix_device(axe_emit *e, const axe_cuda_copy_plan *p)
{
	int N = p->atom->width;
	bool load = p->atom->family == AXE_ATOM_LDMATRIX;
	char op[96];

	matrix_opcode(p->atom, op, sizeof(op));
	axe_emit_line(e, "const unsigned addr = (unsigned)__cvta_generic_to_shared(%s + "
		      "%s_row(t, g));", load ? "src" : "dst", p->name);
	if (load)
		axe_emit_line(e, "unsigned *w = reinterpret_cast<unsigned *>(dst + g);");
	else
		axe_emit_line(e, "const unsigned *w = reinterpret_cast<const unsigned *>(src + g);");
	axe_emit_begin(e);
	if (load) {
		axe_emit_put(e, "asm volatile(\"%s {", op);
		for (int j = 0; j < N; j++)
			axe_emit_put(e, "%s%%%d", j ? ", " : "", j);
		axe_emit_put(e, "}, [%%%d];\\n\" : ", N);
		for (int j = 0; j < N; j++)
			axe_emit_put(e, "%s\"=r\"(w[%d])", j ? ", " : "", j);
		axe_emit_put(e, " : \"r\"(addr) : \"memory\");");
	} else {
		axe_emit_put(e, "asm volatile(\"%s [%%0], {", op);
		for (int j = 0; j < N; j++)
			axe_emit_put(e, "%s%%%d", j ? ", " : "", j + 1);
		axe_emit_put(e, "};\\n\" :: \"r\"(addr)");
		for (int j = 0; j < N; j++)
			axe_emit_put(e, ", \"r\"(w[%d])", j);
		axe_emit_put(e, " : \"memory\");");
	}
	axe_emit_end(e);
}

/* The host side: what the hardware gives (or takes from) this thread, cell by cell. */
static void print_matrix_host(axe_emit *e, const axe_cuda_copy_plan *p,
			      const axe_atom_fragment *f)
{
	bool load = p->atom->family == AXE_ATOM_LDMATRIX;

	axe_emit_begin(e);
	axe_emit_put(e, "static const int cell[%d] = {", 32 * f->regs);
	for (int s = 0; s < 32 * f->regs; s++)
		axe_emit_put(e, "%s%lld", s ? ", " : " ", (long long)f->at[s]);
	axe_emit_put(e, " };");
	axe_emit_end(e);
	axe_emit_line(e, "const long long lane = t %% 32;");
	axe_emit_open(e, "for (int j = 0; j < %d; j++)", p->atom->width);
	axe_emit_open(e, "for (int h = 0; h < 2; h++) {");
	axe_emit_line(e, "const int c = cell[lane * 2 + h];");
	axe_emit_line(e, "const long long at = %s_row(t - lane + 8 * j + c / 8, g) + c %% 8;",
		      p->name);
	if (load)
		axe_emit_line(e, "dst[g + 2 * j + h] = src[at];");
	else
		axe_emit_line(e, "dst[at] = src[g + 2 * j + h];");
	axe_emit_close(e, "");
	e->depth--;
}

void axe_cuda_emit_matrix_tile(axe_emit *e, const axe_cuda_copy_plan *p)
{
	axe_atom_fragment f;
	axe_error err;

	axe_error_init(&err);
	if (axe_atom_fragment_load(p->atom, &f, &err) < 0) {
		e->nomem = true; /* the table's fragments parse: only memory can fail */
		return;
	}
	print_row_function(e, p, &f);
	axe_emit_line(e, "/* Thread threadIdx.x's part of the warp-wide %s copies. */", p->atom->name);
	axe_emit_line(e, "__device__ __forceinline__ void %s_tile(const %s *__restrict__ src, "
		      "%s *__restrict__ dst)", p->name, p->type->name, p->type->name);
	axe_emit_open(e, "{");
	axe_emit_line(e, "const long long t = threadIdx.x;");
	axe_emit_open(e, "for (long long g = 0; g < %s_regs; g += %d) {", p->name,
		      2 * p->atom->width);
	axe_emit_line(e, "/* Whole warps take part or none does (checked by axe-layout atoms). */");
	axe_emit_line(e, "if (%s_row(t - t %% 32, g) < 0)", p->name);
	axe_emit_line(e, "\tcontinue;");
	axe_emit_directive(e, "#ifdef __CUDA_ARCH__");
	print_matrix_device(e, p);
	axe_emit_directive(e, "#else");
	print_matrix_host(e, p, &f);
	axe_emit_directive(e, "#endif");
	axe_emit_close(e, "");
	axe_emit_close(e, "");
	axe_emit_line(e, "%s", "");
	axe_atom_fragment_release(&f);
}

int axe_cuda_copy_bulk(const axe_cuda_copy_request *req, axe_emit *out, axe_cuda_outcome *res,
		       axe_error *err)
{
	bool s2g = req->direction && strcmp(req->direction, "s2g") == 0;
	const axe_cuda_operand *g = s2g ? &req->dst : &req->src, *s = s2g ? &req->src : &req->dst;
	axe_cuda_tma_request t = { .smem_name = s->name, .name = req->name,
				   .timeout = req->timeout };

	axe_tma_request_init(&t.tma);
	t.tma.global = g->layout;
	t.tma.global_shape = g->shape;
	t.tma.smem = s->layout;
	t.tma.smem_shape = s->shape;
	t.tma.dtype = s->dtype >= 0 ? s->dtype : g->dtype;
	t.tma.direction = s2g ? AXE_TMA_S2G : AXE_TMA_G2S;
	t.tma.global_at = (axe_tma_origin){ g->loc, g->span };
	t.tma.smem_at = (axe_tma_origin){ s->loc, s->span };
	return axe_cuda_generate_tma(&t, out, res, err);
}
