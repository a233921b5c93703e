/*
 * convert.c: a layout in another tool's notation (docs/interop.md, "Writing
 * layouts back").  The notation's writer prints it; the notation's reader
 * (which validates itself against the notation's own meaning) reads the text
 * back, and the prove module must show the result equal to the layout before
 * the text is returned.  A text that reads back as another layout is a
 * writer bug and is reported as one, never printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/relate.h"
#include "../prove/prove.h"
#include "convert.h"
#include "interop.h"

#define CONVERT_TIMEOUT 10.0 /* seconds for the proof */

size_t axe_convert_targets(const char **names, size_t max)
{
	size_t nformats, n = 0;
	const char *const *formats = axe_format_names(&nformats);

	if (max > 0)
		names[n++] = "axe";
	for (size_t i = 0; i < nformats && n < max; i++)
		if (axe_format_lookup(formats[i], strlen(formats[i]))->export_)
			names[n++] = formats[i];
	return n;
}

void axe_convert_release(axe_convert *c)
{
	free(c->text);
	c->text = NULL;
}

/* `--to axe`: the compact form, or why only an `expr:` form exists. */
static int to_axe(const axe_layout *layout, const char *why_expr, axe_convert *out,
		  axe_error *err)
{
	if (!layout) {
		snprintf(out->reason, sizeof(out->reason),
			 "the layout has no Axe compact form, only an expr: form%s%s%s",
			 why_expr && *why_expr ? " (" : "", why_expr ? why_expr : "",
			 why_expr && *why_expr ? ")" : "");
		return 0;
	}
	if (!(out->text = axe_layout_to_string(layout)))
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	out->expressible = true;
	return 0;
}

static int unknown_target(const char *to, axe_error *err)
{
	const char *names[64];
	size_t n = axe_convert_targets(names, sizeof(names) / sizeof(names[0]));
	const char *best = axe_suggest(to, names, n);
	char list[256] = "";

	for (size_t i = 0; i < n; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s", i ? ", " : "",
			 names[i]);
	axe_error_set(err, AXE_ERR_NAME, NULL, 0, "unknown notation '%s'", to);
	if (best)
		axe_error_hint(err, "did you mean '%s'?", best);
	else
		axe_error_hint(err, "this build writes %s", list);
	return -1;
}

/*
 * Prove the re-read "back" equal to the original; 0 with "out" settled
 * (undecided included), -1 when they differ (a writer bug).
 */
static int prove_same(const axe_layout *layout, const axe_shape *shape, const axe_import *back,
		      const char *name, axe_convert *out, axe_error *err)
{
	/*
	 * The thread axes related as check-equal relates them: a cute-tv text
	 * reads back on tid where the layout was on laneid and warpid.
	 */
	axe_layout *mine = axe_layout_dup(layout);
	axe_layout *theirs = back->layout ? axe_layout_dup(back->layout) : NULL;
	axe_equal_side a = { mine, NULL, *shape, true };
	axe_equal_side b = { theirs, back->expr, back->shape, true };
	axe_equal_options opt = { .method = AXE_METHOD_AUTO, .timeout = CONVERT_TIMEOUT };
	axe_equal_result res;
	char note[256];
	int rc = 0;

	if (!mine || (back->layout && !theirs) ||
	    (theirs && axe_layouts_relate(&mine, &theirs, note, sizeof(note), err) < 0) ||
	    axe_prove_equal((a.layout = mine, &a), (b.layout = theirs, &b), &opt, &res, err) < 0) {
		if (!axe_error_is_set(err))
			axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
		axe_layout_free(mine);
		axe_layout_free(theirs);
		return -1;
	}
	axe_layout_free(mine);
	axe_layout_free(theirs);
	if (res.verdict == AXE_VERDICT_TRUE) {
		out->expressible = true;
	} else if (res.verdict == AXE_VERDICT_UNKNOWN) {
		out->undecided = true;
		snprintf(out->reason, sizeof(out->reason),
			 "the %s text could not be proved equal to the layout: %s", name,
			 res.reason);
	} else {
		rc = axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				   "internal error: the %s writer printed '%s', which reads back "
				   "as another layout%s%s (please report this)", name, out->text,
				   res.reason[0] ? ": " : "", res.reason);
	}
	axe_equal_result_release(&res);
	return rc;
}

int axe_convert_layout(const axe_layout *layout, const axe_shape *shape, int dtype,
		       const char *why_expr, const char *to, axe_convert *out, axe_error *err)
{
	const axe_notation *f = axe_format_lookup(to, strlen(to));
	axe_import_opts opts = { .shape = shape, .tile = shape };
	axe_loc where = { "<convert>", 1, 1, NULL, 0 };
	axe_import back;
	int rc;

	memset(out, 0, sizeof(*out));
	if (strcmp(to, "axe") == 0) {
		out->to = "axe";
		return to_axe(layout, why_expr, out, err);
	}
	if (!f || !f->export_)
		return unknown_target(to, err);
	out->to = f->name;
	if (!layout) {
		snprintf(out->reason, sizeof(out->reason),
			 "the layout has no Axe compact form%s%s%s, and the %s writer takes "
			 "layouts in S/R/O form", why_expr && *why_expr ? " (" : "",
			 why_expr ? why_expr : "", why_expr && *why_expr ? ")" : "", f->name);
		return 0;
	}
	out->text = f->export_(layout, shape, dtype, out->reason, sizeof(out->reason), err);
	if (!out->text)
		return axe_error_is_set(err) ? -1 : 0;
	where.text = out->text;
	where.text_len = strlen(out->text);
	if (axe_import_text(f, out->text, &where, &opts, &back, err) < 0) {
		char msg[sizeof(err->message)];
		snprintf(msg, sizeof(msg), "%s", err->message);
		axe_error_init(err);
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "internal error: the %s writer printed '%s', which its reader "
				     "refuses: %s (please report this)", f->name, out->text, msg);
	}
	rc = prove_same(layout, shape, &back, f->name, out, err);
	axe_import_release(&back);
	return rc;
}
