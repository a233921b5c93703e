/*
 * cuda_test.c: axe_emit_cuda_report, the library's `emit-cuda`: every kind
 * from maps and from texts, against the command's own goldens
 * (tests/codegen/NAME.cu, written by the cases of tests/codegen/cases),
 * its refusals (status FALSE with the reason), errors placed on their
 * options, and streaming equal to the kept text.  Run from the repository
 * root.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <unistd.h>

#include "check.h"

#define FRAG "specs/tensor_core_tile.yaml:frag"

/* The contents of "path" (the caller frees them), or NULL. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	long n;

	if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (text = calloc((size_t)n + 1, 1)) && fread(text, 1, (size_t)n, f) != (size_t)n) {
		free(text);
		text = NULL;
	}
	if (f)
		fclose(f);
	return text;
}

/* Whether the kept text of "rep" equals the golden tests/codegen/NAME.cu. */
static int equals_golden(const axe_report *rep, const char *name)
{
	char path[256];
	char *want;
	int same;

	snprintf(path, sizeof(path), "tests/codegen/%s.cu", name);
	want = slurp(path);
	same = rep && want && axe_report_status(rep) == AXE_EXIT_OK &&
	       strcmp(axe_report_text(rep), want) == 0;
	free(want);
	return same;
}

/* The call on texts only: the command line's operands and options. */
static axe_report *emit_texts(axe_emit_cuda_request *req, const char *a, const char *b,
			      axe_error *err)
{
	req->operands[0] = a;
	req->operands[1] = b;
	axe_error_init(err);
	return axe_emit_cuda_report(NULL, NULL, req, NULL, err);
}

static void test_kinds(void)
{
	axe_map *frag = read_map(FRAG, NULL, NULL);
	axe_map *g = read_map("specs/cuda_copy.yaml:global_tile", NULL, NULL);
	axe_map *s = read_map("specs/cuda_copy.yaml:smem_tile", NULL, NULL);
	axe_error err;
	axe_report *rep;

	axe_error_init(&err);
	rep = frag ? axe_emit_cuda_report(frag, NULL, NULL, NULL, &err) : NULL;
	check(equals_golden(rep, "frag_index"), "index functions of a map, the defaults: frag_index.cu");
	axe_report_free(rep);
	rep = emit_texts(&(axe_emit_cuda_request){ .name = "smem" },
			 "specs/swizzle_f16_128b.yaml:smem", NULL, &err);
	check(equals_golden(rep, "swizzle_index"), "index functions of a text: swizzle_index.cu");
	axe_report_free(rep);
	rep = emit_texts(&(axe_emit_cuda_request){ 0 }, "specs/tmem.yaml", NULL, &err);
	check(equals_golden(rep, "tmem_index"), "a spec of one layout: tmem_index.cu");
	axe_report_free(rep);
	rep = g && s ? axe_emit_cuda_report(g, s, &(axe_emit_cuda_request){ .kind = "copy",
					 .name = "g2s" }, NULL, &err) : NULL;
	check(equals_golden(rep, "copy_g2s"), "a copy kernel between two maps: copy_g2s.cu");
	axe_report_free(rep);
	rep = emit_texts(&(axe_emit_cuda_request){ .kind = "copy", .name = "s2r" },
			 "specs/cuda_copy.yaml:acc_smem", "specs/cuda_copy.yaml:acc", &err);
	check(equals_golden(rep, "copy_s2r"), "a copy kernel between two texts: copy_s2r.cu");
	axe_report_free(rep);
	rep = emit_texts(&(axe_emit_cuda_request){ .kind = "tma", .name = "tile" },
			 "specs/tma_gemm.yaml:A", "specs/tma_gemm.yaml:A_tile", &err);
	check(equals_golden(rep, "tma_tile"), "a TMA copy: tma_tile.cu");
	axe_report_free(rep);
	rep = emit_texts(&(axe_emit_cuda_request){
				.template_path = "tests/codegen/frag_gather.cu.in" },
			 "specs/tensor_core_tile.yaml", NULL, &err);
	check(equals_golden(rep, "frag_gather"), "a template filled from a whole spec");
	axe_report_free(rep);
	rep = frag ? axe_emit_cuda_report(frag, NULL, &(axe_emit_cuda_request){
					.template_path = "tests/codegen/frag_inverse.cu.in" },
					  NULL, &err) : NULL;
	check(equals_golden(rep, "frag_inverse"), "a template filled from one map");
	axe_report_free(rep);
	axe_map_free(frag);
	axe_map_free(g);
	axe_map_free(s);
}

