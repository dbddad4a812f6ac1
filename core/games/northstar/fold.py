"""`evolve`: fold one event into a `northstar` state — the only place a state changes.

What folding is, and what a check that fails here means: `core.engine.rules_base`.
"""

from __future__ import annotations

from typing import Final

from core.engine.rules_base import FoldError, FoldTable
from core.games.northstar import events as E
from core.games.northstar.data import (
    CARD_COUNT,
    CARNIVORE,
    FAT,
    UNSWITCHABLE,
    card_food,
    card_traits,
    numbers,
    trait_limit,
    traits,
)
from core.games.northstar.state import (
    UID_BASE,
    NorthStarState,
    Player,
    Species,
    species_label,
    species_uid,
)
from core.games.northstar.state import clone as clone_state

# The decisions an `Await` may ask for (legal.py has the actions of each).
STEPS = frozenset({"food", "play", "plan", "order", "feed"})
PHASES = frozenset({"food", "play", "before", "feed", "end"})
KINDS: Final = ("plant", "meat")
PLACES: Final = ("hole", "bank")
WHYS = frozenset({"eat", "meat", "scavenger", "cooperation", "long_neck", "intelligence"})
TRACK_MAX: Final = 6  # NS32


def _seat(s: NorthStarState, seat: int) -> int:
    if not 0 <= seat < len(s.players):
        raise FoldError(f"there is no seat {seat}")
    return seat


def _species(s: NorthStarState, uid: int) -> Species:
    x = s.species.get(uid)
    if x is None:
        raise FoldError(f"there is no species {species_label(uid) if uid > 0 else uid}")
    return x


def _own(s: NorthStarState, seat: int, uid: int) -> Species:
    x = _species(s, uid)
    if x.owner != _seat(s, seat):
        raise FoldError(f"{species_label(uid)} is not seat {seat}'s")
    return x


def _card(card: int) -> str:
    if not 1 <= card <= CARD_COUNT:
        raise FoldError(f"there is no card {card}")
    return card_traits()[card]


def _from_hand(s: NorthStarState, seat: int, card: int) -> None:
    try:
        s.players[seat].hand.remove(card)
    except ValueError:
        raise FoldError(f"card {card} is not in seat {seat}'s hand") from None


def _count(value: int, what: str) -> int:
    if value < 0 or value > 10**6:
        raise FoldError(f"{what} of {value}")
    return value


def _remove(s: NorthStarState, x: Species) -> None:
    del s.species[x.uid]
    s.players[x.owner].row.remove(x.uid)


# --- folds ---------------------------------------------------------------------------------

def _started(s: None | None, e: E.GameStarted) -> NorthStarState:
    if not 2 <= e.players <= 6:
        raise FoldError(f"{e.players} players")
    if sorted(e.deck + e.removed) != list(range(1, CARD_COUNT + 1)):
        raise FoldError("the deck and the removed cards are not the 129 cards")
    if len(e.removed) != (numbers()["removed_two"] if e.players == 2 else 0):
        raise FoldError(f"{len(e.removed)} cards removed with {e.players} players")
    if not 0 <= e.first < e.players or e.rng_count < 0:
        raise FoldError(f"first player {e.first}")
    return NorthStarState(
        seed=e.seed, rng_count=e.rng_count, short=e.short, open_bags=e.open_bags,
        players=[Player() for _ in range(e.players)], species={}, deck=list(e.deck), discard=[],
        removed=list(e.removed), first=e.first,
    )


def _position(s: None | None, e: E.PositionSet) -> NorthStarState:
    return clone_state(e.state)


def _round(s: NorthStarState, e: E.RoundStarted) -> NorthStarState:
    _seat(s, e.first)
    if e.round != s.round + 1:
        raise FoldError(f"round {e.round} after round {s.round}")
    if s.last and s.last < e.round:
        raise FoldError(f"round {e.round} after the last round {s.last}")
    s.round, s.first, s.go, s.phase = e.round, e.first, e.first, "deal"
    s.shown = []
    s.fed = s.acted = False
    s.idle = 0
    s.off, s.effects = [], []
    for p in s.players:
        if p.food or p.plan:
            raise FoldError("a food card or a plan left over from the last round")
        p.done = False
    return s


