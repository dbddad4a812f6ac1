"""Lessons in the app (Menu → Lessons, `evo lesson play ID`): the list of every game's lessons
with the stars earned, and the lesson table — the game's own table, showing the learner's seat
only, with the goal above it.

A move that reaches the goal earns the stars (core/lessons/progress.py). A move after which the
goal can no longer be reached within par (the tutor judges, as `evo lesson check` does) is
played on and answered once, so its consequence is seen; the prompt says why in players'
words with the ruling, and Enter (or t) brings the position back. h gives the hints in steps,
then the taught rulings' text; n skips to the next lesson.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from core.engine.citation import citation
from core.engine.protocol import IllegalAction
from core.lessons import catalog
from core.lessons.lesson import Lesson
from core.lessons.progress import ProgressFile, stars_for
from core.lessons.tutor import ANSWERS_CAP, Tutor
from tui.controller import GameController, LogLine
from tui.i18n import text
from tui.keys import localize_bindings
from tui.markup import esc
from tui.screens.table import TableScreen, table_bindings
from tui.widgets.repaint import repaint

if TYPE_CHECKING:
    from pathlib import Path

    from core.engine.protocol import Action
    from core.engine.session import GameSession
    from tui.app import EvoApp

# the table's keys a lesson does without: undo and redo (retry brings the start back), bots,
# saving (a lesson is not a saved game), learning (it is one), the MCTS hint (its hints replace it)
_DROPPED = ("undo", "undo_why", "redo", "redo_why", "fast", "save_as", "hint", "hint_unlisted", "learn")
# the lesson's own keys: (key, action, text key of its footer word)
_OWN = (("h", "lesson_hint", "hint"), ("t", "retry", "retry"), ("n", "skip", "skip"))


def progress_of(app: EvoApp) -> ProgressFile:
    from tui.settings import config_dir

    return ProgressFile(app.config_dir or config_dir())


def stars_text(k: int) -> str:
    return "★" * k + "☆" * (3 - k)


def lesson_session(lesson: Lesson, tutor: Tutor, lang: str) -> GameSession:
    """An unsaved game standing at the lesson's position: the learner's seat is the person's,
    the others are answered by the tutor (their kind never plays: the table runs no bot)."""
    import msgspec

    from core import games
    from core.engine.session import GameSession
    from tui.bots import bot_specs, default_bot
    from tui.games import plugin

    rules = tutor.rules
    seats = plugin(lesson.game).scenario_seats(tutor.start, lang, default_bot(bot_specs(rules)))
    bot = lesson.table.opponent.bot or "random"
    seats = [msgspec.structs.replace(s, kind="human", bot="") if i == tutor.seat else
             msgspec.structs.replace(s, kind="bot", bot=bot) if s.kind == "human" else s
             for i, s in enumerate(seats)]
    adapter = games.get(lesson.game).scenarios
    assert adapter is not None  # a lesson is a scenario: its game reads scenario files
    options = adapter.options(tutor.start)
    return GameSession.new(lesson.game, seats=seats, options=options, seed=lesson.scenario.seed,
                           position=rules.clone(tutor.start), path=None, durable=False)


def open_lesson(app: EvoApp, lesson_id: str, back_to: Path | None = None) -> bool:
    """Show a lesson over what is on screen; False if there is none. `back_to`: the save of
    the game the lesson was asked from (`e` at its table), which leaving the lesson reopens."""
    lesson = catalog.find(lesson_id)
    if lesson is None:
        app.notify(text("lesson.ui.missing", app.lang, id=lesson_id), severity="error")
        return False
    tutor = Tutor(lesson)
    ctl = GameController(lesson_session(lesson, tutor, app.lang), app.lang)
    app.game_styles(lesson.game)
    screen = LessonTableScreen(ctl, lesson, tutor, back_to)
    app.last_lesson = lesson_id
    app.push_screen(screen)
    return True


def next_lesson(lesson: Lesson) -> Lesson | None:
    """The lesson after this one in its game's path, or None at its end."""
    path = catalog.lessons(lesson.game)
    ids = [le.id for le in path]
    i = ids.index(lesson.id) if lesson.id in ids else len(ids)
    return path[i + 1] if i + 1 < len(path) else None


