/*
 * trainium.c: the Tensor Engine matmul plan of trainium.h (Axe paper,
 * section 3.4 and Appendix H; semantics.md "Trainium") and the P/F
 * annotation that builds SBUF/PSUM layouts.
 *
 * The planner checks the operands one by one (axes, ranges, replication,
 * injectivity, types), groups each by its 2-D shape (algebra/group.c),
 * refines the two operands of every dimension to the same iters, then picks
 * the instruction's run per dimension: K and the stationary dimension are
 * fixed by the partitions (every tile starts at partition 0), the moving
 * dimension is searched.  Every "cannot" is an axe_reason for the user.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../algebra/group.h"
#include "../analyze/info.h"
#include "../core/arith.h"
#include "../core/axes.h"
#include "../core/dtype.h"
#include "../core/eval.h"
#include "trainium.h"

static const char *const axis_names[AXE_TRN_NAXES] = { "P", "F", "Bank" };
static const char *const dim_names[AXE_TRN_NDIMS] = { "K", "M", "N" };
static const char *const operand_names[AXE_TRN_NOPERANDS] = { "A", "B", "C" };
static const enum axe_trn_dim operand_dims[AXE_TRN_NOPERANDS][2] = {
	{ AXE_TRN_K, AXE_TRN_M }, { AXE_TRN_K, AXE_TRN_N }, { AXE_TRN_M, AXE_TRN_N },
};
static const enum axe_trn_operand holders[AXE_TRN_NDIMS][2] = {
	{ AXE_TRN_A, AXE_TRN_B }, { AXE_TRN_A, AXE_TRN_C }, { AXE_TRN_B, AXE_TRN_C },
};

/* The element types nc_matmul multiplies (NKI "Supported Data Types"). */
static const struct {
	const char *dtype, *nki;
} nki_types[] = {
	{ "e4m3", "float8_e4m3" }, { "e5m2", "float8_e5m2" }, { "bf16", "bfloat16" },
	{ "f16", "float16" },      { "tf32", "tfloat32" },    { "f32", "float32" },
};

const char *axe_trn_axis_name(enum axe_trn_axis axis)
{
	return axis_names[axis];
}

const char *axe_trn_dim_name(enum axe_trn_dim dim)
{
	return dim_names[dim];
}

const char *axe_trn_operand_name(enum axe_trn_operand op)
{
	return operand_names[op];
}

const char *axe_trn_buffer_name(enum axe_trn_buffer buffer)
{
	return buffer == AXE_TRN_PSUM ? "PSUM" : "SBUF";
}

enum axe_trn_dim axe_trn_operand_dim(enum axe_trn_operand op, int d)
{
	return operand_dims[op][d];
}

enum axe_trn_operand axe_trn_holder(enum axe_trn_dim dim, int h)
{
	return holders[dim][h];
}

int axe_trn_holder_index(enum axe_trn_dim dim, enum axe_trn_operand op)
{
	return holders[dim][0] == op ? 0 : holders[dim][1] == op ? 1 : -1;
}

int64_t axe_trn_partitions(void)
{
	return axe_axis_lookup("P")->size;
}

int64_t axe_trn_banks(void)
{
	return axe_axis_lookup("Bank")->size;
}

const char *axe_trn_nki_dtype(int dtype)
{
	const axe_dtype_info *info = dtype >= 0 ? axe_dtype_get(dtype) : NULL;

	for (size_t i = 0; info && i < sizeof(nki_types) / sizeof(nki_types[0]); i++)
		if (strcmp(nki_types[i].dtype, info->name) == 0)
			return nki_types[i].nki;
	return NULL;
}

void axe_trn_default_limits(int64_t max_tile[3])
{
	max_tile[0] = axe_trn_partitions();
	max_tile[1] = AXE_TRN_STATIONARY_MAX;
	max_tile[2] = AXE_TRN_MOVING_MAX;
}

enum axe_trn_dim axe_trn_stationary_dim(const axe_trn_plan *plan)
{
	return plan->swapped ? AXE_TRN_N : AXE_TRN_M;
}

enum axe_trn_dim axe_trn_moving_dim(const axe_trn_plan *plan)
{
	return plan->swapped ? AXE_TRN_M : AXE_TRN_N;
}

void axe_trn_instruction_text(const axe_trn_plan *plan, char *buf, size_t size)
{
	int s = axe_trn_stationary_dim(plan), v = axe_trn_moving_dim(plan);

	snprintf(buf, size, "K=%lld (partitions) x %s=%lld (stationary) x %s=%lld (moving)",
		 (long long)plan->tile[AXE_TRN_K].size, dim_names[s], (long long)plan->tile[s].size,
		 dim_names[v], (long long)plan->tile[v].size);
}

/* Where dimension "d" is in operand "op": 0 or 1. */
static int dim_position(int op, int d)
{
	return (int)operand_dims[op][0] == d ? 0 : 1;
}

/* The axis called "name", or -1 for a name that is not a Trainium memory axis. */
static int axis_of(const char *name)
{
	for (int a = 0; a < AXE_TRN_NAXES; a++)
		if (strcmp(axis_names[a], name) == 0)
			return a;
	return -1;
}

/* ---- the state of one planning run ------------------------------------- */

typedef struct planner {
	const axe_trn_request *req;
	axe_trn_plan *plan;
	axe_reason *why;
	axe_error *err;
	axe_trn_iter grouped[AXE_TRN_NOPERANDS][2][AXE_TRN_MAX_ITERS]; /* before refinement */
	size_t ngrouped[AXE_TRN_NOPERANDS][2];
} planner;

