#!/usr/bin/env python3
"""Positions from games, scored by Fairy-Stockfish: the data `examples/score_error.rs`
measures the evaluation against (BENCHMARKS.md, run 15).

  usage: label.py FSF VARIANT OUT N DEPTH PGN...

Replays up to 400 games of VARIANT from the PGN files (a seeded sample) under pyffish,
takes the position after every second ply from the fourth on (up to ply 100), keeps N of
them at random (seeded) and writes `FEN<TAB>centipawns` lines: FSF's score at DEPTH for
the side to move. Mate scores and scores beyond 20 pawns are left out (decided games
teach an evaluation nothing)."""
import random
import re
import subprocess
import sys

import pyffish as sf

fsf, variant, out, n, depth = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
games = []
for path in sys.argv[6:]:
    games += [g for g in re.split(r'\n(?=\[Event)', open(path).read())
              if f'[Variant "{variant}"]' in g]
random.seed(3)
random.shuffle(games)
fens = set()
for game in games[:400]:
    body = game.split('\n\n', 1)[1] if '\n\n' in game else ''
    body = re.sub(r'\{[^}]*\}', '', re.sub(r'\d+\.', '', body))
    sans = [x for x in body.split() if x not in ('1-0', '0-1', '1/2-1/2', '*')]
    start = sf.start_fen(variant)
    moves = []
    for ply, san in enumerate(sans[:100]):
        fen = sf.get_fen(variant, start, moves)
        # pyffish is slow per call: only moves to the SAN's destination are tried.
        dest = re.findall(r'[a-z]\d+', san)
        legal = sf.legal_moves(variant, start, moves)
        if dest and not san.startswith('O'):
            d = dest[-1]
            legal = [u for u in legal if re.match(r'[a-z]\d+' + d + r'(\D|$)', u)]
        uci = next((u for u in legal if sf.get_san(variant, fen, u) == san), None)
        if uci is None:
            break
        moves.append(uci)
        if ply >= 3 and ply % 2 == 1:
            fens.add(sf.get_fen(variant, start, moves))
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
