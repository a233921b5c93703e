/*
 * diag.c: the error display of axe-layout(1) ("DIAGNOSTICS"), after jq's locfile.c: the
 * position, the message, the source line and carets under the span.
 */
#include <string.h>

#include "diag.h"

static void print_carets(FILE *out, const axe_error *err)
{
	int len = (int)strlen(err->context);
	int span = err->span > 0 ? err->span : 1;

	if (err->context_col < 1 || err->context_col > len + 1)
		return;
	if (err->context_col - 1 + span > len + 1)
		span = len + 1 - (err->context_col - 1);
	fprintf(out, "  %s\n  %*s^", err->context, err->context_col - 1, "");
	for (int i = 1; i < span; i++)
		fputc('~', out);
	fputc('\n', out);
}

void axe_print_error(FILE *out, const char *program, const axe_error *err)
{
	if (err->source[0] == '\0')
		fprintf(out, "%s: error: %s\n", program, err->message);
	else if (err->line <= 0)
		fprintf(out, "%s: error: %s\n", err->source, err->message);
	else if (strcmp(err->source, "<arg>") == 0 || err->source[0] == '-')
		fprintf(out, "%s:%d: error: %s\n", err->source, err->col, err->message);
	else
		fprintf(out, "%s:%d:%d: error: %s\n", err->source, err->line, err->col,
			err->message);
	if (err->context[0] != '\0')
		print_carets(out, err);
	if (err->hint[0] != '\0')
		fprintf(out, "hint: %s\n", err->hint);
}
