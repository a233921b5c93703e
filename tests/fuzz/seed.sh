#!/bin/sh
# tests/fuzz/seed.sh TARGET DIR: fill DIR with seed inputs for a fuzz target
# from the project's own specs and tests.
target=$1; dir=$2
mkdir -p "$dir"
case $target in
fuzz_layout)
	# Every quoted layout literal of the CLI tests and the man page.
	grep -ho "'[^']*\[[^']*'" tests/cli/*.t man/axe-layout.1 | sort -u | sed "s/^'//; s/'\$//" |
	while IFS= read -r lit; do
		printf '%s' "$lit" >"$dir/$(printf '%s' "$lit" | cksum | cut -d' ' -f1)"
	done ;;
fuzz_spec)
	cp specs/*.yaml "$dir/" ;;
*)
	for f in tests/fuzz/corpus/"$target"/*; do [ -f "$f" ] && cp "$f" "$dir/"; done ;;
esac
exit 0
