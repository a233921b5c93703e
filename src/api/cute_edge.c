/*
 * cute_edge.c: CuTe operands and results at the edge of Axe's layouts
 * (cute_edge.h), through the interop framework's CuTe reader and writer.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../interop/interop.h"
#include "cute_edge.h"

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

int axe_api_cute_read(const char *arg, const axe_operand_opts *opts, axe_cute_composed *out,
		      axe_error *err)
{
	axe_operand op;
	axe_cute_reason why = { "" };
	size_t skip;
	int r;

	memset(out, 0, sizeof(*out));
	if (is_cute_text(arg, &skip)) {
		axe_loc at = { "<arg>", 1, 1 + (int)skip, arg, strlen(arg) };

		return axe_cute_parse(arg + skip, &at, out, err);
	}
	if (axe_operand_resolve(arg, opts, &op, err) < 0) {
		axe_operand_release(&op);
		return -1;
	}
	r = op.layout ? from_axe(&op, out, &why, err)
		      : axe_cute_refuse(&why, "an expr: layout has no CuTe form");
	axe_operand_release(&op);
	if (r == 0) {
		axe_loc at = { "<arg>", 1, 1, arg, strlen(arg) };

		return axe_error_set(err, AXE_ERR_VALUE, &at, (int)strlen(arg),
				     "no CuTe form for this layout: %s", why.text);
	}
	return r < 0 ? -1 : 0;
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

int axe_api_cute_axe_form(const axe_cute_composed *c, const char *cute, char **axe,
			  axe_shape *shape, char *why, size_t why_size, axe_error *err)
{
	axe_import imp = { 0 };
	axe_error ierr;
	int r = 0;

	*axe = NULL;
	axe_error_init(&ierr);
	if (axe_cute_import_composed(c, cute, &imp, &ierr) < 0) {
		/*
		 * The result is CuTe's, proved: one that Axe cannot read (too large to
		 * validate, of rank 0) is still printed, with the reason it has no Axe form.
		 */
		if (ierr.code == AXE_ERR_NOMEM) {
			*err = ierr;
			return -1;
		}
		mode_sizes(&c->layout, shape);
		snprintf(why, why_size, "%.255s", ierr.message);
		return 0;
	}
	*shape = imp.shape;
	snprintf(why, why_size, "%s", imp.why_expr);
	if (imp.layout && !(*axe = axe_layout_to_string(imp.layout)))
		r = axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	axe_import_release(&imp);
	return r;
}
