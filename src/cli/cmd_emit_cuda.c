/*
 * cmd_emit_cuda.c: `axe-layout emit-cuda`: CUDA source for layouts
 * (axe-layout(1), "emit-cuda"): proved index functions, a copy kernel, a TMA copy, or a
 * LEGO-style template (the LEGO paper, section IV.A) filled with proved
 * expressions.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/cuda.h"
#include "../interop/interop.h"
#include "../parse/parse.h"
#include "commands.h"
#include "operands.h"

enum {
	KEY_KIND = 256, KEY_NAME, KEY_TEMPLATE, KEY_TIMEOUT, KEY_DIRECTION, KEY_BLOCK, KEY_REGION,
	KEY_SMEM_REGION, KEY_BOX, KEY_ATOM, KEY_GLOBAL_SHAPE, KEY_SMEM_SHAPE, KEY_L2, KEY_OOB,
	KEY_STAGES,
};

static const axe_opt options[] = {
	{ "kind", 'k', "K", "index (the default): index functions; copy: a copy kernel "
			    "from SRC to DST; tma: a TMA copy between GLOBAL and SMEM" },
	{ "output", 'o', "FILE", "write the source to FILE (default: standard output); "
				 "nothing is written when emission stops" },
	{ "name", KEY_NAME, "NAME", "prefix of the generated names (default: the spec's "
				    "layout name; 'layout' for a literal)" },
	{ "template", KEY_TEMPLATE, "FILE", "fill the {{ NAME.AXIS(ARGS) }} placeholders of "
					    "FILE with proved expressions of the layouts of "
					    "LAYOUT (a spec, or one layout)" },
	{ "timeout", 't', "S", "give up proving after S seconds per proof and exit 3 "
			       "(default 10; 0: no limit)" },
	{ "direction", KEY_DIRECTION, "D", "copy: the memory spaces SRC2DST, each g (global), "
					   "s (shared) or r (registers), e.g. g2s, s2r (default: "
					   "r for a layout with thread axes, else SRC g, DST s)" },
	{ "threads", 'T', "T", "copy between memory layouts: the thread layout over the "
			       "tile (thread axes, and m for the step) instead of the default" },
	{ "block", KEY_BLOCK, "N", "copy: threads of the default mapping (default 128)" },
	{ "atom", KEY_ATOM, "NAME", "copy: move with this instruction (a name that axe-layout "
				    "atoms lists, or auto for its best), or say why it cannot" },
	{ "region", KEY_REGION, "B:E,...", "tma: the region of GLOBAL, half-open ranges per "
					   "dimension (default: SMEM's extents at the origin)" },
	{ "smem-region", KEY_SMEM_REGION, "B:E,...", "tma: the region of SMEM (default: all)" },
	{ "box", KEY_BOX, "E,...", "tma: force the box, outermost first (default: the "
				   "largest legal box)" },
	{ "global-shape", KEY_GLOBAL_SHAPE, "S", "tma: GLOBAL's logical shape (default: the "
						 "spec's, else its shard extents)" },
	{ "smem-shape", KEY_SMEM_SHAPE, "S", "tma: SMEM's logical shape (default: the spec's, "
					     "else its shard extents)" },
	{ "l2-promotion", KEY_L2, "P", "tma: none, 64B, 128B (the default, as CUTLASS's "
				       "make_tma_copy) or 256B" },
	{ "oob-fill", KEY_OOB, "FILL", "tma: zero (the default) or nan, what loads read "
				       "outside the tensor" },
	{ "stages", KEY_STAGES, "N", "tma, g2s: also a pipeline example of N buffers in "
				     "flight, 2 to 8 (default 1: none)" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_emit_cuda = {
	"emit-cuda", "LAYOUT [--kind index] [--name NAME] [-o FILE] [--timeout S]\n"
	"       axe-layout emit-cuda SRC DST --kind copy [--direction D] [--threads T] "
	"[--block N] [--atom NAME|auto]\n"
	"       axe-layout emit-cuda GLOBAL SMEM --kind tma [--region B:E,...] "
	"[--direction g2s|s2g] [--stages N]\n"
	"       axe-layout emit-cuda SPEC.yaml --template FILE.cu.in [-o FILE]",
	"CUDA source whose index math is proved equal to the layout before it is\n"
	"printed: index functions, a copy kernel, a TMA copy, or a filled template.",
	"--kind index: one '__host__ __device__ inline long long NAME_AXIS(long long\n"
	"i0, ..., long long r0, ...)' per axis: the value on AXIS at point (i0, ...)\n"
	"in the image chosen by the replica digits (r0, ..., one per replica iter).\n"
	"When every axis' iters are separable (each |stride| exceeds what the smaller\n"
	"ones reach), also 'bool NAME_inverse(AXIS..., long long *i0, ...)': the point\n"
	"whose image holds those coordinates, false when none does.  Arguments must\n"
	"lie in the shape; '/' and '%' are C's only where operands are provably\n"
	"non-negative, else calls of axe_floordiv/axe_floormod, defined in the file.\n"
	"\n"
	"Proofs: the simplifier's expressions are compared with the layout at every\n"
	"point and replica digit (enumerated up to 65536 combinations, Z3 above); the\n"
	"inverse composed with them must give every point back.  The file's header\n"
	"says what was proved and how.\n"
	"\n"
	"--kind copy: NAME_tile(src, dst), in which thread threadIdx.x moves its\n"
	"elements of one tile; NAME_kernel, one tile per block; NAME_launch.  A layout\n"
	"with thread axes (laneid, warpid, tx, ...) is registers and maps the threads;\n"
	"between memory layouts (on m) --threads gives the mapping, else the tile is\n"
	"cut row-major into vectors, vector v on thread v % N.  Moves are vectors of up\n"
	"to 16 bytes where every thread's steps are contiguous and aligned on both\n"
	"sides (checked on every element).  Shared and register sides are staged\n"
	"from and to global memory so that the kernel's result can be checked.\n"
	"--shape and --dtype apply to SRC and DST, --swizzle to DST.\n"
	"--atom NAME moves the tile with that instruction once axe-layout atoms finds\n"
	"it legal for the pair (auto: its best), else says why and exits 1: cp.async\n"
	"(one commit group, then a wait), ld/st.shared at the atom's width,\n"
	"ldmatrix/stmatrix (each lane's row address found through the register\n"
	"layout's inverse and the fragment; the registers in the register layout's\n"
	"order), cp.async.bulk.tensor (the --kind tma file), tcgen05.ld/st (sm_100a:\n"
	"tensor memory allocated, staged as lane * NAME_tmem_cols + column).\n"
	"\n"
	"--kind tma: the plan of emit-tma as code: NAME_encode (cuTensorMapEncodeTiled\n"
	"through the runtime's driver entry point; no link to libcuda); for a load\n"
	"NAME_barrier_init (once per stage barrier), NAME_load(map, smem, bar, shift)\n"
	"(one thread: arrive.expect_tx with the bytes of every copy, then the\n"
	"cp.async.bulk.tensor copies, coordinates innermost first) and NAME_wait(bar,\n"
	"phase); for a store NAME_store (the copies as one bulk group, committed) and\n"
	"NAME_store_wait (wait_group.read); SMEM's index functions, a kernel and a\n"
	"launcher.  --stages N adds NAME_pipeline_kernel, N buffers in flight on N\n"
	"barriers.  --swizzle applies to SMEM; --global-shape and --smem-shape give\n"
	"the shapes of literals.  The L2 promotion defaults to 128B, the value\n"
	"CUTLASS's make_tma_copy encodes: the hardware fetches whole 128-byte lines,\n"
	"so a promotion of at least a line costs no extra traffic for boxes whose rows\n"
	"are 128 bytes or more.  No plan: 'no TMA plan (RULE): REASON; fix: FIX', exit\n"
	"1.\n"
	"\n"
	"--template FILE: each {{ NAME.AXIS(ARGS) }} in FILE (LEGO's placeholders)\n"
	"becomes the proved expression of layout NAME on AXIS, the arguments (the\n"
	"coordinates, then the replica digits, which may be left out where the axis\n"
	"does not use them) in place of its variables.  LAYOUT is a spec (all its\n"
	"layouts) or one layout.  Other text, '{{' of C++ initializers included, is\n"
	"copied.\n"
	"\n"
	"Exit status: 0 emitted; 1 a proof found a difference or the copy cannot be\n"
	"done (nothing emitted); 2 input error; 3 a proof was undecided within\n"
	"--timeout (nothing emitted).\n",
	options,
	"CUDA index functions, copy kernels, TMA copies: proved",
};

typedef struct emit_args {
	axe_operand_opts operand;
	const char *kind, *output, *template_path, *direction, *threads, *atom;
	const char *region, *smem_region, *box, *shape[2], *l2, *oob;
	int stages;
	double timeout;
	int64_t block;
} emit_args;

static int handle(void *ctx, int key, const char *arg)
{
	emit_args *a = ctx;
	char *end;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	switch (key) {
	case 'k': a->kind = arg; return 0;
	case 'o': a->output = arg; return 0;
	case KEY_NAME: a->operand.name = arg; return 0;
	case KEY_TEMPLATE: a->template_path = arg; return 0;
	case KEY_DIRECTION: a->direction = arg; return 0;
	case 'T': a->threads = arg; return 0;
	case KEY_REGION: a->region = arg; return 0;
	case KEY_SMEM_REGION: a->smem_region = arg; return 0;
	case KEY_BOX: a->box = arg; return 0;
	case KEY_ATOM: a->atom = arg; return 0;
	case KEY_GLOBAL_SHAPE: a->shape[0] = arg; return 0;
	case KEY_SMEM_SHAPE: a->shape[1] = arg; return 0;
	case KEY_L2: a->l2 = arg; return 0;
	case KEY_OOB: a->oob = arg; return 0;
	case KEY_STAGES:
		a->stages = (int)strtol(arg, &end, 10);
		if (*arg == '\0' || *end != '\0' || a->stages < 1 || a->stages > 8)
			return axe_usage_error(&command_emit_cuda, "--stages takes 1 to 8 buffers, "
					       "not '%s'", arg), -1;
		return 0;
	case KEY_BLOCK:
		a->block = strtoll(arg, &end, 10);
		if (*arg == '\0' || *end != '\0' || a->block < 1 || a->block > 1024)
			return axe_usage_error(&command_emit_cuda, "--block takes a thread count "
					       "from 1 to 1024, not '%s'", arg), -1;
		return 0;
	case 't':
		a->timeout = strtod(arg, &end);
		if (*arg == '\0' || *end != '\0' || !(a->timeout >= 0 && a->timeout < 1e9))
			return axe_usage_error(&command_emit_cuda, "--timeout takes seconds, "
					       "not '%s'", arg), -1;
		return 0;
	}
	return -1;
}

/* Write "text" to "path" (NULL: stdout); 0, or -1 after reporting why. */
static int write_output(const char *path, const char *text)
{
	FILE *f = path ? fopen(path, "w") : stdout;

	if (f && fputs(text, f) >= 0 && (f == stdout || fclose(f) == 0))
		return 0;
	fprintf(stderr, "axe-layout emit-cuda: error: cannot write '%s': %s\n",
		path ? path : "<stdout>", strerror(errno));
	if (f && f != stdout)
		fclose(f);
	return -1;
}

