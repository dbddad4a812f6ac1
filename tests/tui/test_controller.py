"""The game controller in every game the app offers: undo to the last human decision over the
bots' moves, stale bot answers, undo refusals in the player's language, bots-only games, a
missing bot. Each game's own (hand-over, the narrated log): tests/games/<g>/test_tui_*.py."""

from __future__ import annotations

import random

import pytest

from core import games
from core.engine.journal import Seat
from core.engine.session import GameSession
from tests.piloting import new_game, seats_for
from tests.playing import encode
from tui.controller import GameController
from tui.games import playable

GAMES = playable()


def play_bots(ctl: GameController) -> None:
    while (job := ctl.bot_job()) is not None:
        ctl.play_bot(job, job.bot.choose(job.view, job.legal))


def play_human(ctl: GameController, rng: random.Random) -> int:
    """Random moves of the human while it is their decision; how many were played."""
    played = 0
    while ctl.my_decision():
        legal = ctl.legal()
        ctl.act(legal[rng.randrange(len(legal))])
        played += 1
    return played


def to_human_moves_then_bots(ctl: GameController, rng: random.Random) -> int:
    """Play on (bots first, if theirs is the turn) until the human has made at least two moves
    in a row and the bots have answered with theirs, ending at the human's next decision; the
    line position of the human's last move."""
    for _ in range(50):
        play_bots(ctl)
        assert ctl.my_decision()
        if play_human(ctl, rng) >= 2 and ctl.is_bot_turn():
            last_human = len(ctl.session.line) - 1
            play_bots(ctl)
            assert ctl.my_decision()  # the game goes on: a human decides again
            return last_human
    raise AssertionError("the human never made two moves in a row before the bots' turn")


@pytest.mark.parametrize("game", GAMES)
def test_undo_goes_back_over_bot_moves_to_the_human_decision_and_redo_restores_them(game: str) -> None:
    ctl = GameController(new_game(game, seed=7), "en")
    last_human = to_human_moves_then_bots(ctl, random.Random(1))
    line = list(ctl.session.line)
    undone = len(line) - last_human
    assert undone >= 2  # the bots' moves and the human's last one
    assert ctl.undo_refusal() is None
    assert ctl.undo() == undone
    assert ctl.session.line == line[:last_human]  # the human's earlier moves stay
    assert ctl.pending().seat in ctl.humans and ctl.my_decision()
    assert ctl.log[-1].note
    assert ctl.redo() == undone
    assert ctl.session.line == line


@pytest.mark.parametrize("game", GAMES)
def test_a_stale_bot_answer_is_dropped(game: str) -> None:
    ctl = GameController(new_game(game, seed=7), "en")
    rng = random.Random(1)
    play_bots(ctl)
    assert play_human(ctl, rng) >= 1
    job = ctl.bot_job()
    assert job is not None
    answer = job.bot.choose(job.view, job.legal)
    ctl.undo()
    assert not ctl.play_bot(job, answer)


@pytest.mark.parametrize("game", GAMES)
def test_undo_refusals_are_in_the_players_language(game: str) -> None:
    ctl = GameController(new_game(game, seed=7, undo="strict"), "ru")
    assert ctl.undo_refusal() == "Отменять нечего."
    to_human_moves_then_bots(ctl, random.Random(1))
    assert ctl.undo_refusal().startswith("Строгий режим")


@pytest.mark.parametrize("game", GAMES)
def test_bots_only_games_are_shown_omniscient_and_cannot_be_undone(game: str) -> None:
    ctl = GameController(new_game(game, seed=5, humans=0), "en")
    assert ctl.viewer() is None
    session = ctl.session
    assert encode(ctl.view()) == encode(session.view(None))
    if games.get(game).hidden_information:  # what a seat may not see is shown
        assert encode(ctl.view()) != encode(session.view(0))
    assert ctl.undo_refusal() is not None


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_bot_falls_back_to_random_with_a_warning(game: str) -> None:
    seats = seats_for(game, seats=max(2, games.get(game).seats[2]))
    seats[1] = Seat("B", kind="bot", bot="oracle:godlike")
    ctl = GameController(GameSession.new(game, seats=seats, seed=5, durable=False), "en")
    assert ctl.warnings and "oracle:godlike" in ctl.warnings[0]
    assert ctl.bots[1].spec == "random"
