/*
 * nki.c: the index math of nki.h, its proofs, and the Python text of the
 * kernel.
 *
 * The variables of an operand's index math are the loops of its two
 * dimensions (each over its trips) and one position per dimension inside the
 * tile.  A tile's logical start is the sum of loop x step; its on-chip start
 * is the layout's forward map (expr/from_layout.c) at that start, simplified.
 * The kernel places an element at the start plus position x the run's
 * stride on its axis (trainium.h: a run fuses into one iter); the proof
 * compares that with the forward map at the element's logical coordinate
 * (start + position x the tile's step) for every trip and position, through
 * prove/ (enumeration for small domains, Z3 above).  When the moving
 * dimension's last tile is ragged, full tiles and last tiles are two boxes.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/dtype.h"
#include "../expr/from_layout.h"
#include "../expr/simplify.h"
#include "../prove/prove.h"
#include "../prove/z3.h"
#include "emit.h"
#include "nki.h"

#define MAX_VARS (AXE_TRN_NDIMS * AXE_TRN_MAX_ITERS + 2)
#define MAX_LOOPS (AXE_TRN_NDIMS * AXE_TRN_MAX_ITERS)

static const char *const hbm_names[AXE_TRN_NOPERANDS] = { "a", "b", "c" };
static const char *const position_names[AXE_TRN_NDIMS] = { "kt", "mt", "nt" };

/* The Trainium axis called "name" (an operand names only these, trainium.c checked). */
static int trn_axis(const char *name)
{
	for (int a = 0; a < AXE_TRN_NAXES; a++)
		if (strcmp(axe_trn_axis_name(a), name) == 0)
			return a;
	return -1;
}

/* ---- index math ---------------------------------------------------------- */

/* The expressions of one operand's index math, in one context. */
typedef struct access_exprs {
	axe_expr_ctx *ctx;
	int loop_var[MAX_LOOPS];                  /* plan loop -> variable, or -1 */
	int tile_var[2];                          /* per dimension of the operand: position */
	const axe_expr *start[2];                 /* logical start of the tile */
	const axe_expr *base[AXE_TRN_NAXES];      /* per layout axis: on-chip start, simplified */
	const axe_expr *kernel[AXE_TRN_NAXES];    /* the kernel's place of an element */
	const axe_expr *layout[AXE_TRN_NAXES];    /* the layout's place of that element */
} access_exprs;

/* The variables of operand "op": per dimension its loops, then its position. 0 or -1. */
static int add_vars(const axe_trn_plan *plan, int op, access_exprs *x)
{
	for (size_t i = 0; i < plan->nloops; i++)
		x->loop_var[i] = -1;
	for (int d = 0; d < 2; d++) {
		enum axe_trn_dim X = axe_trn_operand_dim(op, d);
		for (size_t i = 0; i < plan->nloops; i++)
			if (plan->loop[i].dim == X &&
			    (x->loop_var[i] = axe_expr_ctx_add_var(x->ctx, plan->loop[i].var, 0,
								   plan->loop[i].trips - 1)) < 0)
				return -1;
		x->tile_var[d] = axe_expr_ctx_add_var(x->ctx, position_names[X], 0,
						      plan->tile[X].size - 1);
		if (x->tile_var[d] < 0)
			return -1;
	}
	return 0;
}

static const axe_expr *cnst(axe_expr_ctx *ctx, int64_t v)
{
	return axe_expr_const(ctx, v);
}

/* The logical start of a tile along "X": the sum over X's loops of step x loop. */
static const axe_expr *logical_start(const axe_trn_plan *plan, const access_exprs *x, int X)
{
	const axe_expr *e = cnst(x->ctx, 0);

	for (size_t i = 0; i < plan->nloops; i++)
		if ((int)plan->loop[i].dim == X)
			e = axe_expr_add(x->ctx, e, axe_expr_mul(x->ctx, cnst(x->ctx, plan->loop[i].step),
							  axe_expr_var(x->ctx, x->loop_var[i])));
	return e;
}

