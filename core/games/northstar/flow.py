"""The `northstar` state machine (spec §3): what happens after each action until the next decision.

Every step is an event emitted through `NorthStarTx`, which folds it at once, so the next step sees
its effect. Each path ends by posting an `Await` for the next decision or by ending the game.
A decision without a real choice is not asked: a seat with no card skips the food choice, a
phase-3 turn with nothing to play or discard ends by itself, before-reveal effects whose order
cannot matter resolve by themselves (NS19), a feeding turn with nothing to do is idle.
"""

from __future__ import annotations

from collections.abc import Callable

from core.engine.protocol import Action, Options
from core.engine.rng import derived
from core.engine.tx import Tx
from core.games.northstar import actions as A
from core.games.northstar import events as E
from core.games.northstar import queries as Q
from core.games.northstar.data import (
    BEFORE_REVEAL,
    CARD_COUNT,
    COOPERATION,
    FAT,
    FERTILE,
    FORAGING,
    HORNS,
    LONG_NECK,
    SCAVENGER,
    card_food,
    numbers,
)
from core.games.northstar.fold import FOLD, TRACK_MAX
from core.games.northstar.legal import can_feed
from core.games.northstar.plan import play_effect, project
from core.games.northstar.state import NorthStarState, species_uid
from core.games.northstar.steps import Effect
from core.games.northstar.tx import NorthStarTx


def new_tx(s: NorthStarState | None) -> NorthStarTx:
    """A transaction over `s` that folds with the `northstar` fold table."""
    return NorthStarTx(s, FOLD)


def resolve(engine_tx: Tx[NorthStarState], action: Action) -> None:
    """Resolve a legal action: its handler continues the flow to the next decision."""
    tx: NorthStarTx = engine_tx  # type: ignore[assignment]  # the ruleset's tx_type (no cast())
    HANDLERS[type(action)](tx, action)


# --- setup (§2.3) ----------------------------------------------------------------------------

def setup(engine_tx: Tx[NorthStarState], players: int, opts: Options, seed: int) -> None:
    tx: NorthStarTx = engine_tx  # type: ignore[assignment]  # the ruleset's tx_type
    deck = list(range(1, CARD_COUNT + 1))
    derived(seed, 0).shuffle(deck)
    removed: list[int] = []
    if players == 2:  # NS26: 40 random cards out, unseen, for the whole game
        k = numbers()["removed_two"]
        removed, deck = deck[:k], deck[k:]
    first = derived(seed, 1).randrange(players)  # §2.3: chosen at random
    tx.emit(E.GameStarted(seed, 2, players, bool(opts["short"]), bool(opts["open_bags"]), deck,
                     removed, first))
    start_round(tx)


# --- phase 1: deal (§3.3) ----------------------------------------------------------------------

def start_round(tx: NorthStarTx) -> None:
    s = tx.s
    first = s.first if s.round == 0 else (s.first + 1) % s.n  # §3.6 4d step 4
    tx.emit(E.RoundStarted(s.round + 1, first))
    s = tx.s
    for seat in Q.seats_from(s, first):  # P1.1, NS31
        if not s.players[seat].row:
            tx.emit(E.SpeciesAdded(seat, species_uid(seat, s.players[seat].made + 1)))
            s = tx.s
    base = numbers()["deal_base"]
    for seat in Q.seats_from(s, first):  # P1.2
        draw(tx, seat, base + len(tx.s.players[seat].row), "deal")
    food_phase(tx)


def draw(tx: NorthStarTx, seat: int, k: int, why: str) -> None:
    """`k` cards from the top of the draw pile; an empty pile is reshuffled from the discard
    pile, which flags this round (in phase 1) or the next one as the last (NS24); with both
    piles empty the draw stops."""
    while k > 0:
        s = tx.s
        if not s.deck:
            if not s.discard:
                return  # NS24
            order = s.discard[:]
            derived(s.seed, s.rng_count).shuffle(order)
            tx.emit(E.Reshuffled(order))
            if not tx.s.last:
                tx.emit(E.LastRound(s.round if s.phase == "deal" else s.round + 1))
            continue
        m = min(k, len(s.deck))
        tx.emit(E.Dealt(seat, s.deck[::-1][:m], why))
        k -= m


# --- phase 2: choose food (§3.4) --------------------------------------------------------------

def food_phase(tx: NorthStarTx) -> None:
    tx.phase("food")
    next_food(tx)


def next_food(tx: NorthStarTx) -> None:
    """Each seat holding a card chooses one, in secret (NS20); seats decide one after another
    from the first player, and nobody sees more than "chosen / not yet"."""
    s = tx.s
    for seat in Q.seats_from(s, s.first):
        p = s.players[seat]
        if p.hand and not p.food:
            tx.ask(seat, "food")
            return
    play_phase(tx)


