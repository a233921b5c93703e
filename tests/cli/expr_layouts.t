# Layouts without an S/R/O form (`expr:` layouts: a Triton layout whose
# bases mix bits, a CuTe swizzle Axe's Swizzle(M,B,S) cannot express, a
# spec's index expressions) in every command that only needs the map.
# The 4x4 #ttg.linear is tests/unit/test_triton.c's test_linear_xor;
# tests/data/expr/xor_linear.yaml:swizzled takes the bases of Triton's
# SharedSwizzled2D_MaxPhaseOnly (its provenance is in the file).  Every
# image here is cross-checked by tests/python/test_expr_layouts.py against
# an evaluator of Triton's own definition (the XOR of the bases of the set
# bits of the hardware index) and CuTe's Swizzle<B,M,S> formula.

$ axe-layout eval 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>'
(0, 0) -> {reg: 0, laneid: 0}
(0, 1) -> {reg: 1, laneid: 0}
(0, 2) -> {reg: 0, laneid: 3}
(0, 3) -> {reg: 1, laneid: 3}
(1, 0) -> {reg: 3, laneid: 0}
(1, 1) -> {reg: 2, laneid: 0}
(1, 2) -> {reg: 3, laneid: 3}
(1, 3) -> {reg: 2, laneid: 3}
(2, 0) -> {reg: 0, laneid: 1}
(2, 1) -> {reg: 1, laneid: 1}
(2, 2) -> {reg: 0, laneid: 2}
(2, 3) -> {reg: 1, laneid: 2}
(3, 0) -> {reg: 3, laneid: 1}
(3, 1) -> {reg: 2, laneid: 1}
(3, 2) -> {reg: 3, laneid: 2}
(3, 3) -> {reg: 2, laneid: 2}
? 0

$ axe-layout eval 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>' --at 3,2 --inverse reg=2,laneid=3 --json
{"coord":[3,2],"images":[{"reg":3,"laneid":2}]}
{"physical":{"reg":2,"laneid":3},"preimages":[[1,3]]}
? 0

$ axe-layout eval 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>' --inverse reg=1
{reg: 1} <- (0, 1), (0, 3), (2, 1), (2, 3)
? 0

$ axe-layout eval 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>' --count
points: 16
images: 16
checksum: 0x42f140965fec1c90
? 0

$ axe-layout eval tests/data/expr/xor_linear.yaml:swizzled --at 5,7 --inverse reg=3,laneid=6,warpid=1
(5, 7) -> {reg: 6, laneid: 5, warpid: 0}, {reg: 6, laneid: 5, warpid: 1}
{reg: 3, laneid: 6, warpid: 1} <- (6, 1)
? 0

$ axe-layout eval tests/data/expr/xor_linear.yaml:swizzled --count --json
{"points":1024,"images":2048,"checksum":"0x5d89b4a96fc686ed"}
? 0

$ axe-layout eval tests/data/expr/xor_linear.yaml:swizzled --all --limit 3 --json
{"coord":[0,0],"images":[{"reg":0,"laneid":0,"warpid":0},{"reg":0,"laneid":0,"warpid":1}]}
{"coord":[0,1],"images":[{"reg":1,"laneid":0,"warpid":0},{"reg":1,"laneid":0,"warpid":1}]}
{"coord":[0,2],"images":[{"reg":2,"laneid":0,"warpid":0},{"reg":2,"laneid":0,"warpid":1}]}
? 0

$ axe-layout eval tests/data/expr/xor_linear.yaml:swizzled --all --base --limit 2
(0, 0) -> {reg: 0, laneid: 0, warpid: 0}
(0, 1) -> {reg: 1, laneid: 0, warpid: 0}
? 0

$ axe-layout show 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>'
reg=(((i0 >> 0) & 1)*3) ^ (((i1 >> 0) & 1)*1); laneid=(((i0 >> 1) & 1)*1) ^ (((i1 >> 1) & 1)*3) on shape (4, 4)
rows: dimension 0, columns: dimension 1; cell: reg,laneid

      0   1   2   3
  +----------------
0 | 0,0 1,0 0,3 1,3
1 | 3,0 2,0 3,3 2,3
2 | 0,1 1,1 0,2 1,2
3 | 3,1 2,1 3,2 2,2
? 0

