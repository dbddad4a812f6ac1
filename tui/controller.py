"""The app's handle on a game in play: a GameSession plus who sits where, bots, and the event log.

Textual-free on purpose: screens call it, tests drive it headless. Nothing else in `tui/`
changes game state; every change goes through `act`, `undo` or `redo` of the session.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core import games
from core.bots.base import BotSpecError, make_bot
from core.engine.protocol import PUBLIC, Decision, IllegalAction
from core.engine.session import GameSession
from tui.games import plugin
from tui.i18n import seat_names, text

if TYPE_CHECKING:
    from core.bots.base import Bot
    from core.engine.journal import Entry
    from core.engine.protocol import Action, Event, Outcome



@dataclass(frozen=True)
class LogLine:
    text: str
    seat: int | None = None  # the seat the line is about, when the text does not name it
    note: bool = False  # an app note (undo, redo), not a game event


@dataclass(frozen=True)
class BotJob:
    token: int  # identifies the position the bot was asked about; stale answers are dropped
    seat: int
    view: Any  # the game's own view
    legal: list[Action]
    bot: Bot[Any]


def bot_seed(game_seed: int, seat: int) -> int:
    return (game_seed * 1_000_003 + seat * 7919) % 2**31


class GameController:
    def __init__(self, session: GameSession, lang: str) -> None:
        self.session = session
        self.rules = session.rules
        self.lang = lang
        self.ui = plugin(session.header.game)
        # Open information: every seat sees everything, so a human may act for any human seat
        # at once and no hand-over curtain is needed.
        self.open_info = not games.get(session.header.game).hidden_information
        seats = session.header.seats
        self.kinds = [s.kind for s in seats]
        self.humans = [i for i, k in enumerate(self.kinds) if k == "human"]
        self.warnings: list[str] = []
        self.bots: dict[int, Bot[Any]] = {}
        for i, s in enumerate(seats):
            if s.kind == "bot":
                self.bots[i] = self._make_bot(s.bot or "random", i)
        # The seat whose eyes the table shows. With several humans it changes only when the
        # next player confirms the hand-over; None until the first confirmation.
        self.perspective: int | None = self.humans[0] if len(self.humans) == 1 or \
            (self.open_info and self.humans) else None
        self.token = 0
        self.log: list[LogLine] = []
        self._attribute = self.rules.log_attribution()
        self.rebuild_log()

    def _make_bot(self, spec: str, seat: int) -> Bot[Any]:
        try:
            return make_bot(spec, self.rules, bot_seed(self.session.header.seed, seat), capped=True)
        except BotSpecError:
            self.warnings.append(text("warn.bot_missing", self.lang, spec=spec))
            return make_bot("random", self.rules, bot_seed(self.session.header.seed, seat))

    # --- who is who -------------------------------------------------------------------

    @property
    def hotseat(self) -> bool:
        return len(self.humans) > 1 and not self.open_info

    @property
    def bots_only(self) -> bool:
        return not self.humans

    def names(self) -> list[str]:
        return seat_names(self.session, self.lang)

    def pending(self) -> Decision | None:
        return self.session.pending()

    def outcome(self) -> Outcome | None:
        return self.session.outcome()

    def is_human_turn(self) -> bool:
        p = self.pending()
        return p is not None and self.kinds[p.seat] == "human"

    def is_bot_turn(self) -> bool:
        p = self.pending()
        return p is not None and p.seat in self.bots

    def needs_handover(self) -> int | None:
        """The human seat that must confirm before the table shows their hand, if any."""
        p = self.pending()
        if self.hotseat and p is not None and self.kinds[p.seat] == "human" and p.seat != self.perspective:
            return p.seat
        return None

    def confirm_handover(self, seat: int) -> None:
        self.perspective = seat
        self.rebuild_log()

    def viewer(self) -> int | None:
        """The seat the table shows: None is the omniscient view, for bot-only games (contract 6)."""
        if self.bots_only:
            return None
        return PUBLIC if self.perspective is None else self.perspective

    def bottom_seat(self) -> int:
        v = self.viewer()
        return v if v is not None and v >= 0 else (self.humans[0] if self.humans else 0)

    def view(self) -> Any:  # the game's own view
        return self.session.view(self.viewer())

    def my_decision(self) -> bool:
        """The pending decision belongs to the seat shown at the bottom, who may act now."""
        p = self.pending()
        return p is not None and self.kinds[p.seat] == "human" and \
            (self.open_info or p.seat == self.perspective)

    def round_number(self) -> int:
        """The round the game is in (the table shows a summary when it grows)."""
        return self.rules.round_number(self.session.state)

    def end_note(self) -> str:
        """A line for the end screen beyond the game's own summary (online: the deal's check)."""
        return ""

    # --- playing ----------------------------------------------------------------------

    def legal(self) -> list[Action]:
        return self.session.legal_actions()

    def act(self, action: Action) -> list[Event]:
        """Submit a move (raises IllegalAction, changing nothing); journaled at once."""
        events = self.session.act(action)
        self.token += 1
        self._narrate_events(events)
        return events

    def explain(self, action: Action) -> IllegalAction | None:
        return self.rules.explain(self.session.state, action, self.lang)

    def bot_job(self) -> BotJob | None:
        p = self.pending()
        if p is None or p.seat not in self.bots:
            return None
        return BotJob(self.token, p.seat, self.session.view(p.seat), self.legal(), self.bots[p.seat])

    def play_bot(self, job: BotJob, action: Action) -> bool:
        """Play a bot's answer unless the game moved on meanwhile (undo, another move)."""
        if job.token != self.token:
            return False
        self.act(action)
        return True

    # --- undo and redo (contract 7) ---------------------------------------------------

    def _undo_count(self) -> int:
        """Moves to take back so that a human decides again: back to the last human move."""
        line = self.session.line
        for k, seq in enumerate(reversed(line), 1):
            seat = self.session.entries[seq].seat
            if seat is not None and self.kinds[seat] == "human":
                return k
        return 0

    def undo_others(self) -> list[str]:
        """In a hot-seat game, the other people whose moves an undo would take back (they are
        asked first): their names, or none."""
        if not self.hotseat:
            return []
        line, n = self.session.line, self._undo_count()
        seats = {self.session.entries[seq].seat for seq in line[len(line) - n:]}
        return [self.names()[s] for s in sorted(x for x in seats if x is not None)
                if self.kinds[s] == "human" and s != self.perspective]

    def undo_refusal(self) -> str | None:
        """Why undo is not available now (in words for the player), or None."""
        if self.bots_only:
            return text("undo.bots_only", self.lang)
        n = self._undo_count()
        if n == 0:
            return text("undo.nothing", self.lang)
        why = self.session.undo_refusal(n)
        return None if why is None else text(_REFUSALS.get(why, "undo.nothing"), self.lang)

    def can_redo(self) -> bool:
        return not self.bots_only and self.session.can_redo(1)

    def undo(self) -> int:
        n = self._undo_count()
        self.session.undo(n)
        self.token += 1
        self.rebuild_log()
        self.log.append(LogLine(text("log.undone", self.lang, k=n), note=True))
        return n

    def redo(self) -> int:
        stack = self.session.redo_stack
        n = 1
        while n < len(stack):
            seat = self.session.entries[stack[-1 - n]].seat
            if seat is None or self.kinds[seat] == "human":
                break
            n += 1
        self.session.redo(n)
        self.token += 1
        self.rebuild_log()
        self.log.append(LogLine(text("log.redone", self.lang, k=n), note=True))
        return n

    # --- the event log ----------------------------------------------------------------

    def rebuild_log(self) -> None:
        """Narrate the line in effect for the current viewer (hidden cards stay hidden, §9)."""
        self.log = []
        self._attribute = self.rules.log_attribution()
        s = self.session
        self._narrate_events(s.entries[0].events)
        for e in s.moves_on_line():
            self._narrate_events(e.events)

    def _narrate_events(self, events: list[Event]) -> None:
        viewer = self.viewer()
        names = self.names()
        for ev in events:
            seat = self._attribute(ev)
            line = self.rules.narrate(ev, viewer, self.lang, names)
            if line:
                self.log.append(LogLine(line, seat))

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.rebuild_log()

    def close(self) -> None:
        self.token += 1
        self.session.close()

    def played_entries(self) -> list[Entry]:
        """The setup entry and the moves in effect: the game as it was actually played."""
        return [self.session.entries[0], *self.session.moves_on_line()]


_REFUSALS = {  # core.engine.session.UNDO_REFUSALS codes -> texts
    "nothing": "undo.nothing",
    "too_far": "undo.nothing",
    "strict_over": "undo.over",
    "strict_other": "undo.other_player",
    "strict_revealed": "undo.revealed",
}
