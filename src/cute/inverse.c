/*
 * inverse.c: CuTe's right_inverse and left_inverse (CUTLASS
 * include/cute/layout.hpp; pycute layout.py).  right_inverse walks A's
 * modes in stride order and keeps each one whose stride is the reach of
 * those kept so far, with the position (prefix product of A's shape) as
 * its stride; left_inverse is the right inverse of A next to its
 * complement.
 */
#include <stdlib.h>

#include "algebra_private.h"

int axe_cute_right_inverse(const axe_cute_layout *a, axe_cute_layout *out, axe_error *err)
{
	axe_cute_flat *fa = malloc(sizeof(*fa)), *res = malloc(sizeof(*res));
	int64_t pos[AXE_CUTE_MAX_LEAVES], current = 1, p = 1;
	bool used[AXE_CUTE_MAX_LEAVES] = { false };
	axe_cute_layout raw;
	int r = -1;

	if (!fa || !res) {
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto done;
	}
	axe_cute_flat_of(a, fa);
	for (size_t i = 0; i < fa->n; i++) {
		pos[i] = p;      /* p * shape stays below size(A), which fits */
		p *= fa->shape[i];
	}
	res->n = 0;
	/*
	 * Take the next mode whose stride equals the reach so far (size-1
	 * modes never count); strides are positive here, so each pass either
	 * takes one mode and grows the reach or ends.
	 */
	for (;;) {
		size_t k = fa->n;

		/* among equal strides the smallest shape first, as pycute sorts */
		for (size_t i = 0; i < fa->n; i++)
			if (!used[i] && fa->shape[i] != 1 && fa->stride[i] == current &&
			    (k == fa->n || fa->shape[i] < fa->shape[k]))
				k = i;
		if (k == fa->n)
			break;
		used[k] = true;
		res->shape[res->n] = fa->shape[k], res->stride[res->n] = pos[k], res->n++;
		if (axe_cute_mul(fa->shape[k], fa->stride[k], &current, err) < 0)
			goto done;
	}
	if (axe_cute_flat_build(res, &raw, err) < 0)
		goto done;
	r = axe_cute_coalesce(&raw, NULL, out, NULL, err) < 0 ? -1 : 1;
	axe_cute_layout_release(&raw);
done:
	free(fa);
	free(res);
	return r;
}

int axe_cute_left_inverse(const axe_cute_layout *a, axe_cute_layout *out, axe_cute_reason *why,
			  axe_error *err)
{
	axe_cute_layout pair[2], both;
	int r;

	/* pycute's complement(layout) with its default cotarget 1 */
	r = axe_cute_complement(a, 1, &pair[1], why, err);
	if (r <= 0)
		return r;
	if (axe_cute_copy(&pair[0], a, err) < 0) {
		axe_cute_layout_release(&pair[1]);
		return -1;
	}
	if (axe_cute_make_layout(&both, pair, 2, err) < 0)
		return -1;
	r = axe_cute_right_inverse(&both, out, err) < 0 ? -1 : 1;
	axe_cute_layout_release(&both);
	return r;
}
