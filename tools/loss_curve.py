#!/usr/bin/env python3
"""Where our lost games against Fairy-Stockfish go wrong, by its own judgement.

Usage:  python3 tools/loss_curve.py curve PGN... --out FILE.jsonl [--nodes N] [--games G]
                                         [--engine NAME] [--variant V] [--fsf BINARY]
        python3 tools/loss_curve.py summary FILE.jsonl
        python3 tools/loss_curve.py drops FILE.jsonl [--min CP] > DROPS.tsv
        python3 tools/loss_curve.py judge TSV [--nodes N] [--variant V] [--fsf BINARY]

`curve` replays each game `--engine` (default `fairyboard`) lost (pyffish, the SAN matched
as `tools/replay_pgn.py` does) and asks Fairy-Stockfish for its score of every position at
`--nodes` nodes (default 100,000), White's view; one JSON line a game (FENs, moves, scores).
`summary` prints, from our side: its score before our move at moves 5, 10, ... 40 (median,
mean, how many games stand worse than -100), and the material trajectory (pawn 1, knight
3, bishop 3.5, rook 5, archbishop 8, queen and chancellor 9): the move from which we stay
two pawns or more down, and the losses that never are. `drops` writes the positions where
our move lowered its score by `--min` (default 40) or more, from ply 10 to 70 and where we
stood better than `--above` (default -300), as `FEN<TAB>played move<TAB>game<TAB>ply`.
`judge` reads lines `FEN<TAB>move<TAB>move...` (for instance a drop with the moves our
search picks there added; fields that are not moves are passed over) and scores each move
by Fairy-Stockfish searching only it (`go nodes N searchmoves M`, default 300,000 nodes),
from the mover's view; `--pick N` adds its own pick at N nodes as the last move. One line
a position: `FEN<TAB>its pick or -<TAB>move:score ...`.

Its scores are in its UCI centipawns (a pawn is about 100 in the end game). Needs
`pip install pyffish` and Fairy-Stockfish (default: the build script's largeboards binary
under ~/.cache/fairy-stockfish).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay_pgn  # noqa: E402  (its PGN reader and SAN matching)

try:
    import pyffish as sf
except ImportError:
    sys.exit("pyffish is not installed (pip install pyffish)")

FSF = os.path.expanduser("~/.cache/fairy-stockfish/largeboards/src/stockfish")
VALUES = {"p": 1, "n": 3, "b": 3.5, "r": 5, "a": 8, "q": 9, "c": 9}
MATE = 10_000


class Engine:
    """Fairy-Stockfish over UCI, one variant, a fresh game for every search."""

    def __init__(self, binary, variant):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name Hash value 64")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def until(self, word):
        lines = []
        for line in self.p.stdout:
            lines.append(line.strip())
            if line.startswith(word):
                return lines
        sys.exit("Fairy-Stockfish stopped")

    def score(self, fen, nodes, move=None):
        """(best move, score from the side to move's view; a mate is ±MATE)."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}" + (f" searchmoves {move}" if move else ""))
        score = 0
        lines = self.until("bestmove")
        for line in lines:
            m = re.search(r" score (cp|mate) (-?\d+)", line)
            if m:
                n = int(m.group(2))
                score = n if m.group(1) == "cp" else (MATE if n > 0 else -MATE)
        return lines[-1].split()[1], score


def our_result(tags, engine):
    """1, ½ or 0 for `engine` in the game, None when it did not play."""
    points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(tags.get("Result"))
    if points is None or engine not in (tags.get("White"), tags.get("Black")):
        return None
    return points if tags["White"] == engine else 1 - points


def replay(variant, sans):
    """The FENs (start first) and UCI moves of a game, as far as its moves are legal."""
    start = sf.start_fen(variant)
    fens, moves = [start], []
    for san in sans:
        legal = sf.legal_moves(variant, start, moves)
        hits = replay_pgn.matching_moves(variant, fens[-1], legal, san)
        if not hits:
            break
        moves.append(hits[0])
        fens.append(sf.get_fen(variant, start, moves))
    return fens, moves


def material(fen):
    """White's material less Black's, in pawns (royals count nothing)."""
    total = 0.0
    for ch in fen.split()[0]:
        total += VALUES.get(ch.lower(), 0) * (1 if ch.isupper() else -1)
    return total


def curve(args):
    engine = Engine(args.fsf, args.variant)
    out = open(args.out, "w")
    done = 0
    for path in args.pgn:
        for tags, sans in replay_pgn.games(open(path).read()):
            if our_result(tags, args.engine) != 0 or done >= args.games:
                continue
            done += 1
            fens, moves = replay(args.variant, sans)
            scores = []
            for i, fen in enumerate(fens[:-1]):
                _, s = engine.score(fen, args.nodes)
                scores.append(s if fen.split()[1] == "w" else -s)
            out.write(json.dumps({"source": f"{path}:{tags.get('Round')}",
                                  "us_white": tags["White"] == args.engine,
                                  "fens": fens, "moves": moves, "scores": scores}) + "\n")
            out.flush()
            print(f"{done}: {path} round {tags.get('Round')}, {len(fens) - 1} plies",
                  file=sys.stderr)


def load(path):
    return [json.loads(line) for line in open(path)]


def summary(args):
    games = load(args.file)
    print(f"{len(games)} lost games; Fairy-Stockfish's score from our side before our move:")
    for move in range(5, 41, 5):
        values = []
        for g in games:
            i = 2 * (move - 1) + (0 if g["us_white"] else 1)
            if i < len(g["scores"]):
                side = 1 if g["us_white"] else -1
                values.append(max(-MATE, min(MATE, side * g["scores"][i])))
        if values:
            print(f"  move {move:2}: {len(values):3} games, median {statistics.median(values):7.1f},"
                  f" mean {statistics.mean(values):7.1f}, worse than -100: "
                  f"{sum(v < -100 for v in values)}")
    lasting, never = [], 0
    for g in games:
        side = 1 if g["us_white"] else -1
        ours = [side * material(f) for f in g["fens"]]
        first = next((i for i in range(len(ours))
                      if ours[i] <= -2 and all(x <= -1 for x in ours[i:])), None)
        if first is None:
            never += 1
        else:
            lasting.append(first // 2 + 1)
    if len(lasting) >= 2:
        q = statistics.quantiles(lasting, n=4)
        print(f"material: {len(lasting)} games stay two pawns or more down from move "
              f"{q[0]:.0f} / {q[1]:.0f} / {q[2]:.0f} (quartiles); {never} never do")
    castled = {"us": 0, "Fairy-Stockfish": 0}
    for g in games:
        for i, move in enumerate(g["moves"][:40]):
            if castles(g["fens"][i], move):
                castled["us" if (i % 2 == 0) == g["us_white"] else "Fairy-Stockfish"] += 1
    print(f"castled by move 20: us in {castled['us']} games, Fairy-Stockfish in "
          f"{castled['Fairy-Stockfish']}")


def castles(fen, move):
    """Whether the UCI `move` in `fen` is a royal's step of two files or more (castling)."""
    m = re.match(r"^([a-z])(\d+)([a-z])(\d+)", move)
    if not m:
        return False
    file, rank = ord(m.group(1)) - ord("a"), int(m.group(2))
    rows = fen.split()[0].split("/")
    row = rows[len(rows) - rank]
    f = 0
    for token in re.findall(r"\d+|.", row):
        if token.isdigit():
            f += int(token)
            continue
        if f == file:
            return token.lower() == "k" and abs(ord(m.group(3)) - ord(m.group(1))) >= 2
        f += 1
    return False


def drops(args):
    for g in load(args.file):
        side = 1 if g["us_white"] else -1
        s = g["scores"]
        for i in range(10, min(len(s) - 1, 71)):
            ours_to_move = (i % 2 == 0) == g["us_white"]
            if ours_to_move and side * s[i] > args.above and side * (s[i] - s[i + 1]) >= args.min:
                print(f"{g['fens'][i]}\t{g['moves'][i]}\t{g['source']}\t{i}")


def judge(args):
    engine = Engine(args.fsf, args.variant)
    for line in open(args.tsv):
        fields = line.rstrip("\n").split("\t")
        moves = [m for m in fields[1:] if re.match(r"^[a-z]\d", m)]
        fen, pick = fields[0], None
        if args.pick:
            pick = engine.score(fen, args.pick)[0]
            moves.append(pick)
        scores = {m: engine.score(fen, args.nodes, m)[1] for m in dict.fromkeys(moves)}
        print(fen, pick or "-", " ".join(f"{m}:{scores[m]}" for m in moves), sep="\t", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("curve", "judge"):
        p = sub.add_parser(name)
        p.add_argument("--variant", default="capablanca")
        p.add_argument("--fsf", default=FSF)
    c = sub.choices["curve"]
    c.add_argument("pgn", nargs="+")
    c.add_argument("--out", required=True)
    c.add_argument("--nodes", type=int, default=100_000)
    c.add_argument("--games", type=int, default=1_000_000)
    c.add_argument("--engine", default="fairyboard")
    s = sub.add_parser("summary")
    s.add_argument("file")
    d = sub.add_parser("drops")
    d.add_argument("file")
    d.add_argument("--min", type=int, default=40)
    d.add_argument("--above", type=int, default=-300)
    j = sub.choices["judge"]
    j.add_argument("tsv")
    j.add_argument("--nodes", type=int, default=300_000)
    j.add_argument("--pick", type=int, help="add its own pick at this many nodes (last)")
    args = ap.parse_args()
    {"curve": curve, "summary": summary, "drops": drops, "judge": judge}[args.cmd](args)


if __name__ == "__main__":
    main()
