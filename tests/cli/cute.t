# cute:, cute-tv: and tileas: operands (CuTe layouts, CuTe TV layouts, TileAS
# descriptors): read into Axe layouts, validated against CuTe's own meaning,
# written back by convert.  Expected values: CUTLASS media/docs/cpp/cute/
# 01_layout.md (s2xh4), include/cute/atom/mma_traits_sm80.hpp (SM80_16x8_Row),
# mma_traits_sm90_gmma.hpp (Layout_K_SW128_Atom), the TileAS grammar examples.

$ axe-layout convert 'cute:((8,4),(2,2)):((1,8),(32,64))' --to axe
S[(4,8,2,2):(8,1,64,32)]
? 0

$ axe-layout eval 'cute:(2,(2,2)):(4,(2,1))' --at 0,1 --at 1,2
(0, 1) -> {m: 2}
(1, 2) -> {m: 5}
? 0

$ axe-layout convert 'cute:(2, (2, 2)):(4, (2, 1))' --to cute
(2,(2,2)):(4,(2,1))
? 0

$ axe-layout convert 'S[(4,8,2,2):(8,1,64,32)]' --shape 32,4 --to cute --json
{"to":"cute","text":"((8,4),(2,2)):((1,8),(32,64))","layout":"S[(4,8,2,2):(8,1,64,32)]","expressible":true}
? 0

$ axe-layout convert 'cute:Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)' --to axe
Swizzle(3,3,3) o S[(8,64):(64,1)]
? 0

$ axe-layout check-equal 'cute:Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)' 'Swizzle(3,3,3) o S[(8,64):(64,1)]'
equal: canonical forms identical
? 0

