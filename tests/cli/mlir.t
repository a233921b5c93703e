# Reading whole Triton modules (docs/interop.md, "Triton modules"): the files under
# tests/data/triton/ are chunks of Triton's lit tests (provenance in PROVENANCE.md).
# `info FILE.mlir` lists every layout of the module, alias or inline, with each use.
$ axe-layout info tests/data/triton/ws_partitions.mlir
module:     tests/data/triton/ws_partitions.mlir
layouts:    4; name one as FILE:NAME for its info
chunk 0:    lines 1-47; 4 warps
  #blocked_1_warps = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
    line 40     tt.make_range               -           tensor 128xi32
  #blocked_2_warps = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
    line 34     tt.make_range               -           tensor 128xi32
  #blocked_4_warps = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
    line 25     tt.make_range               -           tensor 128xi32
  #blocked_8_warps = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
    line 18     tt.make_range               -           tensor 128xi32
read:       4 of 4
? 0

# Each op runs with the warps of its ttg.warp_specialize partition, or of its function's
# own "ttg.num-warps" (Triton's verifier: "Layout has 4 warps per CTA, but the context
# requires 8").  The 8-warp layout on 128 elements: the largest warp basis is zeroed
# (Triton's ensureLayoutNotLargerThan) and becomes a replica.
$ axe-layout convert tests/data/triton/ws_partitions.mlir:#blocked_2_warps --to axe
S[(2,2,32):(1@reg,1@warpid,1@laneid)]
? 0

$ axe-layout convert tests/data/triton/ws_partitions.mlir:#blocked_8_warps --to axe
S[(4,32):(1@warpid,1@laneid)] + R[2:4@warpid]
? 0

# A Hopper loop: pointer tensors, !tt.tensordesc, nvmma_shared memdescs, an inline slice.
$ axe-layout info tests/data/triton/hopper_wgmma_loop.mlir
module:     tests/data/triton/hopper_wgmma_loop.mlir
layouts:    5; name one as FILE:NAME for its info
chunk 0:    lines 1-83; 4 warps, 32 threads per warp, 1 CTA; target cuda:90
  #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
    line 17     arith.constant              %cst        tensor 128x1xi64
    line 26     tt.expand_dims              %2          tensor 1x64xi32
    line 29     tt.broadcast                %2          tensor 1x64xi32
    line 29     tt.broadcast                %5          tensor 128x64xi32
    line 30     tt.splat                    %7          tensor 128x1xi64
    line 33     scf.for                     %arg36      tensor 128x1xi64
    line 33     scf.for                     -           tensor 128x1xi64
    line 45     scf.if                      %16         tensor 128x1xi64
    line 46     arith.muli                  %32         tensor 128x1xi64
    line 47     scf.yield                   %32         tensor 128x1xi64
    line 49     scf.yield                   %arg36      tensor 128x1xi64
    line 51     tt.splat                    %17         tensor 128x1xptr<f16>
    line 52     tt.addptr                   %17         tensor 128x1xptr<f16>
    line 52     tt.addptr                   %18         tensor 128x1xi64
    line 53     tt.broadcast                %18         tensor 128x1xptr<f16>
    line 53     tt.broadcast                %19         tensor 128x64xptr<f16>
    line 54     tt.addptr                   %19         tensor 128x64xptr<f16>
    line 54     tt.addptr                   %20         tensor 128x64xi32
    line 56     tt.load                     %22         tensor 128x64xptr<f16>
    line 57     ttg.local_alloc             %22         tensor 128x64xf16
    line 77     scf.yield                   %16         tensor 128x1xi64
  #blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
    line 59     tt.descriptor_load          %25         tensor 64x256xf16
    line 60     ttg.local_alloc             %25         tensor 64x256xf16
  #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
    line 23     arith.constant              %cst_0      tensor 128x256xf32
    line 33     scf.for                     %arg34      tensor 128x256xf32
    line 33     scf.for                     -           tensor 128x256xf32
    line 61     ttng.warp_group_dot         %27         tensor 128x256xf32
    line 74     use                         %27         tensor 128x256xf32
    line 77     scf.yield                   %27         tensor 128x256xf32
  #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    line 57     ttg.local_alloc             %23         memdesc 128x64xf16
    line 60     ttg.local_alloc             %26         memdesc 64x256xf16
    line 61     ttng.warp_group_dot         %23         memdesc 128x64xf16
    line 61     ttng.warp_group_dot         %26         memdesc 64x256xf16
  L25 (inline) #ttg.slice<{dim = 0, parent = #blocked}>
    line 25     tt.make_range               %1          tensor 64xi32
    line 26     tt.expand_dims              %1          tensor 64xi32
