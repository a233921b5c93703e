#!/bin/sh
# tests/scripts/nki.sh BINARY: the NKI kernels of `emit-trainium` parse as
# Python (py_compile) and, run by a small emulation of the nki package
# (tests/nki/emulate.py, plain Python on tiny shapes), compute a.T @ b exactly,
# issue the planned number of nc_matmul calls, and put every element of A, B
# and C where `axe-layout eval` says its layout puts it.  The cases cover the
# loop nest (--max-tile shrinks the instruction so that tiny shapes need
# loops), a ragged last tile, the role swap, C in SBUF, strided free axes and
# an instruction run that is not innermost in its logical dimension.
bin=$1
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL nki: $*"; }

if ! command -v python3 >/dev/null 2>&1; then
	bad "python3 is needed to compile and emulate the kernels"
	echo "$pass passed, $fail failed"; exit 1
fi

# The layout and shape that the plan prints for operand $2 ("A:  S[...] on (8, 6), ...").
operand() {
	sed -n "s/^$2: *\\(.*\\) on (\\([0-9]*\\), \\([0-9]*\\)), .*/\\1|\\2,\\3/p" "$1"
}

# check NAME K,M,N OPERANDS-AND-OPTIONS...
check() {
	name=$1; dims=$2; shift 2
	if ! "$bin" emit-trainium "$@" >"$tmp/plan" 2>&1; then
		bad "$name: emit-trainium $*: $(cat "$tmp/plan")"; return
	fi
	"$bin" emit-trainium "$@" --nki >"$tmp/$name.py" 2>&1 &&
		python3 -m py_compile "$tmp/$name.py" 2>"$tmp/err" && ok ||
		{ bad "$name: the kernel does not compile: $(cat "$tmp/err")"; return; }
	matmuls=$("$bin" emit-trainium "$@" --json | sed 's/.*"matmuls":\([0-9]*\).*/\1/')
	for op in A B C; do
		line=$(operand "$tmp/plan" $op)
		"$bin" eval "${line%|*}" --shape "${line#*|}" --all --json >"$tmp/$op.jsonl" ||
			{ bad "$name: cannot evaluate $op (${line})"; return; }
	done
	out=$(python3 tests/nki/emulate.py "$tmp/$name.py" "$dims" "$tmp/A.jsonl" \
		"$tmp/B.jsonl" "$tmp/C.jsonl" "$matmuls" 2>&1) && ok ||
		bad "$name: $out"
}

# K in 2 x 4 partitions, M in 2 x 3 (Bank x P in C), N = 10 in tiles of 4, 4, 2.
check loops 8,6,10 2F.4P,6F 2F.4P,10F 2Bank.3P,10F --max-tile 4,3,4
# The same with C in SBUF, in bf16, accumulated through a PSUM workspace.
check sbuf 8,6,10 2F.4P,6F 2F.4P,10F 2F.3P,10F --max-tile 4,3,4 --c-buffer sbuf --c-dtype bf16
# C has N on partitions: B is stationary, A moving, C leaves by a transpose.
check swap 8,6,10 2F.4P,6F 2F.4P,10F 6F,2Bank.5P --max-tile 4,5,4
# K's partition run is the outer digit of K (HBM rows 2 apart); M strided by 2 on F.
check steps 8,6,10 'S[(4,2,6):(1@P,12@F,2@F)]' 4P.2F,10F 2Bank.3P,10F --max-tile 4,3,4 \
	--dims 8,6,10
# No limits: one instruction per group, 3 groups in PSUM banks.
check whole 16,12,30 16P,12F 16P,30F 12P,3Bank.10F
# The specs' tiny relatives: the largest instruction on a 2-bank C.
check banks 4,2,8 4P,2F 4P,8F 2P,2Bank.4F --max-tile 4,2,3

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
