"""The game controller on a `magic` game: hand-over between people, the log narrated for the
viewer, the Shade in the log. Undo, bots and seats in any game: tests/tui/test_controller.py."""

from __future__ import annotations

from core.engine.journal import Seat
from core.engine.session import GameSession
from tests.games.magic.positions import MID_GAME, session_at
from tui.controller import PUBLIC, GameController


def play_bots(ctl: GameController) -> None:
    while (job := ctl.bot_job()) is not None:
        ctl.play_bot(job, job.bot.choose(job.view, job.legal))


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


def test_the_shade_is_named_once_in_a_log_line() -> None:
    seats = [Seat("Ann"), Seat("Shade", kind="shade")]
    s = GameSession.new("magic", seats=seats, seed=4, options={"solo": True})
    ctl = GameController(s, "en")
    ctl.act(ctl.rules.parse_action("keep"))
    play_bots(ctl)
    grew = [line for line in ctl.log if "The Shade draws card" in line.text]
    assert grew and all(line.seat is None for line in grew)
