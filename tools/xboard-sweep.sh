#!/usr/bin/env bash
# Every catalogue variant (or the ones named) in the real XBoard: a two-machine game of
# fairyboard against itself under Xvfb, adjudicated as a draw after MOVES moves (default
# 40), one line per variant with XBoard's result and how the game ended. A line with
# "Forfeit" means XBoard refused a move the engine played (its legality differs from
# ours). Needs Debian's xboard and xvfb; uses the release build.
#   tools/xboard-sweep.sh [--moves N] [VARIANT...]     (XBoard names: chess is "normal")
set -euo pipefail
cd "$(dirname "$0")/.."
MOVES=40
if [ "${1:-}" = --moves ]; then MOVES=$2; shift 2; fi
cargo build -q --release -p fairyboard
BIN=$PWD/target/release/fairyboard
export FAIRYBOARD_VARIANTS=$PWD/variants
OUT=${XBOARD_SWEEP_OUT:-$PWD/artifacts/xboard-sweep}
mkdir -p "$OUT"
names=("$@")
if [ ${#names[@]} = 0 ]; then
    # The names the engine offers XBoard (its `variants` feature).
    mapfile -t names < <(printf 'xboard\nprotover 2\nquit\n' | "$BIN" xboard |
        sed -n 's/.*variants="\([^"]*\)".*/\1/p' | tr ',' '\n')
fi
for v in "${names[@]}"; do
    rm -f "$OUT/$v.pgn" "$OUT/$v.debug.txt"
    timeout 420 xvfb-run -a -s "-screen 0 900x800x24" /usr/games/xboard -xncp \
        -fcp "$BIN xboard" -scp "$BIN xboard --seed 7" -variant "$v" -mg 1 -tc 0:20 -mps 40 \
        -adjudicateDrawMoves "$MOVES" -sgf "$OUT/$v.pgn" -debug -nameOfDebugFile "$OUT/$v.debug.txt" \
        -popupExitMessage false -saveSettingsOnExit false -size 49 >/dev/null 2>&1 || true
    result=$(sed -n 's/^\[Result "\(.*\)"\]/\1/p' "$OUT/$v.pgn" 2>/dev/null || true)
    ending=$(grep -o '{[^}]*} *[-0-9/*]*$' "$OUT/$v.pgn" 2>/dev/null | tail -1 || true)
    forfeit=$(grep -o 'Forfeit[^)]*)' "$OUT/$v.debug.txt" 2>/dev/null | head -1 || true)
    echo "$v: ${result:-no result} ${ending} ${forfeit}"
done
