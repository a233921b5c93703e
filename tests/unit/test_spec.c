/*
 * test_spec.c: unit tests of the YAML spec loader (src/spec): the example of
 * spec-format.md section 2, the worked examples under specs/ (every `eval:`
 * check in them is run against the evaluator), and a table of bad inputs,
 * each with the line, column and message its error must have.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../src/core/axes.h"
#include "../../src/core/dtype.h"
#include "../../src/core/eval.h"
#include "../../src/spec/spec.h"

/* The example of spec-format.md section 2, verbatim. */
static const char example[] =
	"axe-layout: 1                 # format version (required)\n"
	"description: mma fragment and its shared-memory staging buffer\n"
	"axes:                         # optional: sizes and kinds of axes, used to validate ranges\n"
	"  laneid: {kind: thread, size: 32}\n"
	"  warpid: {kind: thread}\n"
	"layouts:                      # required: name -> layout\n"
	"  frag:\n"
	"    layout: \"S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid\"\n"
	"    shape: [8, 16]            # logical shape; default: the shard extents\n"
	"  smem:\n"
	"    layout: \"S[(8,64):(64,1)]\"\n"
	"    shape: [8, 64]\n"
	"    dtype: f16                # f8/e4m3/e5m2, f16, bf16, f32, tf32, f64, i8/u8, i16, i32, u32, i64, u64\n"
	"    swizzle: 128B             # none | 32B | 64B | 128B (derived from dtype) | {per_element, swizzle_len, atom_len}\n"
	"  frag_struct:                # the same layout, written field by field\n"
	"    shape: [8, 16]\n"
	"    shard:   [{extent: 8, stride: 4, axis: laneid}, {extent: 2, stride: 1, axis: warpid},\n"
	"              {extent: 4, stride: 1, axis: laneid}, {extent: 2, stride: 1}]\n"
	"    replica: [{extent: 2, stride: 4, axis: warpid}]\n"
	"    offset:  {warpid: 5}\n"
	"  reader:                     # a warp reading smem: lane 4i + j/16, two 16-byte vectors per lane\n"
	"    layout: \"S[(8,4,2,8):(4@laneid,1@laneid,8,1)]\"\n"
	"    shape: [8, 64]\n"
	"  frag_base:                  # the fragment without its replica\n"
	"    layout: \"S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + 5@warpid\"\n"
	"    shape: [8, 16]\n"
	"  lane_of:                    # a hand-written index map (e.g. copied from a kernel)\n"
	"    shape: [8, 16]\n"
	"    vars: [i, j]\n"
	"    expr: {laneid: \"4*i + (j/2)%4\", warpid: \"j/8 + 5\", m: \"j%2\"}\n"
	"  lane_of_rep:                # replica variables: every value in [0, n) gives one image\n"
	"    shape: [8, 16]\n"
	"    vars: [i, j]\n"
	"    replica_vars: {r: 2}\n"
	"    expr: {laneid: \"4*i + (j/2)%4\", warpid: \"j/8 + 5 + 4*r\", m: \"j%2\"}\n"
	"accesses:                     # optional: explicit shared-memory access patterns for `banks`\n"
	"  col_read:\n"
	"    tile: smem                # the layout whose logical coordinates the lanes name\n"
	"    op: lds                   # lds | sts | ldmatrix | stmatrix\n"
	"    vector_bytes: 2           # bytes per lane for lds/sts; ldmatrix/stmatrix take `num: 1|2|4`\n"
	"    instructions:             # each: 32 entries, lane -> first logical coordinate, or null (inactive)\n"
	"      - [[0,0],[1,0],[2,0],[3,0],[4,0],[5,0],[6,0],[7,0],null,null,null,null,null,null,null,null,\n"
	"         null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null]\n"
	"checks:                       # optional: assertions run by `axe-layout check`\n"
	"  - eval: {layout: frag, at: [2, 9], expect: [{laneid: 8, warpid: 6, m: 1}, {laneid: 8, warpid: 10, m: 1}]}\n"
	"  - equal: [frag, frag_struct]\n"
	"  - equal: [frag_base, lane_of]     # proves the kernel's index math matches the layout\n"
	"  - equal: [frag, lane_of_rep]\n"
	"  - banks: {smem: smem, threads: reader, max_conflicts: 0}\n";

