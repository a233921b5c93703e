/*
 * module_out.c: the layouts of a Triton module file (module_out.h).  Text:
 * a header per chunk (lines, warps, threads per warp, CTAs, target), then
 * per layout its name and text, one line per use (line, op, value, type)
 * and, when it does not read, why.  JSON: {"module", "chunks": [...],
 * "layouts": [...], "summary"}.
 */
#include <stdio.h>
#include <string.h>

#include "module_out.h"

static void write_padded(axe_writer *w, const char *s, size_t width)
{
	size_t len = strlen(s);

	axe_write_str(w, s);
	for (; len < width; len++)
		axe_write_char(w, ' ');
}

/* An alias's text on one line: runs of spaces and newlines become one space. */
static void write_one_line(axe_writer *w, const char *s)
{
	bool space = false;

	for (; *s; s++) {
		bool blank = *s == ' ' || *s == '\n' || *s == '\t' || *s == '\r';

		if (blank && !space)
			axe_write_char(w, ' ');
		else if (!blank)
			axe_write_char(w, *s);
		space = blank;
	}
}

static void write_dims(axe_writer *w, const axe_shape *s, const char *sep)
{
	for (size_t d = 0; d < s->rank; d++) {
		if (d)
			axe_write_str(w, sep);
		axe_write_i64(w, s->dim[d]);
	}
}

/* "FILE@N:NAME" (or "FILE:NAME" for a file of one chunk): what names the layout. */
static void operand_text(const tt_layout_index *ix, const tt_layout_entry *e, char *buf,
			 size_t size)
{
	if (ix->file->nchunks > 1)
		snprintf(buf, size, "%s@%d:%s", ix->file->source, e->chunk, e->name);
	else
		snprintf(buf, size, "%s:%s", ix->file->source, e->name);
}

static void text_use(axe_writer *w, const tt_layout_use *u)
{
	char line[32];

	snprintf(line, sizeof(line), "    line %d", u->line);
	write_padded(w, line, 16);
	write_padded(w, u->op, 27);
	axe_write_char(w, ' ');
	write_padded(w, u->value[0] ? u->value : "-", 11);
	axe_write_char(w, ' ');
	axe_write_str(w, u->kind);
	axe_write_char(w, ' ');
	write_dims(w, &u->shape, "x");
	axe_write_str(w, u->shape.rank ? "x" : "");
	axe_write_str(w, u->pointer ? "ptr<" : "");
	axe_write_str(w, u->elem);
	axe_write_str(w, u->pointer ? ">\n" : "\n");
}

/* "chunk 0:    lines 1-97; 4 warps, 32 threads per warp, 1 CTA; target cuda:90" (what is known). */
static void text_chunk(axe_writer *w, const axe_mlir_chunk *c)
{
	const struct {
		int n;
		const char *what;
	} counts[] = { { c->num_warps, " warps" }, { c->threads_per_warp, " threads per warp" },
		       { c->num_ctas, c->num_ctas == 1 ? " CTA" : " CTAs" } };
	char buf[96];
	const char *sep = "; ";

	snprintf(buf, sizeof(buf), "chunk %d:    lines %d-%d", c->index, c->first_line,
		 c->last_line);
	axe_write_str(w, buf);
	for (size_t k = 0; k < sizeof(counts) / sizeof(counts[0]); k++)
		if (counts[k].n) {
			axe_write_str(w, sep);
			axe_write_i64(w, counts[k].n);
			axe_write_str(w, counts[k].what);
			sep = ", ";
		}
	if (c->target[0]) {
		axe_write_str(w, "; target ");
		axe_write_str(w, c->target);
	}
	axe_write_char(w, '\n');
}

static void text_index(axe_writer *w, const tt_layout_index *ix)
{
	size_t unread = 0;
	int chunk = -1;
	char buf[160];

	axe_write_str(w, "module:     ");
	axe_write_str(w, ix->file->source);
	snprintf(buf, sizeof(buf), "\nlayouts:    %zu; name one as %s for its info\n",
		 ix->nentries, ix->file->nchunks > 1 ? "FILE@CHUNK:NAME" : "FILE:NAME");
	axe_write_str(w, buf);
	for (size_t i = 0; i < ix->nentries; i++) {
		const tt_layout_entry *e = &ix->entry[i];

		if (e->chunk != chunk)
			text_chunk(w, &ix->file->chunk[chunk = e->chunk]);
		axe_write_str(w, "  ");
		axe_write_str(w, e->name);
		axe_write_str(w, e->alias ? " = " : " (inline) ");
		write_one_line(w, e->text);
		axe_write_char(w, '\n');
		for (size_t u = 0; u < e->nuses; u++)
			text_use(w, &ix->use[e->first_use + u]);
		if (!e->nuses)
			axe_write_str(w, "    (no type uses it)\n");
		if (!e->read) {
			axe_write_str(w, "    not read: ");
			axe_write_str(w, e->reason);
			axe_write_char(w, '\n');
			unread++;
		}
	}
	snprintf(buf, sizeof(buf), "read:       %zu of %zu\n", ix->nentries - unread, ix->nentries);
	axe_write_str(w, buf);
}

