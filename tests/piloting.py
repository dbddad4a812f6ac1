"""Game-agnostic fixtures and helpers for the app's tests (a pytest plugin: tests/conftest.py
registers it, so every test folder has them): `async def` tests, an app with private folders,
instant bots and no animation, waiting for the app, and new games with people and bots seated
as each game's descriptor says. Nothing here names a game; positions of one game are in
tests/games/<g>/positions.py."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from core import games
from core.engine.journal import Seat
from core.engine.session import GameSession
from tui.app import EvoApp
from tui.settings import Settings
from tui.themes import SHIPPED_DIR

PEOPLE = ("Ann", "Boris", "Vera", "Gleb", "Dina")


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: Any) -> bool | None:
    """Run `async def` tests in a fresh event loop (no async plugin is installed)."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    asyncio.run(pyfuncitem.obj(**args))
    return True


@pytest.fixture
def make_app(tmp_path: Path) -> Callable[..., EvoApp]:
    def make(lang: str = "en", start: tuple[str, Any] = ("menu", None), theme: str = "evo-dark",
             pace: str = "instant", round_summary: str = "skip") -> EvoApp:
        # round summaries stop the game at every round's end: only the tests of them ask for them
        settings = Settings(lang=lang, theme=theme, pace=pace, round_summary=round_summary)
        return EvoApp(lang, str(tmp_path / "saves"), config_dir=tmp_path / "config", settings=settings,
                      start=start, animations=False, theme_dirs=[SHIPPED_DIR])
    return make


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    path = tmp_path / "saves"
    path.mkdir(exist_ok=True)
    return path


DEMOS = Path(__file__).resolve().parents[1] / "saves" / "demo"


def demo(game: str) -> GameSession:
    """The shipped demo game of `game` (saves/demo/), read-only."""
    session, _warnings = GameSession.load(DEMOS / f"{game}-demo.jsonl", writable=False)
    return session


async def settle(pilot: Any, until: Callable[[], bool] | None = None, timeout: float = 5.0) -> None:
    """Let the app run (bot workers included) until `until()` holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    await pilot.pause()
    while until is not None and not until():
        if loop.time() > end:
            raise AssertionError("the app did not reach the expected state in time")
        await pilot.pause(0.02)
    await pilot.pause()


def prompt_text(app: Any) -> str:
    """The table's prompt bar: the question, the numbered choices and the last message."""
    bar = app.screen.prompt
    return " | ".join(str(bar.query_one(f"#prompt-{p}").render()) for p in ("text", "choices", "message"))


def option_key(app: Any, label: str) -> str:
    """The key of the table's numbered choice whose label starts with `label` (the keys of a
    decision depend on which choices the rules allow)."""
    return next(o.key for o in app.screen.stage.options if o.label.startswith(label))


WIDE, NARROW = (120, 40), (80, 24)  # the terminal sizes the table is tested at


def details(app: Any) -> str:
    """The table's details panel, as shown."""
    return str(app.screen.board.details.render())


def table_ready(app: Any) -> bool:
    from tui.screens.table import TableScreen

    return isinstance(app.screen, TableScreen) and app.screen.view is not None


@contextlib.asynccontextmanager
async def table_of(make_app: Callable[..., EvoApp], session: GameSession,
                   size: tuple[int, int] = WIDE, **app: Any) -> AsyncIterator[tuple[Any, Any]]:
    """The app at `session`'s table, shown: (app, pilot)."""
    evo = make_app(start=("game", session), **app)
    async with evo.run_test(size=size) as pilot:
        await settle(pilot, lambda: table_ready(evo))
        yield evo, pilot


async def check_hot_seat_defence(make_app: Callable[..., EvoApp], session: GameSession,
                                 hands: tuple[list[int], list[int]], attack: tuple[str, ...]) -> None:
    """Two people at one keyboard (Ann, Boris), Ann's feeding go: the curtain before her table,
    her hand (`hands[0]`), the keys of `attack` making her c1 attack Boris's c2, the curtain
    for Boris, then his table: his hand (`hands[1]`) and row at the bottom, hers hidden, the
    prompt naming the attack."""
    from tui.screens.handover import HandoverScreen

    app = make_app(start=("game", session))
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: table_ready(app))
        table = app.screen
        assert [c.card for c in table.board.hand.cards] == hands[0]
        await pilot.press(*attack)
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert "Pass to Boris" in str(app.screen.query_one("#handover-title").render())
        await pilot.press("enter")
        await settle(pilot, lambda: table_ready(app) and table.ctl.perspective == 1)
        assert [c.card for c in table.board.hand.cards] == hands[1]
        assert table.view.players[0].hand is None
        assert table.board.row_order()[-1] == 1  # Boris's row at the bottom
        assert "Boris: c1 attacks c2" in prompt_text(app)


