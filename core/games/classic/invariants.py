"""What makes a `classic` position possible (core/engine/invariants.py): run on scenario
positions, on the positions a save starts and ends in, and after every event of the tests'
games. Each returns the problem in one line, or None; they run in order, so each may rely on
those above it (seats exist before a seat's row is read, cards before their faces)."""

from __future__ import annotations

from core.engine.invariants import Invariant, collector, misplaced, outside_rows
from core.games.classic.data import (
    CARD_COUNT,
    CARNIVOROUS,
    FAT,
    PAIRED,
    SCAVENGER,
    extra_food,
    faces,
)
from core.games.classic.state import PHASES, ClassicState

INVARIANTS: list[Invariant[ClassicState]] = []
invariant = collector(INVARIANTS)

_ALL_CARDS = frozenset(range(1, CARD_COUNT + 1))
_PHASE_NAMES = {"develop", "feed", "extinction", "over"}


@invariant("CL2")
def two_to_five_seats(s: ClassicState) -> str | None:
    """Two to four seats play, five only in v0.9 with its five-player option."""
    n = len(s.players)
    if not 2 <= n <= 5 or (n == 5 and not (s.v09 and s.five)):
        return f"{n} players (2 to 4; five only in v0.9 with five_players)"
    return None


@invariant("CL1")
def v09_options_only_in_v09(s: ClassicState) -> str | None:
    """Personal food and five players are options of v0.9, which alone counts its turns."""
    if (s.personal or s.five) and not s.v09:
        return "personal food and five players are v0.9 options"
    return f"a game of {s.length} turns" if ((s.length < 1) if s.v09 else (s.length != 0)) else None


@invariant("CL§3.7")
def a_known_step_and_phase(s: ClassicState) -> str | None:
    """The pending decision and the phase are ones the game has."""
    if s.step not in PHASES and s.step != "":
        return f"step '{s.step[:40]}' in phase '{s.phase[:40]}'"
    if s.phase not in _PHASE_NAMES and (s.phase or s.step):
        return f"step '{s.step[:40]}' in phase '{s.phase[:40]}'"
    return None


@invariant("CL§3.7", settled=True)
def the_step_fits_the_phase(s: ClassicState) -> str | None:
    """Each decision is asked in its phase."""
    return None if PHASES.get(s.step) == s.phase else f"step '{s.step}' in phase '{s.phase}'"


@invariant()
def the_seats_named_exist(s: ClassicState) -> str | None:
    """Who is first, whose go it is and who decides are seats of the game."""
    for name in ("first", "go", "decider"):
        if not 0 <= getattr(s, name) < len(s.players):
            return f"{name} is seat {getattr(s, name)}, which does not exist"
    return None


@invariant("CL§7")
def turns_from_one(s: ClassicState) -> str | None:
    """Turns count from 1, and v0.9 has no turn beyond its length."""
    return f"turn {s.turn}" if s.turn < 1 or (s.v09 and s.turn > s.length) else None


@invariant("CL§4.2")
def the_food_base_and_its_dice(s: ClassicState) -> str | None:
    """The food base is not negative, its dice show 1..6, and idle goes are at most one a seat."""
    if s.base < 0 or any(not 1 <= d <= 6 for d in s.dice + s.fixed_dice) or \
            not 0 <= s.idle <= len(s.players):
        return "the food base, its dice or the idle goes do not fit"
    return None


@invariant()
def counters_not_below_their_start(s: ClassicState) -> str | None:
    """The random counter is not negative and animal numbers start at 1."""
    return "a negative random counter or animal number" if s.rng_count < 0 or s.next_uid < 1 \
        else None


@invariant("CL§7", settled=True)
def winners_once_over(s: ClassicState) -> str | None:
    """The game is over exactly when it has winners, seats of the game, each once."""
    if (s.step == "over") != bool(s.winners) or any(not 0 <= w < len(s.players) for w in s.winners) \
            or len(set(s.winners)) != len(s.winners):
        return f"step '{s.step}' with winners {s.winners[:8]}"
    return None


@invariant("CL24")
def discards_where_the_rules_put_them(s: ClassicState) -> str | None:
    """Classic discards to each player's own pile, v0.9 to one common pile."""
    if s.v09 and any(p.pile for p in s.players):
        return "v0.9 has a common discard pile, not one per player"
    return "`classic` discards go to the players' piles" if s.discard and not s.v09 else None


