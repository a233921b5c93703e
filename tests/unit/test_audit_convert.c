/*
 * test_audit_convert.c: the class and per-thread shuffles of
 * ttg.convert_layout (src/audit/convert.c), against Triton's lit tests.
 * Each row is one conversion of test/Conversion/cvt_to_llvm.mlir of
 * github.com/triton-lang/triton at commit
 * 545699290b851e70231ee3017481851170f1583d, named by its function; the
 * expected class and shfl.sync count are its CHECK lines (8 CHECK-DAG
 * shfl.sync.idx for convert_layout_blocked_blocked_vec; CHECK-NOT
 * shfl.sync.idx then a store for convert_layout_blocked_blocked).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "audit/audit.h"
#include "interop/triton.h"

#define BLK(spt, tpw, ord) "#ttg.blocked<{sizePerThread = " spt ", threadsPerWarp = " tpw \
	", warpsPerCTA = [1, 1], order = " ord ", CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], " \
	"CTAOrder = [1, 0]}>"
#define BLOCKED0 BLK("[1, 4]", "[8, 4]", "[1, 0]")
#define BLOCKED1 BLK("[4, 1]", "[4, 8]", "[0, 1]")
#define BLOCKED2 BLK("[1, 4]", "[16, 2]", "[1, 0]")

static const struct {
	const char *test, *src, *dst;
	int64_t shape[2];
	int bits;
	axe_audit_cvt_class cls;
	int64_t shuffles;
} rows[] = {
	{ "convert_layout_blocked_blocked_vec", BLOCKED0, BLOCKED2, { 16, 16 }, 32,
	  AXE_CVT_SHUFFLE, 8 },
	{ "convert_layout_blocked_blocked", BLOCKED0, BLOCKED1, { 16, 16 }, 32, AXE_CVT_SHARED,
	  0 },
};

static void layout_of(const char *text, const int64_t *dims, axe_linear *L)
{
	axe_shape shape = { 0 };
	axe_error err = { 0 };

	shape.rank = 2;
	shape.dim[0] = dims[0];
	shape.dim[1] = dims[1];
	if (tt_linear_of_text(text, &shape, L, &err) < 0)
		fail_msg("%s: %s", text, err.message);
}

static void test_lit_conversions(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
		axe_linear src, dst;
		axe_audit_convert got;
		axe_error err = { 0 };

		layout_of(rows[k].src, rows[k].shape, &src);
		layout_of(rows[k].dst, rows[k].shape, &dst);
		if (axe_audit_convert_layout(&src, &dst, rows[k].bits, 90, &got, &err) < 0)
			fail_msg("%s: %s", rows[k].test, err.message);
		if (got.cls != rows[k].cls || got.shuffles != rows[k].shuffles)
			fail_msg("%s: class %d, %lld shuffles; Triton: class %d, %lld", rows[k].test,
				 got.cls, (long long)got.shuffles, rows[k].cls,
				 (long long)rows[k].shuffles);
	}
}

/* A layout converted to itself is nothing to Triton (minimalCvtLayout is empty). */
static void test_same_layout_is_noop(void **state)
{
	axe_linear L;
	axe_audit_convert got;
	const int64_t shape[2] = { 16, 16 };

	(void)state;
	layout_of(BLOCKED0, shape, &L);
	assert_int_equal(axe_audit_convert_layout(&L, &L, 16, 90, &got, NULL), 0);
	assert_int_equal(got.cls, AXE_CVT_NOOP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lit_conversions),
		cmocka_unit_test(test_same_layout_is_noop),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