read:       5 of 5
? 0

# An alias used at several shapes: --shape picks one of them.
$ axe-layout info tests/data/triton/hopper_wgmma_loop.mlir:#blocked
axe-layout: error: '#blocked' lays out tensors of 3 shapes: 128x1 (line 17), 1x64 (line 26), 128x64 (line 29); give --shape
? 2

$ axe-layout convert tests/data/triton/hopper_wgmma_loop.mlir:#blocked --shape 128,64 --to axe
S[(8,4,4,8,8):(8@reg,1@warpid,8@laneid,1@laneid,1@reg)]
? 0

$ axe-layout convert tests/data/triton/hopper_wgmma_loop.mlir:#blocked --shape 64,64 --to axe
axe-layout: error: --shape 64x64 is none of the shapes '#blocked' lays out: 128x1 (line 17), 1x64 (line 26), 128x64 (line 29)
? 2

# A value's layout by its name, the element type as dtype.
$ axe-layout info tests/data/triton/hopper_wgmma_loop.mlir:%23
layout:     Swizzle(3,3,3) o S[(128,64):(64,1)]
form:       compact (read from mlir)
size:       8192 points
shape:      (128, 64) (admitted: any shape of 8192 points)
dtype:      f16
axes:
  m     memory  [0, 8191]         span 8192
replicated: no
injective:  yes (distinct points never share a physical coordinate)
swizzle:    Swizzle(3,3,3) = 128B preset
            the buffer base must be 1024-byte aligned to match the hardware 128B mode
? 0

# An inline encoding by the line of its op (L25), or L61.1 among several.
$ axe-layout convert tests/data/triton/hopper_wgmma_loop.mlir:L25 --to axe
S[(8,8):(1@laneid,1@reg)] + R[(4,4):(8@laneid,1@warpid)]
? 0

$ axe-layout convert tests/data/triton/hopper_wgmma_loop.mlir:L61 --to axe
axe-layout: error: the ttng.warp_group_dot of line 61 writes 2 layouts (L61.0 to L61.1, in the order written); name one
? 2

$ axe-layout convert tests/data/triton/hopper_wgmma_loop.mlir:L61.1 --to axe
S[(2,4,2,8,32,4,2):(128@reg,1@warpid,2@reg,4@laneid,4@reg,1@laneid,1@reg)]
? 0

$ axe-layout convert tests/data/triton/hopper_wgmma_loop.mlir:L61.2 --to axe
axe-layout: error: the ttng.warp_group_dot of line 61 writes 2 layouts (L61.0 to L61.1, in the order written); there is no such index
? 2

$ axe-layout convert tests/data/triton/hopper_wgmma_loop.mlir:L1 --to axe
axe-layout: error: line 1 of 'tests/data/triton/hopper_wgmma_loop.mlir' starts no operation
? 2

$ axe-layout convert tests/data/triton/hopper_wgmma_loop.mlir:%nothing --to axe
axe-layout: error: 'tests/data/triton/hopper_wgmma_loop.mlir' defines no value '%nothing'
? 2

# `// -----` files: FILE@N names chunk N (from 0).
$ axe-layout info tests/data/triton/two_chunks.mlir
module:     tests/data/triton/two_chunks.mlir
layouts:    7; name one as FILE@CHUNK:NAME for its info
chunk 0:    lines 1-20; 8 warps, 32 threads per warp, 1 CTA; target cuda:80
  #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
    line 15     ttg.local_load              %39         tensor 1x2048xbf16
    line 16     arith.extf                  %40         tensor 1x2048xbf16
  #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
    line 13     ttg.local_alloc             %19         memdesc 1x2048xbf16
    line 14     ttg.memdesc_index           %19         memdesc 1x2048xbf16
    line 14     ttg.memdesc_index           %22         memdesc 1x2048xbf16
    line 15     ttg.local_load              %22         memdesc 1x2048xbf16
