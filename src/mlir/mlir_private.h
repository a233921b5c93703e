/*
 * mlir_private.h: what the reader's files share: the tokens of MLIR's
 * lexical syntax (mlir_lex.c, following MLIR's Lexer.cpp and LangRef's
 * "Lexical structure"), the bracket pairs found before any statement is
 * read, the arena the file's strings live in, and the type parser
 * (mlir_type.c) that mlir.c calls wherever a type list starts.
 */
#ifndef AXE_MLIR_MLIR_PRIVATE_H
#define AXE_MLIR_MLIR_PRIVATE_H

#include "mlir.h"

typedef enum mlir_tok_kind {
	TOK_VALUE,  /* %name, %name#2 */
	TOK_HASH,   /* #name, #dialect.attr */
	TOK_BANG,   /* !dialect.type */
	TOK_CARET,  /* ^bb0 */
	TOK_AT,     /* @symbol, @"symbol" */
	TOK_WORD,   /* bare identifiers, keywords and numbers: tensor, 128x64xf16, -1.5e+00 */
	TOK_STRING, /* "..." */
	TOK_ARROW,  /* -> */
	TOK_PUNCT,  /* one byte: ( ) [ ] { } < > , : = * + - ? / and the two-byte >= <= */
} mlir_tok_kind;

typedef struct mlir_tok {
	mlir_tok_kind kind;
	char c;             /* TOK_PUNCT: the byte */
	size_t pos, len;    /* bytes of the file */
	int line, col;
	size_t match;       /* brackets: the index of the partner */
	bool line_end;      /* the last token of its line */
} mlir_tok;

typedef struct mlir_arena mlir_arena;

void *mlir_arena_alloc(mlir_arena **a, size_t size);
char *mlir_arena_strndup(mlir_arena **a, const char *s, size_t n);
void mlir_arena_free(mlir_arena *a);

/* What a reader of one chunk works on. */
typedef struct mlir_reader {
	axe_mlir_file *file;
	const mlir_tok *tok;  /* the chunk's tokens */
	size_t ntok;
	mlir_arena **arena;
	axe_error *err;
} mlir_reader;

/*
 * Tokens of bytes [begin, end) of f->text ("begin" starts line "line";
 * comments skipped) into a new
 * array "*out" ("*n" of them), each bracket paired with its partner.  A
 * byte MLIR does not allow, an unterminated string or a bracket without
 * its partner is an error at it.  0 or -1.
 */
int mlir_lex(const axe_mlir_file *f, size_t begin, size_t end, int line, mlir_tok **out,
	     size_t *n, axe_error *err);

/* An error (AXE_ERR_SYNTAX) at token "t" of f; always -1. */
int mlir_fail(const axe_mlir_file *f, const mlir_tok *t, axe_error *err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Token "i" is the punctuation byte "c". */
static inline bool mlir_is(const mlir_reader *r, size_t i, char c)
{
	return i < r->ntok && r->tok[i].kind == TOK_PUNCT && r->tok[i].c == c;
}

/* Token "i" is the word "w". */
bool mlir_is_word(const mlir_reader *r, size_t i, const char *w);

/* A type starts at token "i" (tensor<, !dialect.type, a scalar name, a '(' list). */
bool mlir_type_starts(const mlir_reader *r, size_t i);

/*
 * One type at token *i into "t" (*i moves past it).  1 when one was read,
 * 0 when token *i starts no type (nothing consumed), -1 on a malformed
 * tensor or memdesc type.
 */
int mlir_type(mlir_reader *r, size_t *i, axe_mlir_type *t);

#endif
