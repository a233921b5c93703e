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

# Debian package per header the build needs, and per tool the tests use.
DEPS := yaml.h:libyaml-dev z3.h:libz3-dev cmocka.h:libcmocka-dev
DEP_TOOLS := xmllint:libxml2-utils

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

FUZZ_SRC      := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BIN      := $(FUZZ_SRC:tests/fuzz/%.c=build/fuzz/%)
FUZZ_SECONDS  ?= 60
SOAK_SECONDS  ?= 600
FUZZ_DEPS     := clang libclang-rt-14-dev

.PHONY: all deps fuzz-deps demo check layers bench install clean fuzz soak
all: build/axe-layout build/libaxelayout.a

# --- dependencies -----------------------------------------------------------
deps: build/.deps-ok
build/.deps-ok:
	@mkdir -p build; missing=""; \
	for d in $(DEPS); do \
	  h=$${d%%:*}; pkg=$${d#*:}; \
	  echo "#include <$$h>" | $(CC) -E -x c - >/dev/null 2>&1 || missing="$$missing $$pkg"; \
	done; \
	for d in $(DEP_TOOLS); do \
	  command -v $${d%%:*} >/dev/null 2>&1 || missing="$$missing $${d#*:}"; \
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

fuzz-deps: build/.fuzz-deps-ok
build/.fuzz-deps-ok: | build/.deps-ok
	@echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }' \
	  | clang -fsanitize=fuzzer -x c - -o /dev/null 2>/dev/null || \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "installing: $(FUZZ_DEPS)"; \
	  apt-get install -y -q $(FUZZ_DEPS) || { apt-get update -q && apt-get install -y -q $(FUZZ_DEPS); } || exit 1; \
	else \
	  echo "missing Debian packages for fuzzing; run: sudo apt-get install -y $(FUZZ_DEPS)"; exit 1; \
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
	@echo
	@echo "$$ axe-layout check-equal specs/tensor_core_tile.yaml:frag --expr 'laneid=4*i+(j/2)%4; warpid=j/8+5+4*r; m=j%2' --vars i,j --replica-vars r=2 --shape 8,16 --method smt"
	@build/axe-layout check-equal specs/tensor_core_tile.yaml:frag --expr 'laneid=4*i+(j/2)%4; warpid=j/8+5+4*r; m=j%2' --vars i,j --replica-vars r=2 --shape 8,16 --method smt
	@echo
	@echo '$$ axe-layout check specs/*.yaml'
	@build/axe-layout check specs/*.yaml

check: build/axe-layout build/asan/axe-layout $(UNIT_BIN) $(PROP_BIN) layers
	@sh tests/run.sh build/asan $(UNIT_BIN) $(PROP_BIN)

layers:
	@sh tests/layers.sh

bench: build/axe-layout
	@sh bench/run.sh build/axe-layout

# --- fuzzing (libFuzzer, ASan+UBSan): each target for FUZZ_SECONDS ----------
build/fuzz/%: tests/fuzz/%.c $(LIB_SRC) | build/.fuzz-deps-ok
	@mkdir -p $(dir $@)
	@echo "  FUZZ    $@"
	@clang -std=c11 -D_GNU_SOURCE -g -O1 -fsanitize=fuzzer,address,undefined \
	  -fno-sanitize-recover=all -Isrc -o $@ $< $(LIB_SRC) $(LDLIBS)

fuzz: $(FUZZ_BIN)
	@for t in $(FUZZ_BIN); do \
	  name=$$(basename $$t); corpus=build/fuzz/corpus/$$name; \
	  sh tests/fuzz/seed.sh $$name $$corpus; \
	  dict=""; [ -f tests/fuzz/$${name#fuzz_}.dict ] && dict=-dict=tests/fuzz/$${name#fuzz_}.dict; \
	  echo "fuzzing $$name for $(FUZZ_SECONDS) s"; \
	  $$t $$corpus $$dict -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 \
	    -rss_limit_mb=2048 -print_final_stats=1 2>&1 | grep -E '^(#[0-9]+ +DONE|stat::|==|SUMMARY|Done)' \
	    || exit 1; \
	done

soak:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(SOAK_SECONDS)
	@$(MAKE) --no-print-directory build/asan/axe-layout $(PROP_BIN)
	@for t in $(PROP_BIN); do echo "soak: $$t"; AXE_PROP_SCALE=20 $$t >/dev/null || exit 1; done
	@echo "soak: ok"

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
