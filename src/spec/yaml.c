/*
 * yaml.c: the YAML layer of spec files.  It turns the text of a spec into a
 * tree of axe_node with libyaml's event API, and is the only file that
 * includes <yaml.h>, so libyaml's types, errors and 0-based marks stay here
 * (HACKING.md, "Conventions").
 *
 * The tree is built iteratively with an explicit stack, never by recursion,
 * and nesting is capped at AXE_SPEC_MAX_DEPTH, so hostile input cannot
 * overflow the C stack.  Anchors, aliases and tags are refused: a spec has
 * no use for them, and aliases are how "billion laughs" inputs explode.
 * Duplicate keys are refused too (YAML forbids them; libyaml does not check).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "spec.h"

/* An open sequence or mapping while its events arrive. */
typedef struct frame {
	axe_node *node;
	size_t cap;    /* allocated items (and keys) */
	axe_node *key; /* a mapping key still waiting for its value */
} frame;

/*
 * Where libyaml's marks are in the text.  libyaml counts characters (its
 * mark.index); the tree needs byte offsets, so a cursor follows the events
 * through the text.  Events come in file order, so the walk is linear.
 */
typedef struct cursor {
	size_t index;       /* characters from the start of the YAML text */
	size_t offset;      /* the byte offset of that character */
	size_t line_offset; /* the byte offset of its line */
} cursor;

typedef struct builder {
	const axe_spec *spec;
	axe_error *err;
	frame stack[AXE_SPEC_MAX_DEPTH];
	size_t depth;
	axe_node *root;
	size_t nodes;  /* created so far, against AXE_SPEC_MAX_NODES */
	int documents;
	bool done;     /* the stream has ended */
	cursor cur;
} builder;

/* Bytes in the UTF-8 sequence that starts with "c" (1 for a stray byte). */
static size_t char_width(unsigned char c)
{
	if (c >= 0xF0 && c < 0xF8)
		return 4;
	if (c >= 0xE0)
		return c < 0xF0 ? 3 : 1;
	return c >= 0xC0 ? 2 : 1;
}

/* Byte offset where the line holding byte "pos" starts. */
static size_t line_start_before(const axe_spec *spec, size_t pos)
{
	size_t p = pos;

	while (p > spec->start) {
		size_t q = p - 1;
		while (q > spec->start && ((unsigned char)spec->text[q] & 0xC0) == 0x80)
			q--;
		if (axe_text_break(spec->text, spec->len, q))
			break;
		p = q;
	}
	return p;
}

/* Move the cursor to character "index" (forwards, or back in rare cases). */
static void cursor_seek(const axe_spec *spec, cursor *c, size_t index)
{
	const char *t = spec->text;

	while (c->index < index && c->offset < spec->len) {
		bool br = axe_text_break(t, spec->len, c->offset) > 0;
		c->offset += char_width((unsigned char)t[c->offset]);
		if (c->offset > spec->len)
			c->offset = spec->len;
		c->index++;
		if (br)
			c->line_offset = c->offset;
	}
	if (c->index <= index)
		return;
	while (c->index > index && c->offset > spec->start) {
		c->offset--;
		while (c->offset > spec->start && ((unsigned char)t[c->offset] & 0xC0) == 0x80)
			c->offset--;
		c->index--;
	}
	c->line_offset = line_start_before(spec, c->offset);
}

static int error_at_mark(builder *b, const yaml_mark_t *mark, int code, const char *msg)
{
	axe_loc loc = axe_spec_loc_at(b->spec, (int)mark->line + 1, (int)mark->column + 1);

	return axe_error_set(b->err, code, &loc, 1, "%s", msg);
}

/* A new node of "kind" at the start of "event"; NULL with an error. */
static axe_node *node_new(builder *b, axe_node_kind kind, const yaml_event_t *event)
{
	axe_node *node;

	if (b->nodes >= AXE_SPEC_MAX_NODES) {
		error_at_mark(b, &event->start_mark, AXE_ERR_LIMIT,
			      "the spec holds too many YAML nodes");
		return NULL;
	}
	node = calloc(1, sizeof(*node));
	if (!node) {
		error_at_mark(b, &event->start_mark, AXE_ERR_NOMEM, "out of memory");
		return NULL;
	}
	b->nodes++;
	node->kind = kind;
	node->line = (int)event->start_mark.line + 1;
	node->col = (int)event->start_mark.column + 1;
	cursor_seek(b->spec, &b->cur, event->start_mark.index);
	node->offset = b->cur.offset;
	/*
	 * At the end of a file without a final newline, libyaml moves the mark
	 * to column 0 of a line that does not exist; the node starts a line.
	 */
	node->line_offset = node->col == 1 ? b->cur.offset : b->cur.line_offset;
	return node;
}

