/*
 * cuda_tmem.c: emit-cuda --kind copy --atom tcgen05.ld|st...: a copy
 * between tensor memory and registers with one tcgen05 shape (PTX ISA
 * 9.7.16.8.3-4), after `axe-layout atoms` has found it legal.
 *
 * Each warp issues one instruction per group of R registers (R: the
 * fragment's registers per lane).  Its tensor-memory address, lane << 16 |
 * column, is where the element lane 0 of the warp holds in register g
 * lies, less the fragment's cell for (lane 0, register 0): found through
 * the register layout's proved inverse and the tensor-memory side's proved
 * index functions.  On the host, tensor memory is an image (lane l, column
 * c at l * NAME_tmem_cols + c) and each thread takes the words its fragment
 * cells name, so the host harness checks the device's address math.
 *
 * The kernel allocates tensor memory (tcgen05.alloc, a power of two of at
 * least 32 columns), stages the tile in or out with .32x32b.x1 (each warp
 * reaches its own 32-lane slab), runs the copy and frees the columns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../analyze/atoms.h"
#include "cuda_atoms.h"
#include "cuda_private.h"

/* What the file is made of. */
typedef struct tmem_copy {
	const axe_cuda_copy_request *req;
	const axe_atom *atom;
	const axe_cuda_type *type;
	bool load;                   /* tcgen05.ld: SRC tensor memory, DST registers */
	axe_cuda_index tm, rg;       /* NAME_tmem_*, NAME_regs_* */
	axe_atom_fragment f;
	int64_t nthreads, nregs, lanes, cols, alloc;
	char opcode[64];             /* "tcgen05.ld.sync.aligned.32x32b.x4.b32" */
} tmem_copy;

/* Threads, registers, tensor-memory lanes and columns from the axes' ranges; 1 when too large. */
static int sizes(tmem_copy *c, axe_cuda_outcome *res)
{
	const axe_layout *R = c->rg.layout, *T = c->tm.layout;
	int64_t lo, hi, top = 0;

	c->nregs = 1;
	for (size_t a = 0; a < R->naxes; a++) {
		const axe_cuda_thread_axis *ta = axe_cuda_thread_axis_of(R->axis[a]);
		axe_layout_axis_range(R, (int)a, &lo, &hi);
		if (ta)
			top += hi * axe_cuda_thread_div(ta);
		else
			c->nregs = hi + 1;
	}
	c->nthreads = (top / 32 + 1) * 32;
	c->lanes = c->cols = 1;
	for (size_t a = 0; a < T->naxes; a++) {
		axe_layout_axis_range(T, (int)a, &lo, &hi);
		if (strcmp(T->axis[a], "TLane") == 0)
			c->lanes = hi + 1;
		else if (strcmp(T->axis[a], "TCol") == 0)
			c->cols = hi + 1;
	}
	for (c->alloc = 32; c->alloc < c->cols; c->alloc *= 2)
		;
	if (c->nthreads <= 1024 && c->alloc <= 512)
		return 0;
	res->status = AXE_EXIT_FALSE;
	snprintf(res->why, sizeof(res->why), "the copy needs %lld threads and %lld tensor-memory "
		 "columns; a block has at most 1024 and 512", (long long)c->nthreads,
		 (long long)c->alloc);
	return 1;
}

