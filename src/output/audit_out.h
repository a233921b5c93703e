/*
 * audit_out.h: what `audit` prints (docs/audit.md).  Text: one line per op,
 * the costly ones first, `FILE:LINE: OP SHAPExDTYPE SRC -> DST: ANSWER`,
 * then a summary line.  JSON: one object per op, one per line, in file
 * order, then {"summary":{...}}.  HTML: one page listing the ops (costly
 * first), each linking to the pictures `show` draws of its layouts (a
 * shared layout's picture is its grid of lines and banks).
 */
#ifndef AXE_OUTPUT_AUDIT_OUT_H
#define AXE_OUTPUT_AUDIT_OUT_H

#include "../audit/report.h"
#include "eval_out.h"
#include "writer.h"

/* Print "r", the audit of "path"; 0, or -1 with "err" set (a picture ran out of memory). */
int axe_print_audit(axe_writer *w, const char *path, const axe_audit_result *r,
		    axe_format format, axe_error *err);

#endif