class LessonTableScreen(TableScreen):
    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (settings, lang, saves, …)

    DEFAULT_CSS = """
    LessonTableScreen #lesson-goal { height: auto; max-height: 2; padding: 0 1; background: $boost; }
    """

    def __init__(self, ctl: GameController, lesson: Lesson, tutor: Tutor,
                 back_to: Path | None = None) -> None:
        super().__init__(ctl)
        self.back_to = back_to
        kept = [b for b in table_bindings(type(self.board))
                if not (isinstance(b, Binding) and b.action in _DROPPED)]
        own = [Binding(key, action, f"lesson_{word}") for key, action, word in _OWN]
        self._bindings = BindingsMap([*kept, *own])
        self.lesson, self.tutor = lesson, tutor
        self.moves = 0  # the learner's moves in this try
        self.missed = 0  # tries that missed the goal
        self.hints = 0  # hint steps shown
        self.wrong = False  # showing a move that missed, until the position comes back
        self.done = 0  # stars earned, once the goal is met

    # --- layout and words ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="lesson-goal")
        yield from super().compose()

    def _say(self, key: str) -> str:
        return catalog.say(self.lesson.game, key, self.lang)

    def _goal_lines(self, width: int) -> int:
        return 1 if len(self._goal_text()) <= max(width - 2, 1) else 2

    def _goal_text(self) -> str:
        t = self.lesson.table
        return text("lesson.ui.goal", self.lang, title=self._say(t.title), goal=self._say(t.goal),
                    k=t.par)

    def _fit(self, width: int, height: int) -> None:
        super()._fit(width, height - self._goal_lines(width))

    def _words(self) -> dict[str, str]:
        words = {f"lesson_{word}": text(f"lesson.keys.{word}", self.lang) for _, _, word in _OWN}
        if self.back_to is not None:
            words["menu"] = text("lesson.keys.to_game", self.lang)
        return words

    def on_mount(self) -> None:
        # the table's own on_mount runs too (Textual calls each class's handler), after this one
        self.call_after_refresh(self._own_words)

    def _own_words(self) -> None:
        localize_bindings(self, self.lang, self._words())
        self._refresh_footer(force=True)
        repaint(self.query_one("#lesson-goal", Static), esc(self._goal_text()))

    def relocalize(self) -> None:
        super().relocalize()
        self._own_words()

    # --- what a lesson does differently from a game -------------------------------------------

    def action_help(self) -> None:
        """The lesson's own help: its goal, keys and stars; then, while a decision is open, the
        decision's help (once the lesson is done or a try missed, there is none to give)."""
        from tui.screens.dialogs import MarkdownScreen

        back = text("lesson.ui.help_back_game" if self.back_to is not None else
                    "lesson.ui.help_back_list", self.lang)
        body = text("lesson.ui.help", self.lang, goal=self._goal_text(), back=back)
        if self.stage is not None:
            body += "\n\n" + self.ui.decision_help(self.view, self.stage, self.ctl, self.lang)
        rule = self._citing()
        if rule is not None:  # a missed try's ruling first, as at a game's table
            from tui.rulings import refusal_help

            body = refusal_help(self.lesson.game, rule, self.lang) + body
        self.app.push_screen(MarkdownScreen(text("lesson.ui.help_title", self.lang), body, self.lang))

    def _start_bot(self) -> None:
        """The other seats never think: the tutor answers for them as the learner moves."""

    def _round_over(self) -> bool:
        return False

    def _game_over(self) -> None:
        """A game that ends in a lesson ends a try, not the table."""

    def _update_stage(self) -> None:
        if self.wrong or self.done:
            self.stage = None
            self.board.stage_shown(None)
            self._show_prompt()
            self._refresh_footer()
            return
        super()._update_stage()

    def _show_prompt(self) -> None:
        if not (self.wrong or self.done):
            super()._show_prompt()
            return
        msg, err = self.message
        prompt = text("lesson.ui.missed_title" if self.wrong else "lesson.ui.done_title", self.lang,
                      stars=stars_text(self.done))
        self.prompt.show(prompt, [], "", msg, err)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "retry":
            return True if self.moves or self.wrong or self.done else None
        if action in ("lesson_hint", "skip"):
            return True
        return super().check_action(action, parameters)

    # --- moves ------------------------------------------------------------------------------

    def submit(self, action: Action) -> None:
        if self.wrong or self.done:
            return
        ctl, first = self.ctl, self.moves == 0
        said = ctl.rules.format_action(action)
        try:
            ctl.act(action)
        except IllegalAction as exc:
            self._say_refusal(exc)
            return
        self.moves += 1
        for _ in range(ANSWERS_CAP):  # the other seats answer, as the tutor says they do
            reply = self.tutor.next_answer(ctl.session.state)
            if reply is None:
                break
            ctl.act(reply)
        self._seen = len(ctl.log)
        self.sel = type(self.board).SEL()
        self.message = ("", False)
        state, par = ctl.session.state, self.lesson.table.par
        if self.tutor.met(state):
            self._succeed()
        elif not self.tutor.reachable(state, par - self.moves):
            self._miss(said if first else None)
        self._refresh_footer(force=True)
        self._after_change()

    def _miss(self, first_move: str | None) -> None:
        """The goal cannot be reached any more: say why, with the ruling, and wait for a key."""
        t = self.lesson.table
        wrong = t.wrong.get(first_move) if first_move is not None else None
        why = self._say(wrong.say) if wrong else text("lesson.ui.missed", self.lang,
                                                      goal=self._say(t.goal))
        rule = wrong.ruling if wrong else t.teaches[0]
        said = f"{why} [{citation(rule)}]"
        self.wrong = True
        self.missed += 1
        self.ctl.log.append(LogLine(said, note=True))
        self.message = (said, True)
        self._cited = (rule, self.message)  # ? opens the ruling while it is shown

    def _succeed(self) -> None:
        self.done = stars_for(self.missed, self.hints > 0)
        progress_of(self.app).record(self.lesson.id, self.done)
        self.ctl.log.append(LogLine(text("lesson.ui.done_log", self.lang,
                                         stars=stars_text(self.done)), note=True))
        after = "after_done" if self.back_to is None else "after_done_game"
        why = f' {text("lesson.ui.stars_why", self.lang)}' if self.done < 3 else ""
        self.message = (f'{text("lesson.ui.done", self.lang, k=self.moves)}{why} '
                        f'{text(f"lesson.ui.{after}", self.lang)}', False)

    def action_retry(self) -> None:
        """The lesson's position comes back (a try that missed, or one more after finishing)."""
        ctl = self.ctl
        n = len(ctl.session.line)
        if n:
            ctl.session.undo(n)
            ctl.token += 1
            ctl.rebuild_log()
        self.moves, self.wrong, self.done = 0, False, 0
        self.sel = type(self.board).SEL()
        self.message = (text("lesson.ui.again", self.lang), False)
        self._seen = len(ctl.log)
        self._refresh_footer(force=True)
        self._after_change()

    def action_pick(self) -> None:
        if self.wrong:
            self.action_retry()
        elif self.done and self.back_to is not None:
            self.action_menu()  # asked from a game: back to it
        elif self.done:
            self.action_skip()
        else:
            super().action_pick()

    def action_skip(self) -> None:
        """On to the next lesson of the game, or back to the list (or the game it was asked
        from) after the last."""
        after, app = next_lesson(self.lesson), self.app
        if after is None:
            self.action_menu()
            return
        app.pop_screen()  # the next one is shown once this one is gone (a game's table id is one)
        app.call_later(open_lesson, app, after.id, self.back_to)

    def action_menu(self) -> None:
        """Back to the list (opened here if the lesson came from the command line), or to the
        game the lesson was asked from."""
        app, back_to = self.app, self.back_to
        app.pop_screen()
        if back_to is not None:
            app.call_later(app.open_save, back_to)
        elif not isinstance(app.screen, LessonsScreen):
            app.push_screen(LessonsScreen())

    def action_lesson_hint(self) -> None:
        """The next hint; after the last, the text of the rulings the lesson teaches."""
        hints = self.lesson.table.hints
        if self.hints < len(hints):
            self.hints += 1
            self.say(text("lesson.ui.hint", self.lang, i=self.hints, k=len(hints),
                          hint=self._say(hints[self.hints - 1])))
            return
        from tui.rulings import ruling, ruling_markdown
        from tui.screens.dialogs import MarkdownScreen

        body = "\n".join(ruling_markdown(r, self.lang, "##", game=False)
                         for r in (ruling(self.lesson.game, i) for i in self.lesson.table.teaches)
                         if r is not None)
        self.app.push_screen(MarkdownScreen(text("lesson.ui.rules_title", self.lang), body, self.lang))


