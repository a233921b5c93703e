/*
 * cute_tiled.c: the readers "cute-mma" and "cute-copy" (docs/interop.md,
 * "CuTe TiledMMA and TiledCopy dumps"): the text CuTe's print(TiledMMA) and
 * print(TiledCopy) write (CUTLASS 7107b0553, include/cute/atom/mma_atom.hpp
 * and copy_atom.hpp, the `print` overloads), read whole, one of its TV
 * layouts chosen: A, B or C of a TiledMMA, S (source) or D (destination)
 * of a TiledCopy.
 *
 * The operand text is SOURCE[:PART]: SOURCE is the dump itself (it starts
 * with "TiledMMA" or "TiledCopy") or the path of a file holding it.  The
 * part's TV layout is computed as CuTe computes it (cute_tiled_tv.c), read
 * as a cute-tv layout on the part's tile, and the result is validated
 * against cute_tiled_ref.c's point-by-point evaluation of the dump.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cute_private.h"
#include "cute_tiled.h"

#define MAX_DUMP_BYTES (1 << 20)

const char *axe_cute_tiled_parts(enum axe_tiled_kind kind)
{
	return kind == AXE_TILED_MMA ? "ABC" : "SD";
}

void axe_cute_tiled_release(axe_cute_tiled *t)
{
	axe_cute_layout_release(&t->vmnk);
	axe_cute_layout_release(&t->thr_id);
	axe_cute_layout_release(&t->tiled_tv);
	axe_cute_layout_release(&t->src);
	axe_cute_layout_release(&t->dst);
	axe_cute_layout_release(&t->ref);
	for (int i = 0; i < 3; i++) {
		axe_cute_layout_release(&t->perm[i]);
		axe_cute_layout_release(&t->atom_tv[i]);
	}
	for (int i = 0; i < 2; i++)
		axe_cute_layout_release(&t->tiler[i]);
}

/* ------------------------------------------------------------ lines -- */

/* One line of the dump and its place. */
typedef struct dump_line {
	const char *text;
	size_t len;
	axe_loc loc;       /* column 1 of the line */
} dump_line;

/* The place of byte "off" of line "l", for an error or a sub-parser. */
static axe_loc at_col(const dump_line *l, size_t off)
{
	axe_loc loc = l->loc;

	loc.col += (int)off;
	return loc;
}

/* A layout printed in bytes [off, end) of line "l" (errors quote the whole line). */
static int parse_layout_in(const dump_line *l, size_t off, size_t end, axe_cute_layout *out,
			   axe_error *err)
{
	char buf[2048];
	axe_loc loc = at_col(l, off);
	axe_cute_composed c;
	size_t n = end - off;

	if (n >= sizeof(buf))
		return axe_error_set(err, AXE_ERR_LIMIT, &loc, 1, "the layout is longer than %zu "
				     "characters", sizeof(buf) - 1);
	memcpy(buf, l->text + off, n);
	buf[n] = '\0';
	loc.text = l->text;
	loc.text_len = l->len;
	if (axe_cute_parse(buf, &loc, &c, err) < 0)
		return -1;
	if (c.swizzle.present || c.offset != 0 || c.ptr_bits != 0) {
		axe_cute_composed_release(&c);
		return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)n, "a TiledMMA or TiledCopy "
				     "prints plain layouts here: no swizzle, offset or smem_ptr");
	}
	*out = c.layout;
	return 0;
}

/* A layout printed at byte "off" of line "l" (to the end of the line). */
static int parse_layout(const dump_line *l, size_t off, axe_cute_layout *out, axe_error *err)
{
	return parse_layout_in(l, off, l->len, out, err);
}

