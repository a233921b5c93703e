/*
 * triton_enc.c: TTGIR layout attributes as Triton's LinearLayout, following
 * the toLinearLayout functions of Triton's
 * lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp (blocked, slice,
 * nvidia_mma v2/v3, dot_op with mma and blocked parents, swizzled_shared,
 * nvmma_shared, linear).  Written from their behaviour, not their code;
 * tests/unit/test_triton.c pins each against Triton's own unit tests.
 * Parameters are checked as Triton's verifiers do; what Triton would
 * assert on is refused with the reason.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "triton.h"

#define MAX_KEYS 8
#define MAX_PARENTS 8 /* slice/dot parents followed: aliases cannot loop */

typedef int encoding_fn(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
			axe_linear *out, axe_error *err);

static encoding_fn enc_blocked, enc_slice, enc_mma, enc_dot, enc_swizzled, enc_nvmma,
	enc_linear;

static const struct encoding {
	const char *name;
	encoding_fn *fn;
	const char *keys[MAX_KEYS];
} encodings[] = {
#define ENCODING(name, fn, ...) { name, fn, { __VA_ARGS__ } },
#include "triton_encodings.def"
#undef ENCODING
};

#define NENCODINGS (sizeof(encodings) / sizeof(encodings[0]))

static int fail(tt_ctx *c, size_t pos, size_t span, axe_error *err, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static int fail(tt_ctx *c, size_t pos, size_t span, axe_error *err, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	tt_error(c->src, pos, span, err, "%s", msg);
	if (err)
		err->code = AXE_ERR_VALUE;
	return -1;
}

/* The attribute "v" names, through aliases. */
static const tt_attr *resolve(tt_ctx *c, const tt_value *v, axe_error *err)
{
	for (int hops = 0; v->kind == TT_ALIAS; hops++) {
		const tt_value *next = NULL;

		for (size_t i = 0; i < c->nalias; i++)
			if (strcmp(c->alias[i].name, v->name) == 0)
				next = c->alias[i].value;
		if (!next) {
			fail(c, v->pos, v->len, err, "'%s' is not defined here%s", v->name,
			     c->nalias ? "" : " (name it in a module file: FILE.mlir:#alias)");
			if (err)
				err->code = AXE_ERR_NAME;
			return NULL;
		}
		if (hops > MAX_PARENTS) {
			fail(c, v->pos, v->len, err, "aliases refer to each other in a loop");
			return NULL;
		}
		v = next;
	}
	if (v->kind != TT_ATTR) {
		fail(c, v->pos, v->len ? v->len : 1, err, "expected a layout attribute");
		return NULL;
	}
	return v->attr;
}

static const struct encoding *lookup(tt_ctx *c, const tt_attr *a, axe_error *err)
{
	const char *names[NENCODINGS];

	if (strcmp(a->dialect, "ttg") != 0 && strcmp(a->dialect, "triton_gpu") != 0) {
		fail(c, a->pos + 1, strlen(a->dialect), err,
		     "unknown dialect '%s' (Triton's layouts are #ttg.* or #triton_gpu.*)",
		     a->dialect);
		return NULL;
	}
	for (size_t i = 0; i < NENCODINGS; i++) {
		if (strcmp(encodings[i].name, a->name) == 0)
			return &encodings[i];
		names[i] = encodings[i].name;
	}
	fail(c, a->name_pos, strlen(a->name), err, "unknown Triton layout '%s'", a->name);
	if (err) {
		const char *near = axe_suggest(a->name, names, NENCODINGS);

		err->code = AXE_ERR_NAME;
		if (near)
			axe_error_hint(err, "did you mean '%s'?", near);
	}
	return NULL;
}

static int check_keys(tt_ctx *c, const tt_attr *a, const struct encoding *e, axe_error *err)
{
	size_t nkeys = 0;

	while (nkeys < MAX_KEYS && e->keys[nkeys])
		nkeys++;
	for (size_t i = 0; i < a->nentry; i++) {
		bool known = false;

		for (size_t k = 0; k < nkeys; k++)
			known |= strcmp(a->entry[i].key, e->keys[k]) == 0;
		if (!known) {
			const char *near = axe_suggest(a->entry[i].key, e->keys, nkeys);

			fail(c, a->entry[i].pos, strlen(a->entry[i].key), err,
			     "unknown parameter '%s' of #ttg.%s", a->entry[i].key, e->name);
			if (err) {
				err->code = AXE_ERR_NAME;
				if (near)
					axe_error_hint(err, "did you mean '%s'?", near);
			}
			return -1;
		}
	}
	return 0;
}

/* The value of parameter "key", or NULL (an error when "required"). */
static const tt_value *param(tt_ctx *c, const tt_attr *a, const char *key, bool required,
			     axe_error *err)
{
	const tt_entry *e = tt_attr_find(a, key);

	if (!e && required)
		fail(c, a->pos, 1, err, "#ttg.%s needs '%s'", a->name, key);
	return e ? &e->value : NULL;
}

static int get_int(tt_ctx *c, const tt_value *v, int64_t lo, int64_t hi, const char *what,
		   int64_t *out, axe_error *err)
{
	if (v->kind != TT_INT)
		return fail(c, v->pos, v->len, err, "%s must be a number", what);
	if (v->num < lo || v->num > hi)
		return fail(c, v->pos, v->len, err, "%s must be in [%lld, %lld], not %lld", what,
			    (long long)lo, (long long)hi, (long long)v->num);
	*out = v->num;
	return 0;
}

static bool pow2(int64_t v)
{
	return v > 0 && (v & (v - 1)) == 0;
}

/*
 * A list of "rank" numbers (rank 0: any length, stored in *n), each in
 * [1, 2^30] and a power of two when "pow2_only".
 */
static int get_list(tt_ctx *c, const tt_value *v, size_t rank, bool pow2_only, const char *what,
		    int64_t *out, size_t *n, axe_error *err)
{
	if (v->kind != TT_LIST)
		return fail(c, v->pos, v->len, err, "%s must be a list like [1, 4]", what);
	if (v->nitem > AXE_LINEAR_MAX_RANK || (rank && v->nitem != rank))
		return fail(c, v->pos, v->len, err, "%s has %zu entries, the tensor %zu dims",
			    what, v->nitem, rank);
	for (size_t i = 0; i < v->nitem; i++) {
		if (get_int(c, &v->item[i], 1, (int64_t)1 << AXE_LINEAR_MAX_BITS, what, &out[i],
			    err) < 0)
			return -1;
		if (pow2_only && !pow2(out[i]))
			return fail(c, v->item[i].pos, v->item[i].len, err,
				    "%s entry %lld is not a power of two", what,
				    (long long)out[i]);
	}
	if (n)
		*n = v->nitem;
	return 0;
}

/* An `order` list: a permutation of 0 .. rank-1. */
static int get_order(tt_ctx *c, const tt_value *v, size_t rank, const char *what, int *order,
		     axe_error *err)
{
	bool seen[AXE_LINEAR_MAX_RANK] = { false };

	if (v->kind != TT_LIST || v->nitem != rank)
		return fail(c, v->pos, v->len, err, "%s must list the %zu dims, fastest first",
			    what, rank);
	for (size_t i = 0; i < rank; i++) {
		int64_t d = 0;

		if (get_int(c, &v->item[i], 0, (int64_t)rank - 1, what, &d, err) < 0)
			return -1;
		if (seen[d])
			return fail(c, v->item[i].pos, v->item[i].len, err,
				    "%s names dim %lld twice", what, (long long)d);
		seen[d] = true;
		order[i] = (int)d;
	}
	return 0;
}

/* The default order: the last dim fastest. */
static void reverse_order(int *order, size_t rank)
{
	for (size_t i = 0; i < rank; i++)
		order[i] = (int)(rank - 1 - i);
}

/* The CTA layout parameters (CTAsPerCGA, CTASplitNum, CTAOrder); defaults: one CTA. */
typedef struct cta_params {
	int64_t per_cga[AXE_LINEAR_MAX_RANK], split[AXE_LINEAR_MAX_RANK];
	int order[AXE_LINEAR_MAX_RANK];
	bool trivial;
} cta_params;

static int get_cta(tt_ctx *c, const tt_attr *a, size_t rank, cta_params *p, axe_error *err)
{
	const tt_value *per = param(c, a, "CTAsPerCGA", false, err);
	const tt_value *split = param(c, a, "CTASplitNum", false, err);
	const tt_value *order = param(c, a, "CTAOrder", false, err);

	for (size_t d = 0; d < rank; d++)
		p->per_cga[d] = p->split[d] = 1;
	reverse_order(p->order, rank);
	if ((per && get_list(c, per, rank, true, "CTAsPerCGA", p->per_cga, NULL, err) < 0) ||
	    (split && get_list(c, split, rank, true, "CTASplitNum", p->split, NULL, err) < 0) ||
	    (order && get_order(c, order, rank, "CTAOrder", p->order, err) < 0))
		return -1;
	p->trivial = true;
	for (size_t d = 0; d < rank; d++) {
		if (p->per_cga[d] % p->split[d] != 0)
			return fail(c, split->pos, split->len, err,
				    "CTASplitNum must divide CTAsPerCGA in every dim");
		p->trivial &= p->per_cga[d] == 1;
	}
	return 0;
}

/*
 * Triton's combineCtaCgaWithShape: the CGA layout (block -> coordinate,
 * CTAOrder, split blocks distinct and the rest broadcast) cut to the shape;
 * the CTA layout grown by "in" (register or offset) repeats and cut to the
 * shape left per CTA; their product in the standard dim order.
 */
static int combine(const axe_linear *cta_in, const cta_params *p, int in, const int64_t *shape,
		   axe_linear *out, axe_error *err)
{
	axe_linear cta = *cta_in, cga;
	int64_t per_cta[AXE_LINEAR_MAX_RANK];
	size_t rank = cta.rank;

	axe_linear_init(&cga, rank);
	cga.has_in[AXE_LINEAR_BLOCK] = true;
	for (size_t i = 0; i < rank; i++) {
		int d = p->order[i];

		if (axe_linear_mul_identity(&cga, p->split[d], AXE_LINEAR_BLOCK, d, err) < 0 ||
		    axe_linear_mul_zeros(&cga, p->per_cga[d] / p->split[d], AXE_LINEAR_BLOCK, d,
					 err) < 0)
			return -1;
	}
	axe_linear_standard_outs(&cga);
	axe_linear_not_larger(&cga, shape);
	axe_linear_transpose_outs(&cga, cta.out_order, cta.nout);
	for (size_t d = 0; d < rank; d++) {
		per_cta[d] = shape[d] / axe_linear_out_size(&cga, (int)d);
		if (per_cta[d] < 1)
			per_cta[d] = 1;
	}
	if (axe_linear_not_smaller(&cta, in, per_cta, err) < 0)
		return -1;
	axe_linear_not_larger(&cta, per_cta);
	if (axe_linear_mul(out, &cta, &cga, err) < 0)
		return -1;
	axe_linear_standard_outs(out);
	return 0;
}

static int enc_blocked(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
		       axe_linear *out, axe_error *err)
{
	const tt_value *spt = param(c, a, "sizePerThread", true, err);
	const tt_value *tpw = param(c, a, "threadsPerWarp", true, err);
	const tt_value *wpc = param(c, a, "warpsPerCTA", true, err);
	const tt_value *ord = param(c, a, "order", true, err);
	int64_t s[AXE_LINEAR_MAX_RANK], t[AXE_LINEAR_MAX_RANK], w[AXE_LINEAR_MAX_RANK];
	int64_t threads = 1, warps = 1;
	int order[AXE_LINEAR_MAX_RANK];
	axe_linear cta, f;
	cta_params p;

	if (!spt || !tpw || !wpc || !ord ||
	    get_list(c, spt, rank, true, "sizePerThread", s, NULL, err) < 0 ||
	    get_list(c, tpw, rank, true, "threadsPerWarp", t, NULL, err) < 0 ||
	    get_list(c, wpc, rank, true, "warpsPerCTA", w, NULL, err) < 0 ||
	    get_order(c, ord, rank, "order", order, err) < 0 || get_cta(c, a, rank, &p, err) < 0)
		return -1;
	for (size_t d = 0; d < rank; d++) {
		threads *= t[d];
		warps *= w[d];
	}
	if (c->threads_per_warp && threads != c->threads_per_warp)
		return fail(c, tpw->pos, tpw->len, err,
			    "threadsPerWarp has %lld threads, but the module's "
			    "ttg.threads-per-warp is %d", (long long)threads, c->threads_per_warp);
	if (c->num_warps && warps != c->num_warps)
		return fail(c, wpc->pos, wpc->len, err,
			    "warpsPerCTA has %lld warps, but the module's ttg.num-warps is %d",
			    (long long)warps, c->num_warps);
	axe_linear_init(&cta, rank);
	axe_linear_init(&f, rank);
	if (axe_linear_identity_nd(&cta, AXE_LINEAR_REGISTER, s, order, err) < 0 ||
	    axe_linear_identity_nd(&f, AXE_LINEAR_LANE, t, order, err) < 0 ||
	    axe_linear_mul(&cta, &cta, &f, err) < 0 ||
	    axe_linear_identity_nd(&f, AXE_LINEAR_WARP, w, order, err) < 0 ||
	    axe_linear_mul(&cta, &cta, &f, err) < 0)
		return -1;
	return combine(&cta, &p, AXE_LINEAR_REGISTER, shape, out, err);
}

/* Drop out-dim "dim" of "parent" (rank+1 dims): Triton's SliceEncodingAttr. */
static void drop_dim(const axe_linear *parent, int dim, axe_linear *out)
{
	axe_linear_init(out, parent->rank - 1);
	for (int in = 0; in < AXE_LINEAR_NIN; in++) {
		out->has_in[in] = parent->has_in[in];
		for (int i = 0; i < parent->nbits[in]; i++) {
			bool zero = true;
			int32_t *b = out->basis[in][out->nbits[in]];

			for (size_t d = 0, e = 0; d < parent->rank; d++)
				if ((int)d != dim)
					zero &= (b[e++] = parent->basis[in][i][d]) == 0;
			/* Registers that hold nothing new after the cut are dropped. */
			if (!(zero && in == AXE_LINEAR_REGISTER))
				out->nbits[in]++;
		}
	}
	for (size_t d = 0, e = 0; d < parent->rank; d++)
		if ((int)d != dim)
			out->out_log2[e++] = (int)__builtin_ctzll(
				(unsigned long long)axe_linear_out_size(parent, (int)d));
	axe_linear_standard_outs(out);
}

static int enc_slice(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
		     axe_linear *out, axe_error *err)
{
	const tt_value *dim = param(c, a, "dim", true, err);
	const tt_value *parent = param(c, a, "parent", true, err);
	int64_t d = 0, pshape[AXE_LINEAR_MAX_RANK];
	axe_linear pl;

	if (!dim || !parent || get_int(c, dim, 0, (int64_t)rank, "dim", &d, err) < 0)
		return -1;
	if (rank + 1 > AXE_LINEAR_MAX_RANK)
		return fail(c, a->pos, 1, err, "the parent would have more than %d dims",
			    AXE_LINEAR_MAX_RANK);
	for (size_t i = 0, j = 0; i <= rank; i++)
		pshape[i] = (int64_t)i == d ? 1 : shape[j++];
	if (tt_encoding_linear(c, parent, pshape, rank + 1, &pl, err) < 0)
		return -1;
	drop_dim(&pl, (int)d, out);
	return 0;
}

/*
 * Triton's nvidiaMmaTile: kWidth registers and 4 lanes along the inner dim,
 * 8 lanes along the outer dim, then register repeats along the outer and
 * the inner dim; out-dims in "rep_order".
 */
static int mma_tile(const int64_t *tile, size_t rank, int64_t kwidth, const int *order,
		    const int *rep_order, axe_linear *L, axe_error *err)
{
	int64_t ones[AXE_LINEAR_MAX_RANK];
	int inner = order[0], outer = order[1];

	for (size_t d = 0; d < rank; d++)
		ones[d] = 1;
	axe_linear_init(L, rank);
	if (axe_linear_identity_nd(L, AXE_LINEAR_REGISTER, ones, rep_order, err) < 0)
		return -1;
	if (tile[outer] % 8 != 0 || tile[inner] % (kwidth * 4) != 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "the mma tile %lldx%lld does not hold 8 rows of 4x%lld "
				     "elements", (long long)tile[outer], (long long)tile[inner],
				     (long long)kwidth);
	return axe_linear_mul_identity(L, kwidth, AXE_LINEAR_REGISTER, inner, err) < 0 ||
	       axe_linear_mul_identity(L, 4, AXE_LINEAR_LANE, inner, err) < 0 ||
	       axe_linear_mul_identity(L, 8, AXE_LINEAR_LANE, outer, err) < 0 ||
	       axe_linear_mul_identity(L, tile[outer] / 8, AXE_LINEAR_REGISTER, outer, err) < 0 ||
	       axe_linear_mul_identity(L, tile[inner] / (kwidth * 4), AXE_LINEAR_REGISTER, inner,
				       err) < 0 ? -1 : 0;
}

/* An nvidia_mma attribute's parameters. */
typedef struct mma_params {
	int64_t version;
	int64_t warps[AXE_LINEAR_MAX_RANK], instr[AXE_LINEAR_MAX_RANK];
	size_t ninstr;
	int warp_order[AXE_LINEAR_MAX_RANK]; /* v2 row-major, v3 column-major */
	cta_params cta;
} mma_params;

static int get_mma(tt_ctx *c, const tt_attr *a, size_t rank, mma_params *m, axe_error *err)
{
	const tt_value *major = param(c, a, "versionMajor", true, err);
	const tt_value *wpc = param(c, a, "warpsPerCTA", true, err);
	const tt_value *instr = param(c, a, "instrShape", true, err);
	const tt_value *minor = param(c, a, "versionMinor", false, err);
	int64_t warps = 1, unused = 0;

	if (!major || !wpc || !instr || get_int(c, major, 0, 100, "versionMajor", &m->version, err) < 0 ||
	    (minor && get_int(c, minor, 0, 100, "versionMinor", &unused, err) < 0) ||
	    get_list(c, wpc, rank, true, "warpsPerCTA", m->warps, NULL, err) < 0 ||
	    get_list(c, instr, 0, false, "instrShape", m->instr, &m->ninstr, err) < 0 ||
	    get_cta(c, a, rank, &m->cta, err) < 0)
		return -1;
	if (m->version != 2 && m->version != 3)
		return fail(c, major->pos, major->len, err,
			    "nvidia_mma version %lld is not read (versions 2 and 3 are)",
			    (long long)m->version);
	if (rank < 2 || (m->version == 3 && rank != 2) ||
	    m->ninstr != (m->version == 2 ? rank : 3))
		return fail(c, instr->pos, instr->len, err,
			    "nvidia_mma v%lld needs %s and an instrShape of %s entries",
			    (long long)m->version, m->version == 2 ? "a rank of 2 or more" :
			    "a 2-d tensor", m->version == 2 ? "rank" : "3 (M, N, K)");
	for (size_t d = 0; d < rank; d++)
		warps *= m->warps[d];
	if (c->num_warps && warps != c->num_warps)
		return fail(c, wpc->pos, wpc->len, err,
			    "warpsPerCTA has %lld warps, but the module's ttg.num-warps is %d",
			    (long long)warps, c->num_warps);
	reverse_order(m->warp_order, rank);
	if (m->version == 3) {
		m->warp_order[0] = (int)rank - 2;
		m->warp_order[1] = (int)rank - 1;
	}
	return 0;
}

static int enc_mma(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
		   axe_linear *out, axe_error *err)
{
	int order[AXE_LINEAR_MAX_RANK];
	int64_t tile[AXE_LINEAR_MAX_RANK];
	axe_linear cta, w;
	mma_params m;

	if (get_mma(c, a, rank, &m, err) < 0)
		return -1;
	reverse_order(order, rank);
	memcpy(tile, m.instr, rank * sizeof(int64_t)); /* v3: M, N of (M, N, K) */
	if (tile[rank - 2] % 8 != 0 || tile[rank - 1] % 8 != 0)
		return fail(c, a->pos, 1, err, "instrShape %lldx%lld is not a whole number of "
			    "8x8 mma tiles", (long long)tile[rank - 2], (long long)tile[rank - 1]);
	if (mma_tile(tile, rank, 2, order, order, &cta, err) < 0)
		return -1;
	axe_linear_init(&w, rank);
	if (axe_linear_identity_nd(&w, AXE_LINEAR_WARP, m.warps, m.warp_order, err) < 0)
		return -1;
	axe_linear_transpose_outs(&w, cta.out_order, cta.nout);
	if (axe_linear_mul(&cta, &cta, &w, err) < 0)
		return -1;
	return combine(&cta, &m.cta, AXE_LINEAR_REGISTER, shape, out, err);
}

/*
 * Triton's broadcastedDotOperandLayout: in-dim "in" over "shape" in
 * "order", identity on every dim but K, where it broadcasts (zero bases).
 */
static int broadcast_k(axe_linear *L, int in, const int64_t *shape, const int *order, int kdim,
		       axe_error *err)
{
	axe_linear_init(L, L->rank);
	for (size_t i = 0; i < L->rank; i++) {
		int d = order[i];

		if ((d == kdim ? axe_linear_mul_zeros(L, shape[d], in, d, err) :
				 axe_linear_mul_identity(L, shape[d], in, d, err)) < 0)
			return -1;
	}
	return 0;
}

/* Triton's getOrderForDotOperand (K contiguous): K, the other matrix dim, then batch dims. */
static void dot_order(int op, size_t rank, int *order)
{
	int k = op == 0 ? (int)rank - 1 : (int)rank - 2;

	order[0] = k;
	order[1] = op == 0 ? (int)rank - 2 : (int)rank - 1;
	for (size_t i = 2; i < rank; i++)
		order[i] = (int)(rank - 1 - i);
}

static int dot_mma(tt_ctx *c, const tt_attr *a, const tt_attr *pa, int op, int64_t kwidth,
		   const int64_t *shape, size_t rank, axe_linear *out, axe_error *err)
{
	int order[AXE_LINEAR_MAX_RANK], kdim = op == 0 ? (int)rank - 1 : (int)rank - 2;
	int64_t tile[AXE_LINEAR_MAX_RANK];
	axe_linear cta, w;
	mma_params m;

	if (get_mma(c, pa, rank, &m, err) < 0)
		return -1;
	if (op == 1 && m.version == 3)
		return fail(c, a->pos, 1, err, "a dot operand B of nvidia_mma v3 lives in shared "
			    "memory (wgmma reads B from there): it has no register layout");
	if (kwidth < 1 || !pow2(kwidth))
		return fail(c, a->pos, 1, err, "dot_op with an nvidia_mma parent needs kWidth, "
			    "a power of two");
	if (!m.cta.trivial)
		return fail(c, a->pos, 1, err, "dot_op of a multi-CTA parent is not read");
	for (size_t d = 0; d < rank; d++)
		tile[d] = 1;
	tile[rank - 2] = op == 0 ? 16 : kwidth * 8;
	tile[rank - 1] = op == 0 ? kwidth * 8 : 8;
	dot_order(op, rank, order);
	if (mma_tile(tile, rank, kwidth, order, order, &cta, err) < 0)
		return -1;
	axe_linear_init(&w, rank);
	if (broadcast_k(&w, AXE_LINEAR_WARP, m.warps, m.warp_order, kdim, err) < 0)
		return -1;
	axe_linear_transpose_outs(&w, cta.out_order, cta.nout);
	if (axe_linear_mul(&cta, &cta, &w, err) < 0)
		return -1;
	return combine(&cta, &m.cta, AXE_LINEAR_REGISTER, shape, out, err);
}

/* Triton's fmaDotToLinearLayout: a blocked parent, whole K per thread, lanes and warps broadcast on K. */
static int dot_blocked(tt_ctx *c, const tt_attr *a, const tt_attr *pa, int op,
		       const int64_t *shape, size_t rank, axe_linear *out, axe_error *err)
{
	const tt_value *spt = param(c, pa, "sizePerThread", true, err);
	const tt_value *tpw = param(c, pa, "threadsPerWarp", true, err);
	const tt_value *wpc = param(c, pa, "warpsPerCTA", true, err);
	const tt_value *ord = param(c, pa, "order", true, err);
	int64_t s[AXE_LINEAR_MAX_RANK], t[AXE_LINEAR_MAX_RANK], w[AXE_LINEAR_MAX_RANK];
	int order[AXE_LINEAR_MAX_RANK], kdim = op == 0 ? (int)rank - 1 : (int)rank - 2;
	axe_linear cta, f;
	cta_params p;

	if (!spt || !tpw || !wpc || !ord ||
	    get_list(c, spt, rank, true, "sizePerThread", s, NULL, err) < 0 ||
	    get_list(c, tpw, rank, true, "threadsPerWarp", t, NULL, err) < 0 ||
	    get_list(c, wpc, rank, true, "warpsPerCTA", w, NULL, err) < 0 ||
	    get_order(c, ord, rank, "order", order, err) < 0 || get_cta(c, pa, rank, &p, err) < 0)
		return -1;
	if (!p.trivial)
		return fail(c, a->pos, 1, err, "dot_op of a multi-CTA parent is not read");
	s[kdim] = shape[kdim];
	axe_linear_init(&cta, rank);
	axe_linear_init(&f, rank);
	if (axe_linear_identity_nd(&cta, AXE_LINEAR_REGISTER, s, order, err) < 0 ||
	    broadcast_k(&f, AXE_LINEAR_LANE, t, order, kdim, err) < 0)
		return -1;
	axe_linear_transpose_outs(&f, order, rank);
	if (axe_linear_mul(&cta, &cta, &f, err) < 0 ||
	    broadcast_k(&f, AXE_LINEAR_WARP, w, order, kdim, err) < 0)
		return -1;
	axe_linear_transpose_outs(&f, order, rank);
	if (axe_linear_mul(&cta, &cta, &f, err) < 0)
		return -1;
	return combine(&cta, &p, AXE_LINEAR_REGISTER, shape, out, err);
}

static int enc_dot(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
		   axe_linear *out, axe_error *err)
{
	const tt_value *op = param(c, a, "opIdx", true, err);
	const tt_value *parent = param(c, a, "parent", true, err);
	const tt_value *kw = param(c, a, "kWidth", false, err);
	const struct encoding *pe;
	const tt_attr *pa;
	int64_t opidx = 0, kwidth = 0;

	if (!op || !parent || get_int(c, op, 0, 1, "opIdx", &opidx, err) < 0 ||
	    (kw && get_int(c, kw, 0, 1 << 10, "kWidth", &kwidth, err) < 0))
		return -1;
	if (rank < 2)
		return fail(c, a->pos, 1, err, "a dot operand needs a tensor of 2 or more dims");
	if (!(pa = resolve(c, parent, err)) || !(pe = lookup(c, pa, err)) ||
	    check_keys(c, pa, pe, err) < 0)
		return -1;
	if (strcmp(pa->name, "blocked") == 0)
		return dot_blocked(c, a, pa, (int)opidx, shape, rank, out, err);
	if (strcmp(pa->name, "nvidia_mma") == 0 || strcmp(pa->name, "mma") == 0)
		return dot_mma(c, a, pa, (int)opidx, kwidth, shape, rank, out, err);
	return fail(c, parent->pos, parent->len, err,
		    "a dot_op parent must be #ttg.nvidia_mma or #ttg.blocked, not #ttg.%s",
		    pa->name);
}

/* Set one offset basis of a 2-d tile: row and column values on (row dim, col dim). */
static int tile_basis(axe_linear *L, int row_dim, int col_dim, int64_t row, int64_t col,
		      axe_error *err)
{
	int n = L->nbits[AXE_LINEAR_OFFSET];

	if (n >= AXE_LINEAR_MAX_BITS)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0, "too many offset bases");
	memset(L->basis[AXE_LINEAR_OFFSET][n], 0, sizeof(L->basis[0][0]));
	L->basis[AXE_LINEAR_OFFSET][n][row_dim] = (int32_t)row;
	L->basis[AXE_LINEAR_OFFSET][n][col_dim] = (int32_t)col;
	L->nbits[AXE_LINEAR_OFFSET]++;
	return 0;
}

