"""The state machine both «Эволюция» games share (classic §3-§4, Новый мир §3-§4): resolving an
action by its handler, dice, an attack from the choice of prey to the scavenger, a tie decided
by lot. A game subclasses `EvolutionFlow` with its events module, fold table, queries and
numbers, and writes its own rules as methods (the hooks below say what each game decides).

Every step is an event emitted through `Tx`, which folds it at once, so the next step sees its
effect; each path ends by posting an `Await` for the next decision or by ending the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar

from core.engine.protocol import Action
from core.engine.rng import derived
from core.engine.tx import Fold, Tx
from core.kits.evolution.animals import card_of, row, seats_from
from core.kits.evolution.shapes import Attack, Defence, Hunt, OfAnimal, OfCard, Pirating, Position

S = TypeVar("S", bound=Position)  # the game's state
D = TypeVar("D", bound=Defence)  # the game's Defend action

CARNIVOROUS, MIMICRY, PIRACY, POISONOUS = "carnivorous", "mimicry", "piracy", "poisonous"


def deal_round(s: Position, left: list[int], j: int) -> tuple[list[int], list[int], int]:
    """Cards from the top of the deck one at a time, clockwise from the first player, to the
    seats with a quota `left` (CL25 / NW §2.3), until the quotas or the deck run out: the seats
    and the cards dealt, and the next place `j` in the rotation (counted from the first player)."""
    seats: list[int] = []
    cards: list[int] = []
    i = len(s.deck)
    while any(left) and i > 0:
        seat = (s.first + j) % s.n
        j += 1
        if left[seat]:
            i -= 1
            seats.append(seat)
            cards.append(s.deck[i])
            left[seat] -= 1
    return seats, cards, j


def shuffled(seed: int, k: int, count: int) -> list[int]:
    """Cards 1..`count` in the order the game's `k`-th random operation shuffles them (setup)."""
    cards = list(range(1, count + 1))
    derived(seed, k).shuffle(cards)
    return cards


def first_player(seed: int, k: int, players: int) -> int:
    """The first player, drawn by the game's `k`-th random operation (CL §2.3 / NW §2.3)."""
    return derived(seed, k).randrange(players)


def most(seats: Iterable[int], key: Callable[[int], int]) -> list[int]:
    """The seats with the highest `key`: the leaders, or those left tied by a tie-break."""
    seats = list(seats)
    top = max(key(seat) for seat in seats)
    return [seat for seat in seats if key(seat) == top]


