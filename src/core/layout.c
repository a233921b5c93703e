/*
 * layout.c: construction, copying and validation of layouts (Axe paper,
 * Definition 2.2).
 */
#include <stdlib.h>
#include <string.h>

#include "arith.h"
#include "layout.h"

axe_layout *axe_layout_new(void)
{
	return calloc(1, sizeof(axe_layout));
}

void axe_layout_free(axe_layout *layout)
{
	if (!layout)
		return;
	for (size_t i = 0; i < layout->naxes; i++)
		free(layout->axis[i]);
	free(layout->axis);
	free(layout->offset);
	free(layout->offset_written);
	free(layout->shard);
	free(layout->replica);
	free(layout);
}

/* Grow "*array" of "size"-byte items to hold at least "need"; -1 on failure. */
static int reserve(void **array, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 4;
	void *p;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	p = realloc(*array, n * size);
	if (!p)
		return -1;
	*array = p;
	*cap = n;
	return 0;
}

axe_layout *axe_layout_dup(const axe_layout *src)
{
	axe_layout *dst = axe_layout_new();

	if (!dst)
		return NULL;
	for (size_t i = 0; i < src->naxes; i++) {
		int a = axe_layout_intern_axis(dst, src->axis[i]);
		if (a < 0)
			goto error;
		dst->offset[a] = src->offset[i];
		dst->offset_written[a] = src->offset_written[i];
	}
	for (size_t i = 0; i < src->nshard; i++)
		if (axe_layout_push_shard(dst, src->shard[i].extent,
					  src->shard[i].stride, src->shard[i].axis) < 0)
			goto error;
	for (size_t i = 0; i < src->nreplica; i++)
		if (axe_layout_push_replica(dst, src->replica[i].extent,
					    src->replica[i].stride, src->replica[i].axis) < 0)
			goto error;
	dst->swizzle = src->swizzle;
	return dst;
error:
	axe_layout_free(dst);
	return NULL;
}

int axe_layout_axis_index(const axe_layout *layout, const char *name)
{
	for (size_t i = 0; i < layout->naxes; i++)
		if (strcmp(layout->axis[i], name) == 0)
			return (int)i;
	return -1;
}

int axe_layout_intern_axis(axe_layout *layout, const char *name)
{
	int a = axe_layout_axis_index(layout, name);
	size_t cap;
	char *copy;

	if (a >= 0)
		return a;
	if (layout->naxes >= AXE_MAX_AXES)
		return -2;
	cap = layout->cap_axes;
	if (reserve((void **)&layout->axis, &cap, layout->naxes + 1, sizeof(char *)) < 0)
		return -1;
	cap = layout->cap_axes;
	if (reserve((void **)&layout->offset, &cap, layout->naxes + 1, sizeof(int64_t)) < 0)
		return -1;
	cap = layout->cap_axes;
	if (reserve((void **)&layout->offset_written, &cap, layout->naxes + 1, sizeof(bool)) < 0)
		return -1;
	layout->cap_axes = cap;
	copy = strdup(name);
	if (!copy)
		return -1;
	layout->axis[layout->naxes] = copy;
	layout->offset[layout->naxes] = 0;
	layout->offset_written[layout->naxes] = false;
	return (int)layout->naxes++;
}

static int push_iter(axe_iter **list, size_t *n, size_t *cap,
		     int64_t extent, int64_t stride, int axis)
{
	if (reserve((void **)list, cap, *n + 1, sizeof(axe_iter)) < 0)
		return -1;
	(*list)[(*n)++] = (axe_iter){ extent, stride, axis };
	return 0;
}

int axe_layout_push_shard(axe_layout *layout, int64_t extent, int64_t stride, int axis)
{
	return push_iter(&layout->shard, &layout->nshard, &layout->cap_shard,
			 extent, stride, axis);
}

int axe_layout_push_replica(axe_layout *layout, int64_t extent, int64_t stride, int axis)
{
	return push_iter(&layout->replica, &layout->nreplica, &layout->cap_replica,
			 extent, stride, axis);
}

