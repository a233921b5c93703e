// Written for tests/cli/audit.t (not from Triton): two chunks, a conversion that
// is a no-op, one between two blocked layouts, and an op whose layout the
// reader refuses (warpsPerCTA asks for 8 warps in a 4-warp module).
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#wide = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @cvt(%a: tensor<64x32xf16, #blocked>) {
    %0 = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #blocked>
    %1 = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #blocked1>
    %2 = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #wide>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @store(%a: tensor<64x64xf16, #blocked>) {
    %0 = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return
  }
}
