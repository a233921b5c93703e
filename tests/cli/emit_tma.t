# emit-tma: cuTensorMapEncodeTiled arguments and the copies of a region
# (issue 8; semantics.md "TMA tensor maps").  Every plan here is also
# performed element by element by the oracle of tests/unit/test_tma.c.

# A 4096x4096 f16 row-major tensor, a 64x64 tile with the 128B swizzle:
# rank 2, globalDim {4096, 4096}, globalStrides {8192}, boxDim {64, 64}.
$ axe-layout emit-tma 'S[(4096,4096)]' 'S[(64,64)]' --dtype f16 --swizzle 128B
tensor map (cuTensorMapEncodeTiled arguments, arrays innermost first):
  tensorDataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  tensorRank     = 2;
  globalAddress  = global + 0;  // bytes
  globalDim      = {4096, 4096};
  globalStrides  = {8192};  // bytes, of dimensions 1 and up
  boxDim         = {64, 64};
  elementStrides = {1, 1};
  interleave     = CU_TENSOR_MAP_INTERLEAVE_NONE;
  swizzle        = CU_TENSOR_MAP_SWIZZLE_128B;
  l2Promotion    = CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  oobFill        = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
copies: 1 (global to shared) of 8192 bytes, 8192 bytes in all; mbarrier expect-tx 8192 per copy
alignment: shared buffer 1024 bytes (the swizzle repeats every 1024), global base 16 bytes
box rows: 128 bytes apart in shared memory; shared offsets are before the swizzle
copy list (coordinates innermost first):
  copy 0: coords {0, 0}, shared + 0
