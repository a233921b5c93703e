/*
 * cute_args.c: operands and the last step of the CuTe algebra commands
 * (cute_args.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../core/error.h"
#include "../interop/interop.h"
#include "../output/cute_out.h"
#include "commands.h"
#include "cute_args.h"

/* CuTe text as it is, or after `cute:`; "*skip" is the prefix length. */
static bool is_cute_text(const char *arg, size_t *skip)
{
	*skip = strncmp(arg, "cute:", 5) == 0 ? 5 : 0;
	if (*skip)
		return true;
	return arg[0] == '(' || isdigit((unsigned char)arg[0]) || arg[0] == '_' ||
	       strncmp(arg, "Sw<", 3) == 0 || strncmp(arg, "Swizzle<", 8) == 0 ||
	       strncmp(arg, "SW_", 3) == 0;
}

/*
 * The CuTe layout of the Axe operand "op" through the CuTe writer of the
 * interop framework (axis m only; what it writes is read back and proved
 * equal there): 1, 0 with "why" when there is none, or -1.
 */
static int from_axe(const axe_operand *op, axe_cute_composed *c, axe_cute_reason *why,
		    axe_error *err)
{
	char *text = axe_cute_export(op->layout, &op->shape, op->dtype, why->text,
				     sizeof(why->text), err);
	int r;

	if (!text)
		return axe_error_is_set(err) ? -1 : 0;
	r = axe_cute_parse(text, NULL, c, err) < 0 ? -1 : 1;
	free(text);
	return r;
}

/* The sizes of the top-level modes of "l" (at most AXE_MAX_RANK of them). */
static void mode_sizes(const axe_cute_layout *l, axe_shape *shape)
{
	size_t n = axe_cute_tuple_rank(&l->shape);

	shape->rank = n < AXE_MAX_RANK ? n : AXE_MAX_RANK;
	for (size_t i = 0; i < shape->rank; i++) {
		axe_error e;

		axe_error_init(&e);
		if (l->shape.is_leaf)
			shape->dim[i] = l->shape.value;
		else
			axe_cute_tuple_product(&l->shape.child[i], &shape->dim[i], &e);
	}
}

int axe_cute_arg_resolve(const char *arg, const axe_operand_opts *opts, axe_cute_arg *out,
			 axe_error *err)
{
	axe_operand op;
	axe_cute_reason why = { "" };
	size_t skip;
	int r;

	memset(out, 0, sizeof(*out));
	if (is_cute_text(arg, &skip)) {
		axe_loc at = { "<arg>", 1, 1 + (int)skip, arg, strlen(arg) };

		return axe_cute_parse(arg + skip, &at, &out->c, err);
	}
	if (axe_operand_resolve(arg, opts, &op, err) < 0) {
		axe_operand_release(&op);
		return -1;
	}
	r = op.layout ? from_axe(&op, &out->c, &why, err)
		      : axe_cute_refuse(&why, "an expr: layout has no CuTe form");
	axe_operand_release(&op);
	if (r == 0) {
		axe_loc at = { "<arg>", 1, 1, arg, strlen(arg) };

		return axe_error_set(err, AXE_ERR_VALUE, &at, (int)strlen(arg),
				     "no CuTe form for this layout: %s", why.text);
	}
	return r < 0 ? -1 : 0;
}

void axe_cute_arg_release(axe_cute_arg *a)
{
	axe_cute_composed_release(&a->c);
}

bool axe_cute_arg_is_tiler(const char *arg)
{
	return arg[0] == '<';
}

int axe_cute_tiler_resolve(const char *arg, axe_cute_tiler *t, axe_cute_reason *why,
			   axe_error *err)
{
	axe_operand_opts none = { 0 };
	axe_cute_arg b;

	memset(t, 0, sizeof(*t));
	if (axe_cute_arg_is_tiler(arg))
		return axe_cute_tiler_parse(arg, NULL, t, err) < 0 ? -1 : 1;
	if (axe_cute_arg_resolve(arg, &none, &b, err) < 0)
		return -1;
	if (axe_cute_arg_plain(&b, "as the second operand", why) == 0) {
		axe_cute_arg_release(&b);
		return 0;
	}
	t->mode[0] = b.c.layout;
	return 1;
}

int axe_cute_arg_plain(const axe_cute_arg *a, const char *op, axe_cute_reason *why)
{
	if (a->c.swizzle.present)
		return axe_cute_refuse(why, "a swizzled layout %s: CuTe keeps a swizzle only as the "
				       "outermost function of a result, and here it would not be",
				       op);
	if (a->c.offset)
		return axe_cute_refuse(why, "a layout with an offset %s: the offset would not stay "
				       "outermost", op);
	return 1;
}

/*
 * Print "c": its CuTe text and its Axe form, read back through the CuTe
 * reader of the interop framework (validated against CuTe's crd2idx like
 * every import; an `expr:`-only layout has no compact form, said why).  A
 * result too large for that validation is still printed, proved, with the
 * reason in place of its Axe form.
 */
static int emit(const axe_cute_composed *c, const char *proved, bool json, axe_error *err)
{
	char *cute = axe_cute_composed_print(c, err), *axe = NULL;
	axe_import imp = { 0 };
	axe_error ierr;
	int r = -1;

	if (!cute)
		return -1;
	axe_error_init(&ierr);
	if (axe_cute_import(cute, NULL, NULL, &imp, &ierr) < 0) {
		if (ierr.code != AXE_ERR_LIMIT) {
			*err = ierr;
			free(cute);
			return -1;
		}
		memset(&imp, 0, sizeof(imp));
		mode_sizes(&c->layout, &imp.shape);
		snprintf(imp.why_expr, sizeof(imp.why_expr), "%.255s", ierr.message);
	}
	if (!imp.layout || (axe = axe_layout_to_string(imp.layout)))
		r = axe_cute_emit(cute, axe, &imp.shape, imp.why_expr, proved, json, err);
	else
		axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	axe_import_release(&imp);
	free(cute), free(axe);
	return r;
}

int axe_cute_finish(int r, axe_cute_layout *res, const axe_cute_arg *outer,
		    axe_cute_prover *prove, const void *ctx, axe_cute_reason *why, bool json,
		    axe_error *err)
{
	char what[256] = "", detail[400];
	bool have = r > 0;
	axe_cute_composed c;

	if (r > 0) {
		r = prove(ctx, res, what, sizeof(what), why, err);
		if (r == 0) {
			/* CuTe's construction ran but its result is not the operation's */
			snprintf(detail, sizeof(detail), "%.399s", why->text);
			snprintf(why->text, sizeof(why->text), "CuTe's construction does not give "
				 "a layout with the defining property here: %s", detail);
		}
	}
	if (r > 0) {
		c = outer->c;            /* the outer swizzle and offset around the result */
		c.layout = *res;
		r = emit(&c, what, json, err);
	} else if (r == 0) {
		r = axe_cute_emit_refusal(why, json, err);
	}
	if (have)
		axe_cute_layout_release(res);
	return r < 0 ? axe_cli_report(err) : r;
}
