#!/usr/bin/env python3
"""Fairy-Stockfish oracle (via pyffish) for perft counts and legal-move lists.

Needs `pip install pyffish` (tested with pyffish 0.0.90 = Fairy-Stockfish 230826, a large-board
build, so 10x10 / 12x8 variants work).  Nothing else in the repository depends on this tool; it
exists to produce and re-check reference numbers.

Commands
  perft  VARIANT FEN DEPTH [--divide] [--ini FILE]
         print perft(1..DEPTH) (or only DEPTH with --divide, plus the per-move split)
  moves  VARIANT FEN [--ini FILE]
         print the sorted legal-move list
  fen    VARIANT FEN MOVE... [--ini FILE]
         print the FEN after playing the moves
  suite  GAME... [--out DIR] [--check]
         (re)generate tests/perft/GAME.perft for the extra catalogue games listed in SUITES:
         start position (perft + divide), 10 seeded random positions and the SPECIAL positions
  verify-shared [--shared DIR]
         recompute a sample of the shared cases.json numbers to show the oracle agrees
  random-diff [GAME...] [--games N] [--plies N] [--fairyboard BIN]
         play N seeded random games of up to --plies plies in each catalogue game whose
         header says 'exact: yes' and 'exact-from-fen: yes'; at every ply compare
         `fairyboard moves GAME --fen FEN` with Fairy-Stockfish's legal moves (positions no
         suite names; exit 1 on any difference, the first three per game printed)

FEN may be the word `start` for the variant's start position.  VARIANT is a Fairy-Stockfish
built-in name or a name defined in the --ini file (loaded with pyffish.load_variant_config).

Perft semantics (same as shared/reference/perft/cases.json): full legal moves as Fairy-Stockfish
generates them, the position taken from the FEN without earlier history, leaf counting by the
length of the legal-move list.  Moves below the root are applied as a move list from the root FEN
(pyffish re-plays them), so FSF keeps its full state inside the tree.
"""
import argparse
import json
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

try:
    import pyffish as sf
except ImportError:  # pragma: no cover - reported to the user
    sf = None


def need_sf():
    if sf is None:
        raise SystemExit("pyffish is not installed (pip install pyffish)")


CUSTOM_INI = os.path.join(HERE, "fsf_custom.ini")


