/*
 * codegen.c: the library API of the code generators (axe.h, "[codegen]"):
 * emit-tma's plan, emit-desc's descriptor and emit-trainium's plan and
 * kernel, as reports.  The commands of the same names only read argv and
 * call these; option values are parsed and checked here, their errors
 * placed on the option as the commands place them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/mma_desc.h"
#include "../codegen/nki.h"
#include "../codegen/tma.h"
#include "../core/arith.h"
#include "../core/dtype.h"
#include "../output/desc_out.h"
#include "../output/tma_out.h"
#include "../output/trainium_out.h"
#include "../parse/parse.h"
#include "../core/sro_reasons.h"
#include "api.h"

static axe_loc option_loc(const char *option, const char *value)
{
	return (axe_loc){ option, 1, 1, value, strlen(value) };
}

/* An error about the whole value "text" of "option"; always -1. */
static int option_error(const char *option, const char *text, int code, const char *message,
			axe_error *err)
{
	axe_loc loc = option_loc(option, text);

	return axe_error_set(err, code, &loc, (int)strlen(text), "%s", message);
}

/*
 * The value of the enum option "option" by "parse" into "*out" (left as
 * it is when "text" is NULL); 0, or -1 naming the values in "values".
 */
static int enum_option(const char *option, const char *text, int (*parse)(const char *),
		       const char *values, int *out, axe_error *err)
{
	char message[256];
	int v;

	if (!text)
		return 0;
	if ((v = parse(text)) >= 0) {
		*out = v;
		return 0;
	}
	snprintf(message, sizeof(message), "unknown %s value '%s' (%s)", option, text, values);
	return option_error(option, text, AXE_ERR_VALUE, message, err);
}

/* Where map "map" was written, for errors about it: its spec entry, or its text. */
static axe_tma_origin map_origin(const axe_map *map)
{
	const axe_operand *op = &map->op;

	if (op->entry)
		return (axe_tma_origin){ axe_spec_loc_at(op->spec, op->entry->line, op->entry->col),
					 (int)strlen(op->entry->name) };
	return (axe_tma_origin){ option_loc("<arg>", op->arg), (int)strlen(op->arg) };
}

static axe_tma_origin option_origin(const char *option, const char *value)
{
	return (axe_tma_origin){ { option, 1, 1, value, value ? strlen(value) : 0 },
				 value ? (int)strlen(value) : 0 };
}

/* Parse the region option "text" (may be NULL: the default) into "out"; 0 or -1. */
static int tma_region(const axe_tma_origin *at, const char *text, axe_tma_region *out,
		      axe_error *err)
{
	long n = text ? axe_parse_region(text, &at->loc, out->begin, out->end, AXE_MAX_RANK, err)
		      : 0;

	out->rank = n > 0 ? (size_t)n : 0;
	return n < 0 ? -1 : 0;
}

/* The copy's enums (direction, fill, L2 promotion, interleave) of "q" into "r"; 0 or -1. */
static int tma_enums(const axe_emit_tma_request *q, axe_tma_request *r, axe_error *err)
{
	int direction = r->direction, oob = r->oob_fill, l2 = r->l2_promotion;
	int interleave = r->interleave;

	if (enum_option("--direction", q->direction, axe_tma_direction_parse, "see --help",
			&direction, err) < 0 ||
	    enum_option("--oob-fill", q->oob_fill, axe_tma_oob_parse, "see --help", &oob,
			err) < 0 ||
	    enum_option("--l2-promotion", q->l2_promotion, axe_tma_l2_parse, "see --help", &l2,
			err) < 0 ||
	    enum_option("--interleave", q->interleave, axe_tma_interleave_parse, "see --help",
			&interleave, err) < 0)
		return -1;
	r->direction = (axe_tma_direction)direction;
	r->oob_fill = (axe_tma_oob)oob;
	r->l2_promotion = (axe_tma_l2)l2;
	r->interleave = (axe_tma_interleave)interleave;
	return 0;
}

