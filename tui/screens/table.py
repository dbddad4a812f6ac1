"""The table: where a game is played, whatever the game.

The screen owns the flow: the partial selection (`sel`) of the pending decision and the stage
built from it, the prompt bar and its keys, bot turns in a worker thread, hints, undo and
redo, saving, leaving. The game's board (`tui/games/<g>/board.py`) owns what is between the
status line and the prompt: its widgets, the cursor and what picking under it means; the
screen tells it a `BoardContext` and answers its messages. Every change of the game goes
through the controller (and so the session): a move, an undo, a redo.
"""

from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, cast

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import get_current_worker

from core.bots.heuristics import informed
from core.bots.hint import hint, say_move
from core.engine.protocol import IllegalAction
from tui.board import Board, BoardContext, sureness, use_numbers
from tui.controller import PUBLIC, GameController
from tui.i18n import system_problem, text
from tui.keys import localize_bindings
from tui.markup import esc
from tui.saves import SUFFIX
from tui.screens.settled import SettlesLayout
from tui.stage import Stage, name_only_move
from tui.widgets.card_board import DrawnCard
from tui.widgets.event_log import log_entries
from tui.widgets.framed_lines import KeepsLines
from tui.widgets.prompt_bar import Choice, PromptBar
from tui.widgets.repaint import repaint, titles

if TYPE_CHECKING:
    from core.bots.hint import Hint
    from core.engine.protocol import Action
    from tui.app import EvoApp
    from tui.controller import BotJob

# Keys whose availability the footer shows; it is redrawn only when one of them changes.
_CHECKED = ("undo", "redo", "fast", "hint", "learn", "info")
# Below this width the footer's one line cannot list every key at once: "learn", shown while
# a refusal cites a ruling a lesson teaches, takes the room of "info" (still on `i`, and in help).
NARROW_FOOTER = 100
# Seconds an only move stays announced before the table plays it (Settings: only move).
ONLY_MOVE_PAUSE = 0.8


def table_bindings(board: type[Board]) -> list[BindingType]:
    """The table's keys: the cursor, the numbers, then the footer's keys with the board's own
    after help."""
    return [
        Binding("left", "move(-1, 0)", show=False),
        Binding("right", "move(1, 0)", show=False),
        Binding("up", "move(0, -1)", show=False),
        Binding("down", "move(0, 1)", show=False),
        Binding("enter", "pick", show=False),
        Binding("escape", "back", show=False),
        *[Binding(k, f"choose('{k}')", show=False) for k in "1234567890"],
        Binding("f1,question_mark", "help", "help", key_display="?"),
        *[Binding(k.key, f"board('{k.action}')", k.description, key_display=k.key_display, show=k.show)
          for k in board.KEYS],
        Binding("u", "undo", "undo"),
        Binding("u", "undo_why", show=False),
        Binding("r", "redo", "redo"),
        Binding("r", "redo_why", show=False),
        Binding("f", "fast", "fast"),
        Binding("h", "hint", "hint"),
        Binding("h", "hint_unlisted", show=False),  # the same key where the footer has no room
        Binding("e", "learn", "learn"),
        Binding("i", "info", "info"),
        Binding("i", "info_unlisted", show=False),  # while "learn" takes its room in the footer
        Binding("l", "log", "log"),
        Binding("s", "save_as", "save"),
        Binding("m", "menu", "menu"),
    ]


