# interop: import (with translation validation: one point per digit when
# the layout has no swizzle, every point otherwise) and conversion of
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
