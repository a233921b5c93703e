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
#include "interop/triton.h"

#define MAX_SOURCES 16
#define MAX_FIELDS 8

/* One "source" line: the key of its cases and the target its RUN line lowers for. */
typedef struct source {
	char key[8];
	int arch;     /* 80, 90; 0: generic allocation (ld/st.shared tiles) */
} source;

typedef struct table {
	source src[MAX_SOURCES];
	int nsrc;
	int cases, agree, known;
	int failures;
} table;

/* What axe-layout says of one case. */
typedef struct answer {
	axe_audit_convert cvt;
	int64_t generic_scratch; /* the generic allocation's bytes (arch 0) */
	char error[600];         /* set when the case could not be analysed */
} answer;

static FILE *open_data(const char *name)
{
	char path[1024];
	const char *here = __FILE__, *slash = strstr(here, "tests/unit/");
	FILE *f;

	snprintf(path, sizeof(path), "tests/data/audit/%s", name);
	f = fopen(path, "r");
	if (!f && slash) {
		snprintf(path, sizeof(path), "%.*stests/data/audit/%s", (int)(slash - here), here,
			 name);
		f = fopen(path, "r");
	}
	if (!f)
		fail_msg("cannot find tests/data/audit/%s", name);
	return f;
}

static char *trim(char *s)
{
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n'))
		*--end = '\0';
	return s;
}

/* Split "line" at " | " into at most MAX_FIELDS trimmed fields. */
static int split_fields(char *line, char **field)
{
	int n = 0;

	for (char *p = line; p && n < MAX_FIELDS;) {
		char *bar = strstr(p, " | ");

		if (bar)
			*bar = '\0';
		field[n++] = trim(p);
		p = bar ? bar + 3 : NULL;
	}
	return n;
}

/* Triton's element type spelling -> bits: pointers are 64-bit, f8E5M2 and kin 8. */
static int dtype_bits(const char *t)
{
	static const struct {
		const char *name;
		int bits;
	} widths[] = {
		{ "i1", 1 },   { "i8", 8 },   { "i16", 16 }, { "f16", 16 }, { "bf16", 16 },
		{ "i32", 32 }, { "f32", 32 }, { "i64", 64 }, { "f64", 64 },
	};

	if (strncmp(t, "!tt.ptr<", 8) == 0)
		return 64;
	if (strncmp(t, "f8", 2) == 0)
		return 8;
	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++)
		if (strcmp(t, widths[i].name) == 0)
			return widths[i].bits;
	fail_msg("unknown element type '%s'", t);
	return 0;
}

static axe_shape shape_of(const char *text)
{
	axe_shape s = { 0 };

	for (const char *p = text; *p;) {
		char *end;

		s.dim[s.rank++] = strtoll(p, &end, 10);
		p = *end == 'x' ? end + 1 : end;
		if (end == p && *p)
			fail_msg("bad shape '%s'", text);
	}
	return s;
}

static int layout_of(const char *text, const axe_shape *shape, axe_linear *L, answer *a)
{
	axe_error err = { 0 };

	if (tt_linear_of_text(text, shape, L, &err) == 0)
		return 0;
	snprintf(a->error, sizeof(a->error), "cannot read the layout: %s", err.message);
	return -1;
}

static void analyse(const char **f, const source *src, answer *a)
{
	axe_shape shape = shape_of(f[1]);
	axe_linear s, d;
	axe_error err = { 0 };
	int bits = dtype_bits(f[2]);
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

/* "N" must equal got; "N+" must be at most got. */
static bool count_holds(const char *want, int64_t got)
{
	char *end;
	long long n = strtoll(want, &end, 10);

	return *end == '+' ? got >= n : got == n;
}

/* The figure an expectation key names, as axe-layout computes it. */
static bool figure(const char *key, const answer *a, const source *src, int64_t *out)
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
static bool holds(const char *expect, const answer *a, const source *src, char *why, size_t n)
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
	return count_holds(want, got);
}

/* Every expectation of "expected"; the disagreements are written to "why". */
static bool agrees(char *expected, const answer *a, const source *src, char *why, size_t n)
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

static void read_source(table *t, char *line)
{
	char key[8], repo[64], commit[48], file[160], target[16];

	if (t->nsrc == MAX_SOURCES ||
	    sscanf(line, "source %7s %63s %47s %159s %15s", key, repo, commit, file, target) != 5)
		fail_msg("bad source line: %s", line);
	snprintf(t->src[t->nsrc].key, sizeof(t->src[0].key), "%s", key);
	t->src[t->nsrc++].arch = strcmp(target, "generic") == 0 ? 0 : atoi(target);
}

static const source *source_of(const table *t, const char *test)
{
	const char *colon = strchr(test, ':');

	for (int i = 0; colon && i < t->nsrc; i++)
		if (strlen(t->src[i].key) == (size_t)(colon - test) &&
		    strncmp(t->src[i].key, test, (size_t)(colon - test)) == 0)
			return &t->src[i];
	fail_msg("%s: no source line for its key", test);
	return NULL;
}

static void check_case(table *t, char *line)
{
	char *f[MAX_FIELDS], why[1024];
	int n = split_fields(line, f);
	const char *known = n == 7 ? f[6] : NULL;
	answer a;

	if (n != 6 && !(n == 7 && strncmp(known, "known: ", 7) == 0))
		fail_msg("bad case line: %s", f[0]);
	const source *src = source_of(t, f[0]);

	analyse((const char **)f, src, &a);
	bool ok = agrees(f[5], &a, src, why, sizeof(why));

	t->cases++;
	t->agree += ok;
	t->known += known != NULL;
	if (!ok && !known) {
		print_error("%s: %s\n", f[0], why);
		t->failures++;
	} else if (ok && known) {
		print_error("%s agrees now: remove its known: mark\n", f[0]);
		t->failures++;
	}
}

static void test_lit_cases(void **state)
{
	FILE *f = open_data("cvt_cases.txt");
	char line[4096];
	table t = { 0 };

	(void)state;
	while (fgets(line, sizeof(line), f)) {
		char *s = trim(line);

		if (*s == '\0' || *s == '#')
			continue;
		if (strncmp(s, "source ", 7) == 0)
			read_source(&t, s);
		else
			check_case(&t, s);
	}
	fclose(f);
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
	axe_shape shape = shape_of("16x16");
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