/* Build and prove the index functions of both sides; 1 when a proof stops the emission. */
static int build(tmem_copy *c, axe_cuda_outcome *res, axe_error *err)
{
	const axe_cuda_copy_request *q = c->req;
	const axe_cuda_operand *tm = c->load ? &q->src : &q->dst, *rg = c->load ? &q->dst : &q->src;
	char name[AXE_CUDA_NAME_MAX];

	snprintf(name, sizeof(name), "%s_tmem", q->name);
	if (axe_cuda_index_build(&c->tm, tm->layout, &tm->shape, name, q->timeout, err) < 0)
		return -1;
	snprintf(name, sizeof(name), "%s_regs", q->name);
	if (axe_cuda_index_build(&c->rg, rg->layout, &rg->shape, name, q->timeout, err) < 0)
		return -1;
	if (c->tm.forward_proof.verdict != AXE_VERDICT_TRUE) {
		axe_cuda_refuse(&c->tm, res);
		return 1;
	}
	if (c->rg.forward_proof.verdict != AXE_VERDICT_TRUE) {
		axe_cuda_refuse(&c->rg, res);
		return 1;
	}
	if (c->rg.inverse && c->rg.inverse_proof.verdict == AXE_VERDICT_TRUE)
		return 0;
	res->status = AXE_EXIT_FALSE;
	snprintf(res->why, sizeof(res->why), "the register layout %s has no proved inverse (%s); "
		 "the copy finds each warp's tensor-memory address through it", c->rg.name,
		 c->rg.inverse_proof.how);
	return 1;
}

/* "NAME_tmem_TLane(i0, i1)" or "0" when the layout does not name the axis. */
static void tmem_call(axe_emit *e, const tmem_copy *c, const char *axis)
{
	if (axe_layout_axis_index(c->tm.layout, axis) < 0) {
		axe_emit_put(e, "0");
		return;
	}
	axe_emit_put(e, "%s_%s(", c->tm.name, axis);
	for (size_t d = 0; d < c->tm.rank; d++)
		axe_emit_put(e, "%si%zu", d ? ", " : "", d);
	axe_emit_put(e, ")");
}

/* NAME_base(t, g): the instruction's address for the warp of thread t, -1 when it holds nothing. */
static void print_base(axe_emit *e, const tmem_copy *c)
{
	const char *n = c->req->name;
	int64_t cell0 = c->f.at[0];
	char value[96];

	axe_emit_line(e, "/* The tensor-memory address (lane << 16 | column) of the %s at registers "
		      "[g, g + %d) of thread t's warp; -1 when the warp holds nothing there. */",
		      c->atom->name, c->f.regs);
	axe_emit_line(e, "__host__ __device__ inline long long %s_base(long long t, long long g)", n);
	axe_emit_open(e, "{");
	axe_emit_line(e, "const long long o = t - t %% 32; /* lane 0 of the warp */");
	axe_emit_begin(e);
	axe_emit_put(e, "long long ");
	for (size_t d = 0; d < c->rg.rank; d++)
		axe_emit_put(e, "%si%zu", d ? ", " : "", d);
	axe_emit_put(e, ";");
	axe_emit_end(e);
	axe_emit_begin(e);
	axe_emit_put(e, "if (!%s_inverse(", c->rg.name);
	for (size_t a = 0; a < c->rg.naxes; a++) {
		/* The ranking's thread plan admits thread axes of a 1-D block and one register axis. */
		if (!axe_cuda_thread_axis_of(c->rg.layout->axis[a]))
			snprintf(value, sizeof(value), "g");
		else
			axe_cuda_thread_value(c->rg.layout->axis[a], "o", value, sizeof(value));
		axe_emit_put(e, "%s, ", value);
	}
	for (size_t d = 0; d < c->rg.rank; d++)
		axe_emit_put(e, "%s&i%zu", d ? ", " : "", d);
	axe_emit_put(e, "))");
	axe_emit_end(e);
	axe_emit_line(e, "\treturn -1;");
	axe_emit_line(e, "/* Lane 0's register 0 is the fragment's cell (%lld, %lld). */",
		      (long long)(cell0 / c->f.cols), (long long)(cell0 % c->f.cols));
	axe_emit_begin(e);
	axe_emit_put(e, "return ((");
	tmem_call(e, c, "TLane");
	axe_emit_put(e, " - %lld) << 16) + ", (long long)(cell0 / c->f.cols));
	tmem_call(e, c, "TCol");
	axe_emit_put(e, " - %lld;", (long long)(cell0 % c->f.cols));
	axe_emit_end(e);
	axe_emit_close(e, "");
	axe_emit_line(e, "%s", "");
}

