/*
 * banks_scene.c: the picture of `banks --format svg|html` (banks_out.h),
 * filled into a scene (scene.h) from the analysis of analyze/banks.h.
 *
 * The instruction table; for each drawn instruction (a group of the scene)
 * one block per phase: the phase's lanes, each showing the bank of its
 * first word, and the 128-byte lines it touches x 32 banks, each word
 * showing the lowest lane on it, with a last row of distinct words per
 * bank.  A bank holding more than one distinct word in a phase is a
 * conflict: its words and every lane on them are red; the banks at the
 * phase's cost are outlined.  With --suggest, the ranked candidates.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/dtype.h"
#include "../parse/parse.h"
#include "banks_out.h"
#include "scene.h"

#define MAX_DRAWN 62 /* instructions drawn as groups (scene.h keeps 64 group heights) */

/* A word a phase touches: its number, the lanes on it (a bit each). */
typedef struct word {
	int64_t word;
	uint32_t lanes;
} word;

/* The distinct words of phase "p" of "in", sorted; their count. */
static int phase_words(const axe_bank_instr *in, const axe_bank_phasing *ph, int p, word *out)
{
	int per_lane = axe_bank_lane_words(ph->lane_bytes), n = 0;

	for (int l = p * ph->lanes_per_phase; l < (p + 1) * ph->lanes_per_phase; l++)
		for (int k = 0; in->byte[l] >= 0 && k < per_lane; k++) {
			int64_t w = in->byte[l] / AXE_BANK_WORD + k;
			int i = 0;
			while (i < n && out[i].word != w)
				i++;
			if (i == n)
				out[n++] = (word){ w, 0 };
			out[i].lanes |= UINT32_C(1) << l;
		}
	for (int i = 1; i < n; i++) /* insertion sort: at most 128 words */
		for (int j = i; j > 0 && out[j - 1].word > out[j].word; j--) {
			word x = out[j];
			out[j] = out[j - 1];
			out[j - 1] = x;
		}
	return n;
}

static int lowest_lane(uint32_t lanes)
{
	int l = 0;

	while (l < 31 && !(lanes >> l & 1))
		l++;
	return l;
}

static void put_coord(axe_scene *s, const axe_shape *shape, int64_t flat)
{
	int64_t coord[AXE_MAX_RANK];

	for (size_t d = shape->rank; d-- > 0;) {
		coord[d] = flat % shape->dim[d];
		flat /= shape->dim[d];
	}
	axe_scene_put_list(s, coord, shape->rank, ',');
}

