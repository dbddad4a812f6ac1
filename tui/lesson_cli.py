"""`evo lesson list | check [FILES] | play ID` (docs/scenarios.md, "Lessons")."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tui.i18n import text

OK, REFUSED, USAGE = 0, 1, 2


def add_parser(add: Callable[[str, str, Callable[[argparse.Namespace], int]],
                            argparse.ArgumentParser | None],
               lang: str, parser_class: type[argparse.ArgumentParser]) -> None:
    """The `lesson` command and its three sub-commands (`add` is the command adder of
    `tui.cli_parser.Commands`)."""
    def h(key: str) -> str:
        return text(f"lesson.cli.{key}", lang)

    sp = add("lesson", h("lesson"), cmd_lesson)
    if sp is None:
        return  # a command line that runs another command
    sub = sp.add_subparsers(dest="lesson_cmd", metavar="list|check|play", required=True,
                            parser_class=parser_class)
    ls = sub.add_parser("list", help=h("list"), description=h("list"), lang=lang)
    ls.add_argument("game", nargs="?", help=h("game"))
    ck = sub.add_parser("check", help=h("check"), description=h("check"), lang=lang)
    ck.add_argument("files", nargs="*", help=h("files"))
    pl = sub.add_parser("play", help=h("play"), description=h("play"), lang=lang)
    pl.add_argument("id", help=h("id"))
    for p in (ls, ck, pl):
        p.add_argument("--lang", choices=["ru", "en"], default=argparse.SUPPRESS, help=h("lang"))


def cmd_lesson(args: argparse.Namespace) -> int:
    from tui.cli import UserError, _lang

    lang = _lang(args)
    if args.lesson_cmd == "list":
        return _list(args.game, lang)
    if args.lesson_cmd == "check":
        return _check(args.files, lang)
    from core.lessons.catalog import find

    lesson = find(args.id)
    if lesson is None:
        raise UserError(text("lesson.cli.unknown", lang, id=args.id))
    from tui.app import run_lesson

    run_lesson(lesson.id, lang=args.lang, saves_dir=args.saves_dir)
    return OK


def _list(game: str | None, lang: str) -> int:
    from core.engine import registry
    from core.lessons import catalog
    from tui.cli import UserError

    if game is not None and not registry.exists(game):
        raise UserError(text("lesson.cli.unknown_game", lang, game=game,
                             known=", ".join(registry.ids())))
    shown = ""
    for le in catalog.lessons(game):
        t = le.table
        if le.game != shown:
            shown = le.game
            print(registry.get(le.game).name(lang))
        title = catalog.say(le.game, t.title, lang)
        stage = catalog.say(le.game, f"stage.{t.stage}", lang)
        print(f"  {le.id:<24} {stage}: {title}  "
              f"({text('lesson.cli.par', lang, k=t.par)}; {', '.join(t.teaches)})")
    return OK


def _check(files: list[str], lang: str) -> int:
    from core.lessons import catalog
    from core.lessons.check import check_catalog, check_file

    paths = files or [str(p) for p in catalog.every_file()]
    problems = [] if files else check_catalog()
    for path in paths:
        found = check_file(path)
        problems += found
        if not found:
            print(text("lesson.cli.ok", lang, file=path))
    for p in problems:
        print(text("lesson.cli.problem", lang, problem=p))
    if problems:
        return REFUSED
    print(text("lesson.cli.all_ok", lang, k=len(paths)))
    return OK
