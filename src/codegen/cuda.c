/*
 * cuda.c: printing the proved index functions of a layout (cuda.h;
 * axe-layout(1), "emit-cuda"): one `__host__ __device__ inline long
 * long NAME_AXIS(i0, ..., r0, ...)` per axis and, for separable layouts,
 * `bool NAME_inverse(AXIS..., long long *i0, ...)`; C names, and the
 * comments that say what was proved.
 *
 * Expressions are printed by expr/ in C with floor semantics kept where
 * interval analysis cannot show that operands are non-negative
 * (semantics.md "Integer semantics of expressions").
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../expr/expr_source.h"
#include "cuda_private.h"

#define WRAP 88 /* columns of generated code and comments before a line is broken */

/* Words C, C++ and CUDA reserve, and names CUDA predefines in device code. */
static const char *const reserved[] = {
	"alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "blockDim",
	"blockIdx", "bool", "break", "case", "catch", "char", "char16_t", "char32_t",
	"char8_t", "class", "co_await", "co_return", "co_yield", "compl", "concept", "const",
	"consteval", "constexpr", "constinit", "const_cast", "continue", "decltype",
	"default", "delete", "do", "double", "dynamic_cast", "else", "enum", "explicit",
	"export", "extern", "false", "float", "for", "friend", "goto", "gridDim", "if",
	"inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
	"nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register",
	"reinterpret_cast", "requires", "restrict", "return", "short", "signed", "sizeof",
	"static", "static_assert", "static_cast", "struct", "switch", "template", "this",
	"thread_local", "threadIdx", "throw", "true", "try", "typedef", "typeid", "typename",
	"union", "unsigned", "using", "virtual", "void", "volatile", "warpSize", "wchar_t",
	"while", "xor", "xor_eq",
};

/* "fmt" formatted into a new string; NULL on no memory. */
static char *format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *format(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	return n < 0 ? NULL : s;
}

bool axe_cuda_is_identifier(const char *name)
{
	if (!(*name == '_' || (*name >= 'a' && *name <= 'z') || (*name >= 'A' && *name <= 'Z')))
		return false;
	for (const char *p = name + 1; *p; p++)
		if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9')))
			return false;
	return true;
}

bool axe_cuda_is_reserved(const char *name)
{
	for (size_t i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++)
		if (strcmp(name, reserved[i]) == 0)
			return true;
	/* C reserves _X... and __... everywhere. */
	return name[0] == '_' && (name[1] == '_' || (name[1] >= 'A' && name[1] <= 'Z'));
}

int axe_cuda_check_name(const char *name, const axe_loc *loc, const char *what, axe_error *err)
{
	int span = (int)strlen(name);

	if (!axe_cuda_is_identifier(name))
		return axe_error_set(err, AXE_ERR_VALUE, loc, span, "%s '%s' is not a C identifier: "
				     "the functions are named after it", what, name);
	if (axe_cuda_is_reserved(name))
		return axe_error_set(err, AXE_ERR_VALUE, loc, span, "%s '%s' is reserved in C, C++ "
				     "or CUDA", what, name);
	if (span > AXE_CUDA_NAME_MAX - 32)
		return axe_error_set(err, AXE_ERR_VALUE, loc, span, "%s '%s' is longer than %d "
				     "characters", what, name, AXE_CUDA_NAME_MAX - 32);
	return 0;
}

/* True for i0, i1, ... and r0, r1, ...: the names of the functions' own parameters. */
static bool is_digit_name(const char *name)
{
	if (name[0] != 'i' && name[0] != 'r')
		return false;
	if (name[1] == '\0')
		return false;
	for (const char *p = name + 1; *p; p++)
		if (*p < '0' || *p > '9')
			return false;
	return true;
}

char *axe_cuda_param_name(const char *axis)
{
	bool clash = axe_cuda_is_reserved(axis) || is_digit_name(axis) ||
		     strncmp(axis, "axe_", 4) == 0;
	size_t len = strlen(axis) + 5;
	char *name = malloc(len);

	if (name)
		snprintf(name, len, "%s%s", clash ? "axe_" : "", axis);
	return name;
}