/* The device instruction: R registers as 32-bit words, then the wait. */
static void print_device(axe_emit *e, const tmem_copy *c)
{
	int R = c->f.regs;

	axe_emit_line(e, "(void)%s;", c->load ? "src" : "dst");
	axe_emit_line(e, "%sunsigned *w = reinterpret_cast<%sunsigned *>(%s + g);",
		      c->load ? "" : "const ", c->load ? "" : "const ", c->load ? "dst" : "src");
	axe_emit_begin(e);
	if (c->load) {
		axe_emit_put(e, "asm volatile(\"%s {", c->opcode);
		for (int k = 0; k < R; k++)
			axe_emit_put(e, "%s%%%d", k ? ", " : "", k);
		axe_emit_put(e, "}, [%%%d];\\n\" : ", R);
		for (int k = 0; k < R; k++)
			axe_emit_put(e, "%s\"=r\"(w[%d])", k ? ", " : "", k);
		axe_emit_put(e, " : \"r\"(tmem + (unsigned)base) : \"memory\");");
	} else {
		axe_emit_put(e, "asm volatile(\"%s [%%0], {", c->opcode);
		for (int k = 0; k < R; k++)
			axe_emit_put(e, "%s%%%d", k ? ", " : "", k + 1);
		axe_emit_put(e, "};\\n\" :: \"r\"(tmem + (unsigned)base)");
		for (int k = 0; k < R; k++)
			axe_emit_put(e, ", \"r\"(w[%d])", k);
		axe_emit_put(e, " : \"memory\");");
	}
	axe_emit_end(e);
	axe_emit_line(e, "asm volatile(\"tcgen05.wait::%s.sync.aligned;\\n\" ::: \"memory\");",
		      c->load ? "ld" : "st");
}

/* The host side: the words of this thread's fragment cells in the tensor-memory image. */
static void print_host(axe_emit *e, const tmem_copy *c)
{
	const char *n = c->req->name;
	int R = c->f.regs;

	axe_emit_line(e, "(void)tmem;");
	axe_emit_begin(e);
	axe_emit_put(e, "static const int cell[%d] = {", 32 * R);
	for (int s = 0; s < 32 * R; s++)
		axe_emit_put(e, "%s%lld", s ? ", " : " ", (long long)c->f.at[s]);
	axe_emit_put(e, " };");
	axe_emit_end(e);
	axe_emit_line(e, "const long long lane = t %% 32;");
	axe_emit_open(e, "for (int k = 0; k < %d; k++) {", R);
	axe_emit_line(e, "const long long at = base + ((long long)(cell[lane * %d + k] / %d) << 16) + "
		      "cell[lane * %d + k] %% %d;", R, c->f.cols, R, c->f.cols);
	axe_emit_line(e, "const long long word = (at >> 16) * %s_tmem_cols + (at & 0xffff);", n);
	if (c->load)
		axe_emit_line(e, "dst[g + k] = src[word];");
	else
		axe_emit_line(e, "dst[word] = src[g + k];");
	axe_emit_close(e, "");
}

