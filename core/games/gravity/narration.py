"""Narration of `gravity` events in Russian and English.

Everything narrated is public (spec §10): deck orders never appear in events' texts, and the
events shuffled in at setup are only counted. So the viewer changes nothing. Bookkeeping
events (whose decision it is, the flow's stage and work lists) have no entry in the table.
"""

from __future__ import annotations

from core.engine.rules_base import Narration, Rule, Telling
from core.games.gravity import events as E
from core.games.gravity.data import events, game
from core.games.gravity.texts import char_name, monster_name, say


def _start(e: E.GameStarted, t: Telling) -> str:
    lang, names = t.lang, t.names
    chars = []
    for i, ch in enumerate(e.characters):
        who = char_name(ch, lang)
        person = e.controllers[i] if i < len(e.controllers) else i
        if names and 0 <= person < len(names) and names[person]:
            who += f" ({names[person]})"
        chars.append(who)
    mode = t.say("game.kids") if e.variant == "kids" else t.say(
        "game.difficulty", k=t.say(f"game.{e.difficulty}"))
    mons = ", ".join(monster_name(m, lang) for m in e.monsters)
    return t.say("event.start", chars=", ".join(chars), monsters=mons, mode=mode)


def _rest(e: E.Rested, t: Telling) -> str:
    text = t.say("event.rest_forced" if e.forced else "event.rest", ch=e.ch)
    if e.deck and e.random:
        text += " " + t.say("event.rest_lost", card=e.deck[0])
    return text


def _mode(e: E.Mode, t: Telling) -> str:
    if e.target:
        return t.say("event.fight", ch=e.ch, m=e.target)
    return t.say("event.persuade", ch=e.ch)


def _rolled(e: E.Rolled, t: Telling) -> str:
    if e.purpose == "remove":
        return t.say("event.roll_remove", ch=e.ch, dice=e.faces)
    if not e.faces and not e.excess:
        return t.say("event.roll_none", ch=e.ch)
    if e.excess:
        return t.say("event.roll_excess", ch=e.ch, dice=e.faces, excess=e.excess)
    return t.say("event.roll", ch=e.ch, dice=e.faces)


def _lifted(e: E.CurseLifted, t: Telling) -> str:
    if e.by:
        return t.say("event.lift_soos", by=e.by, ch=e.ch, curse=e.curse)
    return t.say("event.lift", ch=e.ch, curse=e.curse)


def _shrunk(e: E.RowShrunk, t: Telling) -> str:
    if e.dropped:
        return t.say("event.shrink_drop", cap=e.cap, loc=int(e.dropped[0][1:]))
    return t.say("event.shrink", cap=e.cap)


def _event_card(card: str, resolve: bool, t: Telling) -> str:
    if resolve:
        return t.say("event.event", ev=card, text=events()[card].text(t.lang))
    return t.say("event.event_void", ev=card)


def _dequeued(e: E.Dequeued, t: Telling) -> str | None:
    if e.item == "curse_all":
        return t.say("event.curse_all")
    if e.item == "shrink_row":
        return None  # RowShrunk tells it
    return _event_card(e.item, e.resolve, t)


RULES: dict[type, Rule] = {
    E.GameStarted: _start,
    E.PositionSet: lambda e, t: t.say("event.position"),
    E.MonsterPlaced: lambda e, t: t.say("event.monster_placed", m=e.monster, loc=e.loc),
    E.CharacterPlaced: lambda e, t: t.say("event.char_placed", ch=e.ch, loc=e.loc),
    E.TokenMoved: lambda e, t: t.say(f"event.token_{e.why}", kind=e.kind, src=e.src, dst=e.dst),
    E.AlarmRaised: lambda e, t: t.say("event.alarm", by=e.by, value=e.value, max=game().alarm_max),
    E.MarkReached: lambda e, t: t.say(f"event.mark_{e.effect}", at=e.at),
    E.Flipped: lambda e, t: t.say(f"event.flip_{e.why}", n=e.n, loc=e.loc),
    E.Drew: lambda e, t: t.say("event.draw", ch=e.ch, cards=e.cards),
    E.ActionsReshuffled: lambda e, t: t.say("event.reshuffle_actions", ch=e.ch),
    E.RowAdded: lambda e, t: t.say("event.row", loc=int(e.card[1:])),
    E.EventsShuffled: lambda e, t: t.say("event.events", n=sum(1 for c in e.deck if c[0] == "E")),
    E.TurnStarted: lambda e, t: t.say("event.turn", turn=e.turn, round=e.round, ch=e.ch),
    E.CardPlayed: lambda e, t: t.say("event.play", ch=e.ch, card=e.card),
    E.Moved: lambda e, t: t.say(f"event.move_{e.how}", ch=e.ch, path=e.path, loc=e.path[-1]),
    E.Rested: _rest,
    E.Mode: _mode,
    E.Rolled: _rolled,
    E.Rerolled: lambda e, t: t.say("event.reroll", ch=e.ch, n=len(e.picks), dice=e.faces),
    E.MonsterDefeated: lambda e, t: t.say("event.defeat", ch=e.ch, m=e.monster, succ=e.successes,
                                          need=e.needed),
    E.FightFailed: lambda e, t: t.say(f"event.miss_{e.reason}", m=e.monster, succ=e.successes,
                                      need=e.needed),
    E.CurseTaken: lambda e, t: t.say("event.curse", ch=e.ch, curse=e.curse),
    E.CurseDuplicate: lambda e, t: t.say("event.curse_twice", ch=e.ch, curse=e.curse),
    E.CursesReshuffled: lambda e, t: t.say("event.reshuffle_curses"),
    E.CurseLifted: _lifted,
    E.DiePlaced: lambda e, t: t.say("event.die", ch=e.ch, loc=e.loc),
    E.DieRemoved: lambda e, t: t.say("event.die_removed", loc=e.loc),
    E.DieMoved: lambda e, t: t.say("event.die_moved", ch=e.ch, src=e.src, dst=e.dst),
    E.CardTaken: lambda e, t: t.say("event.take", ch=e.ch, card=e.card),
    E.ActionDiscarded: lambda e, t: t.say(f"event.drop_{e.why}", ch=e.ch, card=e.card),
    E.MonsterMoved: lambda e, t: t.say("event.monster_moved", m=e.monster, loc=e.loc),
    E.MonsterBlocked: lambda e, t: t.say("event.monster_blocked", m=e.monster, loc=e.loc),
    E.RowShrunk: _shrunk,
    E.EventRevealed: lambda e, t: _event_card(e.card, e.resolve, t),
    E.CardMilled: lambda e, t: t.say("event.mill", card=e.card),
    E.MovementReshuffled: lambda e, t: t.say("event.reshuffle_moves", n=len(e.deck)),
    E.Queued: lambda e, t: t.say("event.queue", ev=e.item),
    E.Dequeued: _dequeued,
    E.GameWon: lambda e, t: t.say("event.win"),
    E.GameLost: lambda e, t: t.say("event.loss"),
}

NARRATION = Narration(say, RULES)
