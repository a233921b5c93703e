/*
 * cmd_emit_trainium.c: `axe-layout emit-trainium`: the Tensor Engine plan of
 * C = A^T . B from the operands' SBUF/PSUM layouts (Axe paper, section 3.4
 * and Appendix H), and its NKI kernel (codegen/trainium.h, codegen/nki.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/nki.h"
#include "../core/arith.h"
#include "../core/dtype.h"
#include "../output/trainium_out.h"
#include "../parse/parse.h"
#include "commands.h"
#include "operands.h"

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
	const char *dims, *dtype, *c_dtype, *max_tile, *output, *name;
	enum axe_trn_buffer c_buffer;
	double timeout;
	bool json, nki;
} trn_args;

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

static int handle(void *ctx, int key, const char *arg)
{
	trn_args *a = ctx;
	char *end;

	switch (key) {
	case KEY_DIMS: a->dims = arg; break;
	case 'd': a->dtype = arg; break;
	case KEY_C_DTYPE: a->c_dtype = arg; break;
	case KEY_MAX_TILE: a->max_tile = arg; break;
	case 'o': a->output = arg; break;
	case KEY_NAME:
		if (!python_name(arg))
			return axe_usage_error(&command_emit_trainium, "--name takes a Python "
					       "identifier, not a keyword, nki, nisa, nl, min or range: "
					       "not '%s'", arg), -1;
		a->name = arg;
		break;
	case KEY_JSON: a->json = true; break;
	case KEY_NKI: a->nki = true; break;
	case KEY_C_BUFFER:
		if (strcmp(arg, "psum") != 0 && strcmp(arg, "sbuf") != 0)
			return axe_usage_error(&command_emit_trainium, "--c-buffer takes psum or "
					       "sbuf, not '%s'", arg), -1;
		a->c_buffer = arg[0] == 'p' ? AXE_TRN_PSUM : AXE_TRN_SBUF;
		break;
	case 't':
		a->timeout = strtod(arg, &end);
		if (*arg == '\0' || *end != '\0' || !(a->timeout >= 0 && a->timeout < 1e9))
			return axe_usage_error(&command_emit_trainium, "--timeout takes seconds "
					       "(a number >= 0), not '%s'", arg), -1;
		break;
	default: break;
	}
	return 0;
}

/* The location of an option's value, for errors and carets. */
static axe_loc option_loc(const char *option, const char *value)
{
	return (axe_loc){ option, 1, 1, value, strlen(value) };
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
static int resolve(const char *arg, axe_operand *op, axe_error *err)
{
	axe_loc loc = option_loc("<arg>", arg);

	if (arg[0] >= '0' && arg[0] <= '9' && !strchr(arg, '[') && !strstr(arg, ".yaml") &&
	    !strstr(arg, ".yml")) {
		memset(op, 0, sizeof(*op));
		op->dtype = -1;
		op->layout = axe_trn_layout_from_annotation(arg, &loc, &op->shape, err);
		return op->layout ? 0 : -1;
	}
	return axe_operand_resolve(arg, &(axe_operand_opts){ 0 }, op, err);
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

/* Operand "op" ("arg" on the command line) has a 2-D shape, with a hint when not. */
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
static int choose_types(const trn_args *a, const axe_operand *ops, axe_trn_request *req,
			axe_error *err)
{
	if (a->dtype && parse_dtype("--dtype", a->dtype, &req->dtype, err) < 0)
		return -1;
	if (!a->dtype && ops[0].dtype >= 0 && ops[1].dtype >= 0 && ops[0].dtype != ops[1].dtype)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "A is %s but B is %s: give one "
				     "type with --dtype", axe_dtype_get(ops[0].dtype)->name,
				     axe_dtype_get(ops[1].dtype)->name);
	if (!a->dtype)
		req->dtype = ops[0].dtype >= 0 ? ops[0].dtype
			   : ops[1].dtype >= 0 ? ops[1].dtype : axe_dtype_lookup("bf16");
	if (a->c_dtype)
		return parse_dtype("--c-dtype", a->c_dtype, &req->c_dtype, err);
	req->c_dtype = ops[2].dtype >= 0 ? ops[2].dtype : axe_dtype_lookup("f32");
	return 0;
}

/* The request from the operands and options. */
static int build_request(const trn_args *a, char **argv, axe_operand *ops, axe_trn_request *req,
			 axe_error *err)
{
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++)
		if (resolve(argv[op + 1], &ops[op], err) < 0)
			return -1;
	if (a->dims && apply_dims(a->dims, ops, err) < 0)
		return -1;
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++) {
		if (check_rank(argv[op + 1], op, &ops[op].shape, err) < 0)
			return -1;
		req->layout[op] = ops[op].layout;
		req->shape[op] = ops[op].shape;
	}
	req->c_buffer = a->c_buffer;
	axe_trn_default_limits(req->max_tile);
	if (a->max_tile && parse_triple("--max-tile", a->max_tile, req->max_tile, err) < 0)
		return -1;
	for (int i = 0; a->max_tile && i < 3; i++) {
		int64_t hw[3];
		axe_trn_default_limits(hw);
		if (req->max_tile[i] > hw[i]) {
			axe_loc loc = option_loc("--max-tile", a->max_tile);
			return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(a->max_tile),
					     "--max-tile is at most %lld,%lld,%lld (the Tensor "
					     "Engine's)", (long long)hw[0], (long long)hw[1],
					     (long long)hw[2]);
		}
	}
	return choose_types(a, ops, req, err);
}

