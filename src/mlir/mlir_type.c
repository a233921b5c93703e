/*
 * mlir_type.c: the types of a Triton module, as MLIR's builtin dialect and
 * Triton's print them (python/triton... TritonTypes.td, TritonGPUTypes.td at
 * triton-lang/triton 1706ecf25fc5dc420fa08d92ad512101872f1367):
 *   tensor<128x64xf16, #enc>, tensor<128x!tt.ptr<f16>, #enc>,
 *   !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable[, 3x128x64]>
 *   (also !triton_gpu.memdesc and !tt.memdesc), !tt.tensordesc<tensor<...>> and
 *   !tt.tensordesc<128x64xf16, #shared>,
 *   !tt.ptr<f16>, scalars (f16, i32, index) and other dialects' types,
 *   whose text is only skipped.  A tensor or memdesc type whose dims or
 *   element type cannot be read is an error at its first bad token.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "mlir_private.h"

#define MAX_DIM ((int64_t)1 << 40)

bool mlir_is_word(const mlir_reader *r, size_t i, const char *w)
{
	size_t n = strlen(w);

	return i < r->ntok && r->tok[i].kind == TOK_WORD && r->tok[i].len == n &&
	       memcmp(r->file->text + r->tok[i].pos, w, n) == 0;
}

static bool bang_is(const mlir_reader *r, size_t i, const char *name)
{
	size_t n = strlen(name);

	return i < r->ntok && r->tok[i].kind == TOK_BANG && r->tok[i].len == n &&
	       memcmp(r->file->text + r->tok[i].pos, name, n) == 0;
}

/* "<" right after token i (a type's parameters). */
static bool params_follow(const mlir_reader *r, size_t i)
{
	return mlir_is(r, i + 1, '<') && r->tok[i + 1].pos == r->tok[i].pos + r->tok[i].len;
}

bool mlir_type_starts(const mlir_reader *r, size_t i)
{
	if (i >= r->ntok)
		return false;
	if (r->tok[i].kind == TOK_BANG)
		return true;
	if (mlir_is(r, i, '('))
		return true;
	return r->tok[i].kind == TOK_WORD && isalpha((unsigned char)r->file->text[r->tok[i].pos]);
}

static void set_elem(mlir_reader *r, axe_mlir_type *t, size_t pos, size_t len)
{
	snprintf(t->elem, sizeof(t->elem), "%.*s", (int)len, r->file->text + pos);
}

/*
 * The dims of a shape word "128x64xf16" (or "3x128x64", or "128x" before a
 * pointer element) into shape/rank; "*rest" is the byte after the last 'x'.
 */
static int dims(mlir_reader *r, const mlir_tok *w, int64_t *shape, size_t *rank, size_t *rest)
{
	const char *t = r->file->text;
	size_t p = w->pos, end = w->pos + w->len;

	*rank = 0;
	for (;;) {
		size_t s = p;
		int64_t v = 0;

		while (p < end && isdigit((unsigned char)t[p])) {
			v = v * 10 + (t[p++] - '0');
			if (v > MAX_DIM)
				return mlir_fail(r->file, w, r->err, "dim larger than 2^40");
		}
		if (p == s || (p < end && t[p] != 'x')) {
			*rest = s;
			return 0;
		}
		if (*rank == AXE_MLIR_MAX_RANK)
			return mlir_fail(r->file, w, r->err, "more than %d dims", AXE_MLIR_MAX_RANK);
		shape[(*rank)++] = v;
		if (p == end) {
			*rest = end;
			return 0;
		}
		p++;
	}
}

