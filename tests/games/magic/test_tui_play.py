"""Pilot tests of the `magic` table: whole games, undo and redo, illegal picks, attacks — all
through key presses."""

from __future__ import annotations

from typing import Any

from core.engine.journal import Seat
from core.games.magic import actions as A
from tests.games.magic.positions import MID_GAME, NEAR_WIN, session_at
from tests.piloting import option_key, prompt_text, settle
from tui.screens.dialogs import ConfirmScreen
from tui.screens.end import EndScreen
from tui.screens.table import TableScreen


async def test_play_to_a_win_by_keys(make_app: Any, tmp_path: Any) -> None:
    session = session_at(NEAR_WIN, path=tmp_path / "near.jsonl")
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert "Step 1 of 3" in prompt_text(app)
        await pilot.press("1")  # don't create
        assert "Step 2 of 3" in prompt_text(app)
        await pilot.press("1")  # don't add
        await settle(pilot)
        assert table.stage.creatures and table.board.cursor == "c:1"  # the cursor jumps to the only choice
        await pilot.press("enter")  # activate c1
        assert "Action of c1" in prompt_text(app)
        await pilot.press("1")  # gain energy: c1 is full; the bot, all asleep and no cards, passes
        await settle(pilot, lambda: session.pending() is not None and session.pending().seat == 0
                     and session.pending().kind == "create")
        await pilot.press("1", "1", "enter")  # pass, pass, activate c1
        await pilot.press(option_key(app, "Transmute"))  # the third token
        await settle(pilot, lambda: isinstance(app.screen, EndScreen))
        assert session.outcome().winners == [0]
        end_text = str(app.screen.query_one("#end-title").render())
        assert "Ann wins" in end_text
    # every move was journaled as it was made
    lines = (tmp_path / "near.jsonl").read_text().splitlines()
    assert len(lines) == 2 + len(session.entries) - 1


async def test_illegal_pick_is_refused_with_reason_and_rule(make_app: Any) -> None:
    session = session_at(MID_GAME)
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        table.board.cursor = "c:2"  # the opponent's creature cannot be activated
        await pilot.press("enter")
        text = prompt_text(app)
        assert "is not your creature" in text and "[MC §3.4]" in text
        assert session.pending().kind == "activate"  # nothing changed


async def test_attack_ticks_properties_and_warns_when_futile(make_app: Any) -> None:
    position = dict(MID_GAME, step="action", active=1)
    position["players"] = [dict(MID_GAME["players"][0]), dict(MID_GAME["players"][1])]
    position["players"][0]["creatures"] = [
        {"id": 1, "energy": 2, "properties": ["vampire", "fire_breathing", "nocturnal"]},
        {"id": 3, "energy": 0, "properties": ["scary"]}]
    session = session_at(position)
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        await pilot.press(option_key(app, "Attack"))
        assert "choose the target" in prompt_text(app)
        assert "c:4" not in table.board.targets()  # Invisible: needs Keen-eyed
        table.board.cursor = "c:4"
        await pilot.press("enter")
        assert "Invisible" in prompt_text(app) and "MC-R16" in prompt_text(app)
        table.board.cursor = "c:2"
        await pilot.press("enter")  # target c2 (Stone Hide: Vampire fails)
        await pilot.press("1", "2")  # tick Vampire, then Fire-breathing
        assert table.sel.props == ("vampire", "fire_breathing")
        assert "☑1 Vampire" in prompt_text(app) and "☑2 Fire-breathing" in prompt_text(app)
        await pilot.press("2")  # untick Fire-breathing: Vampire alone fails against Stone Hide
        assert table.sel.props == ("vampire",)
        await pilot.press("enter")  # so the app warns first (ConfirmFutileAttack)
        await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("escape")  # no: nothing happens
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        assert session.pending().kind == "action"
        await pilot.press("1")  # untick Vampire
        await pilot.press("2", "1")  # Fire-breathing, then Vampire
        assert table.sel.props == ("fire_breathing", "vampire")
        await pilot.press("enter")  # not futile: it attacks at once
        await settle(pilot, lambda: session.pending() is not None and session.pending().kind == "burn")
        assert A.AttackWith(2, ("fire_breathing", "vampire")) == session.entries[-1].action


