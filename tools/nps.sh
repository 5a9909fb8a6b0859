#!/usr/bin/env bash
# Search speed beside Fairy-Stockfish: nodes per second from each variant's start position,
# one thread each, searched to a fixed depth (fairyboard: the `think` example; FSF: UCI
# `go depth`). Node counts are each engine's own (both count interior and quiescence
# nodes), so nodes/s compares engine speed, not search efficiency.
#   usage: tools/nps.sh [FSF_BINARY]   (default: Fairy-Stockfish built by its build script)
# Prints a Markdown table row per variant.
set -euo pipefail
cd "$(dirname "$0")/.."
FSF=${1:-$HOME/.cache/fairy-stockfish/largeboards/src/stockfish}
cargo build -q --release -p fairyboard-ai --example think
THINK=${CARGO_TARGET_DIR:-target}/release/examples/think
export FAIRYBOARD_VARIANTS=$PWD/variants
echo "| variant | board | depth | fairyboard nodes, ms, nodes/s | Fairy-Stockfish nodes, ms, nodes/s |"
echo "|---|---|---|---|---|"
for spec in chess:8x8:10 shatranj:8x8:10 capablanca:10x8:9 gothic:10x8:9 grand:10x10:8 courier:12x8:8; do
    IFS=: read -r v board depth <<<"$spec"
    ours=$("$THINK" "variants/$v.txt" "$depth" | grep '^depth' | tail -1)
    on=$(sed 's/.* nodes \([0-9]*\).*/\1/' <<<"$ours")
    ot=$(sed 's/.* time \([0-9]*\)ms.*/\1/' <<<"$ours")
    fsf=$(python3 - "$FSF" "$v" "$depth" <<'PY'
import subprocess, sys
fsf, variant, depth = sys.argv[1:]
p = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
p.stdin.write(f"uci\nsetoption name UCI_Variant value {variant}\nisready\n"
              f"position startpos\ngo depth {depth}\n")
p.stdin.flush()
last = ""
for line in p.stdout:
    if line.startswith("info depth") and " nodes " in line:
        last = line.strip()
    if line.startswith("bestmove"):
        break
p.stdin.write("quit\n")
p.stdin.flush()
p.wait()
print(last)
PY
)
    fn=$(sed -n 's/.* nodes \([0-9]*\).*/\1/p' <<<"$fsf")
    ft=$(sed -n 's/.* time \([0-9]*\).*/\1/p' <<<"$fsf")
    echo "| $v | $board | $depth | $on, $ot, $((on * 1000 / (ot > 0 ? ot : 1))) | $fn, $ft, $((fn * 1000 / (ft > 0 ? ft : 1))) |"
done
