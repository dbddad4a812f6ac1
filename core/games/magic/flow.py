"""The `magic` state machine (spec §3): what happens after each action until the next decision.

Every step is an event emitted through `Tx`, which folds it at once, so the next step sees
its effect. Functions named after the spec's states continue the flow; each ends by posting
an `Await` for the next decision or by ending the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from core.engine.protocol import Action, Options
from core.engine.rng import derived
from core.engine.tx import Tx
from core.games.magic import actions as A
from core.games.magic import choices
from core.games.magic import events as E
from core.games.magic import queries as Q
from core.games.magic.data import CARD_COUNT, half, sources
from core.games.magic.fold import FOLD
from core.games.magic.state import MagicState
from core.games.magic.tx import MagicTx
from core.games.magic.view import goal

HAND_SIZE: Final = 5  # cards dealt to each player at setup (spec §2.3)


def new_tx(s: MagicState | None) -> MagicTx:
    """A transaction over `s` that folds with the `magic` fold table."""
    return MagicTx(s, FOLD)


def resolve(engine_tx: Tx[MagicState], action: Action) -> None:
    """Resolve a legal action: its handler continues the flow to the next decision."""
    tx: MagicTx = engine_tx  # type: ignore[assignment]  # the ruleset's tx_type (no cast() call)
    HANDLERS[type(action)](tx, action)


# --- setup (§2.2) -----------------------------------------------------------------------

def setup(engine_tx: Tx[MagicState], players: int, opts: Options, seed: int) -> None:
    """Opening events. Solo: seat 0 is the human, seat 1 the Shade, who goes first (MC-R39)."""
    tx: MagicTx = engine_tx  # type: ignore[assignment]  # the ruleset's tx_type
    win_at = 4 if opts["variant"] == "quartet" else 3  # MC-R51
    solo = opts["solo"]
    deck = list(range(1, CARD_COUNT + 1))
    derived(seed, 0).shuffle(deck)
    cycle = sorted(sources())
    derived(seed, 1).shuffle(cycle)
    shade = 1 if solo else -1
    first = shade if solo else derived(seed, 2).randrange(players)  # MC-R2
    choice_deck: list[int] = []
    if solo:
        choice_deck = list(range(1, choices.CHOICE_CARDS + 1))
        derived(seed, 3).shuffle(choice_deck)
    tx.emit(E.GameStarted(seed, 4, players, win_at, solo, shade, deck, cycle, first, choice_deck))
    _reveal_source(tx)
    order = [(first + i) % players for i in range(players)]
    for seat in order:  # MC-R4: starting creatures first, then hands, from the first player
        tx.emit(E.CreatureCreated(seat, tx.s.next_uid, tx.s.deck[-1], dealt=True,
                             faceless=seat == shade))
    for seat in order:
        if seat != shade:
            draw(tx, seat, HAND_SIZE)
    tx.emit(E.RoundStarted(1, first))
    start_round(tx)


def _reveal_source(tx: MagicTx) -> None:
    s = tx.s
    src = sources()[s.cycle[s.reveals % len(s.cycle)]]
    column = 2 if s.solo else s.n  # solo uses the 2-player column (§2.2)
    tx.emit(E.SourceRevealed(src.id, src.lower[column], src.upper))


# --- cards ------------------------------------------------------------------------------

def reshuffle(tx: MagicTx) -> None:
    """Shuffle the discard pile into a new deck (MC-R8)."""
    s = tx.s
    order = s.discard[:]
    derived(s.seed, s.rng_count).shuffle(order)
    tx.emit(E.Reshuffled(order))


def draw(tx: MagicTx, seat: int, n: int) -> None:
    """Draw n cards, reshuffling the discard when the deck runs out; may draw fewer (MC-R8)."""
    while n > 0:
        s = tx.s
        if not s.deck:
            if not s.discard:
                return
            reshuffle(tx)
            s = tx.s
        take = min(n, len(s.deck))
        tx.emit(E.Drew(seat, s.deck[len(s.deck) - take:][::-1]))
        n -= take


def top_card(tx: MagicTx) -> int | None:
    """The top card of the deck after a reshuffle if needed; None if there is none (MC-R8)."""
    if not tx.s.deck and tx.s.discard:
        reshuffle(tx)
    return tx.s.deck[-1] if tx.s.deck else None


# --- rounds (§3.3, §3.6) ----------------------------------------------------------------

def _swappers_after(s: MagicState, position: int) -> int | None:
    """The next seat, in turn order from the first player, that decides HandSwap (MC-R5)."""
    for j in range(position, s.n):
        seat = (s.first + j) % s.n
        p = s.players[seat]
        if p.hand and not p.shade:
            return seat
    return None


def start_round(tx: MagicTx) -> None:
    seat = _swappers_after(tx.s, 0)
    if seat is None:
        _begin_turns(tx)
    else:
        tx.ask(seat, "swap")


def after_swap(tx: MagicTx, seat: int) -> None:
    s = tx.s
    nxt = _swappers_after(s, (seat - s.first) % s.n + 1)
    if nxt is None:
        _begin_turns(tx)
    else:
        tx.ask(nxt, "swap")


def _begin_turns(tx: MagicTx) -> None:
    # RoundEndCheck is not evaluated at round start (MC-R12).
    tx.turn(tx.s.first)
    start_turn(tx)


def end_round(tx: MagicTx) -> None:
    """E1 refresh the source, E2 wake up, E3 draw, E4 pass the first player (§3.6)."""
    s = tx.s
    tx.emit(E.RoundEnded(s.round, s.solo))
    _reveal_source(tx)  # E1, MC-R10
    tx.emit(E.AllWoke())  # E2
    for j in range(s.n):  # E3, MC-R15: counted when each player draws
        seat = (s.first + j) % s.n
        if not tx.s.players[seat].shade:
            fed = sum(1 for c in Q.row(tx.s, seat) if c.energy >= 1)
            draw(tx, seat, 2 + fed)
    tx.emit(E.RoundStarted(tx.s.round + 1, Q.next_seat(tx.s, tx.s.first)))  # E4
    start_round(tx)


# --- turns (§3.4) ------------------------------------------------------------------------

def start_turn(tx: MagicTx) -> None:
    s = tx.s
    seat = s.turn
    if s.players[seat].shade:
        from core.games.magic.shade import shade_turn  # the Shade's procedure calls back here

        shade_turn(tx)
    elif s.players[seat].hand:
        tx.ask(seat, "create")
    else:
        after_create(tx)


def after_create(tx: MagicTx) -> None:
    s = tx.s
    if Q.can_add_any(s, s.turn):
        tx.ask(s.turn, "add")
    else:
        to_activate(tx)


def to_activate(tx: MagicTx) -> None:
    s = tx.s
    if Q.has_awake(s, s.turn):
        tx.ask(s.turn, "activate")
    else:
        end_turn(tx)  # MC-R11: nothing awake, the activation step is skipped


def activation_choice(tx: MagicTx) -> None:
    """After Activate and after each activation effect: more effects or the action (MC-R26)."""
    s = tx.s
    step = "effects" if Q.has_activation_use(s, Q.active(s)) else "action"
    tx.ask(s.turn, step)


def after_gain(tx: MagicTx) -> None:
    s = tx.s
    if Q.can_gulp(s, Q.active(s)):
        tx.ask(s.turn, "voracious")
    else:
        after_gulp(tx)


def after_gulp(tx: MagicTx) -> None:
    s = tx.s
    if Q.molt_cards(s, Q.active(s)):
        tx.ask(s.turn, "molt")
    else:
        end_activation(tx)


def continue_attack(tx: MagicTx) -> None:
    """Resolve the chosen properties in order against the target's current state (MC-R19)."""
    s = tx.s
    at = s.attack
    assert at is not None
    a = Q.active(s)
    t = s.creatures[at.target]
    while at.next < len(at.props):
        prop = at.props[at.next]
        ok = Q.would_succeed(prop, t)
        if prop == "fire_breathing" and ok:
            tx.emit(E.Hit(a.uid, t.uid, prop, True))
            if s.players[a.owner].shade:  # MC-R47: the Shade's card comes from Pick
                card = choices.pick(tx, t.cards[:], "burn")
                assert card is not None  # it succeeds only on a creature with cards
                burn(tx, card)
                continue
            tx.ask(s.turn, "burn")  # MC-R21: the attacker picks the card now
            return
        tx.emit(E.Hit(a.uid, t.uid, prop, ok, 1 if ok and a.energy < Q.FULL else 0))  # MC-R20
    if Q.pricks(s, a, t):  # MC-R32: once, after all properties
        tx.emit(E.Pricked(a.uid, t.uid, 1 if a.energy > 0 else 0))
    tx.drowsy(a.uid, "attack")
    end_activation(tx)


