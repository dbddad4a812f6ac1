"""The `classic` state machine (spec §3): what happens after each action until the next decision.

Every step is an event emitted through `Tx`, which folds it at once, so the next step sees
its effect. Each path ends by posting an `Await` for the next decision or by ending the game.
A decision without a real choice is not asked (spec §3.7 as Evo applies it): a player with an
empty hand passes, a feeding go with nothing to do ends, a single live paired trigger fires, a
lone mandatory defence (Быстрое, or Мимикрия with one target) is used, a lone scavenger eats.
"""

from __future__ import annotations

from typing import Any

from core.engine.rng import derived
from core.engine.rules_base import Tx
from core.games.classic import actions as A
from core.games.classic import events as E
from core.games.classic import queries as Q
from core.games.classic.data import (
    CARD_COUNT,
    CARNIVOROUS,
    COMMUNICATION,
    GRAZING,
    HIBERNATION,
    MIMICRY,
    PIRACY,
    POISONOUS,
    RUNNING,
    food_dice,
    numbers,
    v09_length,
)
from core.games.classic.fold import FOLD
from core.games.classic.legal import defences
from core.games.classic.state import ClassicState


def new_tx(s: ClassicState | None) -> Tx[ClassicState]:
    """A transaction over `s` that folds with the `classic` fold table."""
    return Tx(s, FOLD)  # type: ignore[arg-type]


def resolve(tx: Tx[ClassicState], action: Any) -> None:
    """Resolve a legal action: its handler continues the flow to the next decision."""
    HANDLERS[type(action)](tx, action)


def roll(s: ClassicState, k: int) -> list[int]:
    """k six-sided dice: the scenario's fixed faces first, else from the seeded generator."""
    if s.fixed_dice:
        if len(s.fixed_dice) < k:
            raise ValueError("the scenario's fixed dice ran out")
        return s.fixed_dice[:k]
    rng = derived(s.seed, s.rng_count)
    return [rng.randint(1, 6) for _ in range(k)]


# --- setup (§2.3) ----------------------------------------------------------------------------

def setup(tx: Tx, players: int, opts: dict[str, Any], seed: int) -> None:
    deck = list(range(1, CARD_COUNT + 1))
    derived(seed, 0).shuffle(deck)
    first = derived(seed, 1).randrange(players)  # §2.3: chosen at random
    v09 = opts["ruleset"] == "v09"
    tx(E.GameStarted(seed, 2, players, v09, bool(opts["personal_food"]),
                     bool(opts["five_players"]), opts["mimicry"] == "third",
                     bool(opts["single_poisonous"]), v09_length(players) if v09 else 0,
                     deck, first))
    deal(tx, [numbers()["hand"]] * players)
    start_turn(tx)


def deal(tx: Tx, quota: list[int], bonus: bool = False) -> None:
    """Deal one card at a time clockwise from the first player until each seat has its quota
    (CL25); v0.9 reshuffles the common pile when the deck runs out and goes on round the
    table, and dealing stops when both are empty (CL36)."""
    s = tx.s
    n = s.n
    left = quota[:]
    j = 0  # the next seat in the rotation, counted from the first player
    while any(left):
        seats: list[int] = []
        cards: list[int] = []
        i = len(s.deck)
        while any(left) and i > 0:
            seat = (s.first + j) % n
            j += 1
            if left[seat]:
                i -= 1
                seats.append(seat)
                cards.append(s.deck[i])
                left[seat] -= 1
        if cards:
            tx(E.Dealt(seats, cards, bonus))
            s = tx.s
        if not any(left) or not (s.v09 and s.discard):
            return  # classic: the deck is never reshuffled (CL25)
        order = s.discard[:]
        derived(s.seed, s.rng_count).shuffle(order)
        tx(E.Reshuffled(order))
        s = tx.s


# --- turns ---------------------------------------------------------------------------------