/* The planner's request of copying between "g" and "s" as "q" asks; 0 or -1. */
static int tma_request(const axe_map *g, const axe_map *s, const axe_emit_tma_request *q,
		       axe_tma_request *r, axe_error *err)
{
	long n = 0;

	axe_tma_request_init(r);
	if (tma_enums(q, r, err) < 0 || !(r->global = axe_map_need_layout(g, AXE_SRO_FOR_TMA, err)) ||
	    !(r->smem = axe_map_need_layout(s, AXE_SRO_FOR_TMA, err)))
		return -1;
	r->global_shape = g->op.shape;
	r->smem_shape = s->op.shape;
	r->dtype = s->op.dtype >= 0 ? s->op.dtype : g->op.dtype;
	r->global_at = map_origin(g);
	r->smem_at = map_origin(s);
	r->region_at = option_origin("--region", q->region);
	r->smem_region_at = option_origin("--smem-region", q->smem_region);
	r->box_at = option_origin("--box", q->box);
	if (r->dtype < 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "give --dtype: neither GLOBAL "
				     "nor SMEM has an element type");
	/* One --dtype qualifies both maps: they differ only by their specs. */
	if (g->op.dtype >= 0 && s->op.dtype >= 0 && g->op.dtype != s->op.dtype)
		return axe_error_set(err, AXE_ERR_VALUE, &r->smem_at.loc, r->smem_at.span,
				     "GLOBAL and SMEM have different element types; give --dtype");
	if (q->box)
		n = axe_parse_int_list(q->box, &r->box_at.loc, r->box, AXE_MAX_RANK, "box extent",
				       err);
	r->box_rank = n > 0 ? (size_t)n : 0;
	if (n < 0 || tma_region(&r->region_at, q->region, &r->region, err) < 0)
		return -1;
	return tma_region(&r->smem_region_at, q->smem_region, &r->smem_region, err);
}

axe_report *axe_emit_tma_report(const axe_map *global, const axe_map *smem,
				const axe_emit_tma_request *req, enum axe_output form, FILE *out,
				axe_error *err)
{
	static const axe_emit_tma_request defaults = { 0 };
	axe_tma_request q;
	axe_tma_refusal why = { 0 };
	char reason[sizeof(why) + 16];
	axe_tma_plan *plan = malloc(sizeof(*plan));
	axe_report *r = NULL;
	int found = -1;

	if (!plan)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory"), NULL;
	if (tma_request(global, smem, req ? req : &defaults, &q, err) == 0)
		found = axe_tma_plan_build(&q, plan, &why, err);
	if (found >= 0 && (r = axe_report_open(out, err))) {
		if (found)
			axe_print_tma_plan(r->w, plan, axe_api_format(form));
		else
			axe_print_tma_refusal(r->w, &why, axe_api_format(form));
		snprintf(reason, sizeof(reason), "%s: %s%s%s", why.rule, why.reason,
			 why.fix[0] ? "; fix: " : "", why.fix);
		r = axe_report_close(r, found ? AXE_EXIT_OK : AXE_EXIT_FALSE, reason, err);
	}
	free(plan);
	return r;
}

/* "a" or "b" (the MN dimension: M or N) as the character; -1 when neither. */
static int operand_parse(const char *text)
{
	return strcmp(text, "a") == 0 ? 'a' : strcmp(text, "b") == 0 ? 'b' : -1;
}

/* "0" or "1" (which dimension of the tile is K); -1 when neither. */
static int k_dim_parse(const char *text)
{
	return strcmp(text, "0") == 0 ? 0 : strcmp(text, "1") == 0 ? 1 : -1;
}

/*
 * Which dimension of operand "which"'s tile the notation "format" makes K
 * (Triton: tt.dot's A is M x K and B K x N, so are their memdescs; CuTe:
 * an MMA operand tensor is (MN, K) for A and B); -1 when it says nothing.
 */
static int notation_k_dim(const char *format, int which)
{
	static const char *const triton[] = { "triton", "mlir", "ttgir" };
	static const char *const cute[] = { "cute", "cute-cpp" };

	if (!format)
		return -1;
	for (size_t i = 0; i < sizeof(triton) / sizeof(triton[0]); i++)
		if (strcmp(format, triton[i]) == 0)
			return which == 'b' ? 0 : 1;
	for (size_t i = 0; i < sizeof(cute) / sizeof(cute[0]); i++)
		if (strcmp(format, cute[i]) == 0)
			return 1;
	return -1;
}

/*
 * Whether the tile "smem" of operand "which" is (K, MN): --k-dim "given"
 * (or NULL), else the notation's convention, else M x K for A; B in no
 * notation that says must be told.  0, 1, or -1 with "err".
 */