static axe_spec *parse(const char *text, axe_error *err)
{
	axe_error_init(err);
	return axe_spec_parse("spec.yaml", text, strlen(text), err);
}

static axe_spec *parse_ok(const char *text)
{
	axe_error err;
	axe_spec *spec = parse(text, &err);

	if (!spec)
		fail_msg("spec.yaml:%d:%d: %s", err.line, err.col, err.message);
	return spec;
}

static const axe_spec_layout *find(const axe_spec *spec, const char *name)
{
	axe_error err;
	const axe_spec_layout *l;

	axe_error_init(&err);
	l = axe_spec_find(spec, name, &err);
	if (!l)
		fail_msg("%s", err.message);
	return l;
}

static void assert_shape(const axe_shape *shape, size_t rank, const int64_t *dim)
{
	assert_int_equal(shape->rank, rank);
	for (size_t i = 0; i < rank; i++)
		assert_int_equal(shape->dim[i], dim[i]);
}

static void test_example_loads(void **state)
{
	axe_spec *spec = parse_ok(example);
	static const char *const names[] = { "frag", "smem", "frag_struct", "reader",
					     "frag_base", "lane_of", "lane_of_rep" };
	const axe_spec_layout *smem, *lane_of;

	(void)state;
	assert_string_equal(spec->description,
			    "mma fragment and its shared-memory staging buffer");
	assert_int_equal(spec->nlayouts, 7);
	for (size_t i = 0; i < 7; i++)
		assert_string_equal(spec->layouts[i].name, names[i]);
	assert_int_equal(spec->naxes, 2);
	assert_string_equal(spec->axes[0].name, "laneid");
	assert_int_equal(spec->axes[0].kind, AXE_AXIS_THREAD);
	assert_int_equal(spec->axes[0].size, 32);
	assert_string_equal(spec->axes[1].name, "warpid");
	assert_int_equal(spec->axes[1].size, 0);
	assert_non_null(spec->accesses);
	assert_int_equal(spec->accesses->kind, AXE_NODE_MAP);
	assert_non_null(spec->checks);
	assert_int_equal(spec->checks->nitems, 5);

	assert_shape(&find(spec, "frag")->shape, 2, (const int64_t[]){ 8, 16 });
	assert_true(find(spec, "frag")->has_shape);
	assert_int_equal(find(spec, "frag")->line, 7);
	assert_int_equal(find(spec, "frag")->col, 3);
	smem = find(spec, "smem");
	assert_int_equal(smem->dtype, axe_dtype_lookup("f16"));
	assert_true(smem->layout->swizzle.present);
	assert_int_equal(smem->layout->swizzle.per_element, 3);
	assert_int_equal(smem->layout->swizzle.len, 3);
	assert_int_equal(smem->layout->swizzle.atom, 3);
	lane_of = find(spec, "lane_of");
	assert_null(lane_of->layout);
	assert_true(lane_of->has_shape);
	assert_shape(&lane_of->shape, 2, (const int64_t[]){ 8, 16 });
	assert_null(find(spec, "lane_of_rep")->layout);
	assert_int_equal(find(spec, "lane_of_rep")->node->kind, AXE_NODE_MAP);
	axe_spec_free(spec);
}

/* The field-by-field frag_struct is the very layout that frag's text gives. */
static void test_struct_equals_text(void **state)
{
	axe_spec *spec = parse_ok(example);
	const axe_spec_layout *frag = find(spec, "frag");
	const axe_spec_layout *st = find(spec, "frag_struct");
	char *text;

	(void)state;
	assert_true(axe_layout_identical(frag->layout, st->layout));
	assert_shape(&st->shape, 2, (const int64_t[]){ 8, 16 });
	text = axe_layout_to_string(st->layout);
	assert_string_equal(text, "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + "
			    "R[2:4@warpid] + 5@warpid");
	free(text);
	axe_spec_free(spec);
}

