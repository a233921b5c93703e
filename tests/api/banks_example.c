/* banks.c: fail when the reader of a shared-memory tile has bank conflicts. */
#include <axe.h>
#include <stdio.h>

int main(void)
{
	axe_banks_request req = { .threads = "specs/banks_column.yaml:reader",
				  .max_conflicts_given = 1, .max_conflicts = 0 };
	axe_error err;
	axe_error_init(&err);
	axe_map *smem = axe_map_read("specs/banks_column.yaml:smem", NULL, &err);
	axe_report *r = smem ? axe_banks_report(smem, &req, AXE_OUTPUT_TEXT, stdout, &err)
			     : NULL;
	int status = r ? axe_report_status(r) : AXE_EXIT_INPUT;

	if (!r) {
		char *text = axe_error_to_string(&err, "banks");
		fputs(text, stderr);
		axe_string_free(text);
	} else if (status != AXE_EXIT_OK) {
		fprintf(stderr, "banks: %s\n", axe_report_reason(r));
	}
	axe_report_free(r);
	axe_map_free(smem);
	return status;
}
