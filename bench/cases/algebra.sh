# algebra and show: the algebra is linear in the iters, so a call is
# start-up; show fills every cell, forward with the odometer, backward with
# one exact inverse per physical cell.
BLOCK='S[(64,64,64,64):(262144,64,4096,1)]'   # 64x64 tiles of 64x64, 2^24 points
report_time "tile, 64x64 grid of 64x64 tiles" \
	"$(median_seconds "$bin" tile 'S[(64,64):(64,1)]' 'S[(64,64):(64,1)]')" 0.02
report_time "tile-of, the same block layout" \
	"$(median_seconds "$bin" tile-of "$BLOCK" 'S[(64,64):(64,1)]' --shape 4096,4096)" 0.02
report_time "slice, a 100x100 box of a 4096x4096 matrix" \
	"$(median_seconds "$bin" slice 'S[(4096,4096):(4096,1)]' --region 7:107,33:133)" 0.02
report_time "show, 256x256 grid (65536 cells)" \
	"$(median_seconds "$bin" show 'S[(256,256):(256,1)]')" 0.2
report_time "show --by m, swizzled 256x256" \
	"$(median_seconds "$bin" show 'Swizzle(3,3,3) o S[(256,256):(256,1)]' --by m)" 0.5
