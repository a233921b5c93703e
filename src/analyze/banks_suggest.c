/*
 * banks_suggest.c: `banks --suggest`: the same accesses against variants of
 * the shared-memory layout, ranked.
 *
 * Variants, in this order: the hardware swizzle modes (none, 32B, 64B, 128B
 * for the tile's dtype) in place of the layout's swizzle; every other
 * Swizzle(M, B, S) that can change a bank (the B permuted bits lie in a
 * 128-byte line: M + B <= log2(128 / element bytes); the B source bits from
 * M + S up lie below the tile's highest address: others act like a smaller
 * swizzle or none); and, without a swizzle, row paddings of one element and
 * of every multiple of 4 bytes (of the element size, when wider) up to a
 * 128-byte line.  A row is the run of the logical dimension that is
 * contiguous in memory (the last one for a row-major tile), so padding by p
 * is what `T tile[R][C + p]` does: every stride that is a multiple of the
 * row length R grows by p per row; the padded layout is checked against
 * pad(a) = a + p * floor(a / R) on every element.
 *
 * Several accesses of one tile (a writer and its readers) are ranked
 * together: a candidate is possible when each access is, and its
 * wavefronts, instructions and conflicts are their sums.
 *
 * Ranking: fewest wavefronts, then least extra memory, then fewest
 * instructions (wider vectors), then one the hardware copies and reads (a
 * TMA tensor map writes, and a wgmma/UMMA shared-memory descriptor reads,
 * only the modes none, 32B, 64B and 128B: a TMA box lands densely, so padded
 * rows and other swizzles need copies by threads), then the smallest base
 * alignment, then the order above.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "../core/dtype.h"
#include "banks.h"

static const char *const modes[] = { "none", "32B", "64B", "128B" };

#define NMODES 4
#define LINE_BYTES 128 /* one phase's worth of banks: 32 banks of 4 bytes */

_Static_assert(sizeof(((axe_bank_candidate *)0)->why_not) == sizeof(((axe_error *)0)->message),
	       "why_not holds a whole error message");

/* A new zeroed candidate at the end of "s", or NULL on no memory. */
static axe_bank_candidate *push(axe_bank_suggestion *s)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		axe_bank_candidate *c = realloc(s->c, cap * sizeof(*c));
		if (!c)
			return NULL;
		s->c = c;
		s->cap = cap;
	}
	memset(&s->c[s->n], 0, sizeof(s->c[0]));
	return &s->c[s->n++];
}

/* log2 of "v", a power of two. */
static int log2_exact(int64_t v)
{
	int k = 0;

	while (((int64_t)1 << k) < v)
		k++;
	return k;
}

/* Add "r" of access "k" to the totals of "c". */
static void add_access(axe_bank_candidate *c, size_t k, const axe_bank_result *r)
{
	/* Bounded: each total is at most AXE_BANK_MAX_SLOTS instructions of 4 phases of 32. */
	c->total.instructions += r->total.instructions;
	c->total.wavefronts += r->total.wavefronts;
	c->total.ideal += r->total.ideal;
	c->total.conflicts += r->total.conflicts;
	if (r->total.max_way > c->total.max_way)
		c->total.max_way = r->total.max_way;
	if (k == 0 || r->phasing.lane_bytes < c->vector_bytes)
		c->vector_bytes = r->phasing.lane_bytes;
	c->access_wavefronts[k] = r->total.wavefronts;
}

/* Evaluate candidate "c" (its layout set) for the accesses "p[0..n)": possible, or why not. */
static void evaluate(axe_bank_candidate *c, const axe_bank_plan *p, size_t n,
		     const axe_bank_tile *cur)
{
	axe_bank_tile t;
	axe_bank_result r;
	axe_error err;
	int64_t lo, hi, lo0, hi0;
	int m = axe_layout_axis_index(c->layout, "m"), m0 = axe_layout_axis_index(cur->layout, "m");
	size_t k = 0;

	axe_error_init(&err);
	c->base_alignment = axe_bank_base_alignment(&c->layout->swizzle, cur->elem_bytes);
	c->naccesses = n;
	if (axe_bank_tile_init(&t, c->layout, &cur->shape, cur->dtype, NULL, 0, &err) < 0)
		goto impossible;
	for (; k < n; k++) {
		if (axe_bank_analyze(&p[k], &t, NULL, &r, &err) < 0)
			goto impossible;
		add_access(c, k, &r);
		axe_bank_result_release(&r);
	}
	c->possible = true;
	if (m >= 0 && m0 >= 0) {
		/* The buffer holds the highest swizzled address. */
		axe_layout_image_range(c->layout, m, &lo, &hi);
		axe_layout_image_range(cur->layout, m0, &lo0, &hi0);
		c->extra_bytes = (hi - hi0) * cur->elem_bytes;
	}
	axe_bank_tile_release(&t);
	return;
impossible:
	axe_bank_tile_release(&t);
	if (n > 1) /* which access it is not possible for */
		snprintf(c->why_not, sizeof(c->why_not), "access %zu: %.480s", k + 1, err.message);
	else
		memcpy(c->why_not, err.message, sizeof(c->why_not));
}

