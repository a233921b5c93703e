/*
 * eval_out.c: formats eval results; computes nothing but the walk order.
 *   text:  (2, 9) -> {laneid: 8, warpid: 6, m: 1}, {laneid: 8, warpid: 10, m: 1}
 *   JSON:  {"coord":[2,9],"images":[{"laneid":8,"warpid":6,"m":1},...]}
 */
#include <stdlib.h>
#include <string.h>

#include "eval_out.h"

int axe_image_printer_init(axe_image_printer *p, const axe_evaluator *ev, axe_format format)
{
	size_t na = ev->naxes;

	memset(p, 0, sizeof(*p));
	p->ev = ev;
	p->format = format;
	p->rank = ev->shape.rank;
	p->label = calloc(na ? na : 1, sizeof(char *));
	p->label_len = calloc(na ? na : 1, sizeof(size_t));
	if (!p->label || !p->label_len)
		goto error;
	for (size_t a = 0; a < na; a++) {
		const char *name = ev->layout->axis[a];
		size_t len = strlen(name) + 8;
		/* Room past the text: the --all hot loop copies short labels 16 bytes at a time. */
		p->label[a] = calloc(len + 16, 1);
		if (!p->label[a])
			goto error;
		if (format == AXE_FORMAT_JSON)
			snprintf(p->label[a], len, "%s\"%s\":", a ? "," : "{", name);
		else
			snprintf(p->label[a], len, "%s%s: ", a ? ", " : "{", name);
		p->label_len[a] = strlen(p->label[a]);
	}
	return 0;
error:
	axe_image_printer_release(p);
	return -1;
}

void axe_image_printer_release(axe_image_printer *p)
{
	for (size_t a = 0; p->label && a < p->ev->naxes; a++)
		free(p->label[a]);
	free(p->label);
	free(p->label_len);
	p->label = NULL;
	p->label_len = NULL;
}

static void print_coord(axe_writer *w, const axe_image_printer *p, const int64_t *coord)
{
	bool json = p->format == AXE_FORMAT_JSON;

	axe_write_char(w, json ? '[' : '(');
	for (size_t d = 0; d < p->rank; d++) {
		if (d)
			axe_write_bytes(w, json ? "," : ", ", json ? 1 : 2);
		axe_write_i64(w, coord[d]);
	}
	axe_write_char(w, json ? ']' : ')');
}

static void print_image(axe_writer *w, const axe_image_printer *p, const int64_t *image)
{
	if (p->ev->naxes == 0) /* the labels carry the '{'; a layout with no axes has none */
		axe_write_char(w, '{');
	for (size_t a = 0; a < p->ev->naxes; a++) {
		axe_write_bytes(w, p->label[a], p->label_len[a]);
		axe_write_i64(w, image[a]);
	}
	axe_write_char(w, '}');
}

static void print_images(axe_writer *w, const axe_image_printer *p, const int64_t *images,
			 size_t n)
{
	bool json = p->format == AXE_FORMAT_JSON;

	for (size_t i = 0; i < n; i++) {
		if (i)
			axe_write_bytes(w, json ? "," : ", ", json ? 1 : 2);
		print_image(w, p, images + i * p->ev->naxes);
	}
}

void axe_print_point(axe_writer *w, const axe_image_printer *p, const int64_t *coord,
		     const int64_t *images, size_t nimages)
{
	if (p->format == AXE_FORMAT_JSON) {
		axe_write_str(w, "{\"coord\":");
		print_coord(w, p, coord);
		axe_write_str(w, ",\"images\":[");
		print_images(w, p, images, nimages);
		axe_write_str(w, "]}\n");
	} else {
		print_coord(w, p, coord);
		axe_write_bytes(w, " -> ", 4);
		print_images(w, p, images, nimages);
		axe_write_char(w, '\n');
	}
}

/*
 * The text of "(c0, c1, ..., " for all but the last coordinate: it changes
 * only when the last coordinate wraps, so --all rebuilds it that seldom.
 */
