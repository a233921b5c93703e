/*
 * test_relate.c: the thread-axis relations (core/relate.c, the RELATION
 * rows of core/axes.def; semantics.md "Thread axes and their relations"):
 * the table's shape, the weights in a CTA's thread index, rewrites of
 * coarse axes into digits (and the refusals, with their reasons), and
 * relating two layouts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/axes.h"
#include "core/relate.h"
#include "parse/parse.h"

/* Every coarse axis: weights from 1, each dividing the next; digits are thread axes. */
static void test_table(void **state)
{
	static const char *const coarse[] = { "tid", "tx", "warpid", "tid_in_wg", "lane", "warp" };
	const axe_axis_relation *rows = NULL;

	(void)state;
	for (size_t c = 0; c < sizeof(coarse) / sizeof(coarse[0]); c++) {
		size_t n = axe_axis_relation_rows(coarse[c], &rows);
		assert_true(n >= 1);
		assert_int_equal(rows[0].weight, 1);
		for (size_t i = 0; i < n; i++) {
			assert_string_equal(rows[i].coarse, coarse[c]);
			assert_int_equal(axe_axis_kind_of(rows[i].fine), AXE_AXIS_THREAD);
			if (i > 0)
				assert_int_equal(rows[i].weight % rows[i - 1].weight, 0);
		}
	}
	assert_int_equal(axe_axis_relation_rows("laneid", &rows), 0);
	assert_true(axe_axis_is_finer("tid", "wgid"));
	assert_true(axe_axis_is_finer("tid_in_wg", "laneid"));
	assert_false(axe_axis_is_finer("tid_in_wg", "wgid"));
	assert_false(axe_axis_is_finer("laneid", "tid"));
}

