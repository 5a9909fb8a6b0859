#!/usr/bin/env python3
"""Replay `fairyboard match` PGNs under Fairy-Stockfish's rules (pyffish): an independent
referee for the results in BENCHMARKS.md.

Usage:  python3 tools/replay_pgn.py FILE.pgn... [--ini FILE]

For every game: each SAN move must be a legal move of FSF's variant of the same name (the
PGN's Variant tag; `chess` for "Chess"), matched by FSF's own SAN of its legal moves, and a
game the referee ended by checkmate or stalemate must end so under FSF too (no legal move,
in check or not). Prints one line per game and a total; exit status 1 on any disagreement.
Needs `pip install pyffish==0.0.90` (the version runs 7 and 8 were replayed with).
"""
import re
import sys

try:
    import pyffish as sf
except ImportError:
    print("pyffish is not installed (pip install pyffish): skipped")
    sys.exit(0)

# Catalogue variants whose Fairy-Stockfish name differs.
FSF_NAME = {"Chess": "chess"}

# Moves a variant's FSF definition cannot express, by (variant, side to move): the game is
# checked up to the first of them and then counted as skipped. The clobberer king castles
# long three squares (to b8); FSF moves both kings to the same files when castling.
INEXPRESSIBLE = {("fide-clobberers", "b"): {"O-O-O"}}


# Where our SAN's piece letters (the definition's IDs) are not FSF's: xiangqi's elephant and
# horse are B and N in our definition, E and H in FSF's SAN. Our soldier crossing the river
# becomes the definition's second soldier type, written as a promotion (`exe5=P`); FSF's
# soldier does not promote.
# Shogi's promoted pawn, lance, knight and silver (T, U, V, X in our definitions) move as
# golds and FSF writes them G, as a mover and as a promotion (`Pe7=G`).
GOLDISH = {"T": "G", "U": "G", "V": "G", "X": "G"}
LETTERS = {"xiangqi": ({"B": "E", "N": "H"}, "=P"),
           "shogi": (GOLDISH, None), "minishogi": (GOLDISH, None)}

# Variants whose FSF default notation is not SAN (shogi's is Hodges/Hosking, `P-7f`): their
# moves are compared with FSF's SAN, which writes them as we do (`Bxh8=H`, `B@f3`).
NOTATION = {"shogi": sf.NOTATION_SAN, "minishogi": sf.NOTATION_SAN}


def ours_to_fsf(variant, san):
    """Our SAN as FSF writes the same move (piece letters and morphs, see LETTERS)."""
    letters, morph = LETTERS.get(variant, ({}, None))
    if san[:1] in letters:
        san = letters[san[0]] + san[1:]
    promotion = re.search(r"=([A-Z])", san)
    if promotion and promotion.group(1) in letters:
        san = san.replace(promotion.group(0), "=" + letters[promotion.group(1)])
    if morph and morph in san:
        san = san.replace(morph, "")
    return san