/* Every expression of "x" for operand "op"; 0, or -1 when memory runs out. */
static int build_exprs(const axe_trn_request *req, const axe_trn_plan *plan, int op,
		       const axe_expr_prover *prover, access_exprs *x)
{
	const axe_layout *L = req->layout[op];
	axe_expr_ctx *ctx = x->ctx;
	const axe_expr *coord[2];

	if (add_vars(plan, op, x) < 0)
		return -1;
	for (int d = 0; d < 2; d++) {
		const axe_trn_tile *t = &plan->tile[axe_trn_operand_dim(op, d)];
		x->start[d] = axe_expr_simplify(ctx, logical_start(plan, x, axe_trn_operand_dim(op, d)),
						prover, NULL);
		coord[d] = axe_expr_add(ctx, x->start[d], axe_expr_mul(ctx, cnst(ctx, t->step),
						axe_expr_var(ctx, x->tile_var[d])));
	}
	if (axe_expr_from_layout(ctx, L, &req->shape[op], x->start, NULL, x->base) < 0 ||
	    axe_expr_from_layout(ctx, L, &req->shape[op], coord, NULL, x->layout) < 0)
		return -1;
	for (size_t a = 0; a < L->naxes; a++) {
		x->base[a] = axe_expr_simplify(ctx, x->base[a], prover, NULL);
		x->kernel[a] = x->base[a];
		for (int d = 0; d < 2; d++) {
			enum axe_trn_dim X = axe_trn_operand_dim(op, d);
			int h = axe_trn_holder_index(X, op);
			if ((int)plan->tile[X].axis[h] == trn_axis(L->axis[a]))
				x->kernel[a] = axe_expr_add(
					ctx, x->kernel[a],
					axe_expr_mul(ctx, cnst(ctx, plan->tile[X].stride[h]),
						     axe_expr_var(ctx, x->tile_var[d])));
		}
	}
	return ctx->nomem || !x->kernel[0] ? -1 : 0;
}

/* The Python text of "e" into "ix". 0 or -1. */
static int set_index(const axe_expr_ctx *ctx, const axe_expr *e, axe_nki_index *ix)
{
	ix->text = axe_expr_to_string(ctx, e, AXE_SYNTAX_PYTHON);
	ix->constant = e->op == AXE_EXPR_CONST;
	ix->value = e->value;
	return ix->text ? 0 : -1;
}

/* ---- proofs -------------------------------------------------------------- */

/* A box of the proof: variable v runs over [0, count[v]), or is fixed[v] when count is 0. */
typedef struct box {
	int64_t count[MAX_VARS];
	int64_t fixed[MAX_VARS];
} box;

/* Tree "e" of another context copied into "to", variable v becoming "by[v]". */
static const axe_expr *import(axe_expr_ctx *to, const axe_expr *e, const axe_expr *const *by)
{
	if (e->op == AXE_EXPR_CONST)
		return axe_expr_const(to, e->value);
	if (e->op == AXE_EXPR_VAR)
		return by[e->value];
	return axe_expr_binary(to, e->op, import(to, e->a, by), import(to, e->b, by));
}

/* An `expr:` layout of "expr" (one per axis of "L") over the running variables of "b". */
static axe_expr_layout *box_layout(const access_exprs *x, const axe_layout *L, const box *b,
				   const axe_expr *const *expr, axe_error *err)
{
	axe_expr_layout *E = calloc(1, sizeof(*E));
	const axe_expr *by[MAX_VARS];

	if (!E || !(E->ctx = axe_expr_ctx_new()))
		goto nomem;
	for (size_t v = 0; v < x->ctx->nvars; v++) {
		if (b->count[v] == 0) {
			by[v] = axe_expr_const(E->ctx, b->fixed[v]);
			continue;
		}
		by[v] = axe_expr_var(E->ctx, axe_expr_ctx_add_var(E->ctx, x->ctx->var[v].name, 0,
								  b->count[v] - 1));
		E->shape.dim[E->shape.rank++] = b->count[v];
	}
	E->rank = E->shape.rank;
	E->nimages = 1;
	E->naxes = L->naxes;
	E->axis = calloc(L->naxes, sizeof(*E->axis));
	E->expr = calloc(L->naxes, sizeof(*E->expr));
	if (!E->axis || !E->expr)
		goto nomem;
	for (size_t a = 0; a < L->naxes; a++)
		if (!(E->axis[a] = strdup(L->axis[a])) || !(E->expr[a] = import(E->ctx, expr[a], by)))
			goto nomem;
	if (!E->ctx->nomem)
		return E;
nomem:
	axe_expr_layout_free(E);
	axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	return NULL;
}