# --- phase 3: play cards (§3.5, §7.4) ------------------------------------------------------------

def play_phase(tx: NorthStarTx) -> None:
    tx.phase("play")
    next_player(tx)


def next_player(tx: NorthStarTx) -> None:
    s = tx.s
    step = "plan" if s.short else "play"
    for seat in Q.seats_from(s, s.first):
        if s.players[seat].done:
            continue
        if not Q.has_play(s, seat):
            tx.emit(E.TurnDone(seat, auto=True))
            s = tx.s
            continue
        tx.ask(seat, step)
        return
    end_play(tx)


def end_play(tx: NorthStarTx) -> None:
    """Every seat is done: the short variant's plans are applied in turn order, then every
    face-down trait turns up at once (§3.5, NS22)."""
    s = tx.s
    if s.short:
        plans = [(seat, list(s.players[seat].plan)) for seat in Q.seats_from(s, s.first)]
        tx.emit(E.PlansShown())
        for seat, plan in plans:
            for step in plan:
                play_effect(tx, seat, step)
    s = tx.s
    uids, cards, traits = [], [], []
    for seat in Q.seats_from(s, s.first):
        for x in Q.row(s, seat):
            for card in x.hidden:
                uids.append(x.uid)
                cards.append(card)
                traits.append(x.traits[x.cards.index(card)])
    if cards:
        tx.emit(E.TraitsRevealed(uids, cards, traits))
    before_phase(tx)


# --- phase 4a: before the reveal (§3.6, NS19) ------------------------------------------------------

def before_phase(tx: NorthStarTx) -> None:
    tx.phase("before")
    next_before(tx, 0)


def effects_of(s: NorthStarState, seat: int) -> list[Effect]:
    """A seat's before-reveal effects, species left to right; Long Neck on a carnivore does
    nothing and is not listed (NS17)."""
    out = []
    for x in Q.row(s, seat):
        for t in BEFORE_REVEAL:
            if t in x.traits and not (t == LONG_NECK and Q.carnivore(x)):
                out.append(Effect(x.uid, t))
    return out


def fertile_acts(s: NorthStarState, e: Effect) -> bool:
    """Fertile will add a population: plant food on the watering hole, room on the track."""
    return e.trait == FERTILE and s.hole >= 1 and s.species[e.species].pop < TRACK_MAX


def must_order(s: NorthStarState) -> bool:
    """NS19: the owner orders his effects only when a Fertile that acts is among them with at
    least one other effect; otherwise the order cannot change the result."""
    return len(s.effects) >= 2 and any(fertile_acts(s, e) for e in s.effects)


def next_before(tx: NorthStarTx, index: int) -> None:
    """Players in turn order from the `index`-th; then the reveal."""
    s = tx.s
    for j in range(index, s.n):
        seat = (s.first + j) % s.n
        effects = effects_of(tx.s, seat)
        if not effects:
            continue
        tx.emit(E.Effects(seat, effects))
        if settle_effects(tx):
            return
    reveal_food(tx)


def settle_effects(tx: NorthStarTx) -> bool:
    """Resolve the active seat's effects by themselves while their order cannot matter; True if
    the seat must choose (an `order` decision is pending)."""
    while tx.s.effects:
        if must_order(tx.s):
            tx.ask(tx.s.go, "order")
            return True
        use_effect(tx, tx.s.effects[0])
    return False


def use_effect(tx: NorthStarTx, e: Effect) -> None:
    tx.emit(E.EffectUsed(e.species, e.trait))
    s = tx.s
    x = s.species[e.species]
    if e.trait == FAT:  # not a take (§4.1 rule 5)
        k = min(x.fat, x.pop - x.food)
        if k > 0:
            tx.emit(E.FatMoved(x.uid, k))
    elif e.trait == FERTILE:  # NS18
        if fertile_acts(s, e):
            tx.emit(E.Bred(x.uid, x.pop + 1))
    else:  # Long Neck: a take from the bank
        take(tx, x.uid, 1, Q.PLANT, Q.BANK, "long_neck")


# --- phase 4b: reveal (§3.6) ---------------------------------------------------------------------

def reveal_food(tx: NorthStarTx) -> None:
    s = tx.s
    cards = [s.players[seat].food for seat in Q.seats_from(s, s.first) if s.players[seat].food]
    food = card_food()
    total = sum(food[c] for c in cards)
    change = total if total >= 0 else -min(s.hole, -total)  # NS20
    tx.emit(E.FoodRevealed(cards, total, change, s.hole + change))
    tx.phase("feed")
    start_turn(tx, tx.s.first)


