/*
 * cuda.c: `emit-cuda` as a library call (axe.h, axe_emit_cuda_report): the
 * operands read as the command reads them (or taken from maps), the
 * request's option values parsed and placed on their options for errors,
 * and the source built by codegen/cuda*.c, written only once every proof
 * has succeeded.
 */
#include <stdlib.h>
#include <string.h>

#include "../codegen/cuda.h"
#include "../parse/parse.h"
#include "../core/sro_reasons.h"
#include "api.h"

#define DEFAULT_TIMEOUT 10.0 /* seconds per proof, emit-cuda's --timeout default */
#define MAX_BLOCK 1024       /* threads of a CUDA block */
#define MAX_STAGES 8

/* What one call resolves, and releases together. */
typedef struct emit_run {
	const axe_emit_cuda_request *req;
	double timeout;
	const axe_operand *op[2]; /* the operands: the maps', or own[] */
	const char *text[2];      /* what they were given as, for errors placed on them */
	axe_operand own[2], threads;
	bool texts;               /* the operands are req->operands */
	bool takes_expr;          /* the kind takes `expr:` layouts (index) */
	const char *needs_sro;    /* else why it refuses them (core/sro_reasons.h) */
	axe_emit out;
	axe_cuda_outcome res;
} emit_run;

static axe_loc option_loc(const char *option, const char *value)
{
	return (axe_loc){ option, 1, 1, value, value ? strlen(value) : 0 };
}

/* Where the generated names come from, for errors: --name, a spec entry, or nowhere. */
static int check_name(const emit_run *run, const char *name, const axe_operand *op,
		      axe_error *err)
{
	const char *given = run->req->name;
	axe_loc loc = option_loc("--name", given);

	if (!given && op && op->entry)
		loc = axe_spec_loc_at(op->spec, op->entry->line, op->entry->col);
	return axe_cuda_check_name(name, given || (op && op->entry) ? &loc : NULL,
				   given ? "--name" : "layout name", err);
}

/* The generator's view of operand "op", given as "arg" of option "option" (or "<arg>"). */
static axe_cuda_operand input(const axe_operand *op, const char *option, const char *arg)
{
	axe_cuda_operand in = { op->layout, op->shape, op->dtype, op->name,
				option_loc(option, arg), (int)strlen(arg) };

	if (op->entry) {
		in.loc = axe_spec_loc_at(op->spec, op->entry->line, op->entry->col);
		in.span = (int)strlen(op->entry->name);
	}
	return in;
}

/*
 * Operand "which" (0 or 1) of the request: the map's, or its text read
 * with the operand options; --swizzle only where "swizzle" says, and
 * "shape" (given as "shape_option") instead of --shape when
 * "shape_option" is not NULL; with "defer", a notation's import is
 * validated later, over the part used (run_tma).  An `expr:` layout is
 * refused unless run->takes_expr.  0 or -1.
 */
static int operand(emit_run *run, int which, bool swizzle, const char *shape,
		   const char *shape_option, bool defer, axe_error *err)
{
	const axe_map_options *m = &run->req->operand;
	axe_operand_opts o = axe_api_operand_opts(m);

	o.defer_validation = defer;
	if (run->texts) {
		if (!swizzle)
			o.swizzle = NULL;
		if (shape_option) {
			o.shape = shape;
			o.shape_option = shape_option;
		}
		o.allow_expr = run->takes_expr;
		o.needs_sro = run->needs_sro;
		if (axe_operand_resolve(run->req->operands[which], &o, &run->own[which], err) < 0)
			return -1;
		run->op[which] = &run->own[which];
		run->text[which] = run->req->operands[which];
		return 0;
	}
	if (shape)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "%s qualifies an operand given "
				     "as text; read the map with its shape", shape_option);
	/* A map read by the caller: its text, or its name when it was derived. */
	run->text[which] = run->op[which]->arg[0] ? run->op[which]->arg : run->op[which]->name;
	if (run->op[which]->layout || run->takes_expr)
		return 0;
	return axe_operand_refuse_expr(run->op[which], run->needs_sro, err);
}

static int run_index(emit_run *run, axe_error *err)
{
	axe_cuda_operand in;
	const char *name;

	run->takes_expr = true;
	if (operand(run, 0, true, NULL, NULL, false, err) < 0)
		return -1;
	name = run->req->name ? run->req->name : run->op[0]->name;
	if (check_name(run, name, run->op[0], err) < 0)
		return -1;
	if (run->op[0]->expr)
		return axe_cuda_generate_index_expr(run->op[0]->expr, name, run->timeout, &run->out,
						    &run->res, err);
	in = input(run->op[0], "<arg>", run->text[0]);
	return axe_cuda_generate_index(&in, name, run->timeout, &run->out, &run->res, err);
}

