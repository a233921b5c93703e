/*
 * cuda_copy.c: planning a copy kernel between two layouts (cuda.h,
 * "copy"): which memory space each side is in, which thread moves which
 * element, and how wide a vector each move can be.
 *
 * A side whose layout names thread axes is registers: its layout is the
 * thread layout T (Axe paper, section 2: an element's image names a thread
 * and a register).  Otherwise T is --threads, or a default made here: the
 * tile in row-major order cut into vectors, vector v going to thread
 * v % THREADS, so that consecutive threads touch consecutive vectors.  Each
 * thread walks its registers k and finds the element through T's proved
 * inverse.  Threads are those of a 1-D block, numbered as CUDA numbers them
 * (32 to a warp, 4 warps to a warpgroup), as analyze/banks_threads.c does.
 *
 * Vectors: width V is used only when, for every thread and every step of V
 * registers, the elements exist together and are contiguous and V-aligned on
 * each memory side (every replica of the destination), which is checked here
 * on every element by direct evaluation (core/eval.h), independently of the
 * emitted expressions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/axes.h"
#include "../core/dtype.h"
#include "../core/eval.h"
#include "../analyze/atoms.h"
#include "cuda_private.h"

#define MAX_POINTS ((int64_t)1 << 20)   /* elements of one block's tile */
#define MAX_SLOTS ((int64_t)1 << 22)    /* thread x register slots */
#define MAX_THREADS 1024                /* threads of a block */
#define MAX_SMEM_BYTES 232448           /* dynamic shared memory of a block on sm_90 */
#define SMEM_ALIGN 1024                 /* shared buffers start on swizzle-repeat boundaries */
#define DEFAULT_BLOCK 128

static const axe_cuda_type types[] = {
	{ "f8", "unsigned char", NULL }, { "e4m3", "__nv_fp8_e4m3", "cuda_fp8.h" },
	{ "e5m2", "__nv_fp8_e5m2", "cuda_fp8.h" }, { "f16", "__half", "cuda_fp16.h" },
	{ "bf16", "__nv_bfloat16", "cuda_bf16.h" }, { "f32", "float", NULL },
	{ "tf32", "float", NULL }, { "f64", "double", NULL }, { "i8", "signed char", NULL },
	{ "u8", "unsigned char", NULL }, { "i16", "short", NULL }, { "i32", "int", NULL },
	{ "u32", "unsigned int", NULL }, { "i64", "long long", NULL },
	{ "u64", "unsigned long long", NULL },
};

const axe_cuda_type *axe_cuda_type_of(int dtype)
{
	const axe_dtype_info *info = axe_dtype_get(dtype);

	for (size_t i = 0; info && i < sizeof(types) / sizeof(types[0]); i++)
		if (strcmp(types[i].dtype, info->name) == 0)
			return &types[i];
	return NULL;
}

const char *axe_cuda_vector_type(int64_t bytes)
{
	switch (bytes) {
	case 1: return "unsigned char";
	case 2: return "unsigned short";
	case 4: return "unsigned int";
	case 8: return "unsigned long long";
	default: return "axe_vec16";
	}
}

/* The digit size of each thread axis of a 1-D block; their weights are the relations'. */
static const axe_cuda_thread_axis thread_axes[] = {
	{ "laneid", 32 }, { "lane", 32 }, { "tx", 0 }, { "tid", 0 }, { "tid_in_wg", 128 },
	{ "warpid", 0 }, { "warp", 0 }, { "wid_in_wg", 4 }, { "wgid", 0 },
};

const axe_cuda_thread_axis *axe_cuda_thread_axis_of(const char *name)
{
	for (size_t i = 0; i < sizeof(thread_axes) / sizeof(thread_axes[0]); i++)
		if (strcmp(thread_axes[i].name, name) == 0)
			return &thread_axes[i];
	return NULL;
}

void axe_cuda_copy_plan_release(axe_cuda_copy_plan *plan)
{
	axe_cuda_index_release(&plan->side[0]);
	axe_cuda_index_release(&plan->side[1]);
	axe_cuda_index_release(&plan->threads);
	free(plan->table);
	memset(plan, 0, sizeof(*plan));
}

