"""Narration of every `classic` event in Russian and English, redacted for each viewer (§8)."""

from __future__ import annotations

import msgspec

from core.games.classic import events as E
from core.games.classic.rules import RULES
from tests.games.classic.classic_play import SETUPS
from tests.kit.evolution_checks import told_kinds

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve"]


def _masked(ev: object, viewer: int) -> object:
    """The event with what `viewer` may not know replaced by 0."""
    if isinstance(ev, E.Dealt):
        cards = [c if seat == viewer else 0 for seat, c in zip(ev.seats, ev.cards, strict=True)]
        return msgspec.structs.replace(ev, cards=cards)
    if isinstance(ev, E.Created) and ev.seat != viewer:
        return msgspec.structs.replace(ev, card=0)
    return ev


def test_every_event_kind_is_told_in_both_languages_and_hides_what_it_must() -> None:
    told = told_kinds(RULES, SETUPS, NAMES, _masked)
    for kind in (E.GameStarted, E.Dealt, E.TurnStarted, E.Created, E.Added, E.Paired, E.Passed,
                 E.Rolled, E.Food, E.Attacked, E.Eaten, E.Died, E.FeedingEnded, E.CleanedUp,
                 E.Scored, E.GameEnded, E.Discarded, E.Grazed, E.Hibernated):
        assert kind in told, kind.__name__


def test_a_dealt_card_is_named_to_its_receiver_only() -> None:
    ev = E.Dealt([0, 1, 0], [17, 23, 41])
    mine = RULES.narrate(ev, 0, "en", NAMES)
    theirs = RULES.narrate(ev, 1, "en", NAMES)
    assert mine == "Ann gets 2 cards: 17, 41. Bob gets 1 card."
    assert theirs == "Ann gets 2 cards. Bob gets 1 card: 23."
    assert RULES.narrate(ev, 0, "ru", NAMES) == "Ann получает 2 карты: 17, 41. Bob получает 1 карту."
    created = E.Created(1, 7, 55)
    assert "55" in RULES.narrate(created, 1, "en", NAMES)
    assert "55" not in RULES.narrate(created, 0, "en", NAMES)


def test_narration_of_an_attack() -> None:
    assert RULES.narrate(E.Attacked(3, 7, 5), None, "en") == "c3 attacks c7!"
    assert RULES.narrate(E.Ran(7, 33, 5, True), None, "ru") == \
        "c7 убегает (на кубике 5) — атака не удалась."
    assert RULES.narrate(E.Food(3, "kill", blue=1, fat=1), None, "en") == \
        "c3 gets 2 blue tokens for its prey. Stored as fat: 1."
    assert RULES.narrate(E.Mimicked(7, 8, 13), None, "en") == "The Mimicry of c7: the attack turns to c8."
    assert RULES.narrate(E.Await(0, "feed"), None, "en") is None
