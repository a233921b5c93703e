# Triton's layouts (docs/interop.md, "Triton"): TTGIR attributes after
# "triton:", modules as FILE.ttgir:#alias, and the #ttg.linear writer.  The
# blocked layout below is the one of Triton's LinearLayoutConversionsTest
# OneDimTooLargeAnotherTooSmall (without its CTAs): 32x16 is one tile, 64x64
# repeats it in registers (dim 1 first, order[0]), 16x4 zeroes the largest
# bases, which become replicas.

$ axe-layout info 'triton:#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>' --shape 32,16
layout:     S[(4,8,4,4):(1@warpid,4@laneid,1@laneid,1@reg)]
form:       compact (read from triton)
size:       512 points
shape:      (32, 16) (admitted: any shape of 512 points)
axes:
  warpid  thread  [0, 3]            span 4
  laneid  thread  [0, 31]           span 32
  reg     memory  [0, 3]            span 4
replicated: no
injective:  yes (distinct points never share a physical coordinate)
swizzle:    none
? 0

$ axe-layout convert 'triton:tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>' --to axe
S[(2,4,8,4,4,4):(16@reg,1@warpid,4@laneid,4@reg,1@laneid,1@reg)]
? 0

$ axe-layout convert 'triton:tensor<16x4xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>' --to axe
S[(2,8,4):(1@warpid,4@laneid,1@reg)] + R[(4,2):(1@laneid,2@warpid)]
? 0

$ axe-layout check-equal 'triton:#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>' 'S[(4,8,4,4):(1@warpid,4@laneid,1@laneid,1@reg)]' --shape 32,16
equal: canonical forms identical
? 0

# nvmma_shared 128B for f16 is the GMMA 128B atom; #ttg.linear with XOR-mixed bases is an expr: layout.

$ axe-layout convert 'triton:#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>' --shape 64,128 --to axe
Swizzle(3,3,3) o S[(64,2,64):(64,4096,1)]
? 0

$ axe-layout check-equal 'triton:#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>' 'Swizzle(3,3,3) o S[(64,2,64):(64,4096,1)]' --shape 64,128
equal: canonical forms identical
? 0

$ axe-layout info 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>'
layout:     reg=(((i0 >> 0) & 1)*3) ^ (((i1 >> 0) & 1)*1); laneid=(((i0 >> 1) & 1)*1) ^ (((i1 >> 1) & 1)*3)
form:       expr (read from triton; no compact form: the bases mix bits (XOR-linear): a basis has several bits, or bits on two dims)
size:       16 points
shape:      (4, 4) (its own)
axes:
  reg     memory  [0, 3]            span 4
  laneid  thread  [0, 3]            span 4
replicated: no
injective:  yes (distinct points never share a physical coordinate)
swizzle:    none
? 0

$ axe-layout check-equal 'triton:#ttg.linear<{register = [[0, 1], [1, 1]], lane = [[2, 0], [2, 2]], warp = [], block = []}>' --expr 'reg=((j%2)^(i%2)) + 2*(i%2); laneid=(((i/2)%2)^((j/2)%2)) + 2*((j/2)%2)' --vars i,j --shape 4,4
equal: all 16 points checked
? 0

# The writer: a #ttg.linear, or why none exists.

$ axe-layout convert 'S[(4,8,4,4):(1@warpid,4@laneid,1@laneid,1@reg)]' --shape 32,16 --to triton
#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
? 0

$ axe-layout convert 'S[(8,4):(4@laneid,1@laneid)] + R[2:1@warpid]' --to triton
#ttg.linear<{register = [], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [[0, 0]], block = []}>
? 0

$ axe-layout convert 'S[(3,4):(1@reg,1@laneid)]' --to triton
no triton form: dim 0 has 3 elements: Triton's linear layouts need power-of-two dims
? 1

# A shared layout (axis m: Triton's offset) is written as #ttg.shared_linear.

$ axe-layout convert 'S[(4,8):(8,1)]' --to triton
#ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], block = []}, alignment = 16>
? 0

