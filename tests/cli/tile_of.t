# tile-of: is T a tile of INNER, and which C gives tile(C, INNER) = T
# (Axe paper, Appendix D)?

# The block layout of section 3.3 is a tile of the 4x4 row-major tile; the
# outer layout is the row-major 2x2 grid (canonically S[4:1] on (2, 2)).
$ axe-layout tile-of 'S[(2,4,2,4):(32,4,16,1)]' 'S[(4,4):(4,1)]' --shape 8,8
S[4:1]
shape: (2, 2)
inner span: {m: 16}
? 0
$ axe-layout tile-of 'S[(2,4,2,4):(32,4,16,1)]' 'S[(4,4):(4,1)]' --shape 8,8 --json
{"layout":"S[4:1]","shape":[2,2],"span":{"m":16}}
? 0

# Operands from a spec file, with the spec's shapes; the swizzled buffer is a
# tile of its 128B-swizzled atom.
$ axe-layout tile-of specs/algebra_block.yaml:block specs/algebra_block.yaml:tile
S[4:1]
shape: (2, 2)
inner span: {m: 16}
? 0
$ axe-layout tile-of specs/algebra_block.yaml:smem specs/algebra_block.yaml:atom
S[4:1]
shape: (2, 2)
inner span: {m: 512}
? 0

# Appendix F.4: S[16:1], the direct sum of S[(2,2):(8,2)] and S[(2,2):(4,1)],
# is not a tile of S[(2,2):(4,1)], whose span 6 does not divide 8 (exit 1).
$ axe-layout tile-of 'S[16:1]' 'S[(2,2):(4,1)]' --shape 4,4
not a tile: iter 2:8 in the outer part of dimension 0 of T is not a multiple of the inner layout's span 6 on axis 'm'
? 1
$ axe-layout tile-of 'S[16:1]' 'S[(2,2):(4,1)]' --shape 4,4 --json
{"layout":null,"reason":"iter 2:8 in the outer part of dimension 0 of T is not a multiple of the inner layout's span 6 on axis 'm'"}
? 1

# Replicas and offsets: the inner span 7 counts the inner replica.
$ axe-layout tile-of 'S[(2,4):(14,1)] + R[(2,2):(3,28)] + 15' 'S[4:1] + R[2:3] + 1' --shape 8
S[2:2] + R[2:4] + 2
shape: (2)
inner span: {m: 7}
? 0

# Swizzles: the same swizzle on both (C is unswizzled), or an outer swizzle
# scaled by the inner span 2.
$ axe-layout tile-of 'Swizzle(3,3,3) o S[(2,8,2,64):(1024,64,512,1)]' 'Swizzle(3,3,3) o S[(8,64):(64,1)]' --shape 16,128
S[4:1]
shape: (2, 2)
inner span: {m: 512}
? 0
$ axe-layout tile-of 'Swizzle(2,1,1) o S[(4,2):(4,1)]' 'S[2:1]' --shape 8
Swizzle(1,1,1) o S[4:2]
shape: (4)
inner span: {m: 2}
? 0

# Not a tile (exit 1).
$ axe-layout tile-of 'S[12:1]' 'S[8:1]'
not a tile: dimension 0: the inner extent 8 does not divide T's extent 12
? 1
$ axe-layout tile-of 'S[(2,4):(8,2)]' 'S[4:1]' --shape 8
not a tile: the inner part of dimension 0 of T is (4:2), but dimension 0 of the inner layout is (4:1)
? 1
$ axe-layout tile-of 'S[(3,2):(10,1)]' 'S[3:1]' --shape 6
not a tile: dimension 0 of T does not split into 2 outer by 3 inner points: it still needs a factor 2 when it reaches iter 3:10, whose extent neither divides 2 nor is a multiple of it
? 1
$ axe-layout tile-of 'S[(2,4):(8,1)] + 3' 'S[4:1]' --shape 8
not a tile: T's offset 3 on axis 'm' minus the inner offset 0 is not a multiple of the inner span 4
? 1
$ axe-layout tile-of 'S[16:1]' 'Swizzle(1,1,1) o S[4:1]'
not a tile: the inner layout is swizzled but T is not
? 1

# Input errors (exit 2).
$ axe-layout tile-of 'S[16:1]' 'S[(2,2):(2,1)]'
axe-layout: error: T's shape has rank 1 but the inner shape has rank 2
? 2
$ axe-layout tile-of 'S[16:1]' 'S[(2,2):(2,1)]' --shape 4,4 --inner-shape 3
--inner-shape:1: error: shape '3' has 3 points but the layout has 4
  3
  ^
? 2