class EvolutionFlow(Generic[S, D]):
    E: ClassVar[ModuleType]  # the game's events
    Q: ClassVar[ModuleType]  # the game's queries: scavengers(s, seat)
    fold: ClassVar[Mapping[type, Fold]]  # the game's fold table
    handlers: ClassVar[Mapping[type, str]]  # action type -> the method that resolves it
    # The defences used at once when they are the prey's only option (CL14 / NW19).
    automatic: ClassVar[tuple[str, ...]]

    def __init__(self) -> None:
        # Each handler takes its own action type, which `resolve` dispatches on.
        self._handlers: dict[type, Callable[[Tx[S], Any], None]] = {
            t: getattr(self, name) for t, name in self.handlers.items()}

    def new_tx(self, s: S) -> Tx[S]:
        """A transaction over `s` that folds with the game's fold table."""
        return Tx(s, self.fold)

    def resolve(self, tx: Tx[S], action: Action) -> None:
        """Resolve a legal action: its handler continues the flow to the next decision."""
        self._handlers[type(action)](tx, action)

    def roll(self, s: S, k: int) -> list[int]:
        """k six-sided dice: the scenario's fixed faces first, else from the seeded generator."""
        if s.fixed_dice:
            if len(s.fixed_dice) < k:
                raise ValueError("the scenario's fixed dice ran out")
            return list(s.fixed_dice[:k])
        rng = derived(s.seed, s.rng_count)
        return [rng.randint(1, 6) for _ in range(k)]

    @staticmethod
    def hunt(s: S) -> Hunt:
        """The attack under way (the attack's steps run only while there is one)."""
        at = s.attack
        assert at is not None, "no attack under way"
        return at

    def by_lot(self, tx: Tx[S], tied: list[int]) -> list[int]:
        """A tie decided by lot (CL28 / NW40): a d6 per tied seat, the highest wins, ties roll
        again. The winner, in a list."""
        while len(tied) > 1:
            dice = self.roll(tx.s, len(tied))
            tx.emit(self.E.Lot(tied, dice))
            top = max(dice)
            tied = [seat for seat, d in zip(tied, dice, strict=True) if d == top]
        return tied

    def reshuffle(self, tx: Tx[S]) -> None:
        """The discard pile shuffled into the deck, as the next random operation (CL36 / NW38)."""
        s = tx.s
        order = list(s.discard)
        derived(s.seed, s.rng_count).shuffle(order)
        tx.emit(self.E.Reshuffled(order))

    # --- what each game decides ----------------------------------------------------------------

    def numbers(self) -> Mapping[str, int]:
        """The game's numbers: kill, tail, scavenger, ..."""
        raise NotImplementedError

    def go_on(self, tx: Tx[S]) -> None:
        """Back to the player whose go (turn) it is, or on to the next one."""
        raise NotImplementedError

    def drain(self, tx: Tx[S]) -> bool:
        """Fire the pending food triggers; True if their owner must now order them."""
        raise NotImplementedError

    def give_food(self, tx: Tx[S], uid: int, n: int, why: str) -> object:
        """GiveFood (§4.1 in both specs): `n` units of blue food (then fat) to animal `uid`."""
        raise NotImplementedError

    def defences(self, s: S) -> list[D]:
        """The current prey's usable defences (`Defend` actions), `none` among them when it may
        give up."""
        raise NotImplementedError

    def hunter(self, s: S) -> int:
        """The seat the scavenger search starts from: the predator's owner (CL17 / NW29)."""
        raise NotImplementedError

    def roll_defence(self, tx: Tx[S], d: D) -> None:
        """A defence of the game's own (a die, Новый мир's Устрашение)."""
        raise NotImplementedError

    def after_death(self, tx: Tx[S]) -> None:
        """What an animal's death brings besides its going (Новый мир's Болота, §6.3)."""

    def after_tail(self, tx: Tx[S], uid: int) -> None:
        """What animal `uid` losing a property card to Отбрасывание хвоста brings."""

    def draw_from(self, tx: Tx[S], index: int) -> None:
        """The draw (X5 / E6) goes on with the player `index` places after the first."""
        raise NotImplementedError

    # --- attacks (classic §4.3, Новый мир §4.5) ---------------------------------------------------

    def attack(self, tx: Tx[S], act: Attack) -> None:
        """Attack: the predator's Хищник / Хищное card is used (CL10 / NW9), then the defence."""
        p = tx.s.animals[act.predator]
        tx.emit(self.E.Attacked(act.predator, act.prey, card_of(p, CARNIVOROUS)))
        self.defend(tx)

    def defend(self, tx: Tx[S]) -> None:
        """Step 3: the current prey's active defences, ordered by its owner (CL14 / NW19); a lone
        automatic one is used at once, none left means the kill."""
        s = tx.s
        at = self.hunt(s)
        options = self.defences(s)
        if not options:
            self.kill(tx)
        elif len(options) == 1 and options[0].kind in self.automatic:
            self.use_defence(tx, options[0])
        else:
            tx.emit(self.E.Await(s.animals[at.prey].owner, "defend"))

    def use_defence(self, tx: Tx[S], d: D) -> None:
        s = tx.s
        at = self.hunt(s)
        prey = s.animals[at.prey]
        if d.kind == "mimicry":  # CL15 / NW21: the attack goes on against another animal
            tx.emit(self.E.Mimicked(prey.uid, d.target, card_of(prey, MIMICRY)))
            self.defend(tx)
        elif d.kind == "tail":  # the attack ends; the predator gets food, never poison (CL16 / NW36)
            tx.emit(self.E.TailLost(prey.uid, d.card, prey.traits[prey.cards.index(d.card)]))
            self.after_tail(tx, prey.uid)
            self.give_food(tx, at.predator, self.numbers()["tail"], "tail")
            self.settle(tx)
        elif d.kind == "none":
            self.kill(tx)
        else:
            self.roll_defence(tx, d)

    def kill(self, tx: Tx[S]) -> None:
        """Step 4: the prey dies, the predator gets 2 blue and the poison of Ядовитое (CL22 /
        NW36), then the scavenger."""
        s = tx.s
        at = self.hunt(s)
        prey = s.animals[at.prey]
        poisonous = POISONOUS in prey.traits
        tx.emit(self.E.Eaten(prey.uid, at.predator))
        self.give_food(tx, at.predator, self.numbers()["kill"], "kill")
        if poisonous:
            tx.emit(self.E.Poisoned(at.predator))
        self.after_death(tx)
        self.settle(tx)

    def settle(self, tx: Tx[S]) -> None:
        """After a feeding effect: pending triggers, then the rest of an attack (the
        scavenger), then back to the go."""
        while True:
            if self.drain(tx):
                return
            at = tx.s.attack
            if at is None:
                break
            if at.stage == "scavenge":
                if self.scavenge(tx):
                    return
                continue
            tx.emit(self.E.AttackEnded())
        self.go_on(tx)

    def scavenge(self, tx: Tx[S]) -> bool:
        """CL17 / NW29: one scavenger per death in an attack; True if its owner must choose
        among several."""
        s = tx.s
        seat, found = self.Q.scavengers(s, self.hunter(s))
        if len(found) > 1:
            tx.emit(self.E.Await(seat, "scavenger"))
            return True
        uid = found[0].uid if found else 0
        tx.emit(self.E.Scavenged(uid))
        if uid:
            self.give_food(tx, uid, self.numbers()["scavenger"], "scavenger")
        return False

    def chosen_defence(self, tx: Tx[S], act: D) -> None:
        self.use_defence(tx, act)

    def chosen_scavenger(self, tx: Tx[S], act: OfAnimal) -> None:
        tx.emit(self.E.Scavenged(act.animal))
        self.give_food(tx, act.animal, self.numbers()["scavenger"], "scavenger")
        self.settle(tx)

    # --- Пиратство, extinction, the hand limit ------------------------------------------------

    def pirate(self, tx: Tx[S], act: Pirating) -> None:
        """Пиратство takes a token of the victim, a red one first (Evo's ruling, CL20 / NW3)."""
        s = tx.s
        colour = "red" if s.animals[act.victim].red else "blue"
        card = card_of(s.animals[act.animal], PIRACY)
        tx.emit(self.E.Pirated(act.animal, act.victim, card, colour))

    def poison_deaths(self, tx: Tx[S]) -> None:
        """X1 / E1 (CL22 / NW36): the poisoned animals die, in turn order."""
        for seat in seats_from(tx.s, tx.s.first):
            for a in row(tx.s, seat):
                if a.poisoned:
                    tx.emit(self.E.Died(a.uid, "poison"))
                    self.after_death(tx)

    def discard(self, tx: Tx[S], act: OfCard) -> None:
        """DiscardToHandLimit (CL33 / NW38): a card at a time down to the limit, then the
        next player."""
        s = tx.s
        seat = s.decider
        tx.emit(self.E.Discarded(seat, act.card))
        if len(tx.s.players[seat].hand) > self.Q.hand_limit():
            tx.emit(self.E.Await(seat, "discard"))
        else:
            self.draw_from(tx, (seat - s.first) % s.n + 1)