/* The thread layout of --threads, on --shape when given; 0 or -1. */
static int threads(emit_run *run, axe_error *err)
{
	const char *text = run->req->threads;
	axe_operand_opts shape_only = { .shape = run->texts ? run->req->operand.shape : NULL };

	if (axe_operand_resolve(text, &shape_only, &run->threads, err) < 0) {
		axe_error_locate_option(err, "--threads", text);
		return -1;
	}
	return 0;
}

static int run_copy(emit_run *run, axe_error *err)
{
	const axe_emit_cuda_request *r = run->req;
	axe_cuda_copy_request req = { .direction = r->direction, .block = r->block,
				      .atom = r->atom, .timeout = run->timeout };

	req.name = r->name ? r->name : "copy";
	run->needs_sro = AXE_SRO_FOR_COPY;
	if (r->block < 0 || r->block > MAX_BLOCK)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--block takes a thread count "
				     "from 1 to %d, not '%d'", MAX_BLOCK, r->block);
	if (check_name(run, req.name, NULL, err) < 0 ||
	    operand(run, 0, false, NULL, NULL, false, err) < 0 ||
	    operand(run, 1, true, NULL, NULL, false, err) < 0 ||
	    (r->threads && threads(run, err) < 0))
		return -1;
	req.src = input(run->op[0], "<arg>", run->text[0]);
	req.dst = input(run->op[1], "<arg>", run->text[1]);
	if (r->threads)
		req.threads = input(&run->threads, "--threads", r->threads);
	/* A thread layout without a shape of its own names the elements of SRC's shape. */
	if (r->threads && !(run->texts && r->operand.shape) &&
	    !(run->threads.entry && run->threads.entry->has_shape))
		req.threads.shape = req.src.shape;
	return axe_cuda_generate_copy(&req, &run->out, &run->res, err);
}

/* Parse region option "option" ("text", may be NULL) into "out"; 0 or -1. */
static int parse_region(const char *option, const char *text, axe_tma_region *out,
			axe_tma_origin *at, axe_error *err)
{
	long n = 0;

	*at = (axe_tma_origin){ option_loc(option, text), text ? (int)strlen(text) : 0 };
	if (text)
		n = axe_parse_region(text, &at->loc, out->begin, out->end, AXE_MAX_RANK, err);
	out->rank = n > 0 ? (size_t)n : 0;
	return n < 0 ? -1 : 0;
}

/* "text" as one of the names "parse" knows, into "*value" (kept when NULL); 0 or -1. */
static int tma_choice(const char *option, const char *text, int (*parse)(const char *),
		      const char *expected, int *value, axe_error *err)
{
	axe_loc loc = option_loc(option, text);
	int v;

	if (!text)
		return 0;
	if ((v = parse(text)) < 0)
		return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(text), "%s, not '%s'",
				     expected, text);
	*value = v;
	return 0;
}

/* The planner's request: element type, direction, L2, fill, box and regions; 0 or -1. */
static int tma_options(const emit_run *run, axe_tma_request *t, axe_error *err)
{
	const axe_emit_cuda_request *r = run->req;
	const axe_operand *g = run->op[0], *s = run->op[1];
	int d = AXE_TMA_G2S, l2 = t->l2_promotion, oob = t->oob_fill;
	long n = 0;

	t->dtype = s->dtype >= 0 ? s->dtype : g->dtype;
	if (t->dtype < 0)
		return axe_error_set(err, AXE_ERR_VALUE, &t->smem_at.loc, t->smem_at.span, "give "
				     "--dtype: neither GLOBAL nor SMEM has an element type");
	/* t holds axe_tma_request_init's defaults (L2: 128B, as CUTLASS encodes it) */
	if (tma_choice("--direction", r->direction, axe_tma_direction_parse,
		       "a TMA copy goes g2s or s2g", &d, err) < 0 ||
	    tma_choice("--l2-promotion", r->l2_promotion, axe_tma_l2_parse,
		       "the L2 promotion is none, 64B, 128B or 256B", &l2, err) < 0 ||
	    tma_choice("--oob-fill", r->oob_fill, axe_tma_oob_parse, "the fill is zero or nan",
		       &oob, err) < 0)
		return -1;
	t->direction = (axe_tma_direction)d;
	t->l2_promotion = (axe_tma_l2)l2;
	t->oob_fill = (axe_tma_oob)oob;
	if (r->stages > 1 && t->direction != AXE_TMA_G2S)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--stages makes a pipeline of "
				     "loads: give it with --direction g2s");
	t->box_at = (axe_tma_origin){ option_loc("--box", r->box), r->box ? (int)strlen(r->box) : 0 };
	if (r->box)
		n = axe_parse_int_list(r->box, &t->box_at.loc, t->box, AXE_MAX_RANK, "box extent",
				       err);
	t->box_rank = n > 0 ? (size_t)n : 0;
	if (n < 0 || parse_region("--region", r->region, &t->region, &t->region_at, err) < 0)
		return -1;
	return parse_region("--smem-region", r->smem_region, &t->smem_region, &t->smem_region_at,
			    err);
}

