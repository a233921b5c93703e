#!/bin/sh
# tests/scripts/specs.sh BINARY: every spec of the library passes its own
# checks (axe-layout check specs/*.yaml, the CI gate on our own specs), and
# the JUnit file of a failing run validates against tests/data/junit.xsd.
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out=$("$bin" check specs/*.yaml)
status=$?
printf '%s\n' "$out" | sed '$d'
summary=$(printf '%s\n' "$out" | tail -n 1)
case $summary in
*" passed, "*" failed"*) ;;
*) echo "FAIL specs: no summary line from axe-layout check"; echo "0 passed, 1 failed"; exit 1 ;;
esac
p=${summary%% passed*}; f=${summary#*passed, }; f=${f%% failed*}
[ "$status" -eq 0 ] || f=$((f > 0 ? f : 1))
"$bin" check tests/data/check/wrong.yaml --junit "$tmp/junit.xml" >/dev/null
if [ $? -eq 1 ] && xmllint --noout --schema tests/data/junit.xsd "$tmp/junit.xml" 2>"$tmp/log"; then
	p=$((p + 1))
else
	f=$((f + 1)); echo "FAIL specs: the JUnit file does not validate"; cat "$tmp/log"
fi
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
