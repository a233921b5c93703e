#!/bin/sh
# tests/data/pathological/with.sh NAME ARGS...: make the pathological input
# NAME (gen.sh) in a fresh temporary directory, run "axe-layout ARGS..."
# there, and exit with its status.  File names in messages are then the
# bare names that gen.sh writes.  `timeout 20` only guards against a hang
# (exit 124 fails the test); no case needs more than a few seconds, except
# under valgrind (make valgrind sets AXE_TEST_TIMEOUT higher).
root=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d) || exit 99
trap 'rm -rf "$dir"' EXIT
name=$1; shift
cd "$dir" && sh "$root/gen.sh" "$name" || exit 99
timeout "${AXE_TEST_TIMEOUT:-20}" axe-layout "$@"