static bool names_threads(const axe_layout *L)
{
	for (size_t a = 0; a < L->naxes; a++)
		if (axe_axis_kind_of(L->axis[a]) == AXE_AXIS_THREAD)
			return true;
	return false;
}

/* Where operand "op" was given, for axe_error_set (NULL when nowhere). */
static const axe_loc *where(const axe_cuda_operand *op)
{
	return op->loc.source ? &op->loc : NULL;
}

/*
 * Check the axes of operand "op" ("role" names it in messages): a memory
 * side names only m; a thread layout names thread axes of a 1-D block and at
 * most m.
 */
static int check_axes(const axe_cuda_operand *op, const char *role, bool threads,
		      axe_error *err)
{
	const axe_layout *L = op->layout;

	for (size_t a = 0; a < L->naxes; a++) {
		const char *name = L->axis[a];
		if (strcmp(name, "m") == 0)
			continue;
		if (!threads)
			return axe_error_set(err, AXE_ERR_VALUE, where(op), op->span, "%s names axis '%s'; a "
					     "memory side of a copy places elements on 'm' alone",
					     role, name);
		if (axe_axis_kind_of(name) != AXE_AXIS_THREAD)
			return axe_error_set(err, AXE_ERR_VALUE, where(op), op->span, "%s names axis '%s'; a "
					     "thread layout has thread axes and the register axis "
					     "'m'", role, name);
		if (!axe_cuda_thread_axis_of(name))
			return axe_error_set(err, AXE_ERR_VALUE, where(op), op->span, "%s names thread axis '%s', "
					     "which a 1-D block of one tile does not give (use laneid, "
					     "warpid, tx, tid, tid_in_wg, wid_in_wg or wgid)", role, name);
	}
	return 0;
}

/* The spaces of SRC and DST into "space": --direction, or inferred. */
static int choose_spaces(const axe_cuda_copy_request *req, bool regs[2], char *space,
			 axe_error *err)
{
	static const char letters[] = "gsr";
	const char *d = req->direction;
	axe_loc loc = { "--direction", 1, 1, d, d ? strlen(d) : 0 };

	if (regs[0] && regs[1])
		return axe_error_set(err, AXE_ERR_VALUE, where(&req->dst), req->dst.span,
				     "SRC and DST both name thread "
				     "axes: moving registers between threads needs warp shuffles, "
				     "which emit-cuda does not generate");
	if (!d) {
		space[0] = regs[0] ? AXE_SPACE_REGS : regs[1] ? AXE_SPACE_SHARED : AXE_SPACE_GLOBAL;
		space[1] = regs[1] ? AXE_SPACE_REGS : AXE_SPACE_SHARED;
		return 0;
	}
	if (strlen(d) != 3 || d[1] != '2' || !strchr(letters, d[0]) || !strchr(letters, d[2]) ||
	    !d[0] || !d[2])
		return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(d), "unknown direction "
				     "'%s': SRC2DST with g (global), s (shared) or r (registers), "
				     "e.g. g2s or s2r", d);
	space[0] = d[0];
	space[1] = d[2];
	for (int i = 0; i < 2; i++)
		if ((space[i] == AXE_SPACE_REGS) != regs[i])
			return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(d), "direction "
					     "'%s' puts %s in %s, but its layout %s thread axes", d,
					     i ? "DST" : "SRC", space[i] == AXE_SPACE_REGS ?
					     "registers" : "memory", regs[i] ? "names" : "names no");
	return 0;
}

/* Every element's address on a memory side: "rows" replica images per point. */
typedef struct addresses {
	int64_t *addr; /* rows x points, row-major by row */
	size_t rows;
	int64_t lo, hi;
} addresses;

