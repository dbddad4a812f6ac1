"""What makes a `newworld` position possible (core/engine/invariants.py): run on scenario
positions, on the positions a save starts and ends in, and after every event of the tests'
games. Each returns the problem in one line, or None; they run in order, so each may rely on
those above it (seats exist before a seat's row is read, cards before their faces)."""

from __future__ import annotations

from functools import cache

from core.engine.invariants import Invariant, collector
from core.games.newworld.data import (
    CARD_COUNT,
    FAT,
    HABITAT_CARDS,
    PAIRED,
    extra_food,
    faces,
    habitat_cards,
    habitat_kinds,
    numbers,
)
from core.games.newworld.state import PHASES, NewWorldState

INVARIANTS: list[Invariant[NewWorldState]] = []
invariant = collector(INVARIANTS)

_ALL_CARDS = list(range(1, CARD_COUNT + 1))
_ALL_HABITAT_CARDS = list(range(1, HABITAT_CARDS + 1))
# The phases a step may be decided in: Превращение places a gene-pool card while feeding.
_STEP_PHASES = {**{step: {phase} for step, phase in PHASES.items()}, "side": {"develop", "feed"}}
_PHASE_NAMES = {"develop", "feed", "extinction", "over"}


@invariant("NW1")
def two_to_four_seats(s: NewWorldState) -> str | None:
    """Two to four seats play."""
    return None if 2 <= len(s.players) <= 4 else f"{len(s.players)} players (2 to 4)"


@invariant()
def a_known_scenario(s: NewWorldState) -> str | None:
    """The scenario is none, Случайные мутации or Катаклизм."""
    return None if s.scenario in ("none", "mutations", "cataclysm") else \
        f"unknown scenario '{s.scenario[:40]}'"


@invariant("NW§3.7")
def a_known_step_and_phase(s: NewWorldState) -> str | None:
    """The pending decision and the phase are ones the game has."""
    if s.step not in PHASES and s.step != "":
        return f"unknown step '{s.step[:40]}'"
    if s.phase not in _PHASE_NAMES and (s.phase or s.step):
        return f"step '{s.step}' in phase '{s.phase[:40]}'"
    return None


@invariant("NW§3.7", settled=True)
def the_step_fits_the_phase(s: NewWorldState) -> str | None:
    """Each decision is asked in its phase."""
    if s.step and s.phase not in _STEP_PHASES[s.step]:
        return f"step '{s.step}' in phase '{s.phase[:40]}'"
    return None


@invariant()
def the_seats_named_exist(s: NewWorldState) -> str | None:
    """Who decides, whose go it is and who is first are seats of the game."""
    for name in ("decider", "go", "first"):
        if not 0 <= getattr(s, name) < len(s.players):
            return f"{name} is seat {getattr(s, name)}, which does not exist"
    return None


@invariant("NW§7.1", settled=True)
def winners_once_over(s: NewWorldState) -> str | None:
    """The game is over exactly when it has winners, seats of the game, each once."""
    if len(set(s.winners)) != len(s.winners) or (s.step == "over") != bool(s.winners):
        return f"step '{s.step}' with winners {s.winners[:8]}"
    if any(not 0 <= w < len(s.players) for w in s.winners):
        return "a finished game needs its winner among the seats"
    return None


@invariant()
def counts_not_below_zero(s: NewWorldState) -> str | None:
    """Scores, rearrangements, the random counter and animal numbers are not negative."""
    if any(p.score < 0 or p.swaps < 0 for p in s.players):
        return "a negative score or count of rearrangements"
    if s.rng_count < 0 or s.next_uid < 1:
        return "a negative random counter or animal number"
    return None


@invariant()
def fixed_dice_show_faces(s: NewWorldState) -> str | None:
    """The dice a scenario fixes show faces 1..6."""
    return "a fixed die shows a face other than 1..6" if any(
        not 1 <= d <= 6 for d in s.fixed_dice) else None


@invariant("NW§7.4")
def gene_pools_only_in_random_mutations(s: NewWorldState) -> str | None:
    """Gene pools and a revealed card belong to Случайные мутации."""
    if s.scenario != "mutations" and (any(p.pool for p in s.players) or s.reveal):
        return "a gene pool or a revealed card outside Случайные мутации"
    return None


@invariant("NW§7.5")
def cataclysm_is_one_epoch(s: NewWorldState) -> str | None:
    """Катаклизм lasts one epoch, the last, with no habitat stack."""
    if s.scenario == "cataclysm" and (s.length != 1 or s.epoch != 1 or s.hstack or not s.last):
        return f"Катаклизм is one epoch with no habitat stack, not epoch {s.epoch} of " \
               f"{s.length} with {len(s.hstack)} habitat cards to come"
    return None


@invariant("NW§7.3")
def a_length_of_one_to_twenty_less_the_players(s: NewWorldState) -> str | None:
    """A game lasts 1 to 20 − P epochs, one per habitat card of the stack."""
    n, most = len(s.players), HABITAT_CARDS - len(s.players)
    if s.scenario != "cataclysm" and not 1 <= s.length <= most:
        return f"a game of {s.length} epochs: 1 to {most} with {n} players"
    return None


