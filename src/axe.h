/*
 * axe.h: the public interface of libaxelayout.
 *
 * An Axe layout (Axe paper, section 2) maps a logical coordinate to a set of
 * physical coordinates on named hardware axes: L(x) = { D(x) + r + O : r in R }.
 * D is the shard (ordered iters), R the replica (a multiset of iters) and O a
 * per-axis offset.  This header exposes opaque handles and the functions a
 * program needs to parse, inspect and evaluate layouts; the struct layouts are
 * private to the library (src/core/layout.h).
 *
 * Conventions: inputs are borrowed and const; the caller owns what a _new,
 * _parse or _dup function returns and releases it with the matching _free
 * (which accepts NULL).  Fallible functions take `axe_error *err` last and
 * return NULL or -1; the first error recorded in `err` is kept.
 */
#ifndef AXE_H
#define AXE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exit statuses of the command-line tool (and of `axe_verdict` results). */
enum axe_exit {
	AXE_EXIT_OK = 0,        /* done, or the property holds */
	AXE_EXIT_FALSE = 1,     /* the property does not hold */
	AXE_EXIT_INPUT = 2,     /* usage or input error */
	AXE_EXIT_UNDECIDED = 3, /* the solver gave up or timed out */
};

/* An answer, not an error: three-valued like isl_bool. */
enum axe_verdict {
	AXE_VERDICT_FALSE = 0,
	AXE_VERDICT_TRUE = 1,
	AXE_VERDICT_UNKNOWN = 2,
};

enum axe_error_code {
	AXE_ERR_NONE = 0,
	AXE_ERR_SYNTAX,   /* malformed text */
	AXE_ERR_VALUE,    /* well-formed but invalid value (extent 0, bad shape) */
	AXE_ERR_OVERFLOW, /* a product or sum left the signed 64-bit range */
	AXE_ERR_RANGE,    /* a coordinate outside the domain */
	AXE_ERR_NAME,     /* unknown layout, key or axis */
	AXE_ERR_IO,       /* a file could not be read */
	AXE_ERR_LIMIT,    /* a resource limit was reached */
	AXE_ERR_NOMEM,
};

#define AXE_MAX_RANK 64 /* logical dimensions of a shape */

/*
 * Where an error is and what it says.  `line` and `col` are 1-based (0 when
 * unknown); `span` is the length of the offending text.  `context` holds the
 * source line (or a window of it) and `context_col` the 1-based column of the
 * problem inside `context`, so that a caret line can be drawn under it.
 */
typedef struct axe_error {
	int code;             /* enum axe_error_code */
	char source[256];     /* file path, or "<arg>" for a command-line literal */
	int line, col, span;
	char message[512];
	char hint[256];       /* "did you mean ..." or empty */
	char context[200];
	int context_col;
} axe_error;

void axe_error_init(axe_error *err);

/* A logical shape: `rank` extents, outermost first. */
typedef struct axe_shape {
	size_t rank;
	int64_t dim[AXE_MAX_RANK];
} axe_shape;

typedef struct axe_layout axe_layout;

/* Parse the compact syntax of spec-format.md section 1; NULL on error. */
axe_layout *axe_layout_parse(const char *text, axe_error *err);
axe_layout *axe_layout_dup(const axe_layout *layout);
void axe_layout_free(axe_layout *layout);

/* The compact text of `layout`; the caller frees the string. */
char *axe_layout_to_string(const axe_layout *layout);

/* The product of the shard extents, overflow-checked. */
int axe_layout_size(const axe_layout *layout, int64_t *size, axe_error *err);

/* Number of axes the layout names, and their names in order of first appearance. */
size_t axe_layout_axis_count(const axe_layout *layout);
const char *axe_layout_axis_name(const axe_layout *layout, size_t axis);

/* The default shape: the shard extents. */
void axe_layout_default_shape(const axe_layout *layout, axe_shape *shape);

/*
 * Evaluate L(x) at `coord` (a point of `shape`).  Writes up to `max_images`
 * images of axe_layout_axis_count() values each into `images` (image-major)
 * and returns the number of distinct images, or -1 on error.
 */
long axe_layout_eval(const axe_layout *layout, const axe_shape *shape,
		     const int64_t *coord, int64_t *images, size_t max_images,
		     axe_error *err);

#ifdef __cplusplus
}
#endif
#endif
