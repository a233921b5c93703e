/*
 * banks_spec.c: explicit access lists, the `accesses:` section of a spec
 * (spec-format.md section 2), for patterns that no layout describes.
 *
 *   accesses:
 *     NAME:
 *       tile: LAYOUT          # required: the layout whose coordinates lanes name
 *       op: lds               # lds (default) | sts | ldmatrix | stmatrix
 *       vector_bytes: 2       # lds/sts: 1, 2, 4, 8 or 16 (default: one element)
 *       num: 4                # ldmatrix/stmatrix: 1, 2 or 4 (required)
 *       instructions:         # each: 32 entries, lane -> first coordinate or null
 *         - [[0,0], [1,0], null, ...]
 *
 * A lane's access starts at its coordinate and runs along the last
 * dimension for vector_bytes (16 for ldmatrix rows).  Every error is placed
 * at the offending node.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/dtype.h"
#include "banks.h"

static const char *const access_keys[] = {
	"tile", "op", "vector_bytes", "num", "instructions", "description", NULL
};
static const char *const op_words[] = { "lds", "sts", "ldmatrix", "stmatrix", NULL };

static int node_error(const axe_spec *spec, const axe_node *node, int code, axe_error *err,
		      const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int node_error(const axe_spec *spec, const axe_node *node, int code, axe_error *err,
		      const char *fmt, ...)
{
	axe_loc loc = axe_spec_loc(spec, node);
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return axe_error_set(err, code, &loc, node->kind == AXE_NODE_SCALAR && node->len > 0 &&
			     !node->quoted ? (int)node->len : 1, "%s", msg);
}

static bool is_null(const axe_node *n)
{
	return n->kind == AXE_NODE_SCALAR && !n->quoted &&
	       (n->len == 0 || strcmp(n->scalar, "null") == 0 || strcmp(n->scalar, "Null") == 0 ||
		strcmp(n->scalar, "NULL") == 0 || strcmp(n->scalar, "~") == 0);
}

bool axe_bank_access_is_spec(const char *arg)
{
	return strstr(arg, ".yaml") || strstr(arg, ".yml");
}

/* The index of entry "name" in the section "acc" (NULL: its only entry), or -1. */
static long find_entry(const axe_spec *spec, const axe_node *acc, const char *name,
		       axe_error *err)
{
	const char *names[64], *best;
	size_t n = acc->nitems < 64 ? acc->nitems : 64;

	if (!name && acc->nitems == 1)
		return 0;
	if (!name)
		return node_error(spec, acc, AXE_ERR_NAME, err,
				  "the spec has %zu accesses; name one as FILE.yaml:NAME",
				  acc->nitems);
	for (size_t i = 0; i < acc->nitems; i++) {
		if (strcmp(acc->keys[i]->scalar, name) == 0)
			return (long)i;
		if (i < n)
			names[i] = acc->keys[i]->scalar;
	}
	node_error(spec, acc, AXE_ERR_NAME, err, "no access '%s' in 'accesses'", name);
	best = axe_suggest(name, names, n);
	if (best)
		axe_error_hint(err, "did you mean '%s'?", best);
	return -1;
}

/* Check the keys and the tile of entry "a->node". */
static int check_entry(axe_bank_access *a, axe_error *err)
{
	const axe_node *t;
	axe_error quiet;

	if (a->node->kind != AXE_NODE_MAP)
		return node_error(a->spec, a->node, AXE_ERR_VALUE, err,
				  "expected a mapping for access '%s'", a->name);
	if (axe_node_check_keys(a->spec, a->node, access_keys, "an access", err) < 0)
		return -1;
	t = axe_node_get(a->node, "tile");
	if (!t)
		return node_error(a->spec, a->node, AXE_ERR_VALUE, err,
				  "missing key 'tile' in access '%s' (the layout its coordinates "
				  "name)", a->name);
	axe_error_init(&quiet);
	if (t->kind != AXE_NODE_SCALAR || !axe_spec_find(a->spec, t->scalar, &quiet)) {
		node_error(a->spec, t, AXE_ERR_NAME, err, "'tile' must name a layout of the spec");
		if (quiet.hint[0])
			axe_error_hint(err, "%s", quiet.hint);
		return -1;
	}
	a->tile = t->scalar;
	return 0;
}

int axe_bank_access_from(axe_bank_access *a, axe_spec *spec, const char *name, axe_error *err)
{
	long i;

	a->spec = spec;
	a->node = NULL;
	a->name = a->tile = NULL;
	if (!spec->accesses)
		return node_error(spec, spec->root, AXE_ERR_NAME, err,
				  "the spec has no 'accesses:' section");
	i = find_entry(spec, spec->accesses, name && *name ? name : NULL, err);
	if (i < 0)
		return -1;
	a->node = spec->accesses->items[i];
	a->name = spec->accesses->keys[i]->scalar;
	return check_entry(a, err);
}

