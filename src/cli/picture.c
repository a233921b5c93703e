/*
 * picture.c: --format and -o for the commands that draw (see picture.h).
 */
#include <errno.h>
#include <string.h>

#include "picture.h"

int axe_picture_option(axe_picture_opts *p, const axe_command *cmd, int key, const char *arg)
{
	if (key == AXE_KEY_OUTPUT) {
		p->output = arg;
		return 1;
	}
	if (key != AXE_KEY_FORMAT)
		return 0;
	if (strcmp(arg, "text") == 0)
		p->form = AXE_OUTPUT_TEXT;
	else if (strcmp(arg, "svg") == 0)
		p->form = AXE_OUTPUT_SVG;
	else if (strcmp(arg, "html") == 0)
		p->form = AXE_OUTPUT_HTML;
	else if (strcmp(arg, "tex") == 0)
		p->form = AXE_OUTPUT_TEX;
	else
		return axe_usage_error(cmd, "--format takes text, svg, html or tex, not '%s'", arg),
		       -1;
	return 1;
}

FILE *axe_picture_open(const axe_picture_opts *p, axe_error *err)
{
	FILE *out;

	if (!p->output)
		return stdout;
	out = fopen(p->output, "w");
	if (!out)
		axe_error_set_message(err, AXE_ERR_IO, "cannot write '%s': %s", p->output,
			      strerror(errno));
	return out;
}

int axe_picture_close(const axe_picture_opts *p, FILE *out, bool failed, axe_error *err)
{
	int bad;

	if (out == stdout)
		return 0;
	bad = ferror(out) | fclose(out);
	if (bad || failed)
		remove(p->output); /* no half-written picture left behind */
	if (!bad)
		return 0;
	axe_error_set_message(err, AXE_ERR_IO, "cannot write '%s'", p->output);
	return -1;
}
