#!/usr/bin/env bash
# The main job. Until `fairyboard serve` lands (the [render] issue) this builds the
# command line and runs it: with no arguments, perft of chess to depth 5.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo >/dev/null || { echo "cargo is required (https://rustup.rs)"; exit 1; }
cargo build --release -q -p fairyboard
if [ $# -eq 0 ]; then set -- perft chess 5; fi
exec ./target/release/fairyboard "$@"