/* "extent:stride@axis" of "it" into "buf"; returns "buf". */
static const char *iter_text(const axe_trn_iter *it, char *buf, size_t size)
{
	snprintf(buf, size, "%lld:%lld@%s", (long long)it->extent, (long long)it->stride,
		 axis_names[it->axis]);
	return buf;
}

/* "(4, 128)": the extents of "n" iters, into "buf"; returns "buf". */
static const char *extents_text(const axe_trn_iter *it, size_t n, char *buf, size_t size)
{
	size_t len = (size_t)snprintf(buf, size, "(");

	for (size_t i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%lld", i ? ", " : "",
					(long long)it[i].extent);
	if (len < size)
		snprintf(buf + len, size - len, ")");
	return buf;
}

/* "4:256@F, 128:1@P": the iters "it" ("n"), into "buf"; returns "buf". */
static const char *iters_text(const axe_trn_iter *it, size_t n, char *buf, size_t size)
{
	size_t len = 0;
	char one[64];

	buf[0] = '\0';
	for (size_t i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "",
					iter_text(&it[i], one, sizeof(one)));
	return buf;
}

/* ---- request and operand checks ---------------------------------------- */

/* Input errors: ranks, dimensions that disagree, limits out of range. */
static int check_request(const axe_trn_request *req, axe_trn_plan *plan, axe_error *err)
{
	static const char *const dims_text[AXE_TRN_NOPERANDS] = { "K, M", "K, N", "M, N" };
	static const char *const limit_names[3] = { "K", "stationary", "moving" };
	int64_t hw[3];

	for (int op = 0; op < AXE_TRN_NOPERANDS; op++)
		if (req->shape[op].rank != 2)
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "%s needs a 2-dimensional shape (%s), not one of rank "
					     "%zu", operand_names[op], dims_text[op],
					     req->shape[op].rank);
	plan->dim[AXE_TRN_K] = req->shape[AXE_TRN_A].dim[0];
	plan->dim[AXE_TRN_M] = req->shape[AXE_TRN_A].dim[1];
	plan->dim[AXE_TRN_N] = req->shape[AXE_TRN_B].dim[1];
	for (int d = 0; d < AXE_TRN_NDIMS; d++)
		for (int h = 0; h < 2; h++) {
			int op = holders[d][h], at = dim_position(op, d);
			if (req->shape[op].dim[at] != plan->dim[d])
				return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
						     "%s is %lld in %s but %lld in %s", dim_names[d],
						     (long long)plan->dim[d],
						     operand_names[holders[d][0]],
						     (long long)req->shape[op].dim[at],
						     operand_names[op]);
		}
	axe_trn_default_limits(hw);
	for (int i = 0; i < 3; i++)
		if (req->max_tile[i] < 1 || req->max_tile[i] > hw[i])
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "the %s limit must be 1 to %lld, not %lld",
					     limit_names[i], (long long)hw[i],
					     (long long)req->max_tile[i]);
	if (!axe_dtype_get(req->dtype) || !axe_dtype_get(req->c_dtype))
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "the element types of A, B "
				     "and C must be given");
	return 0;
}

/* Whether the values of axis "a" of "op" stay inside its memory (1 or 0 with a reason). */
static int check_range(planner *p, int op, size_t a, int axis)
{
	const axe_layout *L = p->req->layout[op];
	const char *name = operand_names[op];
	bool psum = op == AXE_TRN_C && p->req->c_buffer == AXE_TRN_PSUM;
	int64_t lo, hi, bank_elems = AXE_TRN_BANK_BYTES / AXE_TRN_ACC_BYTES;

	axe_layout_axis_range(L, (int)a, &lo, &hi);
	if (axis == AXE_TRN_P && L->offset[a] != 0)
		return axe_reason_set(p->why, "%s starts at partition %lld (offset %lld@P): every "
				      "instruction tile starts at partition 0", name,
				      (long long)L->offset[a], (long long)L->offset[a]);
	if (axis == AXE_TRN_P && (lo < 0 || hi >= axe_trn_partitions()))
		return axe_reason_set(p->why, "%s reaches partition %lld: %s has %lld partitions "
				      "(P in [0, %lld))", name, (long long)(lo < 0 ? lo : hi),
				      psum ? "PSUM" : "SBUF", (long long)axe_trn_partitions(),
				      (long long)axe_trn_partitions());
	if (axis == AXE_TRN_F && lo < 0)
		return axe_reason_set(p->why, "%s reaches F = %lld: free offsets start at 0", name,
				      (long long)lo);
	if (axis == AXE_TRN_F && psum && hi >= bank_elems)
		return axe_reason_set(p->why, "%s reaches F = %lld: a PSUM bank holds %lld fp32 "
				      "per partition (2 KiB); put the rest on Bank", name,
				      (long long)hi, (long long)bank_elems);
	if (axis == AXE_TRN_BANK && (lo < 0 || hi >= axe_trn_banks()))
		return axe_reason_set(p->why, "%s reaches Bank %lld: PSUM has %lld banks", name,
				      (long long)(lo < 0 ? lo : hi), (long long)axe_trn_banks());
	return 1;
}

