/*
 * cute_ops.c: each CuTe operation followed by the proof of its defining
 * property (cute_ops.h).
 */
#include <stdio.h>
#include <string.h>

#include "cute_ops.h"

int axe_api_cute_plain(const axe_cute_composed *c, const char *op, axe_cute_reason *why)
{
	if (c->swizzle.present)
		return axe_cute_refuse(why, "a swizzled layout %s: CuTe keeps a swizzle only as the "
				       "outermost function of a result, and here it would not be",
				       op);
	if (c->offset)
		return axe_cute_refuse(why, "a layout with an offset %s: the offset would not stay "
				       "outermost", op);
	return 1;
}

/* True when "l" is a layout of rank 0, `():()`. */
static bool rank0(const axe_cute_layout *l)
{
	return !l->shape.is_leaf && l->shape.n == 0;
}

/*
 * 1, or 0 with "why" when A or a layout of "t" (may be NULL) has rank 0:
 * CuTe's C++ prints `():()` but no operation of its algebra compiles on it
 * (CUTLASS 7107b055, nvcc 13: no overload matches), and pycute raises.
 */
static int no_rank0(const axe_cute_layout *a, const axe_cute_tiler *t, axe_cute_reason *why)
{
	bool found = rank0(a);

	for (size_t i = 0; t && !found && i < (t->n ? t->n : 1); i++)
		found = !(t->n && t->skip[i]) && rank0(&t->mode[i]);
	if (found)
		return axe_cute_refuse(why, "CuTe's algebra takes no layout of rank 0, ():(): its "
				       "C++ operations do not compile on one");
	return 1;
}

/* The --kind values: one table for the names, the messages and the lookup. */
static const struct {
	const char *name;
	axe_cute_kind kind;
	bool divide;   /* a kind of divide too (blocked and raked are products only) */
} kinds[] = {
	{ "logical", AXE_CUTE_LOGICAL, true },  { "zipped", AXE_CUTE_ZIPPED, true },
	{ "tiled", AXE_CUTE_TILED, true },      { "flat", AXE_CUTE_FLAT, true },
	{ "blocked", AXE_CUTE_BLOCKED, false }, { "raked", AXE_CUTE_RAKED, false },
};

#define NKINDS (sizeof(kinds) / sizeof(kinds[0]))

int axe_api_cute_kind(const char *name, bool divide, axe_cute_kind *kind, axe_error *err)
{
	char names[128] = "";
	size_t last = 0, i;
	axe_loc at;

	*kind = AXE_CUTE_LOGICAL;
	if (!name)
		return 0;
	for (i = 0; i < NKINDS; i++) {
		if (strcmp(name, kinds[i].name) == 0 && (kinds[i].divide || !divide)) {
			*kind = kinds[i].kind;
			return 0;
		}
		if (kinds[i].divide || !divide)
			last = i;
	}
	for (i = 0; i <= last; i++)
		if (kinds[i].divide || !divide)
			snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
				 i == 0 ? "" : i == last ? " or " : ", ", kinds[i].name);
	at = (axe_loc){ "--kind", 1, 1, name, strlen(name) };
	return axe_error_set(err, AXE_ERR_VALUE, &at, (int)strlen(name), "unknown --kind '%s' (%s)",
			     name, names);
}

/*
 * The last step of every operation that gave a result "res": "proof" is
 * the prover's answer on it; the result is kept when the property holds and
 * released otherwise, a failed proof turned into the refusal it is.
 */
static int proved(int proof, axe_cute_layout *res, axe_cute_reason *why)
{
	char detail[400];

	if (proof == 0) {
		/* CuTe's construction ran but its result is not the operation's */
		snprintf(detail, sizeof(detail), "%.399s", why->text);
		snprintf(why->text, sizeof(why->text), "CuTe's construction does not give a "
			 "layout with the defining property here: %s", detail);
	}
	if (proof <= 0)
		axe_cute_layout_release(res);
	return proof;
}

int axe_api_cute_compose(const axe_cute_layout *a, const axe_cute_tiler *t,
			 axe_cute_layout *res, char *what, size_t what_size,
			 axe_cute_reason *why, axe_error *err)
{
	int r = no_rank0(a, t, why);

	if (r > 0)
		r = axe_cute_compose_tiler(a, t, res, why, err);
	if (r > 0)
		r = proved(axe_cute_prove_compose(a, t, res, what, what_size, why, err), res, why);
	return r;
}

