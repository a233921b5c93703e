/*
 * test_codegen.c: the CUDA emitter (src/codegen/emit.c, cuda*.c): the
 * indenting writer, C names, the index functions of the seed examples (their
 * text, and their inverse checked against direct evaluation at every point),
 * the proof gate (a wrong expression, and a replica-digit swap that keeps
 * every image set, are both refuted), separability, copy plans (thread
 * counts and vector widths), TMA files and template placeholders with their
 * errors.  Whole files are diffed in tests/codegen/ and compiled and run in
 * tests/scripts/codegen.sh.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "codegen/cuda.h"
#include "codegen/cuda_private.h"
#include "codegen/emit.h"
#include "core/dtype.h"
#include "core/eval.h"

static axe_layout *parse_ok(const char *text)
{
	axe_error err;
	axe_layout *L;

	axe_error_init(&err);
	L = axe_layout_parse(text, &err);
	if (!L)
		fail_msg("'%s': %s", text, err.message);
	return L;
}

/* "8,16" into "shape"; NULL or "" gives the layout's default. */
static void shape_of(const axe_layout *L, const char *dims, axe_shape *shape)
{
	axe_layout_default_shape(L, shape);
	if (!dims || !*dims)
		return;
	shape->rank = 0;
	for (const char *p = dims; *p; p += *p == ',')
		shape->dim[shape->rank++] = strtoll(p, (char **)&p, 10);
}

static void test_emit_writer(void **state)
{
	axe_emit e;

	(void)state;
	axe_emit_init(&e);
	assert_string_equal(axe_emit_str(&e), "");
	axe_emit_open(&e, "void f(%s)", "int x");
	axe_emit_open(&e, "{");
	axe_emit_directive(&e, "#pragma unroll");
	axe_emit_line(&e, "%s", "");
	axe_emit_text(&e, "a;\nb;");
	axe_emit_begin(&e);
	axe_emit_put(&e, "c");
	assert_int_equal(e.col, 17); /* two tabs and "c" */
	axe_emit_put(&e, "%d;", 42);
	axe_emit_end(&e);
	axe_emit_close(&e, "");
	axe_emit_close(&e, ";");
	assert_string_equal(axe_emit_str(&e), "void f(int x)\n\t{\n#pragma unroll\n\n\t\ta;\n\t\tb;\n"
			    "\t\tc42;\n\t}\n};\n");
	axe_emit_release(&e);
}

static void test_names(void **state)
{
	static const struct {
		const char *name;
		bool identifier, reserved;
		const char *param;
	} rows[] = {
		{ "laneid", true, false, "laneid" }, { "m", true, false, "m" },
		{ "for", true, true, "axe_for" }, { "threadIdx", true, true, "axe_threadIdx" },
		{ "i0", true, false, "axe_i0" }, { "r12", true, false, "axe_r12" },
		{ "i", true, false, "i" }, { "ri", true, false, "ri" },
		{ "axe_x", true, false, "axe_axe_x" }, { "_Bool", true, true, "axe__Bool" },
		{ "__x", true, true, "axe___x" }, { "x1", true, false, "x1" },
		{ "1x", false, false, NULL }, { "a-b", false, false, NULL }, { "", false, false, NULL },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		assert_int_equal(axe_cuda_is_identifier(rows[i].name), rows[i].identifier);
		if (!rows[i].identifier)
			continue;
		assert_int_equal(axe_cuda_is_reserved(rows[i].name), rows[i].reserved);
		char *param = axe_cuda_param_name(rows[i].name);
		assert_string_equal(param, rows[i].param);
		free(param);
	}
}

/*
 * Every point and replica digit combination of "ix": evaluate the forward
 * expressions, compare them with direct evaluation (core/eval.c, replica
 * rows in the same order), and, when there is an inverse, evaluate it at
 * those values: it must give the point and the digits back.
 */