/* Where the generated names come from, for errors: --name, a spec entry, or nowhere. */
static int check_name(const emit_args *a, const char *name, const axe_operand *op,
		      axe_error *err)
{
	axe_loc loc = { "--name", 1, 1, a->operand.name,
			a->operand.name ? strlen(a->operand.name) : 0 };
	bool given = a->operand.name != NULL;

	if (!given && op && op->entry)
		loc = axe_spec_loc_at(op->spec, op->entry->line, op->entry->col);
	return axe_cuda_check_name(name, given || (op && op->entry) ? &loc : NULL,
				   given ? "--name" : "layout name", err);
}

/* What one run resolves, and releases together. */
typedef struct emit_run {
	axe_operand op[2], threads;
	axe_emit out;
	axe_cuda_outcome res;
} emit_run;

/* The library's view of operand "op", given as "arg" (or as option "option"). */
static axe_cuda_operand input(const axe_operand *op, const char *option, const char *arg)
{
	axe_cuda_operand in = { op->layout, op->shape, op->dtype, op->name,
				{ option, 1, 1, arg, strlen(arg) }, (int)strlen(arg) };

	if (op->entry) {
		in.loc = axe_spec_loc_at(op->spec, op->entry->line, op->entry->col);
		in.span = (int)strlen(op->entry->name);
	}
	return in;
}