/* Free "node" alone, not its children. */
static void node_free_one(axe_node *node)
{
	free(node->scalar);
	free(node->items);
	free(node->keys);
	free(node);
}

/*
 * Post-order walk with a fixed stack: trees come from the builder, whose
 * collections nest at most AXE_SPEC_MAX_DEPTH deep, so it never fills.
 */
void axe_node_free(axe_node *root)
{
	struct walk {
		axe_node *node;
		size_t next; /* next child: values first, then keys */
	} stack[AXE_SPEC_MAX_DEPTH + 1];
	size_t depth = 0;

	if (!root)
		return;
	stack[depth++] = (struct walk){ root, 0 };
	while (depth > 0) {
		struct walk *w = &stack[depth - 1];
		axe_node *n = w->node, *child;
		size_t total = n->kind == AXE_NODE_MAP ? 2 * n->nitems : n->nitems;

		if (n->kind == AXE_NODE_SCALAR || w->next >= total) {
			node_free_one(n);
			depth--;
			continue;
		}
		child = w->next < n->nitems ? n->items[w->next] : n->keys[w->next - n->nitems];
		w->next++;
		if (child && depth < AXE_SPEC_MAX_DEPTH + 1)
			stack[depth++] = (struct walk){ child, 0 };
	}
}

/* Grow the arrays of the collection in "f" to hold one more item. */
static int frame_grow(frame *f)
{
	axe_node *n = f->node;
	size_t cap = f->cap ? 2 * f->cap : 4;
	axe_node **items, **keys;

	if (n->nitems < f->cap)
		return 0;
	items = realloc(n->items, cap * sizeof(*items));
	if (!items)
		return -1;
	n->items = items;
	if (n->kind == AXE_NODE_MAP) {
		keys = realloc(n->keys, cap * sizeof(*keys));
		if (!keys)
			return -1;
		n->keys = keys;
	}
	f->cap = cap;
	return 0;
}

/*
 * Hang "node" under the open collection (or make it the root).  In a
 * mapping, nodes alternate between key and value.  On error "node" is freed.
 */
static int attach(builder *b, axe_node *node)
{
	frame *f;
	axe_loc loc;

	if (b->depth == 0) {
		b->root = node;
		return 0;
	}
	f = &b->stack[b->depth - 1];
	if (f->node->kind == AXE_NODE_MAP && !f->key) {
		if (node->kind == AXE_NODE_SCALAR) {
			f->key = node;
			return 0;
		}
		const char *what = node->kind == AXE_NODE_MAP ? "mapping" : "sequence";
		loc = axe_spec_loc(b->spec, node);
		node_free_one(node);
		return axe_error_set(b->err, AXE_ERR_SYNTAX, &loc, 1,
				     "a mapping key must be a scalar, not a %s", what);
	}
	if (frame_grow(f) < 0) {
		loc = axe_spec_loc(b->spec, node);
		node_free_one(node);
		return axe_error_set(b->err, AXE_ERR_NOMEM, &loc, 1, "out of memory");
	}
	if (f->node->kind == AXE_NODE_MAP) {
		f->node->keys[f->node->nitems] = f->key;
		f->key = NULL;
	}
	f->node->items[f->node->nitems++] = node;
	return 0;
}

/* Refuse anchors and explicit tags on a node event. */
static int check_props(builder *b, const yaml_event_t *event, const yaml_char_t *anchor,
		       const yaml_char_t *tag)
{
	if (anchor)
		return error_at_mark(b, &event->start_mark, AXE_ERR_SYNTAX,
				     "YAML anchors are not supported");
	if (tag)
		return error_at_mark(b, &event->start_mark, AXE_ERR_SYNTAX,
				     "YAML tags are not supported");
	return 0;
}

static int on_scalar(builder *b, const yaml_event_t *event)
{
	const char *value = (const char *)event->data.scalar.value;
	size_t len = event->data.scalar.length;
	axe_node *node;

	if (check_props(b, event, event->data.scalar.anchor, event->data.scalar.tag) < 0)
		return -1;
	/* A "\0" escape: the tree holds C strings, so refuse it here. */
	if (memchr(value, '\0', len))
		return error_at_mark(b, &event->start_mark, AXE_ERR_VALUE,
				     "a NUL character in a YAML scalar is not supported");
	node = node_new(b, AXE_NODE_SCALAR, event);
	if (!node)
		return -1;
	node->scalar = malloc(len + 1);
	if (!node->scalar) {
		node_free_one(node);
		return error_at_mark(b, &event->start_mark, AXE_ERR_NOMEM, "out of memory");
	}
	memcpy(node->scalar, value, len);
	node->scalar[len] = '\0';
	node->len = len;
	node->quoted = event->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
	return attach(b, node);
}