/* The logical dimension whose unit step moves the address by one element, or -1. */
static int contiguous_dim(const axe_bank_tile *t)
{
	int64_t step = 1;

	for (size_t d = t->shape.rank; d-- > 0;) {
		if (t->shape.dim[d] > 1 && t->pre[step] - t->pre[0] == 1)
			return (int)d;
		step *= t->shape.dim[d];
	}
	return -1;
}

/*
 * "smem" without its swizzle and with "pad" elements after every "row"
 * elements; NULL when the strides do not allow it or on overflow.
 */
static axe_layout *padded(const axe_bank_tile *t, int64_t row, int64_t pad)
{
	axe_layout *L = axe_layout_dup(t->layout);
	axe_error err;
	int m;

	if (!L)
		return NULL;
	L->swizzle.present = false;
	m = axe_layout_axis_index(L, "m");
	for (size_t i = 0; m >= 0 && i < L->nshard; i++) {
		int64_t s = L->shard[i].stride, grow;
		if (axe_abs64(s) < row)
			continue;
		if (s % row || axe_mul_ovf(pad, s / row, &grow) ||
		    axe_add_ovf(s, grow, &L->shard[i].stride))
			goto fail;
	}
	if (m >= 0 && (L->offset[m] % row || axe_add_ovf(L->offset[m], pad * (L->offset[m] / row),
							 &L->offset[m])))
		goto fail;
	axe_error_init(&err);
	if (axe_layout_validate(L, NULL, 0, &err) < 0)
		goto fail;
	return L;
fail:
	axe_layout_free(L);
	return NULL;
}

/* True when "L" puts every element of "t" at pad(a) = a + pad * floor(a / row). */
static bool pads_rows(const axe_bank_tile *t, const axe_layout *L, int64_t row, int64_t pad)
{
	axe_bank_tile u;
	axe_error err;
	bool ok = true;

	axe_error_init(&err);
	if (axe_bank_tile_init(&u, L, &t->shape, t->dtype, NULL, 0, &err) < 0)
		return false;
	for (int64_t f = 0; ok && f < t->npoints; f++)
		ok = u.pre[f] == t->pre[f] + pad * (t->pre[f] / row);
	axe_bank_tile_release(&u);
	return ok;
}

/*
 * Add the padding candidates of "t" to "s" (one element, then every multiple
 * of 4 bytes, or of the element when wider, up to a line), or say in "s" why
 * there are none.  0 or -1 (no memory).
 */
static int add_paddings(axe_bank_suggestion *s, const axe_bank_tile *t)
{
	int64_t step = t->elem_bytes >= 4 ? 1 : 4 / t->elem_bytes, row, last = 0;
	int d = contiguous_dim(t);

	if (d < 0) {
		snprintf(s->padding_why, sizeof(s->padding_why),
			 "no logical dimension is contiguous in shared memory");
		return 0;
	}
	row = t->shape.dim[d];
	if (row == t->npoints) {
		snprintf(s->padding_why, sizeof(s->padding_why), "the tile is a single row");
		return 0;
	}
	s->padding_tried = true;
	for (int64_t amount = 1; amount * t->elem_bytes <= LINE_BYTES;
	     amount = amount < step ? step : amount + step) {
		axe_bank_candidate *c;
		axe_layout *L = padded(t, row, amount);
		if (L && !pads_rows(t, L, row, amount)) {
			axe_layout_free(L);
			L = NULL;
		}
		if (!L && last == 0) {
			/* Strides that do not allow one element of padding allow none. */
			snprintf(s->padding_why, sizeof(s->padding_why), "padding needs every stride "
				 "of a row (%lld elements) or more to be a multiple of it", (long long)row);
			s->padding_tried = false;
			return 0;
		}
		last = amount;
		if (!L)
			continue;
		if (!(c = push(s))) {
			axe_layout_free(L);
			return -1;
		}
		c->padding = amount;
		c->layout = L;
		snprintf(c->name, sizeof(c->name), "pad %lld", (long long)amount);
	}
	return 0;
}

/*
 * The rank order of two evaluated candidates (see the file comment): < 0
 * when "a" comes first; the key that decided into "*by" (AXE_BANK_BY_ORDER
 * when they tie).
 */
static int compare(const axe_bank_candidate *a, const axe_bank_candidate *b,
		   axe_bank_reason *by)
{
	int64_t key_a[6] = { !a->possible, a->total.wavefronts, a->extra_bytes,
			     a->total.instructions, !a->hardware, a->base_alignment };
	int64_t key_b[6] = { !b->possible, b->total.wavefronts, b->extra_bytes,
			     b->total.instructions, !b->hardware, b->base_alignment };
	static const axe_bank_reason reasons[6] = {
		AXE_BANK_BY_POSSIBLE, AXE_BANK_BY_WAVEFRONTS, AXE_BANK_BY_MEMORY,
		AXE_BANK_BY_INSTRUCTIONS, AXE_BANK_BY_HARDWARE, AXE_BANK_BY_ALIGNMENT,
	};

	for (int k = 0; k < 6; k++)
		if (key_a[k] != key_b[k]) {
			*by = reasons[k];
			return key_a[k] < key_b[k] ? -1 : 1;
		}
	*by = AXE_BANK_BY_ORDER;
	return 0;
}