/* Operand "op" names only its memory's axes, within range, and has no replica. */
static int check_axes(planner *p, int op)
{
	const axe_layout *L = p->req->layout[op];
	bool psum = op == AXE_TRN_C && p->req->c_buffer == AXE_TRN_PSUM;
	char text[96];

	if (L->nreplica > 0)
		return axe_reason_set(p->why, "%s is replicated (replica iter %s): each element "
				      "needs exactly one place", operand_names[op],
				      axe_iter_text(L, &L->replica[0], text, sizeof(text)));
	for (size_t a = 0; a < L->naxes; a++) {
		int axis = axis_of(L->axis[a]);
		if (axis < 0 || (axis == AXE_TRN_BANK && !psum))
			return axe_reason_set(p->why, "%s names axis '%s', but %s has the axes %s "
					      "only", operand_names[op], L->axis[a],
					      psum ? "PSUM" : "SBUF",
					      psum ? "P, F and Bank" : "P and F");
		if (check_range(p, op, a, axis) == 0)
			return 0;
	}
	return 1;
}

/* Distinct elements of "op" never share a place: loads and stores need that. */
static int check_injective(planner *p, int op)
{
	const axe_layout *L = p->req->layout[op];
	int64_t x[2], y[2];
	axe_evaluator ev;
	axe_info info;
	int r = 1;

	if (axe_evaluator_init(&ev, L, &p->req->shape[op], p->err) < 0)
		return -1;
	if (axe_info_compute(&ev, &info, p->err) < 0) {
		axe_evaluator_release(&ev);
		return -1;
	}
	if (info.injective == AXE_VERDICT_FALSE) {
		axe_evaluator_unflatten(&ev, info.witness[0], x);
		axe_evaluator_unflatten(&ev, info.witness[1], y);
		r = axe_reason_set(p->why, "%s is not injective: (%lld, %lld) and (%lld, %lld) "
				   "share one place", operand_names[op], (long long)x[0],
				   (long long)x[1], (long long)y[0], (long long)y[1]);
	} else if (info.injective == AXE_VERDICT_UNKNOWN) {
		r = axe_reason_set(p->why, "cannot tell whether %s is injective (axis '%s' has "
				   "too many digit combinations)", operand_names[op],
				   info.undecided_axis ? info.undecided_axis : "?");
	}
	axe_info_release(&info);
	axe_evaluator_release(&ev);
	return r;
}

/* The Tensor Engine multiplies A's and B's type; C's type suits its memory. */
static int check_types(planner *p)
{
	const axe_trn_request *req = p->req;
	const char *ab = axe_dtype_get(req->dtype)->name, *c = axe_dtype_get(req->c_dtype)->name;

	if (strcmp(ab, "f8") == 0 || strcmp(c, "f8") == 0)
		return axe_reason_set(p->why, "f8 does not say which 8-bit float: write e4m3 or "
				      "e5m2");
	if (!axe_trn_nki_dtype(req->dtype))
		return axe_reason_set(p->why, "the Tensor Engine multiplies e4m3, e5m2, bf16, f16, "
				      "tf32 and f32, not %s", ab);
	if (req->c_buffer == AXE_TRN_PSUM && strcmp(c, "f32") != 0)
		return axe_reason_set(p->why, "C in PSUM holds fp32 accumulators, not %s: put C in "
				      "SBUF to convert the result", c);
	if (!axe_trn_nki_dtype(req->c_dtype))
		return axe_reason_set(p->why, "C cannot hold %s: the result types are e4m3, e5m2, "
				      "bf16, f16, tf32 and f32", c);
	return 1;
}

/* ---- step 1: group, then refine to common iters ------------------------ */

/* The iters of each dimension of "op" grouped by its shape (extent-1 iters dropped). */
static int group_operand(planner *p, int op)
{
	const axe_layout *L = p->req->layout[op];
	const axe_shape *s = &p->req->shape[op];
	axe_algebra_result res;
	axe_reason detail;
	int r = axe_layout_group(L, s, &res, &detail, p->err);

	if (r <= 0)
		return r < 0 ? -1 : axe_reason_set(p->why, "%s: the shape (%lld, %lld) does not "
						   "group its layout: %s", operand_names[op],
						   (long long)s->dim[0], (long long)s->dim[1],
						   detail.text);
	for (int d = 0; d < 2; d++) {
		size_t n = 0;
		for (size_t k = res.block[d]; k < res.block[d + 1]; k++) {
			const axe_iter *it = &res.layout->shard[k];
			if (it->extent > 1)
				p->grouped[op][d][n++] = (axe_trn_iter){
					it->extent, it->stride,
					(enum axe_trn_axis)axis_of(res.layout->axis[it->axis]) };
		}
		p->ngrouped[op][d] = n;
	}
	axe_algebra_result_release(&res);
	return 1;
}

/* The suffix products of "it" ("n" iters, outermost first): 1, e[n-1], ..., E. */
static size_t suffixes(const axe_trn_iter *it, size_t n, int64_t *bound)
{
	bound[0] = 1;
	/* Products of a shard's extents divide its validated size. */
	for (size_t i = 0; i < n; i++)
		bound[i + 1] = bound[i] * it[n - 1 - i].extent;
	return n + 1;
}

/*
 * The union of the ascending lists "a" and "b" into "out"; 0 when it is not
 * a chain under divisibility (then no split of either side serves both).
 */
static size_t merge_chain(const int64_t *a, size_t na, const int64_t *b, size_t nb,
			  int64_t *out)
{
	size_t i = 0, j = 0, n = 0;

	while (i < na || j < nb) {
		int64_t v = j >= nb || (i < na && a[i] <= b[j]) ? a[i] : b[j];
		if (i < na && a[i] == v)
			i++;
		if (j < nb && b[j] == v)
			j++;
		if (n > 0 && v % out[n - 1] != 0)
			return 0;
		if (n == AXE_TRN_MAX_ITERS + 1)
			return 0;
		out[n++] = v;
	}
	return n;
}