/* Plain and quoted strings are layouts too; the default shape is the shard. */
static void test_compact_entries(void **state)
{
	axe_spec *spec = parse_ok("axe-layout: 1\n"
				  "layouts:\n"
				  "  a: S[(4,8):(8,1)]\n"
				  "  b: 'S[(2,3,4)] + 7'\n");

	(void)state;
	assert_false(find(spec, "a")->has_shape);
	assert_shape(&find(spec, "a")->shape, 2, (const int64_t[]){ 4, 8 });
	assert_shape(&find(spec, "b")->shape, 3, (const int64_t[]){ 2, 3, 4 });
	assert_int_equal(find(spec, "b")->dtype, -1);
	assert_int_equal(find(spec, "b")->node->kind, AXE_NODE_SCALAR);
	axe_spec_free(spec);
}

/* A swizzle given as a mapping, as a preset and in the text all agree. */
static void test_swizzle_forms(void **state)
{
	axe_spec *spec = parse_ok("axe-layout: 1\n"
				  "layouts:\n"
				  "  a:\n"
				  "    shard: [{extent: 8, stride: 64}, {extent: 64, stride: 1, axis: m}]\n"
				  "    swizzle: {per_element: 3, swizzle_len: 3, atom_len: 3}\n"
				  "  b:\n"
				  "    layout: S[(8,64):(64,1)]\n"
				  "    dtype: bf16\n"
				  "    swizzle: 128B\n"
				  "  c:\n"
				  "    layout: Swizzle(3,3,3) o S[(8,64):(64,1)]\n"
				  "    dtype: f16\n"
				  "    swizzle: 128B\n"
				  "  d:\n"
				  "    layout: S[(8,64):(64,1)]\n"
				  "    swizzle: none\n");

	(void)state;
	assert_true(axe_layout_identical(find(spec, "a")->layout, find(spec, "b")->layout));
	assert_true(axe_layout_identical(find(spec, "a")->layout, find(spec, "c")->layout));
	assert_false(find(spec, "d")->layout->swizzle.present);
	axe_spec_free(spec);
}

static void test_find(void **state)
{
	axe_spec *one = parse_ok("axe-layout: 1\nlayouts:\n  frag: S[8:1]\n");
	axe_spec *many = parse_ok("axe-layout: 1\nlayouts:\n  frag: S[8:1]\n"
				  "  smem: S[4:1]\n  reader: S[2:1]\n");
	axe_error err;

	(void)state;
	assert_string_equal(find(one, NULL)->name, "frag");
	axe_error_init(&err);
	assert_null(axe_spec_find(many, NULL, &err));
	assert_string_equal(err.message,
			    "spec.yaml holds 3 layouts: name one as spec.yaml:NAME");
	axe_error_init(&err);
	assert_null(axe_spec_find(many, "fragg", &err));
	assert_int_equal(err.code, AXE_ERR_NAME);
	assert_string_equal(err.message, "unknown layout 'fragg' in spec.yaml");
	assert_string_equal(err.hint, "did you mean 'frag'?");
	assert_string_equal(find(many, "reader")->name, "reader");
	axe_spec_free(one);
	axe_spec_free(many);
}

/* A bad input and where its error must point. */
typedef struct bad_case {
	const char *name;
	const char *yaml;
	size_t len;          /* 0: strlen(yaml) */
	int line, col;
	const char *message; /* a substring of the message */
	const char *hint;    /* a substring of the hint, or NULL */
} bad_case;

#define V "axe-layout: 1\n"
#define L V "layouts:\n"

static char deep[512];   /* 300 nested flow sequences, built in main */
static char deep_ok[600]; /* exactly AXE_SPEC_MAX_DEPTH levels */

