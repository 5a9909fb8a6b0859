#!/usr/bin/env python3
"""Our evaluation term by term beside Fairy-Stockfish's (BENCHMARKS.md, run 33).

  usage: eval_terms.py fsf FSF VARIANT < FENS > FSF.tsv
         eval_terms.py fit FSF.tsv OURS.tsv [LIMIT]
         eval_terms.py results POSITIONS.tsv OURS.tsv PLAYER
         eval_terms.py gap CURVE.jsonl FSF.tsv OURS.tsv

`fsf` asks Fairy-Stockfish for its `eval` trace of each FEN (one a line on stdin) and
writes `FEN<TAB>classical<TAB>Term=mg,eg ...` (centipawns, White's view; positions it
does not evaluate, such as those in check, are left out). `OURS.tsv` is what
`examples/explain VARIANT --terms < FENS` writes: our score and every term's share.

`fit` takes the positions within LIMIT centipawns (default 400) by Fairy-Stockfish's
classical evaluation and prints how our score correlates with it, then a least-squares
refit of our terms' shares (each share times a factor, ridge toward 1, fitted on 70% of
the positions and tested on the rest) and each term's factor: how far each weight would
move to match its evaluation. Our shares are linear in their weights, so a factor is the
ratio of the fitted weight to today's. Run 33 found that such refits do not carry over to
games: read the factors as where the two evaluations part, not as weights to adopt.

`results` fits the same factors to game results instead (BENCHMARKS.md, run 48).
POSITIONS.tsv is what `examples/game_positions VARIANT STEP --quiet --names PGN...` writes
(FEN, result from the side to move's view, the side to move's player; `--quiet` keeps out
positions in the middle of an exchange, whose material the next move undoes: without it
run 50 found the middle game's piece values at a third of their worth, with it at one
and a third); OURS.tsv is `explain
--terms` on its FENs, in the same order. In games against a stronger engine most positions
are lost by one player, so every term that player's moves raise looks like a losing one;
a term for "PLAYER (a name's prefix) is to move" takes that out first, and each term's
factor then says how much its centipawns predict results beside the rest of the score
(1: as much; under 1: the term promises more than it wins).

`gap` reads a curve file (`blunders.py curve`: our lost games, each position scored by
Fairy-Stockfish's search) and the two term files of its FENs, and takes the positions of
plies 20-44 where its search has us 1.5 to 6 pawns behind while its material term is
within 60 cp: positions our own search steered into, lost on judgement. It prints the mean
of each of its terms and each of our shares from our side. A term our search is fooled
by shows up with the opposite sign to its counterpart (run 51, 177 positions: our
pieces' centrality +14 and mobility +5 where its mobility said -18, our king danger +1
where its king safety said -29)."""
import json
import re
import statistics
import subprocess
import sys


def fsf_terms(fsf, variant):
    engine = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    engine.stdin.write(f"uci\nsetoption name UCI_Variant value {variant}\nisready\n")
    engine.stdin.flush()
    for line in engine.stdout:
        if line.startswith("readyok"):
            break
    row = re.compile(r"\|\s*([A-Za-z ]+?)\s*\|.*\|\s*(-?[\d.]+|----)\s+(-?[\d.]+|----)\s*\|$")
    for fen in sys.stdin:
        fen = fen.strip()
        if not fen:
            continue
        engine.stdin.write(f"position fen {fen}\neval\nisready\n")
        engine.stdin.flush()
        terms, classical = [], None
        for line in engine.stdout:
            line = line.strip()
            if line.startswith("readyok"):
                break
            m = row.match(line)
            if m and m.group(2) != "----":
                mg, eg = (round(float(v) * 100) for v in m.group(2, 3))
                terms.append(f"{m.group(1).replace(' ', '_')}={mg},{eg}")
            m = re.match(r"Classical evaluation\s+([-+]?[\d.]+)", line)
            if m:
                classical = round(float(m.group(1)) * 100)
        if classical is not None:
            print("\t".join([fen, str(classical)] + terms), flush=True)


def our_shares(cells):
    """The term shares of one `explain --terms` line, split at its tabs: {name: centipawns}."""
    pairs = (p.split("=") for p in cells[2].split()) if len(cells) > 2 else ()
    return {k: int(v) for k, v in pairs}


def fsf_table(path):
    """An `fsf` file: {FEN: (classical, {term: middle-game centipawns})}."""
    table = {}
    for line in open(path, encoding="utf-8"):
        cells = line.rstrip("\n").split("\t")
        terms = {k: int(v.split(",")[0]) for k, v in (c.split("=") for c in cells[2:])}
        table[cells[0]] = (int(cells[1]), terms)
    return table


def our_table(path):
    """An `explain --terms` file: {FEN: (score, {name: share})}."""
    table = {}
    for line in open(path, encoding="utf-8"):
        cells = line.rstrip("\n").split("\t")
        table[cells[0]] = (int(cells[1]), our_shares(cells))
    return table