static int desc_k_dim(const axe_map *smem, int which, const char *given, axe_error *err)
{
	int said = notation_k_dim(smem->op.format, which), k = said;
	char message[320];

	if (enum_option("--k-dim", given, k_dim_parse, "0 or 1", &k, err) < 0)
		return -1;
	if (given && said >= 0 && k != said) {
		snprintf(message, sizeof(message), "--k-dim %s contradicts the %s: operand, whose "
			 "%c tile has K in dimension %d (%s)", given, smem->op.format,
			 which == 'b' ? 'B' : 'A', said, said == 0 ? "Triton's B memdesc is K x N"
			 : which == 'b' ? "N x K" : "M x K");
		return option_error("--k-dim", given, AXE_ERR_VALUE, message, err);
	}
	if (k >= 0)
		return k;
	if (which == 'a')
		return 1; /* A is M x K in Triton, CUTLASS and the PTX ISA alike */
	return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "give --k-dim 0 (SMEM is K x N, as "
			     "Triton's B memdesc) or --k-dim 1 (N x K, as CuTe's B): SMEM's "
			     "notation does not say which dimension is K");
}

int axe_emit_desc_request_check(const axe_emit_desc_request *req, axe_error *err)
{
	if (!req || !req->mma)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "give --mma wgmma or --mma "
				     "tcgen05");
	if (!req->operand)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "give --operand a or --operand "
				     "b");
	return 0;
}

/* The descriptor request of "q" (NULL: none, an error) on the tile "smem"; 0 or -1. */
static int desc_request(const axe_map *smem, const axe_emit_desc_request *q,
			axe_mma_desc_request *r, axe_error *err)
{
	int mma = 0, which = 'a', major = AXE_MMA_MAJOR_INFER, k_dim;

	if (axe_emit_desc_request_check(q, err) < 0 ||
	    enum_option("--mma", q->mma, axe_mma_kind_parse, "wgmma or tcgen05", &mma, err) < 0 ||
	    enum_option("--operand", q->operand, operand_parse, "a or b", &which, err) < 0 ||
	    enum_option("--major", q->major, axe_mma_major_parse, "k or mn", &major, err) < 0 ||
	    !(r->smem = axe_map_need_layout(smem, AXE_SRO_FOR_DESC, err)))
		return -1;
	if (smem->op.dtype < 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "give --dtype: SMEM has no "
				     "element type");
	if ((k_dim = desc_k_dim(smem, which, q->k_dim, err)) < 0)
		return -1;
	r->k_first = k_dim == 0;
	r->shape = smem->op.shape;
	r->dtype = smem->op.dtype;
	r->mma = (axe_mma_kind)mma;
	r->operand = (char)which;
	r->major = (axe_mma_major)major;
	return 0;
}

axe_report *axe_emit_desc_report(const axe_map *smem, const axe_emit_desc_request *req,
				 enum axe_output form, FILE *out, axe_error *err)
{
	axe_mma_desc_request q = { 0 };
	axe_mma_desc desc;
	axe_mma_refusal why = { 0 };
	char reason[sizeof(why.mode) + sizeof(why.reason) + 4];
	axe_report *r;
	int found;

	if (desc_request(smem, req, &q, err) < 0 ||
	    (found = axe_mma_desc_build(&q, &desc, &why, err)) < 0 ||
	    !(r = axe_report_open(out, err)))
		return NULL;
	axe_print_desc(r->w, found, &q, &desc, &why, axe_api_format(form));
	snprintf(reason, sizeof(reason), "%s: %s", why.mode, why.reason);
	return axe_report_close(r, found ? AXE_EXIT_OK : AXE_EXIT_FALSE, reason, err);
}

/* What one emit-trainium request holds, released together. */
typedef struct trn_run {
	axe_operand ops[AXE_TRN_NOPERANDS];
	axe_trn_request req;
	axe_trn_plan *plan;
	axe_nki_kernel kernel;
	double timeout;
	const char *name;
} trn_run;

/*
 * Whether "s" can name the kernel: a Python identifier (of fewer than 64
 * bytes) that is no keyword and hides none of the global names the kernel
 * uses (its modules, min and range).
 */
