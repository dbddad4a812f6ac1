"""Snapshots of the review in the app (issue #25) on a `magic` game: every player's figures and
one player's key moments, a key moment on the board as that player saw it, what the better move
leads to, and a try judged clearly worse — fixed seeds, fixed sizes, both languages.

Each snapshot was looked at (rendered to PNG) before it was accepted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.engine.session import GameSession
from core.review.analysis import Settings
from tests.piloting import settle
from tui.screens.replay import ReplayScreen
from tui.screens.review import ReviewScreen
from tui.screens.review_moment import MomentScreen
from tui.screens.review_try import TryTableScreen

DEMO = Path(__file__).resolve().parents[3] / "saves" / "demo" / "magic-demo.jsonl"
WIDE, NARROW = (120, 40), (80, 24)
QUICK = Settings(screen=24, worlds=8, max_worlds=16, depth=20, sight=4)


def _opening(tmp_path: Path) -> GameSession:
    """The demo's first 40 moves, saved as a game of their own."""
    old, _ = GameSession.load(DEMO, writable=False)
    h = old.header
    new = GameSession.new(h.game, seats=h.seats, options=dict(h.options), seed=h.seed,
                          path=tmp_path / "opening.jsonl")
    for e in old.moves_on_line()[:40]:
        new.act(e.action)
    return new


def _reviewed(lang: str, *keys: str, moment: bool = False, tried: str = "") -> Any:
    """`run_before`: the review over the replay, all done; then `keys`; with `tried`, that move
    played in the try and judged."""
    async def run(pilot: Any) -> None:
        app = pilot.app
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        session = app.screen.session
        app.push_screen(ReviewScreen(session, [0], 0, lang, QUICK))
        await settle(pilot, lambda: isinstance(app.screen, ReviewScreen)
                     and len(app.screen.reviews) == len(app.screen.seats), timeout=120)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        if moment:
            await settle(pilot, lambda: isinstance(app.screen, MomentScreen))
        if tried:
            await settle(pilot, lambda: isinstance(app.screen, TryTableScreen)
                         and app.screen.ctl.my_decision())
            app.screen.submit(session.rules.parse_action(tried))
            await settle(pilot, lambda: not app.screen.judging and app.screen.said[0], timeout=30)
            app.clear_notifications()  # the branch's file name has the time in it
        await settle(pilot)

    return run


def test_review_every_player_wide(snap_compare: Any, make_app: Any, tmp_path: Path) -> None:
    app = make_app(start=("replay", _opening(tmp_path)))
    assert snap_compare(app, terminal_size=WIDE, run_before=_reviewed("en"))


def test_review_in_russian_narrow(snap_compare: Any, make_app: Any, tmp_path: Path) -> None:
    app = make_app(lang="ru", start=("replay", _opening(tmp_path)))
    assert snap_compare(app, terminal_size=NARROW, run_before=_reviewed("ru", "s"))


def test_key_moment_on_the_board_narrow(snap_compare: Any, make_app: Any, tmp_path: Path) -> None:
    app = make_app(start=("replay", _opening(tmp_path)))
    assert snap_compare(app, terminal_size=NARROW, run_before=_reviewed("en", "1", moment=True))


def test_key_moment_reply_in_russian_wide(snap_compare: Any, make_app: Any, tmp_path: Path) -> None:
    app = make_app(lang="ru", start=("replay", _opening(tmp_path)))
    assert snap_compare(app, terminal_size=WIDE, run_before=_reviewed("ru", "1", "r", moment=True))


def test_a_try_judged_clearly_worse_narrow(snap_compare: Any, make_app: Any, tmp_path: Path) -> None:
    from core.review.report import review_save

    session = _opening(tmp_path)
    review, _ = review_save(session, 0, QUICK)  # cached: the screen reads it back
    k, m = next((k, m) for k, m in enumerate(review.key_moments())
                if m.verdict in ("inaccuracy", "mistake", "blunder"))
    app = make_app(start=("replay", session))
    run = _reviewed("en", str(k + 1), "t", tried=m.played)  # the move played, tried again
    assert snap_compare(app, terminal_size=NARROW, run_before=run)