static int side_addresses(const axe_cuda_operand *op, const char *role, int64_t size,
			  addresses *A, axe_error *err)
{
	axe_evaluator ev;
	axe_cursor cur;
	int64_t *img = NULL;
	int m, r = -1;

	if (axe_evaluator_init(&ev, op->layout, &op->shape, err) < 0)
		return -1;
	m = axe_layout_axis_index(op->layout, "m");
	A->rows = ev.nimages;
	A->addr = malloc(A->rows * (size_t)size * sizeof(int64_t));
	img = malloc(ev.nimages * (ev.naxes ? ev.naxes : 1) * sizeof(int64_t));
	if (!A->addr || !img || axe_cursor_init(&cur, &ev, err) < 0) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	A->lo = INT64_MAX;
	A->hi = INT64_MIN;
	for (; !cur.done; axe_cursor_next(&cur)) {
		axe_evaluator_images(&ev, cur.base, true, img);
		for (size_t j = 0; j < ev.nimages; j++) {
			int64_t v = m >= 0 ? img[j * ev.naxes + (size_t)m] : 0;
			A->addr[j * (size_t)size + (size_t)cur.flat] = v;
			A->lo = v < A->lo ? v : A->lo;
			A->hi = v > A->hi ? v : A->hi;
		}
	}
	axe_cursor_release(&cur);
	r = 0;
	if (A->lo < 0)
		r = axe_error_set(err, AXE_ERR_VALUE, where(op), op->span, "%s reaches address %lld; "
				  "a buffer's "
				  "elements start at 0", role, (long long)A->lo);
out:
	free(img);
	axe_evaluator_release(&ev);
	return r;
}

/*
 * Whether the "V" points "flat" are consecutive and V-aligned at every
 * image row of "A" (NULL: a register side, always).
 */
static bool contiguous(const addresses *A, int64_t size, const int64_t *flat, int64_t V)
{
	for (size_t row = 0; A && row < A->rows; row++) {
		const int64_t *addr = A->addr + row * (size_t)size;
		if (addr[flat[0]] % V != 0)
			return false;
		for (int64_t j = 1; j < V; j++)
			if (addr[flat[j]] != addr[flat[0]] + j)
				return false;
	}
	return true;
}

/* The widest vector, in elements, that 16 bytes and "limit" allow. */
static int64_t widest(int64_t elem_bytes, int64_t limit)
{
	int64_t V = 16 / elem_bytes;

	while (V > 1 && (V > limit || limit % V != 0))
		V /= 2;
	return V;
}

/*
 * The default thread layout over "shape" ("size" points): row-major
 * vectors of the widest width both memory sides allow, vector v on thread
 * v % NT, NT the largest divisor of the vector count up to "block".
 */
static axe_layout *default_threads(const addresses *A, int64_t size, int64_t elem_bytes,
				   int64_t block, int64_t force)
{
	int64_t V = force ? force : widest(elem_bytes, size), flat[16], chunks, nt, steps;
	axe_layout *T;
	int m, tx;

	for (; V > 1 && !force; V /= 2) {
		bool ok = true;
		for (int64_t f = 0; f < size && ok; f += V) {
			for (int64_t j = 0; j < V; j++)
				flat[j] = f + j;
			ok = contiguous(&A[0], size, flat, V) && contiguous(&A[1], size, flat, V);
		}
		if (ok)
			break;
	}
	chunks = size / V;
	for (nt = block < chunks ? block : chunks; chunks % nt != 0; nt--)
		;
	steps = chunks / nt;
	if (!(T = axe_layout_new()) || (m = axe_layout_intern_axis(T, "m")) < 0 ||
	    (tx = axe_layout_intern_axis(T, "tx")) < 0 ||
	    axe_layout_push_shard(T, steps, V, m) < 0 || axe_layout_push_shard(T, nt, 1, tx) < 0 ||
	    axe_layout_push_shard(T, V, 1, m) < 0) {
		axe_layout_free(T);
		return NULL;
	}
	return T;
}

/* The linear thread index of image "img" of T, or -1 when its thread axes disagree. */
static int64_t thread_of(const axe_layout *T, const int64_t *img)
{
	int64_t t = 0;

	for (size_t a = 0; a < T->naxes; a++) {
		const axe_cuda_thread_axis *ta = axe_cuda_thread_axis_of(T->axis[a]);
		if (ta)
			t += img[a] * axe_cuda_thread_div(ta); /* bounded: the axes' ranges were checked */
	}
	for (size_t a = 0; a < T->naxes; a++) {
		const axe_cuda_thread_axis *ta = axe_cuda_thread_axis_of(T->axis[a]);
		int64_t v = ta ? t / axe_cuda_thread_div(ta) : 0;
		if (ta && (ta->mod ? v % ta->mod : v) != img[a])
			return -1;
	}
	return t;
}