? 0
$ axe-layout emit-tma 'S[(4096,4096)]' 'S[(64,64)]' --dtype f16 --swizzle 128B --json
{"possible":true,"dtype":"CU_TENSOR_MAP_DATA_TYPE_FLOAT16","rank":2,"globalDim":[4096,4096],"globalStrides":[8192],"boxDim":[64,64],"elementStrides":[1,1],"interleave":"CU_TENSOR_MAP_INTERLEAVE_NONE","swizzle":"CU_TENSOR_MAP_SWIZZLE_128B","l2Promotion":"CU_TENSOR_MAP_L2_PROMOTION_L2_128B","oobFill":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE","copies":[{"coords":[0,0],"smem_offset_bytes":0,"global_offset_bytes":0}],"bytes_per_copy":8192,"direction":"g2s","total_bytes":8192,"box_pitch_bytes":128,"smem_alignment_bytes":1024,"global_alignment_bytes":16,"out_of_bounds":{"elements":0,"fill":"none","ranges":[]},"loops":[]}
? 0

# A bf16 tile 64 wide and 128 rows, 128B swizzle, from rows 128.. and columns 64..
$ axe-layout emit-tma 'S[(4096,4096)]' 'S[(128,64)]' --dtype bf16 --swizzle 128B --region 128:256,64:128
tensor map (cuTensorMapEncodeTiled arguments, arrays innermost first):
  tensorDataType = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  tensorRank     = 2;
  globalAddress  = global + 0;  // bytes
  globalDim      = {4096, 4096};
  globalStrides  = {8192};  // bytes, of dimensions 1 and up
  boxDim         = {64, 128};
  elementStrides = {1, 1};
  interleave     = CU_TENSOR_MAP_INTERLEAVE_NONE;
  swizzle        = CU_TENSOR_MAP_SWIZZLE_128B;
  l2Promotion    = CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  oobFill        = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
copies: 1 (global to shared) of 16384 bytes, 16384 bytes in all; mbarrier expect-tx 16384 per copy
alignment: shared buffer 1024 bytes (the swizzle repeats every 1024), global base 16 bytes
box rows: 128 bytes apart in shared memory; shared offsets are before the swizzle
copy list (coordinates innermost first):
  copy 0: coords {64, 128}, shared + 0
? 0

# 128 bf16 wide is 256 bytes, twice the 128B span.  A row-major tile is one
# rank-3 box {64, 2, 64}; a tile of two 64-wide swizzle atoms, two 64-wide
# boxes 8192 bytes apart.  Same bytes, 16384.
$ axe-layout emit-tma specs/tma_gemm.yaml:A specs/tma_gemm.yaml:A_wide --dtype bf16
tensor map (cuTensorMapEncodeTiled arguments, arrays innermost first):
  tensorDataType = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  tensorRank     = 3;
  globalAddress  = global + 0;  // bytes
  globalDim      = {64, 64, 4096};
  globalStrides  = {128, 8192};  // bytes, of dimensions 1 and up
  boxDim         = {64, 2, 64};
  elementStrides = {1, 1, 1};
  interleave     = CU_TENSOR_MAP_INTERLEAVE_NONE;
  swizzle        = CU_TENSOR_MAP_SWIZZLE_128B;
  l2Promotion    = CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  oobFill        = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
copies: 1 (global to shared) of 16384 bytes, 16384 bytes in all; mbarrier expect-tx 16384 per copy
alignment: shared buffer 1024 bytes (the swizzle repeats every 1024), global base 16 bytes
box rows: 128 bytes apart in shared memory; shared offsets are before the swizzle
copy list (coordinates innermost first):
  copy 0: coords {0, 0, 0}, shared + 0
? 0
$ axe-layout emit-tma specs/tma_gemm.yaml:A specs/tma_gemm.yaml:A_atoms --dtype bf16 --json
{"possible":true,"dtype":"CU_TENSOR_MAP_DATA_TYPE_BFLOAT16","rank":3,"globalDim":[64,4096,64],"globalStrides":[8192,128],"boxDim":[64,64,2],"elementStrides":[1,1,1],"interleave":"CU_TENSOR_MAP_INTERLEAVE_NONE","swizzle":"CU_TENSOR_MAP_SWIZZLE_128B","l2Promotion":"CU_TENSOR_MAP_L2_PROMOTION_L2_128B","oobFill":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE","copies":[{"coords":[0,0,0],"smem_offset_bytes":0,"global_offset_bytes":0}],"bytes_per_copy":16384,"direction":"g2s","total_bytes":16384,"box_pitch_bytes":128,"smem_alignment_bytes":1024,"global_alignment_bytes":16,"out_of_bounds":{"elements":0,"fill":"none","ranges":[]},"loops":[]}
? 0

# An f32 tile 64 wide under 128B: the rank-3 box {32, 2, rows}.
$ axe-layout emit-tma 'S[(4096,4096)]' 'S[(128,64)]' --dtype f32 --swizzle 128B
tensor map (cuTensorMapEncodeTiled arguments, arrays innermost first):
  tensorDataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  tensorRank     = 3;
  globalAddress  = global + 0;  // bytes
  globalDim      = {32, 128, 4096};
  globalStrides  = {128, 16384};  // bytes, of dimensions 1 and up
  boxDim         = {32, 2, 128};
  elementStrides = {1, 1, 1};
  interleave     = CU_TENSOR_MAP_INTERLEAVE_NONE;
  swizzle        = CU_TENSOR_MAP_SWIZZLE_128B;
  l2Promotion    = CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  oobFill        = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
copies: 1 (global to shared) of 32768 bytes, 32768 bytes in all; mbarrier expect-tx 32768 per copy
alignment: shared buffer 1024 bytes (the swizzle repeats every 1024), global base 16 bytes
box rows: 128 bytes apart in shared memory; shared offsets are before the swizzle
copy list (coordinates innermost first):
  copy 0: coords {0, 0, 0}, shared + 0
? 0

# A region of rank 6: a rank-5 map whose global address moves, copy by copy.
$ axe-layout emit-tma 'S[(4,4,4,4,4,128)]' 'S[(2,2,2,2,2,64)]' --dtype f16 --region 0:2,0:2,0:2,0:2,0:2,0:64
tensor map (cuTensorMapEncodeTiled arguments, arrays innermost first):
  tensorDataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  tensorRank     = 5;
  globalAddress  = global + 0;  // bytes, for copy 0: the loops move it
  globalDim      = {128, 4, 4, 4, 4};
  globalStrides  = {256, 1024, 4096, 16384};  // bytes, of dimensions 1 and up
  boxDim         = {64, 2, 2, 2, 2};
  elementStrides = {1, 1, 1, 1, 1};
  interleave     = CU_TENSOR_MAP_INTERLEAVE_NONE;
  swizzle        = CU_TENSOR_MAP_SWIZZLE_NONE;
  l2Promotion    = CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  oobFill        = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
copies: 2 (global to shared) of 2048 bytes, 4096 bytes in all; mbarrier expect-tx 2048 per copy
alignment: shared buffer 128 bytes, global base 16 bytes
box rows: 128 bytes apart in shared memory; shared offsets are before the swizzle
loops, outermost first:
  2 x coords +{0, 0, 0, 0, 0}, global +65536, shared +2048
copy list (coordinates innermost first):
  copy 0: coords {0, 0, 0, 0, 0}, global + 0, shared + 0
  copy 1: coords {0, 0, 0, 0, 0}, global + 65536, shared + 2048
? 0

# One batch of a rank-3 tensor, stored back (s2g), with L2 promotion: the
# batch is a dimension of box 1 and the copy's coordinate 3; the map is the
# whole tensor's, as CUTLASS's make_tma_copy encodes it, so one map serves
# every batch.
$ axe-layout emit-tma 'S[(8,256,512)]' 'S[(64,64)]' --dtype f16 --swizzle 128B --region 3:4,64:128,128:192 --direction s2g --l2-promotion 256B
tensor map (cuTensorMapEncodeTiled arguments, arrays innermost first):
  tensorDataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  tensorRank     = 3;
  globalAddress  = global + 0;  // bytes
  globalDim      = {512, 256, 8};
  globalStrides  = {1024, 262144};  // bytes, of dimensions 1 and up
  boxDim         = {64, 64, 1};
  elementStrides = {1, 1, 1};
  interleave     = CU_TENSOR_MAP_INTERLEAVE_NONE;
  swizzle        = CU_TENSOR_MAP_SWIZZLE_128B;
  l2Promotion    = CU_TENSOR_MAP_L2_PROMOTION_L2_256B;
  oobFill        = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
copies: 1 (shared to global) of 8192 bytes, 8192 bytes in all; a bulk group completes them
alignment: shared buffer 1024 bytes (the swizzle repeats every 1024), global base 16 bytes
box rows: 128 bytes apart in shared memory; shared offsets are before the swizzle
copy list (coordinates innermost first):
  copy 0: coords {128, 64, 3}, shared + 0
? 0

# A box extent of 1 stands for a dimension outside the box: the same plan.
$ axe-layout emit-tma 'S[(8,256,512)]' 'S[(64,64)]' --dtype f16 --swizzle 128B --region 3:4,64:128,128:192 --box 1,64,64 --json
{"possible":true,"dtype":"CU_TENSOR_MAP_DATA_TYPE_FLOAT16","rank":3,"globalDim":[512,256,8],"globalStrides":[1024,262144],"boxDim":[64,64,1],"elementStrides":[1,1,1],"interleave":"CU_TENSOR_MAP_INTERLEAVE_NONE","swizzle":"CU_TENSOR_MAP_SWIZZLE_128B","l2Promotion":"CU_TENSOR_MAP_L2_PROMOTION_L2_128B","oobFill":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE","copies":[{"coords":[128,64,3],"smem_offset_bytes":0,"global_offset_bytes":0}],"bytes_per_copy":8192,"direction":"g2s","total_bytes":8192,"box_pitch_bytes":128,"smem_alignment_bytes":1024,"global_alignment_bytes":16,"out_of_bounds":{"elements":0,"fill":"none","ranges":[]},"loops":[]}
? 0

# A forced box that keeps the rules: 256 rows, two copies.
$ axe-layout emit-tma 'S[(4096,64)]' 'S[(512,64)]' --dtype f16 --swizzle 128B --box 256,64
tensor map (cuTensorMapEncodeTiled arguments, arrays innermost first):
  tensorDataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  tensorRank     = 2;
  globalAddress  = global + 0;  // bytes
  globalDim      = {64, 4096};
  globalStrides  = {128};  // bytes, of dimensions 1 and up
  boxDim         = {64, 256};
  elementStrides = {1, 1};
  interleave     = CU_TENSOR_MAP_INTERLEAVE_NONE;
  swizzle        = CU_TENSOR_MAP_SWIZZLE_128B;
  l2Promotion    = CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  oobFill        = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
copies: 2 (global to shared) of 32768 bytes, 65536 bytes in all; mbarrier expect-tx 32768 per copy
alignment: shared buffer 1024 bytes (the swizzle repeats every 1024), global base 16 bytes
box rows: 128 bytes apart in shared memory; shared offsets are before the swizzle
loops, outermost first:
  2 x coords +{0, 256}, shared +32768
copy list (coordinates innermost first):
  copy 0: coords {0, 0}, shared + 0
  copy 1: coords {0, 256}, shared + 32768
? 0
$ axe-layout emit-tma 'S[(4096,4096)]' 'S[(64,64)]' --dtype f32 --swizzle 128B --box 64,2,32
tensor map (cuTensorMapEncodeTiled arguments, arrays innermost first):
  tensorDataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  tensorRank     = 3;
  globalAddress  = global + 0;  // bytes
  globalDim      = {32, 128, 4096};
  globalStrides  = {128, 16384};  // bytes, of dimensions 1 and up
  boxDim         = {32, 2, 64};
  elementStrides = {1, 1, 1};
  interleave     = CU_TENSOR_MAP_INTERLEAVE_NONE;
  swizzle        = CU_TENSOR_MAP_SWIZZLE_128B;
  l2Promotion    = CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  oobFill        = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
copies: 1 (global to shared) of 16384 bytes, 16384 bytes in all; mbarrier expect-tx 16384 per copy
alignment: shared buffer 1024 bytes (the swizzle repeats every 1024), global base 16 bytes
box rows: 128 bytes apart in shared memory; shared offsets are before the swizzle
copy list (coordinates innermost first):
  copy 0: coords {0, 0, 0}, shared + 0
? 0

# M,B,S swizzles that equal a preset are that TMA mode.
$ axe-layout emit-tma 'S[(64,64)]' 'S[(64,64)]' --dtype f16 --swizzle 3,3,3 --json
{"possible":true,"dtype":"CU_TENSOR_MAP_DATA_TYPE_FLOAT16","rank":2,"globalDim":[64,64],"globalStrides":[128],"boxDim":[64,64],"elementStrides":[1,1],"interleave":"CU_TENSOR_MAP_INTERLEAVE_NONE","swizzle":"CU_TENSOR_MAP_SWIZZLE_128B","l2Promotion":"CU_TENSOR_MAP_L2_PROMOTION_L2_128B","oobFill":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE","copies":[{"coords":[0,0],"smem_offset_bytes":0,"global_offset_bytes":0}],"bytes_per_copy":8192,"direction":"g2s","total_bytes":8192,"box_pitch_bytes":128,"smem_alignment_bytes":1024,"global_alignment_bytes":16,"out_of_bounds":{"elements":0,"fill":"none","ranges":[]},"loops":[]}
? 0

# No plan (exit 1): a 2002-byte global stride, a transposed shared tile,
# NaN fill on int32.
$ axe-layout emit-tma 'S[(64,1001)]' 'S[(64,64)]' --dtype f16 --swizzle 128B --region 0:64,0:64
no TMA plan (globalStrides multiple of 16): global dimension 0 steps by 2002 bytes, not a multiple of 16, and the region spans it
fix: pad dimension 0 of the global tensor to 2016 bytes (1008 elements) per step, so that every step starts 16-byte aligned
? 1
$ axe-layout emit-tma specs/tma_gemm.yaml:A specs/tma_gemm.yaml:A_transposed
no TMA plan (shared contiguous dimension contiguous in global memory): the shared layout is contiguous along dimension 0 of its region, which steps by 4096 elements in global memory; a TMA box keeps the global tensor's contiguous dimension (1) innermost, so a copy cannot transpose
fix: make the shared layout contiguous along the region's dimension that is global dimension 1, and transpose when reading shared memory (for example ldmatrix .trans)
? 1
$ axe-layout emit-tma 'S[(4096,4096)]' 'S[(64,64)]' --dtype i32 --oob-fill nan
no TMA plan (NaN fill only for floating-point types): CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA needs a floating-point tensorDataType, and i32 (CU_TENSOR_MAP_DATA_TYPE_INT32) is not one
fix: use --oob-fill zero (CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE fills with zeros)
? 1
$ axe-layout emit-tma 'S[(4096,4096)]' 'S[(64,64)]' --dtype i32 --oob-fill nan --json
{"possible":false,"rule":"NaN fill only for floating-point types","reason":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA needs a floating-point tensorDataType, and i32 (CU_TENSOR_MAP_DATA_TYPE_INT32) is not one","fix":"use --oob-fill zero (CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE fills with zeros)","tried":""}
? 1

# Forced boxes that break a rule: 512 rows; 64 f32 elements under 128B.
$ axe-layout emit-tma 'S[(4096,64)]' 'S[(512,64)]' --dtype f16 --swizzle 128B --box 512,64
no TMA plan (boxDim 1..256): boxDim[1] is 512
fix: a box holds 1 to 256 elements per dimension: give --box at most 256 there, or leave --box out and the planner splits the dimension (one more tensor dimension, or several copies)
? 1
$ axe-layout emit-tma 'S[(4096,4096)]' 'S[(64,64)]' --dtype f32 --swizzle 128B --box 64,64
no TMA plan (inner box bytes within the swizzle span): boxDim[0] is 64 elements of 4 bytes = 256 bytes, more than the 128-byte span of CU_TENSOR_MAP_SWIZZLE_128B
fix: at most 32 elements along dimension 0: leave out --box and the planner splits the rows into one more dimension ({32, 2, ...}) or several copies
? 1

# Rows narrower than the swizzle span, packed densely; an interleave; a
# swizzle that is no TMA mode (Swizzle(3,3,3) is 128B for f16, not for f32).
$ axe-layout emit-tma 'S[(256,256)]' 'S[(64,32)]' --dtype bf16 --swizzle 128B
no TMA plan (inner box bytes within the swizzle span): under CU_TENSOR_MAP_SWIZZLE_128B each box row takes the whole 128-byte span in shared memory, but the shared layout's rows are 64 bytes apart
fix: use --swizzle 64B, whose span is the row, or pad the rows to 128 bytes
? 1
$ axe-layout emit-tma 'S[(4096,4096)]' 'S[(64,64)]' --dtype f16 --interleave 32B
no TMA plan (interleave none): CU_TENSOR_MAP_INTERLEAVE_32B describes an NC/8HWC8-style interleaved tensor, which a layout does not describe
fix: use interleave none
? 1
$ axe-layout emit-tma 'S[(64,64)]' 'S[(64,64)]' --dtype f32 --swizzle 3,3,3
no TMA plan (swizzle a TMA mode): the shared layout's Swizzle(3,3,3) is not one of the hardware modes, which permute 16-byte chunks: for f32 they are Swizzle(2,B,3) with B = 1, 2, 3 (32B, 64B, 128B)
fix: use --swizzle 32B, 64B or 128B (presets for the element type)
? 1

# Shared copies start on 128-byte boundaries; the global base keeps its alignment.
$ axe-layout emit-tma 'S[(256,256)]' 'S[(64,64)] + 32' --dtype f16
no TMA plan (shared address 128-byte aligned): the shared region starts 64 bytes into the shared buffer, not a multiple of 128
fix: start the shared region at a multiple of 128 bytes
? 1
$ axe-layout emit-tma 'S[(256,256)] + 16' 'S[(64,64)]' --dtype f16 --swizzle 128B
tensor map (cuTensorMapEncodeTiled arguments, arrays innermost first):
  tensorDataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  tensorRank     = 2;
  globalAddress  = global + 32;  // bytes
  globalDim      = {256, 256};
  globalStrides  = {512};  // bytes, of dimensions 1 and up
  boxDim         = {64, 64};
  elementStrides = {1, 1};
  interleave     = CU_TENSOR_MAP_INTERLEAVE_NONE;
  swizzle        = CU_TENSOR_MAP_SWIZZLE_128B;
  l2Promotion    = CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  oobFill        = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
copies: 1 (global to shared) of 8192 bytes, 8192 bytes in all; mbarrier expect-tx 8192 per copy
alignment: shared buffer 1024 bytes (the swizzle repeats every 1024), global base 16 bytes
box rows: 128 bytes apart in shared memory; shared offsets are before the swizzle
copy list (coordinates innermost first):
  copy 0: coords {0, 0}, shared + 0
? 0
$ axe-layout emit-tma 'S[(256,256)]' 'S[(64,64)] - 64' --dtype f16
no TMA plan (shared address inside the buffer): the shared region starts 128 bytes before the shared buffer's base
fix: give the shared layout offsets from the buffer's base, 0 or more
? 1

# Input errors (exit 2).
$ axe-layout emit-tma 'S[(64,64)]' 'S[(64,64)]' --dtype f16 --region 0:64,32:96
tensor map (cuTensorMapEncodeTiled arguments, arrays innermost first):
  tensorDataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  tensorRank     = 2;
  globalAddress  = global + 0;  // bytes
  globalDim      = {64, 64};
  globalStrides  = {128};  // bytes, of dimensions 1 and up
  boxDim         = {64, 64};
  elementStrides = {1, 1};
  interleave     = CU_TENSOR_MAP_INTERLEAVE_NONE;
  swizzle        = CU_TENSOR_MAP_SWIZZLE_NONE;
  l2Promotion    = CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  oobFill        = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
copies: 1 (global to shared) of 8192 bytes, 8192 bytes in all; mbarrier expect-tx 8192 per copy
alignment: shared buffer 128 bytes, global base 16 bytes
box rows: 128 bytes apart in shared memory; shared offsets are before the swizzle
out of bounds: 2048 elements of the region lie outside the tensor and are filled with zeros (dimension 1 indices 64:96)
copy list (coordinates innermost first):
  copy 0: coords {32, 0}, shared + 0
? 0
$ axe-layout emit-tma 'S[(256,256)]' 'S[(64,64)]' --dtype f16 --region 0:64,0:32
--region:1: error: the global region (64, 32) and the shared region (64, 64) do not hold the same number of elements (2048 and 4096)
  0:64,0:32
  ^~~~~~~~~
? 2
$ axe-layout emit-tma specs/tma_gemm.yaml:A specs/tma_gemm.yaml:A_tile --smem-region 0:64
--smem-region:1: error: the shared region gives 1 range for the 2 dimensions of the shared shape
  0:64
  ^~~~
? 2
$ axe-layout emit-tma 'S[(64,64)]' 'S[(64,64)]' --dtype f16 --direction up
--direction:1: error: unknown --direction value 'up' (see --help)
  up
  ^~
? 2
$ axe-layout emit-tma 'S[(64,64)]' 'S[(64,64)]' --dtype f16 --box 64,x
--box:4: error: expected box extent but found 'x'
  64,x
     ^
? 2
$ axe-layout emit-tma 'S[(64,64)]' 'S[(64,64)]' --dtype f16 --box 48,64
--box:1: error: box extent 48 (number 1) does not divide the region's run of 64 elements it falls on
  48,64
  ^~~~~
? 2
$ axe-layout emit-tma 'S[(64,64):(1@laneid,1)]' 'S[(64,64)]' --dtype f16
<arg>:1: error: the global layout uses axis 'laneid'; a TMA copy moves memory offsets on 'm' only
  S[(64,64):(1@laneid,1)]
  ^~~~~~~~~~~~~~~~~~~~~~~
? 2
$ axe-layout emit-tma specs/tensor_core_tile.yaml:frag specs/tma_gemm.yaml:A_tile --dtype f16
specs/tensor_core_tile.yaml:10:3: error: the global layout uses axis 'laneid'; a TMA copy moves memory offsets on 'm' only
    frag:
    ^~~~
? 2
$ axe-layout emit-tma 'S[(64,64)]' 'S[(64,64)]'
axe-layout: error: give --dtype: neither GLOBAL nor SMEM has an element type
? 2
$ axe-layout emit-tma 'S[(64,64)]' --dtype f16
axe-layout emit-tma: error: expected two LAYOUT operands, GLOBAL and SMEM, got 1
Try 'axe-layout emit-tma --help'.
? 2
$ axe-layout emit-tma 'S[(64,64)]' 'S[(64,64)]' --dtype f16 --global-shape 64,65
--global-shape:1: error: shape '64,65' has 4160 points but the layout has 4096
  64,65
  ^~~~~
? 2
$ axe-layout emit-tma specs/tma_gemm.yaml:A 'S[(64,64)]' --dtype f16 --region 0:1
--region:1: error: the global region gives 1 range for the 2 dimensions of the global shape
  0:1
  ^~~
? 2

# Requests production kernels make: a ragged last tile (rows past 4096 filled),
# a broadcast batch folded into the base address (stride 0 is no map stride),
# an aliasing tensor whose outer dimensions stay in the map as coordinates,
# FlashAttention-4's Q matched in row-major order, FlashAttention-3's shared
# (seq, heads, dim) tile whose map strides decrease.
$ axe-layout emit-tma 'S[(4096,4096)]' 'S[(128,64)]' --dtype f16 --swizzle 128B --region 4090:4218,0:64
tensor map (cuTensorMapEncodeTiled arguments, arrays innermost first):
  tensorDataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  tensorRank     = 2;
  globalAddress  = global + 0;  // bytes
  globalDim      = {4096, 4096};
  globalStrides  = {8192};  // bytes, of dimensions 1 and up
  boxDim         = {64, 128};
  elementStrides = {1, 1};
  interleave     = CU_TENSOR_MAP_INTERLEAVE_NONE;
  swizzle        = CU_TENSOR_MAP_SWIZZLE_128B;
  l2Promotion    = CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  oobFill        = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
copies: 1 (global to shared) of 16384 bytes, 16384 bytes in all; mbarrier expect-tx 16384 per copy
alignment: shared buffer 1024 bytes (the swizzle repeats every 1024), global base 16 bytes
box rows: 128 bytes apart in shared memory; shared offsets are before the swizzle
out of bounds: 7808 elements of the region lie outside the tensor and are filled with zeros (dimension 0 indices 4096:4218)
copy list (coordinates innermost first):
  copy 0: coords {0, 4090}, shared + 0
? 0
$ axe-layout emit-tma 'S[(4096,4096)]' 'S[(128,64)]' --dtype f16 --swizzle 128B --region 4090:4218,0:64 --oob-fill nan --json
{"possible":true,"dtype":"CU_TENSOR_MAP_DATA_TYPE_FLOAT16","rank":2,"globalDim":[4096,4096],"globalStrides":[8192],"boxDim":[64,128],"elementStrides":[1,1],"interleave":"CU_TENSOR_MAP_INTERLEAVE_NONE","swizzle":"CU_TENSOR_MAP_SWIZZLE_128B","l2Promotion":"CU_TENSOR_MAP_L2_PROMOTION_L2_128B","oobFill":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA","copies":[{"coords":[0,4090],"smem_offset_bytes":0,"global_offset_bytes":0}],"bytes_per_copy":16384,"direction":"g2s","total_bytes":16384,"box_pitch_bytes":128,"smem_alignment_bytes":1024,"global_alignment_bytes":16,"out_of_bounds":{"elements":7808,"fill":"nan","ranges":[{"dim":0,"begin":4096,"end":4218}]},"loops":[]}
? 0
$ axe-layout emit-tma 'S[(16,256,64):(0,64,1)]' 'S[(64,64)]' --dtype f16 --global-shape 16,256,64 --region 5:6,0:64,0:64 --json
{"possible":true,"dtype":"CU_TENSOR_MAP_DATA_TYPE_FLOAT16","rank":2,"globalDim":[256,64],"globalStrides":[512],"boxDim":[256,16],"elementStrides":[1,1],"interleave":"CU_TENSOR_MAP_INTERLEAVE_NONE","swizzle":"CU_TENSOR_MAP_SWIZZLE_NONE","l2Promotion":"CU_TENSOR_MAP_L2_PROMOTION_L2_128B","oobFill":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE","copies":[{"coords":[0,0],"smem_offset_bytes":0,"global_offset_bytes":0}],"bytes_per_copy":8192,"direction":"g2s","total_bytes":8192,"box_pitch_bytes":512,"smem_alignment_bytes":128,"global_alignment_bytes":16,"out_of_bounds":{"elements":0,"fill":"none","ranges":[]},"loops":[]}
? 0
$ axe-layout emit-tma 'S[(16,16,128,128):(131072,128,1024,1)]' 'S[(128,128)]' --dtype f16 --swizzle 128B --region 3:4,4:5,0:128,0:128
tensor map (cuTensorMapEncodeTiled arguments, arrays innermost first):
  tensorDataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  tensorRank     = 5;
  globalAddress  = global + 0;  // bytes
  globalDim      = {64, 2, 128, 16, 16};
  globalStrides  = {128, 2048, 256, 262144};  // bytes, of dimensions 1 and up
  boxDim         = {64, 2, 128, 1, 1};
  elementStrides = {1, 1, 1, 1, 1};
  interleave     = CU_TENSOR_MAP_INTERLEAVE_NONE;
  swizzle        = CU_TENSOR_MAP_SWIZZLE_128B;
  l2Promotion    = CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  oobFill        = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
copies: 1 (global to shared) of 32768 bytes, 32768 bytes in all; mbarrier expect-tx 32768 per copy
alignment: shared buffer 1024 bytes (the swizzle repeats every 1024), global base 16 bytes
box rows: 128 bytes apart in shared memory; shared offsets are before the swizzle
copy list (coordinates innermost first):
  copy 0: coords {0, 0, 0, 4, 3}, shared + 0
? 0
$ axe-layout emit-tma 'S[(1,32,4,128)]' 'S[(128,128)]' --dtype bf16 --swizzle 128B --region 0:1,0:32,0:4,0:128 --json
{"possible":true,"dtype":"CU_TENSOR_MAP_DATA_TYPE_BFLOAT16","rank":2,"globalDim":[64,256],"globalStrides":[128],"boxDim":[64,256],"elementStrides":[1,1],"interleave":"CU_TENSOR_MAP_INTERLEAVE_NONE","swizzle":"CU_TENSOR_MAP_SWIZZLE_128B","l2Promotion":"CU_TENSOR_MAP_L2_PROMOTION_L2_128B","oobFill":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE","copies":[{"coords":[0,0],"smem_offset_bytes":0,"global_offset_bytes":0}],"bytes_per_copy":32768,"direction":"g2s","total_bytes":32768,"box_pitch_bytes":128,"smem_alignment_bytes":1024,"global_alignment_bytes":16,"out_of_bounds":{"elements":0,"fill":"none","ranges":[]},"loops":[]}
? 0
$ axe-layout emit-tma 'S[(2,256,4,64)]' 'S[(64,4,64):(64,4096,1)]' --smem-shape 64,4,64 --dtype f16 --swizzle 128B --region 1:2,0:64,0:4,0:64
tensor map (cuTensorMapEncodeTiled arguments, arrays innermost first):
  tensorDataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  tensorRank     = 4;
  globalAddress  = global + 0;  // bytes
  globalDim      = {64, 256, 4, 2};
  globalStrides  = {512, 128, 131072};  // bytes, of dimensions 1 and up
  boxDim         = {64, 64, 4, 1};
  elementStrides = {1, 1, 1, 1};
  interleave     = CU_TENSOR_MAP_INTERLEAVE_NONE;
  swizzle        = CU_TENSOR_MAP_SWIZZLE_128B;
  l2Promotion    = CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  oobFill        = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
copies: 1 (global to shared) of 32768 bytes, 32768 bytes in all; mbarrier expect-tx 32768 per copy
alignment: shared buffer 1024 bytes (the swizzle repeats every 1024), global base 16 bytes
box rows: 128 bytes apart in shared memory; shared offsets are before the swizzle
copy list (coordinates innermost first):
  copy 0: coords {0, 0, 0, 1}, shared + 0
? 0

# The planner's search: a coordinate of stride 4100 (8200 bytes: no map stride)
# folded into the base (+16400 bytes), 136 columns cut in 16s with the overhang outside the map,
# a 300-row tile in boxes of 150 rows, two dimensions that are one run, and a
# 64-wide f32 tile as one rank-3 box.
$ axe-layout emit-tma 'S[(3,64,64):(4100,64,1)]' 'S[(64,64):(64,1)]' --dtype f16 --region 2:3,0:64,0:64 --json
{"possible":true,"dtype":"CU_TENSOR_MAP_DATA_TYPE_FLOAT16","rank":2,"globalDim":[256,16],"globalStrides":[512],"boxDim":[256,16],"elementStrides":[1,1],"interleave":"CU_TENSOR_MAP_INTERLEAVE_NONE","swizzle":"CU_TENSOR_MAP_SWIZZLE_NONE","l2Promotion":"CU_TENSOR_MAP_L2_PROMOTION_L2_128B","oobFill":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE","copies":[{"coords":[0,0],"smem_offset_bytes":0,"global_offset_bytes":16400}],"bytes_per_copy":8192,"direction":"g2s","total_bytes":8192,"box_pitch_bytes":512,"smem_alignment_bytes":128,"global_alignment_bytes":16,"out_of_bounds":{"elements":0,"fill":"none","ranges":[]},"loops":[]}
? 0
$ axe-layout emit-tma 'S[(128,136):(136,1)]' 'S[(128,32):(32,1)]' --dtype f16 --swizzle 32B --region 0:128,96:128 --json
{"possible":true,"dtype":"CU_TENSOR_MAP_DATA_TYPE_FLOAT16","rank":3,"globalDim":[16,8,128],"globalStrides":[32,272],"boxDim":[16,2,128],"elementStrides":[1,1,1],"interleave":"CU_TENSOR_MAP_INTERLEAVE_NONE","swizzle":"CU_TENSOR_MAP_SWIZZLE_32B","l2Promotion":"CU_TENSOR_MAP_L2_PROMOTION_L2_128B","oobFill":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE","copies":[{"coords":[0,6,0],"smem_offset_bytes":0,"global_offset_bytes":0}],"bytes_per_copy":8192,"direction":"g2s","total_bytes":8192,"box_pitch_bytes":32,"smem_alignment_bytes":256,"global_alignment_bytes":16,"out_of_bounds":{"elements":0,"fill":"none","ranges":[]},"loops":[]}
? 0
$ axe-layout emit-tma 'S[(3865,256):(256,1)]' 'S[(300,32)]' --dtype e4m3 --swizzle 32B --json
{"possible":true,"dtype":"CU_TENSOR_MAP_DATA_TYPE_UINT8","rank":3,"globalDim":[256,150,25],"globalStrides":[256,38400],"boxDim":[32,150,2],"elementStrides":[1,1,1],"interleave":"CU_TENSOR_MAP_INTERLEAVE_NONE","swizzle":"CU_TENSOR_MAP_SWIZZLE_32B","l2Promotion":"CU_TENSOR_MAP_L2_PROMOTION_L2_128B","oobFill":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE","copies":[{"coords":[0,0,0],"smem_offset_bytes":0,"global_offset_bytes":0}],"bytes_per_copy":9600,"direction":"g2s","total_bytes":9600,"box_pitch_bytes":32,"smem_alignment_bytes":256,"global_alignment_bytes":16,"out_of_bounds":{"elements":0,"fill":"none","ranges":[]},"loops":[]}
? 0
$ axe-layout emit-tma 'S[(3865,256):(256,1)]' 'S[(300,32)]' --dtype e4m3 --swizzle 32B --box 100,32 --json
{"possible":true,"dtype":"CU_TENSOR_MAP_DATA_TYPE_UINT8","rank":2,"globalDim":[256,3865],"globalStrides":[256],"boxDim":[32,100],"elementStrides":[1,1],"interleave":"CU_TENSOR_MAP_INTERLEAVE_NONE","swizzle":"CU_TENSOR_MAP_SWIZZLE_32B","l2Promotion":"CU_TENSOR_MAP_L2_PROMOTION_L2_128B","oobFill":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE","copies":[{"coords":[0,0],"smem_offset_bytes":0,"global_offset_bytes":0},{"coords":[0,100],"smem_offset_bytes":3200,"global_offset_bytes":0},{"coords":[0,200],"smem_offset_bytes":6400,"global_offset_bytes":0}],"bytes_per_copy":3200,"direction":"g2s","total_bytes":9600,"box_pitch_bytes":32,"smem_alignment_bytes":256,"global_alignment_bytes":16,"out_of_bounds":{"elements":0,"fill":"none","ranges":[]},"loops":[{"extent":3,"coord_step":[0,100],"smem_step_bytes":3200,"global_step_bytes":0}]}
? 0
$ axe-layout emit-tma 'S[(64,4):(4,1)]' 'S[(64,4):(4,1)]' --dtype f16 --json
{"possible":true,"dtype":"CU_TENSOR_MAP_DATA_TYPE_FLOAT16","rank":1,"globalDim":[256],"globalStrides":[],"boxDim":[256],"elementStrides":[1],"interleave":"CU_TENSOR_MAP_INTERLEAVE_NONE","swizzle":"CU_TENSOR_MAP_SWIZZLE_NONE","l2Promotion":"CU_TENSOR_MAP_L2_PROMOTION_L2_128B","oobFill":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE","copies":[{"coords":[0],"smem_offset_bytes":0,"global_offset_bytes":0}],"bytes_per_copy":512,"direction":"g2s","total_bytes":512,"box_pitch_bytes":512,"smem_alignment_bytes":128,"global_alignment_bytes":16,"out_of_bounds":{"elements":0,"fill":"none","ranges":[]},"loops":[]}
? 0
$ axe-layout emit-tma 'S[(64,1000)]' 'S[(64,64)]' --dtype f32 --swizzle 128B --json
{"possible":true,"dtype":"CU_TENSOR_MAP_DATA_TYPE_FLOAT32","rank":3,"globalDim":[32,31,64],"globalStrides":[128,4000],"boxDim":[32,2,64],"elementStrides":[1,1,1],"interleave":"CU_TENSOR_MAP_INTERLEAVE_NONE","swizzle":"CU_TENSOR_MAP_SWIZZLE_128B","l2Promotion":"CU_TENSOR_MAP_L2_PROMOTION_L2_128B","oobFill":"CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE","copies":[{"coords":[0,0,0],"smem_offset_bytes":0,"global_offset_bytes":0}],"bytes_per_copy":16384,"direction":"g2s","total_bytes":16384,"box_pitch_bytes":128,"smem_alignment_bytes":1024,"global_alignment_bytes":16,"out_of_bounds":{"elements":0,"fill":"none","ranges":[]},"loops":[]}
? 0

# No plan: the refusal names the arrangements tried.
$ axe-layout emit-tma 'S[(256,256)]' 'S[(8,64):(96,1)]' --smem-shape 8,64 --dtype f16
no TMA plan (shared address 128-byte aligned): copy 1 lands 192 bytes into the shared buffer, not a multiple of 128: the copies are 192 bytes apart
fix: lay the shared tile out so that each box (128 bytes) starts on a 128-byte boundary, or copy whole rows of the box at once
tried: box {64} and 14 other boxes: shared address 128-byte aligned
? 1
$ axe-layout emit-tma 'S[(64,64)]' 'S[(64,64)]' --dtype f16 --region 64:65,0:64
--region:1: error: range 64:65 of the global region is empty or starts outside dimension 0, which has extent 64
  64:65,0:64
  ^~~~~~~~~~
? 2
