/*
 * audit_test.c: the [audit] family of the C API (axe_audit_report,
 * axe_audit_request_check): the answers of tests/cli/audit.t on Triton's
 * lit-test kernels, the gates' FALSE status and reason, errors placed as
 * the command places them, and streamed output equal to kept output.
 */
#include "check.h"

#define HOPPER "tests/data/triton/hopper_matmul.mlir"
#define ATTENTION "tests/data/triton/attention_fwd.mlir"
#define CHUNKS "tests/data/triton/audit_chunks.mlir"

static void test_text_and_json(void)
{
	axe_error err;
	axe_report *r;

	axe_error_init(&err);
	r = axe_audit_report(HOPPER, NULL, AXE_OUTPUT_TEXT, NULL, &err);
	check(r && contains(axe_report_text(r), HOPPER ":110: tt.descriptor_load 128x64xf16 "
			    "#shared -> #blocked: TMA box 128x64, 128B swizzle, 1 message, "
			    "16384 bytes") &&
	      contains(axe_report_text(r), "4 x wgmma.m64n256k16 per warp group") &&
	      axe_report_status(r) == AXE_EXIT_OK && !*axe_report_reason(r),
	      "audit of the Hopper matmul: TMA bytes and wgmma count, status OK");
	axe_report_free(r);
	r = axe_audit_report(CHUNKS, NULL, AXE_OUTPUT_JSON, NULL, &err);
	check(r && contains(axe_report_text(r), "\"split\":1") &&
	      contains(axe_report_text(r), "\"skipped\":\"the result layout #wide cannot be read") &&
	      contains(axe_report_text(r), "{\"summary\":{\"ops\":4,\"analyzed\":3,\"skipped\":1"),
	      "audit --json of two chunks: the second's split, a skipped op, the summary");
	axe_report_free(r);
}

static void test_gates(void)
{
	axe_audit_request req = { .deny = "shared,shuffle" };
	axe_error err;
	axe_report *r;

	axe_error_init(&err);
	r = axe_audit_report(HOPPER, &req, AXE_OUTPUT_TEXT, NULL, &err);
	check(r && axe_report_status(r) == AXE_EXIT_FALSE &&
	      strcmp(axe_report_reason(r), "a gate fails at line 140") == 0 &&
	      contains(axe_report_text(r), "[fails: a shared conversion (--deny shared)]"),
	      "--deny shared: status FALSE, the line in the reason");
	axe_report_free(r);
	req = (axe_audit_request){ .max_conflicts_given = 1, .max_conflicts = 2 };
	r = axe_audit_report(ATTENTION, &req, AXE_OUTPUT_JSON, NULL, &err);
	check(r && axe_report_status(r) == AXE_EXIT_FALSE && contains(axe_report_text(r),
			"\"failed\":\"3 extra wavefronts per wavefront (--max-conflicts 2)\""),
	      "--max-conflicts 2 on a local_load with three extra wavefronts");
	axe_report_free(r);
}

static void test_errors(void)
{
	axe_audit_request bad = { .arch = "sm_75" };
	axe_error err;
	axe_report *r;

	axe_error_init(&err);
	check(axe_audit_request_check(&bad, &err) < 0 && contains(err.message, "--arch"),
	      "request check: an unknown --arch");
	axe_error_init(&err);
	bad = (axe_audit_request){ .deny = "shared,copies" };
	check(axe_audit_request_check(&bad, &err) < 0 && contains(err.message, "'copies'"),
	      "request check: an unknown --deny class");
	axe_error_init(&err);
	check(axe_audit_request_check(NULL, &err) == 0, "request check: none is fine");
	axe_error_init(&err);
	r = axe_audit_report("tests/data/triton/audit_malformed.mlir", NULL, AXE_OUTPUT_TEXT,
			     NULL, &err);
	check(!r && strcmp(err.source, "tests/data/triton/audit_malformed.mlir") == 0 &&
	      err.line == 5 && err.col == 40, "a malformed module: an error at FILE:LINE:COL");
}

static void test_stream(void)
{
	axe_error err;
	axe_report *kept, *streamed;
	FILE *f = tmpfile();
	char buf[1 << 16] = "";
	size_t n;

	axe_error_init(&err);
	kept = axe_audit_report(HOPPER, NULL, AXE_OUTPUT_JSON, NULL, &err);
	streamed = f ? axe_audit_report(HOPPER, NULL, AXE_OUTPUT_JSON, f, &err) : NULL;
	if (f) {
		rewind(f);
		n = fread(buf, 1, sizeof(buf) - 1, f);
		buf[n] = '\0';
		fclose(f);
	}
	check(kept && streamed && strcmp(axe_report_text(kept), buf) == 0 &&
	      !*axe_report_text(streamed), "streamed output equals kept output");
	axe_report_free(kept);
	axe_report_free(streamed);
}

int main(void)
{
	test_text_and_json();
	test_gates();
	test_errors();
	test_stream();
	return check_done();
}