/*
 * "in" ("n" iters) split at every product in "bound" (Lemma B.1: (e1*e2, s)
 * = (e1, e2*s), (e2, s)) into "out"; returns the number of iters.
 */
static size_t split_at(const axe_trn_iter *in, size_t n, const int64_t *bound, size_t nb,
		       axe_trn_iter *out)
{
	axe_trn_iter rev[AXE_TRN_MAX_ITERS];
	int64_t below = 1;
	size_t m = 0, b = 0;

	for (size_t i = n; i-- > 0;) {
		int64_t top = below * in[i].extent, from = below;
		while (b < nb && bound[b] <= below)
			b++;
		/* A piece's stride multiplier from / below is below the extent: no overflow. */
		for (; b < nb && bound[b] < top; b++) {
			rev[m++] = (axe_trn_iter){ bound[b] / from, in[i].stride * (from / below),
						   in[i].axis };
			from = bound[b];
		}
		rev[m++] = (axe_trn_iter){ top / from, in[i].stride * (from / below), in[i].axis };
		below = top;
	}
	for (size_t i = 0; i < m; i++)
		out[i] = rev[m - 1 - i];
	return m;
}

/* The common refinement of dimension "d" in its two holders, into the plan. */
static int refine_dim(planner *p, int d)
{
	int64_t b[2][AXE_TRN_MAX_ITERS + 1], all[AXE_TRN_MAX_ITERS + 2];
	const axe_trn_iter *in[2];
	size_t n[2], nb[2], nall;
	char t0[160], t1[160];

	for (int h = 0; h < 2; h++) {
		int op = holders[d][h], at = dim_position(op, d);
		in[h] = p->grouped[op][at];
		n[h] = p->ngrouped[op][at];
		nb[h] = suffixes(in[h], n[h], b[h]);
	}
	nall = merge_chain(b[0], nb[0], b[1], nb[1], all);
	if (nall == 0)
		return axe_reason_set(p->why, "%s is split %s in %s but %s in %s, and no finer split "
				      "serves both", dim_names[d],
				      extents_text(in[0], n[0], t0, sizeof(t0)),
				      operand_names[holders[d][0]],
				      extents_text(in[1], n[1], t1, sizeof(t1)),
				      operand_names[holders[d][1]]);
	for (int h = 0; h < 2; h++)
		p->plan->niter[d] = split_at(in[h], n[h], all, nall, p->plan->iter[d][h]);
	return 1;
}

/* ---- steps 2 and 3: roles and the partition dimensions ----------------- */

/* The index of the first iter of "it" ("n") on "axis" at or after "from", or "n". */
static size_t find_axis(const axe_trn_iter *it, size_t n, size_t from, enum axe_trn_axis axis)
{
	while (from < n && it[from].axis != axis)
		from++;
	return from;
}

/* C's partition dimension decides which operand is stationary. */
static int assign_roles(planner *p)
{
	axe_trn_plan *plan = p->plan;
	size_t nm = plan->niter[AXE_TRN_M], nn = plan->niter[AXE_TRN_N];
	size_t im = find_axis(plan->iter[AXE_TRN_M][1], nm, 0, AXE_TRN_P);
	size_t in = find_axis(plan->iter[AXE_TRN_N][1], nn, 0, AXE_TRN_P);
	char t0[96], t1[96];

	if (im < nm && in < nn)
		return axe_reason_set(p->why, "C maps both M (iter %s) and N (iter %s) to "
				      "partitions: an output tile has one of them on P",
				      iter_text(&plan->iter[AXE_TRN_M][1][im], t0, sizeof(t0)),
				      iter_text(&plan->iter[AXE_TRN_N][1][in], t1, sizeof(t1)));
	plan->swapped = in < nn;
	return 1;
}

/* Only K lies on the partitions of A and B, and the same way in both. */
static int check_k_partitions(planner *p)
{
	const axe_trn_plan *plan = p->plan;
	static const enum axe_trn_dim other[2] = { AXE_TRN_M, AXE_TRN_N };
	char t0[160], t1[96];

	for (int h = 0; h < 2; h++) {
		const axe_trn_iter *it = plan->iter[other[h]][0];
		size_t n = plan->niter[other[h]], i = find_axis(it, n, 0, AXE_TRN_P);
		if (i < n)
			return axe_reason_set(p->why, "%s maps %s to partitions (iter %s): the "
					      "partitions of A and B hold the contraction "
					      "dimension K only", operand_names[h],
					      dim_names[other[h]], iter_text(&it[i], t0, sizeof(t0)));
	}
	for (int h = 0; h < 2 && plan->dim[AXE_TRN_K] > 1; h++)
		if (find_axis(plan->iter[AXE_TRN_K][h], plan->niter[AXE_TRN_K], 0, AXE_TRN_P) ==
		    plan->niter[AXE_TRN_K])
			return axe_reason_set(p->why, "K is not on partitions in %s (its iters: %s): "
					      "the Tensor Engine contracts over partitions, so A "
					      "and B need K on P", operand_names[h],
					      iters_text(plan->iter[AXE_TRN_K][h],
							 plan->niter[AXE_TRN_K], t0, sizeof(t0)));
	for (size_t l = 0; l < plan->niter[AXE_TRN_K]; l++) {
		const axe_trn_iter *a = &plan->iter[AXE_TRN_K][0][l], *b = &plan->iter[AXE_TRN_K][1][l];
		if ((a->axis == AXE_TRN_P) != (b->axis == AXE_TRN_P) ||
		    (a->axis == AXE_TRN_P && a->stride != b->stride))
			return axe_reason_set(p->why, "A and B map K to partitions differently: K "
					      "iter %s of A is %s in B, so partition p would not "
					      "hold the same k in both", iter_text(a, t0, sizeof(t0)),
					      iter_text(b, t1, sizeof(t1)));
	}
	return 1;
}