static size_t format_coord_prefix(const axe_image_printer *p, const int64_t *coord,
				  char *out)
{
	bool json = p->format == AXE_FORMAT_JSON;
	size_t n = 0;

	if (json) {
		memcpy(out, "{\"coord\":[", 10);
		n = 10;
	} else {
		out[n++] = '(';
	}
	for (size_t d = 0; d + 1 < p->rank; d++) {
		n += axe_format_i64(out + n, coord[d]);
		memcpy(out + n, json ? "," : ", ", json ? 1 : 2);
		n += json ? 1 : 2;
	}
	return n;
}

/* One line of --all from the cached prefix: the hot loop of text output. */
static void print_fast_point(axe_writer *w, const axe_image_printer *p, const char *prefix,
			     size_t prefix_len, int64_t last, const int64_t *images, size_t n)
{
	bool json = p->format == AXE_FORMAT_JSON;

	axe_write_bytes(w, prefix, prefix_len);
	if (p->rank > 0) /* shape () has no last coordinate */
		axe_write_i64(w, last);
	if (json)
		axe_write_bytes(w, "],\"images\":[", 12);
	else
		axe_write_bytes(w, ") -> ", 5);
	print_images(w, p, images, n);
	if (json)
		axe_write_bytes(w, "]}\n", 3);
	else
		axe_write_char(w, '\n');
}

/*
 * The last coordinate's decimal text, counted up in place: --all prints
 * every value of it in order, so no line formats it (no division).
 */
typedef struct decimal_counter {
	char text[24];
	size_t len;
} decimal_counter;

static void counter_reset(decimal_counter *c)
{
	memset(c->text, 0, sizeof(c->text));
	c->text[0] = '0';
	c->len = 1;
}

static void counter_increment(decimal_counter *c)
{
	size_t i = c->len;

	while (i-- > 0) {
		if (c->text[i] != '9') {
			c->text[i]++;
			return;
		}
		c->text[i] = '0';
	}
	memmove(c->text + 1, c->text, c->len++);
	c->text[0] = '1';
}

/*
 * Bytes one line of text can take at most, with the excess of the fixed
 * copies of print_text_line: the check made once per line.
 */
static size_t line_room(const axe_image_printer *p, size_t prefix_len, size_t n)
{
	size_t image = 2; /* the braces */

	for (size_t a = 0; a < p->ev->naxes; a++)
		image += (p->label_len[a] > 16 ? p->label_len[a] : 16) + 20;
	return prefix_len + 32 + 24 + 5 + n * (image + 2) + 1;
}

/*
 * One text line of --all, written straight into the buffer: room for the
 * whole line is made once (line_room), so no write checks it again.
 */
static void print_text_line(axe_writer *w, const axe_image_printer *p, const char *prefix,
			    size_t prefix_len, const decimal_counter *last, const int64_t *images,
			    size_t n, size_t room)
{
	char *o;

	axe_writer_reserve(w, room);
	o = w->buf + w->n;
	if (prefix_len <= 32) /* the prefix buffer holds at least 64 bytes */
		memcpy(o, prefix, 32);
	else
		memcpy(o, prefix, prefix_len);
	o += prefix_len;
	if (p->rank > 0) { /* shape () has no last coordinate */
		memcpy(o, last->text, sizeof(last->text)); /* a fixed copy: room for 24 */
		o += last->len;
	}
	memcpy(o, ") -> ", 5);
	o += 5;
	for (size_t i = 0; i < n; i++, images += p->ev->naxes) {
		if (i) {
			memcpy(o, ", ", 2);
			o += 2;
		}
		if (p->ev->naxes == 0) /* the labels carry the '{'; a layout with no axes has none */
			*o++ = '{';
		for (size_t a = 0; a < p->ev->naxes; a++) {
			/* A fixed 16-byte copy is one store; the line's room covers the excess. */
			if (p->label_len[a] <= 16)
				memcpy(o, p->label[a], 16);
			else
				memcpy(o, p->label[a], p->label_len[a]);
			o += p->label_len[a];
			o += axe_format_i64(o, images[a]);
		}
		*o++ = '}';
	}
	*o++ = '\n';
	w->n = (size_t)(o - w->buf);
}