int axe_bank_access_open(axe_bank_access *a, const char *arg, axe_error *err)
{
	const char *colon = strrchr(arg, ':'), *name = NULL;
	size_t len = strlen(arg);
	axe_spec *spec;

	memset(a, 0, sizeof(*a));
	/* FILE.yaml:NAME splits at the last ':' that follows the extension. */
	if (colon && (strstr(colon, ".yaml") == NULL && strstr(colon, ".yml") == NULL)) {
		len = (size_t)(colon - arg);
		name = colon + 1;
	}
	if (len >= sizeof(a->path))
		return axe_error_set(err, AXE_ERR_IO, NULL, 0, "path '%s' is too long", arg);
	memcpy(a->path, arg, len);
	a->path[len] = '\0';
	spec = axe_spec_load(a->path, err);
	return spec ? axe_bank_access_from(a, spec, name, err) : -1;
}

void axe_bank_access_close(axe_bank_access *a)
{
	axe_spec_free(a->spec);
	a->spec = NULL;
}

/* An integer key "key" of "entry" that must be one of "allowed" (0-terminated). */
static int read_choice(const axe_spec *spec, const axe_node *entry, const char *key,
		       const int *allowed, int *value, axe_error *err)
{
	const axe_node *n = axe_node_get(entry, key);
	char what[40], list[64];
	size_t len = 0;
	int64_t v;

	snprintf(what, sizeof(what), "'%s'", key);
	if (axe_node_int(spec, n, what, &v, err) < 0)
		return -1;
	for (int i = 0; allowed[i]; i++)
		if (v == allowed[i]) {
			*value = (int)v;
			return 0;
		}
	for (int i = 0; allowed[i]; i++)
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%d",
					!i ? "" : allowed[i + 1] ? ", " : " or ", allowed[i]);
	return node_error(spec, n, AXE_ERR_VALUE, err, "%s must be %s, not %lld", what, list,
			  (long long)v);
}

/* The operation, matrices and vector width of "entry" into "p". */
static int read_op(axe_bank_plan *p, const axe_spec *spec, const axe_node *entry, int eb,
		   axe_error *err)
{
	static const int nums[] = { 1, 2, 4, 0 }, widths[] = { 1, 2, 4, 8, 16, 0 };
	const axe_node *op = axe_node_get(entry, "op"), *num = axe_node_get(entry, "num");
	const axe_node *vb = axe_node_get(entry, "vector_bytes");
	int k = 0;

	while (op && op_words[k] && (op->kind != AXE_NODE_SCALAR || strcmp(op->scalar, op_words[k])))
		k++;
	if (op && !op_words[k]) {
		const char *best = op->kind == AXE_NODE_SCALAR ?
				   axe_suggest(op->scalar, op_words, 4) : NULL;
		node_error(spec, op, AXE_ERR_NAME, err, "unknown op%s%s%s (lds, sts, ldmatrix "
			   "or stmatrix)", op->kind == AXE_NODE_SCALAR ? " '" : "",
			   op->kind == AXE_NODE_SCALAR ? op->scalar : "",
			   op->kind == AXE_NODE_SCALAR ? "'" : "");
		if (best)
			axe_error_hint(err, "did you mean '%s'?", best);
		return -1;
	}
	p->op = (axe_bank_op)k;
	if (p->op == AXE_BANK_LDMATRIX || p->op == AXE_BANK_STMATRIX) {
		if (vb)
			return node_error(spec, vb, AXE_ERR_VALUE, err, "'vector_bytes' is for lds "
					  "and sts; %s rows are 16 bytes", op_words[k]);
		if (!num)
			return node_error(spec, op, AXE_ERR_VALUE, err,
					  "%s needs 'num: 1', 2 or 4 (the matrices per instruction)",
					  op_words[k]);
		p->vector_bytes = 16;
		return read_choice(spec, entry, "num", nums, &p->num, err);
	}
	if (num)
		return node_error(spec, num, AXE_ERR_VALUE, err,
				  "'num' is for ldmatrix and stmatrix; lds and sts take 'vector_bytes'");
	p->vector_bytes = eb;
	if (vb && read_choice(spec, entry, "vector_bytes", widths, &p->vector_bytes, err) < 0)
		return -1;
	if (p->vector_bytes % eb)
		return node_error(spec, vb, AXE_ERR_VALUE, err,
				  "%d-byte accesses cannot hold whole %d-byte elements",
				  p->vector_bytes, eb);
	return 0;
}

