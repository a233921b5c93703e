# Reading another tool's notation and writing it back, each a whole CLI run,
# start-up included: every import is validated against the notation's own
# meaning (at one point per digit or bit where an argument holds, else over
# all its points), and convert reads what it wrote back and
# proves it equal.  Target: a 128x256 layout in under 20 ms per call.
LEGO_TILED='lego:TileBy([M // BM, N // BN], [BM, BN]).OrderBy(Row(M, N))'
report_time "info lego:, 128x256 TileBy (import + validation)" \
	"$(median_seconds "$bin" info "$LEGO_TILED" --bind M=128,N=256,BM=32,BN=64)" 0.02
report_time "convert lego: --to lego, 128x256 (import, write, read back, prove)" \
	"$(median_seconds "$bin" convert "$LEGO_TILED" --bind M=128,N=256,BM=32,BN=64 --to lego)" 0.02
report_time "convert --to lego, 128x256 transposed" \
	"$(median_seconds "$bin" convert 'S[(128,256):(1,128)]' --to lego)" 0.02
# A LEGO bit permutation of 2^24 points, validated at one point
# per bit (1.0 s and 660 MB when every point was walked).
report_time "eval lego: 64x64 tiles of 4096x4096 (2^24)" \
	"$(median_seconds "$bin" eval 'lego:GroupBy([4096, 4096]).OrderBy(RegP([64, 64, 64, 64], [1, 3, 2, 4]))' \
	--shape 4096,4096 --at 5,7)" 0.02
