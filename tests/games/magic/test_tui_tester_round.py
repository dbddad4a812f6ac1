"""A tester's round at the `magic` table: one key passes a round in which all of the player's
creatures sleep, a big hand says what is out of sight and finds a card, an attack is worked out
before it is made, and the status line is never cut — pilot tests, with the pieces without
Textual beside them."""

from __future__ import annotations

from typing import Any

from core.engine.journal import Seat
from core.games.magic import actions as A
from core.games.magic.queries import attack_preview
from core.games.magic.scenario import SCENARIO
from tests.games.magic.positions import session_at
from tests.piloting import option_key, prompt_text, settle
from tui.games.magic.describe import card_names
from tui.games.magic.stages import PASS_ROUND, Sel, build_stage
from tui.screens.dialogs import AskScreen
from tui.screens.table import TableScreen
from tui.widgets.hand import card_matches

# Ann's two creatures sleep; the bot has five awake ones (so it takes many turns this round).
ALL_ASLEEP: dict[str, Any] = {
    "step": "create", "turn": 0, "round": 4, "first": 0, "source": "lantern_tree",
    "players": [
        {"hand": [12, 33, 40], "creatures": [
            {"id": 1, "energy": 2, "asleep": True, "properties": ["vampire"]},
            {"id": 3, "asleep": True, "properties": ["scary"]}]},
        {"hand": [5, 6, 7], "creatures": [
            {"id": 2, "properties": ["stone_hide"]}, {"id": 4, "properties": ["fireproof"]},
            {"id": 5, "properties": ["aquatic"]}, {"id": 6, "properties": ["flying"]},
            {"id": 7, "properties": ["tiny"]}]},
    ],
}

BIG_HAND = [3, 5, 8, 10, 12, 14, 17, 19, 21, 24, 26, 28, 30, 33, 36, 38, 41, 44, 47, 50, 53, 56]


def _ready(app: Any) -> bool:
    return isinstance(app.screen, TableScreen) and app.screen.view is not None


# --- one key for the rest of the round ---------------------------------------------------------

def test_the_pass_round_option_is_offered_only_while_everything_sleeps() -> None:
    s = session_at(ALL_ASLEEP)
    st = build_stage(s.view(0), s.legal_actions(), Sel(), "en")
    assert [o.label for o in st.options] == ["Don't create", "Pass to the end of the round"]
    assert st.options[1].result == Sel(mode=PASS_ROUND)
    awake = dict(ALL_ASLEEP, players=[dict(ALL_ASLEEP["players"][0], creatures=[{"id": 1}]),
                                      ALL_ASLEEP["players"][1]])
    s = session_at(awake)
    st = build_stage(s.view(0), s.legal_actions(), Sel(), "en")
    assert [o.label for o in st.options] == ["Don't create"]


async def test_one_key_passes_every_turn_to_the_end_of_the_round(make_app: Any) -> None:
    session = session_at(ALL_ASLEEP)
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: _ready(app))
        await pilot.press("2")  # the only key pressed this round
        await settle(pilot, lambda: session.state.round == 5 and session.pending() is not None
                     and session.pending().seat == 0, timeout=20)
        assert session.pending().kind == "swap"  # the new round asks as usual
        ann = [e for e in (session.entries[q] for q in session.line) if e.seat == 0]
        assert len(ann) > 2 and all(e.action == A.PASS for e in ann)  # every one journaled as hers
        await pilot.press("1")  # keep: a decision of another round is not passed for her
        await settle(pilot)
        assert app.screen.board._passing is None


async def test_undo_stops_the_passing(make_app: Any) -> None:
    session = session_at(ALL_ASLEEP)
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: _ready(app))
        await pilot.press("2")
        await settle(pilot, lambda: len(session.line) >= 4 and session.pending().seat == 0, timeout=20)
        await pilot.press("u")
        await settle(pilot, lambda: app.screen.ctl.my_decision())
        await settle(pilot)
        assert app.screen.board._passing is None
        line = len(session.line)
        await settle(pilot)
        assert len(session.line) == line and session.pending().seat == 0  # asked again, not passed


# --- a big hand --------------------------------------------------------------------------------

def test_a_card_matches_its_number_or_the_start_of_a_property_in_either_language() -> None:
    def matches(card: int, query: str) -> bool:
        return card_matches(card, card_names(card), query)

    assert matches(47, "47") and not matches(47, "4")
    assert matches(1, "вамп") and matches(1, "Vamp") and matches(1, "приз")
    assert matches(12, "лет") and not matches(12, "зор")