int axe_layout_add_offset(axe_layout *layout, int axis, int64_t value)
{
	if (axe_add_ovf(layout->offset[axis], value, &layout->offset[axis]))
		return -1;
	layout->offset_written[axis] = true;
	return 0;
}

/* Record axis "a" as next in "order" unless it is already there. */
static void visit(int a, int *rank, size_t *next)
{
	if (rank[a] < 0)
		rank[a] = (int)(*next)++;
}

void axe_layout_order_axes(axe_layout *layout)
{
	size_t n = layout->naxes, next = 0;
	int *rank = malloc((n ? n : 1) * sizeof(int));
	char **axis = malloc((n ? n : 1) * sizeof(char *));
	int64_t *offset = malloc((n ? n : 1) * sizeof(int64_t));
	bool *written = malloc((n ? n : 1) * sizeof(bool));

	if (!rank || !axis || !offset || !written)
		goto out; /* leaves the order as it was: still a valid layout */
	for (size_t i = 0; i < n; i++)
		rank[i] = -1;
	for (size_t i = 0; i < layout->nshard; i++)
		visit(layout->shard[i].axis, rank, &next);
	for (size_t i = 0; i < layout->nreplica; i++)
		visit(layout->replica[i].axis, rank, &next);
	for (size_t i = 0; i < n; i++)
		if (layout->offset_written[i])
			visit((int)i, rank, &next);
	for (size_t i = 0; i < n; i++) {
		if (rank[i] < 0) {
			free(layout->axis[i]);
			continue;
		}
		axis[rank[i]] = layout->axis[i];
		offset[rank[i]] = layout->offset[i];
		written[rank[i]] = layout->offset_written[i];
	}
	for (size_t i = 0; i < layout->nshard; i++)
		layout->shard[i].axis = rank[layout->shard[i].axis];
	for (size_t i = 0; i < layout->nreplica; i++)
		layout->replica[i].axis = rank[layout->replica[i].axis];
	if (next > 0) { /* the arrays are NULL in a layout with no axes yet */
		memcpy(layout->axis, axis, next * sizeof(char *));
		memcpy(layout->offset, offset, next * sizeof(int64_t));
		memcpy(layout->offset_written, written, next * sizeof(bool));
	}
	layout->naxes = next;
out:
	free(rank);
	free(axis);
	free(offset);
	free(written);
}

/*
 * Widen the reachable range ["lo", "hi"] of an axis by an iter; false on
 * overflow.  The digit contributes c*s for c in [0, e), so it moves one end.
 */
static bool widen(const axe_iter *it, int64_t *lo, int64_t *hi)
{
	int64_t reach;

	if (axe_mul_ovf(it->extent - 1, it->stride, &reach))
		return false;
	return reach < 0 ? !axe_add_ovf(*lo, reach, lo) : !axe_add_ovf(*hi, reach, hi);
}

int axe_layout_validate(const axe_layout *layout, const axe_loc *loc, int span,
			axe_error *err)
{
	int64_t size = 1;

	/* An empty shard is one point (shape ()): a scalar, or an offset alone. */
	for (size_t i = 0; i < layout->nshard; i++)
		if (axe_mul_ovf(size, layout->shard[i].extent, &size))
			return axe_error_set(err, AXE_ERR_OVERFLOW, loc, span,
					     "the product of the shard extents overflows 64 bits "
					     "at iter %zu", i + 1);
	for (size_t a = 0; a < layout->naxes; a++) {
		int64_t lo = layout->offset[a], hi = layout->offset[a];
		int64_t sp = 1;

		for (int part = 0; part < 2; part++) {
			const axe_iter *list = part ? layout->replica : layout->shard;
			size_t n = part ? layout->nreplica : layout->nshard;

			for (size_t i = 0; i < n; i++) {
				int64_t reach;
				if (list[i].axis != (int)a)
					continue;
				/* Spans and searches take |stride|, which -2^63 lacks. */
				if (list[i].stride == INT64_MIN)
					return axe_error_set(err, AXE_ERR_OVERFLOW, loc, span,
							     "a stride on axis '%s' is -2^63, whose "
							     "magnitude does not fit in 64 bits",
							     layout->axis[a]);
				if (!widen(&list[i], &lo, &hi) ||
				    axe_mul_ovf(list[i].extent - 1, axe_abs64(list[i].stride), &reach) ||
				    axe_add_ovf(sp, reach, &sp))
					return axe_error_set(err, AXE_ERR_OVERFLOW, loc, span,
							     "coordinates on axis '%s' overflow 64 bits",
							     layout->axis[a]);
			}
		}
	}
	return 0;
}