/* A flat tuple of "n" integers at byte "off" of "l" (Shape_MNK). */
static int parse_ints(const dump_line *l, size_t off, int64_t *v, size_t n, const char *what,
		      axe_error *err)
{
	char buf[512];
	axe_loc loc = at_col(l, off);
	axe_cute_tuple t = { 0 };
	size_t pos = 0, len = l->len - off;
	int rc = -1;

	if (len >= sizeof(buf))
		return axe_error_set(err, AXE_ERR_LIMIT, &loc, 1, "%s is too long", what);
	memcpy(buf, l->text + off, len);
	buf[len] = '\0';
	if (axe_cute_tuple_parse(buf, &loc, &pos, &t, err) < 0)
		return -1;
	while (buf[pos] == ' ' || buf[pos] == '\t' || buf[pos] == '\r')
		pos++;
	if (buf[pos] != '\0' || t.is_leaf || t.n != n) {
		axe_error_set(err, AXE_ERR_VALUE, &loc, (int)len, "%s is a tuple of %zu integers",
			      what, n);
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		if (!t.child[i].is_leaf || t.child[i].value <= 0) {
			axe_error_set(err, AXE_ERR_VALUE, &loc, (int)len, "%s is a tuple of %zu "
				      "positive integers", what, n);
			goto out;
		}
		v[i] = t.child[i].value;
	}
	rc = 0;
out:
	axe_cute_tuple_release(&t);
	return rc;
}

/* The error of a tuple of modes that is not one (what each mode may be). */
static int modes_error(const dump_line *l, size_t at, const char *what, size_t n,
		       bool underscore, axe_error *err)
{
	axe_loc loc = at_col(l, at);

	return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)(at < l->len ? l->len - at : 1),
			     "%s has %s modes, each %sa size or a layout", what,
			     n == 3 ? "three" : "two", underscore ? "`_`, " : "");
}

/* One mode, bytes [a, b) of "l": `_` ("given" false, when allowed) or a layout. */
static int read_mode(const dump_line *l, size_t a, size_t b, const char *what,
		     axe_cute_layout *mode, bool *given, axe_error *err)
{
	while (a < b && isspace((unsigned char)l->text[a]))
		a++;
	while (b > a && isspace((unsigned char)l->text[b - 1]))
		b--;
	if (b - a == 1 && l->text[a] == '_') {
		axe_loc loc = at_col(l, a);
		if (given) {
			*given = false;
			return 0;
		}
		return axe_error_set(err, AXE_ERR_VALUE, &loc, 1, "a mode of %s is a size or a "
				     "layout, not `_`", what);
	}
	if (given)
		*given = true;
	return parse_layout_in(l, a, b, mode, err);
}

/*
 * A tuple of "n" modes at byte "off" of "l" (PermutationMNK, Tiler_MN),
 * each a size N (the layout N:1), a layout, or, where "given" is not NULL,
 * `_`.  The modes split at the commas outside parentheses.
 */
static int parse_modes(const dump_line *l, size_t off, size_t n, const char *what,
		       axe_cute_layout *mode, bool *given, axe_error *err)
{
	size_t end = l->len, start = off + 1, count = 0;
	int depth = 0;

	while (end > off && isspace((unsigned char)l->text[end - 1]))
		end--;
	if (end - off < 2 || l->text[off] != '(' || l->text[end - 1] != ')')
		return modes_error(l, off, what, n, given != NULL, err);
	for (size_t p = off + 1; p < end; p++) {
		char c = l->text[p];
		bool last = p + 1 == end;

		if (c == '(')
			depth++;
		else if (c == ')' && !last && depth-- == 0)
			return modes_error(l, p, what, n, given != NULL, err);
		if ((c != ',' || depth != 0) && !last)
			continue;
		if (depth != 0 || count == n)
			return modes_error(l, last ? off : p, what, n, given != NULL, err);
		if (read_mode(l, start, p, what, &mode[count], given ? &given[count] : NULL, err) < 0)
			return -1;
		count++;
		start = p + 1;
	}
	if (count != n)
		return modes_error(l, off, what, n, given != NULL, err);
	return 0;
}

/* The place of the value at byte "off" of "l", kept for the tile's errors. */
static void keep_place(const dump_line *l, size_t off, axe_loc *at, int *span)
{
	*at = at_col(l, off);
	at->text = l->text;
	at->text_len = l->len;
	*span = (int)(l->len > off ? l->len - off : 1);
}

/* PermutationMNK: three modes, each `_`, a size or a layout. */
static int parse_perm(const dump_line *l, size_t off, axe_cute_tiled *t, axe_error *err)
{
	keep_place(l, off, &t->perm_at, &t->perm_span);
	return parse_modes(l, off, 3, "PermutationMNK", t->perm, t->perm_given, err);
}