/* The TMA options of tests/cli/emit_cuda.t: no L2 promotion, NaN fill, a 3-stage pipeline. */
static void test_tma_options(void)
{
	axe_emit_cuda_request req = { .kind = "tma", .region = "4090:4218,0:64",
				      .l2_promotion = "none", .oob_fill = "nan",
				      .operand = { .dtype = "f16", .swizzle = "128B" } };
	axe_error err;
	axe_report *rep = emit_texts(&req, "S[(4096,4096)]", "S[(128,64)]", &err);
	const char *text = rep ? axe_report_text(rep) : NULL;

	check(contains(text, "CU_TENSOR_MAP_L2_PROMOTION_NONE") &&
	      contains(text, "CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA") &&
	      contains(text, "const cuuint64_t dim[2] = {4096ull, 4096ull};"),
	      "--l2-promotion none and --oob-fill nan");
	axe_report_free(rep);
	req = (axe_emit_cuda_request){ .kind = "tma", .stages = 3, .name = "pipe",
				       .operand = { .dtype = "f16", .swizzle = "128B" } };
	rep = emit_texts(&req, "S[(4096,4096)]", "S[(128,64)]", &err);
	check(rep && contains(axe_report_text(rep),
			      "inline constexpr int pipe_stages = 3; /* buffers in flight */") &&
	      contains(axe_report_text(rep), "pipe_pipeline_kernel"), "--stages 3: a pipeline");
	axe_report_free(rep);
	req = (axe_emit_cuda_request){ .kind = "tma", .global_shape = "64,1000",
				       .smem_shape = "64,64",
				       .operand = { .dtype = "f32", .swizzle = "128B" } };
	rep = emit_texts(&req, "S[(64,1000)]", "S[(64,64)]", &err);
	check(rep && contains(axe_report_text(rep), "const cuuint64_t dim[3] = {32ull, 31ull, 64ull};"),
	      "--global-shape and --smem-shape");
	axe_report_free(rep);
}

/* Refusals are answers: status FALSE, the reason, nothing written. */
static void test_refusals(void)
{
	axe_emit_cuda_request req = { .kind = "tma" };
	axe_error err;
	axe_report *rep = emit_texts(&req, "specs/tma_gemm.yaml:A",
				     "specs/tma_gemm.yaml:A_transposed", &err);

	check(rep && axe_report_status(rep) == AXE_EXIT_FALSE &&
	      strncmp(axe_report_reason(rep), "no TMA plan (shared contiguous dimension "
		      "contiguous in global memory): ", 69) == 0 &&
	      *axe_report_text(rep) == '\0', "no TMA plan: FALSE, the rule, nothing written");
	axe_report_free(rep);
	req = (axe_emit_cuda_request){ .kind = "copy", .atom = "ldmatrix.x4.trans" };
	rep = emit_texts(&req, "specs/copy_atoms.yaml:a_smem_rows", "specs/copy_atoms.yaml:a_k64",
			 &err);
	check(rep && axe_report_status(rep) == AXE_EXIT_FALSE &&
	      contains(axe_report_reason(rep), "ldmatrix.x4.trans cannot move this tile: "
		       "fragment: warp 0, matrix 0 at register 0"), "an atom that does not fit");
	axe_report_free(rep);
	req = (axe_emit_cuda_request){ .kind = "copy", .threads = "S[(2,4):(1@tx,1@tx)]",
				       .operand = { .dtype = "f32" } };
	rep = emit_texts(&req, "S[(2,4):(4,1)]", "S[(2,4):(4,1)]", &err);
	check(rep && axe_report_status(rep) == AXE_EXIT_FALSE &&
	      strcmp(axe_report_reason(rep), "the thread layout copy_threads has no proved "
		     "inverse (on axis 'tx' a stride of 1 does not exceed 3, what the smaller "
		     "strides reach, so its digits cannot be told apart by division); the kernel "
		     "finds each thread's elements through it") == 0,
	      "a thread layout without an inverse: FALSE and the command's reason");
	axe_report_free(rep);
}

/* An error with its place: source, line, column and a part of the message. */
static int placed(const axe_report *rep, const axe_error *err, const char *source, int line,
		  int col, const char *message)
{
	if (rep || strcmp(err->source, source) != 0 || err->line != line || err->col != col ||
	    !contains(err->message, message)) {
		printf("# got %s:%d:%d: %s\n", err->source, err->line, err->col, err->message);
		return 0;
	}
	return 1;
}

