#!/usr/bin/env bash
# Fixed-node (or fixed-depth) self-play between two builds, independent of the machine's
# load: PAIRS two-game matches (one with each colour), each pair with its own seed and
# 10 cp of evaluation noise so that the games differ; every search stops at NODES nodes
# (`fairyboard xboard --nodes`), and the referee's clock is generous.
#   usage: crates/ai/bench/selfplay.sh NEW_BINARY OLD_BINARY VARIANT NODES PAIRS PGN [FIRST_SEED]
# Prints each pair's result and the total for NEW (engine 1: wins, draws, losses, score).
set -euo pipefail
new=$1 old=$2 variant=$3 nodes=$4 pairs=$5 pgn=$6 first=${7:-1}
source "$(dirname "$0")/pairs.sh"
play_pairs "$new" "$first" "$pairs" "$new xboard --seed {seed} --noise 10 --nodes $nodes" -- \
    --variant "$variant" --engine2 "$old xboard --seed {seed} --noise 10 --nodes $nodes" \
    --tc 600+0 --concurrency 1 --pgn "$pgn"
