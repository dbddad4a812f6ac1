"""Snapshot tests of the `newworld` table, replay and end screens: fixed positions and seeds,
fixed sizes, no animation, no cursor blink.

Each snapshot was looked at (rendered) before it was accepted.
"""

from __future__ import annotations

from typing import Any

from tests.games.newworld.test_tui_positions import DEFEND, DEVELOP, FEED, SIDE, session_at
from tests.piloting import at_end, at_table, in_replay, played_out

WIDE, NARROW = (120, 40), (80, 24)


def test_feeding_in_a_habitat_wide(snap_compare: Any, make_app: Any) -> None:
    async def pick_animal(pilot: Any) -> None:
        await at_table(pilot)
        await pilot.press("enter")  # c1: the habitats it may use are lit

    app = make_app(start=("game", session_at(FEED)))
    assert snap_compare(app, terminal_size=WIDE, run_before=pick_animal)


def test_feeding_narrow(snap_compare: Any, make_app: Any) -> None:
    app = make_app(start=("game", session_at(FEED)))
    assert snap_compare(app, terminal_size=NARROW, run_before=at_table)


def test_development_in_russian(snap_compare: Any, make_app: Any) -> None:
    app = make_app(lang="ru", start=("game", session_at(DEVELOP)))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_table)


def test_choosing_the_prey_previews_its_defences(snap_compare: Any, make_app: Any) -> None:
    async def choose_prey(pilot: Any) -> None:
        await at_table(pilot)
        await pilot.press("enter", "1")  # c1: Attack…

    app = make_app(start=("game", session_at(FEED)))
    assert snap_compare(app, terminal_size=WIDE, run_before=choose_prey)


def test_defence_narrow_in_russian(snap_compare: Any, make_app: Any) -> None:
    app = make_app(lang="ru", start=("game", session_at(DEFEND)))
    assert snap_compare(app, terminal_size=NARROW, run_before=at_table)


def test_random_mutations_side_in_the_light_theme(snap_compare: Any, make_app: Any) -> None:
    app = make_app(theme="evo-light", start=("game", session_at(SIDE)))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_table)


def test_replay_screen(snap_compare: Any, make_app: Any) -> None:
    session = session_at(FEED)
    for move in ("feed c3 h1l", "shelter c8 h13"):  # Ann, then the bot
        session.act(move)

    step = in_replay("down", "right")

    app = make_app(start=("replay", session))
    assert snap_compare(app, terminal_size=WIDE, run_before=step)


def finished_game() -> Any:
    return played_out(session_at(DEVELOP))


def test_end_screen(snap_compare: Any, make_app: Any) -> None:
    app = make_app(start=("game", finished_game()))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_end)


LONG_NAMES = {**DEVELOP, "players": [{**DEVELOP["players"][0], "hand": [73, 45, 37, 81, 21, 65]},
                                     DEVELOP["players"][1]]}  # Tail Loss, Developmental Error


def test_a_hand_of_long_names_in_russian_narrow(snap_compare: Any, make_app: Any) -> None:
    """«Отбрасыв. хвоста»: cut as a typesetter cuts it, whole in `i` and the details."""
    app = make_app(lang="ru", start=("game", session_at(LONG_NAMES)))
    assert snap_compare(app, terminal_size=NARROW, run_before=at_table)


def test_a_hand_of_long_names_in_russian_wide(snap_compare: Any, make_app: Any) -> None:
    app = make_app(lang="ru", start=("game", session_at(LONG_NAMES)))
    assert snap_compare(app, terminal_size=WIDE, run_before=at_table)