class LessonsScreen(Screen):
    if TYPE_CHECKING:
        from tui.app import EvoApp

        app: EvoApp  # the app's own attributes (lang, settings, …)
    """Every game's lessons in their order, with the stars earned; Enter opens one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back"),
        Binding("x", "reset", "lesson_reset"),
    ]
    DEFAULT_CSS = """
    LessonsScreen #lessons-box { padding: 0 1; }
    LessonsScreen #lessons-title { text-style: bold; padding: 0 0 1 0; }
    LessonsScreen #lessons-list { height: 1fr; }
    LessonsScreen #lessons-note { height: 3; padding: 1 0 0 0; }
    """

    def __init__(self) -> None:
        super().__init__(id="lessons")
        self.found: list[Lesson] = []

    @property
    def lang(self) -> str:
        return self.app.lang

    def compose(self) -> ComposeResult:
        with Vertical(id="lessons-box"):
            yield Static(esc(text("lesson.ui.list_title", self.lang)), id="lessons-title")
            yield OptionList(id="lessons-list")
            yield Static(id="lessons-note")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang, {"lesson_reset": text("lesson.keys.reset", self.lang)})
        self.found = catalog.lessons()
        self.refill()

    def on_screen_resume(self) -> None:
        self.refill()

    def relocalize(self) -> None:
        self.refresh(recompose=True)
        self.call_after_refresh(self.on_mount)

    def refill(self) -> None:
        from core import games
        from tui.games import playable

        lang, progress = self.lang, progress_of(self.app)
        menu = self.query_one("#lessons-list", OptionList)
        keep = menu.highlighted
        last = self.app.last_lesson  # back from a lesson (or the lessons after it): at that one
        menu.clear_options()
        shown = ""
        for le in self.found:
            if le.game not in playable():
                continue
            if le.game != shown:
                shown = le.game
                menu.add_option(Option(f"[b]{esc(games.get(le.game).name(lang))}[/]",
                                       id=f"game:{le.game}", disabled=True))
            t = le.table
            stage, title = catalog.say(le.game, f"stage.{t.stage}", lang), catalog.say(le.game, t.title, lang)
            named = title if title == stage else f"{stage}: {title}"  # not "Extinction: Extinction"
            label = f"{stars_text(progress.stars(le.id))}  {esc(named)}"
            menu.add_option(Option(label, id=le.id))
            if le.id == last:
                keep = menu.option_count - 1
        if keep is not None and keep < menu.option_count:
            menu.highlighted = keep
        else:
            menu.highlighted = next((i for i in range(menu.option_count)
                                     if not menu.get_option_at_index(i).disabled), None)
        menu.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        le = catalog.find(event.option.id or "")
        note = "" if le is None else catalog.say(le.game, le.table.goal, self.lang)
        self.query_one("#lessons-note", Static).update(esc(note))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id and not event.option.id.startswith("game:"):
            open_lesson(self.app, event.option.id)

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_reset(self) -> None:
        from tui.screens.dialogs import ConfirmScreen

        def chosen(yes: bool | None) -> None:
            if yes:
                progress_of(self.app).reset()
                self.refill()

        self.app.push_screen(ConfirmScreen(text("lesson.ui.reset_title", self.lang),
                                           text("lesson.ui.reset_question", self.lang), self.lang),
                             chosen)


__all__ = ["LessonTableScreen", "LessonsScreen", "lesson_session", "next_lesson", "open_lesson",
           "progress_of"]
