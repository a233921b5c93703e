/*
 * cuda_tma_device.c: the device side of a TMA copy as CUDA source
 * (cuda_tma.c has the file, its header and host code): the copies as
 * cp.async.bulk.tensor statements in loops, the pipeline-ready load pieces
 * (NAME_barrier_init, NAME_load on a stage barrier, NAME_wait on its phase;
 * PTX ISA, mbarrier and cp.async.bulk.tensor), the store pieces (a committed
 * bulk group, wait_group.read), the kernel, the --stages pipeline example and
 * the launchers.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cuda_tma_private.h"

/* "shift[0] + 64 + l0*64": coordinate "d" of the copy at loop counters l0, l1, ... */
static void coordinate(FILE *out, const axe_tma_plan *p, int d)
{
	fprintf(out, "shift[%d]", d);
	if (p->first.coords[d] != 0)
		fprintf(out, " + %lld", (long long)p->first.coords[d]);
	for (size_t i = 0; i < p->nloops; i++)
		if (p->loop[i].coord_step[d] != 0)
			fprintf(out, " + l%zu * %lld", i, (long long)p->loop[i].coord_step[d]);
}

/* The asm statement of one copy, at the loop counters in scope. */
static void print_copy(axe_emit *e, const tma_file *f)
{
	const axe_tma_plan *p = f->plan;
	int r = p->params.rank;
	bool load = p->direction == AXE_TMA_G2S;
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	if (!out) {
		e->nomem = true;
		return;
	}
	/* Operands: %0 the shared address, %1 the map, then the coordinates, then the mbarrier. */
	fprintf(out, "asm volatile(\"cp.async.bulk.tensor.%dd.%s.tile.%s ", r,
		load ? "shared::cluster.global" : "global.shared::cta",
		load ? "mbarrier::complete_tx::bytes" : "bulk_group");
	fprintf(out, "%s[%%1, {", load ? "[%0], " : "");
	for (int d = 0; d < r; d++)
		fprintf(out, "%s%%%d", d ? ", " : "", d + 2);
	if (load)
		fprintf(out, "}], [%%%d];\"", r + 2);
	else
		fprintf(out, "}], [%%0];\"");
	fprintf(out, "\n\t:: \"r\"(s");
	if (p->first.smem_offset_bytes != 0)
		fprintf(out, " + %lldu", (long long)p->first.smem_offset_bytes);
	for (size_t i = 0; i < p->nloops; i++)
		if (p->loop[i].smem_step_bytes != 0)
			fprintf(out, " + l%zu * %lldu", i, (long long)p->loop[i].smem_step_bytes);
	fprintf(out, "), \"l\"(reinterpret_cast<unsigned long long>(map))");
	for (int d = 0; d < r; d++) {
		fprintf(out, ",\n\t   \"r\"(");
		coordinate(out, p, d);
		fprintf(out, ")");
	}
	fprintf(out, "%s\n\t: \"memory\");", load ? ", \"r\"(b)" : "");
	if (fclose(out) != 0) {
		free(text);
		e->nomem = true;
		return;
	}
	axe_emit_text(e, text);
	free(text);
}

/* The loops over the copies (loop 0 slowest), the copy inside. */
static void print_copies(axe_emit *e, const tma_file *f)
{
	const axe_tma_plan *p = f->plan;

	for (size_t i = 0; i < p->nloops; i++)
		axe_emit_open(e, "for (int l%zu = 0; l%zu < %lld; l%zu++)%s", i, i,
			      (long long)p->loop[i].extent, i, i + 1 < p->nloops ? "" : " {");
	print_copy(e, f);
	if (p->nloops > 0) {
		e->depth -= (int)p->nloops - 1;
		axe_emit_close(e, "");
	}
}

