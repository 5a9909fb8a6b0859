#!/usr/bin/env python3
"""Fairy-Stockfish's own score error on a labelled file: the yardstick for
`examples/score_error.rs` (BENCHMARKS.md, run 23).

  usage: fsf_error.py FSF VARIANT FILE DEPTH

FILE holds `FEN<TAB>centipawns` lines (as `label.py` writes them). Each position is
searched by FSF to DEPTH from a new game (depth 1: a move and quiescence, as our
`score_error` does at its default), and the mean squared difference of the two win
probabilities (400 centipawns = ten to one), ×10⁴, is printed: the measure of
`fairyboard_ai::fit`. FSF against its own deeper scores is favoured (the labels come
from the same evaluation), so read the figure as a floor, not a target."""
import subprocess
import sys

fsf, variant, path, depth = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
engine = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def send(line):
    engine.stdin.write(line + '\n')
    engine.stdin.flush()


def read_until(prefix):
    lines = []
    while True:
        line = engine.stdout.readline()
        if not line:
            sys.exit('the engine closed its output')
        lines.append(line)
        if line.startswith(prefix):
            return lines


def win(cp):
    return 1 / (1 + 10 ** (-cp / 400))


send('uci')
read_until('uciok')
send(f'setoption name UCI_Variant value {variant}')
send('isready')
read_until('readyok')
errors = []
for line in open(path):
    fields = line.rstrip('\n').split('\t')
    try:
        reference = float(fields[1])
    except (IndexError, ValueError):
        continue
    send('ucinewgame')
    send('position fen ' + fields[0])
    send(f'go depth {depth}')
    score = None
    for out in read_until('bestmove'):
        words = out.split()
        if 'score' in words:
            kind, value = words[words.index('score') + 1:words.index('score') + 3]
            score = int(value) if kind == 'cp' else (3000 if int(value) > 0 else -3000)
    if score is not None:
        errors.append((win(score) - win(reference)) ** 2)
send('quit')
print(f'{variant} depth {depth}: positions {len(errors)} error {sum(errors) / len(errors) * 1e4:.1f}')
