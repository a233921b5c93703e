/*
 * cute.c: the library API's CuTe layout algebra (axe.h, "[cute]"):
 * compose, complement, divide, product, inverse, coalesce and filter as
 * the commands do them: the operands read (cute_edge.c), the operation
 * (cute/), its defining property proved, and the result or the refusal
 * printed (output/cute_out.c) into a report.
 */
#include <stdlib.h>
#include <string.h>

#include "../cute/algebra.h"
#include "../output/cute_out.h"
#include "../parse/parse.h"
#include "api.h"
#include "cute_edge.h"

/* What one request holds, released together. */
typedef struct cute_run {
	axe_cute_composed a;  /* A; its swizzle and offset stay outermost */
	axe_cute_tiler t;     /* the second operand, if any */
	int r;                /* the operation's answer: 1 in "res", 0 refused with "why", -1 */
	bool have_res;
	axe_cute_layout res;
	axe_cute_reason why;
} cute_run;

static void run_release(cute_run *run)
{
	if (run->have_res)
		axe_cute_layout_release(&run->res);
	axe_cute_tiler_release(&run->t);
	axe_cute_composed_release(&run->a);
}

/* Operand A, "text" with the options "o", into run->a; 0 or -1. */
static int read_a(const char *text, const axe_map_options *o, cute_run *run, axe_error *err)
{
	axe_operand_opts opts = axe_api_operand_opts(o);

	if (!text)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "no layout text given");
	return axe_api_cute_read(text, &opts, &run->a, err);
}

/*
 * 1 when "c" is a plain layout, else 0 with "why": operation "op" keeps no
 * swizzle or offset (CuTe would drop it or put it inside).
 */
static int plain(const axe_cute_composed *c, const char *op, axe_cute_reason *why)
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

/*
 * The second operand "text" (`<B0,...>` or one layout operand, read with
 * no options) into run->t: 1, 0 with run->why when a layout operand carries
 * a swizzle or an offset (it would sit inside the result), or -1.
 */
static int read_second(const char *text, cute_run *run, axe_error *err)
{
	axe_operand_opts none = { 0 };
	axe_cute_composed b;

	if (!text)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "no second operand given");
	if (text[0] == '<')
		return axe_cute_tiler_parse(text, NULL, &run->t, err) < 0 ? -1 : 1;
	if (axe_api_cute_read(text, &none, &b, err) < 0)
		return -1;
	if (plain(&b, "as the second operand", &run->why) == 0) {
		axe_cute_composed_release(&b);
		return 0;
	}
	run->t.mode[0] = b.layout;
	return 1;
}

/* The report of a result: "res" inside the swizzle and offset of "outer". */
static axe_report *print_result(const axe_cute_layout *res, const axe_cute_composed *outer,
				const char *proved, enum axe_output form, FILE *out,
				axe_error *err)
{
	axe_cute_composed c = *outer;
	axe_shape shape = { 0 };
	axe_report *r = NULL;
	char *cute, *axe = NULL, why[256] = "";

	c.layout = *res;
	if (!(cute = axe_cute_composed_print(&c, err)))
		return NULL;
	if (axe_api_cute_axe_form(&c, cute, &axe, &shape, why, sizeof(why), err) == 0 &&
	    (r = axe_report_open(out, err))) {
		axe_print_cute(r->w, cute, axe, &shape, why, proved, axe_api_format(form));
		r = axe_report_close(r, AXE_EXIT_OK, NULL, err);
	}
	free(cute);
	free(axe);
	return r;
}

/* The report of a refusal: status FALSE, "why" the reason. */
static axe_report *print_refusal(const axe_cute_reason *why, enum axe_output form, FILE *out,
				 axe_error *err)
{
	axe_report *r = axe_report_open(out, err);

	if (!r)
		return NULL;
	axe_print_cute_refusal(r->w, why, axe_api_format(form));
	return axe_report_close(r, AXE_EXIT_FALSE, why->text, err);
}

/* Proves that a result has its operation's defining property: 1, 0 with "why", -1. */
typedef int cute_prover(const void *ctx, const axe_cute_layout *res, char *what,
			size_t what_size, axe_cute_reason *why, axe_error *err);

/*
 * The last step of every operation, on run->r: a result is proved by
 * "prove" (called with "ctx"), then printed with the swizzle and offset of
 * "outer" around it; a refusal is printed; an error gives NULL.
 */
