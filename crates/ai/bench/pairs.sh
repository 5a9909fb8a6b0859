# The one loop of two-game pairs that selfplay.sh and vsfsf.sh share (source it).
# play_pairs REFEREE FIRST PAIRS ENGINE1 -- MATCH_ARGS...: PAIRS matches of two games
# (one with each colour) refereed by `REFEREE match`, seeds FIRST..; in ENGINE1 and the
# match arguments `{seed}` stands for the pair's seed (each pair its own seed and noise,
# so that games differ). Prints each pair's result and engine 1's total (wins, draws,
# losses, score).
play_pairs() {
    local referee=$1 first=$2 pairs=$3 engine1=$4
    shift 5
    local w=0 d=0 l=0 s out pw pl pd
    for ((s = first; s < first + pairs; s++)); do
        out=$("$referee" match --engine1 "${engine1//\{seed\}/$s}" "${@//\{seed\}/$s}" \
            --games 2 2>&1 | grep '^Score of' | tail -1)
        # "Score of A vs B: W - L - D [..] ..."
        read -r pw pl pd < <(sed 's/.*: \([0-9]*\) - \([0-9]*\) - \([0-9]*\).*/\1 \2 \3/' <<<"$out")
        w=$((w + pw)) l=$((l + pl)) d=$((d + pd))
        echo "seed $s: +$pw =$pd -$pl  total +$w =$d -$l"
    done
    echo "engine 1: +$w =$d -$l score $(python3 -c "print(($w + $d / 2) / ($w + $d + $l))")"
}
