/*
 * banks_out.c: formats the results of analyze/banks*.c; computes nothing
 * but the layout of the text.  Every count is printed with its name
 * (wavefronts, ideal, conflicts, max_way), never as a bare "N-way".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/dtype.h"
#include "banks_out.h"

/* The coordinate of flat index "flat" of "shape": "(i, j)", or "[i,j]" for JSON. */
static void write_coord(axe_writer *w, const axe_shape *shape, int64_t flat, bool json)
{
	int64_t coord[AXE_MAX_RANK];

	for (size_t d = shape->rank; d-- > 0;) {
		coord[d] = flat % shape->dim[d];
		flat /= shape->dim[d];
	}
	axe_write_char(w, json ? '[' : '(');
	for (size_t d = 0; d < shape->rank; d++) {
		if (d)
			axe_write_str(w, json ? "," : ", ");
		axe_write_i64(w, coord[d]);
	}
	axe_write_char(w, json ? ']' : ')');
}

static void write_shape(axe_writer *w, const axe_shape *shape, bool json)
{
	axe_write_char(w, json ? '[' : '(');
	for (size_t d = 0; d < shape->rank; d++) {
		if (d)
			axe_write_str(w, json ? "," : ", ");
		axe_write_i64(w, shape->dim[d]);
	}
	axe_write_char(w, json ? ']' : ')');
}


static void write_layout(axe_writer *w, const axe_layout *L, bool json)
{
	char *text = axe_layout_to_string(L);

	if (json)
		axe_write_json_string(w, text ? text : "");
	else
		axe_write_str(w, text ? text : "?");
	free(text);
}

static const char *phases_text(const axe_bank_phasing *ph, char *buf, size_t size)
{
	snprintf(buf, size, "%d phase%s of %d lanes", ph->nphases, ph->nphases > 1 ? "s" : "",
		 ph->lanes_per_phase);
	return buf;
}

/* ---- text: header, table, totals ---- */

static void text_tile(axe_writer *w, const axe_bank_tile *t)
{
	const axe_swizzle *sw = &t->layout->swizzle;
	const char *preset = axe_swizzle_preset_name(sw, t->dtype);

	axe_write_str(w, "smem:       ");
	axe_write_str(w, t->text);
	axe_write_str(w, "  shape ");
	write_shape(w, &t->shape, false);
	axe_write_fmt(w, ", %s (%d bytes)\n", axe_dtype_get(t->dtype)->name, t->elem_bytes);
	if (t->from_source) {
		axe_write_str(w, "swizzle:    in the expr: layout's addresses\n");
		return;
	}
	if (!sw->present) {
		axe_write_str(w, "swizzle:    none\n");
		return;
	}
	axe_write_fmt(w, "swizzle:    Swizzle(%d,%d,%d)%s%s%s: the buffer base must be %lld-byte "
		      "aligned%s%s%s\n", sw->per_element, sw->len, sw->atom, preset ? " = " : "",
		      preset ? preset : "", preset ? " preset" : "",
		      (long long)axe_bank_base_alignment(sw, t->elem_bytes),
		      preset ? " to match the hardware " : "", preset ? preset : "",
		      preset ? " mode" : "");
}

/* How the vector width was set, for the access line. */
static const char *width_origin(const axe_bank_plan *p, const axe_bank_result *r)
{
	if (r && r->inferred)
		return "inferred";
	if (p->source == AXE_BANK_FROM_THREADS)
		return "--vector";
	return p->num ? "16-byte rows" : "from the spec";
}