/* Whether iters [i, j) of "it" fuse into one iter in order (s_l = e_{l+1} s_{l+1}). */
static bool fuses(const axe_trn_iter *it, size_t i, size_t j)
{
	int64_t next;

	for (size_t l = i; l + 1 < j; l++)
		if (axe_mul_ovf(it[l + 1].extent, it[l + 1].stride, &next) || next != it[l].stride)
			return false;
	return true;
}

/* The product of the extents after iter "l" of dimension "d": its logical stride. */
static int64_t logical_stride(const axe_trn_plan *plan, int d, size_t l)
{
	int64_t t = 1;

	for (size_t i = l + 1; i < plan->niter[d]; i++)
		t *= plan->iter[d][0][i].extent; /* divides the dimension's extent */
	return t;
}

/*
 * Make iters [first, end) of dimension "d" the instruction's run, its
 * outermost iter walked "outer" digits at a time (its full extent: no split).
 * "axis" is what an empty run (a dimension of extent 1) sits on.
 */
static void set_tile(axe_trn_plan *plan, int d, size_t first, size_t end, int64_t outer,
		     const enum axe_trn_axis axis[2])
{
	axe_trn_tile *t = &plan->tile[d];

	memset(t, 0, sizeof(*t));
	t->first = first;
	t->end = end;
	t->split_loop = -1;
	t->inner = 1;
	for (size_t l = first + 1; l < end; l++)
		t->inner *= plan->iter[d][0][l].extent;
	t->outer_extent = first < end ? plan->iter[d][0][first].extent : 1;
	t->outer = first < end ? outer : 1;
	t->size = t->inner * t->outer;
	t->last = t->inner * (t->outer_extent - t->outer * ((t->outer_extent - 1) / t->outer));
	t->step = end > first ? logical_stride(plan, d, end - 1) : 1;
	for (int h = 0; h < 2; h++) {
		t->axis[h] = end > first ? plan->iter[d][h][end - 1].axis : axis[h];
		t->stride[h] = end > first ? plan->iter[d][h][end - 1].stride : 1;
	}
}

static const char *run_text(const axe_trn_iter *it, size_t i, size_t j, char *buf, size_t size);

/*
 * The run of the iters of dimension "d" on P in holder "h" (found at [i, j))
 * must be adjacent, fuse, and end in stride 1: partitions of a tile are
 * consecutive.  1, or 0 with a reason naming "what".
 */
static int partition_run(planner *p, int d, int h, size_t *first, size_t *end, const char *what)
{
	const axe_trn_iter *it = p->plan->iter[d][h];
	size_t n = p->plan->niter[d], i = find_axis(it, n, 0, AXE_TRN_P), j = i;
	char t0[96], t1[96];

	while (j < n && it[j].axis == AXE_TRN_P)
		j++;
	if (find_axis(it, n, j, AXE_TRN_P) < n)
		return axe_reason_set(p->why, "%s's partition iters %s and %s are not adjacent in "
				      "%s: a tile is one run of the dimension", what,
				      iter_text(&it[i], t0, sizeof(t0)),
				      iter_text(&it[find_axis(it, n, j, AXE_TRN_P)], t1, sizeof(t1)),
				      dim_names[d]);
	if (i < j && (!fuses(it, i, j) || it[j - 1].stride != 1))
		return axe_reason_set(p->why, "%s's partition iters (%s) are not one run of "
				      "consecutive partitions", what,
				      run_text(it, i, j, t0, sizeof(t0)));
	*first = i;
	*end = j;
	return 1;
}

/* Step 2, the K intersection: K's partition iters, the same in A and B. */
static int plan_k(planner *p)
{
	static const enum axe_trn_axis on_p[2] = { AXE_TRN_P, AXE_TRN_P };
	axe_trn_plan *plan = p->plan;
	int64_t size = 1;
	size_t first, end;

	/* check_k_partitions made K's partition iters those of A and of B alike. */
	if (partition_run(p, AXE_TRN_K, 0, &first, &end, "K") == 0)
		return 0;
	for (size_t l = first; l < end; l++)
		size *= plan->iter[AXE_TRN_K][0][l].extent;
	if (size > p->req->max_tile[0])
		return axe_reason_set(p->why, "K spans %lld partitions, more than the K limit %lld "
				      "of one instruction", (long long)size,
				      (long long)p->req->max_tile[0]);
	set_tile(plan, AXE_TRN_K, first, end, first < end ? plan->iter[AXE_TRN_K][0][first].extent
							  : 1, on_p);
	return 1;
}

/* "2:64@P to 64:1@P", or "64:1@P" for one iter: iters [i, j) of "it", into "buf". */
static const char *run_text(const axe_trn_iter *it, size_t i, size_t j, char *buf, size_t size)
{
	char t0[64], t1[64];

	if (j == i + 1)
		snprintf(buf, size, "%s", iter_text(&it[i], t0, sizeof(t0)));
	else
		snprintf(buf, size, "%s to %s", iter_text(&it[i], t0, sizeof(t0)),
			 iter_text(&it[j - 1], t1, sizeof(t1)));
	return buf;
}

/*
 * Step 3 for the stationary dimension: the iters C keeps on partitions, which
 * its operand must hold as one run on F with a positive stride (a tile's free
 * slice steps forward).
 */