void axe_layout_axis_range(const axe_layout *layout, int axis, int64_t *lo, int64_t *hi)
{
	*lo = *hi = layout->offset[axis];
	for (size_t i = 0; i < layout->nshard; i++)
		if (layout->shard[i].axis == axis)
			widen(&layout->shard[i], lo, hi);
	for (size_t i = 0; i < layout->nreplica; i++)
		if (layout->replica[i].axis == axis)
			widen(&layout->replica[i], lo, hi);
}

int64_t axe_layout_axis_span(const axe_layout *layout, int axis)
{
	int64_t span = 1;

	for (size_t i = 0; i < layout->nshard; i++)
		if (layout->shard[i].axis == axis)
			span += (layout->shard[i].extent - 1) * axe_abs64(layout->shard[i].stride);
	for (size_t i = 0; i < layout->nreplica; i++)
		if (layout->replica[i].axis == axis)
			span += (layout->replica[i].extent - 1) * axe_abs64(layout->replica[i].stride);
	return span;
}

int axe_layout_size(const axe_layout *layout, int64_t *size, axe_error *err)
{
	int64_t n = 1;

	for (size_t i = 0; i < layout->nshard; i++)
		if (axe_mul_ovf(n, layout->shard[i].extent, &n))
			return axe_error_set(err, AXE_ERR_OVERFLOW, NULL, 0,
					     "the product of the shard extents overflows 64 bits");
	*size = n;
	return 0;
}

size_t axe_layout_axis_count(const axe_layout *layout)
{
	return layout->naxes;
}

const char *axe_layout_axis_name(const axe_layout *layout, size_t axis)
{
	return axis < layout->naxes ? layout->axis[axis] : NULL;
}

void axe_layout_default_shape(const axe_layout *layout, axe_shape *shape)
{
	size_t n = layout->nshard < AXE_MAX_RANK ? layout->nshard : AXE_MAX_RANK;

	shape->rank = n;
	for (size_t i = 0; i < n; i++)
		shape->dim[i] = layout->shard[i].extent;
}

static bool same_iters(const axe_layout *a, const axe_layout *b,
		       const axe_iter *x, const axe_iter *y, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (x[i].extent != y[i].extent || x[i].stride != y[i].stride ||
		    strcmp(a->axis[x[i].axis], b->axis[y[i].axis]) != 0)
			return false;
	return true;
}

bool axe_layout_identical(const axe_layout *a, const axe_layout *b)
{
	if (a->nshard != b->nshard || a->nreplica != b->nreplica || a->naxes != b->naxes)
		return false;
	if (a->swizzle.present != b->swizzle.present ||
	    (a->swizzle.present && (a->swizzle.per_element != b->swizzle.per_element ||
				    a->swizzle.len != b->swizzle.len ||
				    a->swizzle.atom != b->swizzle.atom)))
		return false;
	if (!same_iters(a, b, a->shard, b->shard, a->nshard) ||
	    !same_iters(a, b, a->replica, b->replica, a->nreplica))
		return false;
	for (size_t i = 0; i < a->naxes; i++) {
		int j = axe_layout_axis_index(b, a->axis[i]);
		if (j < 0 || a->offset[i] != b->offset[j])
			return false;
	}
	return true;
}
