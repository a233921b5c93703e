/*
 * check_emit.c: the `emit` check: emit-cuda generates the code (its index
 * math proved equal to the layouts), and the code compiles with nvcc for
 * sm_90a (sm_100a for a copy with an atom, which may be tcgen05).  Without
 * nvcc the check is skipped after generation.
 *
 *   - emit: {layout: L}                        (kind index, the default)
 *   - emit: {kind: copy, src: A, dst: B}
 *   - emit: {kind: copy, src: A, dst: B, atom: ldmatrix.x4}   (or atom: auto)
 *   - emit: {kind: tma, global: G, smem: S}
 *
 * An index kernel's layout may be an `expr:` layout (its expressions,
 * simplified and proved equal to the layout's own); a copy or TMA kernel
 * is planned from S/R/O iters and refuses one, saying why.
 */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../codegen/cuda.h"
#include "../core/sro_reasons.h"
#include "check.h"

extern char **environ;

#define PROOF_SECONDS 10

/*
 * The nvcc to use into "*nvcc": $NVCC, else on PATH, else CUDA's default
 * place; NULL if none, or when NVCC=none turns compiling off.  -1 when $NVCC
 * names no executable file: the user asked for that compiler, so a missing
 * one is an error, not a skip.
 */
static int find_nvcc(const char **nvcc)
{
	static const char *const fallback = "/usr/local/cuda/bin/nvcc";
	const char *env = getenv("NVCC"), *path = getenv("PATH");
	static char found[4096];

	*nvcc = NULL;
	if (env && strcmp(env, "none") == 0)
		return 0; /* compiling turned off: the checks are skipped */
	if (env && *env) {
		*nvcc = env;
		return access(env, X_OK) == 0 ? 0 : -1;
	}
	while (path && *path) {
		size_t n = strcspn(path, ":");
		snprintf(found, sizeof(found), "%.*s/nvcc", (int)n, path);
		if (n > 0 && access(found, X_OK) == 0) {
			*nvcc = found;
			return 0;
		}
		path += n + (path[n] == ':');
	}
	*nvcc = access(fallback, X_OK) == 0 ? fallback : NULL;
	return 0;
}

/*
 * Compile "code" with nvcc for "gencode" ("arch=compute_90a,code=sm_90a"); 1
 * compiled, 0 failed (log in "log"), -1 could not run.
 */
static int compile(const char *nvcc, const char *gencode, const char *code, size_t len, char *log,
		   size_t size)
{
	char src[] = "/tmp/axe-check-XXXXXX.cu", out[] = "/tmp/axe-check-XXXXXX.log";
	char *argv[] = { (char *)nvcc, "-c", "-gencode", (char *)gencode,
			 "-o", "/dev/null", src, NULL };
	posix_spawn_file_actions_t fa;
	int fd = mkstemps(src, 3), lfd = mkstemps(out, 4), status = -1;
	pid_t pid;
	FILE *f;

	if (fd < 0 || lfd < 0 || write(fd, code, len) != (ssize_t)len)
		goto out;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, lfd, 1);
	posix_spawn_file_actions_adddup2(&fa, lfd, 2);
	if (posix_spawn(&pid, nvcc, &fa, NULL, argv, environ) == 0 &&
	    waitpid(pid, &status, 0) == pid)
		status = WIFEXITED(status) && WEXITSTATUS(status) == 0;
	else
		status = -1;
	posix_spawn_file_actions_destroy(&fa);
	log[0] = '\0';
	if (status == 0 && (f = fopen(out, "r"))) {
		size_t n = fread(log, 1, size - 1, f);
		log[n] = '\0';
		fclose(f);
	}
out:
	if (fd >= 0)
		close(fd), unlink(src);
	if (lfd >= 0)
		close(lfd), unlink(out);
	return status;
}

/*
 * An operand of the generator from the spec layout that "key" names;
 * "needs_compact" as axe_check_layout takes it.
 */
static int operand(const axe_check_ctx *ctx, const char *key, const char *needs_compact,
		   axe_cuda_operand *op)
{
	const axe_node *name = axe_check_require(ctx, key);
	const axe_spec_layout *e = name ? axe_check_layout(ctx, name, needs_compact) : NULL;

	if (!e)
		return -1;
	*op = (axe_cuda_operand){ e->layout, e->shape, e->dtype, e->name,
				  axe_spec_loc(ctx->spec, name), (int)name->len };
	return 0;
}

