"""Narration of `newworld` events in Russian and English, redacted for the viewer (spec §8): a
table from event type to its text.

A card is named only to a viewer who may know it: a seat's own dealt cards and animal faces;
property cards, revealed cards, habitats, dice and the discard piles are public. Gene-pool
cards are named to nobody but the omniscient viewer. Bookkeeping events (whose decision it
is, a turn's start, pending triggers) have no entry and are not narrated.
"""

from __future__ import annotations

from core.engine.rules_base import Narration, Rule, Telling
from core.games.newworld import events as E
from core.games.newworld.data import SYMBIOSIS, habitat_cards
from core.games.newworld.texts import say

_FOOD_KEYS = {"habitat": "event.food_habitat", "communication": "event.communication",
              "cooperation": "event.cooperation", "kill": "event.kill",
              "tail": "event.tail_food", "scavenger": "event.scavenger"}


def _kind(key: str) -> str:
    """The habitat kind of a habitat key ("3u" -> the upper half of card 3)."""
    card, half = (int(key[:-1]), key[-1]) if key[-1] in "ul" else (int(key), "")
    return dict(habitat_cards()[card])[half]


def _card_kinds(card: int) -> list[str]:
    return [kind for _, kind in habitat_cards()[card]]


def _start(e: E.GameStarted, t: Telling) -> str:
    rules = {"mutations": "game.mutations", "cataclysm": "game.cataclysm"}.get(
        e.scenario, "game.standard")
    return t.say("event.start", n=e.players, rules=t.say(rules), first=t.who(e.first))


def _dealt(e: E.Dealt, t: Telling) -> str:
    per: dict[int, list[int]] = {}
    for seat, card in zip(e.seats, e.cards, strict=True):
        per.setdefault(seat, []).append(card)
    parts = []
    for seat, cards in per.items():
        if e.pool:  # §8: a gene pool is nobody's to see, its owner's neither
            key = "event.dealt_pool_seen" if t.viewer is None else "event.dealt_pool"
        else:
            key = "event.dealt_seen" if t.sees(seat) else "event.dealt"
        parts.append(t.say(key, seat=t.who(seat), k=len(cards), cards=cards))
    return " ".join(parts)


def _created(e: E.Created, t: Telling) -> str:
    if e.source == "reveal":
        return t.say("event.create_reveal", seat=t.who(e.seat), c=e.uid, card=e.card)
    key = "event.create_seen" if t.sees(e.seat) else "event.create"
    return t.say(key, seat=t.who(e.seat), c=e.uid, card=e.card)


def _paired(e: E.Paired, t: Telling) -> str:
    key = "event.symbiosis" if e.trait == SYMBIOSIS else "event.pair"
    return t.say(key, seat=t.who(e.seat), c=e.a, t=e.b, p=e.trait, card=e.card)


def _revealed(e: E.Revealed, t: Telling) -> str:
    if e.old:
        return t.say("event.reveal_transform", c=e.animal, card=e.card)
    return t.say("event.reveal", seat=t.who(e.seat), c=e.animal, card=e.card)


def _habitat(e: E.HabitatRevealed, t: Telling) -> str:
    names = " / ".join(t.say("label.kind", hk=k) for k in _card_kinds(e.card))
    return t.say("event.habitat_last" if e.last else "event.habitat", hk=names, card=e.card)


def _filled(e: E.Filled, t: Telling) -> str:
    parts = [t.say("event.fill_item", h=key, hk=_kind(key), k=red, n=shelter)
             for key, red, shelter in zip(e.keys, e.red, e.shelter, strict=True)]
    return t.say("event.fill", list="; ".join(parts))


def _food(e: E.Food, t: Telling) -> str:
    text = t.say(_FOOD_KEYS.get(e.why, "event.food_habitat"), c=e.animal,
                 k=e.red + e.blue + e.fat, h=e.habitat, hk=_kind(e.habitat) if e.habitat else "")
    if e.fat:
        text += t.say("event.fat_note", k=e.fat)
    return text


def _rolled(e: E.Rolled, t: Telling) -> str:
    if e.kind == "horned":
        return t.say("event.horned_kill" if e.success else "event.horned_miss", c=e.animal,
                     die=e.die)
    return t.say("event.ran" if e.success else "event.caught", c=e.animal, die=e.die)


