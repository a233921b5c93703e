# canon: the canonical form (Axe paper, Appendix A.1; semantics.md
# "Canonical form"), the rules that fired, and the gap condition.

# Seed 001's tensor-core tile is already canonical.
$ axe-layout canon 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid' --shape 8,16
S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid
shape: (8, 16)
rules: none fired
gap condition: holds
? 0

# D1 fuses a row-major tile into one iter; the logical shape stays (8, 16).
$ axe-layout canon 'S[(8,16):(16,1)]'
S[128:1]
shape: (8, 16)
rule D1 x1: fuse adjacent shard iters on one axis when s_outer = e_inner * s_inner
gap condition: holds
? 0

# Every rule at once: unit iters (D0), a chain (D1), a zero offset (O0), a
# unit replica (C0), a negative replica stride (C1), a progression (C2).
$ axe-layout canon 'S[(1,4,4,1):(9,4,1,3)] + R[(2,3,1):(-2@x,4@x,7@y)] + 0@y'
S[16:1] + R[6:2@x] - 2@x
shape: (1, 4, 4, 1)
rule D0 x2: drop extent-1 shard iters
rule D1 x1: fuse adjacent shard iters on one axis when s_outer = e_inner * s_inner
rule O0 x1: drop zero offsets
rule C0 x1: drop replica iters of extent 1 or stride 0
rule C1 x1: make replica strides positive, shifting the offset
rule C2 x1: fuse same-axis replica iters whose points form one arithmetic progression
gap condition: holds
? 0

$ axe-layout canon 'S[(1,4,4,1):(9,4,1,3)] + R[(2,3,1):(-2@x,4@x,7@y)] + 0@y' --json
{"layout":"S[16:1] + R[6:2@x] - 2@x","shape":[1,4,4,1],"canonical":"S[16:1] + R[6:2@x] - 2@x","shard":[[16,1,"m"]],"replica":[[6,2,"x"]],"offset":{"x":-2},"swizzle":null,"rules":[{"rule":"D0","count":2},{"rule":"D1","count":1},{"rule":"O0","count":1},{"rule":"C0","count":1},{"rule":"C1","count":1},{"rule":"C2","count":1}],"gap_condition":true}
? 0

# Replicas are sorted by (axis, stride, extent); the gap condition fails when
# a stride lies within the reach of the smaller ones on its axis.
$ axe-layout canon 'S[4:1] + R[(2,2,3):(4@y,3@x,2@x)]'
S[4:1] + R[(3,2,2):(2@x,3@x,4@y)]
shape: (4)
rules: none fired
gap condition: does not hold (a replica stride lies within the reach of the smaller ones on its axis)
? 0

# A swizzle is kept: only the tile part is rewritten (seed 001's 128B example).
$ axe-layout canon specs/swizzle_f16_128b.yaml:smem
Swizzle(3,3,3) o S[512:1]
shape: (8, 64)
rule D1 x1: fuse adjacent shard iters on one axis when s_outer = e_inner * s_inner
gap condition: holds
? 0

$ axe-layout canon specs/swizzle_f16_128b.yaml:smem --json
{"layout":"Swizzle(3,3,3) o S[512:1]","shape":[8,64],"canonical":"Swizzle(3,3,3) o S[512:1]","shard":[[512,1,"m"]],"replica":[],"offset":{},"swizzle":{"per_element":3,"swizzle_len":3,"atom_len":3},"rules":[{"rule":"D1","count":1}],"gap_condition":true}
? 0

# Errors: exit 2, and no expr: layouts (they have no canonical form).
$ axe-layout canon 'S[(8,16):(16,1)' --json
<arg>:2: error: unbalanced '[': missing ']'
  S[(8,16):(16,1)
   ^
? 2

$ axe-layout canon specs/equality_tensor_core.yaml:lane_of
no compact form: 'lane_of' is an expr: layout, index expressions that were not read from S/R/O terms, and canonical forms rewrite those terms
? 1

$ axe-layout canon 'S[8:1]' 'S[8:1]'
axe-layout canon: error: expected one LAYOUT operand, got 2
Try 'axe-layout canon --help'.
? 2

$ axe-layout canon 'S[8:1]' --jsn
axe-layout canon: error: unknown option '--jsn' (did you mean '--json'?)
Try 'axe-layout canon --help'.
? 2