static int on_start(builder *b, const yaml_event_t *event, axe_node_kind kind)
{
	const yaml_char_t *anchor, *tag;
	axe_node *node;

	if (kind == AXE_NODE_MAP) {
		anchor = event->data.mapping_start.anchor;
		tag = event->data.mapping_start.tag;
	} else {
		anchor = event->data.sequence_start.anchor;
		tag = event->data.sequence_start.tag;
	}
	if (check_props(b, event, anchor, tag) < 0)
		return -1;
	if (b->depth >= AXE_SPEC_MAX_DEPTH) {
		char msg[64];
		snprintf(msg, sizeof(msg), "YAML nesting deeper than %d levels",
			 AXE_SPEC_MAX_DEPTH);
		return error_at_mark(b, &event->start_mark, AXE_ERR_LIMIT, msg);
	}
	node = node_new(b, kind, event);
	if (!node || attach(b, node) < 0)
		return -1;
	b->stack[b->depth++] = (frame){ node, 0, NULL };
	return 0;
}

/* A key of a mapping with its position there, for the duplicate check. */
typedef struct key_ref {
	const axe_node *key;
	size_t index;
} key_ref;

static int compare_keys(const void *pa, const void *pb)
{
	const key_ref *a = pa, *b = pb;
	int c = strcmp(a->key->scalar, b->key->scalar);

	if (c != 0)
		return c;
	return a->index < b->index ? -1 : a->index > b->index;
}

/*
 * Refuse a mapping that repeats a key.  Sorting keeps this O(n log n) for
 * large mappings; of all repeated keys, the one repeated first in the file
 * is reported, at its second occurrence.
 */
static int check_duplicates(builder *b, const axe_node *map)
{
	key_ref *refs;
	size_t n = map->nitems, worst = n;
	const axe_node *first = NULL;
	char text[64];
	axe_loc loc;

	if (n < 2)
		return 0;
	refs = malloc(n * sizeof(*refs));
	if (!refs) {
		loc = axe_spec_loc(b->spec, map);
		return axe_error_set(b->err, AXE_ERR_NOMEM, &loc, 1, "out of memory");
	}
	for (size_t i = 0; i < n; i++)
		refs[i] = (key_ref){ map->keys[i], i };
	qsort(refs, n, sizeof(*refs), compare_keys);
	for (size_t i = 1; i < n; i++) {
		bool group_start = i == 1 || strcmp(refs[i - 2].key->scalar, refs[i - 1].key->scalar) != 0;
		if (group_start && strcmp(refs[i - 1].key->scalar, refs[i].key->scalar) == 0 &&
		    refs[i].index < worst) {
			worst = refs[i].index;
			first = refs[i - 1].key;
		}
	}
	free(refs);
	if (!first)
		return 0;
	loc = axe_spec_loc(b->spec, map->keys[worst]);
	return axe_error_set(b->err, AXE_ERR_VALUE, &loc, (int)map->keys[worst]->len,
			     "duplicate key '%s' (first on line %d)",
			     axe_text_show(map->keys[worst]->scalar, text, sizeof(text)),
			     first->line);
}

static int on_end(builder *b)
{
	frame *f = &b->stack[--b->depth];

	/* libyaml pairs every key with a value, so no key is left waiting. */
	if (f->node->kind == AXE_NODE_MAP)
		return check_duplicates(b, f->node);
	return 0;
}

static int on_event(builder *b, const yaml_event_t *event)
{
	switch (event->type) {
	case YAML_DOCUMENT_START_EVENT:
		if (b->documents++ > 0)
			return error_at_mark(b, &event->start_mark, AXE_ERR_SYNTAX,
					     "a spec file holds one YAML document; "
					     "this is a second one");
		return 0;
	case YAML_ALIAS_EVENT:
		return error_at_mark(b, &event->start_mark, AXE_ERR_SYNTAX,
				     "YAML aliases are not supported");
	case YAML_SCALAR_EVENT:
		return on_scalar(b, event);
	case YAML_SEQUENCE_START_EVENT:
		return on_start(b, event, AXE_NODE_SEQ);
	case YAML_MAPPING_START_EVENT:
		return on_start(b, event, AXE_NODE_MAP);
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		return on_end(b);
	case YAML_STREAM_END_EVENT:
		b->done = true;
		return 0;
	default:
		return 0;
	}
}

