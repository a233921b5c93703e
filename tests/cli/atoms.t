# atoms: which copy instruction moves a tile (the TileAS layout assigner's
# three layers: candidates, structural legality, three-term cost).  The
# numbers follow from the bank model (32 banks of 4 bytes, 128-byte phases)
# and the ldmatrix/tcgen05 fragments of the PTX ISA; test_atoms.c checks them
# against independent formulas.

# The TileAS layout assigner's example: a 128x64 f16 tile, 128B-swizzled in
# shared memory.  Memory-resident consumer (global to shared): the bulk-tensor
# copy wins, by instructions (no registers, the same 128 conflict-free wavefronts).
$ axe-layout atoms specs/copy_atoms.yaml:tile_global specs/copy_atoms.yaml:tile_smem | sed -n 1,8p
copy: global memory to shared memory, f16 elements, sm_100
rank  atom                       smem   tmem  regs  instr worst       cost
   1  cp.async.bulk.tensor        128      0     0      1    1x        128
   2  cp.async.16                 128      0     0     32    1x        128
   3  cp.async.8                  128      0     0     64    1x        128
   4  cp.async.4                  128      0     0    128    1x        128
best: cp.async.bulk.tensor, ahead of cp.async.16 by instructions
cost = 1 x smem wavefronts + 4 x tmem cycles + 0.25 x registers; ties go to fewer registers, wavefronts, instructions, then table order
? 0

# On sm_80 there is no TMA: the 16-byte cp.async leads.
$ axe-layout atoms specs/copy_atoms.yaml:tile_global specs/copy_atoms.yaml:tile_smem --arch sm_80 --json | grep -o '"best":"[^"]*"\|{"name":"cp.async.bulk.tensor",[^}]*}'
{"name":"cp.async.bulk.tensor","legal":false,"rule":"arch","reason":"arch: needs sm_90 or later; the target is sm_80"}
"best":"cp.async.16"
? 0

# Bound to a register fragment (the A operand of a downstream wgmma): the
# bulk-tensor copy is excluded by its spaces.  Registers count the tile's
# fragment, as the seed's TileAS worked example does: 128x64 f16 over 128
# threads is 32 live registers (seeds/004, "Worked Example": LDSM_M88 row).
# So every ldmatrix width ties on registers and wavefronts and the fewest
# instructions win: x4, CUTLASS's SM75_U32x4_LDSM_N.
$ axe-layout atoms specs/copy_atoms.yaml:tile_smem specs/copy_atoms.yaml:wgmma_a | sed -n 1,8p
copy: shared memory to registers, f16 elements, sm_100
rank  atom                       smem   tmem  regs  instr worst       cost
   1  ldmatrix.x4                 128      0    32     32    1x        136
   2  ldmatrix.x2                 128      0    32     64    1x        136
   3  ldmatrix.x1                 128      0    32    128    1x        136
   4  ld.shared.b32               128      0    32    128    1x        136
   5  ld.shared.b16               256      0    32    256    1x        264
best: ldmatrix.x4, ahead of ldmatrix.x2 by instructions
? 0

$ axe-layout atoms specs/copy_atoms.yaml:tile_smem specs/copy_atoms.yaml:wgmma_a | grep -A1 'cp.async.bulk.tensor,'
  cp.async.bulk.tensor, cp.async.16, cp.async.8, cp.async.4
      space: moves global memory to shared memory; this copy is shared memory to registers
? 0

# The mma.m16n8k16 A fragment from plain 128-byte rows: legal, 8-way conflicts;
# --suggest ranks the same atoms under each swizzle mode: 128B first.
$ axe-layout atoms specs/copy_atoms.yaml:a_smem_rows specs/copy_atoms.yaml:a_k64 | sed -n 2,6p
rank  atom                       smem   tmem  regs  instr worst       cost
   1  ldmatrix.x4                 128      0    16      4    8x        132
   2  ldmatrix.x2                 128      0    16      8    8x        132
   3  ldmatrix.x1                 128      0    16     16    8x        132
   4  ld.shared.b32               128      0    16     16    8x        132
? 0

