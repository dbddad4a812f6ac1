"""What makes a position possible, for every registered game (core/engine/invariants.py): the
game lists small named invariants, each saying in one line what holds and citing the ruling
it follows from where one applies; scenarios, saves and the tests run that one list.
(`test_soak.py` runs them after every event of random games in every set-up.)"""

from __future__ import annotations

import pytest

from core import games
from core.engine.descriptor import GameDescriptor
from core.engine.invariants import ImpossiblePosition, Invariant, check
from tests.playing import cites_a_ruling


@pytest.mark.parametrize("game", games.descriptors(), ids=games.ids())
def test_each_invariant_is_named_and_says_what_holds_in_one_line(game: GameDescriptor) -> None:
    invariants = game.position_invariants
    assert invariants and all(isinstance(i, Invariant) for i in invariants)
    names = [i.name for i in invariants]
    assert len(set(names)) == len(names), "two invariants of one name"
    for inv in invariants:
        assert inv.name.isidentifier() and not inv.name.startswith("_"), inv.name
        assert inv.doc and "\n" not in inv.doc and len(inv.doc) <= 100, (inv.name, inv.doc)
        assert inv.doc[0].isupper() and inv.doc.endswith("."), (inv.name, inv.doc)
        assert not inv.ruling or cites_a_ruling(game, inv.ruling), (inv.name, inv.ruling)


def test_the_first_broken_invariant_is_the_refusal() -> None:
    """They run in order and stop at the first problem, which cites its ruling; a settled one
    waits for a settled position."""
    ran: list[str] = []

    def holds(s: object) -> str | None:
        ran.append("holds")
        return None

    def breaks(s: object) -> str | None:
        ran.append("breaks")
        return "two kings"

    def later(s: object) -> str | None:
        ran.append("later")
        return "never asked"

    listed = [Invariant("holds", "Holds.", "", holds),
              Invariant("decided", "Decided.", "", breaks, settled=True),
              Invariant("breaks", "Breaks.", "MC-R1", breaks), Invariant("later", "Later.", "", later)]
    with pytest.raises(ImpossiblePosition) as info:
        check(listed, object(), settled=False)
    assert str(info.value) == "two kings (MC-R1)" and info.value.invariant.name == "breaks"
    assert ran == ["holds", "breaks"]
    with pytest.raises(ImpossiblePosition) as info:
        check(listed, object())
    assert info.value.invariant.name == "decided"
