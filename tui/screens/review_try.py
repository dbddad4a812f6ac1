"""Trying a key moment again (issue #25): a new game from the position, as the replay's `b`
makes one, where the reviewed seat is the person's and every other seat a bot.

The first move made at that position is judged on the moment's own sampled worlds against the
best move the review found (core/review/moment.py `tried`, from the seat's view only): a move not
clearly worse than it — no inaccuracy can be called — is accepted, said so, and the game goes on;
a clearly worse one is said so with both chances and waits on the board until `t` brings the
position back. It is a saved game like any branch: Continue offers it later.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.widgets import Static

from core.engine.journal import JournalError
from core.engine.session import GameSession, SessionError
from core.review.moment import Tried, tried
from core.review.report import tried_line
from tui.controller import GameController, LogLine
from tui.i18n import text
from tui.keys import localize_bindings
from tui.markup import esc
from tui.screens.table import TableScreen, table_bindings
from tui.widgets.repaint import repaint

if TYPE_CHECKING:
    from core.engine.protocol import Action
    from core.review.analysis import Moment, Reviewer
    from tui.app import EvoApp

_DROPPED = ("hint", "hint_unlisted")  # the table's hint would name the answer


def try_moment(app: EvoApp, session: GameSession, reviewer: Reviewer, moment: Moment, before: object) -> None:
    """Open a new game at `moment`'s position (the true state before it: the table shows the
    seat its own view only) with the reviewed seat the person's."""
    from tui.bots import bot_specs, default_bot
    from tui.saves import new_save_path

    h, rules, seat = session.header, session.rules, reviewer.seat
    bot = default_bot(bot_specs(rules))
    seats = [msgspec.structs.replace(s, kind="human", bot="") if i == seat else
             msgspec.structs.replace(s, kind="bot", bot=bot) if s.kind == "human" else s
             for i, s in enumerate(h.seats)]
    try:
        branch = GameSession.new(h.game, seats=seats, options=dict(h.options), undo="learning",
                                 path=new_save_path(app.saves_dir, h.game), position=rules.clone(before))
    except (SessionError, ValueError, OSError, JournalError) as exc:
        app.notify(app._start_problem(h.game, app.saves_dir, exc), severity="error")
        return
    name = branch.writer.path.name if branch.writer else ""
    old = session.file.name if session.file is not None else ""
    app.notify(text("replay.branched", app.lang, file=name, k=moment.move - 1, old=old), timeout=12)
    app.game_styles(h.game)
    app.push_screen(TryTableScreen(GameController(branch, app.lang), reviewer, moment, before))


class TryTableScreen(TableScreen):
    DEFAULT_CSS = """
    TryTableScreen #try-goal { height: auto; max-height: 2; padding: 0 1; background: $boost; }
    """

    def __init__(self, ctl: GameController, reviewer: Reviewer, moment: Moment, before: object) -> None:
        super().__init__(ctl)
        kept = [b for b in table_bindings(type(self.board))
                if not (isinstance(b, Binding) and b.action in _DROPPED)]
        self._bindings = BindingsMap([*kept, Binding("t", "again", "review_again")])
        self.reviewer, self.moment, self.before = reviewer, moment, before
        self.judging = False  # the first move is being measured
        self.wrong = False  # it was clearly worse: shown until `t`
        self.said = ("", False)  # the verdict: in the prompt until the person's next move

    # --- layout and words ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="try-goal")
        yield from super().compose()

    def _goal_text(self) -> str:
        return text("review.try_goal", self.lang, move=self.moment.move)

    def _fit(self, width: int, height: int) -> None:
        goal = 1 if len(self._goal_text()) <= max(width - 2, 1) else 2
        super()._fit(width, height - goal)

    def on_mount(self) -> None:
        # the table's own on_mount runs too (Textual calls each class's handler), after this one
        self.call_after_refresh(self._own_words)

    def _own_words(self) -> None:
        localize_bindings(self, self.lang)
        self._refresh_footer(force=True)
        repaint(self.query_one("#try-goal", Static), esc(self._goal_text()))

    def relocalize(self) -> None:
        super().relocalize()
        self._own_words()

    # --- holding the game while the first move is judged or shown wrong ------------------------

    def _held(self) -> bool:
        return self.judging or self.wrong

    def _start_bot(self) -> None:
        if not self._held():
            super()._start_bot()

    def _game_over(self) -> None:
        if not self._held():
            super()._game_over()

    def _update_stage(self) -> None:
        if self._held():
            self.stage = None
            self.board.stage_shown(None)
            self._show_prompt()
            self._refresh_footer()
            return
        super()._update_stage()

    def _show_prompt(self) -> None:
        if not self._held():
            if not self.message[0] and self.said[0]:  # others' moves do not wipe the verdict
                self.message = self.said
            super()._show_prompt()
            return
        msg, err = self.message
        title = text("review.try_judging" if self.judging else "review.try_wrong", self.lang)
        self.prompt.show(title, [], "", msg, err)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "again":
            return True if self.ctl.session.line and not self.judging else None
        return super().check_action(action, parameters)

    # --- the first move ------------------------------------------------------------------------

    def submit(self, action: Action) -> None:
        if self._held():
            return
        self.said = ("", False)
        if self.ctl.session.line:  # on from a judged move: a game like any other
            super().submit(action)
            return
        self.judging = True
        super().submit(action)
        if not self.ctl.session.line:  # refused: nothing to judge
            self.judging = False
            self._update_stage()
            return
        self.message = ("", False)
        self._update_stage()
        token = self.ctl.token
        self.run_worker(lambda: self._judge(token, action), thread=True, exclusive=True, group="try")

    def _judge(self, token: int, action: Action) -> None:
        try:
            said: Tried | None = tried(self.reviewer, self.before, self.moment, action)
        except Exception as exc:  # the game goes on unjudged rather than stopping
            self.log.error(repr(exc))
            said = None
        self.app.call_from_thread(self._judged, token, said)

    def _judged(self, token: int, said: Tried | None) -> None:
        if not self.is_attached or token != self.ctl.token:
            return
        self.judging = False
        if said is None:
            self.message = (text("review.failed", self.lang), True)
        else:
            view = self.ctl.rules.view(self.before, self.reviewer.seat)
            line = tried_line(said, self.ctl.rules, view, self.lang)
            self.ctl.log.append(LogLine(line, note=True))
            self.wrong = not said.good
            self.message = self.said = (line, not said.good)
        self._refresh_footer(force=True)
        self._after_change()

    def action_again(self) -> None:
        """The position comes back for another try."""
        if self.judging:
            return
        ctl = self.ctl
        n = len(ctl.session.line)
        if n:
            ctl.session.undo(n)
            ctl.token += 1
            ctl.rebuild_log()
        self.wrong = False
        self.said = ("", False)
        self.sel = type(self.board).SEL()
        self.message = (text("review.try_again", self.lang), False)
        self._seen = len(ctl.log)
        self._refresh_footer(force=True)
        self._after_change()
