#!/usr/bin/env bash
# The WASM engine's speed beside the native one: perft of a variant's start position in the
# browser build (web/pkg/, run by Node's V8: tools/wasm_perft.mjs) and in the native release
# binary (`fairyboard perft`, timed from outside, so process start and loading the variant
# count against it: about 15 ms). Each is the fastest of RUNS rounds taken in turns, so that
# both see the same machine load; a WASM round is one untimed run to warm up, then the
# fastest of three. The bar (BENCHMARKS.md, "Web diagram (WASM)"): WASM at least 40% of
# native.
#   usage: tools/wasm_vs_native.sh [VARIANT [DEPTH [RUNS]]]   (default: chess 5 5)
# Prints one Markdown table row: variant, depth, nodes, WASM ms and Mnps, native ms and
# Mnps, the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:-chess}
depth=${2:-5}
runs=${3:-5}
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
./scripts/build-web.sh >/dev/null
cargo build -q --release -p fairyboard
native="$CARGO_TARGET_DIR/release/fairyboard"
export FAIRYBOARD_VARIANTS=$PWD/variants

best_wasm=""
best_native=""
for _ in $(seq "$runs"); do
    read -r _ wnodes _ wms < <(node tools/wasm_perft.mjs "variants/$variant.txt" "$depth" 3)
    t0=$(date +%s%N)
    nnodes=$("$native" perft "$variant" "$depth" | sed -n 's/^Nodes searched: //p')
    nms=$((($(date +%s%N) - t0) / 1000000))
    if [ "$wnodes" != "$nnodes" ]; then
        echo "wasm_vs_native: node counts differ: WASM $wnodes, native $nnodes" >&2
        exit 1
    fi
    if [ -z "$best_wasm" ] || [ "$wms" -lt "$best_wasm" ]; then best_wasm=$wms; fi
    if [ -z "$best_native" ] || [ "$nms" -lt "$best_native" ]; then best_native=$nms; fi
done
awk -v v="$variant" -v d="$depth" -v n="$nnodes" -v w="$best_wasm" -v x="$best_native" 'BEGIN {
    printf "| %s | %d | %d | %d ms, %.1f Mnps | %d ms, %.1f Mnps | %.0f%% |\n",
        v, d, n, w, n / w / 1000, x, n / x / 1000, 100 * x / w
}'