def start_turn(tx: Tx) -> None:
    s = tx.s
    turn = s.turn + 1
    first = s.first if s.turn == 0 else (s.first + 1) % s.n  # X7
    last = turn == s.length if s.v09 else not s.deck  # §3.1, CL26
    tx(E.TurnStarted(turn, first, last))
    next_developer(tx, (first - 1) % s.n)


def next_developer(tx: Tx, after: int) -> None:
    """V1-V3: the next player who has not passed, clockwise after `after`; an empty hand
    passes by itself (§3.3). When all have passed, the food base (§3.4)."""
    s = tx.s
    for j in range(1, s.n + 1):
        seat = (after + j) % s.n
        p = s.players[seat]
        if p.passed:
            continue
        if not p.hand:
            tx(E.Passed(seat, auto=True))
            continue
        tx(E.Await(seat, "develop"))
        return
    food_base(tx)


def food_base(tx: Tx) -> None:
    s = tx.s
    dice, bonus = food_dice(s.n)
    tx(E.Rolled(s.first, roll(s, dice), bonus))
    start_go(tx, tx.s.first)


# --- feeding goes (§3.5) ----------------------------------------------------------------------

def start_go(tx: Tx, seat: int) -> None:
    """F1/F4: the next go, or the end of feeding after a full round without any action (CL9).
    A go with nothing possible is declined at once."""
    s = tx.s
    while s.idle < s.n:
        if Q.has_option(s, seat):
            tx(E.GoStarted(seat))
            tx(E.Await(seat, "feed"))
            return
        tx(E.GoEnded(seat, True, auto=True))
        s = tx.s
        seat = (seat + 1) % s.n
    end_feeding(tx)


def go_on(tx: Tx) -> None:
    """Back to the player whose go it is; the go ends when nothing is left to do."""
    s = tx.s
    if Q.has_option(s, s.go):
        tx(E.Await(s.go, "feed"))
    else:
        end_go(tx)


def end_go(tx: Tx) -> None:
    s = tx.s
    tx(E.GoEnded(s.go, not s.acted))
    start_go(tx, (s.go + 1) % s.n)


def give_food(tx: Tx, uid: int, n: int, why: str) -> None:
    """GiveFood (§4.1): food while unfed, then fat on empty Жировой запас cards (CL11); red
    comes from the base (`why` take or communication), blue from the supply. A receipt fires
    the animal's paired triggers (§4.2)."""
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
        tx(E.Food(uid, why, red=food, fat=fat, base=food + fat))
    else:
        tx(E.Food(uid, why, blue=food, fat=fat))
    s = tx.s
    new = Q.triggers_of(s, s.animals[uid], red)
    if new:
        tx(E.Pending(new))


def drain(tx: Tx) -> bool:
    """Fire pending paired triggers (§3.8): one live trigger fires by itself, several are
    ordered by their owner (a decision); True if that decision is now pending."""
    s = tx.s
    while s.pending:
        live = [t for t in s.pending if Q.trigger_live(s, t)]
        if not live:
            tx(E.Cleared())
            return False
        if len(live) > 1:
            tx(E.Await(s.animals[live[0].to].owner, "trigger"))
            return True
        fire(tx, live[0].card, live[0].to)
        s = tx.s
    return False


def fire(tx: Tx, card: int, to: int) -> None:
    trait = tx.s.links[card].trait
    tx(E.Fired(card, to))
    give_food(tx, to, 1, "communication" if trait == COMMUNICATION else "cooperation")


def settle(tx: Tx) -> None:
    """After a feeding effect: pending triggers, then the rest of an attack (the scavenger,
    §4.3 step 4), then back to the go."""
    while True:
        if drain(tx):
            return
        at = tx.s.attack
        if at is None:
            break
        if at.stage == "scavenge":
            if scavenge(tx):
                return
            continue
        tx(E.AttackEnded())
    go_on(tx)


