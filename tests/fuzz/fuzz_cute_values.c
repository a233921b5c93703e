/*
 * fuzz_cute_values.c: libFuzzer target for CuTe's algebra on values (axe.h,
 * "[cute values]"), differential against the same operations on text
 * (axe_compose_report and the others, which the commands print).
 *
 * Input: a CuTe layout A on the first line and a layout B on the second.
 * Each operation runs both ways on small operands.
 * Invariants:
 *  - the two routes agree: the same layout (the value's print is the
 *    report's "cute" line), or both refuse (the value's reason is the
 *    report's), or both fail;
 *  - a value answers NULL only with an error set or a reason given;
 *  - evaluating the value at every index gives a number or a range error,
 *    never a crash.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axe.h"

#define MAX_POINTS 4096 /* proofs may enumerate every point: keep runs fast */

/* The "cute:" line of a text report, or "" when it refused; NULL on an error. */
static char *report_cute(axe_report *r, char *buf, size_t size)
{
	const char *text, *line;

	if (!r)
		return NULL;
	text = axe_report_text(r);
	buf[0] = '\0';
	if (axe_report_status(r) == AXE_EXIT_OK && (line = strstr(text, "cute:"))) {
		line += strspn(line + 5, " ") + 5;
		snprintf(buf, size, "%.*s", (int)strcspn(line, "\n"), line);
	}
	axe_report_free(r);
	return buf;
}

/* Both routes of one operation agree ("v" the value's answer, "r" the report). */
static void agree(axe_cute_value *v, const axe_error *verr, axe_report *r)
{
	char want[4096], *got;
	axe_error rerr;

	axe_error_init(&rerr);
	if (!v && verr->code == AXE_ERR_NONE && verr->message[0] == '\0')
		abort(); /* NULL with neither an error nor a reason */
	if (!report_cute(r, want, sizeof(want))) {
		if (v)
			abort(); /* the text route failed where the value answered */
		return;
	}
	if (!v) {
		if (verr->code != AXE_ERR_NONE || want[0] != '\0')
			abort(); /* an error, or a refusal where the text gave a layout */
		return;
	}
	got = axe_cute_value_to_string(v);
	if (!got || strcmp(got, want) != 0)
		abort();
	for (int64_t i = 0; i < axe_cute_value_size(v) && i < MAX_POINTS; i++) {
		int64_t out;

		axe_error_init(&rerr);
		if (axe_cute_value_eval(v, &i, 1, &out, &rerr) < 0 && rerr.code != AXE_ERR_OVERFLOW)
			abort();
	}
	axe_string_free(got);
	axe_cute_value_free(v);
}

/* One operation both ways: "call" on values, "report" on the texts. */
#define BOTH(CALL, REPORT)                                                   \
	do {                                                                 \
		axe_error ve, re;                                            \
		axe_cute_value *v;                                           \
		axe_error_init(&ve);                                         \
		axe_error_init(&re);                                         \
		v = (CALL);                                                  \
		agree(v, &ve, (REPORT));                                     \
	} while (0)

static void run(const char *at, const char *bt, const axe_cute_value *a,
		const axe_cute_value *b)
{
	static const char *const kinds[] = { "logical", "zipped", "tiled", "flat", "blocked",
					     "raked" };

	BOTH(axe_cute_value_coalesce(a, NULL, &ve),
	     axe_coalesce_report(at, NULL, AXE_OUTPUT_TEXT, NULL, &re));
	BOTH(axe_cute_value_filter(a, &ve), axe_filter_report(at, NULL, AXE_OUTPUT_TEXT, NULL, &re));
	BOTH(axe_cute_value_inverse(a, 0, &ve),
	     axe_inverse_report(at, NULL, AXE_OUTPUT_TEXT, NULL, &re));
	BOTH(axe_cute_value_inverse(a, 1, &ve),
	     axe_inverse_report(at, &(axe_inverse_request){ .left = 1 }, AXE_OUTPUT_TEXT, NULL,
				&re));
	BOTH(axe_cute_value_complement(a, 0, &ve),
	     axe_complement_report(at, NULL, AXE_OUTPUT_TEXT, NULL, &re));
	if (!b)
		return;
	BOTH(axe_cute_value_compose(a, b, &ve),
	     axe_compose_report(at, bt, NULL, AXE_OUTPUT_TEXT, NULL, &re));
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		if (k < 4)
			BOTH(axe_cute_value_divide(a, b, kinds[k], &ve),
			     axe_divide_report(at, bt, &(axe_divide_request){ .kind = kinds[k] },
					       AXE_OUTPUT_TEXT, NULL, &re));
		BOTH(axe_cute_value_product(a, b, kinds[k], &ve),
		     axe_product_report(at, bt, &(axe_product_request){ .kind = kinds[k] },
					AXE_OUTPUT_TEXT, NULL, &re));
	}
}

/* A value read from "text" when it is small enough to prove against, else NULL. */
static axe_cute_value *small(const char *text)
{
	axe_cute_value *v;
	axe_error err;

	axe_error_init(&err);
	v = axe_cute_value_read(text, &err);
	if (!v && err.code == AXE_ERR_NONE)
		abort(); /* a failed read says why */
	if (v && (axe_cute_value_size(v) > MAX_POINTS || axe_cute_value_cosize(v) > MAX_POINTS ||
		  axe_cute_value_cosize(v) < -MAX_POINTS)) {
		axe_cute_value_free(v);
		v = NULL;
	}
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *nl;
	axe_cute_value *a, *b = NULL;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	nl = strchr(text, '\n');
	if (nl)
		*nl++ = '\0';
	/* operands the text route reads as CuTe text too: not an Axe literal or a path */
	if (text[0] == '(' || (text[0] >= '0' && text[0] <= '9') || text[0] == '_') {
		a = small(text);
		if (a && nl && (nl[0] == '(' || (nl[0] >= '0' && nl[0] <= '9')))
			b = small(nl);
		if (a)
			run(text, b ? nl : NULL, a, b);
		axe_cute_value_free(b);
		axe_cute_value_free(a);
	}
	free(text);
	return 0;
}
