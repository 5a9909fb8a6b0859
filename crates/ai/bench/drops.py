#!/usr/bin/env python3
"""Where a player's games are lost: each of its moves scored by Fairy-Stockfish.

  usage: drops.py FSF VARIANT DEPTH PLAYER OUT PGN...   (BENCHMARKS.md, run 21)

Replays the games of VARIANT from the PGN files under pyffish and, before each move of
PLAYER (the PGN's White/Black name, e.g. `fairyboard`) in the first 120 plies, asks
Fairy-Stockfish for its score of the position at DEPTH and, again at DEPTH, for its score
after the move played. The drop is how much the move lost by that judge (the score before
minus the score after, both from the mover's view; a few centipawns either way are the
judge's own noise, as two searches of different roots never agree exactly). Writes
`FEN<TAB>move<TAB>FSF's move<TAB>score before<TAB>drop<TAB>game<TAB>ply` lines to OUT and
prints the mean drop per 20 plies: a game lost by a steady drift in the opening and a game
lost by one blunder in the end game look alike in a score table, and not here. Positions
scored beyond 15 pawns are left out (decided games).
"""
import os
import subprocess
import sys

import pyffish as sf

# The PGN reading and SAN matching of the independent replay (one implementation).
sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', '..', 'tools'))
from replay_pgn import games, matching_moves  # noqa: E402

fsf, variant, depth, player, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
engine = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def send(line):
    engine.stdin.write(line + '\n')
    engine.stdin.flush()


def score(fen, moves=''):
    """FSF's score at DEPTH for the side to move (mates as ±100 pawns) and its move."""
    send('position fen ' + fen + (' moves ' + moves if moves else ''))
    send(f'go depth {depth}')
    cp = None
    while True:
        words = engine.stdout.readline().split()
        if words and words[0] == 'bestmove':
            return cp, words[1]
        if 'score' in words:
            i = words.index('score')
            value = int(words[i + 2])
            cp = value if words[i + 1] == 'cp' else (10000 if value > 0 else -10000)


send('uci')
send(f'setoption name UCI_Variant value {variant}')
send('setoption name Hash value 64')
send('isready')
while engine.stdout.readline().strip() != 'readyok':
    pass
sums = {}
with open(out, 'w') as o:
    for path in sys.argv[6:]:
        for number, (tags, sans) in enumerate(games(open(path).read())):
            if tags.get('Variant') != variant or player not in (tags.get('White'), tags.get('Black')):
                continue
            side = 'w' if tags['White'] == player else 'b'
            fen = sf.start_fen(variant)
            for ply, san in enumerate(sans[:120]):
                hits = matching_moves(variant, fen, sf.legal_moves(variant, fen, []), san)
                if not hits:
                    break
                move = hits[0]
                if fen.split()[1] == side:
                    before, best = score(fen)
                    after, _ = score(fen, move)
                    if before is not None and after is not None and abs(before) <= 1500:
                        drop = before + after
                        o.write(f'{fen}\t{move}\t{best}\t{before}\t{drop}\t{number}\t{ply}\n')
                        n, total = sums.get(ply // 20, (0, 0))
                        sums[ply // 20] = (n + 1, total + drop)
                fen = sf.get_fen(variant, fen, [move])
engine.kill()
for bucket in sorted(sums):
    n, total = sums[bucket]
    print(f'plies {bucket * 20}-{bucket * 20 + 19}: {n} moves, mean drop {total / n:.0f} cp')
