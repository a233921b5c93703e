/*
 * cute.c: the library API's CuTe layout algebra (axe.h, "[cute]"):
 * compose, complement, divide, product, inverse, coalesce and filter as
 * the commands do them: the operands read (cute_edge.c), the operation and
 * the proof of its defining property (cute_ops.c), and the result or the
 * refusal printed (output/cute_out.c) into a report.
 */
#include <stdlib.h>
#include <string.h>

#include "../cute/algebra.h"
#include "../output/cute_out.h"
#include "../parse/parse.h"
#include "api.h"
#include "cute_edge.h"
#include "cute_ops.h"

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
	if (axe_api_cute_plain(&b, "as the second operand", &run->why) == 0) {
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

/*
 * The report of run->r, the answer of an operation and its proof: the
 * result printed with the swizzle and offset of "outer" around it and the
 * proof's line "what", or the refusal; NULL on an error.
 */
static axe_report *finish(cute_run *run, const axe_cute_composed *outer, const char *what,
			  enum axe_output form, FILE *out, axe_error *err)
{
	run->have_res = run->r > 0;
	if (run->r > 0)
		return print_result(&run->res, outer, what, form, out, err);
	return run->r == 0 ? print_refusal(&run->why, form, out, err) : NULL;
}

/* ---- compose ------------------------------------------------------------- */

axe_report *axe_compose_report(const char *a, const char *b, const axe_compose_request *req,
			       enum axe_output form, FILE *out, axe_error *err)
{
	static const axe_compose_request defaults;
	cute_run run = { 0 };
	axe_report *rep = NULL;
	char what[1024] = "";

	if (!req)
		req = &defaults;
	if (read_a(a, &req->a, &run, err) == 0) {
		run.r = read_second(b, &run, err);
		if (run.r > 0)
			run.r = axe_api_cute_compose(&run.a.layout, &run.t, &run.res, what,
						     sizeof(what), &run.why, err);
		rep = finish(&run, &run.a, what, form, out, err);
	}
	run_release(&run);
	return rep;
}

/* ---- complement ---------------------------------------------------------- */

/* The cotarget --cosize "text" into "*n" (0 when not given: the default); 1 or -1. */
static int cotarget(const char *text, int64_t *n, axe_error *err)
{
	axe_loc at;

	*n = 0;
	if (!text)
		return 1;
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
	char what[1024] = "";
	int64_t n = 0;

	if (!req)
		req = &defaults;
	if (read_a(a, &req->a, &run, err) == 0) {
		run.r = cotarget(req->cosize, &n, err);
		if (run.r > 0)
			run.r = axe_api_cute_plain(&run.a, "has no complement here", &run.why);
		if (run.r > 0)
			run.r = axe_api_cute_complement(&run.a.layout, n, &run.res, what,
							sizeof(what), &run.why, err);
		rep = finish(&run, &run.a, what, form, out, err);
	}
	run_release(&run);
	return rep;
}

/* ---- divide and product -------------------------------------------------- */

/* divide (when "divide") or product, which differ only in the operation and its kinds. */
static axe_report *split(const char *a, const char *b, const axe_map_options *o,
			 const char *kind_name, bool divide, enum axe_output form, FILE *out,
			 axe_error *err)
{
	cute_run run = { 0 };
	axe_report *rep = NULL;
	axe_cute_kind kind;
	char what[1024] = "";

	if (axe_api_cute_kind(kind_name, divide, &kind, err) == 0 &&
	    read_a(a, o, &run, err) == 0) {
		run.r = read_second(b, &run, err);
		if (run.r > 0)
			run.r = axe_api_cute_split(&run.a.layout, &run.t, kind, divide, &run.res,
						   what, sizeof(what), &run.why, err);
		rep = finish(&run, &run.a, what, form, out, err);
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

axe_report *axe_inverse_report(const char *a, const axe_inverse_request *req, enum axe_output form,
			       FILE *out, axe_error *err)
{
	static const axe_inverse_request defaults;
	static const axe_cute_composed bare; /* no swizzle or offset */
	cute_run run = { 0 };
	axe_report *rep = NULL;
	char what[1024] = "";

	if (!req)
		req = &defaults;
	if (read_a(a, &req->a, &run, err) == 0) {
		run.r = axe_api_cute_plain(&run.a, "has no inverse here", &run.why);
		if (run.r > 0)
			run.r = axe_api_cute_inverse(&run.a.layout, req->left, &run.res, what,
						     sizeof(what), &run.why, err);
		/* the inverse maps A's indices back to A's domain: nothing around it */
		rep = finish(&run, &bare, what, form, out, err);
	}
	run_release(&run);
	return rep;
}

/* ---- coalesce and filter ------------------------------------------------- */

axe_report *axe_coalesce_report(const char *a, const axe_coalesce_request *req,
				enum axe_output form, FILE *out, axe_error *err)
{
	static const axe_coalesce_request defaults;
	axe_cute_composed profile = { 0 };
	cute_run run = { 0 };
	axe_report *rep = NULL;
	char what[1024] = "";
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
			run.r = axe_api_cute_coalesce(&run.a.layout,
						      req->profile ? &profile.layout.shape : NULL,
						      &run.res, what, sizeof(what), &run.why, err);
		rep = finish(&run, &run.a, what, form, out, err);
	}
	axe_cute_composed_release(&profile);
	run_release(&run);
	return rep;
}

axe_report *axe_filter_report(const char *a, const axe_filter_request *req, enum axe_output form,
			      FILE *out, axe_error *err)
{
	static const axe_filter_request defaults;
	cute_run run = { 0 };
	axe_report *rep = NULL;
	char what[1024] = "";

	if (!req)
		req = &defaults;
	if (read_a(a, &req->a, &run, err) == 0) {
		run.r = axe_api_cute_filter(&run.a.layout, &run.res, what, sizeof(what), &run.why,
					    err);
		rep = finish(&run, &run.a, what, form, out, err);
	}
	run_release(&run);
	return rep;
}
