/* check.c: does the layout the compiler chose match the kernel's indexing? */
#include <axe.h>
#include <stdio.h>

int main(void)
{
	axe_error err;
	axe_error_init(&err);
	axe_map *tile = axe_map_read("S[(4,4,32,16):(2048,16,64,1)]", NULL, &err);
	axe_map *kernel = tile ? axe_map_read_expr("m = (32*bi + ii)*64 + 16*bj + jj",
						   "bi,bj,ii,jj", NULL, "4,4,32,16", &err)
			       : NULL;
	axe_equality *eq = kernel ? axe_map_equal(tile, kernel, NULL, &err) : NULL;
	int status = 2;

	if (eq) {
		char *answer = axe_equality_to_string(eq, AXE_OUTPUT_TEXT);
		printf("%s", answer);
		status = axe_equality_verdict(eq) == AXE_VERDICT_TRUE ? 0 : 1;
		axe_string_free(answer);
	} else {
		fprintf(stderr, "%s:%d:%d: error: %s\n", err.source, err.line, err.col,
			err.message);
	}
	axe_equality_free(eq);
	axe_map_free(kernel);
	axe_map_free(tile);
	return status;
}
