"""What happened in a round, told when it ends (and how the table spots a bot's attack).

A round can go by in a blink: the last pass, the bots' feeding, deaths, scoring and the next
deal all come in one go. When a new round starts, the table shows this summary and waits for a
key: the round's attacks (who attacked whose piece), losses, scoring, the cards dealt and the
game's other news — each a narrated line for the seat the table shows, so nothing hidden is
told — and every seat's points as their rows show them. Textual-free, so tests build it headless.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core import games
from tui.i18n import text
from tui.markup import esc

if TYPE_CHECKING:
    from core.engine.protocol import Event
    from core.engine.session import GameSession
    from tui.controller import GameController

KINDS = ("attack", "loss", "score", "deal", "news")  # the sections, in the order shown


@dataclass(frozen=True)
class RoundSummary:
    title: str
    sections: list[tuple[str, list[str]]]  # (heading, lines), only those with lines
    standing: list[str]  # "Ann: score 5 · discard 3" per seat (markup); [] for none
    quiet: str  # the line said when nobody attacked and nothing was lost, else """


def _played(session: GameSession) -> Iterator[tuple[int, object, Event]]:
    """Every event of the line of play with its entry's index and the state just before it
    (folded on a copy; None before the setup's first event)."""
    rules = session.rules
    for ev in session.entries[0].events:
        yield 0, None, ev
    state = session.state_of(0)
    for entry in session.moves_on_line():
        for ev in entry.events:
            yield entry.seq, state, ev
            state = rules.evolve(state, ev)


def summarize(ctl: GameController, ended: int, viewer: int | None,
              standing: Callable[[Any, int, str], list[str]] | None = None) -> RoundSummary:
    """The summary of round `ended` and of the move that began the next (its deal included)
    for `viewer` (a seat, PUBLIC, or None for everything); what was played after it, as after
    an undo and a redo, belongs to later rounds."""
    session, rules, lang = ctl.session, ctl.rules, ctl.lang
    names = ctl.names()
    attribute = rules.log_attribution()
    found: dict[str, list[str]] = {kind: [] for kind in KINDS}
    opened = -1  # the entry that began the round: its deal was seen when the round began
    closed = -1  # the entry that began the next round: the summary ends with it
    for seq, state, ev in _played(session):
        if 0 <= closed != seq:
            break
        seat = attribute(ev)
        began = rules.round_started(ev)
        if began == ended and opened < 0:
            opened = seq
        elif began == ended + 1 and opened >= 0 and closed < 0:
            closed = seq
        kind = rules.summary_kind(ev) if opened >= 0 else None
        if kind is None or (kind == "deal" and seq == opened):
            continue
        line = rules.narrate(ev, viewer, lang, names)
        if not line:
            continue
        if seat is not None and 0 <= seat < len(names) and kind != "deal":
            line = f"{names[seat]} · {line}"
        hurt = rules.victim(state, ev) if state is not None else None
        if hurt is not None and 0 <= hurt < len(names):
            whose = text("summary.own", lang) if hurt == seat else \
                text("summary.yours", lang) if hurt == viewer else names[hurt]
            line = text("summary.against", lang, line=line, whose=whose)
        found[kind].append(line)
    game = games.get(session.header.game)

    def said(key: str) -> str:  # a game may word a section its own way (`summary.<key>`)
        full = f"summary.{key}"
        return game.text(full, lang) if full in game.texts.texts else text(full, lang)

    sections = [(said(kind), lines) for kind, lines in found.items() if lines]
    points: list[str] = []
    if standing is not None:
        view = session.view(viewer)
        points = [f"{esc(names[s])}: {' · '.join(standing(view, s, lang))}" for s in range(len(names))]
    quiet = said("quiet") if not found["attack"] and not found["loss"] else ""
    return RoundSummary(game.round_text("over", lang, k=ended), sections, points, quiet)


def attacks_in_last_move(ctl: GameController, seat: int) -> list[str]:
    """The narrated lines of the last move on the line of play that attack a piece of `seat`
    by another seat, told as `seat` may see them."""
    line = ctl.session.line
    return attacks_in_move(ctl, line[-1], seat) if line else []


def attacks_in_move(ctl: GameController, seq: int, seat: int) -> list[str]:
    """The narrated lines of the move `seq` (an entry of the session) that attack a piece of
    `seat` by another seat, told as `seat` may see them, in the controller's language."""
    session, rules = ctl.session, ctl.rules
    entry = session.entries[seq]
    if entry.seat == seat:
        return []
    state = session.state_of(session.parent[seq])
    names = ctl.names()
    out = []
    for ev in entry.events:
        if rules.victim(state, ev) == seat:
            line = rules.narrate(ev, seat, ctl.lang, names)
            if line:
                out.append(line)
        state = rules.evolve(state, ev)
    return out
