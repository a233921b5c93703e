/*
 * module_out.h: `info FILE.mlir`: every layout of a Triton module file
 * (interop/triton_index.c) as text or one JSON object.
 */
#ifndef AXE_OUTPUT_MODULE_OUT_H
#define AXE_OUTPUT_MODULE_OUT_H

#include "../interop/triton.h"
#include "eval_out.h"

void axe_print_module_layouts(axe_writer *w, const tt_layout_index *ix, axe_format format);

#endif