/*
 * A GLOBAL read from another tool's notation is validated against that
 * notation over the region the copy moves (clipped to the tensor), not the
 * whole tensor: the copy reads and writes nothing else.  0 or -1.
 */
static int validate_region(const emit_run *run, const axe_tma_request *t, axe_error *err)
{
	axe_tma_region global, smem;
	int64_t end[AXE_MAX_RANK];

	if (!run->texts || !run->own[0].unvalidated)
		return 0;
	if (axe_tma_regions(t, &global, &smem, err) < 0)
		return -1;
	for (size_t d = 0; d < global.rank; d++)
		end[d] = global.end[d] < t->global_shape.dim[d] ? global.end[d]
							      : t->global_shape.dim[d];
	return axe_operand_validate_box(&run->own[0], run->req->operands[0], global.begin, end,
					err);
}

static int run_tma(emit_run *run, axe_error *err)
{
	const axe_emit_cuda_request *r = run->req;
	axe_cuda_tma_request req = { .timeout = run->timeout, .stages = r->stages };
	axe_loc shape_at = option_loc("--shape", r->operand.shape);
	axe_cuda_operand g, s;

	axe_tma_request_init(&req.tma);
	req.name = r->name ? r->name : "tma";
	run->needs_sro = AXE_SRO_FOR_TMA;
	if (r->stages < 0 || r->stages > MAX_STAGES)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--stages takes 1 to %d buffers, "
				     "not '%d'", MAX_STAGES, r->stages);
	if (run->texts && r->operand.shape)
		return axe_error_set(err, AXE_ERR_VALUE, &shape_at,
				     (int)strlen(r->operand.shape), "--kind tma takes the shapes of "
				     "GLOBAL and SMEM from --global-shape and --smem-shape (default: "
				     "their specs, or shard extents)");
	if (check_name(run, req.name, NULL, err) < 0 ||
	    operand(run, 0, false, r->global_shape, "--global-shape", true, err) < 0 ||
	    operand(run, 1, true, r->smem_shape, "--smem-shape", false, err) < 0)
		return -1;
	g = input(run->op[0], "<arg>", run->text[0]);
	s = input(run->op[1], "<arg>", run->text[1]);
	req.tma.global = g.layout;
	req.tma.global_shape = g.shape;
	req.tma.smem = s.layout;
	req.tma.smem_shape = s.shape;
	req.tma.global_at = (axe_tma_origin){ g.loc, g.span };
	req.tma.smem_at = (axe_tma_origin){ s.loc, s.span };
	if (tma_options(run, &req.tma, err) < 0 || validate_region(run, &req.tma, err) < 0)
		return -1;
	req.smem_name = run->op[1]->name;
	return axe_cuda_generate_tma(&req, &run->out, &run->res, err);
}

/* Every layout of the spec "path" fills the template; 0 or -1. */
static int run_template_spec(emit_run *run, const char *path, axe_error *err)
{
	const axe_map_options *m = &run->req->operand;
	axe_loc loc = option_loc("<arg>", path);
	axe_cuda_operand *all;
	axe_spec *spec;
	size_t n = 0;
	int r;

	if (m->shape || m->dtype || m->swizzle || run->req->name)
		return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(path), "--shape, "
				     "--dtype, --swizzle and --name qualify one layout; '%s' is a "
				     "whole spec (name one layout as %s:NAME)", path, path);
	if (!(run->own[0].spec = spec = axe_operand_spec_load(path, err)))
		return -1;
	if (!(all = calloc(spec->nlayouts + 1, sizeof(*all))))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (; n < spec->nlayouts; n++) {
		const axe_spec_layout *l = &spec->layouts[n];
		all[n] = (axe_cuda_operand){ l->layout, l->shape, l->dtype, l->name,
					     axe_spec_loc_at(spec, l->line, l->col),
					     (int)strlen(l->name) };
	}
	r = axe_cuda_generate_template(run->req->template_path, all, n, run->timeout, &run->out,
				       &run->res, err);
	free(all);
	return r;
}

/*
 * Template mode: the layouts its placeholders may name: every layout of a
 * spec ("FILE.yaml"), or the one layout of "FILE.yaml:NAME", a literal or a
 * map (named by --name, else its spec name or 'layout').
 */
