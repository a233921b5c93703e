/*
 * map_report.c: the library API's reports of `eval` and `show` (axe.h,
 * "[map]"): the forward map at points or over the whole domain, the
 * backward map of physical points, the checksum walk, and the pictures,
 * each option value read here as the command reads it.
 */
#include <stdlib.h>
#include <string.h>

#include "../output/show_out.h"
#include "../parse/parse.h"
#include "api.h"

#define DEFAULT_SHOW_WIDTH 80 /* show --width */
#define MAX_BY 2              /* physical axes of a reverse picture */

/* ---- eval ------------------------------------------------------------------------ */

/*
 * One --at point "text" and its images; "scratch" holds an image set and
 * one base (axe_evaluator_base_size values).
 */
static int eval_at(axe_writer *w, const axe_image_printer *pr, const char *text,
		   bool with_replicas, int64_t *scratch, axe_error *err)
{
	const axe_evaluator *ev = pr->ev;
	axe_loc loc = { "--at", 1, 1, text, strlen(text) };
	int64_t coord[AXE_MAX_RANK], flat;
	int64_t *images = scratch, *base = scratch + ev->nimages * ev->naxes;
	long n = axe_int_list_is_empty(text)
		 ? 0 : axe_parse_int_list(text, &loc, coord, AXE_MAX_RANK, "coordinate", err);

	if (n < 0)
		return -1;
	if ((size_t)n != ev->shape.rank) {
		axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(text),
			      "a point of shape rank %zu needs %zu coordinates, not %ld",
			      ev->shape.rank, ev->shape.rank, n);
		/* The user may have meant another shape of the same points. */
		axe_error_hint(err, "for a point of rank %ld, give a shape of %ld extent%s with "
			       "--shape (any shape of %lld points is admitted)", n, n,
			       n == 1 ? "" : "s", (long long)ev->size);
		return -1;
	}
	if (axe_evaluator_flatten(ev, coord, &flat, err) < 0) {
		axe_error_locate_option(err, "--at", text);
		return -1;
	}
	axe_evaluator_base(ev, flat, base);
	axe_print_point(w, pr, coord, images, axe_evaluator_images(ev, base, with_replicas, images));
	return 0;
}

/* One --inverse point "text" and its preimages, at most "limit" of them. */
static int eval_inverse(axe_writer *w, const axe_image_printer *pr, const char *text,
			size_t limit, axe_error *err)
{
	const axe_evaluator *ev = pr->ev;
	int64_t *target = calloc(ev->naxes + 1, sizeof(int64_t)), *flats = NULL;
	bool *given = calloc(ev->naxes + 1, sizeof(bool));
	size_t n = 0;
	int r = -1;

	if (!target || !given)
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	else if (axe_operand_read_target(ev, text, target, given, err) == 0 &&
		 axe_evaluator_inverse(ev, target, given, &flats, &n, limit, err) == 0) {
		axe_print_preimages(w, pr, target, given, flats, n);
		r = 0;
	}
	axe_error_locate_option(err, "--inverse", text);
	free(target);
	free(given);
	free(flats);
	return r;
}

/* The --count summary: a walk over the domain on the threads "walk" asks for. */
static int eval_count(axe_writer *w, const axe_image_printer *pr, const axe_walk *walk,
		      axe_error *err)
{
	axe_progress progress;
	axe_walk_options o = axe_api_walk(walk, &progress);
	axe_checksum sum;

	if (axe_evaluator_checksum_walk(pr->ev, &o, &sum, err) < 0)
		return -1;
	axe_print_checksum(w, &sum, pr->format);
	return 0;
}

/* Everything "req" asks of "ev", in the command's order; 0 or -1. */
static int eval_run(const axe_eval_request *req, const axe_evaluator *ev, axe_format format,
		    axe_writer *w, axe_error *err)
{
	size_t limit = req->limit ? (size_t)req->limit : AXE_API_INVERSE_LIMIT;
	int64_t *scratch = malloc(((ev->nimages + 1) * (ev->naxes + 1) +
				   axe_evaluator_base_size(ev)) * sizeof(int64_t));
	axe_image_printer pr;
	int r = 0;

	if (!scratch || axe_image_printer_init(&pr, ev, format) < 0) {
		free(scratch);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	for (size_t i = 0; r == 0 && i < req->nat; i++)
		r = eval_at(w, &pr, req->at[i], !req->base, scratch, err);
	for (size_t i = 0; r == 0 && i < req->ninverse; i++)
		r = eval_inverse(w, &pr, req->inverse[i], limit, err);
	if (r == 0 && req->count)
		r = eval_count(w, &pr, &req->walk, err);
	if (r == 0 && (req->all || (!req->nat && !req->ninverse && !req->count)))
		r = axe_print_all(w, &pr, !req->base, req->limit, err);
	axe_image_printer_release(&pr);
	free(scratch);
	return r;
}

/* The options no command line can give wrong; 0 or -1. */
static int eval_check(const axe_eval_request *req, enum axe_output form, axe_error *err)
{
	if (form != AXE_OUTPUT_TEXT && form != AXE_OUTPUT_JSON)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "eval writes text or JSON");
	if (req->limit < 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--limit takes a positive "
				     "integer, not '%lld'", (long long)req->limit);
	if ((req->nat && !req->at) || (req->ninverse && !req->inverse))
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "no points given");
	return 0;
}

