/*
 * emit.h: an indenting text writer for generated source (CUDA, C): lines are
 * collected in memory at the current depth of braces, so that an emitter
 * never counts tabs and the caller decides where the text goes (a file, or
 * stdout) only once it is complete.
 */
#ifndef AXE_CODEGEN_EMIT_H
#define AXE_CODEGEN_EMIT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct axe_emit {
	char *buf;
	size_t len, cap;
	int depth;  /* tabs before each line */
	size_t col; /* columns of the line being built (a tab counts 8) */
	bool nomem; /* an allocation failed: the text is incomplete */
} axe_emit;

void axe_emit_init(axe_emit *e);
void axe_emit_release(axe_emit *e);

/* One line at the current depth, newline added.  An empty line gets no indentation. */
void axe_emit_line(axe_emit *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A line in column 0 whatever the depth: a C preprocessor directive. */
void axe_emit_directive(axe_emit *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A line (e.g. "for (...) {" or a function head and "{"), then one level deeper. */
void axe_emit_open(axe_emit *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* One level shallower, then "}" followed by "suffix" ("" or ";" or " else {"). */
void axe_emit_close(axe_emit *e, const char *suffix);

/*
 * A line built in pieces: axe_emit_begin indents it, axe_emit_put appends
 * text (e->col tracks the width, for wrapping), axe_emit_end ends it.
 */
void axe_emit_begin(axe_emit *e);
void axe_emit_put(axe_emit *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void axe_emit_end(axe_emit *e);

/* Several lines of "text" (separated by '\n'), each at the current depth. */
void axe_emit_text(axe_emit *e, const char *text);

/* Raw bytes, no indentation and no newline added. */
void axe_emit_raw(axe_emit *e, const char *text, size_t len);

/*
 * The text so far, NUL-terminated, owned by "e" ("" when empty); NULL once
 * memory ran out.
 */
const char *axe_emit_str(const axe_emit *e);

#endif
