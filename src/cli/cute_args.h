/*
 * cute_args.h: what the commands of CuTe's layout algebra share (compose,
 * complement, divide, product, inverse, coalesce, filter): reading an
 * operand as CuTe text or as an Axe layout on axis m, the rule that a
 * swizzle or offset stays outermost, and the last step (prove, print,
 * exit status).
 */
#ifndef AXE_CLI_CUTE_ARGS_H
#define AXE_CLI_CUTE_ARGS_H

#include "../cute/algebra.h"
#include "operands.h"

/* An operand of a CuTe algebra command. */
typedef struct axe_cute_arg {
	axe_cute_composed c;
} axe_cute_arg;

/*
 * Resolve "arg": `cute:TEXT`, or CuTe text as it is (starting with '(', a
 * digit, '_' or a swizzle `Sw<`/`Swizzle<`/`SW_`), else any Axe operand
 * (literal, spec, other notation) on axis m, converted at the edge by the
 * interop framework's CuTe writer.  An Axe layout with no CuTe form
 * (replica, another axis) is an input error naming the reason.  0 or -1.
 */
int axe_cute_arg_resolve(const char *arg, const axe_operand_opts *opts, axe_cute_arg *out,
			 axe_error *err);
void axe_cute_arg_release(axe_cute_arg *a);

/* Whether "arg" is a by-mode tiler `<...>`. */
bool axe_cute_arg_is_tiler(const char *arg);

/*
 * Read the tiler operand "arg" (`<B0,...>` or one layout operand) into "t":
 * 1, 0 with "why" when a layout operand carries a swizzle or an offset (it
 * would sit inside the result), or -1.
 */
int axe_cute_tiler_resolve(const char *arg, axe_cute_tiler *t, axe_cute_reason *why,
			   axe_error *err);

/*
 * 1 when "a" is a plain layout, else 0 with "why": operation "op" keeps no
 * swizzle or offset (CuTe would drop it or put it inside).
 */
int axe_cute_arg_plain(const axe_cute_arg *a, const char *op, axe_cute_reason *why);

/*
 * The end of every command: "r" is the operation's answer (1 result in
 * "res", 0 refused with "why", -1 error in "err").  A result is proved by
 * "prove" (called with "ctx"), then printed with the swizzle and offset of
 * "outer" around it.  Returns the exit status.
 */
typedef int axe_cute_prover(const void *ctx, const axe_cute_layout *res, char *what,
			    size_t what_size, axe_cute_reason *why, axe_error *err);
int axe_cute_finish(int r, axe_cute_layout *res, const axe_cute_arg *outer,
		    axe_cute_prover *prove, const void *ctx, axe_cute_reason *why, bool json,
		    axe_error *err);

#endif
