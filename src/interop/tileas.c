/*
 * tileas.c: TileAS layout descriptors (docs/interop.md, "TileAS
 * descriptors"; the grammar of the TileAS compiler's layout pass):
 *
 *   layout-desc := "<" shape "," stride swizzle-opt elem-opt ">"
 *   swizzle-opt := ("," "swizzle" "<" B "," M "," S ">")?
 *   elem-opt    := ("," "elem" "=" elem-name)?
 *
 * shape and stride are CuTe tuples of unsigned decimals with CuTe's
 * meaning; the swizzle is CuTe's Swizzle<B,M,S> on BYTE addresses, as the
 * shared-memory descriptor packer applies it, so it needs the element
 * width: elem=NAME, else the context's (opts->elem_bits).  Read through
 * the CuTe converter (cute.c) as a composed layout with smem_ptr[Nb] and
 * validated against CuTe's reference evaluator.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "../core/dtype.h"
#include "../parse/lexer.h"
#include "cute_private.h"

static const struct {
	const char *name;
	int bits;
} tileas_elems[] = {
#define TILEAS_ELEM(name, bits) { #name, bits },
#include "tileas_elem.def"
#undef TILEAS_ELEM
};

#define NELEMS (sizeof(tileas_elems) / sizeof(tileas_elems[0]))

/* The width of element "name" ("len" bytes) and its dtype (or -1); 0 bits when unknown. */
static int elem_bits(const char *name, size_t len, int *dtype)
{
	char buf[32];

	*dtype = -1;
	if (len >= sizeof(buf))
		return 0;
	memcpy(buf, name, len);
	buf[len] = '\0';
	for (size_t i = 0; i < NELEMS; i++)
		if (strcmp(buf, tileas_elems[i].name) == 0)
			return tileas_elems[i].bits;
	*dtype = axe_dtype_lookup(buf);
	return *dtype < 0 ? 0 : axe_dtype_get(*dtype)->bits;
}

typedef struct desc_parser {
	axe_lexer lx;          /* positions and error placement only */
	const char *s;
	const axe_loc *where;
	size_t len, pos;
	axe_error *err;
} desc_parser;

static void skip_ws(desc_parser *p)
{
	while (p->pos < p->len && isspace((unsigned char)p->s[p->pos]))
		p->pos++;
}

static int fail_at(desc_parser *p, size_t pos, size_t span, const char *what)
{
	return axe_lexer_error_at(&p->lx, pos, span ? span : 1, p->err, AXE_ERR_SYNTAX, "%s",
				  what);
}

/* Expect "c" after blanks. */
static int expect(desc_parser *p, char c, const char *what)
{
	char msg[160];

	skip_ws(p);
	if (p->pos < p->len && p->s[p->pos] == c) {
		p->pos++;
		return 0;
	}
	if (p->pos < p->len) {
		char found[24];

		axe_quote_char(p->s + p->pos, p->len - p->pos, found, sizeof(found));
		snprintf(msg, sizeof(msg), "expected %s, found %s", what, found);
	} else
		snprintf(msg, sizeof(msg), "expected %s, found the end", what);
	return fail_at(p, p->pos, 1, msg);
}

/* A CuTe tuple of unsigned decimals (the grammar has no `_N` and no sign). */
static int tuple(desc_parser *p, axe_cute_tuple *t)
{
	size_t start;

	skip_ws(p);
	start = p->pos;
	if (axe_cute_tuple_parse(p->s, p->where, &p->pos, t, p->err) < 0)
		return -1;
	for (size_t i = start; i < p->pos; i++)
		if (p->s[i] == '_' || p->s[i] == '-')
			return fail_at(p, i, 1, "TileAS tuples hold unsigned decimal integers");
	return 0;
}

/* An identifier at the current position: its length (0 when none). */
static size_t ident(const desc_parser *p)
{
	size_t n = 0;

	while (p->pos + n < p->len &&
	       (isalnum((unsigned char)p->s[p->pos + n]) || p->s[p->pos + n] == '_'))
		n++;
	return n;
}

/* swizzle<B,M,S>, after the word "swizzle" at "start"; CuTe's conditions hold. */
static int swizzle_clause(desc_parser *p, axe_cute_swizzle *sw, size_t start)
{
	const char *why;
	int *arg[3] = { &sw->bits, &sw->base, &sw->shift };
	const char seps[3] = { ',', ',', '>' };

	if (expect(p, '<', "'<' after swizzle") < 0)
		return -1;
	for (int i = 0; i < 3; i++) {
		size_t at;
		long v = 0;

		skip_ws(p);
		at = p->pos;
		while (p->pos < p->len && isdigit((unsigned char)p->s[p->pos]) && v < 1000)
			v = v * 10 + (p->s[p->pos++] - '0');
		if (p->pos == at)
			return expect(p, '0', "an unsigned integer");
		if (v > 64)
			return fail_at(p, at, p->pos - at, "swizzle argument is above 64");
		*arg[i] = (int)v;
		if (expect(p, seps[i], i < 2 ? "','" : "'>'") < 0)
			return -1;
	}
	sw->present = true;
	if ((why = axe_cute_swizzle_invalid(sw)) != NULL)
		return axe_lexer_error_at(&p->lx, start, p->pos - start, p->err, AXE_ERR_VALUE,
					  "swizzle<%d,%d,%d>: %s", sw->bits, sw->base,
					  sw->shift, why);
	return 0;
}

