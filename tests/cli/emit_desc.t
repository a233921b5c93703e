# emit-desc: wgmma and tcgen05 shared-memory matrix descriptors.  The values
# agree with CUTLASS's make_gmma_desc / make_umma_desc (tests/unit/test_mma_desc.c
# has the provenance).

# K-major f16 under the 128B swizzle: LBO 1 (unused), SBO 1024 bytes.
$ axe-layout emit-desc 'S[(64,64):(64,1)]' --dtype f16 --swizzle 128B --mma wgmma --operand a
descriptor (wgmma, operand A, K-major, swizzle 128B): 0x4000004000010000
  start address  = 0  // bits 0-13, bytes >> 4, from the buffer base
  leading offset = 1  // bits 16-29, LBO: 16 bytes (unused when swizzled: 1)
  stride offset  = 64  // bits 32-45, SBO: 1024 bytes
  base offset    = 0  // bits 49-51
  layout type    = 1  // bits 62-63
tile: 64 x 64 f16, 4 K blocks of 16 elements, starting at bytes 0, 32, 64, 96
canonical form: S[(8,8,2,8):(512,64,8,1)] with swizzle 128B, shape (64, 16), at each K block's start
static constexpr uint64_t desc_a[4] = {0x4000004000010000ull, 0x4000004000010002ull, 0x4000004000010004ull, 0x4000004000010006ull};  // one per K block; add (shared base address >> 4) to each, the base aligned to the swizzle repeat
? 0
$ axe-layout emit-desc 'S[(64,64):(64,1)]' --dtype f16 --swizzle 128B --mma tcgen05 --operand a --json
{"canonical":true,"mma":"tcgen05","operand":"a","major":"k","swizzle":"128B","descriptor":"0x4000404000010000","fields":{"start_address":0,"lbo":1,"sbo":64,"version":1,"base_offset":0,"lbo_mode":0,"layout_type":2},"lbo_bytes":16,"sbo_bytes":1024,"k_block":16,"k_blocks":[{"start_bytes":0,"descriptor":"0x4000404000010000"},{"start_bytes":32,"descriptor":"0x4000404000010002"},{"start_bytes":64,"descriptor":"0x4000404000010004"},{"start_bytes":96,"descriptor":"0x4000404000010006"}],"form":"S[(8,8,2,8):(512,64,8,1)] with swizzle 128B, shape (64, 16), at each K block's start","cpp":"static constexpr uint64_t desc_a[4] = {0x4000404000010000ull, 0x4000404000010002ull, 0x4000404000010004ull, 0x4000404000010006ull};  // one per K block; add (shared base address >> 4) to each, the base aligned to the swizzle repeat"}
? 0

# MN-major (B, N x K): f16 128B, e4m3 64B; and no swizzle, K-major e4m3.
$ axe-layout emit-desc 'S[(64,4,8):(1,512,64)]' --shape 64,32 --dtype f16 --swizzle 128B --mma wgmma --operand b --major mn
descriptor (wgmma, operand B, MN-major, swizzle 128B): 0x4000004000000000
  start address  = 0  // bits 0-13, bytes >> 4, from the buffer base
  leading offset = 0  // bits 16-29, LBO: 0 bytes
  stride offset  = 64  // bits 32-45, SBO: 1024 bytes
  base offset    = 0  // bits 49-51
  layout type    = 1  // bits 62-63
tile: 64 x 32 f16, 2 K blocks of 16 elements, starting at bytes 0, 2048
canonical form: S[(1,64,2,8):(0,1,512,64)] with swizzle 128B, shape (64, 16), at each K block's start
static constexpr uint64_t desc_b[2] = {0x4000004000000000ull, 0x4000004000000080ull};  // one per K block; add (shared base address >> 4) to each, the base aligned to the swizzle repeat
? 0
$ axe-layout emit-desc 'S[(2,64,8,8):(512,1,1024,64)]' --shape 128,64 --dtype e4m3 --swizzle 64B --mma tcgen05 --operand b --json
{"canonical":true,"mma":"tcgen05","operand":"b","major":"mn","swizzle":"64B","descriptor":"0x8000404000200000","fields":{"start_address":0,"lbo":32,"sbo":64,"version":1,"base_offset":0,"lbo_mode":0,"layout_type":4},"lbo_bytes":512,"sbo_bytes":1024,"k_block":32,"k_blocks":[{"start_bytes":0,"descriptor":"0x8000404000200000"},{"start_bytes":4096,"descriptor":"0x8000404000200100"}],"form":"S[(2,64,4,8):(512,1,1024,64)] with swizzle 64B, shape (128, 32), at each K block's start","cpp":"static constexpr uint64_t desc_b[2] = {0x8000404000200000ull, 0x8000404000200100ull};  // one per K block; add (shared base address >> 4) to each, the base aligned to the swizzle repeat"}
? 0
$ axe-layout emit-desc 'S[(8,8,4,16):(128,16,1024,1)]' --shape 64,64 --dtype e4m3 --mma wgmma --operand a --json
{"canonical":true,"mma":"wgmma","operand":"a","major":"k","swizzle":"none","descriptor":"0x0000000800400000","fields":{"start_address":0,"lbo":64,"sbo":8,"version":0,"base_offset":0,"lbo_mode":0,"layout_type":0},"lbo_bytes":1024,"sbo_bytes":128,"k_block":32,"k_blocks":[{"start_bytes":0,"descriptor":"0x0000000800400000"},{"start_bytes":2048,"descriptor":"0x0000000800400080"}],"form":"S[(8,8,2,16):(128,16,1024,1)] with swizzle none, shape (64, 32), at each K block's start","cpp":"static constexpr uint64_t desc_a[2] = {0x0000000800400000ull, 0x0000000800400080ull};  // one per K block; add (shared base address >> 4) to each"}
? 0

# Not canonical: padded rows, a transposed tile asked as K-major.
$ axe-layout emit-desc 'S[(64,64):(72,1)]' --dtype f16 --swizzle 128B --mma wgmma --operand a
not a canonical operand layout (MN within the swizzle atom): mode 'MN within the swizzle atom' steps by 72 elements (144 bytes); a canonical K-major operand steps by 64 (128 bytes)
nearest: S[(8,8,1,64):(512,64,4096,1)] with swizzle 128B
? 1
$ axe-layout emit-desc 'S[(64,64):(1,64)]' --dtype f16 --swizzle 128B --mma wgmma --operand a --major k --json
{"canonical":false,"mode":"K within 16 bytes","reason":"mode 'K within 16 bytes' steps by 64 elements (128 bytes); a canonical K-major operand steps by 1 (2 bytes)","nearest":"S[(8,8,1,64):(512,64,4096,1)] with swizzle 128B"}
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
$ axe-layout emit-desc 'S[(64,64):(64,1)]' --dtype f16 --swizzle 3,3,4 --mma wgmma --operand a
axe-layout: error: the layout's swizzle is not one of the MMA swizzle modes (none, 32B, 64B, 128B for f16)
? 2
