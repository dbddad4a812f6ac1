"""The `evo` command (docs/cli.md). With no arguments it opens the app.

Exit codes: 0 ok; 1 an illegal action, a verify mismatch or a failed scenario; 2 a usage
error or an unreadable file. Every user error is one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import msgspec

from core.textdata import printable
from tui.i18n import seat_names

OK, REFUSED, USAGE = 0, 1, 2


class UserError(Exception):
    """A problem to report in one line with exit code 2."""


class Busy(Exception):
    """Another writer holds the save, or wrote to it since it was read: the command is refused
    (exit 1, the file untouched) and may simply be tried again once that writer is done."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(USAGE, f"evo: {message} (see 'evo --help')\n")


def _lang(args: argparse.Namespace) -> str:
    if getattr(args, "lang", None):
        return args.lang
    from core.i18n import default_lang

    return default_lang()


def _load(path: str, writable: bool = True) -> Any:
    from core.engine.journal import JournalError
    from core.engine.session import GameSession

    try:
        session, warnings = GameSession.load(path, writable=writable)
    except JournalError as exc:
        raise UserError(str(exc)) from None
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    return session


def _game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The game's options as written: `--option KEY=VALUE` and each option's own flag (which
    wins). Values stay text here; the game's option schema reads and checks them."""
    from core import games
    from core.engine.protocol import OptionsError

    game = games.get(args.game)
    options: dict[str, Any] = {}
    for item in args.option or []:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UserError(f"--option needs KEY=VALUE, got '{item}'")
        try:
            game.option(key)
        except OptionsError as exc:
            raise UserError(str(exc)) from None
        options[key] = value.strip()
    for o in game.options:
        value = getattr(args, f"opt_{o.key}", None)
        if value is not None:
            options[o.key] = value
    return options


def _seat_count(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """--players, or the game's default for these options; checked against the game's range
    before anything is built from it."""
    from core import games
    from core.engine.protocol import OptionsError

    game = games.get(args.game)
    try:
        parsed = {k: game.option(k).parse(v) for k, v in options.items()}
    except OptionsError as exc:
        raise UserError(str(exc)) from None
    low, high = game.seat_range(parsed)
    n = game.default_seat_count(parsed) if args.players is None else args.players
    if not low <= n <= high:
        span = f"{low} to {high}" if low != high else f"exactly {low}"
        raise UserError(f"--players: {args.game} with these options has {span} seats, not {n}")
    return n


def _text(arg: str) -> str:
    """An argument as text a save can hold: bytes that were not UTF-8 (a surrogate-escaped
    argv) become U+FFFD, and terminal control characters are dropped."""
    return printable(os.fsencode(arg).decode("utf-8", "replace"))


def _narrate(session: Any, events: Sequence[Any], viewer: int | None, lang: str) -> None:
    names = seat_names(session, lang)
    for ev in events:
        text = session.rules.narrate(ev, viewer, lang, names)
        if text:
            print(text)


# --- commands -------------------------------------------------------------------------------

def cmd_new(args: argparse.Namespace) -> int:
    from core import games
    from core.engine.journal import JournalError, Seat
    from core.engine.protocol import OptionsError
    from core.engine.session import GameSession, SessionError
    from core.games import UnknownGame

    out = Path(args.out)
    try:
        exists = out.exists()
    except (OSError, ValueError) as exc:  # a name too long for the system, a NUL in it
        raise UserError(f"{out}: cannot write the save ({getattr(exc, 'strerror', None) or exc})") from None
    if exists and not args.force:
        raise UserError(f"{out} exists; choose another file or add --force")
    names = [_text(n).strip() for n in args.names.split(",")] if args.names else []
    lang = _lang(args)
    options = _game_options(args)
    n = _seat_count(args, options)
    game = games.get(args.game)
    try:
        automated = game.automated(game.normalize(options, n), n)
    except OptionsError as exc:
        raise UserError(str(exc)) from None
    seats = []
    for i in range(n):
        if i in automated:
            seats.append(Seat("", kind=automated[i]))
            continue
        label = "Игрок" if lang == "ru" else "Player"
        seats.append(Seat(names[i] if i < len(names) and names[i] else f"{label} {i + 1}"))
    try:
        session = GameSession.new(args.game, seats=seats, options=options, seed=args.seed,
                                  undo=args.undo, path=out)
    except (UnknownGame, OptionsError, SessionError, JournalError) as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"{out}: cannot write the save ({exc.strerror or exc})") from None
    print(f"{out}: new {args.game} game, seed {session.header.seed}")
    _narrate(session, session.entries[0].events, session.pending().seat if session.pending() else None,
             lang)
    session.close()
    return OK