/* Resolve "arg" with the operand options; --swizzle only where "swizzle" says. */
static int resolve(const emit_args *a, const char *arg, bool swizzle, axe_operand *op,
		   axe_error *err)
{
	axe_operand_opts o = a->operand;

	o.name = NULL;
	if (!swizzle)
		o.swizzle = NULL;
	return axe_operand_resolve(arg, &o, op, err);
}

/* Resolve TMA operand "which" (0 GLOBAL, 1 SMEM, which takes --swizzle) with its shape option. */
static int resolve_shaped(const emit_args *a, const char *arg, int which, axe_operand *op,
			  axe_error *err)
{
	static const char *const option[] = { "--global-shape", "--smem-shape" };
	axe_operand_opts o = a->operand;

	o.name = NULL;
	o.shape = a->shape[which];
	o.shape_option = option[which];
	if (which == 0)
		o.swizzle = NULL;
	return axe_operand_resolve(arg, &o, op, err);
}

static int run_index(const emit_args *a, char **operand, emit_run *run, axe_error *err)
{
	axe_cuda_operand in;
	const char *name;

	if (resolve(a, operand[0], true, &run->op[0], err) < 0)
		return -1;
	name = a->operand.name ? a->operand.name : run->op[0].name;
	if (check_name(a, name, &run->op[0], err) < 0)
		return -1;
	in = input(&run->op[0], "<arg>", operand[0]);
	return axe_cuda_generate_index(&in, name, a->timeout, &run->out, &run->res, err);
}