char *axe_cuda_expr_text(const axe_cuda_index *ix, const axe_expr *x)
{
	return axe_expr_to_string(ix->ctx, x, AXE_SYNTAX_C);
}

/* True when "e" refers to variable "v". */
static bool uses_var(const axe_expr *e, int v)
{
	if (e->op == AXE_EXPR_VAR)
		return e->value == v;
	if (e->op == AXE_EXPR_CONST)
		return false;
	return uses_var(e->a, v) || uses_var(e->b, v);
}

bool axe_cuda_index_uses_floor(const axe_cuda_index *ix)
{
	size_t n = ix->inverse ? ix->rank + ix->nreplica : 0;
	bool uses = false;

	for (size_t j = 0; j < ix->naxes + n && !uses; j++) {
		const axe_expr *x = j < ix->naxes ? ix->forward[j] : ix->inverse[j - ix->naxes];
		char *text = axe_cuda_expr_text(ix, x);
		uses = !text || axe_expr_c_needs_prelude(text);
		free(text);
	}
	return uses;
}

/*
 * "head", then "n" items joined by "sep" (", " or " ||": the separator,
 * then a space), then "tail", as one line or, past WRAP columns, continued
 * on lines indented by one more tab.
 */
static void print_list(axe_emit *e, const char *head, char **item, size_t n, const char *sep,
		       const char *tail)
{
	axe_emit_begin(e);
	axe_emit_put(e, "%s", head);
	for (size_t k = 0; k < n; k++) {
		const char *end = k + 1 < n ? sep : tail;
		if (k > 0 && e->col + 1 + strlen(item[k]) + strlen(end) > WRAP) {
			axe_emit_end(e);
			axe_emit_begin(e);
			axe_emit_put(e, "\t%s%s", item[k], end);
		} else {
			axe_emit_put(e, "%s%s%s", k ? " " : "", item[k], end);
		}
	}
	if (n == 0)
		axe_emit_put(e, "%s", tail);
	axe_emit_end(e);
}

/* "long long NAME", or the name in a comment for a parameter "x" never reads. */
static char *param(const axe_cuda_index *ix, const axe_expr *x, int v)
{
	const char *name = ix->ctx->var[v].name;
	size_t len = strlen(name) + 20;
	char *s = malloc(len);

	if (s)
		snprintf(s, len, uses_var(x, v) ? "long long %s" : "long long /*%s*/", name);
	return s;
}

/* True when every node of "e" (variables included) has a value that fits in an int. */
static bool fits_int32(const axe_expr *e)
{
	if (!e->bounded || e->lo < INT32_MIN || e->hi > INT32_MAX)
		return false;
	if (e->op == AXE_EXPR_CONST || e->op == AXE_EXPR_VAR)
		return true;
	return fits_int32(e->a) && fits_int32(e->b);
}

/*
 * "x" in C over int copies of its variables, named with a trailing '_'
 * ("i0_" for "i0"): the printer reads only the names, so a copy of the
 * context with renamed variables serves.  NULL on no memory.
 */
static char *expr_text_int(const axe_cuda_index *ix, const axe_expr *x)
{
	axe_expr_ctx renamed = *ix->ctx;
	axe_expr_variable *var = calloc(ix->ctx->nvars + 1, sizeof(*var));
	char *text = NULL;
	bool ok = var != NULL;

	for (size_t v = 0; ok && v < ix->ctx->nvars; v++) {
		var[v] = ix->ctx->var[v];
		ok = (var[v].name = format("%s_", ix->ctx->var[v].name)) != NULL;
	}
	renamed.var = var;
	if (ok)
		text = axe_expr_to_string(&renamed, x, AXE_SYNTAX_C);
	for (size_t v = 0; var && v < ix->ctx->nvars; v++)
		free(var[v].name);
	free(var);
	return text;
}

