/*
 * check_out.c: formats check results; computes nothing.
 */
#include <string.h>

#include "check_out.h"

static const char *status_word(axe_check_status s)
{
	return s == AXE_CHECK_PASS ? "ok" : s == AXE_CHECK_FAIL ? "FAIL" : "SKIP";
}

void axe_print_check_lines(FILE *out, const axe_check_results *rep, bool verbose)
{
	for (size_t i = 0; i < rep->n; i++) {
		const axe_check_result *r = &rep->results[i];
		if (r->status == AXE_CHECK_PASS && !verbose)
			continue;
		fprintf(out, "%s:%d:%d: %s %s%s%s\n", rep->path, r->line, r->col,
			status_word(r->status), r->name, r->message[0] ? ": " : "", r->message);
	}
}

static void totals(const axe_check_results *reps, size_t n, size_t *p, size_t *f, size_t *s)
{
	*p = *f = *s = 0;
	for (size_t i = 0; i < n; i++) {
		*p += reps[i].passed;
		*f += reps[i].failed;
		*s += reps[i].skipped;
	}
}

void axe_print_check_summary(FILE *out, const axe_check_results *reps, size_t n, bool strict)
{
	size_t p, f, s;

	totals(reps, n, &p, &f, &s);
	fprintf(out, "%zu passed, %zu failed\n", p, f);
	/* A skip is neither: its own line, so that no one reads it as a pass. */
	if (s && strict)
		fprintf(out, "%zu skipped: not run here, and --strict fails on a skip\n", s);
	else if (s)
		fprintf(out, "%zu skipped: not run here (--strict fails on a skip)\n", s);
}

/* "s" escaped for a JSON string (quotes included) or an XML attribute. */
static void write_escaped(FILE *out, const char *s, bool xml)
{
	if (!xml)
		fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (xml && strchr("<>&\"'", c))
			fprintf(out, "&#%d;", c);
		else if (!xml && (c == '"' || c == '\\'))
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, xml ? "&#%d;" : "\\u%04x", c);
		else
			fputc(c, out);
	}
	if (!xml)
		fputc('"', out);
}

void axe_print_check_json(FILE *out, const axe_check_results *reps, size_t n)
{
	size_t p, f, s;
	bool first = true;

	totals(reps, n, &p, &f, &s);
	fputs("{\"checks\":[", out);
	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < reps[k].n; i++) {
			const axe_check_result *r = &reps[k].results[i];
			fputs(first ? "{\"file\":" : ",{\"file\":", out);
			first = false;
			write_escaped(out, reps[k].path, false);
			fprintf(out, ",\"line\":%d,\"col\":%d,\"kind\":", r->line, r->col);
			write_escaped(out, r->kind, false);
			fputs(",\"name\":", out);
			write_escaped(out, r->name, false);
			fprintf(out, ",\"status\":\"%s\",\"message\":",
				r->status == AXE_CHECK_PASS ? "pass"
				: r->status == AXE_CHECK_FAIL ? "fail" : "skip");
			write_escaped(out, r->message, false);
			fprintf(out, ",\"seconds\":%.6f}", r->seconds);
		}
	fprintf(out, "],\"passed\":%zu,\"failed\":%zu,\"skipped\":%zu}\n", p, f, s);
}

static void junit_case(FILE *out, const axe_check_results *rep, const axe_check_result *r)
{
	fputs("    <testcase classname=\"", out);
	write_escaped(out, rep->path, true);
	fputs("\" name=\"", out);
	write_escaped(out, r->name, true);
	fprintf(out, " (line %d)\" file=\"", r->line);
	write_escaped(out, rep->path, true);
	fprintf(out, "\" line=\"%d\" time=\"%.6f\"", r->line, r->seconds);
	if (r->status == AXE_CHECK_PASS) {
		fputs("/>\n", out);
		return;
	}
	fputs(">\n      <", out);
	fputs(r->status == AXE_CHECK_FAIL ? "failure" : "skipped", out);
	fputs(" message=\"", out);
	write_escaped(out, r->message, true);
	fputs(r->status == AXE_CHECK_FAIL ? "\" type=\"assertion\"/>\n" : "\"/>\n", out);
	fputs("    </testcase>\n", out);
}

void axe_print_check_junit(FILE *out, const axe_check_results *reps, size_t n)
{
	size_t p, f, s;
	double t = 0;

	totals(reps, n, &p, &f, &s);
	for (size_t k = 0; k < n; k++)
		t += reps[k].seconds;
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<testsuites name=\"axe-layout check\" tests=\"%zu\" failures=\"%zu\" "
		"errors=\"0\" skipped=\"%zu\" time=\"%.6f\">\n", p + f + s, f, s, t);
	for (size_t k = 0; k < n; k++) {
		const axe_check_results *rep = &reps[k];
		fputs("  <testsuite name=\"", out);
		write_escaped(out, rep->path, true);
		fprintf(out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\" "
			"time=\"%.6f\">\n", rep->n, rep->failed, rep->skipped, rep->seconds);
		for (size_t i = 0; i < rep->n; i++)
			junit_case(out, rep, &rep->results[i]);
		fputs("  </testsuite>\n", out);
	}
	fputs("</testsuites>\n", out);
}
