#!/bin/sh
# tests/scripts/pip.sh: the Python package as a user installs it (issue 28):
# `pip install --no-build-isolation .` offline with Debian's setuptools, into a
# scratch directory; the installed module loads the library copied inside it
# (no absolute path of this tree in any installed file) and answers as the
# CLI does; `make python-wheel` builds a wheel holding the same files.
# Ends with "N passed, M failed".
cli=${1:-build/axe-layout}
python=/usr/bin/python3
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "pip: $*"; fail=$((fail + 1)); }
for m in pip setuptools wheel; do # one at a time: pip's import upsets setuptools'
	"$python" -c "import $m" 2>/dev/null && continue
	echo "pip: skipped (apt-get install python3-pip python3-setuptools python3-wheel)"
	echo "0 passed, 0 failed"; exit 0
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
here=$(pwd)

if "$python" -m pip install -q --no-build-isolation --no-index --no-deps --target "$tmp/site" . \
	>"$tmp/log" 2>&1; then ok; else bad "pip install failed:"; cat "$tmp/log"; fi
[ -f "$tmp/site/axe_layout/libaxelayout.so.1" ] && ok || bad "the library is not in the package"
[ ! -f "$tmp/site/axe_layout/_config.py" ] && ok || bad "an installed _config.py names a path"
# (pip's own record of where it installed from, dist-info/direct_url.json, may.)
grep -rl "$here" "$tmp/site/axe_layout" >"$tmp/paths" 2>/dev/null
[ ! -s "$tmp/paths" ] && ok || bad "installed files name $here:" $(cat "$tmp/paths")

# From another directory, with nothing of this tree on the paths.
got=$(cd "$tmp" && env -u AXE_LAYOUT_LIBRARY PYTHONPATH="$tmp/site" "$python" -c '
import os, axe_layout as axe
assert os.path.dirname(axe._library_path()) == os.path.dirname(axe.__file__)
print(axe.__version__, axe.library_version())
print(axe.Layout("S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)]", shape=(8, 16)).eval(2, 9))
from axe_layout import cute
print(cute.zipped_divide(cute.Layout((64, 64), (64, 1)), (8, 16)))' 2>&1)
want="$("$cli" --version | sed 's/axe-layout \([^ ]*\) (libaxelayout \(.*\))/\1 \2/')
[{'laneid': 8, 'warpid': 1, 'm': 1}]
((8,16),(8,4)):((64,1),(512,16))"
[ "$got" = "$want" ] && ok || bad "the installed module answers '$got', not '$want'"

if make --no-print-directory python-wheel >"$tmp/log" 2>&1; then ok; else bad "make python-wheel:"; cat "$tmp/log"; fi
wheel=$(ls build/dist/*.whl 2>/dev/null | head -n 1)
names=$("$python" -c 'import sys, zipfile; print(" ".join(sorted(n for n in zipfile.ZipFile(sys.argv[1]).namelist() if n.startswith("axe_layout/"))))' "$wheel" 2>/dev/null)
ext=$("$python" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
[ "$names" = "axe_layout/__init__.py axe_layout/_cute_values$ext axe_layout/cute.py axe_layout/libaxelayout.so.1" ] && ok ||
	bad "the wheel '$wheel' holds '$names'"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
