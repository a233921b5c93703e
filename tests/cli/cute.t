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

# A TV layout with one element, held by thread 0 in register 0 (CUTLASS
# include/cute/atom/mma_traits_sm100.hpp, SM100_2x1x1_F32F32F32F32's BLayout, which CuTe
# prints (_1,_1):(_0,_0)): valid JSON, and the layout 0@tid reads back as printed
$ axe-layout eval 'cute-tv:(1,1):(0,0)' --tile 1,1 --all --json
{"coord":[0,0],"images":[{"tid":0}]}
? 0
$ axe-layout eval 'cute-tv:(1,1):(0,0)' --tile 1,1 --all
(0, 0) -> {tid: 0}
? 0

# C++ type spellings; CuTe's print() of each (CUTLASS commit 7107b055, nvcc 13.0):
# Layout<Shape<_8,_16>,Stride<_16,_1>>{} prints (_8,_16):(_16,_1)
$ axe-layout convert 'cute:Layout<Shape<_8,_16>,Stride<_16,_1>>' --to cute
(8,16):(16,1)
? 0
# Layout<Shape<Shape<_2,_4>,_16>,Stride<Stride<_1,_2>,_8>>{} prints ((_2,_4),_16):((_1,_2),_8)
$ axe-layout convert 'cute:Layout<Shape<Shape<_2,_4>,_16>,Stride<Stride<_1,_2>,_8>>' --to cute
((2,4),16):((1,2),8)
? 0
# Layout<Int<8>>{} prints _8:_1; Int<8> as a layout is make_layout(Int<8>{})
$ axe-layout convert 'cute:Int<8>' --to cute
8:1
? 0
# as compilers spell it
$ axe-layout convert 'cute:cute::Layout<cute::tuple<cute::C<8>, cute::C<16>>, cute::tuple<cute::C<16>, cute::C<1>>>' --to cute
(8,16):(16,1)
? 0
# ComposedLayout<Swizzle<3,4,3>, smem_ptr_flag_bits<16>, Layout<Shape<_8,_64>,Stride<_64,_1>>>{}
# prints Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1), as does
# GMMA::Layout_K_SW128_Atom<half_t>; convert --to cute writes that form when the element type is known
$ axe-layout convert 'cute:ComposedLayout<Swizzle<3,4,3>, smem_ptr_flag_bits<16>, Layout<Shape<_8,_64>,Stride<_64,_1>>>' --to cute --dtype f16
Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)
? 0
$ axe-layout convert 'S[(8,64):(64,1)]' --swizzle 128B --dtype f16 --to cute
Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)
? 0
# GMMA::Layout_K_SW128_Atom<float> prints Sw<3,4,3> o smem_ptr[32b](unset) o (_8,_32):(_32,_1)
$ axe-layout convert 'S[(8,32):(32,1)]' --swizzle 128B --dtype f32 --to cute
Sw<3,4,3> o smem_ptr[32b](unset) o (8,32):(32,1)
? 0
# GMMA::Layout_MN_SW128_Atom<half_t> prints Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)
$ axe-layout convert 'S[(64,8):(1,64)]' --swizzle 128B --dtype f16 --to cute
Sw<3,4,3> o smem_ptr[16b](unset) o (64,8):(1,64)
? 0
# without an element type the swizzle stays on element offsets
$ axe-layout convert 'S[(8,64):(64,1)]' --swizzle 3,3,3 --to cute
Sw<3,3,3> o 0 o (8,64):(64,1)
? 0
$ axe-layout show 'cute:Layout<Shape<int,int>>'
<arg>:19: error: a dynamic integer type has no value: write the extent or stride it holds
  cute:Layout<Shape<int,int>>
                    ^~~
? 2
$ axe-layout show 'cute:Layout<Shape<_8,_0>>'
<arg>:22: error: CuTe shape extent 0 is not positive
  cute:Layout<Shape<_8,_0>>
                       ^~
? 2
$ axe-layout show 'cute:Layout<Shape<_8,_16>,Stride<_16,_1>'
<arg>:41: error: expected ',' or '>', found the end
  cute:Layout<Shape<_8,_16>,Stride<_16,_1>
                                          ^
? 2
$ axe-layout show 'cute:ComposedLayout<Swizzle<3,4,3>, smem_ptr_flag_bits<3>, Layout<_8,_1>>'
<arg>:6: error: Swizzle<3,4,3> acts on byte addresses of 3-bit elements, which do not start on byte boundaries: no element-offset form
  cute:ComposedLayout<Swizzle<3,4,3>, smem_ptr_flag_bits<3>, Layout<_8,_1>>
       ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
? 2

# --tile qualifies each cute-tv: operand alone.  The TV layout is SM80_16x8x16_F32F16F16F32_TN's
# LayoutC_TV as CuTe prints it (print(make_tiled_mma(...)), CUTLASS commit 7107b055):
# ((_4,_8),(_2,_2)):((_32,_1),(_16,_8)) over the (M16,N8) tile.
$ axe-layout banks 'S[(16,8):(8,1)]' --dtype f16 --threads 'cute-tv:((4,8),(2,2)):((32,1),(16,8))' --tile 16,8
smem:       S[(16,8):(8,1)]  shape (16, 8), f16 (2 bytes)
swizzle:    none
access:     thread layout S[(2,8,4,2):(2@reg,4@tid,1@tid,1@reg)], 4 bytes per lane (inferred): 1 phase of 32 lanes
widened:    each lane's 2 contiguous elements were measured as one 4-byte vector (the layouts allow it); for one element per load, pass --vector 2
warp  step  lanes  wavefronts  ideal  conflicts  max_way  first lane reads
   0     0     32           1      1          0        1  lane 0: (0, 0)
   0     1     32           1      1          0        1  lane 0: (8, 0)
total:      2 instructions: wavefronts 2, ideal 2, conflicts 0, max_way 1
? 0
# (only the first line: the ranking below it is the atoms tests')
$ axe-layout atoms 'S[(16,8):(8,1)]' 'cute-tv:((4,8),(2,2)):((32,1),(16,8))' --tile 16,8 --dtype f16 | head -1
copy: shared memory to registers, f16 elements, sm_100
? 0
