#!/bin/sh
# tests/scripts/fuzz_replay.sh BINARY: run every fuzz harness of tests/fuzz/
# once over its seeds (tests/fuzz/seed.sh: the specs, the CLI tests' literals,
# expressions and command lines) and its kept inputs in tests/fuzz/corpus/,
# every crash ever found among them.  The harnesses are the libFuzzer
# targets built without libFuzzer by the Makefile (tests/fuzz/replay.c) in
# BINARY's directory, replay/; a broken invariant or a sanitizer report
# fails the check.  No clang needed: make fuzz is where new inputs are found.
bin=$1
replay=$(cd "$(dirname "$bin")" && pwd)/replay
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0

for src in tests/fuzz/fuzz_*.c; do
	name=$(basename "$src" .c)
	if [ ! -x "$replay/$name" ]; then
		fail=$((fail + 1)); echo "FAIL fuzz replay: $replay/$name is not built"; continue
	fi
	sh tests/fuzz/seed.sh "$name" "$tmp/$name"
	if timeout 300 "$replay/$name" "$tmp/$name" >"$tmp/log" 2>&1; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1)); echo "FAIL fuzz replay: $name"; tail -n 30 "$tmp/log"
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
