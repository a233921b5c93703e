/*
 * parallel.c: tasks taken in order by a few threads (parallel.h).
 *
 * One mutex guards the shared state: the next task to hand out, the first
 * task that found, the stop flag and the count of finished tasks.  A task is
 * large (tens of thousands of points), so the lock is taken rarely.
 */
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "parallel.h"

#define PROGRESS_NS 100000000L /* between two progress reports */

typedef struct pool {
	pthread_mutex_t lock;
	pthread_cond_t changed;   /* a task finished or a worker left */
	int64_t ntasks, next, found, done;
	bool stop;
	int running;              /* workers not yet finished */
	axe_task_fn *fn;
	void *ctx;
} pool;

typedef struct worker {
	pool *pool;
	int index;
} worker;

int axe_jobs_for(int jobs, int64_t ntasks)
{
	if (jobs <= 0) {
		cpu_set_t set;
		jobs = sched_getaffinity(0, sizeof(set), &set) == 0 ? CPU_COUNT(&set)
								    : (int)sysconf(_SC_NPROCESSORS_ONLN);
	}
	if (jobs < 1)
		jobs = 1;
	if (ntasks < jobs)
		jobs = ntasks > 0 ? (int)ntasks : 1;
	return jobs;
}

/* The next task to run, or -1 when none is left or needed. */
static int64_t claim(pool *p)
{
	int64_t task = -1;

	pthread_mutex_lock(&p->lock);
	if (!p->stop && p->next < p->ntasks && p->next < p->found)
		task = p->next++;
	pthread_mutex_unlock(&p->lock);
	return task;
}

static void finish(pool *p, int64_t task, enum axe_task_status status)
{
	pthread_mutex_lock(&p->lock);
	p->done++;
	if (status == AXE_TASK_STOP)
		p->stop = true;
	if (status == AXE_TASK_FOUND && task < p->found)
		p->found = task;
	pthread_cond_signal(&p->changed);
	pthread_mutex_unlock(&p->lock);
}

static void *work(void *arg)
{
	worker *w = arg;
	pool *p = w->pool;
	int64_t task;

	while ((task = claim(p)) >= 0)
		finish(p, task, p->fn(p->ctx, task, w->index));
	pthread_mutex_lock(&p->lock);
	p->running--;
	pthread_cond_signal(&p->changed);
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* Wait for the workers, reporting progress on the way. */
static void wait_for(pool *p, const axe_progress *progress)
{
	struct timespec next;

	clock_gettime(CLOCK_REALTIME, &next);
	pthread_mutex_lock(&p->lock);
	while (p->running > 0) {
		next.tv_nsec += PROGRESS_NS;
		if (next.tv_nsec >= 1000000000L) {
			next.tv_sec++;
			next.tv_nsec -= 1000000000L;
		}
		while (p->running > 0 && pthread_cond_timedwait(&p->changed, &p->lock, &next) == 0)
			;
		if (p->running > 0 && progress && progress->report) {
			int64_t done = p->done;
			pthread_mutex_unlock(&p->lock);
			progress->report(progress->ctx, done, p->ntasks);
			pthread_mutex_lock(&p->lock);
		}
	}
	pthread_mutex_unlock(&p->lock);
}

static int outcome(const pool *p)
{
	if (p->stop)
		return AXE_TASK_STOP;
	return p->found < p->ntasks ? AXE_TASK_FOUND : AXE_TASK_DONE;
}

int axe_parallel_run(int64_t ntasks, int jobs, axe_task_fn *fn, void *ctx,
		     const axe_progress *progress)
{
	pool p = { .ntasks = ntasks, .found = ntasks, .fn = fn, .ctx = ctx };
	pthread_t *threads;
	worker *workers;
	int started = 0, rc;

	if (jobs <= 1 && (!progress || !progress->report)) {
		int64_t task;
		while ((task = p.next++) < ntasks && task < p.found && !p.stop) {
			enum axe_task_status s = fn(ctx, task, 0);
			p.stop |= s == AXE_TASK_STOP;
			if (s == AXE_TASK_FOUND)
				p.found = task;
		}
		return outcome(&p);
	}
	if (jobs < 1)
		jobs = 1;
	threads = calloc((size_t)jobs, sizeof(pthread_t));
	workers = calloc((size_t)jobs, sizeof(worker));
	if (!threads || !workers) {
		free(threads);
		free(workers);
		return -1;
	}
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.changed, NULL);
	p.running = jobs;
	for (; started < jobs; started++) {
		workers[started] = (worker){ &p, started };
		if (pthread_create(&threads[started], NULL, work, &workers[started]) != 0)
			break;
	}
	rc = -1;
	if (started > 0) {
		/* Fewer threads than asked for: those started do all the tasks. */
		pthread_mutex_lock(&p.lock);
		p.running -= jobs - started;
		pthread_mutex_unlock(&p.lock);
		wait_for(&p, progress);
		for (int i = 0; i < started; i++)
			pthread_join(threads[i], NULL);
		rc = outcome(&p);
	}
	pthread_mutex_destroy(&p.lock);
	pthread_cond_destroy(&p.changed);
	free(threads);
	free(workers);
	return rc;
}
