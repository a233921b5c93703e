# slice: the layout L' of a sub-box, L'(x) = L(x + begin) (Axe paper, Appendix E).

# Rows 2..5, columns 4..11 of a row-major 8x16 matrix (our reconstruction of
# section 3.3's example): the corner 2*16 + 4 = 36 becomes the offset.
$ axe-layout slice 'S[(8,16):(16,1)]' --region 2:6,4:12
S[(4,8):(16,1)] + 36
shape: (4, 8)
? 0
$ axe-layout slice 'S[(8,16):(16,1)]' --region 2:6,4:12 --json
{"layout":"S[(4,8):(16,1)] + 36","shape":[4,8]}
? 0

# A 1-D range that wraps a row once, at its midpoint: 6, 7, 16, 17.
$ axe-layout slice 'S[(4,8):(16,1)]' --shape 32 --region 6:10
S[(2,2):(10,1)] + 6
shape: (4)
? 0

# A range that wraps at the middle of every row: 2..9 of S[(4,4):(100,1)].
$ axe-layout slice 'S[(4,4):(100,1)]' --shape 16 --region 2:10
S[(2,2,2):(100,98,1)] + 2
shape: (8)
? 0

# The swizzle and the replica are kept.
$ axe-layout slice 'Swizzle(3,3,3) o S[(8,64):(64,1)]' --region 0:8,0:32
Swizzle(3,3,3) o S[(8,32):(64,1)]
shape: (8, 32)
? 0
$ axe-layout slice 'S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid' --shape 8,16 --region 0:8,8:16
S[(32,2):(1@laneid,1)] + R[2:4@warpid] + 6@warpid
shape: (8, 8)
? 0

# Not expressible as one layout (exit 1).
$ axe-layout slice 'S[(4,8):(16,1)]' --shape 32 --region 6:11
cannot slice: no layout has the region's values (checked point by point): region 6:11 of dimension 0 is not expressible as one layout: from value 6 it runs through 5 values of iter 8:1, wrapping after 2; one layout can follow a wrap only at the middle of the range, or at the middle of the iter when it repeats every cycle
? 1
$ axe-layout slice 'S[(4,8):(16,1)]' --shape 32 --region 0:12
cannot slice: no layout has the region's values (checked point by point): region 0:12 of dimension 0 is not expressible as one layout: it runs through 12 values of iter 8:1, more than one cycle of it but not a whole number of cycles
? 1
$ axe-layout slice 'S[(2,4):(1@x,1@y)]' --shape 8 --region 2:6
cannot slice: no layout has the region's values (checked point by point): region 2:6 of dimension 0 is not expressible as one layout: where it wraps iter 4:1@y the coordinates jump on axes 'x' and 'y' at once, which no single iter can do
? 1
$ axe-layout slice 'S[(2,4,4):(1000,100,1)]' --shape 32 --region 2:18
cannot slice: no layout has the region's values (checked point by point): region 2:18 of dimension 0 is not expressible as one layout: its wraps at the middle of iter 4:1 repeat 4 times and carry out of iter 4:100
? 1

# A shape that does not group the layout: the region's values are read and an
# equal layout is found, so only what no layout expresses is refused.
$ axe-layout slice 'S[(2,3):(1,2)]' --shape 3,2 --region 1:2,1:2
S[1:1] + 1
shape: (1, 1)
? 0
$ axe-layout slice 'S[(2,3):(10,1)]' --shape 3,2 --region 0:1,0:2 --json
{"layout":"S[2:1]","shape":[1,2]}
? 0
$ axe-layout slice 'S[(2,3):(10,1)]' --shape 3,2 --region 0:3,0:1 --json
{"layout":null,"reason":"no layout has the region's values (checked point by point): the shape does not group the layout, so its dimensions have no blocks to slice: dimension 0 (extent 3) cannot be formed: it still needs a factor 3 when it reaches iter 2:10, whose extent neither divides 3 nor is a multiple of it"}
? 1

# Input errors (exit 2).
$ axe-layout slice 'S[(8,16):(16,1)]'
axe-layout slice: error: --region is required
Try 'axe-layout slice --help'.
? 2
$ axe-layout slice 'S[(8,16):(16,1)]' --region 0:2
--region:1: error: the region has 1 range but the shape has rank 2
  0:2
  ^~~
? 2
$ axe-layout slice 'S[(8,16):(16,1)]' --region 0:9,0:16
--region:1: error: range 0:9 of dimension 0 is empty or leaves [0, 8)
  0:9,0:16
  ^~~~~~~~
? 2
$ axe-layout slice 'S[(8,16):(16,1)]' --region 3:2,0:16
--region:1: error: range 3:2 is empty or negative
  3:2,0:16
  ^~~
? 2
$ axe-layout slice 'S[(8,16):(16,1)]' --region 0:2,0-16
--region:6: error: expected ':' in a range 'begin:end' but found '-'
  0:2,0-16
       ^
? 2
