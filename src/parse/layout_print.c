/*
 * layout_print.c: the printer that inverts layout_parse.c.  Strides on m are
 * bare numbers, single iters drop their parentheses, offsets are summed per
 * axis and printed in axis order, negative ones with '-'.
 */
#include <stdlib.h>
#include <string.h>

#include "parse.h"

static void print_stride(FILE *out, const axe_layout *layout, const axe_iter *it)
{
	const char *axis = layout->axis[it->axis];

	if (strcmp(axis, "m") == 0)
		fprintf(out, "%lld", (long long)it->stride);
	else
		fprintf(out, "%lld@%s", (long long)it->stride, axis);
}

static void print_iters(FILE *out, const axe_layout *layout, char tag,
			const axe_iter *list, size_t n)
{
	bool paren = n != 1;

	fprintf(out, "%c[%s", tag, paren ? "(" : "");
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%lld", i ? "," : "", (long long)list[i].extent);
	fprintf(out, "%s:%s", paren ? ")" : "", paren ? "(" : "");
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputc(',', out);
		print_stride(out, layout, &list[i]);
	}
	fprintf(out, "%s]", paren ? ")" : "");
}

/*
 * A layout without a shard (one point, shape ()) starts with its replica or
 * its first offset; one with no term at all prints as the offset 0.
 */
void axe_layout_print(FILE *out, const axe_layout *layout)
{
	const axe_swizzle *sw = &layout->swizzle;
	bool first = true;

	if (sw->present)
		fprintf(out, "Swizzle(%d,%d,%d) o ", sw->per_element, sw->len, sw->atom);
	if (layout->nshard > 0) {
		print_iters(out, layout, 'S', layout->shard, layout->nshard);
		first = false;
	}
	if (layout->nreplica > 0) {
		fputs(first ? "" : " + ", out);
		print_iters(out, layout, 'R', layout->replica, layout->nreplica);
		first = false;
	}
	for (size_t a = 0; a < layout->naxes; a++) {
		int64_t v = layout->offset[a];
		if (!layout->offset_written[a])
			continue;
		/* -INT64_MIN does not exist: print that one offset as "+ -N". */
		if (first)
			fprintf(out, "%lld", (long long)v);
		else if (v < 0 && v != INT64_MIN)
			fprintf(out, " - %lld", (long long)-v);
		else
			fprintf(out, " + %lld", (long long)v);
		if (strcmp(layout->axis[a], "m") != 0)
			fprintf(out, "@%s", layout->axis[a]);
		first = false;
	}
	if (first)
		fputs("0", out);
}

char *axe_layout_to_string(const axe_layout *layout)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&buf, &size);

	if (!out)
		return NULL;
	axe_layout_print(out, layout);
	if (fclose(out) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}