def scavenge(tx: Tx) -> bool:
    """CL17: one scavenger per eaten animal; True if its owner must choose among several."""
    s = tx.s
    at = s.attack
    assert at is not None
    seat, found = Q.scavengers(s, s.animals[at.predator].owner)
    if len(found) > 1:
        tx(E.Await(seat, "scavenger"))
        return True
    uid = found[0].uid if found else 0
    tx(E.Scavenged(uid))
    if uid:
        give_food(tx, uid, numbers()["scavenger"], "scavenger")
    return False


# --- attacks (§4.3) ------------------------------------------------------------------------

def defend(tx: Tx) -> None:
    """Step 3: the current prey's active defences, ordered by its owner (CL14); a lone
    mandatory one is used at once, none left means the kill."""
    s = tx.s
    at = s.attack
    assert at is not None
    options = defences(s)
    if not options:
        kill(tx)
    elif len(options) == 1 and options[0].kind != "none":
        use_defence(tx, options[0])
    else:
        tx(E.Await(s.animals[at.prey].owner, "defend"))


def use_defence(tx: Tx, d: A.Defend) -> None:
    s = tx.s
    at = s.attack
    assert at is not None
    prey = s.animals[at.prey]
    if d.kind == "running":
        die = roll(s, 1)[0]
        escaped = die >= numbers()["running_from"]
        tx(E.Ran(prey.uid, Q.card_of(prey, RUNNING), die, escaped))
        if escaped:
            settle(tx)
        else:
            defend(tx)
    elif d.kind == "mimicry":
        tx(E.Mimicked(prey.uid, d.target, Q.card_of(prey, MIMICRY)))
        defend(tx)
    elif d.kind == "tail":
        tx(E.TailLost(prey.uid, d.card, prey.traits[prey.cards.index(d.card)]))
        give_food(tx, at.predator, numbers()["tail"], "tail")  # CL16: no poison
        settle(tx)
    else:
        kill(tx)


def kill(tx: Tx) -> None:
    """Step 4: the prey dies, the predator gets 2 blue, Ядовитое poisons it, then the
    scavenger (§3.8 auto-order)."""
    s = tx.s
    at = s.attack
    assert at is not None
    prey = s.animals[at.prey]
    poisonous = POISONOUS in prey.traits
    tx(E.Eaten(prey.uid, at.predator))
    give_food(tx, at.predator, numbers()["kill"], "kill")
    if poisonous:
        tx(E.Poisoned(at.predator))
    settle(tx)


# --- extinction (§3.6) -------------------------------------------------------------------------

def end_feeding(tx: Tx) -> None:
    s = tx.s
    tx(E.FeedingEnded(s.base))  # F4
    if s.personal:  # F5, CL34
        for seat in Q.seats_from(s, s.first):
            k = sum(a.fat for a in Q.row(tx.s, seat))
            if k:
                tx(E.FatStored(seat, k))
    for seat in Q.seats_from(tx.s, tx.s.first):  # X1, CL22
        for a in Q.row(tx.s, seat):
            if a.poisoned:
                tx(E.Died(a.uid, "poison"))
    if tx.s.personal:
        next_reserve(tx, 0)
    else:
        starvation(tx)


def next_reserve(tx: Tx, index: int) -> None:
    """X2 (v0.9 personal food): each player in turn order may feed unfed animals (CL35)."""
    s = tx.s
    for j in range(index, s.n):
        seat = (s.first + j) % s.n
        if Q.reserve_targets(s, seat):
            tx(E.Await(seat, "reserve"))
            return
    starvation(tx)


