"""Narration of `northstar` events in English and Russian, redacted for the viewer (spec §8): a
table from event type to its text.

A card is named only to a viewer who may know it: the cards a seat draws, its chosen food card
(until the reveal), the trait it places face down and its short-variant plan are its own.
Food moving from the boards into a bag is seen by all; what the bag then holds is told to its
owner only (NS29). Bookkeeping events (whose decision it is, a feeding turn's start, the list
of effects before the reveal) have no entry and are not narrated.
"""

from __future__ import annotations

from core.engine.rules_base import Narration, Rule, Telling
from core.games.northstar import events as E
from core.games.northstar.texts import say, what


def _start(e: E.GameStarted, t: Telling) -> str:
    parts = [t.say("event.start", n=e.players, first=t.who(e.first))]
    if e.players == 2:
        parts.append(t.say("event.start_two"))
    if e.short:
        parts.append(t.say("event.start_short"))
    return " ".join(parts)


def _species(e: E.SpeciesAdded, t: Telling) -> str:
    if not e.card:
        return t.say("event.species_free", seat=t.who(e.seat), c=e.uid)
    return t.say("event.species_card", seat=t.who(e.seat), c=e.uid, card=e.card,
                 side=t.say("event.left" if e.left else "event.right"))


def _dealt(e: E.Dealt, t: Telling) -> str:
    kind = "deal" if e.why == "deal" else "draw"
    if t.sees(e.seat):
        return t.say(f"event.{kind}_seen", seat=t.who(e.seat), k=len(e.cards), named=e.cards)
    return t.say(f"event.{kind}", seat=t.who(e.seat), k=len(e.cards))


def _chosen(e: E.FoodChosen, t: Telling) -> str:
    if t.sees(e.seat):
        return t.say("event.choose_seen", seat=t.who(e.seat), named=[e.card])
    return t.say("event.choose", seat=t.who(e.seat))


def _placed(e: E.TraitPlaced, t: Telling) -> str:
    if t.sees(e.seat):
        return t.say("event.place_seen", seat=t.who(e.seat), p=e.trait, card=e.card, c=e.species)
    return t.say("event.place", seat=t.who(e.seat), c=e.species)


def _dropped(e: E.TraitDropped, t: Telling) -> str:
    text = t.say("event.drop", seat=t.who(e.seat), p=e.trait, card=e.card, c=e.species)
    return text + t.say("event.drop_fat", k=e.fat) if e.fat else text


def _planned(e: E.Planned, t: Telling) -> str:
    if t.sees(e.seat):
        return t.say("event.plan_seen", seat=t.who(e.seat), what=what(e.step, t.lang))
    return t.say("event.plan", seat=t.who(e.seat))


def _done(e: E.TurnDone, t: Telling) -> str:
    return t.say("event.done_auto" if e.auto else "event.done", seat=t.who(e.seat))


def _revealed(e: E.TraitsRevealed, t: Telling) -> str:
    parts = [say("what.trait", t.lang, p=trait, c=uid) for uid, trait in
             zip(e.species, e.traits, strict=True)]
    return t.say("event.reveal", what=", ".join(parts))


def _food_revealed(e: E.FoodRevealed, t: Telling) -> str:
    if not e.cards:
        return t.say("event.food_none", h=e.hole)
    key = "event.food_up" if e.change >= 0 else "event.food_down"
    return t.say(key, named=e.cards, k=e.total, n=abs(e.change), h=e.hole)


_TAKE_KEYS = {"eat": "event.take_eat", "meat": "event.take_meat",
              "scavenger": "event.take_scavenger", "long_neck": "event.take_long_neck",
              "intelligence": "event.take_intelligence"}


def _took(e: E.Took, t: Telling) -> str:
    if e.why == "cooperation":
        key = f"event.take_cooperation_{e.kind}"
    else:
        key = _TAKE_KEYS.get(e.why, "event.take_eat")
    text = t.say(key, c=e.species, k=e.board + e.fat)
    if e.forage:
        text = text.rstrip(".") + t.say("event.forage_note") + "."
    if e.fat:
        text += t.say("event.fat_note", k=e.fat)
    return text