# --- phase 4c: feeding turns (§3.6, §4) -------------------------------------------------------------

def start_turn(tx: NorthStarTx, seat: int) -> None:
    """The next feeding turn, or the end of feeding: after a full round of idle turns (NS5),
    or once no hungry species can eat (NS4). A turn with nothing to do is idle at once."""
    while True:
        s = tx.s
        if s.idle >= s.n or not Q.feeding_goes_on(s):
            end_feeding(tx)
            return
        if can_feed(s, seat):
            tx.turn(seat)
            tx.ask(seat, "feed")
            return
        tx.turn_ended(seat, True, auto=True)
        seat = (seat + 1) % s.n


def go_on(tx: NorthStarTx) -> None:
    """Back to the active player after an action; his turn ends once only `end` is left."""
    s = tx.s
    if can_feed(s, s.go):
        tx.ask(s.go, "feed")
    else:
        end_turn(tx)


def end_turn(tx: NorthStarTx) -> None:
    s = tx.s
    tx.turn_ended(s.go, not s.acted)
    start_turn(tx, (s.go + 1) % s.n)


def take(tx: NorthStarTx, uid: int, n: int, kind: str, place: str, why: str) -> None:
    """Take(species, n, kind, place) of §4.1: carnivores never take plant food (NS6); each unit
    onto the board while hungry, then into Fat Tissue up to the body size; Foraging's extra
    plant unit within the same take (NS15); then Cooperation to the right (NS16), chaining."""
    s = tx.s
    x = s.species.get(uid)
    if x is None or (kind == Q.PLANT and Q.carnivore(x)):
        return
    board_room = x.pop - x.food if x.food < x.pop else 0
    room = board_room + Q.fat_room(s, x)
    avail = s.hole if place == Q.HOLE else room + 1
    units = min(n, avail, room)
    if units <= 0:
        return
    forage = kind == Q.PLANT and units < avail and units < room and Q.active(s, x, FORAGING)
    if forage:
        units += 1
    board = min(units, board_room)
    tx.took(uid, kind, place, board, units - board, why, forage)
    if Q.active(s, x, COOPERATION):
        right = Q.right_of(tx.s, x)
        if right is not None:
            take(tx, right.uid, 1, kind, place, "cooperation")


def lose_population(tx: NorthStarTx, uid: int, why: str) -> None:
    """One population lost; food above it into the owner's bag (NS7), plant first, then meat,
    then fat; at 0 the species goes extinct (§4.6)."""
    x = tx.s.species[uid]
    surplus = max(0, x.food - (x.pop - 1))
    plant = min(surplus, x.plant)
    meat = min(surplus - plant, x.meat)
    tx.emit(E.PopLost(uid, why, x.pop - 1, plant, meat, surplus - plant - meat))
    if tx.s.species[uid].pop == 0:
        extinct(tx, uid)


def extinct(tx: NorthStarTx, uid: int) -> None:
    """§4.6: the owner draws as many cards as traits were discarded, at once (NS30)."""
    x = tx.s.species[uid]
    owner, k = x.owner, len(x.cards)
    tx.emit(E.Extinct(uid))
    draw(tx, owner, k, "extinction")


def attack(tx: NorthStarTx, a_uid: int, t_uid: int) -> None:
    """§4.3 steps 2-5 (NS8): the target loses 1 population; Horns costs the attacker 1 (NS11);
    the attacker, if alive, takes meat equal to the target's printed body size; then every
    Scavenger, clockwise from the attacker's owner, each row left to right (NS12)."""
    s = tx.s
    a, t = s.species[a_uid], s.species[t_uid]
    hunter = a.owner
    meat = t.body
    horns = Q.active(s, t, HORNS)
    tx.emit(E.Attacked(a_uid, t_uid))
    lose_population(tx, t_uid, "attack")
    if horns:
        lose_population(tx, a_uid, "horns")
    if a_uid in tx.s.species:
        take(tx, a_uid, meat, Q.MEAT, Q.BANK, "meat")
    s = tx.s
    for seat in Q.seats_from(s, hunter):
        for uid in list(s.players[seat].row):
            x = tx.s.species.get(uid)
            if x is not None and Q.active(tx.s, x, SCAVENGER):
                take(tx, uid, 1, Q.MEAT, Q.BANK, "scavenger")


# --- phase 4d: end of feeding (§3.6) ---------------------------------------------------------------

