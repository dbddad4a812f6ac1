"""Pilot tests of the `newworld` table: development goes (a new animal in its place, a
property, a pair and the Симбиоз direction), feeding in a habitat and taking shelter, an
attack with its preview and the prey's defence, the trigger order, Случайные мутации,
refusals with their rulings, undo, the hot-seat curtain and the replay — all through key
presses."""

from __future__ import annotations

from typing import Any

from core.games.newworld import actions as A
from tests.games.newworld.test_tui_positions import (
    CATACLYSM,
    DEFEND,
    DEVELOP,
    FEED,
    MUTATIONS,
    TRIGGER,
    session_at,
)
from tests.piloting import (
    NARROW,
    TWO_PEOPLE,
    WIDE,
    check_hot_seat_defence,
    prompt_text,
    settle,
    table_of,
    table_ready,
)
from tui.screens.handover import HandoverScreen
from tui.screens.replay import ReplayScreen


def details(app: Any) -> str:
    """The details of what the cursor is on, whole (the panel may end in "… all of it: i")."""
    return app.screen.board.describe()


def moves(session: Any) -> list[Any]:
    return [e.action for e in session.entries if e.kind == "move"]


async def test_a_development_go_a_refusal_then_a_new_animal_in_its_place(make_app: Any) -> None:
    session = session_at(DEVELOP)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        assert table.board.cursor == "h:37"  # the first card of the hand
        assert "Development" in prompt_text(app)
        await pilot.press("enter")  # card 37: Communication / Big
        assert "Card 37 (Communication / Big)" in prompt_text(app)
        assert "Main: Communication" in prompt_text(app) and "Short: Big" in prompt_text(app)
        await pilot.press("3")  # Big on one of Ann's animals
        assert table.board.cursor == "a:1"
        table.board.cursor = "a:2"  # the bot's animal
        await pilot.press("enter")  # refused, with the ruling
        assert "c2 is not your animal" in prompt_text(app) and "[NW §5.1]" in prompt_text(app)
        await pilot.press("escape")  # back to the card's sides
        assert "play it as what" in prompt_text(app)
        await pilot.press("1")  # a new animal…
        assert "in front of" in prompt_text(app)
        assert table.board.targets() == {"a:1", "a:5"}  # never between c1 and c3 (joined)
        table.board.cursor = "a:3"
        await pilot.press("enter")
        assert "[NW10]" in prompt_text(app)
        table.board.cursor = "a:5"
        await pilot.press("enter")  # just left of c5
        await settle(pilot, lambda: table.ctl.my_decision())
        assert A.Create(37, 5) in moves(session)
        row = session.state.players[0].row
        assert row.index(6) == row.index(5) - 1  # c6, the new animal, left of c5


async def test_a_parasite_on_an_opponent_and_symbiosis_with_its_direction(make_app: Any) -> None:
    session = session_at(DEVELOP)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        await pilot.press("right", "enter", "2")  # card 81, Symbiosis
        assert "choose the protector" in prompt_text(app)
        table.board.cursor = "a:5"
        await pilot.press("enter")  # c5 protects…
        assert "c5 protects" in prompt_text(app)
        assert table.board.targets() == {"a:1", "a:3"}
        table.board.cursor = "a:1"
        await pilot.press("enter")  # … c1 (the row is arranged so they are neighbours)
        await settle(pilot, lambda: table.ctl.my_decision())
        assert A.Pair(81, "a", 5, 1) in moves(session)
        card = next(c for c in table.board.rows[0].cards if c.uid == 1)
        assert "←c5" in str(card.render())  # the dependent names its protector
        table.board.cursor = "h:21"
        await pilot.press("enter", "2")  # card 21, Parasite: on an opponent's animal
        assert "choose an opponent's animal" in prompt_text(app)
        assert table.board.cursor == "a:2"  # the first of the bot's animals
        await pilot.press("enter")
        await settle(pilot, lambda: table.ctl.my_decision() or session.pending() is None)
        assert A.Add(21, "a", 2) in moves(session)


