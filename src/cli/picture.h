/*
 * picture.h: the options every picture-drawing command shares (show, banks,
 * check-equal): --format text|svg|html and -o FILE, and where the output
 * goes.
 */
#ifndef AXE_CLI_PICTURE_H
#define AXE_CLI_PICTURE_H

#include <stdbool.h>
#include <stdio.h>

#include "../axe.h"
#include "options.h"

enum { AXE_KEY_FORMAT = 'f', AXE_KEY_OUTPUT = 'o' };

#define AXE_PICTURE_OPTIONS                                                              \
	{ "format", AXE_KEY_FORMAT, "F", "text (the default), svg, html or tex: a picture " \
					 "in one self-contained file (tex: LaTeX, TikZ)" },   \
	{ "output", AXE_KEY_OUTPUT, "FILE", "write to FILE instead of standard output" }

typedef struct axe_picture_opts {
	enum axe_output form; /* AXE_OUTPUT_TEXT unless --format says otherwise */
	const char *output; /* -o FILE, or NULL */
} axe_picture_opts;

/*
 * Store an option of AXE_PICTURE_OPTIONS: 1 when "key" is one, 0 when it is
 * not, -1 after a usage error for a bad --format value.
 */
int axe_picture_option(axe_picture_opts *p, const axe_command *cmd, int key, const char *arg);

static inline bool axe_picture_is_drawing(const axe_picture_opts *p)
{
	return p->form == AXE_OUTPUT_SVG || p->form == AXE_OUTPUT_HTML || p->form == AXE_OUTPUT_TEX;
}

/* Standard output, or -o FILE opened for writing; NULL with "err" set. */
FILE *axe_picture_open(const axe_picture_opts *p, axe_error *err);

/*
 * Close what axe_picture_open opened, removing the file when "failed" (the
 * command gave up half-way) or a write failed; -1 with "err" set when a
 * write failed.
 */
int axe_picture_close(const axe_picture_opts *p, FILE *out, bool failed, axe_error *err);

#endif