/* Translate libyaml's error into "b->err". */
static int parser_error(builder *b, const yaml_parser_t *parser)
{
	const char *problem = parser->problem ? parser->problem : "malformed YAML";
	axe_loc loc = { b->spec->path, 0, 0, NULL, 0 };

	switch (parser->error) {
	case YAML_MEMORY_ERROR:
		return axe_error_set(b->err, AXE_ERR_NOMEM, &loc, 1, "out of memory");
	case YAML_READER_ERROR:
		/* Reader errors carry a byte offset into the input, not a mark. */
		loc = axe_spec_loc_offset(b->spec, b->spec->start + parser->problem_offset);
		if (parser->problem_value >= 0 && strstr(problem, "octet"))
			return axe_error_set(b->err, AXE_ERR_SYNTAX, &loc, 1, "%s (byte 0x%02x)",
					     problem, (unsigned)parser->problem_value & 0xff);
		if (parser->problem_value >= 0)
			return axe_error_set(b->err, AXE_ERR_SYNTAX, &loc, 1, "%s (U+%04X)",
					     problem, (unsigned)parser->problem_value);
		return axe_error_set(b->err, AXE_ERR_SYNTAX, &loc, 1, "%s", problem);
	default:
		loc = axe_spec_loc_at(b->spec, (int)parser->problem_mark.line + 1,
				      (int)parser->problem_mark.column + 1);
		if (parser->context)
			return axe_error_set(b->err, AXE_ERR_SYNTAX, &loc, 1,
					     "%s (%s at line %d, column %d)", problem,
					     parser->context, (int)parser->context_mark.line + 1,
					     (int)parser->context_mark.column + 1);
		return axe_error_set(b->err, AXE_ERR_SYNTAX, &loc, 1, "%s", problem);
	}
}

/* Free what the builder made after an error, pending keys included. */
static void discard(builder *b)
{
	for (size_t i = 0; i < b->depth; i++)
		axe_node_free(b->stack[i].key);
	axe_node_free(b->root);
	b->root = NULL;
}

/* Refuse binary input before libyaml sees it. */
static int check_text(const axe_spec *spec, axe_error *err)
{
	const char *nul = memchr(spec->text, '\0', spec->len);
	axe_loc loc;

	if (spec->len > AXE_SPEC_MAX_BYTES) {
		loc = (axe_loc){ spec->path, 0, 0, NULL, 0 };
		return axe_error_set(err, AXE_ERR_LIMIT, &loc, 1,
				     "the spec file is larger than %zu MiB",
				     AXE_SPEC_MAX_BYTES >> 20);
	}
	if (nul) {
		loc = axe_spec_loc_offset(spec, (size_t)(nul - spec->text));
		return axe_error_set(err, AXE_ERR_VALUE, &loc, 1,
				     "the file is not text: NUL byte");
	}
	return 0;
}

axe_node *axe_yaml_parse(const axe_spec *spec, axe_error *err)
{
	yaml_parser_t parser;
	yaml_event_t event;
	builder *b;
	axe_node *root;
	int r = 0;

	if (check_text(spec, err) < 0)
		return NULL;
	b = calloc(1, sizeof(*b));
	if (!b || !yaml_parser_initialize(&parser)) {
		free(b);
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		return NULL;
	}
	b->spec = spec;
	b->err = err;
	b->cur = (cursor){ 0, spec->start, spec->start };
	/* Forced UTF-8: no UTF-16 guessing, so byte offsets stay meaningful. */
	yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
	yaml_parser_set_input_string(&parser, (const unsigned char *)spec->text + spec->start,
				     spec->len - spec->start);
	while (r == 0 && !b->done) {
		if (!yaml_parser_parse(&parser, &event)) {
			r = parser_error(b, &parser);
			break;
		}
		r = on_event(b, &event);
		yaml_event_delete(&event);
	}
	yaml_parser_delete(&parser);
	if (r == 0 && !b->root) {
		axe_loc loc = axe_spec_loc_at(spec, 1, 1);
		r = axe_error_set(err, AXE_ERR_VALUE, &loc, 1, "empty spec file");
	}
	if (r < 0)
		discard(b);
	root = b->root;
	free(b);
	return root;
}