/* The weights banks and emit-cuda number threads with (CUDA's 1-D block order). */
static void test_thread_weights(void **state)
{
	static const struct {
		const char *name;
		int64_t weight;
	} rows[] = {
		{ "laneid", 1 }, { "lane", 1 }, { "tx", 1 }, { "tid", 1 }, { "tid_in_wg", 1 },
		{ "warpid", 32 }, { "warp", 32 }, { "wid_in_wg", 32 }, { "wgid", 128 },
		{ "ty", 0 }, { "bx", 0 }, { "m", 0 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		if (axe_thread_weight(rows[i].name) != rows[i].weight)
			fail_msg("%s: %lld, want %lld", rows[i].name,
				 (long long)axe_thread_weight(rows[i].name), (long long)rows[i].weight);
}

static const struct {
	const char *layout, *axis;
	const char *rewritten; /* or NULL: refused with "why" containing ... */
	const char *why;
} expand_rows[] = {
	{ "S[(4,32):(32@tid,1@tid)]", "tid", "S[(4,32):(1@warpid,1@laneid)]", NULL },
	{ "S[256:1@tid]", "tid", "S[(8,32):(1@warpid,1@laneid)]", NULL },
	{ "S[(8,16):(16@tid,1@tid)]", "tid", "S[(4,2,16):(1@warpid,16@laneid,1@laneid)]", NULL },
	{ "S[8:3@tid]", "tid", "S[8:3@laneid]", NULL },
	{ "S[(2,4):(1,32@tid)] + R[2:64@tid] + 33@tid", "tid",
	  "S[(2,4):(1,1@warpid)] + R[2:2@warpid] + 1@warpid + 1@laneid", NULL },
	{ "S[(4,32):(1@tid_in_wg,4@tid_in_wg)]", "tid_in_wg",
	  "S[(4,4,8):(1@laneid,1@wid_in_wg,4@laneid)]", NULL },
	{ "S[8:1@warpid]", "warpid", "S[(2,4):(1@wgid,1@wid_in_wg)]", NULL },
	{ "S[4:0@tid]", "tid", "S[4:0@laneid]", NULL },
	{ "S[4:1@m]", "tid", "S[4:1]", NULL },
	{ "S[48:1@tid]", "tid", NULL, "crosses the digit boundary 32 between two of its steps" },
	{ "S[(4,48):(48@tid,1@tid)]", "tid", NULL, "stride 48, which is not a multiple of the "
	  "digit boundary 32" },
	{ "S[4:-1@tid]", "tid", NULL, "negative stride -1" },
	{ "S[4:1@tid] - 1@tid", "tid", NULL, "negative offset -1" },
	{ "S[64:1@tid] + 5@tid", "tid", NULL, "would carry from 'laneid' into 'warpid' (up to 36" },
	{ "S[2048:1@tid]", "tid", NULL, "'tid' reaches 2047, outside its 1024 threads" },
	{ "S[(8,32):(32@tid_in_wg,1@tid_in_wg)]", "tid_in_wg", NULL, "outside its 128 threads" },
	{ "S[8:1@warpid] + 0@wgid", "warpid", NULL, "names both 'warpid' and 'wgid'" },
};

static void test_expand(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(expand_rows) / sizeof(expand_rows[0]); i++) {
		axe_error err;
		axe_layout *L, *R;
		char why[256], *text;

		axe_error_init(&err);
		L = axe_layout_parse(expand_rows[i].layout, &err);
		assert_non_null(L);
		R = axe_layout_expand_axis(L, expand_rows[i].axis, why, sizeof(why), &err);
		assert_false(axe_error_is_set(&err));
		if (expand_rows[i].rewritten) {
			if (!R)
				fail_msg("%s: refused: %s", expand_rows[i].layout, why);
			text = axe_layout_to_string(R);
			if (strcmp(text, expand_rows[i].rewritten) != 0)
				fail_msg("%s: %s, want %s", expand_rows[i].layout, text,
					 expand_rows[i].rewritten);
			free(text);
		} else if (R || !strstr(why, expand_rows[i].why)) {
			fail_msg("%s: want a refusal with '%s', got '%s'", expand_rows[i].layout,
				 expand_rows[i].why, R ? "a layout" : why);
		}
		axe_layout_free(R);
		axe_layout_free(L);
	}
}

static void relate(const char *a, const char *b, int want, const char *want_a,
		   const char *want_b, const char *note_part)
{
	axe_error err;
	axe_layout *A, *B;
	char note[512], *ta, *tb;

	axe_error_init(&err);
	A = axe_layout_parse(a, &err);
	B = axe_layout_parse(b, &err);
	assert_int_equal(axe_layouts_relate(&A, &B, note, sizeof(note), &err), want);
	ta = axe_layout_to_string(A);
	tb = axe_layout_to_string(B);
	assert_string_equal(ta, want_a);
	assert_string_equal(tb, want_b);
	if (!strstr(note, note_part))
		fail_msg("note '%s' lacks '%s'", note, note_part);
	free(ta);
	free(tb);
	axe_layout_free(A);
	axe_layout_free(B);
}

static void test_relate_two(void **state)
{
	(void)state;
	relate("S[(4,32):(32@tid,1@tid)]", "S[(4,32):(1@warpid,1@laneid)]", 1,
	       "S[(4,32):(1@warpid,1@laneid)]", "S[(4,32):(1@warpid,1@laneid)]",
	       "A's 'tid' as laneid + 32*warpid");
	/* tid_in_wg and tid share laneid: both rewritten, then warpid too. */
	relate("S[(4,32):(32@tid_in_wg,1@tid_in_wg)]", "S[(4,32):(32@tid,1@tid)]", 1,
	       "S[(4,32):(1@wid_in_wg,1@laneid)]", "S[(4,32):(1@wid_in_wg,1@laneid)]",
	       "B's 'warpid' as wid_in_wg + 4*wgid");
	/* Unrelated axes: nothing to do. */
	relate("S[4:1@tid]", "S[4:1@m]", 0, "S[4:1@tid]", "S[4:1]", "");
	/* A refusal leaves both layouts as they were and says why. */
	relate("S[48:1@tid]", "S[(2,24):(1@warpid,1@laneid)]", 2, "S[48:1@tid]",
	       "S[(2,24):(1@warpid,1@laneid)]", "crosses the digit boundary 32");
}

static void test_typo(void **state)
{
	char *a[] = { "laneId", "m" }, *b[] = { "laneid", "m" }, *c[] = { "tid", "m" };
	char note[256];

	(void)state;
	assert_true(axe_axes_typo(a, 2, "A", b, 2, "B", note, sizeof(note)));
	assert_string_equal(note, "A names axis 'laneId' and B does not: did you mean 'laneid'?");
	assert_true(axe_axes_typo(b, 2, "A", a, 2, "B", note, sizeof(note)));
	assert_string_equal(note, "A names axis 'laneid' and B does not: did you mean 'laneId'?");
	/* Related axes are no typo: tid and laneid. */
	assert_false(axe_axes_typo(c, 2, "A", b, 2, "B", note, sizeof(note)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_thread_weights),
		cmocka_unit_test(test_expand),
		cmocka_unit_test(test_relate_two),
		cmocka_unit_test(test_typo),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