/* Tiler_MN: two modes, each a size or a layout. */
static int parse_tiler(const dump_line *l, size_t off, axe_cute_tiled *t, axe_error *err)
{
	keep_place(l, off, &t->tiler_at, &t->tiler_span);
	return parse_modes(l, off, 2, "Tiler_MN", t->tiler, NULL, err);
}

/* ------------------------------------------------------------ keys -- */

/* The keys of a dump, in print()'s order; "kind" -1: either. */
typedef enum key_id {
	K_VMNK, K_PERM, K_THRID, K_SHAPE_MNK, K_A, K_B, K_C,
	K_TILER, K_TILED_TV, K_SRC, K_DST, K_REF, K_VALTYPE, NKEYS
} key_id;

static const struct {
	const char *name;
	int kind;
} keys[NKEYS] = {
	[K_VMNK] = { "ThrLayoutVMNK", AXE_TILED_MMA },
	[K_PERM] = { "PermutationMNK", AXE_TILED_MMA },
	[K_THRID] = { "ThrID", -1 },
	[K_SHAPE_MNK] = { "Shape_MNK", AXE_TILED_MMA },
	[K_A] = { "LayoutA_TV", AXE_TILED_MMA },
	[K_B] = { "LayoutB_TV", AXE_TILED_MMA },
	[K_C] = { "LayoutC_TV", AXE_TILED_MMA },
	[K_TILER] = { "Tiler_MN", AXE_TILED_COPY },
	[K_TILED_TV] = { "TiledLayout_TV", AXE_TILED_COPY },
	[K_SRC] = { "ValLayoutSrc", AXE_TILED_COPY },
	[K_DST] = { "ValLayoutDst", AXE_TILED_COPY },
	[K_REF] = { "ValLayoutRef", AXE_TILED_COPY },
	[K_VALTYPE] = { "ValueType", AXE_TILED_COPY },
};

static int value_type(const dump_line *l, size_t off, axe_cute_tiled *t, axe_error *err)
{
	char *end;
	long bits;

	errno = 0;
	bits = strtol(l->text + off, &end, 10);
	if (end == l->text + off || *end != 'b' || bits <= 0 || bits > 1024 || errno) {
		axe_loc loc = at_col(l, off);
		return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)(l->len - off),
				     "ValueType is a width in bits, as `16b`");
	}
	t->value_bits = (int)bits;
	return 0;
}

static int read_key(key_id k, const dump_line *l, size_t off, axe_cute_tiled *t, axe_error *err)
{
	switch (k) {
	case K_VMNK: return parse_layout(l, off, &t->vmnk, err);
	case K_PERM: return parse_perm(l, off, t, err);
	case K_THRID: return parse_layout(l, off, &t->thr_id, err);
	case K_SHAPE_MNK: return parse_ints(l, off, t->atom_mnk, 3, "Shape_MNK", err);
	case K_A: case K_B: case K_C: return parse_layout(l, off, &t->atom_tv[k - K_A], err);
	case K_TILER: return parse_tiler(l, off, t, err);
	case K_TILED_TV: return parse_layout(l, off, &t->tiled_tv, err);
	case K_SRC: return parse_layout(l, off, &t->src, err);
	case K_DST: return parse_layout(l, off, &t->dst, err);
	case K_REF: return parse_layout(l, off, &t->ref, err);
	case K_VALTYPE: return value_type(l, off, t, err);
	default: return 0;
	}
}

/* The headers print() writes before its blocks. */
static bool is_header(const dump_line *l, enum axe_tiled_kind kind)
{
	static const char *const mma[] = { "TiledMMA", "MMA_Atom" };
	static const char *const copy[] = { "TiledCopy", "Copy_Atom" };
	const char *const *h = kind == AXE_TILED_MMA ? mma : copy;
	size_t n = l->len;

	while (n && isspace((unsigned char)l->text[n - 1]))
		n--;
	for (int i = 0; i < 2; i++)
		if (n == strlen(h[i]) && strncmp(l->text, h[i], n) == 0)
			return true;
	return false;
}