/* "kt = 3, m0 = 1": the point "coord" of "E" by its variables' names, into "buf". */
static void point_text(const axe_expr_layout *E, const int64_t *coord, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t v = 0; v < E->rank && n < size; v++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s = %lld", v ? ", " : "",
				      E->ctx->var[v].name, (long long)coord[v]);
}

/* Prove box "b" of "x": the kernel's places equal the layout's.  0 (verdict in "out") or -1. */
static int prove_box(const access_exprs *x, const axe_layout *L, const box *b, double timeout,
		     axe_nki_proof *out, axe_error *err)
{
	axe_expr_layout *K = box_layout(x, L, b, x->kernel, err);
	axe_expr_layout *E = K ? box_layout(x, L, b, x->layout, err) : NULL;
	axe_equal_options opt = { .method = AXE_METHOD_AUTO, .timeout = timeout };
	axe_equal_result res;
	char point[256];
	int r = -1;

	if (!E)
		goto out;
	axe_equal_side kernel = { NULL, K, K->shape, true }, layout = { NULL, E, E->shape, true };
	if (axe_prove_equal(&kernel, &layout, &opt, &res, err) < 0)
		goto out;
	out->verdict = res.verdict;
	if (res.verdict == AXE_VERDICT_TRUE && res.method == AXE_METHOD_ENUM)
		snprintf(out->how, sizeof(out->how), "all %lld places enumerated",
			 (long long)res.points);
	else if (res.verdict == AXE_VERDICT_TRUE)
		snprintf(out->how, sizeof(out->how), "Z3 (%s encoding) over all %lld places",
			 res.encoding ? res.encoding : "bit-vector", (long long)res.points);
	else if (res.verdict == AXE_VERDICT_FALSE && res.has_counterexample) {
		point_text(K, res.coord, point, sizeof(point));
		snprintf(out->how, sizeof(out->how), "the kernel and the layout differ at %s",
			 point);
	} else
		snprintf(out->how, sizeof(out->how), "%s", res.reason);
	axe_equal_result_release(&res);
	r = 0;
out:
	axe_expr_layout_free(K);
	axe_expr_layout_free(E);
	return r;
}

/*
 * The boxes of operand "op": one over every variable's range, or, when the
 * moving dimension's split is ragged and "op" holds it, the full tiles and
 * the last tiles.  Returns the number of boxes.
 */
static size_t make_boxes(const axe_trn_plan *plan, int op, const access_exprs *x, box *b)
{
	enum axe_trn_dim V = axe_trn_moving_dim(plan);
	int split = plan->tile[V].split_loop, d = axe_trn_operand_dim(op, 0) == V ? 0 : 1;

	for (size_t v = 0; v < x->ctx->nvars; v++) {
		b[0].count[v] = x->ctx->var[v].hi + 1;
		b[0].fixed[v] = 0;
	}
	if (split < 0 || !plan->loop[split].ragged || x->loop_var[split] < 0)
		return 1;
	b[1] = b[0];
	b[0].count[x->loop_var[split]] = plan->loop[split].trips - 1;
	b[1].count[x->loop_var[split]] = 0;
	b[1].fixed[x->loop_var[split]] = plan->loop[split].trips - 1;
	b[1].count[x->tile_var[d]] = plan->tile[V].last;
	return 2;
}

/* Prove every box of "x" into "out", naming the boxes when there are two. */
static int prove_access(const axe_trn_plan *plan, const axe_layout *L, int op,
			const access_exprs *x, double timeout, axe_nki_proof *out, axe_error *err)
{
	static const char *const names[2] = { "full tiles", "last tiles" };
	axe_nki_proof part[2];
	box b[2];
	size_t n = make_boxes(plan, op, x, b);

	for (size_t i = 0; i < n; i++) {
		if (prove_box(x, L, &b[i], timeout, &part[i], err) < 0)
			return -1;
		if (part[i].verdict != AXE_VERDICT_TRUE || n == 1) {
			out->verdict = part[i].verdict;
			snprintf(out->how, sizeof(out->how), "%s%s%s", n == 1 ? "" : names[i],
				 n == 1 ? "" : ": ", part[i].how);
			return 0;
		}
	}
	out->verdict = AXE_VERDICT_TRUE;
	snprintf(out->how, sizeof(out->how), "%s: %.180s; %s: %.180s", names[0], part[0].how,
		 names[1], part[1].how);
	return 0;
}

