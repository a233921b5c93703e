# axe-layout: build, test and benchmark.  See README.md.
#
#   make          build build/axe-layout and build/libaxelayout.a
#   make demo     build, then run the main job on a bundled spec
#   make check    build and run every test (unit, property, CLI) under ASan+UBSan
#   make bench    performance figures (optimised build)
#   make install  PREFIX=/usr/local
#
# Missing Debian packages are installed when run as root; otherwise the build
# stops with the exact command to run.

CC      ?= gcc
PREFIX  ?= /usr/local
CFLAGS_COMMON := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wshadow -Wvla \
                 -Wstrict-prototypes -MMD -MP -Isrc
CFLAGS_RELEASE := $(CFLAGS_COMMON) -O2 -g
CFLAGS_ASAN := $(CFLAGS_COMMON) -O1 -g -fno-omit-frame-pointer \
               -fsanitize=address,undefined -fno-sanitize-recover=all
LDLIBS  := -lyaml -lz3 -lm
TEST_LDLIBS := -lcmocka $(LDLIBS)

# Debian package per header the build needs.
DEPS := yaml.h:libyaml-dev z3.h:libz3-dev cmocka.h:libcmocka-dev

LIB_SRC  := $(sort $(filter-out src/cli/%,$(wildcard src/*/*.c)))
CLI_SRC  := $(sort $(wildcard src/cli/*.c))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
PROP_SRC := $(sort $(wildcard tests/prop/prop_*.c))

LIB_OBJ       := $(LIB_SRC:%.c=build/obj/%.o)
CLI_OBJ       := $(CLI_SRC:%.c=build/obj/%.o)
LIB_OBJ_ASAN  := $(LIB_SRC:%.c=build/asan/obj/%.o)
CLI_OBJ_ASAN  := $(CLI_SRC:%.c=build/asan/obj/%.o)
UNIT_BIN      := $(UNIT_SRC:tests/unit/%.c=build/asan/tests/%)
PROP_BIN      := $(PROP_SRC:tests/prop/%.c=build/asan/tests/%)

.PHONY: all deps demo check unit prop cli layers bench install clean soak
all: build/axe-layout build/libaxelayout.a

# --- dependencies -----------------------------------------------------------
deps: build/.deps-ok
build/.deps-ok:
	@mkdir -p build; missing=""; \
	for d in $(DEPS); do \
	  h=$${d%%:*}; pkg=$${d#*:}; \
	  echo "#include <$$h>" | $(CC) -E -x c - >/dev/null 2>&1 || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get install -y -q $$missing || { apt-get update -q && apt-get install -y -q $$missing; } || exit 1; \
	  else \
	    echo "missing Debian packages:$$missing"; \
	    echo "run: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi; touch $@

# --- release build ----------------------------------------------------------
build/obj/%.o: %.c | build/.deps-ok
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS_RELEASE) -c $< -o $@

build/libaxelayout.a: $(LIB_OBJ)
	@echo "  AR      $@"
	@ar rcs $@ $^

build/axe-layout: $(CLI_OBJ) build/libaxelayout.a
	@echo "  LINK    $@"
	@$(CC) $(CFLAGS_RELEASE) -o $@ $(CLI_OBJ) build/libaxelayout.a $(LDLIBS)

# --- sanitizer build (what the tests run) -----------------------------------
build/asan/obj/%.o: %.c | build/.deps-ok
	@mkdir -p $(dir $@)
	@echo "  CC      $< (asan)"
	@$(CC) $(CFLAGS_ASAN) -c $< -o $@

build/asan/libaxelayout.a: $(LIB_OBJ_ASAN)
	@echo "  AR      $@"
	@ar rcs $@ $^

build/asan/axe-layout: $(CLI_OBJ_ASAN) build/asan/libaxelayout.a
	@echo "  LINK    $@"
	@$(CC) $(CFLAGS_ASAN) -o $@ $(CLI_OBJ_ASAN) build/asan/libaxelayout.a $(LDLIBS)

build/asan/tests/%: tests/unit/%.c build/asan/libaxelayout.a
	@mkdir -p $(dir $@)
	@echo "  TEST    $@"
	@$(CC) $(CFLAGS_ASAN) -Itests -o $@ $< build/asan/libaxelayout.a $(TEST_LDLIBS)

build/asan/tests/prop_%: tests/prop/prop_%.c build/asan/libaxelayout.a
	@mkdir -p $(dir $@)
	@echo "  TEST    $@"
	@$(CC) $(CFLAGS_ASAN) -Itests -o $@ $< build/asan/libaxelayout.a $(TEST_LDLIBS)

# --- user-facing targets ----------------------------------------------------
demo: build/axe-layout
	@echo '$$ axe-layout info specs/tensor_core_tile.yaml:frag'
	@build/axe-layout info specs/tensor_core_tile.yaml:frag
	@echo
	@echo '$$ axe-layout eval specs/tensor_core_tile.yaml:frag --at 2,9 --at 7,15'
	@build/axe-layout eval specs/tensor_core_tile.yaml:frag --at 2,9 --at 7,15
	@echo
	@echo '$$ axe-layout eval specs/tensor_core_tile.yaml:frag --inverse laneid=8,warpid=10,m=1'
	@build/axe-layout eval specs/tensor_core_tile.yaml:frag --inverse laneid=8,warpid=10,m=1

check: build/axe-layout build/asan/axe-layout $(UNIT_BIN) $(PROP_BIN) layers
	@sh tests/run.sh build/asan $(UNIT_BIN) $(PROP_BIN)

layers:
	@sh tests/layers.sh

bench: build/axe-layout
	@sh bench/run.sh build/axe-layout

install: build/axe-layout build/libaxelayout.a
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include \
	           $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 build/axe-layout $(DESTDIR)$(PREFIX)/bin/
	install -m 644 build/libaxelayout.a $(DESTDIR)$(PREFIX)/lib/
	install -m 644 src/axe.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 man/axe-layout.1 $(DESTDIR)$(PREFIX)/share/man/man1/

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
