"""The kit holds without Evo's own games: Nim with a hidden hand (tests/kit/nim/), a game that
lives in the tests and is registered in code (`core.engine.registry.register`) while no game
package is scanned, goes through
the session and its journal, `evo` (new, legal, act, verify, scenario --check), scenario files
— its position schema and invariants refusing what they must —, saves that refuse an
impossible position, and the conformance suite's checks, which are run here on its set-ups."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from core import games
from core.engine import registry
from core.engine.scenario import load_scenario, run_scenario
from core.engine.session import GameSession
from core.engine.verify import verify
from tests.conformance import test_citations as citations
from tests.conformance import test_descriptor as descriptor
from tests.conformance import test_fold as fold
from tests.conformance import test_hidden_information as hidden
from tests.conformance import test_invariants as invariants
from tests.conformance import test_notation as notation
from tests.conformance import test_refusals as refusals
from tests.conformance import test_rulings as rulings
from tests.conformance import test_scenarios as scenarios
from tests.conformance import test_seat_outputs as seat_outputs
from tests.conformance import test_sessions as sessions
from tests.conformance import test_soak as soak
from tests.engine.fuzzing import position_save_refused, run_cli, scenario_files, scenario_refused
from tests.kit.nim import GAME
from tests.playing import Config, configurations

CONFIGS = configurations(GAME)
per_config = pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
SCENARIOS = sorted((Path(__file__).parent / "nim" / "scenarios").glob("*.toml"))


@pytest.fixture(autouse=True, scope="module")
def nim_alone() -> Iterator[None]:
    """Nim registered, and no game package scanned: the five games are not there."""
    packages = registry.scan(())
    registry.register(GAME)
    yield
    registry.unregister(GAME.id)
    registry.scan(packages)


def test_the_registry_holds_a_game_from_elsewhere_alone() -> None:
    assert games.ids() == ["nim"] and games.descriptors() == [GAME]
    assert games.exists("nim") and games.get("nim") is GAME and games.load("nim").game_id == "nim"
    with pytest.raises(games.UnknownGame, match=r"unknown game 'magic' \(known: nim\)"):
        games.get("magic")


def test_a_packaged_games_id_cannot_be_taken() -> None:
    registry.scan(("core.games",))
    try:
        packaged = games.ids()[0]
        with pytest.raises(ValueError, match="packaged"):
            registry.register(msgspec.structs.replace(GAME, id=packaged))
        assert games.ids()[-1] == "nim" and len(games.ids()) > 1
    finally:
        registry.scan(())


def test_evo_plays_and_verifies_it(tmp_path: Path) -> None:
    save = tmp_path / "nim.evo"
    assert run_cli(["new", "nim", "--out", str(save), "--seed", "3", "--heap", "9"])[0] == 0
    code, out, _ = run_cli(["legal", str(save)])
    move = out.splitlines()[1]  # the prompt, then the legal moves
    assert code == 0 and move.startswith("play ")
    assert run_cli(["act", str(save), move])[0] == 0
    assert run_cli(["verify", str(save)])[0] == 0
    session, warnings = GameSession.load(save, writable=False)
    assert not warnings and session.state.heap < 9 and len(session.entries) == 2


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_its_scenarios_run(path: Path) -> None:
    scenarios.test_scenario("nim", path)
    assert run_cli(["scenario", str(path), "--check"])[0] == 0
    assert scenario_files("nim") == SCENARIOS
    run_scenario(load_scenario(path))


@pytest.mark.parametrize(("position", "says"), [
    ({"players": [{"hand": [4]}, {}]}, "`players[0].hand[0]` must be at most 3, not 4"),
    ({"players": [{}, {}], "heap": "x"}, "`heap` must be a whole number, not 'x'"),
    ({"players": [{"cards": []}, {}]}, "`players[0]` has no key `cards` (its keys: hand)"),
    ({"players": [{"hand": [1, 1, 1]}, {"hand": [1, 1]}]}, "more than 4 cards of one value"),
    ({"players": [{}, {}, {}, {}]}, "4 players (2 or 3) (NIM1)"),
    ({"players": [{"hand": [1, 2, 3, 1, 2]}, {}]}, "seat 0 holds more than 4 cards (NIM3)"),
    ({"players": [{}, {}], "turn": 5}, "turn is seat 5, which does not exist"),
    ({"players": [{}, {}], "heap": 0}, "a heap of 0 with step 'play' and winner -1 (NIM5)"),
])
def test_an_impossible_scenario_is_refused(tmp_path: Path, position: dict[str, Any],
                                           says: str) -> None:
    assert says in scenario_refused(tmp_path, "nim", position)


def test_a_save_refuses_an_impossible_position(tmp_path: Path) -> None:
    said = position_save_refused(tmp_path, "nim", lambda s: s["hands"][0].append(3), scenario=0)
    assert "the cards are not four of each value 1..3 (NIM3)" in said


# --- the conformance suite, on Nim's set-ups --------------------------------------------------

def test_the_descriptor_and_its_texts() -> None:
    for check in (descriptor.test_the_descriptor_names_working_objects,
                  descriptor.test_every_text_exists_in_both_languages,
                  descriptor.test_options_normalize_once_and_for_all,
                  descriptor.test_statistics_and_texts_of_a_played_game,
                  descriptor.test_the_game_names_its_rounds_in_both_languages,
                  descriptor.test_the_setup_forms_help_names_values_as_the_form_shows_them,
                  invariants.test_each_invariant_is_named_and_says_what_holds_in_one_line,
                  rulings.test_the_shipped_list_is_well_formed,
                  rulings.test_every_ruling_is_cited_by_a_test,
                  citations.test_every_cited_id_has_the_one_form,
                  citations.test_every_ruling_and_cited_section_has_both_texts,
                  citations.test_the_texts_hold_nothing_else):
        check(GAME)


@per_config
def test_folding_undo_redo_and_verify(config: Config, tmp_path: Path) -> None:
    fold.test_folding_the_events_gives_the_applied_state(config)
    fold.test_rounds_and_attribution_follow_the_log(config)
    fold.test_a_prepared_position_is_the_same_position(config)
    for seed in (71, 72):
        sessions.test_random_play_with_undo_and_redo_verifies(config, seed, tmp_path / str(seed))


@per_config
def test_refusals_and_notation(config: Config) -> None:
    refusals.test_a_refused_action_changes_nothing(config)
    notation.test_every_legal_action_round_trips(config)
    for text in ("", "   ", "§§§", "xyzzy 1 2 3", "\x00"):
        notation.test_text_that_is_not_notation_is_refused("nim", text)
    if config.seats == GAME.seats[2]:
        notation.test_an_unknown_verb_lists_the_games_verbs(config)
        action = config.rules.legal_actions(config.fresh(41))[-1]  # prints as its notation
        done = subprocess.run([sys.executable, "-c", notation._PRINT, "tests.kit.nim",
                               msgspec.json.encode(action).decode()],
                              cwd=notation.ROOT, capture_output=True, text=True, timeout=60)
        assert done.stdout == config.rules.format_action(action) + "\n", done.stderr[-2000:]


@per_config
def test_hidden_information(config: Config) -> None:
    hidden.test_resampling_what_a_seat_cannot_see_keeps_its_view(config)
    hidden.test_narration_for_every_seat(config)
    seat_outputs.test_every_text_a_seat_is_shown_comes_from_what_it_knows(config)


@per_config
def test_the_soak_and_every_invariant_after_every_event(config: Config) -> None:
    soak.test_random_games_all_end(config)
    soak.test_every_invariant_holds_after_every_event(config)


def test_a_saved_game_verifies(tmp_path: Path) -> None:
    session = GameSession.new("nim", seats=3, options={"heap": 11}, seed=4,
                              path=tmp_path / "three.evo", durable=False)
    while session.pending() is not None:
        session.act(session.legal_actions()[0])
    session.close()
    result = verify(tmp_path / "three.evo")
    assert result.ok and result.entries == len(session.entries)
    assert GameSession.load(tmp_path / "three.evo", writable=False)[0].state.winner >= 0
