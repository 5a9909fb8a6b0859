#!/usr/bin/env python3
"""Find fairyboard's blunders in match PGNs with Fairy-Stockfish as the judge, and check
an engine build's moves in those positions (a load-independent tactics test).

Usage:
  python3 crates/ai/bench/blunders.py mine FSF OUT.tsv FILE.pgn...
      For each of fairyboard's moves (plies 6..70) in the games: FSF's score of the
      position (its best move) and of the move played, both at fixed depth. A move that
      loses at least --drop centipawns of FSF's score, from a position FSF did not already
      call lost (above --floor), is a blunder: one line of OUT.tsv
      (fen, played move, FSF's best move, best score, played score).
  python3 crates/ai/bench/blunders.py check FSF IN.tsv THINK DEPTH
      Runs the `think` example binary THINK at DEPTH on each blunder position (FENs on
      stdin, `-` mode) and asks FSF what the chosen move loses: prints per position and
      the count of positions where the move still loses at least --drop.

  python3 crates/ai/bench/blunders.py drift FSF VARIANT DEPTH PLAYER OUT.tsv FILE.pgn...
      Where PLAYER's games are lost: each of its moves in the first 120 plies, FSF's score
      before it and after it (both at DEPTH, from the mover's view; their difference is
      the drop, with a few tens of centipawns of the judge's own noise, as the two
      searches have different roots). OUT.tsv gets every move (fen, move, FSF's move,
      score before, drop, game, ply); printed: the mean drop per 20 plies, which tells a
      drift in the opening from an end-game blunder (BENCHMARKS.md, run 21).
  python3 crates/ai/bench/blunders.py choices FSF THINK VARIANT NODES DRIFT.tsv CACHE.json OUT [NAME=VALUE...]
      How good a build's picks are on a drift file: THINK (the `think` example) searches
      each position afresh with NODES nodes, two processes at once, NAME=VALUE pairs in
      its environment, and each pick is judged like the drift file's moves (at its depth:
      set FSF_DEPTH when it was not 12). CACHE.json keeps the judge's drops (one file per
      depth), so another build pays only for the picks it makes differently. OUT gets
      `move<TAB>drop` per position; printed: the mean drop and the drops of a pawn or
      more. Two builds compare pick by pick (`paste OUT1 OUT2`); under ~20 cp a changed
      pick is within the judge's noise over a few hundred positions.

  python3 crates/ai/bench/blunders.py curve FSF VARIANT NODES PLAYER OUT.jsonl FILE.pgn... [--games=N]
      PLAYER's lost games (the first N), every position scored by FSF at NODES nodes in
      a fresh game (White's view): one JSON line a game (FENs, moves, scores).
  python3 crates/ai/bench/blunders.py turns CURVE.jsonl [VARIANT]
      Where those games turn (BENCHMARKS.md, run 47): FSF's median score from PLAYER's
      side before its move at moves 5, 10, ... 40; the move from which it stays two
      pawns or more down (see VALUES); castling by move 20, each side (VARIANT: capablanca).
  python3 crates/ai/bench/blunders.py drops CURVE.jsonl [LEAST [ABOVE]]
      PLAYER's moves (plies 10-70, from positions FSF scores above ABOVE, default -300)
      that lowered its score by LEAST (default 40) or more: fen, move, game, ply.
  python3 crates/ai/bench/blunders.py judge FSF VARIANT NODES PICK IN.tsv
      Lines `fen<TAB>move<TAB>move...` (fields that are not moves passed over): each move
      scored by FSF searching it alone (`searchmoves`) at NODES in a fresh game, the
      mover's view; PICK > 0 adds FSF's own choice at PICK nodes, last.

FSF is the Fairy-Stockfish binary (UCI, largeboards build for 10x8 boards). Needs pyffish
for replaying SAN (`pip install pyffish==0.0.90`).
"""
import concurrent.futures
import json
import os
import re
import statistics
import subprocess
import sys

import pyffish as sf

sys.path.insert(0, __file__.rsplit("/", 4)[0] + "/tools")
from replay_pgn import games, matching_moves, strip, target  # noqa: E402

DROP = 150
FLOOR = -300
FSF_DEPTH = 11


