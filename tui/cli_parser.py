"""The `evo` command line's parser (docs/cli.md), imported only for a command line that needs
parsing: a plain `evo legal|act|show FILE` is read without argparse (`tui.cli._plain`).

Given the command line, only what it needs is built (contract 10): `evo legal FILE` builds the
one command and reads no game, `evo new magic` reads magic's options, `evo new --help` every
game's.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from core import games
from core.engine.descriptor import GameDescriptor
from tui import cli
from tui.i18n import text

Command = Callable[[argparse.Namespace], int]  # a command's function: its exit code
Fill = Callable[[argparse.ArgumentParser], None]  # adds a command's arguments


class Formatter(argparse.HelpFormatter):
    """argparse's help layout, the terminal's width found without `shutil` (whose import, with
    the compression modules it brings, argparse would make every command pay for)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        if width is None:
            try:
                columns = int(os.environ.get("COLUMNS", ""))
            except ValueError:
                columns = 0
            if columns <= 0:
                try:
                    columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
                except (AttributeError, ValueError, OSError):
                    columns = 0
            width = (columns or 80) - 2
        super().__init__(prog, indent_increment, max_help_position, width)


class Parser(argparse.ArgumentParser):
    """evo's parser: its usage errors in the language of the command line."""

    def __init__(self, *args: Any, lang: str = "en", **kwargs: Any) -> None:  # argparse's own
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)
        self.lang = lang

    def error(self, message: str) -> NoReturn:
        self.exit(cli.USAGE, cli.say(self.lang, "usage_error", message=message) + "\n")


def counter(lang: str) -> Callable[[str], int]:
    """The type of a count argument: a whole number written in ASCII digits, of a sane length
    (argparse's int() takes '²' and a 5 000-digit number alike)."""

    def count(arg: str) -> int:
        body = arg[1:] if arg[:1] == "-" else arg
        shown = cli._text(arg if len(arg) <= 40 else arg[:37] + "…")
        if not body.isascii() or not body.isdigit():
            raise argparse.ArgumentTypeError(cli.say(lang, "not_number", text=shown))
        if len(body) > 12:
            raise argparse.ArgumentTypeError(cli.say(lang, "too_large", text=shown))
        return int(arg)

    return count


class Commands:
    """The sub-commands being added to evo's parser, each only if the command line runs it."""

    def __init__(self, lang: str, argv: Sequence[str] | None) -> None:
        self.lang = lang
        self.words = None if argv is None else cli.command_words(argv)
        self.count = counter(lang)
        self.parser = Parser(prog="evo", description=self.h("description"), lang=lang)
        self.parser.add_argument("--lang", choices=["ru", "en"], help=self.h("lang"))
        self.parser.add_argument("--saves-dir", help=self.h("saves_dir"))
        self.sub = self.parser.add_subparsers(dest="command", parser_class=Parser)

    def h(self, key: str, **args: object) -> str:
        return text(f"cli.help.{key}", self.lang, **args)

    def unused(self, command: str) -> bool:
        return self.words is not None and self.words[:1] != [command]

    def game_ids(self, command: str) -> list[str]:
        """The games whose options `command` may need for this command line."""
        if self.unused(command):
            return []
        if self.words is not None and len(self.words) > 1 and games.exists(self.words[1]):
            return [self.words[1]]
        return games.ids()

    def add(self, name: str, help_text: str, fn: Command,
            *fills: Fill) -> argparse.ArgumentParser | None:
        """The command's parser with its arguments, or None if the command line runs another."""
        if self.unused(name):
            return None
        # argparse %-formats help strings (not descriptions): "95%" must reach it as "95%%"
        sp = self.sub.add_parser(name, help=help_text.replace("%", "%%"), description=help_text,
                                 lang=self.lang)
        sp.set_defaults(fn=fn)
        sp.add_argument("--lang", choices=["ru", "en"], default=argparse.SUPPRESS,
                        help=self.h("lang"))
        for fill in fills:
            fill(sp)
        return sp

    def per_game(self, name: str, fn: Command, common: Fill, required: bool = True,
                 *fills: Fill) -> None:
        """A command with one sub-command per registered game, each with that game's options
        (`evo new GAME --help` lists them)."""
        help_text = self.h(name)
        sp = self.add(name, help_text, fn, *fills)
        if sp is None:
            return
        by_game = sp.add_subparsers(dest="game", metavar="GAME", parser_class=Parser,
                                    required=required)
        for game in map(games.get, self.game_ids(name)):
            gp = by_game.add_parser(game.id, help=game.name(self.lang), lang=self.lang,
                                    description=f"{help_text}: {game.name(self.lang)}")
            gp.add_argument("--lang", choices=["ru", "en"], default=argparse.SUPPRESS,
                            help=self.h("lang"))
            low, high, default = game.seats
            gp.add_argument("--players", type=self.count, metavar="N",
                            help=self.h("players", low=low, high=high, default=default))
            common(gp)
            self.game_options(gp, game)

    def game_options(self, sp: argparse.ArgumentParser, game: GameDescriptor) -> None:
        h = self.h
        group = sp.add_argument_group(h("game_options", game=game.id))
        for o in game.options:
            flag = "--" + o.key.replace("_", "-")
            text_ = game.option_help(o.key, self.lang)
            if o.kind == "bool":
                group.add_argument(flag, dest=f"opt_{o.key}", action="store_const", const="true",
                                   help=text_.replace("%", "%%"))
                continue
            allowed = o.allowed()
            if o.kind == "choice":
                text_ += h("one_of", values=", ".join(allowed), default=o.default)
            elif o.kind == "list":
                text_ += h("comma_from", values=", ".join(allowed)) if allowed else \
                    h("comma_list")
            group.add_argument(flag, dest=f"opt_{o.key}", metavar=o.key.upper(),
                               help=text_.replace("%", "%%"))
        group.add_argument("--option", action="append", metavar="KEY=VALUE",
                           help=h("option_any", example=game.options[0].key) if game.options
                           else h("option_some"))


