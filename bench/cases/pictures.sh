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
