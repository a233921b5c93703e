# pictures: a 128x128 page (16384 cells, text in each) written by show
# --format html, the thread layout of a 128x128 tile (target: under 100 ms);
# then, when a browser is at hand, the time to load that page in headless
# Chromium and highlight a click (reported, target 1 s).
P128='S[(128,128):(1@laneid,1)] + 0@warpid'
report_time "show --format html, 128x128 (16384 cells)" \
	"$(median_seconds "$bin" show "$P128" --format html)" 0.100
report_time "show --format svg, 128x128 f16 smem, 128B" \
	"$(median_seconds "$bin" show 'S[(128,128):(128,1)]' --dtype f16 --swizzle 128B --format svg)" 0.100
if [ -d build/browser/node_modules/puppeteer-core ] && command -v chromium >/dev/null 2>&1; then
	AXE_BENCH=1 node tests/browser/pictures.js "$bin" "$(command -v chromium)" \
		build/browser/node_modules | grep '^bench:'
else
	echo "pictures in a browser: skipped (make browser-deps)"
fi
# The owners of an expr: layout (no S/R/O form): a 128x256 accumulator whose
# lane bases mix bits (XOR-linear #ttg.linear) drawn by lane and register
# (8192 owner cells), and a 128x128 f16 tile under a CuTe swizzle Axe cannot
# express (16384 slots): one walk of the domain fills every cell (3.2 s and
# 1.8 s with a walk per cell).
XOR_ACC='triton:#ttg.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [64, 0]], lane = [[0, 2], [0, 4], [1, 2], [2, 4], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>'
report_time "show --format svg, expr: 128x256 by lane,reg" \
	"$(median_seconds "$bin" show "$XOR_ACC" --by laneid,reg --format svg)" 0.100
report_time "show --format svg, expr: 128x128 f16 smem" \
	"$(median_seconds "$bin" show 'cute:Sw<3,2,-3> o (128,128):(128,1)' --dtype f16 --format svg)" 0.100