def _pop_lost(e: E.PopLost, t: Telling) -> str:
    surplus = e.plant + e.meat + e.fatfood
    key = "event.pop_horns" if e.why == "horns" else "event.pop_attack"
    text = t.say(key, c=e.species, k=e.pop)
    return text + t.say("event.surplus", n=surplus) if surplus else text


def _smarted(e: E.Smarted, t: Telling) -> str:
    if e.species:
        return t.say("event.intel_eat", seat=t.who(e.seat), card=e.card, c=e.species)
    return t.say("event.intel_off", seat=t.who(e.seat), card=e.card, p=e.off)


def _turn_end(e: E.TurnEnded, t: Telling) -> str | None:
    return t.say("event.pass", seat=t.who(e.seat)) if e.idle and not e.auto else None


def _bagged(e: E.Bagged, t: Telling) -> str:
    text = t.say("event.bag", seat=t.who(e.seat), k=e.plant + e.meat + e.fatfood)
    return text + t.say("event.bag_total", n=e.total) if t.sees(e.seat) else text


def _over(e: E.GameEnded, t: Telling) -> str:
    scores = [b + p + k for b, p, k in zip(e.bags, e.pops, e.traits, strict=True)]
    parts = [t.say("event.score_seat", seat=t.who(i), k=scores[i], b=e.bags[i], n=e.pops[i],
                   tr=e.traits[i]) for i in range(len(scores))]
    if len(e.winners) == 1:
        return t.say("event.over", list="; ".join(parts), seat=t.who(e.winners[0]))
    return t.say("event.over_shared", list="; ".join(parts),
                 seats=", ".join(t.who(w) for w in e.winners))


_PHASE_KEYS = {"food": "event.phase_food", "play": "event.phase_play",
               "before": "event.phase_before", "feed": "event.phase_feed",
               "end": "event.phase_end"}

RULES: dict[type, Rule] = {
    E.GameStarted: _start,
    E.PositionSet: lambda e, t: t.say("event.position"),
    E.RoundStarted: lambda e, t: t.say("event.round", k=e.round, first=t.who(e.first)),
    E.PhaseStarted: lambda e, t: t.say(_PHASE_KEYS.get(e.phase, "event.phase_feed")),
    E.SpeciesAdded: _species,
    E.Dealt: _dealt,
    E.Reshuffled: lambda e, t: t.say("event.reshuffle", k=len(e.deck)),
    E.LastRound: lambda e, t: t.say("event.last", k=e.round),
    E.FoodChosen: _chosen,
    E.TraitPlaced: _placed,
    E.TraitDropped: _dropped,
    E.Grown: lambda e, t: t.say(f"event.grow_{e.track}", seat=t.who(e.seat), card=e.card,
                                c=e.species, k=e.to),
    E.TurnDone: _done,
    E.Planned: _planned,
    E.PlansShown: lambda e, t: t.say("event.plans"),
    E.TraitsRevealed: _revealed,
    E.FatMoved: lambda e, t: t.say("event.fat_move", c=e.species, k=e.k),
    E.Bred: lambda e, t: t.say("event.fertile", c=e.species, k=e.pop),
    E.FoodRevealed: _food_revealed,
    E.Took: _took,
    E.Attacked: lambda e, t: t.say("event.attack", c=e.attacker, t=e.target),
    E.PopLost: _pop_lost,
    E.Extinct: lambda e, t: t.say("event.extinct", c=e.species),
    E.Smarted: _smarted,
    E.TurnEnded: _turn_end,
    E.Starved: lambda e, t: t.say("event.starve", c=e.species, k=e.pop),
    E.Bagged: _bagged,
    E.FatBagged: lambda e, t: t.say("event.fat_bag", seat=t.who(e.seat), k=e.k),
    E.GameEnded: _over,
}

NARRATION = Narration(say, RULES)
