/*
 * digits.h: mixed-radix digit lists of a domain [0, size) and their common
 * refinement, for proofs that check a map at one point per digit instead
 * of every point (digits.c holds the argument).
 *
 * A radix list r_1, ..., r_k (innermost first, product "size") splits a
 * point p into digits d_i(p) = floor(p / w_i) mod r_i, w_1 = 1 and
 * w_{i+1} = w_i r_i.  An axe_digits keeps the weights of several lists
 * together, ascending; they form a common refinement of the lists when
 * each weight divides the next (axe_digits_chain).
 */
#ifndef AXE_CORE_DIGITS_H
#define AXE_CORE_DIGITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define AXE_DIGITS_MAX 1024 /* weights one refinement keeps; more: no argument */

typedef struct axe_digits {
	int64_t size;                   /* the domain [0, size), size >= 1 */
	size_t n;                       /* weights below size, ascending; weight[0] = 1 */
	int64_t weight[AXE_DIGITS_MAX];
	bool overflow;                  /* a weight left int64 or the table */
} axe_digits;

void axe_digits_init(axe_digits *d, int64_t size);

/* Add the weight "w" (ignored unless 1 < w < size). */
void axe_digits_add_weight(axe_digits *d, int64_t w);

/* Add the weights of the radix list "radix" ("n" radices, innermost first). */
void axe_digits_add_radices(axe_digits *d, const int64_t *radix, size_t n);

/*
 * True when the weights are a refinement of every list added: each divides
 * the next and the last divides "size" (and none overflowed).  Then a map
 * affine in the digits of any added list is affine in these digits, and
 * is known from its values at 0 and at each weight (digits.c).
 */
bool axe_digits_chain(const axe_digits *d);

/* The radix of digit "k": the next weight (or size) over weight[k]. */
int64_t axe_digits_radix(const axe_digits *d, size_t k);

#endif