static const bad_case bad_cases[] = {
	{ "malformed yaml", L "  a: b: c\n", 0, 3, 7,
	  "mapping values are not allowed in this context", NULL },
	{ "unclosed flow", L "  a: [1, 2\n", 0, 4, 1, "did not find expected ',' or ']'", NULL },
	{ "unknown top-level key", V "layout:\n  a: S[8:1]\n", 0, 2, 1,
	  "unknown key 'layout' in the spec", "did you mean 'layouts'?" },
	{ "unknown layout key", L "  a:\n    layout: S[8:1]\n    shap: [8]\n", 0, 5, 5,
	  "unknown key 'shap' in a layout", "did you mean 'shape'?" },
	{ "unknown iter key", L "  a:\n    shard: [{extent: 8, strides: 1}]\n", 0, 4, 25,
	  "unknown key 'strides' in a shard iter", "did you mean 'stride'?" },
	{ "layouts as a list", L "  - a\n", 0, 3, 3,
	  "expected a mapping for 'layouts' but found a sequence", NULL },
	{ "extent as string", L "  a:\n    shard: [{extent: \"8\", stride: 1}]\n", 0, 4, 22,
	  "expected an integer for 'extent' but found the string '8'", NULL },
	{ "extent true", L "  a:\n    shard: [{extent: true, stride: 1}]\n", 0, 4, 22,
	  "expected an integer for 'extent' but found 'true'", NULL },
	{ "shape as map", L "  a:\n    layout: S[8:1]\n    shape: {n: 8}\n", 0, 5, 12,
	  "expected a sequence for 'shape' but found a mapping", NULL },
	{ "quoted shape item", L "  a:\n    layout: S[8:1]\n    shape: ['8']\n", 0, 5, 13,
	  "expected an integer for a shape dimension but found the string '8'", NULL },
	{ "extent 0", L "  a:\n    shard: [{extent: 0, stride: 1}]\n", 0, 4, 22,
	  "'extent' must be positive, not 0", NULL },
	{ "missing extent", L "  a:\n    shard: [{stride: 1}]\n", 0, 4, 13,
	  "missing key 'extent' in a shard iter", NULL },
	{ "empty shard", L "  a:\n    shard: []\n", 0, 4, 12,
	  "'shard' needs at least one iter", NULL },
	{ "shape product", L "  a:\n    layout: S[(8,16):(16,1)]\n    shape: [8, 15]\n", 0, 5, 12,
	  "shape [8, 15] has 120 points but the layout has 128", NULL },
	{ "shape dimension 0", L "  a:\n    layout: S[8:1]\n    shape: [8, 0]\n", 0, 5, 16,
	  "a shape dimension must be positive, not 0", NULL },
	{ "unknown dtype", L "  a:\n    layout: S[8:1]\n    dtype: fp16\n", 0, 5, 12,
	  "unknown dtype 'fp16'", "did you mean 'f16'?" },
	{ "swizzle without dtype", L "  a:\n    layout: S[(8,64):(64,1)]\n    swizzle: 128B\n",
	  0, 5, 14, "swizzle '128B' needs a dtype", NULL },
	{ "unknown swizzle", L "  a:\n    layout: S[8:1]\n    dtype: f16\n    swizzle: 126B\n",
	  0, 6, 14, "unknown swizzle '126B'", "did you mean '128B'?" },
	{ "swizzle disagrees", L "  a:\n    layout: Swizzle(3,3,3) o S[64:1]\n    dtype: f16\n"
	  "    swizzle: 64B\n", 0, 6, 14,
	  "'swizzle' gives Swizzle(3,2,3) but the layout text has Swizzle(3,3,3)", NULL },
	{ "swizzle on a thread axis", L "  a:\n    layout: S[(8,4):(4@laneid,1)]\n    dtype: f16\n"
	  "    swizzle: 128B\n", 0, 6, 14,
	  "a swizzled layout places data on 'm' only, but this one names axis 'laneid'", NULL },
	{ "swizzle atom below len", L "  a:\n    layout: S[64:1]\n"
	  "    swizzle: {per_element: 3, swizzle_len: 3, atom_len: 2}\n", 0, 5, 14,
	  "swizzle needs atom_len >= swizzle_len", NULL },
	{ "swizzle out of range", L "  a:\n    layout: S[64:1]\n"
	  "    swizzle: {per_element: 41, swizzle_len: 3, atom_len: 3}\n", 0, 5, 28,
	  "'per_element' must be in [0, 40]", NULL },
	{ "malformed literal, quoted", L "  a:\n    layout: \"S[(8,2):(1,2@)]\"\n", 0, 4, 27,
	  "expected an axis name after '@' but found ')'", NULL },
	{ "malformed literal, plain", L "  a: S[(8,2):(1,2@)]\n", 0, 3, 19,
	  "expected an axis name after '@' but found ')'", NULL },
	{ "malformed literal, block", L "  a:\n    layout: |\n      S[(8,2):(1,2@)]\n", 0, 5, 20,
	  "expected an axis name after '@' but found ')'", NULL },
	{ "malformed literal, CRLF", V "layouts:\r\n  a: S[8:x]\r\n", 0, 3, 10,
	  "expected a stride but found 'x'", NULL },
	{ "layout with form mix", L "  a:\n    layout: S[8:1]\n    shard: [{extent: 8, stride: 1}]\n",
	  0, 5, 5, "'shard' cannot be combined with 'layout' in a layout", NULL },
	{ "layout with no form", L "  a:\n    shape: [8]\n", 0, 4, 5,
	  "layout 'a' needs 'layout', 'shard', 'expr' or another tool's notation", NULL },
	{ "notation mixed with layout", L "  a:\n    layout: S[8:1]\n    cute: 8:1\n", 0, 5, 5,
	  "'cute' cannot be combined with 'layout' in a layout", NULL },
	{ "two notations", L "  a:\n    cute: 8:1\n    lego: Row(8)\n", 0, 5, 5,
	  "'lego' cannot be combined with 'cute' in a layout", NULL },
	{ "notation options alone", L "  a:\n    tile: [4, 8]\n", 0, 4, 5,
	  "layout 'a' gives options of another tool's notation but no notation", NULL },
	{ "notation with swizzle", L "  a:\n    cute: 8:1\n    swizzle: 128B\n", 0, 5, 5,
	  "'swizzle' does not apply to another tool's notation", NULL },
	{ "notation text a list", L "  a:\n    cute: [8, 1]\n", 0, 4, 11,
	  "expected the layout text for cute", NULL },
	{ "notation bind a list", L "  a:\n    lego: Row(N)\n    bind: [1]\n", 0, 5, 11,
	  "expected a mapping for 'bind'", NULL },
	{ "expr without shape", L "  a:\n    vars: [i]\n    expr: {m: i}\n", 0, 4, 5,
	  "missing key 'shape' in an 'expr' layout", NULL },
	{ "expr with swizzle", L "  a:\n    shape: [8]\n    expr: {m: i}\n    swizzle: 128B\n",
	  0, 6, 5, "'swizzle' does not apply to an 'expr' layout", NULL },
	{ "expr var not a name", L "  a:\n    shape: [8]\n    vars: [1i]\n    expr: {m: i}\n",
	  0, 5, 12, "variable name '1i' is not an identifier", NULL },
	{ "layout name", L "  frag-x: S[8:1]\n", 0, 3, 3,
	  "layout name 'frag-x' is not an identifier", NULL },
	{ "axis name", L "  a:\n    shard: [{extent: 8, stride: 1, axis: lane id}]\n", 0, 4, 42,
	  "axis name 'lane id' is not an identifier", NULL },
	{ "missing version", "layouts:\n  a: S[8:1]\n", 0, 1, 1,
	  "missing key 'axe-layout'", "axe-layout: 1" },
	{ "version 2", "axe-layout: 2\nlayouts:\n  a: S[8:1]\n", 0, 1, 13,
	  "unsupported spec format version 2", NULL },
	{ "version as string", "axe-layout: '1'\nlayouts:\n  a: S[8:1]\n", 0, 1, 13,
	  "expected an integer for 'axe-layout' but found the string '1'", NULL },
	{ "missing layouts", V "description: x\n", 0, 1, 1,
	  "missing key 'layouts' in the spec", NULL },
	{ "no layouts", V "layouts: {}\n", 0, 2, 10, "'layouts' holds no layout", NULL },
	{ "top level is a list", "- 1\n", 0, 1, 1,
	  "expected a mapping for the spec but found a sequence", NULL },
	{ "checks as a map", L "  a: S[8:1]\nchecks: {a: 1}\n", 0, 4, 9,
	  "expected a sequence for 'checks' but found a mapping", NULL },
	{ "unknown axis kind", V "axes:\n  laneid: {kind: thred}\nlayouts:\n  a: S[8:1]\n", 0, 3,
	  18, "unknown axis kind 'thred'", "did you mean 'thread'?" },
	{ "empty file", "", 0, 1, 1, "empty spec file", NULL },
	{ "comments only", "# nothing here\n\n", 0, 1, 1, "empty spec file", NULL },
	{ "empty document", "---\n", 0, 2, 1, "empty spec file", NULL },
	{ "NUL byte", V "la\0youts:\n", 18, 2, 3, "the file is not text: NUL byte", NULL },
	{ "NUL escape", L "  a: \"S[8:1]\\0\"\n", 0, 3, 6,
	  "a NUL character in a YAML scalar is not supported", NULL },
	{ "invalid UTF-8", L "  a: \xff\n", 0, 3, 6, "invalid leading UTF-8 octet (byte 0xff)",
	  NULL },
	{ "control character", L "  a: b\x01\n", 0, 3, 7,
	  "control characters are not allowed (U+0001)", NULL },
	{ "unknown key with a newline", L "  a:\n    layout: S[8:1]\n    \"x\\ny\": 1\n", 0, 5, 5,
	  "unknown key 'x\\x0ay' in a layout", NULL },
	{ "alias", L "  a: *x\n", 0, 3, 6, "YAML aliases are not supported", NULL },
	{ "anchor", "axe-layout: &v 1\n", 0, 1, 13, "YAML anchors are not supported", NULL },
	{ "tag", "axe-layout: !!int 1\n", 0, 1, 13, "YAML tags are not supported", NULL },
	{ "second document", L "  a: S[8:1]\n---\nb: 1\n", 0, 4, 1,
	  "a spec file holds one YAML document", NULL },
	{ "300-deep nesting", deep, 0, 2, 265, "YAML nesting deeper than 256 levels", NULL },
	{ "256-deep nesting", deep_ok, 0, 1, 1,
	  "expected a mapping for the spec but found a sequence", NULL },
	{ "duplicate key", L "  a: S[8:1]\n  b: S[2:1]\n  a: S[4:1]\n", 0, 5, 3,
	  "duplicate key 'a' (first on line 3)", NULL },
	{ "duplicate iter key", L "  a:\n    shard: [{extent: 8, extent: 4, stride: 1}]\n", 0, 4,
	  25, "duplicate key 'extent' (first on line 4)", NULL },
	{ "non-scalar key", V "? [a]\n: 1\n", 0, 2, 3,
	  "a mapping key must be a scalar, not a sequence", NULL },
	{ "extent overflow", L "  a:\n    shard: [{extent: 99999999999999999999, stride: 1}]\n",
	  0, 4, 22, "integer '99999999999999999999' for 'extent' does not fit in 64 bits", NULL },
	{ "stride overflow", L "  a:\n    shard: [{extent: 2, stride: -9223372036854775809}]\n",
	  0, 4, 33, "does not fit in 64 bits", NULL },
	{ "extent product overflow", L "  a:\n    shard: [{extent: 4294967296, stride: 1},"
	  " {extent: 4294967296, stride: 0}]\n", 0, 4, 12,
	  "the product of the shard extents overflows 64 bits", NULL },
	{ "coordinate overflow", L "  a:\n    shard: [{extent: 3, stride: 4611686018427387904}]\n",
	  0, 4, 12, "coordinates on axis 'm' overflow 64 bits", NULL },
	{ "shape product overflow", L "  a:\n    layout: S[8:1]\n"
	  "    shape: [4294967296, 4294967296]\n", 0, 5, 12,
	  "the product of 'shape' overflows 64 bits", NULL },
	{ "offset overflow", L "  a:\n    layout: S[2:1]\n    shape: [99999999999999999999]\n",
	  0, 5, 13, "does not fit in 64 bits", NULL },
	{ "byte order mark", "\xEF\xBB\xBF" "axe-layout: 2\nlayouts:\n  a: S[8:1]\n", 0, 1, 13,
	  "unsupported spec format version 2", NULL },
};

