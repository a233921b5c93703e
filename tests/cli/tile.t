# tile: T(a, b) = span(INNER) * OUTER(a) + INNER(b) (Axe paper, Appendix C).

# Section 3.3: a row-major 2x2 grid of row-major 4x4 tiles is the block layout
# of an 8x8 matrix; the inner span on m is 16.
$ axe-layout tile 'S[(2,2):(2,1)]' 'S[(4,4):(4,1)]'
S[(2,4,2,4):(32,4,16,1)]
shape: (8, 8)
interleaved shape: (2, 4, 2, 4)
inner span: {m: 16}
? 0
$ axe-layout tile 'S[(2,2):(2,1)]' 'S[(4,4):(4,1)]' --json
{"layout":"S[(2,4,2,4):(32,4,16,1)]","shape":[8,8],"interleaved":[2,4,2,4],"span":{"m":16}}
? 0

# Strides are scaled per axis: laneid by 29, m by 4; warpid, which the inner
# layout does not name, by 1.  The result is canonical.
$ axe-layout tile 'S[(2,2):(1@warpid,1)]' 'S[(8,4):(4@laneid,1)]'
S[(2,8,8):(1@warpid,4@laneid,1)]
shape: (16, 8)
interleaved shape: (2, 8, 2, 4)
inner span: {laneid: 29, m: 4}
? 0

# Shapes of rank 1: one dimension of 8 x 16 points.
$ axe-layout tile 'S[(2,2):(2,1)]' 'S[(4,4):(4,1)]' --outer-shape 4 --inner-shape 16
S[64:1]
shape: (64)
interleaved shape: (4, 16)
inner span: {m: 16}
? 0

# A 128B-swizzled f16 atom (8x64) tiled 2x2: the outer moves m by whole
# 512-element blocks, so the swizzle is kept.
$ axe-layout tile 'S[(2,2):(2,1)]' 'Swizzle(3,3,3) o S[(8,64):(64,1)]'
Swizzle(3,3,3) o S[(2,8,2,64):(1024,64,512,1)]
shape: (16, 128)
interleaved shape: (2, 8, 2, 64)
inner span: {m: 512}
? 0

# The same from a spec file (its shapes and its dtype-derived swizzle).
$ axe-layout tile specs/algebra_block.yaml:grid specs/algebra_block.yaml:atom
Swizzle(3,3,3) o S[(2,8,2,64):(1024,64,512,1)]
shape: (16, 128)
interleaved shape: (2, 8, 2, 64)
inner span: {m: 512}
? 0

# A swizzled outer is rescaled by the inner span 2 on m.
$ axe-layout tile 'Swizzle(1,1,1) o S[4:2]' 'S[2:1]'
Swizzle(2,1,1) o S[(4,2):(4,1)]
shape: (8)
interleaved shape: (4, 2)
inner span: {m: 2}
? 0

# Impossible (exit 1): a shape that does not group its layout, swizzles that
# cannot be kept.
$ axe-layout tile 'S[(2,3):(10,1)]' 'S[(2,2):(2,1)]' --outer-shape 3,2
cannot tile: the outer shape does not group the outer layout: dimension 0 (extent 3) cannot be formed: it still needs a factor 3 when it reaches iter 2:10, whose extent neither divides 3 nor is a multiple of it
? 1
$ axe-layout tile 'S[2:1]' 'Swizzle(3,3,3) o S[(8,32):(64,1)]' --inner-shape 256
cannot tile: the inner layout's Swizzle(3,3,3) permutes m inside aligned blocks of 512, so the outer layout must move m by whole blocks, but its shard iter 2:1, scaled by the inner span 480, moves it by 480
? 1
$ axe-layout tile 'S[2:1@laneid]' 'Swizzle(3,3,3) o S[(8,64):(64,1)]' --inner-shape 512
cannot tile: the inner layout is swizzled, so the result must place data on 'm' only, but the outer layout names axis 'laneid'
? 1
$ axe-layout tile 'Swizzle(1,1,1) o S[4:1]' 'Swizzle(1,1,1) o S[4:1]'
cannot tile: both layouts are swizzled, and one layout carries one swizzle
? 1
$ axe-layout tile 'Swizzle(1,1,1) o S[4:2]' 'S[3:1]' --json
{"layout":null,"reason":"the outer layout's Swizzle(1,1,1) can be kept only when the inner span on m is a power of two, but it is 3"}
? 1

# Input errors (exit 2).
$ axe-layout tile 'S[(2,2):(2,1)]' 'S[16:1]'
axe-layout: error: the outer shape has rank 2 but the inner shape has rank 1
? 2
$ axe-layout tile 'S[(2,2):(2,1)]' 'S[(4,4):(4,1)]' --inner-shape 4,5
--inner-shape:1: error: shape '4,5' has 20 points but the layout has 16
  4,5
  ^~~
? 2
$ axe-layout tile 'S[(2,2):(2,1)]' 'S[(4,4):(4,1)]' --outer-shape 2,x
--outer-shape:3: error: expected extent but found 'x'
  2,x
    ^
? 2
$ axe-layout tile 'S[2:4611686018427387904]' 'S[(2,2):(2,1)]' --inner-shape 4
axe-layout: error: a scaled stride overflows 64 bits
? 2
$ axe-layout tile 'S[(2,2):(2,1)]'
axe-layout tile: error: expected two LAYOUT operands, OUTER and INNER, got 1
Try 'axe-layout tile --help'.
? 2
