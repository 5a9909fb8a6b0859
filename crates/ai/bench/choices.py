#!/usr/bin/env python3
"""How good a build's move choices are, by Fairy-Stockfish, on positions from drops.py.

  usage: choices.py FSF THINK VARIANT NODES DROPS.tsv CACHE.json OUT [NAME=VALUE...]

THINK is the `think` example of the build (`cargo build --release -p fairyboard-ai
--example think`); it searches every position of DROPS.tsv (a `drops.py` file) afresh
with NODES nodes, two processes at once, with the NAME=VALUE pairs in its environment.
Each move it chooses is scored like drops.py's moves: Fairy-Stockfish's score after it
at the file's depth (set FSF_DEPTH to the depth drops.py used, 12 unless told), as a drop
from the file's score before. Scores are kept in CACHE.json (one file per judging depth),
so a second build pays only for the moves it chooses differently. Writes `move<TAB>drop` per position to OUT and prints the mean drop
and the count of drops of a pawn or more (BENCHMARKS.md, run 21).

Two builds compare move by move (`paste OUT1 OUT2`): only positions where they choose
differently tell them apart, and the judge's noise (±40 cp a move) makes a difference of
under 20 cp a changed move invisible over a few hundred positions.
"""
import concurrent.futures
import json
import os
import subprocess
import sys

fsf, think, variant, nodes, drops, cache_path, out = sys.argv[1:8]
env = dict(os.environ, **dict(a.split('=', 1) for a in sys.argv[8:]))
depth = int(os.environ.get('FSF_DEPTH', '12'))
rows = [line.rstrip('\n').split('\t') for line in open(drops)]
cache = json.load(open(cache_path)) if os.path.exists(cache_path) else {}
for fen, move, _best, before, drop, *_ in rows:
    cache.setdefault(fen + ' ' + move, int(drop))


def choose(chunk):
    """The build's move in each position of `chunk`."""
    text = ''.join(row[0] + '\n' for row in chunk)
    result = subprocess.run([think, variant, 'n' + nodes, '-'], input=text,
                            capture_output=True, text=True, env=env, check=True)
    return [line.split()[1] for line in result.stdout.splitlines() if line.startswith('best')]


def judge(items):
    """The drops of (FEN, move, score before) items, by one Fairy-Stockfish process."""
    engine = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line):
        engine.stdin.write(line + '\n')
        engine.stdin.flush()

    send('uci')
    send(f'setoption name UCI_Variant value {variant}')
    send('setoption name Hash value 64')
    send('isready')
    while engine.stdout.readline().strip() != 'readyok':
        pass
    found = []
    for fen, move, before in items:
        send(f'position fen {fen} moves {move}')
        send(f'go depth {depth}')
        after = 0
        while True:
            words = engine.stdout.readline().split()
            if words and words[0] == 'bestmove':
                break
            if 'score' in words:
                i = words.index('score')
                value = int(words[i + 2])
                after = value if words[i + 1] == 'cp' else (10000 if value > 0 else -10000)
        found.append((fen + ' ' + move, before + after))
    engine.kill()
    return found


half = len(rows) // 2
with concurrent.futures.ThreadPoolExecutor(2) as pool:
    first, second = pool.map(choose, [rows[:half], rows[half:]])
moves = first + second
if len(moves) != len(rows):
    sys.exit(f'{think} answered {len(moves)} of {len(rows)} positions')
todo = [(row[0], m, int(row[3])) for row, m in zip(rows, moves) if row[0] + ' ' + m not in cache]
with concurrent.futures.ThreadPoolExecutor(2) as pool:
    for found in pool.map(judge, [todo[0::2], todo[1::2]]):
        cache.update(found)
json.dump(cache, open(cache_path, 'w'))
# A mate counts as ten pawns: one lost game should not outweigh every other position.
lost = [min(cache[row[0] + ' ' + m], 1000) for row, m in zip(rows, moves)]
with open(out, 'w') as o:
    o.writelines(f'{m}\t{d}\n' for m, d in zip(moves, lost))
same = sum(m == row[1] for row, m in zip(rows, moves))
print(f'positions {len(rows)}: mean drop {sum(lost) / len(lost):.1f} cp, '
      f'{sum(d >= 100 for d in lost)} of a pawn or more, {same} as in the games, '
      f'{len(todo)} newly judged')
