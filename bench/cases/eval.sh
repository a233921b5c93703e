# eval: forward-map throughput.
L4='S[(256,256,16,16):(16,4096,1048576,1)]'   # 4 iters, 2^24 points
N=16777216
report "eval --count, 4 iters, 2^24 points" $N "$(median_seconds "$bin" eval "$L4" --count)" 3e8 points
report "eval --all text > /dev/null, 2^24 points" $N "$(median_seconds "$bin" eval "$L4" --all)" 2e7 lines
report "eval --all --json > /dev/null, 2^24 points" $N "$(median_seconds "$bin" eval "$L4" --all --json)" 1e7 lines
SW='Swizzle(3,3,3) o S[(4096,4096):(4096,1)]'
report "eval --count, 128B-swizzled, 2^24 points" $N "$(median_seconds "$bin" eval "$SW" --count)" 1e8 points
FRAG='S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid'
report_time "eval --at, one point (start-up included)" "$(median_seconds "$bin" eval "$FRAG" --shape 8,16 --at 2,9)" 0.005
# An XOR-linear Triton layout (lane bases mix bits; a zero warp basis gives 2
# images per point): an expr: layout, walked by its compiled program.  The
# import's own validation (interop/validate.c) is most of this time.
XOR='triton:#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [0, 256], [0, 512]], lane = [[1, 1], [2, 2], [4, 4], [8, 8], [16, 16]], warp = [[32, 0], [64, 0], [128, 0], [256, 0], [512, 0], [0, 0]], block = []}>'
report "eval --all, XOR-linear expr:, 2^20 points" 1048576 "$(median_seconds "$bin" eval "$XOR" --all)" 5e5 points
# info of a 2^24-point expr: layout: a walk for the ranges, a bitmap of the
# images for injectivity (1.46 s and 855 MB when every (image, point) pair
# was sorted); the second layout has a collision, found by a third walk.
BIG=tests/data/expr/big.yaml
report "info, expr: layout, 2^24 points, injective" 16777216 \
	"$(median_seconds "$bin" info "$BIG:xor")" 2e7 points
report "info, expr: layout, 2^24 points, a collision" 16777216 \
	"$(median_seconds "$bin" info "$BIG:clash")" 2e7 points
