/*
 * buffer.c: the library API's strings: the output modules write through an
 * axe_writer onto an open_memstream stream, so that a returned string is
 * byte for byte what the command prints.  Each thread keeps the writer of
 * its last closed buffer for the next one: a call of the API then costs no
 * 64 KiB allocation (measured: a tenth of a small algebra call).
 */
#include <stdlib.h>
#include <string.h>

#include "api.h"

static _Thread_local axe_writer *spare_writer;

static axe_writer *writer_take(void)
{
	axe_writer *w = spare_writer;

	spare_writer = NULL;
	return w ? w : malloc(sizeof(*w));
}

/* Keep "w" for the thread's next buffer (one kept; it lives until the thread ends). */
static void writer_give_back(axe_writer *w)
{
	if (!spare_writer)
		spare_writer = w;
	else
		free(w);
}

int axe_buffer_open(axe_buffer *b, axe_error *err)
{
	memset(b, 0, sizeof(*b));
	b->file = open_memstream(&b->text, &b->size);
	b->w = writer_take();
	if (!b->file || !b->w) {
		axe_buffer_discard(b);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	axe_writer_init(b->w, b->file);
	return 0;
}

char *axe_buffer_close(axe_buffer *b, axe_error *err)
{
	bool ok = axe_writer_flush(b->w);
	char *text;

	writer_give_back(b->w);
	b->w = NULL;
	/* fclose sets b->text and b->size for the last time. */
	if (fclose(b->file) != 0)
		ok = false;
	b->file = NULL;
	text = b->text;
	b->text = NULL;
	if (!ok || !text) {
		free(text);
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	return text;
}

void axe_buffer_discard(axe_buffer *b)
{
	if (b->w)
		writer_give_back(b->w);
	if (b->file)
		fclose(b->file);
	free(b->text);
	memset(b, 0, sizeof(*b));
}

void axe_why_copy(char *why, size_t size, const char *text)
{
	if (why && size > 0)
		snprintf(why, size, "%s", text);
}

void axe_string_free(char *text)
{
	free(text);
}
