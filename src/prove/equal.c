/*
 * equal.c: the route of check-equal (prove.h; semantics.md "Equality"):
 * identical canonical forms (Axe paper, Appendix A, Theorem A.2), then
 * enumeration, then Z3.  Whatever route finds a difference, the point is
 * evaluated again directly (side.c) before it is reported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../algebra/canon.h"
#include "enumerate.h"
#include "symbolic.h"

#define INTEGER_SHARE 0.5     /* of the time left, for a first encoding */
#define INTEGER_NO_LIMIT 10.0 /* its seconds when the check has no time limit */
#define AUTO_INTEGER_TRY 0.1  /* its seconds before "auto" enumerates instead */

static const char *const method_names[] = {
#define METHOD(name, text) text,
	AXE_EQUAL_METHODS(METHOD)
#undef METHOD
};

const char *axe_equal_method_name(enum axe_equal_method method)
{
	return method_names[method];
}

int axe_equal_method_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof(method_names) / sizeof(method_names[0]); i++)
		if (strcmp(name, method_names[i]) == 0)
			return (int)i;
	return -1;
}

void axe_equal_result_release(axe_equal_result *res)
{
	for (size_t a = 0; res->axis && a < res->naxes; a++)
		free(res->axis[a]);
	free(res->axis);
	free(res->a_images);
	free(res->b_images);
	memset(res, 0, sizeof(*res));
}

/* What one check needs on every route. */
typedef struct route {
	const axe_equal_side *a, *b;
	const axe_equal_options *opt;
	axe_equal_result *res;
	axe_axis_union u;
	axe_shape shape; /* where points are counted and shown */
	double start, deadline;
	axe_error *err;
	double enum_rate, enum_budget; /* measured by enumeration_fits, or 0 */
} route;

static void answer(route *r, enum axe_verdict v, enum axe_equal_method method, double since)
{
	r->res->verdict = v;
	r->res->method = method;
	r->res->seconds = axe_clock() - since;
}