/*
 * Sizes of the table from T's axis ranges: threads (a multiple of 32) and
 * registers.  "at" is T's operand (NULL for the default mapping).
 */
static int size_table(axe_cuda_copy_plan *p, const axe_layout *T, const axe_cuda_operand *at,
		      axe_error *err)
{
	const axe_loc *loc = at ? where(at) : NULL;
	int span = at ? at->span : 0;

	int64_t hi_thread = 0, lo, hi;

	p->nregs = 1;
	for (size_t a = 0; a < T->naxes; a++) {
		const axe_cuda_thread_axis *ta = axe_cuda_thread_axis_of(T->axis[a]);
		axe_layout_axis_range(T, (int)a, &lo, &hi);
		if (lo < 0)
			return axe_error_set(err, AXE_ERR_VALUE, loc, span, "the thread layout reaches "
					     "%lld on axis '%s'; threads and registers count from 0",
					     (long long)lo, T->axis[a]);
		if (ta && axe_axis_lookup(T->axis[a])->size > 0 &&
		    hi >= axe_axis_lookup(T->axis[a])->size)
			return axe_error_set(err, AXE_ERR_VALUE, loc, span, "the thread layout reaches "
					     "%lld on axis '%s', outside [0, %lld)", (long long)hi,
					     T->axis[a], (long long)axe_axis_lookup(T->axis[a])->size);
		if (ta && hi >= MAX_THREADS)
			return axe_error_set(err, AXE_ERR_VALUE, loc, span, "the thread layout reaches "
					     "%lld on axis '%s'; a block has at most %d threads",
					     (long long)hi, T->axis[a], MAX_THREADS);
		if (ta)
			hi_thread += hi * axe_cuda_thread_div(ta);
		else
			p->nregs = hi + 1;
	}
	p->nthreads = (hi_thread / 32 + 1) * 32;
	if (p->nthreads > MAX_THREADS)
		return axe_error_set(err, AXE_ERR_VALUE, loc, span, "the thread layout needs %lld "
				     "threads; a block has at most %d", (long long)p->nthreads,
				     MAX_THREADS);
	if (p->nregs > MAX_SLOTS / p->nthreads)
		return axe_error_set(err, AXE_ERR_LIMIT, loc, span, "the thread layout gives each of "
				     "%lld threads %lld registers; at most %lld in all",
				     (long long)p->nthreads, (long long)p->nregs, (long long)MAX_SLOTS);
	return 0;
}

/* Fill p->table: for each thread and register of T, the element it holds. */
static int fill_table(axe_cuda_copy_plan *p, const axe_layout *T, const axe_shape *shape,
		      const axe_cuda_operand *at, axe_error *err)
{
	int m = axe_layout_axis_index(T, "m");
	axe_evaluator ev;
	axe_cursor cur;
	int64_t *img = NULL;
	int r = -1;

	if (size_table(p, T, at, err) < 0 || axe_evaluator_init(&ev, T, shape, err) < 0)
		return -1;
	p->table = malloc((size_t)(p->nthreads * p->nregs) * sizeof(int64_t));
	img = malloc(ev.nimages * ev.naxes * sizeof(int64_t));
	if (!p->table || !img || axe_cursor_init(&cur, &ev, err) < 0) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (int64_t s = 0; s < p->nthreads * p->nregs; s++)
		p->table[s] = -1;
	for (r = 0; !cur.done && r == 0; axe_cursor_next(&cur)) {
		axe_evaluator_images(&ev, cur.base, true, img);
		for (size_t j = 0; j < ev.nimages && r == 0; j++) {
			int64_t t = thread_of(T, img + j * ev.naxes);
			int64_t k = m >= 0 ? img[j * ev.naxes + (size_t)m] : 0;
			if (t < 0)
				r = axe_error_set(err, AXE_ERR_VALUE, at ? where(at) : NULL,
						  at ? at->span : 0, "the thread axes of the "
						  "thread layout do not name one thread of a 1-D block "
						  "(numbered laneid + tx + tid + tid_in_wg + 32*(warpid "
						  "+ wid_in_wg) + 128*wgid)");
			else
				p->table[t * p->nregs + k] = cur.flat; /* one point per slot: T inverts */
		}
	}
	axe_cursor_release(&cur);
out:
	free(img);
	axe_evaluator_release(&ev);
	return r;
}