def custom_section(variant):
    """The [variant...] section of tools/fsf_custom.ini as lines, or None."""
    if not os.path.exists(CUSTOM_INI):
        return None
    out, inside = [], False
    with open(CUSTOM_INI, encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if line.startswith("["):
                inside = line[1:].split("]")[0].split(":")[0] == variant
            if inside and line.strip():
                out.append(line)
    return out or None


def load_ini(path):
    if path:
        with open(path, encoding="utf-8") as fh:
            sf.load_variant_config(fh.read())


def resolve_fen(variant, fen):
    return sf.start_fen(variant) if fen == "start" else fen


def legal(variant, fen, path=()):
    return sorted(sf.legal_moves(variant, fen, list(path)))


class Counter:
    calls = 0


def perft(variant, fen, depth, path=()):
    """Number of leaf nodes `depth` plies below the position fen + path."""
    Counter.calls += 1
    moves = sf.legal_moves(variant, fen, list(path))
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for m in moves:
        total += perft(variant, fen, depth - 1, tuple(path) + (m,))
    return total


def divide(variant, fen, depth):
    out = {}
    for m in legal(variant, fen):
        out[m] = perft(variant, fen, depth - 1, (m,)) if depth > 1 else 1
    return out


# ---------------------------------------------------------------------------------------------
# Suites for the catalogue games that have no shared reference data.

FSF_LABEL = None


def fsf_label():
    info = sf.info().replace(" by Fabian Fichter", "")
    return "%s via pyffish %s" % (info, ".".join(str(x) for x in sf.version()))


# game -> (FSF variant, start depth, number of random positions[, catalogue variant, start FEN]):
# the optional two make a suite of a catalogue variant from another start position (the suite's
# file is named after the key, its positions are played in the catalogue variant).
SUITES = {
    "grand": ("grand", 3, 10),
    "gothic": ("gothic", 4, 10),
    "janus": ("janus", 4, 10),
    "courier": ("courier", 4, 10),
    "minishogi": ("minishogi", 5, 10),
    "knightmate": ("knightmate", 4, 10),
    "amazon": ("amazon", 4, 10),
    "chancellor": ("chancellor", 4, 10),
    "spartan": ("spartan", 4, 10),
    "atomic": ("atomic", 4, 10),
    "nocastle": ("nocastle", 4, 10),
    "asean": ("asean", 4, 10),
    "ai-wok": ("ai-wok", 4, 10),
    # Promotions and captures of promoted pieces (FSF's `~`): pawns on both 7th ranks.
    # Games FSF has no built-in for: their FSF definitions are in tools/fsf_custom.ini.
    "fide-nutters": ("fide-nutters", 4, 10),
    "fide-rookies": ("fide-rookies", 4, 10),
    "great-shatranj": ("great-shatranj", 4, 10),
    "roman": ("roman", 3, 10),
    "mexican": ("mexican", 3, 10),
    "crazyhouse-promoted": ("crazyhouse", 3, 12, "crazyhouse",
                            "r3k2r/PPP3PP/8/8/8/8/ppp3pp/R3K2R[] w KQkq - 0 1"),
}
MIN_PLY, MAX_PLY = 8, 40

# Hand-picked positions that exercise the rules most likely to go wrong, per game:
# (FEN, perft depth, what it tests).  Counted like the random positions (from the FEN).
SPECIAL = {
    "fide-nutters": [
        ("t3k2t/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1", 3,
         "the Nutters' king castles with the charging rooks"),
        ("4k3/P7/8/8/8/8/7p/4K3 w - - 0 1", 3,
         "promotion to any piece of either army"),
    ],
    "fide-rookies": [
        ("s3k2s/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1", 3,
         "the Rookies' king castles with the short rooks"),
        ("4k3/P7/8/8/8/8/7p/4K3 w - - 0 1", 3,
         "promotion to any piece of either army"),
    ],
    "great-shatranj": [
        ("4k5/1P8/10/10/10/10/8p1/4K5 w - - 0 1", 3,
         "pawns promote to the guard only"),
    ],
    "grand": [
        ("r8r/1nbqkcabn1/ppp1pppppp/3P6/10/10/10/PPP1PPPPPP/1NB1KCAB2/9R w - - 0 1", 2,
         "white lacks N, R, Q: d7 may stay a pawn on rank 8 or promote to n, q or r only"),
        ("r1r7/1nbPkcabn1/ppp1pppppp/10/10/10/10/PPP1PPPPPP/1NBQKCAB2/R8R w - - 0 1", 2,
         "pawn on rank 9 with only a knight missing: it must promote (to n) on rank 10"),
        ("r1r7/1nbPkcabn1/ppp1pppppp/10/10/10/10/PPP1PPPPPP/1NBQKCABN1/R8R w - - 0 1", 2,
         "nothing captured: the rank-9 pawn cannot move to rank 10 at all"),
    ],
    "spartan": [
        ("R1k2k2/8/8/8/8/8/8/4R2K b - - 0 1", 3,
         "duple check: one Spartan king may stay in check, but no move may leave both attacked"),
        ("2k5/8/8/8/8/8/1h6/1R2K3 b - - 0 1", 3,
         "one Spartan king left: the hoplite may promote to K as well as G, W, L, C"),
        ("2k2k2/8/8/8/8/8/1h6/4K3 b - - 0 1", 3,
         "two Spartan kings: no promotion to K"),
        ("lgkcckwl/8/8/8/8/8/8/R3K2R w KQ - 0 1", 2,
         "white castling on both wings; Black has no castling rights"),
    ],
    "atomic": [
        ("4k3/8/1b6/8/8/8/P4N2/6K1 w - - 0 1", 3,
         "a threat to blow up the king by capturing a neighbour is not check (a2a3 legal)"),
        ("8/8/8/4Q3/8/8/4n3/3K1k2 w - - 0 1", 3,
         "Qxe2 would destroy both kings and is illegal"),
        ("8/8/8/3k4/3K4/8/8/7r w - - 0 1", 3,
         "touching kings: no check between them, kings never capture"),
        ("4k3/2np4/8/4P3/2N5/8/8/4K3 b - - 0 1", 3,
         "en passant explosion centred on the capturing pawn's destination (d7d5 e5d6)"),
    ],
    "janus": [
        ("r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1", 3,
         "castling e1b1 (rook a1-c1) and e1i1 (rook j1-h1), and the same for Black"),
    ],
    "gothic": [
        ("r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", 3,
         "castling f1c1 and f1i1 on a 10-file board"),
    ],
    "roman": [
        ("r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", 3,
         "castling f1c1 (rook a1-d1) and f1i1 (rook j1-h1) on a 10x10 board"),
        ("5k4/P9/10/10/10/10/10/10/9p/5K4 w - - 0 1", 3,
         "promotion on the tenth rank to Q, R, B, N or A"),
    ],
    "mexican": [
        ("5k4/10/10/10/10/10/4p5/10/3P6/5K4 w - - 0 1", 3,
         "the pawn's triple step passes two squares; the e4 pawn may take en passant"),
        ("5k4/2p7/10/10/3P6/10/10/10/10/5K4 b - - 0 1", 3,
         "Black's triple step c9-c6 and double step c9-c7 beside the d6 pawn"),
    ],
    "chancellor": [
        ("r3k3r/ppppppppp/9/9/9/9/9/PPPPPPPPP/R3K3R w KQkq - 0 1", 3,
         "castling e1c1 and e1g1 with rooks on a1 and i1 (9x9)"),
    ],
    "knightmate": [
        ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", 3,
         "the royal knight castles like a king"),
    ],
    "amazon": [
        ("r3k2r/8/8/8/8/8/8/R2AK2R w KQkq - 0 1", 3,
         "amazon next to the castling king; knight-type checks on an open board"),
    ],
    "courier": [
        ("5kr5/12/12/12/12/12/12/5K6 w - - 0 1", 3,
         "bare white king against K + R: the game goes on (counter-baring still possible)"),
        ("5k6/12/12/12/12/12/12/3RMK6 b - - 0 1", 2,
         "bare black king against K + R + M: no legal moves (FSF's baring rule)"),
        ("5kr5/12/12/12/12/12/12/3RMK6 w - - 0 1", 3,
         "capturing the last black piece bares the king"),
    ],
    "crazyhouse-promoted": [
        ("4k2r/8/8/8/8/8/8/4K2Q~[] b - - 0 1", 3,
         "a promoted queen taken by the rook goes to Black's hand as a pawn"),
        ("r3k3/8/8/8/8/8/8/N~3K3[] b - - 0 1", 3,
         "a promoted knight taken goes to the hand as a pawn (no rank-1/8 pawn drops)"),
        ("1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1", 3,
         "capture-promotion a7b8: the rook goes to the hand as a rook, the new piece is marked"),
    ],
    "minishogi": [
        ("1S2k/5/5/5/K4[-] w 0 1", 3,
         "a silver leaving the promotion zone may promote (b5a4+)"),
        ("k4/5/5/P4/4K[P] w 0 1", 3,
         "nifu: no pawn drop on the a-file; no pawn drop on the last rank"),
        ("2k2/S3S/2G2/5/4K[P] w 0 1", 2,
         "pawn-drop mate P@c4: listed by FSF 0.0.90 (uchifuzume not enforced)"),
    ],
}


