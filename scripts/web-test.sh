#!/usr/bin/env bash
# Browser tests of the web diagram: builds web/pkg/ (scripts/build-web.sh), then drives
# Debian's Chromium (installed with apt if missing; never downloaded by npm) through
# playwright-core against pages served from localhost. Screenshots land in artifacts/web/.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"

if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update -q && apt-get install -y -q chromium chromium-driver
    else
        sudo apt-get update -q && sudo apt-get install -y -q chromium chromium-driver
    fi
fi

(
    cd web/tests
    # npm ci only when the installed packages do not match the lock file.
    if ! cmp -s package-lock.json node_modules/.installed-lock.json 2>/dev/null; then
        npm ci --no-audit --no-fund
        cp package-lock.json node_modules/.installed-lock.json
    fi
)

./scripts/build-web.sh
# The native command line is the oracle the highlights are compared with, and its `serve`
# serves the Design Wizard for wizard.test.js and the whole site for site.test.js
# (screenshots in artifacts/site/); pages.test.js checks generated rules pages at desktop and
# phone widths (screenshots in artifacts/pages/); corpus.test.js loads the compatibility corpus
# (tests/compat/corpus/) on author-style pages (screenshots of failures in artifacts/web/corpus/).
cargo build -p fairyboard --quiet

cd web/tests
node --test --test-concurrency=1 --test-timeout=120000 diagram.test.js explain.test.js play.test.js embed.test.js wizard.test.js site.test.js pages.test.js corpus.test.js
