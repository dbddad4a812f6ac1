"""What makes a `northstar` position possible (core/engine/invariants.py): run on scenario
positions, on the positions a save starts and ends in, and after every event of the tests'
games. Each returns the problem in one line, or None; they run in order, so each may rely on
those above it (seats exist before a seat's row is read, cards before their traits)."""

from __future__ import annotations

from core.engine.invariants import Invariant, collector
from core.games.northstar.data import (
    CARD_COUNT,
    CARNIVORE,
    FAT,
    card_traits,
    numbers,
    trait_limit,
    traits,
)
from core.games.northstar.fold import TRACK_MAX
from core.games.northstar.state import PHASES, UID_BASE, NorthStarState, species_label

INVARIANTS: list[Invariant[NorthStarState]] = []
invariant = collector(INVARIANTS)

_ALL_CARDS = frozenset(range(1, CARD_COUNT + 1))
_PHASE_NAMES = {"deal", "food", "play", "before", "feed", "end", "over"}  # the flow's phases


@invariant("NS1")
def two_to_six_seats(s: NorthStarState) -> str | None:
    """Two to six seats play."""
    return None if 2 <= len(s.players) <= 6 else f"{len(s.players)} players (2 to 6)"


@invariant("NS§3.7")
def a_known_step_and_phase(s: NorthStarState) -> str | None:
    """The pending decision and the phase are ones the game has."""
    if (s.step not in PHASES and s.step != "") or (s.phase not in _PHASE_NAMES and s.phase):
        return f"step '{s.step[:40]}' in phase '{s.phase[:40]}'"
    return None


@invariant("NS§3.7", settled=True)
def the_step_fits_the_phase(s: NorthStarState) -> str | None:
    """Each decision is asked in its phase; the short variant plans where the others play."""
    if PHASES.get(s.step) != s.phase:
        return f"step '{s.step[:40]}' in phase '{s.phase[:40]}'"
    if (s.step == "plan") != (s.short and s.phase == "play"):
        return f"step {s.step} {'with' if s.short else 'without'} the short variant"
    return None


@invariant()
def the_seats_named_exist(s: NorthStarState) -> str | None:
    """Who is first, whose turn it is and who decides are seats of the game."""
    for name in ("first", "go", "decider"):
        if not 0 <= getattr(s, name) < len(s.players):
            return f"{name} is seat {getattr(s, name)}, which does not exist"
    return None


@invariant("NS24")
def rounds_from_one(s: NorthStarState) -> str | None:
    """Rounds count from 1; the round flagged last is this one or the next."""
    if s.round < 1 or s.last not in (0, s.round, s.round + 1) or s.rng_count < 0:
        return f"round {s.round} with the last round {s.last}"
    return None


@invariant("NS20")
def the_watering_hole(s: NorthStarState) -> str | None:
    """The watering hole holds no less than no food, and at most one food card a seat is shown."""
    n = len(s.players)
    if s.hole < 0:
        return f"hole = {s.hole}: the watering hole cannot hold less than no food"
    if len(s.shown) > n or any(not 1 <= c <= CARD_COUNT for c in s.shown):
        return f"shown = {s.shown[:8]}: at most {n} revealed food cards, each a card 1-{CARD_COUNT}"
    return None


@invariant("NS5")
def idle_turns_at_most_one_a_seat(s: NorthStarState) -> str | None:
    """A feeding phase ends after a round of idle turns: at most one a seat in a row."""
    return None if 0 <= s.idle <= len(s.players) else \
        f"idle = {s.idle}: at most one idle turn a player ({len(s.players)})"


@invariant("NS§7.1", settled=True)
def winners_once_over(s: NorthStarState) -> str | None:
    """The game is over exactly when it has winners, seats of the game, each once."""
    if (s.step == "over") != bool(s.winners) or any(not 0 <= w < len(s.players) for w in s.winners) \
            or len(set(s.winners)) != len(s.winners):
        return f"step '{s.step}' with winners {s.winners[:8]}"
    return None


