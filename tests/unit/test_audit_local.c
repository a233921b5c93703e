/*
 * test_audit_local.c: what ttg.local_load, local_store and local_alloc of
 * a value lower to (src/audit/local.c), against Triton's own lit tests.
 * The cases, each with its repository, commit, file and test function,
 * are the table tests/data/audit/local_cases.txt (its header says how a
 * case reads); this file only checks them.  A case marked "known:" is one
 * where axe-layout disagrees with Triton, for the reason given: it must
 * still disagree, so that a fix removes the mark.
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
#include "audit_table.h"

/* What axe-layout says of one case. */
typedef struct answer {
	axe_audit_smem smem;
	char error[600]; /* set when the case could not be analysed */
} answer;

static int layout_of(const char *text, const axe_shape *shape, axe_linear *L, answer *a)
{
	axe_error err = { 0 };

	if (tt_linear_of_text(text, shape, L, &err) == 0)
		return 0;
	snprintf(a->error, sizeof(a->error), "cannot read the layout: %s", err.message);
	return -1;
}

/* f: KEY, OP, SHAPE, DTYPE, REGISTER LAYOUT, SHARED LAYOUT. */
static void analyse(char **f, const table_source *src, answer *a)
{
	axe_shape shape = table_shape(f[2]);
	axe_linear regs, shared;
	axe_error err = { 0 };
	bool store = strcmp(f[1], "store") == 0;

	memset(a, 0, sizeof(*a));
	if (!store && strcmp(f[1], "load") != 0)
		fail_msg("%s: op '%s' is neither load nor store", f[0], f[1]);
	if (layout_of(f[4], &shape, &regs, a) < 0 || layout_of(f[5], &shape, &shared, a) < 0)
		return;
	if (axe_audit_local(&regs, &shared, table_dtype_bits(f[3]), store, src->arch, &a->smem,
			    &err) < 0)
		snprintf(a->error, sizeof(a->error), "%s", err.message);
}

/* instr=NAME (exact), NAME* (a prefix) or not-matrix (no ldmatrix/stmatrix). */
static bool instr_holds(const char *want, const char *got)
{
	size_t n = strlen(want);

	if (strcmp(want, "not-matrix") == 0)
		return strstr(got, "matrix") == NULL;
	if (n > 0 && want[n - 1] == '*')
		return strncmp(got, want, n - 1) == 0;
	return strcmp(got, want) == 0;
}

/* One expectation "key=value"; false with "why" filled when axe-layout says otherwise. */
static bool holds(const char *expect, const answer *a, char *why, size_t n)
{
	const char *eq = strchr(expect, '='), *want = eq ? eq + 1 : NULL;
	size_t klen = eq ? (size_t)(eq - expect) : 0;

	if (!eq)
		fail_msg("bad expectation '%s'", expect);
	if (klen == 5 && strncmp(expect, "instr", 5) == 0) {
		snprintf(why, n, "instr %s, Triton %s", a->smem.instr, want);
		return instr_holds(want, a->smem.instr);
	}
	if (klen == 1 && expect[0] == 'n') {
		snprintf(why, n, "n %lld, Triton %s", (long long)a->smem.instructions, want);
		return table_count_holds(want, a->smem.instructions);
	}
	if (klen == 4 && strncmp(expect, "bits", 4) == 0) {
		snprintf(why, n, "bits %d, Triton %s", a->smem.vector_bits, want);
		return table_count_holds(want, a->smem.vector_bits);
	}
	fail_msg("unknown expectation '%s'", expect);
	return false;
}

/* Every expectation of "expected"; the disagreements are written to "why". */
static bool agrees(char *expected, const answer *a, char *why, size_t n)
{
	bool all = true;

	why[0] = '\0';
	if (a->error[0]) {
		snprintf(why, n, "%s", a->error);
		return false;
	}
	for (char *tok = strtok(expected, " "); tok; tok = strtok(NULL, " ")) {
		char one[160];

		if (!holds(tok, a, one, sizeof(one))) {
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
	const char *known = n == 8 ? f[7] : NULL;
	answer a;

	if (n != 7 && !(n == 8 && strncmp(known, "known: ", 7) == 0))
		fail_msg("bad case line: %s", f[0]);
	analyse(f, table_source_of(&t->sources, f[0]), &a);
	bool ok = agrees(f[6], &a, why, sizeof(why));

	table_tally(t, f[0], ok, known != NULL, why);
}

static void test_lit_cases(void **state)
{
	table t = { 0 };

	(void)state;
	table_walk("local_cases.txt", &t, check_case);
	print_message("local_cases.txt: %d local loads and stores, %d agree with Triton, %d known "
		      "disagreements\n", t.cases, t.agree, t.known);
	assert_true(t.cases >= 28); /* the table read whole */
	assert_int_equal(t.failures, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lit_cases),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
