#!/bin/sh
# tests/data/pathological/gen.sh NAME: write the pathological input NAME into
# the current directory (file names below).  Big inputs are made on the fly
# with awk and printf rather than kept in the tree.  Used by with.sh.
set -e
case $1 in
literal_1mb)
	# big.yaml: one layout literal of 1.1 MB on one line: 10^5 shard iters of
	# extent 1 (strides 0..99999) and 10^5 replica iters of extent 1.
	awk 'BEGIN {
		n = 100000
		printf "axe-layout: 1\nlayouts:\n  big:\n    shape: [1]\n    layout: \"S[("
		for (i = 0; i < n; i++) printf "%s1", i ? "," : ""
		printf "):("
		for (i = 0; i < n; i++) printf "%s%d", i ? "," : "", i
		printf ")] + R[("
		for (i = 0; i < n; i++) printf "%s1", i ? "," : ""
		printf "):("
		for (i = 0; i < n; i++) printf "%s%d@laneid", i ? "," : "", i % 10
		printf ")] + 7@warpid\"\n"
	}' >big.yaml ;;
iters_over)
	# over.yaml: 100001 iters in one S[...] term, past the parser's limit.
	awk 'BEGIN {
		printf "axe-layout: 1\nlayouts:\n  over: \"S[("
		for (i = 0; i <= 100000; i++) printf "%s1", i ? "," : ""
		printf ")]\"\n"
	}' >over.yaml ;;
fields_1e5)
	# fields.yaml: 10^5 shard iters written field by field (block style),
	# two of extent 2 among them.
	awk 'BEGIN {
		printf "axe-layout: 1\nlayouts:\n  f:\n    shape: [4]\n    shard:\n"
		for (i = 0; i < 100000; i++)
			printf "      - {extent: %d, stride: %d}\n", (i == 500 || i == 99999) ? 2 : 1, i
	}' >fields.yaml ;;
offsets_1mb)
	# terms.yaml: S[8:1] and 2*10^5 offset terms "+ 1" (1.0 MB), then a stray
	# "x" at the end of the line: the error is a megabyte to the right.
	awk 'BEGIN {
		printf "axe-layout: 1\nlayouts:\n  t: \"S[8:1]"
		for (i = 0; i < 200000; i++) printf " + 1"
		printf " x\"\n"
	}' >terms.yaml ;;
long_comment)
	# comment.yaml: a 1 MB comment line, then a layout.
	awk 'BEGIN {
		printf "# "
		for (i = 0; i < 100000; i++) printf "0123456789"
		printf "\naxe-layout: 1\nlayouts:\n  a: \"S[8:1]\"\n"
	}' >comment.yaml ;;
deep_flow)
	# flow.yaml: 10^5 nested flow sequences on one line.
	awk 'BEGIN {
		printf "axe-layout: 1\nlayouts: "
		for (i = 0; i < 100000; i++) printf "["
		for (i = 0; i < 100000; i++) printf "]"
		printf "\n"
	}' >flow.yaml ;;
deep_block)
	# block.yaml: 300 nested block mappings, one per line, two spaces each.
	awk 'BEGIN {
		printf "axe-layout: 1\nlayouts:\n"
		for (i = 0; i < 300; i++) {
			for (j = 0; j <= i; j++) printf "  "
			printf "k%d:\n", i
		}
	}' >block.yaml ;;
many_nodes)
	# nodes.yaml: a flow sequence of 2^21 + 1 scalars under description.
	awk 'BEGIN {
		printf "axe-layout: 1\ndescription: ["
		for (i = 0; i <= 2097152; i++) printf "%s0", i ? "," : ""
		printf "]\nlayouts: {a: \"S[8:1]\"}\n"
	}' >nodes.yaml ;;
many_layouts)
	# layouts.yaml: 10^5 layouts.
	awk 'BEGIN {
		printf "axe-layout: 1\nlayouts:\n"
		for (i = 0; i < 100000; i++) printf "  l%d: \"S[%d:1]\"\n", i, i + 1
	}' >layouts.yaml ;;
big_file)
	# huge.yaml: 65 MiB (sparse: a hole of zero bytes), past the 64 MiB limit.
	: >huge.yaml
	truncate -s 65M huge.yaml ;;
nul_byte)
	printf 'axe-layout: 1\nlayouts:\n  a: "S[8:1]"\0\n' >nul.yaml ;;
nul_escape)
	printf 'axe-layout: 1\nlayouts:\n  a: "S[8:1]\\0"\n' >nul.yaml ;;
bad_utf8)
	# A stray 0xff byte inside a layout string.
	printf 'axe-layout: 1\nlayouts:\n  a: "S[8:\377]"\n' >utf8.yaml ;;
cut_utf8)
	# A UTF-8 sequence cut short by the end of the file.
	printf 'axe-layout: 1\nlayouts:\n  a: "S[8:1]" # \342\210' >utf8.yaml ;;
long_int)
	# A 10^5-digit extent.
	awk 'BEGIN {
		printf "axe-layout: 1\nlayouts:\n  a: \"S["
		for (i = 0; i < 100000; i++) printf "9"
		printf ":1]\"\n"
	}' >int.yaml ;;
axes_65)
	# 65 distinct axes.
	awk 'BEGIN {
		printf "axe-layout: 1\nlayouts:\n  a:\n    shape: [1]\n    layout: \"S[("
		for (i = 0; i < 65; i++) printf "%s1", i ? "," : ""
		printf "):("
		for (i = 0; i < 65; i++) printf "%s1@a%d", i ? "," : "", i
		printf ")]\"\n"
	}' >axes.yaml ;;
laughs)
	# "Billion laughs": aliases are refused before anything expands.
	printf 'axe-layout: 1\na: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' >laughs.yaml
	printf 'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n' >>laughs.yaml
	printf 'layouts: {x: "S[8:1]"}\n' >>laughs.yaml ;;
expr_deep)
	# An expr: map whose expression nests 10^5 parentheses.
	awk 'BEGIN {
		printf "axe-layout: 1\nlayouts:\n  e:\n    shape: [8]\n    vars: [i]\n    expr: {m: \""
		for (i = 0; i < 100000; i++) printf "("
		printf "i"
		for (i = 0; i < 100000; i++) printf ")"
		printf "\"}\n"
	}' >expr.yaml ;;
expr_long)
	# An expr: map whose expression has 10^5 operands.
	awk 'BEGIN {
		printf "axe-layout: 1\nlayouts:\n  e:\n    shape: [8]\n    vars: [i]\n    expr: {m: \"i"
		for (i = 1; i < 100000; i++) printf " + i"
		printf "\"}\n"
	}' >expr.yaml ;;
crlf)
	printf 'axe-layout: 1\r\nlayouts:\r\n  a: "S[8:1] + x"\r\n' >crlf.yaml ;;
empty)
	: >empty.yaml
	printf '\357\273\277' >bom.yaml
	printf '  \n\n\t\n' >blank.yaml ;;
*)
	echo "gen.sh: unknown input '$1'" >&2
	exit 2 ;;
esac
