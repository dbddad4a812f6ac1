"""The `newworld` state machine (spec §3): what happens after each action until the next
decision.

The «Эволюция» kit's `EvolutionFlow` holds what Новый мир shares with classic (the attack, the
scavenger, dice, the lot); `NewWorldFlow` adds Новый мир's own rules. A decision without a real
choice is not asked (spec §3.7 as Evo applies it): a player with nothing to play passes, a
feeding turn with nothing possible is passed (F2) and one with nothing more to do ends, a
single live paired trigger fires, a lone automatic defence (Рогатое, Быстрое, Мимикрия with
one target) is used, a lone scavenger eats, a revealed mutation that fits one way only goes
there.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import ClassVar

from core.engine.protocol import Options
from core.engine.tx import Tx
from core.games.newworld import actions as A
from core.games.newworld import events as E
from core.games.newworld import queries as Q
from core.games.newworld.data import (
    CARD_COUNT,
    COMMUNICATION,
    DETERRENCE,
    HABITAT_CARDS,
    HIBERNATION,
    HOOFED,
    PAIRED,
    TRANSFORMATION,
    habitat_kinds,
    numbers,
    trait_of,
)
from core.games.newworld.fold import FOLD
from core.games.newworld.state import Animal, NewWorldState
from core.kits.evolution.animals import card_of, fat_for_need, row, seats_from
from core.kits.evolution.flow import EvolutionFlow, deal_round, first_player, most, shuffled


def has_cards(s: NewWorldState, seat: int) -> bool:
    p = s.players[seat]
    return bool(p.pool if s.scenario == "mutations" else p.hand)


def save_options(s: NewWorldState, a: Animal) -> tuple[bool, bool]:
    """E2 for a hungry animal: (fat can pay, Спячка can save it) — never in the last epoch."""
    return a.fat > 0, HIBERNATION in a.traits and not s.last


class NewWorldFlow(EvolutionFlow[NewWorldState, A.Defend]):
    E: ClassVar[ModuleType] = E
    Q: ClassVar[ModuleType] = Q
    fold = FOLD
    automatic = ("horned", "running", "mimicry")  # NW19: the automatic defences
    handlers: ClassVar[dict[type, str]] = {
        A.Create: "_create", A.Add: "_add", A.Pair: "_pair", A.Pass: "_pass", A.Swap: "_swap",
        A.Mutate: "_mutate", A.Side: "_side", A.Feed: "_feed", A.Shelter: "_shelter",
        A.Attack: "attack", A.Pirate: "_pirate", A.Transform: "_transform", A.End: "_end",
        A.Fire: "_fire", A.Trample: "_hoof", A.Spare: "_hoof", A.Defend: "chosen_defence",
        A.Scavenge: "chosen_scavenger", A.Save: "_save", A.Discard: "discard",
    }

    def numbers(self) -> Mapping[str, int]:
        return numbers()

    def defences(self, s: NewWorldState) -> list[A.Defend]:
        return Q.defences(s)

    # --- setup (§2.3, §7.4, §7.5) ------------------------------------------------------------------

    def setup(self, tx: Tx[NewWorldState], players: int, opts: Options, seed: int) -> None:
        deck = shuffled(seed, 0, CARD_COUNT)
        habitats = shuffled(seed, 1, HABITAT_CARDS)
        first = first_player(seed, 2, players)  # §2.3: a die roll
        scenario = opts["scenario"]
        cataclysm = scenario == "cataclysm"
        tx.emit(E.GameStarted(seed, 3, players, scenario, bool(opts["unlimited_hand"]),
                         1 if cataclysm else opts["length"], deck, habitats,
                         players + 1 if cataclysm else players, first))
        n = numbers()
        if cataclysm:  # §7.5: 20 cards each, the rest to the box; the habitats filled now
            self.deal_round(tx, [n["cataclysm_deal"]] * players)
            tx.emit(E.Boxed(len(tx.s.deck)))
            self.fill(tx)
        else:
            self.deal_round(tx, [n["pool" if scenario == "mutations" else "hand"]] * players,
                       pool=scenario == "mutations")
        self.start_epoch(tx)

    def deal_round(self, tx: Tx[NewWorldState], quota: list[int], pool: bool = False) -> None:
        """Deal one card at a time clockwise from the first player until each seat has its quota
        (setup: the deck is full)."""
        seats, cards, _ = deal_round(tx.s, quota[:], 0)
        tx.emit(E.Dealt(seats, cards, pool))

    def draw(self, tx: Tx[NewWorldState], seat: int, k: int, pool: bool) -> None:
        """E6: `seat` draws `k` cards, the discard pile reshuffled whenever the deck runs out;
        drawing stops when both are empty (NW38)."""
        while k > 0:
            s = tx.s
            if not s.deck:
                if not s.discard:
                    return
                self.reshuffle(tx)
                s = tx.s
            take = min(k, len(s.deck))
            tx.emit(E.Dealt([seat] * take, s.deck[len(s.deck) - take:][::-1], pool))
            k -= take

    # --- epochs and development (§3.3) ----------------------------------------------------------

    def start_epoch(self, tx: Tx[NewWorldState]) -> None:
        s = tx.s
        epoch = s.epoch + 1
        first = s.first if s.epoch == 0 else (s.first + 1) % s.n  # E7
        tx.emit(E.EpochStarted(epoch, first))
        self.next_developer(tx, (first - 1) % s.n)

    def next_developer(self, tx: Tx[NewWorldState], after: int) -> None:
        """D1-D3: the next player who has not passed, clockwise after `after`; one with nothing to
        play passes by itself. When all have passed, the habitat phase."""
        s = tx.s
        n = s.n
        for j in range(1, n + 1):
            seat = (after + j) % n
            if s.players[seat].passed:
                continue
            if not has_cards(s, seat):
                tx.emit(E.Passed(seat, auto=True))
                continue
            tx.emit(E.Await(seat, "develop"))
            return
        self.habitat_phase(tx)

    # --- habitats (§3.4, §6.3) ---------------------------------------------------------------------

    def fill(self, tx: Tx[NewWorldState]) -> None:
        """H2: every open habitat back to its printed tokens; a Болота keeps its food and gets
        1 if it has none (NW34)."""
        s = tx.s
        kinds = habitat_kinds()
        refill = numbers()["swamp_refill"]
        keys, red, shelter = [], [], []
        for h in s.habitats:
            k = kinds[h.kind]
            keys.append(h.key)
            if k.swamp:
                red.append(h.red if h.red > 0 else refill)
            else:
                red.append(k.red)
            shelter.append(k.shelter)
        tx.emit(E.Filled(keys, red, shelter))

    def habitat_phase(self, tx: Tx[NewWorldState]) -> None:
        s = tx.s
        if s.scenario != "cataclysm":  # §7.5: skipped in Катаклизм
            if s.hstack:
                tx.emit(E.HabitatRevealed(s.hstack[-1], len(s.hstack) == 1))  # H1, H3
            self.fill(tx)
        self.start_feeding(tx)

    def feed_swamps(self, tx: Tx[NewWorldState]) -> None:
        """§6.3: a death adds 1 food to every Болота holding 3 or fewer."""
        s = tx.s
        kinds = habitat_kinds()
        most = numbers()["swamp_gain_max"]
        keys = [h.key for h in s.habitats if kinds[h.kind].swamp and h.red <= most]
        if keys:
            tx.emit(E.SwampFed(keys))

    # --- feeding (§3.5) -----------------------------------------------------------------------------

    def start_feeding(self, tx: Tx[NewWorldState]) -> None:
        tx.emit(E.FeedingStarted())
        self.start_turn(tx, tx.s.first)

    def start_turn(self, tx: Tx[NewWorldState], seat: int) -> None:
        """F1/F2: the next player who has not passed, from `seat` on; one with no legal main and
        no legal additional action passes by itself. When all have passed, extinction."""
        s = tx.s
        n = s.n
        for j in range(n):
            who = (seat + j) % n
            if s.players[who].passed:
                continue
            tx.emit(E.TurnStarted(who))
            if Q.has_option(tx.s, who):
                tx.emit(E.Await(who, "feed"))
                return
            tx.emit(E.Passed(who, auto=True))
            s = tx.s
        self.end_feeding(tx)

    def go_on(self, tx: Tx[NewWorldState]) -> None:
        """Back to the active player; the turn ends by itself when `end` is all that is left."""
        s = tx.s
        if Q.more_to_do(s, s.go):
            tx.emit(E.Await(s.go, "feed"))
        else:
            self.end_turn(tx)

    def end_turn(self, tx: Tx[NewWorldState]) -> None:
        s = tx.s
        tx.emit(E.TurnEnded(s.go))
        self.start_turn(tx, (s.go + 1) % s.n)

    def give_food(self, tx: Tx[NewWorldState], uid: int, n: int, why: str, habitat: str = "") -> int:
        """GiveFood (§4.1): food while hungry, then fat on empty Жировой запас cards (NW5); a
        Симбиоз dependent of a hungry protector gets nothing (NW30). From a habitat: at most its
        red tokens. Returns the units placed."""
        s = tx.s
        a = s.animals[uid]
        if habitat:
            h = Q.habitat(s, habitat)
            n = min(n, h.red if h is not None else 0)
        food, fat = Q.give(s, a, n)
        if food + fat == 0:
            return 0
        if habitat:
            tx.emit(E.Food(uid, why, red=food, fat=fat, habitat=habitat))
        else:
            tx.emit(E.Food(uid, why, blue=food, fat=fat))
        return food + fat

    def took_in_habitat(self, tx: Tx[NewWorldState], uid: int, habitat: str) -> None:
        """§4.3: an animal that has taken food in a habitat brings its triggers (each card once
        per turn, NW9); they resolve depth-first (§3.8)."""
        s = tx.s
        cards = Q.trigger_cards(s, s.animals[uid])
        if cards:
            tx.emit(E.Triggered(uid, habitat, cards))

    def drain(self, tx: Tx[NewWorldState]) -> bool:
        """Resolve the innermost pending triggers (§3.8): a lone paired trigger acts by itself;
        several, or Копытное, are the owner's decision. True if that decision is now pending."""
        s = tx.s
        while s.frames:
            live = Q.live_triggers(s)
            if not live:
                tx.emit(E.FrameDone())
                s = tx.s
                continue
            if len(live) == 1 and live[0] in s.links:
                self.fire(tx, live[0])
                s = tx.s
                continue
            tx.emit(E.Await(s.animals[s.frames[-1].animal].owner, "trigger"))
            return True
        return False

    def fire(self, tx: Tx[NewWorldState], card: int) -> None:
        s = tx.s
        f = s.frames[-1]
        to = Q.partner(s, card, f.animal)
        trait = s.links[card].trait
        tx.emit(E.Fired(card, to))
        if trait == COMMUNICATION:  # NW15: from the very habitat, and a habitat meal itself
            if self.give_food(tx, to, 1, "communication", f.habitat):
                self.took_in_habitat(tx, to, f.habitat)
        else:  # NW16: Сотрудничество feeds from the supply and fires nothing
            self.give_food(tx, to, numbers()["cooperation"], "cooperation")

    def surplus(self, tx: Tx[NewWorldState], uid: int) -> None:
        """NW35: food beyond a lowered need goes back to the supply (blue first)."""
        a = tx.s.animals.get(uid)
        if a is None:
            return
        extra = a.red + a.blue - a.need
        if extra > 0:
            blue = min(extra, a.blue)
            tx.emit(E.Surplus(uid, red=extra - blue, blue=blue))

    # --- attacks (§4.5): the kit's, with Рогатое, Быстрое and Устрашение ------------------------

    def hunter(self, s: NewWorldState) -> int:
        assert s.attack is not None
        return s.attack.hunter

    def after_death(self, tx: Tx[NewWorldState]) -> None:
        self.feed_swamps(tx)

    def after_tail(self, tx: Tx[NewWorldState], uid: int) -> None:
        self.surplus(tx, uid)

    def roll_defence(self, tx: Tx[NewWorldState], d: A.Defend) -> None:
        s = tx.s
        at = s.attack
        assert at is not None
        prey = s.animals[at.prey]
        if d.kind == "deterrence":
            tx.emit(E.Deterred(prey.uid, card_of(prey, DETERRENCE)))
            self.settle(tx)
            return
        die = self.roll(s, 1)[0]  # NW20: Рогатое or Быстрое
        success = die >= numbers()[f"{d.kind}_from"]
        tx.emit(E.Rolled(prey.uid, card_of(prey, d.kind), d.kind, die, success))
        if not success:
            self.defend(tx)
            return
        if d.kind == "horned":  # NW47: the predator dies of the attack, gets nothing
            tx.emit(E.Died(at.predator, "horned"))
            self.feed_swamps(tx)
        self.settle(tx)

    # --- extinction (§3.6) -------------------------------------------------------------------------

    def end_feeding(self, tx: Tx[NewWorldState]) -> None:
        tx.emit(E.FeedingEnded())
        self.poison_deaths(tx)  # E1
        self.next_save(tx)

    def next_save(self, tx: Tx[NewWorldState]) -> None:
        """E2, players in turn order (NW37): fat and Спячка by themselves; the owner decides
        which goes first when both could (NW25)."""
        s = tx.s
        for seat in seats_from(s, s.first):
            for a in row(tx.s, seat):
                if a.slept or not Q.hungry(a):
                    continue
                fat, sleep = save_options(tx.s, a)
                if fat and sleep:
                    tx.emit(E.Await(seat, "save"))
                    return
                if fat:
                    self.use_fat(tx, a)
                elif sleep:
                    tx.emit(E.Hibernated(a.uid, card_of(a, HIBERNATION)))
        self.starvation(tx)

    def use_fat(self, tx: Tx[NewWorldState], a: Animal) -> None:
        tx.emit(E.FatUsed(a.uid, fat_for_need(a)))

    def starvation(self, tx: Tx[NewWorldState]) -> None:
        """E3: the hungry die together, each death feeding the Болота; E4 the end after the last
        epoch; E5 the clean-up; E6 the draw."""
        s = tx.s
        doomed = [a.uid for seat in seats_from(s, s.first) for a in row(s, seat)
                  if Q.hungry(a) and not a.slept]
        for uid in doomed:
            tx.emit(E.Died(uid, "starved"))
            self.feed_swamps(tx)
        s = tx.s
        if s.last or (s.scenario != "cataclysm" and not s.hstack):  # E4
            self.final(tx)
            return
        tx.emit(E.CleanedUp())
        if tx.s.habitats:
            tx.emit(E.HabitatDiscarded(tx.s.habitats[-1].card))
        self.draw_from(tx, 0)

    def draw_from(self, tx: Tx[NewWorldState], index: int) -> None:
        """E6 in turn order (NW38): each player draws his amount and discards down to the limit
        before the next one draws; Случайные мутации draws onto the gene pool (§7.4)."""
        s = tx.s
        n = numbers()
        mutations = s.scenario == "mutations"
        for j in range(index, s.n):
            seat = (s.first + j) % s.n
            p = s.players[seat]
            held = p.pool if mutations else p.hand
            k = len(p.row) + n["draw_extra"] if p.row else max(0, n["empty_refill"] - len(held))
            self.draw(tx, seat, k, mutations)
            p = tx.s.players[seat]
            if tx.s.unlimited:
                continue
            if mutations:
                extra = len(p.pool) - n["pool"]
                if extra > 0:
                    tx.emit(E.PoolTrimmed(seat, p.pool[:extra]))
            elif len(p.hand) > n["hand"]:
                tx.emit(E.Await(seat, "discard"))
                return
        self.start_epoch(tx)  # E7

    def final(self, tx: Tx[NewWorldState]) -> None:
        """§7.1: points, then surviving animals, then a lot (NW40)."""
        s = tx.s
        scores = [sum(Q.score_of(s, seat).values()) for seat in range(s.n)]
        animals = [len(p.row) for p in s.players]
        tied = most(most(range(s.n), scores.__getitem__), animals.__getitem__)
        lot = len(tied) > 1
        tx.emit(E.GameEnded(scores, animals, self.by_lot(tx, tied), lot))

    # --- the players' actions ----------------------------------------------------------------------

    def _create(self, tx: Tx[NewWorldState], act: A.Create) -> None:
        s = tx.s
        tx.emit(E.Created(s.decider, s.next_uid, act.card, act.before))
        self.next_developer(tx, s.decider)

    def _add(self, tx: Tx[NewWorldState], act: A.Add) -> None:
        s = tx.s
        tx.emit(E.Added(s.decider, act.animal, act.card, trait_of(act.card, act.side)))
        self.next_developer(tx, s.decider)

    def _pair(self, tx: Tx[NewWorldState], act: A.Pair) -> None:
        s = tx.s
        seat = s.decider
        tx.emit(E.Paired(seat, act.card, trait_of(act.card, act.side), act.a, act.b,
                    Q.join_row(s, seat, act.a, act.b)))
        self.next_developer(tx, seat)

    def _pass(self, tx: Tx[NewWorldState], act: A.Pass) -> None:
        s = tx.s
        seat = s.decider
        tx.emit(E.Passed(seat))
        if s.phase == "develop":
            self.next_developer(tx, seat)
        else:
            self.start_turn(tx, (seat + 1) % s.n)

    def _swap(self, tx: Tx[NewWorldState], act: A.Swap) -> None:
        s = tx.s
        seat = s.decider
        tx.emit(E.Swapped(seat, Q.swap_row(s, seat, act.a, act.b)))
        tx.emit(E.Await(seat, "develop"))

    def _mutate(self, tx: Tx[NewWorldState], act: A.Mutate) -> None:
        s = tx.s
        seat = s.decider
        top = s.players[seat].pool[-1]
        if not act.animal:  # a new animal, unseen, at the right end (§7.4)
            tx.emit(E.Created(seat, s.next_uid, top, 0, "pool"))
            self.next_developer(tx, seat)
            return
        tx.emit(E.Revealed(seat, top, act.animal))
        self.place_mutation(tx)

    def place_mutation(self, tx: Tx[NewWorldState]) -> None:
        """NW41: the revealed card goes on X if a side fits, else on X's right neighbour, else it
        becomes a new animal at the right end; a choice is asked only between fitting sides."""
        s = tx.s
        seat = s.decider
        a = s.animals[s.target]
        options = Q.mutation_sides(s, seat, s.reveal, a)
        if not options:
            r = Q.right_of(s, a)
            if r is not None:
                tx.emit(E.Retargeted(r.uid))
                s = tx.s
                options = Q.mutation_sides(s, seat, s.reveal, r)
            if not options:
                tx.emit(E.Created(seat, s.next_uid, s.reveal, 0, "reveal"))
                self.next_developer(tx, seat)
                return
        if len(options) == 1:
            self.place_side(tx, options[0])
        else:
            tx.emit(E.Await(seat, "side"))

    def place_side(self, tx: Tx[NewWorldState], act: A.Side) -> None:
        s = tx.s
        seat = s.decider
        card, target = s.reveal, s.target
        trait = trait_of(card, act.side)
        if s.replace:  # Превращение with a gene-pool card
            x = s.animals[target]
            tx.emit(E.Transformed(target, card_of(x, TRANSFORMATION), s.replace, card, trait, "reveal"))
            self.surplus(tx, target)
            self.go_on(tx)
            return
        a = s.animals[target]
        if act.a:  # Симбиоз with its direction
            tx.emit(E.Paired(seat, card, trait, act.a, act.b, s.players[seat].row[:], "reveal"))
        elif trait in PAIRED:
            r = Q.right_of(s, a)
            assert r is not None
            tx.emit(E.Paired(seat, card, trait, a.uid, r.uid, s.players[seat].row[:], "reveal"))
        else:
            tx.emit(E.Added(seat, target, card, trait, "reveal"))
        self.next_developer(tx, seat)

    def _side(self, tx: Tx[NewWorldState], act: A.Side) -> None:
        self.place_side(tx, act)

    def _feed(self, tx: Tx[NewWorldState], act: A.Feed) -> None:
        tx.emit(E.Foraged(act.animal, act.habitat))
        self.give_food(tx, act.animal, 1, "habitat", act.habitat)
        self.took_in_habitat(tx, act.animal, act.habitat)
        self.settle(tx)

    def _shelter(self, tx: Tx[NewWorldState], act: A.Shelter) -> None:
        tx.emit(E.Sheltered(act.animal, act.habitat))
        self.go_on(tx)

    def _pirate(self, tx: Tx[NewWorldState], act: A.Pirate) -> None:
        self.pirate(tx, act)
        self.go_on(tx)

    def _transform(self, tx: Tx[NewWorldState], act: A.Transform) -> None:
        s = tx.s
        a = s.animals[act.animal]
        by = card_of(a, TRANSFORMATION)
        if act.card:
            tx.emit(E.Transformed(a.uid, by, act.old, act.card, trait_of(act.card, act.side)))
            self.surplus(tx, a.uid)
            self.go_on(tx)
            return
        top = s.players[a.owner].pool[-1]  # §7.4: the top gene-pool card, revealed
        tx.emit(E.Revealed(a.owner, top, a.uid, act.old))
        s = tx.s
        options = Q.transform_sides(s, top, s.animals[a.uid], act.old)
        if not options:
            tx.emit(E.Wasted(top, a.uid, by))
            self.go_on(tx)
        elif len(options) == 1:
            self.place_side(tx, options[0])
        else:
            tx.emit(E.Await(a.owner, "side"))

    def _end(self, tx: Tx[NewWorldState], act: A.End) -> None:
        self.end_turn(tx)

    def _fire(self, tx: Tx[NewWorldState], act: A.Fire) -> None:
        self.fire(tx, act.card)
        self.settle(tx)

    def _hoof(self, tx: Tx[NewWorldState], act: A.Trample | A.Spare) -> None:
        s = tx.s
        f = s.frames[-1]
        a = s.animals[f.animal]
        card = card_of(a, HOOFED)
        if isinstance(act, A.Trample):
            tx.emit(E.Trampled(a.uid, card, f.habitat))
        else:
            tx.emit(E.Spared(card))
        self.settle(tx)

    def _save(self, tx: Tx[NewWorldState], act: A.Save) -> None:
        """NW25: the chosen save first; the other only if the animal is still hungry."""
        a = tx.s.animals[act.animal]
        if act.first == "fat":
            self.use_fat(tx, a)
            a = tx.s.animals[act.animal]
            if Q.hungry(a):
                tx.emit(E.Hibernated(a.uid, card_of(a, HIBERNATION)))
        else:
            tx.emit(E.Hibernated(a.uid, card_of(a, HIBERNATION)))
        self.next_save(tx)


FLOW = NewWorldFlow()
new_tx, resolve, setup = FLOW.new_tx, FLOW.resolve, FLOW.setup
