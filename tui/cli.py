"""The `evo` command (docs/cli.md). With no arguments it opens the app.

Exit codes: 0 ok; 1 an illegal action, a verify mismatch or a failed scenario; 2 a usage
error or an unreadable file. Every user error is one line on stderr, never a traceback.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

import msgspec

from core.textdata import printable
from tui.i18n import option_problem, seat_names, text

if TYPE_CHECKING:  # argparse is imported where a command line needs parsing (see `_plain`)
    import argparse

    from core.bots.record import Record
    from core.bots.tournament import TournamentResult
    from core.engine.descriptor import GameDescriptor
    from core.engine.journal import Entry
    from core.engine.protocol import AnyRuleset, Event, Options, OptionsError
    from core.engine.session import GameSession

OK, REFUSED, USAGE = 0, 1, 2

# Commands that run long and make garbage as they go (many games): the garbage collector is
# on for them (`evo`, the console script, starts with it off: tui/evo.py); the app turns it on
# once it has started (EvoApp).
_LONG_RUNNING = frozenset({"simulate", "tournament", "bench", "serve", "host", "web"})


class UserError(Exception):
    """A problem to report in one line with exit code 2."""


class Busy(Exception):
    """Another writer holds the save, or wrote to it since it was read: the command is refused
    (exit 1, the file untouched) and may simply be tried again once that writer is done."""


def say(lang: str, key: str, **args: object) -> str:
    """One of the command's own lines (tui/texts.toml, [cli]) in `lang`."""
    return text(f"cli.{key}", lang, **args)


def _lang(args: argparse.Namespace) -> str:
    if getattr(args, "lang", None):
        return args.lang
    from core.i18n import default_lang

    return default_lang()


def argv_lang(argv: Sequence[str]) -> str:
    """The language a command line asks for (`--lang X` anywhere, else EVO_LANG or the
    locale), known before it is parsed: the help and argparse's own errors are in it."""
    from core.i18n import LANGS, default_lang

    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else \
            arg.partition("=")[2] if arg.startswith("--lang=") else ""
        if value in LANGS:
            return value
    return default_lang()


# argparse's English words (its gettext messages) by our text keys ([cli.argparse]).
_ARGPARSE_WORDS = {
    "usage: ": "usage", "positional arguments": "positional", "options": "options",
    "show this help message and exit": "help",
    "the following arguments are required: %s": "required",
    "invalid choice: %(value)r (choose from %(choices)s)": "choice",
    "unrecognized arguments: %s": "unrecognized", "expected one argument": "expected_one",
    "argument %(argument_name)s: %(message)s": "argument",
    "not allowed with argument %s": "not_allowed",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
}


@contextlib.contextmanager
def argparse_words(lang: str) -> Iterator[None]:
    """argparse in `lang`: it looks its words up through gettext when it uses them, as the
    module's `_`; ours answer for the duration (the parser is built and used inside)."""
    import argparse

    own = argparse._  # type: ignore[attr-defined]

    def words(message: str) -> str:
        key = _ARGPARSE_WORDS.get(message)
        return text(f"cli.argparse.{key}", lang) if key else own(message)

    argparse._ = words  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = own  # type: ignore[attr-defined]


def _load(path: str, lang: str, writable: bool = True) -> GameSession:
    from core.engine.journal import JournalError
    from core.engine.session import GameSession

    try:
        session, warnings = GameSession.load(path, writable=writable)
    except JournalError as exc:
        raise UserError(save_problem(exc, lang)) from None
    for w in warnings:
        print(say(lang, "warning", text=w), file=sys.stderr)
    return session


def save_problem(exc: Exception, lang: str) -> str:
    """A save that cannot be used, in one line: the path as given, and in Russian the gist
    with the technical detail after it."""
    from tui.saves import save_problem as problem

    return problem(exc, lang, detail=True)


def _options_error(game: GameDescriptor, exc: OptionsError, lang: str) -> UserError:
    """An option the game refuses, in the player's words (as the setup form says it, but
    naming the option by its key, as the command line takes it)."""
    return UserError(option_problem(game, exc, lang))


