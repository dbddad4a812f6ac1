"""Settings: language, theme, bot pace, only moves, round summaries; every change applies at
once and is saved."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Label, Select, Static

from tui.i18n import text
from tui.keys import localize_bindings
from tui.markup import esc
from tui.settings import LANG_CHOICES, ONLY_MOVES, PACES, ROUND_SUMMARIES
from tui.themes import user_themes_dir

if TYPE_CHECKING:
    from tui.app import EvoApp


class SettingsScreen(Screen):
    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (settings, lang, saves, …)

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "back")]

    def __init__(self) -> None:
        super().__init__(id="settings")

    @property
    def lang(self) -> str:
        return self.app.lang

    def compose(self) -> ComposeResult:
        lang, app = self.lang, self.app
        s = app.settings
        with Vertical(id="settings-box"):
            yield Static(f"[b]{text('settings.title', lang)}[/]", id="settings-title")
            with Horizontal(classes="setup-line"):
                yield Label(text("settings.lang", lang), classes="setup-label")
                # the language in force: `--lang` wins over the saved choice while it is given
                shown = self._lang_shown = app.cli_lang if app.cli_lang in LANG_CHOICES else s.lang
                yield Select([(text(f"settings.lang_{c}", lang), c) for c in LANG_CHOICES], value=shown,
                             allow_blank=False, id="set-lang", compact=True)
            with Horizontal(classes="setup-line"):
                yield Label(text("settings.theme", lang), classes="setup-label")
                yield Select([(tf.label(lang), tf.theme.name) for tf in app.theme_files],
                             value=app.theme if app.theme in app.theme_names() else app.theme_names()[0],
                             allow_blank=False, id="set-theme", compact=True)
            with Horizontal(classes="setup-line"):
                yield Label(text("settings.pace", lang), classes="setup-label")
                yield Select([(text(f"settings.pace_{p}", lang), p) for p in PACES], value=s.pace,
                             allow_blank=False, id="set-pace", compact=True)
            with Horizontal(classes="setup-line"):
                yield Label(text("settings.only_move", lang), classes="setup-label")
                yield Select([(text(f"settings.only_move_{m}", lang), m) for m in ONLY_MOVES],
                             value=s.only_move, allow_blank=False, id="set-only-move", compact=True)
            with Horizontal(classes="setup-line"):
                yield Label(text("settings.round_summary", lang), classes="setup-label")
                yield Select([(text(f"settings.round_summary_{m}", lang), m) for m in ROUND_SUMMARIES],
                             value=s.round_summary, allow_blank=False, id="set-round-summary",
                             compact=True)
            yield Static(esc(text("settings.themes_note", lang, path=str(user_themes_dir()))),
                         id="settings-note")
            with Horizontal(id="settings-buttons"):
                yield Button(text("settings.done", lang), id="done", variant="primary")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.query_one("#set-lang", Select).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        app = self.app
        if event.select.id == "set-lang" and event.value != self._lang_shown:
            self._lang_shown = str(event.value)
            app.set_language(str(event.value))
        elif event.select.id == "set-theme" and event.value != app.theme:
            app.set_theme(str(event.value))
        elif event.select.id == "set-pace" and event.value != app.settings.pace:
            app.settings.pace = str(event.value)
            app.store_settings()
        elif event.select.id == "set-only-move" and event.value != app.settings.only_move:
            app.settings.only_move = str(event.value)
            app.store_settings()
        elif event.select.id == "set-round-summary" and event.value != app.settings.round_summary:
            app.settings.round_summary = str(event.value)
            app.store_settings()

    def relocalize(self) -> None:
        self.refresh(recompose=True)
        self.call_after_refresh(lambda: localize_bindings(self, self.lang))

    def on_button_pressed(self) -> None:
        self.action_back()

    def action_back(self) -> None:
        self.app.pop_screen()
