/*
 * random_layout.h: seeded random layouts for the property tests (style.md
 * section 8), shared by every tests/prop/prop_*.c file.
 *
 * - prop_rng: splitmix64, so that one 64-bit seed replays a whole case;
 * - prop_base_seed / prop_case_seed / prop_scale: the AXE_SEED and
 *   AXE_PROP_SCALE knobs (AXE_SEED=<printed seed> makes the failing case the
 *   first case of the run);
 * - prop_random_layout: a small valid layout built through core/layout.h,
 *   with signed strides (0 and negative included), several iters per axis,
 *   optional replica iters, offsets (also on an axis nothing else names)
 *   and swizzle (then every term is on m, as the parser demands);
 * - prop_random_shape: an admitted shape, a random factorisation of the size.
 *
 * Domains are kept small (size, replica points) so that a property can be
 * checked by exhaustive enumeration.
 */
#ifndef AXE_TESTS_PROP_RANDOM_LAYOUT_H
#define AXE_TESTS_PROP_RANDOM_LAYOUT_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/layout.h"

/* ------------------------------------------------------------------ RNG -- */

typedef struct prop_rng {
	uint64_t state;
} prop_rng;

#define PROP_GOLDEN UINT64_C(0x9E3779B97F4A7C15)

static inline prop_rng prop_rng_seeded(uint64_t seed)
{
	return (prop_rng){ seed };
}