/* The line of access "k" of "rep" (its result, when it was analysed, in "r"). */
static void text_access_of(axe_writer *w, const axe_banks_output *rep, size_t k,
			   const axe_bank_result *r)
{
	const axe_bank_plan *p = rep->nplans ? &rep->plans[k] : rep->plan;
	const char *threads = rep->nplans ? rep->plan_threads[k] : rep->threads;
	axe_bank_phasing ph = axe_bank_phasing_of(p->op, p->num, p->vector_bytes);
	char buf[64];

	if (rep->nplans > 1)
		axe_write_fmt(w, "access %zu:   ", k + 1);
	else
		axe_write_str(w, "access:     ");
	if (p->source == AXE_BANK_FROM_THREADS) {
		axe_write_str(w, "thread layout ");
		axe_write_str(w, threads ? threads : "");
	} else if (p->source == AXE_BANK_FROM_SPEC && p->num) {
		axe_write_fmt(w, "%s (%s.x%d)", p->label, axe_bank_op_name(p->op), p->num);
	} else if (p->source == AXE_BANK_FROM_SPEC) {
		axe_write_fmt(w, "%s (%s)", p->label, axe_bank_op_name(p->op));
	} else {
		axe_write_str(w, p->label);
	}
	if (r)
		ph = r->phasing;
	if (!r && !p->vector_bytes) {
		axe_write_str(w, ", vector width inferred per candidate\n");
		return;
	}
	axe_write_fmt(w, ", %d bytes per lane (%s): %s\n", ph.lane_bytes, width_origin(p, r),
		      phases_text(&ph, buf, sizeof(buf)));
	if (r && r->limit != AXE_BANK_LIMIT_NONE)
		axe_write_fmt(w, "            not wider: %s\n", r->limit_text);
	/* The access measured is wider than one element: say so, and how to measure scalars. */
	if (r && r->inferred && ph.lane_bytes > rep->tile->elem_bytes)
		axe_write_fmt(w, "widened:    each lane's %d contiguous elements were measured as "
			      "one %d-byte vector (the layouts allow it); for one element per "
			      "load, pass --vector %d\n", ph.lane_bytes / rep->tile->elem_bytes,
			      ph.lane_bytes, rep->tile->elem_bytes);
}

static void text_access(axe_writer *w, const axe_banks_output *rep)
{
	text_access_of(w, rep, 0, rep->result);
	for (size_t k = 1; k < rep->nplans; k++)
		text_access_of(w, rep, k, NULL);
}

static void text_row(axe_writer *w, const axe_bank_tile *t, const axe_bank_instr *in)
{
	int first = 0;

	while (first < AXE_BANK_LANES - 1 && in->flat[first] < 0)
		first++;
	axe_write_fmt(w, "%4lld  %4lld  %5d  %10lld  %5lld  %9lld  %7lld  lane %d: ",
		      (long long)in->warp, (long long)in->step, in->lanes,
		      (long long)in->wavefronts, (long long)in->ideal, (long long)in->conflicts,
		      (long long)in->max_way, first);
	write_coord(w, &t->shape, in->flat[first], false);
	axe_write_char(w, '\n');
}

static void text_total(axe_writer *w, const axe_bank_total *s)
{
	axe_write_fmt(w, "total:      %lld instruction%s: wavefronts %lld, ideal %lld, conflicts "
		      "%lld, max_way %lld\n", (long long)s->instructions,
		      s->instructions == 1 ? "" : "s", (long long)s->wavefronts,
		      (long long)s->ideal, (long long)s->conflicts, (long long)s->max_way);
}

static void text_table(axe_writer *w, const axe_banks_output *rep)
{
	const axe_bank_result *r = rep->result;

	axe_write_str(w, "warp  step  lanes  wavefronts  ideal  conflicts  max_way  "
			 "first lane reads\n");
	for (int64_t i = 0; i < r->ninstr; i++)
		text_row(w, rep->tile, &r->instr[i]);
	text_total(w, &r->total);
}

/* ---- text: the grid of one instruction ---- */

/* A word one phase touches: the lowest lane on it and how many lanes. */
typedef struct cell {
	int64_t word;
	int lane, lanes;
} cell;

/* The words phase "p" of "in" touches, sorted; their count. */
static int phase_cells(const axe_bank_instr *in, const axe_bank_phasing *ph, int p, cell *c)
{
	int words = axe_bank_lane_words(ph->lane_bytes), n = 0;

	for (int l = p * ph->lanes_per_phase; l < (p + 1) * ph->lanes_per_phase; l++)
		for (int k = 0; in->byte[l] >= 0 && k < words; k++) {
			int64_t word = in->byte[l] / AXE_BANK_WORD + k;
			int i = 0;
			while (i < n && c[i].word != word)
				i++;
			if (i == n)
				c[n++] = (cell){ word, l, 0 };
			c[i].lanes++;
		}
	for (int i = 1; i < n; i++) /* insertion sort: at most 32 words */
		for (int j = i; j > 0 && c[j - 1].word > c[j].word; j--) {
			cell x = c[j];
			c[j] = c[j - 1];
			c[j - 1] = x;
		}
	return n;
}

