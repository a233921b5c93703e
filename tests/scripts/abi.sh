#!/bin/sh
# tests/scripts/abi.sh: the shared library exports exactly the functions
# declared in src/axe.h (every AXE_API declaration), no more and no less:
# nm -D --defined-only on build/libaxelayout.so.VERSION against the header,
# and the soname is libaxelayout.so.MAJOR.  Ends with "N passed, M failed".
version=$(sed -n 's/^#define AXE_LIB_VERSION "\(.*\)"/\1/p' src/api/version.h)
lib=${AXE_SHLIB:-build/libaxelayout.so.$version}
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "abi: $*"; fail=$((fail + 1)); }

if [ ! -f "$lib" ]; then
	bad "$lib is missing (make $lib)"
	echo "$pass passed, $fail failed"; exit 1
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# The declared names: the identifier before the first '(' of each AXE_API
# declaration, which may span several lines (joined up to its ';').
awk '/^AXE_API / { decl = ""; on = 1 } on { decl = decl " " $0 }
     on && /;/ { sub(/\(.*/, "", decl); n = split(decl, w, /[ *]+/); print w[n]; on = 0 }' \
	src/axe.h | sort -u >"$tmp/declared"
nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVW]$/ { print $3 }' | sort -u >"$tmp/exported"
[ -s "$tmp/declared" ] && ok || bad "no AXE_API declarations found in src/axe.h"
extra=$(comm -13 "$tmp/declared" "$tmp/exported")
missing=$(comm -23 "$tmp/declared" "$tmp/exported")
[ -z "$extra" ] && ok || bad "exported but not declared in axe.h:" $extra
[ -z "$missing" ] && ok || bad "declared in axe.h but not exported:" $missing
# Every declaration of the header is marked, so none can be left hidden.
unmarked=$(grep -nE '^[a-z][a-z_ ]*\**axe_[a-z_0-9]*\(' src/axe.h)
[ -z "$unmarked" ] && ok || bad "declarations without AXE_API: $unmarked"
soname=$(readelf -d "$lib" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
[ "$soname" = "libaxelayout.so.${version%%.*}" ] && ok ||
	bad "soname is '$soname', not libaxelayout.so.${version%%.*}"
echo "$(wc -l <"$tmp/declared") functions declared and exported"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