/* The widest vector every thread's steps of registers allow on both sides. */
static int64_t vector_width(const axe_cuda_copy_plan *p, const addresses *A, int64_t size)
{
	int64_t V = p->force_vector ? p->force_vector : widest(p->elem_bytes, p->nregs);

	for (; V > 1; V /= 2) {
		bool ok = true;
		for (int64_t t = 0; t < p->nthreads && ok; t++)
			for (int64_t k = 0; k < p->nregs && ok; k += V) {
				const int64_t *flat = p->table + t * p->nregs + k;
				int64_t present = 0;
				for (int64_t j = 0; j < V; j++)
					present += flat[j] >= 0;
				ok = present == 0 || (present == V &&
						      contiguous(A[0].addr ? &A[0] : NULL, size, flat, V) &&
						      contiguous(A[1].addr ? &A[1] : NULL, size, flat, V));
			}
		if (ok)
			break;
	}
	return V;
}

/* The element type: SRC's dtype, else DST's; both given must have the same width. */
static int element_type(const axe_cuda_copy_request *req, axe_cuda_copy_plan *p,
			axe_error *err)
{
	int a = req->src.dtype, b = req->dst.dtype;
	const axe_dtype_info *ia = axe_dtype_get(a), *ib = axe_dtype_get(b);

	if (!ia && !ib)
		return axe_error_set(err, AXE_ERR_VALUE, where(&req->src), req->src.span, "a copy "
				     "needs the element type: give --dtype, or a dtype in the spec");
	if (ia && ib && ia->bits != ib->bits)
		return axe_error_set(err, AXE_ERR_VALUE, where(&req->dst), req->dst.span,
				     "SRC holds %s and DST %s; a copy "
				     "moves elements unchanged", ia->name, ib->name);
	p->dtype = ia ? a : b;
	p->elem_bytes = (ia ? ia : ib)->bits / 8;
	p->type = axe_cuda_type_of(p->dtype);
	return 0;
}

static bool same_shape(const axe_shape *a, const axe_shape *b)
{
	return a->rank == b->rank && memcmp(a->dim, b->dim, a->rank * sizeof(int64_t)) == 0;
}

/* Check the operands' shapes, sizes and axes; which sides are registers into "regs". */
static int check_operands(const axe_cuda_copy_request *req, bool regs[2], int64_t *size,
			  axe_error *err)
{
	const axe_shape *s = &req->src.shape;

	if (!same_shape(s, &req->dst.shape))
		return axe_error_set(err, AXE_ERR_VALUE, where(&req->dst), req->dst.span, "SRC and "
				     "DST must have the same shape: they name the same elements of "
				     "one tile");
	if (req->threads.layout && !same_shape(s, &req->threads.shape))
		return axe_error_set(err, AXE_ERR_VALUE, where(&req->threads), req->threads.span,
				     "--threads must have the shape of SRC and DST: it names the "
				     "same elements of one tile");
	if (axe_layout_size(req->src.layout, size, err) < 0)
		return -1;
	if (*size > MAX_POINTS)
		return axe_error_set(err, AXE_ERR_LIMIT, where(&req->src), req->src.span, "the tile "
				     "has %lld elements; a "
				     "copy kernel moves one tile per block, at most %lld",
				     (long long)*size, (long long)MAX_POINTS);
	regs[0] = names_threads(req->src.layout);
	regs[1] = names_threads(req->dst.layout);
	if (check_axes(&req->src, "SRC", regs[0], err) < 0 ||
	    check_axes(&req->dst, "DST", regs[1], err) < 0)
		return -1;
	if (req->threads.layout && (regs[0] || regs[1]))
		return axe_error_set(err, AXE_ERR_VALUE, where(&req->threads), req->threads.span,
				     "--threads is for copies between "
				     "memory layouts; here %s's layout maps the threads",
				     regs[0] ? "SRC" : "DST");
	if (req->threads.layout && (!names_threads(req->threads.layout) ||
				    check_axes(&req->threads, "--threads", true, err) < 0))
		return axe_error_set(err, AXE_ERR_VALUE, where(&req->threads), req->threads.span,
				     "--threads names no thread axis (laneid, warpid, tx, ...)");
	return 0;
}