class Fsf:
    def __init__(self, path, variant, hash_mb=32):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Hash value %d" % hash_mb)
        self.send("setoption name UCI_Variant value %s" % variant)
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("FSF ended")
            lines.append(line)
            if line.startswith(word):
                return lines

    def score(self, fen, move=None, depth=FSF_DEPTH, after=None, nodes=None):
        """FSF's score (side to move's view) and best move at `depth`, or at `nodes` nodes
        in a new game (its table cleared, so earlier searches do not steer it); `move`
        alone when given; with `after`, of the position after that move."""
        if nodes:
            self.send("ucinewgame")
        self.send("position fen %s%s" % (fen, " moves " + after if after else ""))
        limit = "nodes %d" % nodes if nodes else "depth %d" % depth
        self.send("go %s%s" % (limit, " searchmoves " + move if move else ""))
        lines = self.wait("bestmove")
        score = None
        for line in lines:
            parts = line.split()
            if "score" in parts:
                i = parts.index("score")
                kind, val = parts[i + 1], int(parts[i + 2])
                score = val if kind == "cp" else (10000 - abs(val)) * (1 if val > 0 else -1)
        return score, lines[-1].split()[1]


def uci_of(variant, fen, san):
    legal = sf.legal_moves(variant, fen, [])
    to = target(san)
    cands = [m for m in legal if to is None or target(m) == to]
    hits = [m for m in cands if strip(sf.get_san(variant, fen, m)) == strip(san)]
    return hits[0] if hits else None