async def test_feeding_in_a_habitat_after_refusals_then_undo(make_app: Any) -> None:
    session = session_at(FEED)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        await pilot.press("1")  # NW6: passing is not offered while a main action is obligatory
        assert "you may not pass" in prompt_text(app) and "No numbered choices" in prompt_text(app)
        assert table.board.cursor == "a:1"
        await pilot.press("enter")  # c1
        assert "What does c1 do?" in prompt_text(app)
        assert table.board.targets() == {"hb:1l", "hb:13", "hb:11"}  # not the Savannas
        assert table.board.cursor == "hb:1l"
        assert "Open to yours: c1, c3, c5" in details(app)
        await pilot.press("left")  # the Savannas: only for Big animals
        assert table.board.cursor == "hb:1u"
        assert table.board.habitats.cards[0].has_class("-dim")
        await pilot.press("enter")
        assert "is not open to c1" in prompt_text(app) and "[NW §6.1]" in prompt_text(app)
        table.board.cursor = "hb:11"
        await pilot.press("enter")  # the Taiga: c1 eats
        await settle(pilot, lambda: A.Feed(1, "11") in moves(session))
        assert session.state.animals[1].red == 1 and session.state.habitats[3].red == 2
        assert "feed" in prompt_text(app).lower() and table.ctl.my_decision()  # the turn goes on
        await pilot.press("u")
        await settle(pilot, lambda: table.ctl.my_decision())
        assert "Took back" in prompt_text(app)
        assert session.state.animals[1].red == 0 and not session.state.main_done


async def test_taking_shelter_where_a_habitat_offers_food_and_a_disc(make_app: Any) -> None:
    session = session_at(FEED)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        await pilot.press("right", "enter")  # c3
        table.board.cursor = "hb:13"
        await pilot.press("enter")  # the Mangroves: food and a shelter
        assert "feed or take shelter" in prompt_text(app)
        await pilot.press("2")
        await settle(pilot, lambda: A.Shelter(3, "13") in moves(session))
        card = next(c for c in table.board.rows[0].cards if c.uid == 3)
        assert "⌂" in str(card.border_subtitle)
        assert session.state.habitats[2].shelter == 0


async def test_an_attack_previews_the_defences_then_the_bot_defends(make_app: Any) -> None:
    session = session_at(FEED)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        await pilot.press("enter", "1")  # c1: Attack…
        assert "hunts" in prompt_text(app)
        assert table.board.cursor == "a:2"  # the first prey of another player
        assert "can defend" in details(app) and "Running" in details(app)
        await pilot.press("right", "enter")  # c4 is Big
        assert "c4 is Big" in prompt_text(app) and "[NW §4.5]" in prompt_text(app)
        table.board.cursor = "a:10"
        await pilot.press("enter")  # c10 is in a shelter
        assert "in a shelter" in prompt_text(app) and "[NW §4.4]" in prompt_text(app)
        table.board.cursor = "a:8"
        table.board.move(0, 0)
        assert "It is Poisonous: c1 dies at the start of extinction" in details(app)
        assert "Poisonous" in str(table.board.details.render())
        await pilot.press("enter")  # c8: the attack waits for a confirmation
        assert "It is Poisonous" in prompt_text(app) and "Mimicry" in prompt_text(app)
        table.board.cursor = "a:2"
        await pilot.press("enter")  # another prey instead: a new preview, still no attack
        assert "Running (escapes on 4–6)" in prompt_text(app)
        assert not any(isinstance(m, A.Attack) for m in moves(session))
        await pilot.press("enter")
        await settle(pilot, lambda: any(isinstance(m, A.Defend) for m in moves(session)))
        assert A.Attack(1, 2) in moves(session)


async def test_the_prey_owner_decides_the_defence(make_app: Any) -> None:
    session = session_at(DEFEND)
    async with table_of(make_app, session) as (app, pilot):
        assert "c2 attacks c1" in prompt_text(app)
        await pilot.press("4")  # NW19: no defence is not offered while Mimicry can be used
        assert "No more defence" not in prompt_text(app) and "with 1–3" in prompt_text(app)
        await pilot.press("2")  # Tail Loss…
        assert "which property of c1" in prompt_text(app)
        await pilot.press("3")  # drop Deterrence (card 89)
        await settle(pilot, lambda: A.Defend("tail", card=89) in moves(session))
        assert 1 in session.state.animals and 89 not in session.state.animals[1].cards
        assert session.state.animals[2].blue == 1  # the predator's blue token