@invariant("NW§7.3")
def the_epoch_within_the_length(s: NewWorldState) -> str | None:
    """The epoch is one of the game's, and the stack loses a habitat card each epoch."""
    if not 1 <= s.epoch <= s.length:
        return f"epoch {s.epoch} of a game of {s.length} (1..{s.length})"
    if len(s.hstack) > s.length - s.epoch + 1:
        return f"{len(s.hstack)} habitat cards still in the stack in epoch {s.epoch} of " \
               f"{s.length} (one is revealed each epoch)"
    return None


@invariant("NW§7.5")
def the_box_only_in_cataclysm(s: NewWorldState) -> str | None:
    """Only Катаклизм puts evolution cards in the box."""
    if s.box and s.scenario != "cataclysm":
        return f"{len(s.box)} evolution cards in the box, which only Катаклизм fills"
    return None


@invariant("NW10")
def animals_in_their_owners_rows(s: NewWorldState) -> str | None:
    """Every animal is in its owner's row, once, numbered below the next number; rows hold no other."""
    for number, a in s.animals.items():
        if number != a.uid or not 0 <= a.owner < len(s.players) or \
                number not in s.players[a.owner].row:
            return f"c{number} is not in its owner's row"
        if number >= s.next_uid:
            return f"c{number} is not below the next animal number"
    for i, p in enumerate(s.players):
        if len(set(p.row)) != len(p.row) or any(
                s.animals.get(u) is None or s.animals[u].owner != i for u in p.row):
            return f"seat {i}'s row names animals it does not own"
    return None


@invariant("NW§5.1")
def properties_show_on_their_cards(s: NewWorldState) -> str | None:
    """Each property of an animal is a side of its card, and no property twice but Жировой запас."""
    shown = _sides()
    for number, a in s.animals.items():
        if len(a.cards) != len(a.traits) or len(set(a.cards)) != len(a.cards):
            return f"c{number}: its cards and properties do not match"
        if not shown.issuperset(zip(a.cards, a.traits, strict=True)):
            card, trait = next((k, t) for k, t in zip(a.cards, a.traits, strict=True)
                               if (k, t) not in shown)
            return f"c{number}: card {card} does not show {trait[:40]}"
        singles = [t for t in a.traits if t not in PAIRED and t != FAT]
        if len(set(singles)) != len(singles):
            return f"c{number} has a property twice"
    return None


@cache
def _sides() -> frozenset[tuple[int, str]]:
    """(card, property) for every side of every evolution card."""
    return frozenset((card, t) for card in _ALL_CARDS for t in faces()[card])


@invariant("NW§5.1")
def pairs_join_two_neighbours_of_one_owner(s: NewWorldState) -> str | None:
    """A paired card lies on both its animals, two neighbours in one owner's row."""
    for number, animal in s.animals.items():
        for card, trait in zip(animal.cards, animal.traits, strict=True):
            link = s.links.get(card) if trait in PAIRED else None
            if trait in PAIRED and (link is None or link.trait != trait or number not in (link.a, link.b)):
                return f"c{number}: paired card {card} has no link"
    for card, link in s.links.items():
        a, b = s.animals.get(link.a), s.animals.get(link.b)
        if card != link.card or a is None or b is None or a is b:
            return f"paired card {card} does not join two animals"
        if a.owner != b.owner:
            return f"paired card {card} joins c{a.uid} and c{b.uid} of two players"
        if card not in a.cards or card not in b.cards:
            return f"paired card {card} is missing under an animal"
        row = s.players[a.owner].row
        if abs(row.index(a.uid) - row.index(b.uid)) != 1:
            return f"paired card {card} joins c{a.uid} and c{b.uid}, not neighbours"
    return None


@invariant()
def every_evolution_card_in_one_place(s: NewWorldState) -> str | None:
    """Each of the 96 evolution cards is in one place (a paired card once, for both animals)."""
    places = s.deck + s.box + s.discard + [s.reveal] * bool(s.reveal) + list(s.links)
    for p in s.players:
        places += p.hand + p.pool
    for a in s.animals.values():
        places.append(a.card)
        places += [card for card, t in zip(a.cards, a.traits, strict=True) if t not in PAIRED]
    return None if sorted(places) == _ALL_CARDS else \
        "the evolution cards are not each in exactly one place"


@invariant("NW46")
def fat_on_fat_tissue_cards(s: NewWorldState) -> str | None:
    """An animal's tokens are not negative, and its fat lies on its Жировой запас cards."""
    for number, a in s.animals.items():
        if min(a.red, a.blue, a.fat) < 0 or a.fat > a.traits.count(FAT):
            return f"c{number}: tokens out of range"
    return None


@invariant()
def the_need_follows_the_properties(s: NewWorldState) -> str | None:
    """An animal needs 1 food and what its properties add, and counts its Жировой запас cards."""
    bonus = extra_food()
    for number, a in s.animals.items():
        need = 1 + sum(bonus.get(t, 0) for t in a.traits)
        if (a.need, a.fat_cards) != (need, a.traits.count(FAT)):
            return f"c{number}: need {a.need}, its properties say {need}"
    return None


