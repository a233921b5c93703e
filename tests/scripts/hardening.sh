#!/bin/sh
# tests/scripts/hardening.sh BINARY: bounded resources (issue 9).
#  - eval --count and --all stream in constant memory at any domain size:
#    the peak RSS (GNU time's %M) of a 2^24-point walk is within 2 MB of a
#    2^12-point one, and the optimised build (BINARY's ../axe-layout, when
#    there is one) walks 2^28 points in under 10 MB;
#  - eval --all into `head` exits at once, with SIGPIPE and with it ignored
#    (then the write error ends the walk);
#  - --limit caps enumeration;
#  - requests too large for an operation are refused at once with the size
#    and the limit: show, banks, replica sets, preimages, backward-map search
#    steps; equality by enumeration ends by its time limit (exit 3), and an
#    interrupt ends it at once;
#  - a layout of 10^5 iters, mostly extent 1, walks 2^24 points as fast as
#    one of two iters.
# `timeout 20` guards each command against a hang only; none takes more
# than a few seconds.
bin=$1
dir=$(cd "$(dirname "$bin")" && pwd)
release=$dir/../axe-layout
[ -x "$release" ] || release=$bin
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL hardening: $*"; }

# run ARGS...: run the binary under the hang guard; stdout in $tmp/out,
# stderr in $tmp/err, the status in $status.
run() {
	timeout 20 "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
}

# expect STATUS TEXT what: the last run exited STATUS with TEXT on stderr.
expect() {
	if [ "$status" = "$1" ] && grep -qF -- "$2" "$tmp/err"; then ok
	else bad "$3: status $status, stderr: $(head -c 300 "$tmp/err")"; fi
}

# rss BINARY ARGS...: peak resident set in KB of one run, output discarded.
rss() {
	b=$1; shift
	/usr/bin/time -f %M -o "$tmp/rss" timeout 20 "$b" "$@" >/dev/null 2>&1
	tail -n 1 "$tmp/rss"
}

# ---- constant memory ----
if [ -x /usr/bin/time ]; then
	small=$(rss "$bin" eval 'S[(64,64):(64,1)]' --count)
	big=$(rss "$bin" eval 'S[(4096,4096):(4096,1)]' --count)
	[ "$big" -le $((small + 2048)) ] && ok ||
		bad "eval --count: $big KB at 2^24 points against $small KB at 2^12"
	small=$(rss "$bin" eval 'S[(64,64):(64,1)]' --all)
	big=$(rss "$bin" eval 'S[(1024,1024):(1024,1)] + R[2:1@x]' --all)
	[ "$big" -le $((small + 2048)) ] && ok ||
		bad "eval --all: $big KB at 2^20 points against $small KB at 2^12"
	big=$(rss "$release" eval 'S[(16384,16384):(16384,1)]' --count)
	[ "$big" -lt 10240 ] && ok || bad "eval --count of 2^28 points: $big KB, not under 10 MB"
else
	bad "GNU time (/usr/bin/time) is missing: apt-get install time"
fi

# ---- prompt exit into head, and --limit ----
lines=$(timeout 20 "$bin" eval 'S[(1048576,1048576):(1048576,1)]' --all | head -n 2 | wc -l)
[ "$lines" = 2 ] && ok || bad "eval --all | head: $lines lines (or a hang)"
lines=$( (trap '' PIPE; timeout 20 "$bin" eval 'S[1099511627776:1]' --json 2>"$tmp/err"; \
	echo "status $?" >"$tmp/status") | head -n 1 | wc -l)
if [ "$lines" = 1 ] && grep -qx 'status 2' "$tmp/status" && [ ! -s "$tmp/err" ]; then ok
else bad "eval | head with SIGPIPE ignored: $(cat "$tmp/status") $(head -c 200 "$tmp/err")"; fi
run eval 'S[1099511627776:1]' --all --limit 3
[ "$status" = 0 ] && [ "$(wc -l <"$tmp/out")" = 3 ] && ok || bad "eval --all --limit 3"
run eval 'S[1099511627776:0]' --inverse m=0 --limit 5
expect 2 'more than 5 preimages' "eval --inverse --limit 5 of 2^40 preimages"
run eval 'S[1099511627776:0]' --inverse m=0
expect 2 'more than 1000000 preimages' "eval --inverse of 2^40 preimages"