$ axe-layout atoms specs/copy_atoms.yaml:a_smem_rows specs/copy_atoms.yaml:a_k64 --suggest | sed -n 1,6p
copy: shared memory to registers, f16 elements, sm_100
rank  atom                       smem   tmem  regs  instr worst       cost
   1  ldmatrix.x4 @128B            16      0    16      4    1x         20
   2  ldmatrix.x2 @128B            16      0    16      8    1x         20
   3  ldmatrix.x1 @128B            16      0    16     16    1x         20
   4  ld.shared.b32 @128B          16      0    16     16    1x         20
? 0

$ axe-layout atoms specs/copy_atoms.yaml:a_smem_rows specs/copy_atoms.yaml:a_k64 --suggest | grep '@none\|^best'
  15  ldmatrix.x4 @none           128      0    16      4    8x        132
  16  ldmatrix.x2 @none           128      0    16      8    8x        132
  17  ldmatrix.x1 @none           128      0    16     16    8x        132
  18  ld.shared.b32 @none         128      0    16     16    8x        132
  20  ld.shared.b16 @none         256      0    16     32    8x        260
best: ldmatrix.x4 @128B, ahead of ldmatrix.x2 @128B by instructions
? 0

# A column-major tile: only the .trans forms match the fragment.
$ axe-layout atoms specs/copy_atoms.yaml:a_smem_colmajor specs/copy_atoms.yaml:a_k64 | sed -n 1,12p
copy: shared memory to registers, f16 elements, sm_100
rank  atom                       smem   tmem  regs  instr worst       cost
   1  ldmatrix.x4.trans            32      0    16      4    2x         36
   2  ldmatrix.x2.trans            32      0    16      8    2x         36
   3  ldmatrix.x1.trans            32      0    16     16    2x         36
   4  ld.shared.b16                64      0    16     32    2x         68
best: ldmatrix.x4.trans, ahead of ldmatrix.x2.trans by instructions
cost = 1 x smem wavefronts + 4 x tmem cycles + 0.25 x registers; ties go to fewer registers, wavefronts, instructions, then table order
excluded:
  ldmatrix.x1, ldmatrix.x2, ldmatrix.x4
      fragment: warp 0, matrix 0 at register 0: lane 0 holds (0, 1) at shared address 16, where the atom's fragment needs 1 (row 0 of the 8x8 matrix is 16 contiguous bytes)
  stmatrix.x1, stmatrix.x2, stmatrix.x4, stmatrix.x1.trans, stmatrix.x2.trans,
? 0

# Rows padded to 18 bytes into one row per lane: no vector wider than one
# f16 is aligned, so each lane reads element by element (ld.shared.b16,
# PTX ISA 9.7.9.8 ld: .b8 and .b16 are shared-memory widths too).
$ axe-layout atoms specs/copy_atoms.yaml:padded specs/copy_atoms.yaml:row_per_lane
copy: shared memory to registers, f16 elements, sm_100
rank  atom                       smem   tmem  regs  instr worst       cost
   1  ld.shared.b16                16      0     4      8    2x         17
best: ld.shared.b16, the only legal atom
cost = 1 x smem wavefronts + 4 x tmem cycles + 0.25 x registers; ties go to fewer registers, wavefronts, instructions, then table order
excluded:
  ldmatrix.x1, ldmatrix.x2, ldmatrix.x4
      fragment: warp 0, matrix 0 at register 0: lane 1 holds (1, 0) at shared address 9, where the atom's fragment needs 2 (row 0 of the 8x8 matrix is 16 contiguous bytes)
  ldmatrix.x1.trans, ldmatrix.x2.trans, ldmatrix.x4.trans
      fragment: warp 0, matrix 0 at register 0: lane 4 holds (4, 0) at shared address 36, where the atom's fragment needs 1 (row 0 of the 8x8 matrix is 16 contiguous bytes)
  stmatrix.x1, stmatrix.x2, stmatrix.x4, stmatrix.x1.trans, stmatrix.x2.trans,
  stmatrix.x4.trans, st.shared.v4.b32, st.shared.v2.b32, st.shared.b32, st.shared.b16,
  st.shared.b8
      space: moves registers to shared memory; this copy is shared memory to registers
  cp.async.bulk.tensor, cp.async.16, cp.async.8, cp.async.4
      space: moves global memory to shared memory; this copy is shared memory to registers
  cp.async.bulk.tensor.s2g
      space: moves shared memory to global memory; this copy is shared memory to registers
  tcgen05.ld.32x32b.x1, tcgen05.ld.32x32b.x2, tcgen05.ld.32x32b.x4, tcgen05.ld.32x32b.x8,
  tcgen05.ld.32x32b.x16, tcgen05.ld.32x32b.x32, tcgen05.ld.32x32b.x64,
  tcgen05.ld.32x32b.x128, tcgen05.ld.16x256b.x1
      space: moves tensor memory to registers; this copy is shared memory to registers
  tcgen05.st.32x32b.x1, tcgen05.st.32x32b.x2, tcgen05.st.32x32b.x4, tcgen05.st.32x32b.x8,
  tcgen05.st.32x32b.x16, tcgen05.st.32x32b.x32, tcgen05.st.32x32b.x64,
  tcgen05.st.32x32b.x128, tcgen05.st.16x256b.x1
      space: moves registers to tensor memory; this copy is shared memory to registers
  ld.shared.v4.b32
      alignment: the 16-byte access of lane 1 (warp 0, step 0) starts at byte 18, which is not a multiple of 16
  ld.shared.v2.b32
      alignment: the 8-byte access of lane 1 (warp 0, step 0) starts at byte 18, which is not a multiple of 8
  ld.shared.b32
      alignment: the 4-byte access of lane 1 (warp 0, step 0) starts at byte 18, which is not a multiple of 4
  ld.shared.b8
      dtype: moves 1 bytes per lane; f16 elements are 2