/* One line of the grid: the cells of "c" on line "line". */
static void text_grid_line(axe_writer *w, const cell *c, int n, int64_t line)
{
	char row[AXE_BANK_COUNT][4];

	for (int b = 0; b < AXE_BANK_COUNT; b++)
		snprintf(row[b], sizeof(row[b]), ".");
	for (int i = 0; i < n; i++)
		if (c[i].word / AXE_BANK_COUNT == line)
			snprintf(row[c[i].word % AXE_BANK_COUNT], sizeof(row[0]), "%d%s",
				 c[i].lane, c[i].lanes > 1 ? "+" : "");
	axe_write_fmt(w, "%6lld %8lld |", (long long)line,
		      (long long)(line * AXE_BANK_PHASE_BYTES));
	for (int b = 0; b < AXE_BANK_COUNT; b++)
		axe_write_fmt(w, "%3s", row[b]);
	axe_write_char(w, '\n');
}

static void text_phase(axe_writer *w, const axe_bank_instr *in, const axe_bank_phasing *ph, int p)
{
	cell c[AXE_BANK_LANES];
	int per_bank[AXE_BANK_COUNT] = { 0 }, n = phase_cells(in, ph, p, c), worst = 0;

	axe_write_fmt(w, "phase %d:    lanes %d-%d", p, p * ph->lanes_per_phase,
		      (p + 1) * ph->lanes_per_phase - 1);
	if (n == 0) {
		axe_write_str(w, ": no active lane\n");
		return;
	}
	for (int i = 0; i < n; i++)
		if (++per_bank[c[i].word % AXE_BANK_COUNT] > per_bank[worst])
			worst = (int)(c[i].word % AXE_BANK_COUNT);
	if (per_bank[worst] > 1)
		axe_write_fmt(w, ": wavefronts %d (bank %d holds %d distinct words)\n",
			      in->phase_cost[p], worst, per_bank[worst]);
	else
		axe_write_fmt(w, ": wavefronts %d (no bank holds two words)\n", in->phase_cost[p]);
	axe_write_str(w, "  line     byte |");
	for (int b = 0; b < AXE_BANK_COUNT; b++)
		axe_write_fmt(w, "%3d", b);
	axe_write_char(w, '\n');
	for (int i = 0; i < n; i++) {
		int64_t line = c[i].word / AXE_BANK_COUNT;
		if (i > 0 && line == c[i - 1].word / AXE_BANK_COUNT)
			continue;
		if (i > 0 && line > c[i - 1].word / AXE_BANK_COUNT + 1)
			axe_write_str(w, "   ...\n");
		text_grid_line(w, c, n, line);
	}
	axe_write_str(w, "     words/bank |");
	for (int b = 0; b < AXE_BANK_COUNT; b++)
		axe_write_fmt(w, per_bank[b] ? "%3d" : "  .", per_bank[b]);
	axe_write_char(w, '\n');
}

static void text_grid(axe_writer *w, const axe_banks_output *rep)
{
	const axe_bank_instr *in = &rep->result->instr[rep->grid];

	axe_write_fmt(w, "\ngrid:       warp %lld, step %lld: a row is a 128-byte line, a column "
		      "a bank;\n            a cell shows the lowest lane on that word ('+': more "
		      "lanes share it)\n", (long long)in->warp, (long long)in->step);
	for (int p = 0; p < rep->result->phasing.nphases; p++)
		text_phase(w, in, &rep->result->phasing, p);
}

/* ---- text: --suggest ---- */

static void text_candidate(axe_writer *w, const axe_bank_candidate *c, size_t rank)
{
	char name[40];

	snprintf(name, sizeof(name), "%s%s", c->name, c->current ? "*" : "");
	if (!c->possible) {
		axe_write_fmt(w, "     -  %-15s  not possible: ", name);
		axe_write_str(w, c->why_not);
		axe_write_char(w, '\n');
		return;
	}
	axe_write_fmt(w, "%6zu  %-15s  %10lld  %5lld  %9lld  %7lld  %12lld  %6d  %11lld  %10lld  "
		      "%-7s  ", rank, name, (long long)c->total.wavefronts,
		      (long long)c->total.ideal, (long long)c->total.conflicts,
		      (long long)c->total.max_way, (long long)c->total.instructions,
		      c->vector_bytes, (long long)c->extra_bytes, (long long)c->base_alignment,
		      c->hardware ? "yes" : "no");
	write_layout(w, c->layout, false);
	if (c->naccesses > 1) {
		axe_write_str(w, "  (wavefronts by access: ");
		for (size_t k = 0; k < c->naccesses; k++)
			axe_write_fmt(w, "%s%lld", k ? " + " : "",
				      (long long)c->access_wavefronts[k]);
		axe_write_char(w, ')');
	}
	axe_write_char(w, '\n');
}