def catalogue_facts(game):
    """The '# exact', '# exact-from-fen', '# diff' and '# note' lines of variants/GAME.txt."""
    path = os.path.join(REPO, "variants", game + ".txt")
    facts = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                body = line[1:].strip() if line.startswith("#") else None
                if body and body.split(":", 1)[0] in ("exact", "exact-from-fen", "diff"):
                    facts.append(body)
    return facts


def random_position(variant, start, seed):
    rng = random.Random(seed)
    ply = rng.randint(MIN_PLY, MAX_PLY)
    path = []
    for _ in range(ply):
        moves = legal(variant, start, path)
        if not moves:
            break
        path.append(rng.choice(moves))
    return path


def build_suite(game):
    variant, depth, npos, *custom = SUITES[game]
    ini = custom_section(variant)
    if ini:
        load_ini(CUSTOM_INI)
    catalogue, start = custom if custom else (game, sf.start_fen(variant))
    t0 = time.time()
    Counter.calls = 0
    counts = {}
    for d in range(1, depth):
        counts[d] = perft(variant, start, d)
    div = divide(variant, start, depth)
    counts[depth] = sum(div.values())
    lines = []
    w = lines.append
    w("# %s: Fairy-Stockfish oracle perft data for catalogue variant '%s'" % (game, catalogue))
    if ini:
        w("# source: %s, FSF variant '%s' defined in tools/fsf_custom.ini" % (fsf_label(), variant))
        w("# fsf-ini: the custom variant definition given to Fairy-Stockfish:")
        for line in ini:
            w("#   " + line)
    else:
        w("# source: %s, FSF built-in variant '%s' with its default settings" % (fsf_label(), variant))
    w("# generated by tools/fsf_oracle.py suite %s; do not edit by hand" % game)
    w("# random positions: seed '%s/<i>', %d..%d plies of uniformly random legal moves from the start"
      % (game, MIN_PLY, MAX_PLY))
    w("# position (fewer if the game ended); each is then counted from its FEN without history.")
    if custom:
        w("# start position: %s (not the variant's own)" % start)
    w("# how variants/%s.txt relates to FSF (copied from its header):" % catalogue)
    for fact in catalogue_facts(catalogue):
        w("#   " + fact)
    w("")
    w("id %s-start" % game)
    w("variant %s" % catalogue)
    w("epd %s" % start)
    for d in sorted(counts):
        w("perft %d %d" % (d, counts[d]))
    for m in sorted(div):
        w("divide %d %s %d" % (depth, m, div[m]))
    w("")
    total_nodes = sum(counts.values())
    for i in range(npos):
        seed = "%s/%d" % (game, i)
        path = random_position(variant, start, seed)
        fen = sf.get_fen(variant, start, path)
        moves = legal(variant, fen)
        via_path = legal(variant, start, path)
        if moves != via_path:
            raise SystemExit("%s: FEN round trip changes the legal moves (%s)" % (seed, fen))
        p2 = sum(len(sf.legal_moves(variant, fen, [m])) for m in moves)
        total_nodes += len(moves) + p2
        check = sf.gives_check(variant, fen, [])
        w("# %s: %d plies from the start position; in check: %s"
          % (seed, len(path), "yes" if check else "no"))
        w("# line: %s" % " ".join(path))
        if not moves:
            w("# no legal moves: the game is over in this position")
        w("id %s-rand-%02d" % (game, i))
        w("variant %s" % catalogue)
        w("epd %s" % fen)
        w("perft 1 %d" % len(moves))
        w("perft 2 %d" % p2)
        w(("moves " + " ".join(moves)).rstrip())
        w("")
    for i, (fen, depth, what) in enumerate(SPECIAL.get(game, [])):
        if sf.validate_fen(fen, variant) != sf.FEN_OK:
            raise SystemExit("%s: invalid special FEN %s" % (game, fen))
        moves = legal(variant, fen)
        counts = [perft(variant, fen, d) for d in range(1, depth + 1)]
        total_nodes += sum(counts)
        w("# hand-picked position: %s; in check: %s"
          % (what, "yes" if sf.gives_check(variant, fen, []) else "no"))
        w("id %s-pos-%02d" % (game, i))
        w("variant %s" % catalogue)
        w("epd %s" % fen)
        for d, n in enumerate(counts, 1):
            w("perft %d %d" % (d, n))
        w(("moves " + " ".join(moves)).rstrip())
        w("")
    text = "\n".join(lines).rstrip("\n") + "\n"
    return text, total_nodes, time.time() - t0