? 0

# An i8 tile into the mma A fragment pattern: each register pair holds two
# consecutive bytes, 2 bytes per lane (banks infers the same width and the
# same 64 wavefronts for this thread layout); ldmatrix moves 16-bit elements.
$ axe-layout atoms 'S[(16,64):(64,1)]' 'S[(2,8,4,2,4,2):(2,4@laneid,8,4,1@laneid,1)]' --dtype i8 | sed -n 1,5p
copy: shared memory to registers, i8 elements, sm_100
rank  atom                       smem   tmem  regs  instr worst       cost
   1  ld.shared.b16                64      0     8     16    4x         66
   2  ld.shared.b8                128      0     8     32    4x        130
best: ld.shared.b16, ahead of ld.shared.b8 by cost
? 0

$ axe-layout banks 'S[(16,64):(64,1)]' --threads 'S[(2,8,4,2,4,2):(2,4@laneid,8,4,1@laneid,1)]' --dtype i8 --json | grep -o '"total":{[^}]*}'
"total":{"instructions":16,"wavefronts":64,"ideal":16,"conflicts":48,"max_way":4}
? 0

# No atom: tensor memory does not exist before sm_100; every rule is listed.
$ axe-layout atoms specs/copy_atoms.yaml:tmem_acc specs/copy_atoms.yaml:acc_regs --arch sm_90
copy: tensor memory to registers, f32 elements, sm_90
no atom can move this tile
excluded:
  ldmatrix.x1, ldmatrix.x2, ldmatrix.x4, ldmatrix.x1.trans, ldmatrix.x2.trans,
  ldmatrix.x4.trans, ld.shared.v4.b32, ld.shared.v2.b32, ld.shared.b32, ld.shared.b16,
  ld.shared.b8
      space: moves shared memory to registers; this copy is tensor memory to registers
  stmatrix.x1, stmatrix.x2, stmatrix.x4, stmatrix.x1.trans, stmatrix.x2.trans,
  stmatrix.x4.trans, st.shared.v4.b32, st.shared.v2.b32, st.shared.b32, st.shared.b16,
  st.shared.b8
      space: moves registers to shared memory; this copy is tensor memory to registers
  cp.async.bulk.tensor, cp.async.16, cp.async.8, cp.async.4
      space: moves global memory to shared memory; this copy is tensor memory to registers
  cp.async.bulk.tensor.s2g
      space: moves shared memory to global memory; this copy is tensor memory to registers
  tcgen05.ld.32x32b.x1, tcgen05.ld.32x32b.x2, tcgen05.ld.32x32b.x4, tcgen05.ld.32x32b.x8,
  tcgen05.ld.32x32b.x16, tcgen05.ld.32x32b.x32, tcgen05.ld.32x32b.x64,
  tcgen05.ld.32x32b.x128, tcgen05.ld.16x256b.x1, tcgen05.st.32x32b.x1,
  tcgen05.st.32x32b.x2, tcgen05.st.32x32b.x4, tcgen05.st.32x32b.x8, tcgen05.st.32x32b.x16,
  tcgen05.st.32x32b.x32, tcgen05.st.32x32b.x64, tcgen05.st.32x32b.x128,
  tcgen05.st.16x256b.x1
      arch: needs sm_100 or later; the target is sm_90