@invariant("CL3")
def every_card_in_one_place(s: ClassicState) -> str | None:
    """Each of the 84 cards is in one place (a paired card once, for both its animals)."""
    held = s.deck + s.discard + list(s.links)
    for p in s.players:
        held += p.hand + p.pile
    for a in s.animals.values():
        held.append(a.card)
        held += [card for card, t in zip(a.cards, a.traits, strict=True) if t not in PAIRED]
    if len(held) == CARD_COUNT and set(held) == _ALL_CARDS:  # the usual case, cheaply
        return None
    piles = [(card, f"in seat {i}'s {key}") for i, p in enumerate(s.players)
             for key in ("hand", "pile") for card in getattr(p, key)]
    piles += [(card, "in the deck") for card in s.deck]
    piles += [(card, "in the discard pile") for card in s.discard]
    piles += [(card, f"joining c{k.a} and c{k.b}") for card, k in s.links.items()]
    for number, a in s.animals.items():
        piles.append((a.card, f"c{number}'s face"))
        piles += [(card, f"under c{number}") for card, t in zip(a.cards, a.traits, strict=True)
                  if t not in PAIRED]
    return misplaced(piles, CARD_COUNT)


@invariant("CL34")
def scores_and_reserves(s: ClassicState) -> str | None:
    """Scores, fed animals, reserves and bonuses are not negative; a reserve needs personal food."""
    for i, p in enumerate(s.players):
        if min(p.score, p.fed, p.reserve, p.bonus) < 0 or (p.reserve and not s.personal):
            return f"seat {i}'s score, fed animals, reserve or bonus do not fit"
    return None


@invariant("CL37")
def animals_in_their_owners_rows(s: ClassicState) -> str | None:
    """Every animal is in its owner's row, once, numbered below the next number; rows hold no other."""
    return outside_rows([p.row for p in s.players], s.animals, s.next_uid, "animal")


@invariant("CL5")
def a_pair_joins_two_animals_of_one_owner(s: ClassicState) -> str | None:
    """A paired card joins two animals of one owner, lies on both and shows its property."""
    table = faces(s.single_poisonous)
    for card, link in s.links.items():
        if link.card != card or link.trait not in PAIRED or link.a == link.b or \
                link.a not in s.animals or link.b not in s.animals:
            return f"the pair on card {card} does not fit"
        if s.animals[link.a].owner != s.animals[link.b].owner:
            return f"the {link.trait} pair on card {card} joins c{link.a} and c{link.b} of two " \
                   "players: a pair joins two animals of one owner"
        if link.trait not in table[card]:
            return f"card {card} does not show {link.trait}"
        for number in (link.a, link.b):
            if card not in s.animals[number].cards:
                return f"the pair on card {card} is not on c{number}"
    for number, a in s.animals.items():
        for card, trait in zip(a.cards, a.traits, strict=True):
            joined = s.links.get(card) if trait in PAIRED else None
            if trait in PAIRED and (joined is None or joined.trait != trait or
                                    number not in (joined.a, joined.b)):
                return f"c{number}'s {trait} on card {card} joins nothing"
    return None


@invariant("CL7")
def properties_show_on_their_cards(s: ClassicState) -> str | None:
    """Each property of an animal is a side of its card, each card under it once."""
    table = faces(s.single_poisonous)
    for number, a in s.animals.items():
        if len(a.cards) != len(a.traits) or len(set(a.cards)) != len(a.cards):
            return f"c{number}'s properties do not fit its cards"
        for card, trait in zip(a.cards, a.traits, strict=True):
            if trait not in PAIRED and trait not in table[card]:
                return f"card {card} under c{number} does not show {trait[:40]}"
    return None


@invariant("CL10")
def no_property_twice(s: ClassicState) -> str | None:
    """An animal has no property twice but Жировой запас and the paired ones."""
    for number, a in s.animals.items():
        singles = [t for t in a.traits if t not in PAIRED and t != FAT]
        if len(set(singles)) != len(singles):
            return f"c{number} has a property twice"
    return None


@invariant("CL6")
def carnivorous_or_scavenger(s: ClassicState) -> str | None:
    """No animal is both Хищник and Падальщик."""
    for number, a in s.animals.items():
        if CARNIVOROUS in a.traits and SCAVENGER in a.traits:
            return f"c{number} is both carnivorous and a scavenger"
    return None


