"""`evolve`: fold one event into a `magic` state — the only place a state changes.

What folding is, and what a check that fails here means: `core.engine.rules_base`.
"""

from __future__ import annotations

from core.engine.rules_base import FoldError, FoldTable
from core.games.magic import events as E
from core.games.magic.data import ATTACKING, cards, properties, sources
from core.games.magic.state import SEEN_BY_ALL, SEEN_BY_NONE, Attack, Creature, MagicState, Player
from core.games.magic.state import clone as clone_state

# The decisions an `Await` may ask for (legal.py has the actions of each).
STEPS = frozenset({"swap", "create", "add", "activate", "effects", "action", "voracious", "molt",
                   "burn"})


def _take_top(s: MagicState, card: int) -> None:
    if not s.deck or s.deck[-1] != card:
        raise FoldError(f"card {card} is not on top of the deck")
    s.deck.pop()


def _discard(s: MagicState, card: int, seen: int) -> None:
    s.discard.append(card)
    s.discard_seen.append(seen)


def _seat(s: MagicState, seat: int) -> int:
    if not 0 <= seat < len(s.players):
        raise FoldError(f"there is no seat {seat}")
    return seat


def _creature(s: MagicState, uid: int) -> Creature:
    c = s.creatures.get(uid)
    if c is None:
        raise FoldError(f"there is no creature c{uid}")
    return c


def _gain(c: Creature, n: int) -> None:
    c.energy += n
    if not 0 <= c.energy <= 4:
        raise FoldError(f"c{c.uid} would have {c.energy} energy")


def _started(s: MagicState | None, e: E.GameStarted) -> MagicState:
    players = [Player(shade=(i == e.shade)) for i in range(e.players)]
    return MagicState(
        seed=e.seed, rng_count=e.rng_count, win_at=e.win_at, solo=e.solo, players=players,
        creatures={}, deck=list(e.deck), discard=[], discard_seen=[], cycle=list(e.cycle),
        first=e.first, turn=e.first, choices=list(e.choices),
    )


def _position(s: MagicState | None, e: E.PositionSet) -> MagicState:
    return clone_state(e.state)


def _source(s: MagicState, e: E.SourceRevealed) -> MagicState:
    # Tokens left on the old source go back to the reserve (MC-R10).
    if not s.cycle or e.source != s.cycle[s.reveals % len(s.cycle)]:
        raise FoldError(f"source {e.source[:40]} is not the next in the energy deck")
    src = sources()[e.source]
    if not 0 <= e.lower <= max(src.lower.values()) or not 0 <= e.upper <= src.upper:
        raise FoldError(f"{e.source} cannot hold {e.lower} and {e.upper} tokens")
    s.reveals += 1
    s.source, s.lower, s.upper = e.source, e.lower, e.upper
    return s


def _create(s: MagicState, e: E.CreatureCreated) -> MagicState:
    p = s.players[e.seat]
    if e.dealt:
        _take_top(s, e.card)
    else:
        try:
            p.hand.remove(e.card)
        except ValueError:
            raise FoldError(f"card {e.card} is not in seat {e.seat}'s hand") from None
    if e.uid in s.creatures:
        raise FoldError(f"creature c{e.uid} exists already")
    s.creatures[e.uid] = Creature(e.uid, e.seat, e.card)
    p.row.append(e.uid)
    s.next_uid = max(s.next_uid, e.uid + 1)
    return s


def _draw(s: MagicState, e: E.Drew) -> MagicState:
    hand = s.players[e.seat].hand
    for card in e.cards:
        _take_top(s, card)
        hand.append(card)
    return s


def _reshuffle(s: MagicState, e: E.Reshuffled) -> MagicState:
    if sorted(e.deck) != sorted(s.discard) or s.deck:
        raise FoldError("the reshuffled deck is not the discard pile")
    s.deck = list(e.deck)
    s.discard.clear()
    s.discard_seen.clear()
    s.rng_count += 1
    return s


def _round(s: MagicState, e: E.RoundStarted) -> MagicState:
    _seat(s, e.first)
    if e.round < 1:
        raise FoldError(f"round {e.round}")
    s.round, s.first, s.turn = e.round, e.first, e.first
    return s


