#!/bin/sh
# bench/run.sh BINARY: performance figures of whole CLI runs on one core.
# Each case runs REPEAT times (default 5); the median wall time is reported
# with the rate and the target it is held to.  Targets live here, never in
# the unit tests.
bin=$1
repeat=${REPEAT:-5}
pin=""; command -v taskset >/dev/null 2>&1 && pin="taskset -c 0"

# median_seconds CMD...: run CMD (output to /dev/null) and print the median.
median_seconds() {
	i=0; times=""
	while [ "$i" -lt "$repeat" ]; do
		start=$(date +%s%N)
		$pin "$@" >/dev/null 2>&1 || { echo "bench: command failed: $*" >&2; exit 1; }
		end=$(date +%s%N)
		times="$times $(( end - start ))"
		i=$((i + 1))
	done
	printf '%s\n' $times | sort -n | awk '{ t[NR] = $1 } END { printf "%.4f", t[int((NR + 1) / 2)] / 1e9 }'
}

# report NAME POINTS SECONDS TARGET_RATE UNIT
report() {
	awk -v name="$1" -v n="$2" -v s="$3" -v target="$4" -v unit="$5" 'BEGIN {
		rate = n / s
		printf "%-44s %9.4f s  %10.3g %s/s  (target >= %.3g) %s\n", name, s, rate, unit,
		       target, rate >= target ? "ok" : "BELOW TARGET"
	}'
}

# report_time NAME SECONDS TARGET_SECONDS
report_time() {
	awk -v name="$1" -v s="$2" -v target="$3" 'BEGIN {
		printf "%-44s %9.4f s  (target < %g s) %s\n", name, s, target,
		       s < target ? "ok" : "ABOVE TARGET"
	}'
}

L4='S[(256,256,16,16):(16,4096,1048576,1)]'   # 4 iters, 2^24 points
N=16777216
echo "axe-layout benchmarks (median of $repeat runs, one core)"
report "eval --count, 4 iters, 2^24 points" $N "$(median_seconds "$bin" eval "$L4" --count)" 3e8 points
report "eval --all text > /dev/null, 2^24 points" $N "$(median_seconds "$bin" eval "$L4" --all)" 2e7 lines
report "eval --all --json > /dev/null, 2^24 points" $N "$(median_seconds "$bin" eval "$L4" --all --json)" 1e7 lines
SW='Swizzle(3,3,3) o S[(4096,4096):(4096,1)]'
report "eval --count, 128B-swizzled, 2^24 points" $N "$(median_seconds "$bin" eval "$SW" --count)" 1e8 points
FRAG='S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid'
report_time "eval --at, one point (start-up included)" "$(median_seconds "$bin" eval "$FRAG" --at 2,9)" 0.005
