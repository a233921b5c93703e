#!/bin/sh
# tests/scripts/python.sh CLI: the pytest tests of the Python module
# axe_layout (tests/python/) against build/python (make python), comparing
# with the CLI given.  Without Debian's python3-pytest the tests are
# skipped, and the closing line says so.  Ends with "N passed, M failed".
cli=${1:-build/axe-layout}
python=${PYTHON:-python3}
[ -x /usr/bin/python3 ] && python=${PYTHON:-/usr/bin/python3}
if ! "$python" -c 'import pytest' 2>/dev/null; then
	echo "python: skipped (pytest is missing: apt-get install python3-pytest)"
	echo "0 passed, 0 failed (1 skipped)"
	exit 0
fi
if [ ! -f build/python/axe_layout/__init__.py ]; then
	echo "python: build/python is missing (make python)"
	echo "0 passed, 1 failed"; exit 1
fi
out=$(AXE_CLI=$cli PYTHONPATH=build/python PYTHONDONTWRITEBYTECODE=1 "$python" -m pytest -q -p no:cacheprovider \
	tests/python 2>&1)
status=$?
summary=$(printf '%s\n' "$out" | tail -n 1)
p=$(printf '%s\n' "$summary" | sed -n 's/.* \([0-9][0-9]*\) passed.*/\1/p; s/^\([0-9][0-9]*\) passed.*/\1/p' | head -n 1)
f=$(printf '%s\n' "$summary" | sed -n 's/.* \([0-9][0-9]*\) \(failed\|error\).*/\1/p; s/^\([0-9][0-9]*\) \(failed\|error\).*/\1/p' | head -n 1)
p=${p:-0}; f=${f:-0}
[ "$status" -ne 0 ] && [ "$f" -eq 0 ] && f=1
[ "$status" -ne 0 ] && printf '%s\n' "$out" | tail -n 60
echo "$p passed, $f failed"
[ "$status" -eq 0 ]
