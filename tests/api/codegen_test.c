/*
 * codegen_test.c: the code generators' library API (axe.h, "[codegen]"):
 * axe_emit_tma_report, axe_emit_desc_report and axe_emit_trainium_report give what emit-tma,
 * emit-desc and emit-trainium print (the expected texts are those of
 * tests/cli/emit_tma.t, emit_desc.t and emit_trainium.t), their exit
 * statuses and reasons, and their errors where the commands place them.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp, strdup */

#include <unistd.h>

#include "check.h"

#define TMA_JSON                                                                          \
	"{\"possible\":true,\"dtype\":\"CU_TENSOR_MAP_DATA_TYPE_FLOAT16\",\"rank\":2,"        \
	"\"globalDim\":[4096,4096],\"globalStrides\":[8192],\"boxDim\":[64,64],"              \
	"\"elementStrides\":[1,1],\"interleave\":\"CU_TENSOR_MAP_INTERLEAVE_NONE\","          \
	"\"swizzle\":\"CU_TENSOR_MAP_SWIZZLE_128B\",\"l2Promotion\":"                         \
	"\"CU_TENSOR_MAP_L2_PROMOTION_L2_128B\",\"oobFill\":\"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE\"," \
	"\"copies\":[{\"coords\":[0,0],\"smem_offset_bytes\":0,\"global_offset_bytes\":0}],"  \
	"\"bytes_per_copy\":8192,\"direction\":\"g2s\",\"total_bytes\":8192,"                 \
	"\"box_pitch_bytes\":128,\"smem_alignment_bytes\":1024,\"global_alignment_bytes\":16," \
	"\"out_of_bounds\":{\"elements\":0,\"fill\":\"none\",\"ranges\":[]},\"loops\":[]}\n"

#define GEMM "specs/trainium_gemm.yaml:"

/* A map read with an option set as emit-tma reads its operands. */
static axe_map *read_with(const char *text, const axe_map_options *o)
{
	axe_error err;
	axe_map *m;

	axe_error_init(&err);
	m = axe_map_read(text, o, &err);
	if (!m)
		printf("# %s: %s\n", text, err.message);
	return m;
}