static int run_copy(const emit_args *a, char **operand, emit_run *run, axe_error *err)
{
	axe_cuda_copy_request req = { .direction = a->direction, .block = a->block, .atom = a->atom,
				      .timeout = a->timeout };
	axe_operand_opts shape_only = { .shape = a->operand.shape };

	req.name = a->operand.name ? a->operand.name : "copy";
	if (check_name(a, req.name, NULL, err) < 0 ||
	    resolve(a, operand[0], false, &run->op[0], err) < 0 ||
	    resolve(a, operand[1], true, &run->op[1], err) < 0)
		return -1;
	if (a->threads && axe_operand_resolve(a->threads, &shape_only, &run->threads, err) < 0) {
		axe_error_locate_option(err, "--threads", a->threads);
		return -1;
	}
	req.src = input(&run->op[0], "<arg>", operand[0]);
	req.dst = input(&run->op[1], "<arg>", operand[1]);
	if (a->threads)
		req.threads = input(&run->threads, "--threads", a->threads);
	/* A thread layout without a shape of its own names the elements of SRC's shape. */
	if (a->threads && !a->operand.shape && !(run->threads.entry &&
						 run->threads.entry->has_shape))
		req.threads.shape = req.src.shape;
	return axe_cuda_generate_copy(&req, &run->out, &run->res, err);
}

/* Parse region option "option" ("text", may be NULL) into "out"; 0 or -1. */
static int parse_region(const char *option, const char *text, axe_tma_region *out,
			axe_tma_origin *at, axe_error *err)
{
	long n = 0;

	*at = (axe_tma_origin){ { option, 1, 1, text, text ? strlen(text) : 0 },
				text ? (int)strlen(text) : 0 };
	if (text)
		n = axe_parse_region(text, &at->loc, out->begin, out->end, AXE_MAX_RANK, err);
	out->rank = n > 0 ? (size_t)n : 0;
	return n < 0 ? -1 : 0;
}

