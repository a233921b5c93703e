/*
 * writer.c: the buffered writer, its printf for report lines, and the digit
 * table of its integer formatter.
 */
#include <stdarg.h>
#include <stdlib.h>

#include "writer.h"

void axe_writer_init(axe_writer *w, FILE *file)
{
	w->file = file;
	w->n = 0;
	w->failed = false;
}

bool axe_writer_flush(axe_writer *w)
{
	if (w->n > 0 && !w->failed && fwrite(w->buf, 1, w->n, w->file) != w->n)
		w->failed = true;
	w->n = 0;
	return !w->failed;
}

void axe_write_fmt(axe_writer *w, const char *fmt, ...)
{
	char small[1024], *text = small;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(small)) {
		if (!(text = malloc((size_t)n + 1))) {
			w->failed = true; /* the report is cut: say it as a failed write */
			return;
		}
		va_start(ap, fmt);
		vsnprintf(text, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	axe_write_bytes(w, text, (size_t)n);
	if (text != small)
		free(text);
}

const char axe_digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

void axe_write_json_string(axe_writer *w, const char *s)
{
	static const char hex[] = "0123456789abcdef";

	axe_write_char(w, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			axe_write_char(w, '\\');
			axe_write_char(w, (char)c);
		} else if (c < 0x20) {
			char esc[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
			axe_write_bytes(w, esc, 6);
		} else {
			axe_write_char(w, (char)c);
		}
	}
	axe_write_char(w, '"');
}