def starvation(tx: Tx) -> None:
    """X3 (CL30, CL40), X4, then the draw."""
    s = tx.s
    order = [a for seat in Q.seats_from(s, s.first) for a in Q.row(s, seat)]
    if not s.v09:
        for a in order:
            if not Q.fed(a):
                tx(E.Died(a.uid, "starved"))
    else:
        for a in order:
            if a.turned and not Q.fed(a):
                tx(E.Died(a.uid, "starved"))
        alive = [a for a in order if a.uid in tx.s.animals]
        turn = [a.uid for a in alive if not a.turned and not Q.fed(a)]
        straighten = [a.uid for a in alive if a.turned and Q.fed(a)]
        if turn:
            tx(E.Turned(turn))
        if straighten:
            tx(E.Straightened(straighten))
    tx(E.CleanedUp())
    draw(tx)


def draw(tx: Tx) -> None:
    """X5."""
    s = tx.s
    if not s.v09:
        if not s.deck:  # CL26: the game ends before dealing
            classic_end(tx)
            return
        quota = []
        for p in s.players:  # CL25
            quota.append(numbers()["classic_empty"] if not p.row and not p.hand else len(p.row) + 1)
        deal(tx, quota)
        end_turn(tx)
        return
    if s.last:  # CL31
        score(tx)
        return
    deal(tx, [numbers()["v09_deal"]] * s.n)
    next_discarder(tx, 0)


def next_discarder(tx: Tx, index: int) -> None:
    """v0.9 X5: players above the hand limit discard down to it, in turn order (CL33)."""
    s = tx.s
    for j in range(index, s.n):
        seat = (s.first + j) % s.n
        if len(s.players[seat].hand) > Q.hand_limit():
            tx(E.Await(seat, "discard"))
            return
    bonus = [p.bonus for p in s.players]
    if any(bonus):
        deal(tx, bonus, bonus=True)
    score(tx)


def score(tx: Tx) -> None:
    """v0.9 X6, then the end after the last turn (§7.2)."""
    s = tx.s
    points, fed = zip(*(Q.v09_points(s, seat) for seat in range(s.n)), strict=True)
    tx(E.Scored(list(points), list(fed)))
    if tx.s.last:
        v09_end(tx)
    else:
        end_turn(tx)


def end_turn(tx: Tx) -> None:
    start_turn(tx)  # X7: the first player passes clockwise


def classic_end(tx: Tx) -> None:
    """§7.1: score; ties by own discard pile, then by lot (CL27, CL28)."""
    s = tx.s
    scores = [sum(Q.score_of(s, seat).values()) for seat in range(s.n)]
    best = max(scores)
    tied = [seat for seat in range(s.n) if scores[seat] == best]
    if len(tied) > 1:
        most = max(len(s.players[seat].pile) for seat in tied)
        tied = [seat for seat in tied if len(s.players[seat].pile) == most]
    while len(tied) > 1:
        dice = roll(tx.s, len(tied))
        tx(E.Lot(tied, dice))
        top = max(dice)
        tied = [seat for seat, d in zip(tied, dice, strict=True) if d == top]
    tx(E.GameEnded(scores, tied))


def v09_end(tx: Tx) -> None:
    """§7.2: most points; ties by fed animals, then (personal food) by reserve; then a
    shared win."""
    s = tx.s
    scores = [p.score for p in s.players]
    best = max(scores)
    tied = [seat for seat in range(s.n) if scores[seat] == best]
    keys = [lambda seat: s.players[seat].fed]
    if s.personal:
        keys.append(lambda seat: s.players[seat].reserve)
    for key in keys:
        top = max(key(seat) for seat in tied)
        tied = [seat for seat in tied if key(seat) == top]
    tx(E.GameEnded(scores, tied))


# --- the players' actions --------------------------------------------------------------------

def _create(tx: Tx, act: A.Create) -> None:
    s = tx.s
    tx(E.Created(s.decider, s.next_uid, act.card))
    next_developer(tx, tx.s.decider)


def _add(tx: Tx, act: A.Add) -> None:
    s = tx.s
    trait = Q.face(s, act.card)[0 if act.side == "a" else 1]
    tx(E.Added(s.decider, act.animal, act.card, trait))
    next_developer(tx, tx.s.decider)