static void print_tile(axe_emit *e, const tmem_copy *c)
{
	const char *n = c->req->name, *ty = c->type->name;

	print_base(e, c);
	axe_emit_line(e, "/* Thread threadIdx.x's part of the warp-wide %s copies; \"tmem\": the "
		      "allocation's base (device), the image in src or dst (host). */", c->atom->name);
	axe_emit_line(e, "__device__ __forceinline__ void %s_tile(const %s *__restrict__ src, "
		      "%s *__restrict__ dst, unsigned tmem = 0)", n, ty, ty);
	axe_emit_open(e, "{");
	axe_emit_line(e, "const long long t = threadIdx.x;");
	axe_emit_open(e, "for (long long g = 0; g < %s_regs; g += %d) {", n, c->f.regs);
	axe_emit_line(e, "const long long base = %s_base(t, g);", n);
	axe_emit_line(e, "if (base < 0) /* whole warps take part or none does (axe-layout atoms) */");
	axe_emit_line(e, "\tcontinue;");
	axe_emit_directive(e, "#ifdef __CUDA_ARCH__");
	print_device(e, c);
	axe_emit_directive(e, "#else");
	print_host(e, c);
	axe_emit_directive(e, "#endif");
	axe_emit_close(e, "");
	axe_emit_close(e, "");
	axe_emit_line(e, "%s", "");
}
/* A fence pair around __syncthreads() that orders tcgen05 work across the block. */
static void print_sync(axe_emit *e)
{
	axe_emit_line(e, "asm volatile(\"tcgen05.fence::before_thread_sync;\\n\" ::: \"memory\");");
	axe_emit_line(e, "__syncthreads();");
	axe_emit_line(e, "asm volatile(\"tcgen05.fence::after_thread_sync;\\n\" ::: \"memory\");");
}

/*
 * Staging between "in"/"out" and tensor memory: each warp moves the lanes of
 * its slab that the tile uses, one .32x32b.x1 column at a time.
 */
static void print_stage(axe_emit *e, const tmem_copy *c, bool in)
{
	const char *n = c->req->name;

	axe_emit_open(e, "for (long long col = 0; col < %s_tmem_cols; col++) {", n);
	axe_emit_line(e, "const unsigned at = tmem + ((unsigned)(32 * quarter) << 16) + "
		      "(unsigned)col;");
	if (in) {
		axe_emit_line(e, "const unsigned v = l < %s_tmem_lanes ? *reinterpret_cast<const "
			      "unsigned *>(in + l * %s_tmem_cols + col) : 0u;", n, n);
		axe_emit_line(e, "asm volatile(\"tcgen05.st.sync.aligned.32x32b.x1.b32 [%%0], "
			      "{%%1};\\n\" :: \"r\"(at), \"r\"(v) : \"memory\");");
	} else {
		axe_emit_line(e, "unsigned v;");
		axe_emit_line(e, "asm volatile(\"tcgen05.ld.sync.aligned.32x32b.x1.b32 {%%0}, "
			      "[%%1];\\n\" : \"=r\"(v) : \"r\"(at) : \"memory\");");
		axe_emit_line(e, "asm volatile(\"tcgen05.wait::ld.sync.aligned;\\n\" ::: \"memory\");");
		axe_emit_line(e, "if (l < %s_tmem_lanes)", n);
		axe_emit_line(e, "\t*reinterpret_cast<unsigned *>(out + l * %s_tmem_cols + col) = v;",
			      n);
	}
	axe_emit_close(e, "");
	if (in)
		axe_emit_line(e, "asm volatile(\"tcgen05.wait::st.sync.aligned;\\n\" ::: \"memory\");");
}

