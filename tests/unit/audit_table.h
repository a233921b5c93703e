/*
 * audit_table.h: reading the kernel audit's tables of Triton's lit-test
 * cases (tests/data/audit/cvt_cases.txt, local_cases.txt): lines of fields
 * separated by " | ", "source" lines naming where the cases come from and
 * the target they lower for, Triton's element types and shapes.  Included
 * by test_audit_convert.c and test_audit_local.c (after cmocka.h).
 */
#ifndef AXE_TESTS_UNIT_AUDIT_TABLE_H
#define AXE_TESTS_UNIT_AUDIT_TABLE_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interop/triton.h"

#define TABLE_MAX_SOURCES 16
#define TABLE_MAX_FIELDS 8

/* One "source" line: the key of its cases and the target its RUN line lowers for. */
typedef struct table_source {
	char key[8];
	int arch; /* 80, 90, 100; 0: generic allocation (ld/st.shared tiles) */
} table_source;

typedef struct table_sources {
	table_source src[TABLE_MAX_SOURCES];
	int n;
} table_sources;

static FILE *table_open(const char *name)
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

static char *table_trim(char *s)
{
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n'))
		*--end = '\0';
	return s;
}

/* Split "line" at " | " into at most TABLE_MAX_FIELDS trimmed fields. */
static int table_split(char *line, char **field)
{
	int n = 0;

	for (char *p = line; p && n < TABLE_MAX_FIELDS;) {
		char *bar = strstr(p, " | ");

		if (bar)
			*bar = '\0';
		field[n++] = table_trim(p);
		p = bar ? bar + 3 : NULL;
	}
	return n;
}

/* Triton's element type spelling -> bits: pointers are 64-bit, f8E5M2 and kin 8. */
static int table_dtype_bits(const char *t)
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

/* "16x32" -> a shape. */
static axe_shape table_shape(const char *text)
{
	axe_shape s = { 0 };

	for (const char *p = text; *p;) {
		char *end;

		s.dim[s.rank++] = strtoll(p, &end, 10);
		if (end == p)
			fail_msg("bad shape '%s'", text);
		p = *end == 'x' ? end + 1 : end;
	}
	return s;
}

/* "N" must equal got; "N+" must be at most got. */
static bool table_count_holds(const char *want, int64_t got)
{
	char *end;
	long long n = strtoll(want, &end, 10);

	return *end == '+' ? got >= n : got == n;
}

static void table_read_source(table_sources *t, char *line)
{
	char key[8], repo[64], commit[48], file[160], target[16];

	if (t->n == TABLE_MAX_SOURCES ||
	    sscanf(line, "source %7s %63s %47s %159s %15s", key, repo, commit, file, target) != 5)
		fail_msg("bad source line: %s", line);
	snprintf(t->src[t->n].key, sizeof(t->src[0].key), "%s", key);
	t->src[t->n++].arch = strcmp(target, "generic") == 0 ? 0 : atoi(target);
}

static const table_source *table_source_of(const table_sources *t, const char *test)
{
	const char *colon = strchr(test, ':');

	for (int i = 0; colon && i < t->n; i++)
		if (strlen(t->src[i].key) == (size_t)(colon - test) &&
		    strncmp(t->src[i].key, test, (size_t)(colon - test)) == 0)
			return &t->src[i];
	fail_msg("%s: no source line for its key", test);
	return NULL;
}

/* A table's tally: its cases, how many agree with Triton, how many are marked known. */
typedef struct table {
	table_sources sources;
	int cases, agree, known;
	int failures;
} table;

/*
 * Count case "name": "ok" when we agree with Triton, "known" when the table
 * marks a disagreement.  A failure is a disagreement not marked ("why"
 * says how), or a marked case that agrees now (its mark must go).
 */
static void table_tally(table *t, const char *name, bool ok, bool known, const char *why)
{
	t->cases++;
	t->agree += ok;
	t->known += known;
	if (!ok && !known) {
		print_error("%s: %s\n", name, why);
		t->failures++;
	} else if (ok && known) {
		print_error("%s agrees now: remove its known: mark\n", name);
		t->failures++;
	}
}

/* Read the table "name": its "source" lines into t->sources, each case to "check". */
static void table_walk(const char *name, table *t, void (*check)(table *, char *))
{
	FILE *f = table_open(name);
	char line[4096];

	while (fgets(line, sizeof(line), f)) {
		char *s = table_trim(line);

		if (*s == '\0' || *s == '#')
			continue;
		if (strncmp(s, "source ", 7) == 0)
			table_read_source(&t->sources, s);
		else
			check(t, s);
	}
	fclose(f);
}

#endif
