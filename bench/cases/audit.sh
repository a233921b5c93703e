# audit (docs/audit.md): a 2,000-line module of pipelined matmuls and
# flash-attention forwards (Triton's lit-test kernels of tests/data/triton,
# chunk after chunk) audited end to end: reading, every op's LinearLayouts,
# the decisions, the text.
audit_module=$(mktemp)
while [ "$(wc -l <"$audit_module")" -lt 2000 ]; do
	for f in tests/data/triton/hopper_matmul.mlir tests/data/triton/attention_fwd.mlir \
		 tests/data/triton/blackwell_matmul.mlir; do
		cat "$f"; printf '\n// -----\n\n'
	done >>"$audit_module"
done
report_time "audit, $(wc -l <"$audit_module")-line module of $(grep -c '^// -----' "$audit_module") chunks" \
	"$(median_seconds "$bin" audit "$audit_module")" 0.1
rm -f "$audit_module"
