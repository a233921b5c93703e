/*
 * fuzz_cli.c: libFuzzer target for the command line as a whole: option
 * tables (getopt_long from cli/options.c), operand resolution
 * (api/operand.c, behind the library API the commands call), and every command of cli/commands.def, run in-process
 * through the real dispatch of cli/main.c (compiled with main renamed to
 * axe_cli_main; see the Makefile).
 *
 * Input: argv words separated by newline or NUL bytes, the first being the
 * command ("eval", "show", ...); argv[0] is "axe-layout".  Spec files are
 * named by their base name: the bundled specs/ are copied into a private
 * directory that each run executes in, words holding '/' are refused (no
 * command may read or write outside it), and files a command writes there
 * (-o, --junit) are deleted after the run.  stdout goes to a stream that
 * discards what it is given and fails like a closed pipe after
 * OUT_BUDGET bytes (as `| head` would); stderr is kept for the invariants.
 *
 * Work is bounded so that every input runs in milliseconds: each operand is
 * resolved through a wrapper (-Wl,--wrap=axe_operand_resolve and the other
 * entry points of api/operand.h that commands call; a call inside
 * operand.c is not wrapped, so a new entry point needs its wrapper here)
 * that refuses domains of more than MAX_POINTS points or images, exactly as
 * the command refuses any other bad operand; check-equal runs with
 * --timeout 1.
 *
 * Invariants: the exit status is 0, 1, 2 or 3; status 2 comes with a message
 * on stderr (unless stdout was closed under it); statuses 0, 1 and 3 print
 * no "error:"; every resolved operand is a validated layout whose shape has
 * as many points as it does, and it prints and parses back identically.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api/operand.h"
#include "core/eval.h"
#include "parse/parse.h"

int axe_cli_main(int argc, char **argv);

#define MAX_WORDS 48
#define INPUT_MAX 4096                /* longer inputs add nothing but time */
#define MAX_POINTS ((int64_t)1 << 14) /* points (and point x image pairs) per operand */
#define OUT_BUDGET (1 << 16)          /* bytes of stdout before the pipe "closes" */
#define ERR_KEEP 4096                 /* bytes of stderr kept for the invariants */

static char sandbox[64];
static int home_fd = -1, sandbox_fd = -1;
static char **seeds;                   /* file names in the sandbox to keep */
static size_t nseeds;
char **kept_argv; /* argv with -artifact_prefix added: global, so reachable */

/* ---- output streams ---- */

static size_t out_bytes, err_bytes;
static bool out_closed;
static char err_text[ERR_KEEP + 1];

static ssize_t out_write(void *cookie, const char *buf, size_t size)
{
	(void)cookie;
	(void)buf;
	if (out_bytes + size > OUT_BUDGET) {
		out_closed = true;
		errno = EPIPE;
		return -1;
	}
	out_bytes += size;
	return (ssize_t)size;
}

static ssize_t err_write(void *cookie, const char *buf, size_t size)
{
	(void)cookie;
	for (size_t i = 0; i < size && err_bytes < ERR_KEEP; i++)
		err_text[err_bytes++] = buf[i];
	return (ssize_t)size;
}

/* ---- the sandbox ---- */

static void die(const char *what)
{
	fprintf(stderr, "fuzz_cli: %s: %s\n", what, strerror(errno));
	abort();
}

static void copy_file(int from_dir, const char *name)
{
	char buf[1 << 14];
	int in = openat(from_dir, name, O_RDONLY), out;
	ssize_t n;

	if (in < 0)
		die(name);
	out = openat(sandbox_fd, name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (out < 0)
		die(name);
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n)
			die(name);
	close(in);
	close(out);
	seeds = realloc(seeds, (nseeds + 1) * sizeof(*seeds));
	if (!seeds || !(seeds[nseeds++] = strdup(name)))
		die("out of memory");
}

/* Copy every *.yaml of "dir" (relative to the starting directory). */
static void copy_specs(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY);
	DIR *d;
	struct dirent *e;

	if (fd < 0)
		return;
	d = fdopendir(fd);
	if (!d)
		die(dir);
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len > 5 && strcmp(e->d_name + len - 5, ".yaml") == 0)
			copy_file(fd, e->d_name);
	}
	closedir(d);
}

