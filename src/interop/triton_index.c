/*
 * triton_index.c: every layout of a Triton module file, as `info
 * FILE.mlir` lists them (what triton-tensor-layout -i shows one at a time):
 * per chunk, each alias that is a layout and each encoding written inline
 * in a type, with every place it is used (line, op, value, shape, element
 * type) and whether it reads at each of its shapes, or why not.  One
 * layout that does not read never stops the others from being listed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "triton.h"

typedef struct builder {
	tt_layout_index *ix;
	size_t cap_entries, cap_uses;
	axe_error *err;
} builder;

static int nomem(axe_error *err)
{
	return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
}

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Some memdesc of the chunk has "name" as its memory space (#smem). */
static bool memory_space(const axe_mlir_chunk *c, const char *name)
{
	for (size_t k = 0; k < c->nop; k++) {
		const axe_mlir_op *op = &c->op[k];
		const axe_mlir_type *lists[] = { op->in, op->out, op->arg_type };
		size_t counts[] = { op->nin, op->nout, op->nargs };

		for (size_t l = 0; l < 3; l++)
			for (size_t i = 0; i < counts[l]; i++)
				if (lists[l][i].memory_space &&
				    strcmp(lists[l][i].memory_space, name) == 0)
					return true;
	}
	return false;
}

/* An alias of a Triton attribute that is no memory space: a layout. */
static bool layout_alias(const axe_mlir_chunk *c, const axe_mlir_alias *a)
{
	if (!starts(a->text, "#ttg.") && !starts(a->text, "#ttng.") &&
	    !starts(a->text, "#triton_gpu.") && !starts(a->text, "#triton_nvidia_gpu."))
		return false;
	return !memory_space(c, a->name) && strcmp(a->text, "#ttg.shared_memory") != 0 &&
	       strcmp(a->text, "#triton_gpu.shared_memory") != 0 &&
	       strcmp(a->text, "#ttng.tensor_memory") != 0;
}

/* The value a type of "op" is the type of: its result, operand or argument; or "". */
static const char *value_of(const axe_mlir_op *op, const axe_mlir_type *t)
{
	if (op->nargs && t >= op->arg_type && t < op->arg_type + op->nargs)
		return op->args[t - op->arg_type];
	if (op->nout && t >= op->out && t < op->out + op->nout)
		return op->nout == op->nresults ? op->results[t - op->out] : "";
	if (op->nout == 0 && op->nresults == 1 && t == op->in + op->nin - 1)
		return op->results[0];
	/* Types before the arrow follow the operands (those after, `%buf[%i]`, have none). */
	return (size_t)(t - op->in) < op->noperands ? op->operands[t - op->in] : "";
}

static const char *kind_name(axe_mlir_type_kind k)
{
	return k == AXE_MLIR_TYPE_MEMDESC ? "memdesc" :
	       k == AXE_MLIR_TYPE_TENSORDESC ? "tensordesc" : "tensor";
}

static int add_use(builder *b, const axe_mlir_chunk *c, const axe_mlir_op *op,
		   const axe_mlir_type *t)
{
	tt_layout_use *u;

	if (b->ix->nuses == b->cap_uses) {
		size_t cap = b->cap_uses ? 2 * b->cap_uses : 64;
		tt_layout_use *grown = realloc(b->ix->use, cap * sizeof(*grown));

		if (!grown)
			return nomem(b->err);
		b->ix->use = grown;
		b->cap_uses = cap;
	}
	u = &b->ix->use[b->ix->nuses++];
	*u = (tt_layout_use){ t->line, op->name, value_of(op, t), { 0 }, t->elem,
			      kind_name(t->kind), t->pointer };
	tt_type_layout_shape(c, t, &u->shape);
	return 0;
}

static bool same_shape(const axe_shape *a, const axe_shape *b)
{
	return a->rank == b->rank && memcmp(a->dim, b->dim, a->rank * sizeof(int64_t)) == 0;
}

/* Each use of e->encoding in chunk "c", in file order. */
static int add_uses(builder *b, const axe_mlir_chunk *c, tt_layout_entry *e)
{
	e->first_use = b->ix->nuses;
	for (size_t k = 0; k < c->nop; k++) {
		const axe_mlir_op *op = &c->op[k];
		const axe_mlir_type *lists[] = { op->arg_type, op->in, op->out };
		size_t counts[] = { op->nargs, op->nin, op->nout };

		for (size_t l = 0; l < 3; l++)
			for (size_t i = 0; i < counts[l]; i++)
				if (lists[l][i].encoding &&
				    strcmp(lists[l][i].encoding, e->encoding) == 0 &&
				    add_use(b, c, op, &lists[l][i]) < 0)
					return -1;
	}
	e->nuses = b->ix->nuses - e->first_use;
	return 0;
}

