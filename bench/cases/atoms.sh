# atoms: ranking every copy atom for a typical pair, a 128x64 f16 tile
# (128B swizzle) in shared memory to the wgmma A register fragment of one
# warpgroup, and the same tile from global memory (the TMA planner runs):
# one CLI call each, start-up included.
SMEM='S[(128,64):(64,1)]'
WGMMA_A='S[(2,4,2,8,4,2,4,2):(32,1@warpid,2,4@laneid,8,4,1@laneid,1)]'
report_time "atoms, 128x64 f16 smem to registers" \
	"$(median_seconds "$bin" atoms "$SMEM" "$WGMMA_A" --dtype f16 --swizzle 128B)" 0.020
report_time "atoms, 128x64 f16 global to smem" \
	"$(median_seconds "$bin" atoms "$SMEM" "$SMEM" --dtype f16 --swizzle 128B)" 0.020
report_time "atoms --suggest, 128x64 f16 smem to registers" \
	"$(median_seconds "$bin" atoms "$SMEM" "$WGMMA_A" --dtype f16 --suggest)" 0.020
# The same pair as expr: layouts (tests/data/expr/atoms.yaml, each proved equal
# to its S/R/O layout): the rules read both maps through their compiled programs.
EXPR=tests/data/expr/atoms.yaml
report_time "atoms, 128x64 f16 smem to regs, expr: sides" \
	"$(median_seconds "$bin" atoms "$EXPR:smem_128x64_expr" "$EXPR:wgmma_a_expr")" 0.020
