/*
 * triton_write.c: the Triton writer (docs/interop.md, "Writing layouts
 * back"): a register layout as `#ttg.linear<{register, lane, warp,
 * block}>`, a shared one (on the axis m) as `#ttg.shared_linear<{offset,
 * block}, alignment = 16>`.  Such a form exists when the layout is, in
 * Triton's sense, a linear map from hardware indices to tensor elements:
 * power-of-two dims, axes among reg, laneid, warpid and cbx (or m and
 * cbx), every hardware index holding exactly one element,
 * and each index's element the XOR of the elements of its bits.  The
 * writer evaluates the layout at every point and checks exactly that; the
 * reason is precise when it fails.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/eval.h"
#include "linear.h"

#define TT_WRITE_MAX_BITS 22 /* hardware indices the writer tabulates */

/* Where the images come from: an Axe layout or an `expr:` layout. */
typedef struct image_source {
	const axe_layout *layout;
	const axe_expr_layout *expr;
	axe_evaluator ev;
	int64_t *base, *scratch;
	size_t naxes;
} image_source;

static const char *source_axis(const image_source *s, size_t a)
{
	return s->layout ? s->layout->axis[a] : s->expr->axis[a];
}

static size_t source_images(image_source *s, int64_t flat, const int64_t *coord, int64_t *rows)
{
	if (s->layout) {
		axe_evaluator_base(&s->ev, flat, s->base);
		axe_evaluator_images(&s->ev, s->base, true, rows);
		return s->ev.nimages;
	}
	return axe_expr_layout_eval(s->expr, coord, rows, s->scratch);
}

static size_t source_max_images(const image_source *s)
{
	return s->layout ? s->ev.nimages : (size_t)s->expr->nimages;
}