def cmd_legal(args: argparse.Namespace) -> int:
    session = _load(args.file, writable=False)
    pend = session.pending()
    if pend is None:
        print("the game is over")
        return OK
    lang = _lang(args)
    names = seat_names(session, lang)
    print(f"{names[pend.seat]} (seat {pend.seat}) — {pend.kind}: "
          f"{session.rules.prompt(session.state, lang)}")
    for a in session.legal_actions():
        print(session.rules.format_action(a))
    return OK


def cmd_act(args: argparse.Namespace) -> int:
    from core.engine.protocol import IllegalAction, NotationError

    session = _load(args.file, writable=False)
    try:
        action = session.rules.parse_action(args.action)
    except NotationError as exc:
        shown = args.action if len(args.action) <= 60 else args.action[:57] + "…"
        print(f"evo: cannot read '{printable(shown)}': {exc}", file=sys.stderr)
        return USAGE
    pend = session.pending()
    lang = _lang(args)
    refusal = session.rules.explain(session.state, action, lang)
    if refusal is not None:  # refused before the file is opened for writing: it stays untouched
        print(f"illegal: {refusal.message} [{refusal.rule_id}]", file=sys.stderr)
        return REFUSED
    _resume(session)
    try:
        events = session.act(action)
    except IllegalAction as err:
        print(f"illegal: {err.message} [{err.rule_id}]", file=sys.stderr)
        return REFUSED
    finally:
        _close(session)
    _narrate(session, events, pend.seat if pend else None, lang)
    return OK


def _resume(session: Any) -> None:
    """Take the save for writing (one writer at a time): refused with one line, untouched."""
    from core.engine.journal import JournalError

    try:
        session.resume_journal()
    except JournalError as exc:
        raise (Busy if exc.kind in ("busy", "changed") else UserError)(str(exc)) from None


def _close(session: Any) -> None:
    writer = session.writer
    if writer is not None and writer.repaired:
        print(f"note: {writer.path}: the cut-short last line was removed before writing",
              file=sys.stderr)
    session.close()


def _jump(args: argparse.Namespace, kind: str) -> int:
    from core.engine.session import UndoRefused

    if args.steps < 1:
        raise UserError(f"--steps must be at least 1, not {args.steps}")
    session = _load(args.file, writable=False)
    why = session.undo_refusal(args.steps) if kind == "undo" else session.redo_refusal(args.steps)
    if why is not None:  # refused before the file is opened for writing: it stays untouched
        print(f"{kind}: {UndoRefused(why)}", file=sys.stderr)
        return REFUSED
    _resume(session)
    try:
        moves = session.undo(args.steps) if kind == "undo" else session.redo(args.steps)
    finally:
        _close(session)
    done = "took back" if kind == "undo" else "restored"
    print(f"{kind}: {done} move(s) {', '.join(str(m) for m in moves)}")
    return OK


def cmd_undo(args: argparse.Namespace) -> int:
    return _jump(args, "undo")


def cmd_redo(args: argparse.Namespace) -> int:
    return _jump(args, "redo")


def cmd_show(args: argparse.Namespace) -> int:
    session = _load(args.file, writable=False)
    pend = session.pending()
    if args.all:
        seat = None
    elif args.seat is not None:
        if not 0 <= args.seat < len(session.header.seats):
            raise UserError(f"there is no seat {args.seat} (0..{len(session.header.seats) - 1})")
        seat = args.seat
    else:
        seat = pend.seat if pend else None
    view = session.view(seat)
    lang = _lang(args)
    if args.json:
        out: dict[str, Any] = {"game": session.header.game, "seat": seat,
                               "view": msgspec.to_builtins(view)}
        if pend is not None:
            out["pending"] = {"seat": pend.seat, "kind": pend.kind}
            if seat == pend.seat:
                out["legal"] = [session.rules.format_action(a) for a in session.legal_actions()]
        outcome = session.outcome()
        if outcome is not None:
            out["outcome"] = msgspec.to_builtins(outcome)
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(session.rules.render_text(view, lang, seat_names(session, lang)))
    return OK


