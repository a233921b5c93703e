/*
 * parallel.h: whole-domain walks split over threads.
 *
 * A walk is cut into tasks numbered in row-major order of the points they
 * cover.  Threads take tasks in increasing order; a task that finds what the
 * walk looks for (a differing point) says so, and no task after it is
 * started, while every task before it still runs to its end: the first
 * finding in task order is therefore the one a single thread would report,
 * whatever the number of threads.  The calling thread waits and reports
 * progress; the library never prints.
 */
#ifndef AXE_CORE_PARALLEL_H
#define AXE_CORE_PARALLEL_H

#include <stdint.h>

/* What a task returns. */
enum axe_task_status {
	AXE_TASK_DONE = 0,  /* nothing found: go on */
	AXE_TASK_FOUND = 1, /* found: tasks after this one are not needed */
	AXE_TASK_STOP = 2,  /* stop every thread now (a deadline passed) */
};

/* Run task "task" on worker "worker" (0 <= worker < the jobs in use). */
typedef enum axe_task_status axe_task_fn(void *ctx, int64_t task, int worker);

/*
 * Called on the calling thread about ten times a second while tasks run:
 * "done" of "total" tasks have finished.
 */
typedef void axe_progress_fn(void *ctx, int64_t done, int64_t total);

typedef struct axe_progress {
	axe_progress_fn *report; /* or NULL */
	void *ctx;
} axe_progress;

/* How a whole-domain walk runs: threads and progress. */
typedef struct axe_walk_options {
	int jobs;                     /* threads; <= 0: the cores available */
	const axe_progress *progress; /* reports in points; or NULL */
	int64_t task_points;          /* points of one task; 0: the walk's own (tests set less) */
} axe_walk_options;

/* The threads a walk of "ntasks" tasks uses: "jobs" (<= 0: the cores available), at most ntasks. */
int axe_jobs_for(int jobs, int64_t ntasks);

/*
 * Run tasks [0, "ntasks") on "jobs" threads (from axe_jobs_for; 1 runs on
 * the calling thread).  Returns AXE_TASK_STOP when a task stopped the walk,
 * else AXE_TASK_FOUND when a task found, else AXE_TASK_DONE; -1 when no
 * thread could be started (then nothing ran).
 */
int axe_parallel_run(int64_t ntasks, int jobs, axe_task_fn *fn, void *ctx,
		     const axe_progress *progress);

#endif