async def test_a_big_hand_counts_what_is_out_of_sight_and_finds_a_card(make_app: Any) -> None:
    position = dict(ALL_ASLEEP, players=[dict(ALL_ASLEEP["players"][0], hand=BIG_HAND),
                                         dict(ALL_ASLEEP["players"][1], hand=[])])
    app = make_app(start=("game", session_at(position)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: _ready(app))
        board = app.screen.board
        left, right = board.hand.out_of_sight()
        assert left == 0 and right >= 18
        assert f"out of sight: {right}→" in str(board.hand.border_title)
        assert "/ finds a card" in str(board.hand.border_title)
        await pilot.press("slash")
        await settle(pilot, lambda: isinstance(app.screen, AskScreen))
        await pilot.press("4", "7", "enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        await settle(pilot)
        assert board.cursor == "h:47"
        assert "Card 47: 1 of 1" in prompt_text(app)
        left, right = board.hand.out_of_sight()
        assert left >= 15  # the hand scrolled to it
        assert f"←{left}" in str(board.hand.border_title)


# --- the attack preview ------------------------------------------------------------------------

def _state(position: dict[str, Any]) -> Any:
    return SCENARIO.state(position, 0)


def test_the_preview_resolves_the_properties_in_order_and_tries_every_burn() -> None:
    s = _state({"step": "action", "active": 1, "players": [
        {"creatures": [{"id": 1, "energy": 2, "properties": ["vampire", "fire_breathing"]}]},
        {"creatures": [{"id": 2, "energy": 3, "properties": ["stone_hide", "thorny"]}]}]})
    a, t = s.creatures[1], s.creatures[2]
    pv = attack_preview(s, a, t, ("vampire",))
    assert pv.fates == (("vampire", "fail"),) and pv.gain == (-1, -1) and pv.thorns == "yes"
    pv = attack_preview(s, a, t, ("fire_breathing", "vampire"))
    # burn Stone Hide: Vampire works (+2, Thorny −1); burn Thorny: Vampire fails (+1): +1 either way
    assert pv.fates == (("fire_breathing", "ok"), ("vampire", "maybe"))
    assert pv.gain == (1, 1) and pv.drain == (-1, 0) and pv.thorns == "maybe"
    full = _state({"step": "action", "active": 1, "players": [
        {"creatures": [{"id": 1, "energy": 4, "properties": ["vampire", "keen_eyed"]}]},
        {"creatures": [{"id": 2, "energy": 1, "properties": ["thorny"]}]}]})
    pv = attack_preview(full, full.creatures[1], full.creatures[2], ("vampire",))
    assert pv.gain == (0, 0) and pv.drain == (-1, -1) and pv.thorns == "no"  # full; Keen-eyed


ATTACKER: dict[str, Any] = {
    "step": "action", "active": 1, "turn": 0, "round": 3,
    "players": [
        {"hand": [12, 33], "creatures": [
            {"id": 1, "energy": 2, "properties": ["vampire", "fire_breathing", "nocturnal"]},
            {"id": 3, "properties": ["scary"]}]},
        {"hand": [5, 6, 7], "creatures": [
            {"id": 2, "energy": 3, "properties": ["stone_hide", "thorny"]},
            {"id": 4, "energy": 1, "asleep": True, "properties": ["fireproof"]},
            {"id": 5, "properties": ["aquatic"]}]},
    ],
}


def test_the_ticked_properties_are_worked_out_in_the_prompt() -> None:
    s = session_at(ATTACKER)
    st = build_stage(s.view(0), s.legal_actions(), Sel(mode="attack", target=2, props=("vampire",)), "en")
    assert st.prompt.endswith("· Vampire ✗ · the attacker c1: −1 energy (Thorny takes 1)")
    st = build_stage(s.view(0), s.legal_actions(), Sel(mode="attack", target=2, props=("fire_breathing",
                                                                                      "vampire")), "en")
    assert "Fire-breathing ✓ · Vampire ? · the attacker c1: +1 energy, the target c2: −1…0" in st.prompt


async def test_the_target_under_the_cursor_is_worked_out_before_it_is_picked(make_app: Any) -> None:
    app = make_app(start=("game", session_at(ATTACKER)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: _ready(app))
        await pilot.press(option_key(app, "Attack"))  # choose the target
        board = app.screen.board
        board.cursor = "c:4"
        await pilot.press("right")  # from c4 to c5
        assert board.cursor == "c:5"
        assert "Fire-breathing ✓ · Vampire ✗ · the attacker c1: +1 energy" in prompt_text(app)
        await pilot.press("left")
        said = prompt_text(app)
        assert "Fire-breathing ✗ · Vampire ✓ · the attacker c1: +1 energy, the target c4: −1" in said


# --- the status line ---------------------------------------------------------------------------

async def test_the_status_line_is_never_cut_even_after_a_resize(make_app: Any) -> None:
    solo = {"solo": True, "step": "create", "round": 12, "first": 0, "turn": 0,
            "players": [{"hand": [12], "creatures": [{"id": 1}]},
                        {"shade": True, "creatures": [{"id": 2}]}],
            "discard": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15]}
    seats = [Seat("Александра"), Seat("Shade", kind="shade")]
    app = make_app(lang="ru", start=("game", session_at(solo, seats=seats)))
    async with app.run_test(size=(96, 30)) as pilot:
        await settle(pilot, lambda: _ready(app))
        status = app.screen.query_one("#status")
        assert "первый: Александра" in str(status.render())  # room for all of it at 96 columns
        await pilot.resize_terminal(80, 24)  # still a narrow table: nothing else is redrawn
        await settle(pilot)
        line = str(status.render())
        assert line.endswith("(Тени — 1)") and "первый" not in line
        await pilot.resize_terminal(40, 24)
        await settle(pilot)
        line = str(status.render())
        assert line.endswith("цель 3 (Тени 1)") and len(line) <= 38