def games(text):
    for block in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        body = re.sub(r"^\[.*$", "", block, flags=re.M)
        body = re.sub(r"\{[^}]*\}", " ", body)
        sans = [t for t in body.split()
                if not re.match(r"^\d+\.+$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
        if tags:
            yield tags, sans


def target(move):
    """The last square a SAN or UCI move names (its destination), or None."""
    squares = re.findall(r"[a-z][0-9]+", move)
    return squares[-1] if squares else None


def strip(san):
    # Fairy-Stockfish writes a pawn move that needs its file with the letter (`Pdf4`);
    # SAN, and fairyboard, without it (`df4`).
    # Its pawn captures straight ahead (Berolina) are `Pxb6`: the P goes either way.
    if re.match(r"^P[a-z]", san):
        san = san[1:]
    return san.rstrip("+#!?")


def matching_moves(variant, fen, legal, san):
    """The moves of `legal` (UCI, in the position `fen`) that FSF writes as `san`: usually
    one; two where an older fairyboard PGN left a pawn's file out."""
    # FSF's SAN is asked only of moves to the square the SAN names (one SAN per legal
    # move made long replays slow); castling and other square-less SANs ask all.
    san = ours_to_fsf(variant, san)
    to = target(san)
    candidates = [m for m in legal if to is None or target(m) == to]
    notation = NOTATION.get(variant, sf.NOTATION_DEFAULT)
    sans_of = {m: strip(sf.get_san(variant, fen, m, False, notation)) for m in candidates}
    hits = [m for m in candidates if sans_of[m] == strip(san)]
    if not hits and re.match(r"^[a-z]?x?[a-z][0-9]", strip(san)):
        # Pawn moves compared without their file: older fairyboard PGNs wrote a Berolina
        # pawn step without it even when two pawns reach the square (`f3` for ef3 or gf3:
        # both readings are tried), and FSF writes a pawn's straight capture without it
        # (`xb6` for bxb6).
        def fileless(s):
            return re.sub(r"^[a-wyz](?=x?[a-z][0-9])", "", s)
        hits = [m for m in candidates if fileless(sans_of[m]) == fileless(strip(san))]
    if not hits and re.match(r"^[A-Z]", san):
        # A piece move compared without its disambiguation: where two of our letters are
        # one of FSF's (shogi's tokin and gold are both G), FSF names the mover's file or
        # rank and we did not need to; both readings are tried, as above.
        def plain(s):
            return re.sub(r"^([A-Z])[a-wyz]?[0-9]*(?=x?[a-z][0-9])", r"\1", s)
        hits = [m for m in candidates if plain(sans_of[m]) == plain(strip(san))]
    return hits


def origin(move):
    """The square a UCI move starts from (None for a drop)."""
    found = re.match(r"^([a-z][0-9]+)", move)
    return found.group(1) if found and "@" not in move else None


def moved(promoted, move, san, letters):
    """`promoted` after FSF's `move` (UCI), which is our `san`: a piece FSF writes with
    another letter (`letters`, the variant's table) goes along, a captured one leaves, and
    a promotion to one of those letters adds one."""
    src = origin(move)
    if src is None:
        return promoted
    dst = target(move)
    after = {k: v for k, v in promoted.items() if k not in (src, dst)}
    promo = re.search(r"=([A-Z])", san)
    if promo and promo.group(1) in letters:
        after[dst] = promo.group(1)
    elif src in promoted:
        after[dst] = promoted[src]
    return after


def replay(tags, sans):
    name = tags.get("Variant", "chess")
    variant = FSF_NAME.get(name, name)
    if variant is None or variant not in sf.variants():
        return None, "FSF does not know %s" % name
    # One FEN step per move (replaying from the start at every ply made long games
    # quadratic); the FEN carries castling and e.p. rights, which is all legality needs.
    # A SAN that fits two FSF moves (an older fairyboard wrote Berolina pawn steps without
    # the file) is tried both ways: the game agrees when one reading replays to the end.
    result = tags.get("Result", "*")
    reason = tags.get("Termination", "")
    cut = next((i for i, san in enumerate(sans)
                if strip(san) in INEXPRESSIBLE.get((variant, "wb"[i % 2]), ())), None)
    if cut is not None:
        ok, what = replay_prefix(variant, sans[:cut])
        if not ok:
            return ok, what
        return None, "the first %d plies agree; ply %d %s is not expressible in FSF's %s" % (
            cut, cut + 1, sans[cut], variant)
    # Which of our letters stands on a square where FSF writes another (shogi's tokin and
    # promoted silver, knight and lance are all G to it), so that a move of one is read
    # only as a move of that piece, not of every G that reaches the square.
    letters = LETTERS.get(variant, ({}, None))[0]
    promoted = {}
    stack = [(0, sf.start_fen(variant), promoted)]
    failure = None
    early = None
    readings = 0
    while stack:
        i, fen, promoted = stack.pop()
        while i < len(sans):
            legal = sf.legal_moves(variant, fen, [])
            if not legal:
                # FSF's game ended here by one of its own rules (its shatranj/courier
                # bare-king rule stops move generation a few plies before the format's
                # delayed baring ends the game): the same winner agrees.
                value = sf.game_result(variant, fen, [])
                mover_white = fen.split()[1] == "w"
                fsf = "1/2-1/2" if value == 0 else ("1-0" if (value > 0) == mover_white else "0-1")
                if fsf == result:
                    # Accepted only when no other reading of an ambiguous SAN replays to
                    # the end (a wrong reading can stumble on a mate with the same winner).
                    early = early or "FSF ends the game at ply %d with the same result %s (%s)" % (
                        i + 1, result, reason)
                    break
                failure = failure or "FSF ends the game at ply %d as %s, ours %s" % (i + 1, fsf, result)
                break
            hits = matching_moves(variant, fen, legal, sans[i])
            mover = re.match(r"^([A-Z])(?!@)", strip(sans[i]))
            if mover and mover.group(1) in letters:
                hits = [m for m in hits if promoted.get(origin(m)) == mover.group(1)] or hits
            elif mover and mover.group(1) in letters.values() and len(hits) > 1:
                hits = [m for m in hits if origin(m) not in promoted] or hits
            if not hits:
                failure = failure or "ply %d: %s is not legal under FSF" % (i + 1, sans[i])
                break
            if len(hits) > 1:
                readings += 1
                if readings > 64:
                    return False, "ply %d: %s is ambiguous too often" % (i + 1, sans[i])
                for m in hits[1:]:
                    stack.append((i + 1, sf.get_fen(variant, fen, [m]),
                                  moved(promoted, m, sans[i], letters)))
            promoted = moved(promoted, hits[0], sans[i], letters)
            fen = sf.get_fen(variant, fen, [hits[0]])
            i += 1
        else:
            if reason in ("checkmate", "stalemate"):
                if sf.legal_moves(variant, fen, []):
                    failure = failure or "%s by our referee, but FSF has moves" % reason
                    continue
                in_check = sf.gives_check(variant, fen, [])
                if (reason == "checkmate") != in_check:
                    failure = failure or "%s by our referee, FSF in check: %s" % (reason, in_check)
                    continue
            note = " (an ambiguous SAN read both ways)" if readings else ""
            return True, "%d plies, %s (%s)%s" % (len(sans), result, reason, note)
    if early:
        return True, early
    return False, failure


def replay_prefix(variant, sans):
    """Whether the moves `sans` are legal in turn under FSF (no result is checked)."""
    return replay({"Variant": variant, "Result": "*", "Termination": ""}, sans)


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
