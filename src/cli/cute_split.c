/*
 * cute_split.c: the driver of `divide` and `product` (cute_split.h): parse
 * the options, hand the operands to the library, return its exit status.
 */
#include "commands.h"
#include "cute_args.h"
#include "cute_split.h"
#include "operands.h"

typedef struct split_args {
	axe_cli_operand operand;
	const char *kind;
	bool json;
} split_args;

static int handle(void *ctx, int key, const char *arg)
{
	split_args *a = ctx;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	if (key == AXE_CUTE_SPLIT_KEY_KIND)
		a->kind = arg;
	else if (key == AXE_CUTE_SPLIT_KEY_JSON)
		a->json = true;
	return 0;
}

int axe_cute_split_run(const axe_cute_split *s, int argc, char **argv)
{
	split_args a = { 0 };
	axe_error err;
	int first = axe_opts_parse(s->command, argc, argv, handle, &a);

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 3)
		return axe_usage_error(s->command, "expected two operands, A and %s, got %d",
				       s->second, first - 1);
	axe_error_init(&err);
	return axe_cute_cli_status(s->command,
				   s->run(argv[1], argv[2], &a.operand.map, a.kind,
					  axe_cute_cli_form(a.json), stdout, &err),
				   &err);
}
