/*
 * version.h: the library's version, the one place it is written: lib.mk
 * reads it for the shared library's file name, soname (the major number)
 * and pkg-config file; axe_version() returns it.
 */
#ifndef AXE_API_VERSION_H
#define AXE_API_VERSION_H

#define AXE_LIB_VERSION "1.0.0"

#endif