/* The index math of operand "op" into "acc", proved. */
static int build_access(const axe_trn_request *req, const axe_trn_plan *plan, int op,
			const axe_expr_prover *prover, double timeout, axe_nki_access *acc,
			axe_error *err)
{
	const axe_layout *L = req->layout[op];
	access_exprs x = { 0 };
	int r = -1;

	if (!(x.ctx = axe_expr_ctx_new()) || build_exprs(req, plan, op, prover, &x) < 0) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (int d = 0; d < 2; d++)
		if (set_index(x.ctx, x.start[d], &acc->logical[d]) < 0)
			goto nomem;
	for (size_t a = 0; a < L->naxes; a++)
		if (set_index(x.ctx, x.base[a], &acc->phys[trn_axis(L->axis[a])]) < 0)
			goto nomem;
	r = prove_access(plan, L, op, &x, timeout, &acc->proof, err);
	goto out;
nomem:
	axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
out:
	axe_expr_ctx_free(x.ctx);
	return r;
}

int axe_nki_kernel_build(const axe_trn_request *req, const axe_trn_plan *plan, double timeout,
			 axe_nki_kernel *k, axe_error *err)
{
	axe_z3 *z = axe_z3_new();
	axe_expr_prover prover;
	int r = 0;

	memset(k, 0, sizeof(*k));
	if (!z)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	prover = axe_z3_prover(z);
	for (int op = 0; op < AXE_TRN_NOPERANDS && r == 0; op++)
		r = build_access(req, plan, op, &prover, timeout, &k->access[op], err);
	axe_z3_free(z);
	return r;
}

void axe_nki_kernel_release(axe_nki_kernel *k)
{
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++) {
		for (int d = 0; d < 2; d++)
			free(k->access[op].logical[d].text);
		for (int a = 0; a < AXE_TRN_NAXES; a++)
			free(k->access[op].phys[a].text);
	}
	memset(k, 0, sizeof(*k));
}

enum axe_verdict axe_nki_kernel_verdict(const axe_nki_kernel *k, enum axe_trn_operand *op)
{
	for (int i = 0; i < AXE_TRN_NOPERANDS; i++)
		if (k->access[i].proof.verdict != AXE_VERDICT_TRUE) {
			*op = (enum axe_trn_operand)i;
			return k->access[i].proof.verdict;
		}
	return AXE_VERDICT_TRUE;
}

/* ---- the Python text ----------------------------------------------------- */

typedef struct printer {
	axe_emit e;
	const axe_trn_request *req;
	const axe_trn_plan *plan;
	const axe_nki_kernel *k;
} printer;

#define TEXT_MAX 512 /* one slice expression or tile */

enum { LOGICAL = 1, PHYS = 2 };

/* A Python block: "line" ends with ':' and what follows is one level deeper. */
static void open_block(printer *pr, const char *line)
{
	axe_emit_line(&pr->e, "%s", line);
	pr->e.depth++;
}

/*
 * A Python comment at the current depth (emit.h puts lines that start with
 * '#' in column 0, as C preprocessor lines go; a comment in a block reads
 * better indented).
 */
