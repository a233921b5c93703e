#!/bin/sh
# tests/run.sh BUILD_DIR TEST_BINARY...: run the cmocka binaries (TAP output)
# and the CLI golden tests against BUILD_DIR/axe-layout; print one closing
# line "N passed, M failed" for the whole suite and exit non-zero on failure.
build=$1; shift
pass=0; fail=0
log=$(mktemp); trap 'rm -f "$log"' EXIT

for t in "$@"; do
	CMOCKA_MESSAGE_OUTPUT=tap "$t" >"$log" 2>&1
	status=$?
	p=$(grep -c '^ok ' "$log"); f=$(grep -c '^not ok ' "$log")
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
	pass=$((pass + p)); fail=$((fail + f))
	if [ "$f" -ne 0 ]; then
		echo "FAIL $t"; grep -v '^ok ' "$log" | head -40
	else
		echo "ok   $t ($p tests)"
	fi
done

for t in tests/cli/*.t; do
	out=$(sh tests/cli/run.sh "$build/axe-layout" "$t")
	status=$?
	summary=$(printf '%s\n' "$out" | tail -n 1)
	p=${summary%% passed*}; f=${summary#*passed, }; f=${f%% failed*}
	pass=$((pass + p)); fail=$((fail + f))
	if [ "$status" -ne 0 ]; then
		printf '%s\n' "$out" | sed '$d'; echo "FAIL $t"
	else
		echo "ok   $t ($p cases)"
	fi
done

for t in tests/scripts/*.sh; do
	out=$(sh "$t" "$build/axe-layout")
	status=$?
	summary=$(printf '%s\n' "$out" | tail -n 1)
	p=${summary%% passed*}; f=${summary#*passed, }; f=${f%% failed*}
	pass=$((pass + p)); fail=$((fail + f))
	if [ "$status" -ne 0 ]; then
		printf '%s\n' "$out" | sed '$d'; echo "FAIL $t"
	else
		echo "ok   $t ($p checks)"
	fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