def _discarded_habitat(e: E.HabitatDiscarded, t: Telling) -> str:
    names = " / ".join(t.say("label.kind", hk=k) for k in _card_kinds(e.card))
    return t.say("event.habitat_discard", hk=names, card=e.card)


def _lot(e: E.Lot, t: Telling) -> str:
    parts = [t.say("event.lot_seat", seat=t.who(seat), k=d)
             for seat, d in zip(e.seats, e.dice, strict=True)]
    return t.say("event.lot", list="; ".join(parts))


def _over(e: E.GameEnded, t: Telling) -> str:
    best = max(e.scores) if e.scores else 0
    return t.say("event.over_lot" if e.lot else "event.over", seat=t.who(e.winners[0]), k=best)


def _transformed(e: E.Transformed, t: Telling) -> str:
    return t.say("event.transform", c=e.animal, old=e.old, p=e.trait, card=e.card)


RULES: dict[type, Rule] = {
    E.GameStarted: _start,
    E.PositionSet: lambda e, t: t.say("event.position"),
    E.Dealt: _dealt,
    E.Boxed: lambda e, t: t.say("event.box", k=e.k),
    E.Reshuffled: lambda e, t: t.say("event.reshuffle", k=len(e.deck)),
    E.EpochStarted: lambda e, t: t.say("event.epoch", epoch=e.epoch, first=t.who(e.first)),
    E.Created: _created,
    E.Added: lambda e, t: t.say("event.add", seat=t.who(e.seat), c=e.animal, p=e.trait,
                                card=e.card),
    E.Paired: _paired,
    E.Swapped: lambda e, t: t.say("event.swap", seat=t.who(e.seat), animals=e.row),
    E.Passed: lambda e, t: t.say("event.pass_auto" if e.auto else "event.pass",
                                 seat=t.who(e.seat)),
    E.Revealed: _revealed,
    E.Retargeted: lambda e, t: t.say("event.retarget", c=e.animal),
    E.HabitatRevealed: _habitat,
    E.Filled: _filled,
    E.FeedingStarted: lambda e, t: t.say("event.feeding"),
    E.Food: _food,
    E.Sheltered: lambda e, t: t.say("event.shelter", c=e.animal, h=e.habitat, hk=_kind(e.habitat)),
    E.Trampled: lambda e, t: t.say("event.trample", c=e.animal, h=e.habitat, hk=_kind(e.habitat)),
    E.Spared: lambda e, t: t.say("event.spare"),
    E.Attacked: lambda e, t: t.say("event.attack", c=e.predator, t=e.prey),
    E.Rolled: _rolled,
    E.Mimicked: lambda e, t: t.say("event.mimic", c=e.animal, t=e.to),
    E.TailLost: lambda e, t: t.say("event.tail", c=e.animal, p=e.trait, card=e.card),
    E.Deterred: lambda e, t: t.say("event.deter", c=e.animal),
    E.Eaten: lambda e, t: t.say("event.eaten", c=e.predator, t=e.prey),
    E.Died: lambda e, t: t.say(f"event.died_{e.cause}", c=e.animal),
    E.Poisoned: lambda e, t: t.say("event.poison", c=e.animal),
    E.SwampFed: lambda e, t: t.say("event.swamp", keys=e.keys),
    E.Pirated: lambda e, t: t.say(f"event.pirate_{e.colour}", c=e.animal, t=e.victim),
    E.Transformed: _transformed,
    E.Wasted: lambda e, t: t.say("event.wasted", card=e.card),
    E.Surplus: lambda e, t: t.say("event.surplus", c=e.animal, k=e.red + e.blue),
    E.FeedingEnded: lambda e, t: t.say("event.feeding_end"),
    E.FatUsed: lambda e, t: t.say("event.fat", c=e.animal, k=e.k),
    E.Hibernated: lambda e, t: t.say("event.hibernate", c=e.animal),
    E.CleanedUp: lambda e, t: t.say("event.cleanup"),
    E.HabitatDiscarded: _discarded_habitat,
    E.Discarded: lambda e, t: t.say("event.discard", seat=t.who(e.seat), card=e.card),
    E.PoolTrimmed: lambda e, t: t.say("event.pool_trim", seat=t.who(e.seat), cards=e.cards),
    E.Lot: _lot,
    E.GameEnded: _over,
}

NARRATION = Narration(say, RULES)
