# group: refine a layout's shard into one block of iters per dimension of a
# shape (Axe paper, Appendix B).

# A row-major 8x16 matrix seen as 4 x 32: the fused shard S[128:1] is split once.
$ axe-layout group 'S[(8,16):(16,1)]' --shape 4,32
S[(4,32):(32,1)]
shape: (4, 32)
blocks:
  dimension 0 (extent 4): iters [0, 1) S[4:32]
  dimension 1 (extent 32): iters [1, 2) S[32:1]
? 0
$ axe-layout group 'S[(8,16):(16,1)]' --shape 4,32 --json
{"layout":"S[(4,32):(32,1)]","shape":[4,32],"blocks":[[0,1],[1,2]]}
? 0

# Pre-split iters are fused first, so (3, 4) groups S[(2,6):(6,1)] = S[12:1].
$ axe-layout group 'S[(2,6):(6,1)]' --shape 3,4
S[(3,4):(4,1)]
shape: (3, 4)
blocks:
  dimension 0 (extent 3): iters [0, 1) S[3:4]
  dimension 1 (extent 4): iters [1, 2) S[4:1]
? 0

# Extent-1 iters are dropped; an extent-1 dimension is an empty block.
$ axe-layout group 'S[(2,1,4):(8,5@x,1)]' --shape 2,1,4
S[(2,4):(8,1)]
shape: (2, 1, 4)
blocks:
  dimension 0 (extent 2): iters [0, 1) S[2:8]
  dimension 1 (extent 1): iters [1, 1) none
  dimension 2 (extent 4): iters [1, 2) S[4:1]
? 0

# The default shape is the shard extents; replica, offset and swizzle are kept.
$ axe-layout group 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid'
S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid
shape: (8, 2, 4, 2)
blocks:
  dimension 0 (extent 8): iters [0, 1) S[8:4@laneid]
  dimension 1 (extent 2): iters [1, 2) S[2:1@warpid]
  dimension 2 (extent 4): iters [2, 3) S[4:1@laneid]
  dimension 3 (extent 2): iters [3, 4) S[2:1]
? 0
$ axe-layout group 'Swizzle(3,3,3) o S[(8,64):(64,1)]' --shape 2,256
Swizzle(3,3,3) o S[(2,256):(256,1)]
shape: (2, 256)
blocks:
  dimension 0 (extent 2): iters [0, 1) S[2:256]
  dimension 1 (extent 256): iters [1, 2) S[256:1]
? 0

# The scan refuses (a 5 in the way), but iters of stride 0 commute: an equal
# layout, found from the values, groups.
$ axe-layout group 'S[(4,5,3):(0@x,0,1)]' --shape 5,12
S[(5,4,3):(0@x,0@x,1)]
shape: (5, 12)
blocks:
  dimension 0 (extent 5): iters [0, 1) S[5:0@x]
  dimension 1 (extent 12): iters [1, 3) S[(4,3):(0@x,1)]
? 0

# Impossible: no layout with this map has blocks of the shape (exit 1).
$ axe-layout group 'S[(2,3):(10,1)]' --shape 3,2
cannot group: dimension 0 (extent 3) cannot be formed: it still needs a factor 3 when it reaches iter 2:10, whose extent neither divides 3 nor is a multiple of it
? 1
$ axe-layout group 'S[(2,3):(10,1)]' --shape 3,2 --json
{"layout":null,"reason":"dimension 0 (extent 3) cannot be formed: it still needs a factor 3 when it reaches iter 2:10, whose extent neither divides 3 nor is a multiple of it"}
? 1

# Input errors (exit 2).
$ axe-layout group 'S[(8,16):(16,1)]' --shape 4,30
--shape:1: error: shape '4,30' has 120 points but the layout has 128
  4,30
  ^~~~
? 2
$ axe-layout group 'S[(8,16):(16,1)' --shape 4,32
<arg>:2: error: unbalanced '[': missing ']'
  S[(8,16):(16,1)
   ^
? 2
$ axe-layout group 'S[(8,16):(16,1)]' 'S[4:1]'
axe-layout group: error: expected one LAYOUT operand, got 2
Try 'axe-layout group --help'.
? 2
$ axe-layout group 'S[(8,16):(16,1)]' --shape 4,32 --jsn
axe-layout group: error: unknown option '--jsn' (did you mean '--json'?)
Try 'axe-layout group --help'.
? 2
