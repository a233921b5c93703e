#!/bin/sh
# tests/scripts/help.sh BINARY: every command answers --help (exit 0, a usage
# line), is listed by 'axe-layout --help', and has a section in the man page
# whose text names every option that --help lists (git's t0450 idea: the two
# texts must not drift apart).
bin=$1
man=man/axe-layout.1
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL help: $*"; }

# One version story: the man page's title names the release --version prints.
release=$("$bin" --version | sed -n 's/^axe-layout \([^ ]*\) (libaxelayout .*)$/\1/p')
head -n 1 "$man" | grep -q "\"axe-layout $release\"" && ok ||
	bad "the man page's .TH does not name release '$release'"

commands=$("$bin" --help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 { print $1 }')
[ -n "$commands" ] && ok || bad "'axe-layout --help' lists no commands"
for c in $commands; do
	help=$("$bin" "$c" --help) && ok || bad "$c --help exits non-zero"
	printf '%s\n' "$help" | head -n 1 | grep -q "^usage: axe-layout $c " && ok ||
		bad "$c --help has no usage line"
	section=$(awk -v c="$c" '$0 == ".SS " c { on = 1; next } /^\.S[SH] / { on = 0 } on' "$man" |
		sed 's/\\-/-/g')
	if [ -z "$section" ]; then bad "man page has no '.SS $c' section"; continue; fi
	ok
	for opt in $(printf '%s\n' "$help" | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
		[ "$opt" = --help ] && continue
		case $opt in --shape|--dtype|--swizzle|--tile|--bind) continue ;; esac # LAYOUTS section
		printf '%s\n' "$section" | grep -q -- "$opt" && ok ||
			bad "man section '$c' does not document $opt"
	done
done
"$bin" help eval | head -n 1 | grep -q '^usage: axe-layout eval ' && ok || bad "'help eval'"
"$bin" --version | grep -q '^axe-layout ' && ok || bad "--version"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