/* Why the first candidate wins, from what decided the ranking. */
static void text_cheapest(axe_writer *w, const axe_bank_suggestion *s)
{
	const axe_bank_candidate *a = &s->c[0], *b = &s->c[1];

	axe_write_fmt(w, "cheapest:   %s%s: %lld wavefront%s", a->name,
		      a->current ? " (as given)" : "", (long long)a->total.wavefronts,
		      a->total.wavefronts == 1 ? "" : "s");
	if (s->decided_by == AXE_BANK_BY_ONLY || s->decided_by == AXE_BANK_BY_POSSIBLE)
		axe_write_str(w, "; no other candidate allows these accesses");
	else if (s->decided_by == AXE_BANK_BY_WAVEFRONTS)
		axe_write_fmt(w, " against %lld for %s", (long long)b->total.wavefronts, b->name);
	else
		axe_write_fmt(w, ", as for %s", b->name);
	if (s->decided_by == AXE_BANK_BY_INSTRUCTIONS)
		axe_write_fmt(w, ", in %lld instructions against %lld (wider vectors)",
			      (long long)a->total.instructions, (long long)b->total.instructions);
	else if (s->decided_by == AXE_BANK_BY_MEMORY && a->extra_bytes == 0)
		axe_write_fmt(w, ", which needs %lld more bytes", (long long)b->extra_bytes);
	else if (s->decided_by == AXE_BANK_BY_MEMORY)
		axe_write_fmt(w, ", with %lld extra bytes against %lld", (long long)a->extra_bytes,
			      (long long)b->extra_bytes);
	else if (s->decided_by == AXE_BANK_BY_HARDWARE)
		axe_write_str(w, ", and the hardware copies and reads it");
	else if (s->decided_by == AXE_BANK_BY_ALIGNMENT)
		axe_write_fmt(w, ", with a smaller base alignment");
	else if (s->decided_by == AXE_BANK_BY_ORDER)
		axe_write_str(w, " (a tie)");
	if (a->total.conflicts == 0)
		axe_write_str(w, "; conflict-free: no phase touches two words of one bank");
	else
		axe_write_fmt(w, "; still %lld conflicts, worst phase %lld distinct words in one "
			      "bank", (long long)a->total.conflicts, (long long)a->total.max_way);
	if (a->base_alignment)
		axe_write_fmt(w, "; needs a %lld-byte aligned buffer base",
			      (long long)a->base_alignment);
	axe_write_char(w, '\n');
}

/*
 * The ranked table: the first AXE_BANK_SUGGEST_SHOWN candidates, then any
 * hardware mode or the given layout ranked below them (the user compares
 * against those), then how many more there are.
 */
static void text_suggestion(axe_writer *w, const axe_bank_suggestion *s)
{
	size_t hidden = 0;

	axe_write_str(w, "suggest:    the same accesses on other shared-memory layouts, cheapest "
		      "first ('*': the layout as given; tma/mma: a TMA copy writes it and a "
		      "wgmma/UMMA descriptor reads it)\n");
	if (s->n > 0 && s->c[0].naccesses > 1)
		axe_write_fmt(w, "            ranked by the total over the %zu accesses\n",
			      s->c[0].naccesses);
	axe_write_str(w, "  rank  candidate        wavefronts  ideal  conflicts  max_way  "
		      "instructions  vector  extra bytes  base align  tma/mma  layout\n");
	for (size_t i = 0; i < s->n; i++) {
		if (axe_bank_candidate_shown(s, i))
			text_candidate(w, &s->c[i], i + 1);
		else
			hidden++;
	}
	if (hidden)
		axe_write_fmt(w, "  (%zu more candidate%s ranked lower: --json lists every one)\n",
			      hidden, hidden == 1 ? "" : "s");
	if (!s->padding_tried)
		axe_write_fmt(w, "padding:    not tried: %s\n", s->padding_why);
	if (s->n > 0 && s->c[0].possible)
		text_cheapest(w, s);
	else
		axe_write_str(w, "cheapest:   none: no candidate allows these accesses\n");
}