/* Delete what the last run wrote into the sandbox (emit-cuda -o, check --junit). */
static void clean_sandbox(void)
{
	DIR *d = fdopendir(dup(sandbox_fd));
	struct dirent *e;

	if (!d)
		die("sandbox");
	while ((e = readdir(d))) {
		bool keep = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
		for (size_t i = 0; i < nseeds && !keep; i++)
			keep = strcmp(e->d_name, seeds[i]) == 0;
		if (!keep && unlinkat(sandbox_fd, e->d_name, 0) < 0 &&
		    unlinkat(sandbox_fd, e->d_name, AT_REMOVEDIR) < 0)
			die(e->d_name);
	}
	closedir(d);
}

static void remove_sandbox(void)
{
	nseeds = 0;
	clean_sandbox();
	rmdir(sandbox);
}

/*
 * libFuzzer ends with _Exit, past atexit(): remove the sandboxes of
 * earlier runs whose process is gone (they are named by process id).
 */
static void remove_stale_sandboxes(void)
{
	DIR *tmp = opendir("/tmp");
	struct dirent *e;
	char path[300];
	long pid;

	if (!tmp)
		return;
	while ((e = readdir(tmp))) {
		if (sscanf(e->d_name, "axe-fuzz-cli.%ld", &pid) != 1 ||
		    (kill((pid_t)pid, 0) < 0 && errno != ESRCH) || kill((pid_t)pid, 0) == 0)
			continue;
		snprintf(path, sizeof(path), "/tmp/%s", e->d_name);
		DIR *d = opendir(path);
		struct dirent *f;
		while (d && (f = readdir(d)))
			if (f->d_name[0] != '.' || (f->d_name[1] && strcmp(f->d_name, "..") != 0))
				unlinkat(dirfd(d), f->d_name, 0);
		if (d)
			closedir(d);
		rmdir(path);
	}
	closedir(tmp);
}

/*
 * Runs before libFuzzer reads its flags: make crash files land where the
 * run started even though inputs run inside the sandbox, by adding an
 * absolute -artifact_prefix when none is given.
 */
static void absolute_artifacts(int *argc, char ***argv)
{
	static char prefix[4200];
	char cwd[4096], **grown;

	for (int i = 1; i < *argc; i++)
		if (strncmp((*argv)[i], "-artifact_prefix=", 17) == 0)
			return;
	if (!getcwd(cwd, sizeof(cwd)))
		die("getcwd");
	snprintf(prefix, sizeof(prefix), "-artifact_prefix=%s/", cwd);
	grown = malloc((size_t)(*argc + 2) * sizeof(char *));
	if (!grown)
		die("out of memory");
	memcpy(grown, *argv, (size_t)*argc * sizeof(char *));
	grown[(*argc)++] = prefix;
	grown[*argc] = NULL;
	*argv = kept_argv = grown;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const cookie_io_functions_t out_io = { .write = out_write };
	static const cookie_io_functions_t err_io = { .write = err_write };

	absolute_artifacts(argc, argv);
	remove_stale_sandboxes();
	snprintf(sandbox, sizeof(sandbox), "/tmp/axe-fuzz-cli.%ld", (long)getpid());
	if (mkdir(sandbox, 0700) < 0)
		die("mkdir");
	home_fd = open(".", O_RDONLY | O_DIRECTORY);
	sandbox_fd = open(sandbox, O_RDONLY | O_DIRECTORY);
	if (home_fd < 0 || sandbox_fd < 0)
		die("open");
	copy_specs(getenv("AXE_FUZZ_SPECS") ? getenv("AXE_FUZZ_SPECS") : "specs");
	atexit(remove_sandbox);
	/* The commands write to the variables stdout and stderr: swap the streams. */
	stdout = fopencookie(NULL, "w", out_io);
	stderr = fopencookie(NULL, "w", err_io);
	if (!stdout || !stderr)
		abort();
	return 0;
}

/* ---- bounding the work: the operand wrapper ---- */

int __real_axe_operand_resolve(const char *arg, const axe_operand_opts *opts,
			       axe_operand *out, axe_error *err);
int __real_axe_operand_resolve_expr(const axe_operand_opts *opts, axe_operand *out,
				    axe_error *err);
int __real_axe_operand_evaluator(const char *arg, const axe_operand_opts *opts,
				 axe_operand *op, axe_evaluator *ev, axe_error *err);