static void comment(printer *pr, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void comment(printer *pr, const char *fmt, ...)
{
	char text[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	axe_emit_begin(&pr->e);
	axe_emit_put(&pr->e, "# %s", text);
	axe_emit_end(&pr->e);
}

/* The on-chip tensor of "op". */
static const char *onchip_name(const axe_trn_plan *plan, int op)
{
	static const char *const names[AXE_TRN_NOPERANDS] = { "a_sb", "b_sb", "c_sb" };

	return op == AXE_TRN_C && plan->c_buffer == AXE_TRN_PSUM ? "c_ps" : names[op];
}

/* Whether the tiles of "X" have a ragged last tile (their size is then a variable). */
static bool ragged(const axe_trn_plan *plan, int X)
{
	int split = plan->tile[X].split_loop;

	return split >= 0 && plan->loop[split].ragged;
}

/* The size of a tile along "X": a number, or the variable "nsz" of a ragged dimension. */
static void size_text(const axe_trn_plan *plan, int X, char *buf, size_t size)
{
	if (ragged(plan, X))
		snprintf(buf, size, "%csz", axe_trn_dim_name(X)[0] + ('a' - 'A'));
	else
		snprintf(buf, size, "%lld", (long long)plan->tile[X].size);
}

/* "a_k", "c_bank": the local holding a start of operand "op" (a dimension or an axis name). */
static void local_name(int op, const char *what, char *buf, size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "%s_%s", hbm_names[op], what);

	for (size_t i = 0; i < n && i < size; i++)
		if (buf[i] >= 'A' && buf[i] <= 'Z')
			buf[i] = (char)(buf[i] + ('a' - 'A'));
}

/*
 * "start:start + count[:step]" into "buf": "start" is the constant or the
 * local "var", "count" the size text (a number or a variable).
 */
static void slice_text(const axe_nki_index *start, const char *var, const char *count,
		       int64_t step, char *buf, size_t size)
{
	bool fixed = count[0] >= '0' && count[0] <= '9';
	char len[64], tail[32] = "";

	if (fixed)
		snprintf(len, sizeof(len), "%lld", (long long)(atoll(count) * step));
	else if (step == 1)
		snprintf(len, sizeof(len), "%s", count);
	else
		snprintf(len, sizeof(len), "%lld * %s", (long long)step, count);
	if (step != 1)
		snprintf(tail, sizeof(tail), ":%lld", (long long)step);
	if (start->constant && fixed)
		snprintf(buf, size, "%lld:%lld%s", (long long)start->value,
			 (long long)(start->value + atoll(len)), tail);
	else if (start->constant && start->value == 0)
		snprintf(buf, size, "0:%s%s", len, tail);
	else if (start->constant)
		snprintf(buf, size, "%lld:%lld + %s%s", (long long)start->value,
			 (long long)start->value, len, tail);
	else
		snprintf(buf, size, "%s:%s + %s%s", var, var, len, tail);
}

/* The slice of HBM tensor "op" that one tile covers: "a[a_k:a_k + 128, a_m:a_m + 128]". */
static void hbm_tile(const printer *pr, int op, char *buf, size_t size)
{
	char s[2][TEXT_MAX / 4], var[16], count[16];

	for (int d = 0; d < 2; d++) {
		enum axe_trn_dim X = axe_trn_operand_dim(op, d);
		local_name(op, axe_trn_dim_name(X), var, sizeof(var));
		size_text(pr->plan, X, count, sizeof(count));
		slice_text(&pr->k->access[op].logical[d], var, count, pr->plan->tile[X].step, s[d],
			   sizeof(s[d]));
	}
	snprintf(buf, size, "%s[%s, %s]", hbm_names[op], s[0], s[1]);
}

/* The on-chip slice of one tile of "op": "a_sb[0:128, a_f:a_f + 128]" (a bank index for PSUM). */
static void onchip_tile(const printer *pr, int op, char *buf, size_t size)
{
	const axe_trn_plan *plan = pr->plan;
	const axe_nki_access *acc = &pr->k->access[op];
	static const axe_nki_index zero = { NULL, true, 0 };
	char s[AXE_TRN_NAXES][TEXT_MAX / 4], var[16], count[16];

	for (int d = 0; d < 2; d++) {
		enum axe_trn_dim X = axe_trn_operand_dim(op, d);
		int h = axe_trn_holder_index(X, op), axis = plan->tile[X].axis[h];
		const axe_nki_index *start = acc->phys[axis].text ? &acc->phys[axis] : &zero;
		local_name(op, axe_trn_axis_name(axis), var, sizeof(var));
		size_text(plan, X, count, sizeof(count));
		slice_text(start, var, count, plan->tile[X].stride[h], s[axis], sizeof(s[axis]));
	}
	if (plan->banks[op] == 0) {
		snprintf(buf, size, "%s[%s, %s]", onchip_name(plan, op), s[AXE_TRN_P], s[AXE_TRN_F]);
		return;
	}
	if (acc->phys[AXE_TRN_BANK].constant)
		snprintf(s[AXE_TRN_BANK], sizeof(s[0]), "%lld",
			 (long long)acc->phys[AXE_TRN_BANK].value);
	else
		local_name(op, "bank", s[AXE_TRN_BANK], sizeof(s[0]));
	snprintf(buf, size, "%s[%s, %s, %s]", onchip_name(plan, op), s[AXE_TRN_P],
		 s[AXE_TRN_BANK], s[AXE_TRN_F]);
}

/* The locals of operand "op"'s non-constant starts ("what": LOGICAL and/or PHYS). */
static void emit_locals(printer *pr, int op, unsigned what)
{
	const axe_nki_access *acc = &pr->k->access[op];
	char var[16];

	for (int d = 0; (what & LOGICAL) && d < 2; d++)
		if (!acc->logical[d].constant) {
			local_name(op, axe_trn_dim_name(axe_trn_operand_dim(op, d)), var, sizeof(var));
			axe_emit_line(&pr->e, "%s = %s", var, acc->logical[d].text);
		}
	for (int a = 0; (what & PHYS) && a < AXE_TRN_NAXES; a++)
		if (acc->phys[a].text && !acc->phys[a].constant) {
			local_name(op, axe_trn_axis_name(a), var, sizeof(var));
			axe_emit_line(&pr->e, "%s = %s", var, acc->phys[a].text);
		}
}

/* After ragged loop "lp" opens: its tile's size, inner * min(outer, rest). */
static void emit_ragged_size(printer *pr, const axe_trn_loop *lp)
{
	const axe_trn_tile *t = &pr->plan->tile[lp->dim];
	char var[16], scale[32] = "";

	size_text(pr->plan, lp->dim, var, sizeof(var));
	if (t->inner != 1)
		snprintf(scale, sizeof(scale), "%lld * ", (long long)t->inner);
	axe_emit_line(&pr->e, "%s = %smin(%lld, %lld - %lld * %s)", var, scale, (long long)t->outer,
		      (long long)t->outer_extent, (long long)t->outer, lp->var);
}

/*
 * Open the loops of the dimensions in "mask" (plan order) with "range" (a
 * ragged loop is a Python range: NKI tile sizes are fixed at trace time, so
 * its last trip is unrolled to a smaller tile).  Returns how many opened.
 */
static int open_loops(printer *pr, unsigned mask, const char *range)
{
	char line[96];
	int n = 0;

	for (size_t i = 0; i < pr->plan->nloops; i++) {
		const axe_trn_loop *lp = &pr->plan->loop[i];
		if (!(mask & (1u << lp->dim)))
			continue;
		snprintf(line, sizeof(line), "for %s in %s(%lld):", lp->var,
			 lp->ragged ? "range" : range, (long long)lp->trips);
		open_block(pr, line);
		if (lp->ragged)
			emit_ragged_size(pr, lp);
		n++;
	}
	return n;
}

/* The dimensions of operand "op" as a mask for open_loops. */
static unsigned dims_mask(int op)
{
	return (1u << axe_trn_operand_dim(op, 0)) | (1u << axe_trn_operand_dim(op, 1));
}

static void emit_header(printer *pr)
{
	const axe_trn_request *req = pr->req;
	const axe_trn_plan *plan = pr->plan;
	static const char *const what[AXE_TRN_NOPERANDS] = { "(K, M)", "(K, N)", "(M, N)" };
	char instr[160];

	axe_emit_line(&pr->e, "# NKI kernel generated by axe-layout emit-trainium: "
		      "C[M, N] = A[K, M]^T . B[K, N].");
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++) {
		char *text = axe_layout_to_string(req->layout[op]);
		axe_emit_line(&pr->e, "#   %s %s = (%lld, %lld): %s, %s in %s", axe_trn_operand_name(op),
			      what[op], (long long)req->shape[op].dim[0],
			      (long long)req->shape[op].dim[1], text ? text : "?",
			      axe_dtype_get(op == AXE_TRN_C ? plan->c_dtype : plan->dtype)->name,
			      op == AXE_TRN_C ? axe_trn_buffer_name(plan->c_buffer) : "SBUF");
		free(text);
	}
	axe_trn_instruction_text(plan, instr, sizeof(instr));
	axe_emit_line(&pr->e, "# One nc_matmul is %s;", instr);
	axe_emit_line(&pr->e, "# %lld of them in %lld accumulation group%s.  Every index below was "
		      "simplified and", (long long)plan->matmuls, (long long)plan->groups,
		      plan->groups == 1 ? "" : "s");
	axe_emit_line(&pr->e, "# proved equal to its operand's layout by axe-layout.");
	axe_emit_line(&pr->e, "import nki");
	axe_emit_line(&pr->e, "import nki.isa as nisa");
	axe_emit_line(&pr->e, "import nki.language as nl");
	axe_emit_line(&pr->e, "%s", "");
	axe_emit_line(&pr->e, "%s", "");
}

