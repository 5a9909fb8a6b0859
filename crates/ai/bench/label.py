#!/usr/bin/env python3
"""Positions from games, scored by Fairy-Stockfish: the data `examples/score_error.rs`
measures the evaluation against (BENCHMARKS.md, run 15).

  usage: label.py FSF VARIANT OUT N DEPTH PGN...

Replays up to 400 games of VARIANT from the PGN files (a seeded sample) under pyffish,
takes the position after every second ply from the fourth on (up to ply 100), keeps N of
them at random (seeded) and writes `FEN<TAB>centipawns` lines: FSF's score at DEPTH for
the side to move. Mate scores and scores beyond 20 pawns are left out (decided games
teach an evaluation nothing)."""
import os
import random
import re
import subprocess
import sys

import pyffish as sf

# The PGN reading and SAN matching of the independent replay (one implementation).
sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', '..', 'tools'))
from replay_pgn import games, matching_moves  # noqa: E402

fsf, variant, out, n, depth = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
played = []
for path in sys.argv[6:]:
    played += [sans for tags, sans in games(open(path).read()) if tags.get('Variant') == variant]
random.seed(3)
random.shuffle(played)
fens = set()
for sans in played[:400]:
    fen = sf.start_fen(variant)
    for ply, san in enumerate(sans[:100]):
        hits = matching_moves(variant, fen, sf.legal_moves(variant, fen, []), san)
        if not hits:
            break
        fen = sf.get_fen(variant, fen, [hits[0]])
        if ply >= 3 and ply % 2 == 1:
            fens.add(fen)
fens = sorted(fens)
random.seed(7)
random.shuffle(fens)
engine = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def send(line):
    engine.stdin.write(line + '\n')
    engine.stdin.flush()


send('uci')
send(f'setoption name UCI_Variant value {variant}')
send('isready')
while engine.stdout.readline().strip() != 'readyok':
    pass
with open(out, 'w') as o:
    for fen in fens[:n]:
        send('position fen ' + fen)
        send(f'go depth {depth}')
        score = None
        while True:
            line = engine.stdout.readline()
            m = re.search(r'score (cp|mate) (-?\d+)', line)
            if m:
                score = (m.group(1), int(m.group(2)))
            if line.startswith('bestmove'):
                break
        if score and score[0] == 'cp' and abs(score[1]) < 2000:
            o.write(f'{fen}\t{score[1]}\n')
send('quit')