static void test_errors(void)
{
	axe_emit_cuda_request req = { .name = "1x" };
	axe_map *e = NULL;
	axe_error err;
	axe_report *rep = emit_texts(&req, "S[(2,4):(4,1)]", NULL, &err);
	char path[] = "/tmp/axe_cuda_test_XXXXXX";
	int fd;

	check(placed(rep, &err, "--name", 1, 1, "--name '1x' is not a C identifier"),
	      "a bad --name, placed on it");
	req = (axe_emit_cuda_request){ .kind = "copy", .direction = "g2x",
				       .operand = { .dtype = "f32" } };
	rep = emit_texts(&req, "S[(2,4):(4,1)]", "S[(2,4):(4,1)]", &err);
	check(placed(rep, &err, "--direction", 1, 1, "unknown direction 'g2x'"),
	      "a bad --direction, placed on it");
	req = (axe_emit_cuda_request){ .kind = "copy", .threads = "S[(2,4):(4,1)]",
				       .operand = { .dtype = "f32" } };
	rep = emit_texts(&req, "S[(2,4):(4,1)]", "S[(2,4):(4,1)]", &err);
	check(placed(rep, &err, "--threads", 1, 1, "--threads names no thread axis"),
	      "a thread layout without thread axes, placed on --threads");
	req = (axe_emit_cuda_request){ .kind = "copy" };
	rep = emit_texts(&req, "specs/cuda_copy.yaml:acc_smem", "specs/cuda_copy.yaml:global_tile",
			 &err);
	check(placed(rep, &err, "specs/cuda_copy.yaml", 9, 3, "SRC holds f32 and DST f16"),
	      "an error at a spec entry");
	req = (axe_emit_cuda_request){ .kind = "tma", .l2_promotion = "32B" };
	rep = emit_texts(&req, "specs/tma_gemm.yaml:A", "specs/tma_gemm.yaml:A_tile", &err);
	check(placed(rep, &err, "--l2-promotion", 1, 1, "the L2 promotion is none, 64B, 128B or "
		     "256B, not '32B'"), "a bad --l2-promotion, placed on it");
	req = (axe_emit_cuda_request){ .kind = "tma", .operand = { .shape = "64,64" } };
	rep = emit_texts(&req, "specs/tma_gemm.yaml:A", "specs/tma_gemm.yaml:A_tile", &err);
	check(placed(rep, &err, "--shape", 1, 1, "--kind tma takes the shapes of GLOBAL and SMEM"),
	      "--shape refused by --kind tma");
	req = (axe_emit_cuda_request){ .kind = "tma", .direction = "s2g", .stages = 2 };
	rep = emit_texts(&req, "specs/tma_gemm.yaml:A", "specs/tma_gemm.yaml:A_tile", &err);
	check(!rep && !err.source[0] && contains(err.message, "--stages makes a pipeline of loads"),
	      "--stages with a store");
	fd = mkstemp(path);
	if (fd >= 0 && write(fd, "x = {{ fragg.laneid(i, j) }};\n", 30) != 30)
		fd = -1;
	req = (axe_emit_cuda_request){ .template_path = path };
	rep = fd >= 0 ? emit_texts(&req, "specs/tensor_core_tile.yaml", NULL, &err) : NULL;
	check(fd >= 0 && placed(rep, &err, path, 1, 8, "unknown layout 'fragg'"),
	      "a template's error, at its placeholder");
	if (fd >= 0) {
		close(fd);
		unlink(path);
	}
	req = (axe_emit_cuda_request){ .template_path = "tests/codegen/frag_gather.cu.in",
				       .operand = { .shape = "8,16" } };
	rep = emit_texts(&req, "specs/tensor_core_tile.yaml", NULL, &err);
	check(placed(rep, &err, "<arg>", 1, 1, "qualify one layout"),
	      "--shape with a whole spec");
	req = (axe_emit_cuda_request){ .kind = "cuda" };
	rep = emit_texts(&req, "S[(2,4):(4,1)]", NULL, &err);
	check(!rep && contains(err.message, "unknown --kind 'cuda'"), "an unknown kind");
	req = (axe_emit_cuda_request){ .region = "0:2" };
	rep = emit_texts(&req, "S[(2,4):(4,1)]", NULL, &err);
	check(!rep && contains(err.message, "go with --kind tma"), "an option of another kind");
	req = (axe_emit_cuda_request){ .kind = "copy" };
	rep = emit_texts(&req, "S[(2,4):(4,1)]", NULL, &err);
	check(!rep && contains(err.message, "--kind copy takes two LAYOUT operands, SRC and DST, "
			       "got 1 operand"), "a copy without DST");
	req = (axe_emit_cuda_request){ 0 };
	rep = emit_texts(&req, NULL, "S[(2,4):(4,1)]", &err);
	check(!rep && contains(err.message, "a second operand needs a first"),
	      "a DST text without SRC");
	axe_error_init(&err);
	e = axe_map_read_expr("m = i", "i", NULL, "8", &err);
	req = (axe_emit_cuda_request){ .name = "f" };
	rep = e ? axe_emit_cuda_report(e, NULL, &req, NULL, &err) : NULL;
	check(rep && contains(axe_report_text(rep), "inline long long f_m(long long i0)") &&
		      contains(axe_report_text(rep), "return i0;"),
	      "an expr: map has index functions");
	axe_report_free(rep);
	req = (axe_emit_cuda_request){ .kind = "copy" };
	rep = e ? axe_emit_cuda_report(e, e, &req, NULL, &err) : NULL;
	check(e && !rep && contains(err.message, "needs a layout in S/R/O form"),
	      "... but a copy of one is refused");
	axe_map_free(e);
}

