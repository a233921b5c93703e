/*
 * fuzz_cute_algebra.c: libFuzzer target for CuTe's layout algebra
 * (src/cute/: the tiler reader and every operation with its proof).
 *
 * Input: a CuTe layout A on the first line and a tiler (`<B0,...>` or one
 * layout) on the second.  Every operation runs on small operands.
 * Invariants:
 *  - each operation answers 1, 0 with a reason, or -1 with a message;
 *  - coalesce, filter and right_inverse are exact: whenever they answer,
 *    their results pass their proofs (composition, divides and products may
 *    be refused by their proofs: CuTe's weak conditions let some through);
 *  - a rejected tiler says why.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cute/algebra.h"

#define MAX_POINTS 4096 /* proofs enumerate every point: keep runs fast */

/* "r" is a well-formed answer of an operation. */
static void check_answer(int r, const axe_cute_reason *why, const axe_error *err)
{
	if (r < -1 || r > 1 || (r == 0 && why->text[0] == '\0') ||
	    (r < 0 && err->message[0] == '\0'))
		abort();
}

typedef int prove_fn(const axe_cute_layout *a, const axe_cute_layout *r, char *what,
		     size_t what_size, axe_cute_reason *why, axe_error *err);

/* An exact operation's result passes its proof. */
static void must_prove(prove_fn *prove, const axe_cute_layout *a, const axe_cute_layout *r)
{
	axe_cute_reason why = { "" };
	axe_error err;

	axe_error_init(&err);
	if (prove(a, r, NULL, 0, &why, &err) != 1)
		abort();
}

static void run_exact(const axe_cute_layout *a)
{
	axe_cute_layout r;
	axe_cute_reason why = { "x" };
	axe_error err;

	axe_error_init(&err);
	if (axe_cute_coalesce(a, NULL, &r, &why, &err) == 1) {
		must_prove(axe_cute_prove_same_map, a, &r);
		axe_cute_layout_release(&r);
	}
	if (axe_cute_filter(a, &r, &err) == 0) {
		must_prove(axe_cute_prove_filter, a, &r);
		axe_cute_layout_release(&r);
	}
	if (axe_cute_right_inverse(a, &r, &err) == 1) {
		must_prove(axe_cute_prove_right_inverse, a, &r);
		axe_cute_layout_release(&r);
	}
}

static void run_tiler(const axe_cute_layout *a, const axe_cute_tiler *t)
{
	static const axe_cute_kind kinds[] = { AXE_CUTE_LOGICAL, AXE_CUTE_ZIPPED, AXE_CUTE_TILED,
					       AXE_CUTE_FLAT, AXE_CUTE_BLOCKED, AXE_CUTE_RAKED };
	axe_cute_layout r;
	axe_cute_reason why = { "" };
	axe_error err;
	int rc;

	axe_error_init(&err);
	rc = axe_cute_compose_tiler(a, t, &r, &why, &err);
	check_answer(rc, &why, &err);
	if (rc == 1) {
		check_answer(axe_cute_prove_compose(a, t, &r, NULL, 0, &why, &err), &why, &err);
		axe_cute_layout_release(&r);
	}
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		axe_error_init(&err), why.text[0] = '\0';
		if (k < 4) {
			rc = axe_cute_divide(a, t, kinds[k], &r, &why, &err);
			check_answer(rc, &why, &err);
			if (rc == 1) {
				check_answer(axe_cute_prove_divide(a, t, kinds[k], &r, NULL, 0, &why,
								   &err), &why, &err);
				axe_cute_layout_release(&r);
			}
		}
		axe_error_init(&err), why.text[0] = '\0';
		rc = axe_cute_product(a, t, kinds[k], &r, &why, &err);
		check_answer(rc, &why, &err);
		if (rc == 1) {
			check_answer(axe_cute_prove_product(a, t, kinds[k], &r, NULL, 0, &why, &err),
				     &why, &err);
			axe_cute_layout_release(&r);
		}
	}
}

/* Every layout of "t" is small enough to prove against. */
static bool small_tiler(const axe_cute_tiler *t)
{
	for (size_t i = 0; i < (t->n ? t->n : 1); i++)
		if (axe_cute_layout_size(&t->mode[i]) > MAX_POINTS ||
		    axe_cute_layout_cosize(&t->mode[i]) > MAX_POINTS ||
		    axe_cute_layout_cosize(&t->mode[i]) < -MAX_POINTS)
			return false;
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *nl;
	axe_cute_composed a;
	axe_cute_tiler t;
	axe_error err;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	nl = strchr(text, '\n');
	if (nl)
		*nl = '\0';
	axe_error_init(&err);
	if (axe_cute_parse(text, NULL, &a, &err) == 0) {
		if (axe_cute_layout_size(&a.layout) <= MAX_POINTS &&
		    axe_cute_layout_cosize(&a.layout) <= MAX_POINTS &&
		    axe_cute_layout_cosize(&a.layout) >= -MAX_POINTS) {
			run_exact(&a.layout);
			axe_error_init(&err);
			if (nl && axe_cute_tiler_parse(nl + 1, NULL, &t, &err) == 0) {
				if (small_tiler(&t))
					run_tiler(&a.layout, &t);
				axe_cute_tiler_release(&t);
			} else if (nl && err.message[0] == '\0') {
				abort();
			}
		}
		axe_cute_composed_release(&a);
	}
	free(text);
	return 0;
}