static int plan_stationary(planner *p)
{
	static const enum axe_trn_axis axes[2] = { AXE_TRN_F, AXE_TRN_P };
	axe_trn_plan *plan = p->plan;
	int d = axe_trn_stationary_dim(plan);
	const axe_trn_iter *it = plan->iter[d][0];
	const char *op = operand_names[holders[d][0]];
	int64_t size = 1;
	size_t first, end;
	char t0[160], t1[160];

	if (partition_run(p, d, 1, &first, &end, "C") == 0)
		return 0;
	for (size_t l = first; l < end; l++)
		size *= it[l].extent;
	if (first < end && !fuses(it, first, end))
		return axe_reason_set(p->why, "the %s iters that C keeps on partitions (%s) are "
				      "not one run on the free axis of %s (%s)", dim_names[d],
				      run_text(plan->iter[d][1], first, end, t0, sizeof(t0)), op,
				      run_text(it, first, end, t1, sizeof(t1)));
	if (first < end && it[end - 1].stride <= 0)
		return axe_reason_set(p->why, "the %s iters that C keeps on partitions run "
				      "backwards on the free axis of %s (%s): a tile's free slice "
				      "steps forward", dim_names[d], op,
				      run_text(it, first, end, t1, sizeof(t1)));
	if (size > p->req->max_tile[1])
		return axe_reason_set(p->why, "C puts %lld of %s on partitions, more than the "
				      "stationary limit %lld of one instruction", (long long)size,
				      dim_names[d], (long long)p->req->max_tile[1]);
	set_tile(plan, d, first, end, first < end ? it[first].extent : 1, axes);
	return 1;
}

/* Iters [i, j) of dimension "d" lie on F and fuse, with a positive stride, in both holders. */
static bool moving_run_ok(const axe_trn_plan *plan, int d, size_t i, size_t j)
{
	for (int h = 0; h < 2; h++) {
		const axe_trn_iter *it = plan->iter[d][h];
		for (size_t l = i; l < j; l++)
			if (it[l].axis != AXE_TRN_F)
				return false;
		if (!fuses(it, i, j) || it[j - 1].stride <= 0)
			return false;
	}
	return true;
}

/* A candidate run of the moving dimension. */
typedef struct candidate {
	size_t first, end;
	int64_t outer;   /* digits of the outermost iter per tile */
	int64_t trips;   /* instructions along the dimension */
	int64_t size;
	bool ragged;
} candidate;

/*
 * Score run [i, j) of dimension "d" under "limit": a run that fits is one
 * tile; a longer one splits its outermost iter evenly (the largest divisor
 * that fits) or raggedly (as many digits as fit), whichever needs fewer
 * tiles.  False when even one digit of the outermost iter is too much.
 */
static bool score_run(const axe_trn_plan *plan, int d, size_t i, size_t j, int64_t limit,
		      candidate *c)
{
	int64_t e = plan->iter[d][0][i].extent, inner = 1, even, fit, per_run;

	for (size_t l = i + 1; l < j; l++)
		inner *= plan->iter[d][0][l].extent;
	if (inner > limit)
		return false;
	fit = limit / inner < e ? limit / inner : e;
	for (even = fit; e % even != 0; even--)
		;
	c->first = i;
	c->end = j;
	c->ragged = (e + fit - 1) / fit < e / even && e % fit != 0;
	c->outer = c->ragged ? fit : even;
	per_run = (e + c->outer - 1) / c->outer;
	c->size = inner * c->outer;
	c->trips = plan->dim[d] / (inner * e) * per_run;
	return true;
}

/* Whether candidate "c" beats "best": fewer tiles, then even, then larger. */
static bool better(const candidate *c, const candidate *best)
{
	if (c->trips != best->trips)
		return c->trips < best->trips;
	if (c->ragged != best->ragged)
		return !c->ragged;
	return c->size > best->size;
}

/* Step 3 for the moving dimension: the run on F in both holders needing fewest tiles. */
static int plan_moving(planner *p)
{
	static const enum axe_trn_axis axes[2] = { AXE_TRN_F, AXE_TRN_F };
	axe_trn_plan *plan = p->plan;
	int d = axe_trn_moving_dim(plan);
	size_t n = plan->niter[d];
	candidate best = { 0, 0, 1, plan->dim[d], 1, false }, c;

	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j <= n; j++)
			if (moving_run_ok(plan, d, i, j) &&
			    score_run(plan, d, i, j, p->req->max_tile[2], &c) && better(&c, &best))
				best = c;
	set_tile(plan, d, best.first, best.end, best.outer, axes);
	return 1;
}

/* ---- step 4: loops and resources --------------------------------------- */

/* Append a loop over dimension "d" moving "step" logically and "scale" x iter "l" physically. */
static axe_trn_loop *add_loop(axe_trn_plan *plan, int d, int *count, int64_t trips,
			      int64_t step, size_t l, int64_t scale)
{
	axe_trn_loop *lp = &plan->loop[plan->nloops++];

	memset(lp, 0, sizeof(*lp));
	lp->dim = (enum axe_trn_dim)d;
	snprintf(lp->var, sizeof(lp->var), "%c%d", dim_names[d][0] + ('a' - 'A'), (*count)++);
	lp->trips = trips;
	lp->step = step;
	for (int h = 0; h < 2; h++) {
		lp->axis[h] = plan->iter[d][h][l].axis;
		lp->stride[h] = plan->iter[d][h][l].stride * scale; /* scale < extent: in range */
	}
	return lp;
}

