/*
 * check.c: the runner of `checks:` (spec-format.md): each entry is one
 * mapping with a kind key from kinds.def and an optional `name:`.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../interop/interop.h"
#include "check.h"

static const struct {
	const char *key;
	axe_check_fn run;
} kinds[] = {
#define CHECK_KIND(key, fn) { key, fn },
#include "kinds.def"
#undef CHECK_KIND
};

#define NKINDS (sizeof(kinds) / sizeof(kinds[0]))

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static axe_check_result *next_result(axe_check_results *rep)
{
	if (rep->n == rep->cap) {
		size_t cap = rep->cap ? rep->cap * 2 : 16;
		axe_check_result *r = realloc(rep->results, cap * sizeof(*r));
		if (!r)
			return NULL;
		rep->results = r;
		rep->cap = cap;
	}
	memset(&rep->results[rep->n], 0, sizeof(axe_check_result));
	return &rep->results[rep->n++];
}

/* The kind key of "entry" and its value, or an error naming what is wrong. */
static int find_kind(const axe_spec *spec, const axe_node *entry, size_t *kind,
		     const axe_node **value, axe_error *err)
{
	const char *names[NKINDS + 1];
	axe_check_ctx ctx = { spec, entry, NULL, NULL, err };
	bool found = false;

	for (size_t k = 0; k < NKINDS; k++)
		names[k] = kinds[k].key;
	names[NKINDS] = "name";
	if (entry->kind != AXE_NODE_MAP)
		return axe_check_error(&ctx, entry, "a check is a mapping such as "
				       "'eval: {layout: L, at: [0, 0], expect: [...]}'");
	for (size_t i = 0; i < entry->nitems; i++) {
		const char *key = entry->keys[i]->scalar;
		size_t k = 0;
		if (strcmp(key, "name") == 0)
			continue;
		while (k < NKINDS && strcmp(key, kinds[k].key) != 0)
			k++;
		if (k == NKINDS) {
			const char *best = axe_suggest(key, names, NKINDS + 1);
			axe_check_error(&ctx, entry->keys[i], "unknown check kind '%s'", key);
			if (best)
				axe_error_hint(err, "did you mean '%s'?", best);
			return -1;
		}
		if (found)
			return axe_check_error(&ctx, entry->keys[i], "a check has one kind; "
					       "'%s' is a second one", key);
		found = true;
		*kind = k;
		*value = entry->items[i];
	}
	if (!found) {
		char list[256] = "";
		for (size_t k = 0; k < NKINDS; k++)
			axe_check_append(list, sizeof(list), "%s%s", k ? ", " : "", kinds[k].key);
		return axe_check_error(&ctx, entry, "a check needs a kind: one of %s", list);
	}
	return 0;
}

static int run_one(const axe_spec *spec, const axe_node *entry, axe_check_results *rep,
		   axe_error *err)
{
	axe_check_result *res = next_result(rep);
	const axe_node *value = NULL, *name;
	axe_check_ctx ctx = { spec, entry, NULL, res, err };
	size_t kind = 0;
	double start = now();

	if (!res)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	res->line = entry->line;
	res->col = entry->col;
	if (find_kind(spec, entry, &kind, &value, err) < 0)
		return -1;
	res->kind = kinds[kind].key;
	ctx.value = value;
	name = axe_node_get(entry, "name");
	if (name && name->kind != AXE_NODE_SCALAR)
		return axe_check_error(&ctx, name, "a check's 'name' is a string");
	if (kinds[kind].run(&ctx) < 0)
		return -1;
	if (name) /* the user's name wins over the runner's description */
		snprintf(res->name, sizeof(res->name), "%s", name->scalar);
	res->seconds = now() - start;
	rep->passed += res->status == AXE_CHECK_PASS;
	rep->failed += res->status == AXE_CHECK_FAIL;
	rep->skipped += res->status == AXE_CHECK_SKIP;
	return 0;
}

int axe_check_run(axe_spec *spec, axe_check_results *report, axe_error *err)
{
	const axe_node *checks = spec->checks;
	double start = now();

	memset(report, 0, sizeof(*report));
	report->path = spec->path;
	if (!checks)
		return 0;
	if (axe_import_spec(spec, err) < 0)
		return -1;
	for (size_t i = 0; i < checks->nitems; i++)
		if (run_one(spec, checks->items[i], report, err) < 0)
			return -1;
	report->seconds = now() - start;
	return 0;
}

void axe_check_report_release(axe_check_results *report)
{
	free(report->results);
	report->results = NULL;
	report->n = report->cap = 0;
}
