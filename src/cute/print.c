/*
 * print.c: CuTe layouts back to text: the form CuTe's C++ print writes
 * (CUTLASS include/cute/layout.hpp print(Layout): shape ":" stride, tuples
 * as "(a,b)" without spaces, compile-time integers as "_N";
 * layout_composed.hpp: "A o OFFSET o B"; swizzle.hpp: "Sw<B,M,S>";
 * pointer_flagged.hpp: "smem_ptr[Nb](unset)"), and the C++ expression that
 * builds the layout (make_layout(make_shape(..), make_stride(..))).
 */
#include <stdio.h>
#include <stdlib.h>

#include "inttuple.h"

static void put_tuple(FILE *f, const axe_cute_tuple *t)
{
	size_t i;

	if (t->is_leaf) {
		fprintf(f, "%s%lld", t->is_static ? "_" : "", (long long)t->value);
		return;
	}
	fputc('(', f);
	for (i = 0; i < t->n; i++) {
		if (i > 0)
			fputc(',', f);
		put_tuple(f, &t->child[i]);
	}
	fputc(')', f);
}

static void put_layout(FILE *f, const axe_cute_layout *layout)
{
	put_tuple(f, &layout->shape);
	fputc(':', f);
	put_tuple(f, &layout->stride);
}

static void put_composed(FILE *f, const axe_cute_composed *c)
{
	if (c->swizzle.present || c->offset != 0 || c->ptr_bits > 0) {
		if (c->swizzle.present)
			fprintf(f, "Sw<%d,%d,%d> o ", c->swizzle.bits, c->swizzle.base,
				c->swizzle.shift);
		if (c->ptr_bits > 0)
			fprintf(f, "smem_ptr[%db](unset) o ", c->ptr_bits);
		else
			fprintf(f, "%s%lld o ", c->offset_static ? "_" : "", (long long)c->offset);
	}
	put_layout(f, &c->layout);
}

/* C++ for a tuple: a leaf, or "maker(a, b)" with nested tuples made the same way. */
static void put_cpp_tuple(FILE *f, const axe_cute_tuple *t, const char *maker)
{
	size_t i;

	if (t->is_leaf) {
		if (t->is_static)
			fprintf(f, "Int<%lld>{}", (long long)t->value);
		else
			fprintf(f, "%lld", (long long)t->value);
		return;
	}
	fprintf(f, "%s(", maker);
	for (i = 0; i < t->n; i++) {
		if (i > 0)
			fputs(", ", f);
		put_cpp_tuple(f, &t->child[i], maker);
	}
	fputc(')', f);
}

static void put_cpp_layout(FILE *f, const axe_cute_layout *layout)
{
	fputs("make_layout(", f);
	/* make_layout takes a shape and a stride: a scalar shape stays a scalar. */
	put_cpp_tuple(f, &layout->shape, "make_shape");
	fputs(", ", f);
	put_cpp_tuple(f, &layout->stride, "make_stride");
	fputc(')', f);
}

static void put_cpp_composed(FILE *f, const axe_cute_composed *c)
{
	if (!c->swizzle.present && c->offset == 0 && c->ptr_bits == 0) {
		put_cpp_layout(f, &c->layout);
		return;
	}
	fputs("composition(", f);
	if (c->swizzle.present)
		fprintf(f, "Swizzle<%d,%d,%d>{}, ", c->swizzle.bits, c->swizzle.base,
			c->swizzle.shift);
	else
		fputs("Swizzle<0,0,0>{}, ", f);
	if (c->ptr_bits > 0)
		fprintf(f, "smem_ptr_flag_bits<%d>{}, ", c->ptr_bits);
	else if (c->offset_static)
		fprintf(f, "Int<%lld>{}, ", (long long)c->offset);
	else
		fprintf(f, "%lld, ", (long long)c->offset);
	put_cpp_layout(f, &c->layout);
	fputc(')', f);
}

/* Run "put" on an in-memory stream; the text, or NULL on no memory. */
#define PRINT_WITH(put, obj, err)                                                       \
	do {                                                                            \
		char *buf = NULL;                                                       \
		size_t size = 0;                                                        \
		FILE *f = open_memstream(&buf, &size);                                  \
		if (!f) {                                                               \
			axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");   \
			return NULL;                                                    \
		}                                                                       \
		put(f, obj);                                                            \
		if (fclose(f) != 0 || !buf) {                                           \
			free(buf);                                                      \
			axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");   \
			return NULL;                                                    \
		}                                                                       \
		return buf;                                                             \
	} while (0)

char *axe_cute_tuple_print(const axe_cute_tuple *t, axe_error *err)
{
	PRINT_WITH(put_tuple, t, err);
}

char *axe_cute_layout_print(const axe_cute_layout *layout, axe_error *err)
{
	PRINT_WITH(put_layout, layout, err);
}

char *axe_cute_composed_print(const axe_cute_composed *c, axe_error *err)
{
	PRINT_WITH(put_composed, c, err);
}

char *axe_cute_layout_cpp(const axe_cute_layout *layout, axe_error *err)
{
	PRINT_WITH(put_cpp_layout, layout, err);
}

char *axe_cute_composed_cpp(const axe_cute_composed *c, axe_error *err)
{
	PRINT_WITH(put_cpp_composed, c, err);
}
