/*
 * fuzz_lego.c: libFuzzer target for the LEGO reader (interop/lego*.c).
 *
 * The input is the text after "lego:", with M=8, N=4, K=6, B=2 and GM=2
 * bound.  Invariants checked on every input:
 *  - a refused input says why, and never with an internal error: the
 *    converter's result always agrees with LEGO's own apply (the import
 *    validates every point, and says "internal error" when they differ);
 *  - an import with a compact form that LEGO can write (a bijection on m)
 *    converts back to LEGO, and that text reads back and is proved equal
 *    (axe_convert_layout does both, and reports a mismatch as an error).
 * Layouts of more than 2^16 points are parsed but not converted, to keep
 * each run short.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "interop/convert.h"
#include "interop/interop.h"
#include "interop/lego.h"

#define MAX_POINTS ((int64_t)1 << 16)

static const axe_binding bind[] = {
	{ "M", 8 }, { "N", 4 }, { "K", 6 }, { "B", 2 }, { "GM", 2 },
};

static void fail_if_internal(const axe_error *err)
{
	if (err->code == AXE_ERR_NONE || err->message[0] == '\0' ||
	    strstr(err->message, "internal error"))
		abort();
}

/* Parse only: the number of points, or -1 when the text is refused. */
static int64_t points(const char *text, const axe_loc *where)
{
	lego_layout l;
	axe_error err;
	int64_t n = 1;

	axe_error_init(&err);
	if (axe_lego_parse(text, where, bind, sizeof(bind) / sizeof(bind[0]), &l, &err) < 0) {
		fail_if_internal(&err);
		return -1;
	}
	for (size_t d = 0; d < l.rank && n <= MAX_POINTS; d++)
		n = __builtin_mul_overflow(n, l.dims[d], &n) ? MAX_POINTS + 1 : n;
	axe_lego_release(&l);
	return n;
}

static void check_write_back(const axe_import *imp)
{
	axe_convert c;
	axe_error err;

	axe_error_init(&err);
	if (axe_convert_layout(imp->layout, &imp->shape, -1, imp->why_expr, "lego", &c, &err) < 0)
		abort(); /* the writer printed text that reads back wrong */
	if (c.undecided)
		abort(); /* equal bijections on m are decided by enumeration here */
	axe_convert_release(&c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	axe_loc where = { "<fuzz>", 1, 1, NULL, size };
	axe_import_opts opts = { .bind = bind, .nbind = sizeof(bind) / sizeof(bind[0]) };
	const axe_notation *f = axe_format_lookup("lego", 4);
	axe_import imp;
	axe_error err;
	int64_t n;

	if (!text || !f)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	where.text = text;
	n = points(text, &where);
	if (n >= 0 && n <= MAX_POINTS) {
		axe_error_init(&err);
		if (axe_import_text(f, text, &where, &opts, &imp, &err) < 0) {
			fail_if_internal(&err);
		} else {
			if (!imp.layout == !imp.expr)
				abort(); /* exactly one form */
			if (imp.layout)
				check_write_back(&imp);
			axe_import_release(&imp);
		}
	}
	free(text);
	return 0;
}
