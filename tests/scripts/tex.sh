#!/bin/sh
# tests/scripts/tex.sh BINARY: the pictures as LaTeX (--format tex) compile with
# pdflatex, without errors or overfull boxes, into one page each: show of a thread
# layout (T37:3 labels), of a swizzled shared-memory tile and of a 128x256
# accumulator (cells without text), banks with a conflict, check-equal with a
# difference.  Without pdflatex (Debian's texlive-latex-base and texlive-pictures)
# the test is skipped, and the closing line says so.  Ends with "N passed, M failed".
bin=${1:-build/axe-layout}
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "tex: $*"; fail=$((fail + 1)); }
if ! command -v pdflatex >/dev/null 2>&1 || ! kpsewhich tikz.sty >/dev/null 2>&1; then
	echo "tex: skipped (no pdflatex with TikZ: apt-get install texlive-latex-base texlive-pictures)"
	echo "0 passed, 0 failed"; exit 0
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mma='triton:#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>'

picture() { # NAME ARGS...: draw, compile, check the page
	name=$1; shift
	if ! "$bin" "$@" --format tex -o "$tmp/$name.tex" 2>"$tmp/$name.err" &&
		[ ! -s "$tmp/$name.tex" ]; then
		bad "$name: $(cat "$tmp/$name.err")"; return
	fi
	(cd "$tmp" && timeout 300 pdflatex -interaction=nonstopmode -halt-on-error "$name.tex" \
		>"$name.out" 2>&1)
	if [ -f "$tmp/$name.pdf" ]; then ok; else
		bad "$name does not compile:"; grep -A3 '^!' "$tmp/$name.log" | head -n 8; return
	fi
	grep -q 'Overfull' "$tmp/$name.log" && bad "$name: an overfull box" || ok
	grep -q "Output written on $name.pdf (1 page" "$tmp/$name.log" && ok ||
		bad "$name: not one page: $(grep 'Output written' "$tmp/$name.log")"
}

picture thread show 'cute-tv:((_4,_8),(_2,_2)):((_32,_1),(_16,_8))' --tile 16,8
grep -q 'T13V2' "$tmp/thread.tex" && ok || bad "thread: no T13V2 label"
picture swizzle show 'Swizzle(3,3,3) o S[(8,64):(64,1)]' --dtype f16
picture accumulator show "$mma" --shape 128,256
picture banks banks 'S[(8,64):(64,1)]' --dtype f16 --threads 'S[(8,64):(1@laneid,1)]' --vector 2 --step 0
picture diff check-equal "$mma" 'S[(2,4,2,8,16,2,4,2):(64@reg,2@warpid,2@reg,4@laneid,4@reg,1@warpid,1@laneid,2@reg)]' --shape 128,256
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
