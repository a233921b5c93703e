/*
 * show_parts.c: `show` of a whole CuTe TiledMMA or TiledCopy (show_out.h,
 * axe_show_parts): its parts side by side, as CuTe's print_latex and
 * print_svg draw them (CUTLASS 7107b0553, include/cute/util/print_latex.hpp:
 * print_latex_mma draws C with A and B around it, print_latex_copy the
 * source beside the destination).  Here A (M x K), B (N x K) and C (M x N),
 * or S and D, are panels beside one another; each cell is labelled
 * T<thread>V<value> with the first (thread, value) that holds it (the
 * lowest thread, as print_latex's "filled" rule keeps the first in thread
 * order) and coloured by thread: a hue per warp, lanes light to dark.
 * Text and JSON give each part's own `show` picture in turn.
 */
#include <stdlib.h>
#include <string.h>

#include "scene.h"
#include "show_out.h"
#include "thread_label.h"

/* The thread of "image": the flat tid the label shows. */
static int64_t thread_of(const axe_thread_label *t, const int64_t *image)
{
	int64_t tid = 0;

	for (size_t a = 0; a < t->naxes; a++)
		tid += t->weight[a] * image[a];
	return tid;
}

/* A warp's hue, a lane's lightness (scene.h's owner colours on a warps x 32 grid). */
static uint32_t thread_fill(int64_t tid, int64_t threads)
{
	int64_t warps = (threads + 31) / 32;

	return axe_owner_colour(tid / 32, warps, tid % 32, threads < 32 ? threads : 32);
}

/* The panel of one part: a cell per tile point. */
static int add_part(axe_scene *s, const axe_evaluator *ev, const char *name, int64_t threads,
		    const char *notation, bool beside, int64_t *images, int64_t *base)
{
	const axe_layout *L = ev->layout;
	int64_t rows = ev->shape.rank >= 2 ? ev->shape.dim[0] : 1;
	int64_t cols = ev->shape.rank >= 1 ? ev->shape.dim[ev->shape.rank - 1] : 1;
	axe_thread_label tl;
	axe_scene_panel *p;
	char title[160], label[48];
	size_t at;

	axe_thread_label_init(&tl, L, notation);
	snprintf(title, sizeof(title), "%s (%lld x %lld)", name, (long long)rows, (long long)cols);
	if (!(p = axe_scene_add_panel(s, 0, title, "lc", (size_t)rows, (size_t)cols)))
		return -1;
	p->beside = beside;
	at = axe_scene_begin(s);
	axe_scene_put_raw(s, " data-part=\"");
	axe_scene_put(s, name);
	axe_scene_put_raw(s, "\" data-axes=\"");
	for (size_t a = 0; a < L->naxes; a++) {
		axe_scene_put_raw(s, a ? "," : "");
		axe_scene_put(s, L->axis[a]);
	}
	axe_scene_put_raw(s, "\"");
	p->attrs = axe_scene_end(s, at);
	for (int64_t flat = 0; flat < ev->size && !s->nomem; flat++) {
		int64_t coord[2] = { flat / cols, flat % cols };
		size_t n = ev->nimages, na = ev->naxes;
		axe_scene_cell *c;

		axe_evaluator_base(ev, flat, base);
		axe_evaluator_images(ev, base, true, images);
		c = axe_scene_add_cell(s, (int32_t)coord[0], (int32_t)coord[1],
				       thread_fill(thread_of(&tl, images), threads));
		if (!c)
			return -1;
		c->badge = (uint32_t)n;
		at = axe_scene_begin(s);
		if (tl.applies)
			axe_scene_put_raw(s, axe_thread_label_of(&tl, images, label, sizeof(label)));
		else
			axe_scene_put_list(s, images, na, ',');
		c->label = axe_scene_end(s, at);
		at = axe_scene_begin(s);
		axe_scene_put_raw(s, " data-coord=\"");
		axe_scene_put_list(s, coord, ev->shape.rank < 2 ? 1 : 2, ',');
		axe_scene_put_raw(s, "\" data-images=\"");
		for (size_t i = 0; i < n; i++) {
			axe_scene_put_raw(s, i ? "|" : "");
			axe_scene_put_list(s, images + i * na, na, ',');
		}
		axe_scene_put_raw(s, "\" data-label=\"");
		axe_scene_put(s, axe_scene_str(s, c->label));
		axe_scene_put_raw(s, "\"");
		c->attrs = axe_scene_end(s, at);
	}
	return 0;
}