chunk 1:    lines 22-37; 16 warps, 32 threads per warp, 1 CTA; target cuda:100
  #blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [16, 1], order = [1, 0]}>
    line 29     tt.func                     %c          tensor 128x256xf32
    line 29     tt.func                     -           tensor 128x256xf32
    line 33     tt.dot                      %d          tensor 128x256xf32
    line 34     tt.return                   %d          tensor 128x256xf32
  #blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [16, 1], order = [1, 0]}>
    line 29     tt.func                     %b          tensor 64x256xf16
    line 31     ttg.convert_layout          %b          tensor 64x256xf16
  #blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 4], order = [1, 0]}>
    line 29     tt.func                     %a          tensor 128x64xf16
    line 30     ttg.convert_layout          %a          tensor 128x64xf16
  L30.1 (inline) #ttg.dot_op<{opIdx = 0, parent = #blocked}>
    line 30     ttg.convert_layout          %ad         tensor 128x64xf16
    line 33     tt.dot                      %ad         tensor 128x64xf16
  L31.1 (inline) #ttg.dot_op<{opIdx = 1, parent = #blocked}>
    line 31     ttg.convert_layout          %bd         tensor 64x256xf16
    line 33     tt.dot                      %bd         tensor 64x256xf16
read:       7 of 7
? 0

$ axe-layout convert tests/data/triton/two_chunks.mlir:#blocked --to axe
axe-layout: error: '#blocked' is defined in chunks 0, 1 of 'tests/data/triton/two_chunks.mlir'; name one, as tests/data/triton/two_chunks.mlir@0:#blocked
? 2

$ axe-layout convert tests/data/triton/two_chunks.mlir@1:#blocked --to axe
S[(2,16,4,2,32,4):(32@reg,1@warpid,4@reg,16@reg,1@laneid,1@reg)]
? 0

$ axe-layout convert tests/data/triton/two_chunks.mlir@2:#blocked --to axe
axe-layout: error: 'tests/data/triton/two_chunks.mlir' has 2 chunks (0 to 1); there is no chunk 2
? 2

$ axe-layout info tests/data/triton/two_chunks.mlir@1
module:     tests/data/triton/two_chunks.mlir
layouts:    5; name one as FILE@CHUNK:NAME for its info
chunk 1:    lines 22-37; 16 warps, 32 threads per warp, 1 CTA; target cuda:100
  #blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [16, 1], order = [1, 0]}>
    line 29     tt.func                     %c          tensor 128x256xf32
    line 29     tt.func                     -           tensor 128x256xf32
    line 33     tt.dot                      %d          tensor 128x256xf32
    line 34     tt.return                   %d          tensor 128x256xf32
  #blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [16, 1], order = [1, 0]}>
    line 29     tt.func                     %b          tensor 64x256xf16
    line 31     ttg.convert_layout          %b          tensor 64x256xf16
  #blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 4], order = [1, 0]}>
    line 29     tt.func                     %a          tensor 128x64xf16
    line 30     ttg.convert_layout          %a          tensor 128x64xf16
  L30.1 (inline) #ttg.dot_op<{opIdx = 0, parent = #blocked}>
    line 30     ttg.convert_layout          %ad         tensor 128x64xf16
    line 33     tt.dot                      %ad         tensor 128x64xf16
  L31.1 (inline) #ttg.dot_op<{opIdx = 1, parent = #blocked}>
    line 31     ttg.convert_layout          %bd         tensor 64x256xf16
    line 33     tt.dot                      %bd         tensor 64x256xf16
read:       5 of 5
? 0

# A multi-buffered allocation (1x1x2048 with a 2-d encoding) is laid out buffer by buffer,
# as each of its memdesc_index views (Triton's toLinearLayout(MemDescType)).
$ axe-layout convert tests/data/triton/two_chunks.mlir@0:#shared --to axe
S[2048:1]
? 0