def _phase(s: NorthStarState, e: E.PhaseStarted) -> NorthStarState:
    if e.phase not in PHASES:
        raise FoldError(f"unknown phase '{e.phase[:40]}'")
    s.phase = e.phase
    if e.phase == "feed":
        s.idle = 0
        s.fed = s.acted = False
    return s


def _await(s: NorthStarState, e: E.Await) -> NorthStarState:
    if e.step not in STEPS:
        raise FoldError(f"unknown step '{e.step[:40]}'")
    s.decider, s.step = _seat(s, e.seat), e.step
    return s


def _species_added(s: NorthStarState, e: E.SpeciesAdded) -> NorthStarState:
    p = s.players[_seat(s, e.seat)]
    if e.uid != species_uid(e.seat, p.made + 1) or p.made + 1 >= UID_BASE:
        raise FoldError(f"species {e.uid} is not seat {e.seat}'s next species")
    if e.card:
        _card(e.card)
        _from_hand(s, e.seat, e.card)
        s.discard.append(e.card)
    p.made += 1
    s.species[e.uid] = Species(e.uid, e.seat)
    if e.left:
        p.row.insert(0, e.uid)
    else:
        p.row.append(e.uid)
    return s


def _dealt(s: NorthStarState, e: E.Dealt) -> NorthStarState:
    p = s.players[_seat(s, e.seat)]
    if e.why not in ("deal", "extinction") or not e.cards:
        raise FoldError(f"a deal of {len(e.cards)} cards for '{e.why[:40]}'")
    deck = s.deck
    for card in e.cards:
        if not deck or deck[-1] != card:
            raise FoldError(f"card {card} is not on top of the draw pile")
        deck.pop()
        p.hand.append(card)
    return s


def _reshuffled(s: NorthStarState, e: E.Reshuffled) -> NorthStarState:
    if s.deck or not e.deck or sorted(e.deck) != sorted(s.discard):
        raise FoldError("the reshuffled draw pile is not the discard pile")
    s.deck = list(e.deck)
    s.discard = []
    s.rng_count += 1
    return s


def _last(s: NorthStarState, e: E.LastRound) -> NorthStarState:
    if s.last or e.round not in (s.round, s.round + 1) or e.round < 1:
        raise FoldError(f"round {e.round} flagged last in round {s.round} (last {s.last})")
    s.last = e.round
    return s


def _chosen(s: NorthStarState, e: E.FoodChosen) -> NorthStarState:
    _card(e.card)
    p = s.players[_seat(s, e.seat)]
    if p.food:
        raise FoldError(f"seat {e.seat} has chosen a food card already")
    _from_hand(s, e.seat, e.card)
    p.food = e.card
    return s


def _placed(s: NorthStarState, e: E.TraitPlaced) -> NorthStarState:
    x = _own(s, e.seat, e.species)
    if _card(e.card) != e.trait:
        raise FoldError(f"card {e.card} does not carry {e.trait[:40]}")
    if e.trait in x.traits or len(x.cards) >= trait_limit(len(s.players)):
        raise FoldError(f"{species_label(x.uid)} cannot take {e.trait} (NS21)")
    _from_hand(s, e.seat, e.card)
    x.cards.append(e.card)
    x.traits.append(e.trait)
    x.hidden.append(e.card)
    return s


def _dropped(s: NorthStarState, e: E.TraitDropped) -> NorthStarState:
    x = _own(s, e.seat, e.species)
    if e.card not in x.cards or _card(e.card) != e.trait:
        raise FoldError(f"card {e.card} is not on {species_label(x.uid)}")
    if e.fat != (x.fat if e.trait == FAT else 0):
        raise FoldError(f"{species_label(x.uid)} holds {x.fat} fat, not {e.fat}")
    i = x.cards.index(e.card)
    del x.cards[i]
    del x.traits[i]
    if e.card in x.hidden:
        x.hidden.remove(e.card)
    s.discard.append(e.card)
    if e.trait == FAT:
        s.players[x.owner].bag_fat += x.fat  # NS14
        x.fat = 0
    return s


