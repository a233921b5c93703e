#!/bin/sh
# tests/run.sh BUILD_DIR TEST_BINARY...: run the cmocka binaries (TAP output),
# the CLI golden tests (tests/cli/*.t) against BUILD_DIR/axe-layout and the
# test scripts (tests/scripts/*.sh); print one closing line
# "N passed, M failed" (and ", K skipped" when a script could not run here,
# its reason on a SKIP line) for the whole suite; exit non-zero on failure.
build=$1; shift
pass=0; fail=0; skip=0
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

# run_counted WHAT CMD...: run a runner that ends with "N passed, M failed"
# (and ", K skipped" when some checks could not run).
run_counted() {
	what=$1; shift
	out=$("$@")
	status=$?
	summary=$(printf '%s\n' "$out" | tail -n 1)
	k=0
	case $summary in
	*" passed, "*" failed, "*" skipped") k=${summary#*failed, }; k=${k%% skipped*}
		summary=${summary%, *} ;;
	esac
	case $summary in
	*" passed, "*" failed"*) p=${summary%% passed*}; f=${summary#*passed, }; f=${f%% failed*} ;;
	*) p=0; f=1 ;;
	esac
	skip=$((skip + k))
	if [ "$k" -gt 0 ]; then printf '%s\n' "$out" | grep '^SKIP'; fi
	[ "$status" -eq 0 ] || [ "$f" -gt 0 ] || f=1
	pass=$((pass + p)); fail=$((fail + f))
	if [ "$status" -ne 0 ]; then
		printf '%s\n' "$out" | sed '$d'; echo "FAIL $what"
	else
		echo "ok   $what ($p checks)"
		# A runner that cannot run here says "NAME: skipped (REASON)".
		reason=$(printf '%s\n' "$out" | grep -m 1 '^[a-z_]*: skipped')
		[ -z "$reason" ] || { echo "SKIP $reason"; skip=$((skip + 1)); }
	fi
}

for t in tests/cli/*.t; do
	run_counted "$t" sh tests/cli/run.sh "$build/axe-layout" "$t"
done
for t in tests/scripts/*.sh; do
	run_counted "$t" sh "$t" "$build/axe-layout"
done

if [ "$skip" -gt 0 ]; then echo "$pass passed, $fail failed, $skip skipped"
else echo "$pass passed, $fail failed"; fi
[ "$fail" -eq 0 ]
