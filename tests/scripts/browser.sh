#!/bin/sh
# tests/scripts/browser.sh BINARY: the HTML pictures in headless Chromium
# (tests/browser/pictures.js), checked against the CLI's own JSON.
#
# Needs Debian's chromium (make deps installs it as root), node and
# puppeteer-core in build/browser/node_modules (make browser-deps: npm
# install of the pinned version).  When one is missing the script says SKIP
# with the reason and counts one skipped check, never a pass.  Root runs
# Chromium with --no-sandbox (the test passes it always: the pages are ours).
bin=$1
modules=${AXE_BROWSER_MODULES:-build/browser/node_modules}
chromium=${AXE_CHROMIUM:-$(command -v chromium || command -v chromium-browser)}
skip() {
	echo "SKIP browser: $*"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
}
[ -n "$chromium" ] || skip "no chromium (apt-get install chromium, or make deps as root)"
command -v node >/dev/null 2>&1 || skip "no node (Debian: apt-get install nodejs)"
[ -d "$modules/puppeteer-core" ] || skip "no puppeteer-core in $modules (make browser-deps)"
exec node tests/browser/pictures.js "$bin" "$chromium" "$modules" ${AXE_SHOTS:+"$AXE_SHOTS"}