static int log2i(int64_t v)
{
	int k = 0;

	while (((int64_t)2 << k) <= v)
		k++;
	return k;
}

/* A 2-d tile layout on (row dim, col dim) with "rows" x "cols", out-dims in that order. */
static void tile_start(axe_linear *L, size_t rank, int row_dim, int col_dim, int64_t rows,
		       int64_t cols)
{
	axe_linear_init(L, rank);
	L->has_in[AXE_LINEAR_OFFSET] = true;
	L->out_order[0] = row_dim;
	L->out_order[1] = col_dim;
	L->nout = 2;
	L->out_log2[row_dim] = log2i(rows);
	L->out_log2[col_dim] = log2i(cols);
}

static int shape_pow2(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
		      axe_error *err)
{
	for (size_t d = 0; d < rank; d++)
		if (!pow2(shape[d]))
			return fail(c, a->pos, 1, err, "dim %zu of the tensor has %lld elements: "
				    "Triton's layouts need power-of-two sizes", d,
				    (long long)shape[d]);
	return 0;
}

static int enc_swizzled(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
			axe_linear *out, axe_error *err)
{
	const tt_value *vec = param(c, a, "vec", true, err);
	const tt_value *per = param(c, a, "perPhase", true, err);
	const tt_value *maxp = param(c, a, "maxPhase", true, err);
	const tt_value *ord = param(c, a, "order", true, err);
	const tt_value *lead = param(c, a, "hasLeadingOffset", false, err);
	int64_t v = 1, pp = 1, mp = 1, cols, rows;
	int order[AXE_LINEAR_MAX_RANK];
	axe_linear cta;
	cta_params p;

	if (!vec || !per || !maxp || !ord || get_int(c, vec, 1, 1 << 20, "vec", &v, err) < 0 ||
	    get_int(c, per, 1, 1 << 20, "perPhase", &pp, err) < 0 ||
	    get_int(c, maxp, 1, 1 << 20, "maxPhase", &mp, err) < 0 ||
	    get_order(c, ord, rank, "order", order, err) < 0 || get_cta(c, a, rank, &p, err) < 0 ||
	    shape_pow2(c, a, shape, rank, err) < 0)
		return -1;
	if (lead && (lead->kind != TT_BOOL || lead->num))
		return fail(c, lead->pos, lead->len, err,
			    "hasLeadingOffset = true is the old spelling of #ttg.nvmma_shared, "
			    "which needs the element width: write #ttg.nvmma_shared");
	axe_linear_init(&cta, rank);
	if (rank == 1) {
		if (axe_linear_identity1d(&cta, shape[0], AXE_LINEAR_OFFSET, 0, err) < 0)
			return -1;
		return combine(&cta, &p, AXE_LINEAR_OFFSET, shape, out, err);
	}
	cols = shape[order[0]];
	rows = shape[order[1]];
	tile_start(&cta, rank, order[1], order[0], rows, cols);
	for (int64_t col = 1; col < cols; col *= 2)
		if (tile_basis(&cta, order[1], order[0], 0, col, err) < 0)
			return -1;
	for (int64_t row = 1; row < rows; row *= 2)
		if (tile_basis(&cta, order[1], order[0], row, (v * ((row / pp) % mp)) % cols, err) < 0)
			return -1;
	for (size_t i = 2; i < rank; i++)
		if (axe_linear_mul_identity(&cta, shape[order[i]], AXE_LINEAR_OFFSET, order[i], err) < 0)
			return -1;
	return combine(&cta, &p, AXE_LINEAR_OFFSET, shape, out, err);
}

