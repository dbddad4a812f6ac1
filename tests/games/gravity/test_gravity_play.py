"""Playing `gravity` through the engine: options, setup, sessions, saves, the CLI.

Also holds the helpers the other gravity tests import (`fresh`, `random_moves`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.engine.protocol import OptionsError
from core.engine.session import GameSession
from core.engine.verify import verify
from core.games.gravity import actions as A
from core.games.gravity import events as E
from core.games.gravity import queries as Q
from core.games.gravity.data import game, tier
from core.games.gravity.rules import RULES
from core.games.gravity.state import GravityState


def fresh(seed: int, players: int = 2, **options: Any) -> GravityState:
    state = None
    for ev in RULES.setup(options, seed, players):
        state = RULES.evolve(state, ev)
    assert state is not None
    return state


def random_moves(state: GravityState, rng: random.Random, limit: int = 100_000,
                 greedy: bool = False) -> Iterator[tuple[Any, GravityState, list[Any]]]:
    """Play legal moves in place (uniformly random, or `choose`'s greedy ones); yields
    (action, state before, events) for each."""
    for _ in range(limit):
        if RULES.pending(state) is None:
            return
        action = choose(state, rng, greedy)
        before = RULES.clone(state)
        events = RULES.apply(state, action)
        yield action, before, events


def choose(state: GravityState, rng: random.Random, greedy: bool = False) -> Any:
    """A legal action: uniformly random, or (greedy) mostly one that `_score` likes best.

    The greedy policy — fight where the odds are fair, push distrust away, place dice — is a
    test aid that wins now and then (random play never does), so the win path gets soaked.
    """
    acts = RULES.legal_actions(state)
    if greedy and rng.random() < 0.9:
        scores = [_score(state, a) for a in acts]
        acts = [a for a, x in zip(acts, scores, strict=True) if x == max(scores)]
    return acts[rng.randrange(len(acts))]


def _score(s: GravityState, a: Any) -> float:
    c = s.chars[s.decider]
    if isinstance(a, A.Play):
        dest = a.dest or c.loc
        p = Q.place(s, dest)
        pulls = sum(1 for n in Q.nbrs(dest) if Q.place(s, n).support)
        dice = min(game().cap, game().actions[a.card].dice + p.support + pulls)
        here = Q.monster_at(s, dest)
        if here:
            need = min(Q.needed(s, m.id, dest) for m in here)
            return 20 + dice / 2 - need if dice / 2 >= need - 0.5 else -10
        return p.distrust + dice / 4
    if isinstance(a, A.Rest):
        return 2 if len(c.hand) <= 1 else -3
    if isinstance(a, A.Pull):
        return 1 if a.kind == "support" else 0
    if isinstance(a, A.Skip):
        return 2 if s.step == "disorder" else 0
    if isinstance(a, A.Push):
        return (3 if a.kind == "distrust" else 0) - 2 * bool(Q.monster_at(s, a.loc))
    if isinstance(a, (A.Place, A.Draw, A.Roll, A.Uncurse)):
        return 3
    if isinstance(a, A.Alarm):
        return -3
    if isinstance(a, A.Fight):
        return -Q.needed(s, a.monster, c.loc) - 5 * bool(Q.condition_block(s, s.decider, a.monster))
    if isinstance(a, A.ChooseMonster):
        return Q.place(s, next(m.loc for m in s.monsters if m.id == a.monster)).distrust
    return 0



# --- options -------------------------------------------------------------------------------

def test_default_options() -> None:
    opts = RULES.normalize_options({}, 3)
    assert opts == {"variant": "standard", "difficulty": "normal",
                    "characters": ["dipper", "mabel", "stan"], "controllers": [0, 1, 2],
                    "monsters": [], "monster_order": "random", "first": -1}
    kids = RULES.normalize_options({"variant": "kids"}, 1)
    assert kids["difficulty"] == "" and kids["characters"] == ["dipper"]


@pytest.mark.parametrize(("options", "seats"), [
    ({}, 0), ({}, 6), ({"variant": "solo"}, 2), ({"difficulty": "nightmare"}, 2),
    ({"variant": "kids", "difficulty": "easy"}, 2), ({"characters": ["dipper"]}, 2),
    ({"characters": ["dipper", "dipper"]}, 2), ({"characters": ["dipper", "ford"]}, 2),
    ({"monsters": ["M1", "M2"]}, 2), ({"monsters": ["M1", "M1", "M2"]}, 2),
    ({"monsters": ["M1", "M2", "bill"]}, 2), ({"controllers": [0, 2]}, 2),
    ({"first": 2}, 2), ({"monster_order": "alphabetical"}, 2), ({"colour": "red"}, 2),
])
def test_bad_options_are_refused(options: dict, seats: int) -> None:
    with pytest.raises(OptionsError):
        RULES.normalize_options(options, seats)


def test_monsters_by_slug_and_one_person_for_several_characters() -> None:
    opts = RULES.normalize_options({"monsters": ["gremloblin", "Manotaur", "M9"],
                                    "monster_order": "listed", "controllers": [0, 0, 0],
                                    "characters": ["soos", "stan", "wendy"]}, 3)
    assert opts["monsters"] == ["M1", "M5", "M9"]
    s = fresh(4, 3, **opts)
    assert [m.id for m in s.monsters] == ["M1", "M5", "M9"]  # G5: the listed order
    assert [c.id for c in s.chars] == ["soos", "stan", "wendy"] and s.controllers == [0, 0, 0]


def test_warnings_for_solo_soos_and_kids_stan() -> None:
    assert "Soos" in RULES.warnings({"characters": ["soos"]}, 1)[0]
    assert "Стэн" in RULES.warnings({"variant": "kids", "characters": ["dipper", "stan"]}, 2, "ru")[0]
    assert RULES.warnings({}, 2) == [] and RULES.warnings({"characters": ["soos", "stan"]}, 2) == []


# --- setup ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup_follows_the_ten_steps(players: int) -> None:
    for seed in range(12):
        s = fresh(seed, players)
        g = game()
        assert sum(p.support + p.distrust for p in s.places) == 46
        assert len([m for m in s.monsters if m.loc]) == 3
        tiers = sorted(tier(m.id) for m in s.monsters)
        assert tiers == ["easy", "hard", "medium"]  # quick game: one per tier
        locs = [m.loc for m in s.monsters] + [c.loc for c in s.chars]
        assert len(set(locs)) == len(locs)  # G6: one card per location
        assert all(s.places[c.loc - 1].die for c in s.chars)
        assert s.supply == g.courage_dice - 1 - players
        assert all(len(c.hand) == 3 and len(c.deck) == 3 for c in s.chars)
        assert len(s.row) == 3 and s.row_cap == 3
        assert sum(1 for c in s.mdeck if c[0] == "E") == 6 and len(s.unused) == 2
        assert (len(s.removed) == 5) == (players < 3)  # G3
        assert s.alarm <= 3 and not s.marks  # G4
        assert RULES.pending(s) is not None and s.turn == 1 and s.active == s.first


def test_setup_is_reproducible_and_recorded() -> None:
    a, b = RULES.setup({}, 11, 2), RULES.setup({}, 11, 2)
    assert a == b
    assert isinstance(a[0], E.GameStarted) and a[0].seed == 11


def test_kids_setup_has_no_events_and_no_teleports() -> None:
    s = fresh(3, 2, variant="kids")
    assert not any(c[0] == "E" for c in s.mdeck) and not s.unused
    assert all("tp" not in c.hand + c.deck for c in s.chars)
    assert all(len(c.hand) + len(c.deck) == 5 for c in s.chars)


# --- sessions, saves and the CLI -----------------------------------------------------------

def test_a_saved_game_verifies_and_reloads(tmp_path: Path) -> None:
    path = tmp_path / "g.evo"
    session = GameSession.new("gravity", seats=3, seed=5, options={"difficulty": "hard"},
                              path=path, durable=False)
    rng = random.Random(5)
    for _ in range(120):
        if session.pending() is None:
            break
        acts = session.legal_actions()
        session.act(acts[rng.randrange(len(acts))])
    if session.can_undo(2):
        session.undo(2)
        session.redo(1)
    session.close()
    result = verify(path)
    assert result.ok, result.problem
    loaded, warnings = GameSession.load(path, writable=False)
    assert not warnings
    assert RULES.view(loaded.state, None) == RULES.view(session.state, None)


def test_cli_new_legal_act_show_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tui.cli import main

    path = str(tmp_path / "g.evo")
    assert main(["new", "gravity", "--players", "2", "--seed", "3", "--out", path, "--lang", "en"]) == 0
    assert main(["legal", path, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    first = out.strip().splitlines()[-1]
    assert main(["act", path, first, "--lang", "en"]) == 0
    assert main(["act", path, "fight M99", "--lang", "en"]) == 2  # not notation
    assert main(["act", path, "uncurse C01", "--lang", "ru"]) == 1  # refused, with a reason
    err = capsys.readouterr().err
    assert "[G §4]" in err
    assert main(["show", path, "--lang", "ru"]) == 0
    assert "Тревога" in capsys.readouterr().out
    assert main(["show", path, "--json"]) == 0
    assert main(["replay", path, "--text", "--lang", "en"]) == 0
    assert "Turn 1" in capsys.readouterr().out
    assert main(["verify", path]) == 0
    assert main(["new", "gravity", "--players", "2", "--variant", "kids", "--seed", "1",
                 "--out", str(tmp_path / "k.evo")]) == 0


def test_outcome_of_a_win_and_a_loss() -> None:
    s = fresh(1, 2)
    s.result = "won"
    o = RULES.outcome(s)
    assert o is not None and o.winners == [0, 1]
    s.result = "lost"
    o = RULES.outcome(s)
    assert o is not None and o.winners == [] and o.breakdown[0]["alarm"] == s.alarm
