#!/bin/sh
# bench/run.sh BINARY: performance figures of whole CLI runs on one core.
# Every bench/cases/*.sh is sourced in turn; each case runs REPEAT times
# (default 5) and reports the median wall time with the rate and the target
# it is held to.  Targets live here, never in the unit tests.
bin=$1
repeat=${REPEAT:-5}
here=$(dirname "$0")
. "$here/lib.sh"
echo "axe-layout benchmarks (median of $repeat runs, one core)"
bench_failed=0
for case in "$here"/cases/*.sh; do
	. "$case"
done
exit $bench_failed