/*
 * When "x" computes something and every intermediate value fits in 32 bits
 * (interval analysis over the variables' ranges), its variables as int copies, "const int
 * i0_ = (int)i0, ...;" (GPUs divide 32-bit integers several times faster);
 * "*body" then prints "x" over them.  Else nothing, and "*body" over the
 * parameters.  0, or -1 on no memory.
 */
static int int_copies(axe_emit *e, const axe_cuda_index *ix, const axe_expr *x, char **body)
{
	char line[1024];
	size_t len = 0;

	if (x->op == AXE_EXPR_VAR || x->op == AXE_EXPR_CONST || !fits_int32(x)) {
		*body = axe_cuda_expr_text(ix, x);
		return *body ? 0 : -1;
	}
	for (size_t v = 0; v < ix->ctx->nvars && len < sizeof(line); v++)
		if (uses_var(x, (int)v))
			len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%s_ = (int)%s",
						len ? ", " : "const int ", ix->ctx->var[v].name,
						ix->ctx->var[v].name);
	if (len > 0 && len < sizeof(line)) {
		axe_emit_line(e, "/* 32-bit arithmetic: every value below fits (interval analysis). */");
		axe_emit_line(e, "%s;", line);
		*body = expr_text_int(ix, x);
	} else {
		*body = axe_cuda_expr_text(ix, x);
	}
	return *body ? 0 : -1;
}

static void print_forward(axe_emit *e, const axe_cuda_index *ix, size_t a)
{
	size_t n = ix->rank + ix->nreplica;
	char **items = calloc(n + 1, sizeof(*items));
	char *head = format("__host__ __device__ inline long long %s_%s(", ix->name,
			    ix->axis[a]);
	char *body = NULL;

	if (!items || !head) {
		e->nomem = true;
		goto out;
	}
	for (size_t d = 0; d < ix->rank; d++)
		items[d] = param(ix, ix->forward[a], axe_cuda_var_coord(ix, d));
	for (size_t t = 0; t < ix->nreplica; t++)
		items[ix->rank + t] = param(ix, ix->forward[a], axe_cuda_var_replica(ix, t));
	for (size_t k = 0; k < n; k++)
		if (!items[k])
			e->nomem = true;
	if (!e->nomem)
		print_list(e, head, items, n, ",", ")");
	axe_emit_open(e, "{");
	if (int_copies(e, ix, ix->forward[a], &body) < 0)
		e->nomem = true;
	else
		axe_emit_line(e, "return %s;", body);
	axe_emit_close(e, "");
out:
	for (size_t k = 0; items && k < n; k++)
		free(items[k]);
	free(items);
	free(body);
	free(head);
}

/* "return" and "items" joined by " &&", wrapped under the first item, then ";". */
static void print_conjunction(axe_emit *e, char **items, size_t n)
{
	axe_emit_begin(e);
	axe_emit_put(e, "return");
	for (size_t k = 0; k < n; k++) {
		const char *sep = k + 1 < n ? " &&" : ";";
		if (k > 0 && e->col + 1 + strlen(items[k]) + strlen(sep) > WRAP) {
			axe_emit_end(e);
			axe_emit_begin(e);
			axe_emit_put(e, "      ");
		}
		axe_emit_put(e, " %s%s", items[k], sep);
	}
	axe_emit_end(e);
}

/* "(*i0, *i1, r0)": the forward functions' arguments inside the inverse. */
static void forward_args(const axe_cuda_index *ix, char *buf, size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "(");

	for (size_t j = 0; j < ix->rank + ix->nreplica && n < size; j++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s%zu", j ? ", " : "",
				      j < ix->rank ? "*i" : "r", j < ix->rank ? j : j - ix->rank);
	if (n < size)
		snprintf(buf + n, size - n, ")");
}

/*
 * The checks that make the inverse answer "false" off the image: each
 * coordinate and replica digit in range (where interval analysis cannot
 * show it), then every axis recomputed by the forward functions.
 */