def cmd_suite(args):
    need_sf()
    out_dir = args.out
    os.makedirs(out_dir, exist_ok=True)
    games = args.games or sorted(SUITES)
    bad = 0
    for game in games:
        if game not in SUITES:
            raise SystemExit("unknown suite %r (known: %s)" % (game, ", ".join(sorted(SUITES))))
        text, nodes, secs = build_suite(game)
        path = os.path.join(out_dir, game + ".perft")
        if args.check:
            old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
            same = old == text
            bad += not same
            print("%-12s %s (%d nodes, %.0fs)" % (game, "same" if same else "DIFFERS", nodes, secs))
        else:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
            print("%-12s wrote %s (%d nodes, %.0fs)" % (game, os.path.relpath(path, REPO), nodes, secs))
        sys.stdout.flush()
    return 1 if bad else 0


def cmd_verify_shared(args):
    """Recompute some shared reference numbers (cheap ones) to show the oracle agrees."""
    need_sf()
    with open(os.path.join(args.shared, "reference", "perft", "cases.json"), encoding="utf-8") as fh:
        data = json.load(fh)
    ok = bad = 0
    for case in data["cases"]:
        if case.get("ini"):
            sf.load_variant_config(case["ini"])
        v, fen = case["variant"], case["fen"]
        depth = min(3, case["depth"])
        got = perft(v, fen, depth)
        want = case["perft"][str(depth)]
        for pos in case["positions"][:3]:
            mv = legal(v, pos["fen"])
            p2 = sum(len(sf.legal_moves(v, pos["fen"], [m])) for m in mv)
            good = mv == pos["legal_moves"] and p2 == pos.get("perft2", 0)
            ok += good
            bad += not good
        good = got == want
        ok += good
        bad += not good
        print("%-15s perft(%d) %s %d" % (case["id"], depth, "==" if good else "!=", want))
    print("%d passed, %d failed" % (ok, bad))
    return 1 if bad else 0