/* The HBM result and the on-chip tensors, each spanning its layout's range. */
static void emit_allocations(printer *pr)
{
	const axe_trn_plan *plan = pr->plan;
	const char *ab = axe_trn_nki_dtype(plan->dtype), *c = axe_trn_nki_dtype(plan->c_dtype);

	axe_emit_line(&pr->e, "c = nl.ndarray((%lld, %lld), dtype=nl.%s, buffer=nl.shared_hbm)",
		      (long long)plan->dim[AXE_TRN_M], (long long)plan->dim[AXE_TRN_N], c);
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++) {
		bool psum = op == AXE_TRN_C && plan->c_buffer == AXE_TRN_PSUM;
		char banks[32] = "";
		if (plan->banks[op] > 0)
			snprintf(banks, sizeof(banks), "%lld, ", (long long)plan->banks[op]);
		axe_emit_line(&pr->e, "%s = nl.ndarray((%lld, %s%lld), dtype=nl.%s, buffer=nl.%s)",
			      onchip_name(plan, op), (long long)plan->partitions[op], banks,
			      (long long)plan->free[op], op == AXE_TRN_C ? c : ab,
			      psum ? "psum" : "sbuf");
	}
	if (plan->c_buffer == AXE_TRN_PSUM)
		axe_emit_line(&pr->e, "c_out = nl.ndarray((%lld, %lld), dtype=nl.float32, "
			      "buffer=nl.sbuf)",
			      (long long)plan->tile[axe_trn_stationary_dim(plan)].size,
			      (long long)plan->tile[axe_trn_moving_dim(plan)].size);
	axe_emit_line(&pr->e, "%s", "");
}

