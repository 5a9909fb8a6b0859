#!/usr/bin/env python3
"""Replay `fairyboard match` PGNs under Fairy-Stockfish's rules (pyffish): an independent
referee for the results in BENCHMARKS.md.

Usage:  python3 tools/replay_pgn.py FILE.pgn... [--ini FILE]

For every game: each SAN move must be a legal move of FSF's variant of the same name (the
PGN's Variant tag; `chess` for "Chess"), matched by FSF's own SAN of its legal moves, and a
game the referee ended by checkmate or stalemate must end so under FSF too (no legal move,
in check or not). Prints one line per game and a total; exit status 1 on any disagreement.
Needs `pip install pyffish`.
"""
import re
import sys

try:
    import pyffish as sf
except ImportError:
    print("pyffish is not installed (pip install pyffish): skipped")
    sys.exit(0)

# Catalogue variants whose Fairy-Stockfish name differs.
FSF_NAME = {"Chess": "chess", "fide-clobberers": None}


def games(text):
    for block in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        body = re.sub(r"^\[.*$", "", block, flags=re.M)
        body = re.sub(r"\{[^}]*\}", " ", body)
        sans = [t for t in body.split()
                if not re.match(r"^\d+\.+$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
        if tags:
            yield tags, sans


def strip(san):
    return san.rstrip("+#!?")


def replay(tags, sans):
    name = tags.get("Variant", "chess")
    variant = FSF_NAME.get(name, name)
    if variant is None or variant not in sf.variants():
        return None, "FSF does not know %s" % name
    start = sf.start_fen(variant)
    moves = []
    for i, san in enumerate(sans):
        fen = sf.get_fen(variant, start, moves)
        legal = sf.legal_moves(variant, start, moves)
        hits = [m for m in legal if strip(sf.get_san(variant, fen, m)) == strip(san)]
        if len(hits) != 1:
            return False, "ply %d: %s is %s under FSF" % (
                i + 1, san, "ambiguous" if hits else "not legal")
        moves.append(hits[0])
    reason = tags.get("Termination", "")
    result = tags.get("Result", "*")
    if reason in ("checkmate", "stalemate"):
        if sf.legal_moves(variant, start, moves):
            return False, "%s by our referee, but FSF has moves" % reason
        in_check = sf.gives_check(variant, start, moves)
        if (reason == "checkmate") != in_check:
            return False, "%s by our referee, FSF in check: %s" % (reason, in_check)
    return True, "%d plies, %s (%s)" % (len(moves), result, reason)


def main():
    args = sys.argv[1:]
    if "--ini" in args:
        i = args.index("--ini")
        with open(args[i + 1], encoding="utf-8") as fh:
            sf.load_variant_config(fh.read())
        del args[i:i + 2]
    bad = checked = skipped = 0
    for path in args:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        for n, (tags, sans) in enumerate(games(text), 1):
            ok, what = replay(tags, sans)
            label = "%s #%d (%s)" % (path, n, tags.get("Variant", "?"))
            if ok is None:
                skipped += 1
            elif ok:
                checked += 1
            else:
                bad += 1
            print("%s: %s %s" % (label, {None: "skipped", True: "agrees", False: "DIFFERS"}[ok], what))
    print("%d games agree with Fairy-Stockfish, %d differ, %d skipped" % (checked, bad, skipped))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
