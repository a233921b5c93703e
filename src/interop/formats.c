/*
 * formats.c: the table of notations (formats.def) and the lookups the
 * command line and specs use to find a notation's reader and writer.
 */
#include <ctype.h>
#include <string.h>

#include "interop.h"

/* The rows of formats.def; the last row is an end marker. */
static const axe_notation formats[] = {
#define FORMAT(name, reader, writer) { name, reader, writer },
#define FILE_FORMAT(suffix, reader)
#include "formats.def"
#undef FILE_FORMAT
#undef FORMAT
	{ NULL, NULL, NULL },
};

static const axe_file_format file_formats[] = {
#define FORMAT(name, reader, writer)
#define FILE_FORMAT(suffix, reader) { suffix, reader },
#include "formats.def"
#undef FILE_FORMAT
#undef FORMAT
	{ NULL, NULL },
};

static const char *const format_names[] = {
#define FORMAT(name, reader, writer) name,
#define FILE_FORMAT(suffix, reader)
#include "formats.def"
#undef FILE_FORMAT
#undef FORMAT
	NULL,
};

const axe_notation *axe_format_lookup(const char *name, size_t len)
{
	for (const axe_notation *f = formats; f->name; f++)
		if (strlen(f->name) == len && strncmp(f->name, name, len) == 0)
			return f;
	return NULL;
}

const char *const *axe_format_names(size_t *count)
{
	*count = sizeof(format_names) / sizeof(format_names[0]) - 1;
	return format_names;
}

/* The length of "@N" at "s" (a chunk number after a file's suffix), else 0. */
static size_t chunk_digits(const char *s)
{
	size_t n = 1;

	if (s[0] != '@' || !isdigit((unsigned char)s[1]))
		return 0;
	while (isdigit((unsigned char)s[n]))
		n++;
	return n;
}

const axe_file_format *axe_file_format_match(const char *arg, size_t *path_len)
{
	for (const axe_file_format *f = file_formats; f->suffix; f++) {
		size_t n = strlen(f->suffix);
		const char *at = strstr(arg, f->suffix);

		/*
		 * The first "suffix:" (or "suffix@N:", chunk N of a `// -----`
		 * file) with a path before it; names may hold ':'.
		 */
		while (at && !(at > arg && at[n + chunk_digits(at + n)] == ':'))
			at = strstr(at + 1, f->suffix);
		if (at) {
			*path_len = (size_t)(at - arg) + n + chunk_digits(at + n);
			return f;
		}
	}
	return NULL;
}

/* Lower-case letters, digits and '-' from a letter: how notation names look. */
static size_t name_length(const char *s)
{
	size_t n = 0;

	if (!islower((unsigned char)s[0]))
		return 0;
	while (islower((unsigned char)s[n]) || isdigit((unsigned char)s[n]) || s[n] == '-')
		n++;
	return n;
}

const axe_notation *axe_format_prefix(const char *arg, size_t *prefix_len, const char **suggest)
{
	size_t n = name_length(arg), count = 0;
	const char *const *names = axe_format_names(&count);
	const axe_notation *f;
	char word[32];

	*suggest = NULL;
	*prefix_len = 0;
	if (n == 0 || arg[n] != ':')
		return NULL;
	if ((f = axe_format_lookup(arg, n)) != NULL) {
		*prefix_len = n;
		return f;
	}
	if (n < sizeof(word)) {
		memcpy(word, arg, n);
		word[n] = '\0';
		*suggest = axe_suggest(word, names, count);
	}
	return NULL;
}

int axe_import_text(const axe_notation *format, const char *text, const axe_loc *where,
		    const axe_import_opts *opts, axe_import *out, axe_error *err)
{
	memset(out, 0, sizeof(*out));
	out->dtype = -1;
	if (format->import(text, where, opts, out, err) == 0)
		return 0;
	axe_import_release(out);
	return -1;
}
