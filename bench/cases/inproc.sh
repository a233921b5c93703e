# In-process figures: the C API (build/bench-inproc, bench/inproc.c)
# and the Python module (bench/inproc.py) on the issue's CuTe algebra
# operands, proof included, and the C API import of a 2^24-point tensor.
# The Python peer is a pure-Python loop written in bench/inproc.py from
# CuTe's definitions (checked to give the same map first); its target is
# ours/peer <= 1.
inproc=$(dirname "$bin")/bench-inproc
if [ -x "$inproc" ]; then
	# Targets: microseconds for the algebra (proof included): 50 us from text to
	# a report, 5 us on values read once; < 20 ms for the import.
	$pin "$inproc" | while read -r name seconds; do
		target=50; [ "$name" = "import_2^24" ] && target=20000
		label="C API: $name (text in, report out)"
		case $name in *_value) target=5; label="C API: ${name%_value} (values)";; esac
		awk -v name="$label" -v s="$seconds" -v t="$target" 'BEGIN {
			printf "%-44s %9.2f us  (target < %g us) %s\n", name, s * 1e6, t,
			       (s * 1e6 < t ? "ok" : "ABOVE TARGET")
		}'
	done
else
	printf '%-44s FAILED (no %s: make bench builds it)\n' "C API in-process" "$inproc"
fi
python=${PYTHON:-python3}
if command -v "$python" >/dev/null 2>&1; then
	# the package make python builds beside the program (with its extension)
	PYTHONPATH="$(dirname "$bin")/python" $pin "$python" "$here/inproc.py" |
	while read -r name ours peer; do
		case $name in report_*)
			awk -v name="python: ${name#report_} (text API)" -v o="$ours" 'BEGIN {
				printf "%-44s %9.2f us  (for reference)\n", name, o * 1e6 }'
			continue;;
		esac
		if [ "$ours" = FAILED ]; then
			printf '%-44s FAILED (the peer differs)\n' "python: $name"; continue
		fi
		awk -v name="python: $name vs a Python loop" -v o="$ours" -v p="$peer" 'BEGIN {
			printf "%-44s %9.2f us  peer %9.2f us  ratio %5.2f (target <= 1) %s\n", name,
			       o * 1e6, p * 1e6, o / p, (o <= p ? "ok" : "ABOVE TARGET")
		}'
	done
fi
