# bench/lib.sh: helpers for the benchmark cases (sourced by bench/run.sh).
repeat=${REPEAT:-5}
pin=""; command -v taskset >/dev/null 2>&1 && pin="taskset -c 0"

# median_seconds CMD...: run CMD (output to /dev/null) and print the median.
median_seconds() {
	i=0; times=""
	while [ "$i" -lt "$repeat" ]; do
		start=$(date +%s%N)
		# On failure print FAILED: report and report_time show it as such.
		$pin "$@" >/dev/null 2>&1 || { echo "bench: command failed: $*" >&2; echo FAILED; return; }
		end=$(date +%s%N)
		times="$times $(( end - start ))"
		i=$((i + 1))
	done
	printf '%s\n' $times | sort -n | awk '{ t[NR] = $1 } END { printf "%.4f", t[int((NR + 1) / 2)] / 1e9 }'
}

# report NAME POINTS SECONDS TARGET_RATE UNIT
report() {
	if [ "$3" = FAILED ]; then printf '%-44s FAILED\n' "$1"; bench_failed=1; return; fi
	awk -v name="$1" -v n="$2" -v s="$3" -v target="$4" -v unit="$5" 'BEGIN {
		rate = n / s
		printf "%-44s %9.4f s  %10.3g %s/s  (target >= %.3g) %s\n", name, s, rate, unit,
		       target, (rate >= target ? "ok" : "BELOW TARGET")
	}'
}

# report_time NAME SECONDS TARGET_SECONDS
report_time() {
	if [ "$2" = FAILED ]; then printf '%-44s FAILED\n' "$1"; bench_failed=1; return; fi
	awk -v name="$1" -v s="$2" -v target="$3" 'BEGIN {
		printf "%-44s %9.4f s  (target < %g s) %s\n", name, s, target,
		       (s < target ? "ok" : "ABOVE TARGET")
	}'
}