? 1

# Tensor memory to registers, one row per lane, warp w on TMEM lanes 32w..32w+31.
$ axe-layout atoms specs/copy_atoms.yaml:tmem_acc specs/copy_atoms.yaml:acc_regs --json | sed 's/},{/},\n{/g' | sed -n '1,3p;9,11p'
{"from":"t","to":"r","dtype":"f32","arch":"sm_100","atoms":[{"name":"tcgen05.ld.32x32b.x64","legal":true,"smem_wavefronts":0,"tmem_cycles":256,"registers":64,"instructions":4,"max_way":0,"cost":1040},
{"name":"tcgen05.ld.32x32b.x32","legal":true,"smem_wavefronts":0,"tmem_cycles":256,"registers":64,"instructions":8,"max_way":0,"cost":1040},
{"name":"tcgen05.ld.32x32b.x16","legal":true,"smem_wavefronts":0,"tmem_cycles":256,"registers":64,"instructions":16,"max_way":0,"cost":1040},
{"name":"ldmatrix.x2","legal":false,"rule":"space","reason":"space: moves shared memory to registers; this copy is tensor memory to registers"},
{"name":"ldmatrix.x4","legal":false,"rule":"space","reason":"space: moves shared memory to registers; this copy is tensor memory to registers"},
{"name":"ldmatrix.x1.trans","legal":false,"rule":"space","reason":"space: moves shared memory to registers; this copy is tensor memory to registers"},
? 0

# Literals: --dtype and --shape for both, --swizzle for the shared side.
$ axe-layout atoms 'S[(16,16):(16,1)]' 'S[(2,8,2,4,2):(2,4@laneid,4,1@laneid,1)]' --dtype f16 --swizzle 32B --json | grep -o '"best":"[^"]*"'
"best":"ldmatrix.x4"
? 0

$ axe-layout atoms 'S[(8,8):(8,1)]' 'S[(8,4,2):(4@laneid,1@laneid,1)]' --direction s2r --dtype f16 --arch sm_90 | sed -n 1,3p
copy: shared memory to registers, f16 elements, sm_90
rank  atom                       smem   tmem  regs  instr worst       cost
   1  ldmatrix.x1                   1      0     1      1    1x       1.25
? 0

# Errors.
$ axe-layout atoms 'S[(8,8):(8,1)]'
axe-layout atoms: error: expected SRC and DST, got 1 operand
Try 'axe-layout atoms --help'.
? 2

$ axe-layout atoms 'S[(8,8):(8,1)]' 'S[(8,8):(8,1)]' --arch sm_70
axe-layout atoms: error: unknown --arch 'sm_70' (sm_80, sm_90 or sm_100)
Try 'axe-layout atoms --help'.
? 2

$ axe-layout atoms 'S[(8,8):(8,1)]' 'S[(8,8):(8,1)]'
<arg>:1: error: choosing a copy atom needs the element type: give --dtype, or a dtype in the spec
  S[(8,8):(8,1)]
  ^~~~~~~~~~~~~~
? 2

$ axe-layout atoms 'S[(8,8):(8,1)]' 'S[(8,8):(8,1)]' --dtype f16 --direction s2q
--direction:1: error: unknown direction 's2q': SRC2DST with g (global), s (shared), r (registers) or t (tensor memory), e.g. s2r
  s2q
  ^~~
? 2

$ axe-layout atoms 'S[(8,8):(8,1)]' 'S[(8,8):(8,1)]' --dtype f16 --direction s2r
<arg>:1: error: direction 's2r' puts DST in registers, but its layout is on the axes of memory (m)
  S[(8,8):(8,1)]
  ^~~~~~~~~~~~~~
? 2

$ axe-layout atoms 'S[(8,8):(8,1)]' 'S[(8,4):(4,1)]' --dtype f16 --shape 8,4
--shape:1: error: shape '8,4' has 32 points but the layout has 64
  8,4
  ^~~
? 2

$ axe-layout atoms 'S[(8,8):(8,1)]' 'S[(8,8):(8,1)]' --dtype f16 --suggest --direction g2g | head -3
axe-layout: error: --suggest tries the swizzle modes of a shared-memory tile; this copy is global memory to global memory
? 0

