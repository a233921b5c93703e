/*
 * cute_value.c: CuTe layouts held in memory (axe.h, "[cute values]"): read
 * once, then operated on with no text parsed or printed on the way, each
 * result proved by its operation's defining property (cute_ops.c) before
 * it is handed out.  The commands' reports (cute.c) run the same
 * operations and proofs on text.
 *
 * A refusal (CuTe has no such layout) is an answer, not an error: NULL with
 * err->code AXE_ERR_NONE and the reason in err->message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../axe.h"
#include "../cute/algebra.h"
#include "cute_ops.h"

/* A layout, with the swizzle and offset around it, or a by-mode tiler. */
struct axe_cute_value {
	bool is_tiler;
	axe_cute_composed c; /* the layout (is_tiler false) */
	axe_cute_tiler t;    /* the tiler (is_tiler true) */
};

/* A new value of the layout "c" (consumed, also on error); NULL on no memory. */
static axe_cute_value *wrap(axe_cute_composed *c, axe_error *err)
{
	axe_cute_value *v = malloc(sizeof(*v));

	if (!v) {
		axe_cute_composed_release(c);
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	v->is_tiler = false;
	v->c = *c;
	return v;
}

/* NULL with "why" in err->message and err->code unset: the answer "no such layout". */
static axe_cute_value *refused(const axe_cute_reason *why, axe_error *err)
{
	snprintf(err->message, sizeof(err->message), "%s", why->text);
	return NULL;
}

/* NULL with the error that "v", an operand called "what", is a tiler and not a layout. */
static axe_cute_value *need_layout(const char *what, axe_error *err)
{
	axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "%s is a by-mode tiler, not a layout", what);
	return NULL;
}

axe_cute_value *axe_cute_value_read(const char *text, axe_error *err)
{
	axe_cute_composed c;
	size_t skip = strncmp(text, "cute:", 5) == 0 ? 5 : 0;
	axe_loc at = { "<arg>", 1, 1 + (int)skip, text, strlen(text) };

	if (axe_cute_parse(text + skip, &at, &c, err) < 0)
		return NULL;
	return wrap(&c, err);
}

axe_cute_value *axe_cute_value_tiler(const axe_cute_value *const *modes, size_t n,
				     axe_error *err)
{
	axe_cute_value *v;

	if (n == 0 || n > AXE_CUTE_MAX_TILER)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "a tiler has 1 to %d modes, "
				     "not %zu", AXE_CUTE_MAX_TILER, n), NULL;
	for (size_t i = 0; i < n; i++) {
		if (modes[i] && modes[i]->is_tiler)
			return need_layout("a mode of a tiler", err);
		if (modes[i] && (modes[i]->c.swizzle.present || modes[i]->c.offset))
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "mode %zu of the tiler "
					     "has a swizzle or an offset: a tiler's modes are "
					     "plain layouts", i), NULL;
	}
	if (!(v = calloc(1, sizeof(*v))))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory"), NULL;
	v->is_tiler = true;
	v->t.n = n;
	for (size_t i = 0; i < n; i++) {
		v->t.skip[i] = !modes[i];
		if (modes[i] && axe_cute_layout_dup(&v->t.mode[i], &modes[i]->c.layout, err) < 0) {
			axe_cute_value_free(v);
			return NULL;
		}
	}
	return v;
}

void axe_cute_value_free(axe_cute_value *v)
{
	if (!v)
		return;
	if (v->is_tiler)
		axe_cute_tiler_release(&v->t);
	else
		axe_cute_composed_release(&v->c);
	free(v);
}

char *axe_cute_value_to_string(const axe_cute_value *v)
{
	axe_error err;
	char *out = NULL, *mode;
	size_t len;
	FILE *f;

	axe_error_init(&err);
	if (!v->is_tiler)
		return axe_cute_composed_print(&v->c, &err);
	/* <B0,B1,...>, a skipped mode as `_` */
	if (!(f = open_memstream(&out, &len)))
		return NULL;
	fputc('<', f);
	for (size_t i = 0; i < v->t.n; i++) {
		mode = v->t.skip[i] ? NULL : axe_cute_layout_print(&v->t.mode[i], &err);
		fprintf(f, "%s%s", i ? "," : "", mode ? mode : "_");
		free(mode);
	}
	fputc('>', f);
	if (fclose(f) != 0 || axe_error_is_set(&err)) {
		free(out);
		return NULL;
	}
	return out;
}

int axe_cute_value_is_tiler(const axe_cute_value *v)
{
	return v->is_tiler;
}

int64_t axe_cute_value_size(const axe_cute_value *v)
{
	return v->is_tiler ? -1 : axe_cute_layout_size(&v->c.layout);
}