/* splitmix64 (Steele, Lea, Flood 2014): the next 64 random bits. */
static inline uint64_t prop_rng_next(prop_rng *rng)
{
	uint64_t z = (rng->state += PROP_GOLDEN);

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* Uniform in [lo, hi]; the ranges used here are tiny, so modulo bias is nil. */
static inline int64_t prop_rng_range(prop_rng *rng, int64_t lo, int64_t hi)
{
	uint64_t width = (uint64_t)(hi - lo) + 1;

	return lo + (int64_t)(prop_rng_next(rng) % width);
}

/* True with probability "percent" / 100. */
static inline bool prop_rng_chance(prop_rng *rng, int percent)
{
	return prop_rng_range(rng, 0, 99) < percent;
}

/* ---------------------------------------------------------- seed, scale -- */

#define PROP_DEFAULT_SEED UINT64_C(20250611)

/* A decimal environment variable "name", or "fallback" when unset. */
static inline uint64_t prop_env_u64(const char *name, uint64_t fallback)
{
	const char *text = getenv(name);
	char *end;
	uint64_t v;

	if (!text || !*text)
		return fallback;
	v = strtoull(text, &end, 10);
	if (*end != '\0' || text[0] == '-') {
		/* A typo must not silently replay some other case. */
		fprintf(stderr, "%s must be a non-negative decimal integer, not '%s'\n", name,
			text);
		exit(2);
	}
	return v;
}

/* The base seed of the run: AXE_SEED, or a fixed default. */
static inline uint64_t prop_base_seed(void)
{
	return prop_env_u64("AXE_SEED", PROP_DEFAULT_SEED);
}

/* The iteration multiplier: AXE_PROP_SCALE (`make soak`), at least 1. */
static inline int64_t prop_scale(void)
{
	uint64_t s = prop_env_u64("AXE_PROP_SCALE", 1);

	return s ? (int64_t)s : 1;
}

/*
 * The seed of case "i" of a run based on "base".  Case 0 has seed "base", so
 * AXE_SEED=<the seed a failure printed> replays that case first.
 */
static inline uint64_t prop_case_seed(uint64_t base, int64_t i)
{
	return base + (uint64_t)i * PROP_GOLDEN;
}

/* --------------------------------------------------------- parameters -- */

typedef struct prop_layout_params {
	int max_iters;              /* shard iters: 1..max_iters */
	int64_t max_extent;         /* extents: 1..max_extent */
	int64_t max_size;           /* cap on the shard size (domain points) */
	int64_t max_stride;         /* |stride| of a free-form stride */
	const char *const *axes;    /* axis pool (first 8 used); swizzled layouts use only "m" */
	size_t naxes;
	int unit_extent_percent;    /* chance an extent is forced to 1 */
	int compact_percent;        /* chance a stride lies beyond its axis' reach */
	int zero_stride_percent;    /* chance a stride is 0 (broadcast) */
	int negative_percent;       /* chance a stride is negated */
	int replica_percent;        /* chance of a replica term */
	int max_replica_iters;
	int64_t max_replica_points; /* cap on the product of the replica extents */
	int offset_percent;         /* chance of offset terms */
	int max_offsets;            /* offset terms (several may hit one axis) */
	int64_t max_offset;         /* |offset| */
	int swizzle_percent;        /* chance of a swizzle */
	int max_rank;               /* admitted shapes have 1..max_rank dims */
	int default_shape_percent;  /* chance of the default shape (shard extents) */
} prop_layout_params;

static const char *const prop_default_axes[] = { "m", "laneid", "warpid", "x" };

/* Parameters for exhaustive checks: at most 4096 points, 16 replica points. */
static inline prop_layout_params prop_layout_params_default(void)
{
	return (prop_layout_params){
		.max_iters = 6,
		.max_extent = 8,
		.max_size = 4096,
		.max_stride = 12,
		.axes = prop_default_axes,
		.naxes = sizeof(prop_default_axes) / sizeof(prop_default_axes[0]),
		.unit_extent_percent = 10,
		.compact_percent = 55,
		.zero_stride_percent = 8,
		.negative_percent = 25,
		.replica_percent = 40,
		.max_replica_iters = 3,
		.max_replica_points = 16,
		.offset_percent = 50,
		.max_offsets = 3,
		.max_offset = 20,
		.swizzle_percent = 20,
		.max_rank = 4,
		.default_shape_percent = 25,
	};
}

/* ---------------------------------------------------------- generator -- */

/*
 * The generator builds iters innermost first, tracking per axis the reach
 * 1 + sum (e-1)|s| of the iters chosen so far: a "compact" stride of that
 * reach (or twice it) keeps the axis separable and injective, which is how
 * real layouts look; a free-form stride makes collisions and non-separable
 * axes, which exercise the search paths.
 */
typedef struct prop_axis_pool {
	const char *const *name;
	size_t n;
	int64_t reach[8]; /* per pool axis: only the first 8 axes of a pool are used */
} prop_axis_pool;

/* A stride for an iter of extent "extent" on pool axis "a". */
static inline int64_t prop_random_stride(prop_rng *rng, const prop_layout_params *p,
					 prop_axis_pool *pool, size_t a, int64_t extent)
{
	int64_t s;

	if (prop_rng_chance(rng, p->zero_stride_percent))
		s = 0;
	else if (prop_rng_chance(rng, p->compact_percent))
		s = pool->reach[a] * prop_rng_range(rng, 1, 2);
	else
		s = prop_rng_range(rng, 1, p->max_stride);
	if (prop_rng_chance(rng, p->negative_percent))
		s = -s;
	pool->reach[a] += (extent - 1) * (s < 0 ? -s : s);
	return s;
}

/* An extent in [1, min(max_extent, budget)]. */
static inline int64_t prop_random_extent(prop_rng *rng, const prop_layout_params *p,
					 int64_t budget)
{
	int64_t hi = p->max_extent < budget ? p->max_extent : budget;

	if (hi <= 1 || prop_rng_chance(rng, p->unit_extent_percent))
		return 1;
	return prop_rng_range(rng, 2, hi);
}

/*
 * Append "n" random iters to the shard (or the replica) of "L", whose extents
 * multiply to at most "budget".  Chosen innermost first, pushed outermost
 * first.  0 or -1 (no memory).
 */
static inline int prop_push_random_iters(prop_rng *rng, const prop_layout_params *p,
					 prop_axis_pool *pool, axe_layout *L, bool replica,
					 int n, int64_t budget)
{
	int64_t extent[16], stride[16];
	size_t axis[16];

	if (n > 16)
		n = 16;
	for (int i = 0; i < n; i++) {
		axis[i] = (size_t)prop_rng_range(rng, 0, (int64_t)pool->n - 1);
		extent[i] = prop_random_extent(rng, p, budget);
		budget /= extent[i];
		stride[i] = prop_random_stride(rng, p, pool, axis[i], extent[i]);
	}
	for (int i = n; i-- > 0;) {
		int a = axe_layout_intern_axis(L, pool->name[axis[i]]);
		int r = a < 0 ? -1
		      : replica ? axe_layout_push_replica(L, extent[i], stride[i], a)
				: axe_layout_push_shard(L, extent[i], stride[i], a);
		if (r < 0)
			return -1;
	}
	return 0;
}

/* Offset terms on random pool axes; 0 or -1. */
static inline int prop_add_random_offsets(prop_rng *rng, const prop_layout_params *p,
					  const prop_axis_pool *pool, axe_layout *L)
{
	int n = (int)prop_rng_range(rng, 1, p->max_offsets);

	for (int i = 0; i < n; i++) {
		size_t a = (size_t)prop_rng_range(rng, 0, (int64_t)pool->n - 1);
		int ax = axe_layout_intern_axis(L, pool->name[a]);
		if (ax < 0 || axe_layout_add_offset(L, ax,
				prop_rng_range(rng, -p->max_offset, p->max_offset)) < 0)
			return -1;
	}
	return 0;
}

/*
 * Swizzle(M, B, S) with S >= B, small enough to permute the low addresses
 * these layouts reach (B = 0 is the identity with the swizzle code path on).
 */
static inline axe_swizzle prop_random_swizzle(prop_rng *rng)
{
	int len = (int)prop_rng_range(rng, 0, 3);

	return (axe_swizzle){ true, (int)prop_rng_range(rng, 0, 2), len,
			      len + (int)prop_rng_range(rng, 0, 2) };
}

/*
 * A random valid layout under "p", or NULL when out of memory (the values
 * are far too small to overflow, so validation never fails).  The caller
 * frees it with axe_layout_free.
 */
static inline axe_layout *prop_random_layout(prop_rng *rng, const prop_layout_params *p)
{
	static const char *const m_only[] = { "m" };
	bool swizzled = prop_rng_chance(rng, p->swizzle_percent);
	prop_axis_pool pool = { swizzled ? m_only : p->axes, swizzled ? 1 : p->naxes, { 0 } };
	axe_layout *L = axe_layout_new();
	int nshard = (int)prop_rng_range(rng, 1, p->max_iters);

	if (pool.n > sizeof(pool.reach) / sizeof(pool.reach[0]))
		pool.n = sizeof(pool.reach) / sizeof(pool.reach[0]);
	for (size_t a = 0; a < pool.n; a++)
		pool.reach[a] = 1;
	if (!L || prop_push_random_iters(rng, p, &pool, L, false, nshard, p->max_size) < 0)
		goto error;
	if (p->max_replica_iters > 0 && prop_rng_chance(rng, p->replica_percent) &&
	    prop_push_random_iters(rng, p, &pool, L, true,
				   (int)prop_rng_range(rng, 1, p->max_replica_iters),
				   p->max_replica_points) < 0)
		goto error;
	if (prop_rng_chance(rng, p->offset_percent) &&
	    prop_add_random_offsets(rng, p, &pool, L) < 0)
		goto error;
	if (swizzled)
		L->swizzle = prop_random_swizzle(rng);
	axe_layout_order_axes(L);
	if (axe_layout_validate(L, NULL, 0, NULL) < 0)
		goto error;
	return L;
error:
	axe_layout_free(L);
	return NULL;
}

/* A uniformly chosen divisor of "n" (n >= 1). */
static inline int64_t prop_random_divisor(prop_rng *rng, int64_t n)
{
	int64_t count = 0, pick;

	for (int64_t d = 1; d <= n; d++)
		count += n % d == 0;
	pick = prop_rng_range(rng, 0, count - 1);
	for (int64_t d = 1; d <= n; d++)
		if (n % d == 0 && pick-- == 0)
			return d;
	return n;
}

/*
 * An admitted shape of "L" into "shape": its default shape, or the shard
 * size split into 1..max_rank random factors (extent-1 dims included).
 */
static inline void prop_random_shape(prop_rng *rng, const prop_layout_params *p,
				     const axe_layout *L, axe_shape *shape)
{
	int64_t rest = 1;
	int max_rank = p->max_rank < AXE_MAX_RANK ? p->max_rank : AXE_MAX_RANK;

	if (L->nshard <= AXE_MAX_RANK && prop_rng_chance(rng, p->default_shape_percent)) {
		axe_layout_default_shape(L, shape);
		return;
	}
	for (size_t i = 0; i < L->nshard; i++)
		rest *= L->shard[i].extent;
	shape->rank = (size_t)prop_rng_range(rng, 1, max_rank > 0 ? max_rank : 1);
	for (size_t d = 0; d + 1 < shape->rank; d++) {
		shape->dim[d] = prop_random_divisor(rng, rest);
		rest /= shape->dim[d];
	}
	shape->dim[shape->rank - 1] = rest;
}

/* "(d0, d1, ...)" of "shape" into "out" ("size" bytes). */
static inline void prop_shape_text(const axe_shape *shape, char *out, size_t size)
{
	size_t used = (size_t)snprintf(out, size, "(");

	for (size_t d = 0; d < shape->rank && used < size; d++)
		used += (size_t)snprintf(out + used, size - used, "%s%" PRId64, d ? ", " : "",
					 shape->dim[d]);
	if (used < size)
		snprintf(out + used, size - used, ")");
}

#endif