static size_t inverse_checks(const axe_cuda_index *ix, char **items)
{
	char args[1024];
	size_t n = 0;

	forward_args(ix, args, sizeof(args));
	for (size_t j = 0; j < ix->rank + ix->nreplica; j++) {
		const axe_expr *x = ix->inverse[j];
		int64_t limit = j < ix->rank ? ix->shape.dim[j]
					     : ix->replica_extent[j - ix->rank];
		char var[32];
		snprintf(var, sizeof(var), "%s%zu", j < ix->rank ? "*i" : "r",
			 j < ix->rank ? j : j - ix->rank);
		if (!(x->bounded && x->lo >= 0))
			items[n++] = format("%s >= 0", var);
		if (!(x->bounded && x->hi < limit))
			items[n++] = format("%s < %lld", var, (long long)limit);
	}
	for (size_t a = 0; a < ix->naxes; a++)
		items[n++] = format("%s_%s%s == %s", ix->name, ix->axis[a], args,
				    ix->ctx->var[axe_cuda_var_axis(ix, a)].name);
	return n;
}

/* "if (laneid < 0 || laneid > 31 || ...)": arguments outside every image. */
static void print_guard(axe_emit *e, const axe_cuda_index *ix)
{
	char **items = calloc(2 * ix->naxes + 1, sizeof(*items));
	size_t n = 0;

	if (!items) {
		e->nomem = true;
		return;
	}
	for (size_t a = 0; a < ix->naxes; a++) {
		const char *p = ix->ctx->var[axe_cuda_var_axis(ix, a)].name;
		items[n++] = format("%s < %lld || %s > %lld", p, (long long)ix->lo[a], p,
				    (long long)ix->hi[a]);
	}
	for (size_t k = 0; k < n; k++)
		if (!items[k])
			e->nomem = true;
	if (!e->nomem) {
		print_list(e, "if (", items, n, " ||", ")");
		axe_emit_line(e, "\treturn false;");
	}
	for (size_t k = 0; k < n; k++)
		free(items[k]);
	free(items);
}

/* The head of the inverse: axis values in, coordinates out. */
static void print_inverse_head(axe_emit *e, const axe_cuda_index *ix)
{
	char **items = calloc(ix->naxes + ix->rank + 1, sizeof(*items));
	char head[AXE_CUDA_NAME_MAX + 64];
	size_t n = 0;

	if (!items) {
		e->nomem = true;
		return;
	}
	for (size_t a = 0; a < ix->naxes; a++)
		items[n++] = format("long long %s", ix->ctx->var[axe_cuda_var_axis(ix, a)].name);
	for (size_t d = 0; d < ix->rank; d++)
		items[n++] = format("long long *i%zu", d);
	for (size_t k = 0; k < n; k++)
		if (!items[k])
			e->nomem = true;
	snprintf(head, sizeof(head), "__host__ __device__ inline bool %s_inverse(", ix->name);
	if (!e->nomem)
		print_list(e, head, items, n, ",", ")");
	for (size_t k = 0; k < n; k++)
		free(items[k]);
	free(items);
}

static void print_inverse(axe_emit *e, const axe_cuda_index *ix)
{
	size_t n = ix->rank + ix->nreplica;
	char **checks = calloc(2 * n + ix->naxes + 1, sizeof(*checks));
	size_t nchecks = 0;

	if (!checks) {
		e->nomem = true;
		return;
	}
	print_inverse_head(e, ix);
	axe_emit_open(e, "{");
	print_guard(e, ix);
	for (size_t j = 0; j < n; j++) {
		char *text = axe_cuda_expr_text(ix, ix->inverse[j]);
		if (!text) {
			e->nomem = true;
			continue;
		}
		if (j < ix->rank)
			axe_emit_line(e, "*i%zu = %s;", j, text);
		else
			axe_emit_line(e, "const long long r%zu = %s;", j - ix->rank, text);
		free(text);
	}
	nchecks = inverse_checks(ix, checks);
	for (size_t k = 0; k < nchecks; k++)
		if (!checks[k])
			e->nomem = true;
	if (!e->nomem)
		print_conjunction(e, checks, nchecks);
	axe_emit_close(e, "");
	for (size_t k = 0; k < nchecks; k++)
		free(checks[k]);
	free(checks);
}

