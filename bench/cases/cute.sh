# CuTe's layout algebra: one CLI call per operation on 128x256-element layouts
# (32768 points), the proof by evaluation of every point included.
T='(128,256):(256,1)'   # a 128x256 row-major tile
report_time "compose, row-major o column-major 128x256" \
	"$(median_seconds "$bin" compose "$T" '(128,256):(1,128)')" 0.005
report_time "complement of 128 rows of 256, to 65536" \
	"$(median_seconds "$bin" complement '(128,256):(512,1)' --cosize 65536)" 0.005
report_time "divide --kind zipped by <8,16>" \
	"$(median_seconds "$bin" divide "$T" '<8,16>' --kind zipped)" 0.005
report_time "product --kind raked, 256 threads x 128 values" \
	"$(median_seconds "$bin" product '(32,8):(8,1)' '(4,32)' --kind raked)" 0.005
report_time "inverse --right of a 128x256 tile" \
	"$(median_seconds "$bin" inverse "$T" --right)" 0.005
report_time "inverse --left of a 128x256 tile" \
	"$(median_seconds "$bin" inverse "$T" --left)" 0.005
report_time "coalesce of a blocked 128x256 tile" \
	"$(median_seconds "$bin" coalesce '((8,16),(16,16)):((16,1),(2048,128))')" 0.005
report_time "filter, 128x256 with a broadcast mode" \
	"$(median_seconds "$bin" filter '(128,256,4):(256,1,0)')" 0.005