/* NAME_barrier_init and NAME_wait: the mbarrier a stage's copies complete on. */
static void print_barrier(axe_emit *e, const tma_file *f)
{
	const char *n = f->req->name;

	axe_emit_line(e, "/*");
	axe_emit_line(e, " * Device, one thread, once per barrier before any load: \"bar\" expects one");
	axe_emit_line(e, " * arrival per phase (the thread that issues the loads); the block syncs after.");
	axe_emit_line(e, " */");
	axe_emit_line(e, "__device__ __forceinline__ void %s_barrier_init(unsigned long long *bar)", n);
	axe_emit_open(e, "{");
	axe_emit_line(e, "const unsigned b = static_cast<unsigned>(__cvta_generic_to_shared(bar));");
	axe_emit_line(e, "asm volatile(\"mbarrier.init.shared::cta.b64 [%%0], 1;\" :: \"r\"(b) : "
		      "\"memory\");");
	axe_emit_line(e, "/* Make the initialized barrier visible to the copy engine. */");
	axe_emit_line(e, "asm volatile(\"fence.mbarrier_init.release.cluster;\" ::: \"memory\");");
	axe_emit_line(e, "asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");");
	axe_emit_close(e, "");
	axe_emit_line(e, "%s", "");
	axe_emit_line(e, "/* Device, every consumer: wait until phase \"phase\" (0, 1, 0, ...) of \"bar\" "
		      "completed. */");
	axe_emit_line(e, "__device__ __forceinline__ void %s_wait(unsigned long long *bar, unsigned "
		      "phase)", n);
	axe_emit_open(e, "{");
	axe_emit_line(e, "const unsigned b = static_cast<unsigned>(__cvta_generic_to_shared(bar));");
	axe_emit_line(e, "unsigned done = 0;");
	axe_emit_open(e, "while (!done) {");
	axe_emit_line(e, "asm volatile(\"{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, "
		      "[%%1], %%2; selp.u32 %%0, 1, 0, p; }\"");
	axe_emit_line(e, "\t: \"=r\"(done) : \"r\"(b), \"r\"(phase) : \"memory\");");
	axe_emit_close(e, "");
	axe_emit_close(e, "");
	axe_emit_line(e, "%s", "");
}

static void print_load(axe_emit *e, const tma_file *f)
{
	const char *n = f->req->name;

	print_barrier(e, f);
	axe_emit_line(e, "/*");
	axe_emit_line(e, " * Device, one thread (the producer): the region, moved by shift[d] elements");
	axe_emit_line(e, " * along map dimension d, into \"smem\" (aligned to %s_smem_align bytes), on the",
		      n);
	axe_emit_line(e, " * stage's barrier \"bar\": one arrival that expects the bytes of every copy,");
	axe_emit_line(e, " * then the copies.  Consumers call %s_wait(bar, phase) before reading.", n);
	axe_emit_line(e, " */");
	axe_emit_line(e, "__device__ __forceinline__ void %s_load(const CUtensorMap *map, %s_elem *smem, "
		      "unsigned long long *bar,", n, n);
	axe_emit_line(e, "\tconst int *shift)");
	axe_emit_open(e, "{");
	axe_emit_line(e, "const unsigned b = static_cast<unsigned>(__cvta_generic_to_shared(bar));");
	axe_emit_line(e, "const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));");
	axe_emit_line(e, "asm volatile(\"{ .reg .b64 state; mbarrier.arrive.expect_tx.shared::cta.b64 "
		      "state, [%%0], %%1; }\"");
	axe_emit_line(e, "\t:: \"r\"(b), \"r\"(%s_expect_tx_bytes) : \"memory\");", n);
	print_copies(e, f);
	axe_emit_close(e, "");
	axe_emit_line(e, "%s", "");
}

