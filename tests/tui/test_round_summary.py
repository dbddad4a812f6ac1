"""The end of a round on the table, in every game: a summary that waits for a key (and can be
turned off), and others' attacks on the player's pieces marked until the player moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core import games
from tests.piloting import new_game, settle, table_ready
from tui.controller import GameController
from tui.games import playable, plugin
from tui.round_summary import attacks_in_last_move, summarize
from tui.screens.round_summary import RoundSummaryScreen
from tui.screens.table import TableScreen

GAMES = playable()


def to_round(session: Any, rng: random.Random, rounds: int) -> None:
    """Random moves until `rounds` more rounds have begun (or the game ends)."""
    start = session.rules.round_number(session.state)
    while session.pending() is not None and session.rules.round_number(session.state) < start + rounds:
        legal = session.legal_actions()
        session.act(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game", GAMES)
def test_a_summary_tells_the_round_in_the_games_words(game: str) -> None:
    session = new_game(game, seed=3, humans=0)
    to_round(session, random.Random(1), 2)
    ctl = GameController(session, "en")
    now = session.rules.round_number(session.state)
    ui = plugin(game)
    summary = summarize(ctl, now - 1, 0, ui.standing)
    assert summary.title == games.get(game).round_text("over", "en", k=now - 1)
    told = [line for _, lines in summary.sections for line in lines]
    assert told, "a round in which nothing worth telling happened"
    assert all("{" not in line for line in told)
    if ui.standing is not None:
        assert len(summary.standing) == len(session.header.seats)
    ru = summarize(GameController(session, "ru"), now - 1, 0, ui.standing)
    assert [h for h, _ in ru.sections] != [h for h, _ in summary.sections]


@pytest.mark.parametrize("game", GAMES)
def test_a_summary_seen_later_tells_its_round_only(game: str) -> None:
    """Seen again after more play (an undo and a redo bring a round's end back), a round's
    summary is the one told when the next round began, not one that runs to the present."""
    session = new_game(game, seed=3, humans=0)
    rng = random.Random(1)
    to_round(session, rng, 2)
    ctl = GameController(session, "en")
    ended = session.rules.round_number(session.state) - 1
    then = summarize(ctl, ended, 0)
    to_round(session, rng, 1)
    assert session.rules.round_number(session.state) == ended + 2
    assert summarize(ctl, ended, 0) == then


@pytest.mark.parametrize("game", [g for g in GAMES if not games.get(g).cooperative])
def test_attacks_on_a_seat_are_found_in_the_move_that_made_them(game: str) -> None:
    """Somewhere in random games a bot attacks seat 0's piece: the mark names it."""
    rng = random.Random(5)
    for seed in range(40):
        session = new_game(game, seed=seed, humans=0)
        ctl = GameController(session, "en")
        while session.pending() is not None and len(session.line) < 400:
            legal = session.legal_actions()
            seat = session.pending().seat
            session.act(legal[rng.randrange(len(legal))])
            lines = attacks_in_last_move(ctl, 0)
            if seat == 0:
                assert lines == []  # one's own moves are not marked
            elif lines:
                entry = session.entries[session.line[-1]]
                told = [session.rules.narrate(ev, 0, "en", ctl.names()) for ev in entry.events]
                assert set(lines) <= set(told)
                return
    raise AssertionError("no attack on seat 0 in 40 random games")


@pytest.mark.parametrize("game", GAMES)
async def test_the_table_waits_on_the_summary_when_a_round_ends(make_app: Any, game: str) -> None:
    session = new_game(game, seed=4)
    app = make_app(start=("game", session), round_summary="show")
    rng = random.Random(2)
    async with app.run_test(size=(120, 40)) as pilot:
        start = session.rules.round_number(session.state)
        for _ in range(400):
            await settle(pilot, lambda: isinstance(app.screen, RoundSummaryScreen) or session.outcome()
                         is not None or (table_ready(app) and app.screen.ctl.my_decision()), timeout=20)
            if not isinstance(app.screen, TableScreen):
                break
            table = app.screen
            legal = table.ctl.legal()
            table.submit(legal[rng.randrange(len(legal))])
        if session.outcome() is not None:
            pytest.skip("the game ended before a round did")
        summary = app.screen
        assert isinstance(summary, RoundSummaryScreen)
        now = session.rules.round_number(session.state)
        assert now > start
        waiting = len(session.entries)
        await pilot.pause(0.3)
        assert len(session.entries) == waiting, "the game went on behind the summary"
        body = str(summary.query_one("#round-summary-body").render())
        assert body
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))


