"""Pilot tests of the `northstar` table: a food card chosen, card uses in phase 3 (a trait on a
species, +1 body size, a new species, discarding a trait), the short variant's secret plan,
ordering the before-reveal effects, feeding (a herbivore eats, a carnivore's target with its
defences shown before confirming, Intelligence), refusals with their rulings, undo, the
hot-seat curtain and the replay — all through key presses."""

from __future__ import annotations

import re
from typing import Any

from core.games.northstar import actions as A
from tests.games.northstar.test_tui_positions import (
    FEED,
    FOOD,
    ORDER,
    PLAN,
    PLAY,
    SIX,
    session_at,
)
from tests.piloting import NARROW, TWO_PEOPLE, WIDE, prompt_text, settle, table_of, table_ready
from tui.screens.handover import HandoverScreen
from tui.screens.replay import ReplayScreen


def moves(session: Any) -> list[Any]:
    return [e.action for e in session.entries if e.kind == "move"]


async def test_choosing_the_food_card_from_the_hand(make_app: Any) -> None:
    session = session_at(FOOD)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        assert "Choose food" in prompt_text(app)
        assert table.board.targets() == {"h:53", "h:81", "h:124", "h:14"}
        hand = str(table.board.hand.cards[1].render())
        assert "Fat Tissue" in hand and "food −1" in hand  # each card's food number
        table.board.cursor = "h:81"
        await pilot.press("enter")
        await settle(pilot, lambda: A.ChooseFood(81) in moves(session))
        header = str(table.board.rows[0].header.render())
        assert "food: 81 (−1)" in header  # the owner sees his own food card


async def test_the_watering_hole_counts_the_food_cards_that_matter_now(make_app: Any) -> None:
    """Choosing, how many have chosen; playing cards, how many wait face down — and nothing of
    the kind where a lesson's position has none (it said "food cards chosen: 0 of 2")."""
    bare = {**PLAY, "players": [{k: v for k, v in p.items() if k != "food"}
                                for p in PLAY["players"]]}
    for position, said, unsaid in ((FOOD, "food cards chosen: 1 of 3", "face down"),
                                   (PLAY, "3 food cards face down", "chosen"),
                                   (bare, "2 plant food", "food card")):
        async with table_of(make_app, session_at(position)) as (app, _pilot):
            hole = str(app.screen.board.hole.render())
            assert said in hole and unsaid not in hole, hole


async def test_the_food_cards_turned_up_fit_the_narrow_table(make_app: Any) -> None:
    """Six food cards with their traits ran off the narrow table's one line ("… 42 Climbing
    +3…"); there it lists what each adds, the details every word."""
    session = session_at({**SIX, "shown": [49, 42, 90, 11, 8, 16]})
    async with table_of(make_app, session, NARROW) as (app, _pilot):
        board = app.screen.board
        hole = str(board.hole.render())
        assert "food cards: +3, +3, +4, +4, +3, +6 = +23" in hole, hole
        assert len(hole) <= board.hole.content_region.width
        assert "49 Hard Shell +3" in board.describe_key("hole")  # every word in the details


async def test_a_trait_on_a_species_then_body_size_then_a_refusal(make_app: Any) -> None:
    session = session_at(PLAY)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        assert table.board.cursor == "h:53"
        await pilot.press("enter")  # Horns…
        assert "Card 53 Horns" in prompt_text(app) and "New species at the left end" in prompt_text(app)
        assert table.board.targets() == {"s:1"}  # A2 is full and has Horns already
        table.board.cursor = "s:2"
        await pilot.press("enter")  # refused, with the ruling
        assert "A2 already has Horns" in prompt_text(app) and "[NS §3.5]" in prompt_text(app)
        table.board.cursor = "s:1"
        await pilot.press("enter")
        await settle(pilot, lambda: A.Place(53, 1) in moves(session))
        card = next(c for c in table.board.rows[0].cards if c.uid == 1)
        assert "▒ Horns" in str(card.render())  # face down, its name for its owner
        table.board.cursor = "h:124"
        await pilot.press("enter", "3")  # +1 body size…
        assert "+1 body size — on which species" in prompt_text(app)
        assert table.board.targets() == {"s:1"}  # A2's body size is 6
        await pilot.press("enter")
        await settle(pilot, lambda: A.Grow(124, 1, "body") in moves(session))
        assert session.state.species[1].body == 3


async def test_a_new_species_then_discarding_a_trait_then_undo(make_app: Any) -> None:
    session = session_at(PLAY)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        table.board.cursor = "h:14"
        await pilot.press("enter", "1")  # a new species at the left end
        await settle(pilot, lambda: A.NewSpecies(14, True) in moves(session))
        assert table.board.rows[0].cards[0].uid == 3  # A3, on the left
        await pilot.press("2")  # Discard a trait…
        assert "choose one of your species" in prompt_text(app)
        table.board.cursor = "s:2"
        await pilot.press("enter")
        assert "Which trait to discard from A2" in prompt_text(app)
        await pilot.press("2")  # the second card on A2: Hard Shell
        await settle(pilot, lambda: any(isinstance(m, A.Drop) for m in moves(session)))
        assert "NS_HARD_SHELL" not in session.state.species[2].traits
        await pilot.press("u")
        await settle(pilot, lambda: "NS_HARD_SHELL" in session.state.species[2].traits)
        assert "Took back" in prompt_text(app)


