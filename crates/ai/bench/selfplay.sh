#!/usr/bin/env bash
# Fixed-node (or fixed-depth) self-play between two builds, independent of the machine's
# load: PAIRS two-game matches (one with each colour), each pair with its own seed and
# 10 cp of evaluation noise so that the games differ; every search stops at NODES nodes
# (`fairyboard xboard --nodes`), and the referee's clock is generous.
#   usage: crates/ai/bench/selfplay.sh NEW_BINARY OLD_BINARY VARIANT NODES PAIRS PGN [FIRST_SEED]
# Prints each pair's result and the total for NEW (wins, draws, losses, score).
set -euo pipefail
new=$1 old=$2 variant=$3 nodes=$4 pairs=$5 pgn=$6 first=${7:-1}
w=0 d=0 l=0
for ((s = first; s < first + pairs; s++)); do
    out=$("$new" match --variant "$variant" \
        --engine1 "$new xboard --seed $s --noise 10 --nodes $nodes" \
        --engine2 "$old xboard --seed $s --noise 10 --nodes $nodes" \
        --games 2 --tc 600+0 --concurrency 1 --pgn "$pgn" 2>&1 | grep '^Score of' | tail -1)
    # "Score of A vs B: W - L - D [..] ..."
    read -r pw pl pd < <(sed 's/.*: \([0-9]*\) - \([0-9]*\) - \([0-9]*\).*/\1 \2 \3/' <<<"$out")
    w=$((w + pw)) l=$((l + pl)) d=$((d + pd))
    echo "seed $s: +$pw =$pd -$pl  total +$w =$d -$l"
done
echo "NEW: +$w =$d -$l score $(python3 -c "print(($w + $d / 2) / ($w + $d + $l))")"