def _game_options(args: argparse.Namespace) -> Options:
    """The game's options as written: `--option KEY=VALUE` and each option's own flag (which
    wins). Values stay text here; the game's option schema reads and checks them."""
    from core import games
    from core.engine.protocol import OptionsError

    game = games.get(args.game)
    options: Options = {}
    for item in args.option or []:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UserError(say(_lang(args), "option_form", item=item))
        try:
            options[key] = game.option(key).from_people(value.strip())
        except OptionsError as exc:
            raise _options_error(game, exc, _lang(args)) from None
    for o in game.options:
        value = getattr(args, f"opt_{o.key}", None)
        if value is not None:
            try:
                options[o.key] = o.from_people(value)
            except OptionsError as exc:
                raise _options_error(game, exc, _lang(args)) from None
    return options


def _seat_count(args: argparse.Namespace, options: Options) -> int:
    """--players, or the game's default for these options; checked against the game's range
    before anything is built from it."""
    from core import games
    from core.engine.protocol import OptionsError

    game = games.get(args.game)
    try:
        parsed = {k: game.option(k).parse(v) for k, v in options.items()}
    except OptionsError as exc:
        raise _options_error(game, exc, _lang(args)) from None
    low, high = game.seat_range(parsed)
    n = game.default_seat_count(parsed) if args.players is None else args.players
    if not low <= n <= high:
        lang = _lang(args)
        span = say(lang, "span_range", low=low, high=high) if low != high else \
            say(lang, "span_exact", low=low)
        raise UserError(say(lang, "seat_span", game=args.game, span=span, k=n))
    return n


def _text(arg: str) -> str:
    """An argument as text a save can hold: bytes that were not UTF-8 (a surrogate-escaped
    argv) become U+FFFD, and terminal control characters are dropped."""
    return printable(os.fsencode(arg).decode("utf-8", "replace"))


def _narrate(session: GameSession, events: Sequence[Event], viewer: int | None, lang: str) -> None:
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
    lang = _lang(args)
    try:
        exists = out.exists()
    except (OSError, ValueError) as exc:  # a name too long for the system, a NUL in it
        why = getattr(exc, "strerror", None) or exc
        raise UserError(say(lang, "unwritable", file=out, why=why)) from None
    if exists and not args.force:
        raise UserError(say(lang, "exists", file=out))
    names = [_text(n).strip() for n in args.names.split(",")] if args.names else []
    options = _game_options(args)
    n = _seat_count(args, options)
    game = games.get(args.game)
    try:
        automated = game.automated(game.normalize(options, n), n)
    except OptionsError as exc:
        raise _options_error(game, exc, lang) from None
    from core.seat_names import default_name

    seats = []
    for i in range(n):
        if i in automated:
            seats.append(Seat("", kind=automated[i]))
            continue
        seats.append(Seat(names[i] if i < len(names) and names[i] else
                          default_name("player", i + 1, lang)))
    try:
        session = GameSession.new(args.game, seats=seats, options=options, seed=args.seed,
                                  undo=args.undo, path=out)
    except OptionsError as exc:
        raise _options_error(game, exc, lang) from None
    except (UnknownGame, SessionError, JournalError) as exc:
        raise UserError(save_problem(exc, lang)) from None
    except OSError as exc:
        raise UserError(say(lang, "unwritable", file=out, why=exc.strerror or exc)) from None
    print(say(lang, "new_game", file=out, game=args.game, seed=session.header.seed))
    _narrate(session, session.entries[0].events, d.seat if (d := session.pending()) else None, lang)
    session.close()
    return OK


def cmd_legal(args: argparse.Namespace) -> int:
    lang = _lang(args)
    session = _load(args.file, lang, writable=False)
    pend = session.pending()
    if pend is None:
        print(say(lang, "over"))
        return OK
    names = seat_names(session, lang)
    print(say(lang, "pending", name=names[pend.seat], seat=seat_number(pend.seat), kind=pend.kind,
              prompt=session.rules.prompt(session.state, lang)))
    for a in session.legal_actions():
        print(session.rules.format_action(a))
    return OK