static void test_bad_inputs(void **state)
{
	int failures = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		const bad_case *c = &bad_cases[i];
		axe_error err;
		axe_spec *spec;

		axe_error_init(&err);
		spec = axe_spec_parse("spec.yaml", c->yaml, c->len ? c->len : strlen(c->yaml), &err);
		if (spec) {
			axe_spec_free(spec);
			print_error("%s: accepted\n", c->name);
			failures++;
		} else if (err.line != c->line || err.col != c->col ||
			   !strstr(err.message, c->message) || strcmp(err.source, "spec.yaml") != 0 ||
			   (c->hint && !strstr(err.hint, c->hint))) {
			print_error("%s: got %s:%d:%d: %s [hint: %s]; want %d:%d: %s [hint: %s]\n",
				    c->name, err.source, err.line, err.col, err.message, err.hint,
				    c->line, c->col, c->message, c->hint ? c->hint : "");
			failures++;
		}
	}
	assert_int_equal(failures, 0);
}

/* The caret context of an error inside a layout literal is the file's line. */
static void test_literal_context(void **state)
{
	axe_error err;

	(void)state;
	assert_null(parse(L "  a:\n    layout: \"S[(8,2):(1,2@)]\"\n", &err));
	assert_string_equal(err.context, "    layout: \"S[(8,2):(1,2@)]\"");
	assert_int_equal(err.context_col, 27);
	assert_null(parse(L "  a:\n    shape: {n: 8}\n    layout: S[8:1]\n", &err));
	assert_string_equal(err.context, "    shape: {n: 8}");
	assert_int_equal(err.context_col, 12);
}

