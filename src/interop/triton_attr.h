/*
 * triton_attr.h: the MLIR attribute syntax Triton's TTGIR prints, read into
 * a small tree: `#ttg.NAME<{key = value, ...}>` whose values are integers
 * (an optional `: iN` type after them), `true`/`false`, `[...]` lists,
 * nested attributes and `#alias` names.  Every node keeps its byte
 * position in the text, so errors point at the user's characters.
 */
#ifndef AXE_INTEROP_TRITON_ATTR_H
#define AXE_INTEROP_TRITON_ATTR_H

#include <stddef.h>
#include <stdint.h>

#include "../core/error.h"

/* The text being read and where it starts in the user's input. */
typedef struct tt_src {
	const char *text;
	size_t len;
	const axe_loc *where; /* text[0]'s place; lines advance over the text's newlines */
} tt_src;

/*
 * Record an error at byte "pos" of the source ("span" bytes underlined):
 * line and column advanced from src->where over the newlines before "pos",
 * and the text of that line for the caret display.  Always -1.
 */
int tt_error(const tt_src *src, size_t pos, size_t span, axe_error *err, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/*
 * Place an error that was recorded without a position (by a builder or a
 * check below the reader) at byte "pos"; errors with a position keep it.
 */
void tt_locate(const tt_src *src, size_t pos, axe_error *err);

enum tt_kind { TT_INT, TT_BOOL, TT_LIST, TT_ATTR, TT_ALIAS };

typedef struct tt_value tt_value;
typedef struct tt_attr tt_attr;

struct tt_value {
	enum tt_kind kind;
	int64_t num;          /* TT_INT, TT_BOOL (0 or 1) */
	size_t pos, len;      /* bytes of the text */
	tt_value *item;       /* TT_LIST */
	size_t nitem;
	tt_attr *attr;        /* TT_ATTR */
	char name[64];        /* TT_ALIAS: with its '#' */
};

typedef struct tt_entry {
	char key[48];
	size_t pos;           /* the key's first byte */
	tt_value value;
} tt_entry;

struct tt_attr {
	char dialect[24];     /* "ttg", "ttng", "triton_gpu", ... */
	char name[32];        /* "blocked", "slice", ... */
	size_t pos, name_pos; /* the '#', and the name after the dialect */
	tt_entry *entry;
	size_t nentry;
};

/*
 * Parse one value at *pos (spaces and newlines skipped first); *pos moves
 * past it.  The result is owned by the caller (tt_value_free).  NULL on
 * error.
 */
tt_value *tt_parse_value(const tt_src *src, size_t *pos, axe_error *err);

void tt_value_free(tt_value *v);

/* Skip spaces, tabs and newlines from "pos"; the first other byte. */
size_t tt_skip(const tt_src *src, size_t pos);

/* The entry called "key" of "attr", or NULL. */
const tt_entry *tt_attr_find(const tt_attr *attr, const char *key);

#endif
