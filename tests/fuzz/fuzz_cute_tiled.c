/*
 * fuzz_cute_tiled.c: libFuzzer target for the cute-mma: and cute-copy:
 * readers of whole TiledMMA and TiledCopy dumps (src/interop/cute_tiled.c,
 * cute_tiled_tv.c, cute_tiled_ref.c).
 *
 * Every input is read as a TiledMMA dump (parts A, B, C) and as a
 * TiledCopy dump (parts S, D), the dump given as the operand's text.
 * Invariants: a refused part says why; an imported part has its shape set
 * and exactly one of the compact form and the expr: form (its translation
 * validation against the point-by-point reference passed inside).
 * Seeds: tests/fuzz/corpus/fuzz_cute_tiled (CUTLASS's own dumps).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "interop/interop.h"

static void read_part(axe_import_fn *reader, const char *text, char part)
{
	size_t n = strlen(text);
	char *operand = malloc(n + 3);
	axe_error err = { 0 };
	axe_import imp;

	if (!operand)
		return;
	memcpy(operand, text, n);
	operand[n] = ':';
	operand[n + 1] = part;
	operand[n + 2] = '\0';
	if (reader(operand, NULL, NULL, &imp, &err) < 0) {
		if (err.code == 0 || err.message[0] == '\0')
			abort(); /* refused without a reason */
	} else {
		if ((imp.layout == NULL) == (imp.expr == NULL) || imp.shape.rank != 2)
			abort();
		axe_import_release(&imp);
	}
	free(operand);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	/* Only the dump itself: text naming a file would read the fuzzer's files. */
	if (strlen(text) == size && (strncmp(text, "TiledMMA", 8) == 0 ||
				     strncmp(text, "TiledCopy", 9) == 0)) {
		for (const char *p = "ABC"; *p; p++)
			read_part(axe_cute_mma_import, text, *p);
		for (const char *p = "SD"; *p; p++)
			read_part(axe_cute_copy_import, text, *p);
	}
	free(text);
	return 0;
}
