/*
 * check.h: what the C API test programs share (the files tests/api/NAME_test.c): TAP
 * output, one line per check.  Each program is built only against the
 * installed header and `pkg-config --cflags --libs axelayout` and runs
 * under ASan+UBSan, so every call is also checked for leaks.
 */
#ifndef AXE_TESTS_API_CHECK_H
#define AXE_TESTS_API_CHECK_H

#include <axe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures, checks;

static void check(int ok, const char *what)
{
	checks++;
	if (!ok)
		failures++;
	printf("%s %d - %s\n", ok ? "ok" : "not ok", checks, what);
}

static inline int contains(const char *text, const char *part)
{
	return text && strstr(text, part) != NULL;
}

/* The map of "text" read with "o", or NULL (a check fails). */
static inline axe_map *read_map_with(const char *text, const axe_map_options *o)
{
	axe_error err;
	axe_map *m;

	axe_error_init(&err);
	m = axe_map_read(text, o, &err);
	if (!m)
		printf("# %s: %s\n", text, err.message);
	return m;
}

/* The map of "text" with --shape and --dtype (NULL: none), or NULL (a check fails). */
static inline axe_map *read_map(const char *text, const char *shape, const char *dtype)
{
	return read_map_with(text, &(axe_map_options){ .shape = shape, .dtype = dtype });
}

/* The TAP plan line and the exit status. */
static inline int check_done(void)
{
	printf("1..%d\n", checks);
	return failures ? 1 : 0;
}

#endif