/* The operand invariants, then the size cap (an ordinary input error). */
static int check_operand(axe_operand *op, axe_error *err)
{
	int64_t points = 1, size, images = 1;

	for (size_t d = 0; d < op->shape.rank; d++)
		if (op->shape.dim[d] <= 0 || __builtin_mul_overflow(points, op->shape.dim[d],
								    &points))
			abort(); /* a resolved shape is positive and fits */
	if (op->layout) {
		axe_loc loc = { "<fuzz>", 1, 1, NULL, 0 };
		char *text = axe_layout_to_string(op->layout);
		axe_error again_err;
		axe_layout *again;

		axe_error_init(&again_err);
		if (axe_layout_validate(op->layout, &loc, 1, &again_err) < 0 ||
		    axe_layout_size(op->layout, &size, &again_err) < 0 || size != points ||
		    op->shape.rank > AXE_MAX_RANK)
			abort();
		/* Swizzled layouts name only m, whatever --swizzle was applied to. */
		again = axe_layout_parse(text, &again_err);
		if (!again || !axe_layout_identical(op->layout, again))
			abort();
		axe_layout_free(again);
		free(text);
		for (size_t i = 0; i < op->layout->nreplica; i++)
			if (__builtin_mul_overflow(images, op->layout->replica[i].extent, &images) ||
			    images > MAX_POINTS)
				images = MAX_POINTS + 1;
	} else if (op->expr) {
		images = op->expr->nimages;
	}
	if (points > MAX_POINTS || images > MAX_POINTS || points * images > MAX_POINTS)
		return axe_error_set(err, AXE_ERR_LIMIT, NULL, 0,
				     "fuzz: operand of %lld points and %lld images is over the "
				     "fuzzing limit", (long long)points, (long long)images);
	return 0;
}

int __wrap_axe_operand_resolve(const char *arg, const axe_operand_opts *opts,
			       axe_operand *out, axe_error *err)
{
	if (__real_axe_operand_resolve(arg, opts, out, err) < 0)
		return -1;
	return check_operand(out, err);
}

int __wrap_axe_operand_resolve_expr(const axe_operand_opts *opts, axe_operand *out,
				    axe_error *err)
{
	if (__real_axe_operand_resolve_expr(opts, out, err) < 0)
		return -1;
	return check_operand(out, err);
}

/* On failure it leaves nothing to release: undo a success the cap refuses. */
int __wrap_axe_operand_evaluator(const char *arg, const axe_operand_opts *opts,
				 axe_operand *op, axe_evaluator *ev, axe_error *err)
{
	if (__real_axe_operand_evaluator(arg, opts, op, ev, err) < 0)
		return -1;
	if (check_operand(op, err) == 0)
		return 0;
	axe_evaluator_release(ev);
	axe_operand_release(op);
	return -1;
}

/* ---- one run ---- */

/* Split "data" into words at '\n' and NUL; false for an input not to run. */
static bool split(const uint8_t *data, size_t size, char *buf, char **argv, int *argc)
{
	size_t start = 0;

	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[0] = "axe-layout";
	*argc = 1;
	for (size_t i = 0; i <= size; i++) {
		if (i < size && buf[i] != '\n' && buf[i] != '\0')
			continue;
		buf[i] = '\0';
		if (*argc >= MAX_WORDS - 4)
			return false;
		if (strchr(buf + start, '/'))
			return false; /* a path outside the sandbox */
		argv[(*argc)++] = buf + start;
		start = i + 1;
	}
	/* Z3 runs end by their own time limit; keep them short here. */
	if (*argc >= 2 && strcmp(argv[1], "check-equal") == 0) {
		argv[(*argc)++] = "--timeout";
		argv[(*argc)++] = "1";
	}
	argv[*argc] = NULL;
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char buf[INPUT_MAX + 1];
	char *argv[MAX_WORDS + 1];
	int argc, status;

	if (size > INPUT_MAX || !split(data, size, buf, argv, &argc))
		return 0;
	/* Drop what a closed stdout still held from the last run. */
	__fpurge(stdout);
	clearerr(stdout);
	out_bytes = err_bytes = 0;
	out_closed = false;
	if (fchdir(sandbox_fd) < 0)
		die("fchdir");
	status = axe_cli_main(argc, argv);
	fflush(stdout);
	fflush(stderr);
	if (fchdir(home_fd) < 0)
		die("fchdir");
	clean_sandbox();
	err_text[err_bytes] = '\0';
	if (status < 0 || status > 3)
		abort();
	if (status == 2 && err_bytes == 0 && !out_closed)
		abort(); /* an input error must say why */
	if (status != 2 && strstr(err_text, "error:"))
		abort(); /* an answer is not an error */
	return 0;
}