int axe_api_cute_complement(const axe_cute_layout *a, int64_t cotarget,
			    axe_cute_layout *res, char *what, size_t what_size,
			    axe_cute_reason *why, axe_error *err)
{
	axe_cute_layout f;
	int r = no_rank0(a, NULL, why);

	if (r <= 0)
		return r;
	if (cotarget <= 0) {
		if (axe_cute_filter(a, &f, err) < 0)
			return -1;
		cotarget = axe_cute_layout_cosize(&f);
		axe_cute_layout_release(&f);
	}
	r = axe_cute_complement(a, cotarget, res, why, err);
	if (r > 0)
		r = proved(axe_cute_prove_complement(a, cotarget, res, what, what_size, why, err),
			   res, why);
	return r;
}

/*
 * A zipped, tiled or flat divide or product: the logical one and its proof,
 * then its regrouping and the proof of that (the logical result is made
 * once, not again inside the proof).
 */
static int split_regrouped(const axe_cute_layout *a, const axe_cute_tiler *t, axe_cute_kind kind,
			   bool divide, axe_cute_layout *res, char *what, size_t what_size,
			   axe_cute_reason *why, axe_error *err)
{
	axe_cute_layout ld;
	int r = axe_api_cute_split(a, t, AXE_CUTE_LOGICAL, divide, &ld, what, what_size, why, err);

	if (r <= 0)
		return r;
	r = axe_cute_regroup(&ld, t, kind, res, err) < 0 ? -1 : 1;
	if (r > 0)
		r = proved(axe_cute_prove_regroup(&ld, t, kind, res, what, what_size, why), res, why);
	axe_cute_layout_release(&ld);
	return r;
}

int axe_api_cute_split(const axe_cute_layout *a, const axe_cute_tiler *t, axe_cute_kind kind,
		       bool divide, axe_cute_layout *res, char *what, size_t what_size,
		       axe_cute_reason *why, axe_error *err)
{
	int r = no_rank0(a, t, why);

	if (r <= 0)
		return r;
	if (kind == AXE_CUTE_ZIPPED || kind == AXE_CUTE_TILED || kind == AXE_CUTE_FLAT)
		return split_regrouped(a, t, kind, divide, res, what, what_size, why, err);
	r = (divide ? axe_cute_divide : axe_cute_product)(a, t, kind, res, why, err);
	if (r > 0)
		r = proved((divide ? axe_cute_prove_divide : axe_cute_prove_product)(
				      a, t, kind, res, what, what_size, why, err),
			   res, why);
	return r;
}

int axe_api_cute_inverse(const axe_cute_layout *a, bool left, axe_cute_layout *res,
			 char *what, size_t what_size, axe_cute_reason *why, axe_error *err)
{
	int r = no_rank0(a, NULL, why);

	if (r > 0)
		r = left ? axe_cute_left_inverse(a, res, why, err)
			 : axe_cute_right_inverse(a, res, err) < 0 ? -1 : 1;

	if (r > 0)
		r = proved((left ? axe_cute_prove_left_inverse : axe_cute_prove_right_inverse)(
				      a, res, what, what_size, why, err),
			   res, why);
	return r;
}

int axe_api_cute_coalesce(const axe_cute_layout *a, const axe_cute_tuple *profile,
			  axe_cute_layout *res, char *what, size_t what_size,
			  axe_cute_reason *why, axe_error *err)
{
	int r = no_rank0(a, NULL, why);

	if (r > 0)
		r = axe_cute_coalesce(a, profile, res, why, err);
	if (r > 0)
		r = proved(axe_cute_prove_same_map(a, res, what, what_size, why, err), res, why);
	return r;
}

int axe_api_cute_filter(const axe_cute_layout *a, axe_cute_layout *res, char *what,
			size_t what_size, axe_cute_reason *why, axe_error *err)
{
	int r = no_rank0(a, NULL, why);

	if (r <= 0)
		return r;
	if (axe_cute_filter(a, res, err) < 0)
		return -1;
	return proved(axe_cute_prove_filter(a, res, what, what_size, why, err), res, why);
}