/* NVMMA's 16-byte-column packing of padded fp4 rows (Triton's colPacked). */
static int64_t fp4_pack(int64_t col)
{
	return col / 16 * 8 + col % 8;
}

static int enc_nvmma(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
		     axe_linear *out, axe_error *err)
{
	const tt_value *width = param(c, a, "swizzlingByteWidth", true, err);
	const tt_value *trans = param(c, a, "transposed", false, err);
	const tt_value *bits = param(c, a, "elementBitWidth", true, err);
	const tt_value *fp4 = param(c, a, "fp4Padded", false, err);
	int64_t w = 0, e = 1, vec, per, maxp, cols;
	bool t = trans && trans->kind == TT_BOOL && trans->num;
	bool padded = fp4 && fp4->kind == TT_BOOL && fp4->num;
	int row_dim, col_dim;
	axe_linear cta;
	cta_params p;

	if (!width || !bits || get_int(c, width, 0, 128, "swizzlingByteWidth", &w, err) < 0 ||
	    get_int(c, bits, 1, 128, "elementBitWidth", &e, err) < 0 ||
	    get_cta(c, a, rank, &p, err) < 0 || shape_pow2(c, a, shape, rank, err) < 0)
		return -1;
	if ((trans && trans->kind != TT_BOOL) || (fp4 && fp4->kind != TT_BOOL))
		return fail(c, (trans && trans->kind != TT_BOOL ? trans : fp4)->pos, 1, err,
			    "transposed and fp4Padded are true or false");
	if (w != 32 && w != 64 && w != 128)
		return fail(c, width->pos, width->len, err,
			    "swizzlingByteWidth %lld is not read (32, 64 and 128 are)", (long long)w);
	if (!pow2(e) || e > 64)
		return fail(c, bits->pos, bits->len, err,
			    "elementBitWidth must be 1, 2, 4, 8, 16, 32 or 64");
	if (rank != 2)
		return fail(c, a->pos, 1, err, "#ttg.nvmma_shared is read for 2-d tensors");
	vec = 128 / e;
	per = w == 32 ? 4 : w == 64 ? 2 : 1;
	maxp = w == 32 ? 2 : w == 64 ? 4 : 8;
	col_dim = t ? 0 : 1;
	row_dim = t ? 1 : 0;
	cols = 8 * w / e;
	if (shape[col_dim] * (padded ? 2 : 1) < cols || shape[row_dim] < 8)
		return fail(c, a->pos, 1, err, "the tensor must be at least 8 x %lld elements "
			    "(rows x contiguous columns) for this swizzle", (long long)cols);
	tile_start(&cta, rank, row_dim, col_dim, 8, padded ? cols / 2 : cols);
	for (int64_t col = 1; col < cols; col *= 2)
		if (tile_basis(&cta, row_dim, col_dim, 0, padded ? fp4_pack(col) : col, err) < 0)
			return -1;
	for (int64_t row = 1; row < 8; row *= 2) {
		int64_t col = vec * ((row / per) % maxp);

		if (tile_basis(&cta, row_dim, col_dim, row, padded ? fp4_pack(col) : col, err) < 0)
			return -1;
	}
	return combine(&cta, &p, AXE_LINEAR_OFFSET, shape, out, err);
}

