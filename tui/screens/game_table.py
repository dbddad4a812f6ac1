"""What the table screens of every game share: the controller, bot turns in a worker thread,
hints, undo and redo, saving, and leaving the game.

A game's table screen (`tui/screens/table.py` for `magic`, `tui/gravity/table.py`) subclasses
`GameTable`, sets `SEL` to its selection type, and provides the game-specific parts: `compose`,
`refresh_all`, `_after_change`, `_fit`, `_show_prompt`, `_show_hint`, `_apply`, `_refuse`,
`_not_your_turn` and `_update_stage`.
"""

from __future__ import annotations

import threading
import time
from typing import Any, ClassVar

from textual import work
from textual.screen import Screen
from textual.worker import get_current_worker

from core.bots.hint import hint
from core.engine.protocol import IllegalAction
from tui.controller import GameController
from tui.i18n import text
from tui.keys import localize_bindings
from tui.widgets.event_log import log_entries


class GameTable(Screen):
    SEL: ClassVar[type[Any]]  # the game's selection-in-progress type (empty when constructed)

    def __init__(self, ctl: GameController, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ctl = ctl
        self.sel = self.SEL()
        self.stage: Any = None
        self.view: Any = None
        self.message = ("", False)
        self._legal: tuple[int, list[Any]] = (-1, [])
        self._wake = threading.Event()
        self._fast = False
        self._bot_busy = False
        self._ended = False

    # The game-specific parts every table provides.
    def refresh_all(self) -> None:
        raise NotImplementedError

    def _after_change(self) -> None:
        raise NotImplementedError

    def _fit(self, width: int, height: int) -> None:
        raise NotImplementedError

    def _show_prompt(self) -> None:
        raise NotImplementedError

    def _show_hint(self, token: int, hints: list[Any], error: str) -> None:
        raise NotImplementedError

    def _apply(self, result: Any) -> None:
        raise NotImplementedError

    def _refuse(self, action: Any) -> None:
        raise NotImplementedError

    def _not_your_turn(self) -> None:
        raise NotImplementedError

    def _update_stage(self) -> None:
        raise NotImplementedError

    @property
    def lang(self) -> str:
        return self.ctl.lang

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self._fit(self.app.size.width, self.app.size.height)
        for w in self.ctl.warnings:
            self.notify(w, severity="warning")
        self.ctl.warnings.clear()
        self.call_after_refresh(self._after_change)

    def relocalize(self) -> None:
        localize_bindings(self, self.lang)
        self.refresh_bindings()
        self.refresh_all()

    def legal(self) -> list[Any]:
        if self._legal[0] != self.ctl.token:
            self._legal = (self.ctl.token, self.ctl.legal())
        return self._legal[1]

    def say(self, message: str, error: bool = False) -> None:
        self.message = (message, error)
        self._show_prompt()

    def _game_over(self) -> None:
        if self._ended:
            return
        self._ended = True
        from tui.screens.end import EndScreen

        self.app.switch_screen(EndScreen(self.ctl))

    def _start_bot(self) -> None:
        job = self.ctl.bot_job()
        if job is None or self._bot_busy:
            return
        self._bot_busy = True
        self._wake.clear()
        self.run_bot(job, self.app.settings.pace_seconds)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def run_bot(self, job: Any, pace: float) -> None:
        worker = get_current_worker()
        started = time.monotonic()
        error = ""
        try:
            action = job.bot.choose(job.view, job.legal)
        except Exception as exc:  # a broken bot must not take the game down
            action, error = job.legal[0], f"{type(exc).__name__}: {exc}"
        rest = pace - (time.monotonic() - started)
        if rest > 0 and not self._fast:
            self._wake.wait(rest)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._bot_answer, job, action, error)

    def _bot_answer(self, job: Any, action: Any, error: str) -> None:
        self._bot_busy = False
        if error:
            self.notify(text("table.bot_error", self.lang, error=error), severity="error")
        if not self.is_attached:
            return
        if self.ctl.play_bot(job, action):
            self.message = ("", False)
        self._after_change()

    def on_unmount(self) -> None:
        self.ctl.close()  # stale-proofs any bot answer still on its way; the journal is complete
        self._wake.set()

    def action_choose(self, key: str) -> None:
        st = self.stage
        if st is None:
            self._not_your_turn()
            return
        option = st.option_for_key(key)
        if option is None:  # a number with nothing under it
            self.say_how_to_choose(st)
            return
        if not option.enabled:
            if option.probe is not None:
                self._refuse(option.probe)
            else:
                self.say(option.hint or text("table.not_now", self.lang), error=True)
            return
        self._apply(option.result)

    def say_how_to_choose(self, st: Any) -> None:
        """The keys that choose in this decision: the numbers, or the table itself."""
        if st.options:
            self.say(text("table.use_numbers", self.lang, k=st.options[-1].key))
        else:
            self.say(text("table.no_numbers", self.lang))

    def action_back(self) -> None:
        st = self.stage
        if st is not None and st.back is not None:
            self.sel = st.back
            self.message = ("", False)
            self._update_stage()

    def submit(self, action: Any) -> None:
        try:
            self.ctl.act(action)
        except IllegalAction as exc:
            self.say(f"{exc.message} [{exc.rule_id}]", error=True)
            return
        self.sel = self.SEL()
        self.message = ("", False)
        self._after_change()

    def action_undo(self) -> None:
        n = self.ctl.undo()
        self.sel = self.SEL()
        self.message = (text("table.undone", self.lang, k=n), False)
        self._after_change()

    def action_undo_why(self) -> None:
        why = self.ctl.undo_refusal()
        if why:
            self.say(why, error=True)

    def action_redo(self) -> None:
        n = self.ctl.redo()
        self.sel = self.SEL()
        self.message = (text("table.redone", self.lang, k=n), False)
        self._after_change()

    def action_redo_why(self) -> None:
        self.say(text("undo.no_redo", self.lang), error=True)

    def action_hint(self) -> None:
        """Ask the MCTS (normal level) for the deciding seat's best moves, from its view."""
        pend = self.ctl.pending()
        if pend is None:
            return
        self.say(text("hint.thinking", self.lang))
        view = self.ctl.session.view(pend.seat)
        self.run_hint(self.ctl.token, view, self.legal(), pend.seat, self.lang)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def run_hint(self, token: int, view: Any, legal: list[Any], seat: int, lang: str) -> None:
        try:
            hints = hint(self.ctl.rules, view, legal, seat, lang, budget="normal", seed=token)
        except Exception as exc:  # a hint is a nicety: never let it break the game
            hints, error = [], f"{type(exc).__name__}: {exc}"
        else:
            error = ""
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show_hint, token, hints, error)

    def action_fast(self) -> None:
        self._fast = True
        self._wake.set()

    def action_log(self) -> None:
        from tui.screens.dialogs import LogScreen

        self.app.push_screen(LogScreen(log_entries(self.ctl), self.lang))

    def action_save_as(self) -> None:
        from tui.screens.dialogs import SaveAsScreen

        writer = self.ctl.session.writer
        default = str(writer.path) if writer is not None else ""

        def chosen(path: str | None) -> None:
            if path:
                self.save_to(path)

        self.app.push_screen(SaveAsScreen(default, self.lang), chosen)

    def save_to(self, path: str) -> None:
        try:
            self.ctl.session.save_as(path)
        except OSError as exc:
            self.notify(text("save.failed", self.lang, error=exc.strerror or str(exc)), severity="error")
            return
        self.notify(text("save.done", self.lang, path=path))

    def action_menu(self) -> None:
        self.app.pop_screen()
        self.app.notify(text("table.left", self.lang))
