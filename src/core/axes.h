/*
 * axes.h: the axis registry, a const table of well-known axis names with
 * their kind (thread, memory, device) and hardware size.  It is the only
 * global state of the library and never changes at run time.
 */
#ifndef AXE_CORE_AXES_H
#define AXE_CORE_AXES_H

#include <stdint.h>

enum axe_axis_kind {
	AXE_AXIS_MEMORY = 0,
	AXE_AXIS_THREAD,
	AXE_AXIS_DEVICE,
};

typedef struct axe_axis_info {
	const char *name;
	enum axe_axis_kind kind;
	int64_t size; /* hardware extent, 0 when unbounded */
} axe_axis_info;

/* The registry row of "name", or NULL for a name the registry does not know. */
const axe_axis_info *axe_axis_lookup(const char *name);

/* The kind of "name": its registry kind, or memory for unknown names. */
enum axe_axis_kind axe_axis_kind_of(const char *name);

const char *axe_axis_kind_name(enum axe_axis_kind kind);

/* Parse "thread" / "memory" / "device"; -1 when "text" is none of them. */
int axe_axis_kind_parse(const char *text);

#endif
