/*
 * version.h: the two versions of axe-layout, the one place each is written.
 * AXE_RELEASE_VERSION is the release of the whole product (the command, the
 * Python package, the man page): what `axe-layout --version` prints first
 * and axe_release_version() returns.  AXE_LIB_VERSION is the ABI version of
 * libaxelayout (MAJOR.MINOR.PATCH; MAJOR changes when a program built
 * against an older axe.h would break): lib.mk reads it for the shared
 * library's file name, soname and pkg-config file; axe_version() returns it.
 */
#ifndef AXE_API_VERSION_H
#define AXE_API_VERSION_H

#define AXE_RELEASE_VERSION "0.1.0"
#define AXE_LIB_VERSION "1.0.0"

#endif
