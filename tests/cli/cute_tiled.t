# cute-mma: and cute-copy: (src/interop/cute_tiled.c): whole print(TiledMMA) and
# print(TiledCopy) dumps of CUTLASS 7107b0553, each part equal to the TV layout CuTe's
# get_layoutA/B/C_TV or get_layoutS/D_TV prints (tests/data/cute_tiled/README.md).

# CUTLASS 7107b0553, make_tiled_copy_B(Copy_Atom<SM75_U16x8_LDSM_T,half_t>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,Layout<Shape<_8,_2,_2>,Stride<_1,_16,_8>>,_16>{}))
$ axe-layout check-equal 'cute-tv:((_16,_2,_2,_2),(_8,_1)):((_32,_8,_0,_16),(_1,_0))' --tile 32,16 cute-copy:tests/data/cute_tiled/ldsm_t_x4_B_permN.dump:S
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_8,_2,_2),((_2,_2,_2),_1)):((_64,_1,_0,_16),((_32,_256,_8),_0))' --tile 32,16 cute-copy:tests/data/cute_tiled/ldsm_t_x4_B_permN.dump:D
equal: canonical forms identical
? 0

# CUTLASS 7107b0553, make_tiled_copy_B(Copy_Atom<SM75_U32x2_LDSM_N,half_t>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{}))
$ axe-layout check-equal 'cute-tv:((_8,_2,_4,_2),(_8,_1)):((_1,_128,_0,_8),(_16,_0))' --tile 16,16 cute-copy:tests/data/cute_tiled/ldsm_x2_B_2x2.dump:S
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_8,_2,_2),((_2,_2),_1)):((_32,_1,_0,_8),((_16,_128),_0))' --tile 16,16 cute-copy:tests/data/cute_tiled/ldsm_x2_B_2x2.dump:D
equal: canonical forms identical
? 0

# CUTLASS 7107b0553, make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N,half_t>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}))
$ axe-layout check-equal 'cute-tv:((_16,_2),(_8,_1)):((_1,_128),(_16,_0))' --tile 16,16 cute-copy:tests/data/cute_tiled/ldsm_x4_A.dump:S
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_8),((_2,_2,_2),_1)):((_32,_1),((_16,_8,_128),_0))' --tile 16,16 cute-copy:tests/data/cute_tiled/ldsm_x4_A.dump:D
equal: canonical forms identical
? 0

# CUTLASS 7107b0553, make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{})
$ axe-layout check-equal 'cute-tv:((_4,_4,_2),(_4,(_1,_1))):((_8,_0,_4),(_1,(_0,_0)))' --tile 8,4 cute-mma:tests/data/cute_tiled/sm70_1x1.dump:A
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_4,_2),(_4,(_1,_1))):((_8,_0,_4),(_1,(_0,_0)))' --tile 8,4 cute-mma:tests/data/cute_tiled/sm70_1x1.dump:B
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:(((_2,_2),_4,_2),((_2,_2,_2),(_1,_1))):(((_1,_16),_0,_4),((_8,_2,_32),(_0,_0)))' --tile 8,8 cute-mma:tests/data/cute_tiled/sm70_1x1.dump:C
equal: canonical forms identical
? 0

# CUTLASS 7107b0553, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{})
$ axe-layout check-equal 'cute-tv:((_4,_8),((_2,_2,_2),(_1,_1))):((_32,_1),((_16,_8,_128),(_0,_0)))' --tile 16,16 cute-mma:tests/data/cute_tiled/sm80_1x1.dump:A
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_8),((_2,_2),(_1,_1))):((_16,_1),((_8,_64),(_0,_0)))' --tile 8,16 cute-mma:tests/data/cute_tiled/sm80_1x1.dump:B
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_8),((_2,_2),(_1,_1))):((_32,_1),((_16,_8),(_0,_0)))' --tile 16,8 cute-mma:tests/data/cute_tiled/sm80_1x1.dump:C
equal: canonical forms identical
? 0

# CUTLASS 7107b0553, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{})
$ axe-layout check-equal 'cute-tv:((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))' --tile 32,16 cute-mma:tests/data/cute_tiled/sm80_2x2.dump:A
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_32,_1,_0,_8),((_16,_128),(_0,_0)))' --tile 16,16 cute-mma:tests/data/cute_tiled/sm80_2x2.dump:B
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))' --tile 32,16 cute-mma:tests/data/cute_tiled/sm80_2x2.dump:C
equal: canonical forms identical
? 0

