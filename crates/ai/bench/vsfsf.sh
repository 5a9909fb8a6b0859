#!/usr/bin/env bash
# A load-independent yardstick against Fairy-Stockfish: FSF's clock runs on nodes
# (UCI option `nodestime`: N nodes count as one millisecond), so its strength does not
# depend on the machine's load, while fairyboard plays on the wall clock as in a game.
# PAIRS two-game matches (one with each colour); each pair gives fairyboard its own seed
# and 10 cp of evaluation noise, since FSF on nodes plays the same moves every time and
# identical games would otherwise repeat (BENCHMARKS.md, run 14).
#   usage: crates/ai/bench/vsfsf.sh FAIRYBOARD FSF VARIANT PAIRS NODESTIME PGN [FIRST_SEED] [TC]
# Prints each pair's result and the total for fairyboard (engine 1: wins, draws, losses, score).
set -euo pipefail
bin=$1 fsf=$2 variant=$3 pairs=$4 nt=$5 pgn=$6 first=${7:-1} tc=${8:-10+0.1}
source "$(dirname "$0")/pairs.sh"
play_pairs "$bin" "$first" "$pairs" "$bin xboard --seed {seed} --noise 10" -- \
    --variant "$variant" --engine2 "$fsf" --protocol2 uci \
    --init2 "setoption name nodestime value $nt" --tc "$tc" --concurrency 2 --pgn "$pgn"
