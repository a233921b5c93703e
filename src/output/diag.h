/*
 * diag.h: printing an axe_error the way compilers do:
 *   FILE:LINE:COL: error: MESSAGE      (or <arg>:COL: for a literal)
 *     the source line
 *          ^~~~
 *   hint: did you mean 'stride'?
 */
#ifndef AXE_OUTPUT_DIAG_H
#define AXE_OUTPUT_DIAG_H

#include <stdio.h>

#include "../axe.h"

void axe_print_error(FILE *out, const char *program, const axe_error *err);

#endif
