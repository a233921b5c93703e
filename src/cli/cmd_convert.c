/*
 * cmd_convert.c: `axe-layout convert`: a layout in another tool's notation,
 * read back and proved equal before it is printed (interop/convert.c), or
 * the reason no such form exists.
 */
#include "commands.h"
#include "operands.h"

enum { KEY_JSON = 256, KEY_TO };

static const axe_opt options[] = {
	{ "to", KEY_TO, "NOTATION", "axe, or another tool's notation this build writes "
				    "(listed by 'axe-layout --help')" },
	{ "json", KEY_JSON, NULL, "one JSON object: to, text, layout, expressible (or reason)" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_convert = {
	"convert", "LAYOUT --to NOTATION [--json]",
	"Print a layout in another notation: axe (the compact form) or another tool's.",
	"The text is read back with the same notation's reader and proved equal to\n"
	"LAYOUT before it is printed.  When no such form exists the reason is printed\n"
	"and the exit status is 1.\n",
	options,
	"a layout in another tool's notation, proved equal, or why none exists",
};

typedef struct convert_args {
	axe_cli_operand operand;
	const char *to;
	bool json;
} convert_args;

static int handle(void *ctx, int key, const char *arg)
{
	convert_args *a = ctx;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_JSON)
		a->json = true;
	else if (key == KEY_TO)
		a->to = arg;
	return 0;
}

int cmd_convert(int argc, char **argv)
{
	convert_args a = { 0 };
	axe_map *map;
	axe_report *report = NULL;
	axe_error err;
	int first = axe_opts_parse(&command_convert, argc, argv, handle, &a), rc;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_convert, "expected one LAYOUT operand, got %d",
				       first - 1);
	if (!a.to)
		return axe_usage_error(&command_convert, "--to NOTATION is required");
	axe_error_init(&err);
	if ((map = axe_cli_read(argv[1], &a.operand, &err)))
		report = axe_convert_report(map, a.to, a.json ? AXE_OUTPUT_JSON : AXE_OUTPUT_TEXT,
					    stdout, &err);
	rc = report ? axe_report_status(report) : axe_cli_report(&err);
	axe_report_free(report);
	axe_map_free(map);
	return rc;
}
