/*
 * triton_module.c: layouts named in a Triton module (.mlir, .ttgir):
 * `#name = #ttg....` alias definitions at the start of a line, the module's
 * `"ttg.threads-per-warp" = 32 : i32`, `"ttg.num-warps"` and
 * `"ttg.num-ctas"` attributes (`triton_gpu.` too), and the shape of a
 * `tensor<AxBx...xT, #name>` that uses the alias.  Errors carry the file's
 * own line numbers.  Aliases of other dialects (`#loc = loc(...)`) are
 * skipped, not parsed.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "triton.h"

#define TT_MAX_FILE ((long)1 << 26)

typedef struct module {
	tt_src src;
	axe_loc where;
	char *text;
	tt_alias *alias;
	size_t nalias;
	int threads, warps, ctas;
} module;

static void module_release(module *m)
{
	for (size_t i = 0; i < m->nalias; i++)
		tt_value_free(m->alias[i].value);
	free(m->alias);
	free(m->text);
}

static int read_file(const char *path, module *m, axe_error *err)
{
	FILE *f = fopen(path, "rb");
	long size = 0;

	if (!f)
		return axe_error_set(err, AXE_ERR_IO, NULL, 0, "cannot read '%s': %s", path,
				     strerror(errno));
	if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || size > TT_MAX_FILE ||
	    fseek(f, 0, SEEK_SET) != 0 || !(m->text = malloc((size_t)size + 1)) ||
	    fread(m->text, 1, (size_t)size, f) != (size_t)size) {
		fclose(f);
		return axe_error_set(err, AXE_ERR_IO, NULL, 0, "cannot read '%s'%s", path,
				     size > TT_MAX_FILE ? " (larger than 64 MiB)" : "");
	}
	fclose(f);
	m->text[size] = '\0';
	m->where = (axe_loc){ path, 1, 1, NULL, 0 };
	/* A NUL inside the file ends the text the scanner reads. */
	m->src = (tt_src){ m->text, strnlen(m->text, (size_t)size), &m->where };
	return 0;
}

static bool is_name(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$' || c == '-';
}

static bool triton_value(const tt_src *src, size_t p)
{
	return (p + 5 <= src->len && memcmp(src->text + p, "#ttg.", 5) == 0) ||
	       (p + 12 <= src->len && memcmp(src->text + p, "#triton_gpu.", 12) == 0);
}

