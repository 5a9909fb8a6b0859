#!/usr/bin/env python3
"""A best-move test suite (EPD with `bm`) at equal nodes, ours beside Fairy-Stockfish's.

Tactics are the part of playing strength a fixed-node test measures without a single game: a
suite position counts as solved when the engine's move after N nodes is one of the `bm` moves.
Both engines search each position afresh (a new searcher; `ucinewgame`), so the two counts
compare what a node buys in tactics. The suite is not in the repository; the classic ones
(e.g. Reinfeld's "Win at Chess", 300 positions) are published widely as EPD files.

    python3 tools/epd_suite.py SUITE.epd [--variant chess] [--nodes 50000] [--fsf BINARY]

Needs `pip install pyffish` (SAN → coordinates, by Fairy-Stockfish's rules) and the `think`
example (`cargo build --release -p fairyboard-ai --example think`).
"""
import argparse
import os
import re
import subprocess
import sys

import pyffish

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def read_suite(path, variant):
    """(id, FEN, set of solving moves in coordinates) for each EPD line with a `bm`."""
    cases = []
    for n, line in enumerate(open(path), 1):
        m = re.match(r"\s*(\S+ \S+ \S+ \S+)\s+(.*)", line)
        bm = m and re.search(r"\bbm ([^;]+);", m.group(2))
        if not bm:
            continue
        ident = re.search(r'\bid "([^"]*)"', m.group(2))
        fen = m.group(1) + " 0 1"
        wanted = {b.rstrip("+#!?") for b in bm.group(1).split()}
        moves = {
            mv
            for mv in pyffish.legal_moves(variant, fen, [])
            if pyffish.get_san(variant, fen, mv).rstrip("+#") in wanted
        }
        if not moves:
            sys.exit(f"{path}:{n}: no legal move is written {' '.join(sorted(wanted))}")
        cases.append((ident.group(1) if ident else str(n), fen, moves))
    return cases


def ours(cases, variant, nodes):
    think = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")),
                         "release", "examples", "think")
    fens = "".join(fen + "\n" for _, fen, _ in cases)
    out = subprocess.run([think, variant, f"n{nodes}", "-"], input=fens, text=True,
                         capture_output=True, check=True,
                         env=dict(os.environ, FAIRYBOARD_VARIANTS=os.path.join(ROOT, "variants")))
    return [line.split()[1] for line in out.stdout.splitlines() if line.startswith("best ")]


def fairy_stockfish(cases, variant, nodes, binary):
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    send(f"uci\nsetoption name UCI_Variant value {variant}\nisready")
    while p.stdout.readline().strip() != "readyok":
        pass
    best = []
    for _, fen, _ in cases:
        send(f"ucinewgame\nposition fen {fen}\ngo nodes {nodes}")
        for line in p.stdout:
            if line.startswith("bestmove"):
                best.append(line.split()[1])
                break
    send("quit")
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("suite")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--nodes", type=int, default=50000)
    ap.add_argument("--fsf", default=os.path.expanduser(
        "~/.cache/fairy-stockfish/largeboards/src/stockfish"))
    args = ap.parse_args()
    cases = read_suite(args.suite, args.variant)
    for name, picks in (("fairyboard", ours(cases, args.variant, args.nodes)),
                        ("Fairy-Stockfish",
                         fairy_stockfish(cases, args.variant, args.nodes, args.fsf))):
        missed = [c[0] for c, pick in zip(cases, picks) if pick not in c[2]]
        print(f"{name}: {len(cases) - len(missed)} of {len(cases)} at {args.nodes} nodes;"
              f" missed {' '.join(missed)}")


if __name__ == "__main__":
    main()