def _grown(s: NorthStarState, e: E.Grown) -> NorthStarState:
    x = _own(s, e.seat, e.species)
    _card(e.card)
    if e.track == "body":
        x.body += 1
        value = x.body
    elif e.track == "pop":
        x.pop += 1
        value = x.pop
    else:
        raise FoldError(f"unknown track '{e.track[:40]}'")
    if value > TRACK_MAX:
        raise FoldError(f"{species_label(x.uid)}'s {e.track} track is at {TRACK_MAX} already (NS32)")
    if value != e.to:
        raise FoldError(f"{species_label(x.uid)} grows to {value}, not {e.to}")
    _from_hand(s, e.seat, e.card)
    s.discard.append(e.card)
    return s


def _done(s: NorthStarState, e: E.TurnDone) -> NorthStarState:
    s.players[_seat(s, e.seat)].done = True
    return s


def _planned(s: NorthStarState, e: E.Planned) -> NorthStarState:
    if not s.short:
        raise FoldError("plans are made in the short variant only")
    p = s.players[_seat(s, e.seat)]
    if p.done:
        raise FoldError(f"seat {e.seat} has submitted his plan")
    p.plan.append(e.step)
    return s


def _plans_shown(s: NorthStarState, e: E.PlansShown) -> NorthStarState:
    if not s.short:
        raise FoldError("plans are made in the short variant only")
    for p in s.players:
        p.plan = []
    return s


def _revealed(s: NorthStarState, e: E.TraitsRevealed) -> NorthStarState:
    if not len(e.species) == len(e.cards) == len(e.traits):
        raise FoldError("the revealed traits do not match their cards")
    for uid, card, trait in zip(e.species, e.cards, e.traits, strict=True):
        x = _species(s, uid)
        if card not in x.hidden or _card(card) != trait:
            raise FoldError(f"card {card} is not face down on {species_label(uid)}")
        x.hidden.remove(card)
    if any(x.hidden for x in s.species.values()):
        raise FoldError("a face-down trait was not revealed")
    return s


def _effects(s: NorthStarState, e: E.Effects) -> NorthStarState:
    _seat(s, e.seat)
    for f in e.effects:
        x = _own(s, e.seat, f.species)
        if f.trait not in x.traits:
            raise FoldError(f"{species_label(x.uid)} has no {f.trait[:40]}")
    s.go = e.seat
    s.effects = list(e.effects)
    return s


def _effect_used(s: NorthStarState, e: E.EffectUsed) -> NorthStarState:
    for i, f in enumerate(s.effects):
        if f.species == e.species and f.trait == e.trait:
            del s.effects[i]
            return s
    raise FoldError(f"no pending {e.trait[:40]} of {species_label(e.species)}")


def _fat_moved(s: NorthStarState, e: E.FatMoved) -> NorthStarState:
    x = _species(s, e.species)
    if e.k < 1 or e.k > x.fat or x.food + e.k > x.pop:
        raise FoldError(f"{species_label(x.uid)} cannot move {e.k} fat")
    x.fat -= e.k
    x.fatfood += e.k
    return s


def _bred(s: NorthStarState, e: E.Bred) -> NorthStarState:
    x = _species(s, e.species)
    if x.pop >= TRACK_MAX:
        raise FoldError(f"{species_label(x.uid)} is at population {TRACK_MAX} (NS32)")
    x.pop += 1
    if x.pop != e.pop:
        raise FoldError(f"{species_label(x.uid)} grows to {x.pop}, not {e.pop}")
    return s


