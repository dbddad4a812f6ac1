"""A key moment of a review on the game's own board, as that player saw it (issue #25).

The board is the game's, in its replay mode (read only), fed the seat's view at the decision —
never the state — and the log the seat's narration of the game up to it. `r` shows what the
better move leads to: one sampled continuation (the others' likely reply), the board then
showing the seat's view of that sampled world and the log its narration, from the seat's eyes
only. `t` tries the position: a new game from it (as the replay's `b` makes one), where the
first move is judged against the best the review found (tui/screens/review_try.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from core.engine.session import GameSession
from core.review.moment import Reply, follow, replayed, told
from core.review.report import before_of, moment_lines, reply_line, reviewer_of
from tui.board import Board, BoardContext
from tui.games import plugin
from tui.i18n import seat_names, text
from tui.keys import localize_bindings
from tui.replay import ReplayModel
from tui.screens.review import MOMENTS
from tui.widgets.event_log import Entry
from tui.widgets.repaint import titles

if TYPE_CHECKING:
    from core.review.analysis import Moment, Review
    from tui.app import EvoApp



class MomentScreen(Screen):
    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (lang, saves_dir, …)

    DEFAULT_CSS = """
    MomentScreen #moment-head { height: auto; padding: 0 1; background: $boost; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "other(-1)", "review_other", key_display="←→"),
        Binding("right", "other(1)", show=False),
        Binding("up", "scroll(-1)", "review_scroll", key_display="↑↓"),
        Binding("down", "scroll(1)", show=False),
        Binding("r", "reply", "review_reply"),
        Binding("t", "try", "review_try"),
        Binding("l", "log", "log"),
        Binding("escape,q", "back", "back"),
    ]

    def __init__(self, session: GameSession, review: Review, index: int, lang: str) -> None:
        super().__init__(id="review-moment")
        self.session = session
        self.review = review
        self.moments = review.key_moments(MOMENTS)
        self.index = index
        self.lang = lang
        self.reviewer = reviewer_of(session, review)
        self.replying = False  # showing what the better move leads to
        self.board: Board = plugin(session.header.game).board()(self._board_context(None), "replay")
        self._entries: list[Entry] = []
        self._replies: dict[int, Reply] = {}  # by moment index: worked out once
        self._seen: dict[str, tuple[ReplayModel, list[Any]]] = {}  # lang -> the game narrated

    @property
    def seat(self) -> int:
        return int(self.review.seat)

    def _board_context(self, model: ReplayModel | None) -> BoardContext:
        names = seat_names(self.session, self.lang)
        kinds = [s.kind for s in self.session.header.seats]
        return BoardContext(names, kinds, self.seat, self.lang, replay=model)

    # --- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from self.board.status_widgets()
        yield Static(id="moment-head")
        yield self.board
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self._fit(self.app.size.width, self.app.size.height)
        self.call_after_refresh(self.show)

    def on_resize(self) -> None:
        self._fit(self.size.width, self.size.height)

    def on_board_relayout(self, message: Board.Relayout) -> None:
        self._fit(self.size.width, self.size.height)
        if message.redraw:
            self.show()

    def _fit(self, width: int, height: int) -> None:
        for name, on in self.board.fit(width, height).items():
            self.set_class(on, name)
        self.board.fit_side(width)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "log":
            return self.has_class("-narrow")
        if action == "other":
            return len(self.moments) > 1
        if action == "scroll":
            return self._scrolled() is not None
        return True

    def relocalize(self) -> None:
        self.lang = self.app.lang
        localize_bindings(self, self.lang)
        self.refresh_bindings()
        self.show()

    # --- what is shown -------------------------------------------------------------------------

    def show(self) -> None:
        m = self.moments[self.index]
        before = before_of(self.session, m)
        lang, names = self.lang, seat_names(self.session, self.lang)
        if self.replying:
            model, view, entries = self._reply_shown(m, before)
            head = self._reply_head(m, before, names)
        else:
            model, view, entries = self._decision_shown(m, before)
            head = self._decision_head(m, before, names)
        self.query_one("#moment-head", Static).update(Text("\n".join(head)))
        self.board.tell(self._board_context(model))
        self.board.show(view)
        self._entries = entries
        log = self.board.log_widget()
        titles(log, text("log.title", lang))
        log.set_entries(entries)
        self.refresh_bindings()
        self.call_after_refresh(self.refresh_bindings)  # whether the arrows have rows to scroll

    def _decision_head(self, m: Moment, before: object, names: list[str]) -> list[str]:
        lang = self.lang
        lines = moment_lines(self.reviewer, before, m, self.index + 1, lang, names)
        first = text("review.moment_of", lang, k=self.index + 1, n=len(self.moments),
                     moment=lines[0].partition(" ")[2], name=names[self.seat])
        return [first, *(line.strip() for line in lines[1:])]

    def _reply_head(self, m: Moment, before: object, names: list[str]) -> list[str]:
        """One line (two at 80 columns): the better move's likely reply, told as the seat sees
        it; the board's world is a sample of what the seat could not see."""
        head = f"{self.index + 1}/{len(self.moments)}"
        return [reply_line(self.reviewer, before, m, self.lang, names, self._reply(m, before), head)]

    def _decision_shown(self, m: Moment, before: object) -> tuple[ReplayModel, object, list[Entry]]:
        """The seat's view at the decision and the game as it was told to the seat until then;
        the board's timeline is a game started from a world sampled from that view, so nothing
        the board may read holds what the seat could not see."""
        rules = self.session.rules
        view = rules.view(before, self.seat)
        model = ReplayModel(self._scratch(self.reviewer.world(view, m.seq, 0)))
        game, lines = self._told()
        entry = next(i for i, e in enumerate(self.session.entries) if e.seq == m.seq)
        limit = game.move_starts[entry - 1]
        return model, view, [line for pos, line in lines if pos <= limit]

    def _reply_shown(self, m: Moment, before: object) -> tuple[ReplayModel, object, list[Entry]]:
        """The better move and its continuation in the told sampled world, played again as a
        game of its own: the seat's view at its end, and its narration for the seat."""
        rules = self.session.rules
        reply = self._reply(m, before)
        start, steps = replayed(self.reviewer, before, reply, m.seq)
        scratch = self._scratch(start)
        for step in steps:
            scratch.act(step.action)
        model = ReplayModel(scratch)
        model.seek(len(model) - 1)
        names = seat_names(self.session, self.lang)
        entries = [Entry(line, names[who] if who is not None else "", who)
                   for who, line in told(rules, start, steps, self.seat, self.lang, names)]
        return model, rules.view(model.state(), self.seat), entries

    def _scratch(self, start: object) -> GameSession:
        h = self.session.header
        return GameSession.new(h.game, seats=h.seats, options=dict(h.options), seed=h.seed,
                               position=self.session.rules.clone(start), path=None, durable=False)

    def _reply(self, m: Moment, before: object) -> Reply:
        if self.index not in self._replies:
            better = self.session.rules.parse_action(m.better)
            self._replies[self.index] = follow(self.reviewer, before, better, m.seq, m.worlds, m.stage)
        return self._replies[self.index]

    def _told(self) -> tuple[ReplayModel, list[tuple[int, Entry]]]:
        """The whole game narrated for the seat (its position, each line), once per language."""
        if self.lang not in self._seen:
            model = ReplayModel(self.session)
            names = seat_names(self.session, self.lang)
            lines = [(ln.pos, Entry(ln.text, names[ln.seat] if ln.seat is not None else "", ln.seat, ln.note))
                     for ln in model.lines(self.seat, self.lang)]
            self._seen[self.lang] = (model, lines)
        return self._seen[self.lang]

    # --- keys ----------------------------------------------------------------------------------

    def action_other(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.moments)
        self.replying = False
        self.show()

    def _scrolled(self) -> Widget | None:
        """The board's part that holds more than it shows (the seats' rows on a short terminal),
        if any: the arrows scroll it, as the mouse wheel does."""
        log = self.board.log_widget()
        return next((w for w in self.board.query(Widget)
                     if w.max_scroll_y > 0 and w.size.height > 0 and w is not log), None)

    def action_scroll(self, dy: int) -> None:
        part = self._scrolled()
        if part is not None:
            part.scroll_relative(y=dy, animate=False)

    def action_reply(self) -> None:
        self.replying = not self.replying
        self.show()

    def action_log(self) -> None:
        from tui.screens.dialogs import LogScreen

        self.app.push_screen(LogScreen(self._entries, self.lang))

    def action_try(self) -> None:
        from tui.screens.review_try import try_moment

        m = self.moments[self.index]
        try_moment(self.app, self.session, self.reviewer, m, before_of(self.session, m))

    def action_back(self) -> None:
        self.app.pop_screen()
