#!/bin/sh
# tests/scripts/man_examples.sh BINARY: every example in man/axe-layout.1 runs
# and prints what the page says.  An example is an .EX/.EE block whose first
# line starts with "$ "; each "$ command" line is followed by its expected
# output (stdout and stderr).  Roff escapes are undone first.
bin=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# Turn the examples into a CLI golden file; the status is not compared.
awk '
	/^\.EX/ { on = 1; first = 1; next }
	/^\.EE/ { if (incase) print "? *"; on = 0; incase = 0; next }
	on && first && !/^\$ / { on = 0; next }
	on { first = 0
	     gsub(/\\-/, "-"); gsub(/\\e/, "\\"); gsub(/\\\(aq/, "'\''")
	     if (/^\$ /) { if (incase) print "? *"; incase = 1 }
	     print }
' man/axe-layout.1 >"$tmp/examples.t"
sh tests/cli/run.sh "$bin" "$tmp/examples.t"