int64_t axe_cute_value_cosize(const axe_cute_value *v)
{
	return v->is_tiler ? -1 : axe_cute_layout_cosize(&v->c.layout);
}

size_t axe_cute_value_rank(const axe_cute_value *v)
{
	return v->is_tiler ? v->t.n : axe_cute_layout_rank(&v->c.layout);
}

/*
 * The swizzle of "c" applied to the element offset "e": on e itself, or,
 * for a layout of "ptr_bits"-bit elements (`smem_ptr[Nb]`), on the byte
 * address of e's first bit, the bits inside the byte kept.  0 or -1.
 */
static int swizzled(const axe_cute_composed *c, int64_t e, int64_t *out, axe_error *err)
{
	int64_t bit;

	if (c->ptr_bits == 0) {
		*out = axe_cute_swizzle_apply(&c->swizzle, e);
		return 0;
	}
	if (__builtin_mul_overflow(e, (int64_t)c->ptr_bits, &bit))
		return axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0, "the bit address of element "
				     "%lld overflows 64 bits", (long long)e);
	bit = axe_cute_swizzle_apply(&c->swizzle, bit / 8) * 8 + bit % 8;
	*out = bit / c->ptr_bits;
	return 0;
}

/*
 * The 1-D index of "coord" ("n" integers: one 1-D index, or one per
 * top-level mode, each inside its mode) into "*index"; 0 or -1.  Modes are
 * colexicographic, so the index is c0 + size(mode 0) * (c1 + ...).
 */
static int index_of(const axe_cute_layout *l, const int64_t *coord, size_t n, int64_t *index,
		    axe_error *err)
{
	size_t rank = axe_cute_layout_rank(l);
	int64_t weight = 1, size;

	if (n != 1 && n != rank)
		return axe_error_set(err, AXE_ERR_RANGE, NULL, 0, "a coordinate is one index or one "
				     "per mode (%zu), not %zu integers", rank, n);
	*index = 0;
	for (size_t i = 0; i < n; i++) {
		axe_cute_tuple mode = l->shape.is_leaf || n == 1 ? l->shape : l->shape.child[i];

		size = n == 1 ? axe_cute_layout_size(l) : 1;
		if (n > 1 && axe_cute_tuple_product(&mode, &size, err) < 0)
			return -1;
		if (coord[i] < 0 || coord[i] >= size)
			return axe_error_set(err, AXE_ERR_RANGE, NULL, 0, "coordinate %lld%s is "
					     "outside [0, %lld)", (long long)coord[i],
					     n == 1 ? "" : " of a mode", (long long)size);
		*index += coord[i] * weight; /* below size(l), which fits */
		weight *= size;
	}
	return 0;
}

int axe_cute_value_eval(const axe_cute_value *v, const int64_t *coord, size_t n, int64_t *out,
			axe_error *err)
{
	int64_t index = 0;

	if (v->is_tiler)
		return need_layout("the layout to evaluate", err), -1;
	if (index_of(&v->c.layout, coord, n, &index, err) < 0)
		return -1;
	/* in range: the layout's partial sums fit (its invariant); the offset is checked */
	if (__builtin_add_overflow(axe_cute_layout_eval(&v->c.layout, index), v->c.offset, out))
		return axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0, "offset + layout(%lld) "
				     "overflows 64 bits", (long long)index);
	return swizzled(&v->c, *out, out, err);
}

axe_cute_value *axe_cute_value_mode(const axe_cute_value *v, size_t i, axe_error *err)
{
	axe_cute_composed c = { 0 };
	size_t rank = axe_cute_value_rank(v);

	if (i >= rank)
		return axe_error_set(err, AXE_ERR_RANGE, NULL, 0, "mode %zu of a value of rank %zu",
				     i, rank), NULL;
	if (v->is_tiler || v->c.swizzle.present || v->c.offset || v->c.ptr_bits)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "a mode of a %s is not a layout "
				     "of its own", v->is_tiler ? "tiler" : "swizzled or offset "
				     "layout"), NULL;
	if (!v->c.layout.shape.is_leaf) {
		axe_cute_layout m = { v->c.layout.shape.child[i], v->c.layout.stride.child[i] };

		if (axe_cute_layout_dup(&c.layout, &m, err) < 0)
			return NULL;
	} else if (axe_cute_layout_dup(&c.layout, &v->c.layout, err) < 0) {
		return NULL;
	}
	return wrap(&c, err);
}

/*
 * The result "res" of an operation on A (answer "r") as a value inside the
 * swizzle and offset of "outer" (NULL: none); NULL with a refusal or an
 * error otherwise.
 */
