"""Keypress and replay figures of `evo bench --app` for chosen games and sizes, in CPU time
(the process's own seconds: a busy machine's other work does not count) or wall time.

    .venv/bin/python scripts/bench_board.py [--wall] [--presses N] [--games g1,g2] [--sizes 120x40,80x24]

Prints one JSON line per game and size.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
import types

import tui.bench_app as B


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--wall", action="store_true", help="wall time instead of CPU time")
    ap.add_argument("--presses", type=int, default=60)
    ap.add_argument("--games", default="")
    ap.add_argument("--sizes", default="120x40,80x24")
    ap.add_argument("--what", default="keys,replay")
    args = ap.parse_args()
    if not args.wall:
        B.time = types.SimpleNamespace(perf_counter=time.process_time)  # type: ignore[assignment]
    from tui.games import playable

    games = args.games.split(",") if args.games else playable()
    sizes = [tuple(int(x) for x in s.split("x")) for s in args.sizes.split(",")]
    for game in games:
        for size in sizes:
            row: dict[str, object] = {"game": game, "size": f"{size[0]}x{size[1]}"}
            if "keys" in args.what:
                row["key"] = B._summary(asyncio.run(B._keypress_ms(game, args.presses, size)), "keys")
            if "replay" in args.what:
                steps, jumps = asyncio.run(B._replay_ms(game, args.presses, size))
                row["step"] = B._summary(steps, "steps")
                row["round"] = B._summary(jumps, "rounds")
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
