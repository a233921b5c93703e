/*
 * util.c: the helpers every file of CuTe's algebra uses (algebra_private.h):
 * flat leaves, mode views, make_layout, reasons and checked products.
 */
#include <stdlib.h>
#include <string.h>

#include "algebra_private.h"

int axe_cute_refuse(axe_cute_reason *why, const char *fmt, ...)
{
	va_list ap;

	if (!why)
		return 0;
	va_start(ap, fmt);
	vsnprintf(why->text, sizeof(why->text), fmt, ap);
	va_end(ap);
	return 0;
}

void axe_cute_flat_of(const axe_cute_layout *l, axe_cute_flat *f)
{
	size_t n = axe_cute_tuple_flatten(&l->shape, f->shape, AXE_CUTE_MAX_LEAVES);

	axe_cute_tuple_flatten(&l->stride, f->stride, AXE_CUTE_MAX_LEAVES);
	/* a valid layout holds at most AXE_CUTE_MAX_LEAVES leaves */
	f->n = n < AXE_CUTE_MAX_LEAVES ? n : AXE_CUTE_MAX_LEAVES;
}

void axe_cute_leaf(axe_cute_layout *out, int64_t s, int64_t d)
{
	out->shape = axe_cute_tuple_leaf(s);
	out->stride = axe_cute_tuple_leaf(d);
}

int axe_cute_flat_build(const axe_cute_flat *f, axe_cute_layout *out, axe_error *err)
{
	if (f->n <= 1) {
		axe_cute_leaf(out, f->n ? f->shape[0] : 1, f->n ? f->stride[0] : 0);
		return 0;
	}
	axe_cute_leaf(out, 0, 0);
	if (axe_cute_tuple_init(&out->shape, f->n, err) < 0 ||
	    axe_cute_tuple_init(&out->stride, f->n, err) < 0) {
		axe_cute_layout_release(out);
		return -1;
	}
	for (size_t i = 0; i < f->n; i++) {
		out->shape.child[i] = axe_cute_tuple_leaf(f->shape[i]);
		out->stride.child[i] = axe_cute_tuple_leaf(f->stride[i]);
	}
	return 0;
}

size_t axe_cute_rank(const axe_cute_layout *l)
{
	return axe_cute_tuple_rank(&l->shape);
}

axe_cute_layout axe_cute_mode(const axe_cute_layout *l, size_t i)
{
	axe_cute_layout v;

	if (l->shape.is_leaf)
		return *l;
	v.shape = l->shape.child[i];
	v.stride = l->stride.child[i];
	return v;
}

void axe_cute_release_all(axe_cute_layout *modes, size_t n)
{
	for (size_t i = 0; i < n; i++)
		axe_cute_layout_release(&modes[i]);
}

int axe_cute_make_layout(axe_cute_layout *out, axe_cute_layout *modes, size_t n, axe_error *err)
{
	axe_cute_leaf(out, 0, 0);
	if (axe_cute_tuple_init(&out->shape, n, err) < 0 ||
	    axe_cute_tuple_init(&out->stride, n, err) < 0) {
		axe_cute_layout_release(out);
		axe_cute_release_all(modes, n);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		/* the zeroed children tuple_init made own nothing: overwrite them */
		out->shape.child[i] = modes[i].shape;
		out->stride.child[i] = modes[i].stride;
		axe_cute_leaf(&modes[i], 0, 0);
	}
	return 0;
}

int axe_cute_copy(axe_cute_layout *dst, const axe_cute_layout *src, axe_error *err)
{
	return axe_cute_layout_dup(dst, src, err);
}

int axe_cute_mul(int64_t a, int64_t b, int64_t *r, axe_error *err)
{
	if (__builtin_mul_overflow(a, b, r))
		return axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
				     "%lld * %lld leaves the signed 64-bit range", (long long)a,
				     (long long)b);
	return 0;
}

void axe_cute_text(const axe_cute_layout *l, char *buf, size_t size)
{
	axe_error err;
	char *text;

	axe_error_init(&err);
	text = axe_cute_layout_print(l, &err);
	snprintf(buf, size, "%s", text ? text : "?");
	free(text);
}
