/*
 * analysis_test.c: the [analysis] family of the C API (axe_banks_report,
 * axe_atoms_report): the answers of tests/cli/banks.t and atoms.t, errors
 * placed as the commands place them, the FALSE statuses, and streamed
 * output equal to kept output.
 */
#include "check.h"

#define COLUMN "specs/banks_column.yaml"
#define ATOMS "specs/copy_atoms.yaml"

/* The whole content of "f" (rewound), or NULL; the caller frees it. */
static char *slurp(FILE *f)
{
	long n;
	char *text;

	fflush(f);
	if ((n = ftell(f)) < 0 || !(text = calloc(1, (size_t)n + 1)))
		return NULL;
	rewind(f);
	if (fread(text, 1, (size_t)n, f) != (size_t)n) {
		free(text);
		return NULL;
	}
	return text;
}

/* Is the error "err" at "source", line 1 (for an option) with "message" in it? */
static int error_at(const axe_error *err, const char *source, int line, int col,
		    const char *message)
{
	if (strcmp(err->source, source) != 0 || err->line != line || err->col != col)
		printf("# %s:%d:%d: %s\n", err->source, err->line, err->col, err->message);
	return strcmp(err->source, source) == 0 && err->line == line && err->col == col &&
	       contains(err->message, message);
}

/* banks.t seed 001: the column read of the spec's tile, 8-way; 128B: conflict-free. */
static void test_banks_spec_access(void)
{
	axe_banks_request req = { .access = COLUMN ":col_read", .grid = 1 };
	axe_error err;
	axe_report *r;

	axe_error_init(&err);
	r = axe_banks_report(NULL, &req, AXE_OUTPUT_TEXT, NULL, &err);
	check(r && contains(axe_report_text(r), "smem:       S[(8,64):(64,1)]  shape (8, 64), "
						"f16 (2 bytes)") &&
	      contains(axe_report_text(r), "total:      1 instruction: wavefronts 8, ideal 1, "
					   "conflicts 7, max_way 8") &&
	      contains(axe_report_text(r), "grid:       warp 0, step 0") &&
	      axe_report_status(r) == AXE_EXIT_OK && !*axe_report_reason(r) &&
	      !*axe_report_notes(r),
	      "banks of a spec access, its tile: read (no SMEM), with the grid");
	axe_report_free(r);
	req.tile_options.swizzle = "128B";
	r = axe_banks_report(NULL, &req, AXE_OUTPUT_TEXT, NULL, &err);
	check(r && contains(axe_report_text(r), "smem:       Swizzle(3,3,3) o S[(8,64):(64,1)]") &&
	      contains(axe_report_text(r), "wavefronts 1, ideal 1, conflicts 0, max_way 1"),
	      "the access's tile read with --swizzle 128B: one wavefront");
	axe_report_free(r);
	req = (axe_banks_request){ .access = COLUMN ":col_read_128b", .grid = 1 };
	r = axe_banks_report(NULL, &req, AXE_OUTPUT_JSON, NULL, &err);
	check(r && contains(axe_report_text(r), "{\"smem\":\"Swizzle(3,3,3) o S[(8,64):(64,1)]\","
			    "\"shape\":[8,64],\"dtype\":\"f16\",\"swizzle\":{\"per_element\":3,"
			    "\"swizzle_len\":3,\"atom_len\":3,\"base_alignment\":1024},\"access\":"
			    "{\"source\":\"spec\",\"op\":\"lds\",\"vector_bytes\":2,\"vector\":"
			    "\"fixed\",\"phases\":1,\"lanes_per_phase\":32}") &&
	      contains(axe_report_text(r), "{\"lane\":7,\"coord\":[7,0],\"byte\":1008,\"line\":7,"
					   "\"bank\":28}]}}\n"),
	      "banks --json --grid of the 128B spec access");
	axe_report_free(r);
	req = (axe_banks_request){ .access = COLUMN ":col_read", .suggest = 1 };
	r = axe_banks_report(NULL, &req, AXE_OUTPUT_JSON, NULL, &err);
	check(r && contains(axe_report_text(r), "\"best\":\"128B\",\"decided_by\":\"hardware\"}}"),
	      "--suggest ranks 128B first");
	axe_report_free(r);
	check(err.code == AXE_ERR_NONE, "no error on the way");
}

