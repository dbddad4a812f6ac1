"""Replay a saved game: step by event or by move, jump to a round, auto-play, change viewer,
and branch a new game from the position shown.

The screen owns the timeline, the controls, the bar and the log; the game's board (the same
as on the table, in its replay mode) shows each position.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from core import games
from core.engine.session import GameSession
from core.textdata import printable
from tui.board import NARROW, Board, BoardContext
from tui.controller import PUBLIC
from tui.games import plugin
from tui.i18n import seat_names, text
from tui.keys import localize_bindings
from tui.markup import esc
from tui.replay import ReplayModel
from tui.screens.settled import SettlesLayout
from tui.widgets.event_log import Entry
from tui.widgets.framed_lines import KeepsLines
from tui.widgets.repaint import FoldingStatic, repaint, titles

if TYPE_CHECKING:
    from tui.app import EvoApp

PACES = (0.25, 0.5, 1.0, 2.0)


class ReplayScreen(SettlesLayout, KeepsLines, Screen):
    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (settings, lang, saves, …)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "event", key_display="←→"),
        Binding("right", "step(1)", show=False),
        Binding("up", "move(-1)", "move", key_display="↑↓"),
        Binding("down", "move(1)", show=False),
        Binding("home", "start", "start", show=False),
        Binding("end", "end", "end", show=False),
        Binding("space", "play", "play"),
        Binding("plus,equals_sign", "pace(-1)", "faster", show=False),
        Binding("minus", "pace(1)", "slower", show=False),
        Binding("g", "round", "round"),
        Binding("v", "viewer", "viewer"),
        Binding("b", "branch", "branch"),
        Binding("r", "review", "review"),  # a finished game's review (tui/screens/review.py)
        Binding("l", "log", "log"),
        Binding("escape,q", "back", "back"),
        Binding("f1,question_mark", "help", "help", key_display="?"),
        Binding("f1,question_mark", "help_unlisted", show=False),  # where the footer has no room
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__(id="replay")
        self.model = ReplayModel(session)
        self.session = session
        self.hidden = games.get(session.header.game).hidden_information
        # everyone sees the same where nothing is hidden: no viewer to change
        self.viewer: int | None = self.model.first_viewer() if self.hidden else None
        self.board: Board = plugin(session.header.game).board()(self.board_context(), "replay")
        self.pace = 2  # index into PACES
        self.timer: Timer | None = None
        # What a step only takes a part of, made once per viewer and language: the board's
        # context, and the log's entries with the position each is narrated at.
        self._made_for: tuple[int | None, str] | None = None
        self._all_entries: list[Entry] = []
        self._entry_pos: list[int] = []
        self._entries: list[Entry] = []

    @property
    def lang(self) -> str:
        return self.app.lang

    # --- what the board is told ---------------------------------------------------------

    def seat_names(self) -> list[str]:
        return seat_names(self.session, self.lang)

    def board_context(self) -> BoardContext:
        if self.viewer is not None and self.viewer >= 0:
            bottom = self.viewer
        else:
            bottom = self.model.humans[0] if self.model.humans else 0
        kinds = [s.kind for s in self.session.header.seats]
        return BoardContext(self.seat_names(), kinds, bottom, self.lang, replay=self.model)

    def on_board_relayout(self, message: Board.Relayout) -> None:
        self._fit(self.size.width, self.size.height)
        if message.redraw:
            self.show()

    # --- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from self.board.status_widgets()
        yield Static(id="replay-bar")
        yield FoldingStatic(id="replay-event")  # the narrow layout's: its log is folded
        yield self.board
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang, self._own_keys())
        self._fit(self.app.size.width, self.app.size.height)
        self.call_after_refresh(self.show)

    def on_resize(self) -> None:
        self._fit(self.size.width, self.size.height)

    def _fit(self, width: int, height: int) -> None:
        for name, on in self.board.fit(width, height).items():
            self.set_class(on, name)
        self.board.fit_side(width)
        self.query_one(Footer).compact = width < NARROW  # every key, the review's too, in 80 columns
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "log":
            return self.has_class("-narrow")
        if action == "viewer":
            return self.hidden and len(self.model.viewers()) > 1
        if action == "review":
            return self.model.finished
        if action in ("help", "help_unlisted"):  # listed only where the footer has room for it
            return (self.size.width >= NARROW) == (action == "help")
        return True

    def _own_keys(self) -> dict[str, str]:
        return {"round": games.get(self.session.header.game).round_text("key", self.lang)}

    def action_log(self) -> None:
        from tui.screens.dialogs import LogScreen

        self.app.push_screen(LogScreen(self._entries, self.lang))

    def relocalize(self) -> None:
        localize_bindings(self, self.lang, self._own_keys())
        self.refresh_bindings()
        self._made_for = None
        self.show()

    def show(self) -> None:
        m, lang = self.model, self.lang
        made_for = (self.viewer, lang)
        warm = self._made_for != made_for
        if warm:  # a new viewer or language: told once, not every step
            self._made_for = made_for
            ctx = self.board_context()
            self.board.tell(ctx)
            names = ctx.names
            lines = m.lines(self.viewer, lang)
            self._all_entries = [Entry(ln.text, names[ln.seat] if ln.seat is not None else "",
                                       ln.seat, ln.note) for ln in lines]
            self._entry_pos = [ln.pos for ln in lines]
        names = self.board.ctx.names
        self.board.show(m.view(self.viewer))
        shown = bisect_right(self._entry_pos, m.index)  # the lines narrated up to this event
        entries = self._all_entries[:shown]
        current = shown - 1 if shown and self._entry_pos[shown - 1] == m.index else None
        self._entries = entries
        now = entries[current] if current is not None else None
        repaint(self.query_one("#replay-event", Static),
                esc(f"▶ {now.who + ' · ' if now.who else ''}{now.text}") if now else "")
        log = self.board.log_widget()
        titles(log, text("log.title", lang))
        log.set_entries(entries, highlight=current)
        if warm:
            log.warm(self._all_entries)
        entry, last = m.entry_number()
        if self.viewer is None:
            who = text("replay.all", lang)
        elif self.viewer == PUBLIC:
            who = text("replay.public", lang)
        else:
            who = names[self.viewer]
        if self.timer:
            state = text("replay.playing", lang, s=PACES[self.pace])
        else:
            state = text("replay.paused", lang)
        bar = text("replay.bar", lang, i=m.index + 1, n=len(m), e=entry, last=last, who=who, state=state)
        if m.session.entries[m.positions[m.index].entry].kind in ("undo", "redo"):
            bar += " · " + text("replay.undone_here", lang)
        repaint(self.query_one("#replay-bar", Static), bar)

    # --- controls -----------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        self.model.step(delta)
        self.show()

    def action_move(self, delta: int) -> None:
        self.model.step_move(delta)
        self.show()

    def action_start(self) -> None:
        self.model.seek(0)
        self.show()

    def action_end(self) -> None:
        self.model.seek(len(self.model) - 1)
        self.show()

    def action_play(self) -> None:
        if self.timer is not None:
            self._stop()
        else:
            if self.model.index >= len(self.model) - 1:
                self.model.seek(0)
            self.timer = self.set_interval(PACES[self.pace], self._tick)
        self.show()

    def _stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def _tick(self) -> None:
        if self.model.index >= len(self.model) - 1:
            self._stop()
        else:
            self.model.step(1)
        self.show()

    def action_pace(self, delta: int) -> None:
        self.pace = max(0, min(len(PACES) - 1, self.pace + delta))
        if self.timer is not None:
            self._stop()
            self.timer = self.set_interval(PACES[self.pace], self._tick)
        self.show()

    def action_viewer(self) -> None:
        viewers = self.model.viewers()
        if len(viewers) < 2:
            return
        i = viewers.index(self.viewer) if self.viewer in viewers else -1
        chosen = viewers[(i + 1) % len(viewers)]
        if i + 1 >= len(viewers) and None not in viewers:
            self.notify(text("replay.no_omniscient", self.lang))
        if chosen is not None and self.model.needs_cover():
            self._cover_seat(chosen)
        else:
            self._look_as(chosen)

    def _cover_seat(self, seat: int) -> None:
        """Hide the table until `seat`'s player says they are at the keys (as the table does)."""
        from tui.screens.handover import HandoverScreen

        self._stop()
        self._look_as(PUBLIC)

        def done(ready: bool | None) -> None:
            if ready:
                self._look_as(seat)

        self.app.push_screen(HandoverScreen(self.seat_names()[seat], self.lang), done)

    def _look_as(self, viewer: int | None) -> None:
        self.viewer = viewer
        self.show()

    def action_round(self) -> None:
        from tui.screens.dialogs import AskScreen

        rounds = sorted(self.model.rounds)

        def chosen(value: str | None) -> None:
            value = (value or "").strip()
            number = value.isascii() and value.isdigit() and len(value) <= 6
            if number and self.go_to_round(int(value)):
                return
            if value:
                shown = printable(value[:12]) + ("…" if len(value) > 12 else "")
                self.notify(words("missing", self.lang, k=shown, last=last), severity="warning")

        words = games.get(self.session.header.game).round_text
        last = rounds[-1] if rounds else 0
        self.app.push_screen(AskScreen(words("go_title", self.lang), words("go_prompt", self.lang, last=last),
                                       "", self.lang), chosen)

    def go_to_round(self, round_no: int) -> bool:
        """To the round's start, shown (False: no such round)."""
        if not self.model.seek_round(round_no):
            return False
        self.show()
        return True

    def action_branch(self) -> None:
        if self.model.online and not self.model.finished:  # a copy at one keyboard shows every hand
            self.notify(text("replay.branch_online", self.lang), severity="warning")
            return
        state = self.model.state()
        if self.session.rules.pending(state) is None:
            self.notify(text("replay.branch_over", self.lang), severity="warning")
            return
        p = self.model.positions[self.model.index]
        e = self.session.entries[p.entry]
        if e.kind == "move" and p.shown < len(e.events):
            self.notify(text("replay.branch_mid", self.lang), severity="warning")
            return
        self._stop()
        moves = self.session.moves_to(self.session.node_after[p.entry])
        self.app.branch(self.session, self.session.rules.clone(state), moves)

    def action_review(self) -> None:
        from tui.screens.review import open_review

        if self.model.finished:
            self._stop()
            open_review(self.app, self.session, self.viewer)

    def action_help(self) -> None:
        """What the replay's keys do and what its top line counts."""
        from tui.screens.dialogs import MarkdownScreen

        self.app.push_screen(MarkdownScreen(text("replay.help_title", self.lang),
                                            text("replay.help", self.lang), self.lang))

    def action_help_unlisted(self) -> None:
        self.action_help()

    def action_back(self) -> None:
        self._stop()
        self.app.pop_screen()
