"""Pilot tests of the «Гравити Фолз» table: a game played by keys, the map cursor and routes,
refusals with their rule, undo and redo, the replay, setup, and the pieces without Textual."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.engine.journal import Seat
from core.games.gravity import actions as A
from tests.games.gravity.positions import (
    GRAVITY_LATE,
    GRAVITY_NEAR_LOSS,
    GRAVITY_NEAR_WIN,
    gravity_at,
    gravity_game,
)
from tests.piloting import prompt_text, settle, table_ready
from tui.games.gravity.board import step_toward
from tui.games.gravity.stages import Sel, build_stage
from tui.games.gravity.town import layout
from tui.screens.end import EndScreen
from tui.screens.replay import ReplayScreen


async def test_a_short_game_is_won_by_keys_with_the_route_on_the_map(make_app: Any, tmp_path: Path) -> None:
    session = gravity_at(GRAVITY_NEAR_WIN, path=tmp_path / "g.jsonl")
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: table_ready(app))
        table = app.screen
        assert "Mabel: play an action card" in prompt_text(app)
        await pilot.press("1")  # «2-2»: now where to
        assert table.sel == Sel(card="2-2") and "where to?" in prompt_text(app)
        assert set(table.stage.places) == {1, 3, 7, 9, 10, 12, 19}
        table.board.cursor = 4
        await pilot.press("enter")  # the Junkyard is one road away: refused with the reason and rule
        assert "No route of exactly 2 roads" in prompt_text(app) and "[G8]" in prompt_text(app)
        await pilot.press("down")  # from the Junkyard down to the Diner
        assert table.board.cursor == 12
        assert table.board.town.marks.route[0] == 15 and table.board.town.marks.route[-1] == 12
        assert len(table.board.town.marks.route) == 3
        assert "Route: Cemetery →" in str(table.query_one("#gv-mapinfo").render())
        await pilot.press("enter")  # walk there; Zhivogryz falls to three successes: the game is won
        await settle(pilot, lambda: isinstance(app.screen, EndScreen))
        assert session.outcome().winners == [0, 1]
        end = app.screen
        assert "Victory" in str(end.query_one("#end-title").render())
        assert "Zhivogryz (easy, defeated by Mabel)" in str(end.query_one("#end-summary").render())
    assert session.entries[-1].action == A.Play("2-2", 12)
    assert len((tmp_path / "g.jsonl").read_text().splitlines()) == 1 + len(session.entries)


async def test_a_loss_at_the_end_of_the_alarm_track(make_app: Any) -> None:
    session = gravity_at(GRAVITY_NEAR_LOSS)
    app = make_app(start=("game", session))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: table_ready(app))
        rest = next(o.key for o in app.screen.stage.options if o.result == A.REST)
        await pilot.press(rest)
        await settle(pilot, lambda: isinstance(app.screen, EndScreen))
        assert session.outcome().winners == []
        assert "Defeat" in str(app.screen.query_one("#end-title").render())
        assert "alarm 16/16" in str(app.screen.query_one("#end-summary").render())


async def test_undo_and_redo_by_keys(make_app: Any) -> None:
    session = gravity_game(seed=5)
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: table_ready(app))
        table = app.screen
        assert table.check_action("undo", ()) is None  # greyed: nothing to undo
        await pilot.press("1", "enter")  # «1-3» to the place under the cursor
        await settle(pilot, lambda: table.ctl.my_decision() and len(session.line) >= 1)
        moves = len(session.line)
        assert table.check_action("undo", ()) is True
        await pilot.press("u")
        await settle(pilot, lambda: len(session.line) == moves - 1)
        assert "Took back 1" in prompt_text(app) and session.pending().kind == "action"
        await pilot.press("r")
        await settle(pilot, lambda: len(session.line) == moves)
        assert [e.kind for e in session.entries].count("redo") == 1


async def test_small_terminal_toggles_map_and_panels_and_brings_the_map_back(make_app: Any) -> None:
    app = make_app(start=("game", gravity_at(GRAVITY_LATE)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: table_ready(app))
        table = app.screen
        assert table.has_class("-narrow") and table.board.town.display
        await pilot.press("tab")
        assert table.has_class("-panels")
        line = str(table.query_one("#gv-alarm-line").render())
        assert "Alarm 12/16" in line and "16" in line
        await pilot.press("2")  # «1-3»: a location must be picked, so the map comes back
        assert not table.has_class("-panels")
        await pilot.press("escape")
        assert table.sel == Sel()


async def test_replay_steps_through_moves_and_shows_the_route_walked(make_app: Any) -> None:
    session = gravity_game(seed=5)
    for move in ("play 1-3 L10", "pull L06 support", "pass"):
        session.act(move)
    app = make_app(start=("replay", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        model = screen.model
        assert screen.check_action("viewer", ()) is False  # everyone sees the same
        await pilot.press("down")  # the end of the first move
        assert model.positions[model.index].entry == 1
        await pilot.press("home", "right", "right")  # into the first move: the card, then the walk
        assert screen.board.town.marks.route == (6, 10)
        await pilot.press("end")
        assert model.index == len(model) - 1
        log = screen.query_one("#log")
        assert any("walks" in e.text for e in log.entries)


async def test_setup_builds_a_gravity_game_with_people_and_a_bot(make_app: Any) -> None:
    from textual.widgets import Checkbox, Select

    from tui.screens.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.open_setup()
        await settle(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("ctrl+g")  # the next game: Gravity Falls
        await settle(pilot, lambda: app.screen.game == "gravity" and app.screen.query("#in-stan"))
        form = app.screen.seat_form
        options = app.screen.options_form
        form.query_one("#in-stan", Checkbox).value = True
        form.query_one("#in-soos", Checkbox).value = True
        form.query_one("#by-stan", Select).value = 1
        form.query_one("#by-soos", Select).value = 1
        await settle(pilot, lambda: form.query_one("#person-line-1").display)
        form.query_one("#kind-1", Select).value = "bot:random"
        options.query_one("#opt-difficulty", Select).value = "hard"
        options.query_one("#opt-monsters", Select).value = "chosen"
        await settle(pilot)
        assert options.query_one("#opt-slot-line-monsters-0").display
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: table_ready(app), timeout=10)
        header = app.screen.ctl.session.header
        assert header.game == "gravity"
        assert header.options["characters"] == ["dipper", "mabel", "stan", "soos"]
        assert header.options["controllers"] == [0, 0, 1, 1]
        assert header.options["difficulty"] == "hard"
        assert header.options["monsters"] == ["M1", "M4", "M7"]
        assert [s.kind for s in header.seats] == ["human", "human", "bot", "bot"]
        assert header.seats[1].name == "Bot 2"  # seat k carries person k's name (the narration's)
        # the next new game offers the same characters, people and kinds again
        app.open_setup()
        await settle(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#in-stan"))
        form = app.screen.seat_form
        assert form.chosen() == ["dipper", "mabel", "stan", "soos"]
        assert [form.query_one(f"#by-{ch}", Select).value for ch in ("dipper", "mabel", "stan", "soos")] \
            == [0, 0, 1, 1]
        assert form.query_one("#kind-1", Select).value == "bot:random"
        assert form.query_one("#person-line-1").display
    assert app.settings.game == "gravity"


def test_setup_warns_about_soos_alone() -> None:
    from core.games.gravity.rules import RULES

    assert RULES.warnings({"characters": ["soos"]}, 1, "en")


async def test_a_bot_teammate_plays_its_characters(make_app: Any) -> None:
    people = [Seat("Ann"), Seat("Bot", kind="bot", bot="random")]
    session = gravity_at(dict(GRAVITY_LATE, controllers=[0, 1]), people=people)
    app = make_app(start=("game", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: table_ready(app))
        play = next(o.key for o in app.screen.stage.options if o.result == A.REST)
        await pilot.press(play)  # Dipper rests; Wendy's bot plays her whole turn
        await settle(pilot, lambda: app.screen.ctl.my_decision() and session.state.active == 0, timeout=10)
        assert any(session.entries[s].seat == 1 for s in session.line)
        # hints only once the bots know the game (core/games/gravity/bot.py registered), not before
        from core.bots.heuristics import informed

        assert (app.screen.check_action("hint", ()) is True) == informed(session.rules)


async def test_help_names_the_step_and_the_curses_in_play(make_app: Any) -> None:
    from tui.screens.dialogs import MarkdownScreen

    app = make_app(start=("game", gravity_at(GRAVITY_LATE)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: table_ready(app))
        await pilot.press("question_mark")
        await settle(pilot, lambda: isinstance(app.screen, MarkdownScreen))
        body = app.screen.body
        assert "**▶ T2" in body and "Shaky Hands" in body and "Manotaur" in body
        assert "reconstructed by Evo" in body


def test_stages_of_a_push_offer_the_kind_then_the_neighbour() -> None:
    s = gravity_at({"tokens": "empty", "characters": [{"id": "mabel", "loc": 12, "hand": ["0-4"]}],
                    "monsters": [{"id": "M3", "loc": 21}, {"id": "M1", "loc": 14}, {"id": "M4", "loc": 20}],
                    "locations": {"L12": {"support": 2, "distrust": 1}}, "row": ["L08", "L11", "L10"],
                    "fixed_dice": "mmcccc"})
    s.act("play 0-4")
    assert s.pending().kind == "push"
    view, legal = s.view(0), s.legal_actions()
    st = build_stage(view, legal, Sel(), "en")
    assert [o.order for o in st.options[:2]] == [0, 1]  # distrust is pushed by default
    assert st.places == {n: A.Push(n, "distrust") for n in (3, 4, 5, 6)}
    st = build_stage(view, legal, Sel(kind="support"), "en")
    assert st.places[5] == A.Push(5, "support")


def test_the_map_layout_keeps_boxes_apart_at_both_sizes() -> None:
    for size in ((82, 27), (80, 15)):
        lay = layout(*size)
        spots = list(lay.boxes.values())
        for i, a in enumerate(spots):
            for b in spots[i + 1:]:
                assert abs(a[0] - b[0]) > lay.box_w or abs(a[1] - b[1]) >= lay.box_h
    assert layout(82, 27).box_h == 2 and layout(80, 15).box_h == 1
    assert step_toward(12, 1, 0) == 5 and step_toward(12, 0, -1) == 3


def test_many_old_curses_are_ticked_a_page_at_a_time() -> None:
    held = ["C02", "C03", "C04", "C06", "C08", "C10", "C11", "C16", "C18"]
    mabel = {"id": "mabel", "loc": 7, "hand": ["0-4"], "curses": held}
    s = gravity_at({"tokens": "empty", "characters": [mabel],
                    "monsters": [{"id": "M3", "loc": 21}, {"id": "M1", "loc": 14}, {"id": "M4", "loc": 20}],
                    "locations": {"L07": {"support": 3, "die": True}}, "row": ["L08", "L11", "L10"],
                    "fixed_dice": "ssss" + "sss"})
    s.act("play 0-4")
    while s.pending().kind != "remove":  # decline the draw
        s.act("pass")
    s.act("roll")  # three successes: up to three of the nine curses may go
    view, legal = s.view(0), s.legal_actions()
    st = build_stage(view, legal, Sel(), "en")
    assert [o.key for o in st.options] == list("1234567890")
    assert st.options[1].result == A.PASS and "Other curses… (1/2)" in st.options[2].label
    first = [o.label for o in st.options[3:]]
    later = build_stage(view, legal, st.options[2].result, "en")
    rest = [o.label for o in later.options[3:]]
    assert len(first) == 7 and len(rest) == 2 and not set(first) & set(rest)


async def test_the_palette_opens_the_gravity_rules_at_a_monster(make_app: Any) -> None:
    from tui.screens.menu import MenuScreen
    from tui.screens.rules import RulesScreen

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert "Rules: Gravity Falls" in commands  # the other games' rules: tests/tui/test_app.py
        commands["Rules: Gravity Falls — Gremloblin · Гремоблин"].callback()
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause(0.2)
        assert app.screen.game == "gravity" and app.screen.goto("Gremloblin · Гремоблин")
        text = app.screen.query_one("Markdown").source
        assert "reconstructed by Evo" in text and "Mystery Shack" in text


def test_open_information_needs_no_hand_over_and_any_human_seat_may_act() -> None:
    from tui.controller import GameController

    people = [Seat("Ann"), Seat("Boris")]
    ctl = GameController(gravity_at(dict(GRAVITY_LATE, controllers=[0, 1]), people=people), "en")
    assert not ctl.hotseat and ctl.needs_handover() is None and ctl.my_decision()
    ctl.act(A.REST)
    while ctl.pending().seat == 0:
        ctl.act(ctl.legal()[0])
    assert ctl.needs_handover() is None and ctl.my_decision()  # Boris's Wendy, same screen


def test_saves_list_and_scenarios_name_the_characters(tmp_path: Path) -> None:
    from tui.app import scenario_session
    from tui.saves import inspect

    scenario = Path(__file__).resolve().parent / "scenarios" / "g20_last_monster_wins_at_once.toml"
    session = scenario_session(str(scenario), tmp_path)
    assert [s.kind for s in session.header.seats] == ["human"] and session.pending().kind == "action"
    session.close()
    info = inspect(next(tmp_path.glob("*.jsonl")))
    assert info.game == "gravity" and info.names == ["Mabel (Player 1)"]


def test_wendy_picks_the_die_then_its_new_place_on_the_map() -> None:
    s = gravity_at({"tokens": "empty", "characters": [{"id": "wendy", "loc": 10, "hand": ["0-4"]}],
                    "monsters": [{"id": "M3", "loc": 21}, {"id": "M1", "loc": 14}, {"id": "M4", "loc": 20}],
                    "locations": {"L10": {"die": True}, "L09": {"die": True}}, "row": ["L08", "L11", "L10"]})
    assert s.pending().kind == "ability"
    view, legal = s.view(0), s.legal_actions()
    st = build_stage(view, legal, Sel(), "en")
    assert set(st.places) == {9, 10} and st.default == A.PASS
    st = build_stage(view, legal, st.places[10], "en")
    assert st.places == {n: A.MoveDie(10, n) for n in (5, 6, 8, 11)}  # not 9: a die stands there
    assert st.back == Sel() and st.related == frozenset({10})


def test_every_location_has_a_short_name_and_every_character_a_glyph() -> None:
    from core.games.gravity.data import CHARACTERS, board
    from tui.i18n import text

    for lang in ("ru", "en"):
        names = [text(f"gravity.short.L{loc:02d}", lang) for loc in board().ids]
        assert all(names) and len(set(names)) == len(names)
        glyphs = [text(f"gravity.glyph.{ch}", lang) for ch in CHARACTERS]
        assert len(set(glyphs)) == len(CHARACTERS) and all(len(g) == 1 for g in glyphs)


def test_the_app_offers_gravity() -> None:
    from tui.games import playable, refusal

    assert "gravity" in playable()
    assert refusal("gravity", "en") is None


def test_the_help_explains_every_mark_the_map_shows() -> None:
    """The map writes "+2-1", "◆", a character's letter, "☠" and the monsters' "@12": the help
    says what each is, in the language of the table."""
    from tui.controller import GameController
    from tui.games.gravity.help import decision_help
    from tui.i18n import text

    session = gravity_game(seed=5)
    for lang, heading in (("en", "The map's marks"), ("ru", "Значки на карте")):
        ctl = GameController(session, lang)
        marks = decision_help(ctl.view(), None, ctl, lang).split(f"### {heading}")[1]
        letters = [text(f"gravity.glyph.{c}", lang) for c in ("dipper", "mabel", "stan", "wendy", "soos")]
        for mark in ("+2-1", "◆", "☠", "@12", "▲", *letters):
            assert mark in marks, (lang, mark)