static void check_against_eval(const axe_cuda_index *ix)
{
	axe_evaluator ev;
	axe_error err;
	int64_t vals[256] = { 0 }, images[4096], coord[64], base[64], out;
	int64_t combos = 1;

	axe_error_init(&err);
	assert_int_equal(axe_evaluator_init(&ev, ix->layout, &ix->shape, &err), 0);
	assert_false(ev.replicas_coincide);
	for (size_t t = 0; t < ix->nreplica; t++)
		combos *= ix->layout->replica[t].extent;
	assert_int_equal((int64_t)ev.nimages, combos);
	for (int64_t flat = 0; flat < ev.size; flat++) {
		axe_evaluator_unflatten(&ev, flat, coord);
		axe_evaluator_base(&ev, flat, base);
		axe_evaluator_images(&ev, base, true, images);
		for (int64_t c = 0; c < combos; c++) {
			for (size_t d = 0; d < ix->rank; d++)
				vals[axe_cuda_var_coord(ix, d)] = coord[d];
			for (size_t t = ix->nreplica, rest = (size_t)c; t-- > 0;) {
				vals[axe_cuda_var_replica(ix, t)] =
					(int64_t)rest % ix->layout->replica[t].extent;
				rest /= (size_t)ix->layout->replica[t].extent;
			}
			for (size_t a = 0; a < ix->naxes; a++) {
				assert_int_equal(axe_expr_eval(ix->forward[a], vals, &out), 0);
				assert_int_equal(out, images[c * (int64_t)ix->naxes + (int64_t)a]);
				vals[axe_cuda_var_axis(ix, a)] = out;
			}
			for (size_t j = 0; ix->inverse && j < ix->rank + ix->nreplica; j++) {
				int v = j < ix->rank ? axe_cuda_var_coord(ix, j)
						     : axe_cuda_var_replica(ix, j - ix->rank);
				assert_int_equal(axe_expr_eval(ix->inverse[j], vals, &out), 0);
				assert_int_equal(out, vals[v]);
			}
		}
	}
	axe_evaluator_release(&ev);
}

static const struct index_row {
	const char *layout, *shape;
	const char *forward[4]; /* C text per axis, in the layout's axis order */
	bool inverse;
} index_rows[] = {
	/* Seed 000/001: the tensor-core fragment, and without its replica. */
	{ "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid", "8,16",
	  { "4*i0 + (i1/2)%4", "4*r0 + i1/8 + 5", "i1%2" }, true },
	{ "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + 5@warpid", "8,16",
	  { "4*i0 + (i1/2)%4", "i1/8 + 5", "i1%2" }, true },
	/* Seed 001: the 128B-swizzled f16 tile, its closed form 64i + 8((j/8) ^ i) + j%8. */
	{ "Swizzle(3,3,3) o S[(8,64):(64,1)]", "8,64", { "64*i0 + 8*((i1/8) ^ i0) + i1%8" },
	  true },
	/* Seed 001: Blackwell tensor memory and the scale-factor atom. */
	{ "S[(2,128,112):(112@TCol,1@TLane,1@TCol)]", "", { "112*i0 + i2", "i1" }, true },
	{ "S[(32,4):(1@TLane,1@TCol)] + R[4:32@TLane]", "", { "32*r0 + i0", "i1" }, true },
	/* Seed 000: 2x2 mesh sharding, replicated over gpuid bit 1. */
	{ "S[(2,32,128):(1@gpuid,128,1)] + R[2:2@gpuid]", "64,128",
	  { "2*r0 + i0/32", "128*(i0%32) + i1" }, true },
	/* Seed 001: the Trainium SBUF layout. */
	{ "S[(128,4,64):(1@P,64@F,1@F)]", "128,256", { "i0", "i1" }, true },
	/* Negative strides and offsets; a regrouped shape. */
	{ "S[(3,5):(-5,1)] + 20", "", { "20 - 5*i0 + i1" }, true },
	{ "S[(4,4):(1,4)]", "16", { "4*(i0%4) + i0/4" }, true },
	/* Overlapping strides: no inverse. */
	{ "S[(2,3):(3,2)]", "", { "3*i0 + 2*i1" }, false },
};

static void test_index_functions(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(index_rows) / sizeof(index_rows[0]); i++) {
		const struct index_row *row = &index_rows[i];
		axe_layout *L = parse_ok(row->layout);
		axe_cuda_index ix;
		axe_shape shape;
		axe_error err;

		shape_of(L, row->shape, &shape);
		axe_error_init(&err);
		assert_int_equal(axe_cuda_index_build(&ix, L, &shape, "f", 10, &err), 0);
		assert_int_equal(ix.forward_proof.verdict, AXE_VERDICT_TRUE);
		for (size_t a = 0; a < ix.naxes; a++) {
			char *text = axe_cuda_expr_text(&ix, ix.forward[a]);
			if (strcmp(text, row->forward[a]) != 0)
				fail_msg("%s, axis %s: '%s', not '%s'", row->layout, L->axis[a], text,
					 row->forward[a]);
			free(text);
		}
		assert_int_equal(ix.inverse != NULL, row->inverse);
		if (row->inverse)
			assert_int_equal(ix.inverse_proof.verdict, AXE_VERDICT_TRUE);
		check_against_eval(&ix);
		axe_cuda_index_release(&ix);
		axe_layout_free(L);
	}
}

