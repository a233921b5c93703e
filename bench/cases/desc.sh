# desc: emit-desc descriptors, start-up included (target: under 5 ms each).  A
# K-major 128B f16 tile, Triton's 64 x 256 B memdesc (K x N), and tcgen05's
# SWIZZLE_128B_BASE32B tf32 tile read from CuTe.
report_time "emit-desc K-major 128B f16 64x64" "$(median_seconds "$bin" emit-desc 'S[(64,64):(64,1)]' --dtype f16 --swizzle 128B --mma wgmma --operand a)" 0.005
report_time "emit-desc triton: B memdesc 64x256 (K x N)" "$(median_seconds "$bin" emit-desc 'triton:#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>' --shape 64,256 --dtype f16 --mma wgmma --operand b)" 0.005
report_time "emit-desc cute: BASE32B tf32 128x16" "$(median_seconds "$bin" emit-desc 'cute:Sw<2,5,2> o smem_ptr[32b](unset) o ((_32,_4),(_4,_4)):((_1,_128),(_32,_512))' --dtype tf32 --mma tcgen05 --operand a)" 0.005
