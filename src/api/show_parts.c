/*
 * show_parts.c: the library API of a whole CuTe TiledMMA or TiledCopy
 * operand (axe.h, "[map]": axe_operand_parts, axe_show_parts_report): its
 * parts named, each read as the operand "TEXT:PART", and `show` of them
 * all at once (output/show_parts.c).
 */
#include <stdlib.h>
#include <string.h>

#include "../interop/interop.h"
#include "../output/show_out.h"
#include "api.h"

#define MAX_PARTS 4

size_t axe_operand_parts(const char *text, char *parts, size_t size)
{
	const axe_notation *f;
	const char *suggest;
	size_t len;
	int n;

	if (!text || !parts || !(f = axe_format_prefix(text, &len, &suggest)))
		return 0;
	n = axe_cute_tiled_part_names(f->name, len, text + len + 1, parts, size);
	return n > 0 ? (size_t)n : 0;
}

/* Read part "part" of "text" into "*map" and its evaluator "ev". */
static int read_part(const char *text, char part, const axe_map_options *opts, axe_map **map,
		     axe_evaluator *ev, axe_error *err)
{
	size_t len = strlen(text);
	char *one = malloc(len + 3);
	const axe_layout *L;

	if (!one)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	memcpy(one, text, len);
	one[len] = ':';
	one[len + 1] = part;
	one[len + 2] = '\0';
	*map = axe_map_read(one, opts, err);
	free(one);
	if (!*map || !(L = axe_map_need_layout(*map, NULL, err)))
		return -1;
	return axe_evaluator_init(ev, L, &(*map)->op.shape, err);
}

axe_report *axe_show_parts_report(const char *text, const axe_map_options *opts,
				  const axe_show_request *req, enum axe_output form, FILE *out,
				  axe_error *err)
{
	static const axe_show_request defaults;
	char parts[MAX_PARTS + 1], names[MAX_PARTS][2];
	const char *name[MAX_PARTS];
	axe_map *map[MAX_PARTS] = { 0 };
	axe_evaluator ev[MAX_PARTS];
	const axe_evaluator *evp[MAX_PARTS];
	size_t n = axe_operand_parts(text, parts, sizeof(parts)), ready = 0;
	axe_show_opts o = { .format = axe_api_format(form), .dtype = -1, .width = 80 };
	axe_report *r = NULL;

	if (!req)
		req = &defaults;
	if (n == 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "'%s' is not a whole CuTe "
				     "TiledMMA or TiledCopy dump", text ? text : ""), NULL;
	if (axe_show_request_check(req, form, err) < 0)
		return NULL;
	o.width = req->width ? req->width : o.width;
	o.base = req->base != 0;
	o.nby = req->nby;
	o.nregion = req->region != NULL;
	for (; ready < n; ready++) {
		names[ready][0] = parts[ready];
		names[ready][1] = '\0';
		name[ready] = names[ready];
		evp[ready] = &ev[ready];
		if (read_part(text, parts[ready], opts, &map[ready], &ev[ready], err) < 0) {
			axe_map_free(map[ready]);
			break;
		}
		o.notation = map[ready]->op.format;
	}
	if (ready == n && (r = axe_report_open(out, err))) {
		size_t len = strcspn(text, ":\n");
		const char *rest = text + len + 1;
		char whole[300];

		snprintf(whole, sizeof(whole), "%.*s %.*s", (int)len, text, (int)strcspn(rest, "\n"),
			 rest);
		if (axe_show_parts(r->w, evp, name, n, whole, &o, err) < 0) {
			if (r->stream)
				axe_writer_flush(r->w);
			axe_report_free(r);
			r = NULL;
		} else {
			r = axe_report_close(r, AXE_EXIT_OK, NULL, err);
		}
	}
	for (size_t i = 0; i < ready; i++) {
		axe_evaluator_release(&ev[i]);
		axe_map_free(map[i]);
	}
	return r;
}