void axe_cuda_print_functions(axe_emit *e, const axe_cuda_index *ix)
{
	for (size_t a = 0; a < ix->naxes; a++) {
		print_forward(e, ix, a);
		axe_emit_line(e, "%s", "");
	}
	if (ix->inverse && ix->inverse_proof.verdict == AXE_VERDICT_TRUE) {
		print_inverse(e, ix);
		axe_emit_line(e, "%s", "");
	}
}

void axe_cuda_print_comment(axe_emit *e, const char *text, const char *hang)
{
	const char *p = text;
	bool first = true;

	while (*p) {
		size_t start;
		axe_emit_begin(e);
		axe_emit_put(e, " * %s", first ? "" : hang);
		start = e->col;
		while (*p) {
			size_t word = strcspn(p, " ");
			if (e->col > start && e->col + 1 + word > WRAP - 8)
				break;
			axe_emit_put(e, "%s%.*s", e->col > start ? " " : "", (int)word, p);
			p += word;
			while (*p == ' ')
				p++;
		}
		axe_emit_end(e);
		first = false;
	}
}

void axe_cuda_print_proofs(axe_emit *e, const axe_cuda_index *ix)
{
	const axe_cuda_proof *inv = &ix->inverse_proof;
	char *names = format("%s", ""), *text, *next;

	for (size_t a = 0; a < ix->naxes && names; a++) {
		next = format("%s%s%s_%s", names, a == 0 ? "" : a + 1 < ix->naxes ? ", " : " and ",
			      ix->name, ix->axis[a]);
		free(names);
		names = next;
	}
	text = names ? format("- %s equal%s the layout: %s.", names, ix->naxes > 1 ? "" : "s",
			      ix->forward_proof.how) : NULL;
	if (text)
		axe_cuda_print_comment(e, text, "  ");
	free(text);
	if (ix->inverse && inv->verdict == AXE_VERDICT_TRUE)
		text = format("- %s_inverse gives back every coordinate%s from the forward "
			      "functions' values: %s. It returns false for arguments that are no "
			      "image.", ix->name, ix->nreplica ? " and replica digit" : "", inv->how);
	else if (ix->inverse)
		text = format("- no %s_inverse: its proof did not succeed (%s).", ix->name, inv->how);
	else
		text = format("- no %s_inverse: %s.", ix->name, inv->how);
	if (text)
		axe_cuda_print_comment(e, text, "  ");
	if (!names || !text)
		e->nomem = true;
	free(names);
	free(text);
}

void axe_cuda_print_prelude(axe_emit *e, bool floor)
{
	axe_emit_directive(e, "#ifndef __CUDACC__ /* plain C++: the functions run on the host */");
	axe_emit_directive(e, "#define __host__");
	axe_emit_directive(e, "#define __device__");
	axe_emit_directive(e, "#define __forceinline__ inline");
	axe_emit_directive(e, "#endif");
	if (floor)
		axe_emit_text(e, axe_expr_c_prelude());
	axe_emit_line(e, "%s", "");
}

/* "next" appended to "*text" (both freed; *text NULL once memory ran out). */
static void append(char **text, char *next)
{
	char *joined = *text && next ? format("%s%s", *text, next) : NULL;

	free(*text);
	free(next);
	*text = joined;
}