def end_activation(tx: MagicTx) -> None:
    """Sleep marker if pending, copies expire, then RoundEndCheck (§3.4, MC-R13, MC-R14)."""
    s = tx.s
    a = s.creatures.get(s.active)
    if a is not None and not a.asleep and s.sleep_pending:
        tx.asleep(a.uid)
    tx.ended(s.active)
    end_turn(tx)  # RoundEndCheck first, the next turn only if the round goes on


def end_turn(tx: MagicTx) -> None:
    s = tx.s
    if Q.round_over(s):
        end_round(tx)
    else:
        tx.turn(Q.next_seat(s, s.turn))
        start_turn(tx)


def transmute(tx: MagicTx, seat: int, uid: int) -> bool:
    """Transmute and check for the win (§4.2, §3.7). True if the game is over."""
    tx.emit(E.Transmuted(seat, uid, tx.s.players[seat].tokens + 1))
    p = tx.s.players[seat]
    if p.tokens >= goal(tx.s, seat):  # MC-R39, MC-R51
        tx.emit(E.GameWon(seat))
        return True
    return False


# --- the players' actions ----------------------------------------------------------------

def _keep(tx: MagicTx, act: A.Keep) -> None:
    seat = tx.s.decider
    tx.emit(E.HandKept(seat))
    after_swap(tx, seat)


