# lib.mk: libaxelayout as a shared library, its pkg-config file, the Python
# module axe_layout, their installation and their tests (included by Makefile).
#
# The shared library is built from its own position-independent objects
# (build/pic/) with -fvisibility=hidden: only the declarations of src/axe.h,
# marked AXE_API, are exported (tests/scripts/abi.sh checks the list).

PYTHON      ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
# Where `make install` puts the Python package: Debian's system Python looks
# in /usr/lib/python3/dist-packages, and in PREFIX/lib/python3.N/dist-packages
# for other prefixes (/usr/local).
PYTHON_SITE ?= $(if $(filter /usr,$(PREFIX)),$(PREFIX)/lib/python3/dist-packages,$(PREFIX)/lib/python$(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)/dist-packages)
API_PREFIX  := $(CURDIR)/build/api-prefix
# One program per tests/api/*_test.c, each built against the installed library.
API_TEST_BIN := $(patsubst tests/api/%.c,build/asan/tests/api/%,$(wildcard tests/api/*_test.c))
LIB_CHECK   := $(SHLIB) build/axelayout.pc $(API_TEST_BIN) python

build/pic/obj/%.o: %.c | build/.deps-ok
	@mkdir -p $(dir $@)
	@echo "  CC      $< (pic)"
	@$(CC) $(CFLAGS_RELEASE) -fPIC -fvisibility=hidden -c $< -o $@

$(HOT_SRC:%.c=build/pic/obj/%.o): CFLAGS_RELEASE += -O3

$(SHLIB): $(PIC_OBJ)
	@echo "  LINK    $@"
	@$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--no-undefined -o $@ $(PIC_OBJ) $(LDLIBS)
	@ln -sf $(notdir $@) build/$(SONAME)
	@ln -sf $(SONAME) build/libaxelayout.so

build/axelayout.pc: axelayout.pc.in lib.mk
	@echo "  GEN     $@"
	@mkdir -p build
	@sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(LIB_VERSION)|g' $< >$@

# The extension axe_layout._cute_values (axe_layout.cute's Layout and algebra), for the
# Python that runs the tests: built against the installed header only and linked
# to the library's soname, which the package has loaded (by path) before it.
PY_INCLUDE := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null)
PY_EXT     := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))' 2>/dev/null)
PY_CUTE    := build/python/axe_layout/_cute_values$(PY_EXT)

$(PY_CUTE): python/axe_layout/_cute_values.c src/axe.h $(SHLIB)
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	@$(CC) $(filter-out -MMD -MP,$(CFLAGS_RELEASE)) -fPIC -shared -isystem $(PY_INCLUDE) -Isrc -o $@ $< \
	  -Lbuild -l:$(SONAME)

# The package for the build tree: python3 -c "import axe_layout" with
# PYTHONPATH=build/python; _config.py names the library it loads.
python: $(SHLIB) $(PY_CUTE)
	@mkdir -p build/python/axe_layout
	@cp python/axe_layout/*.py build/python/axe_layout/
	@printf '# written by make python: the library this copy loads\nLIBRARY = "%s"\n' \
	  "$(CURDIR)/build/$(SONAME)" >build/python/axe_layout/_config.py

# The wheel of the Python package with its own copy of the library (setup.py), built
# offline with Debian's python3-setuptools and python3-wheel: build/dist/*.whl.
python-wheel: $(SHLIB)
	@rm -rf build/dist
	@$(PYTHON) -m pip wheel -q --no-build-isolation --no-index --no-deps -w build/dist .
	@ls build/dist/*.whl

install-lib: $(SHLIB) $(PY_CUTE)
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include \
	           $(DESTDIR)$(PYTHON_SITE)/axe_layout
	install -m 755 $(SHLIB) $(DESTDIR)$(PREFIX)/lib/
	ln -sf $(notdir $(SHLIB)) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libaxelayout.so
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(LIB_VERSION)|g' axelayout.pc.in \
	  >$(DESTDIR)$(PREFIX)/lib/pkgconfig/axelayout.pc
	install -m 644 python/axe_layout/*.py $(DESTDIR)$(PYTHON_SITE)/axe_layout/
	install -m 755 $(PY_CUTE) $(DESTDIR)$(PYTHON_SITE)/axe_layout/
	printf '# written by make install: the library this copy loads\nLIBRARY = "%s"\n' \
	  "$(PREFIX)/lib/$(SONAME)" >$(DESTDIR)$(PYTHON_SITE)/axe_layout/_config.py

# The C API test: built only against the installed header and pkg-config
# (installed into a prefix inside build/), under ASan+UBSan.
API_TEST_CFLAGS := -std=c11 -Wall -Wextra -Werror -O1 -g -fno-omit-frame-pointer \
                   -fsanitize=address,undefined -fno-sanitize-recover=all
$(API_PREFIX)/.installed: $(SHLIB) $(PY_CUTE) axelayout.pc.in src/axe.h \
                          $(wildcard python/axe_layout/*.py)
	@rm -rf $(API_PREFIX)
	@$(MAKE) --no-print-directory install-lib install-headers PREFIX=$(API_PREFIX) \
	  PYTHON_SITE=$(API_PREFIX)/python >/dev/null
	@touch $@

build/asan/tests/api/%: tests/api/%.c tests/api/check.h $(API_PREFIX)/.installed
	@mkdir -p $(dir $@)
	@echo "  TEST    $@ (installed library)"
	@$(CC) $(API_TEST_CFLAGS) -o $@ $< \
	  $$(PKG_CONFIG_PATH=$(API_PREFIX)/lib/pkgconfig pkg-config --cflags --libs axelayout) \
	  -Wl,-rpath,$(API_PREFIX)/lib

install-headers:
	install -d $(DESTDIR)$(PREFIX)/include
	install -m 644 src/axe.h $(DESTDIR)$(PREFIX)/include/

.PHONY: install-lib install-headers