/* The row of lanes of phase "p": bank of the first word, red when that bank conflicts. */
static void add_lanes(axe_scene *s, const axe_banks_output *rep, const axe_bank_instr *in,
		      int p, const int *per_bank, const char *title, int group)
{
	const axe_bank_phasing *ph = &rep->result->phasing;
	int per_lane = axe_bank_lane_words(ph->lane_bytes);
	axe_scene_panel *panel = axe_scene_add_panel(s, group, title, "lane", 1,
						     (size_t)ph->lanes_per_phase);

	if (!panel)
		return;
	panel->col0 = p * ph->lanes_per_phase;
	panel->row_labels = axe_scene_text(s, "lane");
	for (int l = p * ph->lanes_per_phase; l < (p + 1) * ph->lanes_per_phase; l++) {
		int64_t w0 = in->byte[l] / AXE_BANK_WORD;
		int worst = 0;
		axe_scene_cell *c = axe_scene_add_cell(s, 0, l - p * ph->lanes_per_phase,
						       axe_owner_colour(0, 1, l, AXE_BANK_LANES));
		size_t at;

		if (!c)
			return;
		if (in->byte[l] < 0) {
			c->flags |= AXE_CELL_EMPTY;
			continue;
		}
		for (int k = 0; k < per_lane; k++)
			if (per_bank[(w0 + k) % AXE_BANK_COUNT] > worst)
				worst = per_bank[(w0 + k) % AXE_BANK_COUNT];
		if (worst > 1)
			c->flags |= AXE_CELL_RED;
		at = axe_scene_begin(s);
		axe_scene_put_i64(s, w0 % AXE_BANK_COUNT);
		c->label = axe_scene_end(s, at);
		at = axe_scene_begin(s);
		axe_scene_put_raw(s, " data-lane=\"");
		axe_scene_put_i64(s, l);
		axe_scene_put_raw(s, "\" data-coord=\"");
		put_coord(s, &rep->tile->shape, in->flat[l]);
		axe_scene_put_raw(s, "\" data-byte=\"");
		axe_scene_put_i64(s, in->byte[l]);
		axe_scene_put_raw(s, "\" data-bank=\"");
		axe_scene_put_i64(s, w0 % AXE_BANK_COUNT);
		axe_scene_put_raw(s, "\" data-words=\"");
		axe_scene_put_i64(s, worst);
		axe_scene_put_raw(s, "\" data-owners=\"");
		for (int k = 0; k < per_lane; k++) {
			axe_scene_put_raw(s, k ? "|" : "");
			axe_scene_put_i64(s, (w0 + k) / AXE_BANK_COUNT);
			axe_scene_put_raw(s, ",");
			axe_scene_put_i64(s, (w0 + k) % AXE_BANK_COUNT);
		}
		axe_scene_put_raw(s, "\"");
		c->attrs = axe_scene_end(s, at);
	}
}

/* One word cell of the lines x banks grid at "row". */
static void add_word(axe_scene *s, const axe_banks_output *rep, const axe_bank_instr *in,
		     const word *w, int row, const int *per_bank, int cost)
{
	int bank = (int)(w->word % AXE_BANK_COUNT), lane = lowest_lane(w->lanes);
	axe_scene_cell *c = axe_scene_add_cell(s, row, bank, axe_owner_colour(0, 1, lane,
									   AXE_BANK_LANES));
	size_t at;
	bool first = true;

	if (!c)
		return;
	if (per_bank[bank] > 1)
		c->flags |= AXE_CELL_RED | (per_bank[bank] == cost ? AXE_CELL_BOLD : 0);
	at = axe_scene_begin(s);
	axe_scene_put_i64(s, lane);
	axe_scene_put_raw(s, w->lanes & (w->lanes - 1) ? "+" : "");
	c->label = axe_scene_end(s, at);
	at = axe_scene_begin(s);
	axe_scene_put_raw(s, " data-owner=\"");
	axe_scene_put_i64(s, w->word / AXE_BANK_COUNT);
	axe_scene_put_raw(s, ",");
	axe_scene_put_i64(s, bank);
	axe_scene_put_raw(s, "\" data-points=\"");
	for (int l = 0; l < AXE_BANK_LANES; l++)
		if (w->lanes >> l & 1) {
			axe_scene_put_raw(s, first ? "" : "|");
			put_coord(s, &rep->tile->shape, in->flat[l]);
			first = false;
		}
	axe_scene_put_raw(s, "\"");
	c->attrs = axe_scene_end(s, at);
}