def fit(fsf_path, ours_path, limit):
    import numpy as np

    theirs = fsf_table(fsf_path)
    rows = [(theirs[fen][0], score, shares)
            for fen, (score, shares) in our_table(ours_path).items()
            if fen in theirs and abs(theirs[fen][0]) < limit]
    if len(rows) < 20:
        sys.exit(f"only {len(rows)} positions in common within {limit} cp")
    names = sorted({k for r in rows for k in r[2]})
    y = np.array([r[0] for r in rows], float)
    score = np.array([r[1] for r in rows], float)
    shares = np.array([[r[2].get(k, 0) for k in names] for r in rows], float)
    rest = score - shares.sum(1)  # what no weight scales (pawns, royals' values)
    order = np.random.default_rng(1).permutation(len(rows))
    train, test = order[: len(rows) * 7 // 10], order[len(rows) * 7 // 10 :]

    def solve(idx):
        x, target = shares[idx], y[idx] - rest[idx]
        spread = np.maximum(x.std(0), 3.0) ** 2 * 0.1 * len(idx)
        return np.linalg.solve(x.T @ x + np.diag(spread), x.T @ target + spread)

    def report(idx, factors):
        guess = rest[idx] + shares[idx] @ factors
        corr = np.corrcoef(guess, y[idx])[0, 1]
        return f"correlation {corr:.3f}, rms {np.sqrt(((guess - y[idx]) ** 2).mean()):.0f} cp"

    ones = np.ones(len(names))
    print(f"{len(rows)} positions; ours as it is: {report(test, ones)} (test part)")
    print(f"refitted on 70%: {report(test, solve(train))} (test part)")
    factors = solve(np.arange(len(rows)))
    for name, factor, sd in sorted(zip(names, factors, shares.std(0)), key=lambda t: -t[2]):
        print(f"{name:24} share spread {sd:6.1f} cp  factor {factor:5.2f}")


def results(positions_path, ours_path, player):
    import numpy as np
    from scipy.optimize import minimize

    rows = []
    for pos_line, ours_line in zip(open(positions_path, encoding="utf-8"),
                                   open(ours_path, encoding="utf-8")):
        fen, label, mover = pos_line.rstrip("\n").split("\t")
        cells = ours_line.rstrip("\n").split("\t")
        if cells[0] != fen:
            sys.exit(f"{ours_path} is not {positions_path}'s positions in order (at {fen})")
        view = 1 if fen.split()[1] == "w" else -1  # explain writes White's view
        rows.append((view * int(cells[1]), {k: view * v for k, v in our_shares(cells).items()},
                     (int(label) / 10000 + 1) / 2, 1 if mover.startswith(player) else -1))
    names = sorted({k for r in rows for k in r[1]})
    score = np.array([r[0] for r in rows], float)
    shares = np.array([[r[1].get(k, 0) for k in names] for r in rows], float)
    won = np.array([r[2] for r in rows])
    who = np.array([r[3] for r in rows], float)
    rest = score - shares.sum(1)  # what no weight scales (pawns, royals' values)

    def loss(cp):
        p = np.clip(1 / (1 + np.exp(-np.clip(cp, -30, 30))), 1e-6, 1 - 1e-6)
        return -(won * np.log(p) + (1 - won) * np.log(1 - p)).mean()

    # The scale from centipawns to results and the player's edge, with the score as it is.
    first = minimize(lambda a: loss(a[0] / 400 * (score + a[1] * who)), [1.0, 0.0])
    scale, edge = first.x[0] / 400, first.x[1]
    print(f"{len(rows)} positions; {player} to move is worth {edge:.0f} cp of our score; "
          f"log loss {first.fun:.4f}")

    def refit(b):
        return loss(scale * (rest + shares @ b[:-1] + b[-1] * who)) \
            + 1e-4 * ((b[:-1] - 1) ** 2).sum()

    second = minimize(refit, np.append(np.ones(len(names)), edge), method="L-BFGS-B")
    print(f"with a factor per term: log loss {second.fun:.4f}")
    for name, factor, sd in sorted(zip(names, second.x[:-1], shares.std(0)),
                                   key=lambda t: t[1]):
        print(f"{name:24} share spread {sd:6.1f} cp  factor {factor:5.2f}")


def gap(curve_path, fsf_path, ours_path, plies=(20, 44), behind=(-600, -150), even=60):
    theirs = {fen: dict(terms, classical=classical)
              for fen, (classical, terms) in fsf_table(fsf_path).items()}
    ours = {fen: dict(shares, score=score) for fen, (score, shares) in our_table(ours_path).items()}
    picked, judged = [], []
    for line in open(curve_path, encoding="utf-8"):
        g = json.loads(line)
        side = 1 if g["us_white"] else -1
        for i in range(plies[0], min(plies[1] + 1, len(g["scores"]))):
            fen, score = g["fens"][i], side * g["scores"][i]
            if fen in theirs and fen in ours and behind[0] <= score <= behind[1] \
                    and abs(theirs[fen].get("Material", 0)) <= even:
                picked.append((side, theirs[fen], ours[fen]))
                judged.append(score)
    if not picked:
        sys.exit("no position of the curve file is in both term files and judged behind")
    print(f"{len(picked)} positions, its search's mean {statistics.mean(judged):.0f} cp "
          "from our side; middle-game terms, mean from our side:")
    for label, k in (("Fairy-Stockfish", 1), ("ours", 2)):
        names = sorted({n for p in picked for n in p[k]})
        means = {n: statistics.mean(p[0] * p[k].get(n, 0) for p in picked) for n in names}
        print(f"{label}:")
        for n in sorted(names, key=lambda n: means[n]):
            print(f"  {n:24} {means[n]:7.1f}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "fsf":
        fsf_terms(args[1], args[2])
    elif len(args) in (3, 4) and args[0] == "fit":
        fit(args[1], args[2], float(args[3]) if len(args) == 4 else 400.0)
    elif len(args) == 4 and args[0] == "results":
        results(args[1], args[2], args[3])
    elif len(args) == 4 and args[0] == "gap":
        gap(args[1], args[2], args[3])
    else:
        sys.exit(__doc__)
