/*
 * banks_suggest.c: `banks --suggest`: the same accesses against variants of
 * the shared-memory layout, ranked.
 *
 * Variants: each swizzle preset (none, 32B, 64B, 128B for the tile's dtype)
 * in place of the layout's swizzle, and, without a swizzle, row padding of
 * 1 element and of 4, 8 and 16 bytes (distinct amounts only).  A row is the
 * run of the logical dimension that is contiguous in memory (the last one
 * for a row-major tile), so padding by p is what `T tile[R][C + p]` does:
 * every stride that is a multiple of the row length R grows by p per row;
 * the padded layout is checked against pad(a) = a + p * floor(a / R) on
 * every element.  Ranking: fewest wavefronts, then fewest instructions
 * (wider vectors), then least extra memory, then the smallest base
 * alignment, then the order above.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "../core/dtype.h"
#include "banks.h"

static const char *const modes[] = { "none", "32B", "64B", "128B" };

#define NMODES 4

_Static_assert(sizeof(((axe_bank_candidate *)0)->why_not) == sizeof(((axe_error *)0)->message),
	       "why_not holds a whole error message");
#define MAX_CANDIDATES (NMODES + 5)

/* Evaluate candidate "c" (its layout set): possible, or why not. */
static void evaluate(axe_bank_candidate *c, const axe_bank_plan *p, const axe_bank_tile *cur)
{
	axe_bank_tile t;
	axe_bank_result r;
	axe_error err;
	int64_t lo, hi, lo0, hi0;
	int m = axe_layout_axis_index(c->layout, "m"), m0 = axe_layout_axis_index(cur->layout, "m");

	axe_error_init(&err);
	c->base_alignment = axe_bank_base_alignment(&c->layout->swizzle, cur->elem_bytes);
	if (axe_bank_tile_init(&t, c->layout, &cur->shape, cur->dtype, NULL, 0, &err) < 0 ||
	    axe_bank_analyze(p, &t, NULL, &r, &err) < 0) {
		axe_bank_tile_release(&t);
		memcpy(c->why_not, err.message, sizeof(c->why_not));
		return;
	}
	c->possible = true;
	c->total = r.total;
	c->vector_bytes = r.phasing.lane_bytes;
	if (m >= 0 && m0 >= 0) {
		/* The buffer holds the highest swizzled address. */
		axe_layout_image_range(c->layout, m, &lo, &hi);
		axe_layout_image_range(cur->layout, m0, &lo0, &hi0);
		c->extra_bytes = (hi - hi0) * cur->elem_bytes;
	}
	axe_bank_result_release(&r);
	axe_bank_tile_release(&t);
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

/* Add the padding candidates of "t" to "s", or say in "s" why there are none. */
static int add_paddings(axe_bank_suggestion *s, const axe_bank_tile *t)
{
	int64_t amounts[4] = { 1, 4 / t->elem_bytes, 8 / t->elem_bytes, 16 / t->elem_bytes }, row;
	int64_t last = 0; /* the amount tried last: the list may repeat for wide elements */
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
	for (int k = 0; k < 4; k++) {
		axe_bank_candidate *c = &s->c[s->n];
		if (amounts[k] <= last)
			continue;
		last = amounts[k];
		memset(c, 0, sizeof(*c));
		c->padding = amounts[k];
		snprintf(c->name, sizeof(c->name), "pad %lld", (long long)amounts[k]);
		c->layout = padded(t, row, amounts[k]);
		if (c->layout && !pads_rows(t, c->layout, row, amounts[k])) {
			axe_layout_free(c->layout);
			c->layout = NULL;
		}
		if (c->layout) {
			s->n++;
		} else if (k == 0) {
			/* Strides that do not allow one element of padding allow none. */
			snprintf(s->padding_why, sizeof(s->padding_why), "padding needs every stride "
				 "of a row (%lld elements) or more to be a multiple of it", (long long)row);
			s->padding_tried = false;
			return 0;
		}
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
	int64_t key_a[5] = { !a->possible, a->total.wavefronts, a->total.instructions,
			     a->extra_bytes, a->base_alignment };
	int64_t key_b[5] = { !b->possible, b->total.wavefronts, b->total.instructions,
			     b->extra_bytes, b->base_alignment };
	static const axe_bank_reason reasons[5] = {
		AXE_BANK_BY_POSSIBLE, AXE_BANK_BY_WAVEFRONTS, AXE_BANK_BY_INSTRUCTIONS,
		AXE_BANK_BY_MEMORY, AXE_BANK_BY_ALIGNMENT,
	};

	for (int k = 0; k < 5; k++)
		if (key_a[k] != key_b[k]) {
			*by = reasons[k];
			return key_a[k] < key_b[k] ? -1 : 1;
		}
	*by = AXE_BANK_BY_ORDER;
	return 0;
}

/* Add the swizzle presets; the current layout too when its swizzle is none of them. */
static int add_swizzles(axe_bank_suggestion *s, const axe_bank_tile *t)
{
	bool matched = false;

	for (int k = 0; k < NMODES; k++) {
		axe_bank_candidate *c = &s->c[s->n];
		memset(c, 0, sizeof(*c));
		snprintf(c->name, sizeof(c->name), "%s", modes[k]);
		if (!(c->layout = axe_layout_dup(t->layout)))
			return -1;
		axe_swizzle_preset(modes[k], t->dtype, &c->layout->swizzle);
		c->current = axe_layout_identical(c->layout, t->layout);
		matched |= c->current;
		s->n++;
	}
	if (!matched) {
		axe_bank_candidate *c = &s->c[s->n];
		memset(c, 0, sizeof(*c));
		snprintf(c->name, sizeof(c->name), "current");
		c->current = true;
		if (!(c->layout = axe_layout_dup(t->layout)))
			return -1;
		s->n++;
	}
	return 0;
}

int axe_bank_suggest(const axe_bank_plan *p, const axe_bank_tile *t, axe_bank_suggestion *s,
		     axe_error *err)
{
	memset(s, 0, sizeof(*s));
	s->c = calloc(MAX_CANDIDATES, sizeof(*s->c));
	if (!s->c || add_swizzles(s, t) < 0 || add_paddings(s, t) < 0) {
		axe_bank_suggestion_release(s);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	for (size_t i = 0; i < s->n; i++)
		evaluate(&s->c[i], p, t);
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
	s->n = 0;
}