def cmd_replay(args: argparse.Namespace) -> int:
    if not args.text:
        from tui.app import run_replay

        run_replay(args.file, lang=args.lang, saves_dir=args.saves_dir)
        return OK
    from core import games

    session = _load(args.file, writable=False)
    lang = _lang(args)
    names = seat_names(session, lang)
    viewer = args.seat
    if viewer is not None and not 0 <= viewer < len(names):
        raise UserError(f"there is no seat {viewer} (0..{len(names) - 1})")
    hides = games.get(session.header.game).hidden_information
    for e in session.entries:
        for line in replay_lines(session.rules, e, viewer, names, lang, hides):
            print(line)
    return OK


def replay_lines(rules: Any, e: Any, viewer: int | None, names: list[str], lang: str,
                 hides: bool) -> list[str]:
    """What `replay --text` prints for one journal entry, as `viewer` (None: everything) may
    know it. Another seat's move in a game with hidden information is told by its (redacted)
    narration only: its notation may name a card the viewer never saw ("create 52")."""
    if e.kind == "setup":
        out = [f"#0 {'подготовка' if lang == 'ru' else 'setup'}"]
    elif e.kind == "move":
        own = viewer is None or e.seat == viewer or not hides
        out = [f"#{e.seq} {names[e.seat]}" + (f": {rules.format_action(e.action)}" if own else "")]
    else:
        word = {"undo": ("отмена ходов", "undo of moves"),
                "redo": ("возврат ходов", "redo of moves")}[e.kind][lang != "ru"]
        return [f"#{e.seq} — {word} {', '.join(str(m) for m in e.moves)} —"]
    for ev in e.events:
        text = rules.narrate(ev, viewer, lang, names)
        if text:
            out.append(f"    {text}")
    return out


def cmd_repair(args: argparse.Namespace) -> int:
    from core.engine.journal import JournalError
    from core.engine.session import salvage

    try:
        result = salvage(args.file)
    except JournalError as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"{args.file}: cannot write the repaired copy ({exc.strerror or exc})") from None
    print(f"{result.path}: kept {result.kept - 1} move(s) and the setup; dropped {result.dropped} "
          f"damaged or unfitting line(s) from the end; {args.file} is unchanged")
    return OK


def cmd_verify(args: argparse.Namespace) -> int:
    from core.engine.journal import JournalError
    from core.engine.verify import verify

    try:
        result = verify(args.file)
    except JournalError as exc:
        raise UserError(str(exc)) from None
    for w in result.warnings:
        print(f"warning: {w}", file=sys.stderr)
    if result.ok:
        print(f"{args.file}: ok — {result.entries} entries, {result.moves} moves replayed exactly")
        return OK
    print(f"{args.file}: mismatch at seq {result.mismatch_seq}: {result.problem}")
    return REFUSED


def cmd_simulate(args: argparse.Namespace) -> int:
    from core.engine.protocol import OptionsError
    from core.engine.simulate import simulate
    from core.games import UnknownGame

    if args.games < 1:
        raise UserError("--games must be at least 1")
    options = _game_options(args)
    players = _seat_count(args, options)
    try:
        r = simulate(args.game, args.games, args.seed, players, options)
    except (UnknownGame, OptionsError) as exc:
        raise UserError(str(exc)) from None
    if args.json:
        print(json.dumps(msgspec.to_builtins(r)))
    else:
        print(f"{r.games} random {r.game} games, {r.players} players, seed {args.seed}")
        print(f"  errors:         {r.errors}")
        if r.cooperative:
            won = r.games - r.errors - r.no_winner
            print(f"  team wins:      {won} of {r.games - r.errors} ({r.no_winner} lost by the team)")
        else:
            print(f"  wins by seat:   {', '.join(f'{i}: {w}' for i, w in enumerate(r.wins_by_seat))}")
        print(f"  mean rounds:    {r.mean_rounds:.1f}")
        print(f"  mean actions:   {r.mean_actions:.0f}")
        print(f"  throughput:     {r.actions_per_second:,.0f} actions/s, "
              f"{r.games_per_second:,.1f} games/s ({r.seconds:.1f} s)")
        for sample in r.error_samples:
            print(f"  error: {sample}")
    return REFUSED if r.errors else OK