def cmd_random_diff(args):
    import re
    import subprocess
    load_ini(CUSTOM_INI)
    env = dict(os.environ, FAIRYBOARD_VARIANTS=os.path.join(REPO, "variants"))
    names = args.games_list or sorted(f[:-4] for f in os.listdir(os.path.join(REPO, "variants"))
                                      if f.endswith(".txt"))
    total = failed = 0
    for name in names:
        with open(os.path.join(REPO, "variants", name + ".txt"), encoding="utf-8") as fh:
            text = fh.read()
        m = re.search(r"^# fsf-variant: (\S+)", text, re.M)
        if not m or "# exact: yes" not in text or "# exact-from-fen: yes" not in text:
            continue
        variant = m.group(1)
        start_line = re.search(r"^# fen: (.*)$", text, re.M)
        start = start_line.group(1).strip() if start_line else sf.start_fen(variant)
        diffs = 0
        for g in range(args.games):
            rng = random.Random("%s/%d" % (name, g))
            path = []
            for _ in range(args.plies):
                fen = sf.get_fen(variant, start, path)
                want = legal(variant, fen)
                out = subprocess.run([args.fairyboard, "moves", name, "--fen", fen],
                                     capture_output=True, text=True, env=env)
                got = sorted(out.stdout.split())
                total += 1
                if got != want:
                    diffs += 1
                    if diffs <= 3:
                        print("DIFF %s %s: extra %s, missing %s %s" % (
                            name, fen, sorted(set(got) - set(want))[:8],
                            sorted(set(want) - set(got))[:8], out.stderr.strip()[:200]))
                    break
                if not want:
                    break
                path.append(rng.choice(want))
        failed += diffs
        print("%s: %s" % (name, "agrees" if diffs == 0 else "%d games differ" % diffs), flush=True)
    print("positions compared: %d, differences: %d" % (total, failed))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description="Fairy-Stockfish oracle (pyffish)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft")
    p.add_argument("variant")
    p.add_argument("fen")
    p.add_argument("depth", type=int)
    p.add_argument("--divide", action="store_true")
    p.add_argument("--ini")
    p = sub.add_parser("moves")
    p.add_argument("variant")
    p.add_argument("fen")
    p.add_argument("--ini")
    p = sub.add_parser("fen")
    p.add_argument("variant")
    p.add_argument("fen")
    p.add_argument("moves", nargs="*")
    p.add_argument("--ini")
    p = sub.add_parser("suite")
    p.add_argument("games", nargs="*")
    p.add_argument("--out", default=os.path.join(REPO, "tests", "perft"))
    p.add_argument("--check", action="store_true")
    p = sub.add_parser("verify-shared")
    p.add_argument("--shared", default=os.path.join(os.path.dirname(REPO), "shared"))
    p = sub.add_parser("random-diff")
    p.add_argument("games_list", nargs="*", metavar="GAME")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--plies", type=int, default=80)
    p.add_argument("--fairyboard", default=os.path.join(REPO, "target", "release", "fairyboard"))
    args = ap.parse_args()
    need_sf()

    if args.cmd == "random-diff":
        return cmd_random_diff(args)

    if args.cmd == "suite":
        return cmd_suite(args)
    if args.cmd == "verify-shared":
        return cmd_verify_shared(args)
    load_ini(args.ini)
    fen = resolve_fen(args.variant, args.fen)
    if args.cmd == "moves":
        mv = legal(args.variant, fen)
        print(len(mv))
        print(" ".join(mv))
    elif args.cmd == "fen":
        print(sf.get_fen(args.variant, fen, args.moves))
    elif args.divide:
        div = divide(args.variant, fen, args.depth)
        for m in sorted(div):
            print("%s %d" % (m, div[m]))
        print("perft %d %d" % (args.depth, sum(div.values())))
    else:
        for d in range(1, args.depth + 1):
            print("perft %d %d" % (d, perft(args.variant, fen, d)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