/* elem=NAME, after the word "elem": the width in bits into "*bits". */
static int elem_clause(desc_parser *p, int *bits, int *dtype)
{
	const char *names[NELEMS + 64];
	size_t n, count = 0, start;
	const char *near;
	char name[32];

	if (expect(p, '=', "'=' after elem") < 0)
		return -1;
	skip_ws(p);
	start = p->pos;
	if ((n = ident(p)) == 0)
		return expect(p, 'a', "an element type name");
	p->pos += n;
	if ((*bits = elem_bits(p->s + start, n, dtype)) > 0)
		return 0;
	axe_lexer_error_at(&p->lx, start, n, p->err, AXE_ERR_NAME,
			   "unknown TileAS element type '%.*s'", (int)n, p->s + start);
	for (size_t i = 0; i < NELEMS; i++)
		names[count++] = tileas_elems[i].name;
	for (size_t i = 0; i < axe_dtype_count() && count < sizeof(names) / sizeof(names[0]); i++)
		names[count++] = axe_dtype_names()[i];
	snprintf(name, sizeof(name), "%.*s", (int)(n < 31 ? n : 31), p->s + start);
	if ((near = axe_suggest(name, names, count)) != NULL)
		axe_error_hint(p->err, "did you mean '%s'?", near);
	return -1;
}

/* The optional clauses after the stride: swizzle first, then elem. */
static int clauses(desc_parser *p, axe_cute_composed *c, int *bits, int *dtype)
{
	bool swizzle_ok = true, elem_ok = true;

	for (;;) {
		size_t n, start;

		skip_ws(p);
		if (p->pos < p->len && p->s[p->pos] == '>')
			return 0;
		if (expect(p, ',', "',' or '>'") < 0)
			return -1;
		skip_ws(p);
		start = p->pos;
		n = ident(p);
		if (n == 7 && memcmp(p->s + start, "swizzle", 7) == 0 && swizzle_ok) {
			p->pos += n;
			swizzle_ok = false;
			if (swizzle_clause(p, &c->swizzle, start) < 0)
				return -1;
		} else if (n == 4 && memcmp(p->s + start, "elem", 4) == 0 && elem_ok) {
			p->pos += n;
			swizzle_ok = elem_ok = false;
			if (elem_clause(p, bits, dtype) < 0)
				return -1;
		} else {
			return fail_at(p, start, n,
				       swizzle_ok ? "expected 'swizzle<B,M,S>' or 'elem=NAME'"
				       : elem_ok ? "expected 'elem=NAME'"
				       : "expected '>'");
		}
	}
}

/* The descriptor into "c", its element width (0: not written) and dtype. */
static int parse_desc(desc_parser *p, axe_cute_composed *c, int *bits, int *dtype)
{
	size_t stride_start;

	if (expect(p, '<', "'<' (a TileAS descriptor <shape, stride, ...>)") < 0 ||
	    tuple(p, &c->layout.shape) < 0 || expect(p, ',', "',' and the stride") < 0)
		return -1;
	skip_ws(p);
	stride_start = p->pos;
	if (tuple(p, &c->layout.stride) < 0)
		return -1;
	if (!axe_cute_tuple_congruent(&c->layout.shape, &c->layout.stride))
		return axe_lexer_error_at(&p->lx, stride_start, p->pos - stride_start, p->err,
					  AXE_ERR_VALUE, "the stride is not congruent with the "
					  "shape (the same nesting of parentheses)");
	if (clauses(p, c, bits, dtype) < 0 || expect(p, '>', "'>'") < 0)
		return -1;
	skip_ws(p);
	if (p->pos < p->len)
		return fail_at(p, p->pos, 1, "text after the TileAS descriptor's '>'");
	return 0;
}

/* Shape extents positive, indices inside int64: CuTe's layout check, over the whole text. */
static int check_layout(desc_parser *p, const axe_cute_layout *layout)
{
	axe_loc loc = axe_lexer_loc(&p->lx, 0);

	return axe_cute_layout_check(layout, &loc, (int)p->len, p->err);
}