/*
 * A report that failed half-way: what was written reaches the stream (it
 * came before the error), then nothing is returned.
 */
static axe_report *report_abandon(axe_report *r)
{
	if (r->stream)
		axe_writer_flush(r->w);
	axe_report_free(r);
	return NULL;
}

axe_report *axe_eval_report(const axe_map *map, const axe_eval_request *req,
			    enum axe_output form, FILE *out, axe_error *err)
{
	static const axe_eval_request defaults;
	axe_evaluator ev;
	axe_report *r;

	if (!req)
		req = &defaults;
	if (eval_check(req, form, err) < 0 || axe_operand_evaluator_init(&map->op, &ev, err) < 0)
		return NULL;
	if ((r = axe_report_open(out, err))) {
		if (ev.replicas_coincide && !req->base)
			axe_report_note(r, "axe-layout: note: some replica combinations land on "
					"the same point; each image is listed once");
		if (eval_run(req, &ev, axe_api_format(form), r->w, err) < 0)
			r = report_abandon(r);
		else
			r = axe_report_close(r, AXE_EXIT_OK, NULL, err);
	}
	axe_evaluator_release(&ev);
	return r;
}

/* ---- show ------------------------------------------------------------------------ */

/* Add the axis names of one --by value "text" to "o"; 0 or -1. */
static int read_by(const axe_layout *L, const char *text, axe_show_opts *o, axe_error *err)
{
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, ",");
		axe_loc loc = { "--by", 1, (int)(p - text) + 1, text, strlen(text) };
		char name[128];
		int a;

		snprintf(name, sizeof(name), "%.*s", (int)len, p);
		a = axe_layout_axis_index(L, name);
		if (a < 0) {
			const char *best = axe_suggest(name, (const char *const *)L->axis, L->naxes);
			axe_error_set(err, AXE_ERR_NAME, &loc, (int)len,
				      "the layout does not name axis '%s'", name);
			if (best)
				axe_error_hint(err, "did you mean '%s'?", best);
			return -1;
		}
		if (o->nby == MAX_BY || (o->nby == 1 && o->by[0] == a))
			return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)len,
					     "--by takes one or two different axes");
		o->by[o->nby++] = a;
		p += len + (p[len] == ',');
	}
	return 0;
}

/* Parse --region into "o" and check it against "shape"; 0 or -1. */
static int read_region(const char *region, const axe_shape *shape, axe_show_opts *o,
		       axe_error *err)
{
	axe_loc loc = { "--region", 1, 1, region, strlen(region) };
	long n;

	n = axe_parse_region(region, &loc, o->begin, o->end, AXE_MAX_RANK, err);
	if (n < 0)
		return -1;
	o->nregion = (size_t)n;
	if (o->nregion != shape->rank)
		return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(region), "--region has "
				     "%zu range%s for a shape of rank %zu", o->nregion,
				     o->nregion == 1 ? "" : "s", shape->rank);
	for (size_t d = 0; d < o->nregion; d++)
		if (o->end[d] > shape->dim[d])
			return axe_error_set(err, AXE_ERR_RANGE, &loc, (int)strlen(region),
					     "range %zu ends at %lld, past the extent %lld", d,
					     (long long)o->end[d], (long long)shape->dim[d]);
	return 0;
}

int axe_show_request_check(const axe_show_request *req, enum axe_output form, axe_error *err)
{
	axe_loc loc;

	(void)form;
	if (!req || !req->region || !req->nby)
		return 0;
	/* A window of the logical grid; the text of --by lists physical places. */
	loc = (axe_loc){ "--region", 1, 1, req->region, strlen(req->region) };
	return axe_error_set(err, AXE_ERR_VALUE, &loc, (int)strlen(req->region),
			     "--region is a window of the logical grid: it does not go with --by "
			     "(the pictures, --format svg or html, draw both)");
}

/* The picture options of "req" for the map of "ev"; 0 or -1. */
static int show_options(const axe_evaluator *ev, const axe_show_request *req, axe_show_opts *o,
			axe_error *err)
{
	if (req->nby && !req->by)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "no --by axes given");
	for (size_t i = 0; i < req->nby; i++)
		if (read_by(ev->layout, req->by[i], o, err) < 0)
			return -1;
	return req->region ? read_region(req->region, &ev->shape, o, err) : 0;
}

axe_report *axe_show_report(const axe_map *map, const axe_show_request *req,
			    enum axe_output form, FILE *out, axe_error *err)
{
	static const axe_show_request defaults;
	axe_show_opts o = { .format = axe_api_format(form), .dtype = map->op.dtype,
			    .notation = map->op.format };
	axe_evaluator ev;
	axe_report *r;

	if (!req)
		req = &defaults;
	o.width = req->width ? req->width : DEFAULT_SHOW_WIDTH;
	o.base = req->base != 0;
	if (axe_show_request_check(req, form, err) < 0 ||
	    axe_operand_evaluator_init(&map->op, &ev, err) < 0)
		return NULL;
	if (show_options(&ev, req, &o, err) < 0) {
		axe_evaluator_release(&ev);
		return NULL;
	}
	if ((r = axe_report_open(out, err))) {
		if (axe_show(r->w, &ev, &o, err) < 0)
			r = report_abandon(r);
		else
			r = axe_report_close(r, AXE_EXIT_OK, NULL, err);
	}
	axe_evaluator_release(&ev);
	return r;
}