async def test_the_owner_orders_the_food_triggers(make_app: Any) -> None:
    session = session_at(TRIGGER)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        assert "c1 has eaten" in prompt_text(app)
        assert "c5 gets a blue token" in prompt_text(app)
        assert table.board.targets() == {"a:3", "a:5"}
        table.board.cursor = "a:5"
        await pilot.press("enter")  # Cooperation first
        await settle(pilot, lambda: A.Fire(13) in moves(session))
        assert session.state.animals[5].blue == 1


async def test_random_mutations_rearrange_then_reveal_for_an_animal(make_app: Any) -> None:
    session = session_at(MUTATIONS)
    async with table_of(make_app, session) as (app, pilot):
        table = app.screen
        assert "gene pool" in str(table.board.hand.empty.render())
        await pilot.press("2")  # rearrange…
        table.board.cursor = "a:5"
        await pilot.press("enter")
        assert "change places" in prompt_text(app)
        table.board.cursor = "a:1"
        await pilot.press("enter")
        await settle(pilot, lambda: A.Swap(1, 5) in moves(session))
        assert session.state.players[0].row == [5, 1, 3]
        # NW10: once the row was rearranged, passing is no longer offered
        assert "Pass" not in prompt_text(app) and "no passing now" in prompt_text(app)
        table.board.cursor = "a:3"
        await pilot.press("enter")  # the top card is revealed for c3
        await settle(pilot, lambda: session.state.step == "side")
        assert "Card 45 is revealed" in prompt_text(app)
        assert "Short: Big" in prompt_text(app)
        await pilot.press("2")
        await settle(pilot, lambda: A.Side("b") in moves(session))
        assert "big" in session.state.animals[3].traits


async def test_cataclysm_refuses_a_pass_with_many_cards(make_app: Any) -> None:
    session = session_at(CATACLYSM)
    app = make_app(lang="ru", start=("game", session))
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot, lambda: table_ready(app))
        table = app.screen
        assert "Катаклизм" in str(table.board.status.render())
        assert "не видно" in str(table.board.hand.border_title)  # 20 cards: some out of sight
        await pilot.press("1")  # NW42: passing is not offered with more than 2 cards in hand
        assert "не больше 2" in prompt_text(app) and "нет вариантов под цифрами" in prompt_text(app)


async def test_hotseat_hides_the_other_hand_and_hands_over_for_the_defence(make_app: Any) -> None:
    await check_hot_seat_defence(make_app, session_at(FEED, seats=TWO_PEOPLE), ([37, 61], [22, 23]),
                                 ("enter", "1", "enter", "enter"))  # c1 attacks c2


async def test_the_replay_shows_the_board_for_a_chosen_viewer(make_app: Any) -> None:
    session = session_at(DEVELOP, seats=TWO_PEOPLE)  # in play: each hand behind the cover
    session.act("create 37")
    while session.pending() is not None and session.pending().seat != 0:
        session.act(session.legal_actions()[0])
    app = make_app(start=("replay", session))
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        for seat in (0, 1):
            await pilot.press("end", "v")
            await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
            assert screen.viewer == seat
            if seat == 0:
                assert [c.card for c in screen.board.hand.cards] == [81, 21, 65, 1, 85]
        assert screen.board.row_order()[-1] == 1
        assert "Epoch 2 of 6" in str(screen.board.status.render())


async def test_a_row_of_many_animals_scrolls_to_the_cursor_at_80x24(make_app: Any) -> None:
    """The player's own row is docked below the others' and has at most its share of the
    height; a row taller than that scrolls itself, so the cursor's animal is always in sight
    (a dozen animals at 80×24 showed two of their four lines, the cursor under the fold)."""
    many = {**FEED, "players": [
        {**FEED["players"][0], "animals": [{"id": 2 * k + 1} for k in range(12)]},
        FEED["players"][1]], "pairs": []}
    session = session_at(many)
    async with table_of(make_app, session, NARROW) as (app, pilot):
        board = app.screen.board
        own = board.rows[0]
        assert own.virtual_size.height > own.size.height  # more than its share: it scrolls
        mine = [c.key for c in own.cards]
        assert board.cursor == "a:1"
        seen = []
        for key in ("down",) * 3 + ("right", "right", "up", "up", "up"):
            await pilot.press(key)
            await pilot.pause()
            seen.append(board.cursor)
            assert own.region.contains_region(board.items()[board.cursor].region), board.cursor
        assert mine[-1] in seen and seen[-1] in mine[:3]  # the last line, and back to the first