@invariant()
def every_card_in_one_place(s: NorthStarState) -> str | None:
    """Each of the 129 cards is in one place: a hand, a food card, a species, a pile, removed."""
    held = s.deck + s.discard + s.removed
    for p in s.players:
        held += p.hand + [p.food] * bool(p.food)
    for x in s.species.values():
        held += x.cards
    if len(held) == CARD_COUNT and set(held) == _ALL_CARDS:  # the usual case, cheaply
        return None
    places: dict[int, str] = {}
    piles = [(card, f"in seat {i}'s hand") for i, p in enumerate(s.players) for card in p.hand]
    piles += [(p.food, f"seat {i}'s food card") for i, p in enumerate(s.players) if p.food]
    piles += [(card, "in the draw pile") for card in s.deck]
    piles += [(card, "in the discard pile") for card in s.discard]
    piles += [(card, "removed") for card in s.removed]
    piles += [(card, f"on {species_label(u)}") for u, x in s.species.items() for card in x.cards]
    for card, where in piles:
        if not 1 <= card <= CARD_COUNT:
            return f"there is no card {card} ({where})"
        if card in places:
            return f"card {card} is both {places[card]} and {where}: every card is in exactly " \
                   "one place"
        places[card] = where
    return f"card {min(_ALL_CARDS - set(places))} is nowhere: every card is in exactly one place"


@invariant("NS26")
def forty_cards_removed_with_two_players(s: NorthStarState) -> str | None:
    """Two players play without 40 cards removed at the start; more players remove none."""
    want = numbers()["removed_two"] if len(s.players) == 2 else 0
    return None if len(s.removed) == want else \
        f"{len(s.removed)} cards removed with {len(s.players)} players"


@invariant("NS20")
def food_cards_face_down_until_the_reveal(s: NorthStarState) -> str | None:
    """A seat's chosen food card lies face down from choosing food until the reveal."""
    for i, p in enumerate(s.players):
        if p.food and s.phase not in ("food", "play", "before"):
            return f"seat {i} has a food card face down in phase {s.phase}"
    return None


@invariant()
def bags_scores_and_species_counts(s: NorthStarState) -> str | None:
    """Bags and scores are not negative, and a seat has made fewer than 1000 species."""
    for i, p in enumerate(s.players):
        if min(p.bag_plant, p.bag_meat, p.bag_fat, p.score, p.made) < 0 or p.made >= UID_BASE:
            return f"seat {i}'s bag, score or species count is out of range"
    return None


@invariant("NS27")
def plans_only_in_the_short_variant(s: NorthStarState) -> str | None:
    """Only the short variant's phase 3 has plans of card uses."""
    for i, p in enumerate(s.players):
        if p.plan and not (s.short and s.phase == "play"):
            return f"seat {i} has a plan outside the short variant's phase 3"
    return None


@invariant("NS23")
def species_in_their_owners_rows(s: NorthStarState) -> str | None:
    """Every species is in its owner's row, once, numbered for its owner; rows hold no other."""
    in_rows: dict[int, int] = {}
    for i, p in enumerate(s.players):
        for number in p.row:
            if number in in_rows:
                return f"{species_label(number)} is in two places in the rows"
            in_rows[number] = i
    for number, x in s.species.items():
        if x.uid != number or not 0 <= x.owner < len(s.players) or x.owner != number // UID_BASE \
                or not 1 <= number % UID_BASE <= s.players[x.owner].made:
            return f"species {species_label(number)} is numbered {x.uid} for seat {x.owner}"
        if in_rows.get(number) != x.owner:
            return f"{species_label(number)} is not in its owner's row"
    missing = [number for number in in_rows if number not in s.species]
    return f"{species_label(missing[0])} is in a row but does not exist" if missing else None


@invariant("NS32")
def tracks_up_to_six(s: NorthStarState) -> str | None:
    """Population is 0..6 and body size 1..6."""
    for number, x in s.species.items():
        if not 0 <= x.pop <= TRACK_MAX or not 1 <= x.body <= TRACK_MAX:
            return f"{species_label(number)} has population {x.pop} and body size {x.body} (1-6)"
    return None


@invariant("NS32", settled=True)
def no_species_at_population_zero(s: NorthStarState) -> str | None:
    """A species that reaches population 0 goes extinct at once."""
    for number, x in s.species.items():
        if x.pop < 1:
            return f"{species_label(number)} has population {x.pop} and body size {x.body} (1-6)"
    return None


@invariant("NS21")
def traits_within_the_limit(s: NorthStarState) -> str | None:
    """A species carries up to the trait limit, none twice, each the trait of its card."""
    limit, names = trait_limit(len(s.players)), card_traits()
    for number, x in s.species.items():
        label = species_label(number)
        if len(x.cards) != len(x.traits) or len(x.cards) > limit or \
                len(set(x.traits)) != len(x.traits):
            return f"{label}'s traits do not fit (at most {limit}, none twice)"
        for card, trait in zip(x.cards, x.traits, strict=True):
            if names[card] != trait:
                return f"card {card} on {label} does not carry {trait[:40]}"
        if len(set(x.hidden)) != len(x.hidden) or any(c not in x.cards for c in x.hidden):
            return f"{label}'s face-down cards are not its traits"
    return None