def cmd_tournament(args: argparse.Namespace) -> int:
    from core import games
    from core.bots.base import BotSpecError
    from core.bots.tournament import format_table, run_tournament
    from core.engine.protocol import OptionsError

    specs = [spec.strip() for spec in args.bots.split(",") if spec.strip()]
    if not specs:
        raise UserError("--bots needs at least one bot, e.g. --bots mcts:normal,greedy")
    if args.games < 1:
        raise UserError("--games must be at least 1")
    if args.jobs < 1:
        raise UserError("--jobs must be at least 1")
    options = _game_options(args)
    game = games.get(args.game)
    if args.players is None and not game.cooperative:  # one seat per bot, if the game allows
        low, high = game.seats[:2]
        args.players = max(low, min(high, len(specs)))
    players = _seat_count(args, options)
    progress = None
    if sys.stderr.isatty() and not args.json:
        def progress(done: int, total: int) -> None:
            print(f"\r{done}/{total}", end="" if done < total else "\n", file=sys.stderr,
                  flush=True)
    try:
        result = run_tournament(args.game, specs, args.games, args.seed, jobs=args.jobs,
                                players=players, options=options, progress=progress)
    except (BotSpecError, OptionsError, ValueError) as exc:
        raise UserError(str(exc)) from None
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(format_table(result, _lang(args)))
        for message in result.to_json()["error_messages"]:
            print(f"error: {message}")
    return REFUSED if result.errors else OK


def cmd_bench(args: argparse.Namespace) -> int:
    from core.engine.bench import run_bench

    if args.app:
        from tui.bench_app import app_figures

        app = app_figures(games=(args.game,) if args.game else (), presses=20 if args.quick else 60,
                          runs=2 if args.quick else 5)
        if args.json:
            print(json.dumps(app))
            return OK
        print("evo bench --app — headless, first frame and keypress to repaint")
        for key, value in app.items():
            shown = ", ".join(f"{k} {v}" for k, v in value.items())
            unit = "s" if key.startswith("first") else "ms"
            print(f"  {key:<30} {shown} ({unit})")
        return OK
    from core import games

    game = args.game or games.ids()[0]
    figures = run_bench(game, quick=args.quick)
    bots = None
    if not args.no_bots:
        from core.bots.bench import bot_figures

        bots = bot_figures(game, quick=args.quick)
    if args.json:
        print(json.dumps(figures if bots is None else {**figures, "bots": bots}))
        return OK
    goals = figures.pop("goals")
    print(f"evo bench — {figures.pop('game')}, one core")
    for key, value in figures.items():
        shown = f"{value:,.3f}" if isinstance(value, float) else f"{value:,}"
        goal = f"   (goal {goals[key]})" if key in goals else ""
        print(f"  {key:<26} {shown:>16}{goal}")
    if bots is not None:
        from core.bots.bench import format_figures

        print(format_figures(bots, _lang(args)))
    return OK


def cmd_scenario(args: argparse.Namespace) -> int:
    from core.engine.scenario import ScenarioError, ScenarioFileError, load_scenario, run_scenario

    if not args.check:
        from tui.app import run_scenario as open_scenario

        open_scenario(args.file, lang=args.lang, saves_dir=args.saves_dir)
        return OK
    try:
        sc = load_scenario(args.file)
        run_scenario(sc)
    except ScenarioFileError as exc:  # the file cannot be used: unreadable, malformed, bad position
        raise UserError(str(exc)) from None
    except ScenarioError as exc:  # an expectation failed
        print(f"failed: {printable(str(exc))}")
        return REFUSED
    print(f"{args.file}: ok — {sc.title} ({len(sc.steps)} steps)")
    return OK


# --- parser ---------------------------------------------------------------------------------

