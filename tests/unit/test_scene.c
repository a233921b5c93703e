/*
 * test_scene.c: the scene of the pictures (src/output/scene.c, svg.c,
 * html.c) and the picture of `show` (show_scene.c): escaping, colours (the
 * CSS Color 3 HSL examples), placement, determinism, the size tiers and the
 * data- attributes against the evaluator.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/dtype.h"
#include "core/eval.h"
#include "output/scene.h"
#include "output/show_out.h"
#include "parse/parse.h"

/* ---------------------------------------------------------------- text -- */

static void test_escape(void **state)
{
	static const struct { const char *in, *out; } rows[] = {
		{ "plain", "plain" },
		{ "a<b", "a&lt;b" },
		{ "S[(8,2):(4@laneid,1)] + R[2:4@warpid] & \"x\" > y",
		  "S[(8,2):(4@laneid,1)] + R[2:4@warpid] &amp; &quot;x&quot; &gt; y" },
		{ "", "" },
	};
	axe_scene s;

	(void)state;
	axe_scene_init(&s);
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		size_t at = axe_scene_text(&s, rows[i].in);
		assert_string_equal(axe_scene_str(&s, at), rows[i].out);
	}
	axe_scene_release(&s);
}

/* The examples of CSS Color Module Level 3, section 4.2.4 (HSL colour values). */
static void test_hsl(void **state)
{
	static const struct { double h, s, l; uint32_t rgb; } rows[] = {
		{ 0, 1, 0.5, 0xff0000 },   { 120, 1, 0.5, 0x00ff00 }, { 240, 1, 0.5, 0x0000ff },
		{ 60, 1, 0.5, 0xffff00 },  { 180, 1, 0.5, 0x00ffff }, { 300, 1, 0.5, 0xff00ff },
		{ 0, 0, 1, 0xffffff },     { 0, 0, 0, 0x000000 },     { 0, 1, 0.25, 0x800000 },
		{ 120, 1, 0.75, 0x80ff80 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		assert_int_equal(axe_hsl(rows[i].h, rows[i].s, rows[i].l), rows[i].rgb);
}

/*
 * One row of owners: no two of 32 lanes share a colour.  Several rows (8
 * warps of 32 lanes): every owner its own colour, each warp its own hue
 * (warps 0 and 4 looked alike when shades repeated every 4 rows), and a
 * warp's lanes light to dark.
 */
static void test_owner_colours(void **state)
{
	uint32_t seen[8 * 32];

	(void)state;
	for (int64_t lane = 0; lane < 32; lane++)
		for (int64_t other = 0; other < 32; other++)
			if (other != lane)
				assert_int_not_equal(axe_owner_colour(0, 1, lane, 32),
						     axe_owner_colour(0, 1, other, 32));
	for (int64_t warp = 0; warp < 8; warp++)
		for (int64_t lane = 0; lane < 32; lane++)
			seen[warp * 32 + lane] = axe_owner_colour(warp, 8, lane, 32);
	for (size_t i = 0; i < 8 * 32; i++)
		for (size_t j = 0; j < i; j++)
			assert_int_not_equal(seen[i], seen[j]);
	for (int64_t warp = 0; warp < 8; warp++) {
		uint32_t light = seen[warp * 32], dark = seen[warp * 32 + 31];
		int sum_light = (int)(light >> 16) + (int)(light >> 8 & 255) + (int)(light & 255);
		int sum_dark = (int)(dark >> 16) + (int)(dark >> 8 & 255) + (int)(dark & 255);
		assert_true(sum_light > sum_dark);
	}
}

/* --------------------------------------------------------- svg, html -- */

/* What "write" puts out, as a heap string. */
static char *capture(void (*write)(axe_writer *, const axe_scene *, int), const axe_scene *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	axe_writer *w = malloc(sizeof(*w));

	assert_non_null(mem);
	assert_non_null(w);
	axe_writer_init(w, mem);
	write(w, s, 0);
	axe_writer_flush(w);
	fclose(mem);
	free(w);
	return text;
}

static void write_html(axe_writer *w, const axe_scene *s, int group)
{
	(void)group;
	axe_scene_write_html(w, s);
}

/*
 * Occurrences of "what" in "text".  A plain loop: under ASan each strstr()
 * call measures the whole rest of the haystack, quadratic on a 10 MB picture.
 */
static size_t occurrences(const char *text, const char *what)
{
	size_t n = 0, len = strlen(text), m = strlen(what);

	for (size_t i = 0; i + m <= len; i++)
		n += text[i] == what[0] && memcmp(text + i, what, m) == 0;
	return n;
}

static void small_scene(axe_scene *s)
{
	axe_scene_panel *p;
	axe_scene_cell *c;

	axe_scene_init(s);
	s->title = axe_scene_text(s, "a <title>");
	p = axe_scene_add_panel(s, 0, "grid", "lc", 1, 2);
	assert_non_null(p);
	c = axe_scene_add_cell(s, 0, 0, 0x123456);
	c->label = axe_scene_text(s, "7");
	c->badge = 2;
	c->attrs = axe_scene_text(s, "");
	c = axe_scene_add_cell(s, 0, 1, 0xabcdef);
	c->flags = AXE_CELL_RED | AXE_CELL_SELECTED;
	assert_int_equal(s->panel[0].ncells, 2);
	axe_scene_place(s);
}

static void test_svg(void **state)
{
	axe_scene s;
	char *a, *b;

	(void)state;
	small_scene(&s);
	a = capture(axe_scene_write_svg, &s);
	b = capture(axe_scene_write_svg, &s);
	assert_string_equal(a, b);
	assert_non_null(strstr(a, "a &lt;title&gt;"));
	assert_non_null(strstr(a, "fill=\"#123456\""));
	assert_non_null(strstr(a, "class=\"lc red sel\""));
	assert_non_null(strstr(a, ">x2</text>"));
	assert_int_equal(occurrences(a, "<rect class=\"lc"), 2);
	assert_int_equal(occurrences(a, "class=\"ring s\""), 1); /* drawn over the grid */
	assert_null(strstr(a, "<script"));
	free(a);
	free(b);
	a = capture(write_html, &s);
	assert_int_equal(occurrences(a, "<script>"), 1);
	assert_int_equal(occurrences(a, "<style>"), 1);
	assert_null(strstr(a, "src="));
	assert_null(strstr(a, "href="));
	free(a);
	axe_scene_release(&s);
}

/* ---------------------------------------------------------------- show -- */

static void read_shape(const char *text, axe_shape *sh)
{
	axe_loc loc = { "--shape", 1, 1, text, strlen(text) };
	axe_error err;
	long n;

	axe_error_init(&err);
	n = axe_parse_int_list(text, &loc, sh->dim, AXE_MAX_RANK, "extent", &err);
	assert_true(n > 0);
	sh->rank = (size_t)n;
}

/* The SVG of `show LAYOUT` on "shape" (NULL: the shard extents), with "region". */
static char *show_svg(const char *text, const char *shape, int dtype, const char *region)
{
	axe_layout *L;
	axe_shape sh;
	axe_evaluator ev;
	axe_error err;
	axe_show_opts o = { .format = AXE_FORMAT_SVG, .width = 80, .dtype = dtype };
	char *out = NULL;
	size_t len = 0;
	FILE *mem;
	axe_writer *w = malloc(sizeof(*w));

	axe_error_init(&err);
	L = axe_layout_parse(text, &err);
	assert_non_null(L);
	if (shape)
		read_shape(shape, &sh);
	else
		axe_layout_default_shape(L, &sh);
	if (region) {
		axe_loc rloc = { "--region", 1, 1, region, strlen(region) };
		long n = axe_parse_region(region, &rloc, o.begin, o.end, AXE_MAX_RANK, &err);
		assert_true(n > 0);
		o.nregion = (size_t)n;
	}
	assert_int_equal(axe_evaluator_init(&ev, L, &sh, &err), 0);
	mem = open_memstream(&out, &len);
	axe_writer_init(w, mem);
	assert_int_equal(axe_show(w, &ev, &o, &err), 0);
	axe_writer_flush(w);
	fclose(mem);
	free(w);
	axe_evaluator_release(&ev);
	axe_layout_free(L);
	return out;
}

/* Every data-coord / data-images pair of "svg" agrees with the evaluator of "text". */
static void check_images(const char *svg, const char *text, const char *shape)
{
	axe_layout *L;
	axe_shape sh;
	axe_evaluator ev;
	axe_error err;
	int64_t base[8], images[64];
	size_t cells = 0;

	axe_error_init(&err);
	L = axe_layout_parse(text, &err);
	read_shape(shape, &sh);
	assert_int_equal(axe_evaluator_init(&ev, L, &sh, &err), 0);
	for (const char *p = strstr(svg, "data-coord=\""); p; p = strstr(p + 1, "data-coord=\"")) {
		int64_t coord[2], flat;
		char want[256], *end;
		size_t n = 0;
		const char *img;

		coord[0] = strtoll(p + 12, &end, 10);
		coord[1] = strtoll(end + 1, &end, 10);
		assert_int_equal(axe_evaluator_flatten(&ev, coord, &flat, &err), 0);
		axe_evaluator_base(&ev, flat, base);
		axe_evaluator_images(&ev, base, true, images);
		for (size_t i = 0; i < ev.nimages; i++)
			for (size_t a = 0; a < ev.naxes; a++)
				n += (size_t)snprintf(want + n, sizeof(want) - n, "%s%lld",
						      a ? "," : i ? "|" : "",
						      (long long)images[i * ev.naxes + a]);
		img = strstr(p, "data-images=\"");
		assert_non_null(img);
		assert_memory_equal(img + 13, want, n);
		assert_int_equal(img[13 + n], '"');
		cells++;
	}
	assert_int_equal((int64_t)cells, ev.size);
	axe_evaluator_release(&ev);
	axe_layout_free(L);
}

static void test_show_images(void **state)
{
	static const struct { const char *layout, *shape; } rows[] = {
		{ "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid", "8,16" },
		{ "S[(4,8):(8,1)]", "4,8" },
		{ "S[(4,4):(-4,1)] + 20", "4,4" },
		{ "S[(2,4):(4@laneid,1@laneid)] + R[2:1@warpid]", "2,4" },
		{ "Swizzle(3,3,3) o S[(8,64):(64,1)]", "8,64" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char *svg = show_svg(rows[i].layout, rows[i].shape, -1, NULL);
		check_images(svg, rows[i].layout, rows[i].shape);
		free(svg);
	}
}

/* Text up to 16384 cells, rectangles to 65536, then blocks; a region is a window. */
static void test_show_tiers(void **state)
{
	char *svg;

	(void)state;
	svg = show_svg("S[(128,128):(128,1)]", NULL, -1, NULL);
	assert_int_equal(occurrences(svg, "data-coord="), 16384);
	assert_non_null(strstr(svg, ">16383</text>"));
	free(svg);
	svg = show_svg("S[(256,256):(256,1)]", NULL, -1, NULL);
	assert_int_equal(occurrences(svg, "data-coord="), 65536);
	assert_null(strstr(svg, ">65535</text>"));
	free(svg);
	svg = show_svg("S[(512,512):(512,1)]", NULL, -1, NULL);
	assert_int_equal(occurrences(svg, "data-block="), 16384);
	assert_non_null(strstr(svg, "aggregated"));
	free(svg);
	svg = show_svg("S[(512,512):(512,1)]", NULL, -1, "100:102,0:3");
	assert_int_equal(occurrences(svg, "data-coord="), 6);
	assert_non_null(strstr(svg, "data-coord=\"101,2\" data-images=\"51714\""));
	free(svg);
}

/* The shared-memory view: byte, line and bank of (1, 0) under the 128B swizzle. */
static void test_show_smem(void **state)
{
	/*
	 * (1, 0) is 64 before the swizzle; 64 ^ (((64 >> 6) & 7) << 3) = 72, byte 144:
	 * line 1, bank 4 (the TIRx layout page's swizzled column).
	 */
	char *svg = show_svg("Swizzle(3,3,3) o S[(8,64):(64,1)]", NULL, axe_dtype_lookup("f16"),
			     NULL);

	(void)state;
	assert_non_null(strstr(svg, "data-coord=\"1,0\" data-images=\"72\" data-owners=\"72\" "
			       "data-byte=\"144\" data-line=\"1\" data-bank=\"4\" data-pre=\"64\""));
	assert_non_null(strstr(svg, "data-owner=\"72\" data-points=\"1,0\" data-byte=\"144\""));
	assert_int_equal(occurrences(svg, "class=\"pc"), 512);
	assert_non_null(strstr(svg, "data-swizzle=\"Swizzle(3,3,3)"));
	free(svg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_hsl),
		cmocka_unit_test(test_owner_colours),
		cmocka_unit_test(test_svg),
		cmocka_unit_test(test_show_images),
		cmocka_unit_test(test_show_tiers),
		cmocka_unit_test(test_show_smem),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
