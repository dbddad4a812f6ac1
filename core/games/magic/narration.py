"""Narration of `magic` events in Russian and English, redacted for the viewer (spec §9):
a table from event type to its text.

A card number is named only to a viewer who may know it: a seat's own draws and creature
faces; property cards are public. Bookkeeping events (whose decision it is, the end of an
activation) have no entry and are not narrated.
"""

from __future__ import annotations

from core.engine.rules_base import Narration, Rule, Telling
from core.games.magic import events as E
from core.games.magic.texts import say


def _start(e: E.GameStarted, t: Telling) -> str:
    if e.solo:
        return t.say("event.start_solo")
    return t.say("event.start", n=e.players, first=t.who(e.first))


def _created(e: E.CreatureCreated, t: Telling) -> str:
    seen = t.viewer is None or (t.viewer == e.seat and not e.faceless)
    key = ("event.dealt" if e.dealt else "event.create") + ("_seen" if seen else "")
    return t.say(key, seat=t.who(e.seat), c=e.uid, card=e.card)


def _hit(e: E.Hit, t: Telling) -> str:
    if not e.success:
        return t.say("event.miss", p=e.prop, t=e.target)
    if e.prop == "fire_breathing":
        return t.say("event.hit_fire", p=e.prop)
    return t.say("event.hit_gain" if e.gain else "event.hit_full", p=e.prop, c=e.creature)


def _shade_grew(e: E.ShadeGrew, t: Telling) -> str:
    if e.creature:
        return t.say("event.shade_prop", card=e.card, c=e.creature, p=e.trait)
    return t.say("event.shade_discard", card=e.card, p=e.trait)


RULES: dict[type, Rule] = {
    E.GameStarted: _start,
    E.PositionSet: lambda e, t: t.say("event.position"),
    E.SourceRevealed: lambda e, t: t.say("event.source", source=e.source, lower=e.lower,
                                         upper=e.upper),
    E.CreatureCreated: _created,
    E.Drew: lambda e, t: t.say("event.draw_seen" if t.sees(e.seat) else "event.draw",
                               seat=t.who(e.seat), k=len(e.cards), cards=e.cards),
    E.Reshuffled: lambda e, t: t.say("event.reshuffle", k=len(e.deck)),
    E.RoundStarted: lambda e, t: t.say("event.round", round=e.round, first=t.who(e.first)),
    E.HandKept: lambda e, t: t.say("event.keep", seat=t.who(e.seat)),
    E.HandSwapped: lambda e, t: t.say("event.swap", seat=t.who(e.seat), k=e.count),
    E.TurnStarted: lambda e, t: t.say("event.turn", seat=t.who(e.seat)),
    E.PropertyAdded: lambda e, t: t.say("event.add", seat=t.who(e.seat), c=e.creature,
                                        p=e.trait, card=e.card),
    E.Activated: lambda e, t: t.say("event.activate", seat=t.who(e.seat), c=e.creature),
    E.Copied: lambda e, t: t.say("event.metamorph", c=e.creature, t=e.source, p=e.trait),
    E.Scared: lambda e, t: t.say("event.scare", c=e.creature, t=e.target),
    E.Roused: lambda e, t: t.say("event.rouse", c=e.creature, t=e.target),
    E.Gifted: lambda e, t: t.say("event.gift", c=e.creature, t=e.target),
    E.EnergyTaken: lambda e, t: t.say("event.gain", c=e.creature, part=e.part),
    E.Gulped: lambda e, t: t.say("event.voracious", c=e.creature),
    E.Molted: lambda e, t: t.say("event.molt", c=e.creature, p=e.trait, card=e.card),
    E.Transmuted: lambda e, t: t.say("event.transmute", seat=t.who(e.seat), c=e.creature,
                                     k=e.tokens),
    E.GameWon: lambda e, t: t.say("event.win", seat=t.who(e.seat)),
    E.AttackDeclared: lambda e, t: t.say("event.attack", c=e.creature, t=e.target,
                                         props=e.props),
    E.Hit: _hit,
    E.Burned: lambda e, t: t.say("event.burn_gain" if e.gain else "event.burn", c=e.creature,
                                 t=e.target, p=e.trait, card=e.card),
    E.Pricked: lambda e, t: t.say("event.thorns" if e.lost else "event.thorns_empty",
                                  c=e.creature, t=e.target),
    E.WillSleep: lambda e, t: t.say("event.sleep", c=e.creature) if e.reason == "sleep" else None,
    E.FellAsleep: lambda e, t: t.say("event.asleep", c=e.creature),
    E.RoundEnded: lambda e, t: t.say("event.round_end_solo" if e.solo else "event.round_end",
                                     round=e.round),
    E.AllWoke: lambda e, t: t.say("event.wake"),
    E.ChoiceRevealed: lambda e, t: t.say("event.choice", value=e.value),
    E.ChoicesShuffled: lambda e, t: t.say("event.choice_shuffle"),
    E.ShadeGrew: _shade_grew,
}

NARRATION = Narration(say, RULES)
