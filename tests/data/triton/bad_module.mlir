// A malformed module: the tensor type of line 7 is never closed.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f() {
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %1 = arith.addi %0, %0 : tensor<128xi32, #blocked>
    %2 = arith.addi %1, %1 : tensor<128xi32, #blocked
    tt.return
  }
}
