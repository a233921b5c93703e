/*
 * atoms_out.c: printing a ranking of copy atoms (atoms_out.h).
 */
#include <stdio.h>
#include <string.h>

#include "../core/dtype.h"
#include "atoms_out.h"

const char *axe_atom_cost_text(double cost, char *buf, size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "%.2f", cost);

	/* Costs are multiples of 0.25: two decimals are exact; drop the zeros. */
	while (n > 0 && n < size && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n > 0 && n < size && buf[n - 1] == '.')
		buf[--n] = '\0';
	return buf;
}

static void text_legal(axe_writer *w, const axe_atom_ranking *r)
{
	char cost[48];

	axe_write_fmt(w, "%4s  %-24s %6s %6s %5s %6s %5s %10s\n", "rank", "atom", "smem", "tmem",
		      "regs", "instr", "worst", "cost");
	for (size_t i = 0; i < r->nlegal; i++) {
		const axe_atom_candidate *c = &r->c[i];
		char name[64];
		snprintf(name, sizeof(name), "%s%s%s", c->atom->name, c->swizzle[0] ? " @" : "",
			 c->swizzle);
		axe_write_fmt(w, "%4zu  %-24s %6lld %6lld %5lld %6lld %4lldx %10s\n", i + 1, name,
			      (long long)c->terms.smem_wavefronts, (long long)c->terms.tmem_cycles,
			      (long long)c->terms.registers, (long long)c->terms.instructions,
			      (long long)c->max_way,
			      axe_atom_cost_text(c->cost, cost, sizeof(cost)));
	}
}

/*
 * The excluded atoms, those with the same reason together: their names
 * (wrapped at 90 columns), then the reason, in the order of first mention.
 */
static void text_excluded(axe_writer *w, const axe_atom_ranking *r)
{
	for (size_t i = r->nlegal; i < r->n; i++) {
		size_t col = 2;
		bool first = true;
		for (size_t k = r->nlegal; k < i; k++)
			if (strcmp(r->c[k].reason, r->c[i].reason) == 0)
				goto seen;
		for (size_t k = i; k < r->n; k++) {
			const char *name = r->c[k].atom->name;
			if (strcmp(r->c[k].reason, r->c[i].reason) != 0)
				continue;
			if (!first && col + strlen(name) + 2 > 90)
				axe_write_fmt(w, ",\n  "), col = 2;
			else if (!first)
				axe_write_fmt(w, ", "), col += 2;
			else
				axe_write_fmt(w, "  ");
			axe_write_fmt(w, "%s", name);
			col += strlen(name);
			first = false;
		}
		axe_write_fmt(w, "\n      %s\n", r->c[i].reason);
seen:;
	}
}

static void print_text(axe_writer *w, const axe_atom_ranking *r)
{
	axe_write_fmt(w, "copy: %s to %s, %s elements, sm_%d\n", axe_atom_space_name(r->from),
		      axe_atom_space_name(r->to), axe_dtype_get(r->dtype)->name, r->arch);
	if (r->nlegal == 0)
		axe_write_fmt(w, "no atom can move this tile\n");
	else
		text_legal(w, r);
	if (r->nlegal == 1)
		axe_write_fmt(w, "best: %s, the only legal atom\n", r->c[0].atom->name);
	else if (r->nlegal > 1)
		axe_write_fmt(w, "best: %s%s%s, ahead of %s%s%s by %s\n", r->c[0].atom->name,
			      r->c[0].swizzle[0] ? " @" : "", r->c[0].swizzle, r->c[1].atom->name,
			      r->c[1].swizzle[0] ? " @" : "", r->c[1].swizzle,
			      axe_atom_tie_name(r->decided_by));
	if (r->nlegal > 0)
		axe_write_fmt(w, "cost = 1 x smem wavefronts + 4 x tmem cycles + 0.25 x "
			      "registers; ties go to fewer registers, wavefronts, instructions, "
			      "then table order\n");
	if (r->n > r->nlegal)
		axe_write_fmt(w, "excluded:\n");
	text_excluded(w, r);
}

static void print_json(axe_writer *w, const axe_atom_ranking *r)
{
	char cost[48];

	axe_write_fmt(w, "{\"from\":\"%c\",\"to\":\"%c\",\"dtype\":", r->from, r->to);
	axe_write_json_string(w, axe_dtype_get(r->dtype)->name);
	axe_write_fmt(w, ",\"arch\":\"sm_%d\",\"atoms\":[", r->arch);
	for (size_t i = 0; i < r->n; i++) {
		const axe_atom_candidate *c = &r->c[i];
		axe_write_fmt(w, "%s{\"name\":", i ? "," : "");
		axe_write_json_string(w, c->atom->name);
		if (c->swizzle[0])
			axe_write_fmt(w, ",\"swizzle\":\"%s\"", c->swizzle);
		if (c->legal)
			axe_write_fmt(w, ",\"legal\":true,\"smem_wavefronts\":%lld,"
				      "\"tmem_cycles\":%lld,\"registers\":%lld,"
				      "\"instructions\":%lld,\"max_way\":%lld,\"cost\":%s}",
				      (long long)c->terms.smem_wavefronts,
				      (long long)c->terms.tmem_cycles,
				      (long long)c->terms.registers,
				      (long long)c->terms.instructions, (long long)c->max_way,
				      axe_atom_cost_text(c->cost, cost, sizeof(cost)));
		else {
			axe_write_fmt(w, ",\"legal\":false,\"rule\":\"%s\",\"reason\":", c->rule);
			axe_write_json_string(w, c->reason);
			axe_write_char(w, '}');
		}
	}
	axe_write_str(w, "],\"best\":");
	if (r->nlegal)
		axe_write_json_string(w, r->c[0].atom->name);
	else
		axe_write_str(w, "null");
	if (r->nlegal > 1)
		axe_write_fmt(w, ",\"decided_by\":\"%s\"", axe_atom_tie_name(r->decided_by));
	axe_write_str(w, "}\n");
}

void axe_print_atoms(axe_writer *w, const axe_atom_ranking *r, axe_format format)
{
	if (format == AXE_FORMAT_JSON)
		print_json(w, r);
	else
		print_text(w, r);
}
