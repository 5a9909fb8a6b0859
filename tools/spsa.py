#!/usr/bin/env python3
"""Tune search parameters (and evaluation weights) by SPSA in self-play at fixed nodes.

Usage:  python3 tools/spsa.py PARAMS_FILE --variant V --openings FILE --iterations N
                              [--nodes N] [--log FILE.jsonl] [--seed S] [--bin BINARY]
                              [--r-end R] [--opponent UCI_BINARY --opponent-nodes N]

Simultaneous perturbation stochastic approximation (Spall, "An Overview of the
Simultaneous Perturbation Method for Efficient Optimization", Johns Hopkins APL Technical
Digest 19(4), 1998), in the form Stockfish's testing framework uses: every iteration
moves all parameters at once by ±c_k (a random sign each), plays θ+c·Δ against θ−c·Δ on
one opening from both sides, and steps θ by a_k/c_k × (θ+'s wins less its losses) × Δ.
Gains follow a_k = a/(A+k)^0.602 and c_k = c/k^0.101 with A a tenth of the iterations, so
that the last step is `c_end` and the last learning rate `r_end` (a_end = r_end·c_end²).

PARAMS_FILE: one parameter a line, `KIND NAME START MIN MAX C_END`, KIND `search` (a name
of `fairyboard xboard --search`) or `weight` (`--weights`); `#` starts a comment.

Both engines search `--nodes` nodes a move, so the machine's load does not move a result
and two games run at once (one a core). With `--opponent` (a UCI engine, e.g.
Fairy-Stockfish, searching `--opponent-nodes` a move) θ+ and θ− each play it instead of
each other, both from the same opening and sides, and the step is taken on the difference
of their wins less losses: slower to converge than self-play, but it tunes toward what
beats that engine rather than ourselves. Every iteration appends a JSON line (k, the
result, θ) to `--log`; the last line's θ is the tuned set, read it any time.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ALPHA, GAMMA = 0.602, 0.101


def read_params(path):
    params = []
    for n, line in enumerate(open(path), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        if len(words) != 6 or words[0] not in ("search", "weight"):
            sys.exit(f"{path}:{n}: want KIND NAME START MIN MAX C_END, KIND search or weight")
        kind, name = words[:2]
        try:
            start, lo, hi, c_end = map(float, words[2:])
        except ValueError:
            sys.exit(f"{path}:{n}: START MIN MAX C_END must be numbers")
        if not lo <= start <= hi or c_end <= 0:
            sys.exit(f"{path}:{n}: want MIN <= START <= MAX and C_END > 0")
        params.append({"kind": kind, "name": name, "theta": start, "min": lo, "max": hi,
                       "c_end": c_end})
    if not params:
        sys.exit(f"{path}: no parameters")
    return params


def engine_args(params, values):
    """The `--search` and `--weights` arguments for one side's values."""
    out = []
    for kind, flag in (("search", "--search"), ("weight", "--weights")):
        pairs = [f"{p['name']}={round(v)}" for p, v in zip(params, values) if p["kind"] == kind]
        if pairs:
            out.append(f"{flag} '{' '.join(pairs)}'")
    return " ".join(out)


def match(args, engine1, engine2, openings):
    """Start a two-game match (colours swapped); returns the process."""
    cmd = [args.bin, "match", "--variant", args.variant, "--engine1", engine1,
           "--engine2", engine2, "--games", "2", "--tc", "600+5", "--openings", openings]
    if args.opponent:
        cmd += ["--protocol2", "uci", "--nodes2", str(args.opponent_nodes)]
    else:
        cmd += ["--concurrency", "2"]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def engine1_points(proc):
    """Engine 1's wins less its losses in a finished match."""
    out, err = proc.communicate()
    scores = re.findall(r"Score of .*?: (\d+) - (\d+) - (\d+)", out)
    if proc.returncode != 0 or not scores:
        sys.exit(f"match failed ({proc.returncode}): {err[-500:]}")
    wins, losses, _ = map(int, scores[-1])
    return wins - losses


def play(args, params, plus, minus, opening):
    """θ+'s wins less its losses over two games from `opening`, colours swapped, against
    θ−; or against the opponent less θ−'s there (the two matches at once)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(opening + "\n")
        openings = f.name
    try:
        engine = f"{args.bin} xboard --nodes {args.nodes}"
        e_plus = f"{engine} {engine_args(params, plus)}"
        e_minus = f"{engine} {engine_args(params, minus)}"
        if args.opponent:
            procs = [match(args, e, args.opponent, openings) for e in (e_plus, e_minus)]
            return engine1_points(procs[0]) - engine1_points(procs[1])
        return engine1_points(match(args, e_plus, e_minus, openings))
    finally:
        os.unlink(openings)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("params")
    ap.add_argument("--variant", required=True)
    ap.add_argument("--openings", required=True)
    ap.add_argument("--iterations", type=int, required=True)
    ap.add_argument("--nodes", type=int, default=10_000)
    ap.add_argument("--r-end", type=float, default=0.03,
                    help="last learning rate (Stockfish's framework: 0.002 over far more games)")
    ap.add_argument("--log", default="spsa.jsonl")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bin", default="target/release/fairyboard")
    ap.add_argument("--resume", action="store_true", help="go on from the log's last line")
    ap.add_argument("--opponent", help="a UCI engine both θ+ and θ− play (default: each other)")
    ap.add_argument("--opponent-nodes", type=int, default=10_000)
    args = ap.parse_args()

    params = read_params(args.params)
    openings = [l.strip() for l in open(args.openings) if l.strip()]
    rng = random.Random(args.seed)
    n = args.iterations
    big_a = 0.1 * n
    first = 1
    if args.resume and os.path.exists(args.log):
        lines = open(args.log).read().splitlines()
        if lines:
            last = json.loads(lines[-1])
            for p in params:
                p["theta"] = last["theta"][p["name"]]
            first = last["k"] + 1
            for _ in range(first - 1):  # the same signs and openings as an unbroken run
                rng.randrange(len(openings))
                [rng.random() for _ in params]
    for k in range(first, n + 1):
        opening = openings[rng.randrange(len(openings))]
        signs = [1 if rng.random() < 0.5 else -1 for _ in params]
        plus, minus, steps = [], [], []
        for p, s in zip(params, signs):
            c = p["c_end"] * n**GAMMA / k**GAMMA
            a_end = args.r_end * p["c_end"] ** 2
            a = a_end * (big_a + n) ** ALPHA / (big_a + k) ** ALPHA
            plus.append(min(p["max"], max(p["min"], p["theta"] + c * s)))
            minus.append(min(p["max"], max(p["min"], p["theta"] - c * s)))
            steps.append(a / c)
        result = play(args, params, plus, minus, opening)
        for p, s, step in zip(params, signs, steps):
            p["theta"] = min(p["max"], max(p["min"], p["theta"] + step * result * s))
        with open(args.log, "a") as log:
            log.write(json.dumps({"k": k, "result": result,
                                  "theta": {p["name"]: round(p["theta"], 2) for p in params}})
                      + "\n")
        if k % 10 == 0:
            print(k, engine_args(params, [p["theta"] for p in params]), flush=True)


if __name__ == "__main__":
    main()
