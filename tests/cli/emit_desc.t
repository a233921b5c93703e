# emit-desc: wgmma and tcgen05 shared-memory matrix descriptors.  The values
# agree with CUTLASS's make_gmma_desc / make_umma_desc (tests/unit/test_mma_desc.c
# has the provenance).

# K-major f16 under the 128B swizzle: LBO 1 (unused), SBO 1024 bytes.
$ axe-layout emit-desc 'S[(64,64):(64,1)]' --dtype f16 --swizzle 128B --mma wgmma --operand a
descriptor (wgmma, operand A, K-major, swizzle 128B): 0x4000004000010000
  start address  = 0  // bits 0-13, bytes >> 4, from the buffer base
  leading offset = 1  // bits 16-29, LBO: 16 bytes (unused when swizzled: 1)
  stride offset  = 64  // bits 32-45, SBO: 1024 bytes
  base offset    = 0  // bits 49-51: the swizzle pattern starts at the buffer base
  layout type    = 1  // bits 62-63
tile: 64 x 64 f16 (M x K), 4 K blocks of 16 elements, starting at bytes 0, 32, 64, 96
canonical form: S[(8,8,2,8):(512,64,8,1)] with swizzle 128B, shape 64 x 16 (M x K), at each K block's start
static constexpr uint64_t desc_a[4] = {0x4000004000010000ull, 0x4000004000010002ull, 0x4000004000010004ull, 0x4000004000010006ull};  // one per K block; add (shared base address >> 4) to each, the base aligned to the swizzle repeat
? 0
$ axe-layout emit-desc 'S[(64,64):(64,1)]' --dtype f16 --swizzle 128B --mma tcgen05 --operand a --json
{"canonical":true,"mma":"tcgen05","operand":"a","k_dim":1,"major":"k","swizzle":"128B","descriptor":"0x4000404000010000","fields":{"start_address":0,"lbo":1,"sbo":64,"version":1,"base_offset":0,"lbo_mode":0,"layout_type":2},"lbo_bytes":16,"sbo_bytes":1024,"k_block":16,"k_blocks":[{"start_bytes":0,"descriptor":"0x4000404000010000"},{"start_bytes":32,"descriptor":"0x4000404000010002"},{"start_bytes":64,"descriptor":"0x4000404000010004"},{"start_bytes":96,"descriptor":"0x4000404000010006"}],"form":"S[(8,8,2,8):(512,64,8,1)] with swizzle 128B, shape 64 x 16 (M x K), at each K block's start","cpp":"static constexpr uint64_t desc_a[4] = {0x4000404000010000ull, 0x4000404000010002ull, 0x4000404000010004ull, 0x4000404000010006ull};  // one per K block; add (shared base address >> 4) to each, the base aligned to the swizzle repeat"}
? 0

# MN-major (B, N x K: --k-dim 1): f16 128B, e4m3 64B; and no swizzle, K-major e4m3.
$ axe-layout emit-desc 'S[(64,4,8):(1,512,64)]' --shape 64,32 --dtype f16 --swizzle 128B --mma wgmma --operand b --k-dim 1 --major mn
descriptor (wgmma, operand B, MN-major, swizzle 128B): 0x4000004000000000
  start address  = 0  // bits 0-13, bytes >> 4, from the buffer base
  leading offset = 0  // bits 16-29, LBO: 0 bytes
  stride offset  = 64  // bits 32-45, SBO: 1024 bytes
  base offset    = 0  // bits 49-51: the swizzle pattern starts at the buffer base
  layout type    = 1  // bits 62-63
