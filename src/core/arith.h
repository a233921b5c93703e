/*
 * arith.h: overflow-checked signed 64-bit arithmetic and floor division.
 *
 * Every product and sum the tool forms from user input goes through these, so
 * that overflow is reported as an input error instead of wrapping.
 */
#ifndef AXE_CORE_ARITH_H
#define AXE_CORE_ARITH_H

#include <stdbool.h>
#include <stdint.h>

/* Return true when "a" op "b" overflows; otherwise store the result in "r". */
static inline bool axe_add_ovf(int64_t a, int64_t b, int64_t *r)
{
	return __builtin_add_overflow(a, b, r);
}

static inline bool axe_sub_ovf(int64_t a, int64_t b, int64_t *r)
{
	return __builtin_sub_overflow(a, b, r);
}

static inline bool axe_mul_ovf(int64_t a, int64_t b, int64_t *r)
{
	return __builtin_mul_overflow(a, b, r);
}

/* Floor division and the modulo that takes the divisor's sign (Python's). */
static inline int64_t axe_floordiv(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static inline int64_t axe_floormod(int64_t a, int64_t b)
{
	int64_t r = a % b;
	return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

static inline int64_t axe_abs64(int64_t a)
{
	return a < 0 ? -a : a;
}

int64_t axe_gcd(int64_t a, int64_t b);

#endif
