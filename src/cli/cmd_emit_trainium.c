/*
 * cmd_emit_trainium.c: `axe-layout emit-trainium`: the Tensor Engine plan of
 * C = A^T . B from the operands' SBUF/PSUM layouts (Axe paper, section 3.4
 * and Appendix H), and its NKI kernel (the library's axe_emit_trainium).
 */
#include <stdbool.h>
#include <stdio.h>

#include "commands.h"

enum {
	KEY_DIMS = 256, KEY_C_DTYPE, KEY_C_BUFFER, KEY_MAX_TILE, KEY_JSON, KEY_NKI, KEY_NAME,
	KEY_TIMEOUT,
};

static const axe_opt options[] = {
	{ "dims", KEY_DIMS, "K,M,N", "the matmul's sizes: A is K x M, B is K x N, C is M x N "
				     "(default: the operands' shapes)" },
	{ "dtype", 'd', "T", "element type of A and B: e4m3 e5m2 bf16 f16 tf32 f32 (default: "
			     "their specs', else bf16)" },
	{ "c-dtype", KEY_C_DTYPE, "T", "element type of C and of the result (default: C's "
				       "spec's, else f32; f32 in PSUM)" },
	{ "c-buffer", KEY_C_BUFFER, "psum|sbuf", "where C's layout lives (default psum); sbuf "
						 "accumulates each group in a PSUM workspace" },
	{ "max-tile", KEY_MAX_TILE, "K,S,V", "largest instruction: K, stationary and moving "
					     "free size (default and at most 128,128,512)" },
	{ "json", KEY_JSON, NULL, "the plan as one JSON object (instruction, trips, matmuls, "
				  "accumulation_groups, swapped, and the extras of the man page)" },
	{ "nki", KEY_NKI, NULL, "print the NKI kernel instead of the plan" },
	{ "output", 'o', "FILE", "also write the NKI kernel to FILE" },
	{ "name", KEY_NAME, "NAME", "the kernel's function name, a Python identifier (default "
				    "matmul)" },
	{ "timeout", 't', "S", "seconds for each proof of index math (default 10; 0: no limit)" },
	AXE_OPT_END,
};

const axe_command command_emit_trainium = {
	"emit-trainium", "A B C [--dims K,M,N] [--dtype T] [--c-dtype T]\n"
	"       [--c-buffer psum|sbuf] [--max-tile K,S,V] [--json] [--nki] [-o FILE]\n"
	"       [--name NAME] [--timeout S]",
	"Plan C[M, N] = A[K, M]^T . B[K, N] on the Trainium Tensor Engine (Axe paper,\n"
	"section 3.4 and Appendix H): the largest nc_matmul instruction the operands'\n"
	"layouts allow, the loop nest over the rest and the PSUM accumulation groups;\n"
	"with --nki or -o, the NKI kernel of the plan, its index math simplified and\n"
	"proved equal to the layouts.",
	"A (K x M) and B (K x N) live in SBUF on the axes P (partitions, 0 to 127) and F\n"
	"(the free axis, in elements).  C (M x N) lives in PSUM on P, F (below 512 fp32:\n"
	"one 2 KiB bank) and Bank (0 to 7), or in SBUF on P and F with --c-buffer sbuf.\n"
	"A and B put K, and only K, on P the same way: consecutive partitions from 0.\n"
	"C puts M or N on consecutive partitions from 0: M makes A stationary, N swaps\n"
	"the roles (B stationary; the kernel transposes C on its way to HBM).  No\n"
	"replicas; distinct elements never share a place.\n"
	"\n"
	"An operand may be a P/F annotation instead of a layout: the dimensions\n"
	"separated by ',', each a list of factors EXTENT AXIS joined by '.', outermost\n"
	"first; each axis is packed row-major in order of appearance: '4F.128P,256F'\n"
	"is S[(4,128,256):(256@F,1@P,1@F)] on (512, 256).\n"
	"\n"
	"The plan groups each operand by its shape and refines the two operands of a\n"
	"dimension to the same iters.  K's partition iters are the instruction's K,\n"
	"C's partition iters its stationary size, and the run of the moving dimension\n"
	"on F in both its operand and C that needs the fewest instructions its moving\n"
	"size (split evenly or with a ragged last tile).  Every other iter is a loop:\n"
	"K loops accumulate in PSUM, each trip of the M and N loops is one accumulation\n"
	"group; C in PSUM keeps all groups live (at most 8).  An impossible request\n"
	"prints 'cannot plan the matmul: REASON' and exits 1; an index proof that is\n"
	"undecided exits 3 and writes no kernel.\n",
	options,
	"Trainium matmul plan and NKI kernel from SBUF/PSUM layouts",
};

typedef struct trn_args {
	axe_emit_trainium_request req;
	bool json;
} trn_args;

static int handle(void *ctx, int key, const char *arg)
{
	axe_emit_trainium_request *q = &((trn_args *)ctx)->req;

	switch (key) {
	case KEY_DIMS: q->dims = arg; return 0;
	case 'd': q->dtype = arg; return 0;
	case KEY_C_DTYPE: q->c_dtype = arg; return 0;
	case KEY_C_BUFFER: q->c_buffer = arg; return 0;
	case KEY_MAX_TILE: q->max_tile = arg; return 0;
	case 'o': q->output = arg; return 0;
	case KEY_NAME: q->name = arg; return 0;
	case 't': q->timeout = arg; return 0;
	case KEY_NKI: q->nki = 1; return 0;
	default: ((trn_args *)ctx)->json = true; return 0;
	}
}

int cmd_emit_trainium(int argc, char **argv)
{
	trn_args a = { 0 };
	axe_report *report;
	enum axe_output form;
	axe_error err;
	int first = axe_opts_parse(&command_emit_trainium, argc, argv, handle, &a), rc;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 4)
		return axe_usage_error(&command_emit_trainium, "expected three LAYOUT operands, "
				       "A B C, got %d", first - 1);
	form = a.json ? AXE_OUTPUT_JSON : AXE_OUTPUT_TEXT;
	axe_error_init(&err);
	if (axe_emit_trainium_request_check(&a.req, form, &err) < 0)
		return axe_cli_usage_from(&command_emit_trainium, &err);
	report = axe_emit_trainium_report(argv[1], argv[2], argv[3], &a.req, form, stdout, &err);
	rc = report ? axe_report_status(report) : axe_cli_report(&err);
	axe_report_free(report);
	return rc;
}