/*
 * Index functions "name"_"role" of "L" into "ix"; 1 when a proof stops the
 * emission ("res" says why), 0 to go on, -1 on an error.
 */
static int build_index(axe_cuda_index *ix, const axe_layout *L, const axe_shape *shape,
		       const char *name, const char *role, bool inverse, double timeout,
		       axe_cuda_outcome *res, axe_error *err)
{
	char full[AXE_CUDA_NAME_MAX];

	snprintf(full, sizeof(full), "%s_%s", name, role);
	if (axe_cuda_index_build(ix, L, shape, full, timeout, err) < 0)
		return -1;
	if (ix->forward_proof.verdict != AXE_VERDICT_TRUE) {
		axe_cuda_refuse(ix, res);
		return 1;
	}
	if (!inverse || (ix->inverse && ix->inverse_proof.verdict == AXE_VERDICT_TRUE))
		return 0;
	res->status = ix->inverse && ix->inverse_proof.verdict == AXE_VERDICT_UNKNOWN
		      ? AXE_EXIT_UNDECIDED : AXE_EXIT_FALSE;
	snprintf(res->why, sizeof(res->why), "the thread layout %s has no proved inverse (%s); "
		 "the kernel finds each thread's elements through it", full, ix->inverse_proof.how);
	return 1;
}

/* Round "n" elements up to whole 16-byte units. */
static int64_t round_elems(int64_t n, int64_t elem_bytes)
{
	int64_t unit = 16 / elem_bytes;

	return (n + unit - 1) / unit * unit;
}

/* Tile sizes of both sides and the dynamic shared memory they take. */
static int size_buffers(axe_cuda_copy_plan *p, const addresses *A, const axe_cuda_operand *dst,
			axe_error *err)
{
	int64_t bytes = 0;

	for (int i = 0; i < 2; i++) {
		if (p->space[i] == AXE_SPACE_REGS) {
			p->elems[i] = p->nthreads * p->nregs;
			continue;
		}
		p->elems[i] = round_elems(A[i].hi + 1, p->elem_bytes);
		if (p->space[i] != AXE_SPACE_SHARED)
			continue;
		bytes = (bytes + SMEM_ALIGN - 1) / SMEM_ALIGN * SMEM_ALIGN;
		p->smem_offset[i] = bytes;
		if (p->elems[i] > MAX_SMEM_BYTES / p->elem_bytes)
			bytes = MAX_SMEM_BYTES + 1;
		else
			bytes += p->elems[i] * p->elem_bytes;
	}
	p->smem_bytes = bytes;
	if (bytes > MAX_SMEM_BYTES)
		return axe_error_set(err, AXE_ERR_VALUE, where(dst), dst->span, "the shared "
				     "buffers need more "
				     "than %d bytes, what an sm_90 block may have",
				     MAX_SMEM_BYTES);
	return 0;
}

/* The thread layout: the register side's, --threads, or the default; NULL on no memory. */
static const axe_layout *thread_layout(const axe_cuda_copy_request *req, axe_cuda_copy_plan *p,
				       const addresses *A, int64_t size, axe_layout **made)
{
	int64_t block = req->block > 0 ? req->block : DEFAULT_BLOCK;

	*made = NULL;
	if (p->space[0] == AXE_SPACE_REGS)
		return req->src.layout;
	if (p->space[1] == AXE_SPACE_REGS)
		return req->dst.layout;
	if (req->threads.layout)
		return req->threads.layout;
	p->default_threads = true;
	*made = default_threads(A, size, p->elem_bytes, block, p->force_vector);
	return *made;
}