static void print_store(axe_emit *e, const tma_file *f)
{
	const char *n = f->req->name;

	axe_emit_line(e, "/*");
	axe_emit_line(e, " * Device, one thread, after every writer of \"smem\" (aligned to %s_smem_align",
		      n);
	axe_emit_line(e, " * bytes) ran fence.proxy.async.shared::cta and the block synced: the copies of");
	axe_emit_line(e, " * \"smem\" to the region, moved by shift[d] elements along map dimension d, as");
	axe_emit_line(e, " * one bulk group.  %s_store_wait() before \"smem\" is written again.", n);
	axe_emit_line(e, " */");
	axe_emit_line(e, "__device__ __forceinline__ void %s_store(const CUtensorMap *map, const "
		      "%s_elem *smem, const int *shift)", n, n);
	axe_emit_open(e, "{");
	axe_emit_line(e, "const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));");
	print_copies(e, f);
	axe_emit_line(e, "asm volatile(\"cp.async.bulk.commit_group;\" ::: \"memory\");");
	axe_emit_close(e, "");
	axe_emit_line(e, "%s", "");
	axe_emit_line(e, "/* Device, the thread that stored: wait until every committed group has read "
		      "its shared source. */");
	axe_emit_line(e, "__device__ __forceinline__ void %s_store_wait()", n);
	axe_emit_open(e, "{");
	axe_emit_line(e, "asm volatile(\"cp.async.bulk.wait_group.read 0;\" ::: \"memory\");");
	axe_emit_close(e, "");
	axe_emit_line(e, "%s", "");
}

/* The aligned shared buffer "smem" of "count" stages in the dynamic shared memory. */
static void print_smem(axe_emit *e, const tma_file *f)
{
	const char *n = f->req->name;

	axe_emit_line(e, "extern __shared__ unsigned char %s_raw[];", n);
	axe_emit_line(e, "const unsigned raw = static_cast<unsigned>(__cvta_generic_to_shared(%s_raw));",
		      n);
	axe_emit_line(e, "%s_elem *smem = reinterpret_cast<%s_elem *>(%s_raw + ((%s_smem_align - raw %% "
		      "%s_smem_align) %% %s_smem_align));", n, n, n, n, n, n);
}

static void print_kernel(axe_emit *e, const tma_file *f)
{
	const char *n = f->req->name;
	int r = f->plan->params.rank;
	bool load = f->plan->direction == AXE_TMA_G2S;

	axe_emit_line(e, "/* Block (x, y): the region moved by x regions along the outermost map "
		      "dimension, y along the next. */");
	axe_emit_line(e, "__global__ void __launch_bounds__(%lld) %s_kernel(const __grid_constant__ "
		      "CUtensorMap map, %s%s_elem *buffer)", (long long)f->threads, n,
		      load ? "" : "const ", n);
	axe_emit_open(e, "{");
	if (load)
		axe_emit_line(e, "__shared__ alignas(8) unsigned long long bar;");
	print_smem(e, f);
	axe_emit_line(e, "int shift[%d] = {};", r);
	axe_emit_line(e, "shift[%d] = static_cast<int>(blockIdx.x) * %lld; /* the region's extent "
		      "there */", r - 1, (long long)f->extent[r - 1]);
	if (r > 1)
		axe_emit_line(e, "shift[%d] = static_cast<int>(blockIdx.y) * %lld;", r - 2,
			      (long long)f->extent[r - 2]);
	axe_emit_line(e, "buffer += (static_cast<long long>(blockIdx.y) * gridDim.x + blockIdx.x) * "
		      "%s_smem_elems;", n);
	if (load) {
		axe_emit_line(e, "if (threadIdx.x == 0)");
		axe_emit_line(e, "\t%s_barrier_init(&bar);", n);
		axe_emit_line(e, "__syncthreads();");
		axe_emit_line(e, "if (threadIdx.x == 0)");
		axe_emit_line(e, "\t%s_load(&map, smem, &bar, shift);", n);
		axe_emit_line(e, "%s_wait(&bar, 0);", n);
		axe_emit_line(e, "for (long long i = threadIdx.x; i < %s_smem_elems; i += blockDim.x)", n);
		axe_emit_line(e, "\tbuffer[i] = smem[i];");
	} else {
		axe_emit_line(e, "for (long long i = threadIdx.x; i < %s_smem_elems; i += blockDim.x)", n);
		axe_emit_line(e, "\tsmem[i] = buffer[i];");
		axe_emit_line(e, "/* The threads' writes must be visible to the copy engine before it "
			      "reads. */");
		axe_emit_line(e, "asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");");
		axe_emit_line(e, "__syncthreads();");
		axe_emit_open(e, "if (threadIdx.x == 0) {");
		axe_emit_line(e, "%s_store(&map, smem, shift);", n);
		axe_emit_line(e, "%s_store_wait();", n);
		axe_emit_close(e, "");
	}
	axe_emit_close(e, "");
	axe_emit_line(e, "%s", "");
}

