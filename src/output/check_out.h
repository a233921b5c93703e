/*
 * check_out.h: the results of `axe-layout check` as text (a line per failed
 * or skipped check and the closing `N passed, M failed[, K skipped]`), JSON
 * and JUnit XML.
 */
#ifndef AXE_OUTPUT_CHECK_OUT_H
#define AXE_OUTPUT_CHECK_OUT_H

#include <stdio.h>

#include "../check/check.h"

/* One line per check of "rep" (failures and skips; passes too when "verbose"). */
void axe_print_check_lines(FILE *out, const axe_check_results *rep, bool verbose);

/* The closing line over all reports. */
void axe_print_check_summary(FILE *out, const axe_check_results *reps, size_t n, bool strict);

void axe_print_check_json(FILE *out, const axe_check_results *reps, size_t n);

/* JUnit XML (the Jenkins/Ant schema): one testsuite per spec file. */
void axe_print_check_junit(FILE *out, const axe_check_results *reps, size_t n);

#endif