$ axe-layout convert 'cute:Sw<1,2,-2> o 8:1' --to axe
no axe form: the layout has no Axe compact form, only an expr: form (Swizzle<1,2,-2> has a negative shift (lower address bits XORed into higher ones), which Axe's Swizzle(M,B,S) cannot express)
? 1

$ axe-layout info 'cute:Sw<1,2,-2> o 8:1'
layout:     m=(0 + (((0 + 1*i0)/1)%8)*1) ^ (((0 + (((0 + 1*i0)/1)%8)*1) & 4) << 2)
form:       expr (read from cute; no compact form: Swizzle<1,2,-2> has a negative shift (lower address bits XORed into higher ones), which Axe's Swizzle(M,B,S) cannot express)
size:       8 points
shape:      (8) (its own)
axes:
  m     memory  [0, 23]           span 24
replicated: no
injective:  yes (distinct points never share a physical coordinate)
swizzle:    none
? 0

$ axe-layout convert 'S[8:1@laneid]' --to cute
no cute form: the layout names axis 'laneid'; a CuTe layout has one index, axis m (a TV layout: --to cute-tv)
? 1

$ axe-layout convert 'cute-tv:((_4,_8),(_2,_2)):((_32,_1),(_16,_8))' --tile 16,8 --to axe
S[(2,8,4,2):(2@reg,4@tid,1@tid,1@reg)]
? 0

# Two operands share --tile: the one in no notation ignores it.
$ axe-layout check-equal 'cute-tv:((_4,_8),(_2,_2)):((_32,_1),(_16,_8))' 'S[(2,8,4,2):(2@reg,4@tid,1@tid,1@reg)]' --tile 16,8
equal: canonical forms identical
? 0

$ axe-layout convert 'S[(2,8,4,2):(2@reg,4@tid,1@tid,1@reg)]' --shape 16,8 --to cute-tv
((4,8),(2,2)):((32,1),(16,8))
? 0

$ axe-layout convert 'cute-tv:((_2,_4),_2):((_0,_1),_4)' --tile 8,1 --to axe
S[(2,4):(1@reg,2@tid)] + R[2:1@tid]
? 0

$ axe-layout convert 'cute-tv:(_4,_2):(_1,_4)' --to axe
<arg>:9: error: a TV layout indexes a tile whose shape is not in the text
  cute-tv:(_4,_2):(_1,_4)
          ^~~~~~~~~~~~~~~
hint: give the tile: --tile M,N (tile: [M, N] in a spec)
? 2

$ axe-layout convert 'tileas:<(128,64),(64,1),swizzle<3,4,3>,elem=nvfp4>' --to axe
Swizzle(5,3,3) o S[(128,64):(64,1)]
? 0

$ axe-layout convert 'tileas:<(128, 64), (64, 1), swizzle<3, 4, 3>>' --dtype f16 --to axe
Swizzle(3,3,3) o S[(128,64):(64,1)]
? 0

$ axe-layout convert 'Swizzle(3,3,3) o S[(128,64):(64,1)]' --dtype f16 --to tileas
<(128,64),(64,1),swizzle<3,4,3>,elem=f16>
? 0

$ axe-layout convert 'tileas:<(16,16),(1,16),swizzle<2,5,2>>' --to axe
<arg>:8: error: the descriptor's swizzle acts on byte addresses, and the element width is not known
  tileas:<(16,16),(1,16),swizzle<2,5,2>>
         ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
hint: add elem=NAME (elem=f16, elem=nvfp4, ...) or give --dtype
? 2

$ axe-layout eval 'cute:(2,(2,2):(4,(2,1))' --at 0,0
<arg>:14: error: expected ',' or ')', found ':'
  cute:(2,(2,2):(4,(2,1))
               ^
? 2

$ axe-layout eval 'tileas:<(16,16),(1,16),elem=nvfp5>' --at 0,0
<arg>:29: error: unknown TileAS element type 'nvfp5'
  tileas:<(16,16),(1,16),elem=nvfp5>
                              ^~~~~
hint: did you mean 'nvfp4'?
? 2

$ axe-layout convert 'cute:(2,(2,2)):(4,(2,1))' --to cute-cpp
make_layout(make_shape(2, make_shape(2, 2)), make_stride(4, make_stride(2, 1)))
? 0

$ axe-layout convert 'cute:make_layout(make_shape(2, make_shape(2, 2)), make_stride(4, make_stride(2, 1)))' --to cute
(2,(2,2)):(4,(2,1))
? 0

$ axe-layout convert 'cute:make_layout(make_shape(Int<2>{},4), LayoutRight{})' --to cute
(2,4):(4,1)
? 0

$ axe-layout convert 'cute:composition(Swizzle<3,4,3>{}, smem_ptr_flag_bits<16>{}, make_layout(make_shape(_8{},_64{}), LayoutRight{}))' --to axe
Swizzle(3,3,3) o S[(8,64):(64,1)]
? 0

$ axe-layout convert 'cute:make_layout(make_shape(2,0))' --to axe
<arg>:31: error: CuTe shape extent 0 is not positive
  cute:make_layout(make_shape(2,0))
                                ^
? 2

# An expr: side is not rewritten, but a layout compared with one is: CuTe's C
# fragment of mma.m16n8k16 on tid against the PTX ISA's lane and register math.
$ axe-layout check-equal 'cute-tv:((_4,_8),(_2,_2)):((_32,_1),(_16,_8))' --tile 16,8 --expr 'laneid=(i%8)*4 + j/2; reg=(i/8)*2 + j%2' --vars i,j --shape 16,8
axe-layout: note: thread-axis relations: comparing A's 'tid' as laneid + 32*warpid (--no-axis-relations: as named)
equal: all 128 points checked
? 0
$ axe-layout check-equal 'S[(2,8,4,2):(2@reg,4@laneid,1@laneid,1@reg)]' --expr 'tid=(i%8)*4 + j/2; reg=(i/8)*2 + j%2' --vars i,j --shape 16,8
axe-layout: note: the expr: layout names a thread axis coarser than the other layout's; expr: layouts are compared as named
NOT equal at (0, 2): A -> {reg: 0, laneid: 1, tid: 0}, B -> {reg: 0, laneid: 0, tid: 1}
? 1