def end_feeding(tx: NorthStarTx) -> None:
    tx.phase("end")
    s = tx.s
    draws: list[tuple[int, int]] = []
    for seat in Q.seats_from(s, s.first):  # step 1, at once for all species
        k = 0
        for x in Q.row(tx.s, seat):
            if x.food < x.pop:
                tx.emit(E.Starved(x.uid, x.food))
                if x.food == 0:
                    k += len(x.cards)
                    tx.emit(E.Extinct(x.uid))
        if k:
            draws.append((seat, k))
    for seat, k in draws:  # the extinction draws, in turn order (§3.8)
        draw(tx, seat, k, "extinction")
    s = tx.s
    for seat in Q.seats_from(s, s.first):  # step 2
        r = Q.row(s, seat)
        plant, meat, fatfood = (sum(x.plant for x in r), sum(x.meat for x in r),
                                sum(x.fatfood for x in r))
        if plant or meat or fatfood:
            tx.emit(E.Bagged(seat, plant, meat, fatfood, s.players[seat].bag + plant + meat + fatfood))
    if tx.s.last == tx.s.round:  # step 5
        game_end(tx)
    else:
        start_round(tx)


def game_end(tx: NorthStarTx) -> None:
    """§7.1: fat into the bags, then bag + population + trait cards; ties by trait cards, then
    population, then a shared victory (NS25)."""
    s = tx.s
    for seat in Q.seats_from(s, s.first):
        k = sum(x.fat for x in Q.row(s, seat))
        if k:
            tx.emit(E.FatBagged(seat, k))
    s = tx.s
    pts = [Q.points(s, seat) for seat in range(s.n)]
    bags = [p["bag"] for p in pts]
    pops = [p["population"] for p in pts]
    traits = [p["traits"] for p in pts]
    tx.emit(E.GameEnded(bags, pops, traits, winners(bags, pops, traits)))


def winners(bags: list[int], pops: list[int], traits: list[int]) -> list[int]:
    scores = [b + p + t for b, p, t in zip(bags, pops, traits, strict=True)]
    tied = [i for i, k in enumerate(scores) if k == max(scores)]
    for key in (traits, pops):  # §7.1 tie-breaks
        best = max(key[i] for i in tied)
        tied = [i for i in tied if key[i] == best]
    return tied


# --- the players' actions --------------------------------------------------------------------------

def _food(tx: NorthStarTx, act: A.ChooseFood) -> None:
    tx.emit(E.FoodChosen(tx.s.decider, act.card))
    next_food(tx)


def _play(tx: NorthStarTx, act: A.Place | A.Drop | A.NewSpecies | A.Grow) -> None:
    s = tx.s
    seat = s.decider
    if s.step == "plan":
        tx.emit(E.Planned(seat, act))
        if not Q.has_play(project(tx.s, seat), seat):
            tx.emit(E.TurnDone(seat, auto=True))
            next_player(tx)
        else:
            tx.ask(seat, "plan")
        return
    play_effect(tx, seat, act)
    if Q.has_play(tx.s, seat):
        tx.ask(seat, "play")
    else:
        tx.emit(E.TurnDone(seat, auto=True))
        next_player(tx)


def _end(tx: NorthStarTx, act: A.End) -> None:
    s = tx.s
    if s.step == "feed":
        end_turn(tx)
        return
    tx.emit(E.TurnDone(s.decider))
    next_player(tx)


def _order(tx: NorthStarTx, act: A.Order) -> None:
    s = tx.s
    use_effect(tx, next(e for e in s.effects if e.species == act.species and e.trait == act.trait))
    if not settle_effects(tx):
        next_before(tx, (tx.s.go - tx.s.first) % tx.s.n + 1)


def _eat(tx: NorthStarTx, act: A.Eat) -> None:
    take(tx, act.species, 1, Q.PLANT, Q.HOLE, "eat")
    go_on(tx)


def _attack(tx: NorthStarTx, act: A.Attack) -> None:
    attack(tx, act.attacker, act.target)
    go_on(tx)


def _smart(tx: NorthStarTx, act: A.Smart) -> None:
    tx.emit(E.Smarted(tx.s.go, act.card, act.species, act.off))
    if act.species:
        take(tx, act.species, numbers()["intelligence_plant"], Q.PLANT, Q.BANK, "intelligence")
    go_on(tx)


# action type -> handler(tx, action), each taking its own action type
HANDLERS: dict[type, Callable[..., None]] = {
    A.ChooseFood: _food, A.Place: _play, A.Drop: _play, A.NewSpecies: _play, A.Grow: _play,
    A.End: _end, A.Order: _order, A.Eat: _eat, A.Attack: _attack, A.Smart: _smart,
}
