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
	axe_emit_cuda_request req;
	axe_cli_operand operand;
	const char *output;
} emit_args;

static int handle(void *ctx, int key, const char *arg)
{
	emit_args *a = ctx;
	axe_emit_cuda_request *r = &a->req;
	double timeout;
	char *end;
	long n;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	switch (key) {
	case 'k': r->kind = arg; return 0;
	case 'o': a->output = arg; return 0;
	case KEY_NAME: r->name = arg; return 0;
	case KEY_TEMPLATE: r->template_path = arg; return 0;
	case KEY_DIRECTION: r->direction = arg; return 0;
	case 'T': r->threads = arg; return 0;
	case KEY_REGION: r->region = arg; return 0;
	case KEY_SMEM_REGION: r->smem_region = arg; return 0;
	case KEY_BOX: r->box = arg; return 0;
	case KEY_ATOM: r->atom = arg; return 0;
	case KEY_GLOBAL_SHAPE: r->global_shape = arg; return 0;
	case KEY_SMEM_SHAPE: r->smem_shape = arg; return 0;
	case KEY_L2: r->l2_promotion = arg; return 0;
	case KEY_OOB: r->oob_fill = arg; return 0;
	case KEY_STAGES:
		n = strtol(arg, &end, 10);
		if (*arg == '\0' || *end != '\0' || n < 1 || n > 8)
			return axe_usage_error(&command_emit_cuda, "--stages takes 1 to 8 buffers, "
					       "not '%s'", arg), -1;
		r->stages = (int)n;
		return 0;
	case KEY_BLOCK:
		n = strtol(arg, &end, 10);
		if (*arg == '\0' || *end != '\0' || n < 1 || n > 1024)
			return axe_usage_error(&command_emit_cuda, "--block takes a thread count "
					       "from 1 to 1024, not '%s'", arg), -1;
		r->block = (int)n;
		return 0;
	case 't':
		timeout = strtod(arg, &end);
		if (*arg == '\0' || *end != '\0' || !(timeout >= 0 && timeout < 1e9))
			return axe_usage_error(&command_emit_cuda, "--timeout takes seconds, "
					       "not '%s'", arg), -1;
		r->timeout = timeout > 0 ? timeout : -1; /* the library's "no limit" */
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

/*
 * The source is kept, not streamed, and written once it is complete: a
 * proof that fails leaves -o FILE untouched.
 */
int cmd_emit_cuda(int argc, char **argv)
{
	emit_args a = { 0 };
	axe_report *report;
	axe_error err;
	int first = axe_opts_parse(&command_emit_cuda, argc, argv, handle, &a), rc;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	axe_error_init(&err);
	/* Before anything is read: which operands and options a kind takes is a usage error. */
	if (axe_emit_cuda_request_check(&a.req, (size_t)(first - 1), &err) < 0)
		return axe_cli_usage_from(&command_emit_cuda, &err);
	a.req.operands[0] = argv[1];
	a.req.operands[1] = first > 2 ? argv[2] : NULL;
	a.req.operand = a.operand.map;
	report = axe_emit_cuda_report(NULL, NULL, &a.req, NULL, &err);
	if (!report)
		rc = axe_cli_report(&err);
	else if ((rc = axe_report_status(report)) != AXE_EXIT_OK)
		fprintf(stderr, "axe-layout emit-cuda: %s\n", axe_report_reason(report));
	else if (write_output(a.output, axe_report_text(report)) < 0)
		rc = AXE_EXIT_INPUT;
	axe_report_free(report);
	return rc;
}
