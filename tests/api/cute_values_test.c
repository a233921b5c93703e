/*
 * cute_values_test.c: CuTe layouts held in memory (axe.h, "[cute values]").
 * Every row of tests/data/cute_algebra/cpp_cases.txt (results of CuTe's C++
 * library at CUTLASS 7107b055, each row citing its C++ expression) is run
 * through the values API and must give C++'s result; then the API's own
 * contract: refusals, errors, evaluation, tilers.  TAP output.
 */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "check.h"

#define CASES "tests/data/cute_algebra/cpp_cases.txt"

/* "text" without the '_' of static integers (the table writes none). */
static void strip_static(char *text)
{
	char *w = text;

	for (const char *r = text; *r; r++)
		if (*r != '_' || (r[1] < '0' || r[1] > '9'))
			*w++ = *r;
	*w = '\0';
}

/* The tiler "<M0,M1,...>" (a mode "_" kept) as a value, or NULL. */
static axe_cute_value *read_tiler(const char *text, axe_error *err)
{
	axe_cute_value *modes[8] = { NULL }, *t = NULL;
	char buf[512];
	size_t n = 0, depth = 0, start = 1;

	snprintf(buf, sizeof(buf), "%s", text);
	for (size_t i = 1; buf[i] && n < 8; i++) {
		depth += buf[i] == '(';
		depth -= buf[i] == ')';
		if (depth == 0 && (buf[i] == ',' || buf[i] == '>')) {
			buf[i] = '\0';
			if (strcmp(buf + start, "_") != 0 && !(modes[n] = axe_cute_value_read(buf + start, err)))
				goto done;
			n++, start = i + 1;
		}
	}
	t = axe_cute_value_tiler((const axe_cute_value *const *)modes, n, err);
done:
	for (size_t i = 0; i < 8; i++)
		axe_cute_value_free(modes[i]);
	return t;
}

/* Operation "op" on "a" and "b" as the table names them; NULL with "err". */
static axe_cute_value *run(const char *op, const axe_cute_value *a, const char *btext,
			   axe_error *err)
{
	axe_cute_value *b = NULL, *r = NULL;
	char kind[32] = ""; /* "zipped" of "zipped_divide" */

	if (strchr(op, '_'))
		snprintf(kind, sizeof(kind), "%.*s", (int)(strchr(op, '_') - op), op);

	if (strcmp(op, "coalesce") == 0)
		return axe_cute_value_coalesce(a, NULL, err);
	if (strcmp(op, "filter") == 0)
		return axe_cute_value_filter(a, err);
	if (strcmp(op, "right_inverse") == 0 || strcmp(op, "left_inverse") == 0)
		return axe_cute_value_inverse(a, op[0] == 'l', err);
	if (strcmp(op, "complement") == 0)
		return axe_cute_value_complement(a, strtoll(btext, NULL, 10), err);
	b = btext[0] == '<' ? read_tiler(btext, err) : axe_cute_value_read(btext, err);
	if (!b)
		return NULL;
	if (strcmp(op, "coalesce_profile") == 0)
		r = axe_cute_value_coalesce(a, b, err);
	else if (strcmp(op, "compose") == 0)
		r = axe_cute_value_compose(a, b, err);
	else if (strstr(op, "_divide"))
		r = axe_cute_value_divide(a, b, kind, err);
	else if (strstr(op, "_product"))
		r = axe_cute_value_product(a, b, kind, err);
	axe_cute_value_free(b);
	return r;
}

static void test_cpp_table(void)
{
	FILE *f = fopen(CASES, "r");
	char line[2048], *field[5], *save, *p;
	int rows = 0, differ = 0;

	check(f != NULL, "the C++ table is readable (" CASES ")");
	while (f && fgets(line, sizeof(line), f)) {
		axe_cute_value *a, *r;
		axe_error err;
		char *got;
		int n = 0;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = '\0';
		for (p = line; n < 5 && (field[n] = strtok_r(p, "\t", &save)); p = NULL)
			n++;
		axe_error_init(&err);
		a = axe_cute_value_read(field[1], &err);
		r = a ? run(field[0], a, field[2], &err) : NULL;
		got = r ? axe_cute_value_to_string(r) : NULL;
		if (got)
			strip_static(got);
		if (!got || strcmp(got, field[3]) != 0) {
			differ++;
			printf("# %s %s %s: C++ %s, got %s (%s)\n", field[0], field[1], field[2],
			       field[3], got ? got : "nothing", err.message);
		}
		rows++;
		axe_string_free(got);
		axe_cute_value_free(r);
		axe_cute_value_free(a);
	}
	if (f)
		fclose(f);
	printf("# %d rows of CuTe C++ results, %d differ\n", rows, differ);
	check(rows > 1500 && differ == 0, "every C++ result of the table, through values");
}

