# dsum: D(a, b) = LEFT(a) + RIGHT(b) on the tiling domain, without the span
# scaling of tile (Axe paper, Appendix F).

# Appendix F.4: the quadrant origins {0, 2, 8, 10} plus a 2x2 block of a
# width-4 row-major matrix is the whole 4x4 matrix, S[16:1] ...
$ axe-layout dsum 'S[(2,2):(8,2)]' 'S[(2,2):(4,1)]'
S[16:1]
shape: (4, 4)
interleaved shape: (2, 2, 2, 2)
? 0
$ axe-layout dsum 'S[(2,2):(8,2)]' 'S[(2,2):(4,1)]' --json
{"layout":"S[16:1]","shape":[4,4],"interleaved":[2,2,2,2]}
? 0

# ... and on the paper's rank-1 domain, S[16:1] up to swapping the two middle
# digits (the paper's "benign reordering").
$ axe-layout dsum 'S[(2,2):(8,2)]' 'S[(2,2):(4,1)]' --left-shape 4 --right-shape 4
S[(2,2,2,2):(8,2,4,1)]
shape: (16)
interleaved shape: (4, 4)
? 0

# Axes add independently; replicas are joined, offsets added.
$ axe-layout dsum 'S[2:1@warpid] + 1@warpid' 'S[32:1@laneid] + R[2:4@warpid]' --left-shape 2 --right-shape 32
S[(2,32):(1@warpid,1@laneid)] + R[2:4@warpid] + 1@warpid
shape: (64)
interleaved shape: (2, 32)
? 0

# Impossible (exit 1), and input errors (exit 2).
$ axe-layout dsum 'S[(2,3):(10,1)]' 'S[(2,2):(2,1)]' --left-shape 3,2
cannot form the direct sum: the left shape does not group the left layout: dimension 0 (extent 3) cannot be formed: it still needs a factor 3 when it reaches iter 2:10, whose extent neither divides 3 nor is a multiple of it
? 1
$ axe-layout dsum 'S[2:1]' 'Swizzle(3,3,3) o S[(8,64):(64,1)]' --right-shape 512
cannot form the direct sum: the right layout's Swizzle(3,3,3) permutes m inside aligned blocks of 512, so the left layout must move m by whole blocks, but its shard iter 2:1 moves it by 1
? 1
$ axe-layout dsum 'S[4:1]' 'S[(2,2):(2,1)]'
axe-layout: error: the left shape has rank 1 but the right shape has rank 2
? 2
$ axe-layout dsum 'S[4:1]' 'S[(2,2):(2,1)]' --right-shape 5
--right-shape:1: error: shape '5' has 5 points but the layout has 4
  5
  ^
? 2
