# interop: import (with translation validation: one point per digit, and
# one value per bit of a swizzle, where the argument holds) and conversion of
# 128x256 CuTe layouts, one CLI call each, under 20 ms; and the import of a
# 2^24-point tensor, which walked every point before (1.7 s, 650 MB).
report_time "info cute: 4096x4096, 2^24 points (validated)" \
	"$(median_seconds "$bin" info 'cute:(4096,4096):(4096,1)')" 0.020
report_time "info tileas: 4096x4096, 2^24 points (validated)" \
	"$(median_seconds "$bin" info 'tileas:<(4096,4096),(1,4096),elem=f16>')" 0.020
CUTE='((8,16),(4,64)):((256,1),(16,2048))'
report_time "convert cute: 128x256 --to axe (validated)" "$(median_seconds "$bin" convert "cute:$CUTE" --to axe)" 0.020
report_time "convert cute: 128x256 --to cute (read back, proved)" "$(median_seconds "$bin" convert "cute:$CUTE" --to cute)" 0.020
SWZ='Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,4)):((64,512),(1,8192))'
report_time "convert cute: swizzled 128x256 --to cute" "$(median_seconds "$bin" convert "cute:$SWZ" --to cute)" 0.020
TV='((_4,_8,_4),(_2,_2,_8,_8)):((_128,_1,_16),(_64,_8,_512,_4096))'
report_time "convert cute-tv: 128x256 tile --to cute-tv" "$(median_seconds "$bin" convert "cute-tv:$TV" --tile 128,256 --to cute-tv)" 0.020
DESC='<(128,256),(256,1),swizzle<3,4,3>,elem=f16>'
report_time "convert tileas: 128x256 --to tileas" "$(median_seconds "$bin" convert "tileas:$DESC" --to tileas)" 0.020
# Swizzled and TV imports of 2^24 points: compared before the
# swizzles at one point per digit and the swizzles at one value per bit; a
# TV layout of power-of-two digits at one index per bit of (tid, reg).
# Every point was walked before (0.8 s and 660 MB each, 1.3 s and 920 MB
# for the TV layout).
report_time "eval cute: Sw<3,4,3> o 4096x4096 (validated)" \
	"$(median_seconds "$bin" eval 'cute:Sw<3,4,3> o (4096,4096):(4096,1)' --at 5,7)" 0.020
report_time "eval tileas: swizzled 4096x4096 (validated)" \
	"$(median_seconds "$bin" eval 'tileas:<(4096,4096),(4096,1),swizzle<3,4,3>,elem=f16>' \
	--at 5,7)" 0.020
report_time "eval cute-tv: 128 threads on 4096x4096 (2^24)" \
	"$(median_seconds "$bin" eval 'cute-tv:((_32,_4),(_8,_16,_16,_64)):((_1,_32),(_128,_1024,_16384,_262144))' \
	--tile 4096,4096 --at 5,7)" 0.020