/* One in-dim of #ttg.linear: a list of bases, each "rank" numbers. */
static int linear_bases(tt_ctx *c, const tt_value *v, int in, size_t rank, axe_linear *L,
			axe_error *err)
{
	const char *name = axe_linear_in_name[in];

	if (v->kind != TT_LIST || v->nitem > AXE_LINEAR_MAX_BITS)
		return fail(c, v->pos, v->len, err, "%s must be a list of at most %d bases", name,
			    AXE_LINEAR_MAX_BITS);
	L->has_in[in] = true;
	for (size_t i = 0; i < v->nitem; i++) {
		const tt_value *b = &v->item[i];

		if (b->kind != TT_LIST || b->nitem != rank)
			return fail(c, b->pos, b->len ? b->len : 1, err,
				    "%s basis %zu must list %zu coordinates", name, i, rank);
		for (size_t d = 0; d < rank; d++) {
			int64_t x = 0;

			if (get_int(c, &b->item[d], 0, ((int64_t)1 << AXE_LINEAR_MAX_BITS) - 1,
				    "a basis coordinate", &x, err) < 0)
				return -1;
			L->basis[in][i][d] = (int32_t)x;
		}
		L->nbits[in]++;
	}
	return 0;
}

/* The rank of #ttg.linear: the length of its first basis (0 when it has none). */
static size_t linear_rank(const tt_attr *a)
{
	for (size_t i = 0; i < a->nentry; i++)
		if (a->entry[i].value.kind == TT_LIST && a->entry[i].value.nitem > 0 &&
		    a->entry[i].value.item[0].kind == TT_LIST)
			return a->entry[i].value.item[0].nitem;
	return 0;
}