$ axe-layout convert tests/data/triton/two_chunks.mlir@1:L30.1 --to axe
S[(2,16,4,64):(256@reg,1@warpid,64@reg,1@reg)] + R[32:1@laneid]
? 0

# Every layout of a module with its uses (the mma v2 without instrShape, which this case
# once showed unreadable, is read since branch triton's pre-instrShape tile).
$ axe-layout info tests/data/triton/pipeline_triton_gpu.mlir
module:     tests/data/triton/pipeline_triton_gpu.mlir
layouts:    7; name one as FILE:NAME for its info
chunk 0:    lines 1-54; 4 warps, 1 CTA
  #AL = #triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
    line 17     tt.splat                    %a_ptr_splat tensor 128x32xptr<f16>
    line 19     tt.expand_dims              %a_tmp1     tensor 1x32xi32
    line 20     tt.broadcast                %a_tmp1     tensor 1x32xi32
    line 20     tt.broadcast                %a_offs     tensor 128x32xi32
    line 21     tt.addptr                   %a_ptr_splat tensor 128x32xptr<f16>
    line 21     tt.addptr                   %a_ptr_init tensor 128x32xi32
    line 30     arith.constant              %a_mask     tensor 128x32xi1
    line 31     arith.constant              %a_other    tensor 128x32xf16
    line 36     arith.constant              %a_off      tensor 128x32xi32
    line 39     scf.for                     %a_ptr      tensor 128x32xptr<f16>
    line 39     scf.for                     -           tensor 128x32xptr<f16>
    line 40     tt.load                     %a_         tensor 128x32xptr<f16>
    line 41     triton_gpu.convert_layout   %a_         tensor 128x32xf16
    line 47     tt.addptr                   %a_ptr      tensor 128x32xptr<f16>
    line 47     tt.addptr                   %next_a_ptr tensor 128x32xi32
    line 49     scf.yield                   %next_a_ptr tensor 128x32xptr<f16>
  #BL = #triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
    line 23     tt.splat                    %b_ptr_splat tensor 32x128xptr<f16>
    line 25     tt.expand_dims              %b_tmp1     tensor 1x128xi32
    line 26     tt.broadcast                %b_tmp1     tensor 1x128xi32
    line 26     tt.broadcast                %b_offs     tensor 32x128xi32
    line 27     tt.addptr                   %b_ptr_splat tensor 32x128xptr<f16>
    line 27     tt.addptr                   %b_ptr_init tensor 32x128xi32
    line 32     arith.constant              %b_mask     tensor 32x128xi1
    line 33     arith.constant              %b_other    tensor 32x128xf16
    line 37     arith.constant              %b_off      tensor 32x128xi32
    line 39     scf.for                     %b_ptr      tensor 32x128xptr<f16>
    line 39     scf.for                     -           tensor 32x128xptr<f16>
    line 42     tt.load                     %b_         tensor 32x128xptr<f16>
    line 43     triton_gpu.convert_layout   %b_         tensor 32x128xf16
    line 48     tt.addptr                   %b_ptr      tensor 32x128xptr<f16>
    line 48     tt.addptr                   %next_b_ptr tensor 32x128xi32
    line 49     scf.yield                   %next_b_ptr tensor 32x128xptr<f16>
  #ALs0 = #triton_gpu.slice<{parent=#AL, dim=0}>
    line 18     tt.make_range               %a_tmp0     tensor 32xi32
    line 19     tt.expand_dims              %a_tmp0     tensor 32xi32
  #BLs0 = #triton_gpu.slice<{parent=#BL, dim=0}>
    line 24     tt.make_range               %b_tmp0     tensor 128xi32
    line 25     tt.expand_dims              %b_tmp0     tensor 128xi32
  #C = #triton_gpu.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1]}>
    line 34     arith.constant              %c_init     tensor 128x128xf32
    line 39     scf.for                     %prev_c     tensor 128x128xf32
    line 39     scf.for                     -           tensor 128x128xf32
    line 45     tt.dot                      %c          tensor 128x128xf32
    line 49     scf.yield                   %c          tensor 128x128xf32
  #A = #triton_gpu.dot_op<{opIdx = 0, parent = #C, kWidth=2}>
    line 41     triton_gpu.convert_layout   %a          tensor 128x32xf16
    line 45     tt.dot                      %a          tensor 128x32xf16
  #B = #triton_gpu.dot_op<{opIdx = 1, parent = #C, kWidth=2}>
    line 43     triton_gpu.convert_layout   %b          tensor 32x128xf16
    line 45     tt.dot                      %b          tensor 32x128xf16