int axe_tileas_import(const char *text, const axe_loc *where, const axe_import_opts *opts,
		      axe_import *out, axe_error *err)
{
	axe_loc arg = { "<arg>", 1, 1, text, strlen(text) };
	desc_parser p = { .s = text, .where = where, .len = strlen(text), .err = err };
	axe_cute_composed c;
	axe_shape shape;
	axe_loc loc;
	int bits = 0, dtype = -1, rc = -1;

	memset(out, 0, sizeof(*out));
	memset(&c, 0, sizeof(c));
	c.layout.shape = c.layout.stride = axe_cute_tuple_leaf(0);
	axe_lexer_init(&p.lx, text, p.len, where ? where : &arg);
	loc = axe_lexer_loc(&p.lx, 0);
	if (parse_desc(&p, &c, &bits, &dtype) < 0 || check_layout(&p, &c.layout) < 0)
		goto out;
	out->dtype = dtype;
	if (bits == 0 && opts)
		bits = opts->elem_bits;
	if (c.swizzle.present && bits == 0) {
		axe_error_set(err, AXE_ERR_VALUE, &loc, (int)p.len,
			      "the descriptor's swizzle acts on byte addresses, and the element "
			      "width is not known");
		axe_error_hint(err, "add elem=NAME (elem=f16, elem=nvfp4, ...) or give --dtype");
		goto out;
	}
	c.ptr_bits = c.swizzle.present ? bits : 0;
	if (axe_cute_logical_shape(&c.layout, &shape, &loc, (int)p.len, err) < 0 ||
	    axe_cute_convert(&c, &shape, 0, &loc, (int)p.len, out, err) < 0 ||
	    axe_cute_validate(&c, &shape, out, "tileas", err) < 0)
		goto out;
	rc = 0;
out:
	if (rc < 0)
		axe_import_release(out);
	axe_cute_composed_release(&c);
	return rc;
}

/* True when every leaf of "t" is at least 0 (the grammar's decimal-uint). */
static bool unsigned_leaves(const axe_cute_tuple *t)
{
	if (t->is_leaf)
		return t->value >= 0;
	for (size_t i = 0; i < t->n; i++)
		if (!unsigned_leaves(&t->child[i]))
			return false;
	return true;
}

/*
 * The element swizzle Swizzle<B,M,S> of "c" on byte addresses of "bits"-bit
 * elements: M + log2(bits) - 3.  False when that is negative or bits is not
 * a power of two.
 */
static bool byte_swizzle(axe_cute_swizzle *sw, int bits)
{
	int k = 0;

	while ((1 << k) < bits)
		k++;
	if ((1 << k) != bits || sw->base + k - 3 < 0)
		return false;
	sw->base += k - 3;
	return true;
}

/* Every address of "L" on m times "bits" fits in 64 bits (the reader checks it). */
static bool bit_addresses_fit(const axe_layout *L, int bits)
{
	int m = axe_layout_axis_index(L, "m");
	int64_t lo = 0, hi = 0;

	if (m >= 0)
		axe_layout_axis_range(L, m, &lo, &hi);
	return !axe_mul_ovf(lo, bits, &lo) && !axe_mul_ovf(hi, bits, &hi);
}

static char *print_desc(const axe_cute_composed *c, const char *elem, axe_error *err)
{
	char *shape = axe_cute_tuple_print(&c->layout.shape, err);
	char *stride = shape ? axe_cute_tuple_print(&c->layout.stride, err) : NULL;
	char *text = NULL;

	if (stride) {
		size_t size = strlen(shape) + strlen(stride) + 64;

		if ((text = malloc(size)) == NULL) {
			axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		} else if (c->swizzle.present) {
			snprintf(text, size, "<%s,%s,swizzle<%d,%d,%d>,elem=%s>", shape, stride,
				 c->swizzle.bits, c->swizzle.base, c->swizzle.shift, elem);
		} else {
			snprintf(text, size, "<%s,%s>", shape, stride);
		}
	}
	free(shape);
	free(stride);
	return text;
}

char *axe_tileas_export(const axe_layout *layout, const axe_shape *shape, int dtype, char *why,
			size_t why_size, axe_error *err)
{
	const axe_dtype_info *info = dtype >= 0 ? axe_dtype_get(dtype) : NULL;
	axe_cute_composed c;
	char *text = NULL;
	int rc = axe_cute_from_axe(layout, shape, &c, why, why_size, err);

	if (rc != 0)
		goto out;
	if (c.offset != 0) {
		snprintf(why, why_size, "the layout has an offset; a TileAS descriptor has none");
	} else if (!unsigned_leaves(&c.layout.stride)) {
		snprintf(why, why_size, "a stride is negative; TileAS strides are unsigned");
	} else if (c.swizzle.present && !info) {
		snprintf(why, why_size, "a TileAS swizzle acts on byte addresses: the element "
			 "type is needed (--dtype)");
	} else if (c.swizzle.present && !bit_addresses_fit(layout, info->bits)) {
		snprintf(why, why_size, "the bit addresses of %d-bit elements overflow 64 bits",
			 info->bits);
	} else if (c.swizzle.present && !byte_swizzle(&c.swizzle, info->bits)) {
		snprintf(why, why_size, "the swizzle moves parts of %d-bit elements on byte "
			 "addresses", info->bits);
	} else if (c.swizzle.present && axe_cute_swizzle_invalid(&c.swizzle)) {
		/* On bytes the swizzle's bits move up: it may pass what a reader takes. */
		snprintf(why, why_size, "on the byte addresses of %d-bit elements the swizzle is "
			 "swizzle<%d,%d,%d>: %s", info->bits, c.swizzle.bits, c.swizzle.base,
			 c.swizzle.shift, axe_cute_swizzle_invalid(&c.swizzle));
	} else {
		text = print_desc(&c, info ? info->name : "", err);
	}
out:
	axe_cute_composed_release(&c);
	return text;
}