/* The images of both operands at "flat", evaluated directly, into the result. */
static int witness(route *r, int64_t flat, bool *differ)
{
	axe_equal_result *res = r->res;
	axe_side_eval ea, eb;
	int rc = -1;

	memset(&eb, 0, sizeof(eb));
	if (axe_side_eval_init(&ea, r->a, &r->shape, r->u.map[0], r->u.n, r->err) < 0 ||
	    axe_side_eval_init(&eb, r->b, &r->shape, r->u.map[1], r->u.n, r->err) < 0)
		goto out;
	free(res->a_images);
	free(res->b_images);
	res->a_images = malloc(ea.max_images * (r->u.n ? r->u.n : 1) * sizeof(int64_t));
	res->b_images = malloc(eb.max_images * (r->u.n ? r->u.n : 1) * sizeof(int64_t));
	if (!res->a_images || !res->b_images) {
		axe_error_set(r->err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	res->na = axe_side_eval_point(&ea, flat, res->a_images);
	res->nb = axe_side_eval_point(&eb, flat, res->b_images);
	*differ = res->na != res->nb ||
		  memcmp(res->a_images, res->b_images, res->na * r->u.n * sizeof(int64_t)) != 0;
	res->shape = r->shape;
	for (size_t d = r->shape.rank, f = (size_t)flat; d-- > 0;) {
		res->coord[d] = (int64_t)(f % (size_t)r->shape.dim[d]);
		f /= (size_t)r->shape.dim[d];
	}
	res->has_counterexample = *differ;
	rc = 0;
out:
	axe_side_eval_release(&ea);
	axe_side_eval_release(&eb);
	return rc;
}

/* Report the difference a route found at "flat" once evaluation confirms it. */
static int confirm(route *r, int64_t flat, enum axe_equal_method method, double since)
{
	bool differ = false;

	if (witness(r, flat, &differ) < 0)
		return -1;
	answer(r, differ ? AXE_VERDICT_FALSE : AXE_VERDICT_UNKNOWN, method, since);
	if (!differ)
		snprintf(r->res->reason, sizeof(r->res->reason),
			 "the %s route reported a difference at row-major point %lld that direct "
			 "evaluation does not confirm", axe_equal_method_name(method),
			 (long long)flat);
	return 0;
}

/* 1 when the canonical forms are identical, 0 when not (or not comparable), -1 on error. */
static int canon_route(route *r)
{
	double since = axe_clock();
	axe_layout *ca = NULL, *cb = NULL;
	int same;

	if (!r->a->layout || !r->b->layout) {
		snprintf(r->res->reason, sizeof(r->res->reason),
			 "an expr: layout has no canonical form");
		return 0;
	}
	ca = axe_layout_canon(r->a->layout, NULL, r->err);
	cb = ca ? axe_layout_canon(r->b->layout, NULL, r->err) : NULL;
	if (!ca || !cb) {
		axe_layout_free(ca);
		return -1;
	}
	same = axe_layout_identical(ca, cb);
	if (same) {
		answer(r, AXE_VERDICT_TRUE, AXE_METHOD_CANON, since);
	} else {
		char *ta = axe_layout_to_string(ca), *tb = axe_layout_to_string(cb);
		snprintf(r->res->reason, sizeof(r->res->reason),
			 "the canonical forms differ (%s and %s), which proves nothing either way",
			 ta ? ta : "?", tb ? tb : "?");
		free(ta);
		free(tb);
	}
	axe_layout_free(ca);
	axe_layout_free(cb);
	return same;
}

/* Enumerate the first "limit" points (0: all) on "jobs" threads. */
static int enumerate(route *r, int64_t limit, int jobs, enum axe_verdict *v, int64_t *flat)
{
	axe_enumerate_options eo = { r->deadline, r->opt->walk, limit };

	eo.walk.jobs = jobs;
	return axe_enumerate_equal(r->a, r->b, &r->shape, &r->u, &eo, v, flat, r->err);
}

static int enum_route(route *r)
{
	double since = axe_clock();
	enum axe_verdict v;
	int64_t flat = 0;

	if (enumerate(r, 0, r->opt->walk.jobs, &v, &flat) < 0)
		return -1;
	if (v == AXE_VERDICT_FALSE)
		return confirm(r, flat, AXE_METHOD_ENUM, since);
	answer(r, v, AXE_METHOD_ENUM, since);
	if (v == AXE_VERDICT_UNKNOWN) {
		double rate = flat / (r->res->seconds > 1e-9 ? r->res->seconds : 1e-9);
		snprintf(r->res->reason, sizeof(r->res->reason),
			 "the time limit of %g s passed after %lld of %lld points (%.3g points/s: "
			 "the whole domain needs about %.0f s; raise --timeout)", r->opt->timeout,
			 (long long)flat, (long long)r->res->points, rate,
			 r->res->points / (rate > 0 ? rate : 1));
	}
	return 0;
}

/*
 * Whether enumerating the whole domain after Z3 fits in "budget" seconds
 * (<= 0: AXE_ENUM_UNTIMED_SECONDS): up to AXE_ENUM_HARD_LIMIT points always;
 * above, the speed is measured on the first AXE_ENUM_PROBE_POINTS points on
 * one thread and scaled by the threads.  1 fits, 0 not, 2 when the probe
 * found a difference (then the result is filled), -1 on an error.
 */
static int enumeration_fits(route *r, double budget)
{
	double since = axe_clock(), seconds;
	enum axe_verdict v;
	int64_t flat = 0;
	int jobs = axe_jobs_for(r->opt->walk.jobs, r->res->points / AXE_ENUM_PROBE_POINTS);

	if (r->res->points <= AXE_ENUM_HARD_LIMIT)
		return 1;
	if (enumerate(r, AXE_ENUM_PROBE_POINTS, 1, &v, &flat) < 0)
		return -1;
	if (v == AXE_VERDICT_FALSE)
		return confirm(r, flat, AXE_METHOD_ENUM, since) < 0 ? -1 : 2;
	seconds = axe_clock() - since;
	r->enum_rate = AXE_ENUM_PROBE_POINTS / (seconds > 1e-9 ? seconds : 1e-9) * jobs;
	r->enum_budget = budget > 0 ? budget : AXE_ENUM_UNTIMED_SECONDS;
	return r->res->points / r->enum_rate <= r->enum_budget;
}

/* Seconds left before the deadline (at least a millisecond); 0: no limit. */
static double time_left(const route *r)
{
	double left = r->deadline - axe_clock();

	if (r->deadline == 0)
		return 0;
	return left > 0.001 ? left : 0.001;
}

/*
 * Z3 on "s" in "encoding" for at most "budget" seconds: 1 when it answered
 * (the result is filled; a difference confirmed by evaluation), 0 when it
 * gave up (the reason is kept), -1 on an error.
 */
static int try_z3(route *r, const axe_symbolic *s, axe_z3 *z, enum axe_z3_encoding encoding,
		  double budget, double since)
{
	int64_t coord[AXE_MAX_RANK] = { 0 }, flat = 0;
	enum axe_verdict v;

	r->res->encoding = encoding == AXE_Z3_INTEGER ? "integer" : "bit-vector";
	v = axe_symbolic_check(s, z, encoding, budget, coord, r->res->reason,
			       sizeof(r->res->reason));
	if (v == AXE_VERDICT_UNKNOWN)
		return 0;
	if (v == AXE_VERDICT_TRUE) {
		answer(r, v, AXE_METHOD_SMT, since);
		return 1;
	}
	for (size_t d = 0; d < r->shape.rank; d++)
		flat = flat * r->shape.dim[d] + coord[d];
	return confirm(r, flat, AXE_METHOD_SMT, since) < 0 ? -1 : 1;
}

/*
 * The Z3 route: bit-vectors; with divisions by numbers that are not powers
 * of two (slow for bit-vectors) one integer query per axis first, on part of
 * the time.  The automatic route keeps enumeration (up to
 * AXE_ENUM_HARD_LIMIT points) as the fallback: it gives the integer queries
 * a short try and then enumerates instead of using bit-vectors, and
 * otherwise lets bit-vectors use half of the time left before enumerating.
 */
static int smt_route(route *r, const axe_symbolic *s, bool automatic)
{
	double since = axe_clock(), budget;
	int fits = automatic ? enumeration_fits(r, r->deadline ? time_left(r) * INTEGER_SHARE : 0)
			     : 0;
	bool fallback = fits == 1;
	bool skip_bv = fallback && (s->slow_division || s->too_many);
	axe_z3 *z;
	int rc = 0;

	if (fits != 1 && fits != 0)
		return fits < 0 ? -1 : 0; /* the probe answered */
	if (!(z = axe_z3_new()))
		return axe_error_set(r->err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (s->slow_division && s->integer_ok && !s->too_many) {
		budget = skip_bv ? AUTO_INTEGER_TRY
		       : r->deadline ? time_left(r) * INTEGER_SHARE : INTEGER_NO_LIMIT;
		if (r->deadline && budget > time_left(r))
			budget = time_left(r);
		rc = try_z3(r, s, z, AXE_Z3_INTEGER, budget, since);
	}
	if (rc == 0 && !skip_bv)
		rc = try_z3(r, s, z, AXE_Z3_BITVECTOR,
			    fallback && r->deadline ? time_left(r) * INTEGER_SHARE : time_left(r),
			    since);
	axe_z3_free(z);
	if (rc == 0 && fallback) {
		char why[sizeof(r->res->reason)];
		snprintf(why, sizeof(why), "%s", r->res->reason);
		r->res->reason[0] = '\0';
		rc = enum_route(r);
		if (rc == 0 && r->enum_rate > 0)
			snprintf(r->res->note, sizeof(r->res->note),
				 "%.160s; enumeration at a measured %.3g points/s fit in the %.3g s "
				 "it was given", why, r->enum_rate, r->enum_budget);
		return rc;
	}
	if (rc == 0)
		answer(r, AXE_VERDICT_UNKNOWN, AXE_METHOD_SMT, since);
	if (rc == 0 && automatic && r->enum_rate > 0) {
		size_t len = strlen(r->res->reason);
		snprintf(r->res->reason + len, sizeof(r->res->reason) - len,
			 "; enumeration (%.3g points/s) would need about %.0f s", r->enum_rate,
			 r->res->points / r->enum_rate);
	}
	return rc < 0 ? -1 : 0;
}

/* Enumeration or Z3, as "method" asks (auto: by size and by the divisions). */
static int decide(route *r, enum axe_equal_method method)
{
	axe_symbolic s;
	int rc;

	if (method == AXE_METHOD_ENUM ||
	    (method == AXE_METHOD_AUTO && r->res->points <= AXE_ENUM_AUTO_LIMIT))
		return enum_route(r);
	if (axe_symbolic_init(&s, r->a, r->b, &r->shape, &r->u, r->err) < 0)
		return -1;
	rc = smt_route(r, &s, method == AXE_METHOD_AUTO);
	axe_symbolic_release(&s);
	return rc;
}

/* The shape points are shown in: A's, unless only B's was given. */
static axe_shape display_shape(const axe_equal_side *a, const axe_equal_side *b)
{
	return !a->shape_given && b->shape_given ? b->shape : a->shape;
}

static int copy_axes(route *r)
{
	axe_equal_result *res = r->res;

	res->axis = calloc(r->u.n + 1, sizeof(char *));
	if (!res->axis)
		return axe_error_set(r->err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	for (size_t a = 0; a < r->u.n; a++, res->naxes++)
		if (!(res->axis[a] = strdup(r->u.name[a])))
			return axe_error_set(r->err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	return 0;
}

int axe_prove_equal(const axe_equal_side *a, const axe_equal_side *b,
		    const axe_equal_options *opt, axe_equal_result *res, axe_error *err)
{
	route r = { a, b, opt, res, { 0 }, display_shape(a, b), axe_clock(), 0, err, 0, 0 };
	int64_t nb;
	int rc = -1;

	memset(res, 0, sizeof(*res));
	res->verdict = AXE_VERDICT_UNKNOWN;
	res->method = opt->method;
	r.deadline = opt->timeout > 0 ? r.start + opt->timeout : 0;
	res->points = axe_side_size(a, err);
	nb = axe_side_size(b, err);
	if (axe_error_is_set(err))
		return -1;
	if (res->points != nb) {
		res->verdict = AXE_VERDICT_FALSE;
		snprintf(res->reason, sizeof(res->reason), "A has %lld points but B has %lld",
			 (long long)res->points, (long long)nb);
		return 0;
	}
	if (axe_axis_union_init(&r.u, a, b, err) < 0)
		return -1;
	if (copy_axes(&r) == 0) {
		rc = 0;
		if (opt->method == AXE_METHOD_AUTO || opt->method == AXE_METHOD_CANON)
			rc = canon_route(&r);
		if (rc == 0 && opt->method != AXE_METHOD_CANON) {
			res->reason[0] = '\0'; /* the canonical forms' verdict was no answer */
			rc = decide(&r, opt->method);
		}
		if (rc > 0)
			rc = 0;
	}
	axe_axis_union_release(&r.u);
	return rc;
}