/*
 * The multi-stage example (--stages N): one block walks "iters" regions
 * along the outermost map dimension through a ring of N buffers, each with
 * its full barrier; thread 0 keeps N loads in flight, every thread waits on
 * the stage's phase, consumes the buffer, and the block syncs before the
 * buffer is loaded again.
 */
static void print_pipeline(axe_emit *e, const tma_file *f)
{
	const char *n = f->req->name;
	int r = f->plan->params.rank;

	axe_emit_line(e, "/*");
	axe_emit_line(e, " * A %d-stage pipeline: iteration i loads the region moved by i regions along",
		      f->req->stages);
	axe_emit_line(e, " * the outermost map dimension into stage i %% %s_stages, whose barrier completes",
		      n);
	axe_emit_line(e, " * phase (i / %s_stages) %% 2; thread 0 is the producer, every thread consumes",
		      n);
	axe_emit_line(e, " * (here: copies the stage to buffer + i*%s_smem_elems).  Paste the loop body",
		      n);
	axe_emit_line(e, " * into a producer/consumer kernel, the copy-out replaced by the MMA.");
	axe_emit_line(e, " */");
	axe_emit_line(e, "__global__ void __launch_bounds__(%lld) %s_pipeline_kernel(const "
		      "__grid_constant__ CUtensorMap map, %s_elem *buffer,", (long long)f->threads,
		      n, n);
	axe_emit_line(e, "\tint iters)");
	axe_emit_open(e, "{");
	axe_emit_line(e, "__shared__ alignas(8) unsigned long long full[%s_stages];", n);
	print_smem(e, f);
	axe_emit_line(e, "const long long stage_elems = %s_smem_elems + (%s_smem_align - %s_smem_elems "
		      "* static_cast<long long>(sizeof(%s_elem)) %% %s_smem_align) %% %s_smem_align / "
		      "static_cast<long long>(sizeof(%s_elem));", n, n, n, n, n, n, n);
	axe_emit_line(e, "int shift[%d] = {};", r);
	axe_emit_open(e, "if (threadIdx.x == 0) {");
	axe_emit_line(e, "for (int s = 0; s < %s_stages; s++)", n);
	axe_emit_line(e, "\t%s_barrier_init(&full[s]);", n);
	axe_emit_open(e, "for (int s = 0; s < %s_stages && s < iters; s++) {", n);
	axe_emit_line(e, "shift[%d] = s * %lld;", r - 1, (long long)f->extent[r - 1]);
	axe_emit_line(e, "%s_load(&map, smem + s * stage_elems, &full[s], shift);", n);
	axe_emit_close(e, "");
	axe_emit_close(e, "");
	axe_emit_line(e, "__syncthreads();");
	axe_emit_open(e, "for (int i = 0; i < iters; i++) {");
	axe_emit_line(e, "const int s = i %% %s_stages;", n);
	axe_emit_line(e, "%s_wait(&full[s], static_cast<unsigned>(i / %s_stages) & 1u);", n, n);
	axe_emit_line(e, "const %s_elem *stage = smem + s * stage_elems;", n);
	axe_emit_line(e, "for (long long j = threadIdx.x; j < %s_smem_elems; j += blockDim.x)", n);
	axe_emit_line(e, "\tbuffer[i * %s_smem_elems + j] = stage[j];", n);
	axe_emit_line(e, "__syncthreads(); /* the stage is free: every thread has read it */");
	axe_emit_open(e, "if (threadIdx.x == 0 && i + %s_stages < iters) {", n);
	axe_emit_line(e, "shift[%d] = (i + %s_stages) * %lld;", r - 1, n,
		      (long long)f->extent[r - 1]);
	axe_emit_line(e, "%s_load(&map, smem + s * stage_elems, &full[s], shift);", n);
	axe_emit_close(e, "");
	axe_emit_close(e, "");
	axe_emit_close(e, "");
	axe_emit_line(e, "%s", "");
	axe_emit_line(e, "/* Launch %s_pipeline_kernel on one block over \"iters\" regions; the launch's "
		      "error. */", n);
	axe_emit_line(e, "inline cudaError_t %s_pipeline_launch(const CUtensorMap *map, %s_elem *buffer, "
		      "int iters, cudaStream_t stream = 0)", n, n);
	axe_emit_open(e, "{");
	axe_emit_line(e, "const long long stage_bytes = (%s_smem_elems * static_cast<long long>(sizeof("
		      "%s_elem)) + %s_smem_align - 1) / %s_smem_align * %s_smem_align;", n, n, n, n, n);
	axe_emit_line(e, "const int bytes = static_cast<int>(%s_stages * stage_bytes + %s_smem_align);",
		      n, n);
	axe_emit_line(e, "cudaError_t err = cudaFuncSetAttribute(%s_pipeline_kernel, "
		      "cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);", n);
	axe_emit_line(e, "if (err != cudaSuccess)");
	axe_emit_line(e, "\treturn err;");
	axe_emit_line(e, "%s_pipeline_kernel<<<1, %s_block_threads, bytes, stream>>>(*map, buffer, "
		      "iters);", n, n);
	axe_emit_line(e, "return cudaGetLastError();");
	axe_emit_close(e, "");
	axe_emit_line(e, "%s", "");
}