tile: 64 x 32 f16 (N x K), 2 K blocks of 16 elements, starting at bytes 0, 2048
canonical form: S[(1,64,2,8):(0,1,512,64)] with swizzle 128B, shape 64 x 16 (N x K), at each K block's start
static constexpr uint64_t desc_b[2] = {0x4000004000000000ull, 0x4000004000000080ull};  // one per K block; add (shared base address >> 4) to each, the base aligned to the swizzle repeat
? 0
$ axe-layout emit-desc 'S[(2,64,8,8):(512,1,1024,64)]' --shape 128,64 --dtype e4m3 --swizzle 64B --mma tcgen05 --operand b --k-dim 1 --json
{"canonical":true,"mma":"tcgen05","operand":"b","k_dim":1,"major":"mn","swizzle":"64B","descriptor":"0x8000404000200000","fields":{"start_address":0,"lbo":32,"sbo":64,"version":1,"base_offset":0,"lbo_mode":0,"layout_type":4},"lbo_bytes":512,"sbo_bytes":1024,"k_block":32,"k_blocks":[{"start_bytes":0,"descriptor":"0x8000404000200000"},{"start_bytes":4096,"descriptor":"0x8000404000200100"}],"form":"S[(2,64,4,8):(512,1,1024,64)] with swizzle 64B, shape 128 x 32 (N x K), at each K block's start","cpp":"static constexpr uint64_t desc_b[2] = {0x8000404000200000ull, 0x8000404000200100ull};  // one per K block; add (shared base address >> 4) to each, the base aligned to the swizzle repeat"}
? 0
$ axe-layout emit-desc 'S[(8,8,4,16):(128,16,1024,1)]' --shape 64,64 --dtype e4m3 --mma wgmma --operand a --json
{"canonical":true,"mma":"wgmma","operand":"a","k_dim":1,"major":"k","swizzle":"none","descriptor":"0x0000000800400000","fields":{"start_address":0,"lbo":64,"sbo":8,"version":0,"base_offset":0,"lbo_mode":0,"layout_type":0},"lbo_bytes":1024,"sbo_bytes":128,"k_block":32,"k_blocks":[{"start_bytes":0,"descriptor":"0x0000000800400000"},{"start_bytes":2048,"descriptor":"0x0000000800400080"}],"form":"S[(8,8,2,16):(128,16,1024,1)] with swizzle none, shape 64 x 32 (M x K), at each K block's start","cpp":"static constexpr uint64_t desc_a[2] = {0x0000000800400000ull, 0x0000000800400080ull};  // one per K block; add (shared base address >> 4) to each"}
? 0

# Issue 26: Triton's B memdesc is K x N.  A 64 (K) x 256 (N) nvmma_shared tile is
# an N = 256, K = 64 operand, MN-major (CUTLASS's make_gmma_desc of the same
# layout as an (N, K) tensor: 0x4000004002000000; K block 1 at 2048 bytes).
$ axe-layout emit-desc 'triton:#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>' --shape 64,256 --dtype f16 --mma wgmma --operand b
descriptor (wgmma, operand B, MN-major, swizzle 128B): 0x4000004002000000
  start address  = 0  // bits 0-13, bytes >> 4, from the buffer base
  leading offset = 512  // bits 16-29, LBO: 8192 bytes
  stride offset  = 64  // bits 32-45, SBO: 1024 bytes
  base offset    = 0  // bits 49-51: the swizzle pattern starts at the buffer base
  layout type    = 1  // bits 62-63