def _swap(tx: MagicTx, act: A.Swap) -> None:
    seat = tx.s.decider
    count = len(tx.s.players[seat].hand)
    tx.emit(E.HandSwapped(seat, count))  # the whole hand goes first, so it may come back (MC-R5)
    draw(tx, seat, count)
    after_swap(tx, seat)


def _pass(tx: MagicTx, act: A.Pass) -> None:
    step = tx.s.step
    if step == "create":
        after_create(tx)
    elif step == "add":
        to_activate(tx)
    elif step == "effects":
        tx.ask(tx.s.turn, "action")
    elif step == "voracious":
        after_gulp(tx)
    else:  # molt
        end_activation(tx)


def _create(tx: MagicTx, act: A.Create) -> None:
    s = tx.s
    tx.emit(E.CreatureCreated(s.turn, s.next_uid, act.card))
    after_create(tx)


def _add(tx: MagicTx, act: A.Add) -> None:
    tx.emit(E.PropertyAdded(tx.s.turn, act.creature, act.card, half(act.card, act.half)))
    to_activate(tx)


def _activate(tx: MagicTx, act: A.Activate) -> None:
    tx.activated(tx.s.turn, act.creature)
    activation_choice(tx)


def _metamorph(tx: MagicTx, act: A.Metamorph) -> None:
    tx.emit(E.Copied(tx.s.active, act.source, act.prop))
    activation_choice(tx)


def _scare(tx: MagicTx, act: A.Scare) -> None:
    # RoundEndCheck waits for EndOfActivation (MC-R12, MC-R13); a player's scare could not end
    # the round anyway: the active creature is counted and awake.
    tx.emit(E.Scared(tx.s.active, act.target))
    activation_choice(tx)


def _rouse(tx: MagicTx, act: A.Rouse) -> None:
    tx.emit(E.Roused(tx.s.active, act.target))
    tx.drowsy(tx.s.active, "pesky")  # MC-R28
    activation_choice(tx)


def _gift(tx: MagicTx, act: A.Gift) -> None:
    tx.emit(E.Gifted(tx.s.active, act.target))
    activation_choice(tx)


def _gain(tx: MagicTx, act: A.Gain) -> None:
    tx.emit(E.EnergyTaken(tx.s.active, act.part))
    after_gain(tx)


def _transmute(tx: MagicTx, act: A.Transmute) -> None:
    if not transmute(tx, tx.s.turn, tx.s.active):
        end_activation(tx)


def _attack(tx: MagicTx, act: A.AttackWith) -> None:
    tx.emit(E.AttackDeclared(tx.s.active, act.target, list(act.props)))
    continue_attack(tx)


def _sleep(tx: MagicTx, act: A.Sleep) -> None:
    tx.drowsy(tx.s.active, "sleep")
    end_activation(tx)


def _voracious(tx: MagicTx, act: A.Voracious) -> None:
    tx.emit(E.Gulped(tx.s.active))
    tx.drowsy(tx.s.active, "voracious")  # MC-R30
    after_gulp(tx)


def _molt(tx: MagicTx, act: A.Molt) -> None:
    a = Q.active(tx.s)
    tx.emit(E.Molted(a.uid, act.card, a.traits[a.cards.index(act.card)]))  # MC-R29: once per action
    end_activation(tx)


def burn(tx: MagicTx, card: int) -> None:
    """Огнедышащее discards `card` of the target; the attacker gains 1 unless full (MC-R21)."""
    s = tx.s
    a = Q.active(s)
    assert s.attack is not None
    t = s.creatures[s.attack.target]
    trait = t.traits[t.cards.index(card)]
    tx.emit(E.Burned(a.uid, t.uid, card, trait, 1 if a.energy < Q.FULL else 0))


def _burn(tx: MagicTx, act: A.Burn) -> None:
    burn(tx, act.card)
    continue_attack(tx)


# action type -> handler(tx, action), each taking its own action type
HANDLERS: dict[type, Callable[..., None]] = {
    A.Keep: _keep, A.Swap: _swap, A.Pass: _pass, A.Create: _create, A.Add: _add,
    A.Activate: _activate, A.Metamorph: _metamorph, A.Scare: _scare, A.Rouse: _rouse,
    A.Gift: _gift, A.Gain: _gain, A.Transmute: _transmute, A.AttackWith: _attack,
    A.Sleep: _sleep, A.Voracious: _voracious, A.Molt: _molt, A.Burn: _burn,
}