static void print_launcher(axe_emit *e, const tma_file *f)
{
	const char *n = f->req->name;
	bool load = f->plan->direction == AXE_TMA_G2S;

	axe_emit_line(e, "/* Launch %s_kernel on \"grid\" blocks; the launch's error. */", n);
	axe_emit_line(e, "inline cudaError_t %s_launch(const CUtensorMap *map, %s%s_elem *buffer, "
		      "dim3 grid, cudaStream_t stream = 0)", n, load ? "" : "const ", n);
	axe_emit_open(e, "{");
	if (f->smem_elems * f->elem_bytes + f->plan->smem_alignment > 48 * 1024) {
		axe_emit_line(e, "cudaError_t err = cudaFuncSetAttribute(%s_kernel, "
			      "cudaFuncAttributeMaxDynamicSharedMemorySize, %s_smem_bytes);", n, n);
		axe_emit_line(e, "if (err != cudaSuccess)");
		axe_emit_line(e, "\treturn err;");
	}
	axe_emit_line(e, "%s_kernel<<<grid, %s_block_threads, %s_smem_bytes, stream>>>(*map, buffer);",
		      n, n, n);
	axe_emit_line(e, "return cudaGetLastError();");
	axe_emit_close(e, "");
}

void axe_cuda_tma_print_device(axe_emit *e, const tma_file *f)
{
	if (f->plan->direction == AXE_TMA_G2S)
		print_load(e, f);
	else
		print_store(e, f);
	print_kernel(e, f);
	if (f->req->stages > 1)
		print_pipeline(e, f);
	print_launcher(e, f);
}
