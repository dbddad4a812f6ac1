"""What makes a `magic` position possible (core/engine/invariants.py): run on scenario
positions, on the positions a save starts and ends in, and after every event of the tests'
games. Each returns the problem in one line, or None; they run in order, so each may rely on
those above it (seats exist before a seat's row is read)."""

from __future__ import annotations

from functools import cache

from core.engine.invariants import Invariant, collector, misplaced, outside_rows
from core.games.magic.data import ATTACKING, CARD_COUNT, cards, properties, sources
from core.games.magic.state import ACTIVE_STEPS, SEEN_BY_ALL, SEEN_BY_NONE, STEPS, MagicState

INVARIANTS: list[Invariant[MagicState]] = []
invariant = collector(INVARIANTS)
_ALL_CARDS = frozenset(range(1, CARD_COUNT + 1))


def _goal(s: MagicState, seat: int) -> int:
    return 1 if s.players[seat].shade else s.win_at


@invariant("MC-R1")
def two_to_four_seats(s: MagicState) -> str | None:
    """Two to four seats play."""
    return None if 2 <= len(s.players) <= 4 else f"{len(s.players)} players (2 to 4)"


@invariant("MC-R51")
def three_transmutations_or_four(s: MagicState) -> str | None:
    """A game is won at three transmutations, or four in the Quartet."""
    return None if s.win_at in (3, 4) else f"win_at {s.win_at} (3, or 4 in the Quartet)"


@invariant("MC-R39")
def the_shade_sits_second_in_solo(s: MagicState) -> str | None:
    """Solo is two seats, the second the Shade's, without the Quartet; no Shade outside it."""
    shades = [i for i, p in enumerate(s.players) if p.shade]
    if s.solo and (len(s.players) != 2 or shades != [1] or s.win_at != 3):
        return "a solo game has two seats, the second the Shade's, and no Quartet"
    return "a Shade outside the solo mode" if not s.solo and shades else None


@invariant()
def a_known_step(s: MagicState) -> str | None:
    """The pending decision is one the rules ask."""
    return None if s.step in STEPS else f"unknown step '{s.step[:40]}'"


@invariant()
def the_seats_named_exist(s: MagicState) -> str | None:
    """Whose turn it is, who decides and who is first are seats of the game."""
    for name in ("turn", "decider", "first"):
        if not 0 <= getattr(s, name) < len(s.players):
            return f"{name} is seat {getattr(s, name)}, which does not exist"
    return None


@invariant()
def counters_from_their_start(s: MagicState) -> str | None:
    """Rounds count from 1, creature numbers from 1, random draws from 0."""
    if s.round < 1:
        return f"round {s.round}"
    return "a negative random counter or creature number" if s.rng_count < 0 or s.next_uid < 1 \
        else None


@invariant("MC§3.7", settled=True)
def a_winner_once_over(s: MagicState) -> str | None:
    """The game is over exactly when a seat has won."""
    over = s.step == "over"
    if over != (s.winner != -1) or (over and not 0 <= s.winner < len(s.players)):
        return f"step '{s.step}' with winner {s.winner}"
    return None


@invariant("MC-R3")
def rows_hold_their_owners_creatures(s: MagicState) -> str | None:
    """Every creature is in its owner's row, once, and numbered below the next number."""
    return outside_rows([p.row for p in s.players], s.creatures, s.next_uid, "creature")


@invariant("MC-R36")
def every_card_in_one_place(s: MagicState) -> str | None:
    """Each of the 64 cards is in one place (hand, deck, discard, a face, under a creature)."""
    held = [card for p in s.players for card in p.hand] + s.deck + s.discard
    for c in s.creatures.values():
        held.append(c.card)
        held += c.cards
    if len(held) == CARD_COUNT and set(held) == _ALL_CARDS:  # the usual case, cheaply
        return "the Shade holds no cards" if any(p.shade and p.hand for p in s.players) else None
    piles = [(card, f"in seat {i}'s hand") for i, p in enumerate(s.players) for card in p.hand]
    piles += [(card, "in the deck") for card in s.deck]
    piles += [(card, "in the discard pile") for card in s.discard]
    for number, c in s.creatures.items():
        piles += [(c.card, f"c{number}'s face")] + [(card, f"under c{number}") for card in c.cards]
    return misplaced(piles, CARD_COUNT)


@invariant("MC-R9")
def the_discard_pile_knows_who_saw_each_card(s: MagicState) -> str | None:
    """The discard pile records for each card who saw it: everyone, nobody or one seat."""
    if len(s.discard_seen) != len(s.discard) or any(
            v not in (SEEN_BY_ALL, SEEN_BY_NONE) and not 0 <= v < len(s.players)
            for v in s.discard_seen):
        return "the discard pile's record of who saw each card does not fit it"
    return None


