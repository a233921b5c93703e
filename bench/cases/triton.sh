# Triton import (docs/interop.md, "Triton"): one CLI call reads the
# attribute, builds Triton's LinearLayout, converts it and validates the
# whole map against the XOR of the bases: at one step per basis for a bit
# permutation, over every hardware index otherwise (2^15 here); a 2^24
# blocked layout was refused before (more than the 2^22 enumerated).
BLOCKED='triton:#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>'
MMA='triton:#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>'
SHARED='triton:#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>'
report_time "triton import, blocked 128x256" \
	"$(median_seconds "$bin" convert "$BLOCKED" --shape 128,256 --to axe)" 0.02
report_time "triton import, blocked 4096x4096 (2^24, bases)" \
	"$(median_seconds "$bin" convert "$BLOCKED" --shape 4096,4096 --to axe)" 0.02
report_time "triton import, nvidia_mma v3 128x256" \
	"$(median_seconds "$bin" convert "$MMA" --shape 128,256 --to axe)" 0.02
report_time "triton import and write, blocked 128x256" \
	"$(median_seconds "$bin" convert "$BLOCKED" --shape 128,256 --to triton)" 0.05
report_time "triton import, XOR-linear 128x256 (expr:)" \
	"$(median_seconds "$bin" info 'triton:#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [1, 1], [2, 2], [4, 4], [8, 8]], lane = [[0, 8], [0, 16], [16, 0], [32, 0], [64, 0]], warp = [[0, 32], [0, 64], [0, 128]], block = []}>')" 0.05
report_time "triton import, nvmma_shared 128x256 (swizzle)" \
	"$(median_seconds "$bin" convert "$SHARED" --shape 128,256 --to axe)" 0.02
