"""Identical blocks of 6+ lines between any two files (lines compared stripped, blank lines
skipped): the figure #22 asks for, for the files given.

    .venv/bin/python scripts/dup_blocks.py tui/games/*/board.py [--min 6]
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path


def lines(path: str) -> list[str]:
    return [s for s in (line.strip() for line in Path(path).read_text().splitlines()) if s]


def blocks(a: list[str], b: list[str], least: int) -> list[int]:
    """The lengths of the maximal runs of equal lines that `a` and `b` share."""
    found, where = [], {}
    for j, line in enumerate(b):
        where.setdefault(line, []).append(j)
    seen: set[tuple[int, int]] = set()
    for i, line in enumerate(a):
        for j in where.get(line, ()):
            if (i, j) in seen or (i and j and a[i - 1] == b[j - 1]):
                continue
            k = 0
            while i + k < len(a) and j + k < len(b) and a[i + k] == b[j + k]:
                seen.add((i + k, j + k))
                k += 1
            if k >= least:
                found.append(k)
    return found


def main() -> None:
    args = sys.argv[1:]
    least = 6
    if "--min" in args:
        i = args.index("--min")
        least = int(args[i + 1])
        del args[i:i + 2]
    total = 0
    for x, y in itertools.combinations(args, 2):
        got = blocks(lines(x), lines(y), least)
        if got:
            print(f"{x} ~ {y}: {len(got)} blocks, {sum(got)} lines")
        total += len(got)
    print(f"identical blocks of {least}+ lines: {total}")


if __name__ == "__main__":
    main()
