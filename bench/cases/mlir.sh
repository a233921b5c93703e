# Triton modules (docs/interop.md, "Triton modules"): a pipelined module of
# about 2,000 lines (the Hopper wgmma loop of tests/data/triton, one function
# per copy, 29 copies in one module), read whole for each operand.  The
# kernel audit reads such a module in one go: its budget is 100 ms.
big=$(mktemp "${TMPDIR:-/tmp}/axe-bench-XXXXXX.mlir")
src=tests/data/triton/hopper_wgmma_loop.mlir
{
	sed -n '/^#/p' "$src"
	sed -n '/^module/p' "$src"
	for i in $(seq 1 29); do
		sed -n '/^tt.func/,/^}$/p' "$src" | sed "s/@fused_loop/@fused_loop_$i/"
	done
	echo "}"
} >"$big"
report_time "mlir read, $(wc -l <"$big") lines, one layout (#mma)" \
	"$(median_seconds "$bin" convert "$big:#mma" --to axe)" 0.1
report_time "mlir info, $(wc -l <"$big") lines, every layout at every shape" \
	"$(median_seconds "$bin" info "$big")" 0.1
rm -f "$big"