/* The lines x banks grid of a phase's words "w", with a last row of words per bank. */
static void add_grid(axe_scene *s, const axe_banks_output *rep, const axe_bank_instr *in,
		     const word *w, int n, const int *per_bank, int cost, const char *title,
		     int group)
{
	int lines = 0, row = -1;
	axe_scene_panel *panel;
	size_t at;

	for (int i = 0; i < n; i++)
		lines += i == 0 || w[i].word / AXE_BANK_COUNT != w[i - 1].word / AXE_BANK_COUNT;
	panel = axe_scene_add_panel(s, group, title, "word", (size_t)lines + 1, AXE_BANK_COUNT);
	if (!panel)
		return;
	at = axe_scene_begin(s);
	for (int i = 0; i < n; i++)
		if (i == 0 || w[i].word / AXE_BANK_COUNT != w[i - 1].word / AXE_BANK_COUNT) {
			axe_scene_put_raw(s, i ? "|line " : "line ");
			axe_scene_put_i64(s, w[i].word / AXE_BANK_COUNT);
		}
	axe_scene_put_raw(s, "|words");
	panel->row_labels = axe_scene_end(s, at);
	for (int i = 0; i < n; i++) {
		if (i == 0 || w[i].word / AXE_BANK_COUNT != w[i - 1].word / AXE_BANK_COUNT)
			row++;
		add_word(s, rep, in, &w[i], row, per_bank, cost);
	}
	for (int b = 0; b < AXE_BANK_COUNT; b++) {
		axe_scene_cell *c = axe_scene_add_cell(s, lines, b, 0xeeeeee);
		if (!c)
			return;
		if (per_bank[b] == 0) {
			c->flags |= AXE_CELL_EMPTY;
			continue;
		}
		c->flags |= per_bank[b] > 1 ? AXE_CELL_RED : 0;
		at = axe_scene_begin(s);
		axe_scene_put_i64(s, per_bank[b]);
		c->label = axe_scene_end(s, at);
	}
}

/* The blocks of instruction "in", in "group". */
static void add_instruction(axe_scene *s, const axe_banks_output *rep, const axe_bank_instr *in,
			    int group)
{
	const axe_bank_phasing *ph = &rep->result->phasing;
	char title[320];

	for (int p = 0; p < ph->nphases && !s->nomem; p++) {
		word w[AXE_BANK_LANES * AXE_BANK_MAX_VECTOR / AXE_BANK_WORD];
		int per_bank[AXE_BANK_COUNT] = { 0 }, n = phase_words(in, ph, p, w), worst = 0;

		for (int i = 0; i < n; i++)
			if (++per_bank[w[i].word % AXE_BANK_COUNT] > per_bank[worst])
				worst = (int)(w[i].word % AXE_BANK_COUNT);
		if (n == 0)
			snprintf(title, sizeof(title), "warp %lld, step %lld, phase %d (lanes %d-%d): "
				 "no active lane", (long long)in->warp, (long long)in->step, p,
				 p * ph->lanes_per_phase, (p + 1) * ph->lanes_per_phase - 1);
		else
			snprintf(title, sizeof(title), "warp %lld, step %lld, phase %d (lanes %d-%d): "
				 "%d wavefront%s%s; a lane shows the bank of its first word",
				 (long long)in->warp, (long long)in->step, p, p * ph->lanes_per_phase,
				 (p + 1) * ph->lanes_per_phase - 1, in->phase_cost[p],
				 in->phase_cost[p] == 1 ? "" : "s",
				 per_bank[worst] > 1 ? ", conflicts in red" : ", no conflict");
		if (n == 0) {
			axe_scene_add_panel(s, group, title, "head", 0, 0);
			continue;
		}
		add_lanes(s, rep, in, p, per_bank, title, group);
		add_grid(s, rep, in, w, n, per_bank, in->phase_cost[p], "128-byte lines x banks: a "
			 "word shows the lowest lane on it ('+': more lanes)", group);
	}
}

static void table_cell(axe_scene *s, size_t row, size_t col, const char *text)
{
	s->table.text[row * s->table.ncols + col] = axe_scene_text(s, text);
}

static void table_int(axe_scene *s, size_t row, size_t col, int64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%lld", (long long)v);
	table_cell(s, row, col, buf);
}