async def test_summaries_can_be_turned_off(make_app: Any) -> None:
    game = GAMES[0]
    session = new_game(game, seed=4)
    app = make_app(start=("game", session), round_summary="skip")
    rng = random.Random(2)
    async with app.run_test(size=(120, 40)) as pilot:
        start = session.rules.round_number(session.state)
        while session.rules.round_number(session.state) == start and session.outcome() is None:
            await settle(pilot, lambda: session.outcome() is not None or isinstance(
                app.screen, RoundSummaryScreen) or (table_ready(app) and app.screen.ctl.my_decision()),
                timeout=20)
            assert not isinstance(app.screen, RoundSummaryScreen)
            if session.outcome() is None and session.rules.round_number(session.state) == start:
                legal = app.screen.ctl.legal()
                app.screen.submit(legal[rng.randrange(len(legal))])
        assert session.rules.round_number(session.state) > start


async def test_the_attack_mark_speaks_the_new_language_and_goes_with_an_undo(make_app: Any) -> None:
    """The mark of a bot's attack on the player's pieces is told in the language chosen since,
    and an undo that takes the attack back takes the mark with it."""
    session = new_game("magic", seed=3)
    app = make_app(lang="ru", start=("game", session))
    rng = random.Random(4)
    async with app.run_test(size=(120, 40)) as pilot:
        bar = None
        for _ in range(300):
            await settle(pilot, lambda: session.outcome() is not None or (
                table_ready(app) and app.screen.ctl.my_decision()), timeout=20)
            bar = app.screen.query_one("#attacked")
            if bar.display or session.outcome() is not None:
                break
            legal = app.screen.ctl.legal()
            app.screen.submit(legal[rng.randrange(len(legal))])
        assert bar is not None and bar.display, "no attack on the player in 300 moves"
        assert "На ваших" in str(bar.render())
        app.set_language("en")
        await pilot.pause()
        assert "On yours" in str(bar.render())
        assert "На ваших" not in str(bar.render())
        assert app.screen.message[0] == ""  # the old language's line is not kept
        attacker = session.entries[session.line[-1]].seat
        while session.line and session.entries[session.line[-1]].seat == attacker:
            app.screen._undo()
            await pilot.pause()
        assert not bar.display


def test_a_team_game_words_its_summary_as_a_team() -> None:
    """gravity: no attacks, and what goes wrong (an alarm raised, a fight lost, a curse) is a
    setback, so a round in which the alarm rose is not told as one where "nothing was lost"."""
    session = new_game("gravity", seed=3, humans=0)
    rng, alarmed = random.Random(3), False
    for _ in range(8):
        to_round(session, rng, 1)
        ended = session.rules.round_number(session.state) - 1
        summary = summarize(GameController(session, "en"), ended, None)
        headings = [h for h, _ in summary.sections]
        assert not {"Attacks", "Losses"} & set(headings), headings
        setbacks = dict(summary.sections).get("Setbacks", [])
        assert (summary.quiet == "") == bool(setbacks)
        if any("alarm" in line.lower() for line in setbacks):
            alarmed = True
            ru = summarize(GameController(session, "ru"), ended, None)
            assert "Неудачи" in [h for h, _ in ru.sections]
            break
    assert alarmed, "the alarm never rose in 8 rounds"
