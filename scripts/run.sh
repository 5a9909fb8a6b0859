#!/usr/bin/env bash
# The main job: build the command line (and the browser engine for the live diagrams, when
# scripts/build-web.sh is there) and start the catalogue website, `fairyboard serve`, on
# http://127.0.0.1:8080/. Arguments go to `serve` (e.g. --port 9000, --bind 0.0.0.0).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo >/dev/null || { echo "cargo is required (https://rustup.rs)"; exit 1; }
if [ -x scripts/build-web.sh ]; then
    scripts/build-web.sh || echo "run: the live diagrams' bundle (web/pkg) could not be built; pages work without it" >&2
fi
cargo build --release -q -p fairyboard
exec "${CARGO_TARGET_DIR:-target}/release/fairyboard" serve "$@"