static void instruction_table(axe_scene *s, const axe_bank_result *r, int64_t selected)
{
	static const char *const head[] = { "warp", "step", "lanes", "wavefronts", "ideal",
					    "conflicts", "max_way" };

	if (axe_scene_table_init(s, 7, (size_t)r->ninstr) < 0)
		return;
	for (size_t c = 0; c < 7; c++)
		table_cell(s, 0, c, head[c]);
	for (int64_t i = 0; i < r->ninstr; i++) {
		const axe_bank_instr *in = &r->instr[i];
		int64_t v[7] = { in->warp, in->step, in->lanes, in->wavefronts, in->ideal,
				 in->conflicts, in->max_way };
		for (size_t c = 0; c < 7; c++)
			table_int(s, (size_t)i + 1, c, v[c]);
		s->table.group[i] = i < MAX_DRAWN ? (int)i + 1 : i == selected ? MAX_DRAWN + 1 : 0;
	}
	s->table.selected = s->table.group[selected];
}

static void suggestion_table(axe_scene *s, const axe_bank_suggestion *sg)
{
	static const char *const head[] = { "rank", "candidate", "wavefronts", "ideal", "conflicts",
					    "extra bytes", "base alignment", "note" };

	size_t shown = 0, row = 0;
	char note[96];

	for (size_t i = 0; i < sg->n; i++)
		shown += axe_bank_candidate_shown(sg, i);
	if (shown < sg->n) {
		snprintf(note, sizeof(note), "%zu more candidates ranked lower: --json lists every one",
			 sg->n - shown);
		axe_scene_add_note(s, note);
	}
	if (axe_scene_table_init(s, 8, shown) < 0)
		return;
	for (size_t c = 0; c < 8; c++)
		table_cell(s, 0, c, head[c]);
	for (size_t i = 0; i < sg->n; i++) {
		const axe_bank_candidate *c = &sg->c[i];
		if (!axe_bank_candidate_shown(sg, i))
			continue;
		row++;
		table_int(s, row, 0, (int64_t)i + 1);
		table_cell(s, row, 1, c->name);
		if (!c->possible) {
			table_cell(s, row, 7, c->why_not);
			continue;
		}
		table_int(s, row, 2, c->total.wavefronts);
		table_int(s, row, 3, c->total.ideal);
		table_int(s, row, 4, c->total.conflicts);
		table_int(s, row, 5, c->extra_bytes);
		table_int(s, row, 6, c->base_alignment);
		table_cell(s, row, 7, c->current ? "the given tile" : "");
	}
}

/*
 * The costliest phase of the costliest instruction of "c" (analysed again on
 * its tile with the same plan), as a grid titled with the candidate.
 */
static int candidate_grid(axe_scene *s, const axe_banks_output *rep, const axe_bank_candidate *c,
			  size_t rank, axe_error *err)
{
	axe_loc where = { "--suggest", 1, 1, c->name, strlen(c->name) };
	axe_bank_tile tile;
	axe_bank_result res;
	int r = -1;

	memset(&res, 0, sizeof(res));
	if (axe_bank_tile_init(&tile, c->layout, &rep->tile->shape, rep->tile->dtype, &where, 0,
			       err) < 0)
		return -1;
	if (axe_bank_analyze(rep->plan, &tile, NULL, &res, err) == 0) {
		int64_t worst = axe_bank_worst(&res);
		const axe_bank_instr *in = &res.instr[worst > 0 ? worst : 0];
		word w[AXE_BANK_LANES * AXE_BANK_MAX_VECTOR / AXE_BANK_WORD];
		int per_bank[AXE_BANK_COUNT] = { 0 }, p = 0, n;
		char title[160];

		for (int k = 1; k < res.phasing.nphases; k++)
			p = in->phase_cost[k] > in->phase_cost[p] ? k : p;
		n = phase_words(in, &res.phasing, p, w);
		for (int i = 0; i < n; i++)
			per_bank[w[i].word % AXE_BANK_COUNT]++;
		snprintf(title, sizeof(title), "%zu. %s%s: %lld wavefront%s in all (its worst phase)",
			 rank, c->name, c->current ? " (as given)" : "", (long long)c->total.wavefronts,
			 c->total.wavefronts == 1 ? "" : "s");
		if (res.ninstr > 0 && n > 0) {
			add_grid(s, rep, in, w, n, per_bank, in->phase_cost[p], title, 0);
			axe_scene_last(s)->beside = rank % 2 == 0;
		}
		r = 0;
	}
	axe_bank_result_release(&res);
	axe_bank_tile_release(&tile);
	return r;
}