static int enc_linear(tt_ctx *c, const tt_attr *a, const int64_t *shape, size_t rank,
		      axe_linear *out, axe_error *err)
{
	static const int ins[] = { AXE_LINEAR_REGISTER, AXE_LINEAR_LANE, AXE_LINEAR_WARP,
				   AXE_LINEAR_BLOCK };

	axe_linear_init(out, rank);
	for (size_t k = 0; k < sizeof(ins) / sizeof(ins[0]); k++) {
		const tt_value *v = param(c, a, axe_linear_in_name[ins[k]], true, err);

		if (!v || linear_bases(c, v, ins[k], rank, out, err) < 0)
			return -1;
	}
	/* The out-dim sizes: the shape's, or the smallest powers of two holding every basis. */
	for (size_t d = 0; d < rank; d++) {
		int32_t any = 0;

		for (int in = 0; in < AXE_LINEAR_NIN; in++)
			for (int i = 0; i < out->nbits[in]; i++)
				any |= out->basis[in][i][d];
		out->out_log2[d] = shape ? log2i(shape[d]) : any ? 32 - __builtin_clz((unsigned)any) : 0;
	}
	axe_linear_standard_outs(out);
	return 0;
}

size_t tt_encoding_rank(tt_ctx *c, const tt_value *v)
{
	const tt_attr *a = resolve(c, v, NULL);
	const tt_entry *e;

	if (!a)
		return 0;
	if (strcmp(a->name, "linear") == 0)
		return linear_rank(a);
	if (strcmp(a->name, "slice") == 0 && (e = tt_attr_find(a, "parent")) && c->depth < MAX_PARENTS) {
		size_t r;

		c->depth++;
		r = tt_encoding_rank(c, &e->value);
		c->depth--;
		return r > 1 ? r - 1 : 0;
	}
	for (size_t i = 0; i < a->nentry; i++)
		if (strcmp(a->entry[i].key, "order") == 0 || strcmp(a->entry[i].key, "warpsPerCTA") == 0)
			return a->entry[i].value.kind == TT_LIST ? a->entry[i].value.nitem : 0;
	if ((e = tt_attr_find(a, "parent")) && c->depth < MAX_PARENTS) {
		size_t r;

		c->depth++;
		r = tt_encoding_rank(c, &e->value);
		c->depth--;
		return r;
	}
	return 0;
}

int tt_encoding_linear(tt_ctx *c, const tt_value *v, const int64_t *shape, size_t rank,
		       axe_linear *out, axe_error *err)
{
	const tt_attr *a = resolve(c, v, err);
	const struct encoding *e;
	int rc;

	if (!a || !(e = lookup(c, a, err)) || check_keys(c, a, e, err) < 0)
		return -1;
	if (rank == 0 || rank > AXE_LINEAR_MAX_RANK)
		return fail(c, a->pos, 1, err, "Triton layouts have 1 to %d dims, not %zu",
			    AXE_LINEAR_MAX_RANK, rank);
	if (++c->depth > MAX_PARENTS)
		return fail(c, a->pos, 1, err, "parents nested more than %d deep", MAX_PARENTS);
	if (e->fn != enc_linear && !shape)
		return fail(c, a->pos, 1, err, "#ttg.%s needs the tensor shape: give --shape, "
			    "or write tensor<AxBx...xT, #ttg.%s<...>>", a->name, a->name);
	if (shape && e->fn != enc_linear && shape_pow2(c, a, shape, rank, err) < 0)
		return -1;
	rc = e->fn(c, a, shape, rank, out, err);
	c->depth--;
	return rc;
}
