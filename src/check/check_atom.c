/*
 * check_atom.c: the `atom` check: which copy atom `axe-layout atoms` ranks
 * first for a pair of layouts (analyze/atoms.h), and why others are out.
 *
 *   - atom: {src: smem, dst: frag, best: ldmatrix.x1}
 *   - atom: {src: g, dst: s, arch: sm_90, best: cp.async.bulk.tensor,
 *            excluded: {ldmatrix.x4: space}}
 *   - atom: {src: smem, dst: odd, best: none, direction: s2r}
 *
 * `best: none` holds when no atom is legal; `excluded` maps atom names to
 * the rule expected to exclude each.  SRC and DST may be `expr:` layouts:
 * the rules read their maps (analyze/atoms.h).
 */
#include <stdio.h>
#include <string.h>

#include "../analyze/atoms.h"
#include "../codegen/cuda_atoms.h"
#include "../core/eval.h"
#include "check.h"

/* The maps of `expr:` sides, walked by the rules (released together). */
typedef struct atom_maps {
	axe_evaluator ev[2];
	bool has[2];
} atom_maps;

static void release_maps(atom_maps *maps)
{
	for (int i = 0; i < 2; i++)
		if (maps->has[i])
			axe_evaluator_release(&maps->ev[i]);
}

/*
 * Side "i" of "req" from spec entry "e" named at "name": a layout in S/R/O
 * form, or an `expr:` layout's map through its evaluator; 0 or -1.
 */
static int read_side(const axe_check_ctx *ctx, const axe_node *name, const axe_spec_layout *e,
		     int i, atom_maps *maps, axe_atom_request *req)
{
	axe_atom_operand *o = i ? &req->dst : &req->src;

	*o = (axe_atom_operand){ e->layout, e->shape, e->dtype, axe_spec_loc(ctx->spec, name),
				 (int)name->len, NULL };
	if (e->layout)
		return 0;
	if (axe_check_evaluator(ctx, e, name, &maps->ev[i]) < 0)
		return -1;
	maps->has[i] = true;
	o->map = &maps->ev[i];
	o->shape = maps->ev[i].shape;
	return 0;
}

/* The request from the entry's src, dst, arch and direction. */
static int read_request(const axe_check_ctx *ctx, axe_atom_request *req, atom_maps *maps)
{
	const axe_node *n[2] = { axe_check_require(ctx, "src"), NULL }, *arch, *dir;
	const axe_spec_layout *e;

	if (!n[0] || !(n[1] = axe_check_require(ctx, "dst")))
		return -1;
	for (int i = 0; i < 2; i++)
		if (!(e = axe_check_layout(ctx, n[i], NULL)) ||
		    read_side(ctx, n[i], e, i, maps, req) < 0)
			return -1;
	req->arch = 100;
	req->bulk = axe_cuda_atom_bulk;
	if ((arch = axe_node_get(ctx->value, "arch")) &&
	    (arch->kind != AXE_NODE_SCALAR || (req->arch = axe_atom_arch_parse(arch->scalar)) < 0))
		return axe_check_error(ctx, arch, "'arch' is sm_80, sm_90 or sm_100");
	if ((dir = axe_node_get(ctx->value, "direction"))) {
		if (dir->kind != AXE_NODE_SCALAR)
			return axe_check_error(ctx, dir, "'direction' is SRC2DST, e.g. s2r");
		req->direction = dir->scalar;
	}
	return 0;
}

/* The `excluded` mapping: each atom out by the rule named. */
static int judge_excluded(axe_check_ctx *ctx, const axe_atom_ranking *r)
{
	const axe_node *ex = axe_node_get(ctx->value, "excluded");

	if (!ex)
		return 0;
	if (ex->kind != AXE_NODE_MAP)
		return axe_check_error(ctx, ex, "'excluded' maps atom names to rules");
	for (size_t i = 0; i < ex->nitems; i++) {
		const axe_node *key = ex->keys[i], *rule = ex->items[i];
		const axe_atom_candidate *c = axe_atom_ranking_find(r, key->scalar);
		if (!c)
			return axe_check_error(ctx, key, "unknown atom '%s'", key->scalar);
		if (rule->kind != AXE_NODE_SCALAR)
			return axe_check_error(ctx, rule, "a rule is a word: arch, space, dtype, shape, "
					       "fragment, alignment or tma");
		if (c->legal)
			return axe_check_fail(ctx, "%s: expected excluded by %s, but it is legal",
					      key->scalar, rule->scalar);
		if (strcmp(c->rule, rule->scalar) != 0)
			return axe_check_fail(ctx, "%s: expected excluded by %s, got %s",
					      key->scalar, rule->scalar, c->reason);
	}
	return 0;
}

/* The ranking of "req" against `best` and `excluded`; 0 or -1. */
static int judge(axe_check_ctx *ctx, const axe_atom_request *req, const axe_node *best)
{
	axe_atom_ranking r;
	const char *got;
	int rc = 0;

	if (axe_atoms_rank(req, &r, ctx->err) < 0)
		return -1;
	got = r.nlegal ? r.c[0].atom->name : "none";
	if (strcmp(got, best->scalar) != 0)
		axe_check_fail(ctx, "best atom: expected %s, got %s%s%s", best->scalar, got,
			       r.nlegal > 1 ? ", ahead of the next by " : "",
			       r.nlegal > 1 ? axe_atom_tie_name(r.decided_by) : "");
	else
		rc = judge_excluded(ctx, &r);
	axe_atom_ranking_release(&r);
	return rc;
}

int axe_check_atom(axe_check_ctx *ctx)
{
	static const char *const keys[] = { "src", "dst", "arch", "direction", "best",
					    "excluded", NULL };
	const axe_node *best;
	axe_atom_request req = { 0 };
	atom_maps maps = { 0 };
	int rc = -1;

	if (axe_check_keys(ctx, keys) < 0 || read_request(ctx, &req, &maps) < 0 ||
	    !(best = axe_check_require(ctx, "best")))
		goto out;
	if (best->kind != AXE_NODE_SCALAR) {
		axe_check_error(ctx, best, "'best' is an atom name, or none");
		goto out;
	}
	if (strcmp(best->scalar, "none") != 0 && !axe_atom_lookup(best->scalar)) {
		axe_check_error(ctx, best, "unknown atom '%s'", best->scalar);
		goto out;
	}
	snprintf(ctx->result->name, sizeof(ctx->result->name), "atom %s -> %s",
		 axe_node_get(ctx->value, "src")->scalar, axe_node_get(ctx->value, "dst")->scalar);
	rc = judge(ctx, &req, best);
out:
	release_maps(&maps);
	return rc;
}
