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

FSF is the Fairy-Stockfish binary (UCI, largeboards build for 10x8 boards). Needs pyffish
for replaying SAN (`pip install pyffish==0.0.90`).
"""
import subprocess
import sys

import pyffish as sf

sys.path.insert(0, __file__.rsplit("/", 4)[0] + "/tools")
from replay_pgn import games, strip, target  # noqa: E402

DROP = 150
FLOOR = -300
FSF_DEPTH = 11


class Fsf:
    def __init__(self, path, variant):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Hash value 32")
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

    def score(self, fen, move=None):
        """FSF's score (side to move's view) and best move at FSF_DEPTH; `move` alone when given."""
        self.send("position fen %s" % fen)
        self.send("go depth %d%s" % (FSF_DEPTH, " searchmoves " + move if move else ""))
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


if __name__ == "__main__":
    a = sys.argv[1:]
    if a[0] == "mine":
        mine(a[1], a[2], a[3:])
    elif a[0] == "check":
        check(a[1], a[2], a[3], int(a[4]))