/* Read e at each distinct shape of its uses (or alone): e->read, or the first reason. */
static void read_each_shape(builder *b, const axe_mlir_chunk *c, tt_layout_entry *e)
{
	const tt_layout_use *u = e->nuses ? b->ix->use + e->first_use : NULL;

	e->read = true;
	for (size_t i = 0; i < (e->nuses ? e->nuses : 1) && e->read; i++) {
		axe_import_opts opts = { .shape = e->nuses ? &u[i].shape : NULL };
		bool seen = false;
		axe_import imp;
		axe_error err;

		for (size_t j = 0; j < i; j++)
			seen |= same_shape(&u[j].shape, &u[i].shape);
		if (seen)
			continue;
		e->nshapes++;
		axe_error_init(&err);
		if (tt_chunk_import(c, e->encoding, &opts, &imp, &err) == 0) {
			axe_import_release(&imp);
			continue;
		}
		e->read = false;
		snprintf(e->reason, sizeof(e->reason), "%s", err.message);
	}
}

static tt_layout_entry *new_entry(builder *b)
{
	if (b->ix->nentries == b->cap_entries) {
		size_t cap = b->cap_entries ? 2 * b->cap_entries : 32;
		tt_layout_entry *grown = realloc(b->ix->entry, cap * sizeof(*grown));

		if (!grown)
			return nomem(b->err), NULL;
		b->ix->entry = grown;
		b->cap_entries = cap;
	}
	return memset(&b->ix->entry[b->ix->nentries++], 0, sizeof(tt_layout_entry));
}

/* An encoding some type of "op" writes: its name L<line>, or L<line>.K among several. */
static void inline_name(const axe_mlir_op *op, const char *encoding, char *name, size_t size)
{
	const axe_mlir_type *lists[] = { op->arg_type, op->in, op->out };
	size_t counts[] = { op->nargs, op->nin, op->nout }, n = 0, which = 0;
	const char *seen[32];

	for (size_t l = 0; l < 3; l++)
		for (size_t i = 0; i < counts[l]; i++) {
			const char *e = lists[l][i].encoding;
			bool again = false;

			for (size_t j = 0; j < n && e; j++)
				again |= strcmp(seen[j], e) == 0;
			if (!e || again || n == 32)
				continue;
			if (strcmp(e, encoding) == 0)
				which = n;
			seen[n++] = e;
		}
	if (n > 1)
		snprintf(name, size, "L%d.%zu", op->line, which);
	else
		snprintf(name, size, "L%d", op->line);
}

static bool listed(const builder *b, size_t from, const char *encoding)
{
	for (size_t i = from; i < b->ix->nentries; i++)
		if (strcmp(b->ix->entry[i].encoding, encoding) == 0)
			return true;
	return false;
}

/* The inline encodings of chunk "c", each once, in the order first written. */
static int inline_entries(builder *b, const axe_mlir_chunk *c, size_t from)
{
	for (size_t k = 0; k < c->nop; k++) {
		const axe_mlir_op *op = &c->op[k];
		const axe_mlir_type *lists[] = { op->arg_type, op->in, op->out };
		size_t counts[] = { op->nargs, op->nin, op->nout };

		for (size_t l = 0; l < 3; l++)
			for (size_t i = 0; i < counts[l]; i++) {
				const char *enc = lists[l][i].encoding;
				tt_layout_entry *e;

				if (!enc || axe_mlir_alias_find(c, enc) || listed(b, from, enc))
					continue;
				if (!(e = new_entry(b)))
					return -1;
				*e = (tt_layout_entry){ .chunk = c->index, .encoding = enc, .text = enc,
							.line = lists[l][i].line };
				inline_name(op, enc, e->name, sizeof(e->name));
				if (add_uses(b, c, e) < 0)
					return -1;
				read_each_shape(b, c, e);
			}
	}
	return 0;
}

static int chunk_entries(builder *b, const axe_mlir_chunk *c)
{
	size_t from = b->ix->nentries;

	for (size_t i = 0; i < c->nalias; i++) {
		tt_layout_entry *e;

		if (!layout_alias(c, &c->alias[i]))
			continue;
		if (!(e = new_entry(b)))
			return -1;
		*e = (tt_layout_entry){ .chunk = c->index, .encoding = c->alias[i].name,
					.text = c->alias[i].text, .alias = true,
					.line = c->alias[i].line };
		snprintf(e->name, sizeof(e->name), "%s", c->alias[i].name);
		if (add_uses(b, c, e) < 0)
			return -1;
		read_each_shape(b, c, e);
	}
	return inline_entries(b, c, from);
}

int tt_layout_index_build(const axe_mlir_file *f, int only, tt_layout_index *out,
			  axe_error *err)
{
	builder b = { out, 0, 0, err };

	memset(out, 0, sizeof(*out));
	out->file = f;
	if (only >= (int)f->nchunks)
		return axe_error_set(err, AXE_ERR_NAME, NULL, 0, "'%s' has %zu chunk%s (0 to %zu); "
				     "there is no chunk %d", f->source, f->nchunks,
				     f->nchunks == 1 ? "" : "s", f->nchunks - 1, only);
	for (size_t k = 0; k < f->nchunks; k++)
		if ((only < 0 || (int)k == only) && chunk_entries(&b, &f->chunk[k]) < 0) {
			tt_layout_index_release(out);
			return -1;
		}
	return 0;
}

void tt_layout_index_release(tt_layout_index *ix)
{
	free(ix->entry);
	free(ix->use);
	ix->entry = NULL;
	ix->use = NULL;
	ix->nentries = ix->nuses = 0;
}