tile: 64 x 256 f16 (K x N), 4 K blocks of 16 elements, starting at bytes 0, 2048, 4096, 6144
canonical form: S[(2,8,4,64):(512,64,4096,1)] with swizzle 128B, shape 16 x 256 (K x N), at each K block's start
static constexpr uint64_t desc_b[4] = {0x4000004002000000ull, 0x4000004002000080ull, 0x4000004002000100ull, 0x4000004002000180ull};  // one per K block; add (shared base address >> 4) to each, the base aligned to the swizzle repeat
? 0
$ axe-layout emit-desc 'triton:#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>' --shape 64,256 --dtype f16 --mma tcgen05 --operand b --json
{"canonical":true,"mma":"tcgen05","operand":"b","k_dim":0,"major":"mn","swizzle":"128B","descriptor":"0x4000404002000000","fields":{"start_address":0,"lbo":512,"sbo":64,"version":1,"base_offset":0,"lbo_mode":0,"layout_type":2},"lbo_bytes":8192,"sbo_bytes":1024,"k_block":16,"k_blocks":[{"start_bytes":0,"descriptor":"0x4000404002000000"},{"start_bytes":2048,"descriptor":"0x4000404002000080"},{"start_bytes":4096,"descriptor":"0x4000404002000100"},{"start_bytes":6144,"descriptor":"0x4000404002000180"}],"form":"S[(2,8,4,64):(512,64,4096,1)] with swizzle 128B, shape 16 x 256 (K x N), at each K block's start","cpp":"static constexpr uint64_t desc_b[4] = {0x4000404002000000ull, 0x4000404002000080ull, 0x4000404002000100ull, 0x4000404002000180ull};  // one per K block; add (shared base address >> 4) to each, the base aligned to the swizzle repeat"}
? 0
# The same bytes as a literal: --k-dim 0 says what Triton's notation says.
$ axe-layout emit-desc 'S[(64,4,64):(64,4096,1)]' --shape 64,256 --dtype f16 --swizzle 128B --mma wgmma --operand b --k-dim 0 | head -1
descriptor (wgmma, operand B, MN-major, swizzle 128B): 0x4000004002000000
? 0
# A B tile in no notation that says: asked, never guessed; a contradiction is refused.
$ axe-layout emit-desc 'S[(64,4,64):(64,4096,1)]' --shape 64,256 --dtype f16 --swizzle 128B --mma wgmma --operand b
axe-layout: error: give --k-dim 0 (SMEM is K x N, as Triton's B memdesc) or --k-dim 1 (N x K, as CuTe's B): SMEM's notation does not say which dimension is K
? 2
$ axe-layout emit-desc 'triton:#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>' --shape 64,256 --dtype f16 --mma wgmma --operand b --k-dim 1
--k-dim:1: error: --k-dim 1 contradicts the triton: operand, whose B tile has K in dimension 0 (Triton's B memdesc is K x N)
  1
  ^
? 2
$ axe-layout emit-desc 'S[(64,64):(64,1)]' --dtype f16 --swizzle 128B --mma wgmma --operand a --k-dim 2
--k-dim:1: error: unknown --k-dim value '2' (0 or 1)
  2
  ^
? 2

# tcgen05's SWIZZLE_128B_BASE32B (layout type 1): CUTLASS's
# tile_to_shape(UMMA::Layout_MN_SW128_32B_Atom<tfloat32_t>, (64, 8)), as CuTe prints it.
$ axe-layout emit-desc 'cute:Sw<2,5,2> o smem_ptr[32b](unset) o ((_32,_2),(_4,_2)):((_1,_128),(_32,_256))' --dtype tf32 --mma tcgen05 --operand b
descriptor (tcgen05, operand B, MN-major, swizzle 128B_base32B): 0x2000404000200000
  start address  = 0  // bits 0-13, bytes >> 4, from the buffer base
  leading offset = 32  // bits 16-29, LBO: 512 bytes
  stride offset  = 64  // bits 32-45, SBO: 1024 bytes
  version        = 1  // bits 46-47
  base offset    = 0  // bits 49-51: the swizzle pattern starts at the buffer base
  lbo mode       = 0  // bit 52: relative
  layout type    = 1  // bits 61-63
tile: 64 x 8 tf32 (N x K), 1 K block of 8 elements, starting at bytes 0
canonical form: S[(2,32,2,4):(128,1,256,32)] with swizzle 3,2,2, shape 64 x 8 (N x K), at each K block's start
static constexpr uint64_t desc_b[1] = {0x2000404000200000ull};  // one per K block; add (shared base address >> 4) to each, the base aligned to the swizzle repeat
? 0
$ axe-layout emit-desc 'cute:Sw<2,5,2> o smem_ptr[32b](unset) o ((_32,_4),(_4,_4)):((_1,_128),(_32,_512))' --dtype tf32 --mma tcgen05 --operand a --json
{"canonical":true,"mma":"tcgen05","operand":"a","k_dim":1,"major":"mn","swizzle":"128B_base32B","descriptor":"0x2000408000200000","fields":{"start_address":0,"lbo":32,"sbo":128,"version":1,"base_offset":0,"lbo_mode":0,"layout_type":1},"lbo_bytes":512,"sbo_bytes":2048,"k_block":8,"k_blocks":[{"start_bytes":0,"descriptor":"0x2000408000200000"},{"start_bytes":4096,"descriptor":"0x2000408000200100"}],"form":"S[(4,32,2,4):(128,1,512,32)] with swizzle 3,2,2, shape 128 x 8 (M x K), at each K block's start","cpp":"static constexpr uint64_t desc_a[2] = {0x2000408000200000ull, 0x2000408000200100ull};  // one per K block; add (shared base address >> 4) to each, the base aligned to the swizzle repeat"}
? 0
$ axe-layout emit-desc 'cute:Sw<2,5,2> o smem_ptr[32b](unset) o ((_32,_2),(_4,_2)):((_1,_128),(_32,_256))' --dtype tf32 --mma wgmma --operand b
not a canonical operand layout (swizzle): the 128B swizzle with 32-byte atoms (Swizzle(3,2,2), SWIZZLE_128B_BASE32B) is a tcgen05 layout type; wgmma has none
nearest: S[(8,8,8):(256,32,1)] with swizzle 128B
? 1

# The base offset is 0 wherever the tile starts: a K block 128 bytes into the
# 128B repeat has CUTLASS's DescriptorIterator + 8, 0x4000004000010008, whether
# it is the first block of one tile or the second of another.
$ axe-layout emit-desc 'S[(64,64):(64,1)] + 64' --dtype f16 --swizzle 128B --mma wgmma --operand a --json | grep -o '"k_blocks":\[{[^}]*}'
"k_blocks":[{"start_bytes":128,"descriptor":"0x4000004000010008"}
? 0
$ axe-layout emit-desc 'S[(64,64):(64,1)] + 48' --dtype f16 --swizzle 128B --mma wgmma --operand a --json | grep -o '"k_blocks":\[{[^}]*},{[^}]*}'
"k_blocks":[{"start_bytes":96,"descriptor":"0x4000004000010006"},{"start_bytes":128,"descriptor":"0x4000004000010008"}
? 0

# Not canonical: padded rows, a transposed tile asked as K-major, an MN-major
# wgmma operand of 8-bit elements (16-bit only, PTX ISA wgmma.mma_async), a
# swizzle that is no MMA mode.
$ axe-layout emit-desc 'S[(64,64):(72,1)]' --dtype f16 --swizzle 128B --mma wgmma --operand a
not a canonical operand layout (MN within the swizzle atom): mode 'MN within the swizzle atom' steps by 72 elements (144 bytes); a canonical K-major operand steps by 64 (128 bytes)
nearest: S[(8,8,1,64):(512,64,4096,1)] with swizzle 128B
? 1
$ axe-layout emit-desc 'S[(64,64):(1,64)]' --dtype f16 --swizzle 128B --mma wgmma --operand a --major k --json
{"canonical":false,"mode":"K within 16 bytes","reason":"mode 'K within 16 bytes' steps by 64 elements (128 bytes); a canonical K-major operand steps by 1 (2 bytes)","nearest":"S[(8,8,1,64):(512,64,4096,1)] with swizzle 128B"}
? 1
$ axe-layout emit-desc 'S[(128,8,8):(1,1024,128)]' --shape 128,64 --dtype e4m3 --swizzle 128B --mma wgmma --operand a
not a canonical operand layout (major-ness): wgmma reads MN-major (transposed) operands only for 16-bit types (PTX ISA, wgmma.mma_async: imm-trans-a and imm-trans-b only for .f16/.bf16 from shared memory); operands of 8-bit elements are K-major
nearest: S[(16,8,64):(1024,128,1)] with swizzle 128B
? 1
$ axe-layout emit-desc 'S[(128,8,8):(1,1024,128)]' --shape 128,64 --dtype e4m3 --swizzle 128B --mma tcgen05 --operand a | head -1
descriptor (tcgen05, operand A, MN-major, swizzle 128B): 0x4000404000000000
? 0
$ axe-layout emit-desc 'S[(64,64):(64,1)]' --dtype f16 --swizzle 3,3,4 --mma wgmma --operand a
not a canonical operand layout (swizzle): Swizzle(3,3,4) is no MMA swizzle mode: for 16-bit elements they are none, 32B, 64B and 128B (Swizzle(3,B,3), B = 1, 2, 3), and for tcgen05 MN-major operands 128B with 32-byte atoms (Swizzle(4,2,2))
nearest: S[(8,8,1,64):(512,64,4096,1)] with swizzle 128B
? 1

# Bad input.
$ axe-layout emit-desc 'S[(64,64):(64,1)]' --dtype f16 --mma wgmma
axe-layout emit-desc: error: give --operand a or --operand b
Try 'axe-layout emit-desc --help'.
? 2
$ axe-layout emit-desc 'S[(64,64):(64,1)]' --dtype f16 --mma hmma --operand a
--mma:1: error: unknown --mma value 'hmma' (wgmma or tcgen05)
  hmma
  ^~~~
? 2
$ axe-layout emit-desc 'S[(64,64):(64,1)]' --mma wgmma --operand a
axe-layout: error: give --dtype: SMEM has no element type
? 2
$ axe-layout emit-desc 'S[(4,64,16):(1024,16,1)]' --dtype f16 --mma wgmma --operand a
axe-layout: error: the operand tile has 3 dimensions; give its shape as (M, K) (--shape)
? 2