int axe_print_all(axe_writer *w, const axe_image_printer *p, bool with_replicas,
		  int64_t limit, axe_error *err)
{
	const axe_evaluator *ev = p->ev;
	size_t most = with_replicas ? ev->nimages : 1, n, prefix_len = 0, room = 0;
	int64_t *images = malloc(most * (ev->naxes ? ev->naxes : 1) * sizeof(int64_t));
	char *prefix = malloc(64 + 24 * (p->rank + 1));
	bool text = p->format != AXE_FORMAT_JSON;
	decimal_counter last_text;
	axe_cursor cur;

	if (!images || !prefix) {
		free(images);
		free(prefix);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	if (axe_cursor_init(&cur, ev, err) < 0) {
		free(images);
		free(prefix);
		return -1;
	}
	counter_reset(&last_text);
	for (; !cur.done && !w->failed && (limit <= 0 || cur.flat < limit);
	     axe_cursor_next(&cur)) {
		int64_t last = p->rank ? cur.coord[p->rank - 1] : 0;
		if (last == 0) {
			prefix_len = format_coord_prefix(p, cur.coord, prefix);
			room = line_room(p, prefix_len, most);
			counter_reset(&last_text);
		} else {
			counter_increment(&last_text);
		}
		n = axe_evaluator_images(ev, cur.base, with_replicas, images);
		/* A line longer than half the buffer (thousands of replicas) goes the checked way. */
		if (text && room <= AXE_WRITER_BUF / 2)
			print_text_line(w, p, prefix, prefix_len, &last_text, images, n, room);
		else
			print_fast_point(w, p, prefix, prefix_len, last, images, n);
	}
	axe_cursor_release(&cur);
	free(images);
	free(prefix);
	return 0;
}

/* The axes of "image" that "given" selects (all when NULL), as one object. */
static void print_partial_image(axe_writer *w, const axe_image_printer *p,
				const int64_t *image, const bool *given)
{
	bool json = p->format == AXE_FORMAT_JSON, first = true;

	if (!given) {
		print_image(w, p, image);
		return;
	}
	axe_write_char(w, '{');
	for (size_t a = 0; a < p->ev->naxes; a++) {
		if (!given[a])
			continue;
		if (!first)
			axe_write_str(w, json ? "," : ", ");
		first = false;
		if (json) {
			axe_write_json_string(w, p->ev->layout->axis[a]);
			axe_write_char(w, ':');
		} else {
			axe_write_str(w, p->ev->layout->axis[a]);
			axe_write_str(w, ": ");
		}
		axe_write_i64(w, image[a]);
	}
	axe_write_char(w, '}');
}

void axe_print_preimages(axe_writer *w, const axe_image_printer *p, const int64_t *target,
			 const bool *given, const int64_t *flats, size_t n)
{
	bool json = p->format == AXE_FORMAT_JSON;
	int64_t coord[AXE_MAX_RANK];

	axe_write_str(w, json ? "{\"physical\":" : "");
	print_partial_image(w, p, target, given);
	axe_write_str(w, json ? ",\"preimages\":[" : " <- ");
	if (n == 0 && !json)
		axe_write_str(w, "none");
	for (size_t i = 0; i < n; i++) {
		if (i)
			axe_write_bytes(w, json ? "," : ", ", json ? 1 : 2);
		axe_evaluator_unflatten(p->ev, flats[i], coord);
		print_coord(w, p, coord);
	}
	axe_write_str(w, json ? "]}\n" : "\n");
}

void axe_print_checksum(axe_writer *w, const axe_checksum *sum, axe_format format)
{
	char hex[24];

	snprintf(hex, sizeof(hex), "0x%016llx", (unsigned long long)sum->hash);
	if (format == AXE_FORMAT_JSON) {
		axe_write_str(w, "{\"points\":");
		axe_write_i64(w, sum->points);
		axe_write_str(w, ",\"images\":");
		axe_write_i64(w, sum->images);
		axe_write_str(w, ",\"checksum\":\"");
		axe_write_str(w, hex);
		axe_write_str(w, "\"}\n");
	} else {
		axe_write_str(w, "points: ");
		axe_write_i64(w, sum->points);
		axe_write_str(w, "\nimages: ");
		axe_write_i64(w, sum->images);
		axe_write_str(w, "\nchecksum: ");
		axe_write_str(w, hex);
		axe_write_char(w, '\n');
	}
}
