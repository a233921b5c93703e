/*
 * thread_label.h: the label of a point held by a thread, as Triton and CuTe
 * print one: "T37:3" (thread 37, register 3: triton-tensor-layout's tensor
 * view) and "T37V3" (thread 37, value 3: CuTe's print_latex of a TV
 * layout).  The thread is the flat index of the CTA, tid = laneid +
 * 32*warpid (core/relate.h's weights), however the layout names it.
 */
#ifndef AXE_OUTPUT_THREAD_LABEL_H
#define AXE_OUTPUT_THREAD_LABEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/layout.h"

typedef struct axe_thread_label {
	bool applies;                 /* every axis a thread axis or reg, one thread axis at least */
	bool cute;                    /* "T37V3" (a cute-tv: layout), else "T37:3" */
	int reg;                      /* the register axis, or -1 */
	size_t naxes;
	int64_t weight[AXE_MAX_AXES]; /* per axis: threads per unit (0: not a thread axis) */
	char rule[96];                /* "tid = laneid + 32*warpid", for a subtitle */
} axe_thread_label;

/*
 * How points of "L" are labelled; "notation" is the operand's ("cute-tv",
 * "cute-mma" and "cute-copy" label T37V3), or NULL.
 */
void axe_thread_label_init(axe_thread_label *t, const axe_layout *L, const char *notation);

/* The label of "image" (one value per axis of the layout) into "buf"; returns "buf". */
const char *axe_thread_label_of(const axe_thread_label *t, const int64_t *image, char *buf,
				size_t size);

#endif