static void print_text(axe_writer *w, const axe_banks_output *rep)
{
	text_tile(w, rep->tile);
	text_access(w, rep);
	if (rep->result)
		text_table(w, rep);
	if (rep->result && rep->grid >= 0)
		text_grid(w, rep);
	if (rep->suggestion)
		text_suggestion(w, rep->suggestion);
}

/* ---- JSON ---- */

static void json_tile(axe_writer *w, const axe_bank_tile *t)
{
	const axe_swizzle *sw = &t->layout->swizzle;

	axe_write_str(w, "{\"smem\":");
	axe_write_json_string(w, t->text);
	axe_write_str(w, ",\"shape\":");
	write_shape(w, &t->shape, true);
	axe_write_str(w, ",\"dtype\":");
	axe_write_json_string(w, axe_dtype_get(t->dtype)->name);
	if (sw->present)
		axe_write_fmt(w, ",\"swizzle\":{\"per_element\":%d,\"swizzle_len\":%d,"
			      "\"atom_len\":%d,\"base_alignment\":%lld}", sw->per_element, sw->len,
			      sw->atom, (long long)axe_bank_base_alignment(sw, t->elem_bytes));
	else
		axe_write_str(w, ",\"swizzle\":null");
}

/* The object of access "p" (its result "r", or NULL). */
static void json_access_of(axe_writer *w, const axe_bank_plan *p, const axe_bank_result *r)
{
	static const char *const sources[] = { "threads", "preset", "spec" };
	axe_bank_phasing ph = r ? r->phasing : axe_bank_phasing_of(p->op, p->num, p->vector_bytes);

	axe_write_fmt(w, "{\"source\":\"%s\",\"op\":\"%s\"", sources[p->source],
		      axe_bank_op_name(p->op));
	if (p->num)
		axe_write_fmt(w, ",\"num\":%d", p->num);
	if (r || p->vector_bytes)
		axe_write_fmt(w, ",\"vector_bytes\":%d,\"vector\":\"%s\",\"phases\":%d,"
			      "\"lanes_per_phase\":%d", ph.lane_bytes,
			      r && r->inferred ? "inferred" :
			      p->source == AXE_BANK_FROM_THREADS ? "forced" : "fixed",
			      ph.nphases, ph.lanes_per_phase);
	axe_write_char(w, '}');
}

/* "access": the first; "accesses": every one, when --suggest ranks several. */
static void json_access(axe_writer *w, const axe_banks_output *rep)
{
	axe_write_str(w, ",\"access\":");
	json_access_of(w, rep->plan, rep->result);
	if (rep->nplans < 2)
		return;
	axe_write_str(w, ",\"accesses\":[");
	for (size_t k = 0; k < rep->nplans; k++) {
		if (k)
			axe_write_char(w, ',');
		json_access_of(w, &rep->plans[k], NULL);
	}
	axe_write_char(w, ']');
}

static void json_total(axe_writer *w, const axe_bank_total *s)
{
	axe_write_fmt(w, ",\"total\":{\"instructions\":%lld,\"wavefronts\":%lld,\"ideal\":%lld,"
		      "\"conflicts\":%lld,\"max_way\":%lld}", (long long)s->instructions,
		      (long long)s->wavefronts, (long long)s->ideal, (long long)s->conflicts,
		      (long long)s->max_way);
}

static void json_instructions(axe_writer *w, const axe_bank_result *r)
{
	axe_write_str(w, ",\"instructions\":[");
	for (int64_t i = 0; i < r->ninstr; i++) {
		const axe_bank_instr *in = &r->instr[i];
		axe_write_fmt(w, "%s{\"warp\":%lld,\"step\":%lld,\"lanes\":%d,\"wavefronts\":%lld,"
			      "\"ideal\":%lld,\"conflicts\":%lld,\"max_way\":%lld}", i ? "," : "",
			      (long long)in->warp, (long long)in->step, in->lanes,
			      (long long)in->wavefronts, (long long)in->ideal,
			      (long long)in->conflicts, (long long)in->max_way);
	}
	axe_write_char(w, ']');
	json_total(w, &r->total);
}

