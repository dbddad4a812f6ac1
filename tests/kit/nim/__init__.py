"""«Ним» (game id `nim`), a tiny game with a hidden hand that lives in the tests: proof that the
kit — the registry, the session and its journal, verify, scenarios, invariants and the
conformance suite — holds without Evo's own games (tests/kit/test_nim.py registers it).

A heap of stones; each seat is dealt four cards of values 1 to 3 (the other cards stay aside,
unseen). In turn, a seat plays a card and takes that many stones (at most the heap), or takes
one stone with an empty hand. Whoever takes the last stone wins."""

from core.engine.descriptor import GameDescriptor, Option

GAME = GameDescriptor(
    id="nim",
    order=99,
    package=__name__,
    seats=(2, 3, 2),
    seats_rule="NIM1",
    ruling_prefix="NIM",
    section_prefix="NIM",
    spec="nim.md",  # none: the rules are this folder's rulings.toml
    rules="tests.kit.nim.game:RULES",
    scenario="tests.kit.nim.positions:SCENARIO",
    invariants="tests.kit.nim.positions:INVARIANTS",
    options=(Option("heap", "int", default=40, low=5, high=40, rule="NIM5"),),
)
