# banks: every instruction of a 128x128 f16 tile (128B swizzle) read by 128
# threads, 16-byte vectors inferred: 4 warps x 16 steps.
SMEM='S[(128,128):(128,1)]'
T128='S[(16,8,16,8):(8,16@tx,1@tx,1)]'
report_time "banks, 128x128 f16, 128 threads (start-up)" \
	"$(median_seconds "$bin" banks "$SMEM" --dtype f16 --swizzle 128B --threads "$T128")" 0.010