/* User text in messages: whole characters, escaped controls, cut with "...". */
static void test_text_show(void **state)
{
	char buf[16];

	(void)state;
	assert_string_equal(axe_text_show("frag", buf, sizeof(buf)), "frag");
	assert_string_equal(axe_text_show("a\tb", buf, sizeof(buf)), "a\\x09b");
	assert_string_equal(axe_text_show("abcdefghijklmnopqrstuvwxyz", buf, sizeof(buf)),
			    "abcdefghijkl...");
	/* "\xc3\xa9" is one character: it is never split. */
	assert_string_equal(axe_text_show("abcdefghij\xc3\xa9\xc3\xa9xyz", buf, sizeof(buf)),
			    "abcdefghij\xc3\xa9...");
	assert_string_equal(axe_text_show("abcdefghijk\xc3\xa9\xc3\xa9xyz", buf, sizeof(buf)),
			    "abcdefghijk...");
}

static void test_too_large(void **state)
{
	size_t len = AXE_SPEC_MAX_BYTES + 1;
	char *text = malloc(len);
	axe_error err;

	(void)state;
	assert_non_null(text);
	memset(text, ' ', len);
	axe_error_init(&err);
	assert_null(axe_spec_parse("big.yaml", text, len, &err));
	assert_int_equal(err.code, AXE_ERR_LIMIT);
	assert_non_null(strstr(err.message, "larger than 64 MiB"));
	free(text);
}

