/*
 * show_scene_private.h: what show_scene.c (the logical grid, framing) and
 * show_physical.c (the grid of owners, shared memory) share: the view of one
 * picture and the helpers both use.
 */
#ifndef AXE_OUTPUT_SHOW_SCENE_PRIVATE_H
#define AXE_OUTPUT_SHOW_SCENE_PRIVATE_H

#include "thread_label.h"
#include "scene.h"
#include "show_out.h"

#define MAX_POINTS_PER_OWNER (1 << 16) /* preimages listed in one physical cell */

typedef struct axe_show_view {
	const axe_evaluator *ev;
	const axe_show_opts *o;
	size_t rank;
	int64_t lo[AXE_MAX_RANK], n[AXE_MAX_RANK]; /* the window */
	int64_t pages, rows, cols, points;
	int64_t block;                 /* aggregated: k x k points per cell; 1 otherwise */
	size_t nby;
	int by[2];
	int64_t by_lo[2], by_n[2];     /* the owners' ranges */
	int64_t owner_cols;            /* columns of the owners' grid (1 axis: wrapped) */
	bool smem;                     /* the shared-memory view */
	int elem_bytes;
	int64_t *images, *base, *pre;
	axe_thread_label threads;      /* cells labelled T37:3 / T37V3 when it applies */
} axe_show_view;

/* The colour of the owner of "image" (hue by the column axis, shade by the row axis). */
uint32_t axe_show_owner_fill(const axe_show_view *v, const int64_t *image);
/* The colour of the 16-byte chunk of a line that element address "pre" starts in. */
uint32_t axe_show_chunk_fill(const axe_show_view *v, int64_t pre);
/* Evaluate "coord": "v->images" and "v->pre" filled; the number of images. */
size_t axe_show_evaluate(axe_show_view *v, const int64_t *coord);
/* Byte, line, bank and pre-swizzle address of element address "m" as data- attributes. */
void axe_show_put_bank_attrs(axe_scene *s, const axe_show_view *v, int64_t m, int64_t pre);
/* The grid of owners (-1 with "err" set). */
int axe_show_add_physical(axe_scene *s, axe_show_view *v, axe_error *err);
/* Shared memory between element addresses "lo" and "hi" (-1 with "err" set). */
int axe_show_add_smem(axe_scene *s, axe_show_view *v, int64_t lo, int64_t hi, axe_error *err);

#endif