/* The candidates shown side by side, ranked, each its costliest phase. */
static int suggestion_grids(axe_scene *s, const axe_banks_output *rep, axe_error *err)
{
	const axe_bank_suggestion *sg = rep->suggestion;

	for (size_t i = 0; i < sg->n && !s->nomem; i++)
		if (sg->c[i].possible && axe_bank_candidate_shown(sg, i) &&
		    candidate_grid(s, rep, &sg->c[i], i + 1, err) < 0)
			return -1;
	return 0;
}

static void frame(axe_scene *s, const axe_banks_output *rep)
{
	const axe_bank_tile *t = rep->tile;
	char buf[400];
	size_t at = axe_scene_begin(s);

	axe_scene_put_raw(s, "bank conflicts of ");
	axe_scene_put(s, t->text);
	s->title = axe_scene_end(s, at);
	snprintf(buf, sizeof(buf), "%s, %s (%d bytes); 32 banks of 4 bytes, bank = byte / 4 mod 32; "
		 "a phase costs the most distinct words one bank holds", rep->plan->label[0] ?
		 rep->plan->label : rep->threads ? rep->threads : "access",
		 axe_dtype_get(t->dtype)->name, t->elem_bytes);
	s->subtitle = axe_scene_text(s, buf);
	if (rep->result) {
		const axe_bank_total *tt = &rep->result->total;
		snprintf(buf, sizeof(buf), "total: %lld instruction%s, wavefronts %lld, ideal %lld, "
			 "conflicts %lld, max_way %lld", (long long)tt->instructions,
			 tt->instructions == 1 ? "" : "s", (long long)tt->wavefronts,
			 (long long)tt->ideal, (long long)tt->conflicts, (long long)tt->max_way);
		axe_scene_add_note(s, buf);
		if (rep->result->ninstr > MAX_DRAWN)
			axe_scene_add_note(s, "instructions past the first 62 are listed but not "
					   "drawn (--warp and --step pick one)");
	}
	at = axe_scene_begin(s);
	axe_scene_put_raw(s, " data-by=\"line,bank\"");
	s->root_attrs = axe_scene_end(s, at);
	s->info = axe_scene_text(s, rep->result ? "click a row of the table to draw that "
				 "instruction; hover a lane or a word for its byte and bank"
				 : "candidates ranked: fewest wavefronts first");
}

int axe_banks_picture(axe_writer *w, const axe_banks_output *rep, axe_format format,
		      axe_error *err)
{
	axe_scene s;
	int group = 0;

	axe_scene_init(&s);
	frame(&s, rep);
	if (rep->result) {
		int64_t sel = rep->grid >= 0 ? rep->grid : axe_bank_worst(rep->result);
		instruction_table(&s, rep->result, sel);
		for (int64_t i = 0; i < rep->result->ninstr && i < MAX_DRAWN && !s.nomem; i++)
			add_instruction(&s, rep, &rep->result->instr[i], (int)i + 1);
		if (sel >= MAX_DRAWN)
			add_instruction(&s, rep, &rep->result->instr[sel], MAX_DRAWN + 1);
		group = s.table.selected;
	}
	if (rep->suggestion) {
		suggestion_table(&s, rep->suggestion);
		if (suggestion_grids(&s, rep, err) < 0) {
			axe_scene_release(&s);
			return -1;
		}
	}
	if (axe_scene_status(&s, err) < 0) {
		axe_scene_release(&s);
		return -1;
	}
	axe_scene_place(&s);
	axe_scene_write(w, &s, format, group);
	axe_scene_release(&s);
	return 0;
}