static void test_load_missing(void **state)
{
	axe_error err;

	(void)state;
	axe_error_init(&err);
	assert_null(axe_spec_load("/nonexistent/spec.yaml", &err));
	assert_int_equal(err.code, AXE_ERR_IO);
	assert_string_equal(err.source, "/nonexistent/spec.yaml");
}

/* ---- the worked examples under specs/ ---- */

/* Open "specs/NAME" from the repository root or relative to this file. */
static axe_spec *load_example(const char *name)
{
	char path[1024];
	const char *here = __FILE__, *slash = strstr(here, "tests/unit/");
	axe_error err;
	axe_spec *spec;
	FILE *f;

	snprintf(path, sizeof(path), "specs/%s", name);
	f = fopen(path, "r");
	if (!f && slash) {
		snprintf(path, sizeof(path), "%.*sspecs/%s", (int)(slash - here), here, name);
		f = fopen(path, "r");
	}
	if (!f)
		fail_msg("cannot find specs/%s (run from the repository root)", name);
	fclose(f);
	axe_error_init(&err);
	spec = axe_spec_load(path, &err);
	if (!spec)
		fail_msg("%s:%d:%d: %s", err.source, err.line, err.col, err.message);
	return spec;
}

/* Read the integer scalar "node" (the specs under test are well formed). */
static int64_t int_of(const axe_spec *spec, const axe_node *node)
{
	axe_error err;
	int64_t v = 0;

	axe_error_init(&err);
	if (axe_node_int(spec, node, "a value", &v, &err) < 0)
		fail_msg("%d:%d: %s", err.line, err.col, err.message);
	return v;
}

/* Does "image" (one row of the layout's axes) equal the mapping "want"? */
static bool image_matches(const axe_spec *spec, const axe_layout *layout,
			  const int64_t *image, const axe_node *want)
{
	if (want->nitems != layout->naxes)
		return false;
	for (size_t a = 0; a < layout->naxes; a++) {
		const axe_node *v = axe_node_get(want, layout->axis[a]);
		if (!v || int_of(spec, v) != image[a])
			return false;
	}
	return true;
}