/* One "  Key: value" line. */
static int read_line(const dump_line *l, enum axe_tiled_kind kind, bool *seen,
		     axe_cute_tiled *t, axe_error *err)
{
	size_t a = 0, b, v;

	while (a < l->len && isspace((unsigned char)l->text[a]))
		a++;
	if (a == l->len || is_header(l, kind))
		return 0;
	for (b = a; b < l->len && l->text[b] != ':'; b++)
		;
	for (int k = 0; k < NKEYS && b < l->len; k++) {
		if (strlen(keys[k].name) != b - a || strncmp(keys[k].name, l->text + a, b - a) != 0)
			continue;
		if (keys[k].kind >= 0 && keys[k].kind != (int)kind)
			break;
		if (seen[k]) {
			axe_loc loc = at_col(l, a);
			return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)(b - a),
					     "%s is given twice", keys[k].name);
		}
		seen[k] = true;
		for (v = b + 1; v < l->len && isspace((unsigned char)l->text[v]); v++)
			;
		return read_key((key_id)k, l, v, t, err);
	}
	{
		axe_loc loc = at_col(l, a);
		axe_error_set(err, AXE_ERR_SYNTAX, &loc, (int)(b - a), "'%.*s' is not a line of "
			      "print(%s)", (int)(b - a), l->text + a,
			      kind == AXE_TILED_MMA ? "TiledMMA" : "TiledCopy");
		return -1;
	}
}

/* Check the parsed layouts' ranks against print()'s meaning. */
static int check_shapes(axe_cute_tiled *t, axe_error *err)
{
	const axe_loc *loc = &t->head;
	int span = t->head_span;

	if (t->kind == AXE_TILED_MMA) {
		if (axe_cute_layout_rank(&t->vmnk) != 4 || t->vmnk.shape.is_leaf)
			return axe_error_set(err, AXE_ERR_VALUE, loc, span, "ThrLayoutVMNK has four "
					     "modes (V, M, N, K)");
		for (int i = 0; i < 3; i++)
			if (axe_cute_layout_rank(&t->atom_tv[i]) != 2 || t->atom_tv[i].shape.is_leaf)
				return axe_error_set(err, AXE_ERR_VALUE, loc, span, "Layout%c_TV has "
						     "two modes (thread, value)", "ABC"[i]);
		return 0;
	}
	if (axe_cute_layout_rank(&t->tiled_tv) != 2 || t->tiled_tv.shape.is_leaf)
		return axe_error_set(err, AXE_ERR_VALUE, loc, span, "TiledLayout_TV has two modes "
				     "(thread, value)");
	if (axe_cute_layout_rank(&t->src) != 2 || axe_cute_layout_rank(&t->dst) != 2 ||
	    axe_cute_layout_rank(&t->ref) != 2 || t->src.shape.is_leaf || t->dst.shape.is_leaf ||
	    t->ref.shape.is_leaf)
		return axe_error_set(err, AXE_ERR_VALUE, loc, span, "ValLayoutSrc, ValLayoutDst "
				     "and ValLayoutRef have two modes (thread, value)");
	return 0;
}

int axe_cute_tiled_parse(const char *text, const axe_loc *where, enum axe_tiled_kind kind,
			 axe_cute_tiled *out, axe_error *err)
{
	axe_loc first = where ? *where : (axe_loc){ "<arg>", 1, 1, text, strlen(text) };
	bool seen[NKEYS] = { false };
	const char *p = text;
	int line = 0;

	memset(out, 0, sizeof(*out));
	out->kind = kind;
	while (*p == ' ' || *p == '\t')
		p++;
	out->head = first;
	out->head.col += (int)(p - text);
	out->head_span = (int)strcspn(p, "\n");
	out->head.text = text;
	out->head.text_len = strcspn(text, "\n");
	if (out->head_span == 0)
		out->head_span = 1;
	for (p = text; *p; line++) {
		dump_line l = { p, strcspn(p, "\n"), first };

		l.loc.line = first.line + line;
		l.loc.col = line == 0 ? first.col : 1;
		l.loc.text = p;
		l.loc.text_len = l.len;
		if (read_line(&l, kind, seen, out, err) < 0)
			goto fail;
		p += l.len + (p[l.len] == '\n');
	}
	for (int k = 0; k < NKEYS; k++)
		if (!seen[k] && (keys[k].kind < 0 || keys[k].kind == (int)kind) &&
		    k != K_VALTYPE) {
			axe_error_set(err, AXE_ERR_VALUE, &out->head, out->head_span, "the %s dump "
				      "has no %s line", kind == AXE_TILED_MMA ? "TiledMMA" :
				      "TiledCopy", keys[k].name);
			goto fail;
		}
	if (check_shapes(out, err) == 0)
		return 0;
fail:
	axe_cute_tiled_release(out);
	return -1;
}