# ---- refusals with the size and the limit ----
run show 'S[(65536,65536):(65536,1)]'
expect 2 'would have 4294967296 cells; show draws at most 65536' "show of 2^32 cells"
run show 'S[(65536,65536):(65536,1)]' --by m
expect 2 'would have 4294967296 cells; show draws at most 65536' "show --by of 2^32 cells"
run show 'S[(2,2):(4611686018427387903,4611686018427387903@x)]' --by m,x
expect 2 'more than 9223372036854775807 cells' "show --by of 2^124 cells"
run show 'Swizzle(3,3,3) o S[(1099511627776,4):(0,1)]' --by m
[ "$status" = 0 ] && ok || bad "show --by of a swizzled 2^42-point layout: status $status"
run banks 'S[(65536,65536):(65536,1)]' --threads 'S[(65536,65536):(1@laneid,1)]' --dtype f16
expect 2 'has 4294967296 elements; bank analysis handles at most 4194304' "banks of 2^32"
run eval 'S[1024:1] + R[(2048,1024):(1@x,1@y)]' --at 0
expect 2 'the replica set has more than 1048576 points' "a replica set of 2^21 points"
# Subset sum: 34 iters of extent 2 with unrelated strides near 2^30.
layout='S[(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2):'
layout=$layout'(1362286842,1209262696,1621435566,2008640787,1391429361,1474713862,'
layout=$layout'1330829218,1840451451,2003812779,2024592329,2105062567,1155484960,'
layout=$layout'1592155938,1437221584,1883227541,1226787530,1232843064,1612926155,'
layout=$layout'1216693939,1838632062,1524617812,1900447016,1136745227,1611802390,'
layout=$layout'1498926585,1271094574,1846458637,1318302931,1566707549,1391598574,'
layout=$layout'1131658419,1934562734,1601069291,1622963153)]'
run eval "$layout" --inverse m=27352122793
expect 2 'the backward map needs more than 67108864 search steps' "a subset-sum inverse"
run info 'S[(1048576,1048576):(3,5)]'
[ "$status" = 0 ] && grep -q 'injective:  unknown' "$tmp/out" && ok || bad "info of 2^40 points"
# The symbolic commands never walk the domain: 2^40 points answer at once.
big='S[(1048576,1048576):(1048576,1)]'
tiled='S[(1048576,4,1048576,4):(16777216,4,16,1)]'
run canon "$big"; [ "$status" = 0 ] && ok || bad "canon of 2^40 points: status $status"
run group "$big" --shape 1099511627776; [ "$status" = 0 ] && ok || bad "group of 2^40 points"
run slice "$big" --region 0:3,5:9; [ "$status" = 0 ] && ok || bad "slice of 2^40 points"
run tile "$big" 'S[(4,4):(4,1)]'; [ "$status" = 0 ] && ok || bad "tile of 2^40 points"
run dsum "$big" 'S[(4,4):(4,1)]'; [ "$status" = 0 ] && ok || bad "dsum of 2^40 points"
run tile-of "$tiled" 'S[(4,4):(4,1)]' --shape 4194304,4194304
[ "$status" = 0 ] && ok || bad "tile-of of 2^44 points: status $status"
run info 'S[(1048576,1048576,1048576):(1048576,1,1099511627776)]'
[ "$status" = 0 ] && ok || bad "info of 2^60 points: status $status"

# ---- equality: the time limit and an interrupt ----
run check-equal 'S[1000000000000:1]' --expr 'm=(i0/7)*7 + i0%7' --shape 1000000000000 \
	--method enum --timeout 1
[ "$status" = 3 ] && grep -q 'undecided' "$tmp/out" && ok ||
	bad "check-equal --method enum --timeout 1 of 10^12 points: status $status"
start=$(date +%s)
timeout -s INT 1 "$bin" check-equal 'S[1000000000000:1]' --expr 'm=(i0/7)*7 + i0%7' \
	--shape 1000000000000 --method enum --timeout 0 >/dev/null 2>&1
status=$?
[ $(($(date +%s) - start)) -le 5 ] && [ "$status" != 0 ] && ok ||
	bad "check-equal does not end promptly on SIGINT (status $status)"

# ---- 10^5 iters, mostly extent 1: the walk skips them ----
awk 'BEGIN {
	printf "axe-layout: 1\nlayouts:\n  wide:\n    shape: [16777216]\n    shard:\n"
	printf "      - {extent: 16777216, stride: 1}\n"
	for (i = 0; i < 100000; i++) printf "      - {extent: 1, stride: %d}\n", i
}' >"$tmp/wide.yaml"
run eval "$tmp/wide.yaml" --count
[ "$status" = 0 ] && grep -q '^points: 16777216$' "$tmp/out" && ok ||
	bad "eval --count of 10^5 iters over 2^24 points: status $status"
run eval "$tmp/wide.yaml" --all --limit 2
[ "$status" = 0 ] && [ "$(wc -l <"$tmp/out")" = 2 ] && ok || bad "eval --all of 10^5 iters"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