@invariant("MC§3.7", settled=True)
def transmutations_up_to_the_goal(s: MagicState) -> str | None:
    """A seat's transmutations are within its goal, and it has won once it reaches it."""
    for i, p in enumerate(s.players):
        if not 0 <= p.tokens <= _goal(s, i):
            return f"seat {i} has {p.tokens} transmutation tokens"
        if p.tokens >= _goal(s, i) and s.winner != i:
            return f"seat {i} has reached its goal but has not won"
    if 0 <= s.winner < len(s.players) and s.players[s.winner].tokens < _goal(s, s.winner):
        return f"seat {s.winner} has won without reaching its goal"
    return None


@invariant("MC§4.1")
def energy_zero_to_four(s: MagicState) -> str | None:
    """A creature holds 0 to 4 energy."""
    for number, c in s.creatures.items():
        if not 0 <= c.energy <= 4:
            return f"c{number} has {c.energy} energy (0..4)"
    return None


@invariant("MC-R36")
def properties_show_on_their_cards(s: MagicState) -> str | None:
    """Each property of a creature is the half its card shows, and none twice."""
    shown = _halves()
    for number, c in s.creatures.items():
        if len(c.cards) != len(c.traits) or len(set(c.traits)) != len(c.traits):
            return f"c{number}'s properties do not fit its cards"
        if not shown.issuperset(zip(c.cards, c.traits, strict=True)):
            card, trait = next((k, t) for k, t in zip(c.cards, c.traits, strict=True)
                               if (k, t) not in shown)
            return f"card {card} under c{number} does not show {trait[:40]}"
    return None


@cache
def _halves() -> frozenset[tuple[int, str]]:
    """(card, property) for both halves of every card."""
    return frozenset((card, t) for card, halves in cards().items() for t in halves)


@invariant("MC-R37")
def the_energy_source_is_the_one_revealed(s: MagicState) -> str | None:
    """The source is the one last revealed, holding no more tokens than it offers."""
    if sorted(s.cycle) != sorted(sources()):
        return "the energy deck does not hold the 10 sources"
    if s.reveals < 1 or s.source != s.cycle[(s.reveals - 1) % len(s.cycle)]:
        return f"the source {s.source[:40]} is not the one the energy deck shows"
    src = sources()[s.source]
    column = 2 if s.solo else len(s.players)
    if not 0 <= s.lower <= src.lower[column] or not 0 <= s.upper <= src.upper:
        return f"the source holds {s.lower} and {s.upper} tokens (at most " \
               f"{src.lower[column]} and {src.upper})"
    return None


@invariant()
def an_activation_uses_known_properties(s: MagicState) -> str | None:
    """The properties used or copied in this activation are properties of the game."""
    known = properties()
    for name in ("used", "copied"):
        for trait in getattr(s, name):
            if trait not in known:
                return f"unknown property '{trait[:40]}' in {name}"
    return None


@invariant("MC-R18")
def an_attack_on_a_creature_in_play(s: MagicState) -> str | None:
    """An attack's target exists (until the game ends); its properties attack, each once."""
    at = s.attack
    if at is None:
        return None
    if at.target not in s.creatures and s.step != "over":
        return f"the attack's target c{at.target} does not exist"
    if any(p not in ATTACKING for p in at.props) or len(set(at.props)) != len(at.props) \
            or not 0 <= at.next <= len(at.props):
        return "the attack's properties do not fit"
    return None


@invariant("MC§3.4", settled=True)
def the_decision_fits_the_activation(s: MagicState) -> str | None:
    """The turn's seat decides (another only a swap, never the Shade), on its activation."""
    if s.step == "over":
        return None
    if s.step == "burn" and (s.attack is None or s.attack.next < 1
                             or s.attack.props[s.attack.next - 1] != "fire_breathing"):
        return "a burn without Огнедышащее in the attack"
    if (s.step in ACTIVE_STEPS) != bool(s.active):
        return f"step {s.step} with {'c' + str(s.active) if s.active else 'no'} activated creature"
    if s.active and (s.active not in s.creatures or s.creatures[s.active].owner != s.turn):
        return f"the activated creature c{s.active} is not one of seat {s.turn}'s"
    if s.step != "swap" and s.decider != s.turn:
        return f"seat {s.decider} decides {s.step} in seat {s.turn}'s turn"
    if s.players[s.decider].shade:
        return "the Shade's decisions are its rules', not a seat's"
    if (s.step == "burn") != (s.attack is not None):
        return f"step {s.step} with{'' if s.attack else 'out'} an attack"
    return None


@invariant("MC-R38")
def the_shades_choice_cards(s: MagicState) -> str | None:
    """Solo has choice cards 1..7, each at most once (a scenario may leave some out)."""
    held = s.choices + s.choices_shown
    if not s.solo:
        return "a choice deck outside the solo mode" if held else None
    if any(not 1 <= c <= 7 for c in held) or len(set(held)) != len(held):
        return "the Shade's choice deck holds cards other than 1..7, or one twice"
    return None


@invariant("MC-R38", settled=True)
def the_shade_has_a_choice_to_reveal(s: MagicState) -> str | None:
    """In solo the Shade's choice deck is never empty between actions (it is reshuffled)."""
    return "the Shade's choice deck is empty" if s.solo and not s.choices else None
