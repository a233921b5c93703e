# In-process figures: the C API (build/bench-inproc, bench/inproc.c)
# and the Python module (bench/inproc.py) on the issue's CuTe algebra
# operands, proof included, and the C API import of a 2^24-point tensor.
# The Python peer is a pure-Python loop written in bench/inproc.py from
# CuTe's definitions (checked to give the same map first); its target is
# ours/peer <= 1.
inproc=$(dirname "$bin")/bench-inproc
if [ -x "$inproc" ]; then
	# Targets: microseconds for the algebra (proof included), < 20 ms for the import.
	$pin "$inproc" | while read -r name seconds; do
		target=50; [ "$name" = "import_2^24" ] && target=20000
		awk -v name="C API: $name (in-process)" -v s="$seconds" -v t="$target" 'BEGIN {
			printf "%-44s %9.2f us  (target < %g us) %s\n", name, s * 1e6, t,
			       (s * 1e6 < t ? "ok" : "ABOVE TARGET")
		}'
	done
else
	printf '%-44s FAILED (no %s: make bench builds it)\n' "C API in-process" "$inproc"
fi
if command -v python3 >/dev/null 2>&1; then
	lib=$(cd "$(dirname "$bin")" && pwd)/libaxelayout.so.1
	PYTHONPATH="$here/../python" AXE_LAYOUT_LIBRARY="$lib" $pin python3 "$here/inproc.py" |
	while read -r name ours peer; do
		if [ "$ours" = FAILED ]; then
			printf '%-44s FAILED (the peer differs)\n' "python: $name"; continue
		fi
		awk -v name="python: $name vs a Python loop" -v o="$ours" -v p="$peer" 'BEGIN {
			printf "%-44s %9.2f us  peer %9.2f us  ratio %5.2f (target <= 1) %s\n", name,
			       o * 1e6, p * 1e6, o / p, (o <= p ? "ok" : "ABOVE TARGET")
		}'
	done
fi
