#!/bin/sh
# tests/scripts/pictures.sh BINARY: the SVG and HTML pictures of show, banks
# and check-equal without a browser: every SVG is well-formed XML
# (xmllint), no file names anything outside itself (no URL but the SVG
# namespace, no href, src, url() or @import), each has one cell per point
# (and the tiers: text, rectangles, blocks), and two runs give the same
# bytes.
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL pictures: $*"; }

# draw NAME ARGS...: NAME.svg and NAME.html from 'axe-layout ARGS', twice each.
draw() {
	name=$1; shift
	for f in svg html; do
		"$bin" "$@" --format $f -o "$tmp/$name.$f" >/dev/null 2>&1
		s=$?; [ $s -le 1 ] || { bad "$name: $* --format $f exited $s"; continue; }
		"$bin" "$@" --format $f >"$tmp/$name.again.$f" 2>/dev/null
		if cmp -s "$tmp/$name.$f" "$tmp/$name.again.$f"; then ok; else bad "$name.$f differs between runs (or -o and stdout differ)"; fi
		# Nothing outside the file: the only URL is the SVG namespace.
		if sed 's|http://www.w3.org/2000/svg||g' "$tmp/$name.$f" |
		   grep -Eiq 'https?:|href=|src=|url\(|@import|<link'; then
			bad "$name.$f refers to something outside itself"
		else ok; fi
	done
	if xmllint --noout "$tmp/$name.svg" 2>"$tmp/xmllint"; then ok; else bad "$name.svg: xmllint:"; head -5 "$tmp/xmllint"; fi
}

# count NAME PATTERN N: the SVG holds PATTERN N times.
count() {
	n=$(grep -o "$2" "$tmp/$1.svg" | wc -l)
	if [ "$n" -eq "$3" ]; then ok; else bad "$1.svg: $n times '$2', want $3"; fi
}

draw frag show specs/tensor_core_tile.yaml:frag
count frag 'class="lc[ "]' 128
count frag 'data-coord=' 128
count frag 'class="pc[ "]' $((6 * 32))
draw swz show 'Swizzle(3,3,3) o S[(8,64):(64,1)]' --dtype f16
count swz 'class="lc[ "]' 512
count swz 'class="pc[ "]' 512
count swz 'data-bank=' 1024
draw rank3 show 'S[(2,4,8):(32,8,1)]'
count rank3 'class="lc[ "]' 64
count rank3 '(1, :, :)' 1
# 128 x 128 = 16384: text in every cell; 256 x 256: rectangles only; 512 x 512: blocks.
draw full show 'S[(128,128):(128,1)]'
count full 'class="lc[ "]' 16384
count full '<text x=' $((16384 * 2))
draw rects show 'S[(256,256):(256,1)]' --by m
count rects 'class="lc[ "]' 65536
count rects '<text x=' 0
draw blocks show 'S[(512,512):(1@laneid,1@warpid)]'
count blocks 'data-block=' 16384
count blocks 'aggregated: 262144 points, each cell a block of 4 x 4' 1
draw window show 'S[(512,512):(1@laneid,1@warpid)]' --region 8:16,0:32
count window 'class="lc[ "]' 256
count window 'data-coord="8,0"' 1
draw banks banks --access specs/banks_column.yaml:col_read
count banks 'class="lane red' 8
draw banks128 banks --access specs/banks_column.yaml:col_read --swizzle 128B
count banks128 'class="lane red' 0
count banks128 'class="lane' 32
draw suggest banks --access specs/banks_column.yaml:col_read --suggest
# One panel per possible candidate that --suggest --json marks shown.
candidates=$("$bin" banks --access specs/banks_column.yaml:col_read --suggest --json |
	grep -o '"possible":true,"shown":true' | wc -l)
count suggest '(its worst phase)' "$candidates"
draw diff check-equal 'S[(8,16):(16,1)]' 'S[(8,2,8):(16,1,2)]'
count diff 'class="dc[ "]' 128
count diff 'class="dc red' 112
count diff 'class="dc red sel"' 1
draw same check-equal 'S[(8,16):(16,1)]' 'S[(8,2,8):(16,8,1)]'
count same 'class="dc red' 0

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