read:       7 of 7
? 0

$ axe-layout convert tests/data/triton/pipeline_triton_gpu.mlir:#ALs0 --to axe
S[(8,4):(1@laneid,1@reg)] + R[(4,4):(8@laneid,1@warpid)]
? 0

$ axe-layout convert tests/data/triton/pipeline_triton_gpu.mlir:#C --to axe
S[(2,4,2,8,16,4,2):(64@reg,1@warpid,2@reg,4@laneid,4@reg,1@laneid,1@reg)]
? 0

# A malformed module: the first bad token, exit 2.
$ axe-layout info tests/data/triton/bad_module.mlir
tests/data/triton/bad_module.mlir:7:36: error: '<' is never closed (the '}' of line 9, column 3 closes something else)
      %2 = arith.addi %1, %1 : tensor<128xi32, #blocked
                                     ^
? 2

$ axe-layout info tests/data/triton/bad_module.mlir:#blocked
tests/data/triton/bad_module.mlir:7:36: error: '<' is never closed (the '}' of line 9, column 3 closes something else)
      %2 = arith.addi %1, %1 : tensor<128xi32, #blocked
                                     ^
? 2

$ axe-layout info tests/data/triton/ws_partitions.mlir --json
{"module":"tests/data/triton/ws_partitions.mlir","chunks":[{"chunk":0,"first_line":1,"last_line":47,"num_warps":4,"threads_per_warp":0,"num_ctas":0,"target":""}],"layouts":[{"chunk":0,"name":"#blocked_1_warps","operand":"tests/data/triton/ws_partitions.mlir:#blocked_1_warps","line":5,"alias":true,"text":"#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>","read":true,"shapes":1,"uses":[{"line":40,"op":"tt.make_range","value":"","kind":"tensor","shape":[128],"dtype":"i32","pointer":false}]},{"chunk":0,"name":"#blocked_2_warps","operand":"tests/data/triton/ws_partitions.mlir:#blocked_2_warps","line":7,"alias":true,"text":"#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>","read":true,"shapes":1,"uses":[{"line":34,"op":"tt.make_range","value":"","kind":"tensor","shape":[128],"dtype":"i32","pointer":false}]},{"chunk":0,"name":"#blocked_4_warps","operand":"tests/data/triton/ws_partitions.mlir:#blocked_4_warps","line":9,"alias":true,"text":"#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>","read":true,"shapes":1,"uses":[{"line":25,"op":"tt.make_range","value":"","kind":"tensor","shape":[128],"dtype":"i32","pointer":false}]},{"chunk":0,"name":"#blocked_8_warps","operand":"tests/data/triton/ws_partitions.mlir:#blocked_8_warps","line":11,"alias":true,"text":"#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>","read":true,"shapes":1,"uses":[{"line":18,"op":"tt.make_range","value":"","kind":"tensor","shape":[128],"dtype":"i32","pointer":false}]}],"summary":{"layouts":4,"read":4}}
? 0

# A spec names a module's layouts with the notation key: `triton: FILE.mlir:NAME`.
$ axe-layout convert tests/data/triton/module_spec.yaml:acc --to axe
S[(2,4,2,8,32,4,2):(128@reg,1@warpid,2@reg,4@laneid,4@reg,1@laneid,1@reg)]
? 0

$ axe-layout convert tests/data/triton/module_spec.yaml:offsets --to axe
S[(8,4,4,8,8):(8@reg,1@warpid,8@laneid,1@laneid,1@reg)]
? 0