/* The loops of dimension "d" in logical order: its iters outside the run, and the split. */
static void add_loops(axe_trn_plan *plan, int d)
{
	axe_trn_tile *t = &plan->tile[d];
	int count = 0;

	for (size_t l = 0; l < plan->niter[d]; l++) {
		if (l == t->first && t->outer < t->outer_extent) {
			axe_trn_loop *lp = add_loop(plan, d, &count,
						    (t->outer_extent + t->outer - 1) / t->outer,
						    t->outer * logical_stride(plan, d, l), l, t->outer);
			lp->ragged = t->outer_extent % t->outer != 0;
			t->split_loop = (int)(plan->nloops - 1);
		}
		if (l < t->first || l >= t->end)
			add_loop(plan, d, &count, plan->iter[d][0][l].extent,
				 logical_stride(plan, d, l), l, 1);
	}
}

/* Trip counts, matmuls, accumulation groups (live ones bounded by the PSUM banks). */
static int count_work(planner *p)
{
	axe_trn_plan *plan = p->plan;

	for (int d = 0; d < AXE_TRN_NDIMS; d++)
		plan->trips[d] = 1;
	/* The trips of a dimension cover it at most once per element: no overflow. */
	for (size_t i = 0; i < plan->nloops; i++)
		plan->trips[plan->loop[i].dim] *= plan->loop[i].trips;
	plan->groups = plan->trips[AXE_TRN_M] * plan->trips[AXE_TRN_N];
	if (axe_mul_ovf(plan->groups, plan->trips[AXE_TRN_K], &plan->matmuls))
		return axe_error_set(p->err, AXE_ERR_OVERFLOW, NULL, 0,
				     "the number of matmuls does not fit in 64 bits");
	plan->live_groups = plan->c_buffer == AXE_TRN_PSUM ? plan->groups : 1;
	if (plan->live_groups > axe_trn_banks())
		return axe_reason_set(p->why, "C in PSUM keeps %lld accumulation groups live, and "
				      "PSUM holds at most %lld (one 2 KiB bank each): put C in "
				      "SBUF to accumulate one group at a time",
				      (long long)plan->live_groups, (long long)axe_trn_banks());
	return 1;
}

/* The extents of the on-chip tensor of "op": partitions, banks, free elements. */
static void tensor_extents(planner *p, int op)
{
	const axe_layout *L = p->req->layout[op];
	axe_trn_plan *plan = p->plan;
	int64_t lo, hi;

	plan->partitions[op] = plan->free[op] = 1;
	plan->banks[op] = 0;
	for (size_t a = 0; a < L->naxes; a++) {
		axe_layout_axis_range(L, (int)a, &lo, &hi);
		switch (axis_of(L->axis[a])) {
		case AXE_TRN_P: plan->partitions[op] = hi + 1; break;
		case AXE_TRN_F: plan->free[op] = hi + 1; break;
		case AXE_TRN_BANK: plan->banks[op] = hi + 1; break;
		default: break; /* check_axes refused every other axis */
		}
	}
	/* Bank b must start at byte 2048 b of a partition: a whole bank per row. */
	if (plan->banks[op] > 0)
		plan->free[op] = AXE_TRN_BANK_BYTES / AXE_TRN_ACC_BYTES;
}

/* SBUF per partition: A, B, and C (in SBUF) or the staging tile of C's copy-out. */
static int check_sbuf(planner *p)
{
	axe_trn_plan *plan = p->plan;
	int64_t ab = axe_dtype_get(p->req->dtype)->bits / 8;
	int64_t cb = axe_dtype_get(p->req->c_dtype)->bits / 8, parts[3], total = 0;

	for (int op = 0; op < AXE_TRN_NOPERANDS; op++)
		tensor_extents(p, op);
	parts[0] = ab;
	parts[1] = ab;
	parts[2] = plan->c_buffer == AXE_TRN_SBUF ? cb : AXE_TRN_ACC_BYTES;
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++) {
		int64_t n = op == AXE_TRN_C && plan->c_buffer == AXE_TRN_PSUM
				    ? plan->tile[axe_trn_moving_dim(plan)].size
				    : plan->free[op];
		if (axe_mul_ovf(n, parts[op], &parts[op]) || axe_add_ovf(total, parts[op], &total))
			total = INT64_MAX;
	}
	plan->sbuf_bytes = total;
	if (total > AXE_TRN_SBUF_BYTES)
		return axe_reason_set(p->why, "A, B and %s need %lld bytes per partition of SBUF, "
				      "and a partition has %d",
				      plan->c_buffer == AXE_TRN_SBUF ? "C" : "C's staging tile",
				      (long long)total, AXE_TRN_SBUF_BYTES);
	return 1;
}

/* Run "step" unless an earlier one refused or failed; keeps the first answer. */
#define STEP(r, call)              \
	do {                       \
		if ((r) == 1)      \
			(r) = (call); \
	} while (0)