static void json_key(axe_writer *w, const char *key, const char *value)
{
	axe_write_str(w, ",\"");
	axe_write_str(w, key);
	axe_write_str(w, "\":");
	axe_write_json_string(w, value);
}

static void json_int(axe_writer *w, const char *key, int64_t value)
{
	axe_write_str(w, ",\"");
	axe_write_str(w, key);
	axe_write_str(w, "\":");
	axe_write_i64(w, value);
}

static void json_chunks(axe_writer *w, const axe_mlir_file *f)
{
	axe_write_str(w, ",\"chunks\":[");
	for (size_t k = 0; k < f->nchunks; k++) {
		const axe_mlir_chunk *c = &f->chunk[k];

		axe_write_str(w, k ? ",{\"chunk\":" : "{\"chunk\":");
		axe_write_i64(w, c->index);
		json_int(w, "first_line", c->first_line);
		json_int(w, "last_line", c->last_line);
		json_int(w, "num_warps", c->num_warps);
		json_int(w, "threads_per_warp", c->threads_per_warp);
		json_int(w, "num_ctas", c->num_ctas);
		json_key(w, "target", c->target);
		axe_write_char(w, '}');
	}
	axe_write_char(w, ']');
}

static void json_use(axe_writer *w, const tt_layout_use *u, bool first)
{
	axe_write_str(w, first ? "{\"line\":" : ",{\"line\":");
	axe_write_i64(w, u->line);
	json_key(w, "op", u->op);
	json_key(w, "value", u->value);
	json_key(w, "kind", u->kind);
	axe_write_str(w, ",\"shape\":[");
	write_dims(w, &u->shape, ",");
	axe_write_char(w, ']');
	json_key(w, "dtype", u->elem);
	axe_write_str(w, u->pointer ? ",\"pointer\":true}" : ",\"pointer\":false}");
}

static void json_entry(axe_writer *w, const tt_layout_index *ix, const tt_layout_entry *e)
{
	char operand[4200];

	axe_write_str(w, "{\"chunk\":");
	axe_write_i64(w, e->chunk);
	json_key(w, "name", e->name);
	operand_text(ix, e, operand, sizeof(operand));
	json_key(w, "operand", operand);
	json_int(w, "line", e->line);
	axe_write_str(w, e->alias ? ",\"alias\":true" : ",\"alias\":false");
	json_key(w, "text", e->text);
	axe_write_str(w, e->read ? ",\"read\":true" : ",\"read\":false");
	if (!e->read)
		json_key(w, "reason", e->reason);
	json_int(w, "shapes", (int64_t)e->nshapes);
	axe_write_str(w, ",\"uses\":[");
	for (size_t u = 0; u < e->nuses; u++)
		json_use(w, &ix->use[e->first_use + u], u == 0);
	axe_write_str(w, "]}");
}

void axe_print_module_layouts(axe_writer *w, const tt_layout_index *ix, axe_format format)
{
	size_t unread = 0;

	if (format != AXE_FORMAT_JSON) {
		text_index(w, ix);
		return;
	}
	axe_write_str(w, "{\"module\":");
	axe_write_json_string(w, ix->file->source);
	json_chunks(w, ix->file);
	axe_write_str(w, ",\"layouts\":[");
	for (size_t i = 0; i < ix->nentries; i++) {
		axe_write_str(w, i ? "," : "");
		json_entry(w, ix, &ix->entry[i]);
		unread += !ix->entry[i].read;
	}
	axe_write_str(w, "],\"summary\":{\"layouts\":");
	axe_write_i64(w, (int64_t)ix->nentries);
	json_int(w, "read", (int64_t)(ix->nentries - unread));
	axe_write_str(w, "}}\n");
}