$ axe-layout convert 'Swizzle(3,3,3) o S[(64,2,64):(64,4096,1)]' --shape 64,128 --to triton
#ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]], block = []}, alignment = 16>
? 0

$ axe-layout convert 'S[(4,8):(8@m,1@laneid)]' --to triton
no triton form: axis 'laneid' has no Triton in-dim (a #ttg.linear names register = reg, lane = laneid, warp = warpid, block = cbx; a #ttg.shared_linear offset = m, block = cbx): a layout on m is a shared one
? 1

$ axe-layout convert 'S[(4,4):(1@laneid,1@laneid)]' --to triton
no triton form: one hardware index holds two elements (flat 1 and 4): a Triton layout gives each index one element
? 1

# A module: aliases, the shapes of the tensors and memdescs that use them, its thread counts.

$ axe-layout convert tests/data/triton/matmul.ttgir:#dotA --to axe
S[(4,2,8,4,4,2):(1@warpid,2@reg,4@laneid,4@reg,1@laneid,1@reg)]
? 0

$ axe-layout convert tests/data/triton/matmul.ttgir:#mma --to axe
S[(4,2,8,8,4,2):(1@warpid,2@reg,4@laneid,4@reg,1@laneid,1@reg)]
? 0

$ axe-layout convert tests/data/triton/matmul.ttgir:#shared --to axe
Swizzle(3,2,2) o S[(64,32):(32,1)]
? 0

$ axe-layout info tests/data/triton/matmul.ttgir:#wide --shape 64,32
tests/data/triton/matmul.ttgir:6:64: error: threadsPerWarp has 16 threads, but the module's ttg.threads-per-warp is 32
  #wide = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
                                                                 ^~~~~~
? 2

$ axe-layout info tests/data/triton/matmul.ttgir:#dota
axe-layout: error: 'tests/data/triton/matmul.ttgir' defines no Triton layout '#dota'
hint: did you mean '#dotA'?
? 2

# Malformed text: the position in the operand, with a caret.

$ axe-layout info 'triton:#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], ordr = [1, 0]}>' --shape 32,16
<arg>:93: error: unknown parameter 'ordr' of #ttg.blocked
  triton:#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], ordr = [1, 0]}>
                                                                                              ^~~~
hint: did you mean 'order'?
? 2

$ axe-layout info 'triton:#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]' --shape 32,16
<arg>:107: error: expected ',' or '}' after a parameter
  triton:#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]
                                                                                                            ^
? 2

$ axe-layout info 'triton:#ttg.blocked<{sizePerThread = [1, 3], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>' --shape 32,16
<arg>:42: error: sizePerThread entry 3 is not a power of two
  triton:#ttg.blocked<{sizePerThread = [1, 3], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
                                           ^
? 2

$ axe-layout info 'triton:#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 1]}>' --shape 32,16
<arg>:105: error: order names dim 1 twice
  triton:#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 1]}>
                                                                                                          ^
? 2

$ axe-layout info 'triton:#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>'
<arg>:8: error: #ttg.blocked needs the tensor shape: give --shape, or write tensor<AxBx...xT, #ttg.blocked<...>>
  triton:#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
         ^
? 2

$ axe-layout info 'triton:#ttg.blokced<{}>' --shape 32,16
<arg>:13: error: unknown Triton layout '#ttg.blokced'
  triton:#ttg.blokced<{}>
              ^~~~~~~
hint: did you mean 'blocked'?
? 2

$ axe-layout info 'triton:#ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>' --shape 16,8
<arg>:41: error: '#mma' is not defined here (name it in a module file: FILE.mlir:#alias)
  triton:#ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
                                          ^~~~
? 2

$ axe-layout info 'triton:#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 16, 8]}>, kWidth = 2}>' --shape 64,16
<arg>:8: error: a dot operand B of nvidia_mma v3 lives in shared memory (wgmma reads B from there): it has no register layout
  triton:#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 16, 8]}>, kWidth = 2}>
         ^
? 2

$ axe-layout info 'triton:tensor<16x8xf16, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>' --shape 32,16
<arg>:8: error: --shape 32x16 disagrees with the tensor type's 16x8
  triton:tensor<16x8xf16, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>
         ^
? 2

$ axe-layout info 'triton:#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>' --shape 24,16
<arg>:8: error: dim 0 of the tensor has 24 elements: Triton's layouts need power-of-two sizes
  triton:#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
         ^
? 2

# Current Triton syntax (triton-lang/triton e3b5495): CGALayout bases, tensor memory
# (row/col as TLane/TCol), shared_linear, padded_shared, amd_rotating_shared,
# nvmma_shared without swizzle and of 3 dims, #ttg.linear fitted to a larger shape.

$ axe-layout info 'triton:#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [4], warpsPerCTA = [4], order = [0], CGALayout = [[1], [0]]}>' --shape 32 | head -1
layout:     S[(2,4,4):(1@cbx,1@warpid,1@laneid)] + R[2:2@cbx]
? 0

$ axe-layout info 'triton:#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>' --shape 128,64 | head -1
layout:     S[(2,4,16,64):(16@TLane,32@TLane,1@TLane,1@TCol)]
? 0

$ axe-layout info 'triton:#ttng.tensor_memory_scales_encoding' --shape 128,8 | head -1
layout:     S[(4,32,2,4):(4@TCol,1@TLane,16@TCol,1@TCol)] + R[4:32@TLane]
? 0

$ axe-layout info 'triton:#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}, alignment = 16>' | head -1
layout:     S[(4,4):(4,1)]
? 0

$ axe-layout eval 'triton:#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>' --at 1,33
(1, 33) -> {m: 109}
? 0

$ axe-layout info 'triton:#ttg.amd_rotating_shared<{vec = 2, perPhase = 2, maxPhase = 2, order = [1, 0]}>' --shape 8,16 | head -1
layout:     m=((((((((i0 >> 2) & 1)*66) ^ (((i0 >> 1) & 1)*34)) ^ (((i0 >> 0) & 1)*16)) ^ (((i1 >> 3) & 1)*8)) ^ (((i1 >> 2) & 1)*4)) ^ (((i1 >> 1) & 1)*2)) ^ (((i1 >> 0) & 1)*1)
? 0

$ axe-layout info 'triton:#ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>' --shape 4,64 | head -1
layout:     S[(4,64):(64,1)]
? 0

$ axe-layout convert 'triton:#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32, rank = 3}>' --shape 32,4,64 --to triton
#ttg.shared_linear<{offset = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 1, 0], [0, 2, 4], [1, 0, 8], [2, 0, 0], [4, 0, 0], [8, 0, 0], [16, 0, 0], [0, 0, 16], [0, 0, 32]], block = []}, alignment = 16>
? 0

$ axe-layout convert 'triton:#ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]], warp = [], block = []}>' --shape 8,4 --to triton
#ttg.linear<{register = [[0, 1], [0, 2], [4, 0]], lane = [[1, 0], [2, 0]], warp = [], block = []}>
? 0

$ axe-layout convert 'triton:#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false, tilesPerWarp = [2, 2]}>' --shape 128,128 --to triton
#ttg.linear<{register = [[1, 0], [2, 0], [8, 0], [16, 0], [0, 32], [32, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]], warp = [[0, 64], [0, 0], [64, 0]], block = []}>
? 0

$ axe-layout convert 'triton:#ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [16, 16, 32]}>' --shape 64,64 --to triton
#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 32], [32, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8]], warp = [[0, 16], [16, 0]], block = []}>
? 0

$ axe-layout info 'triton:#ttg.partitioned_shared<{numPartitions = 2}>' --shape 64,64
<arg>:13: error: #ttg.partitioned_shared is not supported: a partitioned shared layout spans several buffers (its partition in-dim has no Axe axis)
  triton:#ttg.partitioned_shared<{numPartitions = 2}>
              ^~~~~~~~~~~~~~~~~~
? 2

$ axe-layout info 'triton:#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[3]]}>' --shape 64
<arg>:111: error: CGALayout basis 0 is not one power of two on one dim (Triton's CGA layouts are permutations)
  triton:#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[3]]}>
                                                                                                                ^~~
? 2