/* Run one `eval:` check: the images must be exactly the expected set. */
static void run_eval(const axe_spec *spec, const axe_node *check)
{
	const axe_spec_layout *l = find(spec, axe_node_get(check, "layout")->scalar);
	const axe_node *at = axe_node_get(check, "at");
	const axe_node *expect = axe_node_get(check, "expect");
	int64_t coord[AXE_MAX_RANK], flat, base[16], images[16 * 16];
	axe_evaluator ev;
	axe_error err;

	assert_non_null(at);
	assert_non_null(expect);
	assert_true(at->nitems == l->shape.rank && l->layout->naxes <= 16);
	for (size_t d = 0; d < at->nitems; d++)
		coord[d] = int_of(spec, at->items[d]);
	axe_error_init(&err);
	assert_int_equal(axe_evaluator_init(&ev, l->layout, &l->shape, &err), 0);
	assert_int_equal(axe_evaluator_flatten(&ev, coord, &flat, &err), 0);
	axe_evaluator_base(&ev, flat, base);
	assert_true(ev.nimages <= 16);
	axe_evaluator_images(&ev, base, true, images);
	if (ev.nimages != expect->nitems)
		fail_msg("%s line %d: %zu images, expected %zu", spec->path, check->line,
			 ev.nimages, expect->nitems);
	for (size_t e = 0; e < expect->nitems; e++) {
		bool found = false;
		for (size_t i = 0; i < ev.nimages && !found; i++)
			found = image_matches(spec, l->layout, images + i * ev.naxes,
					      expect->items[e]);
		if (!found)
			fail_msg("%s line %d: expected image %zu is not produced", spec->path,
				 check->line, e + 1);
	}
	axe_evaluator_release(&ev);
}

static void test_worked_examples(void **state)
{
	static const char *const files[] = {
		"tensor_core_tile.yaml", "tmem.yaml", "scale_factor.yaml", "mesh_2x2.yaml",
		"trainium_sbuf.yaml", "swizzle_f16_128b.yaml",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		axe_spec *spec = load_example(files[i]);
		size_t evals = 0;

		assert_non_null(spec->description);
		assert_non_null(spec->checks);
		for (size_t c = 0; c < spec->checks->nitems; c++) {
			const axe_node *eval = axe_node_get(spec->checks->items[c], "eval");
			if (eval) {
				run_eval(spec, eval);
				evals++;
			}
		}
		assert_true(evals >= 3);
		axe_spec_free(spec);
	}
}

/* The twins in the worked examples are the same layout. */
static void test_worked_twins(void **state)
{
	axe_spec *tile = load_example("tensor_core_tile.yaml");
	axe_spec *swz = load_example("swizzle_f16_128b.yaml");

	(void)state;
	assert_true(axe_layout_identical(find(tile, "frag")->layout,
					 find(tile, "frag_struct")->layout));
	assert_true(axe_layout_identical(find(swz, "smem")->layout,
					 find(swz, "smem_explicit")->layout));
	axe_spec_free(tile);
	axe_spec_free(swz);
}

/* Nested flow sequences: "layouts: [[...]]" 300 deep, and a root 256 deep. */
static void build_deep_inputs(void)
{
	size_t n = (size_t)snprintf(deep, sizeof(deep), "axe-layout: 1\nlayouts: ");

	for (int i = 0; i < 300; i++)
		deep[n++] = '[';
	for (int i = 0; i < 300 && n + 2 < sizeof(deep); i++)
		deep[n++] = ']';
	deep[n] = '\0';
	n = 0;
	for (int i = 0; i < AXE_SPEC_MAX_DEPTH; i++)
		deep_ok[n++] = '[';
	for (int i = 0; i < AXE_SPEC_MAX_DEPTH; i++)
		deep_ok[n++] = ']';
	deep_ok[n] = '\0';
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_example_loads),
		cmocka_unit_test(test_struct_equals_text),
		cmocka_unit_test(test_compact_entries),
		cmocka_unit_test(test_swizzle_forms),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_bad_inputs),
		cmocka_unit_test(test_literal_context),
		cmocka_unit_test(test_text_show),
		cmocka_unit_test(test_too_large),
		cmocka_unit_test(test_load_missing),
		cmocka_unit_test(test_worked_examples),
		cmocka_unit_test(test_worked_twins),
	};

	build_deep_inputs();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