/* The "dims x element" start of a tensor or memdesc at token *i, up to the element. */
static int shaped(mlir_reader *r, size_t *i, size_t close, axe_mlir_type *t)
{
	const mlir_tok *w = &r->tok[*i];
	size_t rest, end = w->pos + w->len;

	if (*i < close && w->kind == TOK_BANG) { /* rank 0: tensor<!tt.ptr<f32>> */
		t->rank = 0;
		rest = end = w->pos;
	} else if (*i >= close || w->kind != TOK_WORD) {
		return mlir_fail(r->file, w, r->err, "expected the dims and the element type");
	} else if (dims(r, w, t->shape, &t->rank, &rest) < 0) {
		return -1;
	} else {
		(*i)++;
	}
	if (rest < end) {
		if (!isalpha((unsigned char)r->file->text[rest]))
			return mlir_fail(r->file, w, r->err, "expected 'x' and the element type");
		set_elem(r, t, rest, end - rest);
		return 0;
	}
	/* "128x" then a pointer (or other dialect) element type. */
	if (*i >= close || r->tok[*i].kind != TOK_BANG)
		return mlir_fail(r->file, &r->tok[*i < close ? *i : close], r->err,
				 "expected the element type");
	if (bang_is(r, *i, "!tt.ptr") && params_follow(r, *i)) {
		size_t e = *i + 2;

		t->pointer = true;
		if (e < r->tok[*i + 1].match)
			set_elem(r, t, r->tok[e].pos, r->tok[e].len);
		*i = r->tok[*i + 1].match + 1;
		return 0;
	}
	set_elem(r, t, r->tok[*i].pos, r->tok[*i].len);
	*i = params_follow(r, *i) ? r->tok[*i + 1].match + 1 : *i + 1;
	return 0;
}

/* An attribute at token *i (#alias, #dialect.name<...>, or any one token or group). */
static char *attribute(mlir_reader *r, size_t *i, size_t *pos)
{
	size_t s = *i, last = *i;

	if (params_follow(r, s) || (r->tok[s].kind == TOK_PUNCT && strchr("([{<", r->tok[s].c)))
		last = r->tok[s].kind == TOK_PUNCT ? r->tok[s].match : r->tok[s + 1].match;
	*i = last + 1;
	*pos = r->tok[s].pos;
	return mlir_arena_strndup(r->arena, r->file->text + r->tok[s].pos,
				  r->tok[last].pos + r->tok[last].len - r->tok[s].pos);
}