/* The highest thread any part names, plus one. */
static int64_t thread_count(const axe_evaluator *const *evs, size_t n)
{
	int64_t threads = 1;

	for (size_t i = 0; i < n; i++) {
		const axe_layout *L = evs[i]->layout;
		axe_thread_label tl;
		int64_t top = 0;

		axe_thread_label_init(&tl, L, NULL);
		for (size_t a = 0; a < L->naxes; a++) {
			int64_t lo, hi;
			if (tl.weight[a] <= 0)
				continue;
			axe_layout_image_range(L, (int)a, &lo, &hi);
			top += tl.weight[a] * hi;
		}
		if (top + 1 > threads)
			threads = top + 1;
	}
	return threads;
}

static void frame(axe_scene *s, const char *whole, int64_t threads)
{
	char text[200];

	s->title = axe_scene_text(s, whole);
	s->subtitle = axe_scene_text(s, "cell: the first (thread, value) holding it, "
				     "T<thread>V<value> as CuTe's print_latex, xN: N holders; "
				     "colour: the thread, a hue per warp, lanes light to dark");
	for (int64_t w = 0; w * 32 < threads && w < 16; w++) {
		snprintf(text, sizeof(text), "threads %lld-%lld", (long long)w * 32,
			 (long long)(w * 32 + 31 < threads ? w * 32 + 31 : threads - 1));
		axe_scene_add_legend(s, thread_fill(w * 32 + 16 < threads ? w * 32 + 16 : w * 32,
						    threads), text);
	}
	s->root_attrs = axe_scene_text(s, " data-parts=\"1\"");
	s->info = axe_scene_text(s, "hover a cell for its (thread, value) pairs");
}

static int picture(axe_writer *w, const axe_evaluator *const *evs, const char *const *names,
		   size_t n, const char *whole, const axe_show_opts *o, axe_error *err)
{
	size_t maxn = 1, cells = 0;
	int64_t *images, *base, threads = thread_count(evs, n);
	axe_scene s;
	int rc = 0;

	for (size_t i = 0; i < n; i++) {
		size_t need = evs[i]->nimages * (evs[i]->naxes ? evs[i]->naxes : 1);
		if (need > maxn)
			maxn = need;
		cells += (size_t)evs[i]->size;
	}
	if (cells > AXE_SCENE_RECT_CELLS)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0, "the parts have %zu cells, more "
				     "than the %d a picture of them all draws: show one part",
				     cells, AXE_SCENE_RECT_CELLS);
	images = malloc(maxn * sizeof(int64_t));
	base = malloc(maxn * sizeof(int64_t));
	axe_scene_init(&s);
	s.text = cells <= AXE_SCENE_FULL_CELLS;
	if (!images || !base)
		rc = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	frame(&s, whole, threads);
	for (size_t i = 0; i < n && rc == 0; i++)
		if (add_part(&s, evs[i], names[i], threads, o->notation, i > 0, images, base) < 0)
			rc = axe_scene_status(&s, err);
	if (rc == 0 && (rc = axe_scene_status(&s, err)) == 0) {
		axe_scene_place(&s);
		axe_scene_write(w, &s, o->format, 0);
	}
	axe_scene_release(&s);
	free(images);
	free(base);
	return rc;
}

int axe_show_parts(axe_writer *w, const axe_evaluator *const *evs, const char *const *names,
		   size_t n, const char *whole, const axe_show_opts *o, axe_error *err)
{
	if (o->nby || o->nregion)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--by and --region draw one "
				     "part: name it (%s:SOURCE:%s)", o->notation ? o->notation : "",
				     names[0]);
	if (o->format == AXE_FORMAT_SVG || o->format == AXE_FORMAT_HTML ||
	    o->format == AXE_FORMAT_TEX)
		return picture(w, evs, names, n, whole, o, err);
	if (o->format == AXE_FORMAT_JSON)
		axe_write_str(w, "{\"parts\":{");
	for (size_t i = 0; i < n; i++) {
		if (o->format == AXE_FORMAT_JSON) {
			axe_write_str(w, i ? "," : "");
			axe_write_json_string(w, names[i]);
			axe_write_char(w, ':');
		} else {
			axe_write_str(w, i ? "\npart " : "part ");
			axe_write_str(w, names[i]);
			axe_write_str(w, ":\n");
		}
		if (axe_show(w, evs[i], o, err) < 0)
			return -1;
	}
	if (o->format == AXE_FORMAT_JSON)
		axe_write_str(w, "}}\n");
	return 0;
}