def cmd_act(args: argparse.Namespace) -> int:
    from core.engine.protocol import IllegalAction, NotationError

    lang = _lang(args)
    session = _load(args.file, lang, writable=False)
    try:
        action = session.rules.parse_action(args.action)
    except NotationError as exc:
        shown = args.action if len(args.action) <= 60 else args.action[:57] + "…"
        print("evo: " + say(lang, "cannot_read", action=printable(shown), problem=exc),
              file=sys.stderr)
        return USAGE
    pend = session.pending()
    seat = _seat_flag(args.seat, session, lang)
    if seat is not None and pend is not None and pend.seat != seat:  # meant for another turn
        names = seat_names(session, lang)
        print(say(lang, "not_your_move", seat=seat_number(seat), name=names[pend.seat],
                  turn=seat_number(pend.seat)), file=sys.stderr)
        return REFUSED
    refusal = session.rules.explain(session.state, action, lang)
    if refusal is not None:  # refused before the file is opened for writing: it stays untouched
        print(say(lang, "illegal", message=refusal.message, rule=refusal.cite),
              file=sys.stderr)
        return REFUSED
    _resume(session, lang)
    try:
        events = session.act(action)
    except IllegalAction as err:
        print(say(lang, "illegal", message=err.message, rule=err.cite), file=sys.stderr)
        return REFUSED
    finally:
        _close(session, lang)
    _narrate(session, events, pend.seat if pend else None, lang)
    return OK


def _resume(session: GameSession, lang: str) -> None:
    """Take the save for writing (one writer at a time): refused with one line, untouched."""
    from core.engine.journal import JournalError

    try:
        session.resume_journal()
    except JournalError as exc:
        problem = save_problem(exc, lang)
        raise (Busy if exc.kind in ("busy", "changed") else UserError)(problem) from None


def _close(session: GameSession, lang: str) -> None:
    writer = session.writer
    if writer is not None and writer.repaired:
        print(say(lang, "cut_line", file=writer.path), file=sys.stderr)
    session.close()


def _jump(args: argparse.Namespace, kind: str) -> int:
    lang = _lang(args)
    if args.steps < 1:
        raise UserError(say(lang, "steps", k=args.steps))
    session = _load(args.file, lang, writable=False)
    why = session.undo_refusal(args.steps) if kind == "undo" else session.redo_refusal(args.steps)
    if why is not None:  # refused before the file is opened for writing: it stays untouched
        print(say(lang, f"{kind}_refused", why=undo_refusal(why, lang)), file=sys.stderr)
        return REFUSED
    seat = _seat_flag(args.seat, session, lang)
    moves = (session.line if kind == "undo" else session.redo_stack)[::-1][:args.steps]
    other = next((m for m in moves if session.entries[m].seat != seat), None)
    if seat is not None and other is not None:  # only that seat's own moves
        mover = session.entries[other].seat
        assert mover is not None  # a move's seat
        print(say(lang, f"{kind}_refused", why=say(lang, "not_own_move", move=other,
                                                   other=seat_number(mover), seat=seat_number(seat))),
              file=sys.stderr)
        return REFUSED
    _resume(session, lang)
    try:
        moves = session.undo(args.steps) if kind == "undo" else session.redo(args.steps)
    finally:
        _close(session, lang)
    print(say(lang, "undone" if kind == "undo" else "redone", k=len(moves),
              moves=", ".join(str(m) for m in moves)))
    return OK


def seat_number(seat: int) -> str:
    """A seat (an index, as the journal, the views and `--json` count them) as `evo` says it
    and `--seat` takes it: from 1, as the setup form numbers the players (docs/cli.md)."""
    return str(seat + 1)


def _seat_flag(value: int | None, session: GameSession, lang: str) -> int | None:
    """The seat a `--seat` flag names, as an index (None without one); one line naming the
    seats there are if there is no such seat."""
    if value is None:
        return None
    n = len(session.header.seats)
    if not 1 <= value <= n:
        raise UserError(say(lang, "no_seat", seat=value, last=n))
    return value - 1


def undo_refusal(code: str, lang: str) -> str:
    """Why undo or redo is refused (a code of the session's UNDO_REFUSALS), in `lang`."""
    return say(lang, f"refusal.{code}")


def cmd_undo(args: argparse.Namespace) -> int:
    return _jump(args, "undo")


def cmd_redo(args: argparse.Namespace) -> int:
    return _jump(args, "redo")


