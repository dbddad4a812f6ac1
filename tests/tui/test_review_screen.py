"""The review in the app (issue #25): `v` on the end screen and `r` in a finished game's replay
review every player in a thread with a progress bar (the person first), show what `evo review`
says with each player's figures, turn to the next player with `s`; 1–5 show a key moment on the
game's own board as that player saw it, `r` there the better move's likely reply, `t` a new game
from the position whose first move is judged against the best found."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from core import games
from core.engine.session import GameSession
from core.review.analysis import Reviewer, Settings
from core.review.report import before_of, cache_path, reviewable
from tests.bots.helpers import random_positions
from tests.piloting import demo, settle
from tests.review.test_moment import _called, _journal_pair
from tui.screens import review as review_screen
from tui.screens.end import EndScreen
from tui.screens.replay import ReplayScreen
from tui.screens.review import ReviewScreen
from tui.screens.review_moment import MomentScreen
from tui.screens.review_try import TryTableScreen

TINY = Settings(screen=4, worlds=6, max_worlds=6, depth=8, sight=1, rivals=1, glance=2)


def _part(tmp_path: Path, game: str, moves: int) -> Path:
    """Moves of a demo game as a game of its own: the last `moves` (from the position before
    them, as a branch starts) make a finished game; the first -`moves` a game still going. A
    review of either takes seconds."""
    old = demo(game)
    h, line = old.header, old.moves_on_line()
    part = line[-moves:] if moves > 0 else line[:-moves]
    save = tmp_path / f"{game}.jsonl"
    start = old.rules.clone(old.state_of(old.parent[part[0].seq])) if moves > 0 else None
    new = GameSession.new(h.game, seats=h.seats, options=dict(h.options), seed=h.seed, path=save,
                          position=start)
    for e in part:
        new.act(e.action)
    new.close()
    return save


def _all_done(app: Any) -> bool:
    s = app.screen
    return isinstance(s, ReviewScreen) and len(s.reviews) == len(s.seats)


async def test_the_end_screen_opens_a_review_of_the_game(make_app: Any, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_screen, "default_settings", lambda: TINY)
    save = _part(tmp_path, "newworld", 30)
    before = save.read_bytes()
    session, _ = GameSession.load(save)
    assert session.outcome() is not None
    app = make_app(lang="ru", start=("game", session))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.press("v")
        await settle(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        body = screen.query_one("#review-text")
        await settle(pilot, lambda: _all_done(app), timeout=120)
        shown = str(body.render())
        assert shown.splitlines()[0].startswith("Разбор партии") and "Бот 1" in shown.splitlines()[0]
        assert "Шансы на победу по ходу партии" in shown
        figures = str(screen.query_one("#review-figures").render()).splitlines()
        assert figures[0].split()[0] == "Игрок" and [f.split()[:2] for f in figures[1:]] == \
            [["Бот", "1"], ["Бот", "2"], ["Бот", "3"]]
        assert screen.seats == [0, 1, 2] and screen.seat == 0  # bots only: every seat
        await pilot.press("s")
        await settle(pilot, lambda: screen.seat == 1)
        assert "Бот 2" in str(body.render()).splitlines()[0]
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, EndScreen))
    assert save.read_bytes() == before and cache_path(save).is_file()


@pytest.mark.parametrize("game", games.ids())
async def test_a_finished_games_replay_opens_its_review(game: str, make_app: Any, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """`r` in the replay, listed in its footer, for a finished game only (a game still going
    could be continued: its players' reviews would tell what they may not know yet)."""
    monkeypatch.setattr(review_screen, "default_settings", lambda: TINY)
    going, _ = GameSession.load(_part(tmp_path, game, -20), writable=False)
    app = make_app(start=("replay", going))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert not app.screen.check_action("review", ())
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
    done, _ = GameSession.load(_part(tmp_path / "done", game, 30), writable=False)
    assert done.outcome() is not None
    app = make_app(start=("replay", done))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert app.screen.check_action("review", ())
        assert "r Review" in " ".join(str(k.render()) for k in app.screen.query("FooterKey"))
        await pilot.press("r")
        await settle(pilot, lambda: _all_done(app), timeout=120)
        assert app.screen.seats == reviewable(done)
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))