static void print_kernel(axe_emit *e, const tmem_copy *c)
{
	const char *n = c->req->name, *ty = c->type->name;

	axe_emit_directive(e, "#ifdef __CUDACC__ /* the kernel and its launcher need nvcc */");
	axe_emit_line(e, "/* One tile per block (see above); needs sm_100a. */");
	axe_emit_line(e, "__global__ void __launch_bounds__(%lld) %s_kernel(const %s *__restrict__ "
		      "in, %s *__restrict__ out)", (long long)c->nthreads, n, ty, ty);
	axe_emit_open(e, "{");
	axe_emit_line(e, "__shared__ unsigned %s_slot;", n);
	axe_emit_line(e, "const long long t = threadIdx.x, quarter = (t / 32) %% 4;");
	axe_emit_line(e, "const long long l = 32 * quarter + t %% 32; /* this thread's lane in its "
		      "warp's slab */");
	axe_emit_line(e, "in += blockIdx.x * %s_in_elems;", n);
	axe_emit_line(e, "out += blockIdx.x * %s_out_elems;", n);
	axe_emit_open(e, "if (t < 32) {");
	axe_emit_line(e, "asm volatile(\"tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 "
		      "[%%0], %%1;\\n\" :: \"r\"((unsigned)__cvta_generic_to_shared(&%s_slot)), "
		      "\"r\"(%s_tmem_alloc) : \"memory\");", n, n);
	axe_emit_line(e, "asm volatile(\"tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;"
		      "\\n\" ::: \"memory\");");
	axe_emit_close(e, "");
	print_sync(e);
	axe_emit_line(e, "const unsigned tmem = %s_slot;", n);
	axe_emit_line(e, "alignas(16) %s regs[%s_regs] = {};", ty, n);
	if (c->load) {
		print_stage(e, c, true);
		print_sync(e);
		axe_emit_line(e, "%s_tile(nullptr, regs, tmem);", n);
		axe_emit_line(e, "for (int k = 0; k < %s_regs; k++)", n);
		axe_emit_line(e, "\tout[t * %s_regs + k] = regs[k];", n);
	} else {
		axe_emit_line(e, "for (int k = 0; k < %s_regs; k++)", n);
		axe_emit_line(e, "\tregs[k] = in[t * %s_regs + k];", n);
		axe_emit_line(e, "%s_tile(regs, nullptr, tmem);", n);
		print_sync(e);
		print_stage(e, c, false);
	}
	print_sync(e);
	axe_emit_line(e, "if (t < 32)");
	axe_emit_line(e, "\tasm volatile(\"tcgen05.dealloc.cta_group::1.sync.aligned.b32 %%0, %%1;"
		      "\\n\" :: \"r\"(tmem), \"r\"(%s_tmem_alloc) : \"memory\");", n);
	axe_emit_close(e, "");
	axe_emit_line(e, "%s", "");
	axe_emit_line(e, "/* Launch %s_kernel on \"tiles\" tiles; the launch's error. */", n);
	axe_emit_line(e, "inline cudaError_t %s_launch(const %s *in, %s *out, int tiles, "
		      "cudaStream_t stream = 0)", n, ty, ty);
	axe_emit_open(e, "{");
	axe_emit_line(e, "%s_kernel<<<tiles, %s_block_threads, 0, stream>>>(in, out);", n, n);
	axe_emit_line(e, "return cudaGetLastError();");
	axe_emit_close(e, "");
	axe_emit_directive(e, "#endif");
}

static void print_header(axe_emit *e, const tmem_copy *c)
{
	const char *n = c->req->name;
	char *src = axe_layout_to_string(c->req->src.layout), *dst = axe_layout_to_string(c->req->dst.layout);
	char *text = NULL;

	axe_emit_line(e, "/*");
	if (asprintf(&text, "%s: a tile copy between tensor memory and registers, generated by "
		     "axe-layout emit-cuda --kind copy --atom %s.", n, c->atom->name) >= 0)
		axe_cuda_print_comment(e, text, "");
	free(text);
	axe_emit_line(e, " *");
	text = NULL;
	if (asprintf(&text, "SRC (%s): %s", c->load ? "tensor memory" : "registers",
		     src ? src : "?") >= 0)
		axe_cuda_print_comment(e, text, "");
	free(text);
	text = NULL;
	if (asprintf(&text, "DST (%s): %s", c->load ? "registers" : "tensor memory",
		     dst ? dst : "?") >= 0)
		axe_cuda_print_comment(e, text, "");
	free(text);
	text = NULL;
	if (asprintf(&text, "instruction: %s (PTX ISA %s), chosen with axe-layout atoms.",
		     c->atom->name, c->atom->ptx) >= 0)
		axe_cuda_print_comment(e, text, "");
	free(text);
	text = NULL;
	axe_emit_line(e, " *");
	if (asprintf(&text, "%s_kernel<<<tiles, %s_block_threads>>>(in, out) copies tile b = "
		     "blockIdx.x. The tensor-memory side is staged as an image, lane l column c at "
		     "l*%s_tmem_cols + c; the registers as thread t's register k at t*%s_regs + k. "
		     "Both must be aligned to 16 bytes.", n, n, n, n) >= 0)
		axe_cuda_print_comment(e, text, "");
	free(text);
	axe_emit_line(e, " *");
	axe_cuda_print_comment(e, "Proved before printing:", "");
	axe_cuda_print_proofs(e, &c->tm);
	axe_cuda_print_proofs(e, &c->rg);
	axe_emit_line(e, " */");
	free(src);
	free(dst);
}

