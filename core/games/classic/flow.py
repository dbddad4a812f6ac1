"""The `classic` state machine (spec §3): what happens after each action until the next decision.

The «Эволюция» kit's `EvolutionFlow` holds what classic shares with Новый мир (the attack, the
scavenger, dice, the lot); `ClassicFlow` adds classic's own rules. A decision without a real
choice is not asked (spec §3.7 as Evo applies it): a player with an empty hand passes, a
feeding go with nothing to do ends, a single live paired trigger fires, a lone mandatory
defence (Быстрое, or Мимикрия with one target) is used, a lone scavenger eats.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import ClassVar

from core.engine.protocol import Options
from core.engine.tx import Tx
from core.games.classic import actions as A
from core.games.classic import events as E
from core.games.classic import queries as Q
from core.games.classic.data import (
    CARD_COUNT,
    COMMUNICATION,
    GRAZING,
    HIBERNATION,
    RUNNING,
    food_dice,
    numbers,
    v09_length,
)
from core.games.classic.fold import FOLD
from core.games.classic.legal import defences
from core.games.classic.state import ClassicState
from core.kits.evolution.animals import card_of, row, seats_from
from core.kits.evolution.flow import EvolutionFlow, deal_round, first_player, most, shuffled


class ClassicFlow(EvolutionFlow[ClassicState, A.Defend]):
    E: ClassVar[ModuleType] = E
    Q: ClassVar[ModuleType] = Q
    fold = FOLD
    automatic = ("running", "mimicry")  # CL14: Быстрое, Мимикрия with one target
    handlers: ClassVar[dict[type, str]] = {
        A.Create: "_create", A.Add: "_add", A.Pair: "_pair", A.Pass: "_pass", A.Take: "_take",
        A.Attack: "attack", A.Convert: "_convert", A.Graze: "_graze", A.Pirate: "_pirate",
        A.Hibernate: "_hibernate", A.End: "_end", A.Defend: "chosen_defence", A.Fire: "_fire",
        A.Scavenge: "chosen_scavenger", A.Reserve: "_reserve", A.Discard: "discard",
    }

    def numbers(self) -> Mapping[str, int]:
        return numbers()

    def defences(self, s: ClassicState) -> list[A.Defend]:
        return defences(s)

    # --- setup (§2.3) ------------------------------------------------------------------------

    def setup(self, tx: Tx[ClassicState], players: int, opts: Options, seed: int) -> None:
        deck = shuffled(seed, 0, CARD_COUNT)
        first = first_player(seed, 1, players)  # §2.3: chosen at random
        v09 = opts["ruleset"] == "v09"
        tx.emit(E.GameStarted(seed, 2, players, v09, bool(opts["personal_food"]),
                         bool(opts["five_players"]), opts["mimicry"] == "third",
                         bool(opts["single_poisonous"]), v09_length(players) if v09 else 0,
                         deck, first))
        self.deal(tx, [numbers()["hand"]] * players)
        self.start_turn(tx)

    def deal(self, tx: Tx[ClassicState], quota: list[int], bonus: bool = False) -> None:
        """Deal one card at a time clockwise from the first player until each seat has its
        quota (CL25); v0.9 reshuffles the common pile when the deck runs out and goes on round
        the table, and dealing stops when both are empty (CL36)."""
        s = tx.s
        left = quota[:]
        j = 0  # the next seat in the rotation, counted from the first player
        while any(left):
            seats, cards, j = deal_round(s, left, j)
            if cards:
                tx.emit(E.Dealt(seats, cards, bonus))
                s = tx.s
            if not any(left) or not (s.v09 and s.discard):
                return  # classic: the deck is never reshuffled (CL25)
            self.reshuffle(tx)
            s = tx.s

    # --- turns -------------------------------------------------------------------------------

    def start_turn(self, tx: Tx[ClassicState]) -> None:
        s = tx.s
        turn = s.turn + 1
        first = s.first if s.turn == 0 else (s.first + 1) % s.n  # X7
        last = turn == s.length if s.v09 else not s.deck  # §3.1, CL26
        tx.emit(E.TurnStarted(turn, first, last))
        self.next_developer(tx, (first - 1) % s.n)

    def next_developer(self, tx: Tx[ClassicState], after: int) -> None:
        """V1-V3: the next player who has not passed, clockwise after `after`; an empty hand
        passes by itself (§3.3). When all have passed, the food base (§3.4)."""
        s = tx.s
        for j in range(1, s.n + 1):
            seat = (after + j) % s.n
            p = s.players[seat]
            if p.passed:
                continue
            if not p.hand:
                tx.emit(E.Passed(seat, auto=True))
                continue
            tx.emit(E.Await(seat, "develop"))
            return
        self.food_base(tx)

    def food_base(self, tx: Tx[ClassicState]) -> None:
        s = tx.s
        dice, bonus = food_dice(s.n)
        tx.emit(E.Rolled(s.first, self.roll(s, dice), bonus))
        self.start_go(tx, tx.s.first)

    # --- feeding goes (§3.5) -------------------------------------------------------------------

    def start_go(self, tx: Tx[ClassicState], seat: int) -> None:
        """F1/F4: the next go, or the end of feeding after a full round without any action
        (CL9). A go with nothing possible is declined at once."""
        s = tx.s
        while s.idle < s.n:
            if Q.has_option(s, seat):
                tx.emit(E.GoStarted(seat))
                tx.emit(E.Await(seat, "feed"))
                return
            tx.emit(E.GoEnded(seat, True, auto=True))
            s = tx.s
            seat = (seat + 1) % s.n
        self.end_feeding(tx)

    def go_on(self, tx: Tx[ClassicState]) -> None:
        """Back to the player whose go it is; the go ends when nothing is left to do."""
        s = tx.s
        if Q.has_option(s, s.go):
            tx.emit(E.Await(s.go, "feed"))
        else:
            self.end_go(tx)

    def end_go(self, tx: Tx[ClassicState]) -> None:
        s = tx.s
        tx.emit(E.GoEnded(s.go, not s.acted))
        self.start_go(tx, (s.go + 1) % s.n)

    def give_food(self, tx: Tx[ClassicState], uid: int, n: int, why: str) -> None:
        """GiveFood (§4.1): food while unfed, then fat on empty Жировой запас cards (CL11); red
        comes from the base (`why` take or communication), blue from the supply. A receipt
        fires the animal's paired triggers (§4.2)."""
        s = tx.s
        a = s.animals[uid]
        if not Q.can_receive(s, a):
            return
        red = why in ("take", COMMUNICATION)
        if red:
            n = min(n, s.base)
        food, fat = Q.give(s, a, n)
        if food + fat == 0:
            return
        if red:
            tx.emit(E.Food(uid, why, red=food, fat=fat, base=food + fat))
        else:
            tx.emit(E.Food(uid, why, blue=food, fat=fat))
        s = tx.s
        new = Q.triggers_of(s, s.animals[uid], red)
        if new:
            tx.emit(E.Pending(new))

    def drain(self, tx: Tx[ClassicState]) -> bool:
        """Fire pending paired triggers (§3.8): one live trigger fires by itself, several are
        ordered by their owner (a decision); True if that decision is now pending."""
        s = tx.s
        while s.pending:
            live = [t for t in s.pending if Q.trigger_live(s, t)]
            if not live:
                tx.emit(E.Cleared())
                return False
            if len(live) > 1:
                tx.emit(E.Await(s.animals[live[0].to].owner, "trigger"))
                return True
            self.fire(tx, live[0].card, live[0].to)
            s = tx.s
        return False

    def fire(self, tx: Tx[ClassicState], card: int, to: int) -> None:
        trait = tx.s.links[card].trait
        tx.emit(E.Fired(card, to))
        self.give_food(tx, to, 1, "communication" if trait == COMMUNICATION else "cooperation")

    # --- attacks (§4.3): the kit's, with Быстрое ------------------------------------------------

    def hunter(self, s: ClassicState) -> int:
        assert s.attack is not None
        return s.animals[s.attack.predator].owner

    def roll_defence(self, tx: Tx[ClassicState], d: A.Defend) -> None:
        """Быстрое: a d6, 4-6 escapes (CL14)."""
        s = tx.s
        assert s.attack is not None
        prey = s.animals[s.attack.prey]
        die = self.roll(s, 1)[0]
        escaped = die >= numbers()["running_from"]
        tx.emit(E.Ran(prey.uid, card_of(prey, RUNNING), die, escaped))
        if escaped:
            self.settle(tx)
        else:
            self.defend(tx)

    # --- extinction (§3.6) ---------------------------------------------------------------------

    def end_feeding(self, tx: Tx[ClassicState]) -> None:
        s = tx.s
        tx.emit(E.FeedingEnded(s.base))  # F4
        if s.personal:  # F5, CL34
            for seat in seats_from(s, s.first):
                k = sum(a.fat for a in row(tx.s, seat))
                if k:
                    tx.emit(E.FatStored(seat, k))
        self.poison_deaths(tx)  # X1
        if tx.s.personal:
            self.next_reserve(tx, 0)
        else:
            self.starvation(tx)

    def next_reserve(self, tx: Tx[ClassicState], index: int) -> None:
        """X2 (v0.9 personal food): each player in turn order may feed unfed animals (CL35)."""
        s = tx.s
        for j in range(index, s.n):
            seat = (s.first + j) % s.n
            if Q.reserve_targets(s, seat):
                tx.emit(E.Await(seat, "reserve"))
                return
        self.starvation(tx)

    def starvation(self, tx: Tx[ClassicState]) -> None:
        """X3 (CL30, CL40), X4, then the draw."""
        s = tx.s
        order = [a for seat in seats_from(s, s.first) for a in row(s, seat)]
        if not s.v09:
            for a in order:
                if not Q.fed(a):
                    tx.emit(E.Died(a.uid, "starved"))
        else:
            for a in order:
                if a.turned and not Q.fed(a):
                    tx.emit(E.Died(a.uid, "starved"))
            alive = [a for a in order if a.uid in tx.s.animals]
            turn = [a.uid for a in alive if not a.turned and not Q.fed(a)]
            straighten = [a.uid for a in alive if a.turned and Q.fed(a)]
            if turn:
                tx.emit(E.Turned(turn))
            if straighten:
                tx.emit(E.Straightened(straighten))
        tx.emit(E.CleanedUp())
        self.draw(tx)

    def draw(self, tx: Tx[ClassicState]) -> None:
        """X5."""
        s = tx.s
        if not s.v09:
            if not s.deck:  # CL26: the game ends before dealing
                self.classic_end(tx)
                return
            quota = []
            for p in s.players:  # CL25
                quota.append(numbers()["classic_empty"] if not p.row and not p.hand
                             else len(p.row) + 1)
            self.deal(tx, quota)
            self.end_turn(tx)
            return
        if s.last:  # CL31
            self.score(tx)
            return
        self.deal(tx, [numbers()["v09_deal"]] * s.n)
        self.draw_from(tx, 0)

    def draw_from(self, tx: Tx[ClassicState], index: int) -> None:
        """v0.9 X5: players above the hand limit discard down to it, in turn order (CL33)."""
        s = tx.s
        for j in range(index, s.n):
            seat = (s.first + j) % s.n
            if len(s.players[seat].hand) > Q.hand_limit():
                tx.emit(E.Await(seat, "discard"))
                return
        bonus = [p.bonus for p in s.players]
        if any(bonus):
            self.deal(tx, bonus, bonus=True)
        self.score(tx)

    def score(self, tx: Tx[ClassicState]) -> None:
        """v0.9 X6, then the end after the last turn (§7.2)."""
        s = tx.s
        points, fed = zip(*(Q.v09_points(s, seat) for seat in range(s.n)), strict=True)
        tx.emit(E.Scored(list(points), list(fed)))
        if tx.s.last:
            self.v09_end(tx)
        else:
            self.end_turn(tx)

    def end_turn(self, tx: Tx[ClassicState]) -> None:
        self.start_turn(tx)  # X7: the first player passes clockwise

    def classic_end(self, tx: Tx[ClassicState]) -> None:
        """§7.1: score; ties by own discard pile, then by lot (CL27, CL28)."""
        s = tx.s
        scores = [sum(Q.score_of(s, seat).values()) for seat in range(s.n)]
        tied = most(most(range(s.n), scores.__getitem__), lambda seat: len(s.players[seat].pile))
        tx.emit(E.GameEnded(scores, self.by_lot(tx, tied)))

    def v09_end(self, tx: Tx[ClassicState]) -> None:
        """§7.2: most points; ties by fed animals, then (personal food) by reserve; then a
        shared win."""
        s = tx.s
        scores = [p.score for p in s.players]
        tied = most(most(range(s.n), scores.__getitem__), lambda seat: s.players[seat].fed)
        if s.personal:
            tied = most(tied, lambda seat: s.players[seat].reserve)
        tx.emit(E.GameEnded(scores, tied))

    # --- the players' actions ------------------------------------------------------------------

    def _create(self, tx: Tx[ClassicState], act: A.Create) -> None:
        s = tx.s
        tx.emit(E.Created(s.decider, s.next_uid, act.card))
        self.next_developer(tx, tx.s.decider)

    def _add(self, tx: Tx[ClassicState], act: A.Add) -> None:
        s = tx.s
        trait = Q.face(s, act.card)[0 if act.side == "a" else 1]
        tx.emit(E.Added(s.decider, act.animal, act.card, trait))
        self.next_developer(tx, tx.s.decider)

    def _pair(self, tx: Tx[ClassicState], act: A.Pair) -> None:
        s = tx.s
        trait = Q.face(s, act.card)[0 if act.side == "a" else 1]
        tx.emit(E.Paired(s.decider, act.card, trait, act.a, act.b))
        self.next_developer(tx, tx.s.decider)

    def _pass(self, tx: Tx[ClassicState], act: A.Pass) -> None:
        seat = tx.s.decider
        tx.emit(E.Passed(seat))
        self.next_developer(tx, seat)

    def _take(self, tx: Tx[ClassicState], act: A.Take) -> None:
        tx.emit(E.Took(act.animal))
        self.give_food(tx, act.animal, 1, "take")
        self.settle(tx)

    def _convert(self, tx: Tx[ClassicState], act: A.Convert) -> None:
        tx.emit(E.Converted(act.animal, act.k))  # CL12: not a receipt, no triggers
        self.go_on(tx)

    def _graze(self, tx: Tx[ClassicState], act: A.Graze) -> None:
        tx.emit(E.Grazed(act.animal, card_of(tx.s.animals[act.animal], GRAZING)))
        self.go_on(tx)

    def _pirate(self, tx: Tx[ClassicState], act: A.Pirate) -> None:
        self.pirate(tx, act)
        s = tx.s
        new = Q.triggers_of(s, s.animals[act.animal], False)  # a receipt: Сотрудничество only
        if new:
            tx.emit(E.Pending(new))
        self.settle(tx)

    def _hibernate(self, tx: Tx[ClassicState], act: A.Hibernate) -> None:
        tx.emit(E.Hibernated(act.animal, card_of(tx.s.animals[act.animal], HIBERNATION)))
        self.go_on(tx)

    def _end(self, tx: Tx[ClassicState], act: A.End) -> None:
        s = tx.s
        if s.step == "reserve":
            self.next_reserve(tx, (s.decider - s.first) % s.n + 1)
        else:
            self.end_go(tx)

    def _fire(self, tx: Tx[ClassicState], act: A.Fire) -> None:
        self.fire(tx, act.card, act.to)
        self.settle(tx)

    def _reserve(self, tx: Tx[ClassicState], act: A.Reserve) -> None:
        s = tx.s
        seat = s.decider
        tx.emit(E.ReserveUsed(seat, act.animal, act.k))  # CL35: no paired triggers
        if Q.reserve_targets(tx.s, seat):
            tx.emit(E.Await(seat, "reserve"))
        else:
            self.next_reserve(tx, (seat - s.first) % s.n + 1)


FLOW = ClassicFlow()
new_tx, resolve, setup = FLOW.new_tx, FLOW.resolve, FLOW.setup
