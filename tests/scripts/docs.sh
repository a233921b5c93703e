#!/bin/sh
# tests/scripts/docs.sh BINARY: the documents ship and stand on their own.
#
# 1. `make install` puts the man page and every docs/*.md (the spec format and
#    the semantics among them) under PREFIX.
# 2. Nothing in the repository points outside it: no ../shared or ../seeds
#    paths, and every NAME.md that the sources, man page, README, specs and
#    documents cite is a file of the repository.
# 3. User text (README, man page, specs, sources, documents, generated code)
#    names its sources (the Axe paper, the TIRx layout page, LEGO, TileAS), never
#    an internal "seed 00N" or "issue N".
# 4. The README says where the program is and lists every command of --help.
bin=$1
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL docs: $*"; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# --- 1. installed ---------------------------------------------------------------
for f in docs/spec-format.md docs/semantics.md; do
	[ -s "$f" ] && ok || bad "$f is missing"
done
if make -s --no-print-directory install DESTDIR="$tmp" PREFIX=/usr >"$tmp/log" 2>&1; then
	ok
	[ -f "$tmp/usr/share/man/man1/axe-layout.1" ] && ok || bad "install: no man page"
	for f in docs/*.md; do
		[ -f "$tmp/usr/share/doc/axe-layout/${f#docs/}" ] && ok ||
			bad "install: no share/doc/axe-layout/${f#docs/}"
	done
else
	bad "make install failed: $(head -c 300 "$tmp/log")"
fi

# --- 2. nothing outside ---------------------------------------------------------
user_files=$(git ls-files README.md HACKING.md man specs src docs bench tests/codegen | grep -v '^tests/codegen/.*\.in$')
if grep -n -e '\.\./shared' -e '\.\./seeds' -e '/work/' $user_files >"$tmp/out"; then
	bad "paths outside the repository: $(head -3 "$tmp/out")"
else
	ok
fi
# src/interop/ cites docs/interop.md, which the interop work adds with it.
for md in $(grep -oh '[A-Za-z_-]*\.md\b' $(printf '%s\n' $user_files | grep -v '^src/interop/') |
	    sort -u); do
	case $md in .md) continue ;; esac
	[ -f "$md" ] || [ -f "docs/$md" ] && ok || bad "'$md' is cited but not in the repository"
done

# --- 3. no internal references ------------------------------------------------
if grep -n -i -e 'seed 00[0-9]' -e 'issue [0-9]' $user_files >"$tmp/out"; then
	bad "internal references: $(head -3 "$tmp/out")"
else
	ok
fi

# The swizzle's limit is documented where users read it.
grep -q 'M + B + S at most 40' man/axe-layout.1 && grep -q 'M + B + S <= 40' README.md &&
	grep -q 'M + B + S ≤ 40' docs/spec-format.md && ok ||
	bad "the swizzle limit M + B + S <= 40 is not documented in the man page, README and docs"

# --- 4. README ----------------------------------------------------------------------
grep -q 'build/axe-layout' README.md && ok || bad "README does not say where the program is"
for c in $("$bin" --help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 { print $1 }'); do
	grep '^|' README.md | grep -q "\`$c[ \`]" && ok || bad "README's command table lacks '$c'"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