def mine(fsf_path, out, paths):
    rows = []
    fsf = None
    for path in paths:
        for tags, sans in games(open(path, encoding="utf-8").read()):
            variant = tags.get("Variant", "chess")
            if fsf is None:
                fsf = Fsf(fsf_path, variant)
            ours = 0 if tags.get("White") == "fairyboard" else 1
            fen = sf.start_fen(variant)
            for ply, san in enumerate(sans):
                m = uci_of(variant, fen, san)
                if m is None:
                    break
                if ply % 2 == ours and 6 <= ply <= 70:
                    best, bm = fsf.score(fen)
                    if best is not None and best > FLOOR and bm != m:
                        played, _ = fsf.score(fen, m)
                        if played is not None and best - played >= DROP:
                            rows.append((fen, m, bm, best, played))
                            print("%s\t%s\t%s\t%d\t%d" % rows[-1], flush=True)
                fen = sf.get_fen(variant, fen, [m])
    with open(out, "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write("%s\t%s\t%s\t%d\t%d\n" % r)


def check(fsf_path, inp, think, depth, variant="capablanca"):
    rows = [l.rstrip("\n").split("\t") for l in open(inp, encoding="utf-8") if l.strip()]
    fens = "\n".join(r[0] for r in rows) + "\n"
    out = subprocess.run([think, variant, str(depth), "-"], input=fens, capture_output=True,
                         text=True, check=True).stdout
    bests = [l.split()[1] for l in out.splitlines() if l.startswith("best ")]
    fsf = Fsf(fsf_path, variant)
    bad = same = 0
    for r, m in zip(rows, bests):
        fen, played, fsf_best, best = r[0], r[1], r[2], int(r[3])
        now, _ = fsf.score(fen, m)
        lost = best - now
        bad += lost >= DROP
        same += m == played
        print("%-8s %-8s loses %5d  (game move %s)" % (m, fsf_best, lost, played))
    print("positions %d: still a blunder %d, the game's move again %d" % (len(rows), bad, same))


def drift(fsf_path, variant, depth, player, out, paths):
    fsf = Fsf(fsf_path, variant)
    sums = {}
    with open(out, "w", encoding="utf-8") as fh:
        for path in paths:
            for number, (tags, sans) in enumerate(games(open(path, encoding="utf-8").read())):
                if tags.get("Variant") != variant or player not in (tags.get("White"), tags.get("Black")):
                    continue
                side = "w" if tags["White"] == player else "b"
                fen = sf.start_fen(variant)
                for ply, san in enumerate(sans[:120]):
                    hits = matching_moves(variant, fen, sf.legal_moves(variant, fen, []), san)
                    if not hits:
                        break
                    m = hits[0]
                    if fen.split()[1] == side:
                        before, best = fsf.score(fen, depth=depth)
                        after, _ = fsf.score(fen, depth=depth, after=m)
                        # Positions beyond 15 pawns are decided: they teach nothing.
                        if before is not None and after is not None and abs(before) <= 1500:
                            drop = before + after
                            fh.write(f"{fen}\t{m}\t{best}\t{before}\t{drop}\t{number}\t{ply}\n")
                            n, total = sums.get(ply // 20, (0, 0))
                            sums[ply // 20] = (n + 1, total + drop)
                    fen = sf.get_fen(variant, fen, [m])
    for bucket in sorted(sums):
        n, total = sums[bucket]
        print(f"plies {bucket * 20}-{bucket * 20 + 19}: {n} moves, mean drop {total / n:.0f} cp")


def choices(fsf_path, think, variant, nodes, drift_file, cache_path, out, pairs):
    env = dict(os.environ, **dict(a.split("=", 1) for a in pairs))
    depth = int(os.environ.get("FSF_DEPTH", "12"))
    rows = [l.rstrip("\n").split("\t") for l in open(drift_file, encoding="utf-8") if l.strip()]
    cache = json.load(open(cache_path)) if os.path.exists(cache_path) else {}
    for fen, move, _best, _before, drop, *_ in rows:
        cache.setdefault(fen + " " + move, int(drop))

    def pick(chunk):
        text = "".join(r[0] + "\n" for r in chunk)
        result = subprocess.run([think, variant, "n" + nodes, "-"], input=text,
                                capture_output=True, text=True, env=env, check=True)
        return [l.split()[1] for l in result.stdout.splitlines() if l.startswith("best")]

    def judge(items):
        fsf = Fsf(fsf_path, variant)
        return [(fen + " " + m, before + fsf.score(fen, depth=depth, after=m)[0])
                for fen, m, before in items]

    half = len(rows) // 2
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        first, second = pool.map(pick, [rows[:half], rows[half:]])
    moves = first + second
    if len(moves) != len(rows):
        sys.exit(f"{think} answered {len(moves)} of {len(rows)} positions")
    todo = [(r[0], m, int(r[3])) for r, m in zip(rows, moves) if r[0] + " " + m not in cache]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for found in pool.map(judge, [todo[0::2], todo[1::2]]):
            cache.update(found)
    json.dump(cache, open(cache_path, "w"))
    # A mate counts as ten pawns: one lost game should not outweigh every other position.
    lost = [min(cache[r[0] + " " + m], 1000) for r, m in zip(rows, moves)]
    with open(out, "w", encoding="utf-8") as fh:
        fh.writelines(f"{m}\t{d}\n" for m, d in zip(moves, lost))
    same = sum(m == r[1] for r, m in zip(rows, moves))
    print(f"positions {len(rows)}: mean drop {sum(lost) / len(lost):.1f} cp, "
          f"{sum(d >= 100 for d in lost)} of a pawn or more, {same} as in the games, "
          f"{len(todo)} newly judged")


# Material by type for `turns` (royals count nothing): pawn 1, knight 3, bishop 3.5,
# rook 5, archbishop 8, queen and chancellor 9.
VALUES = {"p": 1, "n": 3, "b": 3.5, "r": 5, "a": 8, "q": 9, "c": 9}


def material(fen):
    """White's material less Black's, in pawns."""
    return sum(VALUES.get(ch.lower(), 0) * (1 if ch.isupper() else -1)
               for ch in fen.split()[0])


def castles(variant, fen, move):
    """Whether `move` (UCI) castles in `fen`: FSF writes it O-O or O-O-O."""
    return sf.get_san(variant, fen, move).startswith("O-O")


def curve(fsf_path, variant, nodes, player, out, paths, limit):
    """Every position of PLAYER's lost games scored at `nodes` (White's view), one JSON
    line a game."""
    fsf = Fsf(fsf_path, variant, hash_mb=64)
    done = 0
    with open(out, "w", encoding="utf-8") as fh:
        for path in paths:
            for tags, sans in games(open(path, encoding="utf-8").read()):
                points = {"1-0": 1, "0-1": 0}.get(tags.get("Result"))
                if points is None or player not in (tags.get("White"), tags.get("Black")):
                    continue
                if (points == 1) == (tags["White"] == player) or done >= limit:
                    continue
                done += 1
                # One FEN step a move, as `drift` and tools/replay_pgn.py replay.
                fens, moves = [sf.start_fen(variant)], []
                for san in sans:
                    legal = sf.legal_moves(variant, fens[-1], [])
                    hits = matching_moves(variant, fens[-1], legal, san)
                    if not hits:
                        break
                    moves.append(hits[0])
                    fens.append(sf.get_fen(variant, fens[-1], [hits[0]]))
                scores = []
                for fen in fens[:-1]:
                    s, _ = fsf.score(fen, nodes=nodes)
                    s = s or 0
                    scores.append(s if fen.split()[1] == "w" else -s)
                fh.write(json.dumps({"source": f"{path}:{tags.get('Round')}",
                                     "us_white": tags["White"] == player, "fens": fens,
                                     "moves": moves, "scores": scores}) + "\n")
                fh.flush()
                print(f"{done}: {path} round {tags.get('Round')}", file=sys.stderr)


def turns(curve_file, variant="capablanca"):
    """Where the games of a curve file turn: the score before our move by move number,
    the move from which we stay two pawns down, and castling by move 20."""
    rows = [json.loads(line) for line in open(curve_file, encoding="utf-8")]
    print(f"{len(rows)} lost games; FSF's score from our side before our move:")
    for move in range(5, 41, 5):
        values = []
        for g in rows:
            i = 2 * (move - 1) + (0 if g["us_white"] else 1)
            if i < len(g["scores"]):
                values.append((1 if g["us_white"] else -1) * g["scores"][i])
        if values:
            print(f"  move {move:2}: {len(values):3} games, median {statistics.median(values):7.1f},"
                  f" worse than -100: {sum(v < -100 for v in values)}")
    lasting, never, castled = [], 0, [0, 0]
    for g in rows:
        side = 1 if g["us_white"] else -1
        ours = [side * material(f) for f in g["fens"]]
        first = next((i for i in range(len(ours))
                      if ours[i] <= -2 and all(x <= -1 for x in ours[i:])), None)
        if first is None:
            never += 1
        else:
            lasting.append(first // 2 + 1)
        for i, m in enumerate(g["moves"][:40]):
            if castles(variant, g["fens"][i], m):
                castled[0 if (i % 2 == 0) == g["us_white"] else 1] += 1
    if len(lasting) >= 2:
        q = statistics.quantiles(lasting, n=4)
        print(f"material: {len(lasting)} games stay two pawns or more down from move "
              f"{q[0]:.0f} / {q[1]:.0f} / {q[2]:.0f} (quartiles), the earliest "
              f"{min(lasting)}; {never} never do")
    print(f"castled by move 20: us in {castled[0]} games, FSF in {castled[1]}")


def drops(curve_file, least=40, above=-300):
    """Our moves (plies 10-70, from positions better than `above`) that lowered FSF's
    score by `least` or more: fen, move, game, ply."""
    for line in open(curve_file, encoding="utf-8"):
        g = json.loads(line)
        side, s = (1 if g["us_white"] else -1), g["scores"]
        for i in range(10, min(len(s) - 1, 71)):
            if (i % 2 == 0) == g["us_white"] and side * s[i] > above \
                    and side * (s[i] - s[i + 1]) >= least:
                print(f"{g['fens'][i]}\t{g['moves'][i]}\t{g['source']}\t{i}")


def judge(fsf_path, variant, nodes, pick, inp):
    """Each move of a line `fen<TAB>move...` scored by FSF searching it alone at `nodes`
    (mover's view); with `pick` > 0 FSF's own choice at `pick` nodes is added last (its
    default 16 MB table, as run 47's figures were made)."""
    fsf = Fsf(fsf_path, variant, hash_mb=16)
    for line in open(inp, encoding="utf-8"):
        fields = line.rstrip("\n").split("\t")
        fen, moves = fields[0], [m for m in fields[1:] if re.match(r"^[a-z]\d", m)]
        own = fsf.score(fen, nodes=pick)[1] if pick else "-"
        if pick:
            moves.append(own)
        scores = {m: fsf.score(fen, m, nodes=nodes)[0] for m in dict.fromkeys(moves)}
        print(fen, own, " ".join(f"{m}:{scores[m]}" for m in moves), sep="\t", flush=True)


if __name__ == "__main__":
    a = sys.argv[1:]
    if a[0] == "mine":
        mine(a[1], a[2], a[3:])
    elif a[0] == "check":
        check(a[1], a[2], a[3], int(a[4]))
    elif a[0] == "drift":
        drift(a[1], a[2], int(a[3]), a[4], a[5], a[6:])
    elif a[0] == "choices":
        choices(a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8:])
    elif a[0] == "curve":
        paths = [x for x in a[6:] if not x.startswith("--games=")]
        limit = next((int(x.split("=")[1]) for x in a[6:] if x.startswith("--games=")), 10**9)
        curve(a[1], a[2], int(a[3]), a[4], a[5], paths, limit)
    elif a[0] == "turns":
        turns(*a[1:3])
    elif a[0] == "drops":
        drops(a[1], *map(int, a[2:4]))
    elif a[0] == "judge":
        judge(a[1], a[2], int(a[3]), int(a[4]), a[5])
    else:
        sys.exit(__doc__)