def _pair(tx: Tx, act: A.Pair) -> None:
    s = tx.s
    trait = Q.face(s, act.card)[0 if act.side == "a" else 1]
    tx(E.Paired(s.decider, act.card, trait, act.a, act.b))
    next_developer(tx, tx.s.decider)


def _pass(tx: Tx, act: A.Pass) -> None:
    seat = tx.s.decider
    tx(E.Passed(seat))
    next_developer(tx, seat)


def _take(tx: Tx, act: A.Take) -> None:
    tx(E.Took(act.animal))
    give_food(tx, act.animal, 1, "take")
    settle(tx)


def _attack(tx: Tx, act: A.Attack) -> None:
    p = tx.s.animals[act.predator]
    tx(E.Attacked(act.predator, act.prey, Q.card_of(p, CARNIVOROUS)))
    defend(tx)


def _convert(tx: Tx, act: A.Convert) -> None:
    tx(E.Converted(act.animal, act.k))  # CL12: not a receipt, no triggers
    go_on(tx)


def _graze(tx: Tx, act: A.Graze) -> None:
    tx(E.Grazed(act.animal, Q.card_of(tx.s.animals[act.animal], GRAZING)))
    go_on(tx)


def _pirate(tx: Tx, act: A.Pirate) -> None:
    s = tx.s
    victim = s.animals[act.victim]
    colour = "red" if victim.red else "blue"  # a red token first (our ruling, CL20)
    tx(E.Pirated(act.animal, act.victim, Q.card_of(s.animals[act.animal], PIRACY), colour))
    s = tx.s
    new = Q.triggers_of(s, s.animals[act.animal], False)  # a receipt: Сотрудничество only
    if new:
        tx(E.Pending(new))
    settle(tx)


def _hibernate(tx: Tx, act: A.Hibernate) -> None:
    tx(E.Hibernated(act.animal, Q.card_of(tx.s.animals[act.animal], HIBERNATION)))
    go_on(tx)


def _end(tx: Tx, act: A.End) -> None:
    s = tx.s
    if s.step == "reserve":
        next_reserve(tx, (s.decider - s.first) % s.n + 1)
    else:
        end_go(tx)


def _defend(tx: Tx, act: A.Defend) -> None:
    use_defence(tx, act)


def _fire(tx: Tx, act: A.Fire) -> None:
    fire(tx, act.card, act.to)
    settle(tx)


def _scavenge(tx: Tx, act: A.Scavenge) -> None:
    tx(E.Scavenged(act.animal))
    give_food(tx, act.animal, numbers()["scavenger"], "scavenger")
    settle(tx)


def _reserve(tx: Tx, act: A.Reserve) -> None:
    s = tx.s
    seat = s.decider
    tx(E.ReserveUsed(seat, act.animal, act.k))  # CL35: no paired triggers
    if Q.reserve_targets(tx.s, seat):
        tx(E.Await(seat, "reserve"))
    else:
        next_reserve(tx, (seat - s.first) % s.n + 1)


def _discard(tx: Tx, act: A.Discard) -> None:
    s = tx.s
    seat = s.decider
    tx(E.Discarded(seat, act.card))
    if len(tx.s.players[seat].hand) > Q.hand_limit():
        tx(E.Await(seat, "discard"))
    else:
        next_discarder(tx, (seat - s.first) % s.n + 1)


HANDLERS = {
    A.Create: _create, A.Add: _add, A.Pair: _pair, A.Pass: _pass, A.Take: _take,
    A.Attack: _attack, A.Convert: _convert, A.Graze: _graze, A.Pirate: _pirate,
    A.Hibernate: _hibernate, A.End: _end, A.Defend: _defend, A.Fire: _fire,
    A.Scavenge: _scavenge, A.Reserve: _reserve, A.Discard: _discard,
}
