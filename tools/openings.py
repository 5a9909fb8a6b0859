#!/usr/bin/env python3
"""Make an openings file for `fairyboard match --openings`: distinct random lines of a few
plies from a variant's start, each kept only if Fairy-Stockfish judges it balanced.

Usage:  python3 tools/openings.py VARIANT COUNT [--plies N] [--margin CP] [--depth D]
                                  [--seed S] [--fsf BINARY] > FILE

Two deterministic engines repeat the same few openings many times in a match (100 games of
capablanca against Fairy-Stockfish held about 40 distinct first twelve plies, one of them
18 times), so a score measures those lines more than the engines. Random legal plies
(pyffish, seeded) spread the games; a line that Fairy-Stockfish, searching to `--depth`,
scores beyond `--margin` centipawns either way is thrown away, so that an opening does not
decide the pair of games played from it. Prints one line of coordinate moves per opening.
Needs `pip install pyffish` and Fairy-Stockfish (default: the build script's largeboards
binary under ~/.cache/fairy-stockfish).
"""
import argparse
import os
import random
import subprocess
import sys

try:
    import pyffish as sf
except ImportError:
    sys.exit("pyffish is not installed (pip install pyffish)")


def score(engine, variant, moves, depth):
    """Fairy-Stockfish's score (centipawns, White's view) after `moves`, or None for a mate."""
    engine.stdin.write(f"position startpos moves {' '.join(moves)}\ngo depth {depth}\n")
    engine.stdin.flush()
    last = None
    for line in engine.stdout:
        if line.startswith("info") and " score " in line:
            words = line.split()
            i = words.index("score")
            last = (words[i + 1], int(words[i + 2]))
        if line.startswith("bestmove"):
            break
    if last is None or last[0] != "cp":
        return None
    return last[1] if len(moves) % 2 == 0 else -last[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant")
    ap.add_argument("count", type=int)
    ap.add_argument("--plies", type=int, default=4)
    ap.add_argument("--margin", type=int, default=60)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    default_fsf = os.path.expanduser("~/.cache/fairy-stockfish/largeboards/src/stockfish")
    ap.add_argument("--fsf", default=default_fsf)
    a = ap.parse_args()
    engine = subprocess.Popen([a.fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    engine.stdin.write(f"uci\nsetoption name UCI_Variant value {a.variant}\nisready\n")
    engine.stdin.flush()
    for line in engine.stdout:
        if line.startswith("readyok"):
            break
    rng = random.Random(a.seed)
    start = sf.start_fen(a.variant)
    seen = set()
    tries = 0
    while len(seen) < a.count and tries < a.count * 50:
        tries += 1
        moves = []
        for _ in range(a.plies):
            legal = sorted(sf.legal_moves(a.variant, start, moves))
            if not legal:
                break
            moves.append(rng.choice(legal))
        line = " ".join(moves)
        if len(moves) < a.plies or line in seen:
            continue
        s = score(engine, a.variant, moves, a.depth)
        if s is None or abs(s) > a.margin:
            continue
        seen.add(line)
        print(f"{line}")
        sys.stdout.flush()
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    if len(seen) < a.count:
        sys.exit(f"only {len(seen)} balanced openings in {tries} tries")


if __name__ == "__main__":
    main()