/* ------------------------------------------------------------ readers -- */

/* Does "s" start (after blanks) with the dump's first line? */
static bool is_dump_text(const char *s, enum axe_tiled_kind kind)
{
	const char *head = kind == AXE_TILED_MMA ? "TiledMMA" : "TiledCopy";

	while (isspace((unsigned char)*s))
		s++;
	return strncmp(s, head, strlen(head)) == 0;
}

/* The whole file "path" (NUL-terminated, owned) or NULL with an error at "loc". */
static char *read_file(const char *path, const axe_loc *loc, int span, axe_error *err)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	size_t n;

	if (!f) {
		axe_error_set(err, AXE_ERR_IO, loc, span, "cannot open '%s': %s", path,
			      strerror(errno));
		return NULL;
	}
	buf = malloc(MAX_DUMP_BYTES + 1);
	n = buf ? fread(buf, 1, MAX_DUMP_BYTES + 1, f) : 0;
	if (!buf || ferror(f) || n > MAX_DUMP_BYTES || memchr(buf, '\0', n)) {
		if (!buf)
			axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		else
			axe_error_set(err, AXE_ERR_IO, loc, span, "'%s' is not a dump of print(): "
				      "%s", path, ferror(f) ? strerror(errno) : n > MAX_DUMP_BYTES ?
				      "larger than 1 MiB" : "it holds a NUL byte");
		free(buf);
		fclose(f);
		return NULL;
	}
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/*
 * Split "text" into SOURCE and PART: a final ":X" with X one of the kind's
 * parts names the part (-1 when none); the source is copied to "*source".
 */
static int split_part(const char *text, enum axe_tiled_kind kind, char **source)
{
	size_t n = strlen(text);
	const char *parts = axe_cute_tiled_parts(kind);
	int part = -1;

	while (n && isspace((unsigned char)text[n - 1]))
		n--;
	if (n >= 3 && text[n - 2] == ':' && strchr(parts, text[n - 1])) {
		part = (int)(strchr(parts, text[n - 1]) - parts);
		n -= 2;
	}
	*source = malloc(n + 1);
	if (*source) {
		memcpy(*source, text, n);
		(*source)[n] = '\0';
	}
	return part;
}

/* "A (M x K)" and the like, for messages. */
static const char *part_names(enum axe_tiled_kind kind)
{
	return kind == AXE_TILED_MMA ? "A (M x K), B (N x K) or C (M x N)"
				     : "S (the source) or D (the destination)";
}

/*
 * Read part "part" of the parsed dump "t" into "out": the TV layout CuTe
 * computes, imported as a cute-tv layout on the part's tile, validated
 * against the point-by-point reference of the dump.
 */