static axe_report *finish(cute_run *run, const axe_cute_composed *outer, cute_prover *prove,
			  const void *ctx, enum axe_output form, FILE *out, axe_error *err)
{
	char what[1024] = "", detail[400];
	int r = run->r;

	run->have_res = r > 0;
	if (r > 0) {
		r = prove(ctx, &run->res, what, sizeof(what), &run->why, err);
		if (r == 0) {
			/* CuTe's construction ran but its result is not the operation's */
			snprintf(detail, sizeof(detail), "%.399s", run->why.text);
			snprintf(run->why.text, sizeof(run->why.text), "CuTe's construction does "
				 "not give a layout with the defining property here: %s", detail);
		}
	}
	if (r > 0)
		return print_result(&run->res, outer, what, form, out, err);
	return r == 0 ? print_refusal(&run->why, form, out, err) : NULL;
}

/* ---- compose ------------------------------------------------------------- */

typedef struct compose_proof { const axe_cute_layout *a; const axe_cute_tiler *t; } compose_proof;

static int prove_compose(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
			 axe_cute_reason *why, axe_error *err)
{
	const compose_proof *p = ctx;

	return axe_cute_prove_compose(p->a, p->t, r, what, size, why, err);
}

axe_report *axe_compose_report(const char *a, const char *b, const axe_compose_request *req,
			       enum axe_output form, FILE *out, axe_error *err)
{
	static const axe_compose_request defaults;
	cute_run run = { 0 };
	axe_report *rep = NULL;

	if (!req)
		req = &defaults;
	if (read_a(a, &req->a, &run, err) == 0) {
		run.r = read_second(b, &run, err);
		if (run.r > 0)
			run.r = axe_cute_compose_tiler(&run.a.layout, &run.t, &run.res, &run.why,
						       err);
		rep = finish(&run, &run.a, prove_compose, &(compose_proof){ &run.a.layout, &run.t },
			     form, out, err);
	}
	run_release(&run);
	return rep;
}

/* ---- complement ---------------------------------------------------------- */

typedef struct complement_proof { const axe_cute_layout *a; int64_t cotarget; } complement_proof;

static int prove_complement(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
			    axe_cute_reason *why, axe_error *err)
{
	const complement_proof *p = ctx;

	return axe_cute_prove_complement(p->a, p->cotarget, r, what, size, why, err);
}

/*
 * The cotarget: --cosize "text", or cosize(filter(A)) as CuTe's
 * complement(A) takes; 1 or -1.
 */
static int cotarget(const char *text, const axe_cute_layout *a, int64_t *n, axe_error *err)
{
	axe_cute_layout f;
	axe_loc at;

	if (!text) {
		if (axe_cute_filter(a, &f, err) < 0)
			return -1;
		*n = axe_cute_layout_cosize(&f);
		axe_cute_layout_release(&f);
		return 1;
	}
	at = (axe_loc){ "--cosize", 1, 1, text, strlen(text) };
	if (axe_parse_int_list(text, &at, n, 1, "cosize", err) != 1)
		return -1;
	if (*n < 1)
		return axe_error_set(err, AXE_ERR_VALUE, &at, (int)strlen(text),
				     "--cosize must be positive, got %lld", (long long)*n);
	return 1;
}

axe_report *axe_complement_report(const char *a, const axe_complement_request *req,
				  enum axe_output form, FILE *out, axe_error *err)
{
	static const axe_complement_request defaults;
	cute_run run = { 0 };
	axe_report *rep = NULL;
	int64_t n = 0;

	if (!req)
		req = &defaults;
	if (read_a(a, &req->a, &run, err) == 0) {
		run.r = cotarget(req->cosize, &run.a.layout, &n, err);
		if (run.r > 0)
			run.r = plain(&run.a, "has no complement here", &run.why);
		if (run.r > 0)
			run.r = axe_cute_complement(&run.a.layout, n, &run.res, &run.why, err);
		rep = finish(&run, &run.a, prove_complement,
			     &(complement_proof){ &run.a.layout, n }, form, out, err);
	}
	run_release(&run);
	return rep;
}

/* ---- divide and product -------------------------------------------------- */

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

/*
 * The kind called "name" (NULL: logical) of a divide ("divide") or a
 * product; 0, or -1 with the error placed on --kind, naming the kinds
 * ("logical, zipped, tiled or flat").
 */
static int read_kind(const char *name, bool divide, axe_cute_kind *kind, axe_error *err)
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

typedef struct split_proof {
	bool divide;
	const axe_cute_layout *a;
	const axe_cute_tiler *t;
	axe_cute_kind kind;
} split_proof;

static int prove_split(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
		       axe_cute_reason *why, axe_error *err)
{
	const split_proof *p = ctx;

	if (p->divide)
		return axe_cute_prove_divide(p->a, p->t, p->kind, r, what, size, why, err);
	return axe_cute_prove_product(p->a, p->t, p->kind, r, what, size, why, err);
}

