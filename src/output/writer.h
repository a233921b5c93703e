/*
 * writer.h: a buffered text writer with a fast integer formatter, for output
 * that must keep up with whole-domain enumeration (tens of millions of lines
 * a second) where stdio's printf would dominate.
 */
#ifndef AXE_OUTPUT_WRITER_H
#define AXE_OUTPUT_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define AXE_WRITER_BUF (1 << 16)

typedef struct axe_writer {
	FILE *file;
	size_t n;
	bool failed; /* a write failed (the reader went away, the disk is full) */
	char buf[AXE_WRITER_BUF];
} axe_writer;

void axe_writer_init(axe_writer *w, FILE *file);

/* Write the buffer out; false once any write has failed. */
bool axe_writer_flush(axe_writer *w);

/*
 * printf onto "w", for report lines and JSON fields (not for the hot loops,
 * which use the writers below): any length, no truncation.
 */
void axe_write_fmt(axe_writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static inline void axe_writer_reserve(axe_writer *w, size_t need)
{
	if (w->n + need > AXE_WRITER_BUF)
		axe_writer_flush(w);
}

static inline void axe_write_bytes(axe_writer *w, const char *s, size_t len)
{
	if (len > AXE_WRITER_BUF / 2) {
		axe_writer_flush(w);
		if (fwrite(s, 1, len, w->file) != len)
			w->failed = true;
		return;
	}
	axe_writer_reserve(w, len);
	memcpy(w->buf + w->n, s, len);
	w->n += len;
}

static inline void axe_write_str(axe_writer *w, const char *s)
{
	axe_write_bytes(w, s, strlen(s));
}

static inline void axe_write_char(axe_writer *w, char c)
{
	axe_writer_reserve(w, 1);
	w->buf[w->n++] = c;
}

extern const char axe_digit_pairs[201]; /* "00" "01" ... "99" */

/* Number of decimal digits of "u". */
static inline size_t axe_digit_count(uint64_t u)
{
	size_t n = 1;

	for (; u >= 10000; u /= 10000)
		n += 4;
	return n + (u >= 10) + (u >= 100) + (u >= 1000);
}

/*
 * Decimal text of "v" (at most 20 characters) into "out"; returns the
 * length.  Fills from the right, two digits per step from a table: inline,
 * because --all output spends most of its time here.
 */
static inline size_t axe_format_i64(char *out, int64_t v)
{
	uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	size_t len = (v < 0) + axe_digit_count(u);
	char *p = out + len;

	while (u >= 100) {
		unsigned d = (unsigned)(u % 100) * 2;
		u /= 100;
		*--p = axe_digit_pairs[d + 1];
		*--p = axe_digit_pairs[d];
	}
	if (u >= 10) {
		*--p = axe_digit_pairs[u * 2 + 1];
		*--p = axe_digit_pairs[u * 2];
	} else {
		*--p = (char)('0' + u);
	}
	if (v < 0)
		*--p = '-';
	return len;
}

static inline void axe_write_i64(axe_writer *w, int64_t v)
{
	axe_writer_reserve(w, 24);
	w->n += axe_format_i64(w->buf + w->n, v);
}

/* A JSON string literal of "s" (escaped). */
void axe_write_json_string(axe_writer *w, const char *s);

#endif