char *axe_cuda_domain_text(const axe_cuda_index *ix)
{
	char *text = format("%s", "[");

	for (size_t d = 0; d < ix->rank; d++)
		append(&text, format("%s%lld", d ? ", " : "", (long long)ix->shape.dim[d]));
	for (size_t d = 0; d < ix->rank; d++)
		append(&text, format("%si%zu in [0, %lld)", d ? ", " : "]: ", d,
				     (long long)ix->shape.dim[d]));
	if (ix->rank == 0)
		append(&text, format("%s", "] (one point, no coordinates)"));
	for (size_t t = 0; t < ix->nreplica; t++)
		append(&text, format("%sr%zu in [0, %lld)",
				     t ? ", " : ix->nreplica > 1 ? "; replica digits "
								: "; replica digit ",
				     t, (long long)ix->replica_extent[t]));
	return text;
}

/* "text" formatted as a wrapped comment paragraph (see axe_cuda_print_comment). */
static void comment(axe_emit *e, char *text)
{
	if (text)
		axe_cuda_print_comment(e, text, "");
	else
		e->nomem = true;
	free(text);
}

void axe_cuda_emit_index(axe_emit *e, const axe_cuda_index *ix)
{
	char *layout = ix->layout ? axe_layout_to_string(ix->layout)
				  : axe_expr_layout_to_string(ix->expr);
	char *domain = axe_cuda_domain_text(ix);

	axe_emit_line(e, "/*");
	comment(e, format("%s: index functions of an Axe layout, generated by axe-layout "
			  "emit-cuda --kind index.", ix->name));
	axe_emit_line(e, " *");
	comment(e, layout ? format("layout %s", layout) : NULL);
	comment(e, domain ? format("shape %s", domain) : NULL);
	axe_emit_line(e, " *");
	comment(e, format("%s_AXIS(i..., r...) is the layout's value on AXIS at point (i...) in "
			  "the image of replica digits (r...); the arguments must lie in the "
			  "ranges above. Proved before printing:", ix->name));
	axe_cuda_print_proofs(e, ix);
	axe_emit_line(e, " */");
	axe_cuda_print_prelude(e, axe_cuda_index_uses_floor(ix));
	axe_cuda_print_functions(e, ix);
	free(layout);
	free(domain);
}

/* Fill "res" for index functions "ix" whose forward proof did not succeed. */
void axe_cuda_refuse(const axe_cuda_index *ix, axe_cuda_outcome *res)
{
	bool refuted = ix->forward_proof.verdict == AXE_VERDICT_FALSE;

	res->status = refuted ? AXE_EXIT_FALSE : AXE_EXIT_UNDECIDED;
	snprintf(res->why, sizeof(res->why), "the index expressions of '%s' %s (%s); nothing "
		 "emitted", ix->name, refuted ? "differ from the layout" : "could not be proved",
		 ix->forward_proof.how);
}

/* The file of the built "ix" (released here), or in "res" why there is none. */
static int emit_built(axe_cuda_index *ix, axe_emit *out, axe_cuda_outcome *res)
{
	if (ix->forward_proof.verdict != AXE_VERDICT_TRUE)
		axe_cuda_refuse(ix, res);
	else
		axe_cuda_emit_index(out, ix);
	axe_cuda_index_release(ix);
	return 0;
}

int axe_cuda_generate_index(const axe_cuda_operand *op, const char *name, double timeout,
			    axe_emit *out, axe_cuda_outcome *res, axe_error *err)
{
	axe_cuda_index ix;

	res->status = AXE_EXIT_OK;
	res->why[0] = '\0';
	if (axe_cuda_index_build(&ix, op->layout, &op->shape, name, timeout, err) < 0) {
		axe_cuda_index_release(&ix);
		return -1;
	}
	return emit_built(&ix, out, res);
}

int axe_cuda_generate_index_expr(const axe_expr_layout *layout, const char *name,
				 double timeout, axe_emit *out, axe_cuda_outcome *res,
				 axe_error *err)
{
	axe_cuda_index ix;

	res->status = AXE_EXIT_OK;
	res->why[0] = '\0';
	if (axe_cuda_index_build_expr(&ix, layout, name, timeout, err) < 0) {
		axe_cuda_index_release(&ix);
		return -1;
	}
	return emit_built(&ix, out, res);
}