static void print_file(axe_emit *e, const tmem_copy *c)
{
	const char *n = c->req->name;
	bool floor = axe_cuda_index_uses_floor(&c->tm) || axe_cuda_index_uses_floor(&c->rg);

	print_header(e, c);
	axe_emit_directive(e, "#ifdef __CUDACC__");
	axe_emit_directive(e, "#include <cuda_runtime.h>");
	axe_emit_directive(e, "#endif");
	axe_cuda_print_prelude(e, floor);
	axe_cuda_print_functions(e, &c->tm);
	axe_cuda_print_functions(e, &c->rg);
	axe_emit_line(e, "typedef %s %s_elem;", c->type->name, n);
	axe_emit_line(e, "static constexpr int %s_block_threads = %lld;", n, (long long)c->nthreads);
	axe_emit_line(e, "static constexpr int %s_regs = %lld; /* registers per thread */", n,
		      (long long)c->nregs);
	axe_emit_line(e, "static constexpr long long %s_tmem_lanes = %lld; /* lanes the tile uses */",
		      n, (long long)c->lanes);
	axe_emit_line(e, "static constexpr long long %s_tmem_cols = %lld; /* columns of the image */",
		      n, (long long)c->cols);
	axe_emit_line(e, "static constexpr unsigned %s_tmem_alloc = %lld; /* columns allocated */", n,
		      (long long)c->alloc);
	axe_emit_line(e, "static constexpr long long %s_in_elems = %lld; /* one tile of \"in\" */", n,
		      (long long)(c->load ? c->lanes * c->cols : c->nthreads * c->nregs));
	axe_emit_line(e, "static constexpr long long %s_out_elems = %lld; /* one tile of \"out\" */",
		      n, (long long)(c->load ? c->nthreads * c->nregs : c->lanes * c->cols));
	axe_emit_line(e, "%s", "");
	print_tile(e, c);
	print_kernel(e, c);
}

int axe_cuda_copy_tmem(const axe_cuda_copy_request *req, const axe_atom *atom, axe_emit *out,
		       axe_cuda_outcome *res, axe_error *err)
{
	tmem_copy c = { .req = req, .atom = atom, .load = atom->family == AXE_ATOM_TMEM_LD };
	int dtype = req->src.dtype >= 0 ? req->src.dtype : req->dst.dtype, r;

	c.type = axe_cuda_type_of(dtype);
	/* "tcgen05.ld.32x32b.x4" -> "tcgen05.ld.sync.aligned.32x32b.x4.b32" */
	snprintf(c.opcode, sizeof(c.opcode), "tcgen05.%s.sync.aligned.%s.b32", c.load ? "ld" : "st",
		 atom->name + strlen("tcgen05.ld."));
	if (axe_atom_fragment_load(atom, &c.f, err) < 0)
		return -1;
	r = build(&c, res, err);
	if (r == 0 && (r = sizes(&c, res)) == 0)
		print_file(out, &c);
	axe_atom_fragment_release(&c.f);
	axe_cuda_index_release(&c.tm);
	axe_cuda_index_release(&c.rg);
	return r < 0 ? -1 : 0;
}