def cmd_show(args: argparse.Namespace) -> int:
    session = _load(args.file, _lang(args), writable=False)
    pend = session.pending()
    if args.all:
        seat = None
    elif args.seat is not None:
        seat = _seat_flag(args.seat, session, _lang(args))
    else:
        seat = pend.seat if pend else None
    view = session.view(seat)
    lang = _lang(args)
    if args.json:
        import json

        out: dict[str, object] = {"game": session.header.game, "seat": seat,
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

    session = _load(args.file, _lang(args), writable=False)
    lang = _lang(args)
    names = seat_names(session, lang)
    hides = games.get(session.header.game).hidden_information
    if args.seat is not None:
        viewer: int | None = _seat_flag(args.seat, session, lang)
    elif args.all or not hides:
        viewer = None
    else:  # as the app's replay opens: a game in play keeps its hidden cards (contract 6)
        from tui.replay import ReplayModel

        viewer = ReplayModel(session).first_viewer()
    for e in session.entries:
        for line in replay_lines(session.rules, e, viewer, names, lang, hides):
            print(line)
    return OK


def replay_lines(rules: AnyRuleset, e: Entry, viewer: int | None, names: list[str], lang: str,
                 hides: bool) -> list[str]:
    """What `replay --text` prints for one journal entry, as `viewer` (None: everything) may
    know it. Another seat's move in a game with hidden information is told by its (redacted)
    narration only: its notation may name a card the viewer never saw ("create 52")."""
    if e.kind == "setup":
        out = [f"#0 {say(lang, 'replay_setup')}"]
    elif e.kind == "move":
        assert e.seat is not None and e.action is not None  # a move's
        own = viewer is None or e.seat == viewer or not hides
        out = [f"#{e.seq} {names[e.seat]}" + (f": {rules.format_action(e.action)}" if own else "")]
    else:
        word = say(lang, f"replay_{e.kind}")
        return [f"#{e.seq} — {word} {', '.join(str(m) for m in e.moves)} —"]
    for ev in e.events:
        text = rules.narrate(ev, viewer, lang, names)
        if text:
            out.append(f"    {text}")
    return out


def cmd_repair(args: argparse.Namespace) -> int:
    from core.engine.journal import JournalError
    from core.engine.session import salvage

    lang = _lang(args)
    try:
        result = salvage(args.file)
    except JournalError as exc:
        raise UserError(save_problem(exc, lang)) from None
    except OSError as exc:
        raise UserError(say(lang, "repair_unwritable", file=args.file,
                            why=exc.strerror or exc)) from None
    print(say(lang, "repaired", file=result.path, k=result.kept - 1, dropped=result.dropped,
              source=args.file))
    return OK


def cmd_verify(args: argparse.Namespace) -> int:
    from core.engine.journal import JournalError
    from core.engine.verify import verify

    lang = _lang(args)
    try:
        result = verify(args.file)
    except JournalError as exc:
        raise UserError(save_problem(exc, lang)) from None
    for w in result.warnings:
        print(say(lang, "warning", text=w), file=sys.stderr)
    if result.ok:
        print(say(lang, "verified", file=args.file, entries=result.entries, moves=result.moves))
        return OK
    print(say(lang, "mismatch", file=args.file, seq=result.mismatch_seq, problem=result.problem))
    return REFUSED


def cmd_review(args: argparse.Namespace) -> int:
    """Review the seats' decisions (core/review): every player's, or one seat's with --seat; text
    for people, JSON lines (one review a line, seats from 0) for tools."""
    from core.review.analysis import Settings
    from core.review.report import review_seats, reviewable, tell_all

    lang = _lang(args)
    if args.jobs < 1:
        raise UserError(say(lang, "at_least_one", flag="--jobs"))
    session = _load(args.file, lang, writable=False)
    seat = _seat_flag(args.seat, session, lang)
    if seat is not None and session.header.seats[seat].kind not in ("human", "bot"):
        raise UserError(say(lang, "review_automaton", seat=seat + 1))
    seats = reviewable(session) if seat is None else [seat]
    settings = Settings(seed=args.seed, worlds=args.worlds, max_worlds=max(args.worlds, 4 * args.worlds))
    reviews = [r for r, _ in review_seats(session, seats, settings, use_cache=not args.no_cache,
                                          jobs=args.jobs)]
    if args.json:
        sys.stdout.write("".join(msgspec.json.encode(r).decode() + "\n" for r in reviews))
    else:
        names = seat_names(session, lang)
        print("\n".join(tell_all(session, reviews, lang, names, positions=not args.no_positions)))
    return OK


def cmd_simulate(args: argparse.Namespace) -> int:
    import json

    from core import games
    from core.engine.protocol import OptionsError
    from core.engine.simulate import simulate
    from core.games import UnknownGame

    lang = _lang(args)
    if args.games < 1:
        raise UserError(say(lang, "at_least_one", flag="--games"))
    options = _game_options(args)
    players = _seat_count(args, options)
    try:
        r = simulate(args.game, args.games, args.seed, players, options)
    except OptionsError as exc:
        raise _options_error(games.get(args.game), exc, lang) from None
    except UnknownGame as exc:
        raise UserError(str(exc)) from None
    if args.json:
        print(json.dumps(msgspec.to_builtins(r)))
    else:
        print(say(lang, "sim_head", k=r.games, game=r.game, players=r.players, seed=args.seed))
        print(say(lang, "sim_errors", k=r.errors))
        if r.cooperative:
            print(say(lang, "sim_team", won=r.games - r.errors - r.no_winner,
                      of=r.games - r.errors, lost=r.no_winner))
        else:
            wins = ", ".join(f"{seat_number(i)}: {w}" for i, w in enumerate(r.wins_by_seat))
            print(say(lang, "sim_seats", wins=wins))
        print(say(lang, "sim_rounds", k=f"{r.mean_rounds:.1f}"))
        print(say(lang, "sim_actions", k=f"{r.mean_actions:.0f}"))
        print(say(lang, "sim_speed", actions=f"{r.actions_per_second:,.0f}",
                  games=f"{r.games_per_second:,.1f}", seconds=f"{r.seconds:.1f}"))
        for sample in r.error_samples:
            print("  " + say(lang, "error", text=sample))
    return REFUSED if r.errors else OK


def cmd_tournament(args: argparse.Namespace) -> int:
    import json

    from core import games
    from core.bots.texts import Worded
    from core.bots.tournament import format_table, run_tournament
    from core.engine.protocol import OptionsError

    lang = _lang(args)
    if args.games < 1:
        raise UserError(say(lang, "at_least_one", flag="--games"))
    if args.jobs < 1:
        raise UserError(say(lang, "at_least_one", flag="--jobs"))
    if args.ladder:
        return _ladder(args, lang)
    specs = [spec.strip() for spec in args.bots.split(",") if spec.strip()]
    if not specs:
        raise UserError(say(lang, "no_bots"))
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
        with _recording(args, lang) as record:
            result = run_tournament(args.game, specs, args.games, args.seed, jobs=args.jobs,
                                    players=players, options=options, progress=progress,
                                    record=record)
    except OptionsError as exc:
        raise _options_error(game, exc, lang) from None
    except Worded as exc:
        raise UserError(exc.said(lang)) from None
    except ValueError as exc:
        raise UserError(str(exc)) from None
    _say_taken(args, lang, [result])
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(format_table(result, lang))
        for message in result.to_json()["error_messages"]:
            print(say(lang, "error", text=message))
    return REFUSED if result.errors else OK


@contextlib.contextmanager
def _recording(args: argparse.Namespace, lang: str) -> Iterator[Record | None]:
    """`--record FILE`, read and locked for the run (None without it); a file that cannot serve
    says why, and nothing is changed."""
    if not args.record:
        yield None
        return
    from core.bots.record import Record, RecordError

    try:
        record = Record(args.record)
    except RecordError as exc:
        raise UserError(exc.said(lang)) from None
    with record:
        yield record


def _say_taken(args: argparse.Namespace, lang: str, results: list[TournamentResult]) -> None:
    """With `--record`, how many games came from the file, if any (on stderr: JSON stays
    clean)."""
    taken = sum(r.taken for r in results)
    if taken:
        played = sum(len(r.records) for r in results) - taken
        print(say(lang, "record_taken", n=taken, path=args.record, played=played),
              file=sys.stderr)


def _ladder(args: argparse.Namespace, lang: str) -> int:
    """`tournament --ladder`: each bot level against the one below it (core/bots/ladder.py)."""
    import json

    from core import games
    from core.bots.base import check_spec
    from core.bots.ladder import RUNGS, format_ladder, run_ladder
    from core.bots.texts import Worded
    from core.engine.protocol import OptionsError

    options = _game_options(args)
    game = games.get(args.game)
    if args.players is None:
        args.players = game.seats[2] if game.cooperative else max(2, game.seats[0])
    players = _seat_count(args, options)
    progress = None
    if sys.stderr.isatty() and not args.json:
        def progress(done: int, total: int) -> None:
            print(f"\r{done}/{total}", end="" if done < total else "\n", file=sys.stderr, flush=True)
    try:
        rungs = tuple(x.strip() for x in args.levels.split(",") if x.strip()) if args.levels else RUNGS
        for spec in rungs:
            check_spec(spec)
        if len(rungs) < (1 if game.cooperative else 2):
            raise UserError(say(lang, "ladder_levels"))
        with _recording(args, lang) as record:
            steps = run_ladder(args.game, args.games, args.seed, jobs=args.jobs, players=players,
                               options=options, rungs=rungs, progress=progress, record=record)
    except OptionsError as exc:
        raise _options_error(game, exc, lang) from None
    except Worded as exc:
        raise UserError(exc.said(lang)) from None
    except ValueError as exc:
        raise UserError(str(exc)) from None
    _say_taken(args, lang, [s.result for s in steps])
    if args.json:
        print(json.dumps([{"upper": s.upper, "lower": s.lower, "wins": s.wins, "games": s.games,
                           "win_rate": round(s.rate, 4), "ci95": [round(x, 4) for x in s.ci95],
                           "verdict": s.verdict(), "tournament": s.result.to_json()}
                          for s in steps], ensure_ascii=False))
    else:
        print(format_ladder(steps, lang))
    return REFUSED if any(s.result.errors for s in steps) else OK


def cmd_bench(args: argparse.Namespace) -> int:
    import json

    from core.engine.bench import GOALS, run_bench

    if args.net:
        return _bench_net(args)
    if args.app:
        from tui.bench_app import app_figures

        app = app_figures(games=(args.game,) if args.game else (), presses=20 if args.quick else 60,
                          runs=2 if args.quick else 5, decisions=3 if args.quick else 12)
        if args.json:
            print(json.dumps(app))
            return OK
        print(say(_lang(args), "bench_app"))
        for key, parts in app.items():
            shown = ", ".join(f"{k} {v}" for k, v in parts.items())
            unit = "s" if key.endswith("_s") else "ms"
            print(f"  {key:<30} {shown} ({unit})")
        return OK
    from core import games

    game = args.game or games.ids()[0]
    if args.review:
        from core.review.bench import review_cost, review_figures

        checked = {**review_figures(game, positions=8 if args.quick else args.positions), **review_cost(game)}
        if args.json:
            print(json.dumps(checked))
        else:
            print(say(_lang(args), "bench_review"))
            for key, value in checked.items():
                print(f"  {key:<26} {value}")
        return OK
    figures = run_bench(game, quick=args.quick)
    bots = None
    if not args.no_bots:
        from core.bots.bench import bot_figures

        bots = bot_figures(game, quick=args.quick)
    if args.json:
        out = {"game": game, **figures, "goals": GOALS}
        print(json.dumps(out if bots is None else {**out, "bots": bots}))
        return OK
    lang = _lang(args)
    print(say(lang, "bench_head", game=game))
    for key, value in figures.items():
        shown = f"{value:,.3f}" if isinstance(value, float) else f"{value:,}"
        goal = f"   ({say(lang, 'bench_goal')} {GOALS[key]})" if key in GOALS else ""
        print(f"  {key:<26} {shown:>16}{goal}")
    if bots is not None:
        from core.bots.bench import format_figures

        print(format_figures(bots, lang))
    return OK


def cmd_serve(args: argparse.Namespace) -> int:
    from tui.net_cli import cmd_serve as serve

    return serve(args)


def cmd_host(args: argparse.Namespace) -> int:
    from tui.net_cli import cmd_host as host

    return host(args)


def cmd_join(args: argparse.Namespace) -> int:
    from tui.net_cli import cmd_join as join

    return join(args)


def cmd_web(args: argparse.Namespace) -> int:
    from tui.web_cli import cmd_web as web

    return web(args)


def _bench_net(args: argparse.Namespace) -> int:
    import json

    from core.net.bench import net_figures

    figures = net_figures(args.game, tables=args.tables, seats=args.seats, moves=args.moves,
                          pace=args.pace / 1000)
    if args.json:
        print(json.dumps(figures))
        return OK
    goals = figures.pop("goals")
    messages = figures.pop("error_messages")
    print(say(_lang(args), "bench_net", game=figures.pop("game")))
    for key, value in figures.items():
        goal = f"   ({say(_lang(args), 'bench_goal')} {goals[key]})" if key in goals else ""
        print(f"  {key:<26} {'-' if value is None else value!s:>12}{goal}")
    for message in messages:
        print(say(_lang(args), "error", text=printable(message)))
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
        print(say(_lang(args), "scenario_failed", problem=printable(str(exc))))
        return REFUSED
    print(say(_lang(args), "scenario_ok", file=args.file, title=sc.title, k=len(sc.steps)))
    return OK


# --- parser ---------------------------------------------------------------------------------

_TOP_FLAGS = ("--lang", "--saves-dir")  # evo's own options that take a value


def command_words(argv: Sequence[str]) -> list[str] | None:
    """The words of a command line from its command on (`new magic --players 3`), or None
    when they cannot be told without parsing it (an abbreviated or unknown flag, --help)."""
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in _TOP_FLAGS:
            i += 2
        elif arg.startswith(tuple(f"{flag}=" for flag in _TOP_FLAGS)):
            i += 1
        elif arg.startswith("-"):
            return None
        else:
            return list(argv[i:])
    return []


def build_parser(lang: str = "en", argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line, its help in `lang` (build and use it inside `argparse_words(lang)`
    for argparse's own words to be in it too); given the command line `argv`, only what it
    needs (`tui.cli_parser`)."""
    from tui.cli_parser import build

    return build(lang, argv)


# The commands a program or a player runs most, written plainly: the command, its file (and
# action), no flag. They are read as argparse reads them without importing argparse and
# building the parser, which cost `evo legal` a tenth of its start (tests/engine/test_cli_plain.py
# compares the two); any other command line goes to argparse.
_PLAIN: dict[str, tuple[Callable[[argparse.Namespace], int], tuple[str, ...], dict[str, object]]] = {
    "legal": (cmd_legal, ("file",), {}),
    "act": (cmd_act, ("file", "action"), {"seat": None}),
    "show": (cmd_show, ("file",), {"seat": None, "all": False, "json": False}),
}


def _plain(argv: Sequence[str]) -> SimpleNamespace | None:
    """The parsed arguments of a plain `legal`/`act`/`show` command line, or None."""
    if not argv or argv[0] not in _PLAIN:
        return None
    fn, names, defaults = _PLAIN[argv[0]]
    values = argv[1:]
    if len(values) != len(names) or any(v.startswith("-") for v in values):
        return None
    return SimpleNamespace(lang=None, saves_dir=None, command=argv[0], fn=fn, **defaults,
                           **dict(zip(names, values, strict=True)))


def main(argv: Sequence[str] | None = None) -> int:
    """Run one `evo` command line and return its exit code (0, 1 or 2; 130 on Ctrl-C). It
    returns for a command line argparse refuses, and for `--help`, too."""
    for stream in (sys.stdout, sys.stderr):  # a file name that is not UTF-8 must not crash us
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = argv_lang(argv)
    plain = _plain(argv)
    args: SimpleNamespace | argparse.Namespace
    if plain is None:
        try:
            with argparse_words(lang):
                args = build_parser(lang, argv).parse_args(argv)
        except SystemExit as exc:  # a usage error (2), or --help (0): already printed
            return exc.code if isinstance(exc.code, int) else (OK if exc.code is None else USAGE)
    else:
        args = plain
    if args.saves_dir:
        os.environ.setdefault("EVO_SAVES_DIR", args.saves_dir)
    if args.command in _LONG_RUNNING:
        gc.enable()
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
        what = type(exc).__name__ + (": " + printable(reason) if reason else "")
        print(say(lang, "internal", what=what), file=sys.stderr)
        return USAGE

