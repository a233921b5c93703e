/*
 * info_private.h: what info.c and info_source.c share.  Internal to analyze/.
 */
#ifndef AXE_ANALYZE_INFO_PRIVATE_H
#define AXE_ANALYZE_INFO_PRIVATE_H

#include "info.h"

#define AXE_INFO_MAX_PAIRS ((int64_t)1 << 24) /* (image, point) pairs a source's check keeps */

/*
 * axe_info_compute() of a source (an `expr:` layout): "info" already holds
 * its size, axes array and images per point.  0 or -1.
 */
int axe_info_compute_source(const axe_evaluator *ev, axe_info *info, axe_error *err);

#endif