def stages_at(session_at: Callable[..., GameSession], build_stage: Callable[..., Any],
              sel: Callable[[], Any]) -> Callable[..., tuple[Any, GameSession]]:
    """`stage_at(position, sel=None, lang="en")`: the stage a game's table asks at `position`
    (`session_at`'s game) as seat 0 sees it, after the selection `sel` (by default the empty
    one), and the session."""
    def stage_at(position: dict[str, Any], picked: Any = None,  # the selection so far
                 lang: str = "en") -> tuple[Any, GameSession]:
        session = session_at(position)
        view = session.view(0)
        return build_stage(view, session.legal_actions(), picked or sel(), lang), session

    return stage_at


def labels(stage: Any) -> list[str]:
    """A stage's numbered options, as labelled."""
    return [o.label for o in stage.options]


def seats_for(game: str, humans: int = 1, bot: str = "random", seats: int | None = None) -> list[Seat]:
    """`seats` (default: the game's default count) seats: the first `humans` are people (Ann,
    Boris, …), the ones the rules play (by the descriptor, default options) are theirs, and
    bots (`bot`) take the rest."""
    d = games.get(game)
    n = d.seats[2] if seats is None else seats
    automated = d.automated(d.normalize({}, n), n)
    out: list[Seat] = []
    for i in range(n):
        if i in automated:
            out.append(Seat("", kind=automated[i]))  # type: ignore[arg-type]
        elif i < humans:
            out.append(Seat(PEOPLE[i]))
        else:
            out.append(Seat(f"Bot {i}", kind="bot", bot=bot))
    return out


def new_game(game: str, seed: int = 7, humans: int = 1, path: Path | None = None,
             undo: str = "learning", bot: str = "random", seats: int | None = None) -> GameSession:
    """A new game of `game` from its real setup with default options (see `seats_for`)."""
    return GameSession.new(game, seats=seats_for(game, humans, bot, seats), seed=seed, path=path,
                           undo=undo, durable=False)


def screen_text(app: Any) -> str:
    """What the terminal shows now, as plain text (the screen in front, dialogs and toasts
    included, over the screens behind it)."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      legacy_windows=False, safe_box=False, color_system=None)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def decision_ready(app: Any) -> bool:
    """The table shows a position and asks a decision."""
    return table_ready(app) and app.screen.stage is not None


async def find_card(pilot: Any, app: Any, query: str) -> None:
    """"/" on the table: the finder asks, `query` is typed and sent."""
    from tui.screens.dialogs import AskScreen
    from tui.screens.table import TableScreen

    await pilot.press("slash")
    await settle(pilot, lambda: isinstance(app.screen, AskScreen))
    await pilot.press(*query, "enter")
    await settle(pilot, lambda: isinstance(app.screen, TableScreen))
    await settle(pilot)


async def check_big_hand(pilot: Any, app: Any, card: int, hidden: int, passed: int = 1) -> None:
    """A hand too big for the screen (English): the title counts the cards out of sight (at
    least `hidden` on the right) and names the find key, the help says it, and "/" with a card's
    number moves to it (at least `passed` cards then out of sight on the left); a query nothing
    matches says so and leaves the cursor there."""
    board = app.screen.board
    left, right = board.hand.out_of_sight()
    assert left == 0 and right >= hidden
    assert f"out of sight: {right}→" in str(board.hand.border_title)
    assert "/ finds a card" in str(board.hand.border_title)
    table = app.screen
    assert "**/** finds a card" in table.ui.decision_help(table.view, table.stage, table.ctl, "en")
    await find_card(pilot, app, str(card))
    assert board.cursor == f"h:{card}" and f"Card {card}: 1 of 1" in prompt_text(app)
    left, right = board.hand.out_of_sight()
    assert left >= passed and f"←{left}" in str(board.hand.border_title)
    await find_card(pilot, app, "zzz")
    assert "No card in the hand matches" in prompt_text(app) and board.cursor == f"h:{card}"


async def check_find_by_name(pilot: Any, app: Any, hand: list[int], name: str) -> None:
    """"/" with the first letters of `name` (a property's, in English) moves the cursor to the
    next card of `hand` that has it, round to the first."""
    from tui.widgets.hand import card_matches

    board = app.screen.board
    at = hand.index(int(board.cursor.partition(":")[2]))
    matching = [c for c in hand if card_matches(c, board.card_names(c), name[:4])]
    await find_card(pilot, app, name[:4].lower())
    later = [c for c in matching if hand.index(c) > at]
    assert board.cursor == f"h:{(later or matching)[0]}"


async def check_finder_in_russian(pilot: Any, app: Any, card: int) -> None:
    """The hand's title names the find key in Russian, and "/" with a card's number says so."""
    board = app.screen.board
    assert "/ — найти карту" in str(board.hand.border_title)
    await find_card(pilot, app, str(card))
    assert board.cursor == f"h:{card}" and f"Карта {card}: 1 из 1" in prompt_text(app)


async def big_hand_counts_and_finds(make_app: Any, session: GameSession, hand: list[int],
                                    first_property: Callable[[Any, int], str]) -> None:
    """At 80×24 a game at `session`, the bottom seat holding the big `hand` (20 cards): the
    title counts what is out of sight and "/" finds a card by its number (`check_big_hand`),
    then by the first letters of a property (`first_property(view, card)`: the English name of
    the last card's first property)."""
    app = make_app(start=("game", session))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: decision_ready(app))
        await check_big_hand(pilot, app, hand[-3], hidden=14, passed=12)
        # By the first letters of a property: the next card that has it, round to the first.
        await check_find_by_name(pilot, app, hand, first_property(app.screen.view, hand[-1]))


async def big_hand_in_russian(make_app: Any, session: GameSession, hand: list[int]) -> None:
    """The same big hand in Russian: its title counts in Russian and the finder speaks it."""
    app = make_app(lang="ru", start=("game", session))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: decision_ready(app))
        assert "не видно:" in str(app.screen.board.hand.border_title)
        await check_finder_in_russian(pilot, app, hand[4])