static void test_refusal_and_errors(void)
{
	axe_cute_value *a, *b, *r;
	axe_error err;

	axe_error_init(&err);
	a = axe_cute_value_read("(6,4):(4,1)", &err);
	b = axe_cute_value_read("3:4", &err);
	r = axe_cute_value_compose(a, b, &err);
	check(!r && err.code == AXE_ERR_NONE &&
		      strncmp(err.message, "stride divisibility condition fails", 35) == 0,
	      "no such layout: NULL, code unset, the reason in the message");
	axe_cute_value_free(b);
	axe_error_init(&err);
	r = axe_cute_value_divide(a, a, "blocked", &err);
	check(!r && err.code == AXE_ERR_VALUE && strcmp(err.source, "--kind") == 0 &&
		      contains(err.message, "logical, zipped, tiled or flat"),
	      "a kind that divide does not have is an error naming the kinds");
	axe_error_init(&err);
	check(!axe_cute_value_read("(8,8:(1,8)", &err) && err.code == AXE_ERR_SYNTAX &&
		      err.col == 5, "malformed text: a syntax error at its column");
	axe_error_init(&err);
	b = axe_cute_value_tiler((const axe_cute_value *const[]){ a, NULL }, 2, &err);
	r = axe_cute_value_compose(b, a, &err);
	check(b && !r && err.code == AXE_ERR_VALUE && contains(err.message, "tiler"),
	      "a tiler as A is an error");
	axe_error_init(&err);
	check(!axe_cute_value_mode(a, 2, &err) && err.code == AXE_ERR_RANGE,
	      "mode 2 of a rank-2 layout is out of range");
	axe_cute_value_free(b);
	axe_cute_value_free(a);
}

static void test_values(void)
{
	axe_cute_value *a, *sw, *gmma, *m, *t;
	int64_t out = -1, c2[2] = { 1, 2 };
	axe_error err;
	char *text;

	axe_error_init(&err);
	a = axe_cute_value_read("(4,(2,3)):(1,(4,8))", &err);
	check(a && axe_cute_value_size(a) == 24 && axe_cute_value_cosize(a) == 24 &&
		      axe_cute_value_rank(a) == 2 && !axe_cute_value_is_tiler(a),
	      "size 24, cosize 3 + 4 + 2*8 + 1 = 24, rank 2");
	/* crd2idx: 1-D 13 = (1, 3): 1*1 + (1*4 + 1*8) = 13; per mode (1, 2) is the same point */
	check(axe_cute_value_eval(a, (int64_t[]){ 13 }, 1, &out, &err) == 0 && out == 13 &&
		      axe_cute_value_eval(a, c2, 2, &out, &err) == 0 && out == 9,
	      "eval by 1-D index and by one index per mode");
	check(axe_cute_value_eval(a, (int64_t[]){ 24 }, 1, &out, &err) < 0 &&
		      err.code == AXE_ERR_RANGE, "an index outside the domain is AXE_ERR_RANGE");
	axe_error_init(&err);
	m = axe_cute_value_mode(a, 1, &err);
	text = m ? axe_cute_value_to_string(m) : NULL;
	check(text && strcmp(text, "(2,3):(4,8)") == 0, "mode 1 is (2,3):(4,8)");
	axe_string_free(text);
	t = axe_cute_value_tiler((const axe_cute_value *const[]){ m, NULL }, 2, &err);
	text = t ? axe_cute_value_to_string(t) : NULL;
	check(text && strcmp(text, "<(2,3):(4,8),_>") == 0 && axe_cute_value_is_tiler(t) &&
		      axe_cute_value_size(t) == -1, "a tiler prints as <B0,_>");
	axe_string_free(text);
	/* Sw<1,0,1> on 0..3: 1 -> 1, 2 -> 2 ^ 1 = 3 (bit 1 XORed into bit 0) */
	sw = axe_cute_value_read("Sw<1,0,1> o _0 o 4:1", &err);
	check(sw && axe_cute_value_eval(sw, (int64_t[]){ 2 }, 1, &out, &err) == 0 && out == 3,
	      "a swizzle applies to the offset");
	/* 16-bit elements, Sw<3,4,3> on bytes: element 64 is byte 128, bit 7 -> bit 4: byte 144 */
	gmma = axe_cute_value_read("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", &err);
	check(gmma && axe_cute_value_eval(gmma, (int64_t[]){ 1 }, 1, &out, &err) == 0 &&
		      out == 72, "a GMMA swizzle acts on byte addresses of 16-bit elements");
	axe_cute_value_free(gmma);
	axe_cute_value_free(sw);
	axe_cute_value_free(t);
	axe_cute_value_free(m);
	axe_cute_value_free(a);
}

int main(void)
{
	test_cpp_table();
	test_refusal_and_errors();
	test_values();
	printf("1..%d\n", checks);
	return failures != 0;
}
