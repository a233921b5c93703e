/*
 * thread_label.c: "T37:3" and "T37V3" labels of thread-owned points
 * (thread_label.h).  Triton numbers a thread warp * threadsPerWarp + lane
 * (its tensor view prints "T<thread>:<register>"); CuTe's TV layouts index
 * the thread and the value directly ("T<thread>V<value>").
 */
#include <stdio.h>
#include <string.h>

#include "../core/axes.h"
#include "../core/relate.h"
#include "thread_label.h"

void axe_thread_label_init(axe_thread_label *t, const axe_layout *L, const char *notation)
{
	size_t len = 0, threads = 0;

	memset(t, 0, sizeof(*t));
	t->reg = -1;
	t->naxes = L->naxes;
	/* CuTe's TV layouts: cute-tv, and the parts of TiledMMA and TiledCopy dumps. */
	t->cute = notation && (strcmp(notation, "cute-tv") == 0 ||
			       strcmp(notation, "cute-mma") == 0 ||
			       strcmp(notation, "cute-copy") == 0);
	t->applies = L->naxes <= AXE_MAX_AXES;
	for (size_t a = 0; t->applies && a < L->naxes; a++) {
		if (strcmp(L->axis[a], "reg") == 0) {
			t->reg = (int)a;
			continue;
		}
		t->weight[a] = axe_thread_weight(L->axis[a]);
		t->applies = t->weight[a] > 0;
		if (!t->applies)
			break;
		threads++;
		if (len < sizeof(t->rule))
			len += (size_t)snprintf(t->rule + len, sizeof(t->rule) - len, "%s%s",
						threads > 1 ? " + " : "tid = ", L->axis[a]);
		if (t->weight[a] > 1 && len < sizeof(t->rule))
			len += (size_t)snprintf(t->rule + len, sizeof(t->rule) - len, "*%lld",
						(long long)t->weight[a]);
	}
	t->applies = t->applies && threads > 0;
	if (threads == 1 && t->applies && strcmp(t->rule, "tid = tid") == 0)
		t->rule[0] = '\0'; /* nothing to explain */
}

const char *axe_thread_label_of(const axe_thread_label *t, const int64_t *image, char *buf,
				size_t size)
{
	int64_t tid = 0;

	for (size_t a = 0; a < t->naxes; a++)
		tid += t->weight[a] * image[a]; /* 0 for reg */
	if (t->reg < 0)
		snprintf(buf, size, "T%lld", (long long)tid);
	else
		snprintf(buf, size, t->cute ? "T%lldV%lld" : "T%lld:%lld", (long long)tid,
			 (long long)image[t->reg]);
	return buf;
}