/* Write the kernel to "path" ("-" is stdout). 0, or AXE_EXIT_INPUT after a message. */
static int write_kernel(const char *path, const char *source)
{
	FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");

	if (f && fputs(source, f) >= 0 && (f == stdout || fclose(f) == 0))
		return 0;
	fprintf(stderr, "axe-layout emit-trainium: error: cannot write '%s': %s\n", path,
		strerror(errno));
	if (f && f != stdout)
		fclose(f);
	return AXE_EXIT_INPUT;
}

/* Print the plan or the kernel; the exit status. */
static int emit(const trn_args *a, const axe_trn_request *req, const axe_trn_plan *plan,
		const axe_nki_kernel *k, axe_error *err)
{
	enum axe_trn_operand bad;
	enum axe_verdict v = axe_nki_kernel_verdict(k, &bad);
	axe_writer *w = malloc(sizeof(*w));
	char *source = NULL;
	int r = v == AXE_VERDICT_TRUE ? AXE_EXIT_OK
		: v == AXE_VERDICT_FALSE ? AXE_EXIT_FALSE : AXE_EXIT_UNDECIDED;

	if (!w || (v == AXE_VERDICT_TRUE &&
		   !(source = axe_nki_kernel_source(req, plan, k, a->name ? a->name : "matmul")))) {
		free(w);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	if (source && a->output)
		r = write_kernel(a->output, source);
	if (r != AXE_EXIT_INPUT && (!a->nki || !source)) {
		axe_writer_init(w, stdout);
		axe_print_trainium(w, req, plan, k, a->json ? AXE_FORMAT_JSON : AXE_FORMAT_TEXT);
		axe_writer_flush(w);
	}
	if (r == AXE_EXIT_OK && source && a->nki)
		r = write_kernel("-", source);
	free(w);
	free(source);
	return r;
}

/* Print why the matmul cannot be planned: AXE_EXIT_FALSE, or -1 on no memory. */
static int refuse(const trn_args *a, const axe_reason *why, axe_error *err)
{
	axe_writer *w = malloc(sizeof(*w));

	if (!w)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	axe_writer_init(w, stdout);
	axe_print_trainium_refusal(w, why, a->json ? AXE_FORMAT_JSON : AXE_FORMAT_TEXT);
	axe_writer_flush(w);
	free(w);
	return AXE_EXIT_FALSE;
}

/* Plan, prove and print: the exit status, or -1 with "err" set. */
static int run(const trn_args *a, char **argv, axe_error *err)
{
	axe_operand ops[AXE_TRN_NOPERANDS] = { { 0 } };
	axe_trn_request req = { 0 };
	axe_trn_plan *plan = malloc(sizeof(*plan));
	axe_nki_kernel k = { 0 };
	axe_reason why;
	int r = -1;

	if (!plan)
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	else if (build_request(a, argv, ops, &req, err) == 0)
		r = axe_trn_plan_matmul(&req, plan, &why, err);
	if (r == 0)
		r = refuse(a, &why, err);
	else if (r == 1)
		r = axe_nki_kernel_build(&req, plan, a->timeout, &k, err) < 0
			    ? -1 : emit(a, &req, plan, &k, err);
	axe_nki_kernel_release(&k);
	for (int op = 0; op < AXE_TRN_NOPERANDS; op++)
		axe_operand_release(&ops[op]);
	free(plan);
	return r;
}

int cmd_emit_trainium(int argc, char **argv)
{
	trn_args a = { .c_buffer = AXE_TRN_PSUM, .timeout = 10 };
	int first = axe_opts_parse(&command_emit_trainium, argc, argv, handle, &a), r;
	axe_error err;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 4)
		return axe_usage_error(&command_emit_trainium, "expected three LAYOUT operands, "
				       "A B C, got %d", first - 1);
	if (a.nki && a.json)
		return axe_usage_error(&command_emit_trainium, "--nki prints the kernel; it does "
				       "not combine with --json");
	axe_error_init(&err);
	r = run(&a, argv, &err);
	return r < 0 ? axe_cli_report(&err) : r;
}
