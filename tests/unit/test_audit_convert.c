/*
 * test_audit_convert.c: what ttg.convert_layout lowers to
 * (src/audit/convert.c, and swizzle.c for the shared-memory path), against
 * Triton's own lit tests.  The cases, each with its repository, commit,
 * file and test function, are the table tests/data/audit/cvt_cases.txt
 * (its header says how a case reads); this file only checks them.  A case
 * marked "known:" is one where axe-layout disagrees with Triton, for the
 * reason given: it must still disagree, so that a fix removes the mark.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "audit/audit.h"
#include "audit/swizzle.h"
#include "audit_table.h"

/* What axe-layout says of one case. */
typedef struct answer {
	axe_audit_convert cvt;
	int64_t generic_scratch; /* the generic allocation's bytes (arch 0) */
	char error[600];         /* set when the case could not be analysed */
} answer;

static int layout_of(const char *text, const axe_shape *shape, axe_linear *L, answer *a)
{
	axe_error err = { 0 };

	if (tt_linear_of_text(text, shape, L, &err) == 0)
		return 0;
	snprintf(a->error, sizeof(a->error), "cannot read the layout: %s", err.message);
	return -1;
}

static void analyse(const char **f, const table_source *src, answer *a)
{
	axe_shape shape = table_shape(f[1]);
	axe_linear s, d;
	axe_error err = { 0 };
	int bits = table_dtype_bits(f[2]);
	int64_t read, write;

	memset(a, 0, sizeof(*a));
	if (layout_of(f[3], &shape, &s, a) < 0 || layout_of(f[4], &shape, &d, a) < 0)
		return;
	if (axe_audit_convert_layout(&s, &d, bits, src->arch ? src->arch : 80, &a->cvt, &err) < 0) {
		snprintf(a->error, sizeof(a->error), "%s", err.message);
		return;
	}
	if (src->arch == 0 && a->cvt.cls == AXE_CVT_SHARED &&
	    audit_swizzle_ldst(&s, &d, bits < 8 ? 8 : bits, NULL, &read, &write, &a->generic_scratch,
			       &err) < 0)
		snprintf(a->error, sizeof(a->error), "%s", err.message);
}

static const char *class_name(axe_audit_cvt_class c)
{
	static const char *const names[] = { "noop", "registers", "shuffle", "shared" };

	return names[c];
}

/* The figure an expectation key names, as axe-layout computes it. */
static bool figure(const char *key, const answer *a, const table_source *src, int64_t *out)
{
	const axe_audit_convert *c = &a->cvt;
	bool shared = c->cls == AXE_CVT_SHARED;

	if (strcmp(key, "shfl") == 0)
		*out = c->shuffles;
	else if (strcmp(key, "st") == 0)
		*out = shared ? c->store.instructions : 0;
	else if (strcmp(key, "ld") == 0)
		*out = shared ? c->load.instructions : 0;
	else if (strcmp(key, "st_bits") == 0)
		*out = c->store.vector_bits;
	else if (strcmp(key, "ld_bits") == 0)
		*out = c->load.vector_bits;
	else if (strcmp(key, "rounds") == 0)
		*out = c->rounds;
	else if (strcmp(key, "scratch") == 0)
		*out = src->arch == 0 ? a->generic_scratch : shared ? c->scratch_bytes : 0;
	else
		return false;
	return true;
}

/* One expectation "key=value"; false with "why" filled when axe-layout says otherwise. */
static bool holds(const char *expect, const answer *a, const table_source *src, char *why, size_t n)
{
	char key[32];
	const char *eq = strchr(expect, '='), *want;
	int64_t got;

	if (!eq || (size_t)(eq - expect) >= sizeof(key))
		fail_msg("bad expectation '%s'", expect);
	snprintf(key, sizeof(key), "%.*s", (int)(eq - expect), expect);
	want = eq + 1;
	if (strcmp(key, "class") == 0) {
		bool ok = strcmp(want, "not-shared") == 0 ? a->cvt.cls != AXE_CVT_SHARED
							  : strcmp(want, class_name(a->cvt.cls)) == 0;

		snprintf(why, n, "class %s, Triton %s", class_name(a->cvt.cls), want);
		return ok;
	}
	if (strcmp(key, "ld_instr") == 0 || strcmp(key, "st_instr") == 0) {
		const char *instr = key[0] == 'l' ? a->cvt.load.instr : a->cvt.store.instr;

		snprintf(why, n, "%s %s, Triton %s", key, instr, want);
		return strncmp(instr, want, strlen(want)) == 0;
	}
	if (strcmp(key, "barrier") == 0) {
		snprintf(why, n, "barrier %s, Triton %s", a->cvt.barrier, want);
		if (strcmp(want, "not-cluster") == 0)
			return a->cvt.barrier[0] && strcmp(a->cvt.barrier, "barrier.cluster") != 0;
		return strcmp(a->cvt.barrier, want) == 0;
	}
	if (!figure(key, a, src, &got))
		fail_msg("unknown expectation '%s'", key);
	snprintf(why, n, "%s %lld, Triton %s", key, (long long)got, want);
	return table_count_holds(want, got);
}

/* Every expectation of "expected"; the disagreements are written to "why". */
static bool agrees(char *expected, const answer *a, const table_source *src, char *why, size_t n)
{
	bool all = true;

	why[0] = '\0';
	if (a->error[0]) {
		snprintf(why, n, "%s", a->error);
		return false;
	}
	for (char *tok = strtok(expected, " "); tok; tok = strtok(NULL, " ")) {
		char one[160];

		if (!holds(tok, a, src, one, sizeof(one))) {
			size_t used = strlen(why);

			snprintf(why + used, n - used, "%s%s", all ? "" : "; ", one);
			all = false;
		}
	}
	return all;
}

static void check_case(table *t, char *line)
{
	char *f[TABLE_MAX_FIELDS], why[1024];
	int n = table_split(line, f);
	const char *known = n == 7 ? f[6] : NULL;
	answer a;

	if (n != 6 && !(n == 7 && strncmp(known, "known: ", 7) == 0))
		fail_msg("bad case line: %s", f[0]);
	const table_source *src = table_source_of(&t->sources, f[0]);

	analyse((const char **)f, src, &a);
	bool ok = agrees(f[5], &a, src, why, sizeof(why));

	table_tally(t, f[0], ok, known != NULL, why);
}

static void test_lit_cases(void **state)
{
	table t = { 0 };

	(void)state;
	table_walk("cvt_cases.txt", &t, check_case);
	print_message("cvt_cases.txt: %d conversions, %d agree with Triton, %d known "
		      "disagreements\n", t.cases, t.agree, t.known);
	assert_true(t.cases >= 39); /* the table read whole */
	assert_int_equal(t.failures, 0);
}

/* A layout converted to itself is nothing to Triton (minimalCvtLayout is empty). */
static void test_same_layout_is_noop(void **state)
{
	static const char blocked[] = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = "
				      "[8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>";
	axe_shape shape = table_shape("16x16");
	axe_linear L;
	axe_audit_convert got;

	(void)state;
	assert_int_equal(tt_linear_of_text(blocked, &shape, &L, NULL), 0);
	assert_int_equal(axe_audit_convert_layout(&L, &L, 16, 90, &got, NULL), 0);
	assert_int_equal(got.cls, AXE_CVT_NOOP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lit_cases),
		cmocka_unit_test(test_same_layout_is_noop),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