int axe_trn_plan_matmul(const axe_trn_request *req, axe_trn_plan *plan, axe_reason *why,
			axe_error *err)
{
	planner *p = calloc(1, sizeof(*p));
	int r = 1;

	if (!p)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	memset(plan, 0, sizeof(*plan));
	p->req = req;
	p->plan = plan;
	p->why = why;
	p->err = err;
	plan->c_buffer = req->c_buffer;
	plan->dtype = req->dtype;
	plan->c_dtype = req->c_dtype;
	if (check_request(req, plan, err) < 0)
		r = -1;
	STEP(r, check_types(p));
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++) {
		STEP(r, check_axes(p, op));
		STEP(r, check_injective(p, op));
		STEP(r, group_operand(p, op));
	}
	for (int d = 0; d < AXE_TRN_NDIMS; d++)
		STEP(r, refine_dim(p, d));
	STEP(r, assign_roles(p));
	STEP(r, check_k_partitions(p));
	STEP(r, plan_k(p));
	STEP(r, plan_stationary(p));
	STEP(r, plan_moving(p));
	if (r == 1) {
		add_loops(plan, AXE_TRN_M);
		add_loops(plan, AXE_TRN_N);
		add_loops(plan, AXE_TRN_K);
	}
	STEP(r, count_work(p));
	STEP(r, check_sbuf(p));
	free(p);
	return r;
}

/* ---- the P/F annotation ------------------------------------------------ */

#define ANNOTATION_MAX 64 /* factors in one annotation */

typedef struct factor {
	int64_t extent;
	int axis;
	size_t dim;
} factor;

/* An error at byte "pos" of the annotation ("span" bytes); returns -1. */
static int annotation_error(const axe_loc *loc, size_t pos, int span, axe_error *err,
			    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int annotation_error(const axe_loc *loc, size_t pos, int span, axe_error *err,
			    const char *fmt, ...)
{
	axe_loc at = *loc;
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	at.col = loc->col + (int)pos;
	return axe_error_set(err, AXE_ERR_SYNTAX, &at, span, "%s", msg);
}

/* One factor "EXTENT AXIS" at "*pos" of "s"; advances "*pos".  0 or -1. */
static int parse_factor(const char *s, size_t *pos, const axe_loc *loc, factor *f,
			axe_error *err)
{
	size_t i = *pos, start = i;
	char name[16];

	f->extent = 0;
	while (s[i] >= '0' && s[i] <= '9') {
		if (axe_mul_ovf(f->extent, 10, &f->extent) ||
		    axe_add_ovf(f->extent, s[i] - '0', &f->extent))
			return annotation_error(loc, start, (int)(i - start + 1), err,
						"extent does not fit in 64 bits");
		i++;
	}
	if (i == start || f->extent == 0)
		return annotation_error(loc, start, 1, err,
					"expected a positive extent followed by P, F or Bank");
	start = i;
	while (s[i] && s[i] != '.' && s[i] != ',')
		i++;
	snprintf(name, sizeof(name), "%.*s", (int)(i - start), s + start);
	f->axis = i - start < sizeof(name) ? axis_of(name) : -1;
	if (f->axis < 0)
		return annotation_error(loc, start, (int)(i - start ? i - start : 1), err,
					"expected the axis P, F or Bank, not '%s'", name);
	*pos = i;
	return 0;
}

/* The layout of "f" ("n" factors): per axis, packed row-major in order of appearance. */
static axe_layout *annotation_layout(const factor *f, size_t n, const axe_loc *loc, int span,
				     axe_error *err)
{
	int64_t stride[ANNOTATION_MAX], next[AXE_TRN_NAXES] = { 1, 1, 1 };
	axe_layout *L = axe_layout_new();
	int axis[AXE_TRN_NAXES] = { -1, -1, -1 };

	if (!L)
		goto nomem;
	for (size_t i = n; i-- > 0;) {
		stride[i] = next[f[i].axis];
		if (axe_mul_ovf(next[f[i].axis], f[i].extent, &next[f[i].axis])) {
			axe_error_set(err, AXE_ERR_OVERFLOW, loc, span, "the strides of the "
				      "annotation do not fit in 64 bits");
			axe_layout_free(L);
			return NULL;
		}
	}
	for (size_t i = 0; i < n; i++) {
		if (axis[f[i].axis] < 0 &&
		    (axis[f[i].axis] = axe_layout_intern_axis(L, axis_names[f[i].axis])) < 0)
			goto nomem;
		if (axe_layout_push_shard(L, f[i].extent, stride[i], axis[f[i].axis]) < 0)
			goto nomem;
	}
	if (axe_layout_validate(L, loc, span, err) == 0)
		return L;
	axe_layout_free(L);
	return NULL;
nomem:
	axe_layout_free(L);
	axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	return NULL;
}

axe_layout *axe_trn_layout_from_annotation(const char *text, const axe_loc *loc,
					   axe_shape *shape, axe_error *err)
{
	factor f[ANNOTATION_MAX];
	size_t n = 0, pos = 0;
	int r = 0;

	shape->rank = 1;
	shape->dim[0] = 1;
	while (r == 0) {
		size_t start = pos;
		if (n == ANNOTATION_MAX)
			r = annotation_error(loc, pos, 1, err, "more than %d factors",
					     ANNOTATION_MAX);
		else if ((r = parse_factor(text, &pos, loc, &f[n], err)) < 0)
			break;
		else if (axe_mul_ovf(shape->dim[shape->rank - 1], f[n].extent,
				     &shape->dim[shape->rank - 1]))
			r = annotation_error(loc, start, (int)(pos - start), err, "the size of "
					     "dimension %zu does not fit in 64 bits",
					     shape->rank - 1);
		else if (text[pos] == ',' && shape->rank == AXE_MAX_RANK)
			r = annotation_error(loc, pos, 1, err, "more than %d dimensions",
					     AXE_MAX_RANK);
		if (r < 0)
			break;
		f[n++].dim = shape->rank - 1;
		if (text[pos] == '\0')
			return annotation_layout(f, n, loc, (int)strlen(text), err);
		if (text[pos++] == ',')
			shape->dim[shape->rank++] = 1;
	}
	return NULL;
}