class TableScreen(SettlesLayout, KeepsLines, Screen):
    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (settings, lang, saves, …)

    def __init__(self, ctl: GameController) -> None:
        game = ctl.session.header.game
        super().__init__(id=f"{game}-table")
        self.ctl = ctl
        self.ui = ctl.ui
        self.board: Board = ctl.ui.board()(self.board_context(), "table")
        self._bindings = BindingsMap(table_bindings(type(self.board)))
        self.sel = self.board.SEL()
        self.stage: Stage | None = None
        self.view: object = None  # the game's own view, once shown
        self.message = ("", False)
        self.prompt = PromptBar(id="prompt")
        self._legal: tuple[int, list[Action]] = (-1, [])
        self._seen = len(ctl.log)  # log lines the player has seen: later ones are marked new
        self._footer: tuple[bool | None, ...] | None = None  # the keys' availability shown
        self._wake = threading.Event()
        self._fast = False
        self._bot_busy = False
        self._ended = False
        self._looked: dict[str, str] | None = None  # the items as the player last saw them
        self._no_only_move = -1  # the position (token) an undo or redo came back to: asked, not played
        self._round = ctl.round_number()  # the round last summarised
        # the moves since the player's own that attacked their pieces: told again in the
        # language of the moment, and gone with an undo that takes the move back
        self._attacked: list[int] = []
        self._cited: tuple[str, tuple[str, bool]] | None = None  # (rule id, the refusal's message)
        self._refused = ""  # the refused move's notation: `e` looks for a lesson of its kind

    # --- what the board is told, and what it asks of its screen ---------------------------

    @property
    def lang(self) -> str:
        return self.ctl.lang

    def board_context(self) -> BoardContext:
        ctl = self.ctl
        return BoardContext(ctl.names(), ctl.kinds, ctl.bottom_seat(), ctl.lang, ctl=ctl)

    def on_board_say(self, message: Board.Say) -> None:
        if message.only_over is None or self.message[0] == message.only_over:
            self.say(message.text, message.error)

    def on_board_play(self, message: Board.Play) -> None:
        if message.token is None or message.token == self.ctl.token:
            self.submit(message.action)

    def on_board_pick_here(self, message: Board.PickHere) -> None:
        self.action_pick()

    def on_board_relayout(self, message: Board.Relayout) -> None:
        self._fit(self.size.width, self.size.height)
        if message.redraw:
            self.refresh_all()

    # --- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from self.board.status_widgets()
        yield self.board
        yield Static(id="attacked")
        yield self.prompt
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self._fit(self.app.size.width, self.app.size.height)
        for w in self.ctl.warnings:
            self.notify(w, severity="warning")
        self.ctl.warnings.clear()
        self.call_after_refresh(self._after_change)

    def on_resize(self) -> None:
        narrow = self.has_class("-narrow")
        self._fit(self.size.width, self.size.height)
        if self.view is not None and narrow != self.has_class("-narrow"):
            self.refresh_all()
        self.call_after_refresh(self.board.settled)

    def _fit(self, width: int, height: int) -> None:
        for name, on in self.board.fit(width, height).items():
            self.set_class(on, name)
        self.board.fit_side(width)
        self._refresh_footer(force=True)

    def relocalize(self) -> None:
        self._seen = len(self.ctl.log)  # told again in the new language
        self.message = ("", False)  # said in the old one: the prompt speaks for the decision
        localize_bindings(self, self.lang)
        self._refresh_footer(force=True)
        self.refresh_all()

    # --- rendering --------------------------------------------------------------------------

    def legal(self) -> list[Action]:
        if self._legal[0] != self.ctl.token:
            self._legal = (self.ctl.token, self.ctl.legal())
        return self._legal[1]

    def refresh_all(self) -> None:
        self.view = self.ctl.view()
        self.board.tell(self.board_context())
        self.board.show(self.view)
        self._show_log()
        self._show_attacked()
        self._update_stage()
        self.board.settled()

    def _show_log(self) -> None:
        log = self.board.log_widget()
        titles(log, text("log.title", self.lang))
        log.set_entries(log_entries(self.ctl), fresh=self._seen)

    def _seen_all(self) -> None:
        """The player pressed a key: what others did is no longer new."""
        if self._seen < len(self.ctl.log):
            self._seen = len(self.ctl.log)
            self._show_log()
            self._mark_news()

    def _items_text(self) -> dict[str, str]:
        def body(w: object) -> str:
            return w.body if isinstance(w, DrawnCard) else getattr(w, "_evo_markup", "")

        return {k: f"{w.border_title}\n{body(w)}" for k, w in self.board.items().items()}

    def _mark_news(self) -> None:
        """On the player's decision after others' turns, mark the items whose text changed since
        the player last looked (new ones too); with nothing new, what the player sees is the
        new reference and no item is marked."""
        news = self._seen < len(self.ctl.log) and self.ctl.my_decision() and self._looked is not None
        now = self._items_text()
        for key, w in self.board.items().items():
            w.set_class(news and self._looked.get(key) != now[key], "-news")  # type: ignore[union-attr]
        if not news:
            self._looked = now

    def _update_stage(self) -> None:
        if self.ctl.my_decision() and self.view is not None:
            legal, view, lang = self.legal(), self.view, self.lang
            self.stage = self.board.build_stage(view, legal, self.sel)
            if self.sel == self.board.SEL():  # one move only: the prompt names it
                name_only_move(self.stage, legal, lambda a: say_move(self.ctl.rules, view, a, lang))
        else:
            self.stage = None
        self.board.stage_shown(self.stage)
        self._show_prompt()
        self._refresh_footer()

    def _refresh_footer(self, force: bool = False) -> None:
        """Redraw the footer only when a key's availability changed (it is slow to rebuild)."""
        sig = (*(self.check_action(a, ()) for a in _CHECKED),
               *(self.board.key_allowed(k.action) for k in self.board.KEYS))
        if force or sig != self._footer:
            self._footer = sig
            self.refresh_bindings()

    def say(self, message: str, error: bool = False) -> None:
        self.message = (message, error)
        self._show_prompt()

    def _show_prompt(self) -> None:
        ctl, lang, st = self.ctl, self.lang, self.stage
        msg, err = self.message
        pend = ctl.pending()
        if pend is None:
            self.prompt.show(text("table.over", lang), [], "", msg, err)
            return
        who = self.board.decider_name(pend.seat)
        if st is None:
            if ctl.is_bot_turn():
                prompt, keys = self.board.bot_thinking(pend.seat), text("keys.bot_line", lang)
            else:
                prompt, keys = text("table.waiting", lang, name=who), ""
            self.prompt.show(prompt, [], keys, msg, err)
            return
        prompt = f"{who}: {st.prompt}" if self.board.prompt_prefix(pend.seat) else st.prompt
        choices = [Choice(o.key, o.label, o.enabled, o.order, o.tick, o.ordered) for o in st.options]
        self.prompt.show(prompt, choices, self._keys_line(st), msg, err)

    def _keys_line(self, st: Stage) -> str:
        """How to answer: the board's picks (or Enter), the numbers, back, help."""
        compact = self.has_class("-narrow")
        key = self.board.key_text
        parts = self.board.pick_keys(st, compact)
        if st.options:
            many = len(st.options) > 1
            parts.append(key("numbers" if many else "number", compact, k=st.options[-1].key))
        if st.back is not None:
            parts.append(key("back", compact))
        parts.append(key("help", compact))
        return " · ".join(parts)

    # --- the flow of the game -------------------------------------------------------------

    def _after_change(self) -> None:
        if not self.is_attached:
            return
        ctl = self.ctl
        self.refresh_all()
        if self._seen == len(ctl.log) or ctl.my_decision():
            self._mark_news()
        if ctl.outcome() is not None:
            self._game_over()
            return
        if self._round_over():
            return
        seat = ctl.needs_handover()
        if seat is not None:
            self._hand_over(seat)
            return
        if ctl.my_decision():
            self._fast = False
            self._only_move()
        if ctl.is_bot_turn():
            self._start_bot()

    def _round_over(self) -> bool:
        """A new round has begun since the last look: tell the one that ended and wait for a
        key (Settings: round summary). An undo back into an earlier round resets the count."""
        ctl = self.ctl
        now = ctl.round_number()
        ended, self._round = self._round, now
        if now <= ended or ctl.bots_only or self.app.settings.round_summary != "show":
            return False
        from tui.round_summary import summarize
        from tui.screens.round_summary import RoundSummaryScreen

        # hot seat: whoever sits at the keys next has not confirmed yet, so the table alone
        viewer = PUBLIC if ctl.hotseat else ctl.viewer()
        summary = summarize(ctl, now - 1, viewer, self.ui.standing)
        self.app.push_screen(RoundSummaryScreen(summary, self.lang), lambda _: self._after_change())
        return True

    def _show_attacked(self) -> None:
        from tui.round_summary import attacks_in_move

        bar = self.query_one("#attacked", Static)
        lines: list[str] = []
        if self._attacked:
            on_line, seat = set(self.ctl.session.line), self.ctl.bottom_seat()
            lines = [x for seq in self._attacked if seq in on_line
                     for x in attacks_in_move(self.ctl, seq, seat)]
        bar.display = bool(lines)
        if lines:
            repaint(bar, esc(text("summary.attacked", self.lang, lines=" · ".join(lines))))

    def _only_move(self) -> None:
        """With the setting on, a decision whose single legal action leaves nothing to choose is
        announced and taken after a short pause. Not where an undo or redo has just come back
        to: the player went there to decide it."""
        if self.app.settings.only_move != "auto" or self.stage is None or \
                self.ctl.token == self._no_only_move:
            return
        legal = self.legal()
        if len(legal) != 1:
            return
        what = next((o.label for o in self.stage.options if o.result == legal[0] and o.enabled), "")
        self.say(text("table.only_move", self.lang, what=what) if what
                 else text("table.only_move_plain", self.lang))
        token = self.ctl.token
        self.set_timer(ONLY_MOVE_PAUSE, lambda: self._play_only_move(token))

    def _play_only_move(self, token: int) -> None:
        ctl = self.ctl
        if not self.is_attached or ctl.token != token or token == self._no_only_move or \
                not ctl.my_decision() or self.app.screen is not self:
            return  # the game moved on, or a dialog is open: the player decides
        legal = self.legal()
        if len(legal) == 1:
            self.submit(legal[0])

    def _hand_over(self, seat: int) -> None:
        from tui.screens.handover import HandoverScreen

        def done(ready: bool | None) -> None:
            if not ready:  # Esc on the curtain: back to the menu; the game is saved
                self.action_menu()
                return
            self.ctl.confirm_handover(seat)
            self._seen = len(self.ctl.log)
            self.sel = self.board.SEL()
            self.board.cursor = None  # the next player's table: its rows are arranged as told
            self._after_change()

        self.app.push_screen(HandoverScreen(self.ctl.names()[seat], self.lang), done)

    def _game_over(self) -> None:
        if self._ended:
            return
        self._ended = True
        from tui.screens.end import EndScreen

        self.app.switch_screen(EndScreen(self.ctl))

    # --- bots -----------------------------------------------------------------------------

    def _start_bot(self) -> None:
        job = self.ctl.bot_job()
        if job is None or self._bot_busy:
            return
        self._bot_busy = True
        self._wake.clear()
        self.run_bot(job, self.app.settings.pace_seconds)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def run_bot(self, job: BotJob, pace: float) -> None:
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

    def _bot_answer(self, job: BotJob, action: Action, error: str) -> None:
        self._bot_busy = False
        if error:
            self.notify(text("table.bot_error", self.lang, error=error), severity="error")
        if not self.is_attached:
            return
        if self.ctl.play_bot(job, action):
            self.message = ("", False)
            seat = self.ctl.bottom_seat()
            if self.ctl.kinds[seat] == "human" and not self.ctl.hotseat:
                from tui.round_summary import attacks_in_last_move

                if attacks_in_last_move(self.ctl, seat):
                    self._attacked.append(self.ctl.session.line[-1])
        self._after_change()

    def on_unmount(self) -> None:
        self.ctl.close()  # stale-proofs any bot answer still on its way; the journal is complete
        self._wake.set()

    def action_fast(self) -> None:
        self._fast = True
        self._wake.set()

    # --- input: the cursor, picks, options ------------------------------------------------

    def action_move(self, dx: int, dy: int) -> None:
        self._seen_all()
        self.message = ("", False)
        self.board.move(dx, dy)
        self._show_prompt()

    def action_pick(self) -> None:
        self._seen_all()
        st = self.stage
        if st is None:
            self._not_your_turn()
            return
        p = self.board.pick(st)
        if p.chosen:
            self._apply(p.result)
        elif p.probe is not None:
            self._refuse(p.probe)
        elif p.message:
            self.say(p.message, error=True)
        elif st.default is not None:
            self._apply(st.default)
        else:
            self.say_how_to_choose(st)

    def action_choose(self, key: str) -> None:
        self._seen_all()
        st = self.stage
        if st is None:
            self._not_your_turn()
            return
        option = st.option_for_key(key)
        if option is None:  # a number with nothing under it
            self.say_how_to_choose(st)
            return
        if not option.enabled:
            self.say(option.hint or text("table.not_now", self.lang), error=True)
            return
        self._apply(option.result)

    def say_how_to_choose(self, st: Stage) -> None:
        """The keys that choose in this decision: the numbers, or the board itself."""
        if st.options:
            self.say(use_numbers(st.options, self.lang))
        else:
            self.say(text("table.no_numbers", self.lang))

    def action_back(self) -> None:
        st = self.stage
        if st is not None and st.back is not None:
            self.sel = st.back
            self.message = ("", False)
            self._update_stage()

    def _not_your_turn(self) -> None:
        pend = self.ctl.pending()
        if pend is not None:
            self.say(text("table.not_your_turn", self.lang, name=self.board.decider_name(pend.seat)))

    def _refuse(self, action: Action | None) -> None:
        exc = self.ctl.explain(action) if action is not None else None
        if exc is None:
            self.say(text("table.not_now", self.lang), error=True)
        else:
            self._say_refusal(exc, action)

    def _say_refusal(self, exc: IllegalAction, action: Action | None = None) -> None:
        """Why a move is refused, citing the ruling; while it is shown, F1/? opens that ruling
        (above the decision's help)."""
        self._refused = ""
        if action is not None:
            # a refused move a game cannot write down: any lesson of the ruling will do
            with contextlib.suppress(Exception):
                self._refused = self.ctl.rules.format_action(action)
        shown = (f"{exc.message} [{exc.cite}]\u00a0{text('table.why', self.lang)}", True)
        self._cited = (exc.rule_id, shown)
        self.say(*shown)
        self._refresh_footer()

    def _citing(self) -> str | None:
        """The rule id of the refusal on the prompt, if that is what the prompt shows."""
        return self._cited[0] if self._cited is not None and self._cited[1] == self.message else None

    def _lesson_cited(self) -> str | None:
        """The id of the lesson teaching the ruling the refusal on the prompt cites, if any."""
        rule = self._citing()
        if rule is None:
            return None
        from core.lessons.catalog import teaching

        lesson = teaching(self.ctl.session.header.game, rule, self._refused)
        return lesson.id if lesson is not None else None

    def action_learn(self) -> None:
        """Learn this rule: the lesson that teaches the cited ruling. The table is left first,
        as by `m` (the game is saved), since a lesson is the game's table too; leaving the
        lesson opens the game again."""
        lesson = self._lesson_cited()
        if lesson is not None:
            from tui.screens.lessons import open_lesson

            app, back_to = self.app, self.ctl.session.file
            app.pop_screen()  # no "Continue from the menu": leaving the lesson comes back here
            app.call_later(open_lesson, app, lesson, back_to)

    def _apply(self, result: object) -> None:
        if isinstance(result, type(self.sel)):
            self.sel = result
            self.message = ("", False)
            self._update_stage()
            return
        action = cast("Action", result)  # not a selection: a move
        ask = self.board.confirm(action)
        if ask is None:
            self.submit(action)
            return
        from tui.screens.dialogs import ConfirmScreen

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.submit(action)

        self.app.push_screen(ConfirmScreen(ask[0], ask[1], self.lang), confirmed)

    def submit(self, action: Action) -> None:
        try:
            self.ctl.act(action)
        except IllegalAction as exc:
            self._say_refusal(exc, action)
            return
        self._seen = len(self.ctl.log)  # the player's own move is not news to them
        self.sel = self.board.SEL()
        self.message = ("", False)
        self._attacked = []  # seen and answered: the mark goes with the player's move
        self._after_change()

    # --- undo and redo ------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.ctl.undo_refusal() is None else None
        if action == "redo":
            return True if self.ctl.can_redo() else None
        if action == "fast":
            return self.ctl.is_bot_turn()
        if action in ("hint", "hint_unlisted"):  # hidden, not greyed, where there is none
            offered = informed(self.ctl.rules) and self.ctl.my_decision()
            listed = self.size.width >= self.board.HINT_FOOTER_WIDTH
            return offered and listed == (action == "hint")
        if action == "learn":  # shown while a refusal cites a ruling a lesson teaches
            return self._lesson_cited() is not None
        if action in ("info", "info_unlisted"):  # a narrow footer has no room for both
            learning = any(b.action == "learn" for b in self._bindings.key_to_bindings.get("e", []))
            listed = self.size.width >= NARROW_FOOTER or not learning or self._lesson_cited() is None
            return listed == (action == "info")
        if action == "board" and parameters:
            own = self.board.key_allowed(str(parameters[0]))
            return True if own is None else own
        return True

    def action_board(self, name: str) -> None:
        """A key of the board's own (Board.KEYS)."""
        getattr(self.board, f"action_{name}")()

    def action_undo(self) -> None:
        others = self.ctl.undo_others()
        if not others:
            self._undo()
            return
        from tui.screens.dialogs import ConfirmScreen

        def agreed(yes: bool | None) -> None:
            if yes:
                self._undo()

        names = ", ".join(others)
        self.app.push_screen(ConfirmScreen(text("undo.ask_title", self.lang),
                                           text("undo.ask", self.lang, names=names), self.lang), agreed)

    def _undo(self) -> None:
        n = self.ctl.undo()
        self._no_only_move = self.ctl.token
        self._seen = len(self.ctl.log)  # the log is told again: nothing in it is news
        self.sel = self.board.SEL()
        self.message = (text("table.undone", self.lang, k=n), False)
        self._after_change()

    def action_undo_why(self) -> None:
        why = self.ctl.undo_refusal()
        if why:
            self.say(why, error=True)

    def action_redo(self) -> None:
        n = self.ctl.redo()
        self._no_only_move = self.ctl.token
        self._seen = len(self.ctl.log)
        self.sel = self.board.SEL()
        self.message = (text("table.redone", self.lang, k=n), False)
        self._after_change()

    def action_redo_why(self) -> None:
        self.say(text("undo.no_redo", self.lang), error=True)

    # --- hints ------------------------------------------------------------------------------

    def action_hint(self) -> None:
        """Ask the MCTS (normal level) for the deciding seat's best moves, from its view."""
        pend = self.ctl.pending()
        if pend is None:
            return
        if self.sel != self.board.SEL():
            # a hint names a whole move and points at its first piece: a choice half made (an
            # attacker picked, its target to come) starts over, so Enter follows the hint
            self.sel = self.board.SEL()
            self._update_stage()
        self.say(text("hint.thinking", self.lang))
        view = self.ctl.session.view(pend.seat)
        self.run_hint(self.ctl.token, view, self.legal(), pend.seat, self.lang)

    def action_hint_unlisted(self) -> None:
        self.action_hint()

    def action_info_unlisted(self) -> None:
        self.action_info()

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def run_hint(self, token: int, view: object, legal: list[Action], seat: int, lang: str) -> None:
        try:
            hints = hint(self.ctl.rules, view, legal, seat, lang, budget="normal", seed=token)
        except Exception as exc:  # a hint is a nicety: never let it break the game
            hints, error = [], f"{type(exc).__name__}: {exc}"
        else:
            error = ""
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show_hint, token, hints, error)

    def _show_hint(self, token: int, hints: list[Hint], error: str) -> None:
        if token != self.ctl.token or not self.is_attached:
            return  # the game moved on while the hint was thought about
        if not hints:
            self.say(text("hint.none", self.lang, error=error), error=bool(error))
            return
        moved = self.board.show_hint(hints)  # where the cursor went is said, never silent
        best, sure = hints[0], sureness(hints[0].share, self.lang)
        self.say(text("hint.line_moved" if moved else "hint.line", self.lang, reason=best.reason,
                      sure=sure, where=moved))

    # --- other screens ------------------------------------------------------------------------

    def action_help(self) -> None:
        from tui.screens.dialogs import MarkdownScreen

        body = self.ui.decision_help(self.view, self.stage, self.ctl, self.lang)
        rule = self._citing()
        if rule is not None:  # the refused move's ruling first; the decision's help stays below
            from tui.rulings import refusal_help

            body = refusal_help(self.ctl.session.header.game, rule, self.lang) + body
        self.app.push_screen(MarkdownScreen(text("help.title", self.lang), body, self.lang))

    def action_info(self) -> None:
        from tui.screens.dialogs import InfoScreen

        body = self.board.describe()
        if body:
            self.app.push_screen(InfoScreen(body, self.lang))

    def action_log(self) -> None:
        from tui.screens.dialogs import LogScreen

        self.app.push_screen(LogScreen(log_entries(self.ctl), self.lang))

    def action_save_as(self) -> None:
        from tui.screens.dialogs import SaveAsScreen

        writer = self.ctl.session.writer
        default = str(writer.path) if writer is not None else ""

        def chosen(path: str | None) -> None:
            if path:
                given = Path(path.strip()).expanduser()
                self.save_to(str(given if given.suffix else given.with_suffix(SUFFIX)))

        self.app.push_screen(SaveAsScreen(default, self.lang), chosen)

    def save_to(self, path: str) -> None:
        from core.engine.journal import JournalError
        from tui.saves import save_problem

        writer = self.ctl.session.writer
        old = writer.path if writer is not None else None
        try:
            self.ctl.session.save_as(path)
        except JournalError as exc:  # in Russian the gist (the problem itself is English)
            self.notify(text("save.failed", self.lang, error=save_problem(exc, self.lang)), severity="error")
            return
        except OSError as exc:
            why = system_problem(exc, self.lang)
            self.notify(text("save.failed", self.lang, error=why), severity="error")
            return
        self.app.saved_as(Path(old) if old is not None else None, Path(path))
        self.notify(text("save.done", self.lang, path=path))

    def action_menu(self) -> None:
        self.app.pop_screen()
        self.app.notify(text("table.left", self.lang))