/* divide (when "divide") or product, which differ only in the operation and its kinds. */
static axe_report *split(const char *a, const char *b, const axe_map_options *o,
			 const char *kind_name, bool divide, enum axe_output form, FILE *out,
			 axe_error *err)
{
	cute_run run = { 0 };
	axe_report *rep = NULL;
	axe_cute_kind kind;

	if (read_kind(kind_name, divide, &kind, err) == 0 && read_a(a, o, &run, err) == 0) {
		run.r = read_second(b, &run, err);
		if (run.r > 0)
			run.r = (divide ? axe_cute_divide : axe_cute_product)(
				&run.a.layout, &run.t, kind, &run.res, &run.why, err);
		rep = finish(&run, &run.a, prove_split,
			     &(split_proof){ divide, &run.a.layout, &run.t, kind }, form, out, err);
	}
	run_release(&run);
	return rep;
}

axe_report *axe_divide_report(const char *a, const char *tiler, const axe_divide_request *req,
			      enum axe_output form, FILE *out, axe_error *err)
{
	static const axe_divide_request defaults;

	if (!req)
		req = &defaults;
	return split(a, tiler, &req->a, req->kind, true, form, out, err);
}

axe_report *axe_product_report(const char *a, const char *b, const axe_product_request *req,
			       enum axe_output form, FILE *out, axe_error *err)
{
	static const axe_product_request defaults;

	if (!req)
		req = &defaults;
	return split(a, b, &req->a, req->kind, false, form, out, err);
}

/* ---- inverse ------------------------------------------------------------- */

static int prove_right(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
		       axe_cute_reason *why, axe_error *err)
{
	return axe_cute_prove_right_inverse(ctx, r, what, size, why, err);
}

static int prove_left(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
		      axe_cute_reason *why, axe_error *err)
{
	return axe_cute_prove_left_inverse(ctx, r, what, size, why, err);
}

axe_report *axe_inverse_report(const char *a, const axe_inverse_request *req, enum axe_output form,
			       FILE *out, axe_error *err)
{
	static const axe_inverse_request defaults;
	static const axe_cute_composed bare; /* no swizzle or offset */
	cute_run run = { 0 };
	axe_report *rep = NULL;

	if (!req)
		req = &defaults;
	if (read_a(a, &req->a, &run, err) == 0) {
		run.r = plain(&run.a, "has no inverse here", &run.why);
		if (run.r > 0 && req->left)
			run.r = axe_cute_left_inverse(&run.a.layout, &run.res, &run.why, err);
		else if (run.r > 0)
			run.r = axe_cute_right_inverse(&run.a.layout, &run.res, err);
		/* the inverse maps A's indices back to A's domain: nothing around it */
		rep = finish(&run, &bare, req->left ? prove_left : prove_right, &run.a.layout, form,
			     out, err);
	}
	run_release(&run);
	return rep;
}

/* ---- coalesce and filter ------------------------------------------------- */

static int prove_same_map(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
			  axe_cute_reason *why, axe_error *err)
{
	return axe_cute_prove_same_map(ctx, r, what, size, why, err);
}

axe_report *axe_coalesce_report(const char *a, const axe_coalesce_request *req,
				enum axe_output form, FILE *out, axe_error *err)
{
	static const axe_coalesce_request defaults;
	axe_cute_composed profile = { 0 };
	cute_run run = { 0 };
	axe_report *rep = NULL;
	axe_loc at;

	if (!req)
		req = &defaults;
	if (read_a(a, &req->a, &run, err) == 0) {
		run.r = 1;
		if (req->profile) {
			/* an int-tuple, read as a CuTe shape */
			at = (axe_loc){ "--profile", 1, 1, req->profile, strlen(req->profile) };
			run.r = axe_cute_parse(req->profile, &at, &profile, err) < 0 ? -1 : 1;
		}
		if (run.r > 0)
			run.r = axe_cute_coalesce(&run.a.layout,
						  req->profile ? &profile.layout.shape : NULL,
						  &run.res, &run.why, err);
		rep = finish(&run, &run.a, prove_same_map, &run.a.layout, form, out, err);
	}
	axe_cute_composed_release(&profile);
	run_release(&run);
	return rep;
}

static int prove_filter(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
			axe_cute_reason *why, axe_error *err)
{
	return axe_cute_prove_filter(ctx, r, what, size, why, err);
}

axe_report *axe_filter_report(const char *a, const axe_filter_request *req, enum axe_output form,
			      FILE *out, axe_error *err)
{
	static const axe_filter_request defaults;
	cute_run run = { 0 };
	axe_report *rep = NULL;

	if (!req)
		req = &defaults;
	if (read_a(a, &req->a, &run, err) == 0) {
		run.r = axe_cute_filter(&run.a.layout, &run.res, err) < 0 ? -1 : 1;
		rep = finish(&run, &run.a, prove_filter, &run.a.layout, form, out, err);
	}
	run_release(&run);
	return rep;
}