/* The planner's request: layouts, element type, regions, box and direction. */
static int tma_request(const emit_args *a, emit_run *run, axe_cuda_tma_request *req,
		       axe_error *err)
{
	axe_tma_request *t = &req->tma;
	const axe_operand *g = &run->op[0], *s = &run->op[1];
	long n = 0;
	int d = AXE_TMA_G2S;

	t->global = g->layout;
	t->global_shape = g->shape;
	t->smem = s->layout;
	t->smem_shape = s->shape;
	t->dtype = s->dtype >= 0 ? s->dtype : g->dtype;
	if (t->dtype < 0)
		return axe_error_set(err, AXE_ERR_VALUE, &t->smem_at.loc, t->smem_at.span, "give "
				     "--dtype: neither GLOBAL nor SMEM has an element type");
	if (a->direction && (d = axe_tma_direction_parse(a->direction)) < 0)
		return axe_error_set(err, AXE_ERR_VALUE, &(axe_loc){ "--direction", 1, 1,
				     a->direction, strlen(a->direction) }, (int)strlen(a->direction),
				     "a TMA copy goes g2s or s2g, not '%s'", a->direction);
	t->direction = a->direction ? (axe_tma_direction)d : AXE_TMA_G2S;
	t->l2_promotion = AXE_TMA_L2_128B; /* CUTLASS's make_tma_copy (copy_traits_sm90_tma.hpp) */
	if (a->l2 && (d = axe_tma_l2_parse(a->l2)) < 0)
		return axe_error_set(err, AXE_ERR_VALUE, &(axe_loc){ "--l2-promotion", 1, 1, a->l2,
				     strlen(a->l2) }, (int)strlen(a->l2), "the L2 promotion is none, "
				     "64B, 128B or 256B, not '%s'", a->l2);
	if (a->l2)
		t->l2_promotion = (axe_tma_l2)d;
	if (a->oob && (d = axe_tma_oob_parse(a->oob)) < 0)
		return axe_error_set(err, AXE_ERR_VALUE, &(axe_loc){ "--oob-fill", 1, 1, a->oob,
				     strlen(a->oob) }, (int)strlen(a->oob), "the fill is zero or nan, "
				     "not '%s'", a->oob);
	if (a->oob)
		t->oob_fill = (axe_tma_oob)d;
	if (a->stages > 1 && t->direction != AXE_TMA_G2S)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--stages makes a pipeline of "
				     "loads: give it with --direction g2s");
	t->box_at = (axe_tma_origin){ { "--box", 1, 1, a->box, a->box ? strlen(a->box) : 0 },
				      a->box ? (int)strlen(a->box) : 0 };
	if (a->box)
		n = axe_parse_int_list(a->box, &t->box_at.loc, t->box, AXE_MAX_RANK, "box extent",
				       err);
	t->box_rank = n > 0 ? (size_t)n : 0;
	if (n < 0 || parse_region("--region", a->region, &t->region, &t->region_at, err) < 0)
		return -1;
	return parse_region("--smem-region", a->smem_region, &t->smem_region,
			    &t->smem_region_at, err);
}

static int run_tma(const emit_args *a, char **operand, emit_run *run, axe_error *err)
{
	axe_cuda_tma_request req = { .timeout = a->timeout };
	axe_cuda_operand g, s;

	axe_tma_request_init(&req.tma);
	req.name = a->operand.name ? a->operand.name : "tma";
	req.stages = a->stages;
	if (a->operand.shape)
		return axe_error_set(err, AXE_ERR_VALUE, &(axe_loc){ "--shape", 1, 1,
				     a->operand.shape, strlen(a->operand.shape) },
				     (int)strlen(a->operand.shape), "--kind tma takes the shapes of "
				     "GLOBAL and SMEM from --global-shape and --smem-shape (default: "
				     "their specs, or shard extents)");
	if (check_name(a, req.name, NULL, err) < 0 ||
	    resolve_shaped(a, operand[0], 0, &run->op[0], err) < 0 ||
	    resolve_shaped(a, operand[1], 1, &run->op[1], err) < 0)
		return -1;
	g = input(&run->op[0], "<arg>", operand[0]);
	s = input(&run->op[1], "<arg>", operand[1]);
	req.tma.global_at = (axe_tma_origin){ g.loc, g.span };
	req.tma.smem_at = (axe_tma_origin){ s.loc, s.span };
	if (tma_request(a, run, &req, err) < 0)
		return -1;
	req.smem_name = run->op[1].name;
	return axe_cuda_generate_tma(&req, &run->out, &run->res, err);
}

/*
 * Template mode: the layouts its placeholders may name: every layout of a
 * spec ("FILE.yaml"), or the one layout of "FILE.yaml:NAME" or a literal
 * (named by --name, else its spec name or 'layout').
 */