/* Lane "l"'s entry "n": a coordinate of "shape" into "*flat", or -1 for null. */
static int read_lane(const axe_spec *spec, const axe_node *n, const axe_shape *shape,
		     int64_t *flat, axe_error *err)
{
	*flat = -1;
	if (is_null(n))
		return 0;
	if (n->kind != AXE_NODE_SEQ || n->nitems != shape->rank)
		return node_error(spec, n, AXE_ERR_VALUE, err,
				  "expected null or a coordinate of %zu integers", shape->rank);
	*flat = 0;
	for (size_t d = 0; d < shape->rank; d++) {
		int64_t v;
		if (axe_node_int(spec, n->items[d], "a coordinate", &v, err) < 0)
			return -1;
		if (v < 0 || v >= shape->dim[d])
			return node_error(spec, n->items[d], AXE_ERR_RANGE, err,
					  "coordinate %lld in dimension %zu is outside [0, %lld)",
					  (long long)v, d, (long long)shape->dim[d]);
		*flat = *flat * shape->dim[d] + v;
	}
	return 0;
}

/* Instruction "i" (node "n") into the lanes of "p". */
static int read_instruction(axe_bank_plan *p, const axe_spec *spec, const axe_node *n,
			    int64_t i, const axe_shape *shape, axe_error *err)
{
	int64_t *lanes = p->lane_flat + i * AXE_BANK_LANES;
	const axe_node **nodes = p->lane_node + i * AXE_BANK_LANES;
	int active = 0;

	if (n->kind != AXE_NODE_SEQ || n->nitems != AXE_BANK_LANES)
		return node_error(spec, n, AXE_ERR_VALUE, err,
				  "an instruction lists 32 lanes (a coordinate or null each), "
				  "not %zu", n->kind == AXE_NODE_SEQ ? n->nitems : (size_t)1);
	for (int l = 0; l < AXE_BANK_LANES; l++) {
		if (read_lane(spec, n->items[l], shape, &lanes[l], err) < 0)
			return -1;
		nodes[l] = lanes[l] >= 0 ? n->items[l] : NULL;
		active += lanes[l] >= 0;
		if (p->num && lanes[l] >= 0 && l >= 8 * p->num)
			return node_error(spec, n->items[l], AXE_ERR_VALUE, err,
					  "%s.x%d takes row addresses from lanes 0-%d; lane %d must "
					  "be null", axe_bank_op_name(p->op), p->num, 8 * p->num - 1, l);
	}
	if (!active)
		return node_error(spec, n, AXE_ERR_VALUE, err, "an instruction with no active lane");
	return 0;
}

/* The lanes of every instruction of "list" into "p". */
static int read_instructions(axe_bank_plan *p, const axe_spec *spec, const axe_node *list,
			     const axe_shape *shape, axe_error *err)
{
	p->ninstr = (int64_t)list->nitems;
	p->lane_flat = malloc(list->nitems * AXE_BANK_LANES * sizeof(int64_t));
	p->lane_node = malloc(list->nitems * AXE_BANK_LANES * sizeof(axe_node *));
	if (!p->lane_flat || !p->lane_node)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (size_t i = 0; i < list->nitems; i++)
		if (read_instruction(p, spec, list->items[i], (int64_t)i, shape, err) < 0)
			return -1;
	return 0;
}

int axe_bank_plan_spec(axe_bank_plan *p, const axe_bank_access *a, const axe_shape *shape,
		       int dtype, axe_error *err)
{
	const axe_dtype_info *info = axe_dtype_get(dtype);
	const axe_spec *spec = a->spec;
	const axe_node *entry = a->node, *list = axe_node_get(entry, "instructions");

	memset(p, 0, sizeof(*p));
	p->source = AXE_BANK_FROM_SPEC;
	p->spec = spec;
	p->where = axe_spec_loc(spec, entry);
	p->span = 1;
	snprintf(p->label, sizeof(p->label), "access '%s'", a->name);
	if (!info)
		return node_error(spec, entry, AXE_ERR_VALUE, err, "the tile has no element type");
	if (read_op(p, spec, entry, info->bits / 8, err) < 0)
		return -1;
	if (!list || list->kind != AXE_NODE_SEQ || list->nitems == 0)
		return node_error(spec, list ? list : entry, AXE_ERR_VALUE, err,
				  "an access needs 'instructions': a non-empty list");
	if (read_instructions(p, spec, list, shape, err) < 0) {
		axe_bank_plan_release(p);
		return -1;
	}
	return 0;
}