/* banks.t: the CI gate, and --vector, --step and -j. */
static void test_banks_options(void)
{
	axe_map *smem = read_map("S[(64,64):(64,1)]", NULL, "f16");
	axe_map *rows = read_map("S[(8,64):(64,1)]", NULL, "f16");
	axe_banks_request req = { .access = "ldmatrix.x4", .step = "0",
				  .max_conflicts_given = 1, .max_conflicts = 27 };
	axe_error err;
	axe_report *r, *r1;

	axe_error_init(&err);
	r = smem ? axe_banks_report(smem, &req, AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(r && axe_report_status(r) == AXE_EXIT_FALSE &&
	      strcmp(axe_report_reason(r), "28 conflicts, more than --max-conflicts 27") == 0 &&
	      contains(axe_report_text(r), "total:      1 instruction: wavefronts 32, ideal 4, "
					   "conflicts 28, max_way 8\n"),
	      "--max-conflicts 27: status FALSE, the reason, and the table");
	axe_report_free(r);
	req.max_conflicts = 28;
	r = smem ? axe_banks_report(smem, &req, AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(r && axe_report_status(r) == AXE_EXIT_OK && !*axe_report_reason(r),
	      "--max-conflicts 28: OK");
	axe_report_free(r);
	req = (axe_banks_request){ .threads = "S[(8,64):(1@laneid,1)]", .vector = "2",
				   .step = "0", .walk = { .jobs = 1 } };
	r1 = rows ? axe_banks_report(rows, &req, AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(r1 && contains(axe_report_text(r1), "access:     thread layout "
			     "S[(8,64):(1@laneid,1)], 2 bytes per lane (--vector): 1 phase of "
			     "32 lanes\n") &&
	      contains(axe_report_text(r1), "   0     0      8           8      1          7"
					    "        8  lane 0: (0, 0)\n"),
	      "--threads with --vector 2 --step 0");
	req.walk.jobs = 4;
	r = rows ? axe_banks_report(rows, &req, AXE_OUTPUT_TEXT, NULL, &err) : NULL;
	check(r && r1 && strcmp(axe_report_text(r), axe_report_text(r1)) == 0,
	      "the same answer on 4 threads");
	axe_report_free(r);
	axe_report_free(r1);
	axe_map_free(smem);
	axe_map_free(rows);
}

/* One banks call that must fail; its error in "err". */
static void banks_fails(const axe_map *smem, const axe_banks_request *req, axe_error *err)
{
	axe_report *r;

	axe_error_init(err);
	r = axe_banks_report(smem, req, AXE_OUTPUT_TEXT, NULL, err);
	if (r)
		printf("# unexpected answer:\n%s", axe_report_text(r));
	axe_report_free(r);
}

/* banks.t's bad input, each placed where the command places it. */
static void test_banks_errors(void)
{
	axe_map *rows = read_map("S[(8,64):(64,1)]", NULL, "f16");
	axe_map *nodtype = read_map("S[(8,64):(64,1)]", NULL, NULL);
	axe_banks_request req = { .threads = "S[(8,64):(1@laneid,1)]", .vector = "32" };
	axe_error err;

	banks_fails(rows, &req, &err);
	check(error_at(&err, "--vector", 1, 1, "a vector is 1, 2, 4, 8 or 16 bytes, not 32") &&
	      err.span == 2, "--vector 32 is placed on the option's value");
	req.vector = "x";
	banks_fails(rows, &req, &err);
	check(error_at(&err, "--vector", 1, 1, "--vector takes a non-negative integer, not 'x'"),
	      "a --vector that is no number");
	req = (axe_banks_request){ .threads = "S[(8,64):(1@ty,1)]" };
	banks_fails(rows, &req, &err);
	check(error_at(&err, "--threads", 1, 1, "thread axis 'ty' needs blockDim.x") &&
	      *err.hint, "a thread axis without a warp");
	req = (axe_banks_request){ .access = "ldmatrix.x3" };
	banks_fails(rows, &req, &err);
	check(error_at(&err, "--access", 1, 1, "unknown access 'ldmatrix.x3'") &&
	      strcmp(err.hint, "did you mean 'ldmatrix.x1'?") == 0, "an unknown access");
	req = (axe_banks_request){ .access = COLUMN ":colread" };
	banks_fails(NULL, &req, &err);
	check(error_at(&err, COLUMN, 28, 3, "no access 'colread' in 'accesses'"),
	      "an access the spec does not hold: at the spec's line and column");
	req = (axe_banks_request){ .threads = "S[(8,64):(1@laneid,1)]" };
	banks_fails(nodtype, &req, &err);
	check(error_at(&err, "<arg>", 1, 1, "bank conflicts need the element type"),
	      "no dtype: placed on SMEM");
	req = (axe_banks_request){ .access = "ldmatrix.x1", .step = "99" };
	banks_fails(rows, &req, &err);
	check(err.code == AXE_ERR_RANGE && contains(err.message, "no instruction matches"),
	      "--step 99 matches no instruction");
	banks_fails(rows, NULL, &err);
	check(contains(err.message, "give --threads or --access"),
	      "a NULL request has neither --threads nor --access");
	req = (axe_banks_request){ .access = "ldmatrix.x1" };
	banks_fails(NULL, &req, &err);
	check(err.code == AXE_ERR_VALUE &&
	      contains(err.message, "expected one SMEM operand, got 0"),
	      "a preset access brings no tile");
	req = (axe_banks_request){ .threads = "S[(8,64):(1@laneid,1)]" };
	banks_fails(NULL, &req, &err);
	check(contains(err.message, "expected one SMEM operand, got 0"),
	      "a thread layout brings no tile");
	req = (axe_banks_request){ .access = "ldmatrix.x1", .suggest = 1, .grid = 1 };
	banks_fails(rows, &req, &err);
	check(contains(err.message, "--suggest ranks whole layouts"), "--suggest with --grid");
	axe_map_free(rows);
	axe_map_free(nodtype);
}

/* Whether checking "req" fails with "message", on no option or operand. */
static int check_refuses(const axe_banks_request *req, size_t nsmem, const char *message)
{
	axe_error err;

	axe_error_init(&err);
	return axe_banks_request_check(req, nsmem, &err) == -1 && err.code == AXE_ERR_VALUE &&
	       strcmp(err.message, message) == 0 && !*err.source;
}

/* The rules `banks` prints as usage errors, asked before anything is read. */
static void test_banks_request_check(void)
{
	axe_banks_request req = { .access = "ldmatrix.x1" };
	axe_error err;

	axe_error_init(&err);
	check(axe_banks_request_check(&req, 1, &err) == 0 && err.code == AXE_ERR_NONE,
	      "check: a preset access on one SMEM");
	req = (axe_banks_request){ .access = COLUMN ":col_read" };
	check(axe_banks_request_check(&req, 0, &err) == 0, "check: a spec access brings its tile");
	check(check_refuses(NULL, 1, "give --threads or --access"),
	      "check: a NULL request has neither --threads nor --access");
	req = (axe_banks_request){ .access = "ldmatrix.x1", .threads = "S[32:1@laneid]" };
	check(check_refuses(&req, 1, "2 accesses given (--threads and --access): several accesses "
			    "go with --suggest, which ranks layouts by their total wavefronts; give "
			    "one to analyse it"),
	      "check: both --threads and --access without --suggest");
	req.suggest = 1;
	check(axe_banks_request_check(&req, 1, &err) == 0,
	      "check: both --threads and --access with --suggest");
	req = (axe_banks_request){ .threads = "S[32:1@laneid]" };
	check(check_refuses(&req, 0, "expected one SMEM operand, got 0"),
	      "check: --threads and no SMEM");
	check(check_refuses(&req, 2, "expected one SMEM operand, got 2"), "check: two SMEMs");
	req = (axe_banks_request){ .access = "ldmatrix.x1", .vector = "4" };
	check(check_refuses(&req, 1, "--vector goes with --threads; ldmatrix rows are 16 bytes "
			    "and a spec access gives vector_bytes"),
	      "check: --vector with --access");
	req = (axe_banks_request){ .access = "ldmatrix.x1", .suggest = 1,
				   .max_conflicts_given = 1 };
	check(check_refuses(&req, 1, "--suggest ranks whole layouts; it does not take --grid, "
			    "--warp, --step or --max-conflicts"), "check: --suggest with a gate");
	req = (axe_banks_request){ .access = "ldmatrix.x1", .warp = "x" };
	check(axe_banks_request_check(&req, 1, &err) == 0,
	      "check: option values are not its business");
}

/* The report of "req" streamed to a temporary file equals the kept one. */
static void test_banks_stream(void)
{
	axe_banks_request req = { .access = COLUMN ":col_read" };
	enum axe_output forms[] = { AXE_OUTPUT_TEXT, AXE_OUTPUT_SVG };
	axe_error err;

	axe_error_init(&err);
	for (size_t i = 0; i < 2; i++) {
		FILE *f = tmpfile();
		axe_report *kept = axe_banks_report(NULL, &req, forms[i], NULL, &err);
		axe_report *streamed = f ? axe_banks_report(NULL, &req, forms[i], f, &err) : NULL;
		char *text = streamed ? slurp(f) : NULL;

		check(kept && text && strcmp(text, axe_report_text(kept)) == 0 &&
		      !*axe_report_text(streamed) && *text,
		      i ? "the SVG picture streamed equals the kept one"
			: "the table streamed equals the kept one");
		check(!i || contains(text, "<svg"), "--format svg draws");
		free(text);
		axe_report_free(kept);
		axe_report_free(streamed);
		if (f)
			fclose(f);
	}
}

/* atoms.t: the TileAS assigner's example and the FALSE status. */
static void test_atoms(void)
{
	axe_atoms_request req = { 0 };
	axe_error err;
	axe_report *r;
	FILE *f;
	char *text;

	axe_error_init(&err);
	r = axe_atoms_report(ATOMS ":tile_global", ATOMS ":tile_smem", NULL, AXE_OUTPUT_TEXT, NULL,
			     &err);
	check(r && contains(axe_report_text(r), "copy: global memory to shared memory, f16 "
						"elements, sm_100\n") &&
	      contains(axe_report_text(r), "best: cp.async.bulk.tensor, ahead of cp.async.16 by "
					   "instructions\n") &&
	      axe_report_status(r) == AXE_EXIT_OK,
	      "atoms global to shared: the bulk-tensor copy wins");
	axe_report_free(r);
	req.arch = "sm_80";
	r = axe_atoms_report(ATOMS ":tile_global", ATOMS ":tile_smem", &req, AXE_OUTPUT_JSON, NULL,
			     &err);
	check(r && contains(axe_report_text(r), "\"best\":\"cp.async.16\"") &&
	      contains(axe_report_text(r), "{\"name\":\"cp.async.bulk.tensor\",\"legal\":false,"
			   "\"rule\":\"arch\",\"reason\":\"arch: needs sm_90 or later; the target "
			   "is sm_80\"}"),
	      "--arch sm_80: no TMA");
	axe_report_free(r);
	req = (axe_atoms_request){ .arch = "sm_90" };
	r = axe_atoms_report(ATOMS ":tmem_acc", ATOMS ":acc_regs", &req, AXE_OUTPUT_TEXT, NULL,
			     &err);
	check(r && axe_report_status(r) == AXE_EXIT_FALSE &&
	      strcmp(axe_report_reason(r), "no atom can move this tile") == 0 &&
	      contains(axe_report_text(r), "no atom can move this tile\nexcluded:\n"),
	      "no legal atom: status FALSE, with every rule listed");
	axe_report_free(r);
	req = (axe_atoms_request){ .operands = { .dtype = "f16", .swizzle = "32B" } };
	r = axe_atoms_report("S[(16,16):(16,1)]", "S[(2,8,2,4,2):(2,4@laneid,4,1@laneid,1)]", &req,
			     AXE_OUTPUT_JSON, NULL, &err);
	check(r && contains(axe_report_text(r), "\"best\":\"ldmatrix.x4\""),
	      "literals: --dtype for both, --swizzle for the shared side");
	axe_report_free(r);
	req = (axe_atoms_request){ .suggest = 1 };
	r = axe_atoms_report(ATOMS ":a_smem_rows", ATOMS ":a_k64", &req, AXE_OUTPUT_TEXT, NULL, &err);
	check(r && contains(axe_report_text(r), "best: ldmatrix.x4 @128B, ahead of ldmatrix.x2 "
						"@128B by instructions\n"),
	      "--suggest: the 128B swizzle first");
	f = tmpfile();
	text = f ? (axe_report_free(axe_atoms_report(ATOMS ":a_smem_rows", ATOMS ":a_k64", &req,
						     AXE_OUTPUT_TEXT, f, &err)),
		    slurp(f)) : NULL;
	check(r && text && strcmp(text, axe_report_text(r)) == 0, "atoms streamed equals kept");
	free(text);
	if (f)
		fclose(f);
	axe_report_free(r);
	check(err.code == AXE_ERR_NONE, "no error on the way");
}

/* One atoms call that must fail; its error in "err". */
static void atoms_fails(const char *src, const char *dst, const axe_atoms_request *req,
			enum axe_output form, axe_error *err)
{
	axe_report *r;

	axe_error_init(err);
	r = axe_atoms_report(src, dst, req, form, NULL, err);
	if (r)
		printf("# unexpected answer:\n%s", axe_report_text(r));
	axe_report_free(r);
}

static void test_atoms_errors(void)
{
	axe_atoms_request req = { .arch = "sm_70" };
	axe_error err;

	atoms_fails("S[(8,8):(8,1)]", "S[(8,8):(8,1)]", &req, AXE_OUTPUT_TEXT, &err);
	check(error_at(&err, "--arch", 1, 1, "unknown --arch 'sm_70' (sm_80, sm_90 or sm_100)"),
	      "an unknown --arch");
	atoms_fails("S[(8,8):(8,1)]", "S[(8,8):(8,1)]", NULL, AXE_OUTPUT_TEXT, &err);
	check(error_at(&err, "<arg>", 1, 1, "choosing a copy atom needs the element type"),
	      "no dtype");
	req = (axe_atoms_request){ .direction = "s2q", .operands = { .dtype = "f16" } };
	atoms_fails("S[(8,8):(8,1)]", "S[(8,8):(8,1)]", &req, AXE_OUTPUT_TEXT, &err);
	check(error_at(&err, "--direction", 1, 1, "unknown direction 's2q'"),
	      "an unknown --direction");
	req = (axe_atoms_request){ .operands = { .dtype = "f16", .shape = "8,4" } };
	atoms_fails("S[(8,8):(8,1)]", "S[(8,4):(4,1)]", &req, AXE_OUTPUT_TEXT, &err);
	check(error_at(&err, "--shape", 1, 1, "shape '8,4' has 32 points but the layout has 64"),
	      "a --shape of the wrong size");
	atoms_fails(ATOMS ":tile_global", ATOMS ":tile_smem", NULL, AXE_OUTPUT_SVG, &err);
	check(err.code == AXE_ERR_VALUE && contains(err.message, "no picture"),
	      "atoms draws no picture");
	atoms_fails(ATOMS ":tile_global", NULL, NULL, AXE_OUTPUT_TEXT, &err);
	check(err.code == AXE_ERR_VALUE, "atoms needs DST");
}

int main(void)
{
	test_banks_spec_access();
	test_banks_options();
	test_banks_errors();
	test_banks_request_check();
	test_banks_stream();
	test_atoms();
	test_atoms_errors();
	return check_done();
}