$ axe-layout show 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>' --by laneid,reg
reg=(((i0 >> 0) & 1)*3) ^ (((i1 >> 0) & 1)*1); laneid=(((i0 >> 1) & 1)*1) ^ (((i1 >> 1) & 1)*3) on shape (4, 4)
rows: laneid 0..3, columns: reg 0..3; cell: the logical points there, separated by '|' ('.' none)

      0   1   2   3
  +----------------
0 | 0,0 0,1 1,1 1,0
1 | 2,0 2,1 3,1 3,0
2 | 2,2 2,3 3,3 3,2
3 | 0,2 0,3 1,3 1,2
? 0

$ axe-layout show 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>' --format svg | grep -c '<rect'
22
? 0

$ axe-layout info tests/data/expr/xor_linear.yaml:swizzled
layout:     reg=((((((((i0 >> 1) & 1)*2) ^ (((i0 >> 0) & 1)*1)) ^ (((i1 >> 4) & 1)*16)) ^ (((i1 >> 3) & 1)*8)) ^ (((i1 >> 2) & 1)*4)) ^ (((i1 >> 1) & 1)*2)) ^ (((i1 >> 0) & 1)*1); laneid=((((((i0 >> 4) & 1)*16) ^ (((i0 >> 3) & 1)*8)) ^ (((i0 >> 2) & 1)*4)) ^ (((i0 >> 1) & 1)*2)) ^ (((i0 >> 0) & 1)*1); warpid=r0*1
form:       expr (read from triton)
size:       1024 points
shape:      (32, 32) (its own)
axes:
  reg     memory  [0, 31]           span 32
  laneid  thread  [0, 31]           span 32
  warpid  thread  [0, 1]            span 2
replicated: yes, 2 images per point
injective:  yes (distinct points never share a physical coordinate)
swizzle:    none
? 0

$ axe-layout info 'cute:Sw<1,2,-2> o 8:1' --json
{"layout":"m=(0 + (((0 + 1*i0)/1)%8)*1) ^ (((0 + (((0 + 1*i0)/1)%8)*1) & 4) << 2)","form":"expr","from":"cute","why_expr":"Swizzle<1,2,-2> has a negative shift (lower address bits XORed into higher ones), which Axe's Swizzle(M,B,S) cannot express","size":8,"shape":[8],"axes":[{"name":"m","kind":"memory","min":0,"max":23,"span":24}],"replicated":false,"images_per_point":1,"injective":true,"swizzle":null}
? 0

$ axe-layout eval 'cute:Sw<1,2,-2> o 8:1'
(0) -> {m: 0}
(1) -> {m: 1}
(2) -> {m: 2}
(3) -> {m: 3}
(4) -> {m: 20}
(5) -> {m: 21}
(6) -> {m: 22}
(7) -> {m: 23}
? 0

$ axe-layout canon 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>'
no compact form: the bases mix bits (XOR-linear): a basis has several bits, or bits on two dims
? 1

$ axe-layout canon specs/equality_tensor_core.yaml:lane_of --json
{"layout":"laneid=4*i + (j/2)%4; warpid=j/8 + 5; m=j%2","shape":[8,16],"canonical":null,"why_expr":"'lane_of' is an expr: layout, index expressions that were not read from S/R/O terms, and canonical forms rewrite those terms"}
? 1

$ axe-layout check tests/data/expr/xor_linear.yaml --verbose
tests/data/expr/xor_linear.yaml:17:5: ok eval swizzled at (5, 7)
tests/data/expr/xor_linear.yaml:18:5: ok inverse swizzled at {reg: 3, laneid: 6, warpid: 1}
tests/data/expr/xor_linear.yaml:19:5: ok inverse swizzled at {reg: 3, laneid: 6}
3 passed, 0 failed
? 0

$ axe-layout eval specs/equality_tensor_core.yaml:lane_of --at 3,9
(3, 9) -> {laneid: 12, warpid: 6, m: 1}
? 0

# Algebra on S/R/O terms refuses, saying why there are none.
$ axe-layout tile 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>' 'S[2:1]'
<arg>:1: error: the triton layout is an expr: layout (no Axe compact form: the bases mix bits (XOR-linear): a basis has several bits, or bits on two dims); this command needs a layout in S/R/O form: the algebra (group, tile, tile-of, slice, dsum) rewrites the iters of the shard, the replica and the offset
  triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>
  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
? 2

