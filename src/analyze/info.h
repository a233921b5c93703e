/*
 * info.h: what `axe-layout info` reports about a layout: size, per-axis
 * range and span, replication, and whether distinct logical points ever share
 * a physical coordinate (injectivity), with a witness pair when they do.
 */
#ifndef AXE_ANALYZE_INFO_H
#define AXE_ANALYZE_INFO_H

#include "../core/eval.h"

#define AXE_INFO_MAX_COMBINATIONS (1 << 22) /* digit combinations searched per axis */

typedef struct axe_axis_summary {
	const char *name;
	int kind;        /* enum axe_axis_kind */
	int64_t lo, hi;  /* lowest and highest coordinate reached (after the swizzle) */
	bool range_exact; /* false: lo and hi only bound a swizzled range */
	int64_t span;    /* Axe paper Lemma C.1: 1 + sum of (e-1)|s| */
	int64_t size;    /* hardware extent of the axis, 0 when unbounded */
} axe_axis_summary;

typedef struct axe_info {
	int64_t size;
	size_t naxes;
	axe_axis_summary *axes;
	size_t images_per_point;  /* distinct replica offsets */
	bool replicas_coincide;
	enum axe_verdict injective;
	int64_t witness[2];       /* flat indices of two points sharing a coordinate */
	const char *undecided_axis; /* why injectivity is unknown: the axis searched, or
				       NULL: a map without S/R/O form had too many images */
} axe_info;

/* Summarise the layout "ev" was prepared for.  0 or -1. */
int axe_info_compute(const axe_evaluator *ev, axe_info *info, axe_error *err);
void axe_info_release(axe_info *info);

#endif