static int run_template(emit_run *run, axe_error *err)
{
	axe_cuda_operand one;

	if (run->texts && !axe_operand_names_one(run->req->operands[0]))
		return run_template_spec(run, run->req->operands[0], err);
	if (operand(run, 0, true, NULL, NULL, false, err) < 0)
		return -1;
	one = input(run->op[0], "<arg>", run->text[0]);
	one.name = run->req->name ? run->req->name : run->op[0]->name;
	return axe_cuda_generate_template(run->req->template_path, &one, 1, run->timeout,
					  &run->out, &run->res, err);
}

/* What the operands of "kind" (copy, tma, else index or --template) are called. */
static const char *operand_names(bool copy, bool tma)
{
	return copy ? "two LAYOUT operands, SRC and DST" : tma ? "two LAYOUT operands, GLOBAL "
	       "and SMEM" : "one LAYOUT operand";
}

int axe_emit_cuda_request_check(const axe_emit_cuda_request *r, size_t noperands,
				axe_error *err)
{
	static const axe_emit_cuda_request defaults = { 0 };
	bool copy, tma;

	r = r ? r : &defaults;
	copy = r->kind && strcmp(r->kind, "copy") == 0;
	tma = r->kind && strcmp(r->kind, "tma") == 0;
	if (r->kind && strcmp(r->kind, "index") != 0 && !copy && !tma)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "unknown --kind '%s' (index, "
				     "copy or tma)", r->kind);
	if (r->template_path && r->kind)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--template fills a template; "
				     "it does not take --kind");
	if (noperands != (copy || tma ? 2u : 1u))
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "%s takes %s, got %zu operand%s",
				     copy ? "--kind copy" : tma ? "--kind tma" : r->template_path ?
				     "--template" : "--kind index", operand_names(copy, tma),
				     noperands, noperands == 1 ? "" : "s");
	if (!copy && (r->threads || r->block || r->atom))
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--threads, --block and --atom "
				     "go with --kind copy");
	if (!copy && !tma && r->direction)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--direction goes with --kind "
				     "copy or tma");
	if (!tma && (r->region || r->smem_region || r->box || r->global_shape || r->smem_shape ||
		     r->l2_promotion || r->oob_fill || r->stages))
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--region, --smem-region, --box, "
				     "--global-shape, --smem-shape, --l2-promotion, --oob-fill and "
				     "--stages go with --kind tma");
	return 0;
}

/* Build the source into run->out; 0 with run->res, or -1. */
static int run_kind(emit_run *run, axe_error *err)
{
	const char *kind = run->req->kind;

	if (run->req->template_path)
		return run_template(run, err);
	if (kind && strcmp(kind, "copy") == 0)
		return run_copy(run, err);
	if (kind && strcmp(kind, "tma") == 0)
		return run_tma(run, err);
	return run_index(run, err);
}

axe_report *axe_emit_cuda_report(const axe_map *map, const axe_map *other,
				 const axe_emit_cuda_request *req, FILE *out, axe_error *err)
{
	static const axe_emit_cuda_request defaults = { 0 };
	emit_run run = { .req = req ? req : &defaults, .texts = !map && !other };
	axe_report *report = NULL;
	size_t operands;
	int rc;

	/* A hole is never what a kind takes, and no count says it. */
	if ((!map && other) || (run.texts && !run.req->operands[0] && run.req->operands[1]))
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "a second operand needs a "
				     "first"), NULL;
	run.op[0] = map ? &map->op : NULL;
	run.op[1] = other ? &other->op : NULL;
	operands = run.texts ? !!run.req->operands[0] + !!run.req->operands[1] : 1 + !!other;
	if (axe_emit_cuda_request_check(run.req, operands, err) < 0)
		return NULL;
	run.timeout = run.req->timeout == 0 ? DEFAULT_TIMEOUT
					    : run.req->timeout < 0 ? 0 : run.req->timeout;
	axe_emit_init(&run.out);
	rc = run_kind(&run, err);
	if (rc == 0 && run.res.status == AXE_EXIT_OK && !axe_emit_str(&run.out))
		rc = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	/* Nothing is written unless every proof succeeded. */
	if (rc == 0 && (report = axe_report_open(out, err))) {
		if (run.res.status == AXE_EXIT_OK)
			axe_write_str(report->w, axe_emit_str(&run.out));
		report = axe_report_close(report, run.res.status, run.res.why, err);
	}
	axe_emit_release(&run.out);
	axe_operand_release(&run.own[0]);
	axe_operand_release(&run.own[1]);
	axe_operand_release(&run.threads);
	return report;
}