# --- snapshot tests: where a snapshot is taken ----------------------------------------------

def at_table(pilot: Any) -> Any:
    """`run_before` for a snapshot of the table: once it shows a position."""
    return settle(pilot, lambda: table_ready(pilot.app))


async def at_end(pilot: Any) -> None:
    """`run_before` for a snapshot of the end screen."""
    from tui.screens.end import EndScreen

    await settle(pilot, lambda: isinstance(pilot.app.screen, EndScreen))


def in_replay(*keys: str) -> Callable[[Any], Any]:
    """`run_before` for a snapshot of the replay screen, after `keys`."""
    async def run(pilot: Any) -> None:
        from tui.screens.replay import ReplayScreen

        await settle(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))
        await pilot.press(*keys)

    return run


def after_keys(*keys: str) -> Callable[[Any], Any]:
    """`run_before` for a snapshot of the table after `keys`."""
    async def run(pilot: Any) -> None:
        await at_table(pilot)
        await pilot.press(*keys)

    return run


def snapped(snap_compare: Callable[..., bool], make_app: Callable[..., EvoApp], session: GameSession,
            size: tuple[int, int] = WIDE, run_before: Callable[[Any], Any] = at_table,
            start: str = "game", **app: Any) -> bool:
    """The snapshot of `session` at the table (or the screen `start` names), at `size`, once
    `run_before` has run; `app`: the app's language, theme…"""
    return snap_compare(make_app(start=(start, session), **app), terminal_size=size,
                        run_before=run_before)


def played_out(session: GameSession, seed: int = 3) -> GameSession:
    """`session` played to its end by random legal moves (seeded)."""
    import random

    rng = random.Random(seed)
    while session.pending() is not None:
        legal = session.legal_actions()
        session.act(legal[rng.randrange(len(legal))])
    return session


# --- a game at a scenario position ------------------------------------------------------------

HUMAN_VS_BOT = [Seat("Ann"), Seat("Bot", kind="bot", bot="random")]
TWO_PEOPLE = [Seat("Ann"), Seat("Boris")]


def session_from(game: str, position: dict[str, Any], seats: list[Seat] | None = None,
                 path: Path | None = None, undo: str = "learning", seed: int = 7) -> GameSession:
    """A game of `game` at a scenario `position` (docs/scenarios.md); by default Ann at seat 0
    and random bots in the others."""
    scenario = games.get(game).scenarios
    state = scenario.state(position, seed)
    n = len(state.players)
    default = [Seat("Ann")] + [Seat(f"Bot {i}", kind="bot", bot="random") for i in range(1, n)]
    return GameSession.new(game, seats=seats or default, options=scenario.options(state),
                           seed=seed, position=state, path=path, undo=undo, durable=False)


def positioned(game: str, seats: list[Seat] | None = None) -> Callable[..., GameSession]:
    """`session_at(position, seats=None, **how)` of `game`: a game at a scenario `position`,
    played by `seats` (by default these `seats`, else Ann and random bots); path, undo and seed
    as `session_from`."""
    def session_at(position: dict[str, Any], seats: list[Seat] | None = None,
                   **how: Any) -> GameSession:
        return session_from(game, position, seats or default, **how)

    default = seats
    return session_at


def moves_for_ann(session: GameSession) -> set[str]:
    """The moves seat 0 may make now, as notation (it decides now)."""
    pending = session.pending()
    assert pending is not None and pending.seat == 0
    return {session.rules.format_action(a) for a in session.legal_actions()}