@invariant("NW35")
def food_within_the_need(s: NewWorldState) -> str | None:
    """An animal holds no more food than it needs: it takes food only while hungry."""
    for number, a in s.animals.items():
        if a.red + a.blue > a.need:
            return f"c{number} holds {a.red + a.blue} food but needs {a.need}: it takes food only " \
                   "while hungry"
    return None


@invariant("NW36", settled=True)
def poisoned_only_while_feeding(s: NewWorldState) -> str | None:
    """Only feeding poisons: the poisoned die at the start of the extinction."""
    for number, a in s.animals.items():
        if a.poisoned and s.phase != "feed":
            return f"c{number} is poisoned in phase {s.phase}, but the poisoned die at E1"
    return None


@invariant("NW25")
def hibernation_only_in_the_extinction(s: NewWorldState) -> str | None:
    """An animal saved by Спячка is marked only until the extinction ends."""
    for number, a in s.animals.items():
        if a.slept and s.phase not in ("extinction", "over"):
            return f"c{number} was saved by Спячка, but it is phase {s.phase}"
    return None


@invariant("NW§3.6")
def food_and_shelter_cleared_after_the_extinction(s: NewWorldState) -> str | None:
    """The clean-up at the end of an epoch takes every animal's food and shelter."""
    if s.phase == "develop" or s.step == "discard":
        for number, a in s.animals.items():
            if a.red or a.blue or a.shelter:
                return f"c{number} holds food or shelter in phase {s.phase}: the clean-up " \
                       "at the end of the epoch clears them"
    return None


@invariant("NW33")
def habitats_as_printed(s: NewWorldState) -> str | None:
    """Each open habitat is a half of its card, once, holding tokens within its printed ones."""
    keys = [h.key for h in s.habitats]
    if len(set(keys)) != len(keys):
        return "a habitat is open twice"
    kinds, swamp_max = habitat_kinds(), numbers()["swamp_max"]
    for h in s.habitats:
        if not 1 <= h.card <= HABITAT_CARDS or not h.key.startswith(str(h.card)) or \
                (h.key[len(str(h.card)):], h.kind) not in habitat_cards()[h.card]:
            return f"h{h.key[:10]} is not a habitat of card {h.card}"
        k = kinds[h.kind]
        if not 0 <= h.shelter <= k.shelter or not 0 <= h.red <= (swamp_max if k.swamp else k.red):
            return f"h{h.key}: tokens out of range"
    return None


@invariant("NW33")
def every_habitat_card_in_one_place(s: NewWorldState) -> str | None:
    """Each of the 20 habitat cards is open, in the stack, discarded or in the box."""
    places = sorted({h.card for h in s.habitats}) + s.hstack + s.hdiscard + s.hbox
    return None if sorted(places) == _ALL_HABITAT_CARDS else \
        "the habitat cards are not each in exactly one place"


@invariant("NW§4.5")
def an_attack_names_what_exists(s: NewWorldState) -> str | None:
    """An attack's hunter is a seat, at a known stage, and while defended both animals exist."""
    at = s.attack
    if at is None:
        return None
    if not 0 <= at.hunter < len(s.players) or (at.stage == "defend" and (
            at.predator not in s.animals or at.prey not in s.animals)):
        return "the attack names an animal or seat that does not exist"
    return None if at.stage in ("defend", "scavenge", "done") else \
        f"an attack at stage '{at.stage[:40]}'"


@invariant("NW14")
def pending_triggers_name_what_exists(s: NewWorldState) -> str | None:
    """Pending food triggers belong to animals on the table and name cards of the game."""
    if any(not 1 <= card <= CARD_COUNT for card in s.turn_used + s.rotated):  # may be gone since
        return "a used or rotated property card that does not exist"
    for f in s.frames:
        if f.animal not in s.animals:
            return f"pending triggers of c{f.animal}, which does not exist"
        if any(not 1 <= card <= CARD_COUNT for card in f.cards):
            return f"pending triggers of c{f.animal} name a card that does not exist"
    return None


@invariant("NW§7.4")
def a_mutation_names_what_exists(s: NewWorldState) -> str | None:
    """The animal a revealed card is tried on exists, and the card Превращение replaces too."""
    if s.target and s.target not in s.animals:
        return f"the target c{s.target} does not exist"
    return None if 0 <= s.replace <= CARD_COUNT else f"there is no card {s.replace} to replace"


@invariant("NW§3.7", settled=True)
def the_decision_has_what_it_decides(s: NewWorldState) -> str | None:
    """A defence or a scavenger comes with an attack, triggers with frames, a side with its card."""
    if s.step in ("defend", "scavenger") and s.attack is None:
        return f"step {s.step} needs an attack"
    if s.step == "trigger" and not s.frames:
        return "step trigger needs pending triggers"
    if s.step == "side" and (not s.reveal or s.target not in s.animals):
        return "step side needs a revealed card and its animal"
    if s.step == "over" and (s.attack is not None or s.frames):
        return "a finished game with an attack or triggers pending"
    return None