/* `, #enc` (optional) and then the closing '>' at "close". */
static int encoding(mlir_reader *r, size_t *i, size_t close, axe_mlir_type *t)
{
	if (*i < close && mlir_is(r, *i, ',')) {
		(*i)++;
		if (*i >= close)
			return mlir_fail(r->file, &r->tok[close], r->err, "expected the encoding");
		if (!(t->encoding = attribute(r, i, &t->encoding_pos)))
			return axe_error_set(r->err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	if (*i != close)
		return mlir_fail(r->file, &r->tok[*i], r->err, "expected '>' to end the type");
	return 0;
}

static int tensor(mlir_reader *r, size_t *i, axe_mlir_type *t)
{
	size_t close = r->tok[*i + 1].match, j = *i + 2;

	t->kind = AXE_MLIR_TYPE_TENSOR;
	if (shaped(r, &j, close, t) < 0 || encoding(r, &j, close, t) < 0)
		return -1;
	*i = close + 1;
	return 1;
}

/* The items after a memdesc's element type: encoding, memory space, mutable, allocation shape. */
static int memdesc_items(mlir_reader *r, size_t j, size_t close, axe_mlir_type *t)
{
	while (j < close) {
		size_t rest;

		if (!mlir_is(r, j, ','))
			return mlir_fail(r->file, &r->tok[j], r->err, "expected ',' or '>'");
		if (++j >= close)
			return mlir_fail(r->file, &r->tok[close], r->err, "expected a memdesc item");
		if (mlir_is_word(r, j, "mutable")) {
			t->mutable_memory = true;
			j++;
		} else if (r->tok[j].kind == TOK_WORD && isdigit((unsigned char)r->file->text[r->tok[j].pos])) {
			if (dims(r, &r->tok[j], t->alloc_shape, &t->alloc_rank, &rest) < 0)
				return -1;
			if (rest != r->tok[j].pos + r->tok[j].len)
				return mlir_fail(r->file, &r->tok[j], r->err, "expected the allocation "
						 "shape (3x128x64)");
			t->alloc_written = true;
			j++;
		} else {
			size_t pos;
			char *text = attribute(r, &j, &pos);

			if (!text)
				return axe_error_set(r->err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
			if (!t->encoding) {
				t->encoding = text;
				t->encoding_pos = pos;
			} else if (!t->memory_space) {
				t->memory_space = text;
			}
		}
	}
	return 0;
}

static int memdesc(mlir_reader *r, size_t *i, axe_mlir_type *t)
{
	size_t close = r->tok[*i + 1].match, j = *i + 2;

	t->kind = AXE_MLIR_TYPE_MEMDESC;
	if (shaped(r, &j, close, t) < 0 || memdesc_items(r, j, close, t) < 0)
		return -1;
	if (!t->alloc_written) {
		t->alloc_rank = t->rank;
		memcpy(t->alloc_shape, t->shape, sizeof(t->shape));
	}
	*i = close + 1;
	return 1;
}

static int tensordesc(mlir_reader *r, size_t *i, axe_mlir_type *t)
{
	size_t close = r->tok[*i + 1].match, j = *i + 2;

	if (mlir_is_word(r, j, "tensor") && params_follow(r, j) &&
	    r->tok[j + 1].match + 1 == close) {
		if (tensor(r, &j, t) < 0)
			return -1;
	} else if (shaped(r, &j, close, t) < 0 || encoding(r, &j, close, t) < 0) {
		return -1; /* the newer spelling: !tt.tensordesc<128x64xf16, #shared> */
	}
	t->kind = AXE_MLIR_TYPE_TENSORDESC;
	*i = close + 1;
	return 1;
}

/* A parenthesized type list `(T, T)`: each read and dropped; 0 when it holds no types. */
static int type_group(mlir_reader *r, size_t *i, axe_mlir_type *t)
{
	size_t close = r->tok[*i].match, j = *i + 1;

	while (j < close) {
		axe_mlir_type inner;
		int rc;

		memset(&inner, 0, sizeof(inner));
		if ((rc = mlir_type(r, &j, &inner)) <= 0)
			return rc;
		if (j < close && !mlir_is(r, j, ','))
			return 0;
		j += j < close;
	}
	t->kind = AXE_MLIR_TYPE_OTHER;
	snprintf(t->elem, sizeof(t->elem), "()");
	*i = close + 1;
	return 1;
}

int mlir_type(mlir_reader *r, size_t *i, axe_mlir_type *t)
{
	const mlir_tok *k = &r->tok[*i];

	if (!mlir_type_starts(r, *i))
		return 0;
	t->line = k->line;
	t->col = k->col;
	if (mlir_is(r, *i, '('))
		return type_group(r, i, t);
	if (mlir_is_word(r, *i, "tensor") && params_follow(r, *i))
		return tensor(r, i, t);
	if ((bang_is(r, *i, "!ttg.memdesc") || bang_is(r, *i, "!triton_gpu.memdesc") ||
	     bang_is(r, *i, "!tt.memdesc")) && params_follow(r, *i))
		return memdesc(r, i, t);
	if (bang_is(r, *i, "!tt.tensordesc") && params_follow(r, *i))
		return tensordesc(r, i, t);
	t->kind = AXE_MLIR_TYPE_OTHER;
	if (bang_is(r, *i, "!tt.ptr") && params_follow(r, *i)) {
		t->pointer = true;
		if (*i + 2 < r->tok[*i + 1].match)
			set_elem(r, t, r->tok[*i + 2].pos, r->tok[*i + 2].len);
	} else {
		set_elem(r, t, k->pos, k->len);
	}
	*i = params_follow(r, *i) ? r->tok[*i + 1].match + 1 : *i + 1;
	return 1;
}
