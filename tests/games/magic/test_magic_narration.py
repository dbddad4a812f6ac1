"""Narration of every event in Russian and English, redacted for each viewer (spec §9)."""

from __future__ import annotations

import random
import re

from core.games.magic import events as E
from core.games.magic.rules import RULES
from core.games.magic.texts import keys, say
from tests.games.magic.magic_play import fresh, random_moves

SILENT = {E.Await, E.ActivationEnded}  # bookkeeping, never narrated


def narrated_games() -> list[tuple[list, int]]:
    out = []
    for seed, players, options in [(1, 2, {}), (2, 3, {}), (3, 4, {}), (4, 2, {"solo": True}),
                                   (5, 2, {"solo": True}), (6, 3, {"variant": "quartet"})]:
        state = fresh(seed, players, **options)
        log = []
        for ev in RULES.setup(options, seed, players):
            log.append(ev)
        for _, _, events in random_moves(state, random.Random(seed)):
            log.extend(events)
        out.append((log, players))
    return out


GAMES = narrated_games()


def test_every_event_kind_is_narrated_in_both_languages() -> None:
    seen: set[type] = set()
    for log, players in GAMES:
        for ev in log:
            seen.add(type(ev))
            for lang in ("ru", "en"):
                for viewer in [None, *range(players)]:
                    text = RULES.narrate(ev, viewer, lang)
                    if type(ev) in SILENT or (type(ev) is E.WillSleep and ev.reason != "sleep"):
                        assert text is None
                        continue
                    assert text and "{" not in text and "}" not in text, (ev, text)
                    if lang == "ru":
                        assert re.search("[а-яА-Я]", text), text
    never = {t for t in E.Event.__args__ if t not in seen} - {E.PositionSet}
    assert not never, f"no random game produced {sorted(t.__name__ for t in never)}"


def test_hidden_cards_are_not_named_to_other_seats() -> None:
    for log, players in GAMES:
        for ev in log:
            if isinstance(ev, E.Drew):
                for viewer in range(players):
                    text = RULES.narrate(ev, viewer, "en")
                    who = f"Player {ev.seat + 1}"
                    if viewer != ev.seat:
                        assert text == say("event.draw", "en", seat=who, k=len(ev.cards))
                    else:
                        assert text == say("event.draw_seen", "en", seat=who, k=len(ev.cards),
                                           cards=ev.cards)
            elif isinstance(ev, E.CreatureCreated):
                for viewer in range(players):
                    text = RULES.narrate(ev, viewer, "en")
                    # A Shade creature's face is seen by nobody, its seat included (MC-R50).
                    assert (f"card {ev.card}" in text) == (viewer == ev.seat and not ev.faceless)


def test_position_event_and_names() -> None:
    state = fresh(1, 2)
    ev = RULES.position_event(state)
    assert RULES.narrate(ev, None, "ru") == say("event.position", "ru")
    turn = E.TurnStarted(1)
    assert RULES.narrate(turn, None, "en", ["Ann", "Bob"]) == "Bob's turn."
    assert RULES.narrate(turn, None, "ru") == "Ход: Игрок 2."


def test_every_text_has_both_languages_and_the_same_placeholders() -> None:
    from core.games.magic.texts import table

    for key in keys():
        ru, en = table().get(key, "ru"), table().get(key, "en")
        assert ru and en
        assert set(re.findall(r"{(\w+)}", ru)) == set(re.findall(r"{(\w+)}", en)), key


def test_narration_says_one_card_and_five_cards() -> None:
    assert say("event.draw", "en", seat="Ann", k=1) == "Ann draws 1 card."
    assert say("event.draw", "en", seat="Ann", k=5) == "Ann draws 5 cards."
    assert say("event.draw", "ru", seat="Аня", k=5) == "Аня берёт 5 карт."
    assert say("event.draw", "ru", seat="Аня", k=2) == "Аня берёт 2 карты."
