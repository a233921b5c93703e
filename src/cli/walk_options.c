/*
 * walk_options.c: -j, --quiet and the progress line (walk_options.h).  The
 * line goes to stderr only when stderr is a terminal, so pipes and CI logs
 * never see it, and only once a walk has run for a second.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "walk_options.h"

#define PROGRESS_AFTER 1.0 /* seconds before the first progress line */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int axe_cli_walk_option(axe_cli_walk *w, const axe_command *cmd, int key, const char *arg)
{
	char *end;
	long n;

	if (key == AXE_KEY_QUIET) {
		w->quiet = true;
		return 1;
	}
	if (key != 'j')
		return 0;
	n = strtol(arg, &end, 10);
	if (*arg == '\0' || *end != '\0' || n < 1 || n > 1024)
		return axe_usage_error(cmd, "-j takes a number of threads from 1 to 1024, not "
				       "'%s'", arg), -1;
	w->walk.jobs = (int)n;
	return 1;
}

static void report(void *ctx, int64_t done, int64_t total)
{
	axe_cli_walk *w = ctx;
	double elapsed = now() - w->start, rate = elapsed > 0 ? done / elapsed : 0;

	if (elapsed < PROGRESS_AFTER || total <= 0)
		return;
	fprintf(stderr, "\r%s: %lld of %lld points (%.1f%%), %.3g points/s", w->command,
		(long long)done, (long long)total, 100.0 * done / total, rate);
	if (rate > 0)
		fprintf(stderr, ", %.0f s left", (total - done) / rate);
	fprintf(stderr, "\033[K");
	fflush(stderr);
	w->shown = true;
}

void axe_cli_walk_start(axe_cli_walk *w, const char *command)
{
	w->command = command;
	w->start = now();
	w->walk.progress = !w->quiet && isatty(STDERR_FILENO) ? report : NULL;
	w->walk.progress_ctx = w;
}

void axe_cli_walk_end(axe_cli_walk *w)
{
	if (w->shown)
		fprintf(stderr, "\r\033[K");
	w->shown = false;
}
