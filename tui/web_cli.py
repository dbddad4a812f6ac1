"""`evo web`: the app in a browser (#24, docs/network.md, "In a browser"), served by
textual-serve, an optional extra (`pip install .[web]`): every page opened starts the app in a
process of its own on this machine, shown in the page. With a table's address (and a token),
the page opens at that table, as `evo join` does; without, at the menu (Play online is there).
Imported only by `evo web`."""

from __future__ import annotations

import argparse
import shlex
import sys

from tui.cli import OK, UserError, _lang, _text, say


def command(args: argparse.Namespace) -> str:
    """The shell command each page runs: `evo` itself, with this command line's options."""
    evo = [sys.executable, "-c", "from tui.evo import run; run()"]
    if args.lang:
        evo += ["--lang", args.lang]
    if args.saves_dir:
        evo += ["--saves-dir", args.saves_dir]
    if args.url:
        evo += ["join", args.url]
        for flag, value in (("--token", args.token), ("--name", args.name), ("--ca", args.ca)):
            if value:
                evo += [flag, value]
    return shlex.join(evo)


def cmd_web(args: argparse.Namespace) -> int:
    lang = _lang(args)
    try:
        from textual_serve.server import Server
    except ImportError:
        raise UserError(say(lang, "web_missing", package="textual-serve",
                            install="pip install '.[web]'")) from None
    if args.url and not args.url.startswith(("ws://", "wss://")):
        raise UserError(say(lang, "web_url", url=_text(args.url)))
    if not args.bind.startswith("127.") and args.bind not in ("localhost", "::1"):
        print(say(lang, "web_bind_wide", bind=args.bind), file=sys.stderr)
    title = "Evo" if not args.url else f"Evo — {args.url}"
    Server(command(args), host=args.bind, port=args.port, title=title).serve()
    return OK