/* One `#name = VALUE` line at "p" (its '#'); only Triton layouts are parsed. */
static int alias_line(module *m, size_t p, axe_error *err)
{
	const tt_src *src = &m->src;
	size_t s = p, q;
	tt_alias *grown;
	tt_value *v;

	for (p++; p < src->len && is_name(src->text[p]); p++)
		;
	q = p;
	while (q < src->len && (src->text[q] == ' ' || src->text[q] == '\t'))
		q++;
	if (q >= src->len || src->text[q] != '=' || p - s >= sizeof(m->alias[0].name))
		return 0;
	q++;
	while (q < src->len && (src->text[q] == ' ' || src->text[q] == '\t'))
		q++;
	if (!triton_value(src, q))
		return 0;
	if (!(v = tt_parse_value(src, &q, err)))
		return -1;
	if (!(grown = realloc(m->alias, (m->nalias + 1) * sizeof(tt_alias)))) {
		tt_value_free(v);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	m->alias = grown;
	snprintf(m->alias[m->nalias].name, sizeof(m->alias[0].name), "%.*s", (int)(p - s),
		 src->text + s);
	m->alias[m->nalias++].value = v;
	return 0;
}

/* The integer after `"DIALECT.KEY" =` for dialect ttg or triton_gpu; 0 when absent. */
static int module_int(const module *m, const char *key)
{
	static const char *const dialect[] = { "ttg", "triton_gpu" };
	char pattern[64];

	for (size_t i = 0; i < 2; i++) {
		const char *hit;

		snprintf(pattern, sizeof(pattern), "\"%s.%s\"", dialect[i], key);
		if ((hit = strstr(m->text, pattern))) {
			const char *p = hit + strlen(pattern);
			long v;

			while (*p == ' ' || *p == '\t')
				p++;
			if (*p != '=')
				continue;
			v = strtol(p + 1, NULL, 10);
			return v > 0 && v <= (1 << 20) ? (int)v : 0;
		}
	}
	return 0;
}

static int scan(module *m, axe_error *err)
{
	for (size_t p = 0; p < m->src.len;) {
		size_t q = p;

		while (q < m->src.len && (m->text[q] == ' ' || m->text[q] == '\t'))
			q++;
		if (q < m->src.len && m->text[q] == '#' && alias_line(m, q, err) < 0)
			return -1;
		while (p < m->src.len && m->text[p] != '\n')
			p++;
		p++;
	}
	m->threads = module_int(m, "threads-per-warp");
	m->warps = module_int(m, "num-warps");
	m->ctas = module_int(m, "num-ctas");
	return 0;
}

/* The dims after the next `tensor<` or `memdesc<` (shared memory) from "p", or NULL. */
static const char *next_type(const char *p)
{
	const char *t = strstr(p, "tensor<"), *m = strstr(p, "memdesc<");

	if (t && (!m || t < m))
		return t + strlen("tensor<");
	return m ? m + strlen("memdesc<") : NULL;
}

/*
 * The shape of the values typed with "alias": every `tensor<AxB..xT, #alias>`
 * or `!ttg.memdesc<AxB..xT, #alias, ...>`; 0 with typed->rank 0 when none,
 * -1 when two disagree.
 */
static int alias_shape(const module *m, const char *alias, axe_shape *typed, axe_error *err)
{
	size_t n = strlen(alias);
	const char *p = m->text;

	typed->rank = 0;
	while ((p = next_type(p))) {
		const char *q = p, *e;
		axe_shape s = { 0 };

		while (isdigit((unsigned char)*q) && s.rank < AXE_LINEAR_MAX_RANK) {
			s.dim[s.rank++] = strtol(q, (char **)&q, 10);
			if (*q != 'x')
				break;
			q++;
		}
		e = strchr(q, ',');
		if (!e || memchr(q, '>', (size_t)(e - q)))
			continue;
		e++;
		while (*e == ' ')
			e++;
		if (strncmp(e, alias, n) != 0 || is_name(e[n]))
			continue;
		if (typed->rank && (typed->rank != s.rank ||
				    memcmp(typed->dim, s.dim, s.rank * sizeof(int64_t)) != 0))
			return tt_error(&m->src, (size_t)(e - m->text), n, err,
					"%s types tensors of two shapes; give --shape", alias);
		*typed = s;
	}
	return 0;
}

/* The alias "alias" of a module whose text is m->text (loaded), into "out". */
static int module_import(module *m, const char *alias, const axe_import_opts *opts,
			 axe_import *out, axe_error *err)
{
	const char *names[64];
	const tt_value *ref = NULL;
	axe_shape typed;
	tt_ctx c;

	if (scan(m, err) < 0)
		return -1;
	for (size_t i = 0; i < m->nalias; i++)
		if (strcmp(m->alias[i].name, alias) == 0)
			ref = m->alias[i].value;
	if (!ref) {
		size_t n = m->nalias < 64 ? m->nalias : 64;
		const char *near;

		for (size_t i = 0; i < n; i++)
			names[i] = m->alias[i].name;
		axe_error_set(err, AXE_ERR_NAME, NULL, 0, "'%s' defines no Triton layout '%s'",
			      m->where.source, alias);
		if ((near = axe_suggest(alias, names, n)))
			axe_error_hint(err, "did you mean '%s'?", near);
		return -1;
	}
	if (alias_shape(m, alias, &typed, err) < 0)
		return -1;
	c = (tt_ctx){ &m->src, m->alias, m->nalias,
		      m->threads ? m->threads : opts ? opts->threads_per_warp : 0,
		      m->warps ? m->warps : opts ? opts->num_warps : 0, 0,
		      m->ctas ? m->ctas : opts ? opts->num_ctas : 0 };
	return tt_import_value(&c, ref, ref->pos, opts, &typed, -1, out, err);
}

int tt_import_module_text(const char *path, const char *text, size_t len, const char *alias,
			  const axe_import_opts *opts, axe_import *out, axe_error *err)
{
	module m = { 0 };
	int rc;

	memset(out, 0, sizeof(*out));
	out->dtype = -1;
	/* The scanner reads the text as a C string: a copy with its terminator. */
	if (!(m.text = malloc(len + 1)))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	memcpy(m.text, text, len);
	m.text[len] = '\0';
	m.where = (axe_loc){ path, 1, 1, NULL, 0 };
	m.src = (tt_src){ m.text, strnlen(m.text, len), &m.where };
	rc = module_import(&m, alias, opts, out, err);
	module_release(&m);
	return rc;
}

int axe_triton_import_file(const char *path, const char *alias, const axe_import_opts *opts,
			   axe_import *out, axe_error *err)
{
	module m = { 0 };
	int rc = -1;

	memset(out, 0, sizeof(*out));
	out->dtype = -1;
	if (read_file(path, &m, err) == 0)
		rc = module_import(&m, alias, opts, out, err);
	module_release(&m);
	return rc;
}