def _await(s: MagicState, e: E.Await) -> MagicState:
    _seat(s, e.seat)
    if e.step not in STEPS:
        raise FoldError(f"unknown step '{e.step[:40]}'")
    s.decider, s.step = e.seat, e.step
    return s


def _nothing(s: MagicState, e: object) -> MagicState:
    return s


def _swap(s: MagicState, e: E.HandSwapped) -> MagicState:
    p = s.players[e.seat]
    if len(p.hand) != e.count:
        raise FoldError(f"seat {e.seat} does not hold {e.count} cards")
    for card in p.hand:
        _discard(s, card, e.seat)
    p.hand.clear()
    return s


def _turn(s: MagicState, e: E.TurnStarted) -> MagicState:
    s.turn = _seat(s, e.seat)
    return s


def _add(s: MagicState, e: E.PropertyAdded) -> MagicState:
    c = _creature(s, e.creature)
    if c.owner != e.seat or e.trait not in cards().get(e.card, ()) or e.trait in c.traits:
        raise FoldError(f"seat {e.seat} cannot add {e.trait[:40]} of card {e.card} to c{c.uid}")
    try:
        s.players[e.seat].hand.remove(e.card)
    except ValueError:
        raise FoldError(f"card {e.card} is not in seat {e.seat}'s hand") from None
    c.cards.append(e.card)
    c.traits.append(e.trait)
    return s


def _activate(s: MagicState, e: E.Activated) -> MagicState:
    if _creature(s, e.creature).owner != e.seat:
        raise FoldError(f"c{e.creature} does not belong to seat {e.seat}")
    s.active = e.creature
    s.used, s.copied, s.sleep_pending, s.attack = [], [], False, None
    return s


def _copy(s: MagicState, e: E.Copied) -> MagicState:
    if e.trait not in properties() or e.creature != s.active:
        raise FoldError(f"c{e.creature} cannot copy {e.trait[:40]}")
    s.copied.append(e.trait)
    if "metamorph" not in s.used:  # the Shade copies several properties at once (MC-R45)
        s.used.append("metamorph")
    return s


def _scare(s: MagicState, e: E.Scared) -> MagicState:
    _creature(s, e.target).asleep = True
    s.used.append("scary")
    return s


def _rouse(s: MagicState, e: E.Roused) -> MagicState:
    t = _creature(s, e.target)
    t.asleep, t.roused = False, True
    s.used.append("pesky")
    return s


def _gift(s: MagicState, e: E.Gifted) -> MagicState:
    _gain(_creature(s, e.creature), -1)
    _gain(_creature(s, e.target), 1)
    s.used.append("giving")
    return s


def _energy(s: MagicState, e: E.EnergyTaken) -> MagicState:
    if e.part == "upper":
        s.upper -= 1
    elif e.part == "lower":
        s.lower -= 1
    else:
        raise FoldError(f"no part '{e.part[:40]}' of a source")
    if s.upper < 0 or s.lower < 0:
        raise FoldError("the source has no token there")
    _gain(_creature(s, e.creature), 1)
    return s


def _gulp(s: MagicState, e: E.Gulped) -> MagicState:
    s.lower -= 1
    if s.lower < 0:
        raise FoldError("the source has no token there")
    _gain(_creature(s, e.creature), 1)
    return s


def _remove_property(s: MagicState, c: Creature, card: int, trait: str) -> None:
    try:
        i = c.cards.index(card)
    except ValueError:
        raise FoldError(f"card {card} is not under c{c.uid}") from None
    if c.traits[i] != trait:
        raise FoldError(f"card {card} under c{c.uid} shows {c.traits[i]}, not {trait}")
    del c.cards[i]
    del c.traits[i]
    _discard(s, card, SEEN_BY_ALL)


def _molt(s: MagicState, e: E.Molted) -> MagicState:
    c = _creature(s, e.creature)
    _remove_property(s, c, e.card, e.trait)
    _gain(c, 1)
    return s


def _transmute(s: MagicState, e: E.Transmuted) -> MagicState:
    c = s.creatures.pop(e.creature, None)
    if c is None or c.owner != e.seat:
        raise FoldError(f"seat {e.seat} has no creature c{e.creature}")
    p = s.players[e.seat]
    p.row.remove(c.uid)
    # The creature's face stays hidden (MC-R9); its properties were public.
    _discard(s, c.card, SEEN_BY_NONE if p.shade else e.seat)
    for card in c.cards:
        _discard(s, card, SEEN_BY_ALL)
    p.tokens += 1
    if p.tokens != e.tokens:
        raise FoldError(f"seat {e.seat} would have {p.tokens} tokens, not {e.tokens}")
    return s