/* Add a candidate: "t"'s layout with swizzle "sw" named "name"; 0 or -1. */
static int add_swizzle(axe_bank_suggestion *s, const axe_bank_tile *t, const axe_swizzle *sw,
		       const char *name, bool hardware)
{
	axe_bank_candidate *c = push(s);

	if (!c || !(c->layout = axe_layout_dup(t->layout)))
		return -1;
	c->layout->swizzle = *sw;
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->hardware = hardware;
	c->current = axe_layout_identical(c->layout, t->layout);
	return 0;
}

/* Bits of the highest (unswizzled) address of "t": every address is below 2^bits. */
static int address_bits(const axe_bank_tile *t)
{
	int64_t hi = 0;
	int bits = 0;

	for (int64_t f = 0; f < t->npoints; f++)
		hi = t->pre[f] > hi ? t->pre[f] : hi;
	while (bits < 62 && ((int64_t)1 << bits) <= hi)
		bits++;
	return bits;
}

/*
 * Add the hardware modes, then every other swizzle that can change a bank
 * (see the file comment), then the current layout when it is none of them.
 */
static int add_swizzles(axe_bank_suggestion *s, const axe_bank_tile *t)
{
	int line = log2_exact(LINE_BYTES / t->elem_bytes), bits = address_bits(t);
	bool matched = false;
	char name[48];

	for (int k = 0; k < NMODES; k++) {
		axe_swizzle sw = { 0 };
		axe_swizzle_preset(modes[k], t->dtype, &sw);
		if (add_swizzle(s, t, &sw, modes[k], true) < 0)
			return -1;
		matched |= s->c[s->n - 1].current;
	}
	/* Coarser units first: at equal cost they split fewer vectors. */
	for (int m = line - 1; m >= 0; m--)
		for (int b = 1; m + b <= line; b++)
			for (int a = b; m + a + b <= bits && m + a + b <= AXE_SWIZZLE_MAX_BITS; a++) {
				axe_swizzle sw = { true, m, b, a };
				if (axe_swizzle_preset_name(&sw, t->dtype))
					continue; /* a hardware mode, added above */
				snprintf(name, sizeof(name), "Swizzle(%d,%d,%d)", m, b, a);
				if (add_swizzle(s, t, &sw, name, false) < 0)
					return -1;
				matched |= s->c[s->n - 1].current;
			}
	if (!matched) {
		axe_bank_candidate *c = push(s);
		if (!c || !(c->layout = axe_layout_dup(t->layout)))
			return -1;
		snprintf(c->name, sizeof(c->name), "current");
		c->current = true;
		c->hardware = !t->layout->swizzle.present ||
			      axe_swizzle_preset_name(&t->layout->swizzle, t->dtype) != NULL;
	}
	return 0;
}

int axe_bank_suggest(const axe_bank_plan *p, const axe_bank_tile *t, axe_bank_suggestion *s,
		     axe_error *err)
{
	return axe_bank_suggest_all(p, 1, t, s, err);
}

int axe_bank_suggest_all(const axe_bank_plan *p, size_t n, const axe_bank_tile *t,
			 axe_bank_suggestion *s, axe_error *err)
{
	assert(n >= 1 && n <= AXE_BANK_MAX_ACCESSES);
	memset(s, 0, sizeof(*s));
	/* Candidates rewrite the layout's swizzle and row stride, which a map has not. */
	if (t->from_source)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "--suggest tries other swizzles "
				     "and row paddings of the tile's S/R/O layout; this tile is an "
				     "expr: layout, whose addresses have no swizzle or strides to "
				     "change");
	if (add_swizzles(s, t) < 0 || add_paddings(s, t) < 0) {
		axe_bank_suggestion_release(s);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	for (size_t i = 0; i < s->n; i++)
		evaluate(&s->c[i], p, n, t);
	/* Insertion sort: stable, so candidates of equal cost keep the order above. */
	for (size_t i = 1; i < s->n; i++)
		for (size_t j = i; j > 0 && compare(&s->c[j - 1], &s->c[j], &s->decided_by) > 0; j--) {
			axe_bank_candidate x = s->c[j];
			s->c[j] = s->c[j - 1];
			s->c[j - 1] = x;
		}
	s->decided_by = AXE_BANK_BY_ONLY;
	if (s->n > 1 && s->c[1].possible)
		compare(&s->c[0], &s->c[1], &s->decided_by);
	return 0;
}

void axe_bank_suggestion_release(axe_bank_suggestion *s)
{
	for (size_t i = 0; s->c && i < s->n; i++)
		axe_layout_free(s->c[i].layout);
	free(s->c);
	s->c = NULL;
	s->n = s->cap = 0;
}

bool axe_bank_candidate_shown(const axe_bank_suggestion *s, size_t i)
{
	const axe_bank_candidate *c = &s->c[i];

	return i < AXE_BANK_SUGGEST_SHOWN || c->current ||
	       (c->hardware && c->padding == 0 && c->possible);
}