static int import_part(const axe_cute_tiled *t, int part, const char *format, axe_import *out,
		       axe_error *err)
{
	axe_cute_layout tv = { 0 };
	axe_shape tile;
	axe_import_opts opts = { .tile = &tile };
	axe_reference ref = { 0 };
	char *text = NULL;
	int rc = -1;

	if (axe_cute_tiled_tile(t, part, &tile, err) < 0 ||
	    axe_cute_tiled_tv(t, part, &tv, err) < 0)
		goto out;
	if (axe_cute_layout_size(&tv) > AXE_CUTE_TILED_MAX_PAIRS) {
		axe_error_set(err, AXE_ERR_LIMIT, &t->head, t->head_span, "part %c has %lld (thread, "
			      "value) pairs, more than the %lld it is read with",
			      axe_cute_tiled_parts(t->kind)[part], (long long)axe_cute_layout_size(&tv),
			      (long long)AXE_CUTE_TILED_MAX_PAIRS);
		goto out;
	}
	if (!(text = axe_cute_layout_print(&tv, err)))
		goto out;
	if (axe_cute_tv_import(text, NULL, &opts, out, err) < 0) {
		/* The computed layout is no TV layout of the tile: say so at the dump. */
		char msg[sizeof(err->message)];
		snprintf(msg, sizeof(msg), "%s", err->message);
		axe_error_init(err);
		axe_error_set(err, AXE_ERR_VALUE, &t->head, t->head_span, "part %c's TV layout %s: "
			      "%s", axe_cute_tiled_parts(t->kind)[part], text, msg);
		goto out;
	}
	if (axe_cute_tiled_reference(t, part, &tile, &ref, err) < 0 ||
	    axe_import_validate(out, &ref, format, err) < 0)
		goto out;
	rc = 0;
out:
	if (rc < 0)
		axe_import_release(out);
	axe_reference_release(&ref);
	axe_cute_layout_release(&tv);
	free(text);
	return rc;
}

static int tiled_import(const char *text, const axe_loc *where, enum axe_tiled_kind kind,
			const char *format, axe_import *out, axe_error *err)
{
	axe_loc arg = { "<arg>", 1, 1, text, strlen(text) };
	const axe_loc *loc = where ? where : &arg;
	int span = (int)strcspn(text, "\n"), part, rc = -1;
	char *source = NULL, *file = NULL;
	axe_cute_tiled t;

	memset(out, 0, sizeof(*out));
	out->dtype = -1;
	part = split_part(text, kind, &source);
	if (!source)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (part < 0) {
		axe_error_set(err, AXE_ERR_VALUE, loc, span ? span : 1, "a %s dump holds %zu "
			      "layouts: name one, %s:SOURCE:PART with PART %s",
			      kind == AXE_TILED_MMA ? "TiledMMA" : "TiledCopy",
			      strlen(axe_cute_tiled_parts(kind)), format, part_names(kind));
		goto out;
	}
	if (is_dump_text(source, kind)) {
		rc = axe_cute_tiled_parse(source, loc, kind, &t, err);
	} else {
		axe_loc file_loc = { source, 1, 1, "", 0 };
		if (!(file = read_file(source, loc, (int)strlen(source), err)))
			goto out;
		if (!is_dump_text(file, kind)) {
			axe_error_set(err, AXE_ERR_VALUE, &file_loc, 1, "'%s' does not start with "
				      "'%s': not a print(%s) dump", source,
				      kind == AXE_TILED_MMA ? "TiledMMA" : "TiledCopy",
				      kind == AXE_TILED_MMA ? "TiledMMA" : "TiledCopy");
			goto out;
		}
		rc = axe_cute_tiled_parse(file, &file_loc, kind, &t, err);
	}
	if (rc == 0) {
		rc = import_part(&t, part, format, out, err);
		axe_cute_tiled_release(&t);
	}
out:
	free(source);
	free(file);
	return rc;
}

int axe_cute_mma_import(const char *text, const axe_loc *where, const axe_import_opts *opts,
			axe_import *out, axe_error *err)
{
	(void)opts;
	return tiled_import(text, where, AXE_TILED_MMA, "cute-mma", out, err);
}

int axe_cute_copy_import(const char *text, const axe_loc *where, const axe_import_opts *opts,
			 axe_import *out, axe_error *err)
{
	(void)opts;
	return tiled_import(text, where, AXE_TILED_COPY, "cute-copy", out, err);
}

int axe_cute_tiled_part_names(const char *format, size_t len, const char *text, char *parts,
			      size_t size)
{
	enum axe_tiled_kind kind;
	char *source = NULL;
	int part;

	if (len == 8 && strncmp(format, "cute-mma", 8) == 0)
		kind = AXE_TILED_MMA;
	else if (len == 9 && strncmp(format, "cute-copy", 9) == 0)
		kind = AXE_TILED_COPY;
	else
		return 0;
	part = split_part(text, kind, &source);
	free(source);
	if (part >= 0 || size <= strlen(axe_cute_tiled_parts(kind)))
		return 0;
	snprintf(parts, size, "%s", axe_cute_tiled_parts(kind));
	return (int)strlen(parts);
}
