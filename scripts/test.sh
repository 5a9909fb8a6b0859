#!/usr/bin/env bash
# Every test: formatting, lints, and the whole workspace's test suites.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo >/dev/null || { echo "cargo is required (https://rustup.rs)"; exit 1; }
rustup component add rustfmt clippy >/dev/null 2>&1 || true
# Fairy-Max (Debian's package) is the real XBoard opponent of the AI's smoke match.
if [ ! -x /usr/games/fairymax ] && [ "$(id -u)" = 0 ]; then
    (apt-get update -q && apt-get install -y -q fairymax) >/dev/null 2>&1 ||
        echo "warning: could not install fairymax; the AI smoke match will be skipped"
fi
echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets -q -- -D warnings
echo "== cargo test"
cargo test --workspace -q 2>&1 | tee /tmp/fairyboard-test.log
echo "== fuzz smoke (every target 5 s, libFuzzer on the stable toolchain)"
./scripts/fuzz.sh 5
echo "== real XBoard (Debian's xboard under Xvfb runs fairyboard in Mighty-Lion Chess, nightrider and xiangqi)"
XBOARD_CHECK_OUT=${TMPDIR:-/tmp}/fairyboard-xboard-check ./scripts/xboard-check.sh || {
    rc=$?
    [ "$rc" = 77 ] || exit "$rc"
    echo "warning: XBoard could not be installed; the real-XBoard check was skipped"
}
echo "== browser tests (WASM engine in Debian's Chromium)"
./scripts/web-test.sh
