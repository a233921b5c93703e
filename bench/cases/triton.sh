# Triton import (docs/interop.md, "Triton"): one CLI call reads the
# attribute, builds Triton's LinearLayout, converts it and validates the
# whole map against the XOR of the bases: at one hardware index per bit
# where the import shows a GF(2)-affine form (bit permutations, swizzles
# over them, XOR-linear expr:), over every hardware index otherwise; a 2^24
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
# 2^24 hardware indices: a swizzled shared layout and an `expr:`
# XOR-linear one, validated at one hardware index per bit (validate_gf2.c);
# both were refused before (more than the 2^22 enumerated; 2^22 took 0.3 s
# and 230 MB for the shared layout, 1.3 s and 360 MB for the XOR-linear).
XOR24='triton:#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [1, 1], [2, 2], [4, 4], [8, 8], [0, 256], [0, 512], [0, 1024], [0, 2048], [128, 0], [256, 0], [512, 0], [1024, 0], [2048, 0]], lane = [[0, 8], [0, 16], [16, 0], [32, 0], [64, 0]], warp = [[0, 32], [0, 64], [0, 128]], block = []}>'
report_time "triton import, nvmma_shared 4096x4096 (2^24)" \
	"$(median_seconds "$bin" eval "$SHARED" --shape 4096,4096 --at 5,7)" 0.02
report_time "triton import, XOR-linear 4096x4096 (expr:, 2^24)" \
	"$(median_seconds "$bin" eval "$XOR24" --at 5,7)" 0.02