static bool python_name(const char *s)
{
	static const char *const taken[] = {
		"False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
		"continue", "def", "del", "elif", "else", "except", "finally", "for", "from",
		"global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass",
		"raise", "return", "try", "while", "with", "yield", "nki", "nisa", "nl", "min",
		"range",
	};

	if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || *s == '_'))
		return false;
	for (const char *p = s; *p; p++)
		if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || *p == '_' ||
		      (*p >= '0' && *p <= '9')))
			return false;
	for (size_t i = 0; i < sizeof(taken) / sizeof(taken[0]); i++)
		if (strcmp(s, taken[i]) == 0)
			return false;
	return strlen(s) < 64;
}

/* --name, --c-buffer and --timeout of "q" into "run"; 0 or -1. */
static int trn_flags(const axe_emit_trainium_request *q, trn_run *run, axe_error *err)
{
	char message[256], *end;

	run->name = q->name ? q->name : "matmul";
	run->timeout = 10;
	run->req.c_buffer = AXE_TRN_PSUM;
	if (q->name && !python_name(q->name)) {
		snprintf(message, sizeof(message), "--name takes a Python identifier, not a "
			 "keyword, nki, nisa, nl, min or range: not '%s'", q->name);
		return option_error("--name", q->name, AXE_ERR_VALUE, message, err);
	}
	if (q->c_buffer && strcmp(q->c_buffer, "psum") != 0 && strcmp(q->c_buffer, "sbuf") != 0) {
		snprintf(message, sizeof(message), "--c-buffer takes psum or sbuf, not '%s'",
			 q->c_buffer);
		return option_error("--c-buffer", q->c_buffer, AXE_ERR_VALUE, message, err);
	}
	if (q->c_buffer && q->c_buffer[0] == 's')
		run->req.c_buffer = AXE_TRN_SBUF;
	if (!q->timeout)
		return 0;
	run->timeout = strtod(q->timeout, &end);
	if (*q->timeout != '\0' && *end == '\0' && run->timeout >= 0 && run->timeout < 1e9)
		return 0;
	snprintf(message, sizeof(message), "--timeout takes seconds (a number >= 0), not '%s'",
		 q->timeout);
	return option_error("--timeout", q->timeout, AXE_ERR_VALUE, message, err);
}

/* The dtype "text" of "option" into "*dtype" (with a "did you mean"); 0 or -1. */
static int parse_dtype(const char *option, const char *text, int *dtype, axe_error *err)
{
	axe_loc loc = option_loc(option, text);
	const char *best;

	if ((*dtype = axe_dtype_lookup(text)) >= 0)
		return 0;
	axe_error_set(err, AXE_ERR_NAME, &loc, (int)strlen(text), "unknown dtype '%s'", text);
	if ((best = axe_dtype_suggest(text)))
		axe_error_hint(err, "did you mean '%s'?", best);
	return -1;
}

/* Three positive integers of "option" ("text") into "v"; 0 or -1. */
static int parse_triple(const char *option, const char *text, int64_t *v, axe_error *err)
{
	axe_loc loc = option_loc(option, text);
	long n = axe_parse_int_list(text, &loc, v, 3, "value", err);

	if (n < 0)
		return -1;
	if (n != 3 || v[0] < 1 || v[1] < 1 || v[2] < 1)
		return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(text),
				     "%s takes three positive integers", option);
	return 0;
}

/* The operand "arg": a P/F annotation (it starts with a digit), or a layout operand. */
static int trn_operand(const char *arg, axe_operand *op, axe_error *err)
{
	axe_loc loc = option_loc("<arg>", arg);

	if (arg[0] >= '0' && arg[0] <= '9' && !strchr(arg, '[') && !strstr(arg, ".yaml") &&
	    !strstr(arg, ".yml")) {
		memset(op, 0, sizeof(*op));
		op->dtype = -1;
		op->layout = axe_trn_layout_from_annotation(arg, &loc, &op->shape, err);
		return op->layout ? 0 : -1;
	}
	return axe_operand_resolve(arg, &(axe_operand_opts){ .needs_sro = AXE_SRO_FOR_TRAINIUM },
				   op, err);
}