static int run_template(const emit_args *a, char **operand, emit_run *run, axe_error *err)
{
	axe_cuda_operand one, *all;
	size_t n = 0;
	int r;

	if (axe_operand_names_one(operand[0])) {
		if (resolve(a, operand[0], true, &run->op[0], err) < 0)
			return -1;
		one = input(&run->op[0], "<arg>", operand[0]);
		one.name = a->operand.name ? a->operand.name : run->op[0].name;
		return axe_cuda_generate_template(a->template_path, &one, 1, a->timeout, &run->out,
						  &run->res, err);
	}
	if (a->operand.shape || a->operand.dtype || a->operand.swizzle || a->operand.name)
		return axe_error_set(err, AXE_ERR_VALUE, &(axe_loc){ "<arg>", 1, 1, operand[0],
				     strlen(operand[0]) }, (int)strlen(operand[0]), "--shape, --dtype, "
				     "--swizzle and --name qualify one layout; '%s' is a whole spec "
				     "(name one layout as %s:NAME)", operand[0], operand[0]);
	if (!(run->op[0].spec = axe_spec_load(operand[0], err)) ||
	    axe_import_spec(run->op[0].spec, err) < 0)
		return -1;
	all = calloc(run->op[0].spec->nlayouts + 1, sizeof(*all));
	if (!all)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (; n < run->op[0].spec->nlayouts; n++) {
		const axe_spec_layout *l = &run->op[0].spec->layouts[n];
		all[n] = (axe_cuda_operand){ l->layout, l->shape, l->dtype, l->name,
					     axe_spec_loc_at(run->op[0].spec, l->line, l->col),
					     (int)strlen(l->name) };
	}
	r = axe_cuda_generate_template(a->template_path, all, n, a->timeout, &run->out,
				       &run->res, err);
	free(all);
	return r;
}

/* The operands each kind takes, and the options that belong to other kinds. */
static int check_usage(const emit_args *a, int operands)
{
	bool copy = a->kind && strcmp(a->kind, "copy") == 0;
	bool tma = a->kind && strcmp(a->kind, "tma") == 0;

	if (a->kind && strcmp(a->kind, "index") != 0 && !copy && !tma)
		return axe_usage_error(&command_emit_cuda, "unknown --kind '%s' (index, copy or "
				       "tma)", a->kind);
	if (a->template_path && a->kind)
		return axe_usage_error(&command_emit_cuda, "--template fills a template; it does "
				       "not take --kind");
	if (operands != (copy || tma ? 2 : 1))
		return axe_usage_error(&command_emit_cuda, "%s takes %s, got %d operand%s",
				       copy ? "--kind copy" : tma ? "--kind tma" : a->template_path ?
				       "--template" : "--kind index", copy ? "two LAYOUT operands, "
				       "SRC and DST" : tma ? "two LAYOUT operands, GLOBAL and SMEM"
				       : "one LAYOUT operand", operands, operands == 1 ? "" : "s");
	if (!copy && (a->threads || a->block || a->atom))
		return axe_usage_error(&command_emit_cuda, "--threads, --block and --atom go with "
				       "--kind copy");
	if (!copy && !tma && a->direction)
		return axe_usage_error(&command_emit_cuda, "--direction goes with --kind copy or "
				       "tma");
	if (!tma && (a->region || a->smem_region || a->box || a->shape[0] || a->shape[1] ||
		     a->l2 || a->oob || a->stages))
		return axe_usage_error(&command_emit_cuda, "--region, --smem-region, --box, "
				       "--global-shape, --smem-shape, --l2-promotion, --oob-fill and "
				       "--stages go with --kind tma");
	return 0;
}

int cmd_emit_cuda(int argc, char **argv)
{
	emit_args a = { .timeout = 10 };
	emit_run run;
	axe_error err;
	int first = axe_opts_parse(&command_emit_cuda, argc, argv, handle, &a), r;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (check_usage(&a, first - 1) != 0)
		return AXE_EXIT_INPUT;
	memset(&run, 0, sizeof(run));
	axe_error_init(&err);
	axe_emit_init(&run.out);
	if (a.template_path)
		r = run_template(&a, argv + 1, &run, &err);
	else if (a.kind && strcmp(a.kind, "copy") == 0)
		r = run_copy(&a, argv + 1, &run, &err);
	else if (a.kind && strcmp(a.kind, "tma") == 0)
		r = run_tma(&a, argv + 1, &run, &err);
	else
		r = run_index(&a, argv + 1, &run, &err);
	if (r == 0 && run.res.status == AXE_EXIT_OK && !axe_emit_str(&run.out))
		r = axe_error_set(&err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (r < 0)
		r = axe_cli_report(&err);
	else if (run.res.status != AXE_EXIT_OK)
		r = run.res.status, fprintf(stderr, "axe-layout emit-cuda: %s\n", run.res.why);
	else
		r = write_output(a.output, axe_emit_str(&run.out)) < 0 ? AXE_EXIT_INPUT : AXE_EXIT_OK;
	axe_emit_release(&run.out);
	axe_operand_release(&run.op[0]);
	axe_operand_release(&run.op[1]);
	axe_operand_release(&run.threads);
	return r;
}
