/*
 * report.c: the library API's reports (axe.h, "Reports"): the output of a
 * command-like call, streamed or kept, with the command's exit status, the
 * reason for it and the warnings the command prints on stderr.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../output/diag.h"
#include "api.h"

axe_report *axe_report_open(FILE *out, axe_error *err)
{
	/* Not calloc: reason and notes are 6 KiB that only their first byte needs. */
	axe_report *r = malloc(sizeof(*r));

	if (!r)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory"), NULL;
	memset(r, 0, offsetof(axe_report, reason));
	r->reason[0] = r->notes[0] = '\0';
	if (!out) {
		if (axe_buffer_open(&r->buf, err) < 0) {
			free(r);
			return NULL;
		}
		r->w = r->buf.w;
		return r;
	}
	r->w = malloc(sizeof(*r->w));
	if (!r->w) {
		free(r);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory"), NULL;
	}
	axe_writer_init(r->w, out);
	r->stream = out;
	return r;
}

void axe_report_note(axe_report *r, const char *fmt, ...)
{
	size_t n = strlen(r->notes);
	va_list ap;

	if (n + 2 >= sizeof(r->notes))
		return;
	va_start(ap, fmt);
	vsnprintf(r->notes + n, sizeof(r->notes) - n - 1, fmt, ap);
	va_end(ap);
	n = strlen(r->notes);
	if (n > 0 && r->notes[n - 1] != '\n')
		strcat(r->notes, "\n");
}

axe_report *axe_report_close(axe_report *r, int status, const char *reason, axe_error *err)
{
	bool ok;

	if (!r)
		return NULL;
	r->status = status;
	snprintf(r->reason, sizeof(r->reason), "%s", status != AXE_EXIT_OK && reason ? reason : "");
	if (r->stream) {
		ok = axe_writer_flush(r->w) && fflush(r->stream) == 0;
		free(r->w);
		r->w = NULL;
		if (!ok) {
			axe_error_set(err, AXE_ERR_IO, NULL, 0, "cannot write the output");
			axe_report_free(r);
			return NULL;
		}
		return r;
	}
	r->w = NULL;
	r->text = axe_buffer_close(&r->buf, err);
	if (!r->text) {
		axe_report_free(r);
		return NULL;
	}
	return r;
}

void axe_report_free(axe_report *r)
{
	if (!r)
		return;
	if (r->stream)
		free(r->w);
	else if (r->buf.w)
		axe_buffer_discard(&r->buf);
	free(r->text);
	free(r);
}

const char *axe_report_text(const axe_report *r)
{
	return r->text ? r->text : "";
}

int axe_report_status(const axe_report *r)
{
	return r->status;
}

const char *axe_report_reason(const axe_report *r)
{
	return r->reason;
}

const char *axe_report_notes(const axe_report *r)
{
	return r->notes;
}

char *axe_error_to_string(const axe_error *err, const char *program)
{
	axe_buffer b;
	axe_error ignored;

	axe_error_init(&ignored);
	if (axe_buffer_open(&b, &ignored) < 0)
		return NULL;
	/* The diagnostic printer writes through stdio, not the writer. */
	axe_print_error(b.file, program ? program : "axe-layout", err);
	return axe_buffer_close(&b, &ignored);
}

void axe_error_set_message(axe_error *err, int code, const char *fmt, ...)
{
	char message[sizeof(err->message)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
	axe_error_set(err, code, NULL, 0, "%s", message);
}

axe_walk_options axe_api_walk(const axe_walk *walk, axe_progress *progress)
{
	axe_walk_options o = { 0 };

	if (!walk)
		return o;
	o.jobs = walk->jobs;
	if (walk->progress) {
		*progress = (axe_progress){ walk->progress, walk->progress_ctx };
		o.progress = progress;
	}
	return o;
}