async def test_undo_and_redo_by_keys(make_app: Any) -> None:
    session = session_at(MID_GAME)
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.screen.check_action("undo", ()) is None  # greyed: nothing to undo yet
        await pilot.press("enter")  # activate c1, sleep: the bot plays on
        await pilot.press(option_key(app, "Sleep"))
        await settle(pilot, lambda: app.screen.ctl.my_decision())
        moves = len(session.line)
        assert moves >= 3
        await pilot.press("u")  # back to Ann's last decision, over the bot's moves
        await settle(pilot, lambda: app.screen.ctl.my_decision())
        assert session.pending().kind == "action" and len(session.line) == 1
        assert "Took back" in prompt_text(app)
        await pilot.press("r")  # redo: Ann's move and the bot's answers
        await settle(pilot, lambda: app.screen.ctl.my_decision())
        assert len(session.line) == moves
        kinds = [e.kind for e in session.entries]
        assert "undo" in kinds and "redo" in kinds


async def test_strict_undo_is_greyed_and_says_why(make_app: Any) -> None:
    session = session_at(MID_GAME, undo="strict")
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("enter")
        await pilot.press(option_key(app, "Sleep"))
        await settle(pilot, lambda: app.screen.ctl.my_decision())
        assert app.screen.check_action("undo", ()) is None
        await pilot.press("u")
        assert "Strict undo" in prompt_text(app)


async def test_hotseat_hands_over_between_humans(make_app: Any) -> None:
    from tui.screens.handover import HandoverScreen

    seats = [Seat("Ann"), Seat("Boris")]
    session = session_at(MID_GAME, seats=seats)
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert "Pass to Ann" in str(app.screen.query_one("#handover-title").render())
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert [c.card for c in table.board.hand.cards] == [12, 33, 47, 58, 63]
        await pilot.press("enter")  # Ann activates c1 and sleeps
        await pilot.press(option_key(app, "Sleep"))
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert "Pass to Boris" in str(app.screen.query_one("#handover-title").render())
        assert table.ctl.perspective == 0  # Ann's eyes until Boris confirms
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        assert table.ctl.perspective == 1
        assert [c.card for c in table.board.hand.cards] == [5, 6, 7]
        assert table.board.row_order()[-1] == 1  # Boris's row at the bottom
        assert table.view.players[0].hand is None  # Ann's hand is hidden from Boris


async def test_a_game_of_bots_plays_itself_to_the_end(make_app: Any) -> None:
    bots = [Seat("Ann", kind="bot", bot="random"), Seat("Bot", kind="bot", bot="random")]
    session = session_at(NEAR_WIN, seats=bots)
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, EndScreen), timeout=20)
        assert session.outcome() is not None


async def test_clicking_a_creature_picks_it(make_app: Any) -> None:
    session = session_at(MID_GAME)
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        card = next(c for row in app.screen.board.rows.values() for c in row.cards if c.uid == 3)
        await pilot.click(offset=(card.region.x + 2, card.region.y + 1))
        await settle(pilot)
        assert session.entries[-1].action == A.Activate(3)


async def test_fast_forward_skips_the_bot_pace(make_app: Any) -> None:
    """`f` wakes the bot's wait for its pace and keeps the bots from waiting until the human's
    turn: every wait ends woken, none runs out (the mechanism, not a stopwatch: timings belong
    in `evo bench`)."""
    import threading

    class Recording(threading.Event):
        def __init__(self) -> None:
            super().__init__()
            self.woken: list[bool] = []

        def wait(self, timeout: float | None = None) -> bool:
            woken = super().wait(timeout)
            self.woken.append(woken)
            return woken

    session = session_at(MID_GAME)
    app = make_app(start=("game", session), pace="slow")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        table._wake = wake = Recording()
        await pilot.press("enter")  # the bot's turn, 1.8 s a move
        await pilot.press(option_key(app, "Sleep"))
        await settle(pilot, lambda: table.ctl.is_bot_turn())
        assert table.check_action("fast", ()) is True
        await pilot.press("f")
        await settle(pilot, lambda: table.ctl.my_decision(), timeout=30)
        assert wake.woken and all(wake.woken)
        assert not table._fast  # back to the chosen pace for the next bot turn