# CUTLASS 7107b0553, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>,Stride<_2,_1>>{})
$ axe-layout check-equal 'cute-tv:(((_4,_8),_2,_2),((_2,_2,_2),(_1,_1))):(((_64,_1),_0,_16),((_32,_8,_256),(_0,_0)))' --tile 32,16 cute-mma:tests/data/cute_tiled/sm80_2x2_nrow.dump:A
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:(((_4,_8),_2,_2),((_2,_2),(_1,_1))):(((_32,_1),_8,_0),((_16,_128),(_0,_0)))' --tile 16,16 cute-mma:tests/data/cute_tiled/sm80_2x2_nrow.dump:B
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:(((_4,_8),_2,_2),((_2,_2),(_1,_1))):(((_64,_1),_256,_16),((_32,_8),(_0,_0)))' --tile 32,16 cute-mma:tests/data/cute_tiled/sm80_2x2_nrow.dump:C
equal: canonical forms identical
? 0

# CUTLASS 7107b0553, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,Layout<Shape<_8,_2,_2>,Stride<_1,_16,_8>>,_16>{})
$ axe-layout check-equal 'cute-tv:((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))' --tile 32,16 cute-mma:tests/data/cute_tiled/sm80_2x2_permN.dump:A
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_8,_2,_2),((_2,_2),(_2,_1))):((_64,_1,_0,_16),((_32,_256),(_8,_0)))' --tile 32,16 cute-mma:tests/data/cute_tiled/sm80_2x2_permN.dump:B
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_512),((_32,_8),(_0,_256)))' --tile 32,32 cute-mma:tests/data/cute_tiled/sm80_2x2_permN.dump:C
equal: canonical forms identical
? 0

# CUTLASS 7107b0553, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{}, Tile<_64,_32,_32>{})
$ axe-layout check-equal 'cute-tv:((_4,_8,_2,_2),((_2,_2,_2),(_2,_2))):((_128,_1,_16,_0),((_64,_8,_512),(_32,_1024)))' --tile 64,32 cute-mma:tests/data/cute_tiled/sm80_2x2_tile64x32x32.dump:A
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_8,_2,_2),((_2,_2),(_2,_2))):((_64,_1,_0,_8),((_32,_256),(_16,_512)))' --tile 32,32 cute-mma:tests/data/cute_tiled/sm80_2x2_tile64x32x32.dump:B
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_8,_2,_2),((_2,_2),(_2,_2))):((_128,_1,_16,_512),((_64,_8),(_32,_1024)))' --tile 64,32 cute-mma:tests/data/cute_tiled/sm80_2x2_tile64x32x32.dump:C
equal: canonical forms identical
? 0

# CUTLASS 7107b0553, make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_1,_2>>{})
$ axe-layout check-equal 'cute-tv:((_4,_8,_2),((_2,_2),(_1,_1))):((_16,_1,_0),((_8,_64),(_0,_0)))' --tile 16,8 cute-mma:tests/data/cute_tiled/sm80_tf32_1x2.dump:A
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_16),(_2,(_1,_1))):((_16,_1),(_64,(_0,_0)))' --tile 16,8 cute-mma:tests/data/cute_tiled/sm80_tf32_1x2.dump:B
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_8,_2),((_2,_2),(_1,_1))):((_32,_1,_128),((_16,_8),(_0,_0)))' --tile 16,16 cute-mma:tests/data/cute_tiled/sm80_tf32_1x2.dump:C
equal: canonical forms identical
? 0

# CUTLASS 7107b0553, make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})
$ axe-layout check-equal 'cute-tv:((_8,_16),(_8,_1)):((_128,_1),(_16,_0))' --tile 16,64 cute-copy:tests/data/cute_tiled/universal_16x8.dump:S
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_8,_16),(_8,_1)):((_128,_1),(_16,_0))' --tile 16,64 cute-copy:tests/data/cute_tiled/universal_16x8.dump:D
equal: canonical forms identical
? 0