@invariant("NS22")
def traits_face_down_only_in_phase_three(s: NorthStarState) -> str | None:
    """Traits played face down are revealed when playing cards ends."""
    for number, x in s.species.items():
        if x.hidden and s.phase != "play":
            return f"{species_label(number)} has a face-down trait outside phase 3"
    return None


@invariant("NS4")
def food_up_to_the_population(s: NorthStarState) -> str | None:
    """A species holds no negative food and no more food than its population."""
    for number, x in s.species.items():
        if min(x.plant, x.meat, x.fatfood, x.fat) < 0 or x.food > x.pop:
            return f"{species_label(number)} holds {x.food} food with population {x.pop}"
    return None


@invariant("NS§3.6")
def food_on_boards_only_while_feeding(s: NorthStarState) -> str | None:
    """The food on a species' board goes into the bag when feeding ends."""
    if s.phase in ("food", "play"):  # Long Neck and Fat Tissue act from 4a
        for number, x in s.species.items():
            if x.food:
                return f"{species_label(number)} holds {x.food} food on its board in phase " \
                       f"{s.phase}: the food of a round goes into the bags at the end of feeding"
    return None


@invariant("NS3")
def fat_on_fat_tissue_up_to_the_body_size(s: NorthStarState) -> str | None:
    """Fat lies on a Fat Tissue, up to the body size."""
    for number, x in s.species.items():
        if x.fat and (FAT not in x.traits or x.fat > x.body):
            return f"{species_label(number)} holds {x.fat} fat (a Fat Tissue holds up to the " \
                   "body size)"
    return None


@invariant("NS6")
def carnivores_hold_no_plant_food(s: NorthStarState) -> str | None:
    """A carnivore never takes plant food."""
    for number, x in s.species.items():
        if CARNIVORE in x.traits and x.plant:
            return f"{species_label(number)} is a carnivore holding {x.plant} plant food"
    return None


@invariant()
def switched_off_traits_while_feeding(s: NorthStarState) -> str | None:
    """Traits are switched off (Intelligence) only while feeding, each once."""
    if any(t not in traits() for t in s.off) or len(set(s.off)) != len(s.off) or \
            (s.off and s.phase != "feed"):
        return "the traits switched off do not fit"
    return None


@invariant("NS19")
def before_reveal_effects_of_the_seat_resolving(s: NorthStarState) -> str | None:
    """Effects wait before the reveal only, each a trait of a species of the seat resolving."""
    for e in s.effects:
        x = s.species.get(e.species)
        if s.phase != "before" or x is None or e.trait not in x.traits or x.owner != s.go:
            return f"a before-reveal effect of {species_label(e.species)} that does not fit"
    return None


@invariant("NS5")
def a_feeding_turns_state_only_while_feeding(s: NorthStarState) -> str | None:
    """Whether this feeding turn fed or acted is known only while feeding."""
    return "a feeding turn's state outside feeding" if (s.fed or s.acted) and s.phase != "feed" \
        else None


@invariant("NS§3.7", settled=True)
def the_decider_can_decide(s: NorthStarState) -> str | None:
    """The seat to decide has what the decision needs: a hand, its turn, effects to order."""
    if s.step == "over":
        return None
    d = s.players[s.decider]
    if s.step == "food" and (not d.hand or d.food):
        return f"seat {s.decider} cannot choose a food card"
    if s.step in ("play", "plan") and d.done:
        return f"seat {s.decider} has ended his phase-3 turn"
    if s.step == "order" and (not s.effects or s.decider != s.go):
        return "step order without effects of the deciding seat"
    if s.step == "feed" and s.decider != s.go:
        return "the feeding turn is not the deciding seat's"
    return None


@invariant("NS27")
def plans_can_be_carried_out(s: NorthStarState) -> str | None:
    """Every seat's short-variant plan can be carried out in this position."""
    from core.games.northstar.plan import project

    if s.short and s.phase == "play":
        for i in range(len(s.players)):
            try:
                project(s, i)
            except Exception as exc:  # a plan that does not fit the position
                return f"seat {i}'s plan cannot be carried out ({exc})"
    return None
