#!/usr/bin/env python3
"""Validate tests/perft/*.perft and print node totals.

Checks per block: has `id`, `variant` (naming an existing variants/NAME.txt), `epd` and at least
one `perft` line; ids are unique; a `moves` list has as many moves as `perft 1`, no duplicates and
is sorted; `divide D ...` lines sum to `perft D`.  Prints, per file, the number of blocks and the
total of all perft counts (and the total without counts above 10 million, i.e. what a test run that
skips the huge chessprogramming.org depths would visit).

Usage: python3 tools/perft_stats.py [perft-dir]     Standard library only.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def parse(path):
    blocks, cur = [], None
    with open(path, encoding="utf-8") as fh:
        for n, raw in enumerate(fh, 1):
            line = raw.strip()
            if not line:
                cur = None
                continue
            if line.startswith("#"):
                continue
            if cur is None:
                cur = {"perft": {}, "divide": {}, "line": n}
                blocks.append(cur)
            key, _, rest = line.partition(" ")
            if key == "perft":
                d, v = rest.split()
                cur["perft"][int(d)] = int(v)
            elif key == "divide":
                d, mv, v = rest.split()
                cur["divide"].setdefault(int(d), {})[mv] = int(v)
            elif key == "moves":
                cur["moves"] = rest.split()
            else:
                cur[key] = rest
    return blocks


def check(path, variants_dir):
    errs = []
    blocks = parse(path)
    seen = set()
    for b in blocks:
        where = "%s:%d" % (os.path.basename(path), b["line"])
        for k in ("id", "variant", "epd"):
            if k not in b:
                errs.append("%s: missing %s" % (where, k))
        if not b["perft"]:
            errs.append("%s: no perft line" % where)
        if b.get("id") in seen:
            errs.append("%s: duplicate id %s" % (where, b.get("id")))
        seen.add(b.get("id"))
        if "variant" in b and not os.path.exists(os.path.join(variants_dir, b["variant"] + ".txt")):
            errs.append("%s: no catalogue file for variant %s" % (where, b["variant"]))
        if "moves" in b:
            mv = b["moves"]
            if len(mv) != b["perft"].get(1, len(mv)):
                errs.append("%s: %d moves but perft 1 = %s" % (where, len(mv), b["perft"].get(1)))
            if mv != sorted(mv) or len(set(mv)) != len(mv):
                errs.append("%s: moves not sorted/unique" % where)
        for d, split in b["divide"].items():
            if sum(split.values()) != b["perft"].get(d):
                errs.append("%s: divide %d does not sum to perft %d" % (where, d, d))
            if 1 in b["perft"] and len(split) != b["perft"][1]:
                errs.append("%s: divide %d has %d moves, perft 1 = %d"
                            % (where, d, len(split), b["perft"][1]))
    return blocks, errs


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "tests", "perft")
    variants_dir = os.path.join(REPO, "variants")
    bad = 0
    files = sorted(f for f in os.listdir(d) if f.endswith(".perft"))
    grand = 0
    for f in files:
        blocks, errs = check(os.path.join(d, f), variants_dir)
        total = sum(v for b in blocks for v in b["perft"].values())
        small = sum(v for b in blocks for v in b["perft"].values() if v <= 10_000_000)
        grand += small
        print("%-22s %3d blocks  nodes %12d  (<=10M counts only: %9d)%s"
              % (f, len(blocks), total, small, "" if not errs else "  FAIL"))
        for e in errs:
            print("    " + e)
        bad += bool(errs)
    print("total nodes (counts <= 10M): %d" % grand)
    print("%d passed, %d failed" % (len(files) - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