# CUTLASS 7107b0553, make_tiled_copy_C(Copy_Atom<UniversalCopy<float>,float>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}))
$ axe-layout check-equal 'cute-tv:((_4,_8),(_1,(_2,_2))):((_32,_1),(_0,(_16,_8)))' --tile 16,8 cute-copy:tests/data/cute_tiled/universal_C_1x1.dump:S
equal: canonical forms identical
? 0
$ axe-layout check-equal 'cute-tv:((_4,_8),(_1,(_2,_2))):((_32,_1),(_0,(_16,_8)))' --tile 16,8 cute-copy:tests/data/cute_tiled/universal_C_1x1.dump:D
equal: canonical forms identical
? 0

# A part as any operand: its layout, a point, the thread that holds it.
$ axe-layout info cute-mma:tests/data/cute_tiled/sm80_2x2.dump:A
layout:     S[(2,2,8,2,4,2):(32@tid,2@reg,4@tid,4@reg,1@tid,1@reg)] + R[2:64@tid]
form:       compact (read from cute-mma)
size:       512 points
shape:      (32, 16) (admitted: any shape of 512 points)
axes:
  tid   thread  [0, 127]          span 128
  reg   memory  [0, 7]            span 8
replicated: yes, 2 images per point
injective:  yes (distinct points never share a physical coordinate)
swizzle:    none
? 0

$ axe-layout eval cute-mma:tests/data/cute_tiled/sm80_2x2.dump:C --at 17,9
(17, 9) -> {tid: 100, reg: 1}
? 0

$ axe-layout eval cute-copy:tests/data/cute_tiled/ldsm_x4_A.dump:S --inverse tid=17
{tid: 17} <- (1, 8), (1, 9), (1, 10), (1, 11), (1, 12), (1, 13), (1, 14), (1, 15)
? 0

# The dump itself as the operand's text.
$ axe-layout eval "cute-copy:$(cat tests/data/cute_tiled/universal_16x8.dump):D" --at 1,9
(1, 9) -> {tid: 9, reg: 1}
? 0

# A whole dump names no one layout: the parts to choose from.
$ axe-layout eval cute-mma:tests/data/cute_tiled/sm80_1x1.dump --at 0,0
<arg>:10: error: a TiledMMA dump holds 3 layouts: name one, cute-mma:SOURCE:PART with PART A (M x K), B (N x K) or C (M x N)
  cute-mma:tests/data/cute_tiled/sm80_1x1.dump
           ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
? 2

$ axe-layout eval cute-copy:tests/data/cute_tiled/sm80_1x1.dump:S --at 0,0
tests/data/cute_tiled/sm80_1x1.dump:1:1: error: 'tests/data/cute_tiled/sm80_1x1.dump' does not start with 'TiledCopy': not a print(TiledCopy) dump
? 2

$ axe-layout eval cute-mma:tests/data/cute_tiled/nosuch.dump:A --at 0,0
<arg>:10: error: cannot open 'tests/data/cute_tiled/nosuch.dump': No such file or directory
  cute-mma:tests/data/cute_tiled/nosuch.dump:A
           ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
? 2

$ axe-layout info cute-mma:tests/data/cute_tiled/invalid_noc.dump:A
tests/data/cute_tiled/invalid_noc.dump:1:1: error: the TiledMMA dump has no LayoutC_TV line
  TiledMMA
  ^~~~~~~~
? 2

$ axe-layout info cute-mma:tests/data/cute_tiled/invalid_bad.dump:A
tests/data/cute_tiled/invalid_bad.dump:1:1: error: part A's TV layout ((4,8),((2,2,2),(1,1))):((32,1),((16,8,127),(16,256))): the TV layout does not hold each tile element exactly once: after the modes of strides below 128, stride 127 overlaps them
  TiledMMA
  ^~~~~~~~
? 2

$ axe-layout info cute-mma:tests/data/cute_tiled/invalid_key.dump:A
tests/data/cute_tiled/invalid_key.dump:3:3: error: 'Permutation' is not a line of print(TiledMMA)
    Permutation: (_,_,_)
    ^~~~~~~~~~~
? 2

$ axe-layout info cute-mma:tests/data/cute_tiled/invalid_perm.dump:A
tests/data/cute_tiled/invalid_perm.dump:3:19: error: PermutationMNK has three modes, each `_`, a size or a layout
    PermutationMNK: (_,_)
                    ^~~~~
? 2

$ axe-layout info cute-mma:tests/data/cute_tiled/invalid_tile.dump:C
tests/data/cute_tiled/invalid_tile.dump:1:1: error: the M tile of PermutationMNK (24) is not a multiple of the atom's M (16) times its threads along M (1)
  TiledMMA
  ^~~~~~~~