/* Prove the index functions of both sides and of T; 1 when a proof stops the emission. */
static int build_all(const axe_cuda_copy_request *req, axe_cuda_copy_plan *p,
		     const axe_layout *T, axe_cuda_outcome *res, axe_error *err)
{
	const axe_cuda_operand *op[2] = { &req->src, &req->dst };
	int r = 0;

	for (int i = 0; i < 2 && r == 0; i++)
		r = build_index(&p->side[i], op[i]->layout, &op[i]->shape, req->name,
				i ? "dst" : "src", p->space[i] == AXE_SPACE_REGS, req->timeout, res,
				err);
	if (r == 0 && p->space[0] != AXE_SPACE_REGS && p->space[1] != AXE_SPACE_REGS)
		r = build_index(&p->threads, T, &req->src.shape, req->name, "threads", true,
				req->timeout, res, err);
	p->T = p->space[0] == AXE_SPACE_REGS ? &p->side[0]
	     : p->space[1] == AXE_SPACE_REGS ? &p->side[1] : &p->threads;
	return r;
}

/* Plan the copy into "p"; 1 when a proof stops it ("res"), 0 when planned, -1 on error. */
static int plan_copy(const axe_cuda_copy_request *req, axe_cuda_copy_plan *p, addresses *A,
		     axe_cuda_outcome *res, axe_error *err)
{
	const axe_cuda_operand *op[2] = { &req->src, &req->dst };
	axe_layout *made = NULL;
	const axe_layout *T;
	const axe_cuda_operand *at;
	bool regs[2] = { false, false };
	int64_t size;
	int r = -1;

	snprintf(p->name, sizeof(p->name), "%s", req->name);
	if (element_type(req, p, err) < 0)
		return -1;
	/* The atom first: it knows tensor memory, which the plain copy does not. */
	if (req->atom && (r = axe_cuda_copy_choose_atom(req, p, res, err)) != 0)
		return r;
	if (check_operands(req, regs, &size, err) < 0 || choose_spaces(req, regs, p->space, err) < 0)
		return -1;
	for (int i = 0; i < 2; i++)
		if (p->space[i] != AXE_SPACE_REGS &&
		    side_addresses(op[i], i ? "DST" : "SRC", size, &A[i], err) < 0)
			return -1;
	if (!(T = thread_layout(req, p, A, size, &made)))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	r = build_all(req, p, T, res, err);
	at = p->space[0] == AXE_SPACE_REGS ? &req->src : p->space[1] == AXE_SPACE_REGS ? &req->dst
	   : req->threads.layout ? &req->threads : NULL;
	if (r == 0 && (r = fill_table(p, T, &req->src.shape, at, err)) == 0) {
		p->vector = vector_width(p, A, size);
		/* The ranking checked the atom's width on these layouts; this re-checks it. */
		if (p->force_vector && p->vector != p->force_vector) {
			res->status = AXE_EXIT_FALSE;
			snprintf(res->why, sizeof(res->why), "%s moves %lld elements per thread and "
				 "step, which these layouts do not keep contiguous",
				 p->atom->name, (long long)p->force_vector);
			r = 1;
		} else {
			r = size_buffers(p, A, &req->dst, err);
		}
	}
	axe_layout_free(made);
	return r;
}

int axe_cuda_generate_copy(const axe_cuda_copy_request *req, axe_emit *out,
			   axe_cuda_outcome *res, axe_error *err)
{
	axe_cuda_copy_plan plan;
	addresses A[2];
	int r;

	memset(&plan, 0, sizeof(plan));
	memset(A, 0, sizeof(A));
	res->status = AXE_EXIT_OK;
	res->why[0] = '\0';
	r = plan_copy(req, &plan, A, res, err);
	if (r == 0)
		axe_cuda_emit_copy(out, &plan);
	else if (r == 2)
		r = axe_cuda_copy_bulk(req, out, res, err);
	else if (r == 3)
		r = axe_cuda_copy_tmem(req, plan.atom, out, res, err);
	free(A[0].addr);
	free(A[1].addr);
	axe_cuda_copy_plan_release(&plan);
	return r < 0 ? -1 : 0;
}
