"""The game controller: seats, hand-over, undo to the last human decision, the redacted log."""

from __future__ import annotations

from core.engine.journal import Seat
from core.engine.session import GameSession
from tests.tui.conftest import MID_GAME, session_at
from tui.controller import PUBLIC, GameController


def play_bots(ctl: GameController) -> None:
    while (job := ctl.bot_job()) is not None:
        ctl.play_bot(job, job.bot.choose(job.view, job.legal))


def test_undo_goes_back_over_bot_moves_to_the_human_decision_and_redo_restores_them() -> None:
    ctl = GameController(session_at(MID_GAME), "en")
    ctl.act(ctl.rules.parse_action("activate c1"))
    ctl.act(ctl.rules.parse_action("sleep"))
    play_bots(ctl)
    line = list(ctl.session.line)
    assert ctl.undo_refusal() is None
    assert ctl.undo() == len(line) - 1  # the bot's moves and Ann's sleep
    assert ctl.pending().kind == "action" and ctl.my_decision()
    assert ctl.log[-1].note
    assert ctl.redo() == len(line) - 1
    assert ctl.session.line == line


def test_a_stale_bot_answer_is_dropped() -> None:
    ctl = GameController(session_at(MID_GAME), "en")
    ctl.act(ctl.rules.parse_action("activate c1"))
    ctl.act(ctl.rules.parse_action("sleep"))
    job = ctl.bot_job()
    answer = job.bot.choose(job.view, job.legal)
    ctl.undo()
    assert not ctl.play_bot(job, answer)


def test_undo_refusals_are_in_the_players_language() -> None:
    ctl = GameController(session_at(MID_GAME, undo="strict"), "ru")
    assert ctl.undo_refusal() == "Отменять нечего."
    ctl.act(ctl.rules.parse_action("activate c1"))
    ctl.act(ctl.rules.parse_action("sleep"))
    play_bots(ctl)
    assert ctl.undo_refusal().startswith("Строгий режим")


def test_hotseat_waits_for_each_player_and_hides_hands_until_then() -> None:
    ctl = GameController(session_at(MID_GAME, seats=[Seat("Ann"), Seat("Bo")]), "en")
    assert ctl.viewer() == PUBLIC and ctl.needs_handover() == 0
    assert ctl.view().players[0].hand is None
    ctl.confirm_handover(0)
    assert ctl.view().players[0].hand == [12, 33, 47, 58, 63]
    ctl.act(ctl.rules.parse_action("activate c1"))
    ctl.act(ctl.rules.parse_action("sleep"))
    assert ctl.needs_handover() == 1 and ctl.view().players[1].hand is None


def test_the_log_is_narrated_for_the_viewer_only() -> None:
    s = GameSession.new("magic", seats=[Seat("Ann"), Seat("Bot", kind="bot", bot="random")], seed=3)
    ctl = GameController(s, "en")
    mine = [line.text for line in ctl.log if "Ann draws" in line.text]
    theirs = [line.text for line in ctl.log if "Bot draws" in line.text]
    assert ":" in mine[0] and ":" not in theirs[0]  # Ann sees her cards, not the bot's


def test_bots_only_games_are_shown_omniscient_and_cannot_be_undone() -> None:
    seats = [Seat("A", kind="bot", bot="random"), Seat("B", kind="bot", bot="random")]
    ctl = GameController(GameSession.new("magic", seats=seats, seed=5), "en")
    assert ctl.viewer() is None
    assert ctl.view().players[1].hand is not None
    assert ctl.undo_refusal() is not None


def test_an_unknown_bot_falls_back_to_random_with_a_warning() -> None:
    seats = [Seat("A"), Seat("B", kind="bot", bot="oracle:godlike")]
    ctl = GameController(GameSession.new("magic", seats=seats, seed=5), "en")
    assert ctl.warnings and "oracle:godlike" in ctl.warnings[0]
    assert ctl.bots[1].spec == "random"


def test_the_shade_is_named_once_in_a_log_line() -> None:
    seats = [Seat("Ann"), Seat("Shade", kind="shade")]
    s = GameSession.new("magic", seats=seats, seed=4, options={"solo": True})
    ctl = GameController(s, "en")
    ctl.act(ctl.rules.parse_action("keep"))
    play_bots(ctl)
    grew = [line for line in ctl.log if "The Shade draws card" in line.text]
    assert grew and all(line.seat is None for line in grew)