# --- each command's arguments -----------------------------------------------------------------

def _file(sp: argparse.ArgumentParser) -> None:
    sp.add_argument("file")


def _session_commands(c: Commands) -> None:
    """The commands on a save: legal, act, undo, redo, show, replay, verify, repair, review."""
    h, count = c.h, c.count

    def new(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--seed", type=count, help=h("seed"))
        sp.add_argument("--undo", choices=["learning", "strict"], default="learning",
                        help=h("undo"))
        sp.add_argument("--names", help=h("names"))
        sp.add_argument("--out", required=True, help=h("out"))
        sp.add_argument("--force", action="store_true", help=h("force"))

    def act(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("action")
        sp.add_argument("--seat", type=count, help=h("act_seat"))

    def steps(name: str) -> Fill:
        def fill(sp: argparse.ArgumentParser) -> None:
            sp.add_argument("--steps", type=count, default=1, help=h("steps"))
            sp.add_argument("--seat", type=count, help=h(f"{name}_seat"))
        return fill

    def show(sp: argparse.ArgumentParser) -> None:
        who = sp.add_mutually_exclusive_group()
        who.add_argument("--seat", type=count, help=h("seat"))
        who.add_argument("--all", action="store_true", help=h("all"))
        sp.add_argument("--json", action="store_true", help=h("json"))

    def replay(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--text", action="store_true", help=h("text"))
        who = sp.add_mutually_exclusive_group()
        who.add_argument("--seat", type=count, help=h("text_seat"))
        who.add_argument("--all", action="store_true", help=h("text_all"))

    c.per_game("new", cli.cmd_new, new)
    c.add("legal", h("legal"), cli.cmd_legal, _file)
    c.add("act", h("act"), cli.cmd_act, _file, act)
    c.add("undo", h("undo_cmd"), cli.cmd_undo, _file, steps("undo"))
    c.add("redo", h("redo_cmd"), cli.cmd_redo, _file, steps("redo"))
    c.add("show", h("show"), cli.cmd_show, _file, show)
    c.add("replay", h("replay"), cli.cmd_replay, _file, replay)
    c.add("verify", h("verify"), cli.cmd_verify, _file)
    c.add("repair", h("repair"), cli.cmd_repair, _file)
    c.add("review", h("review"), cli.cmd_review, _file, _review_args(c))


def _review_args(c: Commands) -> Fill:
    h, count = c.h, c.count

    def review(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--seat", type=count, help=h("review_seat"))
        sp.add_argument("--seed", type=count, default=0, help=h("review_seed"))
        sp.add_argument("--worlds", type=count, default=32, help=h("review_worlds", k=32))
        sp.add_argument("--no-positions", action="store_true", help=h("no_positions"))
        sp.add_argument("--no-cache", action="store_true", help=h("no_cache"))
        sp.add_argument("--jobs", type=count, default=1, help=h("jobs"))
        sp.add_argument("--json", action="store_true", help=h("review_json"))

    return review


def _many_games_commands(c: Commands) -> None:
    """simulate, tournament, bench: commands that play many games."""
    h, count = c.h, c.count

    def simulate(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--games", type=count, default=100, help=h("games", k=100))
        sp.add_argument("--seed", type=count, default=0, help=h("seed_fixed"))
        sp.add_argument("--json", action="store_true", help=h("json"))

    def tournament(sp: argparse.ArgumentParser) -> None:
        who = sp.add_mutually_exclusive_group(required=True)
        who.add_argument("--bots", help=h("bots"))
        who.add_argument("--ladder", action="store_true", help=h("ladder"))
        sp.add_argument("--levels", help=h("ladder_levels"))
        sp.add_argument("--games", type=count, default=100, help=h("games", k=100))
        sp.add_argument("--seed", type=count, default=0, help=h("seed_fixed"))
        sp.add_argument("--jobs", type=count, default=1, help=h("jobs"))
        sp.add_argument("--record", metavar="FILE", help=h("tournament_record"))
        sp.add_argument("--json", action="store_true", help=h("json"))

    def bench(sp: argparse.ArgumentParser) -> None:
        ids = c.game_ids("bench")
        sp.add_argument("--game", choices=ids, help=h("bench_game", default=ids[0] if ids else ""))
        for flag in ("quick", "no_bots", "app", "net"):
            sp.add_argument("--" + flag.replace("_", "-"), action="store_true", help=h(flag))
        sp.add_argument("--tables", type=count, default=10, help=h("tables", default=10))
        sp.add_argument("--seats", type=count, default=2, help=h("bench_seats", default=2))
        sp.add_argument("--moves", type=count, default=200, help=h("bench_moves", default=200))
        sp.add_argument("--pace", type=count, default=0, metavar="MS", help=h("bench_pace"))
        sp.add_argument("--review", action="store_true", help=h("bench_review"))
        sp.add_argument("--positions", type=count, default=40, help=h("bench_positions", default=40))
        sp.add_argument("--json", action="store_true", help=h("json"))

    c.per_game("simulate", cli.cmd_simulate, simulate)
    c.per_game("tournament", cli.cmd_tournament, tournament)
    c.add("bench", h("bench"), cli.cmd_bench, bench)


def _net_commands(c: Commands) -> None:
    """serve, host, join, web: network play."""
    h, count = c.h, c.count

    def net(inner: bool) -> Fill:
        """--port, --bind, --drop-after; `inner`: a game's sub-command of `host`, whose defaults
        must not undo what was given before the game's name."""
        def default(value: object) -> object:
            return argparse.SUPPRESS if inner else value

        def fill(sp: argparse.ArgumentParser) -> None:
            sp.add_argument("--port", type=count, default=default(7777),
                            help=h("port", default=7777))
            sp.add_argument("--bind", default=default("127.0.0.1"), help=h("bind"))
            sp.add_argument("--drop-after", type=count, default=default(120), metavar="S",
                            help=h("drop_after"))
            sp.add_argument("--cert", metavar="FILE", default=default(None), help=h("cert"))
            sp.add_argument("--key", metavar="FILE", default=default(None), help=h("key"))
        return fill

    def host_game(sp: argparse.ArgumentParser) -> None:
        net(True)(sp)
        sp.add_argument("--seats", help=h("seats"))
        sp.add_argument("--headless", action="store_true", default=argparse.SUPPRESS,
                        help=h("headless"))

    def host(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--resume", metavar="SAVE", help=h("resume"))
        sp.add_argument("--headless", action="store_true", help=h("headless"))
        sp.set_defaults(seats=None, players=None)

    def join(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("url")
        sp.add_argument("--token", help=h("token"))
        sp.add_argument("--name", help=h("name"))
        sp.add_argument("--bot", metavar="SPEC", help=h("join_bot"))
        sp.add_argument("--ca", metavar="FILE", help=h("ca"))

    def web(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("url", nargs="?", help=h("web_url"))
        sp.add_argument("--token", help=h("token"))
        sp.add_argument("--name", help=h("name"))
        sp.add_argument("--ca", metavar="FILE", help=h("ca"))
        sp.add_argument("--port", type=count, default=8000, help=h("port", default=8000))
        sp.add_argument("--bind", default="127.0.0.1", help=h("bind"))

    c.add("serve", h("serve"), cli.cmd_serve, net(False))
    c.per_game("host", cli.cmd_host, host_game, False, net(False), host)
    c.add("join", h("join"), cli.cmd_join, join)
    c.add("web", h("web"), cli.cmd_web, web)


def build(lang: str = "en", argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line, its help in `lang` (build and use it inside `cli.argparse_words(lang)`
    for argparse's own words to be in it too); given the command line `argv`, only what it
    needs."""
    c = Commands(lang, argv)
    _session_commands(c)
    _many_games_commands(c)
    _net_commands(c)

    def scenario(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--check", action="store_true", help=c.h("check"))

    c.add("scenario", c.h("scenario"), cli.cmd_scenario, _file, scenario)
    if not c.unused("lesson"):
        from tui.lesson_cli import add_parser as add_lesson

        add_lesson(c.add, lang, Parser)
    if c.words and c.words[0] not in c.sub.choices:  # not a command: argparse's error lists them
        return build(lang)
    return c.parser