/* The operands' shapes from --dims K,M,N: A (K, M), B (K, N), C (M, N). */
static int apply_dims(const char *text, axe_operand *ops, axe_error *err)
{
	axe_loc loc = option_loc("--dims", text);
	int64_t v[3], size, product;

	if (parse_triple("--dims", text, v, err) < 0)
		return -1;
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++) {
		axe_shape s = { 2, { v[axe_trn_operand_dim(op, 0)], v[axe_trn_operand_dim(op, 1)] } };
		if (axe_layout_size(ops[op].layout, &size, err) < 0)
			return -1;
		if (axe_mul_ovf(s.dim[0], s.dim[1], &product) || product != size)
			return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(text),
					     "%s would be %lld x %lld, but its layout has %lld "
					     "points", axe_trn_operand_name(op),
					     (long long)s.dim[0], (long long)s.dim[1],
					     (long long)size);
		ops[op].shape = s;
	}
	return 0;
}

/* Operand "op" ("arg" as given) has a 2-D shape, with a hint when not. */
static int check_rank(const char *arg, int op, const axe_shape *shape, axe_error *err)
{
	static const char *const dims[AXE_TRN_NOPERANDS] = { "K, M", "K, N", "M, N" };
	axe_loc loc = option_loc("<arg>", arg);
	char text[160];
	size_t n = 0;

	if (shape->rank == 2)
		return 0;
	for (size_t d = 0; d < shape->rank && n < sizeof(text); d++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s%lld", d ? ", " : "",
				      (long long)shape->dim[d]);
	axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(arg), "%s needs a 2-dimensional "
		      "shape (%s), not (%s)", axe_trn_operand_name(op), dims[op], text);
	axe_error_hint(err, "give the matmul's sizes with --dims K,M,N, or a shape in the spec");
	return -1;
}

/* Element types: options first, then the specs (A and B must agree), then defaults. */
static int choose_types(const axe_emit_trainium_request *q, const axe_operand *ops,
			axe_trn_request *req, axe_error *err)
{
	if (q->dtype && parse_dtype("--dtype", q->dtype, &req->dtype, err) < 0)
		return -1;
	if (!q->dtype && ops[0].dtype >= 0 && ops[1].dtype >= 0 && ops[0].dtype != ops[1].dtype)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "A is %s but B is %s: give one "
				     "type with --dtype", axe_dtype_get(ops[0].dtype)->name,
				     axe_dtype_get(ops[1].dtype)->name);
	if (!q->dtype)
		req->dtype = ops[0].dtype >= 0 ? ops[0].dtype
			   : ops[1].dtype >= 0 ? ops[1].dtype : axe_dtype_lookup("bf16");
	if (q->c_dtype)
		return parse_dtype("--c-dtype", q->c_dtype, &req->c_dtype, err);
	req->c_dtype = ops[2].dtype >= 0 ? ops[2].dtype : axe_dtype_lookup("f32");
	return 0;
}

/* --max-tile "text" into "max_tile", at most the Tensor Engine's; 0 or -1. */
static int max_tile(const char *text, int64_t *max_tile, axe_error *err)
{
	int64_t hw[3];

	axe_trn_default_limits(hw);
	axe_trn_default_limits(max_tile);
	if (!text)
		return 0;
	if (parse_triple("--max-tile", text, max_tile, err) < 0)
		return -1;
	for (int i = 0; i < 3; i++)
		if (max_tile[i] > hw[i]) {
			axe_loc loc = option_loc("--max-tile", text);
			return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(text),
					     "--max-tile is at most %lld,%lld,%lld (the Tensor "
					     "Engine's)", (long long)hw[0], (long long)hw[1],
					     (long long)hw[2]);
		}
	return 0;
}

/* The planner's request from the operands "args" and the options "q"; 0 or -1. */
static int trn_request(const char *const *args, const axe_emit_trainium_request *q,
		       trn_run *run, axe_error *err)
{
	axe_operand *ops = run->ops;

	if (trn_flags(q, run, err) < 0)
		return -1;
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++)
		if (trn_operand(args[op], &ops[op], err) < 0)
			return -1;
	if (q->dims && apply_dims(q->dims, ops, err) < 0)
		return -1;
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++) {
		if (check_rank(args[op], op, &ops[op].shape, err) < 0)
			return -1;
		run->req.layout[op] = ops[op].layout;
		run->req.shape[op] = ops[op].shape;
	}
	if (max_tile(q->max_tile, run->req.max_tile, err) < 0)
		return -1;
	return choose_types(q, ops, &run->req, err);
}

