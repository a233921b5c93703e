/*
 * replay.c: a main() for the libFuzzer harnesses without libFuzzer, so that
 * make check runs every seed and regression input through the same
 * invariants with gcc's ASan and UBSan (no clang needed):
 *
 *   build/asan/replay/fuzz_layout FILE_OR_DIR...
 *
 * Runs LLVMFuzzerInitialize when the harness has one, then each file (the
 * files of a directory, not recursively) once.  A broken invariant aborts,
 * a sanitizer error exits non-zero, as under libFuzzer; either way the
 * input's path is printed first.  Prints the count.
 */
#include <dirent.h>
#include <signal.h>
#include <sanitizer/common_interface_defs.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static size_t runs;
static const char *current; /* the input being run */

/* Name the input that failed; async-signal-safe (write only). */
static void say_current(void)
{
	static const char what[] = "replay: failing input: ";

	if (!current)
		return;
	if (write(STDERR_FILENO, what, sizeof(what) - 1) < 0 ||
	    write(STDERR_FILENO, current, strlen(current)) < 0 ||
	    write(STDERR_FILENO, "\n", 1) < 0)
		return;
}

static void on_abort(int sig)
{
	say_current();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t size = 0, cap = 0, n;

	if (!f) {
		perror(path);
		exit(2);
	}
	do {
		if (size == cap) {
			cap = cap ? 2 * cap : 4096;
			data = realloc(data, cap);
			if (!data)
				abort();
		}
		n = fread(data + size, 1, cap - size, f);
		size += n;
	} while (n > 0);
	fclose(f);
	/* An exact-size copy, so that ASan sees reads past the input's end. */
	uint8_t *exact = malloc(size ? size : 1);
	if (!exact)
		abort();
	memcpy(exact, data, size);
	free(data);
	current = path;
	LLVMFuzzerTestOneInput(exact, size);
	current = NULL;
	free(exact);
	runs++;
}

static void run_path(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *e;

	if (stat(path, &st) < 0) {
		perror(path);
		exit(2);
	}
	if (!S_ISDIR(st.st_mode)) {
		run_file(path);
		return;
	}
	d = opendir(path);
	if (!d) {
		perror(path);
		exit(2);
	}
	while ((e = readdir(d))) {
		char *child;
		if (e->d_name[0] == '.')
			continue;
		if (asprintf(&child, "%s/%s", path, e->d_name) < 0)
			abort();
		if (stat(child, &st) == 0 && S_ISREG(st.st_mode))
			run_file(child);
		free(child);
	}
	closedir(d);
}

int main(int argc, char **argv)
{
	/* The harness may swap stdout (fuzz_cli does): report on a copy of fd 1. */
	FILE *report = fdopen(dup(STDOUT_FILENO), "w");

	if (!report)
		return 2;
	signal(SIGABRT, on_abort);
	signal(SIGSEGV, on_abort);
	__sanitizer_set_death_callback(say_current);
	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++)
		if (argv[i][0] != '-') /* libFuzzer flags, e.g. an added -artifact_prefix */
			run_path(argv[i]);
	fprintf(report, "%zu inputs\n", runs);
	fclose(report);
	return 0;
}
