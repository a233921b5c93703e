/*
 * algebra.h: what the layout-algebra operations (Axe paper section 3.3,
 * Appendices B-F) have in common: the result record, and the reason an
 * operation has no result.
 *
 * Every operation returns 1 when it produced a layout (in an
 * axe_algebra_result), 0 when the operation is impossible for these inputs
 * (an answer, not an error: "why" says why, and the command exits 1), and -1
 * on an error (malformed request, overflow, no memory: "err" is set, exit 2).
 */
#ifndef AXE_ALGEBRA_ALGEBRA_H
#define AXE_ALGEBRA_ALGEBRA_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../core/layout.h"

#define AXE_REASON_MAX 512

/* Why an operation has no result, in words for the user. */
typedef struct axe_reason {
	char text[AXE_REASON_MAX];
} axe_reason;

/* Record the reason in "why" (may be NULL); returns 0, the "impossible" answer. */
static inline int axe_reason_set(axe_reason *why, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static inline int axe_reason_set(axe_reason *why, const char *fmt, ...)
{
	va_list ap;

	if (!why)
		return 0;
	va_start(ap, fmt);
	vsnprintf(why->text, sizeof(why->text), fmt, ap);
	va_end(ap);
	return 0;
}

/*
 * The result of an operation.  "shape" is the logical shape the result is
 * meant on; the other fields are extras that only some operations fill.
 */
typedef struct axe_algebra_result {
	axe_layout *layout;     /* owned; NULL unless the operation succeeded */
	axe_shape shape;
	size_t ninterleaved;    /* tile, dsum: (S_A[0], S_B[0], S_A[1], ...); else 0 */
	int64_t interleaved[2 * AXE_MAX_RANK];
	size_t nblocks;         /* group: dimension d is shard iters [block[d], block[d+1]) */
	size_t block[AXE_MAX_RANK + 1];
} axe_algebra_result;

static inline void axe_algebra_result_release(axe_algebra_result *r)
{
	axe_layout_free(r->layout);
	r->layout = NULL;
}

/* The error of a failed axe_layout_intern_axis ("code" -1 or -2); returns -1. */
static inline int axe_intern_error(int code, axe_error *err)
{
	if (code == -2)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
				     "the result would name more than %d axes", AXE_MAX_AXES);
	return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
}

/*
 * "extent:stride" of "it", with "@axis" unless the axis is m (the compact
 * syntax of one iter), into "buf"; returns "buf".
 */
static inline const char *axe_iter_text(const axe_layout *layout, const axe_iter *it,
					char *buf, size_t size)
{
	const char *axis = layout->axis[it->axis];

	if (strcmp(axis, "m") == 0)
		snprintf(buf, size, "%lld:%lld", (long long)it->extent, (long long)it->stride);
	else
		snprintf(buf, size, "%lld:%lld@%s", (long long)it->extent,
			 (long long)it->stride, axis);
	return buf;
}

#endif