static axe_cute_value *result(int r, axe_cute_layout *res, const axe_cute_composed *outer,
			      const axe_cute_reason *why, axe_error *err)
{
	axe_cute_composed c = { 0 };

	if (r < 0)
		return NULL;
	if (r == 0)
		return refused(why, err);
	if (outer)
		c = *outer;
	c.layout = *res;
	return wrap(&c, err);
}

/*
 * The second operand "b" as a tiler (a layout: one whole-layout mode,
 * borrowed, never released) into "t": 1, 0 with "why" when the layout has a
 * swizzle or an offset, or -1.
 */
static int as_tiler(const axe_cute_value *b, axe_cute_tiler *t, axe_cute_reason *why)
{
	if (b->is_tiler) {
		*t = b->t;
		return 1;
	}
	memset(t, 0, sizeof(*t));
	t->mode[0] = b->c.layout;
	return axe_api_cute_plain(&b->c, "as the second operand", why);
}

axe_cute_value *axe_cute_value_compose(const axe_cute_value *a, const axe_cute_value *b,
				       axe_error *err)
{
	axe_cute_layout res;
	axe_cute_reason why;
	axe_cute_tiler t;
	int r;

	if (a->is_tiler)
		return need_layout("A", err);
	r = as_tiler(b, &t, &why);
	if (r > 0)
		r = axe_api_cute_compose(&a->c.layout, &t, &res, NULL, 0, &why, err);
	return result(r, &res, &a->c, &why, err);
}

axe_cute_value *axe_cute_value_complement(const axe_cute_value *a, int64_t cotarget,
					  axe_error *err)
{
	axe_cute_layout res;
	axe_cute_reason why;
	int r;

	if (a->is_tiler)
		return need_layout("A", err);
	r = axe_api_cute_plain(&a->c, "has no complement here", &why);
	if (r > 0)
		r = axe_api_cute_complement(&a->c.layout, cotarget, &res, NULL, 0, &why, err);
	return result(r, &res, &a->c, &why, err);
}

/* divide (when "divide") or product of "kind" (NULL: logical). */
static axe_cute_value *split(const axe_cute_value *a, const axe_cute_value *b, const char *kind,
			     bool divide, axe_error *err)
{
	axe_cute_layout res;
	axe_cute_reason why;
	axe_cute_tiler t;
	axe_cute_kind k;
	int r;

	if (a->is_tiler)
		return need_layout("A", err);
	if (axe_api_cute_kind(kind, divide, &k, err) < 0)
		return NULL;
	r = as_tiler(b, &t, &why);
	if (r > 0)
		r = axe_api_cute_split(&a->c.layout, &t, k, divide, &res, NULL, 0, &why, err);
	return result(r, &res, &a->c, &why, err);
}

axe_cute_value *axe_cute_value_divide(const axe_cute_value *a, const axe_cute_value *tiler,
				      const char *kind, axe_error *err)
{
	return split(a, tiler, kind, true, err);
}

axe_cute_value *axe_cute_value_product(const axe_cute_value *a, const axe_cute_value *b,
				       const char *kind, axe_error *err)
{
	return split(a, b, kind, false, err);
}

axe_cute_value *axe_cute_value_inverse(const axe_cute_value *a, int left, axe_error *err)
{
	axe_cute_layout res;
	axe_cute_reason why;
	int r;

	if (a->is_tiler)
		return need_layout("A", err);
	r = axe_api_cute_plain(&a->c, "has no inverse here", &why);
	if (r > 0)
		r = axe_api_cute_inverse(&a->c.layout, left, &res, NULL, 0, &why, err);
	/* the inverse maps A's indices back to A's domain: nothing around it */
	return result(r, &res, NULL, &why, err);
}

axe_cute_value *axe_cute_value_coalesce(const axe_cute_value *a, const axe_cute_value *profile,
					axe_error *err)
{
	axe_cute_layout res;
	axe_cute_reason why;
	int r;

	if (a->is_tiler || (profile && profile->is_tiler))
		return need_layout(a->is_tiler ? "A" : "the profile", err);
	r = axe_api_cute_coalesce(&a->c.layout, profile ? &profile->c.layout.shape : NULL, &res,
				  NULL, 0, &why, err);
	return result(r, &res, &a->c, &why, err);
}

axe_cute_value *axe_cute_value_filter(const axe_cute_value *a, axe_error *err)
{
	axe_cute_layout res;
	axe_cute_reason why;
	int r;

	if (a->is_tiler)
		return need_layout("A", err);
	r = axe_api_cute_filter(&a->c.layout, &res, NULL, 0, &why, err);
	return result(r, &res, &a->c, &why, err);
}