/* The index functions of `layout:`, in S/R/O form or an `expr:` layout. */
static int generate_index(const axe_check_ctx *ctx, axe_emit *out, axe_cuda_outcome *res)
{
	const axe_node *name = axe_check_require(ctx, "layout");
	const axe_spec_layout *e = name ? axe_check_layout(ctx, name, NULL) : NULL;
	const struct axe_expr_layout *expr;
	axe_cuda_operand op;

	if (!e)
		return -1;
	if (e->layout) {
		op = (axe_cuda_operand){ e->layout, e->shape, e->dtype, e->name,
					 axe_spec_loc(ctx->spec, name), (int)name->len };
		return axe_cuda_generate_index(&op, e->name, PROOF_SECONDS, out, res, ctx->err);
	}
	if (!(expr = axe_check_expr(ctx, e)))
		return -1;
	return axe_cuda_generate_index_expr(expr, e->name, PROOF_SECONDS, out, res, ctx->err);
}

static int generate(const axe_check_ctx *ctx, const char *kind, axe_emit *out,
		    axe_cuda_outcome *res)
{
	if (strcmp(kind, "index") == 0)
		return generate_index(ctx, out, res);
	if (strcmp(kind, "copy") == 0) {
		axe_cuda_copy_request req = { .name = "copy", .timeout = PROOF_SECONDS };
		const axe_node *atom = axe_node_get(ctx->value, "atom");
		if (operand(ctx, "src", AXE_SRO_FOR_COPY, &req.src) < 0 ||
		    operand(ctx, "dst", AXE_SRO_FOR_COPY, &req.dst) < 0)
			return -1;
		if (atom && atom->kind != AXE_NODE_SCALAR)
			return axe_check_error(ctx, atom, "'atom' is an atom name or auto");
		req.atom = atom ? atom->scalar : NULL;
		return axe_cuda_generate_copy(&req, out, res, ctx->err);
	}
	axe_cuda_tma_request req = { .name = "tma", .timeout = PROOF_SECONDS };
	axe_cuda_operand g, s;
	if (operand(ctx, "global", AXE_SRO_FOR_TMA, &g) < 0 ||
	    operand(ctx, "smem", AXE_SRO_FOR_TMA, &s) < 0)
		return -1;
	axe_tma_request_init(&req.tma);
	req.tma.global = g.layout;
	req.tma.global_shape = g.shape;
	req.tma.smem = s.layout;
	req.tma.smem_shape = s.shape;
	req.tma.dtype = s.dtype >= 0 ? s.dtype : g.dtype;
	req.smem_name = s.name;
	return axe_cuda_generate_tma(&req, out, res, ctx->err);
}

int axe_check_emit(axe_check_ctx *ctx)
{
	static const char *const keys[] = { "kind", "layout", "src", "dst", "global", "smem",
					    "atom", NULL };
	const axe_node *kind_node;
	const char *kind = "index", *nvcc;
	axe_cuda_outcome res = { 0, "" };
	axe_emit out;
	char log[600];
	bool sm100;
	int r;

	if (axe_check_keys(ctx, keys) < 0)
		return -1;
	if ((kind_node = axe_node_get(ctx->value, "kind"))) {
		kind = kind_node->kind == AXE_NODE_SCALAR ? kind_node->scalar : "";
		if (strcmp(kind, "index") && strcmp(kind, "copy") && strcmp(kind, "tma"))
			return axe_check_error(ctx, kind_node, "'kind' is index, copy or tma");
	}
	sm100 = axe_node_get(ctx->value, "atom") != NULL;
	snprintf(ctx->result->name, sizeof(ctx->result->name), "emit-cuda --kind %s", kind);
	axe_emit_init(&out);
	r = generate(ctx, kind, &out, &res);
	if (r == 0 && res.status != AXE_EXIT_OK)
		axe_check_fail(ctx, "not emitted: %s", res.why);
	else if (r == 0 && find_nvcc(&nvcc) < 0)
		r = axe_check_error(ctx, ctx->value, "NVCC names '%s', which is not an executable "
				    "file (unset NVCC to look for nvcc on PATH)", nvcc);
	else if (r == 0 && !nvcc)
		axe_check_skip(ctx, "no nvcc (the code was generated and its index math proved; "
			       "set NVCC to a compiler to compile it)");
	else if (r == 0 && compile(nvcc, sm100 ? "arch=compute_100a,code=sm_100a"
				   : "arch=compute_90a,code=sm_90a", out.buf, out.len, log,
				   sizeof(log)) != 1)
		axe_check_fail(ctx, "nvcc -c for %s failed: %s", sm100 ? "sm_100a" : "sm_90a",
			       log[0] ? log : "could not run");
	axe_emit_release(&out);
	return r;
}
