"""Settings › Only move, in every game the app offers: a decision with a single legal action is
announced and taken after a short pause when the player asked for it, and waits for a key
otherwise; an undo that comes back to it leaves it to the player."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.engine.session import GameSession
from tests.piloting import new_game, prompt_text, settle, table_ready
from tui.games import playable
from tui.screens import table as table_screen

PAUSE = 2.0  # longer than the app's, so a loaded machine still shows the announcement in time


def only_move_position(game: str) -> GameSession | None:
    """A game of one person (Ann, seat 0) against random bots, played on at random until Ann has
    a decision with a single legal action; None if none comes within a few hundred moves."""
    for seed in (3, 11, 29):
        session = new_game(game, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            pend = session.pending()
            if pend is None:
                break
            legal = session.legal_actions()
            if pend.seat == 0 and len(legal) == 1:
                return session
            session.act(rng.choice(legal))
    return None


def ann_decides(app: Any) -> bool:
    return table_ready(app) and app.screen.ctl.my_decision()


@pytest.mark.parametrize("game", playable())
async def test_an_only_move_is_played_after_a_pause_when_asked_for(make_app: Any, game: str,
                                                                   monkeypatch: Any) -> None:
    monkeypatch.setattr(table_screen, "ONLY_MOVE_PAUSE", PAUSE)
    session = only_move_position(game)
    if session is None:
        pytest.skip(f"{game}: no decision with a single legal action came up")
    moves = len(session.line)
    # What the table says, with the moves made by then: on a loaded machine the pilot may look
    # only after the pause, when the move is made and the announcement gone.
    said: list[tuple[str, int]] = []
    say = table_screen.TableScreen.say

    def recorded(screen: Any, message: str, error: bool = False) -> None:
        said.append((message, len(session.line)))
        say(screen, message, error)

    monkeypatch.setattr(table_screen.TableScreen, "say", recorded)
    app = make_app(start=("game", session))
    app.settings.only_move = "auto"
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: table_ready(app))

        def announced() -> bool:
            return any("only move" in m.lower() or "one move" in m for m, _ in said)

        # The table announces the move once it has settled, and plays it only after the pause.
        await settle(pilot, announced, timeout=PAUSE + 10)
        assert all(n == moves for m, n in said if "only move" in m.lower())  # announced first
        await settle(pilot, lambda: len(session.line) > moves, timeout=PAUSE + 10)
        assert session.entries[session.line[moves]].seat == 0  # Ann's move, by the table
        # Undo comes back to the only move and leaves it to Ann this time.
        await settle(pilot, lambda: ann_decides(app) or session.outcome() is not None, timeout=20)
        if session.outcome() is not None:
            return
        table = app.screen
        while len(session.line) > moves and table.ctl.undo_refusal() is None:
            await pilot.press("u")
            await settle(pilot)
        if len(session.line) != moves:
            return  # the bots' moves in between cannot be taken back one by one here
        await pilot.pause(PAUSE + 0.3)
        assert len(session.line) == moves


@pytest.mark.parametrize("game", playable())
async def test_an_only_move_waits_for_the_player_by_default(make_app: Any, game: str,
                                                            monkeypatch: Any) -> None:
    monkeypatch.setattr(table_screen, "ONLY_MOVE_PAUSE", PAUSE)
    session = only_move_position(game)
    if session is None:
        pytest.skip(f"{game}: no decision with a single legal action came up")
    moves = len(session.line)
    app = make_app(start=("game", session))
    assert app.settings.only_move == "ask"
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: ann_decides(app))
        await pilot.pause(PAUSE + 0.3)
        assert len(session.line) == moves


@pytest.mark.parametrize("game", playable())
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_prompt_names_an_only_move(make_app: Any, game: str, lang: str) -> None:
    """The only legal move is the first numbered choice, in words (not only a pick somewhere
    on the table): the player need not hunt for it."""
    session = only_move_position(game)
    if session is None:
        pytest.skip(f"{game}: no decision with a single legal action came up")
    only, moves = session.legal_actions()[0], len(session.line)
    app = make_app(lang=lang, start=("game", session))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ann_decides(app))
        first = app.screen.stage.options[0]
        assert first.enabled and first.result == only and first.key == "1"
        assert f"1 {first.label}" in prompt_text(app)
        await pilot.press("1")
        await settle(pilot, lambda: len(session.line) > moves)
        assert session.entries[session.line[moves]].action == only