/*
 * The proof gate: a forward expression off by one at one point, and the
 * fragment's warpid with its replica digit flipped (4*(1 - r0) + ...), which
 * gives the same image sets but a different image for each digit, are both
 * refuted, with the point.
 */
static void test_proof_gate(void **state)
{
	axe_layout *L = parse_ok("S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + "
				 "5@warpid");
	axe_shape shape = { 2, { 8, 16 } };
	axe_cuda_index ix;
	axe_cuda_proof proof;
	axe_error err;
	const axe_expr *saved, *r0, *i0;
	axe_expr_ctx *c;

	(void)state;
	axe_error_init(&err);
	assert_int_equal(axe_cuda_index_build(&ix, L, &shape, "frag", 10, &err), 0);
	c = ix.ctx;
	saved = ix.forward[1];
	r0 = axe_expr_var(c, axe_cuda_var_replica(&ix, 0));
	ix.forward[1] = axe_expr_add(c, axe_expr_binary(c, AXE_EXPR_SUB, saved,
							  axe_expr_mul(c, axe_expr_const(c, 4), r0)),
				     axe_expr_mul(c, axe_expr_const(c, 4),
						  axe_expr_binary(c, AXE_EXPR_SUB,
								  axe_expr_const(c, 1), r0)));
	assert_int_equal(axe_cuda_prove_forward(&ix, 10, &proof, &err), 0);
	assert_int_equal(proof.verdict, AXE_VERDICT_FALSE);
	assert_non_null(strstr(proof.how, "r0 = 0, i0 = 0, i1 = 0"));
	i0 = axe_expr_var(c, axe_cuda_var_coord(&ix, 0));
	ix.forward[1] = axe_expr_add(c, saved, axe_expr_binary(c, AXE_EXPR_DIV, i0,
							       axe_expr_const(c, 7)));
	assert_int_equal(axe_cuda_prove_forward(&ix, 10, &proof, &err), 0);
	assert_int_equal(proof.verdict, AXE_VERDICT_FALSE);
	assert_non_null(strstr(proof.how, "i0 = 7"));
	ix.forward[1] = saved;
	assert_int_equal(axe_cuda_prove_forward(&ix, 10, &proof, &err), 0);
	assert_int_equal(proof.verdict, AXE_VERDICT_TRUE);
	assert_string_equal(proof.how, "all 256 combinations of coordinates and replica digits "
			    "enumerated");
	axe_cuda_index_release(&ix);
	axe_layout_free(L);
}

/* Above 2^16 combinations the proof is Z3's. */
static void test_proof_by_z3(void **state)
{
	axe_layout *L = parse_ok("S[(512,256):(256,1)]");
	axe_shape shape = { 2, { 512, 256 } };
	axe_cuda_index ix;
	axe_error err;

	(void)state;
	axe_error_init(&err);
	assert_int_equal(axe_cuda_index_build(&ix, L, &shape, "big", 10, &err), 0);
	assert_int_equal(ix.forward_proof.verdict, AXE_VERDICT_TRUE);
	assert_non_null(strstr(ix.forward_proof.how, "Z3"));
	assert_int_equal(ix.inverse_proof.verdict, AXE_VERDICT_TRUE);
	axe_cuda_index_release(&ix);
	axe_layout_free(L);
}

/* Whole files: "args" run through the generator of "kind"; the text must hold "want". */
static char *generate(const char *src, const char *dst, const char *shape, const char *dtype,
		      const char *direction, int *status)
{
	axe_layout *A = parse_ok(src), *B = dst ? parse_ok(dst) : NULL;
	axe_cuda_copy_request req = { .direction = direction, .name = "cp", .timeout = 10 };
	axe_cuda_outcome res;
	axe_emit out;
	axe_error err;
	char *text;

	axe_error_init(&err);
	axe_emit_init(&out);
	req.src = (axe_cuda_operand){ A, { 0 }, axe_dtype_lookup(dtype), "src", { 0 }, 0 };
	req.dst = (axe_cuda_operand){ B, { 0 }, -1, "dst", { 0 }, 0 };
	shape_of(A, shape, &req.src.shape);
	shape_of(B, shape, &req.dst.shape);
	if (axe_cuda_generate_copy(&req, &out, &res, &err) < 0)
		fail_msg("%s -> %s: %s", src, dst, err.message);
	*status = res.status;
	text = strdup(res.status == AXE_EXIT_OK ? axe_emit_str(&out) : res.why);
	axe_emit_release(&out);
	axe_layout_free(A);
	axe_layout_free(B);
	return text;
}