/* Copy operand "op" (A or B) from HBM into SBUF, one tile per copy. */
static void emit_load(printer *pr, int op)
{
	const axe_trn_plan *plan = pr->plan;
	enum axe_trn_dim d0 = axe_trn_operand_dim(op, 0), d1 = axe_trn_operand_dim(op, 1);
	char dst[TEXT_MAX], src[TEXT_MAX];
	int n;

	comment(pr, "%s: HBM -> SBUF, %lld tile%s of %lld x %lld", axe_trn_operand_name(op),
		(long long)(plan->trips[d0] * plan->trips[d1]),
		plan->trips[d0] * plan->trips[d1] == 1 ? "" : "s", (long long)plan->tile[d0].size,
		(long long)plan->tile[d1].size);
	n = open_loops(pr, dims_mask(op), "nl.affine_range");
	emit_locals(pr, op, LOGICAL | PHYS);
	onchip_tile(pr, op, dst, sizeof(dst));
	hbm_tile(pr, op, src, sizeof(src));
	axe_emit_line(&pr->e, "nisa.dma_copy(dst=%s, src=%s)", dst, src);
	pr->e.depth -= n;
	axe_emit_line(&pr->e, "%s", "");
}

/* The K loops of one accumulation group: its nc_matmul calls into "acc". */
static void emit_matmuls(printer *pr, const char *acc)
{
	int stationary = pr->plan->swapped ? AXE_TRN_B : AXE_TRN_A;
	char st[TEXT_MAX], mv[TEXT_MAX];
	int n = open_loops(pr, 1u << AXE_TRN_K, "nl.sequential_range");

	emit_locals(pr, AXE_TRN_A, PHYS);
	emit_locals(pr, AXE_TRN_B, PHYS);
	onchip_tile(pr, stationary, st, sizeof(st));
	onchip_tile(pr, AXE_TRN_A + AXE_TRN_B - stationary, mv, sizeof(mv));
	axe_emit_line(&pr->e, "nisa.nc_matmul(dst=%s, stationary=%s, moving=%s)", acc, st, mv);
	pr->e.depth -= n;
}

