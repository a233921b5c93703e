// facebookexperimental/triton (a fork of triton-lang/triton whose test/ tracks it)
// db4666f22c1f8b206584c3f06e3b4a0ff035989e, test/TritonGPU/loop-schedule.mlir, chunk 1
// (@fused_loop: wgmma on nvmma_shared memdescs, pointer tensors, !tt.tensordesc, inline slices).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: @fused_loop
tt.func public @fused_loop(%arg5: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}) {
  %c10_i32 = arith.constant 10 : i32
  %false = arith.constant false
  %0 = ub.poison : !tt.tensordesc<64x256xf16>
  %cst = arith.constant dense<0> : tensor<128x1xi64, #blocked>
  %c-1_i32 = arith.constant -1 : i32
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c1_i64 = arith.constant 1 : i64
  %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>

  %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %2 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
  %3 = arith.extsi %arg7 : i32 to i64
  %4 = tt.make_tensor_descriptor %arg5, [%arg7, %arg7], [%3, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<64x256xf16>
  %5 = tt.broadcast %2 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
  %7 = tt.splat %3 : i64 -> tensor<128x1xi64, #blocked>

  // CHECK: scf.for
  %8:9 = scf.for %arg29 = %c0_i32 to %arg7 step %c1_i32 iter_args(%arg30 = %c-1_i32, %arg31 = %4, %arg32 = %c0_i32, %arg33 = %arg5, %arg34 = %cst_0, %arg35 = %c0_i32, %arg36 = %cst, %arg37 = %0, %arg38 = %false) -> (i32, !tt.tensordesc<64x256xf16>, i32, !tt.ptr<f16>, tensor<128x256xf32, #mma>, i32, tensor<128x1xi64, #blocked>, !tt.tensordesc<64x256xf16>, i1)  : i32 {
    %9 = arith.addi %arg30, %c1_i32 : i32
    %10 = arith.cmpi eq, %arg30, %c10_i32 : i32
    %11 = arith.select %10, %c0_i32, %9 : i32
    %12 = arith.cmpi eq, %11, %c0_i32 : i32

    // This op is a distance 1 dependency of itself.
    // CHECK: {_test_marker_0, loop.cluster = 4 : i32, loop.stage = 0 : i32}
    %13 = arith.select %12, %c0_i32, %arg32 {_test_marker_0} : i32

    %14 = arith.select %12, %arg31, %arg37 : !tt.tensordesc<64x256xf16>
    %15 = arith.select %12, %c10_i32, %arg35 : i32
    %16 = scf.if %12 -> (tensor<128x1xi64, #blocked>) {
      %32 = arith.muli %cst, %7 : tensor<128x1xi64, #blocked>
      scf.yield %32 : tensor<128x1xi64, #blocked>
    } else {
      scf.yield %arg36 : tensor<128x1xi64, #blocked>
    }
    %17 = tt.splat %arg33 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %18 = tt.addptr %17, %16 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi64, #blocked>
    %19 = tt.broadcast %18 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %20 = tt.addptr %19, %5 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %21 = tt.addptr %arg33, %c64_i32 : !tt.ptr<f16>, i32
    %22 = tt.load %20 : tensor<128x64x!tt.ptr<f16>, #blocked>
    %23 = ttg.local_alloc %22 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %24 = arith.muli %13, %c64_i32 : i32
    %25 = tt.descriptor_load %14[%24, %15] : !tt.tensordesc<64x256xf16> -> tensor<64x256xf16, #blocked1>
    %26 = ttg.local_alloc %25 : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
    %27 = ttng.warp_group_dot %23, %26, %arg34, %arg38 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
    %28 = arith.addi %13, %c1_i32 : i32

    // This op is in the backward slice of `_test_marker_2` and the epilogue.
    // CHECK: {_test_marker_1, loop.cluster = 3 : i32, loop.stage = 1 : i32}
    %29 = arith.cmpi eq, %11, %c10_i32 {_test_marker_1} : i32

    // CHECK: {_test_marker_2, loop.cluster = 3 : i32, loop.stage = 1 : i32}
    %30 = arith.select %29, %arg5, %21 {_test_marker_2} : !tt.ptr<f16>

    %31 = arith.cmpi ne, %11, %c10_i32 : i32

    scf.if %29 {
      "use"(%27) : (tensor<128x256xf32, #mma>) -> ()
      // CHECK: {_test_marker_3, loop.cluster = 5 : i32, loop.stage = 2 : i32}
    } {_test_marker_3}
    scf.yield %11, %14, %28, %30, %27, %15, %16, %14, %31 : i32, !tt.tensordesc<64x256xf16>, i32, !tt.ptr<f16>, tensor<128x256xf32, #mma>, i32, tensor<128x1xi64, #blocked>, !tt.tensordesc<64x256xf16>, i1
  }
  tt.return
}

}