? 2

# Tiler_MN and PermutationMNK of layouts (tests/data/cute_tiled/PROVENANCE; every
# (thread, value) of these is checked against CuTe's partition_X in
# tests/python/test_cute_tiled.py).  A copy's layout is partition_S/D's: through the tiler.
# CUTLASS 7107b0553, make_tiled_copy_impl(UniversalCopy<float>, C TV of the 2x2 MMA,
# Tile<Layout<_32>,PermN>) copies what the MMA permuted by PermN holds in C.
$ axe-layout check-equal cute-copy:tests/data/cute_tiled/universal_tilerN_2x2.dump:S cute-mma:tests/data/cute_tiled/sm80_2x2_permN.dump:C
equal: canonical forms identical
? 0

# make_tiled_copy_C_atom: a tiler whose image has holes ((_8,_2):(_1,_16) of 32 rows); the
# tile is the extent it divides exactly, the rest tiles' values come after the tile's.
$ axe-layout eval cute-copy:tests/data/cute_tiled/universal_C_atom_permN.dump:S --inverse tid=37
{tid: 37} <- (17, 2), (17, 3), (17, 10), (17, 11), (25, 2), (25, 3), (25, 10), (25, 11)
? 0

$ axe-layout eval cute-copy:tests/data/cute_tiled/universal_C_atom_permN.dump:S --at 25,10
(25, 10) -> {tid: 37, reg: 6}
? 0

$ axe-layout info cute-copy:tests/data/cute_tiled/invalid_tiler_rank.dump:S
tests/data/cute_tiled/invalid_tiler_rank.dump:2:19: error: Tiler_MN has two modes, each a size or a layout
    Tiler_MN:       (_16,_16,_1)
                    ^~~~~~~~~~~~
? 2

$ axe-layout info cute-copy:tests/data/cute_tiled/invalid_tiler_under.dump:S
tests/data/cute_tiled/invalid_tiler_under.dump:2:20: error: a mode of Tiler_MN is a size or a layout, not `_`
    Tiler_MN:       (_,_16)
                     ^
? 2

$ axe-layout info cute-copy:tests/data/cute_tiled/invalid_tiler_stride0.dump:S
tests/data/cute_tiled/invalid_tiler_stride0.dump:2:19: error: Tiler_MN's M mode has a stride 0: it names a coordinate twice
    Tiler_MN:       ((_8,_2):(_1,_0),_16)
                    ^~~~~~~~~~~~~~~~~~~~~
? 2

$ axe-layout info cute-copy:tests/data/cute_tiled/invalid_tiler_overlap.dump:S
tests/data/cute_tiled/invalid_tiler_overlap.dump:2:19: error: Tiler_MN's M mode tiles no tensor: it has no complement (complement needs each stride to reach past the smaller modes: mode 8:1 of A starts inside their reach 2 (A is not injective or its modes interleave))
    Tiler_MN:       ((_2,_8):(_1,_1),_16)
                    ^~~~~~~~~~~~~~~~~~~~~
? 2

$ axe-layout info cute-mma:tests/data/cute_tiled/invalid_perm_holes.dump:C
tests/data/cute_tiled/invalid_perm_holes.dump:3:19: error: PermutationMNK's N mode is no permutation of 0..15: its image has holes, its TV layouts leave the tile; not read
    PermutationMNK: (_,_16:_2,_)
                    ^~~~~~~~~~~~
? 2

$ axe-layout info cute-mma:tests/data/cute_tiled/invalid_perm_four.dump:A
tests/data/cute_tiled/invalid_perm_four.dump:3:19: error: PermutationMNK has three modes, each `_`, a size or a layout
    PermutationMNK: (_,_,_,_)
                    ^~~~~~~~~
? 2

# In a spec: the key cute-mma:, a path or the dump itself (a YAML block) with its part.
$ axe-layout check-equal tests/data/cute_tiled/spec.yaml:c 'cute-tv:((_4,_8),(_2,_2)):((_32,_1),(_16,_8))' --tile 16,8
equal: canonical forms identical
? 0

$ axe-layout check-equal tests/data/cute_tiled/spec.yaml:a cute-mma:tests/data/cute_tiled/sm80_2x2.dump:A
equal: canonical forms identical
? 0