static const struct copy_row {
	const char *src, *dst, *shape, *dtype, *direction;
	const char *want[3]; /* lines the file holds */
} copy_rows[] = {
	/* Row-major global to 128B-swizzled shared f16: 16-byte vectors, 128 threads. */
	{ "S[(64,64):(64,1)]", "Swizzle(3,3,3) o S[(64,64):(64,1)]", "", "f16", NULL,
	  { "static constexpr int cp_vector = 8; /* elements per move */",
	    "static constexpr int cp_block_threads = 128;",
	    "static constexpr int cp_regs = 32; /* registers (steps) per thread */" } },
	/* A transposed destination: one element per move. */
	{ "S[(64,64):(64,1)]", "S[(64,64):(1,64)]", "", "f16", "g2g",
	  { "static constexpr int cp_vector = 1; /* elements per move */",
	    "\t\t*(dst + cp_dst_m(i0, i1)) = *(src + cp_src_m(i0, i1));", NULL } },
	/* Shared to the mma accumulator fragment: 2 f32 per lane per move, one warp. */
	{ "S[(16,8):(8,1)]", "S[(2,8,4,2):(2,4@laneid,1@laneid,1)]", "16,8", "f32", NULL,
	  { "static constexpr int cp_vector = 2; /* elements per move */",
	    "static constexpr int cp_block_threads = 32;",
	    "\t\tif (!cp_dst_inverse(k, laneid, &i0, &i1))" } },
	/* The fragment's warps 5..10: 352 threads, f64 one at a time to shared. */
	{ "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid",
	  "S[(8,2,4,2):(32,16,2,1)]", "8,16", "f64", "r2s",
	  { "static constexpr int cp_block_threads = 352;",
	    "\tconst long long warpid = t / 32;", "static constexpr int cp_vector = 2; /* elements "
	    "per move */" } },
	/* A replicated destination: every replica is written. */
	{ "S[(8,8):(8,1)]", "S[(8,8):(8,1)] + R[2:64]", "", "u8", "g2g",
	  { "\t\tfor (long long r0 = 0; r0 < 2; r0++)", NULL, NULL } },
};

static void test_copy_plans(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(copy_rows) / sizeof(copy_rows[0]); i++) {
		const struct copy_row *row = &copy_rows[i];
		int status;
		char *text = generate(row->src, row->dst, row->shape, row->dtype, row->direction,
				      &status);
		assert_int_equal(status, AXE_EXIT_OK);
		for (int w = 0; w < 3; w++)
			if (row->want[w] && !strstr(text, row->want[w]))
				fail_msg("%s -> %s: no line '%s' in\n%s", row->src, row->dst,
					 row->want[w], text);
		free(text);
	}
}

/* The TMA file of seed-style GEMM staging, and a refusal. */
static void test_tma_files(void **state)
{
	axe_layout *G = parse_ok("S[(4096,4096):(4096,1)]");
	axe_layout *S = parse_ok("Swizzle(3,3,3) o S[(64,64):(64,1)]");
	axe_layout *T = parse_ok("S[(64,64):(1,64)]");
	axe_cuda_tma_request req = { .smem_name = "tile", .name = "ld", .timeout = 10 };
	static const char *const want[] = {
		"const cuuint64_t dim[2] = {4096ull, 4096ull};",
		"const cuuint64_t stride[1] = {8192ull}; /* bytes */",
		"const cuuint32_t box[2] = {64u, 64u};",
		"CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,",
		"inline constexpr unsigned ld_expect_tx_bytes = 8192; /* all copies */",
		"cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes",
		"mbarrier.try_wait.parity.shared::cta.b64",
		"__device__ __forceinline__ void ld_barrier_init(unsigned long long *bar)",
		"__device__ __forceinline__ void ld_wait(unsigned long long *bar, unsigned phase)",
		"cudaGetDriverEntryPointByVersion(\"cuTensorMapEncodeTiled\"",
	};
	axe_cuda_outcome res;
	axe_emit out;
	axe_error err;

	(void)state;
	axe_error_init(&err);
	axe_emit_init(&out);
	axe_tma_request_init(&req.tma);
	req.tma.global = G;
	req.tma.global_shape = (axe_shape){ 2, { 4096, 4096 } };
	req.tma.smem = S;
	req.tma.smem_shape = (axe_shape){ 2, { 64, 64 } };
	req.tma.dtype = axe_dtype_lookup("f16");
	assert_int_equal(axe_cuda_generate_tma(&req, &out, &res, &err), 0);
	assert_int_equal(res.status, AXE_EXIT_OK);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		if (!strstr(axe_emit_str(&out), want[i]))
			fail_msg("no '%s' in the TMA file", want[i]);
	axe_emit_release(&out);
	axe_emit_init(&out);
	req.tma.smem = T;
	assert_int_equal(axe_cuda_generate_tma(&req, &out, &res, &err), 0);
	assert_int_equal(res.status, AXE_EXIT_FALSE);
	assert_non_null(strstr(res.why, "no TMA plan ("));
	assert_string_equal(axe_emit_str(&out), "");
	axe_emit_release(&out);
	axe_layout_free(G);
	axe_layout_free(S);
	axe_layout_free(T);
}

