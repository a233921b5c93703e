/*
 * inproc.c: in-process figures for `make bench` (bench/cases/inproc.sh):
 * the C API's calls timed inside one process, start-up and output to a
 * terminal excluded, each the median of several rounds of many calls.
 * Prints one line per case: NAME SECONDS_PER_CALL, the algebra twice: from
 * text to a report (NAME) and on values read once (NAME_value).  Built
 * against the installed header only (axe.h), like a library user.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>

#include "axe.h"

typedef axe_report *call_fn(const char *a, const char *b, axe_error *err);

static axe_report *compose(const char *a, const char *b, axe_error *err)
{
	axe_compose_request req = { 0 };

	return axe_compose_report(a, b, &req, AXE_OUTPUT_JSON, NULL, err);
}

static axe_report *coalesce(const char *a, const char *b, axe_error *err)
{
	axe_coalesce_request req = { 0 };

	(void)b;
	return axe_coalesce_report(a, &req, AXE_OUTPUT_JSON, NULL, err);
}

static axe_report *complement(const char *a, const char *b, axe_error *err)
{
	axe_complement_request req = { .cosize = b };

	return axe_complement_report(a, &req, AXE_OUTPUT_JSON, NULL, err);
}

static axe_report *right_inverse(const char *a, const char *b, axe_error *err)
{
	axe_inverse_request req = { 0 };

	(void)b;
	return axe_inverse_report(a, &req, AXE_OUTPUT_JSON, NULL, err);
}

static axe_report *zipped_divide(const char *a, const char *b, axe_error *err)
{
	axe_divide_request req = { .kind = "zipped" };

	return axe_divide_report(a, b, &req, AXE_OUTPUT_JSON, NULL, err);
}

static axe_report *info(const char *a, const char *b, axe_error *err)
{
	(void)b;
	return axe_info_report(a, NULL, AXE_OUTPUT_JSON, NULL, err);
}

static const struct {
	const char *name;
	call_fn *fn;
	const char *a, *b;
} cases[] = {
	{ "compose", compose, "(128,256):(256,1)", "(128,256):(1,128)" },
	{ "coalesce", coalesce, "((8,16),(16,16)):((16,1),(2048,128))", NULL },
	{ "complement", complement, "128:256", "65536" },
	{ "right_inverse", right_inverse, "(128,256):(256,1)", NULL },
	{ "zipped_divide", zipped_divide, "(64,64):(64,1)", "<8,16>" },
	{ "import_2^24", info, "cute:(4096,4096):(4096,1)", NULL },
};

/* The same operations on values read once (axe.h, "[cute values]"): no text on the way. */
static axe_cute_value *operand[6][2];

static axe_cute_value *value_call(size_t k, axe_error *err)
{
	axe_cute_value *a = operand[k][0], *b = operand[k][1];

	switch (k) {
	case 0: return axe_cute_value_compose(a, b, err);
	case 1: return axe_cute_value_coalesce(a, NULL, err);
	case 2: return axe_cute_value_complement(a, 65536, err);
	case 3: return axe_cute_value_inverse(a, 0, err);
	case 4: return axe_cute_value_divide(a, b, "zipped", err);
	default: return NULL;
	}
}

/* Read the operands of the value cases: the report cases' texts. */
static void read_operands(void)
{
	axe_error err;

	axe_error_init(&err);
	for (size_t k = 0; k < 5; k++) {
		operand[k][0] = axe_cute_value_read(cases[k].a, &err);
		if (cases[k].b && cases[k].b[0] == '<') { /* <8,16>: a tiler of 8 and 16 */
			axe_cute_value *m[2] = { axe_cute_value_read("8", &err),
						 axe_cute_value_read("16", &err) };

			operand[k][1] = axe_cute_value_tiler((const axe_cute_value *const *)m, 2, &err);
			axe_cute_value_free(m[0]), axe_cute_value_free(m[1]);
		} else if (cases[k].b && k != 2) {
			operand[k][1] = axe_cute_value_read(cases[k].b, &err);
		}
		if (err.code) {
			fprintf(stderr, "inproc: reading the operands of %s: %s\n", cases[k].name,
				err.message);
			exit(1);
		}
	}
}

/* One call of case "k" (a value case when "values"); a failure ends the bench. */
static void call(size_t k, bool values)
{
	axe_error err;
	bool ok;

	axe_error_init(&err);
	if (values) {
		axe_cute_value *v = value_call(k, &err);

		ok = v != NULL;
		axe_cute_value_free(v);
	} else {
		axe_report *r = cases[k].fn(cases[k].a, cases[k].b, &err);

		ok = r && axe_report_status(r) == 0;
		axe_report_free(r);
	}
	if (!ok) {
		fprintf(stderr, "inproc: %s failed: %s\n", cases[k].name, err.message);
		exit(1);
	}
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* Seconds per call of case "k": the median of 7 rounds of calls lasting ~20 ms each. */
static double per_call(size_t k, bool values)
{
	double round[7], start;
	int calls = 1;

	for (;;) {
		start = now();
		for (int i = 0; i < calls; i++)
			call(k, values);
		if (now() - start > 0.02 || calls >= 1 << 20)
			break;
		calls *= 2;
	}
	for (int j = 0; j < 7; j++) {
		start = now();
		for (int i = 0; i < calls; i++)
			call(k, values);
		round[j] = (now() - start) / calls;
	}
	qsort(round, 7, sizeof(double), cmp_double);
	return round[3];
}

int main(void)
{
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
		printf("%s %.9f\n", cases[k].name, per_call(k, false));
	read_operands();
	for (size_t k = 0; k < 5; k++)
		printf("%s_value %.9f\n", cases[k].name, per_call(k, true));
	return 0;
}
