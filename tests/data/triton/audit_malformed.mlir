// Written for tests/cli/audit.t (not from Triton): a type left open on line 5.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%a: tensor<64x32xf16, #blocked>) {
    %0 = ttg.convert_layout %a : tensor<64x32xf16, #blocked -> tensor<64x32xf16, #blocked>
    tt.return
  }
}
