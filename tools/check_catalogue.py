#!/usr/bin/env python3
"""Sanity-check the variant catalogue (variants/*.txt).

For every Interactive Diagram definition this script
  * parses the general parameters and piece lines (a small, independent reader of the format),
  * derives the start position from the piece lines and the `symmetry` parameter,
  * compares that position with the board part of the `# fen:` header comment (Fairy-Stockfish
    letters: upper case = White, lower case = Black),
  * checks that `royal`, `maxPromote` and `promoOffset` point at existing piece lines, that every
    promoChoice ID exists, and that the header has `# name:` and `# exact:` lines.

Usage:  python3 tools/check_catalogue.py [variants-dir]
Exit status 0 when every file passes.  Standard library only.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DIR = os.path.join(os.path.dirname(HERE), "variants")


def parse_definition(text):
    """Return (header dict of lists, params dict of lists, pieces list)."""
    header, params, pieces = {}, {}, []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            m = re.match(r"#\s*([A-Za-z-]+):\s?(.*)$", line)
            if m:
                header.setdefault(m.group(1), []).append(m.group(2))
            continue
        eq = line.find("=")
        colon = line.find(":")
        if eq > 0 and (colon < 0 or eq < colon):
            key, value = line[:eq], line[eq + 1:]
            if key == "morph":
                if not pieces:
                    raise ValueError("morph before any piece line")
                pieces[-1]["morph"] = value
            else:
                params.setdefault(key, []).append(value)
            continue
        fields = line.split(":")
        if len(fields) not in (5, 6):
            raise ValueError("piece line needs 5 or 6 fields: %r" % line)
        name, pid, betza, image, squares = fields[:5]
        hand = fields[5] if len(fields) == 6 else ""
        pieces.append({"name": name, "id": pid or name[:1].upper(), "betza": betza,
                       "image": image, "squares": squares, "hand": hand})
    return header, params, pieces


def square(tok, files, ranks):
    m = re.fullmatch(r"([a-z])(\d+)", tok)
    if not m:
        raise ValueError("bad square %r" % tok)
    f, r = ord(m.group(1)) - ord("a") + 1, int(m.group(2))
    if not (1 <= f <= files and 1 <= r <= ranks):
        raise ValueError("square off board: %r" % tok)
    return f, r


def expand(tok, files, ranks):
    if "-" in tok:
        a, b = tok.split("-")
        (f1, r1), (f2, r2) = square(a, files, ranks), square(b, files, ranks)
        return [(f, r) for f in range(min(f1, f2), max(f1, f2) + 1)
                for r in range(min(r1, r2), max(r1, r2) + 1)]
    return [square(tok, files, ranks)]


def setup(params, pieces):
    files = int(params.get("files", ["8"])[-1])
    ranks = int(params.get("ranks", ["8"])[-1])
    sym = params.get("symmetry", ["mirror"])[-1]
    board = {}

    def put(sq, letter):
        if sq in board:
            raise ValueError("two pieces on one square: %r" % (sq,))
        board[sq] = letter

    for p in pieces:
        if p["name"] == "hole" or not p["squares"]:
            continue
        toks = [t.strip() for t in p["squares"].split(",")]
        if sym == "none":
            if "" in toks:
                i = toks.index("")
                white, black = toks[:i], toks[i + 1:]
            else:
                white, black = toks, []
            for t in white:
                for sq in expand(t, files, ranks):
                    put(sq, p["id"].upper())
            for t in black:
                if t:
                    for sq in expand(t, files, ranks):
                        put(sq, p["id"].lower())
        else:
            for t in toks:
                for (f, r) in expand(t, files, ranks):
                    put((f, r), p["id"].upper())
                    if sym == "mirror":
                        put((f, ranks + 1 - r), p["id"].lower())
                    elif sym == "rotate":
                        put((files + 1 - f, ranks + 1 - r), p["id"].lower())
                    else:
                        raise ValueError("unknown symmetry %r" % sym)
    return files, ranks, board


def board_from_fen(fen, files, ranks):
    placement = fen.split()[0]
    placement = placement.split("[")[0]
    rows = placement.split("/")
    if len(rows) != ranks:
        raise ValueError("FEN has %d ranks, definition %d" % (len(rows), ranks))
    board = {}
    for i, row in enumerate(rows):
        r = ranks - i
        f = 1
        for m in re.finditer(r"\d+|\+?[A-Za-z]~?|\*", row):
            tok = m.group(0)
            if tok.isdigit():
                f += int(tok)
            else:
                if tok != "*":
                    board[(f, r)] = tok.lstrip("+").rstrip("~")
                f += 1
        if f != files + 1:
            raise ValueError("FEN rank %d has %d files" % (r, f - 1))
    return board


def check_file(path):
    errors = []
    text = open(path, encoding="utf-8").read()
    header, params, pieces = parse_definition(text)
    for key in ("name", "exact", "fen"):
        if key not in header:
            errors.append("missing '# %s:' header" % key)
    n = len(pieces)
    ids = {p["id"] for p in pieces}
    for r in params.get("royal", []):
        if r.isdigit():
            if not 1 <= int(r) <= n:
                errors.append("royal=%s out of range" % r)
        elif r not in ids:
            errors.append("royal=%s names no piece" % r)
    if not params.get("royal"):
        errors.append("no royal piece")
    mp = int(params.get("maxPromote", ["1"])[-1])
    if mp > n:
        errors.append("maxPromote beyond piece list")
    if "promoOffset" in params:
        off = int(params["promoOffset"][-1])
        for i in range(mp):
            if i + off >= n:
                errors.append("promoOffset sends piece %d beyond the list" % (i + 1))
    for choice_set in params.get("promoChoice", [""])[-1].split("/"):
        for ch in re.sub(r"[*!,\d]", "", choice_set):
            if ch not in ids:
                errors.append("promoChoice ID %s names no piece" % ch)
    try:
        files, ranks, board = setup(params, pieces)
        if "fen" in header:
            want = board_from_fen(header["fen"][0], files, ranks)
            if want != board:
                diff = sorted(set(want.items()) ^ set(board.items()))
                errors.append("setup differs from FEN: %s" % diff[:8])
    except ValueError as e:
        errors.append(str(e))
    return errors


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_DIR
    bad = 0
    names = sorted(f for f in os.listdir(d) if f.endswith(".txt"))
    for f in names:
        errs = check_file(os.path.join(d, f))
        print("%-16s %s" % (f, "ok" if not errs else "FAIL"))
        for e in errs:
            print("    " + e)
        bad += bool(errs)
    print("%d passed, %d failed" % (len(names) - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