/* Write the kernel "source" to "path"; 0 or -1 with "err" set. */
static int write_kernel(const char *path, const char *source, axe_error *err)
{
	FILE *f = fopen(path, "w");

	if (f && fputs(source, f) >= 0 && fclose(f) == 0)
		return 0;
	axe_error_set(err, AXE_ERR_IO, NULL, 0, "cannot write '%s': %s", path, strerror(errno));
	if (f)
		fclose(f);
	return -1;
}

/* The status of the kernel's proofs, and the reason when they do not all hold. */
static int trn_verdict(const axe_nki_kernel *k, char *reason, size_t size)
{
	enum axe_trn_operand bad;
	enum axe_verdict v = axe_nki_kernel_verdict(k, &bad);

	if (v == AXE_VERDICT_TRUE)
		return AXE_EXIT_OK;
	snprintf(reason, size, "the index math of %s is %s: %s", axe_trn_operand_name(bad),
		 v == AXE_VERDICT_FALSE ? "wrong" : "not proved", k->access[bad].proof.how);
	return v == AXE_VERDICT_FALSE ? AXE_EXIT_FALSE : AXE_EXIT_UNDECIDED;
}

/*
 * Print the planned matmul of "run" into "r": the kernel, written to
 * q->output first, then the plan or (with q->nki) the kernel.  The status,
 * or -1 with "err" set.
 */
static int trn_emit(const axe_emit_trainium_request *q, const trn_run *run, axe_report *r,
		    enum axe_output form, char *reason, size_t size, axe_error *err)
{
	int status = trn_verdict(&run->kernel, reason, size);
	char *source = NULL;

	if (status == AXE_EXIT_OK &&
	    !(source = axe_nki_kernel_source(&run->req, run->plan, &run->kernel, run->name)))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (source && q->output && strcmp(q->output, "-") == 0)
		axe_write_str(r->w, source);
	else if (source && q->output && write_kernel(q->output, source, err) < 0)
		status = -1;
	if (status >= 0 && (!q->nki || !source))
		axe_print_trainium(r->w, &run->req, run->plan, &run->kernel, axe_api_format(form));
	if (status == AXE_EXIT_OK && q->nki)
		axe_write_str(r->w, source);
	free(source);
	return status;
}

/* Plan and prove "run" into report "r"; the status, or -1 with "err" set. */
static int trn_answer(const axe_emit_trainium_request *q, trn_run *run, axe_report *r,
		      enum axe_output form, char *reason, size_t size, axe_error *err)
{
	axe_reason why;
	int found = axe_trn_plan_matmul(&run->req, run->plan, &why, err);

	if (found < 0)
		return -1;
	if (found == 0) {
		axe_print_trainium_refusal(r->w, &why, axe_api_format(form));
		snprintf(reason, size, "%s", why.text);
		return AXE_EXIT_FALSE;
	}
	if (axe_nki_kernel_build(&run->req, run->plan, run->timeout, &run->kernel, err) < 0)
		return -1;
	return trn_emit(q, run, r, form, reason, size, err);
}

int axe_emit_trainium_request_check(const axe_emit_trainium_request *req, enum axe_output form,
				    axe_error *err)
{
	if (req && req->nki && form == AXE_OUTPUT_JSON)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--nki prints the kernel; it "
				     "does not combine with --json");
	return 0;
}

axe_report *axe_emit_trainium_report(const char *a, const char *b, const char *c,
				     const axe_emit_trainium_request *req, enum axe_output form,
				     FILE *out, axe_error *err)
{
	static const axe_emit_trainium_request defaults = { 0 };
	const char *args[AXE_TRN_NOPERANDS] = { a, b, c };
	const axe_emit_trainium_request *q = req ? req : &defaults;
	trn_run run = { 0 };
	axe_report *r = NULL;
	char reason[1024] = "";
	int status = -1;

	if (!a || !b || !c)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "give three operands, A B C"),
		       NULL;
	if (axe_emit_trainium_request_check(q, form, err) < 0)
		return NULL;
	if (!(run.plan = malloc(sizeof(*run.plan))))
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	else if (trn_request(args, q, &run, err) == 0 && (r = axe_report_open(out, err)))
		status = trn_answer(q, &run, r, form, reason, sizeof(reason), err);
	if (status < 0)
		axe_report_free(r);
	r = status < 0 ? NULL : axe_report_close(r, status, reason, err);
	axe_nki_kernel_release(&run.kernel);
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++)
		axe_operand_release(&run.ops[op]);
	free(run.plan);
	return r;
}