# emit-cuda --kind index: the expressions, simplified and proved equal to the
# layout's own (compiled and compared with Triton's evaluator in the Python test).
$ axe-layout emit-cuda 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>' --kind index --name xor4 | sed -n 12,13p
 * - xor4_reg and xor4_laneid equal the layout: all 16 points enumerated.
 * - no xor4_inverse: an expr: layout has no iters to solve for a coordinate.
? 0
$ axe-layout emit-cuda 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>' --kind index --name xor4 | tail -12
	/* 32-bit arithmetic: every value below fits (interval analysis). */
	const int i0_ = (int)i0, i1_ = (int)i1;
	return (3*(i0_%2)) ^ (i1_%2);
}

__host__ __device__ inline long long xor4_laneid(long long i0, long long i1)
{
	/* 32-bit arithmetic: every value below fits (interval analysis). */
	const int i0_ = (int)i0, i1_ = (int)i1;
	return (i0_/2) ^ (3*(i1_/2));
}

? 0

# banks --threads: lane l holds (l, r ^ (l % 4)) in register r, so the 32 lanes of
# each step read 4 banks, 8 words each: 8 wavefronts (checked against Triton's
# placement in the Python test).
$ axe-layout banks 'S[(32,32):(32,1)]' --dtype f32 --threads 'triton:#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 1], [2, 2], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>' | tail -1
total:      32 instructions: wavefronts 256, ideal 32, conflicts 224, max_way 8
? 0

# banks with an expr: shared-memory tile: its addresses come from the map
# point by point.  The offset bases put row bit k on column bits k and k+1,
# so lane l reading (l, j) (a column) hits the bank of j ^ 3l mod 32: rows l
# and l + 16 share one, 2 wavefronts per step (checked against Triton's
# offsets in the Python test).
$ axe-layout banks 'triton:#ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 3], [2, 6], [4, 12], [8, 24], [16, 0]], block = []}, alignment = 16>' --dtype f32 --threads 'S[(32,32):(1@laneid,1)]' --vector 4 | sed -n '2p;$p'
swizzle:    in the expr: layout's addresses
total:      32 instructions: wavefronts 64, ideal 32, conflicts 32, max_way 2
? 0

# --suggest rewrites an S/R/O tile's swizzle and padding, which an expr: tile has not.
$ axe-layout banks 'cute:Sw<3,2,-3> o (32,32):(32,1)' --dtype f32 --threads 'S[(32,32):(1@laneid,1)]' --suggest
axe-layout: error: --suggest tries other swizzles and row paddings of the tile's S/R/O layout; this tile is an expr: layout, whose addresses have no swizzle or strides to change
? 2

# An expr: tile must place data on m alone, as any shared-memory layout.
$ axe-layout banks tests/data/expr/xor_linear.yaml:swizzled --dtype f32 --threads 'S[(32,32):(1@laneid,1)]'
tests/data/expr/xor_linear.yaml:15:5: error: the shared-memory layout places data on axis 'reg'; it must use the memory axis 'm' only
      triton: "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 1], [2, 2], [4, 0], [8, 0], [16, 0]], warp = [[0, 0]], block = []}>"
      ^
? 2

# info decides injectivity of an expr: layout from its images: m = i/2 puts
# (0) and (1) on m = 0.
$ axe-layout info tests/data/expr/fold.yaml:fold
layout:     m=i/2
size:       6 points
shape:      (6) (its own)
axes:
  m     memory  [0, 2]            span 3
replicated: no
injective:  no: (0) and (1) share a physical coordinate
swizzle:    none
? 0

# atoms with expr: sides: the 128B-swizzled 16x64 f16 tile and the
# mma.m16n8k16 A fragment written as index expressions
# (tests/data/expr/atoms.yaml, whose `equal` checks prove each the S/R/O
# layout of specs/copy_atoms.yaml): the ranking is the S/R/O pair's, to
# the byte (tests/cli/atoms.t pins that pair's table).
$ axe-layout atoms tests/data/expr/atoms.yaml:smem_128B_expr tests/data/expr/atoms.yaml:a_k64_expr | sed -n 1,7p
copy: shared memory to registers, f16 elements, sm_100
rank  atom                       smem   tmem  regs  instr worst       cost
   1  ldmatrix.x4                  16      0    16      4    1x         20
   2  ldmatrix.x2                  16      0    16      8    1x         20
   3  ldmatrix.x1                  16      0    16     16    1x         20
   4  ld.shared.b32                16      0    16     16    1x         20
   5  ld.shared.b16                32      0    16     32    1x         36
? 0

