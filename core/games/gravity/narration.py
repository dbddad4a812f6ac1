"""Narration of `gravity` events in Russian and English.

Everything narrated is public (spec §10): deck orders never appear in events' texts, and the
events shuffled in at setup are only counted. So the viewer changes nothing. Bookkeeping
events (whose decision it is, the flow's stage and work lists) are not narrated.
"""

from __future__ import annotations

from typing import Any

from core.games.gravity import events as E
from core.games.gravity.data import events, game
from core.games.gravity.texts import char_name, monster_name, say

SILENT = (E.Await, E.Goto, E.EventProgress, E.EventEnded)


def _start(e: E.GameStarted, lang: str, names: list[str] | None) -> str:
    chars = []
    for i, ch in enumerate(e.characters):
        who = char_name(ch, lang)
        person = e.controllers[i] if i < len(e.controllers) else i
        if names and 0 <= person < len(names) and names[person]:
            who += f" ({names[person]})"
        chars.append(who)
    mode = say("game.kids", lang) if e.variant == "kids" else say(
        "game.difficulty", lang, k=say(f"game.{e.difficulty}", lang))
    mons = ", ".join(monster_name(m, lang) for m in e.monsters)
    return say("event.start", lang, chars=", ".join(chars), monsters=mons, mode=mode)


def narrate(e: Any, viewer: int | None, lang: str, names: list[str] | None = None) -> str | None:
    t = type(e)
    if t in SILENT:
        return None
    if t is E.GameStarted:
        return _start(e, lang, names)
    if t is E.PositionSet:
        return say("event.position", lang)
    if t is E.MonsterPlaced:
        return say("event.monster_placed", lang, m=e.monster, loc=e.loc)
    if t is E.CharacterPlaced:
        return say("event.char_placed", lang, ch=e.ch, loc=e.loc)
    if t is E.TokenMoved:
        return say(f"event.token_{e.why}", lang, kind=e.kind, src=e.src, dst=e.dst)
    if t is E.AlarmRaised:
        return say("event.alarm", lang, by=e.by, value=e.value, max=game().alarm_max)
    if t is E.MarkReached:
        return say(f"event.mark_{e.effect}", lang, at=e.at)
    if t is E.Flipped:
        return say(f"event.flip_{e.why}", lang, n=e.n, loc=e.loc)
    if t is E.Drew:
        return say("event.draw", lang, ch=e.ch, cards=e.cards)
    if t is E.ActionsReshuffled:
        return say("event.reshuffle_actions", lang, ch=e.ch)
    if t is E.RowAdded:
        return say("event.row", lang, loc=int(e.card[1:]))
    if t is E.EventsShuffled:
        return say("event.events", lang, n=sum(1 for c in e.deck if c[0] == "E"))
    if t is E.TurnStarted:
        return say("event.turn", lang, turn=e.turn, round=e.round, ch=e.ch)
    if t is E.CardPlayed:
        return say("event.play", lang, ch=e.ch, card=e.card)
    if t is E.Moved:
        return say(f"event.move_{e.how}", lang, ch=e.ch, path=e.path, loc=e.path[-1])
    if t is E.Rested:
        text = say("event.rest_forced" if e.forced else "event.rest", lang, ch=e.ch)
        if e.deck and e.random:
            text += " " + say("event.rest_lost", lang, card=e.deck[0])
        return text
    if t is E.Mode:
        if e.target:
            return say("event.fight", lang, ch=e.ch, m=e.target)
        return say("event.persuade", lang, ch=e.ch)
    if t is E.Rolled:
        if e.purpose == "remove":
            return say("event.roll_remove", lang, ch=e.ch, dice=e.faces)
        if not e.faces and not e.excess:
            return say("event.roll_none", lang, ch=e.ch)
        if e.excess:
            return say("event.roll_excess", lang, ch=e.ch, dice=e.faces, excess=e.excess)
        return say("event.roll", lang, ch=e.ch, dice=e.faces)
    if t is E.Rerolled:
        return say("event.reroll", lang, ch=e.ch, n=len(e.picks), dice=e.faces)
    if t is E.MonsterDefeated:
        return say("event.defeat", lang, ch=e.ch, m=e.monster, succ=e.successes, need=e.needed)
    if t is E.FightFailed:
        return say(f"event.miss_{e.reason}", lang, m=e.monster, succ=e.successes, need=e.needed)
    if t is E.CurseTaken:
        return say("event.curse", lang, ch=e.ch, curse=e.curse)
    if t is E.CurseDuplicate:
        return say("event.curse_twice", lang, ch=e.ch, curse=e.curse)
    if t is E.CursesReshuffled:
        return say("event.reshuffle_curses", lang)
    if t is E.CurseLifted:
        if e.by:
            return say("event.lift_soos", lang, by=e.by, ch=e.ch, curse=e.curse)
        return say("event.lift", lang, ch=e.ch, curse=e.curse)
    if t is E.DiePlaced:
        return say("event.die", lang, ch=e.ch, loc=e.loc)
    if t is E.DieRemoved:
        return say("event.die_removed", lang, loc=e.loc)
    if t is E.DieMoved:
        return say("event.die_moved", lang, ch=e.ch, src=e.src, dst=e.dst)
    if t is E.CardTaken:
        return say("event.take", lang, ch=e.ch, card=e.card)
    if t is E.ActionDiscarded:
        return say(f"event.drop_{e.why}", lang, ch=e.ch, card=e.card)
    if t is E.MonsterMoved:
        return say("event.monster_moved", lang, m=e.monster, loc=e.loc)
    if t is E.MonsterBlocked:
        return say("event.monster_blocked", lang, m=e.monster, loc=e.loc)
    if t is E.RowShrunk:
        if e.dropped:
            return say("event.shrink_drop", lang, cap=e.cap, loc=int(e.dropped[0][1:]))
        return say("event.shrink", lang, cap=e.cap)
    if t is E.EventRevealed:
        if e.resolve:
            return say("event.event", lang, ev=e.card, text=events()[e.card].text(lang))
        return say("event.event_void", lang, ev=e.card)
    if t is E.CardMilled:
        return say("event.mill", lang, card=e.card)
    if t is E.MovementReshuffled:
        return say("event.reshuffle_moves", lang, n=len(e.deck))
    if t is E.Queued:
        return say("event.queue", lang, ev=e.item)
    if t is E.Dequeued:
        if e.item == "curse_all":
            return say("event.curse_all", lang)
        if e.item == "shrink_row":
            return None  # RowShrunk tells it
        if e.resolve:
            return say("event.event", lang, ev=e.item, text=events()[e.item].text(lang))
        return say("event.event_void", lang, ev=e.item)
    if t is E.GameWon:
        return say("event.win", lang)
    if t is E.GameLost:
        return say("event.loss", lang)
    return None

