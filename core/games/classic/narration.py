"""Narration of `classic` events in Russian and English, redacted for the viewer (spec §8): a
table from event type to its text.

A card is named only to a viewer who may know it: a seat's own dealt cards and animal faces;
property cards, dice and the v0.9 common discard are public. Bookkeeping events (whose
decision it is, a go's start, pending triggers) have no entry and are not narrated.
"""

from __future__ import annotations

from core.engine.rules_base import Narration, Rule, Telling
from core.games.classic import events as E
from core.games.classic.data import SYMBIOSIS
from core.games.classic.texts import say

_FOOD_KEYS = {"take": "event.take", "communication": "event.communication",
              "cooperation": "event.cooperation", "kill": "event.kill", "tail": "event.tail_food",
              "scavenger": "event.scavenger"}


def _start(e: E.GameStarted, t: Telling) -> str:
    return t.say("event.start", n=e.players, rules=t.say("game.v09" if e.v09 else "game.classic"),
                 first=t.who(e.first))


def _dealt(e: E.Dealt, t: Telling) -> str:
    per: dict[int, list[int]] = {}
    for seat, card in zip(e.seats, e.cards, strict=True):
        per.setdefault(seat, []).append(card)
    parts = [t.say("event.bonus")] if e.bonus else []
    for seat, cards in per.items():
        if t.sees(seat):
            parts.append(t.say("event.dealt_seen", seat=t.who(seat), k=len(cards), cards=cards))
        else:
            parts.append(t.say("event.dealt", seat=t.who(seat), k=len(cards)))
    return " ".join(parts)


def _paired(e: E.Paired, t: Telling) -> str:
    key = "event.symbiosis" if e.trait == SYMBIOSIS else "event.pair"
    return t.say(key, seat=t.who(e.seat), c=e.a, t=e.b, p=e.trait, card=e.card)


def _rolled(e: E.Rolled, t: Telling) -> str:
    return t.say("event.roll", seat=t.who(e.seat), dice=e.dice,
                 plus=f"+{e.bonus}" if e.bonus else "", k=sum(e.dice) + e.bonus)


def _food(e: E.Food, t: Telling) -> str:
    text = t.say(_FOOD_KEYS.get(e.why, "event.take"), c=e.animal, k=e.red + e.blue + e.fat)
    if e.fat:
        text += t.say("event.fat_note", k=e.fat)
    return text


def _scored(e: E.Scored, t: Telling) -> str:
    parts = [t.say("event.score_seat", seat=t.who(seat), k=k, n=fed)
             for seat, (k, fed) in enumerate(zip(e.points, e.fed, strict=True))]
    return t.say("event.score", list=", ".join(parts))


def _lot(e: E.Lot, t: Telling) -> str:
    parts = [t.say("event.lot_seat", seat=t.who(seat), k=d)
             for seat, d in zip(e.seats, e.dice, strict=True)]
    return t.say("event.lot", list=", ".join(parts))


def _over(e: E.GameEnded, t: Telling) -> str:
    best = max(e.scores) if e.scores else 0
    if len(e.winners) == 1:
        return t.say("event.over", seat=t.who(e.winners[0]), k=best)
    return t.say("event.over_shared", list=", ".join(t.who(w) for w in e.winners), k=best)


def _ended(e: E.GoEnded, t: Telling) -> str | None:
    return t.say("event.decline", seat=t.who(e.seat)) if e.declined and not e.auto else None


RULES: dict[type, Rule] = {
    E.GameStarted: _start,
    E.PositionSet: lambda e, t: t.say("event.position"),
    E.Dealt: _dealt,
    E.Reshuffled: lambda e, t: t.say("event.reshuffle", k=len(e.deck)),
    E.TurnStarted: lambda e, t: t.say("event.turn_last" if e.last else "event.turn",
                                      turn=e.turn, first=t.who(e.first)),
    E.Created: lambda e, t: t.say("event.create_seen" if t.sees(e.seat) else "event.create",
                                  seat=t.who(e.seat), c=e.uid, card=e.card),
    E.Added: lambda e, t: t.say("event.add", seat=t.who(e.seat), c=e.animal, p=e.trait,
                                card=e.card),
    E.Paired: _paired,
    E.Passed: lambda e, t: t.say("event.pass_auto" if e.auto else "event.pass", seat=t.who(e.seat)),
    E.Rolled: _rolled,
    E.GoEnded: _ended,
    E.Food: _food,
    E.Attacked: lambda e, t: t.say("event.attack", c=e.predator, t=e.prey),
    E.Ran: lambda e, t: t.say("event.ran" if e.escaped else "event.caught", c=e.animal, die=e.die),
    E.Mimicked: lambda e, t: t.say("event.mimic", c=e.animal, t=e.to),
    E.TailLost: lambda e, t: t.say("event.tail", c=e.animal, p=e.trait, card=e.card),
    E.Eaten: lambda e, t: t.say("event.eaten", c=e.predator, t=e.prey),
    E.Poisoned: lambda e, t: t.say("event.poison", c=e.animal),
    E.Grazed: lambda e, t: t.say("event.graze", c=e.animal),
    E.Pirated: lambda e, t: t.say(f"event.pirate_{e.colour}", c=e.animal, t=e.victim),
    E.Hibernated: lambda e, t: t.say("event.hibernate", c=e.animal),
    E.Converted: lambda e, t: t.say("event.convert", c=e.animal, k=e.k),
    E.FeedingEnded: lambda e, t: t.say("event.feeding_end_left", k=e.left) if e.left else
    t.say("event.feeding_end"),
    E.FatStored: lambda e, t: t.say("event.fat_reserve", seat=t.who(e.seat), k=e.k),
    E.Died: lambda e, t: t.say(f"event.died_{e.cause}", c=e.animal),
    E.ReserveUsed: lambda e, t: t.say("event.reserve", seat=t.who(e.seat), c=e.animal, k=e.k),
    E.Turned: lambda e, t: t.say("event.turned", animals=e.animals),
    E.Straightened: lambda e, t: t.say("event.straightened", animals=e.animals),
    E.CleanedUp: lambda e, t: t.say("event.cleanup"),
    E.Discarded: lambda e, t: t.say("event.discard", seat=t.who(e.seat), card=e.card),
    E.Scored: _scored,
    E.Lot: _lot,
    E.GameEnded: _over,
}

NARRATION = Narration(say, RULES)
