"""Narration of `magic` events in Russian and English, redacted for the viewer (spec §9).

A card number is named only to a viewer who may know it: a seat's own draws and creature
faces; property cards are public. Bookkeeping events (whose decision it is, the end of an
activation) are not narrated.
"""

from __future__ import annotations

from typing import Any

from core.games.magic import events as E
from core.games.magic.texts import say


def seat_name(seat: int, names: list[str] | None, lang: str, shade: bool = False) -> str:
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    if shade:
        return say("game.shade", lang)
    return say("game.player", lang, k=seat + 1)


def narrate(e: Any, viewer: int | None, lang: str, names: list[str] | None = None) -> str | None:
    t = type(e)

    def who(seat: int) -> str:
        return seat_name(seat, names, lang)

    def sees(seat: int) -> bool:
        return viewer is None or viewer == seat

    if t is E.GameStarted:
        if e.solo:
            return say("event.start_solo", lang)
        return say("event.start", lang, n=e.players, first=who(e.first))
    if t is E.PositionSet:
        return say("event.position", lang)
    if t is E.SourceRevealed:
        return say("event.source", lang, source=e.source, lower=e.lower, upper=e.upper)
    if t is E.CreatureCreated:
        seen = viewer is None or (viewer == e.seat and not e.faceless)
        key = ("event.dealt" if e.dealt else "event.create") + ("_seen" if seen else "")
        return say(key, lang, seat=who(e.seat), c=e.uid, card=e.card)
    if t is E.Drew:
        key = "event.draw_seen" if sees(e.seat) else "event.draw"
        return say(key, lang, seat=who(e.seat), k=len(e.cards), cards=e.cards)
    if t is E.Reshuffled:
        return say("event.reshuffle", lang, k=len(e.deck))
    if t is E.RoundStarted:
        return say("event.round", lang, round=e.round, first=who(e.first))
    if t is E.HandKept:
        return say("event.keep", lang, seat=who(e.seat))
    if t is E.HandSwapped:
        return say("event.swap", lang, seat=who(e.seat), k=e.count)
    if t is E.TurnStarted:
        return say("event.turn", lang, seat=who(e.seat))
    if t is E.PropertyAdded:
        return say("event.add", lang, seat=who(e.seat), c=e.creature, p=e.trait, card=e.card)
    if t is E.Activated:
        return say("event.activate", lang, seat=who(e.seat), c=e.creature)
    if t is E.Copied:
        return say("event.metamorph", lang, c=e.creature, t=e.source, p=e.trait)
    if t is E.Scared:
        return say("event.scare", lang, c=e.creature, t=e.target)
    if t is E.Roused:
        return say("event.rouse", lang, c=e.creature, t=e.target)
    if t is E.Gifted:
        return say("event.gift", lang, c=e.creature, t=e.target)
    if t is E.EnergyTaken:
        return say("event.gain", lang, c=e.creature, part=e.part)
    if t is E.Gulped:
        return say("event.voracious", lang, c=e.creature)
    if t is E.Molted:
        return say("event.molt", lang, c=e.creature, p=e.trait, card=e.card)
    if t is E.Transmuted:
        return say("event.transmute", lang, seat=who(e.seat), c=e.creature, k=e.tokens)
    if t is E.GameWon:
        return say("event.win", lang, seat=who(e.seat))
    if t is E.AttackDeclared:
        return say("event.attack", lang, c=e.creature, t=e.target, props=e.props)
    if t is E.Hit:
        if not e.success:
            return say("event.miss", lang, p=e.prop, t=e.target)
        if e.prop == "fire_breathing":
            return say("event.hit_fire", lang, p=e.prop)
        return say("event.hit_gain" if e.gain else "event.hit_full", lang, p=e.prop, c=e.creature)
    if t is E.Burned:
        key = "event.burn_gain" if e.gain else "event.burn"
        return say(key, lang, c=e.creature, t=e.target, p=e.trait, card=e.card)
    if t is E.Pricked:
        key = "event.thorns" if e.lost else "event.thorns_empty"
        return say(key, lang, c=e.creature, t=e.target)
    if t is E.WillSleep:
        return say("event.sleep", lang, c=e.creature) if e.reason == "sleep" else None
    if t is E.FellAsleep:
        return say("event.asleep", lang, c=e.creature)
    if t is E.RoundEnded:
        return say("event.round_end_solo" if e.solo else "event.round_end", lang, round=e.round)
    if t is E.AllWoke:
        return say("event.wake", lang)
    if t is E.ChoiceRevealed:
        return say("event.choice", lang, value=e.value)
    if t is E.ChoicesShuffled:
        return say("event.choice_shuffle", lang)
    if t is E.ShadeGrew:
        if e.creature:
            return say("event.shade_prop", lang, card=e.card, c=e.creature, p=e.trait)
        return say("event.shade_discard", lang, card=e.card, p=e.trait)
    return None  # Await, ActivationEnded: bookkeeping