@pytest.mark.parametrize("game", games.ids())
async def test_a_key_moment_on_the_board_its_reply_and_a_try(game: str, make_app: Any,
                                                             tmp_path: Path) -> None:
    session, _ = GameSession.load(_part(tmp_path, game, -60), writable=False)
    before_bytes = session.file.read_bytes()
    rules = session.rules
    app = make_app(start=("replay", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        app.push_screen(ReviewScreen(session, [0], 0, "en", TINY))
        await settle(pilot, lambda: _all_done(app), timeout=120)
        reviews = app.screen.reviews
        seat = next(s for s in app.screen.seats if reviews[s].key_moments())
        while app.screen.seat != seat:
            await pilot.press("s")
        m = reviews[seat].key_moments()[0]
        await pilot.press("1")
        await settle(pilot, lambda: isinstance(app.screen, MomentScreen))
        moment = app.screen
        await settle(pilot, lambda: bool(str(moment.query_one("#moment-head").render())))
        name = moment.board.ctx.names[seat]
        head = str(moment.query_one("#moment-head").render())
        assert head.startswith("1/") and f"as {name} saw it" in head and "Better: " in head
        seen = rules.view(before_of(session, m), seat)
        if hasattr(moment.board, "view"):
            assert moment.board.view == seen  # the seat's view, never the state
        assert moment.board.mode == "replay" and moment.board.ctx.bottom == seat
        def head_says(words: str) -> bool:
            return words in str(moment.query_one("#moment-head").render())

        await pilot.press("r")
        await settle(pilot, lambda: head_says("after the better move"))
        await pilot.press("r")
        await settle(pilot, lambda: head_says("saw it"))

        await pilot.press("t")
        await settle(pilot, lambda: isinstance(app.screen, TryTableScreen))
        table = app.screen
        await settle(pilot, lambda: table.ctl.my_decision())
        assert table.ctl.session.view(seat) == seen and table.ctl.bottom_seat() == seat
        table.submit(rules.parse_action(m.played))
        await settle(pilot, lambda: not table.judging, timeout=30)
        said = table.said[0]
        if m.verdict in ("inaccuracy", "mistake", "blunder"):
            assert table.wrong and said.startswith("Clearly worse than the best")
            await pilot.press("t")
            await settle(pilot, lambda: not table.wrong and not table.ctl.session.line)
            await settle(pilot, lambda: table.ctl.my_decision())
            table.submit(rules.parse_action(m.better))
            await settle(pilot, lambda: not table.judging, timeout=30)
            said = table.said[0]
            assert said.startswith("The best move found")
        else:
            assert not table.wrong and said.startswith("A good move")
        await pilot.press("m")
        await settle(pilot, lambda: isinstance(app.screen, MomentScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
    assert session.file.read_bytes() == before_bytes
    branches = [p for p in (tmp_path / "saves").glob(f"{game}-*.jsonl")]
    assert len(branches) == 1  # the try is a saved game, as a branch is


@pytest.mark.parametrize("game", games.ids())
async def test_no_peeking_a_key_moment_on_screen_is_the_same_for_two_saves_the_seat_cannot_tell_apart(
        game: str, make_app: Any, tmp_path: Path) -> None:
    """The key moment's screen — the board fed the seat's view, the log, the words — and its
    reply's screen look the same, character for character, for two saves that differ only in
    what the reviewed seat could not see (tests/review/test_moment.py makes the pairs)."""
    rules = games.get(game).ruleset
    for k, s in enumerate(random_positions(rules, 16, seed=24, every=5)):
        pair = _journal_pair(game, rules, s, tmp_path / str(k))
        if pair is None:
            continue
        sessions, seat = pair
        reviews = [Reviewer(rules, seat, TINY).run(x.state_of(0), x.moves_on_line()) for x in sessions]
        if reviews[0].judged():  # a decision the review measured (not one already settled)
            break
    else:
        raise AssertionError("no pair of saves with a measured decision")
    shots = []
    for session, review in zip(sessions, reviews, strict=True):
        review = msgspec.structs.replace(review, moments=[_called(m) for m in review.moments])
        shots.append(await _moment_shots(make_app(), session, review))
    assert shots[0] == shots[1]


async def _moment_shots(app: Any, session: Any, review: Any) -> tuple[str, str]:
    """The moment's screen at 120×40, then its reply's."""
    def head() -> str:
        screen = app.screen
        return str(screen.query_one("#moment-head").render()) if isinstance(screen, MomentScreen) else ""

    async with app.run_test(size=(120, 40)) as pilot:
        app.game_styles(session.header.game)
        app.push_screen(MomentScreen(session, review, 0, "en"))
        await settle(pilot, lambda: "saw it" in head())
        decision = app.export_screenshot()
        await pilot.press("r")
        await settle(pilot, lambda: "after the better move" in head())
        return decision, app.export_screenshot()