$ a=$(axe-layout atoms specs/copy_atoms.yaml:a_smem_128B specs/copy_atoms.yaml:a_k64 --json); b=$(axe-layout atoms tests/data/expr/atoms.yaml:smem_128B_expr tests/data/expr/atoms.yaml:a_k64_expr --json); [ "$a" = "$b" ] && echo same
same
? 0

$ axe-layout check tests/data/expr/atoms.yaml
11 passed, 0 failed
? 0

# The bulk-tensor copy alone needs the S/R/O form (a tensor map's strides
# and swizzle mode); --suggest has no swizzle to change on an expr: tile.
$ axe-layout atoms tests/data/expr/atoms.yaml:tile_global tests/data/expr/atoms.yaml:smem_128B_expr | grep -A1 '^  cp.async.bulk.tensor$'
  cp.async.bulk.tensor
      tma: a tensor map describes each side by strides and a swizzle mode (S/R/O form); DST is an expr: layout, which has neither
? 0

$ axe-layout atoms tests/data/expr/atoms.yaml:smem_128B_expr tests/data/expr/atoms.yaml:a_k64 --suggest
tests/data/expr/atoms.yaml:22:3: error: --suggest tries the swizzle modes on the shared tile's S/R/O layout; this tile is an expr: layout, whose addresses have no swizzle to change
    smem_128B_expr:
    ^~~~~~~~~~~~~~
? 2

# atoms with a Triton thread layout whose bases mix bits (lane l holds
# (l, r ^ (l % 4)) in register r) from row-major f32 rows: registers 0 and 1
# of lane 1 are columns 1 and 0, so no vector is contiguous, and one word
# per lane costs the 256 wavefronts of banks above (checked against
# Triton's placement in the Python test).
$ axe-layout atoms 'S[(32,32):(32,1)]' 'triton:#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 1], [2, 2], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>' --dtype f32 --json | grep -o '"best":"[^"]*"\|{"name":"ld.shared.v2.b32",[^}]*}\|{"name":"ld.shared.b32",[^}]*}'
{"name":"ld.shared.b32","legal":true,"smem_wavefronts":256,"tmem_cycles":0,"registers":32,"instructions":32,"max_way":8,"cost":264}
{"name":"ld.shared.v2.b32","legal":false,"rule":"alignment","reason":"alignment: the 8-byte access of lane 1 (warp 0, step 0) is not contiguous in shared memory: (1, 1) is at byte 132 but (1, 0) at byte 128"}
"best":"ld.shared.b32"
? 0

# check: every kind that reads only the map takes expr: layouts
# (tests/data/expr/check/pass.yaml cites its Triton values).
$ NVCC=none axe-layout check tests/data/expr/check/pass.yaml
tests/data/expr/check/pass.yaml:57:5: SKIP emit-cuda --kind index: no nvcc (the code was generated and its index math proved; set NVCC to a compiler to compile it)
tests/data/expr/check/pass.yaml:58:5: SKIP emit-cuda --kind index: no nvcc (the code was generated and its index math proved; set NVCC to a compiler to compile it)
9 passed, 0 failed
2 skipped: not run here (--strict fails on a skip)
? 0

# canon: an expr: layout has no canonical form (`expect: none` holds for it
# alone); equal fails at a point where the near miss differs.
$ axe-layout check tests/data/expr/check/fail.yaml
tests/data/expr/check/fail.yaml:17:5: FAIL canon swizzled: no compact form: the bases mix bits (XOR-linear): a basis has several bits, or bits on two dims
tests/data/expr/check/fail.yaml:18:5: FAIL canon swizzled_wrong: no compact form: 'swizzled_wrong' is an expr: layout, index expressions that were not read from S/R/O terms, and canonical forms rewrite those terms
tests/data/expr/check/fail.yaml:19:5: FAIL canon rows: expected no compact form; got S[1024:1]
tests/data/expr/check/fail.yaml:20:5: FAIL equal swizzled swizzled_wrong: not equal at (2, 0): swizzled -> {reg: 2, laneid: 2, warpid: 0}, {reg: 2, laneid: 2, warpid: 1}; swizzled_wrong -> {reg: 0, laneid: 2, warpid: 0}, {reg: 0, laneid: 2, warpid: 1}
0 passed, 4 failed
? 1