def _food_revealed(s: NorthStarState, e: E.FoodRevealed) -> NorthStarState:
    chosen = [p.food for p in s.players if p.food]
    if sorted(e.cards) != sorted(chosen):
        raise FoldError("the revealed food cards are not the chosen ones")
    food = card_food()
    total = sum(food[c] for c in e.cards)
    change = total if total >= 0 else -min(s.hole, -total)
    if e.total != total or e.change != change:
        raise FoldError(f"food cards worth {total} (change {change}), not {e.total} ({e.change})")
    for p in s.players:
        p.food = 0
    s.discard.extend(e.cards)
    s.shown = list(e.cards)
    s.hole += change
    if s.hole != e.hole:
        raise FoldError(f"the watering hole holds {s.hole}, not {e.hole}")
    return s


def _turn(s: NorthStarState, e: E.TurnStarted) -> NorthStarState:
    s.go = _seat(s, e.seat)
    s.fed = s.acted = False
    s.off = []
    return s


def _took(s: NorthStarState, e: E.Took) -> NorthStarState:
    x = _species(s, e.species)
    if e.kind not in KINDS or e.place not in PLACES or e.why not in WHYS:
        raise FoldError(f"a take of {e.kind[:20]} from {e.place[:20]} for {e.why[:20]}")
    _count(e.board, "food")
    _count(e.fat, "fat")
    if e.board + e.fat < 1:
        raise FoldError("a take of nothing")
    if e.kind == "plant" and CARNIVORE in x.traits:
        raise FoldError(f"carnivore {species_label(x.uid)} takes plant food (NS6)")
    if e.place == "hole" and e.kind != "plant":
        raise FoldError("the watering hole holds plant food only")
    if x.food + e.board > x.pop or (e.fat and (FAT not in x.traits or x.fat + e.fat > x.body)):
        raise FoldError(f"{species_label(x.uid)} cannot hold that much food")
    if e.kind == "plant":
        x.plant += e.board
    else:
        x.meat += e.board
    x.fat += e.fat
    if e.place == "hole":
        s.hole -= e.board + e.fat
        if s.hole < 0:
            raise FoldError("the watering hole has not that much food")
    if e.why == "eat":
        s.fed = s.acted = True
    return s


def _attacked(s: NorthStarState, e: E.Attacked) -> NorthStarState:
    a, t = _species(s, e.attacker), _species(s, e.target)
    if CARNIVORE not in a.traits or a.uid == t.uid:
        raise FoldError(f"{species_label(a.uid)} cannot attack {species_label(t.uid)}")
    s.fed = s.acted = True
    return s


def _pop_lost(s: NorthStarState, e: E.PopLost) -> NorthStarState:
    x = _species(s, e.species)
    if e.why not in ("attack", "horns") or x.pop < 1:
        raise FoldError(f"{species_label(x.uid)} cannot lose population ({e.why[:20]})")
    if not (0 <= e.plant <= x.plant and 0 <= e.meat <= x.meat and 0 <= e.fatfood <= x.fatfood):
        raise FoldError(f"{species_label(x.uid)} has not that food to lose")
    x.pop -= 1
    if x.pop != e.pop:
        raise FoldError(f"{species_label(x.uid)} falls to {x.pop}, not {e.pop}")
    x.plant -= e.plant
    x.meat -= e.meat
    x.fatfood -= e.fatfood
    if x.food != min(x.pop, x.food + e.plant + e.meat + e.fatfood):
        raise FoldError(f"{species_label(x.uid)}'s surplus food is not what it loses")
    p = s.players[x.owner]  # NS7: into the owner's bag
    p.bag_plant += e.plant
    p.bag_meat += e.meat
    p.bag_fat += e.fatfood
    return s


def _extinct(s: NorthStarState, e: E.Extinct) -> NorthStarState:
    x = _species(s, e.species)
    if x.pop != 0:
        raise FoldError(f"{species_label(x.uid)} has population {x.pop}")
    p = s.players[x.owner]
    p.bag_plant += x.plant
    p.bag_meat += x.meat
    p.bag_fat += x.fatfood + x.fat
    s.discard.extend(x.cards)
    _remove(s, x)
    return s


def _smarted(s: NorthStarState, e: E.Smarted) -> NorthStarState:
    _card(e.card)
    _seat(s, e.seat)
    if e.species:
        _own(s, e.seat, e.species)
    elif e.off not in traits() or e.off in UNSWITCHABLE or e.off in s.off:
        raise FoldError(f"cannot switch off '{e.off[:40]}'")
    _from_hand(s, e.seat, e.card)
    s.discard.append(e.card)
    if e.off:
        s.off.append(e.off)
    s.acted = True
    return s