/* What "rep" wrote into a stream equals "kept"; "rep" is freed. */
static int streamed_equals(axe_report *rep, FILE *f, const char *kept)
{
	char buf[8192];
	size_t n;
	int ok;

	if (!rep || !f)
		return 0;
	rewind(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	ok = strcmp(buf, kept) == 0 && strcmp(axe_report_text(rep), "") == 0;
	axe_report_free(rep);
	return ok;
}

/* An error at "source", line 1 (a spec: "line"), column "col", whose message has "part". */
static int error_at(const axe_error *err, const char *source, int line, int col,
		    const char *part)
{
	if (strcmp(err->source, source) != 0 || err->line != line || err->col != col ||
	    !contains(err->message, part)) {
		printf("# %s:%d:%d: %s\n", err->source, err->line, err->col, err->message);
		return 0;
	}
	return 1;
}

/* The TMA report of "g" and "s" read as emit-tma reads them, or the error in "err". */
static axe_report *tma(const char *g, const char *s, const char *dtype, const char *swizzle,
		       const axe_emit_tma_request *req, enum axe_output form, axe_error *err)
{
	axe_map_options go = { .dtype = dtype, .shape_option = "--global-shape" };
	axe_map_options so = { .dtype = dtype, .swizzle = swizzle, .shape_option = "--smem-shape" };
	axe_map *gm = read_with(g, &go), *sm = read_with(s, &so);
	axe_report *rep;

	axe_error_init(err);
	rep = gm && sm ? axe_emit_tma_report(gm, sm, req, form, NULL, err) : NULL;
	axe_map_free(gm);
	axe_map_free(sm);
	return rep;
}

static void test_tma(void)
{
	axe_emit_tma_request store = { .region = "3:4,64:128,128:192", .direction = "s2g",
				       .l2_promotion = "256B" };
	axe_emit_tma_request forced = { .region = "3:4,64:128,128:192", .box = "1,64,64" };
	axe_error err;
	axe_report *rep;
	FILE *f = tmpfile();
	axe_map *g = read_map("S[(4096,4096)]", NULL, "f16");
	axe_map *s = read_with("S[(64,64)]", &(axe_map_options){ .dtype = "f16",
								 .swizzle = "128B" });

	rep = tma("S[(4096,4096)]", "S[(64,64)]", "f16", "128B", NULL, AXE_OUTPUT_JSON, &err);
	check(rep && strcmp(axe_report_text(rep), TMA_JSON) == 0 &&
		      axe_report_status(rep) == AXE_EXIT_OK && !*axe_report_reason(rep),
	      "tma: the 64x64 f16 tile under 128B, as emit-tma --json prints it");
	axe_report_free(rep);
	rep = tma("S[(8,256,512)]", "S[(64,64)]", "f16", "128B", &store, AXE_OUTPUT_TEXT, &err);
	check(rep && contains(axe_report_text(rep), "globalAddress  = global + 0;") &&
		      contains(axe_report_text(rep), "CU_TENSOR_MAP_L2_PROMOTION_L2_256B;") &&
		      contains(axe_report_text(rep), "copies: 1 (shared to global) of 8192 "
			       "bytes") &&
		      contains(axe_report_text(rep), "copy 0: coords {128, 64, 3}, shared + 0\n"),
	      "tma: a region stored back (s2g) with L2 promotion");
	axe_report_free(rep);
	rep = tma("S[(8,256,512)]", "S[(64,64)]", "f16", "128B", &forced, AXE_OUTPUT_JSON, &err);
	check(rep && contains(axe_report_text(rep), "\"boxDim\":[64,64,1]") &&
		      contains(axe_report_text(rep), "\"coords\":[128,64,3]") &&
		      contains(axe_report_text(rep), "\"global_offset_bytes\":0"),
	      "tma: a forced box with an extent 1 outside it");
	axe_report_free(rep);

	rep = tma("7", "7", "f16", NULL, NULL, AXE_OUTPUT_TEXT, &err);
	check(rep && axe_report_status(rep) == AXE_EXIT_FALSE &&
		      strcmp(axe_report_text(rep), "no TMA plan (inner box bytes multiple of 16): "
			     "the region is one element of 2 bytes; a box's dimension 0 holds a "
			     "multiple of 16 bytes\nfix: copy at least 16 contiguous "
			     "bytes\n") == 0 &&
		      strcmp(axe_report_reason(rep), "inner box bytes multiple of 16: the "
			     "region is one element of 2 bytes; a box's dimension 0 holds a "
			     "multiple of 16 bytes; fix: copy at least 16 contiguous bytes") == 0,
	      "tma: no plan: status FALSE, the rule and its fix as the reason");
	axe_report_free(rep);
	rep = tma("S[(4096,4096)]", "S[(64,64)]", "i32", NULL,
		  &(axe_emit_tma_request){ .oob_fill = "nan" }, AXE_OUTPUT_JSON, &err);
	check(rep && axe_report_status(rep) == AXE_EXIT_FALSE &&
		      contains(axe_report_text(rep), "\"rule\":\"NaN fill only for floating-point "
			       "types\""),
	      "tma: --oob-fill nan on an integer tensor is refused");
	axe_report_free(rep);

	axe_error_init(&err);
	rep = g && s ? axe_emit_tma_report(g, s, NULL, AXE_OUTPUT_JSON, f, &err) : NULL;
	check(streamed_equals(rep, f, TMA_JSON), "tma: streamed output equals the kept text");

	rep = tma("S[(256,256)]", "S[(64,64)]", "f16", NULL,
		  &(axe_emit_tma_request){ .region = "0:64,0:32" }, AXE_OUTPUT_TEXT, &err);
	check(!rep && error_at(&err, "--region", 1, 1, "do not hold the same number of elements"),
	      "tma: a region of the wrong size is an error on --region");
	axe_report_free(rep);
	rep = tma("S[(64,64)]", "S[(64,64)]", "f16", NULL, &(axe_emit_tma_request){ .box = "64,x" },
		  AXE_OUTPUT_TEXT, &err);
	check(!rep && error_at(&err, "--box", 1, 4, "expected box extent but found 'x'"),
	      "tma: a bad --box is an error at its column");
	rep = tma("S[(64,64)]", "S[(64,64)]", "f16", NULL,
		  &(axe_emit_tma_request){ .direction = "up" }, AXE_OUTPUT_TEXT, &err);
	check(!rep && error_at(&err, "--direction", 1, 1, "unknown --direction value 'up'"),
	      "tma: an unknown --direction is an error on the option");
	rep = tma("specs/tensor_core_tile.yaml:frag", "specs/tma_gemm.yaml:A_tile", "f16", NULL,
		  NULL, AXE_OUTPUT_TEXT, &err);
	check(!rep && error_at(&err, "specs/tensor_core_tile.yaml", 10, 3, "uses axis 'laneid'"),
	      "tma: a global layout off m is an error at its spec entry");
	rep = tma("S[(64,64)]", "S[(64,64)]", NULL, NULL, NULL, AXE_OUTPUT_TEXT, &err);
	check(!rep && strcmp(err.message, "give --dtype: neither GLOBAL nor SMEM has an element "
			     "type") == 0, "tma: no element type is an error");
	axe_error_init(&err);
	check(!axe_map_read("S[(64,64)]", &(axe_map_options){ .shape = "64,65",
			    .shape_option = "--global-shape" }, &err) &&
		      error_at(&err, "--global-shape", 1, 1, "has 4160 points"),
	      "tma: --global-shape errors name that option");
	axe_map_free(g);
	axe_map_free(s);
	if (f)
		fclose(f);
}

/* The emit-desc report of "text" with --dtype and --swizzle, or the error in "err". */
static axe_report *desc(const char *text, const char *shape, const char *dtype,
			const char *swizzle, const axe_emit_desc_request *req,
			enum axe_output form, axe_error *err)
{
	axe_map *m = read_with(text, &(axe_map_options){ .shape = shape, .dtype = dtype,
							 .swizzle = swizzle });
	axe_report *rep;

	axe_error_init(err);
	rep = m ? axe_emit_desc_report(m, req, form, NULL, err) : NULL;
	axe_map_free(m);
	return rep;
}

static void test_desc(void)
{
	axe_emit_desc_request wa = { .mma = "wgmma", .operand = "a" };
	axe_emit_desc_request ta = { .mma = "tcgen05", .operand = "a" };
	axe_emit_desc_request bmn = { .mma = "wgmma", .operand = "b", .major = "mn", .k_dim = "1" };
	axe_emit_desc_request b = { .mma = "wgmma", .operand = "b" };
	axe_error err;
	axe_report *rep;
	axe_map *m = read_with("S[(64,64):(64,1)]", &(axe_map_options){ .dtype = "f16",
									 .swizzle = "128B" });
	FILE *f = tmpfile();
	char *kept = NULL;

	rep = desc("S[(64,64):(64,1)]", NULL, "f16", "128B", &wa, AXE_OUTPUT_TEXT, &err);
	check(rep && axe_report_status(rep) == AXE_EXIT_OK &&
		      contains(axe_report_text(rep), "descriptor (wgmma, operand A, K-major, "
			       "swizzle 128B): 0x4000004000010000\n") &&
		      contains(axe_report_text(rep), "  stride offset  = 64  // bits 32-45, SBO: "
			       "1024 bytes\n"),
	      "desc: the K-major f16 128B descriptor (LBO 1, SBO 1024 bytes)");
	axe_report_free(rep);
	rep = desc("S[(64,64):(64,1)]", NULL, "f16", "128B", &ta, AXE_OUTPUT_JSON, &err);
	check(rep && contains(axe_report_text(rep), "{\"canonical\":true,\"mma\":\"tcgen05\","
			      "\"operand\":\"a\",\"k_dim\":1,\"major\":\"k\",\"swizzle\":\"128B\","
			      "\"descriptor\":\"0x4000404000010000\""),
	      "desc: tcgen05 as JSON");
	if (rep)
		kept = strdup(axe_report_text(rep));
	axe_report_free(rep);
	rep = m ? axe_emit_desc_report(m, &ta, AXE_OUTPUT_JSON, f, &err) : NULL;
	check(kept && streamed_equals(rep, f, kept), "desc: streamed output equals the kept text");
	free(kept);
	rep = desc("S[(64,4,8):(1,512,64)]", "64,32", "f16", "128B", &bmn, AXE_OUTPUT_TEXT, &err);
	check(rep && contains(axe_report_text(rep), "descriptor (wgmma, operand B, MN-major, "
			      "swizzle 128B): 0x4000004000000000\n"),
	      "desc: an MN-major B operand (--major mn)");
	axe_report_free(rep);
	/* Triton's B memdesc is K x N: the notation says so (values: tests/cli/emit_desc.t) */
	rep = desc("triton:#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
		   "elementBitWidth = 16}>", "64,256", "f16", NULL, &b, AXE_OUTPUT_TEXT, &err);
	check(rep && contains(axe_report_text(rep), "descriptor (wgmma, operand B, MN-major, "
			      "swizzle 128B): 0x4000004002000000\n"),
	      "desc: a triton: B tile is K x N");
	axe_report_free(rep);
	rep = desc("S[(64,4,64):(64,4096,1)]", "64,256", "f16", "128B", &b, AXE_OUTPUT_TEXT,
		   &err);
	check(!rep && contains(err.message, "give --k-dim 0"),
	      "desc: a literal B tile needs k_dim");

	rep = desc("S[(64,64):(72,1)]", NULL, "f16", "128B", &wa, AXE_OUTPUT_TEXT, &err);
	check(rep && axe_report_status(rep) == AXE_EXIT_FALSE &&
		      contains(axe_report_text(rep), "nearest: S[(8,8,1,64):(512,64,4096,1)] with "
			       "swizzle 128B\n") &&
		      strcmp(axe_report_reason(rep), "MN within the swizzle atom: mode 'MN within "
			     "the swizzle atom' steps by 72 elements (144 bytes); a canonical "
			     "K-major operand steps by 64 (128 bytes)") == 0,
	      "desc: padded rows are not canonical: status FALSE and the mode");
	axe_report_free(rep);

	rep = desc("S[(64,64):(64,1)]", NULL, "f16", NULL,
		   &(axe_emit_desc_request){ .mma = "hmma", .operand = "a" }, AXE_OUTPUT_TEXT,
		   &err);
	check(!rep && error_at(&err, "--mma", 1, 1, "unknown --mma value 'hmma' (wgmma or "
			       "tcgen05)"), "desc: an unknown --mma is an error on the option");
	rep = desc("S[(64,64):(64,1)]", NULL, "f16", NULL,
		   &(axe_emit_desc_request){ .mma = "wgmma", .operand = "c" }, AXE_OUTPUT_TEXT,
		   &err);
	check(!rep && error_at(&err, "--operand", 1, 1, "unknown --operand value 'c' (a or b)"),
	      "desc: an unknown --operand is an error on the option");
	rep = desc("S[(64,64):(64,1)]", NULL, "f16", NULL, NULL, AXE_OUTPUT_TEXT, &err);
	check(!rep && contains(err.message, "give --mma"), "desc: --mma is required");
	rep = desc("S[(64,64):(64,1)]", NULL, NULL, NULL, &wa, AXE_OUTPUT_TEXT, &err);
	check(!rep && strcmp(err.message, "give --dtype: SMEM has no element type") == 0,
	      "desc: no element type is an error");
	rep = desc("S[(4,64,16):(1024,16,1)]", NULL, "f16", NULL, &wa, AXE_OUTPUT_TEXT, &err);
	check(!rep && contains(err.message, "the operand tile has 3 dimensions"),
	      "desc: a tile of rank 3 is an error");
	axe_map_free(m);
	if (f)
		fclose(f);
}

/* The emit-trainium report of the gemm spec's operands, or the error in "err". */
static axe_report *trn(const char *a, const char *b, const char *c,
		       const axe_emit_trainium_request *req, enum axe_output form, axe_error *err)
{
	axe_error_init(err);
	return axe_emit_trainium_report(a, b, c, req, form, NULL, err);
}

static void test_trainium(void)
{
	static const char plan_json[] =
		"{\"instruction\":{\"K\":128,\"M\":128,\"N\":512},\"trips\":{\"M\":2,\"N\":2,"
		"\"K\":4},\"matmuls\":16,\"accumulation_groups\":4,\"swapped\":false,"
		"\"live_groups\":4,\"c_buffer\":\"psum\",\"last_tile\":{\"K\":128,\"M\":128,"
		"\"N\":512},\"loops\":[{\"var\":\"m0\",\"dim\":\"M\",\"trips\":2},{\"var\":\"n0\","
		"\"dim\":\"N\",\"trips\":2},{\"var\":\"k0\",\"dim\":\"K\",\"trips\":4}],"
		"\"sbuf_bytes\":12288,\"proved\":true,\"proofs\":{\"A\":\"Z3 (bit-vector "
		"encoding) over all 131072 places\",\"B\":\"Z3 (bit-vector encoding) over all "
		"524288 places\",\"C\":\"Z3 (bit-vector encoding) over all 262144 places\"}}\n";
	axe_emit_trainium_request nki = { .nki = 1, .name = "gemm" };
	axe_emit_trainium_request sbuf = { .c_buffer = "sbuf", .max_tile = "128,128,256" };
	axe_error err;
	axe_report *rep;
	FILE *f = tmpfile();
	char path[] = "/tmp/axe_codegen_test_XXXXXX";
	int fd;

	rep = trn(GEMM "a", GEMM "b", GEMM "c", NULL, AXE_OUTPUT_JSON, &err);
	check(rep && strcmp(axe_report_text(rep), plan_json) == 0 &&
		      axe_report_status(rep) == AXE_EXIT_OK,
	      "trainium: the paper's gemm plan, as emit-trainium --json prints it");
	axe_report_free(rep);
	rep = trn("4F.128P,256F", "4F.128P,1024F", "2Bank.128P,2Bank.512F", NULL, AXE_OUTPUT_JSON,
		  &err);
	check(rep && strcmp(axe_report_text(rep), plan_json) == 0,
	      "trainium: the same plan from P/F annotations");
	axe_report_free(rep);
	axe_error_init(&err);
	rep = axe_emit_trainium_report(GEMM "a", GEMM "b", GEMM "c", NULL, AXE_OUTPUT_JSON, f, &err);
	check(streamed_equals(rep, f, plan_json), "trainium: streamed output equals the kept text");
	rep = trn(GEMM "a", GEMM "b", GEMM "c", &nki, AXE_OUTPUT_TEXT, &err);
	check(rep && contains(axe_report_text(rep), "# NKI kernel generated by axe-layout "
			      "emit-trainium") &&
		      contains(axe_report_text(rep), "\ndef gemm(a, b):\n") &&
		      !contains(axe_report_text(rep), "index math (tile starts"),
	      "trainium: --nki gives the kernel, named by --name, instead of the plan");
	axe_report_free(rep);
	rep = trn("128P,128F", "128P,4096F", "128P,4096F", &sbuf, AXE_OUTPUT_JSON, &err);
	check(rep && axe_report_status(rep) == AXE_EXIT_OK &&
		      contains(axe_report_text(rep), "{\"instruction\":{\"K\":128,\"M\":128,"
			       "\"N\":256},\"trips\":{\"M\":1,\"N\":16,\"K\":1}") &&
		      contains(axe_report_text(rep), "\"c_buffer\":\"sbuf\""),
	      "trainium: C in SBUF (--c-buffer) with a smaller --max-tile");
	axe_report_free(rep);
	fd = mkstemp(path);
	rep = fd >= 0 ? trn(GEMM "a", GEMM "b", GEMM "c",
			    &(axe_emit_trainium_request){ .output = path }, AXE_OUTPUT_TEXT, &err)
		      : NULL;
	if (fd >= 0) {
		FILE *k = fopen(path, "r");
		char line[128] = "";
		if (k && fgets(line, sizeof(line), k) == NULL)
			line[0] = '\0';
		check(rep && contains(axe_report_text(rep), "index math (tile starts") &&
			      !contains(axe_report_text(rep), "# NKI kernel") &&
			      contains(line, "# NKI kernel generated by axe-layout"),
		      "trainium: -o writes the kernel to a file, the plan to the output");
		if (k)
			fclose(k);
		remove(path);
		close(fd);
	}
	axe_report_free(rep);

	rep = trn("specs/trainium_refuse.yaml:a_wide", GEMM "b", GEMM "c", NULL, AXE_OUTPUT_JSON,
		  &err);
	check(rep && axe_report_status(rep) == AXE_EXIT_FALSE &&
		      strcmp(axe_report_text(rep), "{\"instruction\":null,\"reason\":\"A reaches "
			     "partition 255: SBUF has 128 partitions (P in [0, 128))\"}\n") == 0 &&
		      strcmp(axe_report_reason(rep), "A reaches partition 255: SBUF has 128 "
			     "partitions (P in [0, 128))") == 0,
	      "trainium: a refused matmul: status FALSE and the reason");
	axe_report_free(rep);

	rep = trn(GEMM "a", GEMM "b", GEMM "c",
		  &(axe_emit_trainium_request){ .dims = "512,128,1024" }, AXE_OUTPUT_TEXT, &err);
	check(!rep && error_at(&err, "--dims", 1, 1, "A would be 512 x 128, but its layout has "
			       "131072 points"), "trainium: bad --dims is an error on the option");
	rep = trn("4F.128Q,256F", GEMM "b", GEMM "c", NULL, AXE_OUTPUT_TEXT, &err);
	check(!rep && error_at(&err, "<arg>", 1, 7, "expected the axis P, F or Bank, not 'Q'"),
	      "trainium: a bad annotation is an error at its column");
	rep = trn(GEMM "a", GEMM "b", GEMM "c", &(axe_emit_trainium_request){ .dtype = "bf61" },
		  AXE_OUTPUT_TEXT, &err);
	check(!rep && error_at(&err, "--dtype", 1, 1, "unknown dtype 'bf61'") &&
		      strcmp(err.hint, "did you mean 'bf16'?") == 0,
	      "trainium: an unknown --dtype, with a hint");
	rep = trn(GEMM "a", GEMM "b", GEMM "c", &(axe_emit_trainium_request){ .c_buffer = "hbm" },
		  AXE_OUTPUT_TEXT, &err);
	check(!rep && error_at(&err, "--c-buffer", 1, 1, "--c-buffer takes psum or sbuf"),
	      "trainium: an unknown --c-buffer is an error on the option");
	rep = trn(GEMM "a", GEMM "b", GEMM "c", &(axe_emit_trainium_request){ .timeout = "soon" },
		  AXE_OUTPUT_TEXT, &err);
	check(!rep && error_at(&err, "--timeout", 1, 1, "--timeout takes seconds"),
	      "trainium: a bad --timeout is an error on the option");
	rep = trn(GEMM "a", GEMM "b", GEMM "c", &(axe_emit_trainium_request){ .name = "range" },
		  AXE_OUTPUT_TEXT, &err);
	check(!rep && error_at(&err, "--name", 1, 1, "--name takes a Python identifier"),
	      "trainium: a kernel name the kernel uses is an error on --name");
	rep = trn(GEMM "a", GEMM "b", GEMM "c", &nki, AXE_OUTPUT_JSON, &err);
	check(!rep && contains(err.message, "does not combine with --json"),
	      "trainium: the kernel has no JSON form");
	rep = trn(GEMM "a", GEMM "b", GEMM "c",
		  &(axe_emit_trainium_request){ .output = "/nonexistent/k.py" }, AXE_OUTPUT_TEXT,
		  &err);
	check(!rep && err.code == AXE_ERR_IO &&
		      contains(err.message, "cannot write '/nonexistent/k.py'"),
	      "trainium: an unwritable -o file is an error");
	if (f)
		fclose(f);
}

/* Whether "rc" and "err" are a refusal with "message", on no option or operand. */
static int refused(int rc, const axe_error *err, const char *message)
{
	return rc == -1 && err->code == AXE_ERR_VALUE && strcmp(err->message, message) == 0 &&
	       !*err->source;
}

/* The rules emit-desc and emit-trainium print as usage errors, asked before reading. */
static void test_request_checks(void)
{
	axe_emit_desc_request desc = { .mma = "wgmma", .operand = "a" };
	axe_emit_trainium_request nki = { .nki = 1 };
	axe_error err;

	axe_error_init(&err);
	check(axe_emit_desc_request_check(&desc, &err) == 0 && err.code == AXE_ERR_NONE,
	      "check: desc with --mma and --operand");
	desc.mma = "hmma";
	check(axe_emit_desc_request_check(&desc, &err) == 0,
	      "check: desc values are checked where they are read");
	check(refused(axe_emit_desc_request_check(NULL, &err), &err,
		      "give --mma wgmma or --mma tcgen05"), "check: desc of a NULL request");
	axe_error_init(&err);
	desc = (axe_emit_desc_request){ .mma = "tcgen05" };
	check(refused(axe_emit_desc_request_check(&desc, &err), &err,
		      "give --operand a or --operand b"), "check: desc without --operand");
	axe_error_init(&err);
	check(axe_emit_trainium_request_check(NULL, AXE_OUTPUT_JSON, &err) == 0 &&
	      axe_emit_trainium_request_check(&nki, AXE_OUTPUT_TEXT, &err) == 0 &&
	      err.code == AXE_ERR_NONE, "check: trainium's plan as JSON, its kernel as text");
	check(refused(axe_emit_trainium_request_check(&nki, AXE_OUTPUT_JSON, &err), &err,
		      "--nki prints the kernel; it does not combine with --json"),
	      "check: trainium's kernel as JSON");
}

int main(void)
{
	test_tma();
	test_desc();
	test_trainium();
	test_request_checks();
	return check_done();
}