@invariant("CL19")
def tokens_not_below_zero(s: ClassicState) -> str | None:
    """An animal's food and fat are not negative, and it hibernated in no turn to come."""
    for number, a in s.animals.items():
        if min(a.red, a.blue, a.fat, a.slept) < 0 or a.slept > s.turn:
            return f"c{number}'s tokens do not fit"
    return None


@invariant("CL11")
def the_need_follows_the_properties(s: ClassicState) -> str | None:
    """An animal needs 1 food and what its properties add; its fat lies on its Жировой запас cards."""
    bonus = extra_food()
    for number, a in s.animals.items():
        need, fat_cards = 1 + sum(bonus.get(t, 0) for t in a.traits), a.traits.count(FAT)
        if (need, fat_cards) != (a.need, a.fat_cards):
            return f"c{number} needs {a.need} food with {a.fat_cards} fat cards; its " \
                   f"properties say {need} and {fat_cards}"
        if a.fat > fat_cards:
            return f"c{number} holds more fat than it has Fat Tissue cards"
    return None


@invariant("CL16")
def food_within_the_need(s: ClassicState) -> str | None:
    """An animal holds no more food than it needs, unless Отбрасывание хвоста raised the need."""
    if s.phase != "feed" and s.step != "reserve":
        return None
    most_raised = max(extra_food().values()) * len(s.turn_used)  # one tail loss per attack
    for number, a in s.animals.items():
        if a.red + a.blue > a.need + most_raised:
            return f"c{number} holds {a.red + a.blue} food but needs {a.need}: an animal " \
                   "takes food only while it is hungry"
    return None


@invariant("CL22", settled=True)
def poisoned_only_while_feeding(s: ClassicState) -> str | None:
    """Only feeding poisons: the poisoned die at the end of the feeding."""
    for number, a in s.animals.items():
        if a.poisoned and s.phase != "feed":
            return f"c{number} is poisoned in phase {s.phase}, but the poisoned die at the " \
                   "end of feeding"
    return None


@invariant("CL§3.6", settled=True)
def food_cleared_after_the_feeding(s: ClassicState) -> str | None:
    """The clean-up after feeding takes every animal's food and Спячка."""
    if s.phase == "feed" or s.step == "reserve":
        return None
    for number, a in s.animals.items():
        if a.red or a.blue or a.hibernating:
            return f"c{number} holds {a.red} red and {a.blue} blue food" \
                   f"{' and hibernates' if a.hibernating else ''} in phase {s.phase}: " \
                   "the clean-up after feeding clears them"
    return None


@invariant("CL42")
def pending_triggers_and_attacks_name_what_exists(s: ClassicState) -> str | None:
    """Used and spent cards exist; a trigger names a pair and an animal; an attack its animals."""
    if any(not 1 <= c <= CARD_COUNT for c in s.go_used + s.turn_used):
        return "a used card that does not exist"
    for t in s.pending:
        if t.card not in s.links or t.to not in s.animals:
            return f"a pending trigger of card {t.card} for c{t.to}"
    at = s.attack
    if at is None:
        return None
    if at.stage not in ("defend", "scavenge", "done") or at.predator not in s.animals:
        return f"an attack by c{at.predator} at stage '{at.stage[:40]}'"
    if at.stage == "defend" and (at.prey not in s.animals or at.prey == at.predator):
        return f"the attack's prey c{at.prey} does not exist"
    return "a spent defence card that does not exist" if any(
        not 1 <= c <= CARD_COUNT for c in at.spent) else None


@invariant("CL§3.7", settled=True)
def the_decision_has_what_it_decides(s: ClassicState) -> str | None:
    """A decision comes with what it decides (an attack, an eaten animal, a trigger, its variant)."""
    at = s.attack
    if s.step == "defend" and (at is None or at.stage != "defend"):
        return "step defend without an attack to defend from"
    if s.step == "scavenger" and (at is None or at.stage != "scavenge"):
        return "step scavenger without an eaten animal"
    if s.step == "trigger" and not s.pending:
        return "step trigger without pending triggers"
    if (s.step == "discard" and not s.v09) or (s.step == "reserve" and not s.personal):
        return f"step {s.step} is in v0.9 only (discard), with personal food (reserve)"
    if s.step in ("develop", "reserve", "discard") and at is not None:
        return f"an attack during step {s.step}"
    return None
