"""Narration of every `newworld` event in Russian and English, redacted for each viewer (§8)."""

from __future__ import annotations

import msgspec

from core.games.newworld import events as E
from core.games.newworld.rules import RULES
from tests.games.newworld.nw_play import NAMES, SETUPS
from tests.kit.evolution_checks import told_kinds


def _masked(ev: object, viewer: int) -> object:
    """The event with what `viewer` may not know replaced by 0."""
    if isinstance(ev, E.Dealt):
        cards = [c if seat == viewer and not ev.pool else 0
                 for seat, c in zip(ev.seats, ev.cards, strict=True)]
        return msgspec.structs.replace(ev, cards=cards)
    if isinstance(ev, E.Created) and ev.seat != viewer and ev.source != "reveal":
        return msgspec.structs.replace(ev, card=0)
    return ev


def test_every_event_kind_is_told_in_both_languages_and_hides_what_it_must() -> None:
    told = told_kinds(RULES, SETUPS, NAMES, _masked)
    for kind in (E.GameStarted, E.Dealt, E.EpochStarted, E.Created, E.Added, E.Paired, E.Passed,
                 E.HabitatRevealed, E.Filled, E.Food, E.Sheltered, E.Attacked, E.Eaten, E.Died,
                 E.SwampFed, E.FeedingEnded, E.CleanedUp, E.HabitatDiscarded, E.GameEnded,
                 E.Discarded, E.Revealed, E.Swapped, E.Boxed, E.PoolTrimmed, E.Pirated):
        assert kind in told, kind.__name__


def test_a_dealt_card_is_named_to_its_receiver_only_and_a_gene_pool_to_nobody() -> None:
    ev = E.Dealt([0, 1, 0], [17, 23, 41])
    assert RULES.narrate(ev, 0, "en", NAMES) == "Ann gets 2 cards: 17, 41. Bob gets 1 card."
    assert RULES.narrate(ev, 1, "en", NAMES) == "Ann gets 2 cards. Bob gets 1 card: 23."
    assert RULES.narrate(ev, 0, "ru", NAMES) == \
        "Ann получает 2 карты: 17, 41. Bob получает 1 карту."
    pool = E.Dealt([0, 0], [17, 41], pool=True)
    assert "17" not in RULES.narrate(pool, 0, "en", NAMES)  # §8: not even its owner
    assert "17" in RULES.narrate(pool, None, "en", NAMES)
    created = E.Created(1, 7, 55)
    assert "55" in RULES.narrate(created, 1, "en", NAMES)
    assert "55" not in RULES.narrate(created, 0, "en", NAMES)


def test_narration_of_feeding_and_attacks() -> None:
    assert RULES.narrate(E.Food(3, "habitat", red=1, habitat="1u"), None, "en") == \
        "c3 takes food in h1u (Savannas)."
    assert RULES.narrate(E.Food(3, "kill", blue=1, fat=1), None, "en") == \
        "c3 gets 2 blue tokens for its prey. Stored as fat: 1."
    assert RULES.narrate(E.Rolled(7, 41, "horned", 5, True), None, "ru") == \
        "Рогатое c7: на кубике 5 — хищник погибает."
    assert RULES.narrate(E.Filled(["1u", "1l"], [3, 1], [0, 1]), None, "en") == \
        "The habitats are filled: h1u Savannas: 3 food, 0 shelters; h1l Deserts: 1 food, 1 shelter."
    assert RULES.narrate(E.HabitatRevealed(3, True), None, "ru") == \
        "Новый ареал слева: Пещеры / Скалы (карта 3). Стопка ареалов пуста — это последняя эпоха."
    assert RULES.narrate(E.GameEnded([5, 5], [1, 1], [1], True), None, "en", NAMES) == \
        "Bob wins by lot with 5 points."
    assert RULES.narrate(E.Await(0, "feed"), None, "en") is None