async def test_the_short_variant_plan_shows_its_draft_and_is_submitted(make_app: Any) -> None:
    session = session_at(PLAN)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        assert "secret list" in prompt_text(app) or "secret plan" in prompt_text(app)
        card = next(c for c in table.board.rows[0].cards if c.uid == 1)
        assert "▒ Fertile" in str(card.render())  # the plan applied, for its owner
        assert [c.card for c in table.board.hand.cards] == [53, 81]  # 88 is planned
        assert "Your secret plan" in str(table.board.hand.empty.render())
        await pilot.press("enter")  # Horns
        await pilot.press("enter")  # on A1
        await settle(pilot, lambda: len(session.state.players[0].plan) == 2)
        await pilot.press("1")  # submit
        await settle(pilot, lambda: session.state.players[0].done or session.state.phase != "play")
        assert A.END in moves(session)


async def test_ordering_the_before_reveal_effects(make_app: Any) -> None:
    session = session_at(ORDER)
    async with table_of(make_app, session) as (app, pilot):
        assert "Before the food is revealed" in prompt_text(app)
        assert "A1: Fertile" in prompt_text(app) and "A1: Long Neck" in prompt_text(app)
        await pilot.press("1")
        await settle(pilot, lambda: bool(moves(session)))
        assert moves(session)[0] == A.Order(1, "NS_FERTILE")


async def test_a_herbivore_eats_and_an_attack_shows_its_defences_first(make_app: Any) -> None:
    session = session_at(FEED)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        assert table.board.cursor == "s:1"
        await pilot.press("right", "enter")  # A2, the carnivore
        assert "A2 attacks: choose the target" in prompt_text(app)
        assert {"s:1002", "s:1003", "s:1005"} <= table.board.targets()
        assert "s:1001" not in table.board.targets()  # Hard Shell
        table.board.cursor = "s:1001"
        assert "Hard Shell" in table.board.describe() and "not allowed" in table.board.describe()
        await pilot.press("enter")
        assert "[NS9]" in prompt_text(app)
        table.board.cursor = "hole"  # the watering hole as prey: a carnivore eats no plants (NS6)
        await pilot.press("enter")
        assert "A carnivore eats no plant food" in prompt_text(app)
        table.board.cursor = "s:1002"
        assert "Horns: A2 loses 1 population" in table.board.describe()
        await pilot.press("enter")  # the target: a preview, then Enter confirms
        assert "A2 (attack 4) against B2 (defence 3)" in prompt_text(app)
        # B2 offers 3 meat, but after Horns A2 has population 1: room for 1 (NS8, NS11)
        assert "takes 1 meat" in prompt_text(app) and "Horns" in prompt_text(app)
        assert "the prey offers 3; no room for more" in prompt_text(app)
        await pilot.press("enter")
        await settle(pilot, lambda: A.Attack(2, 1002) in moves(session))
        assert session.state.species[2].pop == 1 and session.state.species[1002].pop == 1
        assert session.state.species[2].meat == 1


async def test_intelligence_switches_a_trait_off_and_feeds_a_herbivore(make_app: Any) -> None:
    session = session_at(FEED)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        await pilot.press("1")  # Intelligence: switch a trait off… (ending is not offered: NS5)
        assert "which trait to switch off" in prompt_text(app)
        assert "Switch off Hard Shell" in prompt_text(app)
        key = re.search(r"(\d) Switch off Hard Shell", prompt_text(app))
        assert key is not None
        await pilot.press(key.group(1))
        assert "which card to discard" in prompt_text(app)
        assert table.board.targets() == {"h:53", "h:81"}
        await pilot.press("enter")
        await settle(pilot, lambda: any(isinstance(m, A.Smart) for m in moves(session)))
        assert session.state.off == ["NS_HARD_SHELL"]
        assert "switched off: Hard Shell" in str(table.board.status.render())
        table.board.cursor = "s:1"
        await pilot.press("enter")  # A1: eat or Intelligence
        assert "eat at the watering hole" in prompt_text(app)
        await pilot.press("2")
        await pilot.press("enter")  # the last card
        await settle(pilot, lambda: session.state.species[1].plant == 2)


async def test_hot_seat_hides_the_hand_until_the_next_person_is_there(make_app: Any) -> None:
    session = session_at(FOOD, seats=[*TWO_PEOPLE, TWO_PEOPLE[0].__class__("Cid")])
    app = make_app(start=("game", session))
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen) or table_ready(app))
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
            await settle(pilot, lambda: table_ready(app))
        table = app.screen
        await pilot.press("enter")  # Ann's food card, face down
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: table_ready(app) and app.screen.board.ctx.bottom == 1)
        table = app.screen
        header = str(table.board.rows[0].header.render())
        assert "food ✓" in header and "food: 53" not in header  # Ann's card stays secret
        assert [c.card for c in table.board.hand.cards] == [60, 61]  # Boris's own hand


async def test_the_replay_steps_through_the_game(make_app: Any) -> None:
    session = session_at(FEED)
    session.act("eat A1")
    app = make_app(start=("replay", session))
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        await settle(pilot)
        board = app.screen.board
        card = next(c for c in board.rows[0].cards if c.uid == 1)
        assert "●" in str(card.render())


async def test_hot_seat_keeps_a_secret_plan_from_the_next_person(make_app: Any) -> None:
    session = session_at(PLAN, seats=TWO_PEOPLE)
    app = make_app(start=("game", session))
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen) or table_ready(app))
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
            await settle(pilot, lambda: table_ready(app))
        assert "▒ Fertile" in str(app.screen.board.rows[0].cards[0].render())  # Ann's own draft
        await pilot.press("1")  # Ann submits her plan
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: table_ready(app) and app.screen.board.ctx.bottom == 1)
        board = app.screen.board
        ann = board.rows[0]
        assert "plan in" in str(ann.header.render())
        assert "Fertile" not in str(ann.cards[0].render())  # nothing of Ann's plan shows
        assert "Your secret plan is empty" in str(board.hand.empty.render())  # Boris's own