static int why_not(char *why, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int why_not(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return 1;
}

/*
 * What the writer writes: a register layout as #ttg.linear, or a shared
 * one (an axis m, Triton's offset) as #ttg.shared_linear, each with its
 * in-dims in Triton's order.
 */
typedef struct target {
	const char *open, *close;
	int ins[4];
	int nins;
} target;

static const target register_target = {
	"#ttg.linear<{", "}>",
	{ AXE_LINEAR_REGISTER, AXE_LINEAR_LANE, AXE_LINEAR_WARP, AXE_LINEAR_BLOCK }, 4
};

/*
 * #ttg.shared_linear needs an alignment (SharedLinearEncodingAttr::parse);
 * 16 bytes is Gluon's default (SharedLinearLayout in
 * python/triton/experimental/gluon/language/_layouts.py, Triton e3b5495).
 */
static const target shared_target = {
	"#ttg.shared_linear<{", "}, alignment = 16>", { AXE_LINEAR_OFFSET, AXE_LINEAR_BLOCK }, 2
};

/* The in-dim of each axis of the source, and the target; 1 with "why" when an axis has none. */
static int map_axes(const image_source *s, int *in_of, const target **to, char *why, size_t size)
{
	*to = &register_target;
	for (size_t a = 0; a < s->naxes; a++)
		if (strcmp(source_axis(s, a), axe_linear_in_axis[AXE_LINEAR_OFFSET]) == 0)
			*to = &shared_target;
	for (size_t a = 0; a < s->naxes; a++) {
		in_of[a] = -1;
		for (int k = 0; k < (*to)->nins; k++)
			if (strcmp(source_axis(s, a), axe_linear_in_axis[(*to)->ins[k]]) == 0)
				in_of[a] = (*to)->ins[k];
		if (in_of[a] < 0)
			return why_not(why, size, "axis '%s' has no Triton in-dim (a #ttg.linear "
				       "names register = reg, lane = laneid, warp = warpid, block = "
				       "cbx; a #ttg.shared_linear offset = m, block = cbx)%s",
				       source_axis(s, a), *to == &shared_target ?
				       ": a layout on m is a shared one" : "");
	}
	return 0;
}

typedef struct walk {
	image_source *src;
	const axe_shape *shape;
	int64_t points;
	int64_t *rows;
	int in_of[AXE_MAX_AXES];
	const target *to;
	int bits[AXE_LINEAR_NIN], shift[AXE_LINEAR_NIN], n;
	int32_t *table; /* per hardware index: the flat element, or -1 */
} walk;

static void unflatten(const axe_shape *shape, int64_t flat, int64_t *coord)
{
	for (size_t d = shape->rank; d-- > 0;) {
		coord[d] = flat % shape->dim[d];
		flat /= shape->dim[d];
	}
}

/* Pass 1: the bits each in-dim needs (its largest value), or a reason. */
static int measure(walk *w, char *why, size_t size)
{
	int64_t top[AXE_LINEAR_NIN] = { 0 }, coord[AXE_MAX_RANK];

	for (int64_t p = 0; p < w->points; p++) {
		size_t n;

		unflatten(w->shape, p, coord);
		n = source_images(w->src, p, coord, w->rows);
		for (size_t i = 0; i < n; i++)
			for (size_t a = 0; a < w->src->naxes; a++) {
				int64_t v = w->rows[i * w->src->naxes + a];

				if (v < 0)
					return why_not(why, size, "axis '%s' takes the negative "
						       "value %lld", source_axis(w->src, a),
						       (long long)v);
				if (v > top[w->in_of[a]])
					top[w->in_of[a]] = v;
			}
	}
	w->n = 0;
	for (int in = 0; in < AXE_LINEAR_NIN; in++) {
		w->bits[in] = 0;
		while (((int64_t)1 << w->bits[in]) <= top[in] && w->bits[in] < 40)
			w->bits[in]++;
		w->shift[in] = w->n;
		w->n += w->bits[in];
	}
	if (w->n > TT_WRITE_MAX_BITS)
		return why_not(why, size, "the layout spans 2^%d hardware indices, more than the "
			       "2^%d this writer tabulates", w->n, TT_WRITE_MAX_BITS);
	return 0;
}

/* Pass 2: which element each hardware index holds, or a reason. */
static int tabulate(walk *w, char *why, size_t size)
{
	int64_t coord[AXE_MAX_RANK];

	for (int64_t p = 0; p < w->points; p++) {
		size_t n;

		unflatten(w->shape, p, coord);
		n = source_images(w->src, p, coord, w->rows);
		for (size_t i = 0; i < n; i++) {
			int64_t h = 0;

			for (size_t a = 0; a < w->src->naxes; a++)
				h |= w->rows[i * w->src->naxes + a] << w->shift[w->in_of[a]];
			if (w->table[h] >= 0 && w->table[h] != p)
				return why_not(why, size, "one hardware index holds two elements "
					       "(flat %lld and %lld): a Triton layout gives each "
					       "index one element", (long long)w->table[h],
					       (long long)p);
			w->table[h] = (int32_t)p;
		}
	}
	return 0;
}

/* Pass 3: every index held, and each the XOR of its bits' elements. */
static int check_linear(const walk *w, char *why, size_t size)
{
	for (int64_t h = 0; h < ((int64_t)1 << w->n); h++) {
		int64_t want;

		if (w->table[h] < 0)
			return why_not(why, size, "hardware index %lld holds no element: the "
				       "layout's extents are not powers of two, or it leaves "
				       "indices unused (Triton maps every index)", (long long)h);
		/* Indices below h are checked already: XOR its lowest bit's element into the rest's. */
		want = h ? w->table[h & (h - 1)] ^ w->table[h & -h] : 0;
		if (w->table[h] != want)
			return why_not(why, size, "the layout is not XOR-linear: hardware index "
				       "%lld holds flat element %lld, the XOR of its bits' "
				       "elements is %lld", (long long)h, (long long)w->table[h],
				       (long long)want);
	}
	return 0;
}

static int emit(const walk *w, char **text)
{
	int64_t coord[AXE_MAX_RANK];
	size_t len = 0, cap = 256;
	char *s = malloc(cap);

	if (!s)
		return -1;
#define PUT(...)                                                                       \
	do {                                                                           \
		int n_ = snprintf(s + len, cap - len, __VA_ARGS__);                    \
		while (len + (size_t)n_ + 1 > cap) {                                   \
			char *g_ = realloc(s, cap *= 2);                               \
			if (!g_) {                                                     \
				free(s);                                               \
				return -1;                                             \
			}                                                              \
			s = g_;                                                        \
			n_ = snprintf(s + len, cap - len, __VA_ARGS__);                \
		}                                                                      \
		len += (size_t)n_;                                                     \
	} while (0)
	PUT("%s", w->to->open);
	for (int k = 0; k < w->to->nins; k++) {
		int in = w->to->ins[k];

		PUT("%s%s = [", k ? ", " : "", axe_linear_in_name[in]);
		for (int i = 0; i < w->bits[in]; i++) {
			unflatten(w->shape, w->table[(int64_t)1 << (w->shift[in] + i)], coord);
			PUT("%s[", i ? ", " : "");
			for (size_t d = 0; d < w->shape->rank; d++)
				PUT("%s%lld", d ? ", " : "", (long long)coord[d]);
			PUT("]");
		}
		PUT("]");
	}
	PUT("%s", w->to->close);
#undef PUT
	*text = s;
	return 0;
}

/* The #ttg.linear of "src" on "shape"; NULL with "why" (no form) or "err". */
static char *write_linear(image_source *src, const axe_shape *shape, char *why, size_t size,
			  axe_error *err)
{
	walk w = { .src = src, .shape = shape, .points = 1 };
	char *text = NULL;

	why[0] = '\0';
	for (size_t d = 0; d < shape->rank; d++) {
		if (shape->dim[d] <= 0 || (shape->dim[d] & (shape->dim[d] - 1)) != 0) {
			why_not(why, size, "dim %zu has %lld elements: Triton's linear layouts "
				"need power-of-two dims", d, (long long)shape->dim[d]);
			return NULL;
		}
		w.points *= shape->dim[d];
	}
	if (shape->rank > AXE_LINEAR_MAX_RANK || w.points > ((int64_t)1 << TT_WRITE_MAX_BITS)) {
		why_not(why, size, "the layout has more than 2^%d elements or %d dims",
			TT_WRITE_MAX_BITS, AXE_LINEAR_MAX_RANK);
		return NULL;
	}
	if (map_axes(src, w.in_of, &w.to, why, size))
		return NULL;
	if (!(w.rows = malloc(source_max_images(src) * (src->naxes ? src->naxes : 1) *
			      sizeof(int64_t)))) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	if (!measure(&w, why, size)) {
		if (!(w.table = malloc(((size_t)1 << w.n) * sizeof(int32_t))))
			axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		else {
			memset(w.table, 0xff, ((size_t)1 << w.n) * sizeof(int32_t));
			if (!tabulate(&w, why, size) && !check_linear(&w, why, size) &&
			    emit(&w, &text) < 0)
				axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		}
	}
	free(w.table);
	free(w.rows);
	return text;
}

char *axe_triton_export(const axe_layout *layout, const axe_shape *shape, int dtype, char *why,
			size_t why_size, axe_error *err)
{
	image_source src = { .layout = layout };
	char *text = NULL;

	(void)dtype; /* a register layout does not depend on the element type */
	if (axe_evaluator_init(&src.ev, layout, shape, err) < 0)
		return NULL;
	src.naxes = src.ev.naxes;
	if (!(src.base = malloc((src.naxes ? src.naxes : 1) * sizeof(int64_t))))
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	else
		text = write_linear(&src, shape, why, why_size, err);
	free(src.base);
	axe_evaluator_release(&src.ev);
	return text;
}

char *axe_triton_export_import(const axe_import *imp, char *why, size_t why_size, axe_error *err)
{
	image_source src = { .expr = imp->expr };
	char *text;

	if (imp->layout)
		return axe_triton_export(imp->layout, &imp->shape, imp->dtype, why, why_size, err);
	src.naxes = imp->expr->naxes;
	if (!(src.scratch = malloc((imp->expr->ctx->nvars + 1) * sizeof(int64_t)))) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	text = write_linear(&src, &imp->shape, why, why_size, err);
	free(src.scratch);
	return text;
}