def _turn_end(s: NorthStarState, e: E.TurnEnded) -> NorthStarState:
    _seat(s, e.seat)
    s.idle = s.idle + 1 if e.idle else 0
    s.fed = s.acted = False
    s.off = []
    return s


def _starved(s: NorthStarState, e: E.Starved) -> NorthStarState:
    x = _species(s, e.species)
    if e.pop != x.food or e.pop >= x.pop:
        raise FoldError(f"{species_label(x.uid)} does not starve to {e.pop}")
    x.pop = e.pop
    return s


def _bagged(s: NorthStarState, e: E.Bagged) -> NorthStarState:
    p = s.players[_seat(s, e.seat)]
    got = [0, 0, 0]
    for uid in p.row:
        x = s.species[uid]
        got[0] += x.plant
        got[1] += x.meat
        got[2] += x.fatfood
        x.plant = x.meat = x.fatfood = 0
    if got != [e.plant, e.meat, e.fatfood]:
        raise FoldError(f"seat {e.seat}'s boards held {got}, not what was bagged")
    p.bag_plant += got[0]
    p.bag_meat += got[1]
    p.bag_fat += got[2]
    if p.bag != e.total:
        raise FoldError(f"seat {e.seat}'s bag holds {p.bag}, not {e.total}")
    return s


def _fat_bagged(s: NorthStarState, e: E.FatBagged) -> NorthStarState:
    p = s.players[_seat(s, e.seat)]
    k = 0
    for uid in p.row:
        x = s.species[uid]
        k += x.fat
        x.fat = 0
    if k != e.k:
        raise FoldError(f"seat {e.seat} had {k} fat, not {e.k}")
    p.bag_fat += k
    return s


def _over(s: NorthStarState, e: E.GameEnded) -> NorthStarState:
    n = len(s.players)
    if not (len(e.bags) == len(e.pops) == len(e.traits) == n) or not e.winners or \
            any(not 0 <= w < n for w in e.winners) or len(set(e.winners)) != len(e.winners):
        raise FoldError(f"a result for {len(e.bags)} seats, winners {e.winners[:8]}")
    for i, p in enumerate(s.players):
        pops = sum(s.species[u].pop for u in p.row)
        cards = sum(len(s.species[u].cards) for u in p.row)
        if (e.bags[i], e.pops[i], e.traits[i]) != (p.bag, pops, cards):
            raise FoldError(f"seat {i}'s points do not match the table")
        p.score = p.bag + pops + cards
    s.winners = list(e.winners)
    s.phase = s.step = "over"
    return s


FOLD: FoldTable[NorthStarState] = {
    E.GameStarted: _started,
    E.PositionSet: _position,
    E.RoundStarted: _round,
    E.PhaseStarted: _phase,
    E.Await: _await,
    E.SpeciesAdded: _species_added,
    E.Dealt: _dealt,
    E.Reshuffled: _reshuffled,
    E.LastRound: _last,
    E.FoodChosen: _chosen,
    E.TraitPlaced: _placed,
    E.TraitDropped: _dropped,
    E.Grown: _grown,
    E.TurnDone: _done,
    E.Planned: _planned,
    E.PlansShown: _plans_shown,
    E.TraitsRevealed: _revealed,
    E.Effects: _effects,
    E.EffectUsed: _effect_used,
    E.FatMoved: _fat_moved,
    E.Bred: _bred,
    E.FoodRevealed: _food_revealed,
    E.TurnStarted: _turn,
    E.Took: _took,
    E.Attacked: _attacked,
    E.PopLost: _pop_lost,
    E.Extinct: _extinct,
    E.Smarted: _smarted,
    E.TurnEnded: _turn_end,
    E.Starved: _starved,
    E.Bagged: _bagged,
    E.FatBagged: _fat_bagged,
    E.GameEnded: _over,
}
