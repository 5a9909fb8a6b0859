#!/usr/bin/env bash
# A load-independent yardstick against Fairy-Stockfish: FSF's clock runs on nodes
# (UCI option `nodestime`: N nodes count as one millisecond), so its strength does not
# depend on the machine's load, while fairyboard plays on the wall clock as in a game.
# PAIRS two-game matches (one with each colour); each pair gives fairyboard its own seed
# and 10 cp of evaluation noise, since FSF on nodes plays the same moves every time and
# identical games would otherwise repeat (BENCHMARKS.md, run 14).
#   usage: crates/ai/bench/vsfsf.sh FAIRYBOARD FSF VARIANT PAIRS NODESTIME PGN [FIRST_SEED] [TC]
# Prints each pair's result and the total for fairyboard (wins, draws, losses, score).
set -euo pipefail
bin=$1 fsf=$2 variant=$3 pairs=$4 nt=$5 pgn=$6 first=${7:-1} tc=${8:-10+0.1}
w=0 d=0 l=0
for ((s = first; s < first + pairs; s++)); do
    out=$("$bin" match --variant "$variant" \
        --engine1 "$bin xboard --seed $s --noise 10" \
        --engine2 "$fsf" --protocol2 uci --init2 "setoption name nodestime value $nt" \
        --games 2 --tc "$tc" --concurrency 2 --pgn "$pgn" 2>&1 | grep '^Score of' | tail -1)
    # "Score of A vs B: W - L - D [..] ..."
    read -r pw pl pd < <(sed 's/.*: \([0-9]*\) - \([0-9]*\) - \([0-9]*\).*/\1 \2 \3/' <<<"$out")
    w=$((w + pw)) l=$((l + pl)) d=$((d + pd))
    echo "seed $s: +$pw =$pd -$pl  total +$w =$d -$l"
done
echo "fairyboard: +$w =$d -$l score $(python3 -c "print(($w + $d / 2) / ($w + $d + $l))")"