def _win(s: MagicState, e: E.GameWon) -> MagicState:
    s.winner, s.step = _seat(s, e.seat), "over"
    return s


def _attack(s: MagicState, e: E.AttackDeclared) -> MagicState:
    _creature(s, e.target)
    if not e.props or any(p not in ATTACKING for p in e.props):
        raise FoldError(f"c{e.creature} cannot attack with {e.props}")
    s.attack = Attack(e.target, list(e.props))
    return s


def _hit(s: MagicState, e: E.Hit) -> MagicState:
    if e.prop not in ATTACKING:
        raise FoldError(f"{e.prop[:40]} is not an attacking property")
    if e.success:
        t = _creature(s, e.target)
        if e.prop == "vampire":
            _gain(t, -1)
        elif e.prop == "sleep_inducing":
            t.asleep = True
    _gain(_creature(s, e.creature), e.gain)
    if s.attack is not None:
        s.attack.next += 1
    return s


def _burn(s: MagicState, e: E.Burned) -> MagicState:
    _remove_property(s, _creature(s, e.target), e.card, e.trait)
    _gain(_creature(s, e.creature), e.gain)
    return s


def _prick(s: MagicState, e: E.Pricked) -> MagicState:
    _gain(_creature(s, e.creature), -e.lost)
    return s


def _drowsy(s: MagicState, e: E.WillSleep) -> MagicState:
    s.sleep_pending = True
    return s


def _asleep(s: MagicState, e: E.FellAsleep) -> MagicState:
    _creature(s, e.creature).asleep = True
    return s


def _end(s: MagicState, e: E.ActivationEnded) -> MagicState:
    s.active, s.used, s.copied, s.sleep_pending, s.attack = 0, [], [], False, None
    return s


def _wake(s: MagicState, e: E.AllWoke) -> MagicState:
    for c in s.creatures.values():
        c.asleep = c.roused = False
    return s


def _choice(s: MagicState, e: E.ChoiceRevealed) -> MagicState:
    if not s.choices or s.choices[-1] != e.value:
        raise FoldError(f"choice card {e.value} is not on top of the choice deck")
    s.choices.pop()
    s.choices_shown.append(e.value)
    return s


def _choices_shuffled(s: MagicState, e: E.ChoicesShuffled) -> MagicState:
    s.choices, s.choices_shown = list(e.deck), []
    s.rng_count += 1
    return s


def _shade_grew(s: MagicState, e: E.ShadeGrew) -> MagicState:
    _take_top(s, e.card)
    if e.creature:
        c = _creature(s, e.creature)
        c.cards.append(e.card)
        c.traits.append(e.trait)
    else:
        _discard(s, e.card, SEEN_BY_ALL)
    return s


FOLD: FoldTable[MagicState] = {
    E.GameStarted: _started,
    E.PositionSet: _position,
    E.SourceRevealed: _source,
    E.CreatureCreated: _create,
    E.Drew: _draw,
    E.Reshuffled: _reshuffle,
    E.RoundStarted: _round,
    E.Await: _await,
    E.HandKept: _nothing,
    E.HandSwapped: _swap,
    E.TurnStarted: _turn,
    E.PropertyAdded: _add,
    E.Activated: _activate,
    E.Copied: _copy,
    E.Scared: _scare,
    E.Roused: _rouse,
    E.Gifted: _gift,
    E.EnergyTaken: _energy,
    E.Gulped: _gulp,
    E.Molted: _molt,
    E.Transmuted: _transmute,
    E.GameWon: _win,
    E.AttackDeclared: _attack,
    E.Hit: _hit,
    E.Burned: _burn,
    E.Pricked: _prick,
    E.WillSleep: _drowsy,
    E.FellAsleep: _asleep,
    E.ActivationEnded: _end,
    E.RoundEnded: _nothing,
    E.AllWoke: _wake,
    E.ChoiceRevealed: _choice,
    E.ChoicesShuffled: _choices_shuffled,
    E.ShadeGrew: _shade_grew,
}