static void json_grid(axe_writer *w, const axe_banks_output *rep)
{
	const axe_bank_instr *in = &rep->result->instr[rep->grid];
	const axe_bank_phasing *ph = &rep->result->phasing;
	bool first = true;

	axe_write_fmt(w, ",\"grid\":{\"warp\":%lld,\"step\":%lld,\"phases\":[",
		      (long long)in->warp, (long long)in->step);
	for (int p = 0; p < ph->nphases; p++)
		axe_write_fmt(w, "%s{\"lanes\":[%d,%d],\"wavefronts\":%d}", p ? "," : "",
			      p * ph->lanes_per_phase, (p + 1) * ph->lanes_per_phase - 1,
			      in->phase_cost[p]);
	axe_write_str(w, "],\"lanes\":[");
	for (int l = 0; l < AXE_BANK_LANES; l++) {
		int64_t word = in->byte[l] / AXE_BANK_WORD;
		if (in->byte[l] < 0)
			continue;
		axe_write_fmt(w, "%s{\"lane\":%d,\"coord\":", first ? "" : ",", l);
		first = false;
		write_coord(w, &rep->tile->shape, in->flat[l], true);
		axe_write_fmt(w, ",\"byte\":%lld,\"line\":%lld,\"bank\":%lld}",
			      (long long)in->byte[l], (long long)(word / AXE_BANK_COUNT),
			      (long long)(word % AXE_BANK_COUNT));
	}
	axe_write_str(w, "]}");
}

static void json_candidate(axe_writer *w, const axe_bank_suggestion *s, size_t i)
{
	const axe_bank_candidate *c = &s->c[i];

	axe_write_str(w, "{\"name\":");
	axe_write_json_string(w, c->name);
	axe_write_str(w, ",\"layout\":");
	write_layout(w, c->layout, true);
	axe_write_fmt(w, ",\"current\":%s,\"hardware\":%s,\"possible\":%s,\"shown\":%s",
		      c->current ? "true" : "false", c->hardware ? "true" : "false",
		      c->possible ? "true" : "false",
		      axe_bank_candidate_shown(s, i) ? "true" : "false");
	if (!c->possible) {
		axe_write_str(w, ",\"reason\":");
		axe_write_json_string(w, c->why_not);
		axe_write_char(w, '}');
		return;
	}
	axe_write_fmt(w, ",\"padding\":%lld,\"extra_bytes\":%lld,\"base_alignment\":%lld,"
		      "\"vector_bytes\":%d", (long long)c->padding, (long long)c->extra_bytes,
		      (long long)c->base_alignment, c->vector_bytes);
	json_total(w, &c->total);
	if (c->naccesses > 1) {
		axe_write_str(w, ",\"wavefronts_by_access\":[");
		for (size_t k = 0; k < c->naccesses; k++)
			axe_write_fmt(w, "%s%lld", k ? "," : "",
				      (long long)c->access_wavefronts[k]);
		axe_write_char(w, ']');
	}
	axe_write_char(w, '}');
}

static void json_suggestion(axe_writer *w, const axe_bank_suggestion *s)
{
	static const char *const reasons[] = {
		"only", "possible", "wavefronts", "memory", "instructions", "hardware",
		"alignment", "order",
	};

	axe_write_str(w, ",\"suggest\":{\"candidates\":[");
	for (size_t i = 0; i < s->n; i++) {
		if (i)
			axe_write_char(w, ',');
		json_candidate(w, s, i);
	}
	axe_write_str(w, "],\"best\":");
	if (s->n > 0 && s->c[0].possible) {
		axe_write_json_string(w, s->c[0].name);
		axe_write_fmt(w, ",\"decided_by\":\"%s\"", reasons[s->decided_by]);
	} else {
		axe_write_str(w, "null");
	}
	axe_write_char(w, '}');
}

static void print_json(axe_writer *w, const axe_banks_output *rep)
{
	json_tile(w, rep->tile);
	json_access(w, rep);
	if (rep->result)
		json_instructions(w, rep->result);
	if (rep->result && rep->grid >= 0)
		json_grid(w, rep);
	if (rep->suggestion)
		json_suggestion(w, rep->suggestion);
	axe_write_str(w, "}\n");
}

void axe_print_banks(axe_writer *w, const axe_banks_output *rep, axe_format format)
{
	if (format == AXE_FORMAT_JSON)
		print_json(w, rep);
	else
		print_text(w, rep);
}