/* Run template "text" over the fragment; the output's last line, or the error. */
static void run_template(const char *text, char *result, size_t size, int *line, int *col)
{
	axe_layout *L = parse_ok("S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] "
				 "+ 5@warpid");
	axe_cuda_operand op = { L, { 2, { 8, 16 } }, -1, "frag", { 0 }, 0 };
	char path[] = "/tmp/axe_template_XXXXXX";
	int fd = mkstemp(path);
	axe_cuda_outcome res;
	axe_emit out;
	axe_error err;
	char *copy, *last;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	axe_error_init(&err);
	axe_emit_init(&out);
	*line = *col = 0;
	if (axe_cuda_generate_template(path, &op, 1, 10, &out, &res, &err) < 0) {
		snprintf(result, size, "%s", err.message);
		*line = err.line;
		*col = err.col;
	} else {
		copy = strdup(axe_emit_str(&out));
		if (copy[0] && copy[strlen(copy) - 1] == '\n')
			copy[strlen(copy) - 1] = '\0';
		last = strrchr(copy, '\n');
		snprintf(result, size, "%s", last ? last + 1 : copy);
		free(copy);
	}
	unlink(path);
	axe_emit_release(&out);
	axe_layout_free(L);
}

static const struct template_row {
	const char *text;
	const char *want; /* the last line, or the message */
	int line, col;    /* of the error, 0 when none */
} template_rows[] = {
	{ "x = {{ frag.laneid(i, j) }};", "x = (4*i + (j/2)%4);", 0, 0 },
	{ "x = {{frag.m(a[1], b)}} + {{ frag.warpid(2, k + 1, 1) }};",
	  "x = (b%2) + (4*1 + (k + 1)/8 + 5);", 0, 0 },
	{ "int a[2] = {{1, 2}}; {{ x }} {{ 3.m }}", "int a[2] = {{1, 2}}; {{ x }} {{ 3.m }}", 0, 0 },
	{ "\n  y = {{ frag.lane(i, j) }};", "layout 'frag' has no axis 'lane'", 2, 15 },
	{ "y = {{ fra.m(i, j) }};", "unknown layout 'fra'", 1, 8 },
	{ "y = {{ frag.warpid(i, j) }};", "frag.warpid depends on replica digit r0: give the 1 "
	  "replica digit after the 2 coordinates", 1, 5 },
	{ "y = {{ frag.m(i, j, 0, 1) }};", "layout 'frag' takes 2 coordinates, then 1 replica "
	  "digit; not 4 arguments", 1, 5 },
	{ "y = {{ frag.m(,j) }};", "empty argument", 1, 15 },
	{ "y = {{ frag.m(i, j) };", "expected '}}' to close the placeholder", 1, 21 },
	{ "y = {{ frag.m(i, (j) }};\n", "'(' of the placeholder is not closed on its line", 1, 14 },
};

static void test_templates(void **state)
{
	char result[512];
	int line, col;

	(void)state;
	for (size_t i = 0; i < sizeof(template_rows) / sizeof(template_rows[0]); i++) {
		const struct template_row *row = &template_rows[i];
		run_template(row->text, result, sizeof(result), &line, &col);
		if (strcmp(result, row->want) != 0)
			fail_msg("template '%s': '%s', not '%s'", row->text, result, row->want);
		assert_int_equal(line, row->line);
		assert_int_equal(col, row->col);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_emit_writer),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_index_functions),
		cmocka_unit_test(test_proof_gate),
		cmocka_unit_test(test_proof_by_z3),
		cmocka_unit_test(test_copy_plans),
		cmocka_unit_test(test_tma_files),
		cmocka_unit_test(test_templates),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