def _count(text: str) -> int:
    """A whole number written in ASCII digits, of a sane length (argparse's int() takes '²'
    and a 5 000-digit number alike)."""
    body = text[1:] if text[:1] == "-" else text
    shown = _text(text if len(text) <= 40 else text[:37] + "…")
    if not body.isascii() or not body.isdigit():
        raise argparse.ArgumentTypeError(f"'{shown}' is not a whole number")
    if len(body) > 12:
        raise argparse.ArgumentTypeError(f"'{shown}' is too large (at most 12 digits)")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    from core import games

    p = _Parser(prog="evo", description="Evo: tabletop games of the «Эволюция» family in the "
                                       "terminal. Without a command, opens the app.")
    p.add_argument("--lang", choices=["ru", "en"], help="language (default: from the locale)")
    p.add_argument("--saves-dir", help="where the app keeps saves")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    def add(name: str, help_text: str, fn: Any) -> argparse.ArgumentParser:
        # argparse %-formats help strings (not descriptions): "95%" must reach it as "95%%"
        sp = sub.add_parser(name, help=help_text.replace("%", "%%"), description=help_text)
        sp.set_defaults(fn=fn)
        sp.add_argument("--lang", choices=["ru", "en"], default=argparse.SUPPRESS,
                        help="language (default: from the locale)")
        return sp

    def per_game(name: str, help_text: str, fn: Any,
                 common: Any) -> None:
        """A command with one sub-command per registered game, each with that game's options
        (`evo new GAME --help` lists them)."""
        sp = add(name, help_text, fn)
        by_game = sp.add_subparsers(dest="game", metavar="GAME", parser_class=_Parser,
                                    required=True)
        for game in games.descriptors():
            gp = by_game.add_parser(game.id, help=game.name("en"), description=(
                f"{help_text}: {game.name('en')} ({game.name('ru')})"))
            gp.add_argument("--lang", choices=["ru", "en"], default=argparse.SUPPRESS,
                            help="language (default: from the locale)")
            low, high, default = game.seats
            gp.add_argument("--players", type=_count, metavar="N",
                            help=f"number of seats, {low}-{high} (default {default})")
            common(gp)
            add_game_options(gp, game)

    def add_game_options(sp: argparse.ArgumentParser, game: Any) -> None:
        group = sp.add_argument_group(f"options of {game.id}")
        for o in game.options:
            flag = "--" + o.key.replace("_", "-")
            text_ = game.option_help(o.key, "en").replace("%", "%%")
            if o.kind == "bool":
                group.add_argument(flag, dest=f"opt_{o.key}", action="store_const", const="true",
                                   help=text_)
                continue
            allowed = o.allowed()
            if o.kind == "choice":
                text_ += f" (one of: {', '.join(allowed)}; default {o.default})"
            elif o.kind == "list":
                text_ += " (comma-separated" + (f"; from: {', '.join(allowed)})" if allowed else ")")
            group.add_argument(flag, dest=f"opt_{o.key}", metavar=o.key.upper(), help=text_)
        group.add_argument("--option", action="append", metavar="KEY=VALUE",
                           help="any option by name, e.g. "
                                f"{game.options[0].key}=… (repeatable)" if game.options else
                                "an option by name (repeatable)")

    def new_args(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--seed", type=_count, help="seed of the deal (default: random)")
        sp.add_argument("--undo", choices=["learning", "strict"], default="learning")
        sp.add_argument("--names", help="comma-separated seat names")
        sp.add_argument("--out", required=True, help="the save file to create")
        sp.add_argument("--force", action="store_true", help="overwrite an existing file")

    per_game("new", "start a new game journaled in a file", cmd_new, new_args)

    sp = add("legal", "show the pending decision and every legal action", cmd_legal)
    sp.add_argument("file")
    sp = add("act", "play one action (in notation) and append it to the save", cmd_act)
    sp.add_argument("file")
    sp.add_argument("action")
    for name, fn in (("undo", cmd_undo), ("redo", cmd_redo)):
        sp = add(name, f"{name} moves (recorded in the save)", fn)
        sp.add_argument("file")
        sp.add_argument("--steps", type=_count, default=1)

    sp = add("show", "show the game as one seat sees it", cmd_show)
    sp.add_argument("file")
    who = sp.add_mutually_exclusive_group()
    who.add_argument("--seat", type=_count, help="the seat whose view to show (0-based)")
    who.add_argument("--all", action="store_true", help="show everything (omniscient view)")
    sp.add_argument("--json", action="store_true")

    sp = add("replay", "replay a save (in the app, or as narrated text)", cmd_replay)
    sp.add_argument("file")
    sp.add_argument("--text", action="store_true", help="print the narrated log")
    sp.add_argument("--seat", type=_count, help="--text: narrate as this seat sees it")

    sp = add("verify", "re-run a save from its seed and compare every event", cmd_verify)
    sp.add_argument("file")

    sp = add("repair", "keep the sound beginning of a damaged save as a new file", cmd_repair)
    sp.add_argument("file")

    def simulate_args(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--games", type=_count, default=100)
        sp.add_argument("--seed", type=_count, default=0)
        sp.add_argument("--json", action="store_true")

    per_game("simulate", "random self-play: errors, winners, speed", cmd_simulate, simulate_args)

    def tournament_args(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--bots", required=True,
                        help="comma-separated bot specs: random, greedy, "
                             "mcts[:easy|normal|hard|expert]")
        sp.add_argument("--games", type=_count, default=100)
        sp.add_argument("--seed", type=_count, default=0)
        sp.add_argument("--jobs", type=_count, default=1, help="worker processes (default 1)")
        sp.add_argument("--json", action="store_true")

    per_game("tournament", "bot against bot, seats rotated: win rates with 95% intervals",
             cmd_tournament, tournament_args)

    sp = add("bench", "measure speed: rules, folding, undo/redo/seek, loading, bots",
             cmd_bench)
    sp.add_argument("--game", choices=games.ids(),
                    help=f"the game measured (default: {games.ids()[0]}; with --app: every game)")
    sp.add_argument("--quick", action="store_true", help="shorter runs, rougher figures")
    sp.add_argument("--no-bots", action="store_true", help="skip the bot figures")
    sp.add_argument("--app", action="store_true",
                    help="instead: the app's time to the first frame and keypress latency")
    sp.add_argument("--json", action="store_true")

    sp = add("scenario", "open a scenario file in the app, or check it with --check", cmd_scenario)
    sp.add_argument("file")
    sp.add_argument("--check", action="store_true", help="run its steps headless")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run one `evo` command line and return its exit code (0, 1 or 2; 130 on Ctrl-C). It
    returns for a command line argparse refuses, and for `--help`, too."""
    for stream in (sys.stdout, sys.stderr):  # a file name that is not UTF-8 must not crash us
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # a usage error (2), or --help (0): already printed
        return exc.code if isinstance(exc.code, int) else (OK if exc.code is None else USAGE)
    if args.saves_dir:
        os.environ.setdefault("EVO_SAVES_DIR", args.saves_dir)
    try:
        if args.command is None:
            from tui.app import run_app

            run_app(lang=args.lang, saves_dir=args.saves_dir)
            return OK
        return args.fn(args)
    except UserError as exc:
        print(f"evo: {printable(str(exc))}", file=sys.stderr)
        return USAGE
    except Busy as exc:
        print(f"evo: {printable(str(exc))}", file=sys.stderr)
        return REFUSED
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return OK
    except SystemExit as exc:  # the app refusing a file before it starts (one line printed)
        return exc.code if isinstance(exc.code, int) else (OK if exc.code is None else USAGE)
    except OSError as exc:  # the system refused something (a full disk, a vanished folder)
        name = exc.filename
        name = os.fsdecode(name) if isinstance(name, str | bytes) else str(name or "")
        where = f"{printable(name)}: " if name else ""
        print(f"evo: {where}{exc.strerror or exc}", file=sys.stderr)
        return USAGE
    except Exception as exc:
        if os.environ.get("EVO_DEBUG"):
            raise
        reason = str(exc).splitlines()[0][:200] if str(exc) else ""
        print(f"evo: internal error ({type(exc).__name__}{': ' + printable(reason) if reason else ''}); "
              "this is a bug in Evo: please report it (EVO_DEBUG=1 shows where)", file=sys.stderr)
        return USAGE
