/*
 * arith.c: integer helpers that are not worth inlining.
 */
#include "arith.h"

int64_t axe_gcd(int64_t a, int64_t b)
{
	a = axe_abs64(a);
	b = axe_abs64(b);
	while (b != 0) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}
