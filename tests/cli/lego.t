# lego: layouts written in LEGO (Tavakkoli, Oancea and Hall, "LEGO: A Layout
# Expression Language for Code Generation of Hierarchical Mapping"), read as
# LEGO's Python front end and the paper write them, validated against LEGO's
# own apply.  Values: the paper's section III and Table I.

# The Python front end's chain (docs/interop.md): a 4 x 6 row-major tile.
$ axe-layout eval 'lego:OrderBy(Row(4,6)).TileBy([4,6])' --at 1,2 --at 3,5
(1, 2) -> {m: 8}
(3, 5) -> {m: 23}
? 0

# Figure 6, middle column: [4, 2] goes to 23.
$ axe-layout eval 'lego:GroupBy([6, 6]).OrderBy(RegP([2, 3, 2, 3], [1, 3, 2, 4]))' --at 4,2
(4, 2) -> {m: 23}
? 0

# Table I, Figure 8: the CuTe/Graphene strides ((1,8)),(2,(4,16)).
$ axe-layout check-equal 'lego:GroupBy([2, 2, 2, 2, 2]).OrderBy(RegP([2, 2, 2, 2, 2], [5, 2, 4, 3, 1]))' 'S[(2,2,2,2,2):(1,8,2,4,16)]'
equal: canonical forms identical
? 0

# Table I, Figure 1: tile sizes over names bound on the command line.
$ axe-layout convert 'lego:TileBy([M/BM, K/BK], [BM, BK]).OrderBy(Row(M, K))' --bind M=128,K=64,BM=32,BK=16 --to axe
S[(4,4,32,16):(2048,16,64,1)]
? 0

# Figure 2: a GenP has no compact form; info and convert say so.
$ axe-layout info 'lego:GroupBy([6, 4], OrderBy(RegP([2, 2], [2, 1]), GenP([3, 2], lambda i, j: (2 - i) * 2 + (1 - j))))'
layout:     m=12*(((4*i0 + i1)/6)%2) + 6*(i0/3) - 2*((2*i0 + i1/2)%3) - i1%2 + 5
form:       expr (read from lego; no compact form: a GenP permutes its tile by an index expression)
size:       24 points
shape:      (6, 4) (its own)
axes:
  m     memory  [0, 23]           span 24
replicated: no
injective:  yes (distinct points never share a physical coordinate)
swizzle:    none
? 0

$ axe-layout info 'lego:GroupBy([6, 4], OrderBy(RegP([2, 2], [2, 1]), GenP([3, 2], lambda i, j: (2 - i) * 2 + (1 - j))))' --json
{"layout":"m=12*(((4*i0 + i1)/6)%2) + 6*(i0/3) - 2*((2*i0 + i1/2)%3) - i1%2 + 5","form":"expr","from":"lego","why_expr":"a GenP permutes its tile by an index expression","size":24,"shape":[6,4],"axes":[{"name":"m","kind":"memory","min":0,"max":23,"span":24}],"replicated":false,"images_per_point":1,"injective":true,"swizzle":null}
? 0

$ axe-layout convert 'lego:GroupBy([6, 4], OrderBy(RegP([2, 2], [2, 1]), GenP([3, 2], lambda i, j: (2 - i) * 2 + (1 - j))))' --to axe
no axe form: the layout has no Axe compact form, only an expr: form (a GenP permutes its tile by an index expression)
? 1

# An expr: layout is evaluated like any other (the import was checked against
# LEGO's own meaning at every point, interop/lego_ref.c).
$ axe-layout eval 'lego:GroupBy([6, 4], OrderBy(RegP([2, 2], [2, 1]), GenP([3, 2], lambda i, j: (2 - i) * 2 + (1 - j))))' --at 4,1
(4, 1) -> {m: 6}
? 0

# Figure 2 against its apply written out by hand (the paper's Figures 4 and 5:
# x = 4i + j unflattened over (2,2,3,2), the outer 2 x 2 transposed, the inner
# 3 x 2 tile reverted); at [4, 1] it gives the paper's 6.
$ axe-layout check-equal 'lego:GroupBy([6, 4], OrderBy(RegP([2, 2], [2, 1]), GenP([3, 2], lambda i, j: (2 - i) * 2 + (1 - j))))' --expr 'm=(((4*i+j)/6)%2*2 + (4*i+j)/12)*6 + (2 - ((4*i+j)/2)%3)*2 + (1 - (4*i+j)%2)' --vars i,j --shape 6,4
equal: all 24 points checked
? 0

# Writing LEGO: a bijection on m as one RegP, read back and proved equal.
$ axe-layout convert 'S[(4,8):(1,4)]' --to lego
OrderBy(RegP([4, 8], [1, 0])).GroupBy([(4, 8)])
? 0

$ axe-layout convert 'lego:OrderBy(RegP([4,8],[1,0])).GroupBy([(4,8)])' --to lego --json
{"to":"lego","text":"OrderBy(RegP([4, 8], [1, 0])).GroupBy([(4, 8)])","layout":"S[(4,8):(1,4)]","expressible":true}
? 0

$ axe-layout convert 'S[(4,8):(8,2)]' --to lego
no lego form: LEGO layouts are bijections onto [0, N): these strides leave gaps, overlap or are not positive
? 1

$ axe-layout convert 'S[(4,8):(8,1)] + R[2:32]' --to lego --json
{"to":"lego","expressible":false,"reason":"LEGO layouts are bijections: a replica has no LEGO form"}
? 1

# Specs: an entry may be written in LEGO, with its names under bind:.
$ axe-layout eval specs/lego_tiles.yaml:a_tiles --at 1,2,3,4
(1, 2, 3, 4) -> {m: 2276}
? 0

# Malformed text: the position is in the operand, after the prefix.
$ axe-layout eval 'lego:Row(4, 0)' --at 0
<arg>:13: error: extent must be positive, not 0
  lego:Row(4, 0)
              ^
? 2

$ axe-layout eval 'lego:TileBy([M, N]).OrderBy(Row(M, N))' --bind M=4 --at 0,0
<arg>:17: error: name 'N' has no value (bind it: --bind N=VALUE, or 'bind:' in a spec)
  lego:TileBy([M, N]).OrderBy(Row(M, N))
                  ^
hint: did you mean 'M'?
? 2

$ axe-layout eval 'lego:GroupBy([6, 4]).OrderBy(Row(4, 5))' --at 0,0
<arg>:22: error: this OrderBy has 20 elements but the layout has 24
  lego:GroupBy([6, 4]).OrderBy(Row(4, 5))
                       ^~~~~~~~~~~~~~~~~~
? 2

$ axe-layout eval 'lego:GenP([4], lambda i: i +)' --at 0
<arg>:29: error: expected a number, a variable or '(' but found the end of the expression
  lego:GenP([4], lambda i: i +)
                              ^
? 2

$ axe-layout info 'lgo:Row(4)'
<arg>:1: error: unknown notation 'lgo'
  lgo:Row(4)
  ^~~
hint: did you mean 'lego'?
? 2

$ axe-layout eval 'S[4:1]' --bind M=4 --at 0
--bind:1: error: --bind applies only to a layout in another tool's notation (lego:)
  M=4
  ^~~
? 2

$ axe-layout check tests/data/interop/lego_bad.yaml
tests/data/interop/lego_bad.yaml:5:42: error: name 'Q' has no value (bind it: --bind Q=VALUE, or 'bind:' in a spec)
      lego: "OrderBy(Row(M, N)).TileBy([M, Q])"
                                           ^
hint: did you mean 'M'?
? 2
