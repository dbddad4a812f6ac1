"""Every ruling of every registered game's specification is cited by at least one test.

The list of a game's rulings ships with its tests (`tests/games/<g>/rulings.txt`), because
the specifications live outside the repository (`../shared/rules/<spec>`); where the
specification is at hand, the shipped list must match its Rulings section. A ruling counts
as cited when its id appears as a whole word in a scenario file or in a test's source.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from core import games
from core.engine.descriptor import GameDescriptor
from tests.playing import TESTS, game_tests, rulings

GAMES = games.descriptors()
IDS = [g.id for g in GAMES]
SPECS = TESTS.parent.parent / "shared" / "rules"
HERE = Path(__file__).resolve().parent


def citation(rule_id: str) -> re.Pattern[str]:
    """The id as a whole word: MC-R1 is not cited by MC-R12, nor G1 by G12 or GG1."""
    return re.compile(rf"(?<![\w-]){re.escape(rule_id)}(?!\w)")


def missing(ids: list[str] | tuple[str, ...], texts: list[str]) -> list[str]:
    return [r for r in ids if not any(citation(r).search(t) for t in texts)]


@cache
def cited_texts() -> tuple[str, ...]:
    """Every scenario file and test module, but this suite's (it names no ruling)."""
    out = []
    for path in sorted(TESTS.rglob("*")):
        if path.suffix in (".py", ".toml") and HERE not in path.parents:
            out.append(path.read_text(encoding="utf-8"))
    return tuple(out)


def spec_rulings(game: GameDescriptor, text: str) -> list[str]:
    """The ids of the Rulings section (`- **R12** …`), in the form the game cites them."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if re.match(r"#{1,2}\s", line):
            inside = bool(re.search(r"\bRulings\b", line))
            continue
        m = re.match(r"\s*-\s+\*\*([A-Z]+\d+)\*\*", line) if inside else None
        if m:
            word = m.group(1)
            out.append(word if word.startswith(game.ruling_prefix) else game.ruling_prefix + word)
    return out


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_shipped_list_is_well_formed(game: GameDescriptor) -> None:
    ids = rulings(game.id)
    assert ids, f"{game_tests(game.id) / 'rulings.txt'} lists no ruling"
    assert len(set(ids)) == len(ids), "a ruling is listed twice"
    assert all(r.startswith(game.ruling_prefix) and re.fullmatch(r"[\w-]+\d", r) for r in ids), ids
    assert game.seats_rule in ids, "the ruling on the number of players is one of the game's"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_ruling_is_cited_by_a_test(game: GameDescriptor) -> None:
    assert missing(rulings(game.id), list(cited_texts())) == []


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_shipped_list_matches_the_specification(game: GameDescriptor) -> None:
    spec = SPECS / game.spec
    if not spec.is_file():
        pytest.skip(f"the specification {spec} is not in this checkout (it lives beside the repo)")
    assert list(rulings(game.id)) == spec_rulings(game, spec.read_text(encoding="utf-8"))


def test_the_checks_find_a_gap() -> None:
    """The matcher itself: whole words only, and a ruling section ends at the next heading."""
    texts = ['rulings = ["MC-R12", "G1"]', "# GG2 and G23x are not G2"]
    assert missing(("MC-R1", "MC-R12", "G1", "G12", "G2", "G23"), texts) == ["MC-R1", "G12", "G23"]
    fake = GAMES[0]
    word = "X"  # ruling words the spec's format allows, whatever the game's prefix
    text = f"## 1. Rules\n- **{word}1** not yet\n## 9. Rulings\n- **{word}2** a\n  - **{word}3** b\n" \
           f"### 9.1 More\n- **{word}4** c\n## 10. Glossary\n- **{word}5** d\n"
    cite = [w if w.startswith(fake.ruling_prefix) else fake.ruling_prefix + w
            for w in (f"{word}2", f"{word}3", f"{word}4")]
    assert spec_rulings(fake, text) == cite