/* Whether checking "req" with "n" operands fails with "message", on no option or operand. */
static int check_refuses(const axe_emit_cuda_request *req, size_t n, const char *message)
{
	axe_error err;

	axe_error_init(&err);
	return axe_emit_cuda_request_check(req, n, &err) == -1 && err.code == AXE_ERR_VALUE &&
	       strcmp(err.message, message) == 0 && !*err.source;
}

/* The rules emit-cuda prints as usage errors, asked before anything is read. */
static void test_request_check(void)
{
	axe_emit_cuda_request req = { .kind = "copy", .threads = "S[32:1@laneid]" };
	axe_error err;

	axe_error_init(&err);
	check(axe_emit_cuda_request_check(NULL, 1, &err) == 0 &&
	      axe_emit_cuda_request_check(&req, 2, &err) == 0 && err.code == AXE_ERR_NONE,
	      "check: index of one layout, a copy of two");
	check(check_refuses(NULL, 2, "--kind index takes one LAYOUT operand, got 2 operands"),
	      "check: index of two layouts");
	req = (axe_emit_cuda_request){ .kind = "tma" };
	check(check_refuses(&req, 1, "--kind tma takes two LAYOUT operands, GLOBAL and SMEM, "
			    "got 1 operand"), "check: tma of one layout");
	req = (axe_emit_cuda_request){ .template_path = "t.cu.in" };
	check(check_refuses(&req, 0, "--template takes one LAYOUT operand, got 0 operands"),
	      "check: a template with no layout");
	req = (axe_emit_cuda_request){ .template_path = "t.cu.in", .kind = "index" };
	check(check_refuses(&req, 1, "--template fills a template; it does not take --kind"),
	      "check: --template with --kind");
	req = (axe_emit_cuda_request){ .kind = "cuda" };
	check(check_refuses(&req, 1, "unknown --kind 'cuda' (index, copy or tma)"),
	      "check: an unknown kind, before the count");
	req = (axe_emit_cuda_request){ .kind = "tma", .block = 64 };
	check(check_refuses(&req, 2, "--threads, --block and --atom go with --kind copy"),
	      "check: --block with tma");
	req = (axe_emit_cuda_request){ .direction = "g2s" };
	check(check_refuses(&req, 1, "--direction goes with --kind copy or tma"),
	      "check: --direction with index");
	req = (axe_emit_cuda_request){ .kind = "copy", .stages = 2 };
	check(check_refuses(&req, 2, "--region, --smem-region, --box, --global-shape, "
			    "--smem-shape, --l2-promotion, --oob-fill and --stages go with "
			    "--kind tma"), "check: --stages with copy");
}

/* Streamed to a FILE*, the source is the text kept otherwise. */
static void test_stream(void)
{
	axe_map *frag = read_map(FRAG, NULL, NULL);
	axe_emit_cuda_request req = { .name = "f", .timeout = -1 };
	FILE *f = tmpfile();
	axe_error err;
	axe_report *kept, *streamed;
	char *text = NULL;
	long n = 0;

	axe_error_init(&err);
	kept = frag ? axe_emit_cuda_report(frag, NULL, &req, NULL, &err) : NULL;
	streamed = frag && f ? axe_emit_cuda_report(frag, NULL, &req, f, &err) : NULL;
	if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (text = calloc((size_t)n + 1, 1)) && fread(text, 1, (size_t)n, f) != (size_t)n)
		text[0] = '\0';
	check(kept && streamed && text && strcmp(text, axe_report_text(kept)) == 0 &&
	      *axe_report_text(streamed) == '\0' && axe_report_status(streamed) == AXE_EXIT_OK &&
	      contains(text, "f_warpid"), "streamed equals kept (and no time limit)");
	free(text);
	axe_report_free(kept);
	axe_report_free(streamed);
	if (f)
		fclose(f);
	axe_map_free(frag);
}

int main(void)
{
	test_kinds();
	test_tma_options();
	test_refusals();
	test_errors();
	test_request_check();
	test_stream();
	return check_done();
}