# Checks planned from S/R/O iters refuse an expr: layout, saying why.
$ axe-layout check tests/data/expr/check/tma.yaml
tests/data/expr/check/tma.yaml:11:33: error: layout 'mixed' is an expr: layout (read from triton, it has no Axe compact form: the bases mix bits (XOR-linear) and are no Swizzle over a bit permutation); this check needs a layout in S/R/O form: a tensor map describes each side by strides over a box and a swizzle mode, which the planner reads from S/R/O iters
    - tma: {global: global, smem: mixed}
                                  ^~~~~
? 2

$ axe-layout check tests/data/expr/check/copy.yaml
tests/data/expr/check/copy.yaml:12:42: error: layout 'lanes' is an expr: layout; this check needs a layout in S/R/O form: a copy kernel's vectors and atoms are planned from S/R/O iters (strides and the swizzle), which an expr: layout has not
    - emit: {kind: copy, src: global, dst: lanes}
                                           ^~~~~
? 2

$ axe-layout check tests/data/expr/check/trainium.yaml
tests/data/expr/check/trainium.yaml:13:19: error: layout 'a' is an expr: layout; this check needs a layout in S/R/O form: the matmul plan refines and fuses the operands' iters on partitions and the free axis (Appendix H)
    - trainium: {a: a, b: b, c: c}
                    ^
? 2

# The pictures' owner grids of an expr: layout come from one forward walk of
# its domain, those of a layout in S/R/O form from a backward map per cell:
# one map written both ways (tests/data/expr/owner_panels.yaml, replicated
# over two warps) draws the same picture in every format, but for its title.
# Counted: owner cells that hold points (SVG, HTML), cells drawn (TeX).
$ for f in svg html tex; do for by in '' '--by laneid,reg' '--by reg'; do a=$(axe-layout show tests/data/expr/owner_panels.yaml:linear $by --format $f | sed 's/[^>{]* on shape (32, 8)/LAYOUT/'); b=$(axe-layout show tests/data/expr/owner_panels.yaml:same $by --format $f | sed 's/[^>{]* on shape (32, 8)/LAYOUT/'); [ "$a" = "$b" ] && echo "$f ${by:-(warpid, laneid)}: same, $(printf '%s\n' "$b" | grep -c 'data-points="[0-9]\|rectangle')"; done; done
svg (warpid, laneid): same, 128
svg --by laneid,reg: same, 128
svg --by reg: same, 4
html (warpid, laneid): same, 128
html --by laneid,reg: same, 128
html --by reg: same, 4
tex (warpid, laneid): same, 394
tex --by laneid,reg: same, 403
tex --by reg: same, 265
? 0

# The commands that need S/R/O form say why (src/core/sro_reasons.h, one place for the
# commands and the spec checks): a tensor map, a matrix descriptor, a copy kernel and a
# Trainium plan are all built from iters, which an expr: layout has not.
$ axe-layout emit-tma 'S[(4,4):(4,1)]' 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>' --dtype f16
<arg>:1: error: the triton layout is an expr: layout (no Axe compact form: the bases mix bits (XOR-linear): a basis has several bits, or bits on two dims); this command needs a layout in S/R/O form: a tensor map describes each side by strides over a box and a swizzle mode, which the planner reads from S/R/O iters
  triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>
  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
? 2

$ axe-layout emit-desc 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>' --dtype f16 --mma wgmma --operand a
<arg>:1: error: the triton layout is an expr: layout (no Axe compact form: the bases mix bits (XOR-linear): a basis has several bits, or bits on two dims); this command needs a layout in S/R/O form: a matrix descriptor gives the tile by its strides (LBO, SBO) and a swizzle mode, read from S/R/O iters
  triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>
  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
? 2

$ axe-layout emit-cuda 'S[(4,4):(4,1)]' 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>' --kind copy
<arg>:1: error: the triton layout is an expr: layout (no Axe compact form: the bases mix bits (XOR-linear): a basis has several bits, or bits on two dims); this command needs a layout in S/R/O form: a copy kernel's vectors and atoms are planned from S/R/O iters (strides and the swizzle), which an expr: layout has not
  triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>
  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
? 2

$ axe-layout emit-trainium 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>' 'S[(4,4):(4,1)]' 'S[(4,4):(4,1)]'
<arg>:1: error: the triton layout is an expr: layout (no Axe compact form: the bases mix bits (XOR-linear): a basis has several bits, or bits on two dims); this command needs a layout in S/R/O form: the matmul plan refines and fuses the operands' iters on partitions and the free axis (Appendix H)
  triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>
  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
? 2
