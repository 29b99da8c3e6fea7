#!/usr/bin/env bash
# The page's browser test: installs what it needs (Debian's chromium when
# /usr/bin/chromium is missing, playwright-core from npm as locked in
# package-lock.json), builds the page (web/build.sh) and runs the test with
# node's test runner. GRUNDY_BIN names the binary the answers are compared
# with (default <target>/release/grundy); SCREENSHOT where the picture goes
# (default <target>/web-page.png); <target> is CARGO_TARGET_DIR when set,
# else target/ at the workspace root.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x /usr/bin/chromium ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium >/dev/null
fi
npm ci --no-audit --no-fund --loglevel=error
../build.sh
node --test page.test.mjs