/*
 * The loop nest: per accumulation group, zero the accumulator, run the K
 * loops, then copy the group to C's layout (SBUF) or out of PSUM, and to HBM.
 */
static void emit_main(printer *pr)
{
	const axe_trn_plan *plan = pr->plan;
	char acc[TEXT_MAX], ctile[TEXT_MAX], hbm[TEXT_MAX], s[16], v[16];
	int n;

	size_text(plan, axe_trn_stationary_dim(plan), s, sizeof(s));
	size_text(plan, axe_trn_moving_dim(plan), v, sizeof(v));
	comment(pr, "%lld accumulation group%s of %lld matmul%s each", (long long)plan->groups,
		plan->groups == 1 ? "" : "s", (long long)plan->trips[AXE_TRN_K],
		plan->trips[AXE_TRN_K] == 1 ? "" : "s");
	n = open_loops(pr, (1u << AXE_TRN_M) | (1u << AXE_TRN_N), "nl.affine_range");
	emit_locals(pr, AXE_TRN_C, LOGICAL | PHYS);
	onchip_tile(pr, AXE_TRN_C, ctile, sizeof(ctile));
	hbm_tile(pr, AXE_TRN_C, hbm, sizeof(hbm));
	if (plan->c_buffer == AXE_TRN_PSUM) {
		snprintf(acc, sizeof(acc), "%s", ctile);
	} else {
		axe_emit_line(&pr->e, "acc = nl.ndarray((%lld, %lld), dtype=nl.float32, "
			      "buffer=nl.psum)",
			      (long long)plan->tile[axe_trn_stationary_dim(plan)].size,
			      (long long)plan->tile[axe_trn_moving_dim(plan)].size);
		snprintf(acc, sizeof(acc), "acc[0:%s, 0:%s]", s, v);
	}
	axe_emit_line(&pr->e, "nisa.memset(dst=%s, value=0.0)", acc);
	emit_matmuls(pr, acc);
	/* From PSUM the group goes to HBM through the staging tile; in SBUF, to C's place. */
	if (plan->c_buffer == AXE_TRN_PSUM)
		snprintf(ctile, sizeof(ctile), "c_out[0:%s, 0:%s]", s, v);
	axe_emit_line(&pr->e, "nisa.tensor_copy(dst=%s, src=%s)", ctile, acc);
	/* C's tile has the stationary dimension on partitions: N first when swapped. */
	axe_emit_line(&pr->e, "nisa.%s(dst=%s, src=%s)", plan->swapped ? "dma_transpose" : "dma_copy",
		      hbm, ctile);
	pr->e.depth -= n;
}

char *axe_nki_kernel_source(const axe_trn_request *req, const axe_trn_plan *plan,
			    const axe_nki_kernel *k, const char *name)
{
	printer pr = { .req = req, .plan = plan, .k = k };
	const char *text;
	char *out;

	axe_emit_init(&pr.e);
	emit_header(&pr);
	axe_emit_line(&pr.e, "@nki.jit");
	axe_emit_line(&pr.e, "def %s(a, b):", name);
	pr.e.depth++;
	axe_emit_line(&pr.e, "\"\"\"Return c = a.T @ b for a (%lld, %lld) and b (%lld, %lld) in "
		      "HBM.\"\"\"", (long long)plan->dim[AXE_TRN_K], (long long)plan->dim[AXE_TRN_M],
		      (long long)plan->dim[AXE_TRN_K], (long long)plan->dim[AXE_TRN_N]);
	emit_allocations(&pr);
	emit_load(&pr, AXE_TRN_A);
	emit_load(&pr, AXE_TRN_B);
	emit_main(&pr);
	axe_emit_line(&pr.e, "return c");
	text = axe_emit_str(&pr.e);
	out = text ? strdup(text) : NULL;
	axe_emit_release(&pr.e);
	return out;
}
